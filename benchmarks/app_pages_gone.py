"""Pages that go away (issue 22 "the served app", issue 25 §2): how long until their kernels are
shut down, with the shipped settings (app/voila.json).

    .venv/bin/python benchmarks/app_pages_gone.py [--tabs 10] [--json]

Starts the app as ``make app`` does on a free local port, opens one page that stays open and idle
all along (Playwright's Chromium), and in a Chromium of its own (its own process group):

* ``--tabs`` pages closed as a visitor closes tabs (``beforeunload`` runs: the page's shutdown request);
* ``--tabs`` pages closed without it (as a crash: Playwright's plain ``close``): only the websocket closes;
* one page whose browser freezes (SIGSTOP of the whole Chromium: no closing handshake, no answer to
  the server's pings, as a laptop put to sleep or a network pulled).

For each: the seconds from the closing (or freezing) until the server runs no kernel but the idle
page's. Then whether the idle page still answers a click. The other Chromium is killed at the end.
The share of one address is lifted (all pages come from 127.0.0.1).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import psutil  # noqa: E402  (ipykernel's dependency)

from app_pages import CHROMIUM, CHROMIUM_ARGS, _free_port, _kernels, report, stop_server, wait_until_up  # noqa: E402
from bridgelaws.interfaces.serving import voila_command  # noqa: E402


def _open(page: Any, url: str) -> Any:
    page.goto(url, timeout=300_000)
    page.wait_for_selector('button[title="1S"]', timeout=300_000)
    return page


def _until(server: psutil.Process, count: int, limit: float = 600) -> float:
    start = time.monotonic()
    while len(_kernels(server)) > count and time.monotonic() - start < limit:
        time.sleep(0.25)
    return round(time.monotonic() - start, 1)


def measure(tabs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    log = open(os.devnull, "w")
    command = [*voila_command(port=port), "--CappedKernelManager.max_kernels_per_client=0"]
    process = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    profile = tempfile.mkdtemp(prefix="bench-gone-")
    chromium = None
    try:
        wait_until_up(url, process)
        server = psutil.Process(process.pid)
        result: dict[str, Any] = {"tabs": tabs}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            idle = _open(browser.new_page(), url)
            chromium = subprocess.Popen([CHROMIUM, "--headless", *CHROMIUM_ARGS, "--remote-debugging-port=0",
                                         f"--user-data-dir={profile}", "about:blank"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True, start_new_session=True)
            assert chromium.stderr is not None
            endpoint = None
            while endpoint is None:
                line = chromium.stderr.readline()
                found = re.search(r"DevTools listening on (ws://\S+)", line)
                endpoint = found.group(1) if found else None
                if not line and chromium.poll() is not None:
                    raise SystemExit("Chromium did not start")
            other = playwright.chromium.connect_over_cdp(endpoint).contexts[0]
            for how, before_unload in (("closed_with_request", True), ("closed_without_request", False)):
                pages = [_open(other.new_page(), url) for _ in range(tabs)]
                for page in pages:
                    page.close(run_before_unload=before_unload)
                result[f"seconds_until_{tabs}_{how}_are_gone"] = _until(server, 1)
            _open(other.new_page(), url)
            os.killpg(chromium.pid, signal.SIGSTOP)
            result["seconds_until_a_frozen_browsers_page_is_gone"] = _until(server, 1)
            result["idle_page_kernel_left"] = len(_kernels(server))
            idle.click('button[title="1S"]')
            idle.locator(".bl-auction >> text=1\u2660").first.wait_for(timeout=60_000)
            result["idle_page_answers"] = True
            result["load_average"] = [round(x, 2) for x in os.getloadavg()]
            os.killpg(chromium.pid, signal.SIGKILL)
            chromium.wait()
            browser.close()
        return result
    finally:
        if chromium is not None and chromium.poll() is None:
            os.killpg(chromium.pid, signal.SIGKILL)
            chromium.wait()
        stop_server(process, log)
        import shutil
        shutil.rmtree(profile, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.tabs)
    report(result, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
