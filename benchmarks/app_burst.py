"""Bursts of page loads and a soak of the served app (issue 37): every request answered within a
bound, and the server's memory over many page loads. Loopback only: the server listens on
127.0.0.1 and every request comes from an address of 127.0.0.0/8.

    .venv/bin/python benchmarks/app_burst.py burst [--bursts 5] [--requests 40] [--addresses 8] [--json]
    .venv/bin/python benchmarks/app_burst.py soak [--rounds 40] [--requests 10] [--addresses 2] [--json]
    .venv/bin/python benchmarks/app_burst.py reload [--reloads 50] [--interval 1] [--json]

Both start the app as ``make app`` does (bridgelaws.interfaces.serving, app/voila.json: the shipped
caps, 40 kernels and 5 for one address, unless ``--max-kernels`` or ``--max-per-address`` are given,
as ``make app MAX_KERNELS=...`` gives them) on a free port, and send plain GETs of the app's page
(as ``curl`` sends them) at once, from ``--addresses`` loopback addresses taken in turn.

``burst``: ``--bursts`` bursts of ``--requests`` GETs, waiting between two bursts until the reaper has
shut down every kernel of the one before. Each request waits at most ``--client-timeout`` seconds
(600; the issue's client gave up after 6.5-8.5 minutes): reported per burst, the answers by status
(0: no answer within the client's timeout), the slowest answer, and over all bursts the lines of the
server's log that tell of a failed kernel (ports that collided, a kernel dead before it answered, a
task whose exception was never retrieved, a kernel the manager shut down because it did not start).

``soak``: ``--rounds`` rounds of ``--requests`` GETs, each followed by the reaper's work (the kernel
settings are cut to seconds with ``--fast-reaper``, the default, so that a round takes seconds);
the resident memory (RSS) of the server's own process (not its kernels) after each round, and its
growth over each quarter of the rounds: a leak grows in every quarter, memory that levels off does not.

``reload``: one visitor reloads the page ``--reloads`` times, each ``--interval`` seconds after the
last (the page being made is abandoned, as a browser's reload abandons it), then loads it once and
waits: how many of the loads were refused (429), and the last load's answer.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import psutil  # noqa: E402  (ipykernel's dependency)

from app_pages import report, stop_server, wait_until_up  # noqa: E402
from app_plain_requests import _free_port, _tree  # noqa: E402
from bridgelaws.interfaces.serving import voila_command  # noqa: E402

#: The server log's lines that tell of a kernel that failed, by what they say.
FAILURES = {"ports collided": r"Address already in use", "died before kernel_info": r"Kernel died before replying",
            "exception never retrieved": r"Task exception was never retrieved",
            "did not start (given back)": r"did not start \(", "request ended at deadline": r"was not answered in time"}
#: The kernel settings of --fast-reaper (seconds instead of the shipped 40 s and 5 s).
FAST_REAPER = ["--CappedKernelManager.first_connection_timeout=2", "--CappedKernelManager.reap_interval=1"]


def _get(port: int, source: str, timeout: float) -> tuple[int, float]:
    """One plain GET of the app's page from ``source``: (status, seconds); status 0: no answer."""
    assert source.startswith("127."), source  # loopback only
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    except OSError:
        return 0, time.monotonic() - started
    finally:
        connection.close()


def _load(port: int, requests: int, addresses: int, timeout: float) -> list[tuple[int, float]]:
    sources = [f"127.0.0.{1 + n % addresses}" for n in range(requests)]
    with ThreadPoolExecutor(requests) as pool:
        return list(pool.map(lambda source: _get(port, source, timeout), sources))


def _wait_no_kernel(server: psutil.Process, seconds: float) -> float:
    started = time.monotonic()
    while _tree(server)[0] and time.monotonic() - started < seconds:
        time.sleep(0.2)
    return time.monotonic() - started


class _Server:
    def __init__(self, extra: list[str], max_kernels: int | None, max_per_address: int | None) -> None:
        self.port = _free_port()
        self.log_path = Path(tempfile.mkstemp(prefix="bridgelaws-burst-", suffix=".log")[1])
        self.log = self.log_path.open("w")
        env = {**os.environ, "PYTHONPATH": str(REPO)}  # the server and its kernels run this checkout's package
        caps = {name: value for name, value in (("max_kernels", max_kernels), ("max_per_address", max_per_address))
                if value is not None}  # none given: also the command of older code (a run before and after)
        command = [*voila_command(port=self.port, **caps), *extra]
        self.process = subprocess.Popen(command, cwd=REPO, stdout=self.log, stderr=subprocess.STDOUT, env=env,
                                        start_new_session=True)

    def __enter__(self) -> _Server:
        wait_until_up(f"http://127.0.0.1:{self.port}/", self.process)
        self.server = psutil.Process(self.process.pid)
        return self

    def __exit__(self, *exc: object) -> None:
        stop_server(self.process, self.log)

    def failures(self) -> dict[str, int]:
        text = self.log_path.read_text(encoding="utf-8", errors="replace")
        return {name: len(re.findall(pattern, text)) for name, pattern in FAILURES.items()}


