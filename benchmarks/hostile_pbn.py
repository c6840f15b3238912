"""Hostile PBN files (issue 15), and the peak memory of the command line reading each of them.

    python benchmarks/hostile_pbn.py [--mb 100] [--shape NAME ...]

Each shape is written into a temporary folder at about the size given (MB), then read by
``bridgelaws pbn FILE -o /dev/null`` in a child process (benchmarks/peak_memory.py) that reports its
peak resident memory; ``/dev/zero`` is read for a few seconds and stopped with SIGTERM. The README's
robustness section gives the figures this prints. tests/test_large_input.py writes the same shapes,
smaller, and checks the peak against the 200 MB goal.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[1]
PROBE = REPO / "benchmarks" / "peak_memory.py"

#: A plain game whose auction gives its contract (1S by North).
GOOD_GAME = ('[Event "hostile"]\n[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
             '[Contract "{contract}"]\n[Declarer "N"]\n[Auction "N"]\n1S Pass Pass Pass\n\n')


def good_game(board: int, contract: str = "1S") -> bytes:
    return GOOD_GAME.format(board=board, contract=contract).encode()


def _tag_value(out, size: int) -> None:
    """One well-formed game whose Event tag holds ``size`` bytes, then a good game."""
    out.write(b'[Event "' + b"x" * size + b'"]\n' + good_game(1)[len(b'[Event "hostile"]\n'):])
    out.write(good_game(2))


def _long_line(out, size: int) -> None:
    """A game whose auction is one line of ``size`` bytes of short tokens, then a good game."""
    out.write(good_game(1).replace(b"1S Pass Pass Pass\n", b"1S " + b"a " * (size // 2) + b"\n"))
    out.write(good_game(2))


def _auction(out, size: int) -> None:
    """A game whose auction section holds ``size`` bytes on short lines, then a good game."""
    head, _, tail = good_game(1).partition(b"1S Pass Pass Pass\n")
    out.write(head)
    line = b"1C X XX Pass Pass Pass 1D X XX Pass Pass Pass\n"
    for _ in range(size // len(line)):
        out.write(line)
    out.write(b"\n" + good_game(2))


def _cr_only(out, size: int) -> None:
    """Good games with CR line ends only (old Macintosh files)."""
    game = good_game(1).replace(b"\n", b"\r")
    for board in range(size // len(game)):
        out.write(good_game(board + 1).replace(b"\n", b"\r"))


def _no_line_end(out, size: int) -> None:
    """``size`` NUL bytes: no line end at all (a finite /dev/zero)."""
    block = b"\0" * (1 << 20)
    for _ in range(size >> 20):
        out.write(block)


def _disagree(out, size: int) -> None:
    """Games whose Contract tag disagrees with their auction, all of them."""
    game = good_game(1, "2S")
    for board in range(size // len(game)):
        out.write(good_game(board + 1, "2S"))


def _notes_run(out, size: int) -> None:
    """A game whose auction holds a run of ``size`` '$' (the fast reader's check of notes running
    into a tag), then a good game."""
    out.write(good_game(1).replace(b"1S Pass Pass Pass\n", b"1S Pass Pass Pass $" + b"$" * size + b"\n"))
    out.write(good_game(2))


SHAPES: dict[str, Callable] = {
    "tag-value": _tag_value, "long-line": _long_line, "auction": _auction, "cr-only": _cr_only,
    "no-line-end": _no_line_end, "disagree": _disagree, "notes-run": _notes_run,
}


def write_shape(name: str, path: Path, size: int) -> Path:
    with open(path, "wb") as out:
        SHAPES[name](out, size)
    return path


def run_cli(args: list[str], timeout: float = 600, stop_after: float | None = None) -> tuple[int, str, str, float, float]:
    """(exit code, stdout, stderr without the probe's line, peak MB, seconds) of the command line in
    a child process; ``stop_after``: SIGTERM after that many seconds (for /dev/zero)."""
    start = time.monotonic()
    child = subprocess.Popen([sys.executable, str(PROBE), *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=REPO)
    if stop_after is not None:
        try:
            child.wait(stop_after)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=timeout)
    seconds = time.monotonic() - start
    lines = err.splitlines()
    peak = int(lines[-1].split()[1]) / 1024 if lines and lines[-1].startswith("peak-kb ") else float("nan")
    return child.returncode, out, "\n".join(lines[:-1]), peak, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=100, help="size of each file in MB (default 100)")
    parser.add_argument("--shape", action="append", choices=[*SHAPES, "dev-zero"])
    args = parser.parse_args()
    size = int(args.mb * (1 << 20))
    with tempfile.TemporaryDirectory() as folder:
        for name in args.shape or [*SHAPES, "dev-zero"]:
            if name == "dev-zero":
                code, _, err, peak, seconds = run_cli(["pbn", "/dev/zero", "-o", os.devnull], stop_after=10)
                print(f"{name:12} {'endless':>9}  peak {peak:6.1f} MB  {seconds:6.1f} s (stopped)  exit {code}")
                continue
            path = write_shape(name, Path(folder) / f"{name}.pbn", size)
            code, out, err, peak, seconds = run_cli(["pbn", str(path), "-o", os.devnull])
            first_error = next((line for line in err.splitlines() if "error" in line), "")
            print(f"{name:12} {path.stat().st_size / 1e6:7.1f} MB  peak {peak:6.1f} MB  {seconds:6.1f} s  "
                  f"exit {code}  {first_error[:110]}")
            path.unlink()


if __name__ == "__main__":
    main()
