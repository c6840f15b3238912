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
    with pytest.raises(BridgeLawsError, match="absent.pbn: no such file or folder"):
        real_auctions(draft.base, draft, [str(FIXTURES / "absent.pbn")])


@pytest.fixture(scope="module")
def milder():
    return impact(MILDER, max_tokens=2, pbn=[PBN])


def test_the_report_holds_every_section(milder):
    import datetime

    html = impact_report_html(milder, generated=datetime.date(2026, 12, 1))
    text = text_of(html)
    assert "Generated 2026-12-01" in text
    # only the subject the draft touches; the rest in one line (20 cases and 13 mechanics)
    assert "The draft changes 1 of 33 subjects: Insufficient bid. 32 other subjects unchanged." in text
    assert text.count('class="bl-impact-case"') == 0 and html.count('class="bl-impact-case"') == 1
    # before and after in plain words (worked out from 1936:22.3.a/b and the draft's two options)
    assert ("Offender may make the lowest sufficient bid in the same denomination: then partner must pass "
            "at his next turn") in text
    assert "Offender may make the lowest sufficient bid in the same denomination: then nobody must pass" in text
    # the shortest example auction, with its ruling under both
    assert "North 1C, East 1C (insufficient bid) (notation: 1C 1C)." in text
    assert "East may make any other sufficient bid: then West must pass for the rest of the auction" in text
    assert "East may make any other sufficient bid: then West must pass at his next turn" in text
    # the redline of the changed article
    assert "andere speelsoort<ins>; kiest de overtreder" in html and "Against the text of 1936:22.3" in text
    # what differs after the parting: East's correction 1S
    assert "North 1C, East 1C (insufficient bid), East 1S in its place" in text
    # the draft's own fields, said to be absent rather than "unknown"
    assert "The draft file gives no date (field 'date')." in text
    assert "DERDE TIJDVAK" in text and "unknown" not in text.lower()
    assert "0 of 3 recorded auctions end differently under the draft" in text
    assert "None ends differently." in text
    assert "Ledger" not in text and "Matrix cells" not in text


def test_the_drafts_rationale_date_and_sources_are_shown(tmp_path):
    draft = tmp_path / "dated.yaml"
    draft.write_text(Path(MILDER).read_text(encoding="utf-8").replace(
        "changes:\n", "rationale: Fewer bars after a slip.\ndate: 2026-11-30\n"
                      "sources: [\"Minutes of the committee, 2026-11-30\"]\nchanges:\n", 1), encoding="utf-8")
    report = impact(str(draft), max_tokens=1, space=CALLS_SPACE)
    text = text_of(impact_report_html(report))
    assert "Rationale Fewer bars after a slip." in text and "Date of the draft 2026-11-30" in text
    assert "Minutes of the committee, 2026-11-30" in text and "names no sources" not in text
    assert report.draft.draft.date == "2026-11-30"


def test_a_bad_draft_date_is_one_line(tmp_path):
    draft = tmp_path / "bad.yaml"
    draft.write_text(Path(MILDER).read_text(encoding="utf-8").replace("changes:\n", "date: yesterday\nchanges:\n", 1),
                     encoding="utf-8")
    with pytest.raises(BridgeLawsError, match="expected a date YYYY-MM-DD, got 'yesterday'"):
        find_edition(str(draft))


def test_the_dutch_report(milder):
    from test_dutch_walk import _english
    from test_dutch_throughout import visible

    html = impact_report_html(milder, lang="nl")
    text = text_of(html)
    assert html.startswith("<!DOCTYPE html>\n<html lang=\"nl\">")
    assert "Het ontwerp verandert 1 van de 33 onderwerpen: Onvoldoende bod. 32 andere onderwerpen ongewijzigd." in text
    assert "Noord 1C, Oost 1C (onvoldoende bod) (notatie: 1C 1C)." in text
    assert "Oost mag kiezen: ander voldoende bod; dan moet West bij zijn volgende beurt passen" in text
    assert "Tegenover de tekst van 1936:22.3" in text and "Gespeelde biedverlopen" in text
    # the draft's own English (its name, note, reason, summary) is marked as the draft's, untranslated
    assert 'lang="en">1936 with a milder penalty' in html
    assert _english(visible(html)) == []


