"""A handout of one scenario's comparison across editions, for a meeting's papers or a class:
one self-contained HTML page (the stylesheet inline, no script, nothing fetched from
a network), and a PDF printed from it by headless Chromium where Chromium is at hand; one scenario
across the five editions fits two A4 pages.

Under a title and the date of generation: the bidding diagram (West, North, East, South, as one
edition reads the tokens, with the tokens other editions read differently), then per edition its
kind of code (and the code's year where the text is later: 1936 is the code of 1935), a footnote
number, and per irregular event the status, the article(s), the verbatim Dutch quote and the ruling
in short; the project's English of a quoted paragraph only on request (``english=True``, ``--english``).
The footnotes cite each edition's source with what the sources give (no "unknown" part, no file of
the project). A citation's web address is printed as text, never as a link or a resource the page loads.
"""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
import tempfile
from html import escape
from collections.abc import Sequence
from typing import Any

from ..text.errors import BridgeLawsError
from ..text.vocabulary import DEFAULT_LAYER
from ..text.i18n import find_language, t

__all__ = ["CHROMIUM_NAMES", "CONTENT_SECURITY_POLICY", "find_chromium", "handout_html", "handout_link", "handout_pdf",
           "with_policy", "write_handout"]

#: Where Chromium is looked for: $BRIDGELAWS_CHROMIUM, then these names on the PATH.
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Seconds Chromium may take to print the handout.
PRINT_TIMEOUT = 120
#: The handout's content security policy (a ``<meta>`` first in its head): the page may load nothing
#: at all (no script, frame, image file, font or stylesheet, from a network or from ``file://``);
#: only its own inline stylesheet, and images written into the page (``data:``), if it ever has one.
#: Whatever a draft's text holds is escaped; this policy is what keeps the headless
#: Chromium that prints the PDF from reading a local file even if something were not.
CONTENT_SECURITY_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                           "base-uri 'none'; form-action 'none'")


_POLICY_META = f'<meta http-equiv="Content-Security-Policy" content="{escape(CONTENT_SECURITY_POLICY, quote=False)}">'


def with_policy(html: str) -> str:
    """``html`` with :data:`CONTENT_SECURITY_POLICY` as the first element of its head (added right
    after ``<head>``, or before everything when there is no head), unless it is there already."""
    import re

    if _POLICY_META in html.split("<body", 1)[0]:
        return html
    head = re.search(r"<head(\s[^>]*)?>", html, re.IGNORECASE)
    if head is None:
        return _POLICY_META + html
    return html[:head.end()] + _POLICY_META + html[head.end():]


def handout_html(scenario: str, editions: object = None, dealer: str = "N", lang: str = "en",
                 layer: str = DEFAULT_LAYER, *, generated: datetime.date | None = None,
                 english: bool = False) -> str:
    """The handout as one HTML document (see the module's docstring): the bidding diagram (W N E S),
    then per edition every ruling's status, article and verbatim quote, short, with the edition's
    source in a numbered footnote; meant to fit two A4 pages. ``english``: also the project's
    English of each quoted paragraph (off by default, on request). ``generated``: the date it names
    (default today). A scenario that cannot be read, an unknown edition or dealer: one
    :class:`BridgeLawsError` line, as for ``compare``."""
    from ..auction.calls import parse_seat
    from ..judging.lookup import find_editions
    from .render import stylesheet
    from .tables import compare_divergences, compare_results
    from .views._common import token_list

    lang = find_language(lang)
    tokens = " ".join(token_list(scenario))
    chosen = find_editions(editions)  # type: ignore[arg-type]
    seat = parse_seat(dealer, " (dealer)")
    when = (generated or datetime.date.today()).isoformat()
    results = compare_results(tokens, chosen, seat, layer)
    years = ", ".join(e.year for e in chosen)
    title = t("print.handout.title", lang, scenario=tokens)
    notes = {edition.year: number for number, edition in enumerate(chosen, 1)}
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{lang}">',
        '<head><meta charset="utf-8">',
        _POLICY_META,
        f"<title>{escape(title)}</title>",
        stylesheet(),
        "</head>",
        '<body class="bl-handout">',
        f"<h1>{escape(title)}</h1>",
        f'<p class="bl-handout-meta">{escape(t("print.handout.meta", lang, dealer=t(f"common.seat.{seat.name}", lang), editions=years, date=when))}</p>',
        f'<p class="bl-handout-note">{escape(t("print.handout.note", lang))}'
        + (f' {escape(t("print.handout.note_english", lang))}' if english else "") + "</p>",
        _diagram_html(results, compare_divergences(results), lang),
        *(_edition_html(result, notes[result.edition.year], lang, english) for result in results),
        f"<h2>{escape(t('print.handout.sources', lang))}</h2>",
        *_sources_html(chosen, lang),
        "</body>",
        "</html>",
    ]) + "\n"


