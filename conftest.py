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
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
TYPING_TEST = ROOT / "tests" / "test_typing.py"

#: Units handed out first, the longest first (a node id, or the start of one: a file).
FIRST = [
    "tests/test_large_input.py",  # 100,000 generated games, read by several tests: one unit
    "tests/test_browser.py::test_stepper_renders_in_jupyterlab",
    "notebooks/08_trying_a_draft.ipynb",
    "tests/test_browser_kernels.py",
    "tests/test_readme.py",
    "tests/test_browser.py::test_make_app_",  # the two share one `make app` server
    "tests/test_browser.py",
    "tests/test_browser_readable.py",
    "tests/test_browser_app.py",
    "tests/test_fuzz.py",
    "tests/test_pbn.py",
    "tests/test_hostile_input.py",
    "tests/test_readings.py",
    "tests/test_install.py",
    "tests/test_serving.py",
    "tests/test_site.py",
]
#: Units handed out last (mypy's result is read there, after it has run beside everything else).
LAST = ["tests/test_typing.py"]
#: Files whose tests are units of their own, each using its worker's app server.
SPREAD = ("tests/test_browser.py", "tests/test_browser_readable.py", "tests/test_browser_app.py")
# Not the kernel tests: spread, their four pages at once on a worker's app server could meet the other
# browser tests' kernels there and the server's cap of five a client (app/voila.json), and a page
# refused never renders (seen once at 19:50 UTC: a 120 s timeout).
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
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # Every worker orders its collection the same way (the scheduler checks that they agree).
        # Stable: within a unit, and among the units not listed, the order collected is kept.
        items.sort(key=lambda item: rank(item.nodeid))


# --- mypy beside the tests --------------------------------------------------------------------------

_mypy: dict = {}


def _session_runs_the_typing_test(config: pytest.Config) -> bool:
    if config.option.collectonly or config.option.keyword or config.option.markexpr:
        return False  # nothing runs, or the test may be deselected: it runs mypy itself if it is not
    for arg in config.args:
        path = Path(arg.split("::", 1)[0])
        for base in (config.invocation_params.dir, config.rootpath):
            full = (path if path.is_absolute() else base / path).resolve()
            if full == TYPING_TEST or full in TYPING_TEST.parents:
                return True
    return False


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist starts its workers, which inherit the environment
def pytest_sessionstart(session: pytest.Session) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") or not _session_runs_the_typing_test(session.config):
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
        if process.poll() is None:  # the test was not reached (stopped early, or deselected)
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for variable in _mypy.pop("variables"):
            os.environ.pop(variable, None)
        shutil.rmtree(_mypy.pop("folder"), ignore_errors=True)
