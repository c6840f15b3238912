"""Hostile input, third round (issue 37): a broken registry of editions, writers that never crash,
output files named as a shell would name them, and what a draft may put before a reader. Each test
fails on the code before this work (237c36f). The served app's items are in tests/test_serving.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaws import BridgeLawsError
from bridgelaws.text import datafiles, registry
from datacopy import copy_data

REPO = Path(__file__).resolve().parents[1]


def _bridgelaws(args: list[str], env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridgelaws", *args], capture_output=True, text=True, timeout=120,
                          cwd=REPO, env={**os.environ, **(env or {})}, **kwargs)


def _one_line(done: subprocess.CompletedProcess, text: str) -> None:
    assert "Traceback" not in done.stderr, done.stderr[-1500:]
    assert done.returncode == 2, (done.returncode, done.stderr[-1500:])
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bridgelaws: error: ") and text in lines[0], done.stderr


# --- a broken registry: one line, exit 2, and --help still works ---------------------------------------

def _derives(data: Path, year: str, base: str) -> None:
    with open(data / "editions" / year / "edition.yaml", "a", encoding="utf-8") as entry:
        entry.write(f'derives: "{base}"\n')


@pytest.mark.parametrize("breakage, problem", [
    ([("2017", "2017")], "editions/2017/edition.yaml: derives: '2017' is not another registered edition"),
    ([("2007", "2017"), ("2017", "2007")], "derives: derives from itself through "),
    ([("2017", "1999")], "editions/2017/edition.yaml: derives: '1999' is not another registered edition"),
], ids=["itself", "cycle", "missing-base"])
def test_a_broken_registry_is_one_line_and_help_still_works(tmp_path, breakage, problem):
    data = copy_data(tmp_path)
    for year, base in breakage:
        _derives(data, year, base)
    env = {"BRIDGELAWS_DATA": str(data)}
    _one_line(_bridgelaws(["editions"], env), problem)
    helped = _bridgelaws(["--help"], env)
    assert helped.returncode == 0 and helped.stderr == "", helped.stderr[-1500:]
    assert helped.stdout.startswith("usage: bridgelaws") and "judge" in helped.stdout


def test_bridgelaws_data_naming_no_folder_is_one_line_even_for_help(tmp_path):
    # The help's words are the catalogue's (data/messages/): with no data there is no help to give.
    for args in (["--help"], ["editions"], []):
        _one_line(_bridgelaws(args, {"BRIDGELAWS_DATA": str(tmp_path / "nowhere")}),
                  f"BRIDGELAWS_DATA='{tmp_path / 'nowhere'}' is not a folder")
    _one_line(_bridgelaws(["editions"], {"BRIDGELAWS_DATA": str(tmp_path)}), "messages/: no message file")


@pytest.mark.parametrize("name", ["2025 x", "2025.1", "2025:x", "x2025"])
def test_an_edition_folder_whose_name_is_no_edition_id_is_refused(tmp_path, name):
    data = copy_data(tmp_path)
    (data / "editions" / name).mkdir()
    (data / "editions" / name / "edition.yaml").write_text("name: x\n", encoding="utf-8")
    with datafiles.override(data):
        with pytest.raises(BridgeLawsError, match=rf"^editions/{name}/: '{name}' is not an edition's id: "):
            registry.registry_data()


# --- writers: what a format cannot hold is escaped, never a crash -------------------------------------

CONTROL_DRAFT = """draft: controls
name: "controls"
base: "1936"
changes:
  - case: skipped-turn-at-end
    wording: "gaat de bieding terug"
    reason: "reason"
    ruling:
      status: ruled
      call_stands: false
      next: skipped
      summary_en: "summary \\\\e[8m \\\\x00 hidden \\\\x9b"