def _diagram_html(results: list[Any], found: list[Any], lang: str) -> str:
    """The bidding diagram (West, North, East, South) as one edition reads the tokens (2017's where
    it is shown, else the first edition's), and the tokens other editions read differently."""
    from ..auction.editions import DEFAULT_EDITION
    from .render import auction_html

    played = [r for r in results if r.read is not None]
    if not played:
        return ""
    shown = next((r for r in played if r.edition.year == DEFAULT_EDITION), played[0])
    head = t("print.handout.diagram", lang, edition=shown.edition.year)
    grid = auction_html(shown.read.auction, style=False, lang=lang)
    others = "".join(f"<li>{escape(d.summary(lang))}</li>" for d in found)
    alone = "" if others else " bl-handout-diagram-alone"  # no list below it: it may stand aside on paper
    return (f'<div class="bl-handout-diagram{alone}"><h2>{escape(head)}</h2>{grid}'
            + (f'<ul class="bl-handout-divergence">{others}</ul>' if others else "") + "</div>")


def _edition_html(result: Any, note: int, lang: str, english: bool) -> str:
    """One edition: its year, kind of code (and the code's year where it differs), the footnote's
    number, and per irregular event the status, the article(s), the verbatim quote and the short ruling."""
    from .render import html_text, seat_name
    from .edition_words import case_name

    edition = result.edition
    code_year = _code_year(edition.year)
    head = (f'<h3>{escape(edition.year)} <span class="bl-code bl-{escape(edition.code)}">'
            f'{html_text(f"common.code.{edition.code}", lang)}</span>'
            + (f' <span class="bl-handout-codeyear">{html_text("print.handout.code_year", lang, year=code_year)}</span>'
               if code_year else "")
            + f' <sup class="bl-footnote-ref"><a>[{note}]</a></sup></h3>')
    rows = []
    if result.read is None:
        rows.append(f'<div class="bl-error">{escape(str(result.error))}</div>')
    elif not result.events:
        rows.append(f'<div class="bl-none">{html_text("views.no_irregularity", lang)}</div>')
    for event, ruling in result.events:
        seat = f" ({seat_name(event.seat, lang)})" if event.seat is not None else ""
        name = case_name(event.case, lang, ruling.edition) if event.case else ""
        rows.append(_ruling_html(ruling, f"{html_text('views.token', lang, index=event.index)}"
                                          f"{escape(event.token)}{escape(seat)}", name, lang, english))
    return f'<section class="bl-handout-edition" data-edition="{escape(edition.year)}">{head}{"".join(rows)}</section>'


