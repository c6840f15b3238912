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

from bridgelaws.interfaces.cli import main

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


# --- every writer, by the one output function (issue 22, "Critical: output files") ------------------
#
# Before, only `pbn` kept these rules: `matrix --format csv|json|latex|xlsx -o`, `handout -o` and
# `exercises --format anki -o` wrote a temporary file and renamed it onto the name given, so a FIFO,
# a device node or a symbolic link became a regular file (exit 0).

#: Each writer: the command (OUT is the output's name), the name's ending, and what its output starts with.
WRITERS = {
    "matrix-csv": (["matrix", "--format", "csv", "-o", "OUT"], ".csv", b"case,case_name_en,"),
    "matrix-json": (["matrix", "--format", "json", "-o", "OUT"], ".json", b'{\n  "format": "bridgelaws-matrix"'),
    "matrix-latex": (["matrix", "--format", "latex", "-o", "OUT"], ".tex", b"% "),
    "matrix-xlsx": (["matrix", "--format", "xlsx", "-o", "OUT"], ".xlsx", b"PK\x03\x04"),
    "handout": (["handout", "1S 1H", "-o", "OUT"], ".html", b"<!DOCTYPE html>"),
    "exercises-anki": (["exercises", "--format", "anki", "-o", "OUT"], ".apkg", b"PK\x03\x04"),
    "exercises-gift": (["exercises", "--format", "gift", "-o", "OUT"], ".gift", b"// "),
    "export-tei": (["export-tei", "1936", "-o", "OUT"], ".xml", b"<?xml"),
}


def write_with(capsys: pytest.CaptureFixture[str], writer: str, out: Path) -> tuple[int, str]:
    command, _, _ = WRITERS[writer]
    code = main([str(out) if word == "OUT" else word for word in command])
    _, err = capsys.readouterr()
    return code, err


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_writes_to_a_fifo_and_leaves_it_a_fifo(capsys, tmp_path, writer):
    _, ending, start = WRITERS[writer]
    fifo = tmp_path / f"pipe{ending}"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, err = write_with(capsys, writer, fifo)
    reader.join(timeout=30)
    assert code == 0, err
    assert received and received[0].startswith(start)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == [fifo.name]


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_follows_a_symbolic_link_and_keeps_it(capsys, tmp_path, writer):
    _, ending, start = WRITERS[writer]
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / f"out{ending}"
    target.write_bytes(b"old\n")
    target.chmod(0o640)
    link = tmp_path / f"link{ending}"
    link.symlink_to(target)
    code, err = write_with(capsys, writer, link)
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes().startswith(start)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # the replaced file keeps its mode
    assert leftovers(tmp_path) == [] and leftovers(target.parent) == []


@pytest.mark.parametrize("writer", WRITERS)
def test_every_writer_writes_to_a_device_node_and_leaves_it_a_device(capsys, tmp_path, writer):
    _, ending, _ = WRITERS[writer]
    null = os.stat("/dev/null")
    device = tmp_path / f"null{ending}"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, null.st_rdev)
    except PermissionError:
        pytest.skip("making a device node needs root (CI and the developers' machines run as root)")
    code, err = write_with(capsys, writer, device)
    assert code == 0, err
    assert stat.S_ISCHR(device.lstat().st_mode) and device.lstat().st_rdev == null.st_rdev
    assert sorted(p.name for p in tmp_path.iterdir()) == [device.name]


def test_a_dangling_symbolic_link_is_followed_and_its_target_made(capsys, tmp_path):
    target = tmp_path / "made.csv"
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    code, err = write_with(capsys, "matrix-csv", link)
    assert code == 0, err
    assert link.is_symlink() and target.read_bytes().startswith(b"case,")


# --- a temporary file left by a killed run (issue 22, Low) --------------------------------------------