def test_a_supplementary_base_rule_is_redlined_against_its_paraphrase(tmp_path):
    from bridgelaws.presentation.impact import _redline
    from bridgelaws.presentation.tables import canonical_ruling

    # 2017's call out of rotation at RHO's turn lives in the supplementary layer (Law 31A)
    before = next((canonical_ruling(c.id, "2017") for c in __import__("bridgelaws.judging.rulings", fromlist=["cases"]).cases()
                   if canonical_ruling(c.id, "2017").outside_corpus is not None), None)
    if before is None:
        pytest.skip("no 2017 case is ruled by the supplementary layer in this data")
    proposal = find_edition(MILDER).draft.rulings["insufficient-bid"].proposal
    redline = _redline(before.case, before, proposal)
    assert redline.base_layer == "supplement" and redline.base_source == before.provenance[0].article
    from bridgelaws.supplement.supplement import article

    assert redline.base_quote == article(redline.base_source).paraphrase_en
    from bridgelaws.presentation.impact_report import _redline as shown
    from bridgelaws.presentation.impact import Impact

    words = text_of(shown(None, redline, "en"))
    assert "not the law's text" in words and "paraphrase" in words


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
    assert "end-of-auction" in text and "Against the text of 2017:22.A, 2017:17.D.3" in text  # the mechanic
    # board 1: 1S by North, three passes (2017:17.D.1) against still open under the draft
    assert "Fixture 1 contract 1S by North the auction stays open" in text


def test_pbn_takes_folders_and_checks_every_path_first(tmp_path, capsys, monkeypatch):
    import bridgelaws.presentation.impact as module

    draft = find_edition(FOUR)
    found = real_auctions(draft.base, draft, [str(FIXTURES)])
    assert (found.auctions, found.changed) == (3, 2) and found.files == (PBN,)
    # a missing path after a good one: refused before the search starts, one line naming it
    searched = []
    monkeypatch.setattr(module, "_distinguishing", lambda *a, **k: searched.append(1) or ([], "", []))
    missing = str(tmp_path / "nowhere")
    assert main(["impact", FOUR, "--pbn", str(FIXTURES), missing]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--pbn {missing}: no such file or folder" in err and not searched
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["--lang", "nl", "impact", FOUR, "--pbn", str(empty)]) == 2
    assert f"--pbn {empty}: de map bevat geen PBN-bestand" in capsys.readouterr().err and not searched


def test_cli_pdf_goes_through_the_handout_printer(tmp_path, monkeypatch, capsys):
    import bridgelaws.presentation.handout as handout

    printed = []
    monkeypatch.setattr(handout, "handout_pdf", lambda html: printed.append(html) or b"%PDF-1.4 fixture")
    out = tmp_path / "report.pdf"
    assert main(["impact", FOUR, "--max-tokens", "1", "--space", "calls", "-o", str(out)]) == 0
    assert out.read_bytes() == b"%PDF-1.4 fixture" and "Impact of draft 2017-four-passes" in printed[0]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_printed_report_reads_every_section(tmp_path, lang, monkeypatch, capsys):
    chromium = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        pytest.skip(f"no Chromium at {chromium}")
    pypdf = pytest.importorskip("pypdf")
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", chromium)
    monkeypatch.setenv("BRIDGELAWS_PROGRESS", "1")
    out = tmp_path / "report.pdf"
    assert main(["--lang", lang, "impact", MILDER, "--max-tokens", "3", "--pbn", str(FIXTURES), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert ("printing the PDF" if lang == "en" else "de PDF wordt afgedrukt") in err
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(str(out)).pages)
    text = re.sub(r"\s+", " ", text)
    sections = {"en": ["Impact of draft 1936-milder-insufficient", "The draft", "What the draft changes",
                       "Insufficient bid", "The shortest example auction", "The changed article, as a redline",
                       "What differs later in the auction", "Recorded auctions", "Sources",
                       "0 of 3 recorded auctions end differently"],
                "nl": ["Gevolgen van ontwerp 1936-milder-insufficient", "Het ontwerp", "Wat het ontwerp verandert",
                       "Onvoldoende bod", "Het kortste voorbeeldbiedverloop",
                       "Het gewijzigde artikel, met de wijzigingen gemarkeerd", "Wat later in het bieden verschilt",
                       "Gespeelde biedverlopen", "Bronnen", "0 van de 3 gespeelde biedverlopen eindigen"]}[lang]
    assert [s for s in sections if s not in text] == []


@pytest.mark.parametrize("argv, words", [
    (["-o", "report.txt"], "must end in .html or .pdf"),
    (["--pbn", "absent.pbn"], "no such file or folder"),
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


def test_progress_in_dutch():
    # under --lang nl the search's and the replay's progress lines are Dutch too
    from bridgelaws.text._cliio import Progress

    shown = Progress("impact", stream=io.StringIO(), enabled=True, after=0, every=0)
    impact(MILDER, max_tokens=3, space=CALLS_SPACE, pbn=[PBN], progress=shown, lang="nl")
    lines = shown.stream.getvalue().splitlines()
    assert any("scenario's beoordeeld" in line for line in lines)
    assert any("gespeelde biedverlopen nagespeeld" in line for line in lines)
    assert not any("judged" in line or "replayed" in line for line in lines)
