"""A static site of the project: ``bridgelaws export-site -o DIR``.

Plain HTML files and one stylesheet that a teacher or a committee opens from disk (``file://``) or
puts on any web server, under any path: every link is relative, no page needs JavaScript, and no
Python runs behind it. With ``--pyodide DIR`` the site also holds ``stepper.html``, the stepper and
the comparison run in the browser (:mod:`bridgelaws.presentation.site_stepper`): the one page with a
script, served by the site's host alone. Every page is made of the project's pure views (the matrix, the ruling cards,
the stepper, the Dutch beside the project's English); this module only lays them out, links them
(a card's article ids link to the article's page, a matrix cell to its case) and writes the files.
Nothing here decides a ruling or words a status: that is :mod:`bridgelaws.presentation.present` and the views.

The output is deterministic: the same data and the same generation date give byte-identical files.
The date is the one moment in the site; it is ``--date``, else ``SOURCE_DATE_EPOCH``, else today (UTC).

A directory is written only if it is new, empty or a previous export (it holds :data:`MARKER`, the
list of the files an export wrote); a re-export removes exactly those files, never a user's.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path

from .. import __version__
from ..text import bibliography, corpus
from ..auction.editions import EDITIONS
from ..text.errors import BridgeLawsError
from ..text.i18n import find_language, t
from .edition_words import case_name
from .render import case_words, ruling_html, stylesheet
from . import site_stepper
from .site_files import FOLDER_FLAGS, check_no_linked_folder, remove_previous, write_file
from ..judging.rulings import Case, cases
from .tables import canonical_ruling
from .views import parallel_html, stepper_html, steps
from ..text.content import scenario_about, scenario_name, scenarios


#: The file that marks a directory as an export of this command; it lists the files the export wrote.
MARKER = ".bridgelaws-site"
_MARKER_HEAD = "bridgelaws export-site: the files below were written by this command\n"
#: The site's one stylesheet: the project's (bridgelaws/static/bridgelaws.css) and the site's layout.
STYLESHEET = "style.css"
#: What a file name of the site may hold: safe on every file system and in a URL, no ':'.
SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def file_stem(ident: str) -> str:
    """A file name for an id: ``1936:22`` -> ``1936-22``, ``double-of-partner`` unchanged."""
    stem = ident.replace(":", "-")
    if not SAFE_NAME.match(stem):
        raise BridgeLawsError(f"cannot name a page of the site after {ident!r}: it holds characters "
                              "a file name cannot have on every system")
    return stem


def article_path(edition: str, article: str) -> str:
    """The page of an article: ``articles/1936-22.html``."""
    return f"articles/{file_stem(f'{edition}:{article}')}.html"


def record_anchor(record_id: str) -> str:
    """The anchor of a record on its article's page: ``r-1936-22.6.c``."""
    return "r-" + file_stem(record_id)


def case_path(case_id: str) -> str:
    return f"cases/{file_stem(case_id)}.html"


def edition_anchor(year: str) -> str:
    """The anchor of an edition's card on a case page: ``e-1936``."""
    return f"e-{year}"


def scenario_slug(name: str) -> str:
    """``"double of partner's bid"`` -> ``double-of-partner-s-bid``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def step_path(slug: str, step: int) -> str:
    return f"scenarios/{slug}-step-{step}.html"


def article_href(ref: str) -> str | None:
    """Where the site shows ``ref`` (an article, a section or a record of the corpus), from the
    site's root; None when the corpus does not hold it (an article outside the excerpt)."""
    if not corpus.resolves(ref):
        return None
    passage = corpus.article(ref)
    path = article_path(passage.edition, passage.article)
    if ref == f"{passage.edition}:{passage.article}":
        return path
    return f"{path}#{record_anchor(passage.records[0].id)}"


# ------------------------------------------------------------------------------------ linking the views

#: The elements of the views whose text names articles: a card's article list and its quote's record
#: (``bl-articles``), the auction grid's caption (the articles of the contract and the declarer), and
#: who must pass (the article of the bar). Only their text is linked, never an attribute.
_ARTICLES_ELEMENT = re.compile(r'(<(div|span) class="bl-articles">|<(caption)>|<(div) class="bl-must-pass">)'
                               r"(.*?)(</(?:\2|\3|\4)>)", re.S)
