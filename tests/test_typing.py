"""mypy passes on the package, with the configuration in pyproject.toml ([tool.mypy]): the whole
package in mypy's default mode, the modules listed there under the strict flag set.

mypy keeps an incremental cache in .mypy_cache/ at the repository root, so a run after the first
checks only what changed.

A run of the whole suite starts mypy in a process of its own as the session starts (conftest.py at
the root calls :func:`start_in_background`), so that mypy runs beside the tests rather than holding
a worker; this test, handed out last, then only reads its result. Run alone (``pytest
tests/test_typing.py``), or when that process is not there, the test runs mypy itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ARGS = ["--config-file", str(REPO / "pyproject.toml"), "-p", "bridgelaws"]
#: Where the background run writes its result (JSON: out, err, status), and its process id.
RESULT_VARIABLE = "BRIDGELAWS_MYPY_RESULT"
PID_VARIABLE = "BRIDGELAWS_MYPY_PID"

# Run by the background process: mypy's API, its result written whole (a temporary name, then renamed).
_RUNNER = """
import json, os, sys
result = sys.argv[1]
try:
    from mypy import api
    out, err, status = api.run(sys.argv[2:])
except BaseException as error:
    out, err, status = "", f"mypy did not run: {error!r}", 2
with open(result + ".part", "w", encoding="utf-8") as handle:
    json.dump({"out": out, "err": err, "status": status}, handle)
os.replace(result + ".part", result)
"""


def start_in_background(result: Path) -> subprocess.Popen:
    """Start mypy on the package in a process of its own, writing its result to ``result``; the
    process id and the result's path go into this process's environment (the test workers
    inherit it)."""
    process = subprocess.Popen([sys.executable, "-c", _RUNNER, str(result), *ARGS], cwd=REPO,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.environ[RESULT_VARIABLE] = str(result)
    os.environ[PID_VARIABLE] = str(process.pid)
    return process


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A finished child not yet waited for is a zombie: ended, as far as this test is concerned.
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _background_result(result: Path, pid: int, seconds: float = 900) -> tuple[str, str, int]:
    deadline = time.monotonic() + seconds
    while not result.exists():
        assert _alive(pid) or result.exists(), "the background mypy process ended without a result"
        assert time.monotonic() < deadline, f"the background mypy run gave no result within {seconds} s"
        time.sleep(0.2)
    found = json.loads(result.read_text(encoding="utf-8"))
    return found["out"], found["err"], found["status"]


def test_mypy_reports_no_error_on_the_package(monkeypatch):
    api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")
    if os.environ.get(RESULT_VARIABLE) and os.environ.get(PID_VARIABLE):
        out, err, status = _background_result(Path(os.environ[RESULT_VARIABLE]), int(os.environ[PID_VARIABLE]))
    else:
        monkeypatch.chdir(REPO)  # the cache, and the package mypy checks, are the repository's
        out, err, status = api.run(ARGS)
    assert status == 0, f"mypy reports errors (exit status {status}):\n{out}{err}"
