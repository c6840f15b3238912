"""Issue 13 §1: a served app's kernels are shut down when their pages are left. Each page load used to
leave its kernel running (Voila's shutdown request was refused for want of an ``_xsrf`` cookie).

Four pages are opened at once, each with its kernel, and left; every one of those four kernels must
be gone afterwards. The server is the one the other browser tests of this worker use (conftest.py's
``app_server``), so the test follows the kernels it started by their process ids, not by a count
that another test's page could change."""

from __future__ import annotations

import subprocess
import time

import pytest

pytestmark = pytest.mark.browser

PAGES = 4


def _kernels(server: subprocess.Popen) -> set[int]:
    """The process ids of the kernels the app's server runs: its child processes that are IPython
    kernels."""
    import psutil

    found = set()
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.add(child.pid)
        except psutil.NoSuchProcess:
            pass
    return found


def _wait_until_gone(server: subprocess.Popen, kernels: set[int], seconds: float) -> set[int]:
    """The kernels of ``kernels`` still running after at most ``seconds``."""
    deadline = time.monotonic() + seconds
    left = kernels & _kernels(server)
    while left and time.monotonic() < deadline:
        time.sleep(0.25)
        left = kernels & _kernels(server)
    return left


def test_closing_pages_shuts_their_kernels_down(browser, app_server):
    url, server = app_server
    before = _kernels(server)
    pages = [browser.new_page(viewport={"width": 1200, "height": 800}) for _ in range(PAGES)]
    for page in pages:  # all four load at the same time
        page.goto(url, wait_until="commit", timeout=120_000)
    for page in pages:
        page.wait_for_selector('button[title="1S"]', timeout=240_000)
    started = _kernels(server) - before
    assert len(started) == PAGES, f"each open page has its kernel: {len(started)} new kernels for {PAGES} pages"
    for page in pages:
        page.goto("about:blank")  # leaving the page (as a closed tab does) sends the shutdown request
        page.close()
    assert _wait_until_gone(server, started, 60) == set(), "a left page's kernel still runs"
