"""The texts side by side: each edition's articles on a topic with the changed words marked,
spelling variants across the editions, and the Dutch-English glossary."""

from __future__ import annotations

import difflib
import re
import unicodedata
from html import escape
from typing import TYPE_CHECKING, Any

from ...text import corpus, spelling, textdiff
from ...text.i18n import DEFAULT_LANGUAGE, t
from ..render import html_text
from ._common import YEARS, _view
from ...text.content import _glossary, find_topic, topics

if TYPE_CHECKING:
    import pandas as pd

    from ...text.corpus import Record


def fold(text: str) -> str:
    """Case- and accent-folded text (the corpus search's folding)."""
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


_WORD_RE = re.compile(r"\w+(?:[-'\u2019]\w+)*")


def words(text: str) -> list[str]:
    """The words of a text: letters and digits, joined by an inner hyphen or apostrophe."""
    return _WORD_RE.findall(text)


def _form_pattern(form: str) -> re.Pattern[str]:
    body = r"\s+".join(re.escape(part) for part in fold(form).split())
    return re.compile(rf"(?<!\w){body}(?!\w)")


def _printed_fields(edition: str) -> list[tuple[str, str]]:
    """(where, text) for every heading (once per article), subheading and record text, in order."""
    return [(where, text) for _, where, text in corpus.printed_fields(str(edition))]


def count_form(form: str, edition: str) -> int:
    """How often ``form`` occurs as whole words in the edition's headings, subheadings and texts."""
    pattern = _form_pattern(form)
    return sum(len(pattern.findall(fold(text))) for _, text in _printed_fields(edition))


def _topic_records(topic: dict[str, Any], year: str) -> list[Record]:
    seen, result = set(), []
    for ref in topic["articles"].get(year, []):
        for record in corpus.article(ref).records:
            if record.id not in seen:
                seen.add(record.id)
                result.append(record)
    return result


def changed_words(old: str, new: str) -> tuple[set[int], float]:
    """difflib on words (case-insensitive): the positions of the words of ``new`` that are not in
    ``old`` in the same order (inserted or replaced), and the similarity ratio of the two."""
    a = [fold(w) for w in words(old)]
    b = [fold(w) for w in words(new)]
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    changed: set[int] = set()
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            changed.update(range(j1, j2))
    return changed, matcher.ratio()


def _marked(text: str, changed: set[int], start: int) -> tuple[str, int]:
    out, position, index = [], 0, start
    for match in _WORD_RE.finditer(text):
        out.append(escape(text[position:match.start()]))
        word = escape(match.group())
        out.append(f"<mark>{word}</mark>" if index in changed else word)
        position = match.end()
        index += 1
    out.append(escape(text[position:]))
    return "".join(out).replace("\n", "<br>"), index


def _diff_marked(text: str, result: textdiff.Diff, start: int, last: bool) -> tuple[str, int]:
    """``text`` (a record of the second text of ``result``, whose first word is word ``start`` of
    that text) in HTML: inserted words in <ins>, words in another spelling with the class
    bl-spelling, other forms of a glossary term with the class bl-variant (the old form as a
    tooltip), and the words deleted before a word in <del>."""
    deleted = dict(result.deletions)
    out, position, index = [], 0, start
    for match in spelling.WORD.finditer(text):
        out.append(escape(text[position:match.start()]))
        if index in deleted:
            out.append(f"<del>{escape(deleted[index])}</del> ")
        word = escape(match.group())
        kind, old = result.b_words[index]
        if kind == "inserted":
            out.append(f"<ins>{word}</ins>")
        elif kind in ("spelling", "variant"):
            out.append(f'<span class="bl-{kind}" title="{escape(old)}">{word}</span>')
        else:
            out.append(word)
        position = match.end()
        index += 1
    out.append(escape(text[position:]))
    if last and index in deleted:
        out.append(f" <del>{escape(deleted[index])}</del>")
    return "".join(out).replace("\n", "<br>"), index