_CORPUS_ID = re.compile(r"\b\d{4}:[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*")


def link_articles(html: str, prefix: str) -> str:
    """Every id of the corpus in a card's article list (the ruling's articles and the quote's record),
    an auction's caption and a must-pass line becomes a link to its page; an id the corpus does not
    hold (an article the text points to outside the excerpt) stays plain text."""
    def one(match: re.Match[str]) -> str:
        href = article_href(match.group(0))
        return match.group(0) if href is None else f'<a href="{prefix}{href}">{match.group(0)}</a>'

    def element(match: re.Match[str]) -> str:
        return match.group(1) + _CORPUS_ID.sub(one, match.group(5)) + match.group(6)

    return _ARTICLES_ELEMENT.sub(element, html)


_MATRIX_ROW = re.compile(r'<tr data-case="([^"]+)"><th>(.*?)<br>(.*?)</tr>', re.S)
_MATRIX_CELL = re.compile(r"(<td [^>]*>)(.*?)(</td>)", re.S)


def link_matrix(html: str, prefix: str) -> str:
    """The matrix view with each case's name linked to its page and each cell to the edition's card
    on it (the cells of a row are the editions of the registry, in order)."""
    years = [edition.year for edition in EDITIONS]

    def row(match: re.Match[str]) -> str:
        case_id, name, rest = match.groups()
        page = prefix + case_path(case_id)
        cells = iter(years)

        def cell(found: re.Match[str]) -> str:
            year = next(cells)
            return f'{found.group(1)}<a href="{page}#{edition_anchor(year)}">{found.group(2)}</a>{found.group(3)}'

        linked = _MATRIX_CELL.sub(cell, rest)
        if next(cells, None) is not None:
            raise BridgeLawsError(f"the matrix row of {case_id} has fewer cells than there are editions")
        return f'<tr data-case="{case_id}"><th><a href="{page}">{name}</a><br>{linked}</tr>'

    return _MATRIX_ROW.sub(row, html)


def _unstyled(html: str) -> str:
    """A view without its inline copy of the stylesheet: the site links its one file instead."""
    return html.replace(stylesheet(), "")


# ------------------------------------------------------------------------------------ pages


@dataclass(frozen=True)
class Page:
    """One HTML page: its path from the site's root ('/'-separated), its title and its body."""

    path: str
    title: str
    body: str
    head: str = ""


def _nav(prefix: str, lang: str, stepper: bool = False) -> str:
    links = [*([(f"{prefix}{site_stepper.PAGE}", t("site.nav.stepper", lang))] if stepper else []),(f"{prefix}index.html", t("site.nav.home", lang)), (f"{prefix}matrix.html", t("site.nav.matrix", lang)),
             (f"{prefix}index.html#cases", t("site.nav.cases", lang)),
             (f"{prefix}index.html#articles", t("site.nav.articles", lang)),
             (f"{prefix}index.html#scenarios", t("site.nav.scenarios", lang))]
    return ('<nav class="bl-site-nav">' + " &middot; ".join(f'<a href="{href}">{escape(text)}</a>'
                                                            for href, text in links) + "</nav>")


def _document(page: Page, lang: str, stepper: bool = False) -> str:
    prefix = "../" * page.path.count("/")
    return ("<!DOCTYPE html>\n"
            f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(page.title)} &middot; bridgelaws</title>\n"
            f'<link rel="stylesheet" href="{prefix}{STYLESHEET}">\n{page.head}</head>\n'
            f'<body class="bl-site">\n{_nav(prefix, lang, stepper)}\n<main>\n<h1>{escape(page.title)}</h1>\n'
            f"{page.body}\n</main>\n</body>\n</html>\n")


def _edition_badge(year: str, lang: str) -> str:
    """The edition's kind of bridge (rubber, duplicate) in ``lang``, as the cards name it."""
    edition = next(e for e in EDITIONS if e.year == year)
    return f'<span class="bl-code bl-{edition.code}">{escape(t(f"common.code.{edition.code}", lang))}</span>'


