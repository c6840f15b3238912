"""How `make test` shares the suite between its pytest-xdist workers.

The suite is cut into units of work. Each test file is one unit, run whole on one worker: a
notebook's cells run in order in one kernel, and a module's fixtures are built once. The app's
browser tests are the exception: each of them is a unit of its own, so they spread over both
workers. Each worker starts one app server for all of them (``app_server`` in tests/conftest.py).

A worker takes the next unit when it is nearly done with its own. Units are handed out in the
order below, the longest first, so that no long unit is left for the end while the other worker
has nothing more to do. The order is fixed here, never learnt from earlier runs, so a run does not
depend on the machine's history.

mypy (tests/test_typing.py) holds no worker: when the session includes that test, mypy is started
in a process of its own as the session starts, and the test, handed out last, reads its result.

The kernel tests (tests/test_browser_kernels.py) hold no worker either. Most of their minute is
spent waiting on purpose (for the server's reaper, for a page left idle), which on two workers left
a core idle. When the session runs them on pytest-xdist workers, they run from the session's start
in a pytest session of their own (with its own app server, so no other test's kernels count against
the server's cap of five a client); on the workers each of them is replaced by an item of the same
name, handed out last, that reads its outcome from that session's JUnit report: passed, failed
(with the failure's text and the end of that session's output), or skipped (with its reason).

The scheduler is pytest-xdist's ``loadscope`` scheduler with these units as its scopes. It is used by
``make test`` (``-n 2 --dist loadgroup``) and by a bare ``-n N``, which would otherwise send a
notebook's cells to different workers. Why not ``xdist_group`` marks: pytest-xdist 3.8 records a
mark's group by rewriting ``item._nodeid``, and pytest 9.2 no longer reads that attribute, so the
marks are silently ignored and every test becomes a unit of its own. Under ``-n 0`` nothing here
applies: one process runs every test in the order collected.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

# A shell without job control starts a command put in the background (`make test &`) with SIGINT
# ignored, and every process inherits that: the command lines the tests interrupt as Ctrl-C does
# (tests/test_large_input.py, tests/test_handout_interrupt.py) would ignore it and run on. Python's own
# handler is put back, so that what the suite starts gets SIGINT's default, as from a terminal.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

ROOT = Path(__file__).resolve().parent
TYPING_TEST = ROOT / "tests" / "test_typing.py"
KERNELS_UNIT = "tests/test_browser_kernels.py"
KERNELS_TEST = ROOT / KERNELS_UNIT
#: Set by the session for its workers: the JUnit report the kernel tests' own session writes, and that
#: session's process id and output. Set in that session itself: it starts no session of its own.
KERNELS_VARIABLE, KERNELS_PID_VARIABLE, KERNELS_LOG_VARIABLE = (
    "BRIDGELAWS_KERNELS_RESULT", "BRIDGELAWS_KERNELS_PID", "BRIDGELAWS_KERNELS_LOG")
IN_BACKGROUND_VARIABLE = "BRIDGELAWS_KERNELS_IN_BACKGROUND"

#: Units handed out first, the longest first (a node id, or the start of one: a file).
FIRST = [
    "tests/test_large_input.py",  # 100,000 generated games, read by several tests: one unit
    "tests/test_browser.py::test_stepper_renders_in_jupyterlab",
    "notebooks/08_trying_a_draft.ipynb",
    "tests/test_browser_kernels.py",  # here when run on a worker; last when read from the background
    "tests/test_readme.py",
    "tests/test_browser.py::test_make_app_",  # the two share one `make app` server
    "tests/test_browser.py",
    "tests/test_browser_readable.py",
    "tests/test_browser_app.py",
    "tests/test_site_stepper.py",  # Pyodide in Chromium: about 25 s
    "tests/test_fuzz.py",
    "tests/test_pbn.py",
    "tests/test_hostile_input.py",
    "tests/test_readings.py",
    "tests/test_install.py",
    "tests/test_serving.py",
    "tests/test_site.py",
]
#: Units handed out last (mypy's result is read there, after it has run beside everything else; so are
#: the kernel tests' outcomes when they run in a session of their own, :data:`KERNELS_VARIABLE`).
LAST = ["tests/test_typing.py"]
#: Files whose tests are units of their own, each using its worker's app server.
SPREAD = ("tests/test_browser.py", "tests/test_browser_readable.py", "tests/test_browser_app.py")
#: Tests of a spread file that share a module fixture, and so stay one unit.
TOGETHER = ("tests/test_browser.py::test_make_app_",)


def unit(nodeid: str) -> str:
    """The unit of work of a test: its file, or for a spread file the test itself."""
    for prefix in TOGETHER:
        if nodeid.startswith(prefix):
            return prefix
    path = nodeid.split("::", 1)[0]
    return nodeid if path in SPREAD else path


def _in(nodeid: str, prefix: str) -> bool:
    return nodeid == prefix or nodeid.startswith(prefix if prefix.endswith("_") else prefix + "::")


def rank(nodeid: str) -> int:
    """The place of a test's unit: its place in :data:`FIRST`, then the units in neither list, then
    :data:`LAST`."""
    if os.environ.get(KERNELS_VARIABLE) and _in(nodeid, KERNELS_UNIT):
        return len(FIRST) + 1  # their outcomes are read from the background session
    for place, prefix in enumerate(FIRST):
        if _in(nodeid, prefix):
            return place
    if any(_in(nodeid, prefix) for prefix in LAST):
        return len(FIRST) + 1
    return len(FIRST)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, absent without it
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None  # an explicit --dist each, loadscope, loadfile or worksteal is followed
    from xdist.scheduler import LoadScopeScheduling

    class UnitScheduling(LoadScopeScheduling):
        """loadscope, with :func:`unit` as the scope of a test."""

        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid)

    # Hand the units out in the order collected (ordered below), not by their number of tests.
    config.option.loadscopereorder = False
    return UnitScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get(KERNELS_VARIABLE):
        _read_the_kernel_tests_from_the_background(items)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # Every worker orders its collection the same way (the scheduler checks that they agree).
        # Stable: within a unit, and among the units not listed, the order collected is kept.
        items.sort(key=lambda item: rank(item.nodeid))


# --- mypy beside the tests --------------------------------------------------------------------------

_mypy: dict = {}


def _session_runs(config: pytest.Config, test_file: Path) -> bool:
    """The session runs the whole of ``test_file`` (named, or in a folder named), none deselected."""
    if config.option.collectonly or config.option.keyword or config.option.markexpr:
        return False  # nothing runs, or a test may be deselected: the file's tests run as usual
    for arg in config.args:
        if "::" in arg:
            continue  # one test of a file, not the whole file
        path = Path(arg)
        for base in (config.invocation_params.dir, config.rootpath):
            full = (path if path.is_absolute() else base / path).resolve()
            if full == test_file or full in test_file.parents:
                return True
    return False


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist starts its workers, which inherit the environment
def pytest_sessionstart(session: pytest.Session) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    _start_the_kernel_tests(session.config)
    if not _session_runs(session.config, TYPING_TEST):
        return
    if importlib.util.find_spec("mypy") is None:
        return  # the test skips, saying so
    spec = importlib.util.spec_from_file_location("bridgelaws_typing_test", TYPING_TEST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    folder = Path(tempfile.mkdtemp(prefix="bridgelaws-mypy-"))
    _mypy.update(folder=folder, variables=(module.RESULT_VARIABLE, module.PID_VARIABLE),
                 process=module.start_in_background(folder / "result.json"))


def pytest_unconfigure(config: pytest.Config) -> None:
    process: subprocess.Popen | None = _mypy.pop("process", None)
    if process is not None:
        _end(process, 10)  # if still running, the test was not reached (stopped early, or deselected)
        for variable in _mypy.pop("variables"):
            os.environ.pop(variable, None)
        shutil.rmtree(_mypy.pop("folder"), ignore_errors=True)
    _stop_the_kernel_tests()


def _end(process: subprocess.Popen, seconds: float) -> None:
    """Stop ``process`` if it still runs: SIGTERM, then after ``seconds`` SIGKILL."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- the kernel tests beside the workers --------------------------------------------------------------