def _ruling_html(ruling: Any, where: str, name: str, lang: str, english: bool) -> str:
    from .present import describe, quoted_english
    from .render import english_html, html_text

    view = describe(ruling, lang)
    badges = (f'<span class="bl-badge" style="background:{view.colour}">{escape(view.label)}</span>'
              + "".join(f' <span class="bl-inherited">{escape(b.text)}</span>' for b in view.inherited)
              + (f' <span class="bl-handout-assumption">{html_text("print.handout.assumption", lang)}</span>'
                 if view.assumption else ""))
    parts = [f'<div class="bl-handout-ruling" data-case="{escape(view.case)}">'
             f'<div><span class="bl-event">{where}</span> <b>{escape(name)}</b> {badges}'
             + (f' <span class="bl-articles">{escape(view.articles)}</span>' if view.articles else "") + "</div>"]
    parts += [f'<div class="bl-inherited-caution">{escape(c)}</div>' for b in view.inherited for c in b.cautions]
    if view.quote_nl:
        source = f' <span class="bl-articles">({escape(view.quote_from)})</span>' if view.quote_from else ""
        parts.append(f'<blockquote lang="nl">&ldquo;{escape(view.quote_nl)}&rdquo;{source}</blockquote>')
    if view.proposed is not None:  # a draft's wording: its own box, never a quote (no published code)
        from ..judging.drafts import PROPOSED_LABEL

        label = PROPOSED_LABEL if lang == "en" else t("cards.proposed_label", lang)
        parts.append(f'<div class="bl-proposed"><b>{escape(label)}:</b> <span lang="nl">{escape(view.proposed)}</span>'
                     f'<div>{html_text("cards.reason", lang)}{escape(view.proposed_reason or "")}</div></div>')
    if view.outside_corpus:  # its own line, never inside a quote: the verbatim layer is the corpus alone
        parts.append(f'<div class="bl-outside">{escape(view.outside_corpus)}</div>')
    quoted = quoted_english(view) if english else None
    if quoted is not None:
        label = quoted.label if lang == "en" else t("cards.translation_label", lang)
        parts.append(f'<div class="bl-english" lang="en"><span class="bl-english-label">{escape(label)}'
                     f' ({escape(quoted.record_id)}, {html_text("cards.whole_paragraph", lang)}):</span> '
                     f"{english_html(quoted.text)}</div>")
    parts.append(f'<div class="bl-short">{escape(view.short)}</div></div>')
    return "".join(parts)


def _code_year(year: str) -> str:
    """The year of the code an edition's text translates, where it differs from the edition's
    (1936: the code of 1935); ``""`` otherwise."""
    from ..text.bibliography import metadata

    try:
        code_year = metadata(year).code_year
    except BridgeLawsError:  # a draft edition has no bibliography
        return ""
    return str(code_year.value) if code_year.known and str(code_year.value) != str(year) else ""


def _site(edition: Any) -> str:
    """The website an edition's text was read from, with its address (``""``: none known, or a draft)."""
    from ..text.bibliography import metadata

    try:
        source = metadata(edition.year)
    except BridgeLawsError:
        return ""
    site = str(source.website.value) if source.website.known else ""
    if source.website_address.known:
        site += f", {source.website_address.value}" if site else str(source.website_address.value)
    return site


def _sources_html(chosen: Sequence[Any], lang: str) -> list[str]:
    """The numbered sources; a website all of them come from is named once, above the list, and
    each source names only its page (a short scenario's handout then fits one page)."""
    sites = {_site(edition) for edition in chosen}
    shared = sites.pop() if len(sites) == 1 and len(chosen) > 1 else ""
    head = f'<p class="bl-handout-meta">{escape(t("print.cite.site_once", lang, site=shared))}</p>' if shared else ""
    items = "".join(_footnote_html(e, lang, shared) for e in chosen)
    return [head, f'<ol class="bl-handout-sources">{items}</ol>']


