"""The static site (issue 13 §3, ``bridgelaws export-site``): every link resolves to a file of the
export (and every #anchor to an element of it), every quote is verbatim from the corpus, every
case, article and scenario step has its page, the output is the same bytes twice, a directory of
someone else's files is refused, and a real browser with JavaScript off reads it from disk.

The site is exported once per module (a few seconds); the expectations are read from the data files
themselves (data/editions/<year>/corpus.json, data/cases.yaml, data/scenarios.yaml), not from the code under test.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import os
import posixpath
import re
import subprocess
import sys
import threading
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from bridgelaws.presentation import static_site
from bridgelaws.interfaces.cli import main
from bridgelaws.text.errors import BridgeLawsError

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
DATE = "2026-10-15"  # a day on which no source of the supplement was read (their dates are on the pages)
YEARS = sorted(path.parent.name for path in (DATA / "editions").glob("*/edition.yaml"))
CORPUS = {year: json.loads((DATA / "editions" / year / "corpus.json").read_text(encoding="utf-8")) for year in YEARS}
RECORDS = {r["id"]: r for year in YEARS for r in CORPUS[year]["records"]}
CASES = yaml.safe_load((DATA / "cases.yaml").read_text(encoding="utf-8"))
CASES = CASES["cases"] if isinstance(CASES, dict) else CASES
SCENARIOS = yaml.safe_load((DATA / "scenarios.yaml").read_text(encoding="utf-8"))
CORPUS_ID = re.compile(r"\b\d{4}:[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*")


def _under(ref: str) -> list[dict]:
    """The records of the corpus at or under ``ref``, in source order (read from the JSON)."""
    return [r for r in RECORDS.values() if r["id"] == ref or r["id"].startswith(ref + ".")]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("site") / "out"
    static_site.export(directory, date=DATE)
    return directory


class _Page(HTMLParser):
    """The links, the ids, the stylesheets and the scripts of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.ids: set[str] = set()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append((tag, name, value))
            if name == "id" and value:
                self.ids.add(value)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@pytest.fixture(scope="module")
def parsed(site) -> dict[str, _Page]:
    """Every page of the site, parsed once: its path from the site's root -> its links and ids."""
    return {path.relative_to(site).as_posix(): _parse(path) for path in _pages(site)}


def _resolve(page: str, link: str) -> tuple[str, str]:
    """A link of ``page`` (both from the site's root) -> (the file it names, its #fragment)."""
    parts = urlsplit(link)
    assert not parts.scheme and not parts.netloc, f"{page}: {link} is not a relative link"
    assert not parts.path.startswith("/"), f"{page}: {link} is absolute to the server's root"
    if not parts.path:
        return page, parts.fragment
    return posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path))), parts.fragment


def test_every_link_and_anchor_resolves_to_the_export(site, parsed):
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert len(parsed) > 100
    checked = 0
    for name, page in parsed.items():
        for tag, attribute, value in page.links:
            target, fragment = _resolve(name, value)
            assert not target.startswith("../"), f"{name}: {value} leaves the site"
            assert target in files, f"{name}: <{tag} {attribute}={value!r}> names no file of the export"
            if fragment:
                assert fragment in parsed[target].ids, f"{name}: {value}: no element with id {fragment!r}"
            checked += 1
    assert checked > 1000


def test_every_page_is_reached_from_the_index(parsed):
    seen, todo = set(), ["index.html"]
    while todo:
        name = todo.pop()
        if name in seen or not name.endswith(".html"):
            continue
        seen.add(name)
        todo.extend(_resolve(name, value)[0] for _, _, value in parsed[name].links)
    assert seen == set(parsed)


def test_one_stylesheet_no_script_no_inline_style_and_readable_sizes(site, parsed):
    for path, page in parsed.items():
        sheets = [v for tag, a, v in page.links if tag == "link"]
        assert len(sheets) == 1 and sheets[0].endswith("style.css"), path
        assert "script" not in page.tags and "style" not in page.tags, path
    css = (site / "style.css").read_text(encoding="utf-8")
    assert (REPO / "bridgelaws" / "static" / "bridgelaws.css").read_text(encoding="utf-8") in css
    spec = importlib.util.spec_from_file_location("readable_rules", Path(__file__).parent / "test_readable.py")
    readable = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(readable)
    assert readable.too_small(css) == []
    assert readable.too_small(".x{font-size:13px}") == ["13px"]  # the scan finds what it looks for


