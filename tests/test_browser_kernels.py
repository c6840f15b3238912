"""The served app's kernels, server and browser together.

Issue 13 §1: a served app's kernels are shut down when their pages are left (each page load used to
leave its kernel running: Voila's shutdown request was refused for want of an ``_xsrf`` cookie). Four
pages are opened at once on the app server of the session (conftest.py's ``app_server``), and the test
follows the kernels it started by their process ids. Issue 22 (the
served app) and issue 25 §2: plain GET requests from one address hold a few kernels and only for
seconds; a page whose browser vanishes, or whose tab is closed without a word, gives its kernel back;
an open page left idle keeps it. These run against a server with the timeouts of ``app/voila.json``
cut to seconds (:data:`SHORT`); the settings themselves are checked in tests/test_serving.py.

Under ``make test`` these tests run in a pytest session of their own, beside the workers (conftest.py
at the root says how their outcomes reach the report); run alone, they run as any other test."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest

from serving_helpers import CHROMIUM_ARGS, PAGES_BROWSER, REPO, free_port, start, stop

pytestmark = pytest.mark.browser

#: app/voila.json's kernel settings cut to seconds: a page that never connects is shut down 3 s after
#: its render, one gone 3 s after its websocket closed, looked at every second; a silent websocket is
#: closed after 2 s without a pong (a ping a second); three kernels an address, six in all.
SHORT = {"first_connection_timeout": 3, "disconnected_timeout": 3, "reap_interval": 1,
         "max_kernels_per_client": 3, "max_kernels": 6}
PINGS = {"ws_ping_interval": 1000, "ws_ping_timeout": 2000}
#: What a loaded 2-core machine may add to a bound: a kernel's shutdown (jupyter_client waits up to
#: 5 s for it to stop), and the server's event loop busy with other pages' renders.
SLACK = 15

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

def _count(server: subprocess.Popen) -> int:
    """How many kernels the app's server runs."""
    return len(_kernels(server))


def _wait_for_kernels(server: subprocess.Popen, expected: int, seconds: float) -> int:
    """The number of the server's kernels once it is ``expected``, or after at most ``seconds``."""
    deadline = time.monotonic() + seconds
    count = _count(server)
    while count != expected and time.monotonic() < deadline:
        time.sleep(0.25)
        count = _count(server)
    return count



@pytest.fixture(scope="module")
def short_server(tmp_path_factory):
    """The app as `make app` serves it, with :data:`SHORT` and :data:`PINGS` in its voila.json."""
    from bridgelaws.interfaces.serving import voila_command

    folder = tmp_path_factory.mktemp("short-config")
    config = json.loads((REPO / "app" / "voila.json").read_text(encoding="utf-8"))
    config["CappedKernelManager"].update(SHORT)
    config["Voila"]["tornado_settings"].update(PINGS)
    (folder / "voila.json").write_text(json.dumps(config), encoding="utf-8")
    port = free_port()
    log = folder / "voila.log"
    process = start(voila_command(port=port, config_dir=folder), f"http://127.0.0.1:{port}/voila/static/voila.js",
                     log, REPO)
    yield f"http://127.0.0.1:{port}/", process
    stop(process)


def _plain_get(url: str, source: str = "127.0.0.1") -> tuple[int, str, bytes]:
    """A GET as curl or a crawler sends it (no JavaScript, no websocket), from the loopback address
    ``source``: status, reason and body."""
    address = urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=240, source_address=(source, 0))
    try:
        connection.request("GET", address.path or "/")
        response = connection.getresponse()
        return response.status, response.reason, response.read()
    finally:
        connection.close()


class _Peak(threading.Thread):
    """The most kernels the server ran while this sampler ran."""

    def __init__(self, server: subprocess.Popen):
        super().__init__(daemon=True)
        self.server, self.peak, self.stopped = server, 0, threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            self.peak = max(self.peak, _count(self.server))
            time.sleep(0.1)

    def __enter__(self) -> _Peak:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.join()


def test_plain_requests_from_one_address_hold_a_few_kernels_and_only_for_seconds(short_server):
    # Issue 22: eighteen plain GET requests filled the 40-kernel cap, and every visitor got 503
    # for fifteen minutes. Now one address holds max_kernels_per_client kernels (3 here), the rest
    # get 429 at once, another address is still served, and each kernel whose page never connected
    # is shut down first_connection_timeout after its render (3 s here).
    url, server = short_server
    assert _wait_for_kernels(server, 0, 60) == 0
    with _Peak(server) as peak, ThreadPoolExecutor(18) as pool:
        answers = list(pool.map(lambda _: _plain_get(url), range(18)))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [200] * 3 + [429] * 15
        refused = next(body for status, _, body in answers if status == 429).decode()
        assert "Too many pages of the app from this computer" in refused  # the page (issue 32 §5)
        assert "This server opens at most 3 pages of the app for one address" in refused
        assert "Traceback" not in refused
        # Another visitor is served while the first address holds its share.
        status, _, body = _plain_get(url, source="127.0.0.2")
        assert status == 200 and b"voila" in body.lower()
        served = time.monotonic()
    assert peak.peak <= 4  # three for 127.0.0.1, one for 127.0.0.2: the refused requests started nothing
    assert _wait_for_kernels(server, 0, 60) == 0
    gone = time.monotonic() - served
    assert gone <= SHORT["first_connection_timeout"] + SHORT["reap_interval"] + SLACK, gone
    # Its places are back: the address is served again.
    assert _plain_get(url)[0] == 200