def _cited_by() -> dict[str, list[tuple[Case, str]]]:
    """Article path -> the (case, edition) cards that cite one of its articles or records."""
    found: dict[str, list[tuple[Case, str]]] = {}
    for case in cases():
        for edition in EDITIONS:
            ruling = canonical_ruling(case.id, edition)
            refs = list(ruling.articles) + ([ruling.quote_from] if ruling.quote_from else [])
            for path in sorted({href.split("#")[0] for href in map(article_href, refs) if href}):
                found.setdefault(path, []).append((case, edition.year))
    return found


def case_names(case: Case, lang: str) -> tuple[str, str]:
    """The case's name in the site's language, then in the other (cases.yaml has both)."""
    return (case.name_nl, case.name_en) if lang == "nl" else (case.name_en, case.name_nl)


def _case_page(case: Case, lang: str) -> Page:
    prefix = "../"
    name, other = case_names(case, lang)
    other_lang = "en" if lang == "nl" else "nl"
    parts = [f'<p class="bl-site-lead"><span lang="{other_lang}">{escape(other)}</span> &middot; '
             f"<code>{escape(case.id)}</code> &middot; {case_words(f'cases.kind.{case.kind}', case.kind, lang)}</p>",
             f"<p>{case_words(f'cases.description.{case.id}', case.description, lang)}</p>"]
    if case.situation:
        parts.append(f"<p>{escape(t('site.case.situation', lang))}: "
                     f"{case_words(f'cases.situation.{case.id}', case.situation, lang)}</p>")
    if case.scenario:
        parts.append(f"<p>{escape(t('site.case.scenario', lang))}: <code>{escape(case.scenario['tokens'])}</code> "
                     f"({escape(t('common.dealer', lang))} {escape(str(case.scenario.get('dealer', 'N')))})</p>")
    parts.append(f"<p>{escape(t('site.case.cards', lang))}</p>")
    for edition in EDITIONS:
        card = ruling_html(canonical_ruling(case.id, edition), case_name=case_name(case.id, lang, edition.year), style=False,
                           english=True,
                           lang=lang)
        parts.append(f'<section id="{edition_anchor(edition.year)}" class="bl-site-edition">'
                     f"<h2>{edition.year} {_edition_badge(edition.year, lang)}</h2>{link_articles(card, prefix)}</section>")
    return Page(case_path(case.id), name, '<div class="bl-view">' + "".join(parts) + "</div>")


def _article_page(article: corpus.Article, cited_by: list[tuple[Case, str]], neighbours: tuple[str | None, str | None],
                  lang: str) -> Page:
    prefix = "../"
    passage = corpus.article(article.id)
    table = _unstyled(parallel_html(article.id, lang=lang))
    table = re.sub(r'<tr data-record="([^"]+)">',
                   lambda m: f'<tr id="{record_anchor(m.group(1))}" data-record="{m.group(1)}">', table)
    parts = [f'<p class="bl-site-lead">{escape(t("site.article.verbatim", lang))}</p>',
             table]
    if passage.notes:
        # The notes are the project's, in English (data/editions/<year>/corpus.json), whatever the site's language.
        parts.append(f"<h2>{escape(t('site.article.notes', lang))}</h2><ul lang=\"en\">"
                     + "".join(f"<li><code>{escape(note.id)}</code> ({escape(note.kind)}): {escape(note.text)}</li>"
                               for note in passage.notes) + "</ul>")
    if passage.references:
        items = []
        for reference in passage.references:
            href = article_href(reference.target)
            target = (f'<a href="{prefix}{href}">{escape(reference.target)}</a>' if href
                      else f"{escape(reference.target)} ({escape(t('site.article.outside', lang))})")
            items.append(f'<li><code>{escape(reference.from_id)}</code>: <span lang="nl">&ldquo;'
                         f"{escape(reference.quote)}&rdquo;</span> &rarr; {target}</li>")
        parts.append(f"<h2>{escape(t('site.article.references', lang))}</h2><ul>{''.join(items)}</ul>")
    parts.append(f"<h2>{escape(t('site.article.cited_by', lang))}</h2>")
    if cited_by:
        parts.append("<ul>" + "".join(
            f'<li><a href="{prefix}{case_path(case.id)}#{edition_anchor(year)}">'
            f"{escape(case_names(case, lang)[0])}, {year}</a></li>" for case, year in cited_by) + "</ul>")
    else:
        parts.append(f'<p class="bl-none">{escape(t("site.article.cited_by_none", lang))}</p>')
    parts.append(f"<h2>{escape(t('site.article.citation', lang))}</h2>"
                 f'<pre class="bl-site-cite">{escape(bibliography.cite(article.id, lang=lang))}</pre>')
    before, after = neighbours
    links = []
    if before:
        links.append(f'<a rel="prev" href="{prefix}{before}">&larr; {escape(t("site.previous", lang))}</a>')
    if after:
        links.append(f'<a rel="next" href="{prefix}{after}">{escape(t("site.next", lang))} &rarr;</a>')
    parts.append(f'<p class="bl-site-pager">{" &middot; ".join(links)}</p>')
    title = f"{article.id} {article.heading or ''}".strip()
    return Page(article_path(article.edition, article.article), title,
                '<div class="bl-view">' + "".join(parts) + "</div>")