_kernels: dict = {}


def _start_the_kernel_tests(config: pytest.Config) -> None:
    """Start tests/test_browser_kernels.py in a pytest session of its own, when this session runs it
    whole on pytest-xdist workers (``-n 1`` or more); its JUnit report and process id go into the
    environment the workers inherit."""
    if os.environ.get(IN_BACKGROUND_VARIABLE) or not config.pluginmanager.hasplugin("xdist"):
        return
    if not config.getoption("numprocesses", None) or not _session_runs(config, KERNELS_TEST):
        return
    folder = Path(tempfile.mkdtemp(prefix="bridgelaws-kernels-"))
    result, log = folder / "junit.xml", folder / "session.log"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=",
               "--disable-plugin-autoload", "-q", "-rA", f"--junitxml={result}",
               f"--basetemp={folder / 'tmp'}", KERNELS_UNIT]
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, IN_BACKGROUND_VARIABLE: "1"},
                                   stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
    _kernels.update(folder=folder, process=process)
    os.environ.update({KERNELS_VARIABLE: str(result), KERNELS_PID_VARIABLE: str(process.pid),
                       KERNELS_LOG_VARIABLE: str(log)})


def _stop_the_kernel_tests() -> None:
    process: subprocess.Popen | None = _kernels.pop("process", None)
    if process is None:
        return
    _end(process, 30)  # if still running, the session stopped before their outcomes were read
    for variable in (KERNELS_VARIABLE, KERNELS_PID_VARIABLE, KERNELS_LOG_VARIABLE):
        os.environ.pop(variable, None)
    shutil.rmtree(_kernels.pop("folder"), ignore_errors=True)


