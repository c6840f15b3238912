"""Write pytest's cache of rewritten test modules before `make test` starts its workers (issue 23 §4).

    .venv/bin/python tools/rewrite_tests.py [--jobs N]

pytest rewrites the asserts of every test module and conftest.py it imports, and keeps the result in
``__pycache__/<module>.<tag>-pytest-<version>.pyc`` (a hash-checked pyc: valid as long as the source is
unchanged). Where the environment sets PYTHONDONTWRITEBYTECODE (this machine's does) nothing is kept,
and each pytest-xdist worker rewrites all of them anew: about 5 s of each worker's collection, both at
the same time. This script writes those files first, on ``--jobs`` processes, exactly as pytest's own
hook would (its functions, the same absolute paths, no assertion-pass hook, as pyproject.toml sets
none); the workers then read them, and pytest still checks each against its source.
tests/test_rewrite_cache.py checks that the code written is the code pytest writes itself.

It only saves time, and never changes what pytest runs or reports:
- where pytest's internals differ from what it expects, or anything fails, it says so in one line and
  exits 0, and pytest rewrites the modules itself as before;
- a module whose rewriting gives a warning (pytest's "assertion is always true", for one) is not
  written, so that pytest rewrites it and reports the warning itself;
- where pyproject.toml sets ``enable_assertion_pass_hook`` (a rewriting that depends on the
  configuration), it writes nothing; it takes the ``python_files`` patterns from there too.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import sys
import tomllib
import types
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

#: pytest's default ``python_files``.
DEFAULT_PYTHON_FILES = ["test_*.py", "*_test.py"]


def settings(root: Path) -> dict:
    """``[tool.pytest.ini_options]`` of ``root/pyproject.toml`` ({} where there is none, or where it
    cannot be read: pytest then says why itself)."""
    try:
        with open(root / "pyproject.toml", "rb") as stream:
            return tomllib.load(stream).get("tool", {}).get("pytest", {}).get("ini_options", {})
    except (OSError, tomllib.TOMLDecodeError):
        return {}


def modules(root: Path, options: dict | None = None) -> list[Path]:
    """The files pytest will rewrite here, by the absolute path it imports them from: the test modules
    of ``tests/`` (pytest's ``python_files``, from ``options``: :func:`settings`) and the conftest files."""
    patterns = (settings(root) if options is None else options).get("python_files", DEFAULT_PYTHON_FILES)
    patterns = patterns.split() if isinstance(patterns, str) else list(patterns)
    found = {path for path in (root / "tests").glob("*.py")
             if any(fnmatch.fnmatch(path.name, pattern) for pattern in patterns)}
    found |= {path for path in (root / "conftest.py", root / "tests" / "conftest.py") if path.is_file()}
    return sorted(found)


def cache_file(path: Path) -> Path:
    from _pytest.assertion import rewrite

    return rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)


def write(path: str) -> str | None:
    """Rewrite one module and write it where pytest looks for it; None, or why it was not written."""
    from _pytest.assertion import rewrite

    source = Path(path)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            source_hash, code = rewrite._rewrite_test(source, None)  # type: ignore[arg-type]
        if caught:
            return f"{path}: its rewriting warns ({caught[0].message}), left to pytest to report"
        pyc = cache_file(source)
        pyc.parent.mkdir(exist_ok=True)
        quiet = types.SimpleNamespace(trace=lambda message: None)
        if not rewrite._write_pyc(quiet, code, source_hash, pyc):  # type: ignore[arg-type]
            return f"{path}: could not be written"
    except Exception as error:  # noqa: BLE001 - whatever it is, pytest rewrites the module itself
        return f"{path}: {type(error).__name__}: {error}"
    return None


def jobs(text: str) -> int:
    """``--jobs``: a number, or ``auto`` / ``logical`` (as pytest-xdist's ``-n``): the processors."""
    if text in ("auto", "logical"):
        return os.cpu_count() or 1
    return max(1, int(text))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=jobs, default=2, help="processes (make test's JOBS: a number or auto)")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository (default: here)")
    args = parser.parse_args(argv)
    try:
        from _pytest.assertion import rewrite

        needed = ("_rewrite_test", "_write_pyc", "get_cache_dir", "PYC_TAIL")
        missing = [name for name in needed if not hasattr(rewrite, name)]
    except ImportError as error:
        missing = [str(error)]
    if missing:
        print(f"rewrite_tests: pytest's rewriting is not as expected ({', '.join(missing)}): "
              "pytest rewrites the test modules itself", file=sys.stderr)
        return 0
    root = args.root.absolute()
    options = settings(root)
    if options.get("enable_assertion_pass_hook") not in (None, False, "false", "False", "0", ""):
        print("rewrite_tests: pyproject.toml sets enable_assertion_pass_hook: pytest rewrites the test "
              "modules itself", file=sys.stderr)
        return 0
    paths = [str(path) for path in modules(root, options)]
    try:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                problems = [problem for problem in pool.map(write, paths, chunksize=4) if problem]
        else:
            problems = [problem for problem in map(write, paths) if problem]
    except Exception as error:  # noqa: BLE001 - a pool that cannot start: pytest rewrites them itself
        print(f"rewrite_tests: {type(error).__name__}: {error}: pytest rewrites the test modules itself",
              file=sys.stderr)
        return 0
    for problem in problems:
        print(f"rewrite_tests: {problem} (pytest rewrites it itself)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