def _scenario_pages(lang: str) -> list[Page]:
    pages: list[Page] = []
    seen: dict[str, str] = {}
    for scenario in scenarios():
        slug = scenario_slug(scenario["name"])
        if not slug or slug in seen:
            raise BridgeLawsError(f"data/scenarios.yaml: the scenarios {seen.get(slug)!r} and {scenario['name']!r} "
                                  "would have the same page name in the site")
        seen[slug] = scenario["name"]
        count = len(steps(scenario["tokens"]))
        for step in range(count + 1):
            pager = []
            for number in range(count + 1):
                text = escape(t("site.scenario.step", lang, number=number))
                pager.append(f'<b aria-current="page">{text}</b>' if number == step
                             else f'<a href="{step_path(slug, number)[len("scenarios/"):]}">{text}</a>')
            nav = []
            if step > 0:
                nav.append(f'<a rel="prev" href="{step_path(slug, step - 1)[len("scenarios/"):]}">'
                           f'&larr; {escape(t("site.previous", lang))}</a>')
            if step < count:
                nav.append(f'<a rel="next" href="{step_path(slug, step + 1)[len("scenarios/"):]}">'
                           f'{escape(t("site.next", lang))} &rarr;</a>')
            # The stepper's view in the page's language (its quotes carry their own lang="nl").
            view = link_articles(_unstyled(stepper_html(scenario["tokens"], None, scenario["dealer"], step,
                                                        english=True, lang=lang)), "../")
            body = (f'<p class="bl-site-lead">{escape(scenario_about(scenario, lang))}</p>'
                    f'<p class="bl-site-pager">{" &middot; ".join(nav)}</p>'
                    f'<p class="bl-site-steps">{" ".join(pager)}</p>{view}')
            title = t("site.scenario.title", lang, name=scenario_name(scenario, lang), step=step, count=count)
            pages.append(Page(step_path(slug, step), title, body))
    return pages


