"""Issue 13 §1: a served app's kernels come back to their number after twenty pages are opened and
left (each page load used to leave its kernel running: Voila's shutdown request was refused for
want of an ``_xsrf`` cookie). In a file of its own, so that ``make test``'s two workers
(pytest-xdist, ``--dist loadfile``) run it beside the other browser tests, not after them."""

from __future__ import annotations

import subprocess
import time

import pytest

from test_browser import app_server, browser  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def _kernels(server: subprocess.Popen) -> int:
    """The kernels the app's server runs: its child processes that are IPython kernels."""
    import psutil

    children = psutil.Process(server.pid).children(recursive=True)
    count = 0
    for child in children:
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                count += 1
        except psutil.NoSuchProcess:
            pass
    return count


def _wait_for_kernels(server: subprocess.Popen, expected: int, seconds: float) -> int:
    deadline = time.monotonic() + seconds
    count = _kernels(server)
    while count != expected and time.monotonic() < deadline:
        time.sleep(0.5)
        count = _kernels(server)
    return count


def test_closing_pages_shuts_their_kernels_down(browser, app_server):
    # Issue 13: each page load started a kernel that closing the page never shut down (Voila's
    # shutdown request was refused for want of an _xsrf cookie): twenty loads, twenty kernels.
    url, server = app_server
    baseline = _kernels(server)
    opened = 0
    for batch in range(5):  # twenty pages, four open at once
        pages = [browser.new_page(viewport={"width": 1200, "height": 800}) for _ in range(4)]
        for page in pages:
            page.goto(url, wait_until="commit", timeout=120_000)
        for page in pages:
            page.wait_for_selector('button[title="1S"]', timeout=240_000)
        opened += len(pages)
        assert _kernels(server) >= baseline + len(pages), "each open page has its kernel"
        for page in pages:
            page.goto("about:blank")  # leaving the page (as a closed tab does) sends the shutdown request
            page.close()
    assert opened == 20
    assert _wait_for_kernels(server, baseline, 60) == baseline
