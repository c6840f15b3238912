"""The served app for a class (issue 13 §1): memory per open page and time until the bidding box is
usable, with one page open and with thirty.

    make bench-app                                   # 30 pages (about 5 minutes on 2 cores)
    .venv/bin/python benchmarks/app_pages.py [--pages 30] [--json]

Starts the app as ``make app`` does (bridgelaws.interfaces.serving, app/voila.json) on a free local port and
opens pages one after another in Debian's Chromium (Playwright; $BRIDGELAWS_CHROMIUM), each left
open. For each page: the seconds from the request to a usable bidding box (the 1S button shown,
clicked, and the view showing the call: a round trip to the kernel), and afterwards the resident
memory (RSS) of every kernel of the server. Reported: the first page (one page open), the last page
(all open), the median over the pages, the mean kernel RSS, the server's own RSS, and the machine's
load average (the figures depend on what else runs). Closing the pages at the end must bring the
kernels back to none (the shutdown of issue 13); the benchmark says how many are left.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import psutil  # noqa: E402  (ipykernel's dependency)

from bridgelaws.interfaces.serving import voila_command  # noqa: E402

CHROMIUM = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                 "--disable-backgrounding-occluded-windows"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port



def wait_until_up(url: str, process: subprocess.Popen, seconds: float = 120) -> None:
    """Wait until the server at ``url`` answers its static script (no kernel started); one line and
    exit when it does not within ``seconds`` or its process ends."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url + "voila/static/voila.js", timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the app did not start")
            time.sleep(0.5)


def stop_server(process: subprocess.Popen, log: Any) -> None:
    """End the server (its process group's leader): terminate, then kill after 30 s; close its log."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    log.close()


def report(result: dict[str, Any], as_json: bool) -> None:
    """Print a benchmark's result: one JSON object, or one ``key: value`` line each."""
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")

def _kernels(server: psutil.Process) -> list[psutil.Process]:
    found = []
    for child in server.children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


def _rss_mb(processes: list[psutil.Process]) -> list[float]:
    sizes = []
    for process in processes:
        try:
            sizes.append(process.memory_info().rss / 2**20)
        except psutil.NoSuchProcess:
            pass
    return sizes


def _usable(page: Any, url: str) -> float:
    """Seconds from the request to a bidding box that answers a click."""
    start = time.monotonic()
    page.goto(url, timeout=300_000)
    page.wait_for_selector('button[title="1S"]', timeout=300_000)
    page.click('button[title="1S"]')
    page.locator(".widget-html-content .bl-auction").first.wait_for(timeout=300_000)
    page.locator(".widget-html-content:has(.bl-auction) >> text=1\u2660").first.wait_for(timeout=300_000)
    return time.monotonic() - start


def measure(pages: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    log = open(os.devnull, "w")
    # A class is thirty visitors; here they are thirty pages of one browser, one address: the share of
    # one address (CappedKernelManager.max_kernels_per_client, five) is lifted, nothing else changes.
    command = [*voila_command(port=port), "--CappedKernelManager.max_kernels_per_client=0"]
    process = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_up(url, process)
        server = psutil.Process(process.pid)
        times: list[float] = []
        kernel_rss_one: list[float] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            opened = []
            for number in range(pages):
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                times.append(_usable(page, url))
                opened.append(page)
                if number == 0:
                    time.sleep(1)
                    kernel_rss_one = _rss_mb(_kernels(server))
                print(f"page {number + 1}: usable after {times[-1]:.1f} s", file=sys.stderr, flush=True)
            time.sleep(2)
            kernels = _kernels(server)
            kernel_rss = _rss_mb(kernels)
            server_rss = server.memory_info().rss / 2**20
            load = os.getloadavg()
            for page in opened:
                page.goto("about:blank")
                page.close()
            left = len(kernels)
            deadline = time.monotonic() + 120
            while left and time.monotonic() < deadline:
                time.sleep(1)
                left = len(_kernels(server))
            browser.close()
        return {
            "pages": pages,
            "cores": os.cpu_count(),
            "load_average_1min_at_end": round(load[0], 1),
            "usable_s_first_page": round(times[0], 1),
            "usable_s_last_page": round(times[-1], 1),
            "usable_s_median": round(statistics.median(times), 1),
            "usable_s_max": round(max(times), 1),
            "kernel_rss_mb_one_page": round(kernel_rss_one[0], 1) if kernel_rss_one else None,
            "kernels_with_all_open": len(kernel_rss),
            "kernel_rss_mb_mean_all_open": round(statistics.mean(kernel_rss), 1) if kernel_rss else None,
            "kernels_rss_mb_total_all_open": round(sum(kernel_rss)),
            "server_rss_mb_all_open": round(server_rss, 1),
            "kernels_left_after_closing": left,
        }
    finally:
        stop_server(process, log)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30, help="how many pages to open (default 30, a class)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the lines")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM} (make chromium installs Debian's)", file=sys.stderr)
        return 2
    result = measure(args.pages)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        width = max(map(len, result))
        for key, value in result.items():
            print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
