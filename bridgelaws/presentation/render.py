"""Pure HTML rendering: functions from library objects to HTML strings, no widgets, no random ids.

The notebooks' views and widgets call these; tests call them directly. The engine's objects
(``Auction``, ``Judgement``, ``Ruling``) have no ``_repr_html_``: they sit below this module
(ARCHITECTURE.md, layers); a notebook shows one with :func:`auction_html`, :func:`judgement_html`
or :func:`ruling_html`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..auction.calls import Call, Seat
from ..text.i18n import DEFAULT_LANGUAGE, t
from .edition_words import case_name
from .present import STATUS_COLOURS, RulingView, describe, outcome_words, quoted_english, wording
from ..text.vocabulary import Effect

if TYPE_CHECKING:
    from ..auction.auction import Auction
    from ..judging.judging import Judgement
    from ..judging.rulings import Ruling

__all__ = ["GRID_ORDER", "STATUS_COLOURS", "GridExposure", "auction_html", "card_html", "card_text", "call_html", "english_html", "judgement_html",
           "outcome_text", "ruling_html", "stylesheet"]

#: Column order of the usual auction grid.
GRID_ORDER = (Seat.W, Seat.N, Seat.E, Seat.S)



@cache
def stylesheet() -> str:
    """The package's one stylesheet (``bridgelaws/static/bridgelaws.css``, then its print rules,
    ``static/print.css``) as a ``<style>`` element, comments and line breaks taken out. Every HTML
    output carries it once, at its start."""
    static = resources.files("bridgelaws").joinpath("static")
    css = "\n".join(static.joinpath(name).read_text(encoding="utf-8") for name in ("bridgelaws.css", "print.css"))
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return "<style>" + "".join(line.strip() for line in css.splitlines()) + "</style>"


def call_html(entry_call: Call, lang: str = DEFAULT_LANGUAGE) -> str:
    """A call as the grid shows it: ``1♥`` (red), ``X``, ``XX``, and the pass in ``lang`` (``Pas``)."""
    text = escape(t("cards.pass_symbol", lang) if entry_call.is_pass else entry_call.symbol())
    if entry_call.is_red:
        return f'<span class="bl-red">{text}</span>'
    return text


def case_words(key: str, english: str, lang: str) -> str:
    """A case's kind, description or situation in ``lang`` (data/messages/cases.yaml), as HTML; with
    no entry there, cases.yaml's English, marked as English."""
    from ..text.i18n import catalogue

    return escape(t(key, lang)) if key in catalogue() else marked_html(english, "en", lang)


def marked_html(text: str, text_lang: str, lang: str) -> str:
    """``text`` escaped; where it is not in the page's language ``lang`` (the engine's or the data's
    English on a Dutch page), in a ``lang`` span with the note that it is not yet in ``lang``."""
    if text_lang == lang:
        return escape(text)
    return (f'<span lang="{text_lang}">{escape(text)}</span> '
            f'<i class="bl-no-summary">{escape(t("cards.not_in_language", lang))}</i>')


def html_text(key: str, lang: str = DEFAULT_LANGUAGE, /, **values: object) -> str:
    """:func:`bridgelaws.text.i18n.t` for HTML: the catalogue's text as written (it is the project's own,
    and may hold an apostrophe the views always printed as it is), the values filled in escaped."""
    return t(key, lang, **{name: escape(str(value)) for name, value in values.items()})


def seat_name(seat: Seat, lang: str = DEFAULT_LANGUAGE) -> str:
    """A seat's full name: ``East``, in Dutch ``Oost``."""
    return seat.full_name if lang == DEFAULT_LANGUAGE else t(f"cards.seat.{seat.name}", lang)


_SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def card_text(card: str) -> str:
    """A card (``"SK"``, ``"HT"``) with its suit symbol and the ten as 10: ``♠K``, ``♥10``."""
    suit, rank = card[0], card[1:]
    return _SUIT_SYMBOLS[suit] + ("10" if rank == "T" else rank)


def card_html(card: str) -> str:
    """:func:`card_text` as HTML, hearts and diamonds red."""
    text = card_text(card)
    return f'<span class="bl-red">{text}</span>' if card[0] in "HD" else text


