"""`bridgelaws pbn FILE -o OUT` never replaces what it should not (issue 15, section 1).

Before, the report was always written to a temporary file renamed onto OUT: a device node, a FIFO or
a symbolic link became a regular file (as root, `-o /dev/null` replaced /dev/null), and a replaced
file lost its mode. These tests use a copy of /dev/null's device node, a FIFO and links made in a
temporary folder, never the machine's own /dev/null.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from bridgelaws.cli import main

INPUT = str(Path(__file__).resolve().parent / "fixtures" / "pbn" / "basic.pbn")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["pbn", INPUT, *args])
    out, err = capsys.readouterr()
    return code, out, err


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def test_an_empty_output_name_is_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "-o", "")
    assert code == 2 and out == ""
    assert err == "bridgelaws: error: --output needs a file name (it was empty)\n"


def test_a_replaced_file_keeps_its_mode(capsys, tmp_path):
    out = tmp_path / "report.txt"
    out.write_text("old\n")
    out.chmod(0o640)
    code, _, _ = run(capsys, "-o", str(out))
    assert code == 0 and "agree with their tags" in out.read_text()
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_a_symbolic_link_is_written_through(capsys, tmp_path):
    target = tmp_path / "real" / "report.txt"
    target.parent.mkdir()
    target.write_text("old\n")
    target.chmod(0o600)
    link = tmp_path / "report-link.txt"
    link.symlink_to(target)
    code, _, _ = run(capsys, "-o", str(link))
    assert code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)  # the link stays a link
    assert "agree with their tags" in target.read_text()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert leftovers(tmp_path) == [] and leftovers(target.parent) == []


def test_a_fifo_is_written_to_and_stays_a_fifo(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    code, _, _ = run(capsys, "-o", str(fifo))
    reader.join(timeout=30)
    assert code == 0 and received and "agree with their tags" in received[0]
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert leftovers(tmp_path) == []


def test_a_device_node_is_written_to_and_stays_a_device(capsys, tmp_path):
    null = os.stat("/dev/null")
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, null.st_rdev)
    except PermissionError:
        pytest.skip("making a device node needs root (CI and the developers' machines run as root)")
    code, _, _ = run(capsys, "-o", str(device))
    assert code == 0
    assert stat.S_ISCHR(device.stat().st_mode) and device.stat().st_rdev == null.st_rdev
    assert leftovers(tmp_path) == []