def _own_chromium(tmp_path) -> tuple[subprocess.Popen, str]:
    """A Chromium of its own (its own process group, so that it can be frozen or killed whole) and
    the address of its DevTools endpoint."""
    # --disable-dev-shm-usage: as Playwright launches its browsers (and Debian's chromium wrapper does
    # where /dev/shm is small), whichever of the two browsers this is.
    process = subprocess.Popen([PAGES_BROWSER, "--headless", *CHROMIUM_ARGS, "--disable-dev-shm-usage",
                                "--remote-debugging-port=0",
                                f"--user-data-dir={tmp_path / 'profile'}", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:
            return process, found.group(1)
        if not line and process.poll() is not None:
            break
    os.killpg(process.pid, signal.SIGKILL)
    raise AssertionError("Chromium did not open its DevTools endpoint")


def _start(page, url):
    """Start loading the app in ``page`` (the server renders it meanwhile); :func:`_ready` waits for it."""
    page.goto(url, wait_until="commit", timeout=240_000)
    return page


def _ready(page):
    page.wait_for_selector('button[title="1S"]', timeout=240_000)
    # The app opens on an example (issue 25 §2): cleared, so that the calls played here are the only ones.
    page.locator('button:text-is("Start your own auction")').click(timeout=240_000)
    page.wait_for_function("() => !document.querySelector('.bl-stepper .bl-card')", timeout=60_000)
    return page


def _answers(page, call: str, shown: str) -> bool:
    """The page's kernel answers: a click on ``call`` in the bidding box puts ``shown`` in the auction."""
    view = page.locator(".bl-auction").first  # the auction's grid
    assert shown not in view.inner_text()
    page.click(f'button[title="{call}"]')
    deadline = time.monotonic() + 60
    while shown not in view.inner_text():
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(250)
    return True


def test_a_vanished_or_closed_page_gives_its_kernel_back_and_an_open_idle_one_keeps_it(browser, short_server, tmp_path):
    # Issue 25 §2: ten tabs closed left ten kernels running three minutes later; a page whose browser
    # simply vanishes must give its kernel back (within two minutes with app/voila.json), and an
    # open page left idle keeps it for a lesson.
    url, server = short_server
    assert _wait_for_kernels(server, 0, 60) == 0
    kept = _start(browser.new_page(viewport={"width": 1200, "height": 800}), url)
    chromium, endpoint = _own_chromium(tmp_path)
    try:
        other = browser.browser_type.connect_over_cdp(endpoint)
        other_page = _start(other.contexts[0].new_page(), url)  # the two pages load side by side
        _ready(kept)
        idle_since = time.monotonic()  # the kept page's last call to its kernel, until it answers below
        _ready(other_page)
        assert _count(server) == 2
        # The other browser freezes (SIGSTOP, as a laptop put to sleep or a network pulled): no
        # closing handshake, no shutdown request, no answer to the server's pings.
        os.killpg(chromium.pid, signal.SIGSTOP)
        frozen = time.monotonic()
        assert _wait_for_kernels(server, 1, 120) == 1
        took = time.monotonic() - frozen
        silent = (PINGS["ws_ping_timeout"] + PINGS["ws_ping_interval"]) / 1000
        assert took <= silent + SHORT["disconnected_timeout"] + SHORT["reap_interval"] + SLACK, took
        # The kernel left is the open page's: once the page has been idle for twice every timeout
        # together (counted from its last call; the reaper looked at it a dozen times meanwhile, the
        # other page's reaping included), it is still there, answers, and keeps answering.
        idle = 2 * (silent + SHORT["disconnected_timeout"] + SHORT["reap_interval"])
        kept.wait_for_timeout(max(0.0, 1000 * (idle - (time.monotonic() - idle_since))))
        assert time.monotonic() - idle_since >= idle
        assert _count(server) == 1
        assert _answers(kept, "1S", "1\u2660")
        assert _answers(kept, "2S", "2\u2660")
    finally:
        os.killpg(chromium.pid, signal.SIGKILL)
        chromium.wait(timeout=30)
    # A tab closed without its shutdown request (Playwright's close runs no beforeunload, as a crash):
    # the websocket closes and the reaper takes the kernel.
    kept.close()
    closed = time.monotonic()
    assert _wait_for_kernels(server, 0, 120) == 0
    took = time.monotonic() - closed
    assert took <= SHORT["disconnected_timeout"] + SHORT["reap_interval"] + SLACK, took


def test_closing_pages_shuts_their_kernels_down(browser, app_server):
    url, server = app_server
    # Run on a worker (not in a session of its own), the server is shared with the other browser tests,
    # under app/voila.json's cap of five kernels a client: a page an earlier test closed without
    # leaving it holds its kernel until the reaper takes it. Wait until four more fit (the reaper's
    # own bound), so that no page is refused.
    deadline = time.monotonic() + 120
    while len(_kernels(server)) > 5 - PAGES and time.monotonic() < deadline:
        time.sleep(1)
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
