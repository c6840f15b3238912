"""Where the data files are, and the one way to read them.

The data live in ``data/`` at the top of the repository (the project card names that place). A built
wheel carries a copy as ``bridgelaws/data`` (``setup.py`` copies it in at build time), so there are
two places to look: inside the package (an installed wheel) and beside it (a checkout or an editable
install). Every loader reads through :func:`load`, so a missing or malformed file is one
:class:`BridgeLawsError` line naming the file, never a traceback.

``$BRIDGELAWS_DATA``, when set, names another directory to read for the whole process.

The bundle (:mod:`bridgelaws.text.bundle`): a built wheel also carries the data as one JSON file,
``bridgelaws/data.json`` (``setup.py`` writes it), and the static site's browser copy carries only
that file. It is read instead of the files when it is there and the files it was made from are
absent (the browser) or unchanged (its fingerprint): a data file edited afterwards is read, never
shadowed by a stale bundle. A checkout has no bundle (an editable install writes none). The
example drafts (``drafts/``) are never in it: they are read as any draft file is.

Parsed data are cached by the loaders that use :func:`cached`; :func:`reset` clears them all (tests
that point the package at broken data with :func:`override` rely on it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from . import bundle as _bundle_format
from .errors import BridgeLawsError

_HERE = Path(__file__).resolve().parents[1]  # the package (this module is in bridgelaws/text/)
#: An installed wheel: setup.py copies ``data/`` into the package.
PACKAGED = _HERE / "data"
#: A checkout or an editable install: ``data/`` beside the package.
CHECKOUT = _HERE.parent / "data"

#: The data as one JSON file, beside the package's modules (a built wheel, the browser's copy).
BUNDLE = _HERE / "data.json"

_override: Path | None = None
_bundle_file: Path | None = None
_caches: list[Any] = []
_resets: list[Callable[[], None]] = []

F = TypeVar("F", bound=Callable[..., Any])


def data_dir() -> Path:
    """The directory that holds ``cases.yaml``, ``rulings/``, ``editions/`` and the rest."""
    if _override is not None:
        return _override
    # A whole process may read another copy of the data (a test's made-up edition, run as a user
    # would run it): $BRIDGELAWS_DATA names the directory.
    environ = os.environ.get("BRIDGELAWS_DATA")
    if environ:
        if not os.path.isdir(environ):
            raise BridgeLawsError(f"BRIDGELAWS_DATA={environ!r} is not a folder: it names the folder of the data "
                                  "to read instead of the shipped data (unset it to read those)")
        return Path(environ)
    # The packaged copy wins: an installed wheel has nothing beside the package, and a checkout has
    # nothing inside it (setup.py writes the copy only into the build directory).
    if (PACKAGED / "cases.yaml").is_file():
        return PACKAGED
    return CHECKOUT


def _read_bundle(file: Path, data: Path) -> dict[str, Any] | None:
    """The bundle at ``file`` when the data files beside it are absent or are the ones it was made of."""
    try:
        found = _bundle_format.read(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BridgeLawsError(f"{file}: the data bundle cannot be read: {exc}") from None
    if (data / "cases.yaml").is_file() and _bundle_format.fingerprint(data) != found["fingerprint"]:
        return None  # a data file changed since the bundle was built: the files are read
    return found


def bundle() -> dict[str, Any] | None:
    """The bundle the data are read from, or None when they are read from the files of :func:`data_dir`."""
    if _bundle_file is not None:
        return _bundle_at(_bundle_file)
    if _override is not None or os.environ.get("BRIDGELAWS_DATA") or not BUNDLE.is_file():
        return None
    return _bundle_at(BUNDLE)


def _in_bundle(name: str) -> dict[str, Any] | None:
    """The bundle when ``name`` is one a bundle would hold (not an example draft)."""
    found = bundle()
    return found if found is not None and name.split("/")[0] not in _bundle_format.EXCLUDED else None


def names(folder: str, suffix: str) -> list[str]:
    """The names of the data files directly in ``folder`` that end in ``suffix``, in name order
    (``names("messages", ".yaml")`` -> ``["messages/app.yaml", ...]``)."""
    found = _in_bundle(folder + "/")
    if found is not None:
        return sorted(name for name in [*found["files"], *found["texts"]]
                      if name.startswith(folder + "/") and "/" not in name[len(folder) + 1:] and name.endswith(suffix))
    directory = path(folder)
    return [f"{folder}/{file.name}" for file in sorted(directory.glob(f"*{suffix}"))] if directory.is_dir() else []


def read_text(name: str) -> str:
    """The text of a data file that is not parsed (a shingle file)."""
    found = _in_bundle(name)
    if found is not None:
        if name not in found["texts"]:
            raise BridgeLawsError(f"{name}: data file missing (looked in the data bundle)")
        text: str = found["texts"][name]
        return text
    try:
        return path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BridgeLawsError(f"{name}: data file missing (looked in {data_dir()})") from None


def path(name: str) -> Path:
    """The path of a data file, relative to :func:`data_dir` (``"rulings/all-pass.yaml"``)."""
    return data_dir() / name


def exists(name: str) -> bool:
    found = _in_bundle(name)
    if found is not None:
        return name in found["files"] or name in found["texts"]
    return path(name).is_file()


#: The folder of the editions: one folder per edition, ``editions/<year>/`` (data/editions/README.md).
EDITIONS_DIR = "editions"


def edition_file(year: str, name: str) -> str:
    """The name under :func:`data_dir` of a file of an edition's folder (``"editions/2017/corpus.json"``)."""
    return f"{EDITIONS_DIR}/{year}/{name}"