def test_file_names_are_safe_on_every_system(site):
    names = [p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()]
    for name in names:
        for part in name.split("/"):
            assert re.fullmatch(r"\.?[A-Za-z0-9][A-Za-z0-9._-]*", part), name
            assert ":" not in part
    assert len({n.lower() for n in names}) == len(names), "two names differ only in case"
    assert (site / "articles" / "1936-22.html").is_file()  # 1936:22


def test_every_case_has_its_page_with_a_card_per_edition(site):
    assert len(CASES) == len(list((site / "cases").glob("*.html")))
    for case in CASES:
        text = (site / "cases" / f"{case['id']}.html").read_text(encoding="utf-8")
        for year in YEARS:
            assert f'id="e-{year}"' in text, (case["id"], year)
            assert re.search(rf'<div class="bl-card"[^>]*data-case="{re.escape(case["id"])}" data-edition="{year}"', text)


def test_every_article_has_its_page_with_every_record_verbatim(site):
    pages = 0
    for year in YEARS:
        for article in CORPUS[year]["articles"]:
            path = site / "articles" / f"{year}-{article['article']}.html"
            assert path.is_file(), path
            pages += 1
            rows = _dutch_rows(path)
            for record in (r for r in CORPUS[year]["records"] if r["article"] == article["article"]):
                assert record["label"] + record["text"] in rows[record["id"]], record["id"]
    assert pages == len(list((site / "articles").glob("*.html")))