def _footnote_html(edition: Any, lang: str, shared_site: str = "") -> str:
    """The full citation of an edition's source, in ``lang``: only what the sources give (no
    "unknown" part), no file of the project's. ``shared_site``: the website named once above the
    list (then only the page is named here)."""
    from ..text.bibliography import metadata

    try:
        source = metadata(edition.year)
    except BridgeLawsError:  # a draft edition is no published source
        return (f'<li class="bl-handout-source" data-edition="{escape(edition.year)}">'
                f'{escape(t("print.handout.no_source", lang, edition=edition.year))}</li>')
    name, name_lang = edition.title(lang)
    parts = [f'<span lang="{name_lang}">{escape(name)}</span>.']
    if source.printed_title.known:
        parts.append(escape(t("print.cite.printed_title", lang, title=str(source.printed_title.value).strip())))
    dates = []
    if source.dated.known and source.code_year.known and str(source.dated.value) == str(source.code_year.value):
        dates.append(t("print.cite.dated_code", lang, year=source.dated.value))  # one year, said once
    else:
        if source.dated.known:
            dates.append(t("print.cite.dated", lang, year=source.dated.value))
        if source.code_year.known:
            dates.append(t("print.cite.code_year", lang, year=source.code_year.value))
    if dates:
        joined = "; ".join(dates)
        parts.append(escape(joined[:1].upper() + joined[1:]) + ".")
    site = _site(edition)
    if site and site == shared_site:
        parts.append(escape(t("print.cite.page", lang, page=source.page)))
    elif site:
        parts.append(escape(t("print.cite.from_page", lang, page=source.page, site=site)))
    if source.retrieved.known:
        parts.append(escape(t("print.cite.retrieved", lang, date=source.retrieved.value)))
    return (f'<li class="bl-handout-source" id="bl-source-{escape(edition.year)}" data-edition="{escape(edition.year)}">'
            f'<b>{escape(edition.year)}</b>: {" ".join(parts)}</li>')


def handout_link(scenario: str, editions: object = None, dealer: str = "N", lang: str = "en",
                 layer: str = DEFAULT_LAYER, *, generated: datetime.date | None = None,
                 label: str | None = None, tip: str | None = None) -> str:
    """A link that saves the handout (:func:`handout_html`) as an HTML file, for the comparison
    explorer or the app: the page travels inside the link (a ``data:`` address), so no server and
    no kernel is asked when it is clicked, and one click saves it. ``label``: the link's words
    (default: the catalogue's "download" line); ``tip``: its title. Marked ``bl-no-print``: it is
    not printed."""
    import base64
    import re

    page = handout_html(scenario, editions, dealer, lang, layer, generated=generated)
    name = "handout-" + (re.sub(r"[^A-Za-z0-9]+", "-", " ".join(scenario.split())).strip("-") or "scenario") + ".html"
    data = base64.b64encode(page.encode("utf-8")).decode("ascii")
    title = f' title="{escape(tip)}"' if tip else ""
    return (f'<a class="bl-no-print bl-handout-link" download="{escape(name)}"{title} '
            f'href="data:text/html;charset=utf-8;base64,{data}">{escape(label or t("print.handout.download", lang))}</a>')


def find_chromium() -> str | None:
    """The Chromium that prints the PDF: ``$BRIDGELAWS_CHROMIUM`` if it is set, else the first of
    :data:`CHROMIUM_NAMES` on the PATH; None when there is none."""
    named = os.environ.get("BRIDGELAWS_CHROMIUM")
    if named:
        return named if os.path.isfile(named) and os.access(named, os.X_OK) else None
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _group_members(group: int) -> list[int]:
    """The processes of process group ``group`` still running (not zombies), read from ``/proc``;
    an empty list where there is no ``/proc``."""
    members: list[int] = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return members
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stream:
                fields = stream.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[2]) == group:
            members.append(int(name))
    return members


def _end_process_group(process: subprocess.Popen[str], wait: float = 5.0) -> None:
    """Kill ``process`` and every process of its group (it leads one: ``start_new_session``), and
    wait up to ``wait`` seconds until none is left."""
    import signal
    import time

    if hasattr(os, "killpg"):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:  # the group is gone already
            pass
    else:  # pragma: no cover - not on POSIX
        process.kill()
    process.wait()
    deadline = time.monotonic() + wait
    while _group_members(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)