def _alive(pid: int) -> bool:
    """The process runs (a zombie, ended but not yet waited for, does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
        return True


def _log_tail(lines: int = 60) -> str:
    try:
        text = Path(os.environ[KERNELS_LOG_VARIABLE]).read_text(encoding="utf-8", errors="replace")
    except (KeyError, OSError):
        return "(no output)"
    return "\n".join(text.splitlines()[-lines:])


def _background_outcome(name: str, seconds: float = 900) -> tuple[str, str, float]:
    """The outcome of the kernel test ``name`` in the background session: (passed / failed / skipped,
    the message, the seconds it took), once that session has written its report."""
    import xml.etree.ElementTree as ElementTree

    result, pid = Path(os.environ[KERNELS_VARIABLE]), int(os.environ[KERNELS_PID_VARIABLE])
    deadline = time.monotonic() + seconds
    while not result.exists():
        if not _alive(pid) and not result.exists():
            raise AssertionError(f"the kernel tests' session ended without a report:\n{_log_tail()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"the kernel tests' session wrote no report within {seconds} s:\n{_log_tail()}")
        time.sleep(0.2)
    for case in ElementTree.parse(result).getroot().iter("testcase"):
        if case.get("name") != name:
            continue
        took = float(case.get("time") or 0)
        for kind, outcome in (("failure", "failed"), ("error", "failed"), ("skipped", "skipped")):
            found = case.find(kind)
            if found is not None:
                text = found.get("message") or ""
                return outcome, text if outcome == "skipped" else f"{text}\n{found.text or ''}", took
        return "passed", "", took
    raise AssertionError(f"the kernel tests' session did not run {name}:\n{_log_tail()}")


class KernelTestOutcome(pytest.Item):
    """A kernel test run in the background session: its outcome, read from that session's report."""

    def runtest(self) -> None:
        outcome, message, took = _background_outcome(self.name)
        self.add_report_section("call", "background session", f"run in the kernel tests' own session: {took:.1f} s")
        if outcome == "skipped":
            pytest.skip(message)
        if outcome == "failed":
            raise AssertionError(f"failed in the kernel tests' own session ({took:.1f} s):\n{message}\n"
                                 f"--- the end of that session's output ---\n{_log_tail()}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, AssertionError):
            return str(excinfo.value)  # the background session's own report: pytest's frames say nothing
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"{self.name} (run in the kernel tests' own session)"


def _read_the_kernel_tests_from_the_background(items: list[pytest.Item]) -> None:
    for place, item in enumerate(items):
        if _in(item.nodeid, KERNELS_UNIT):
            outcome = KernelTestOutcome.from_parent(item.parent, name=item.name)
            outcome.own_markers = list(item.own_markers)
            outcome.keywords.update(item.keywords)
            items[place] = outcome
