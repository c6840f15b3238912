"""The impact report of a draft (issue 24 section 4): ``bridgelaws impact DRAFT -o report.html``
(and ``.pdf``), ``--pbn FILES``, the progress line.

Expected values were worked out by hand:

- ``tests/fixtures/impact/four-passes.yaml`` (a fixture, not law) closes an auction only after four
  passes following a bid. Of the three auctions of ``three-auctions.pbn``, board 1 (``1S P P P``)
  and board 3 (``P 1H P 2H P P P``) end after three passes under 2017 (17.D.1) and stay open under
  the draft; board 2 (four passes, no bid) is passed out under both: 2 of 3 change.
- Over the 1,160 recorded auctions of ETC 1999, the independent count of issue 24 is 1,156 changed
  (the four passed-out deals are the same).
- ``data/drafts/1936-milder-insufficient-bid.yaml``: its one change is the ruling of
  ``insufficient-bid``; 1936:22.3 is the record its redline is made against; with ``1C 1C`` (North
  1C, East 1C) the two part: the options' bars differ (1936:22.3.a/b vs the draft).
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from bridgelaws import BridgeLawsError
from bridgelaws.interfaces.cli import main
from bridgelaws.presentation.distinguish import CALLS_SPACE
from bridgelaws.judging.lookup import find_edition
from bridgelaws.presentation.impact import impact, impact_report_html, real_auctions, write_impact_report

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "impact"
FOUR = str(FIXTURES / "four-passes.yaml")
PBN = str(FIXTURES / "three-auctions.pbn")
MILDER = "data/drafts/1936-milder-insufficient-bid.yaml"
#: ../shared beside the checkout (or beside the folder of worktrees), or $BRIDGELAWS_SHARED.
_SHARED = ([Path(os.environ["BRIDGELAWS_SHARED"])] if os.environ.get("BRIDGELAWS_SHARED")
           else [HERE.parents[1] / "shared", HERE.parents[2] / "shared"])
ETC = next((p / "corpora" / "etc1999" for p in _SHARED if (p / "corpora" / "etc1999").is_dir()),
           _SHARED[0] / "corpora" / "etc1999")


def text_of(html: str) -> str:
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_real_auctions_on_a_small_file():
    draft = find_edition(FOUR)
    found = real_auctions(draft.base, draft, [PBN])
    assert (found.games, found.auctions, found.changed, found.unreadable) == (3, 3, 2, 0)
    assert [x["board"] for x in found.examples] == ["1", "3"]
    assert found.examples[0]["base"].startswith("contract 1S") and found.examples[0]["draft"].startswith("open")
    assert found.sentence().startswith("2 of 3 recorded auctions end differently")


@pytest.mark.skipif(not ETC.is_dir(), reason=f"the ETC 1999 corpus is not here ({ETC})")
def test_real_auctions_on_etc_1999():
    draft = find_edition(FOUR)
    found = real_auctions(draft.base, draft, sorted(str(p) for p in ETC.glob("*.PBN")))
    assert (found.auctions, found.changed) == (1160, 1156)


def test_a_missing_pbn_file_is_one_line():
    draft = find_edition(FOUR)
    with pytest.raises(BridgeLawsError, match="no such file"):
        real_auctions(draft.base, draft, [str(FIXTURES / "absent.pbn")])


@pytest.fixture(scope="module")
def milder():
    return impact(MILDER, max_tokens=2, pbn=[PBN])


def test_the_report_holds_every_section(milder):
    import datetime

    html = impact_report_html(milder, generated=datetime.date(2026, 12, 1))
    text = text_of(html)
    assert "Generated 2026-12-01" in text
    assert "DERDE TIJDVAK" in text  # the 1936 source's citation (data/bibliography.yaml)
    assert "<del>" in html and "<ins>" in html and "against 1936:22.3" in text  # the redline
    assert "Matrix cells that change (1 of" in text and "insufficient-bid" in text
    # the parting, with the articles on both sides
    assert "1C 1C" in text and "1936: insufficient-bid, ruled (1936:22.3, 1936:22.3.a, 1936:22.3.b" in text
    assert "1936-milder-insufficient: insufficient-bid, ruled (1936-milder-insufficient:insufficient-bid" in text
    assert "1C 1C 1S" in text and "correction, after the parting" in text  # what follows it
    assert "Ledger, 1936 to 1936-milder-insufficient" in text and "milder" in text
    assert "0 of 3 recorded auctions end differently" in text  # a ruling change: the recorded auctions are plain


def test_the_report_loads_nothing_and_escapes_the_draft(tmp_path):
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text(Path(FOUR).read_text(encoding="utf-8")
                       .replace('name: "2017 closed by four passes (test fixture, not law)"',
                                'name: "<script>alert(1)</script> & <img src=x>"')
                       .replace("note: A test fixture, not law.", 'note: "<iframe src=file:///etc/passwd>"'),
                       encoding="utf-8")
    html = impact_report_html(impact(str(hostile), max_tokens=1, space=CALLS_SPACE))
    assert "<script" not in html and "<img" not in html and "<iframe" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x&gt;" in html
    head = html.split("<head>", 1)[1]
    assert head.startswith('<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"')


def test_cli_writes_the_report(tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["impact", FOUR, "--max-tokens", "1", "--space", "calls", "--pbn", PBN, "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out}")
    text = text_of(out.read_text(encoding="utf-8"))
    assert "2 of 3 recorded auctions end differently" in text
    assert "closing" in text  # the mechanic's change, in the redline section


def test_cli_pdf_goes_through_the_handout_printer(tmp_path, monkeypatch, capsys):
    import bridgelaws.presentation.handout as handout

    printed = []
    monkeypatch.setattr(handout, "handout_pdf", lambda html: printed.append(html) or b"%PDF-1.4 fixture")
    out = tmp_path / "report.pdf"
    assert main(["impact", FOUR, "--max-tokens", "1", "--space", "calls", "-o", str(out)]) == 0
    assert out.read_bytes() == b"%PDF-1.4 fixture" and "Impact of draft 2017-four-passes" in printed[0]


@pytest.mark.parametrize("argv, words", [
    (["-o", "report.txt"], "must end in .html or .pdf"),
    (["--pbn", "absent.pbn"], "no such file"),
])
def test_cli_bad_arguments_are_one_line(tmp_path, capsys, argv, words):
    argv = [a if not a.endswith((".txt", ".pbn")) else str(tmp_path / a) for a in argv]
    assert main(["impact", FOUR, "--max-tokens", "1", "--space", "calls", *argv]) != 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and words in captured.err and not list(tmp_path.iterdir())


def test_progress_on_a_long_run_only_where_asked():
    from bridgelaws.text._cliio import Progress

    shown = Progress("impact", stream=io.StringIO(), enabled=True, after=0, every=0)
    impact(FOUR, max_tokens=2, space=CALLS_SPACE, pbn=[PBN], progress=shown)
    lines = shown.stream.getvalue().splitlines()
    assert lines and all(line.startswith("bridgelaws: impact: ") for line in lines)
    assert any("recorded auctions replayed" in line for line in lines)
    quiet = Progress("impact", stream=io.StringIO())  # not a terminal, not asked: nothing
    impact(FOUR, max_tokens=1, space=CALLS_SPACE, progress=quiet)
    assert quiet.stream.getvalue() == ""


def test_cli_progress_stays_off_stderr_when_it_is_not_a_terminal(capsys):
    assert main(["impact", FOUR, "--max-tokens", "1", "--space", "calls"]) == 0
    assert capsys.readouterr().err == ""
