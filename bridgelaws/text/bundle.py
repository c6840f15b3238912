"""The data as one JSON file: the bundle (``bridgelaws/data.json`` in a built wheel, ``data.json`` in
the static site's browser copy).

Every data file that the package reads by :func:`bridgelaws.text.datafiles.load` (the YAML and the
JSON of ``data/``, the example drafts apart) is stored parsed, as its own JSON text, under its name;
the paraphrase guard's shingle files (``.txt``) are stored as text. A YAML date is stored as
``{"$date": "YYYY-MM-DD"}`` and read back as a date, so that a file read from the bundle equals the
file read from its YAML (tests/test_bundle.py compares every one).

The bundle carries the fingerprint of the files it was made from (each name and the SHA-256 of its
bytes). The package reads it only where those files are absent (the browser) or unchanged: a YAML
file edited after the bundle was built is read, never shadowed by the stale bundle.

This module imports nothing of the package (``setup.py`` loads it by its path to write the wheel's
bundle), and PyYAML only to build a bundle.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from pathlib import Path
from typing import Any

#: The bundle's format; a bundle of another format is refused.
FORMAT = "bridgelaws-data-bundle 1"
#: The folders of data/ left out: the example drafts are read as draft files are (a file on disk).
EXCLUDED = ("drafts",)
PARSED = (".yaml", ".json")
TEXTS = (".txt",)
_DATE = "$date"


def bundled_names(data: Path) -> list[str]:
    """The names (``'/'``-separated, under ``data``) of the files a bundle of ``data`` holds."""
    names = []
    for file in data.rglob("*"):
        name = file.relative_to(data).as_posix()
        if file.is_file() and file.suffix in PARSED + TEXTS and name.split("/")[0] not in EXCLUDED:
            names.append(name)
    return sorted(names)


def fingerprint(data: Path, names: list[str] | None = None) -> str:
    """The SHA-256 of the bundled files of ``data``: each name and the SHA-256 of its bytes."""
    digest = hashlib.sha256()
    for name in bundled_names(data) if names is None else names:
        digest.update(f"{name}\0{hashlib.sha256((data / name).read_bytes()).hexdigest()}\n".encode())
    return digest.hexdigest()


def _encode(value: Any, where: str) -> Any:
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str) or key == _DATE:
                raise ValueError(f"{where}: the key {key!r} cannot be stored in the data bundle")
        return {key: _encode(item, where) for key, item in value.items()}
    if isinstance(value, list):
        return [_encode(item, where) for item in value]
    if isinstance(value, _dt.datetime):
        raise ValueError(f"{where}: a date with a time of day cannot be stored in the data bundle")
    if isinstance(value, _dt.date):
        return {_DATE: value.isoformat()}
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    raise ValueError(f"{where}: a value of type {type(value).__name__} cannot be stored in the data bundle")


def _has_date(value: Any) -> bool:
    if isinstance(value, dict):
        return _DATE in value or any(_has_date(item) for item in value.values())
    if isinstance(value, list):
        return any(_has_date(item) for item in value)
    return False


def _date_hook(found: dict[str, Any]) -> Any:
    if len(found) == 1 and _DATE in found:
        return _dt.date.fromisoformat(found[_DATE])
    return found


def parse_yaml(text: str) -> Any:
    """A YAML file's content as :func:`bridgelaws.text.datafiles.load` reads it (libyaml's safe
    loader where PyYAML has it, else the pure-Python one)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader


def build(data: Path) -> dict[str, Any]:
    """The bundle of the data directory ``data``."""
    names = bundled_names(data)
    files: dict[str, str] = {}
    texts: dict[str, str] = {}
    dated: list[str] = []
    for name in names:
        text = (data / name).read_text(encoding="utf-8")
        if name.endswith(TEXTS):
            texts[name] = text
            continue
        value = _encode(json.loads(text) if name.endswith(".json") else parse_yaml(text), name)
        if _has_date(value):
            dated.append(name)
        files[name] = json.dumps(value, ensure_ascii=False, sort_keys=False, separators=(",", ":"))
    return {"format": FORMAT, "fingerprint": fingerprint(data, names), "files": files, "texts": texts,
            "dated": dated}


def dumps(bundle: dict[str, Any]) -> str:
    """The bundle as the text of its file (the same data give the same bytes)."""
    return json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def write(data: Path, target: Path) -> None:
    """Write the bundle of ``data`` to ``target``."""
    target.write_text(dumps(build(data)), encoding="utf-8")


def read(text: str) -> dict[str, Any]:
    """A bundle from its file's text; ValueError when it is not one of this format."""
    try:
        bundle = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        raise ValueError(f"not a data bundle of the format {FORMAT!r}")
    return bundle


def content(bundle: dict[str, Any], name: str) -> Any:
    """The parsed content of the file ``name`` of the bundle: a new object on each call."""
    if name in bundle["dated"]:
        return json.loads(bundle["files"][name], object_hook=_date_hook)
    return json.loads(bundle["files"][name])
