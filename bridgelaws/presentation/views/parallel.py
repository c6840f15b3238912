"""The Dutch and the project's English side by side: one row per corpus record, the
verbatim Dutch on the left, the project's translation on the right, labelled as such. Where an
edition (or a record) has no translation, the English cell says so; nothing is made up."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...text import corpus, translation
from ...text.content import find_topic
from ...judging.lookup import find_editions
from ...text.i18n import DEFAULT_LANGUAGE, t
from ..render import english_html, html_text
from ._common import EditionNames, _view
from .texts import _topic_gap, _topic_records, _topic_title

if TYPE_CHECKING:
    from ...text.corpus import Record

def _no_english(lang: str) -> str:
    return f'<span class="bl-none">{html_text("views.no_english", lang)}</span>'


def _dutch_cell(record: Record) -> str:
    title = f'<span class="bl-title">{escape(record.title)}</span><br>' if record.title else ""
    text = escape(record.label + record.text).replace("\n", "<br>")
    return f'<td lang="nl"><span class="bl-id">{escape(record.id)}</span> {title}{text}</td>'


def _english_cell(record: Record, lang: str = DEFAULT_LANGUAGE) -> str:
    english = translation.english(record.id)
    if english is None:
        return f'<td lang="en">{_no_english(lang)}</td>'
    title_en = translation.title_english(record.id)
    title = f'<span class="bl-title">{english_html(title_en)}</span><br>' if title_en else ""
    return f'<td lang="en">{title}{escape(record.label)}{english_html(english)}</td>'


def _rows(records: list[Record], lang: str = DEFAULT_LANGUAGE) -> str:
    rows, shown = [], set()
    for record in records:
        if (record.edition, record.article) not in shown:
            shown.add((record.edition, record.article))
            heading_en = translation.heading_english(record.edition, record.article)
            rows.append(f'<tr class="bl-heading-row"><td lang="nl"><span class="bl-heading">{escape(record.edition)}:'
                        f'{escape(record.article)} {escape(record.heading or t("views.no_heading", lang))}</span></td>'
                        f'<td lang="en"><span class="bl-heading">{english_html(heading_en or "")}</span></td></tr>')
        rows.append(f'<tr data-record="{escape(record.id)}">{_dutch_cell(record)}{_english_cell(record, lang)}</tr>')
    return "".join(rows)


def _table(records: list[Record], lang: str = DEFAULT_LANGUAGE) -> str:
    label = translation.LABEL if lang == DEFAULT_LANGUAGE else t("cards.translation_label", lang)
    return (f'<table class="bl-parallel"><thead><tr><th>{html_text("views.dutch_verbatim", lang)}</th>'
            f'<th><span class="bl-en-label">{escape(label)}</span></th></tr></thead>'
            f"<tbody>{_rows(records, lang)}</tbody></table>")


def parallel_html(ref: str, *, lang: str = DEFAULT_LANGUAGE) -> str:
    """An article or record (``"1936:22"``, ``"1936:22.6.c"``): each record's Dutch with the
    project's English beside it, headings and subheadings included."""
    return _view(_table(list(corpus.article(ref).records), lang))


def topic_parallel_html(topic: str, editions: EditionNames = None, *, lang: str = DEFAULT_LANGUAGE) -> str:
    """The records of every edition (or of ``editions``) on a topic (``data/topics.yaml``), the
    Dutch beside the project's English, edition after edition; an edition with nothing on the
    topic says so."""
    found = find_topic(topic)
    parts = [f'<div style="font-family:sans-serif;margin:4px 0"><b>{_topic_title(found, lang)}</b>: '
             f'{html_text("views.parallel_head", lang)}</div>']
    for edition in find_editions(editions):
        year = edition.year
        records = _topic_records(found, year)
        parts.append(f'<h4 class="bl-parallel-edition" data-edition="{year}">{year} '
                     f'<span class="bl-code bl-{edition.code}">{html_text(f"common.code.{edition.code}", lang)}</span></h4>')
        if not records:
            gap = _topic_gap(found, year, lang)
            parts.append(f'<div class="bl-none">&mdash; {html_text("views.not_in_text", lang)} &mdash; '
                         f"{gap}</div>")
            continue
        parts.append(_table(records, lang))
    return _view("".join(parts))
