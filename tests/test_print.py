"""Printing on A4 and the handout (issue 13 §3).

The handout's HTML is checked against the corpus (every quote verbatim, read from data/editions/*/corpus.json)
and for anything that would reach a network. In Chromium (the tests marked ``browser``): a comparison,
a stepper position and the matrix are printed to PDF; nothing is wider than the printable width in
print media, the matrix is on landscape pages, no card (no row of the matrix) is cut by a page break,
the widgets' controls are hidden; and the handout's PDF has text one can find.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import re
from html import unescape
from pathlib import Path

import pytest

from bridgelaws.presentation import handout
from bridgelaws.text import translation
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.presentation.tables import compare_results

REPO = Path(__file__).resolve().parents[1]
PRINT_CSS = REPO / "bridgelaws" / "static" / "print.css"
CHROMIUM = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
#: A scenario with several irregularities, so that every edition has cards and the print runs to pages.
SCENARIO = "1S 1H E:2S W:X"
DAY = datetime.date(2026, 11, 30)
#: CSS pixels per millimetre; A4 less the print stylesheet's 10 mm margins.
PX = 96 / 25.4
PORTRAIT = ((210 - 20) * PX, (297 - 20) * PX)
LANDSCAPE = (PORTRAIT[1], PORTRAIT[0])
_QUOTE = re.compile(r'<blockquote lang="nl">&ldquo;(.*?)&rdquo;')


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def page_html():
    return handout.handout_html(SCENARIO, generated=DAY, english=True)


def _corpus_texts() -> dict[str, str]:
    texts = {}
    for path in sorted((REPO / "data" / "editions").glob("*/corpus.json")):
        for record in json.loads(path.read_text(encoding="utf-8"))["records"]:
            texts[record["id"]] = record["text"]
    return texts


def test_the_handout_has_every_quote_verbatim(page_html):
    texts = _corpus_texts()
    shown = [unescape(q) for q in _QUOTE.findall(page_html)]
    wanted = [(r.quote_nl, r.quote_from) for result in compare_results(SCENARIO) for _, r in result.events
              if r.quote_nl]
    assert wanted and len(shown) == len(wanted)
    for quote, record in wanted:
        assert quote in shown
        assert quote in texts[record], (record, quote)  # verbatim, from data/corpus itself
    # with its article, and the project's English of the paragraph wherever there is one
    for quote, record in wanted:
        assert f"({record})</span></blockquote>" in page_html
    english = [record for _, record in wanted if translation.english(record) is not None]
    assert english and page_html.count('class="bl-english"') == len(english)
    assert page_html.count("the project&#x27;s translation, not a source text") >= len(english)


def test_the_handout_is_self_contained(page_html):
    assert page_html.startswith("<!DOCTYPE html>") and page_html.rstrip().endswith("</html>")
    lowered = page_html.lower()
    for forbidden in ("<script", "<link", "<iframe", "<img", "<object", "<embed", "@import", "url(", " src=",
                      " href=", "javascript:"):
        assert forbidden not in lowered, forbidden
    assert lowered.count("<style>") == 1  # the stylesheet once, inline
    # A web address appears only as the text of a citation, never where a page would load it.
    for address in re.findall(r"https?://[^\s<\"']+", page_html):
        assert page_html.index(address) > page_html.rindex("<h2>")  # the sources, the last section


def test_the_handout_has_a_title_the_date_and_every_sources_citation(page_html):
    assert "<title>Scenario 1S 1H E:2S W:X across the editions of the Laws</title>" in page_html
    assert "generated 2026-11-30" in page_html
    # every edition's source in a numbered footnote, its printed title as the source gives it
    from bridgelaws.text.bibliography import metadata

    for number, edition in enumerate(EDITIONS, 1):
        assert f'<li class="bl-handout-source" id="bl-source-{edition.year}" data-edition="{edition.year}">' in page_html
        assert f"<a>[{number}]</a>" in page_html
        printed = metadata(edition.year).printed_title.value
        if printed is None:  # a field its sources leave unknown (an edition made up for a trial): none to show
            continue
        assert str(printed).strip().replace('"', "&quot;").replace("'", "&#x27;") in page_html


def test_the_handout_in_dutch_keeps_the_quotes():
    dutch = handout.handout_html("1S 1H", editions="1936,2017", lang="nl", generated=DAY)
    english = handout.handout_html("1S 1H", editions="1936,2017", generated=DAY)
    assert '<html lang="nl">' in dutch and "Scenario 1S 1H in de edities van de spelregels" in dutch
    assert "Gever Noord; edities 1936, 2017; gemaakt op 2026-11-30" in dutch
    assert _QUOTE.findall(dutch) == _QUOTE.findall(english) != []
    # The comparison itself is drawn in Dutch too: the case's Dutch name, the Dutch status words.
    assert "Onvoldoende bod" in dutch and "Insufficient bid" not in dutch and "geregeld" in dutch.lower()


def test_the_handout_command_writes_html(tmp_path, capsys):
    path = tmp_path / "handout.html"
    code, out, err = run(capsys, "handout", "1S 1H", "--editions", "1936", "-o", str(path))
    assert code == 0 and err == "" and out.strip() == f"wrote {path}: the handout as HTML"
    assert "moet het voldoende gemaakt worden" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("argv, fragment", [
    (["handout", "1S 1H", "-o", "h.txt"], "must end in .html or .pdf"),
    (["handout", "1S 1Q", "-o", "h.html"], "'1Q' at position 2"),
    (["handout", "1S", "--lang", "fr", "-o", "h.html"], "unknown language 'fr'"),
    (["handout", "1S"], "required: -o/--output"),
])
def test_handout_refusals_are_one_line(argv, fragment, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and fragment in err
    assert list(tmp_path.iterdir()) == []


def test_a_pdf_without_chromium_is_one_line_naming_it(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", str(tmp_path / "no-chromium"))
    code, out, err = run(capsys, "handout", "1S", "-o", str(tmp_path / "h.pdf"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "needs Chromium" in err and "no-chromium" in err
    assert not (tmp_path / "h.pdf").exists()


def test_the_print_stylesheet_keeps_text_at_14px():
    from test_readable import too_small

    css = PRINT_CSS.read_text(encoding="utf-8")
    assert "@media print" in css and "@page" in css
    assert too_small(css) == []


# --- in Chromium -------------------------------------------------------------------------------


# browser: Debian's Chromium through Playwright, one per module (conftest.py).


def _document(view: str) -> str:
    return f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body style="margin:0">{view}</body></html>'


def _views():
    from bridgelaws.presentation import views

    return {
        # The excerpts alone: the layout is measured on the scenario's longest page of cards.
        "compare": (lambda: views.compare_html(SCENARIO, english=True, layer="corpus"), PORTRAIT, ".bl-card"),
        "stepper": (lambda: views.stepper_html("1S W:!SK 1H", english=True), PORTRAIT, ".bl-card"),
        "matrix": (lambda: views.matrix_html(), LANDSCAPE, "table.bl-matrix tbody tr"),
    }


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.browser
@pytest.mark.parametrize("name", ["compare", "stepper", "matrix"])
def test_a_view_prints_on_a4_without_cut_panels(users_browser, name):
    pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed (pip install -e '.[test]')")
    make, (width, height), whole = _views()[name]
    page = users_browser.new_page(viewport={"width": round(width), "height": round(height)})
    try:
        page.set_content(_document(make()))
        page.emulate_media(media="print")
        # Laid out as wide as the printable width: nothing sticks out of it.
        wider = page.evaluate("""(width) => [...document.querySelectorAll('body *')]
            .filter(e => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().right > width + 0.5)
            .map(e => e.tagName + '.' + e.className)""", width)
        assert wider == [], wider
        assert page.evaluate("document.documentElement.scrollWidth") <= round(width)
        pdf = pypdf.PdfReader(io.BytesIO(page.pdf(format="A4", prefer_css_page_size=True)))
        box = pdf.pages[0].mediabox
        assert (float(box.width) > float(box.height)) is (name == "matrix")  # landscape for the matrix only
        # Each card (or matrix row) lower than a page is whole on one page of the PDF.
        pages = [_squeezed(p.extract_text()) for p in pdf.pages]
        items = page.eval_on_selector_all(whole, "els => els.map(e => [e.innerText, e.getBoundingClientRect().height])")
        checked = [text for text, tall in items if tall < height]
        assert len(checked) >= 10 and len(pages) >= 2, "enough cards, over more than one page, to measure"
        cut = [text[:60] for text in checked if not any(_squeezed(text) in p for p in pages)]
        assert cut == [], cut
    finally:
        page.close()


@pytest.mark.browser
def test_controls_are_hidden_in_print(users_browser):
    from bridgelaws.presentation.render import stylesheet

    page = users_browser.new_page()
    try:
        page.set_content(_document(
            stylesheet() + '<div class="bl-widget"><div class="widget-hbox"><button class="widget-button">Clear</button>'
            '<div class="widget-dropdown"><select><option>1S 1H</option></select></div></div>'
            '<div class="bl-view"><p id="kept">The view</p></div><a class="bl-no-print" id="link">copy link</a></div>'))
        hidden = "(sel) => getComputedStyle(document.querySelector(sel)).display === 'none'"
        for selector in ("button", "select", "#link"):
            assert not page.evaluate(hidden, selector)
        page.emulate_media(media="print")
        for selector in ("button", "select", "#link"):
            assert page.evaluate(hidden, selector), selector
        assert not page.evaluate(hidden, "#kept")
    finally:
        page.close()


@pytest.mark.browser
def test_the_handout_pdf_has_text_one_can_find(tmp_path, capsys, monkeypatch):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: `make chromium` installs Debian's")
    pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed (pip install -e '.[test]')")
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", CHROMIUM)
    path = tmp_path / "handout.pdf"
    code, out, err = run(capsys, "handout", "1S 1H", "--editions", "1936,2017", "-o", str(path))
    assert code == 0, err
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    reader = pypdf.PdfReader(io.BytesIO(data))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)  # A4 portrait, in points
    text = _squeezed("".join(p.extract_text() for p in reader.pages))
    assert _squeezed("Scenario 1S 1H across the editions of the Laws") in text
    assert _squeezed("moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort") in text
    # 2017 answers from the supplement by default (Law 27 is outside its excerpt): its card says so.
    assert _squeezed("outside the corpus") in text and _squeezed("2017:27.B") in text


def test_the_handout_link_holds_the_handout_itself():
    import base64

    link = handout.handout_link("1S 1H", editions="1936", generated=DAY)
    match = re.fullmatch(r'<a class="bl-no-print bl-handout-link" download="handout-1S-1H.html" '
                         r'href="data:text/html;charset=utf-8;base64,([A-Za-z0-9+/=]+)">Download a handout of this '
                         r"comparison \(HTML, printable\)</a>", link)
    assert match
    assert base64.b64decode(match.group(1)).decode("utf-8") == handout.handout_html("1S 1H", editions="1936",
                                                                                   generated=DAY)
