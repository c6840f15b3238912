"""Issue 25 §5: one scenario across the registry's editions as a handout of two A4 pages: the
bidding diagram (W N E S), then per edition its status, article and quote; the English only on
request (never by default, so never in Dutch unless asked for); short citations with the full ones
in footnotes that name no file of the project and no "unknown" part; badges that never break."""

from __future__ import annotations

import datetime
import io
import math
import os
import re
from pathlib import Path

import pytest

from bridgelaws.presentation import handout
from bridgelaws.auction.editions import EDITIONS

DAY = datetime.date(2026, 12, 1)
CHROMIUM = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
SCENARIOS = ("1S 1H E:2S W:X", "1S S:2S 2H P", "1S W:!SK 1H P")


def _page(scenario: str = SCENARIOS[0], lang: str = "en", **kw) -> str:
    return handout.handout_html(scenario, lang=lang, generated=DAY, **kw)


@pytest.mark.parametrize("lang, heads", [("en", ["West", "North (dealer)", "East", "South"]),
                                         ("nl", ["West", "Noord (gever)", "Oost", "Zuid"])])
def test_the_bidding_diagram_comes_first_west_north_east_south(lang, heads):
    page = _page(lang=lang)
    diagram = page.index('class="bl-handout-diagram"')
    assert diagram < page.index('class="bl-handout-edition"')
    table = page[diagram:page.index("</table>", diagram)]
    found = [re.sub(r"\s+—.*", "", h) for h in re.findall(r"<th(?:\s[^>]*)?>(.*?)</th>", table)]
    assert found == heads


def test_every_edition_has_its_status_article_and_quote():
    page = _page()
    sections = re.findall(r'<section class="bl-handout-edition" data-edition="(\d+)">(.*?)</section>', page, re.S)
    assert [year for year, _ in sections] == [e.year for e in EDITIONS]
    body = dict(sections)
    # 1936:22.3 rules on the insufficient bid (data/rulings/insufficient-bid.yaml, quoted from 1936:22.3)
    assert "&ldquo;moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort&rdquo;" in body["1936"]
    assert 'class="bl-badge"' in body["1936"] and "1936:22.3" in body["1936"]
    assert "code of 1935" in body["1936"].split("</h3>")[0]  # shared/sources/README.md: the 1935 code


def test_the_english_only_on_request():
    assert 'class="bl-english"' not in _page()
    assert 'class="bl-english"' not in _page(lang="nl")
    assert 'class="bl-english"' in _page(english=True)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_short_citations_and_footnotes_without_files_or_unknowns(lang):
    page = _page(lang=lang)
    notes = page[page.rindex("<h2>"):]  # the sources: the last heading
    assert notes.count('<li class="bl-handout-source"') == len(EDITIONS)
    for forbidden in ("unknown", "onbekend", ".txt", "corpus.json", "data/", "shared/", "Stable id"):
        assert forbidden not in notes, forbidden
    for number, edition in enumerate(EDITIONS, 1):
        assert f'<sup class="bl-footnote-ref"><a>[{number}]</a></sup></h3>' in page
    assert "https://keesboek.com" in notes  # data/editions/common.yaml website_address


def test_badges_never_break_in_print():
    css = (Path(handout.__file__).parents[1] / "static" / "print.css").read_text(encoding="utf-8")
    for rule in (".bl-handout-ruling .bl-inherited{", ".bl-handout-assumption{"):
        assert "white-space:nowrap" in css.split(rule, 1)[1].split("}", 1)[0]


@pytest.mark.browser
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_handout_fits_two_a4_pages(scenario, lang, monkeypatch):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    pypdf = pytest.importorskip("pypdf")
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", CHROMIUM)
    reader = pypdf.PdfReader(io.BytesIO(handout.handout_pdf(_page(scenario, lang))))
    # Issue 25 §5: one scenario across five editions on two A4 pages; the bound grows with the
    # registry (a sixth edition made up for a trial adds a third page at most), never hard-coded to five.
    assert len(reader.pages) <= 2 * math.ceil(len(EDITIONS) / 5)
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_the_command_gives_the_english_on_request(tmp_path, capsys):
    from bridgelaws.interfaces.cli import main

    plain, asked = tmp_path / "a.html", tmp_path / "b.html"
    assert main(["handout", "1S 1H", "--editions", "1936", "-o", str(plain)]) == 0
    assert main(["handout", "1S 1H", "--editions", "1936", "--english", "-o", str(asked)]) == 0
    capsys.readouterr()
    assert 'class="bl-english"' not in plain.read_text(encoding="utf-8")
    assert 'class="bl-english"' in asked.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_header_promises_the_english_only_when_it_is_shown(lang):
    # Before, the header said "The English beside a quote is the project's translation" in a handout
    # that shows no English (it is shown only with --english).
    promise = {"en": "The English beside a quote", "nl": "Het Engels bij een citaat"}[lang]
    assert promise not in _page(lang=lang)
    assert promise in _page(lang=lang, english=True)


def test_a_website_every_source_shares_is_named_once():
    page = _page()
    notes = page[page.index("<h2>Sources</h2>"):]
    assert notes.count("https://keesboek.com") == 1  # data/editions/common.yaml: one site for every text
    assert "Every text below is read from the wiki" in notes and 'Wiki page &quot;' in notes
    alone = handout.handout_html("1S 1H", editions="1936", generated=DAY)  # one source: said in full
    assert "Every text below" not in alone and "From the wiki page" in alone


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_short_scenarios_handout_is_one_page_not_one_and_a_fifth(lang, monkeypatch):
    # Before, "1S 1H" across the five editions printed one page and about a fifth of a second (its
    # last sources and the footer), in English and in Dutch.
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    pypdf = pytest.importorskip("pypdf")
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", CHROMIUM)
    if len(EDITIONS) != 5:
        pytest.skip("measured for the five editions of the registry (a trial's sixth edition adds a card)")
    reader = pypdf.PdfReader(io.BytesIO(handout.handout_pdf(_page("1S 1H", lang))))
    assert len(reader.pages) == 1
    text = re.sub(r"\s+", "", reader.pages[0].extract_text())
    assert "2017:27.B" in text and "keesboek.com" in text  # the last card and the sources are on it
