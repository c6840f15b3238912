"""mypy passes on the package, with the configuration in pyproject.toml ([tool.mypy]): the whole
package in mypy's default mode, the modules listed there under the strict flag set.

mypy keeps an incremental cache in .mypy_cache/ at the repository root, so a run after the first
checks only what changed.
"""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_mypy_reports_no_error_on_the_package(monkeypatch):
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")
    monkeypatch.chdir(REPO)  # the cache, and the package mypy checks, are the repository's
    out, err, status = api.run(["--config-file", str(REPO / "pyproject.toml"), "-p", "bridgelaws"])
    assert status == 0, f"mypy reports errors (exit status {status}):\n{out}{err}"