"""


@pytest.fixture
def control_draft(tmp_path) -> str:
    path = tmp_path / "controls.yaml"
    path.write_text(CONTROL_DRAFT.replace("\\\\", "\\"), encoding="utf-8")
    return str(path)


def test_the_workbook_holds_a_drafts_control_characters_as_escapes(control_draft, tmp_path):
    # Before: openpyxl's IllegalCharacterError, a 37-line traceback, exit 1.
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "matrix.xlsx"
    done = _bridgelaws(["matrix", "--format", "xlsx", "--editions", f"1936,{control_draft}", "-o", str(out)])
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-1500:]
    book = openpyxl.load_workbook(out)
    texts = [cell.value for sheet in book.worksheets for row in sheet.iter_rows() for cell in row
             if isinstance(cell.value, str)]
    assert "summary \\x1b[8m \\x00 hidden \x9b" in texts  # C1 is legal XML: kept as it is
    assert not [text for text in texts if any(ord(c) < 0x20 and c not in "\t\n\r" for c in text)]


def test_latex_holds_control_characters_as_escapes():
    # pdflatex stops at a control character ("Text line contains an invalid character").
    from bridgelaws.presentation.exports import latex_escape

    assert latex_escape("a\x1b[8m\x00b\x9b_") == r"a\textbackslash{}x1b[8m\textbackslash{}x00b\textbackslash{}x9b\_"


# --- bidirectional controls: refused in a draft, escaped on the terminal and in JSON -------------------

@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u200f", "\u061c"])
def test_a_bidirectional_control_in_a_draft_is_one_line(tmp_path, control):
    draft = tmp_path / "bidi.yaml"
    draft.write_text(CONTROL_DRAFT.replace("\\\\", "\\").replace("hidden", f"hidden {control}evil"),
                     encoding="utf-8")
    done = _bridgelaws(["judge", "--edition", str(draft), "1S P P E:P"])
    _one_line(done, f"line 12: a bidirectional control character U+{ord(control):04X} ")
    assert control not in done.stderr and control not in done.stdout
    escaped = json_escaped = f"\\u{ord(control):04x}"
    from bridgelaws.interfaces.cli_common import _JSON_SHOWN, one_line

    assert one_line(f"x{control}y") == f"x{escaped}y"  # any error line that quotes one
    assert f"x{control}y".translate(_JSON_SHOWN) == f"x{json_escaped}y"  # a JSON listing: reads back the same


# --- output files: where the shell's > would write, any valid name, never the input --------------------

def test_output_to_dev_stdout_into_a_pipe_is_written_there():
    done = subprocess.run(f"{sys.executable} -m bridgelaws matrix --format csv -o /dev/stdout | cat", shell=True,
                          capture_output=True, text=True, timeout=120, cwd=REPO)
    assert done.returncode == 0 and done.stderr == "", done.stderr[-1500:]
    assert done.stdout.startswith("case,case_name_en,") and len(done.stdout.splitlines()) > 50


@pytest.mark.parametrize("length", [241, 250, 255])
def test_a_file_name_of_up_to_255_bytes_is_written(tmp_path, length):
    from bridgelaws.text._cliio import write_output

    name = "é" * ((length - 4) // 2) + "a" * ((length - 4) % 2) + ".csv"
    assert len(os.fsencode(name)) == length
    target = tmp_path / name
    write_output(str(target), "one\n")
    write_output(str(target), "two\n")  # over the first: through its temporary file again
    assert target.read_text() == "two\n" and [p.name for p in tmp_path.iterdir()] == [name]
    from bridgelaws.text._cliio import part_prefix

    assert len(os.fsencode(part_prefix(str(target)))) + 8 + len(".part") <= 255
    assert part_prefix(str(tmp_path / "short.csv")) == ".short.csv."  # unchanged for the usual names


def test_impact_never_writes_its_report_over_its_pbn_file(tmp_path):
    pbn = tmp_path / "games.html"
    original = (REPO / "tests" / "fixtures" / "pbn" / "basic.pbn").read_bytes()
    pbn.write_bytes(original)
    done = _bridgelaws(["impact", "data/drafts/1936-milder-insufficient-bid.yaml", "--max-tokens", "2",
                        "--pbn", str(pbn), "-o", str(pbn)])
    _one_line(done, f"--output {pbn} is the input file: the input is never overwritten")
    assert pbn.read_bytes() == original


# --- make test as a user who is not root, on a machine without chromium --------------------------------

def _make_chromium(tmp_path: Path, uid: int) -> tuple[subprocess.CompletedProcess, list[str]]:
    """``make chromium`` with Chromium missing, run by ``uid`` as ``id -u`` tells it; apt-get is a
    stand-in that records its call and fails as it fails for a user who is not root (the machine's
    own apt-get is never run)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    calls = tmp_path / "apt-calls"
    (bin_dir / "apt-get").write_text(f'#!/bin/sh\necho "$*" >> {calls}\n'
                                     'echo "E: Could not open lock file - open (13: Permission denied)" >&2\n'
                                     "exit 100\n")
    for tool in bin_dir.iterdir():
        tool.chmod(0o755)
    done = subprocess.run(["make", "-s", "chromium", f"CHROMIUM={tmp_path / 'no-chromium'}",
                           f"HEADLESS_SHELL={tmp_path / 'no-shell'}"], cwd=REPO, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"})
    return done, calls.read_text().splitlines() if calls.exists() else []


def test_make_test_without_root_says_what_to_install_and_goes_on(tmp_path):
    # Before: apt-get as any user; for one who is not root "lock denied", error 100, and no test ran.
    done, apt_calls = _make_chromium(tmp_path, 1000)
    assert done.returncode == 0 and apt_calls == [], (done.stdout, done.stderr)
    assert done.stdout.splitlines() == [
        f"chromium is missing ({tmp_path / 'no-chromium'}) and only root can install it: sudo apt-get install "
        "chromium chromium-headless-shell (or run make test as root); the tests that need a browser are "
        "skipped, each with its reason"]
    # As root it still installs (here the stand-in fails, and make says so and stops).
    (tmp_path / "root").mkdir()
    done, apt_calls = _make_chromium(tmp_path / "root", 0)
    assert done.returncode != 0 and apt_calls == ["update -qq"], (done.stdout, done.stderr)
    assert done.stdout.startswith("installing chromium (apt-get)")