def burst(args: argparse.Namespace) -> dict[str, Any]:
    rounds = []
    with _Server([], args.max_kernels, args.max_per_address) as server:
        for _ in range(args.bursts):
            answers = _load(server.port, args.requests, args.addresses, args.client_timeout)
            freed = _wait_no_kernel(server.server, 600)
            rounds.append({"statuses": dict(sorted(collections.Counter(s for s, _ in answers).items())),
                           "slowest_answer_s": round(max(t for _, t in answers), 1),
                           "seconds_until_no_kernel": round(freed, 1)})
        failures = server.failures()
    statuses: collections.Counter[int] = collections.Counter()
    for one in rounds:
        statuses.update(one["statuses"])
    return {"bursts": args.bursts, "requests_per_burst": args.requests, "addresses": args.addresses,
            "statuses_all": dict(sorted(statuses.items())), "unanswered": statuses.get(0, 0),
            "slowest_answer_s": max(one["slowest_answer_s"] for one in rounds), "per_burst": rounds,
            "server_log": failures, "load_average": [round(x, 2) for x in os.getloadavg()]}


def soak(args: argparse.Namespace) -> dict[str, Any]:
    extra = FAST_REAPER if args.fast_reaper else []
    series, statuses = [], collections.Counter[int]()
    with _Server(extra, args.max_kernels, args.max_per_address) as server:
        series.append(round(server.server.memory_info().rss / 2**20, 1))
        for _ in range(args.rounds):
            statuses.update(s for s, _ in _load(server.port, args.requests, args.addresses, args.client_timeout))
            _wait_no_kernel(server.server, 600)
            series.append(round(server.server.memory_info().rss / 2**20, 1))
        failures = server.failures()
    quarter = max(1, args.rounds // 4)
    growth = [round(series[min(i + quarter, len(series) - 1)] - series[i], 1) for i in range(0, args.rounds, quarter)]
    return {"rounds": args.rounds, "requests_per_round": args.requests, "page_loads": args.rounds * args.requests,
            "statuses": dict(sorted(statuses.items())), "server_rss_mb_start": series[0],
            "server_rss_mb_end": series[-1], "server_rss_mb_peak": max(series),
            f"growth_mb_per_{quarter * args.requests}_loads": growth, "server_rss_mb_series": series,
            "server_log": failures, "load_average": [round(x, 2) for x in os.getloadavg()]}


def _reload(port: int, wait: float) -> str:
    """One load of the page that the visitor reloads ``wait`` seconds after asking for it: its status
    if the whole answer came by then (a refusal comes at once), else "reloaded" (the connection is
    closed, as a browser's reload abandons the page being made)."""
    import socket

    deadline = time.monotonic() + wait
    received = b""
    with socket.create_connection(("127.0.0.1", port), timeout=wait, source_address=("127.0.0.1", 0)) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                chunk = sock.recv(65536)
            except OSError:
                break
            if not chunk:  # the whole answer
                return received.split(b" ", 2)[1].decode() if received.startswith(b"HTTP/") else "no status"
            received += chunk
    return "reloaded"


def reloads(args: argparse.Namespace) -> dict[str, Any]:
    """``--reloads`` loads of the page from one address, each reloaded after ``--interval`` seconds
    (a visitor pressing F5 again and again), then one load that waits for its answer."""
    with _Server([], args.max_kernels, args.max_per_address) as server:
        outcomes = collections.Counter(_reload(server.port, args.interval) for _ in range(args.reloads))
        status, seconds = _get(server.port, "127.0.0.1", args.client_timeout)
        failures = server.failures()
    return {"reloads": args.reloads, "interval_s": args.interval, "outcomes": dict(sorted(outcomes.items())),
            "last_load": status, "last_load_s": round(seconds, 1), "server_log": failures,
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["burst", "soak", "reload"])
    parser.add_argument("--reloads", type=int, default=50)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds before each reload")
    parser.add_argument("--bursts", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--requests", type=int, default=None, help="per burst (40) or per round (10)")
    parser.add_argument("--addresses", type=int, default=None, help="loopback addresses, 1 to 254 (8 or 2)")
    parser.add_argument("--max-kernels", type=int, default=None)
    parser.add_argument("--max-per-address", type=int, default=None)
    parser.add_argument("--client-timeout", type=float, default=600.0)
    parser.add_argument("--fast-reaper", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.requests = args.requests or (40 if args.mode == "burst" else 10)
    args.addresses = args.addresses or (8 if args.mode == "burst" else 2)
    if not 1 <= args.addresses <= 254 or args.requests < 1:
        parser.error("--addresses is 1 to 254, --requests at least 1")
    report({"burst": burst, "soak": soak, "reload": reloads}[args.mode](args), args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