def test_a_part_file_left_by_a_killed_run_is_removed_by_the_next_run(capsys, tmp_path):
    import signal
    import subprocess
    import sys

    from bridgelaws.text._cliio import remove_stale_parts

    out = tmp_path / "report.txt"
    unrelated = tmp_path / ".other.txt.abc.part"  # another output's: never touched
    unrelated.write_text("x")
    # A run that has opened its output and is still writing: it holds its .part.
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from bridgelaws.text._cliio import AtomicOutput;"
         "o = AtomicOutput(sys.argv[1]); print(o.temp, flush=True); time.sleep(60)", str(out)],
        cwd=Path(__file__).resolve().parents[1], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        part = Path(holder.stdout.readline().strip())
        assert part.parent == tmp_path and part.name.startswith(".report.txt.") and part.name.endswith(".part")
        assert remove_stale_parts(str(out)) == [] and part.exists()  # a living run keeps its file
    finally:
        holder.send_signal(signal.SIGKILL)  # killed outright: no clean-up of its own
        holder.wait(timeout=30)
    assert part.exists()
    code, _, _ = run(capsys, "-o", str(out))
    assert code == 0 and "agree with their tags" in out.read_text()
    assert not part.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [unrelated.name, out.name]


# --- a file's suffix names its format -------------------------------------------------------------
#
# Before, `exercises --handout --key -o exercises.pdf` exited 0 and wrote HTML into the .pdf, and
# every other writer wrote whatever it writes under any name given.

REFUSED = [
    (["exercises", "--handout", "-o", "OUT.docx.gift"], "exercises: -o {out}: a .gift file is GIFT, but this writes "
                                                        "HTML or PDF: give a file ending in .html or .htm or .pdf"),
    (["exercises", "--format", "gift", "-o", "OUT.pdf"], "exercises: -o {out}: a .pdf file is PDF, but this writes "
                                                         "GIFT: give a file ending in .gift or .txt"),
    (["exercises", "--format", "anki", "-o", "OUT.html"], "exercises: -o {out}: a .html file is HTML, but this "
                                                          "writes an Anki deck: give a file ending in .apkg"),
    (["exercises", "-o", "OUT.csv"], "exercises: -o {out}: a .csv file is CSV, but this writes text: give a file "
                                     "ending in .txt"),
    (["matrix", "--format", "csv", "-o", "OUT.json"], "matrix: -o {out}: a .json file is JSON, but this writes CSV: "
                                                      "give a file ending in .csv"),
    (["matrix", "--format", "latex", "-o", "OUT.pdf"], "matrix: -o {out}: a .pdf file is PDF, but this writes LaTeX: "
                                                       "give a file ending in .tex"),
    (["export-tei", "1936", "-o", "OUT.html"], "export-tei: -o {out}: a .html file is HTML, but this writes TEI XML: "
                                               "give a file ending in .xml or .tei"),
    (["pbn", INPUT, "-o", "OUT.json"], "pbn: -o {out}: a .json file is JSON, but this writes a text report: give a "
                                       "file ending in .txt"),
    (["pbn", INPUT, "--json", "-o", "OUT.txt"], "pbn: -o {out}: a .txt file is text, but this writes JSON: give a "
                                                "file ending in .json"),
    (["handout", "1S 1H", "-o", "OUT.txt"], "handout: -o '{out}' must end in .html or .pdf"),
]


@pytest.mark.parametrize("command, line", REFUSED, ids=[" ".join(c[:3]) for c, _ in REFUSED])
def test_a_suffix_naming_another_format_is_refused_in_one_line(capsys, tmp_path, command, line):
    out = str(tmp_path / "out")
    argv = [word.replace("OUT", out) for word in command]
    written = next(word for word in argv if word.startswith(out))
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"bridgelaws: error: {line.format(out=written)}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_name_without_a_known_suffix_is_written_as_asked(capsys, tmp_path):
    out = tmp_path / "questions"
    assert main(["exercises", "--format", "gift", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"// ")


@pytest.mark.browser
def test_the_exercises_handout_to_a_pdf_file_is_a_pdf(capsys, tmp_path, monkeypatch):
    chromium = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        pytest.skip(f"no Chromium at {chromium}: `make chromium` installs Debian's")
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", chromium)
    out = tmp_path / "exercises.pdf"
    assert main(["exercises", "--handout", "--key", "-o", str(out)]) == 0, capsys.readouterr().err
    assert out.read_bytes().startswith(b"%PDF-")