def _remove_folder(folder: str) -> None:
    """Remove the handout's temporary folder; a second try after a moment, should something still
    have been writing into it."""
    import time

    for _ in range(3):
        shutil.rmtree(folder, ignore_errors=True)
        if not os.path.exists(folder):
            return
        time.sleep(0.1)


def handout_pdf(html: str) -> bytes:
    """``html`` printed to PDF (A4, the print stylesheet's pages) by headless Chromium, with a
    profile of its own that is thrown away, and no network. The page is opened from a folder of its
    own; what it may load is what its content security policy allows (:func:`handout_html` puts
    :data:`CONTENT_SECURITY_POLICY` first in its head: nothing outside the document, no file; a
    page without it is given it, :func:`with_policy`). No Chromium, or one that fails: one line naming what
    is missing."""
    chromium = find_chromium()
    named = os.environ.get("BRIDGELAWS_CHROMIUM")
    if chromium is None and named:
        raise BridgeLawsError(f"the PDF handout needs Chromium: BRIDGELAWS_CHROMIUM={named} is not a program "
                              "that can be run; write FILE.html instead")
    if chromium is None:
        raise BridgeLawsError("the PDF handout needs Chromium (set BRIDGELAWS_CHROMIUM, or install chromium: "
                              "make chromium); write FILE.html instead")
    html = with_policy(html)
    folder = tempfile.mkdtemp(prefix="bridgelaws-handout-")
    try:
        page = os.path.join(folder, "handout.html")
        pdf = os.path.join(folder, "handout.pdf")
        with open(page, "w", encoding="utf-8") as stream:
            stream.write(html)
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--disable-background-networking", "--disable-component-update", "--disable-sync",
                   # The page needs nothing from a network; a proxy that goes nowhere keeps it so.
                   "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
                   f"--user-data-dir={os.path.join(folder, 'profile')}", "--no-pdf-header-footer",
                   f"--print-to-pdf={pdf}", "file://" + page]
        try:
            # A session of its own: Chromium and its helpers are one process group, ended together.
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                       stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as exc:
            raise BridgeLawsError(f"cannot run Chromium ({chromium}): {exc.strerror or exc}") from None
        try:
            _, stderr = process.communicate(timeout=PRINT_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise BridgeLawsError(f"Chromium ({chromium}) did not print the handout within {PRINT_TIMEOUT} s") from None
        finally:
            # Also on Ctrl-C (KeyboardInterrupt): no helper is left writing into the profile.
            _end_process_group(process)
        if process.returncode != 0 or not os.path.exists(pdf):
            last = (stderr.strip().splitlines() or ["no message"])[-1]
            raise BridgeLawsError(f"Chromium ({chromium}) did not print the handout (exit {process.returncode}): {last}")
        with open(pdf, "rb") as stream:
            data = stream.read()
    finally:
        _remove_folder(folder)
    if not data.startswith(b"%PDF"):
        raise BridgeLawsError(f"Chromium ({chromium}) wrote something that is not a PDF")
    return data


def write_handout(path: str, scenario: str, editions: object = None, dealer: str = "N", lang: str = "en",
                  layer: str = DEFAULT_LAYER, *, generated: datetime.date | None = None, english: bool = False) -> str:
    """Write the handout to ``path``: HTML for ``.html``/``.htm``, PDF for ``.pdf`` (complete or not
    at all). Returns the kind written ("HTML" or "PDF"). ``english``: the project's English of each
    quoted paragraph too."""
    from ..text._cliio import write_output

    kind = os.path.splitext(path)[1].lower()
    if kind not in (".html", ".htm", ".pdf"):
        raise BridgeLawsError(f"handout: -o {path!r} must end in .html or .pdf")
    html = handout_html(scenario, editions, dealer, lang, layer, generated=generated, english=english)
    if kind == ".pdf":
        write_output(path, handout_pdf(html))
        return "PDF"
    write_output(path, html)
    return "HTML"