def _index_page(lang: str, date: str, case_list: tuple[Case, ...], article_paths: dict[str, list[corpus.Article]],
                scenario_links: list[tuple[dict[str, str], str, int]], stepper: bool = False) -> Page:
    parts = [f"<p>{escape(t('site.index.about', lang))}</p>",
             *([f'<h2><a href="{site_stepper.PAGE}">{escape(t("site.nav.stepper", lang))}</a></h2>'
                f"<p>{escape(t('site.index.stepper', lang))}</p>"] if stepper else []),
             f"<h2>{escape(t('site.index.excerpt_title', lang))}</h2>",
             f"<p>{escape(t('site.index.excerpt', lang))}</p>",
             f"<h2>{escape(t('common.editions', lang))}</h2>"]
    for edition in EDITIONS:
        name, name_lang = edition.title(lang)  # its Dutch name where the registry has one
        name_html = escape(name) if name_lang == lang else f'<span lang="{name_lang}">{escape(name)}</span>'
        parts.append(f'<section id="{edition_anchor(edition.year)}" class="bl-site-edition"><h3>{edition.year} '
                     f"{_edition_badge(edition.year, lang)} {name_html}</h3>"
                     f'<pre class="bl-site-cite">{escape(bibliography.cite(edition.year, lang=lang))}</pre></section>')
    parts.append(f'<h2><a href="matrix.html">{escape(t("site.matrix.title", lang))}</a></h2>'
                 f"<p>{escape(t('site.index.matrix', lang))}</p>")
    parts.append(f'<h2 id="cases">{escape(t("site.nav.cases", lang))}</h2><ul>'
                 + "".join(f'<li><a href="{case_path(case.id)}">{escape(case_names(case, lang)[0])}</a> '
                           f'(<span lang="{"en" if lang == "nl" else "nl"}">{escape(case_names(case, lang)[1])}</span>)</li>'
                           for case in case_list) + "</ul>")
    parts.append(f'<h2 id="articles">{escape(t("site.nav.articles", lang))}</h2>'
                 f"<p>{escape(t('site.index.articles', lang))}</p><ul>")
    for year, articles in article_paths.items():
        links = ", ".join(f'<a href="{article_path(a.edition, a.article)}">{escape(a.article)}</a>' for a in articles)
        parts.append(f"<li><b>{year}</b>: {links}</li>")
    parts.append("</ul>")
    parts.append(f'<h2 id="scenarios">{escape(t("site.nav.scenarios", lang))}</h2>'
                 f"<p>{escape(t('site.index.scenarios', lang))}</p><ul>")
    for scenario, slug, count in scenario_links:
        parts.append(f'<li><a href="{step_path(slug, 0)}">{escape(scenario_name(scenario, lang))}</a> '
                     f'<code>{escape(scenario["tokens"])}</code> ({escape(t("site.index.steps", lang, count=count))}): '
                     f'{escape(scenario_about(scenario, lang))}</li>')
    parts.append("</ul>")
    generated = t("site.index.generated", lang, version=__version__, date=date)
    parts.append(f'<footer class="bl-site-footer">{escape(generated)}</footer>')
    return Page("index.html", t("site.index.title", lang), '<div class="bl-view">' + "".join(parts) + "</div>")


def _matrix_page(lang: str) -> Page:
    from .views import matrix_html

    body = (f"<p>{escape(t('site.matrix.about', lang))}</p>"
            + link_matrix(_unstyled(matrix_html(detail=True, lang=lang)), ""))
    return Page("matrix.html", t("site.matrix.title", lang), body)


def _site_css() -> str:
    static = resources.files("bridgelaws").joinpath("static")
    return (static.joinpath("bridgelaws.css").read_text(encoding="utf-8") + "\n"
            + static.joinpath("site.css").read_text(encoding="utf-8"))