def edition_folders() -> tuple[str, ...]:
    """The editions' folders, by name (each holds an ``edition.yaml``), in the order of their names:
    an edition's folder is named by its year, so this is the chronological order."""
    found = bundle()
    if found is not None:
        return tuple(sorted({name.split("/")[1] for name in found["files"]
                             if name.startswith(EDITIONS_DIR + "/") and name.endswith("/edition.yaml")
                             and name.count("/") == 2}))
    folder = data_dir() / EDITIONS_DIR
    if not folder.is_dir():
        return ()
    return tuple(sorted(child.name for child in folder.iterdir()
                        if child.is_dir() and (child / "edition.yaml").is_file()))


def load(name: str) -> Any:
    """The parsed content of ``data/<name>`` (YAML or JSON by its suffix); errors are one line."""
    found = _in_bundle(name)
    if found is not None:
        if name not in found["files"]:
            raise BridgeLawsError(f"{name}: data file missing (looked in the data bundle)")
        return _bundle_format.content(found, name)
    file = path(name)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BridgeLawsError(f"{name}: data file missing (looked in {data_dir()})") from None
    if file.suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise BridgeLawsError(f"{name}: not valid JSON: {exc}") from None
    import yaml

    # libyaml's safe loader where PyYAML was built with it: the same data as the pure-Python one,
    # about ten times faster (every data file, parsed both ways, compared equal on 2026-12-01). A
    # file it refuses is read again by the pure-Python loader, which gives the data or the error
    # message exactly as before.
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)  # noqa: S506 - a safe loader
        except yaml.YAMLError:
            pass
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "cannot be parsed"
        raise BridgeLawsError(f"{name}: not valid YAML{where}: {problem}") from None


def cached(function: F) -> F:
    """:func:`functools.cache`, registered so that :func:`reset` can clear it."""
    wrapped = cache(function)
    _caches.append(wrapped)
    return wrapped  # type: ignore[return-value]


@cached
def _bundle_at(file: Path) -> dict[str, Any] | None:
    return _read_bundle(file, data_dir())


def on_reset(clear: Callable[[], None]) -> None:
    """Register ``clear``, which forgets something derived from the data (a table built from the
    editions, say), so that :func:`reset` clears it with the parsed files."""
    _resets.append(clear)


def reset() -> None:
    """Forget every parsed data file and everything registered with :func:`on_reset` (the next use
    reads and derives them again)."""
    for function in _caches:
        function.cache_clear()
    for clear in _resets:
        clear()


@contextmanager
def from_bundle(file: Path) -> Iterator[Path]:
    """Read the data from the bundle ``file`` for the duration of the block (tests; the browser's
    copy calls :func:`use_bundle`)."""
    global _bundle_file
    previous = _bundle_file
    use_bundle(file)
    try:
        yield file
    finally:
        _bundle_file = previous
        reset()


def use_bundle(file: Path | None) -> None:
    """Read the data from the bundle ``file`` from now on (None: as :func:`data_dir` says)."""
    global _bundle_file
    _bundle_file = None if file is None else Path(file)
    reset()


@contextmanager
def override(directory: Path) -> Iterator[Path]:
    """Read the data from ``directory`` for the duration of the block (for tests of broken data)."""
    global _override
    previous, _override = _override, Path(directory)
    reset()
    try:
        yield _override
    finally:
        _override = previous
        reset()
