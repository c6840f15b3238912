"""The served app under plain GET requests (issue 22, "the served app"): requests without JavaScript
or a websocket, as ``curl`` or a crawler sends them, each of which used to hold a kernel for fifteen
minutes.

    .venv/bin/python benchmarks/app_plain_requests.py [--requests 40] [--addresses 1] [--json]

Starts the app as ``make app`` does (bridgelaws.interfaces.serving, app/voila.json, so the kernel settings are
the shipped ones) on a free local port and sends ``--requests`` GETs of the app's page at once, from
``--addresses`` loopback addresses taken in turn (127.0.0.1, 127.0.0.2, ...: the server sees each as
another visitor). Reported: the answers by status, the seconds until every request was answered, the
most kernels alive at once, the peak resident memory (RSS) of the server with all its kernels
(sampled every 0.2 s), and the seconds from the last answer until no kernel is left (the reaper: a
page that never connects loses its kernel ``first_connection_timeout`` after its render).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import psutil  # noqa: E402  (ipykernel's dependency)

from app_pages import report, stop_server, wait_until_up  # noqa: E402
from bridgelaws.interfaces.serving import voila_command  # noqa: E402


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _tree(server: psutil.Process) -> tuple[int, float]:
    """The kernels of the server, and the RSS in MB of the server and all its children."""
    kernels, rss = 0, 0.0
    for process in [server, *server.children(recursive=True)]:
        try:
            rss += process.memory_info().rss / 2**20
            if "ipykernel_launcher" in " ".join(process.cmdline()):
                kernels += 1
        except psutil.NoSuchProcess:
            pass
    return kernels, rss


def _get(port: int, source: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600, source_address=(source, 0))
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0  # no answer
    finally:
        connection.close()


def measure(requests: int, addresses: int) -> dict[str, Any]:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}  # the server and its kernels run this checkout's package
    log = open(os.devnull, "w")
    process = subprocess.Popen(voila_command(port=port), cwd=REPO, stdout=log, stderr=subprocess.STDOUT, env=env,
                               start_new_session=True)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/", process)
        server = psutil.Process(process.pid)
        _, idle_rss = _tree(server)
        peak = {"kernels": 0, "rss": 0.0}
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                kernels, rss = _tree(server)
                peak["kernels"] = max(peak["kernels"], kernels)
                peak["rss"] = max(peak["rss"], rss)
                time.sleep(0.2)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        sources = [f"127.0.0.{1 + n % addresses}" for n in range(requests)]
        started = time.monotonic()
        with ThreadPoolExecutor(requests) as pool:
            statuses = list(pool.map(lambda source: _get(port, source), sources))
        answered = time.monotonic()
        while _tree(server)[0] and time.monotonic() - answered < 600:
            time.sleep(0.2)
        freed = time.monotonic()
        stop.set()
        sampler.join()
        return {
            "requests": requests, "addresses": addresses,
            "statuses": dict(sorted(collections.Counter(statuses).items())),
            "seconds_until_all_answered": round(answered - started, 1),
            "most_kernels_at_once": peak["kernels"],
            "server_rss_mb_idle": round(idle_rss),
            "peak_rss_mb_server_and_kernels": round(peak["rss"]),
            "seconds_from_last_answer_until_no_kernel": round(freed - answered, 1),
            "kernels_left": _tree(server)[0],
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }
    finally:
        stop_server(process, log)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--addresses", type=int, default=1, help="loopback addresses to send from, 1 to 254")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not 1 <= args.addresses <= 254 or args.requests < 1:
        parser.error("--addresses is 1 to 254, --requests at least 1")
    result = measure(args.requests, args.addresses)
    report(result, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
