"""The kernel tests' outcomes read from their own session (conftest.py at the root): each outcome of
a JUnit report written by hand below is read as pytest wrote it, and a session that ends without a
report, or a test it did not run, fails with a line that says so and the end of its output."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" tests="3">
<testcase classname="tests.test_browser_kernels" name="test_passes" time="12.5" />
<testcase classname="tests.test_browser_kernels" name="test_fails" time="3.4">
<failure message="AssertionError: a left page's kernel still runs">def test_fails(): ...
E   AssertionError: a left page's kernel still runs</failure></testcase>
<testcase classname="tests.test_browser_kernels" name="test_skips" time="0.0">
<skipped type="pytest.skip" message="no Chromium at /usr/bin/chromium">skipped</skipped></testcase>
</testsuite></testsuites>
"""


@pytest.fixture()
def root_conftest(monkeypatch, tmp_path):
    spec = importlib.util.spec_from_file_location("bridgelaws_root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    log = tmp_path / "session.log"
    log.write_text("line 1\nthe last line of the session\n", encoding="utf-8")
    monkeypatch.setenv(module.KERNELS_LOG_VARIABLE, str(log))
    return module


def _ended_process() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_each_outcome_is_read_as_written(root_conftest, monkeypatch, tmp_path):
    report = tmp_path / "junit.xml"
    report.write_text(REPORT, encoding="utf-8")
    monkeypatch.setenv(root_conftest.KERNELS_VARIABLE, str(report))
    monkeypatch.setenv(root_conftest.KERNELS_PID_VARIABLE, str(_ended_process()))
    assert root_conftest._background_outcome("test_passes") == ("passed", "", 12.5)
    outcome, message, took = root_conftest._background_outcome("test_fails")
    assert (outcome, took) == ("failed", 3.4)
    assert message.startswith("AssertionError: a left page's kernel still runs\n")
    assert "E   AssertionError" in message  # the traceback's text comes along
    assert root_conftest._background_outcome("test_skips") == ("skipped", "no Chromium at /usr/bin/chromium", 0.0)
    with pytest.raises(AssertionError, match="did not run test_missing(.|\n)*the last line of the session"):
        root_conftest._background_outcome("test_missing")


def test_a_session_that_ended_without_a_report_fails_at_once(root_conftest, monkeypatch, tmp_path):
    monkeypatch.setenv(root_conftest.KERNELS_VARIABLE, str(tmp_path / "never-written.xml"))
    monkeypatch.setenv(root_conftest.KERNELS_PID_VARIABLE, str(_ended_process()))
    with pytest.raises(AssertionError, match="ended without a report(.|\n)*the last line of the session"):
        root_conftest._background_outcome("test_passes", seconds=60)