@dataclass(frozen=True)
class GridExposure:
    """A card exposed during the auction, as the grid shows it: in the cell of the call that came
    next (or of the player to act), before that call, marked with its owner. ``after``: how many
    calls the grid held when it was exposed; ``title``: the words shown on pointing at it."""

    after: int
    seat: Seat
    card: str
    title: str


def _exposures_html(exposures: Sequence[GridExposure]) -> str:
    return "".join(f'<span class="bl-exposed" data-card="{escape(e.card)}" data-seat="{e.seat}" '
                   f'title="{escape(e.title, quote=True)}">{e.seat}\u00a0{card_html(e.card)}</span> '
                   for e in exposures)


def auction_html(auction: "Auction", *, caption: bool = True, style: bool = True,
                 exposures: Sequence[GridExposure] = (), lang: str = DEFAULT_LANGUAGE) -> str:
    """The auction grid (West, North, East, South), the dealer's column marked, irregular calls shaded.
    ``exposures``: cards exposed during the auction, each shown at its place (before the call that
    followed it, or in the cell of the player to act)."""
    waiting = sorted(exposures, key=lambda exposure: exposure.after)

    def before(position: int) -> str:
        shown = [e for e in waiting if e.after <= position]
        del waiting[:len(shown)]
        return _exposures_html(shown)

    def header(seat: Seat) -> str:
        label = seat_name(seat, lang) + (t("cards.grid_dealer", lang) if seat == auction.dealer else "")
        classes = ["bl-dealer"] if seat == auction.dealer else []
        bar = None if auction.is_over else auction.bar_of(seat)
        if bar is not None:
            classes.append("bl-barred")
            label += t("cards.grid_must_pass", lang) + wording(bar.scope, lang).grid
        cls = f' class="{" ".join(classes)}"' if classes else ""
        return f"<th{cls}>{escape(label)}</th>"

    head = "".join(header(seat) for seat in GRID_ORDER)
    cells: list[str] = []
    column = GRID_ORDER.index(auction.dealer)
    cells.extend("<td></td>" for _ in range(column))
    for position, entry in enumerate(auction.history):
        # A call out of rotation is shown in its caller's column, so the grid can jump a seat.
        target = GRID_ORDER.index(entry.seat)
        while column % 4 != target:
            cells.append("<td></td>")
            column += 1
        exposed = before(position)
        if entry.irregularity:
            title = escape(f"{entry.irregularity}: {entry.reason}", quote=True)
            void = " bl-void" if entry.effect == Effect.VOID else ""
            shown = call_html(entry.call, lang)
            if entry.effect == Effect.DEEMED and entry.deemed is not None:
                shown += f" (= {call_html(entry.deemed, lang)})"
            if exposed:  # the call's own title stays on the call, the card's on the card
                cells.append(f'<td class="bl-irregular{void}">{exposed}<span title="{title}">{shown}*</span></td>')
            else:
                cells.append(f'<td class="bl-irregular{void}" title="{title}">{shown}*</td>')
        else:
            cells.append(f"<td>{exposed}{call_html(entry.call, lang)}</td>")
        column += 1
    if not auction.is_over and auction.next_to_call is not None:
        target = GRID_ORDER.index(auction.next_to_call)
        while column % 4 != target:
            cells.append("<td></td>")
            column += 1
        cells.append(f"<td>{before(len(auction.history))}?</td>")
        column += 1
    if waiting:  # exposed after the last call of a closed auction (or ended by a ruling): a cell of their own
        cells.append(f"<td>{_exposures_html(waiting)}</td>")
        column += 1
    while column % 4:
        cells.append("<td></td>")
        column += 1
    rows = "".join("<tr>" + "".join(cells[i:i + 4]) + "</tr>" for i in range(0, len(cells), 4))
    text = ""
    if caption:
        text = f"<caption>{escape(outcome_text(auction, lang))}</caption>"
    return (f"{stylesheet() if style else ''}<table class=\"bl-auction\">{text}"
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def basis_text(basis: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """The articles a mechanic rests on, in ``lang``: ``2007:17.E.1; overgenomen van 2017: 2017:22.B``
    (the registry's ``Basis`` says "inherited from" in English only)."""
    inherited = getattr(basis, "inherited", ())
    if lang == DEFAULT_LANGUAGE or not inherited:
        return str(basis)
    own = ", ".join(basis.articles)
    words = t("cards.basis_inherited", lang, donor=basis.donor, articles=", ".join(inherited))
    return f"{own}; {words}" if own else words


def outcome_text(auction: "Auction", lang: str = DEFAULT_LANGUAGE) -> str:
    """One line: the edition, and the outcome with the articles it rests on."""
    edition = auction.edition.year
    outcome = auction.outcome
    if outcome == "open" and auction.next_to_call is not None:
        return t("cards.to_call", lang, edition=edition, seat=seat_name(auction.next_to_call, lang))
    basis = basis_text(auction.outcome_basis, lang)
    if outcome == "contract" and auction.contract is not None:
        contract = auction.contract
        return t("cards.contract", lang, edition=edition, contract=contract, basis=basis,
                 declarer=seat_name(contract.declarer, lang),
                 declarer_basis=basis_text(auction.edition.rule("declarer"), lang))
    if outcome == "next-deal":
        return t("cards.all_pass.next-deal", lang, edition=edition, basis=basis)
    return t("cards.all_pass.passed-out", lang, edition=edition, basis=basis)


def judgement_outcome(judgement: "Judgement", lang: str = DEFAULT_LANGUAGE) -> str:
    """One line in ``lang``: where the auction stands (:func:`outcome_text`), or how a ruling ended
    it before it closed (a new deal)."""
    if lang == DEFAULT_LANGUAGE and judgement.ended is not None:
        outcome, articles = judgement.ended
        return f"{judgement.edition.year}: the auction ends, {outcome} ({', '.join(articles)})"
    if judgement.ended is not None:
        outcome, articles = judgement.ended
        return t("cards.auction_ends", lang, edition=judgement.edition.year, outcome=outcome_words(outcome, lang),
                 articles=", ".join(articles))
    return outcome_text(judgement.auction, lang)


_ITALIC = re.compile(r"\*(\w[^*\n]*?)\*")  # Dutch kept in the English; not the footnote marker "*)"


def english_html(text: str) -> str:
    """The project's English as HTML: escaped, ``*Dutch kept*`` in italics (lang="nl"), line breaks
    kept (data/editions/translation.md)."""
    html = _ITALIC.sub(r'<i lang="nl">\1</i>', escape(text))
    return html.replace("\n", "<br>")


def ruling_html(ruling: Ruling, *, case_name: str | None = None, style: bool = True,
                english: bool = False, lang: str = DEFAULT_LANGUAGE) -> str:
    """A ruling card: status, case, article ids, the Dutch quote, the English summary, bars,
    options, play consequences, and the assumption flag where the engine had to assume.

    ``english``: also show the project's English of the quoted paragraph, labelled as the project's
    translation, in its own box after the quote (which stays verbatim Dutch).

    ``lang``: the language of the card's fixed words; the quote stays verbatim Dutch,
    and a summary not written in ``lang`` is shown in English, marked so."""
    view = describe(ruling, lang)
    name = escape(case_name or view.case)
    parts = [f'<div class="bl-card" style="--bl-status:{view.colour}" data-case="{escape(view.case)}" '
             f'data-edition="{escape(view.edition)}" data-status="{view.status}">',
             f'<div><b>{escape(view.edition)}</b> &middot; {name} '
             f'<span class="bl-status">{view.label}</span>'
             + "".join(f' <span class="bl-inherited" data-donor="{escape(b.donor)}" title="{escape(b.title)}">'
                       f'{escape(b.text)}</span>' for b in view.inherited) + '</div>']
    parts += [f'<div class="bl-inherited-caution">{escape(c)}</div>' for b in view.inherited for c in b.cautions]
    if view.articles:
        parts.append(f'<div class="bl-articles">{escape(view.articles)}</div>')
    if view.references:
        parts.append(f"<div>{html_text('cards.points_to', lang)}"
                     f'<span class="bl-articles">{escape(view.references)}</span></div>')
    parts += _card_texts(view, english, lang)
    if view.summary_note is None:
        parts.append(f"<div>{escape(view.summary)}</div>")
    else:  # a summary not in the card's language: shown as it is, in its own language, marked
        parts.append(f'<div><span lang="{view.summary_lang}">{escape(view.summary)}</span> '
                     f'<i class="bl-no-summary">{escape(view.summary_note)}</i></div>')
    if view.supplement_gap is not None:
        # The supplement's gap for this situation, beside the corpus's answer: a note, never a rectification.
        parts.append(f'<div class="bl-outside bl-gap">{marked_html(view.supplement_gap, view.supplement_gap_lang, lang)}</div>')
    chosen = f" <b>{html_text('cards.chosen', lang)}</b>"
    items = [escape(bar) for bar in view.bars]
    items += [escape(option.phrase) + (chosen if option.chosen else "") for option in view.options]
    # the play's consequences (data/rulings/ ``play``, in Dutch ``play_nl``): the English marked where no Dutch is written
    items += [f"{html_text('cards.play', lang)}{marked_html(line, line_lang, lang)}" for line, line_lang in view.play_shown]
    if items:
        parts.append("<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
    if view.assumption:
        parts.append(f'<div class="bl-assumption"><b>{html_text("cards.assumption", lang)}</b> '
                     f'{marked_html(view.assumption_shown or view.assumption, view.assumption_lang, lang)}</div>')
    parts.append("</div>")
    return (stylesheet() if style else "") + "".join(parts)


def _card_texts(view: RulingView, english: bool, lang: str) -> list[str]:
    """The texts of a ruling card, each in its own box: the verbatim Dutch quote, the project's
    English of its paragraph (``english``), a draft's proposed wording, a supplementary ruling's
    provenance."""
    parts = []
    if view.quote_nl:
        source = f' <span class="bl-articles">({escape(view.quote_from)})</span>' if view.quote_from else ""
        parts.append(f'<blockquote lang="nl">&ldquo;{escape(view.quote_nl)}&rdquo;{source}</blockquote>')
    quoted = quoted_english(view) if english else None
    if quoted is not None:
        label = quoted.label if lang == DEFAULT_LANGUAGE else t("cards.translation_label", lang)
        parts.append(f'<div class="bl-english" lang="en"><span class="bl-english-label">{escape(label)}'
                     f' ({escape(quoted.record_id)}, {html_text("cards.whole_paragraph", lang)}):</span> '
                     f'{english_html(quoted.text)}</div>')
    if view.proposed is not None:
        from ..judging.drafts import PROPOSED_LABEL

        # Its own box, never a quote: a draft's text is not a published code.
        proposed_label = PROPOSED_LABEL if lang == DEFAULT_LANGUAGE else t("cards.proposed_label", lang)
        parts.append(f'<div class="bl-proposed"><b>{escape(proposed_label)}:</b> '
                     f'<span lang="nl">{escape(view.proposed)}</span>'
                     f'<div>{html_text("cards.reason", lang)}{escape(view.proposed_reason or "")}</div></div>')
    if view.outside_corpus:
        # Its own box, never a quote: the verbatim layer is the corpus alone.
        parts.append(f'<div class="bl-outside">{html_text("cards.in_the_corpus", lang, status=view.corpus_status or "")}'
                     f'<b>{escape(view.outside_corpus)}</b></div>')
    return parts


def judgement_html(judgement: "Judgement", *, english: bool = False, lang: str = DEFAULT_LANGUAGE) -> str:
    """The auction grid with barred players marked, followed by a card for every ruling (with the
    English of each quoted paragraph when ``english``)."""
    from .present import who_name

    grid = auction_html(judgement.auction, style=False, lang=lang)
    bars = judgement.state["barred"]
    barred = ""
    if bars:
        barred = f"<div class=\"bl-barred\">{html_text('cards.judgement_must_pass', lang)}" + ", ".join(
            f"<b>{escape(who_name(b['seat'], lang))}</b> ({wording(b['scope'], lang).brief})"
            for b in bars) + "</div>"
    cards = []
    for e, r in judgement.rulings:
        assert e.case is not None  # an event with a ruling names its case
        cards.append(ruling_html(r, case_name=case_name(e.case, lang, r.edition), style=False, english=english,
                                 lang=lang))
    return stylesheet() + grid + barred + "".join(cards)
