"""The search over the texts and the diff of two texts, as HTML (notebook 04 and the app)."""

from __future__ import annotations

from html import escape

from ...text import corpus, textdiff, textsearch
from ...text import translation
from ...text.i18n import DEFAULT_LANGUAGE, t
from ..render import html_text
from ...text.translation import LABEL
from ._common import _view


def _highlighted_html(hit: textsearch.Hit) -> str:
    out, position = [], 0
    for start, end in hit.marks:
        out += [escape(hit.snippet[position:start]), "<mark>", escape(hit.snippet[start:end]), "</mark>"]
        position = end
    return "".join(out) + escape(hit.snippet[position:])


def search_html(query: str, edition: str | None = None, variants: bool = True, *,
                lang: str = DEFAULT_LANGUAGE) -> str:
    """The records that hold ``query`` (:func:`bridgelaws.text.textsearch.search`: whole words, ``*`` for any
    letters, every spelling unless ``variants`` is False), one line per record: its id, the text
    around the match with the words found marked, and the project's English where there is one."""
    hits = translation.search(query, edition=edition, variants=variants)
    languages = {form.casefold(): hit.language for hit in hits for form in hit.forms}
    forms = sorted(languages)
    terms = _dutch_terms_html(query, hits, lang)
    if not hits:
        return _view(f'<div class="bl-search"><p>{html_text("views.search_none", lang, query=repr(query))}</p>'
                     f"{terms}</div>")
    label_text = LABEL if lang == DEFAULT_LANGUAGE else t("cards.translation_label", lang)
    rows = [_hit_html(hit, label_text, lang) for hit in hits]
    # The forms found are the texts' own words (the English translation's, for an English query).
    summary = html_text("views.search_count_one" if len(hits) == 1 else "views.search_count", lang,
                        count=len(hits), forms="\x00").replace(
        "\x00", ", ".join(f'<span lang="{languages[form]}">{escape(form)}</span>' for form in forms))
    label = (f'<div class="bl-legend">{escape(label_text)}</div>'
             if any(translation.english(hit.record_id) is not None for hit in hits) else "")
    return _view(f'<div class="bl-search"><div class="bl-diffnote">{summary}</div>{terms}{label}'
                 f'<ul>{"".join(rows)}</ul></div>')


def _hit_html(hit: textsearch.Hit, label_text: str, lang: str) -> str:
    """One hit: its id, the Dutch around the match (marked), and the project's English; a hit in the
    English alone shows the English marked, labelled "match in the English", and the Dutch after it."""
    where = "" if hit.where == "text" else f' <span class="bl-where">({escape(hit.where)})</span>'
    record = f'<span class="bl-id">{escape(hit.record_id)}</span>{where}'
    if hit.language == "en":
        dutch = corpus.record(hit.record_id).text
        return (f'<li data-record="{escape(hit.record_id)}" data-match="en">{record} '
                f'<span class="bl-match-en">{html_text("views.search_in_english", lang)}</span>'
                f'<div class="bl-en" lang="en">{_highlighted_html(hit)}</div>'
                f'<div lang="nl">{escape(dutch)}</div></li>')
    text_en = translation.english(hit.record_id)
    en = (f'<div class="bl-en" lang="en" title="{escape(label_text)}">{escape(text_en)}</div>'
          if text_en is not None else "")
    return f'<li data-record="{escape(hit.record_id)}">{record} {_highlighted_html(hit)}{en}</li>'


def _dutch_terms_html(query: str, hits: list[textsearch.Hit], lang: str) -> str:
    """Where no Dutch text holds the query: the glossary's Dutch terms for its English words."""
    if any(hit.language == "nl" for hit in hits):
        return ""
    terms = translation.dutch_terms(query)
    if not terms:
        return ""
    listed = ", ".join(f"<b lang=\"nl\">{escape(nl)}</b> (<span lang=\"en\">{escape(en)}</span>)" for nl, en in terms)
    text = html_text("views.search_dutch_terms", lang, query=repr(query), terms="\x00")
    return f'<p class="bl-dutch-terms">{text.replace(chr(0), listed)}</p>'


def _piece_html(piece: textdiff.Piece) -> str:
    if piece.kind == "same":
        return escape(piece.new)
    if piece.kind == "deleted":
        return f"<del>{escape(piece.old)}</del>"
    if piece.kind == "inserted":
        return f"<ins>{escape(piece.new)}</ins>"
    return f'<span class="bl-{piece.kind}" title="{escape(piece.old)}">{escape(piece.new)}</span>'


def diff_html(ref_a: str, ref_b: str, *, lang: str = DEFAULT_LANGUAGE) -> str:
    """Two texts aligned word by word (:func:`bridgelaws.text.textdiff.diff`): the words of both in
    order, deleted ones struck through, inserted ones underlined, another spelling dotted and
    another form of a glossary term dashed (the first text's form as a tooltip), and the
    similarity with how it is computed."""
    result = textdiff.diff(ref_a, ref_b)
    body = " ".join(_piece_html(piece) for piece in result.pieces).replace("\n", "<br>")
    note = t("views.diff_similarity", lang, similarity=round(result.similarity * 100), aligned=result.aligned,
             words_a=result.words_a, words_b=result.words_b, inserted=result.inserted, deleted=result.deleted,
             spelling=result.spelling, variant=result.variant)
    return _view(f'<div class="bl-diff"><div class="bl-diff-head">a: {escape(result.a.label)}<br>'
                 f"b: {escape(result.b.label)}</div>"
                 f'<div class="bl-diffnote">{escape(note)}</div><div class="bl-diff-text">{body}</div>'
                 f'<div class="bl-legend"><del>{html_text("views.deleted_from_a", lang)}</del> '
                 f'<ins>{html_text("views.inserted_in_b", lang)}</ins> '
                 f'<span class="bl-spelling">{html_text("views.another_spelling", lang)}</span> '
                 f'<span class="bl-variant">{html_text("views.another_form", lang)}</span></div></div>')
