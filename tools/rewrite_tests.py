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

It only saves time: where pytest's internals differ from what it expects, it says so in one line and
exits 0, and pytest rewrites the modules itself as before.
"""

from __future__ import annotations

import argparse
import os
import sys
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

#: The modules pytest rewrites in this repository: its default ``python_files`` and the conftest files.
PATTERNS = ("conftest.py", "tests/conftest.py", "tests/test_*.py", "tests/*_test.py")


def modules(root: Path) -> list[Path]:
    """The files pytest will rewrite, by the absolute path it imports them from."""
    found = {path for pattern in PATTERNS for path in root.glob(pattern) if path.is_file()}
    return sorted(found)


def cache_file(path: Path) -> Path:
    from _pytest.assertion import rewrite

    return rewrite.get_cache_dir(path) / (path.name[:-3] + rewrite.PYC_TAIL)


def write(path: str) -> str | None:
    """Rewrite one module and write it where pytest looks for it; None, or why it was not written."""
    from _pytest.assertion import rewrite

    source = Path(path)
    try:
        source_hash, code = rewrite._rewrite_test(source, None)  # type: ignore[arg-type]
        cache_file(source).parent.mkdir(exist_ok=True)
        quiet = types.SimpleNamespace(trace=lambda message: None)
        if not rewrite._write_pyc(quiet, code, source_hash, cache_file(source)):  # type: ignore[arg-type]
            return f"{path}: could not be written"
    except (OSError, SyntaxError) as error:
        return f"{path}: {error}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="processes (2: make test's workers)")
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
    paths = [str(path) for path in modules(args.root.absolute())]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            problems = [problem for problem in pool.map(write, paths, chunksize=4) if problem]
    else:
        problems = [problem for problem in map(write, paths) if problem]
    for problem in problems:
        print(f"rewrite_tests: {problem} (pytest rewrites it itself)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
