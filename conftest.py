"""How `make test` shares the suite between its pytest-xdist workers.

The suite is cut into units of work. Each test file is one unit, run whole on one worker: a
notebook's cells run in order in one kernel, and a module's fixtures are built once. The app's
browser tests are the exception: each of them is a unit of its own, so they spread over both
workers. Each worker starts one app server for all of them (``app_server`` in tests/conftest.py).

A worker takes the next unit when it is nearly done with its own. Units are handed out in the
order below, the longest first, so that no long unit is left for the end while the other worker
has nothing more to do. The order is fixed here, never learnt from earlier runs, so a run does not
depend on the machine's history.

This is pytest-xdist's ``loadscope`` scheduler with these units as its scopes. It is used by
``make test`` (``-n 2 --dist loadgroup``) and by a bare ``-n N``, which would otherwise send a
notebook's cells to different workers. Why not ``xdist_group`` marks: pytest-xdist 3.8 records a
mark's group by rewriting ``item._nodeid``, and pytest 9.2 no longer reads that attribute, so the
marks are silently ignored and every test becomes a unit of its own. Under ``-n 0`` nothing here
applies: one process runs every test in the order collected.
"""

from __future__ import annotations

import os

import pytest

#: Units handed out first, the longest first (a node id, or the start of one: a file).
FIRST = [
    "tests/test_large_input.py",  # 100,000 generated games, read by several tests: one unit
    "tests/test_browser.py::test_stepper_renders_in_jupyterlab",
    "notebooks/08_trying_a_draft.ipynb",
    "tests/test_browser_kernels.py",
    "tests/test_typing.py",  # mypy, its cache cold on a fresh clone
    "tests/test_readme.py",
    "tests/test_browser.py::test_make_app_",  # the two share one `make app` server
    "tests/test_browser.py",
    "tests/test_browser_readable.py",
    "tests/test_fuzz.py",
    "tests/test_pbn.py",
    "tests/test_install.py",
    "tests/test_serving.py",
    "tests/test_site.py",
]
#: Files whose tests are units of their own, each using its worker's app server.
SPREAD = ("tests/test_browser.py", "tests/test_browser_readable.py")
#: Tests of a spread file that share a module fixture, and so stay one unit.
TOGETHER = ("tests/test_browser.py::test_make_app_",)


def unit(nodeid: str) -> str:
    """The unit of work of a test: its file, or for a spread file the test itself."""
    for prefix in TOGETHER:
        if nodeid.startswith(prefix):
            return prefix
    path = nodeid.split("::", 1)[0]
    return nodeid if path in SPREAD else path


def rank(nodeid: str) -> int:
    """The place of a test's unit in :data:`FIRST` (after all of them when it is not there)."""
    for place, prefix in enumerate(FIRST):
        if nodeid == prefix or nodeid.startswith(prefix if prefix.endswith("_") else prefix + "::"):
            return place
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
