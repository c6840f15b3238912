"""What the views share: the years, a scenario as tokens, the wrapper of every view, a case's name,
the note on tokens an edition reads differently."""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, TypeAlias

from ...judging.divergence import Divergence
from ...auction.editions import EDITIONS, Edition
from ...text.i18n import DEFAULT_LANGUAGE, t
from ...judging.records import EventRecord
from ..render import html_text, stylesheet
from ...judging.rulings import find_case

YEARS = tuple(e.year for e in EDITIONS)
#: A scenario as the views take it: a string of tokens, the tokens, or None (no tokens).
Tokens: TypeAlias = "str | Iterable[Any] | None"
#: Editions as :func:`bridgelaws.auction.editions.find_editions` takes them (None or ``"all"``: every registered edition).
EditionNames: TypeAlias = "str | Iterable[str | int | Edition] | None"


def _view(html: str) -> str:
    """A view's HTML: the stylesheet, then the view in a ``div.bl-view`` (see bridgelaws.css)."""
    return stylesheet() + '<div class="bl-view">' + html + "</div>"


def token_list(tokens: Tokens) -> list[str]:
    """A scenario as a list of tokens (a string is split on white space)."""
    if tokens is None:
        return []
    if isinstance(tokens, str):
        return tokens.split()
    return [str(t) for t in tokens]


def _case_name(event: EventRecord, lang: str = DEFAULT_LANGUAGE, edition: str | None = None) -> str:
    """The name (in ``lang``, in ``edition``'s words where it has its own) of the case an event with a
    ruling raised."""
    from ..edition_words import case_name

    return case_name(str(event.case), lang, edition)


def divergence_html(found: list[Divergence], year: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The tokens edition ``year`` reads as different calls from the other editions shown (see
    :mod:`bridgelaws.judging.divergence`), in words, or ''."""
    notes = [d.note(year, lang) for d in found if year in d.words]
    if not notes:
        return ""
    return (f'<div class="bl-divergence" data-edition="{escape(year)}">'
            f"{html_text('views.divergence_how', lang, year=year)}<ul>"
            + "".join(f"<li>{escape(note)}</li>" for note in notes) + "</ul></div>")