def generation_date(date: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The site's one date (``YYYY-MM-DD``): ``date``, else ``SOURCE_DATE_EPOCH`` (seconds since
    1970, the reproducible-builds convention), else today in UTC."""
    if date is not None:
        if not _DATE.match(date):
            raise BridgeLawsError(f"--date {date!r} is not a date of the form YYYY-MM-DD")
        try:
            _dt.date.fromisoformat(date)
        except ValueError:
            raise BridgeLawsError(f"--date {date!r} is not a date of the calendar") from None
        return date
    epoch = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH")
    if epoch is not None and epoch.strip():
        if not (epoch.strip().isascii() and epoch.strip().isdigit()):
            raise BridgeLawsError(f"SOURCE_DATE_EPOCH={epoch!r} is not a whole number of seconds since 1970")
        shown = epoch.strip() if len(epoch.strip()) <= 20 else epoch.strip()[:17] + "..."
        try:
            return _dt.datetime.fromtimestamp(int(epoch), _dt.timezone.utc).date().isoformat()
        except (OverflowError, OSError, ValueError):  # beyond the years the calendar of datetime holds
            raise BridgeLawsError(f"SOURCE_DATE_EPOCH={shown!r} is out of range: seconds since 1970 up to "
                                  f"the year 9999") from None
    return _dt.datetime.now(_dt.timezone.utc).date().isoformat()


def build(lang: str = "en", date: str | None = None, stepper: bool = False) -> dict[str, str]:
    """Every page of the site and its stylesheet: path from the root ('/'-separated) -> its text
    (``stepper``: and the stepper's page, :mod:`bridgelaws.presentation.site_stepper`)."""
    lang = find_language(lang)
    date = generation_date(date)
    case_list = cases()
    by_edition: dict[str, list[corpus.Article]] = {}
    for edition in EDITIONS:
        by_edition[edition.year] = list(corpus.source(edition.year).articles)
    cited = _cited_by()
    pages: list[Page] = [_matrix_page(lang)]
    pages += [_case_page(case, lang) for case in case_list]
    for articles in by_edition.values():
        paths = [article_path(a.edition, a.article) for a in articles]
        for i, article in enumerate(articles):
            neighbours = (paths[i - 1] if i else None, paths[i + 1] if i + 1 < len(paths) else None)
            pages.append(_article_page(article, cited.get(paths[i], []), neighbours, lang))
    step_pages = _scenario_pages(lang)
    links = [(scenario, scenario_slug(scenario["name"]), len(steps(scenario["tokens"]))) for scenario in scenarios()]
    pages.append(_index_page(lang, date, case_list, by_edition, links, stepper))
    pages += step_pages
    if stepper:
        pages.append(Page(site_stepper.PAGE, t("site.app.title", lang), site_stepper.page_body(lang),
                          site_stepper.page_head()))
    files = {page.path: _document(page, lang, stepper) for page in pages}
    if len(files) != len(pages):
        raise BridgeLawsError("two pages of the site would have the same file name")
    files[STYLESHEET] = _site_css()
    return files


@dataclass(frozen=True)
class ExportSummary:
    """What an export wrote: the directory and the number of pages of each kind."""

    directory: Path
    files: tuple[str, ...]

    def count(self, folder: str) -> int:
        return sum(1 for name in self.files if name.startswith(folder + "/"))


def _previous_export(directory: Path) -> list[str] | None:
    """The files a previous export wrote into ``directory`` (its :data:`MARKER`), or None."""
    marker = directory / MARKER
    if marker.is_symlink():
        raise BridgeLawsError(f"{marker} is a symbolic link: export-site never follows a link inside the "
                              "site's directory; remove it, or choose a new or empty directory")
    if not marker.is_file():
        return None
    text = marker.read_text(encoding="utf-8", errors="replace")
    if not text.startswith(_MARKER_HEAD):
        return None
    return [line for line in text[len(_MARKER_HEAD):].splitlines() if line]


def export(directory: str | Path, lang: str = "en", date: str | None = None,
           pyodide: str | Path | None = None) -> ExportSummary:
    """Write the site into ``directory`` (created if needed). A directory that is not empty must be
    a previous export: its files (and only those) are replaced; any other is refused, one line, and so
    is a previous export holding a file of another's where this export would write one. No link inside
    the directory is ever followed: a folder of the site (or the marker) that is a symbolic link is
    refused, one line, before anything is removed or written; a listed file that is a link is removed
    as a link. The directory named itself may be a link (it is followed, as ``-o FILE`` is).
    ``pyodide``: the folder of the npm package pyodide; the site then holds the stepper page too."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise BridgeLawsError(f"{directory} is not a directory: export-site writes a directory of pages")
    previous: list[str] | None = None
    if directory.is_dir() and any(directory.iterdir()):
        previous = _previous_export(directory)
        if previous is None:
            raise BridgeLawsError(f"{directory} is not empty and holds no earlier export of the site ({MARKER}): "
                                  "choose a new or empty directory")
    files: dict[str, str | bytes] = {**build(lang, date, pyodide is not None),
                                     **(site_stepper.engine_files(pyodide) if pyodide is not None else {})}
    check_no_linked_folder(directory, [*(previous or ()), *files])
    if previous is not None:
        ours = set(previous)
        for name in sorted(files):
            target = directory / name
            if name not in ours and (target.exists() or target.is_symlink()):
                raise BridgeLawsError(f"{target} was not written by the earlier export in {directory} and this "
                                      "export would replace it: move it, or choose a new or empty directory")
    directory.mkdir(parents=True, exist_ok=True)
    root = os.open(directory, FOLDER_FLAGS)
    try:
        if previous is not None:
            remove_previous(directory, root, previous)
        # The marker lists every file this export may write before it writes one, so that an export
        # stopped half-way leaves a directory the next export still recognises as its own.
        write_file(directory, root, MARKER, _marker_text(sorted(set(previous or ()) | set(files))))
        for name, text in files.items():
            write_file(directory, root, name, text)
        names = tuple(sorted(files))
        write_file(directory, root, MARKER, _marker_text(names))
    finally:
        os.close(root)
    return ExportSummary(directory, names)


def _marker_text(names: Iterable[str]) -> str:
    return _MARKER_HEAD + "".join(f"{name}\n" for name in names)
