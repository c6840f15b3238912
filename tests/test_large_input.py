"""Large input: 100,000 games read as a stream with bounded memory and progress on the command line;
the input never modified; the output written atomically, and nothing left by an interrupted run.

The file is written into the test's temporary folder by benchmarks/make_large_pbn.py (seeded); the
command line runs in a subprocess that reports its own peak memory (VmHWM, or resource.getrusage).
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgelaws import BridgeLawsError
from bridgelaws.auction import pbn
from bridgelaws.auction.pbn import reading

REPO = Path(__file__).resolve().parents[1]
GAMES = 100_000
#: The goal of issue 6 for the peak memory of reading 100,000 games.
PEAK_LIMIT_MB = 200

# The peak resident memory of the CLI run (see benchmarks/peak_memory.py).
PROBE = str(Path(__file__).resolve().parents[1] / "benchmarks" / "peak_memory.py")


def maker():
    spec = importlib.util.spec_from_file_location("make_large_pbn", REPO / "benchmarks" / "make_large_pbn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def large(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("large") / "archive.pbn"
    maker().write_large_pbn(path, games=GAMES, seed=1999)
    return path


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("small") / "archive.pbn"
    maker().write_large_pbn(path, games=5_000, seed=7)
    return path


def cli(*args: str, timeout: int = 300) -> tuple[subprocess.CompletedProcess, float]:
    """Run the command line in a subprocess; (the finished process, its peak memory in MB)."""
    done = subprocess.run([sys.executable, PROBE, *args], capture_output=True, text=True,
                          timeout=timeout, cwd=REPO)
    lines = done.stderr.splitlines()
    assert lines and lines[-1].startswith("peak-kb "), done.stderr[-2000:]
    peak_mb = int(lines[-1].split()[1]) / 1024
    done.stderr = "\n".join(lines[:-1]) + ("\n" if len(lines) > 1 else "")
    return done, peak_mb


def fingerprint(path: Path) -> tuple:
    stat = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), stat.st_size, stat.st_mtime_ns


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def summary_counts(report_text: str) -> tuple[int, int, int]:
    """(games reported, games that agree, games that could not be read) from the text report."""
    lines = report_text.rstrip("\n").split("\n")
    bad = 0
    if lines[-1].endswith("games could not be read (see the errors above)"):
        bad = int(lines.pop().split()[0])
    words = lines[-1].split()
    return int(words[0]), int(words[2]), bad


# ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def large_run(large, tmp_path_factory):
    """The command line on the 100,000 games, once: (process, peak MB, report, input before, after)."""
    folder = tmp_path_factory.mktemp("large-run")
    before = fingerprint(large)
    out = folder / "report.txt"
    done, peak_mb = cli("pbn", str(large), "--output", str(out), "--progress")
    return done, peak_mb, out, before, fingerprint(large)


def test_100000_games_stream_with_bounded_memory_and_progress(large, large_run):
    done, peak_mb, out, before, after = large_run
    print(f"peak memory reading {GAMES:,} games: {peak_mb:.1f} MB")
    assert peak_mb < PEAK_LIMIT_MB
    assert after == before  # the input is never written
    assert leftovers(out.parent) == []
    # Every game is either in the report or one error line on stderr.
    reported, agree, bad = summary_counts(out.read_text())
    errors = [line for line in done.stderr.splitlines() if line.startswith("bridgelaws: error: ")]
    assert len(errors) == bad and reported + bad == GAMES
    assert done.returncode == (2 if bad else 0)
    # The generator breaks about one game in 5,000 and makes about one in 1,000 disagree.
    assert bad < GAMES // 1000 and agree > reported * 0.99
    # Progress: the last line says how many games were read, and when.
    progress = [line for line in done.stderr.splitlines() if not line.startswith("bridgelaws: error: ")]
    assert progress and progress[-1].startswith(f"bridgelaws: {large}: read {GAMES:,} games (")
    assert done.stdout == ""


def test_memory_does_not_grow_with_the_number_of_games(small, large_run, tmp_path):
    _, peak_small = cli("pbn", str(small), "--output", str(tmp_path / "small.txt"))
    peak_large = large_run[1]
    # 20 times the games: a stream holds one game at a time (and the list of games that disagree).
    assert peak_large - peak_small < 25, (peak_small, peak_large)


def test_json_report_of_a_stream_is_one_valid_document(small, tmp_path):
    out = tmp_path / "report.json"
    done, _ = cli("pbn", str(small), "--json", "-o", str(out), "--no-progress")
    reports = json.loads(out.read_text())
    bad = done.stderr.count("bridgelaws: error: ")
    assert len(reports) + bad == 5_000
    assert [r["game"] for r in reports] == sorted(r["game"] for r in reports)


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_an_interrupted_run_leaves_no_partial_output(large, tmp_path, stop):
    out = tmp_path / "report.txt"
    out.write_text("the report of an earlier run\n")
    process = subprocess.Popen([sys.executable, "-m", "bridgelaws", "pbn", str(large), "-o", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    try:
        deadline = time.monotonic() + 60
        while not leftovers(tmp_path):  # the report is being written under a temporary name
            assert process.poll() is None and time.monotonic() < deadline, process.stderr.read()
            time.sleep(0.02)
        time.sleep(0.5)
        process.send_signal(getattr(signal, stop))  # Ctrl-C, a kill, a closed terminal
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err[-2000:]
    assert err.rstrip("\n").split("\n")[-1] == "bridgelaws: interrupted"
    assert out.read_text() == "the report of an earlier run\n"
    assert leftovers(tmp_path) == []


def test_output_appears_whole_and_never_over_the_input(small, tmp_path):
    out = tmp_path / "new" / "report.txt"
    done, _ = cli("pbn", str(small), "-o", str(out))
    assert done.returncode == 2 and "No such file or directory" in done.stderr  # no folder "new"
    assert not out.parent.exists()
    before = fingerprint(small)
    done, _ = cli("pbn", str(small), "-o", str(small))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "is the input file" in done.stderr
    assert fingerprint(small) == before
    out = tmp_path / "report.txt"
    done, _ = cli("pbn", str(small), "-o", str(out))
    assert out.read_text().endswith("games could not be read (see the errors above)\n") or \
        "agree with their tags" in out.read_text().splitlines()[-1]
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_reading_never_writes_the_input(small, tmp_path):
    copy = tmp_path / "read-only.pbn"
    copy.write_bytes(small.read_bytes())
    copy.chmod(0o444)
    before = fingerprint(copy)
    games = sum(1 for g in pbn.iter_games(copy, errors="keep") if isinstance(g, pbn.Game))
    assert games > 4_900
    assert fingerprint(copy) == before


# --- reading in pieces: the same games whatever the size of the pieces ---------------------------

def read_items(source, fast: bool, piece: int) -> list:
    old = reading._FAST, reading._PIECE_BYTES
    reading._FAST, reading._PIECE_BYTES = fast, piece
    try:
        out = []
        for item in pbn.iter_games(source, errors="keep"):
            if isinstance(item, BridgeLawsError):
                out.append(("error", str(item), item.line))
            else:
                out.append((item, item.line, [t.line for t in item.auction_tokens]))
        return out
    finally:
        reading._FAST, reading._PIECE_BYTES = old


def piece_sources(shared_folder: Path | None) -> list[Path]:
    files = sorted((REPO / "tests" / "fixtures" / "pbn").glob("*.pbn"))
    if shared_folder is not None:
        files += sorted((shared_folder / "corpora" / "pbn-verifier").glob("*.pbn"))
        files += sorted((shared_folder / "corpora" / "etc1999").glob("A1A1030*.PBN"))
    return files


@pytest.mark.parametrize("piece", [1, 2, 7, 100, 4096])
def test_pieces_of_any_size_give_the_games_of_the_line_by_line_reader(piece):
    for path in piece_sources(None):
        reference = read_items(path, fast=False, piece=piece)
        assert read_items(path, fast=True, piece=piece) == reference, path
        data = path.read_bytes()
        assert read_items(io.BytesIO(data), fast=True, piece=piece) == read_items(
            io.BytesIO(data), fast=False, piece=piece)
        assert read_items(data, fast=True, piece=piece) == read_items(data, fast=False, piece=piece)


def test_pieces_on_the_real_files(shared):
    for path in piece_sources(shared):
        reference = read_items(path, fast=False, piece=1 << 20)
        for piece in (3, 333, 1 << 20):
            assert read_items(path, fast=True, piece=piece) == reference, (path, piece)


def test_pieces_on_a_large_file(large, tmp_path):
    head = tmp_path / "head.pbn"
    with open(large, "rb") as source:
        head.write_bytes(source.read(3_000_000))  # about 5,600 games, the last one cut
    reference = read_items(head, fast=False, piece=1 << 20)
    for piece in (65_536, 1 << 20):
        assert read_items(head, fast=True, piece=piece) == reference