class _Rows(HTMLParser):
    """The Dutch cell of every record's row (``tr id=r-...``), its line breaks as newlines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: dict[str, str] = {}
        self.row: str | None = None
        self.dutch = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr" and attrs.get("data-record"):
            self.row = attrs["data-record"]
            assert attrs.get("id") == "r-" + self.row.replace(":", "-")
            self.rows[self.row] = ""
        elif tag == "td" and self.row:
            self.dutch = attrs.get("lang") == "nl"
        elif tag == "br" and self.dutch and self.row:
            self.rows[self.row] += "\n"

    def handle_endtag(self, tag):
        if tag == "td":
            self.dutch = False

    def handle_data(self, data):
        if self.dutch and self.row:
            self.rows[self.row] += data


def _dutch_rows(path: Path) -> dict[str, str]:
    parser = _Rows()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.rows


_QUOTE = re.compile(r'<blockquote lang="nl">&ldquo;(.*?)&rdquo;(?: <span class="bl-articles">\((.*?)\)</span>)?</blockquote>',
                    re.S)


def test_every_quote_shown_is_verbatim_from_the_corpus(site):
    quotes = 0
    for path in _pages(site):
        for quote, source in _QUOTE.findall(path.read_text(encoding="utf-8")):
            source_id = re.sub(r"<[^>]+>", "", source)
            assert source_id, f"{path.name}: a quote without its record"
            text = "\n".join(r["text"] for r in _under(source_id))
            assert unescape(quote) in text, f"{path.name}: not verbatim in {source_id}: {unescape(quote)!r}"
            quotes += 1
    # At least one quote for every cell the excerpts rule on (each cell's page quotes its ruling).
    from bridgelaws.presentation.tables import matrix_cells
    assert quotes >= sum(1 for cell in matrix_cells("corpus") if cell["status"] == "ruled")


def test_the_cards_captions_and_bars_link_every_article_of_the_corpus_and_only_those(site):
    linked = 0
    for path in sorted((site / "cases").glob("*.html")) + sorted((site / "scenarios").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        named = (re.findall(r'class="bl-articles">(.*?)</(?:div|span)>', text, re.S)
                 + re.findall(r"<caption>(.*?)</caption>", text, re.S)
                 + re.findall(r'<div class="bl-must-pass">(.*?)</div>', text, re.S))
        for inner in named:
            for href, ref in re.findall(r'<a href="([^"]+)">([^<]+)</a>', inner):
                page, _, anchor = href.partition("#")
                year, article = ref.split(":")[0], _under(ref)[0]["article"]
                assert page == f"../articles/{year}-{article}.html", (path.name, ref, href)
                assert not anchor or anchor == "r-" + _under(ref)[0]["id"].replace(":", "-"), (ref, href)
                linked += 1
            plain = re.sub(r"<a [^>]*>[^<]*</a>", "", inner)
            for ref in CORPUS_ID.findall(plain):
                assert not _under(ref), f"{path.name}: {ref} is in the corpus but not linked"
    assert linked > 100


def test_silent_referenced_and_assumptions_read_as_the_views_say(site):
    text = (site / "cases" / "insufficient-bid.html").read_text(encoding="utf-8")
    card_2007 = text.split('id="e-2007"')[1].split("</section>")[0]
    assert "not in the excerpt" in card_2007 and "Assumption, not law:" in card_2007
    card_1932 = text.split('id="e-1932"')[1].split("</section>")[0]
    # 1932:12 "(zie regel 40 - onvoldoend bod)": rule 40 is outside the excerpt, named, not linked.
    assert "referenced" in card_1932
    assert 'points to (not in the corpus): <span class="bl-articles">1932:40</span>' in card_1932
    assert "(zie regel 40 - onvoldoend bod)" in RECORDS["1932:12"]["text"]
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "not in the excerpt" in index and "outside the excerpt" in index


def test_the_matrix_links_every_cell_to_its_cases_card(site):
    text = (site / "matrix.html").read_text(encoding="utf-8")
    for case in CASES:
        row = re.search(rf'<tr data-case="{re.escape(case["id"])}">(.*?)</tr>', text, re.S).group(1)
        cells = re.findall(r"<td [^>]*>(.*?)</td>", row, re.S)
        assert [re.match(r'<a href="([^"]+)">', c).group(1) for c in cells] == \
            [f"cases/{case['id']}.html#e-{year}" for year in YEARS]
        assert f'<a href="cases/{case["id"]}.html">' in row


def test_every_scenario_step_has_its_page_chained_by_previous_and_next(site):
    for scenario in SCENARIOS:
        slug = re.sub(r"[^a-z0-9]+", "-", scenario["name"].lower()).strip("-")
        path, visited = site / "scenarios" / f"{slug}-step-0.html", []
        while path is not None:
            text = path.read_text(encoding="utf-8")
            visited.append(path.name)
            assert text.count('class="bl-panel"') == len(YEARS) and 'class="bl-auction"' in text, path.name
            found = re.search(r'<a rel="next" href="([^"]+)"', text)
            path = site / "scenarios" / found.group(1) if found else None
        assert visited == [f"{slug}-step-{n}.html" for n in range(len(visited))]
        assert len(visited) - 1 == len(static_site.steps(scenario["tokens"]))
        last = (site / "scenarios" / visited[-1]).read_text(encoding="utf-8")
        assert f'step {len(visited) - 1} of {len(visited) - 1}' in last
    assert len(list((site / "scenarios").glob("*.html"))) == sum(
        len(static_site.steps(s["tokens"])) + 1 for s in SCENARIOS)


def test_the_one_date_is_the_generation_date(site):
    found = [p.name for p in site.rglob("*") if p.is_file() and DATE in p.read_text(encoding="utf-8")]
    assert found == ["index.html"]
    assert not re.search(r"\d\d:\d\d:\d\d", "".join(p.read_text(encoding="utf-8") for p in _pages(site)))
    assert static_site.generation_date(environ={"SOURCE_DATE_EPOCH": "1764460800"}) == "2025-11-30"
    with pytest.raises(BridgeLawsError, match="^SOURCE_DATE_EPOCH='soon' is not a whole number"):
        static_site.generation_date(environ={"SOURCE_DATE_EPOCH": "soon"})


def test_a_second_export_over_the_first_is_byte_identical_and_keeps_a_users_files(site, tmp_path):
    again = tmp_path / "again"
    again.mkdir()
    # An earlier export: its marker lists a page this export no longer writes, and a name outside it.
    (again / ".bridgelaws-site").write_text(
        static_site._MARKER_HEAD + "old-page.html\n../outside.txt\nindex.html\n", encoding="utf-8")
    (again / "old-page.html").write_text("old", encoding="utf-8")
    (again / "index.html").symlink_to(tmp_path / "outside.txt")  # removed as a link, never followed
    (again / "my-notes.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "outside.txt").write_text("not the site's", encoding="utf-8")
    # Another process with another hash seed (no set order may leak into a page), and the date from
    # SOURCE_DATE_EPOCH: 1792022400 is 2026-10-15 00:00 UTC, the fixture's date.
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1792022400", "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-m", "bridgelaws", "export-site", "-o", str(again)], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not (again / "old-page.html").exists()
    assert (again / "my-notes.txt").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "outside.txt").read_text(encoding="utf-8") == "not the site's"
    assert not (again / "index.html").is_symlink()
    (again / "my-notes.txt").unlink()
    ours = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    theirs = {p.relative_to(again).as_posix(): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert ours.keys() == theirs.keys()
    assert [name for name in ours if ours[name] != theirs[name]] == []


def test_an_earlier_export_holding_a_users_file_where_a_page_goes_is_refused(tmp_path, capsys):
    (tmp_path / ".bridgelaws-site").write_text(static_site._MARKER_HEAD + "index.html\n", encoding="utf-8")
    (tmp_path / "matrix.html").write_text("my own matrix", encoding="utf-8")
    assert main(["export-site", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "matrix.html was not written by the earlier export" in err
    assert (tmp_path / "matrix.html").read_text(encoding="utf-8") == "my own matrix"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".bridgelaws-site", "matrix.html"]


def _outside_folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    outside = tmp_path / "outside"
    outside.mkdir()
    sentinels = {"insufficient-bid.html": "a page of someone else's", "sentinel.txt": "keep me"}
    for name, text in sentinels.items():
        (outside / name).write_text(text, encoding="utf-8")
    return outside, sentinels


def _unchanged(outside: Path, sentinels: dict[str, str]) -> bool:
    return {p.name: p.read_text(encoding="utf-8") for p in outside.iterdir()} == sentinels


def test_a_folder_of_an_earlier_export_that_is_a_link_is_refused_and_never_followed(site, tmp_path, capsys):
    """Issue 22: `cases` replaced by a link to another folder. Before, the re-export removed the
    listed pages through the link (cases/insufficient-bid.html of the other folder) and wrote its
    pages there."""
    import shutil

    again = tmp_path / "again"
    shutil.copytree(site, again, symlinks=True)
    outside, sentinels = _outside_folder(tmp_path)
    shutil.rmtree(again / "cases")
    (again / "cases").symlink_to(outside, target_is_directory=True)
    before = sorted(p.relative_to(again).as_posix() for p in again.rglob("*"))
    assert main(["export-site", "-o", str(again)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{again / 'cases'} is a symbolic link" in err
    assert _unchanged(outside, sentinels)
    assert sorted(p.relative_to(again).as_posix() for p in again.rglob("*")) == before  # nothing removed


def test_a_link_put_in_place_of_a_folder_after_the_check_is_never_followed(site, tmp_path, monkeypatch):
    """The removal and the writes open each folder without following a link, whatever the check saw."""
    import shutil

    again = tmp_path / "again"
    shutil.copytree(site, again, symlinks=True)
    outside, sentinels = _outside_folder(tmp_path)

    def swap(directory, names):  # the check passes; then the folder becomes a link
        shutil.rmtree(again / "cases")
        (again / "cases").symlink_to(outside, target_is_directory=True)

    monkeypatch.setattr(static_site, "check_no_linked_folder", swap)
    with pytest.raises(BridgeLawsError, match="cases is a symbolic link"):
        static_site.export(again, date=DATE)
    assert _unchanged(outside, sentinels)


def test_a_marker_that_is_a_link_is_refused(tmp_path, capsys):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text(static_site._MARKER_HEAD + "index.html\n", encoding="utf-8")
    site_dir = tmp_path / "site"
    site_dir.mkdir()
    (site_dir / ".bridgelaws-site").symlink_to(elsewhere)
    assert main(["export-site", "-o", str(site_dir)]) == 2
    assert "is a symbolic link" in capsys.readouterr().err
    assert elsewhere.read_text(encoding="utf-8") == static_site._MARKER_HEAD + "index.html\n"


def test_a_directory_of_other_files_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / "thesis.docx").write_text("a user's file", encoding="utf-8")
    assert main(["export-site", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not empty and holds no earlier export" in err
    assert [p.name for p in tmp_path.iterdir()] == ["thesis.docx"]
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(BridgeLawsError, match="is not a directory"):
        static_site.export(tmp_path / "file")


@pytest.mark.parametrize("argv,message", [
    (["--lang", "fr"], "unknown language 'fr'"), (["--date", "30-11-2026"], "not a date of the form YYYY-MM-DD"),
    (["--date", "2026-02-30"], "not a date of the calendar")])
def test_bad_options_are_one_line(tmp_path, capsys, argv, message):
    assert main(["export-site", "-o", str(tmp_path / "new"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "new").exists()


def test_the_command_in_dutch(tmp_path, capsys):
    assert main(["export-site", "-o", str(tmp_path / "nl"), "--lang", "nl", "--date", DATE]) == 0
    out = capsys.readouterr().out
    # Counted from the data files themselves: every case, every article of every edition's text.
    articles = sum(len(CORPUS[year]["articles"]) for year in YEARS)
    assert re.match(rf".* geschreven: \d+ pagina's \({len(CASES)} gevallen, {articles} artikelen, \d+ scenariostappen",
                    out), out
    index = (tmp_path / "nl" / "index.html").read_text(encoding="utf-8")
    assert index.startswith('<!DOCTYPE html>\n<html lang="nl">')
    assert ">Gevallen</a>" in index and "niet in het uittreksel" in index
    assert '<a href="cases/insufficient-bid.html">Onvoldoende bod</a> (<span lang="en">Insufficient bid</span>)' in index
    all_pass = (tmp_path / "nl" / "cases" / "all-pass.html").read_text(encoding="utf-8")
    # The cards are drawn in Dutch (a Dutch summary where one is written: 2017's all-pass has one).
    assert '<div lang="en"><div class="bl-card"' not in all_pass and "Alle vier passen" in all_pass
    assert "er mag niet opnieuw gegeven worden" in all_pass.lower()
    # The quotes stay verbatim Dutch, the cards as the views word them.
    assert "moet het voldoende gemaakt worden" in (tmp_path / "nl" / "cases" / "insufficient-bid.html").read_text(
        encoding="utf-8")


# --------------------------------------------------------------------------- the site in a real browser

# browser: Debian's Chromium through Playwright, one per module (conftest.py).


@contextlib.contextmanager
def _served(directory: Path):
    """``directory`` served over HTTP on a free local port (a plain static server): yields its URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

    handler = functools.partial(Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.browser
def test_the_site_opens_from_disk_and_its_links_lead_from_a_cell_to_the_article(site, browser):
    shots = REPO / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    # No JavaScript: everything must read without it.
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    assert "not in the excerpt" in page.inner_text("main")
    # The one stylesheet is found from disk (the nav bar's colour comes from site.css).
    assert page.locator("nav.bl-site-nav").evaluate("e => getComputedStyle(e).backgroundColor") \
        == "rgb(38, 50, 56)"
    page.click(".bl-site-nav >> text=Matrix")
    assert page.url.endswith("/matrix.html")
    assert page.locator("table.bl-matrix tbody tr").count() == len(CASES)
    page.screenshot(path=str(shots / "site-matrix.png"))
    page.click('a[href="cases/insufficient-bid.html#e-1936"]')
    assert page.url.endswith("/cases/insufficient-bid.html#e-1936")
    card = page.locator("#e-1936 .bl-card")
    assert "RULED" in card.inner_text() and "1936:22.3" in card.inner_text()
    page.screenshot(path=str(shots / "site-case.png"))
    card.locator("div.bl-articles a", has_text="1936:22.3").first.click()
    assert page.url.endswith("/articles/1936-22.html#r-1936-22.3")
    row = page.locator("#r-1936-22\\.3")
    assert row.is_visible()
    # 1936:22.3, verbatim: "moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort"
    assert "moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort" in row.inner_text()
    assert "English: the project's translation, not a source text" in page.inner_text("table.bl-parallel")
    page.screenshot(path=str(shots / "site-article.png"))
    page.click(".bl-site-nav >> text=Scenarios step by step")
    page.click("#scenarios + p + ul a >> text=insufficient bid")
    assert page.url.endswith("/scenarios/insufficient-bid-step-0.html")
    page.click('a[rel="next"]')
    page.click('a[rel="next"]')
    assert page.url.endswith("/scenarios/insufficient-bid-step-2.html")
    assert page.locator(".bl-panel").count() == len(YEARS)
    panel = page.locator('.bl-panel[data-edition="1936"]')
    assert "1♠" in panel.locator("table.bl-auction").inner_text()
    assert "1♥" in panel.locator("table.bl-auction").inner_text()
    assert "RULED" in panel.locator(".bl-card").inner_text()
    assert page.locator('a[rel="next"]').count() == 0
    page.screenshot(path=str(shots / "site-step.png"))
    page.click('a[rel="prev"]')
    assert page.url.endswith("/scenarios/insufficient-bid-step-1.html")
    # The same files from a sub-path of a web server.
    with _served(site.parent) as root:
        page.goto(f"{root}/{site.name}/index.html")
        page.click(".bl-site-nav >> text=Matrix")
        page.click('a[href="cases/all-pass.html#e-1949"]')
        assert page.url == f"{root}/{site.name}/cases/all-pass.html#e-1949"
        assert page.locator("#e-1949 .bl-card").count() == 1
        assert page.locator("nav.bl-site-nav").evaluate("e => getComputedStyle(e).backgroundColor") \
            == "rgb(38, 50, 56)"
    context.close()