def diff_note(result: textdiff.Diff, against: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a column's marks mean, with the similarity and how it is computed."""
    return t("views.diff_note", lang, against=against, similarity=round(result.similarity * 100),
             aligned=result.aligned, words_a=result.words_a, words_b=result.words_b, inserted=result.inserted,
             deleted=result.deleted, spelling=result.spelling, variant=result.variant)


def topic_options(lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """The topic menu's (label, id) pairs in ``lang``: a topic's ``title_nl`` in Dutch, else its
    English title (a menu option cannot carry a language mark)."""
    dutch = lang == "nl"
    return [((t_["title_nl"] if dutch and t_.get("title_nl") else t_["title"]), t_["id"]) for t_ in topics()]


def _topic_title(topic: dict[str, Any], lang: str) -> str:
    """A topic's title in ``lang`` (``title_nl`` in Dutch), else its English title, marked."""
    if lang == "nl" and topic.get("title_nl"):
        return escape(topic["title_nl"])
    return _data_english(topic["title"], lang)


def _topic_gap(topic: dict[str, Any], year: str, lang: str) -> str:
    """A topic's gap note for ``year`` in ``lang`` (``gap_nl`` in Dutch), else the English one, marked;
    the catalogue's "nothing on this topic" where the topic has none for that edition."""
    if lang == "nl" and topic.get("gap_nl", {}).get(year):
        return escape(topic["gap_nl"][year])
    if year in topic["gap"]:
        return _data_english(topic["gap"][year], lang)
    return escape(t("views.nothing_on_topic", lang))


def _data_english(text: str, lang: str) -> str:
    """A topic's title or gap note (data/topics.yaml, the project's English), marked as English on a
    page in another language."""
    return escape(text) if lang == DEFAULT_LANGUAGE else f'<span lang="en">{escape(text)}</span>'


def texts_side_by_side(topic: str, *, lang: str = DEFAULT_LANGUAGE) -> str:
    """The articles of every edition on ``topic``, in columns (chronological). Each column is
    aligned with the previous edition that has the topic (:func:`bridgelaws.text.textdiff.diff`, on the
    search's normalised words): inserted words in <ins>, deleted ones struck through (<del>) where
    they stood, words in another spelling dotted (class bl-spelling), other forms of a glossary term
    dashed (class bl-variant; the old form as a tooltip of both);
    an edition with nothing on the topic shows a gap. ``lang``: the language of the fixed words
    (the texts stay verbatim Dutch; a topic's title and gap notes are the project's English)."""
    found = find_topic(topic)
    head, cells = [], []
    previous = None
    for source in corpus.sources():
        year = source.edition
        head.append(f'<th>{year} <span class="bl-code bl-{source.code}">{html_text(f"common.code.{source.code}", lang)}</span></th>')
        records = _topic_records(found, year)
        if not records:
            gap = _topic_gap(found, year, lang)
            cells.append(f'<td class="bl-gap" data-edition="{year}"><b>&mdash; {html_text("views.not_in_text", lang)}'
                         f" &mdash;</b><br>{gap}</td>")
            continue
        text = " ".join(r.text for r in records)
        if previous is None:
            result = textdiff.diff_texts(textdiff.Text("", "", text), textdiff.Text("", "", text))
            note = t("views.first_text", lang)
        else:
            result = textdiff.diff_texts(textdiff.Text(previous[0], previous[0], previous[1]),
                                         textdiff.Text(year, year, text))
            note = diff_note(result, previous[0], lang)
        parts = [f'<div class="bl-diffnote">{escape(note)}</div>']
        index = 0
        shown_articles = set()
        for record in records:
            piece = ['<div class="bl-rec">']
            if record.article not in shown_articles:
                shown_articles.add(record.article)
                heading = record.heading or ""
                piece.append(f'<div class="bl-heading">{escape(year)}:{escape(record.article)} {escape(heading)}</div>')
            piece.append(f'<span class="bl-id">{escape(record.id)}</span> ')
            if record.title:
                piece.append(f'<span class="bl-title">{escape(record.title)}</span><br>')
            marked, index = _diff_marked(record.text, result, index, record is records[-1])
            piece.append(escape(record.label) + marked + "</div>")
            parts.append("".join(piece))
        cells.append(f'<td data-edition="{year}">{"".join(parts)}</td>')
        previous = (year, text)
    title = (f'<div class="bl-texts-title"><b>{_topic_title(found, lang)}</b> '
             f'<span class="bl-legend">({html_text("views.against_previous", lang)} '
             f'<ins>{html_text("views.inserted", lang)}</ins>, '
             f'<del>{html_text("views.deleted", lang)}</del>, '
             f'<span class="bl-spelling">{html_text("views.another_spelling", lang)}</span>, '
             f'<span class="bl-variant">{html_text("views.another_form", lang)}</span>)</span></div>')
    return _view(title + f"<table class=\"bl-texts\"><thead><tr>{''.join(head)}</tr></thead>"
                 f"<tbody><tr>{''.join(cells)}</tr></tbody></table>")


def spelling_evolution() -> pd.DataFrame:
    """Families of variant forms (dubbelen / doubleeren / doubleren, grooter / groter, ...) x
    editions: how often each form occurs (whole words, headings included, case-insensitive)."""
    import pandas as pd

    rows = []
    for family in _glossary()["spelling"]:
        for form in family["forms"]:
            rows.append({"meaning": family["meaning"], "form": form,
                         **{y: count_form(form, y) for y in YEARS}})
    return pd.DataFrame(rows).set_index(["meaning", "form"])


def glossary() -> pd.DataFrame:
    """The Dutch-English glossary: term, English, the editions and records where it occurs."""
    import pandas as pd

    rows = []
    for term in _glossary()["terms"]:
        occurs = list(term["occurs"])
        editions = []
        for ref in occurs:
            year = ref.split(":", 1)[0]
            if year not in editions:
                editions.append(year)
        rows.append({"dutch": term["nl"], "english": term["en"], "editions": ", ".join(editions),
                     "occurs_in": ", ".join(occurs), "note": term.get("note", "")})
    return pd.DataFrame(rows).set_index("dutch")
