"""The processor time of ``bridgelaws impact`` of a one-ruling draft with its report (issue 33 §6),
beside the fixed loop of ``benchmarks/suite_time.py`` timed in the same run.

    .venv/bin/python benchmarks/impact_time.py [--draft FILE] [--max-tokens N] [--lang en|nl] [--json]

Runs the command as a user does (``bridgelaws impact DRAFT -o report.html``, a fresh process), and
reads its processor time (user + system, :func:`os.wait4`); the fixed loop (20 million additions,
``suite_time.SPIN``) runs before and after on one core, and the figure is also given scaled to the
loop's 1.5 s, the speed issue 33 measured at ("today 21 s with the loop at 1.6 s"; goal <= 10 s).
This machine's speed varies by half within an hour: read the figure beside the loop, never alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from suite_time import SPIN  # noqa: E402  (the fixed loop, one definition)

#: The loop's time at this machine's usual speed (issue 33 §6), and the goal at that speed.
LOOP_AT = 1.5
GOAL_CPU = 10.0


def loop_cpu() -> float:
    """Processor seconds of the fixed loop, in its own process."""
    return _cpu([sys.executable, "-c", SPIN], capture=True)[0]


def _cpu(argv: list[str], capture: bool = False) -> tuple[float, float]:
    """(processor seconds of the child, wall seconds)."""
    began = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL if not capture else subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=REPO)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - began
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {child.stderr.read().decode() if child.stderr else ''}")
    return usage.ru_utime + usage.ru_stime, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draft", default="data/drafts/1936-milder-insufficient-bid.yaml")
    parser.add_argument("--max-tokens", type=int, default=4)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    before = loop_cpu()
    with tempfile.TemporaryDirectory() as folder:
        report = os.path.join(folder, "report.html")
        cpu, wall = _cpu([sys.executable, "-m", "bridgelaws", "--lang", args.lang, "impact", args.draft,
                          "--max-tokens", str(args.max_tokens), "-o", report])
    after = loop_cpu()
    loop = (before + after) / 2
    scaled = cpu * LOOP_AT / loop
    result = {"draft": args.draft, "max_tokens": args.max_tokens, "lang": args.lang,
              "impact_cpu_s": round(cpu, 1), "impact_wall_s": round(wall, 1),
              "loop_cpu_s": [round(before, 2), round(after, 2)], f"impact_cpu_s_at_loop_{LOOP_AT}": round(scaled, 1),
              "goal_cpu_s_at_loop_1.5": GOAL_CPU, "met": scaled <= GOAL_CPU}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"impact {args.draft} --max-tokens {args.max_tokens} -o report.html (--lang {args.lang}): "
              f"{cpu:.1f} s processor time ({wall:.1f} s wall)")
        print(f"fixed loop (suite_time.SPIN): {before:.2f} s before, {after:.2f} s after")
        print(f"at the loop's {LOOP_AT} s: {scaled:.1f} s (goal <= {GOAL_CPU:.0f} s: {'met' if result['met'] else 'not met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
