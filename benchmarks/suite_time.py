"""How long `make test` takes on a fresh copy of the tree, and where its time goes (issue 23 §4).

    .venv/bin/python benchmarks/suite_time.py [--keep] [--jobs N]

Copies the committed tree (``git archive HEAD``) into a folder beside the repository (so that
``../shared`` is found as in CI), with the repository's ``.venv``, no bytecode and no mypy cache, and
runs what ``make test`` runs there: ``compileall``, ``tools/rewrite_tests.py``, then ``pytest -n N
--dist loadgroup``. The copy's own package is put first on PYTHONPATH, so that the kernels and command lines the tests start import
it, not the checkout the venv was installed from. It prints pytest's figure, the wall time, the
machine's busy processor-seconds and idle share (read from /proc/stat every second: Chromium's
processes are not all counted by the waiting parent, so /usr/bin/time says less), when each worker
finished collecting and finished, the longest units of each worker, and a calibration: one core's
time for a fixed loop of Python, before and after, alone and with both cores busy. This machine's
speed is not constant (the loop took 1.4 s to 2.7 s within an hour on 2026-12-01), so compare runs
made one after the other, and read the calibration beside the figure.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: Loaded into every worker (``-p``): one JSON line per test (worker, node id, start, end) and one when
#: a worker has collected.
PLUGIN = '''
import json, os, time
T0 = float(os.environ["SUITE_TIME_T0"])
OUT = os.environ["SUITE_TIME_OUT"]
_started = {}
def _write(nodeid, start):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(OUT, "a") as out:
        out.write(json.dumps({"w": worker, "id": nodeid, "s": start - T0, "e": time.time() - T0}) + "\\n")
def pytest_runtest_logstart(nodeid, location):
    _started[nodeid] = time.time()
def pytest_runtest_logfinish(nodeid, location):
    _write(nodeid, _started.get(nodeid, T0))
def pytest_collection_finish(session):
    _write("(collected)", T0)
'''

SPIN = "import time\nt = time.perf_counter()\nx = 0\nfor i in range(20_000_000): x += i * i\nprint(time.perf_counter() - t)"


def spin(cores: int) -> list[float]:
    """Seconds for the fixed loop, run on ``cores`` processes at once."""
    runs = [subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.PIPE, text=True) for _ in range(cores)]
    return [round(float(run.communicate()[0]), 2) for run in runs]


class Sampler(threading.Thread):
    """Busy and total processor ticks of the machine, every second."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.busy = self.total = 0
        self.stopped = threading.Event()

    @staticmethod
    def _ticks() -> tuple[int, int]:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(v) for v in stat.readline().split()[1:9]]
        idle = fields[3] + fields[4]
        return sum(fields) - idle, sum(fields)

    def run(self) -> None:
        before = self._ticks()
        while not self.stopped.wait(1):
            now = self._ticks()
            self.busy += now[0] - before[0]
            self.total += now[1] - before[1]
            before = now


def unit(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    spread = ("tests/test_browser.py", "tests/test_browser_readable.py", "tests/test_browser_app.py")
    return nodeid if path in spread else path


def report(timeline: Path, top: int) -> None:
    rows = [json.loads(line) for line in timeline.read_text().splitlines()]
    for worker in sorted({r["w"] for r in rows} - {"main"}):
        mine = [r for r in rows if r["w"] == worker]
        collected = next((r["e"] for r in mine if r["id"] == "(collected)"), float("nan"))
        units: dict[str, list[float]] = collections.OrderedDict()
        for r in sorted((r for r in mine if r["id"] != "(collected)"), key=lambda r: r["s"]):
            span = units.setdefault(unit(r["id"]), [r["s"], r["e"]])
            span[1] = max(span[1], r["e"])
        end = max(r["e"] for r in mine)
        print(f"{worker}: collected at {collected:.1f} s, finished at {end:.1f} s; its longest units:")
        for name, (start, stop) in sorted(units.items(), key=lambda kv: kv[1][0] - kv[1][1])[:top]:
            print(f"    {stop - start:6.1f} s from {start:6.1f} s  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="pytest-xdist workers, as make test's JOBS (2)")
    parser.add_argument("--keep", action="store_true", help="keep the copy and the timeline")
    parser.add_argument("--top", type=int, default=6, help="the longest units shown per worker")
    args = parser.parse_args()
    venv = REPO / ".venv" / "bin" / "python"
    if not venv.exists():
        print("suite_time: no .venv here: run `make install` (or `make test`) first", file=sys.stderr)
        return 2
    copy = Path(tempfile.mkdtemp(prefix=".suite-time-", dir=REPO.parent))
    try:
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=REPO, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(copy)], input=archive, check=True)
        (copy / ".venv").symlink_to(REPO / ".venv")
        (copy / "benchmarks" / "suite_time_plugin.py").write_text(PLUGIN, encoding="utf-8")
        timeline = copy / "build" / "suite-timeline.jsonl"
        timeline.parent.mkdir(parents=True, exist_ok=True)
        calibration = [spin(1), spin(2)]
        env = {**os.environ, "PYTHONPATH": f"{copy}{os.pathsep}{copy / 'benchmarks'}",
               "SUITE_TIME_OUT": str(timeline), "SUITE_TIME_T0": str(time.time()),
               "BRIDGELAWS_CHROMIUM": os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")}
        sampler = Sampler()
        sampler.start()
        started = time.monotonic()
        subprocess.run([str(venv), "-m", "compileall", "-q", "-j", "0", "bridgelaws", "tests"], cwd=copy, check=True)
        subprocess.run([str(venv), "tools/rewrite_tests.py", "--jobs", str(args.jobs)], cwd=copy, check=True)
        done = subprocess.run([str(venv), "-m", "pytest", "-n", str(args.jobs), "--dist", "loadgroup",
                               "-p", "suite_time_plugin", "-p", "no:cacheprovider"],
                              cwd=copy, env=env, capture_output=True, text=True)
        wall = time.monotonic() - started
        sampler.stopped.set()
        sampler.join()
        calibration += [spin(1), spin(2)]
        summary = next((line for line in reversed(done.stdout.splitlines()) if re.search(r" in [\d.]+s", line)),
                       "(no summary line)")
        print(f"pytest: {summary.strip('= ')}")
        print(f"wall, compileall and rewrite_tests included: {wall:.1f} s; exit status {done.returncode}")
        if sampler.total:
            print(f"machine: {sampler.busy / 100:.0f} busy processor-seconds, "
                  f"{100 * (1 - sampler.busy / sampler.total):.0f} % idle")
        print(f"calibration (the fixed loop, s): one core {calibration[0]} and both {calibration[1]} before; "
              f"one core {calibration[2]} and both {calibration[3]} after")
        report(timeline, args.top)
        if done.returncode:
            print("\n".join(line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))))
        return done.returncode
    finally:
        if args.keep:
            print(f"kept: {copy}")
        else:
            shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
