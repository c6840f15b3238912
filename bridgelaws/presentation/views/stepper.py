"""The auction stepper: a scenario cut into steps, and one panel per edition with the auction so far,
who must pass, the legal calls of the player to act and a card for every ruling."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from ...text import corpus
from ...auction.calls import ALL_CALLS, BIDS, Call, Seat, parse_seat
from ...judging.divergence import divergences
from ...auction.editions import Edition
from ...judging.lookup import find_edition, find_editions
from ...text.errors import BridgeLawsError
from ...judging.judging import Judgement, judge
from ...auction.notation import parse_scenario
from ..present import effect_words, wording
from ...text.i18n import DEFAULT_LANGUAGE, t
from ..render import (GridExposure, auction_html, call_html, card_text, html_text, judgement_outcome, ruling_html,
                      marked_html, seat_name, stylesheet)
from ...text.vocabulary import DEFAULT_LAYER, EventKind
from ._common import YEARS, EditionNames, Tokens, _case_name, divergence_html, token_list

if TYPE_CHECKING:
    from ...auction.auction import Auction


def steps(tokens: Tokens) -> list[list[str]]:
    """The scenario cut into steps: each call or exposed card with the marks and options after it
    (marks before the first call belong to the first step).

    Raises :class:`BridgeLawsError` (naming the token) when a token cannot be read.
    """
    tokens = token_list(tokens)
    groups: list[list[str]] = []
    leading: list[str] = []  # marks before the first call (``^S 1C``): they belong to it
    for event in parse_scenario(tokens):
        if event.kind in ("mark", "option") and groups:
            groups[-1].append(event.token)
        elif event.kind == "mark":
            leading.append(event.token)
        else:  # parse_scenario refuses an option before any call, and marks with no call after them
            groups.append(leading + [event.token])
            leading = []
    return groups


def tokens_at(tokens: Tokens, step: int | None = None) -> list[str]:
    """The tokens of the first ``step`` steps (all of them for None)."""
    groups = steps(tokens)
    if step is None:
        step = len(groups)
    if not 0 <= step <= len(groups):
        raise BridgeLawsError(f"step {step} is outside the scenario, which has {len(groups)} steps")
    return [token for group in groups[:step] for token in group]


def judge_prefix(tokens: Tokens, edition: str | Edition,
                 dealer: str | Seat = "N", layer: str = DEFAULT_LAYER) -> tuple[Judgement | None, str | None, int]:
    """Judge ``tokens`` under ``edition``; if the edition cannot go on at some step, the judgement
    of the longest playable prefix of whole steps and the error. Returns ``(judgement, error,
    steps_judged)``."""
    groups = steps(tokens)
    result = judge([t for g in groups for t in g], edition, dealer, partial=True, layer=layer)
    if result.error is None or result.stopped_at is None:
        return result, None, len(groups)
    message = result.error
    # A prefix that holds the token the edition could not play stops there too, so the longest
    # playable one ends before that token's step.
    played = 0
    for count, group in enumerate(groups):
        if played + len(group) >= result.stopped_at:
            break
        played += len(group)
    if played == result.stopped_at - 1:
        return result, message, count  # the partial judgement is exactly the first `count` steps
    for count in range(count, -1, -1):  # the step ends with a mark of the call that cannot be played
        try:
            return judge([t for g in groups[:count] for t in g], edition, dealer, layer=layer), message, count
        except BridgeLawsError:
            continue
    return None, message, 0


def check_tokens(tokens: Tokens, editions: EditionNames = None,
                 dealer: str | Seat = "N", layer: str = DEFAULT_LAYER) -> dict[str, str | None]:
    """For each edition, None if the whole scenario plays, else the error message."""
    result: dict[str, str | None] = {}
    for edition in find_editions(editions):
        try:
            judge(token_list(tokens), edition, dealer, layer=layer)
            result[edition.year] = None
        except BridgeLawsError as error:
            result[edition.year] = str(error)
    return result


def edition_years(editions: EditionNames = None) -> tuple[str, ...]:
    """The years of the chosen editions, chronologically (``None`` / ``"all"``: every registered edition)."""
    return tuple(e.year for e in find_editions(editions))


def warm_up() -> None:
    """Load the rulings data and the corpus now (the first ruling of a case otherwise reads its YAML
    file on first use), so that a widget's first click is as fast as the others."""
    from ...judging.rulings import case_ids, ruling_data

    for case_id in case_ids():
        ruling_data(case_id)
    for year in YEARS:
        corpus.records(year)


def legal_calls_html(auction: Auction, calls: Iterable[Call] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """A small bidding box of the player to act: his legal calls highlighted, the others grey.
    ``calls``: the calls allowed now, when a ruling narrows them (a Judgement's ``legal_calls()``).
    ``lang``: the language of the line above it."""
    if auction.is_over:
        return ""
    seat = auction.next_to_call
    assert seat is not None  # the auction is not over
    allowed = tuple(auction.legal_calls() if calls is None else calls)
    legal = set(allowed)
    bar = auction.bar_of(seat)
    head = (t("stepper_controls.view.to_call_one", lang, seat=seat_name(seat, lang), count=len(legal)) if len(legal) == 1
            else t("stepper_controls.view.to_call", lang, seat=seat_name(seat, lang), count=len(legal)))
    if bar is not None:
        head += t("stepper_controls.view.barred_now", lang, this_turn=wording(bar.scope, lang).this_turn)

    def cell(call: Call) -> str:
        cls = "bl-legal" if call in legal else "bl-not"
        return f'<td class="{cls}">{call_html(call, lang)}</td>'

    rows = ["<tr>" + "".join(cell(c) for c in ALL_CALLS[:3]) + '<td colspan="2"></td></tr>']
    for level in range(7):
        rows.append("<tr>" + "".join(cell(c) for c in BIDS[level * 5:level * 5 + 5]) + "</tr>")
    return (f'<div class="bl-to-act">{escape(head)}</div>'
            f'<table class="bl-minibox" data-legal="{" ".join(str(c) for c in allowed)}">'
            f'<tbody>{"".join(rows)}</tbody></table>')


def must_pass_html(auction: Auction, lang: str = DEFAULT_LANGUAGE) -> str:
    """Who must pass now and why (the strongest bar per player), or '' (``lang``: its words)."""
    if auction.is_over:
        return ""
    parts = []
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        bar = auction.bar_of(seat)
        if bar is not None:
            source = f", {bar.article}" if bar.article else ""
            parts.append(f"<b>{escape(seat_name(seat, lang))}</b> ({escape(wording(bar.scope, lang).span)}{escape(source)})")
    if not parts:
        return ""
    return f'<div class="bl-must-pass">{html_text("stepper_controls.view.must_pass", lang)}' + "; ".join(parts) + "</div>"


def grid_exposures(tokens: Tokens, result: Judgement, layer: str = DEFAULT_LAYER,
                   lang: str = "en") -> list[GridExposure]:
    """The cards exposed during the auction judged in ``result`` (from ``tokens``), each with the
    number of calls the grid held when it was shown: the prefix before it, judged again (a later
    ruling can rewrite the history, so the count is taken at the time)."""
    tokens = token_list(tokens)
    found = []
    for event in result.events:
        if event.kind is not EventKind.EXPOSURE or event.seat is None or event.card is None:
            continue
        before = judge(tokens[:event.index - 1], result.edition, result.dealer, partial=True, layer=layer)
        seat = t(f"common.seat.{event.seat}", lang)
        title = t("stepper.exposed_in_grid", lang, seat=seat, card=card_text(event.card), index=event.index)
        found.append(GridExposure(len(before.auction.history), event.seat, event.card, title))
    return found


def panel_html(tokens: Tokens, edition: str | Edition, dealer: str | Seat = "N", *, style: bool = True,
               layer: str = DEFAULT_LAYER, english: bool = False, lang: str = DEFAULT_LANGUAGE) -> str:
    """One edition's panel: the auction grid with barred players marked and exposed cards at their
    place, who must pass, the legal calls of the player to act, and a ruling card for every
    irregularity so far. ``style=False`` leaves out the stylesheet (the stepper carries it once for
    all its panels). ``lang``: the language of the fixed words, the grid and the cards (the quotes
    stay verbatim Dutch; an engine's reason is shown as it is)."""
    edition = find_edition(edition)
    result, error, _ = judge_prefix(tokens, edition, dealer, layer)
    return _panel(edition, result, error, style=style, english=english, tokens=tokens, layer=layer, lang=lang)


def _panel(edition: Edition, result: Judgement | None, error: str | None, *, style: bool = True,
           notes: str = "", english: bool = False, tokens: Tokens = None, layer: str = DEFAULT_LAYER,
           lang: str = DEFAULT_LANGUAGE) -> str:
    parts = [stylesheet() if style else "", f'<div class="bl-panel" data-edition="{escape(edition.year)}">',
             f'<div class="bl-panel-head"><b>{escape(edition.year)}</b>'
             f'<span class="bl-code bl-{escape(edition.code)}">{html_text(f"common.code.{edition.code}", lang)}</span></div>',
             f'<div class="bl-panel-name">{marked_html(*edition.title(lang), lang)}</div>']
    if result is not None:
        parts.append(auction_html(result.auction, style=False, exposures=grid_exposures(tokens, result, layer, lang),
                                  lang=lang))
        if result.ended is not None:  # a ruling ended the auction before it closed (a new deal)
            parts.append(f'<div class="bl-ended">{escape(judgement_outcome(result, lang))}</div>')
        parts.append(must_pass_html(result.auction, lang))
    if error:
        parts.append(f'<div class="bl-error"><b>{html_text("stepper_controls.view.cannot_go_on", lang, year=edition.year)}'
                     f'</b> {escape(error)}</div>')
    parts.append(notes)
    if result is not None:
        parts.append(legal_calls_html(result.auction, result.legal_calls(), lang))
        if result.no_legal_call is not None:
            parts.append(f'<div class="bl-error">{escape(result.no_legal_call.text())}</div>')
        rulings = result.rulings
        if not rulings:
            parts.append(f'<div class="bl-none">{html_text("stepper_controls.view.no_irregularity", lang)}</div>')
        for event, ruling in rulings:
            effect = marked_html(*effect_words(event.effect or "", lang, ruling.edition), lang)
            parts.append(f'<div class="bl-event">{escape(event.token)} &rarr; {effect}</div>')
            parts.append(ruling_html(ruling, case_name=_case_name(event, lang, ruling.edition), style=False, english=english,
                                     lang=lang))
    parts.append("</div>")
    return "".join(parts)


def steps_html(tokens: Tokens, step: int | None = None, dealer: str | Seat = "N", *,
               diverging: Mapping[int, str] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The scenario's tokens, the first ``step`` steps marked as played. ``diverging``: token
    position -> a note, for the tokens the editions shown read as different calls (marked
    ``bl-diverge``, the note as the title). ``lang``: the language of the words around them."""
    groups = steps(tokens)
    step = len(groups) if step is None else step
    seat = parse_seat(dealer, " (dealer)")
    diverging = diverging or {}
    spans = []
    position = 1
    for index, group in enumerate(groups):
        cls = "bl-done" if index < step else "bl-todo"
        notes = [diverging[i] for i in range(position, position + len(group)) if i in diverging]
        position += len(group)
        title = ""
        if notes:
            cls += " bl-diverge"
            title = f' title="{escape("; ".join(notes), quote=True)}"'
        spans.append(f'<span class="bl-tok {cls}"{title}>{escape(" ".join(group))}</span>')
    body = " ".join(spans) if spans else f"<i>{html_text('stepper_controls.view.no_calls', lang)}</i>"
    return (f'<div class="bl-steps">{html_text("stepper_controls.view.dealer", lang)} '
            f"<b>{escape(seat_name(seat, lang))}</b> &middot; "
            f"{html_text('stepper_controls.view.step_of', lang, step=step, count=len(groups))}: {body}</div>")


def stepper_html(tokens: Tokens, editions: EditionNames = None, dealer: str | Seat = "N",
                 step: int | None = None, layer: str = DEFAULT_LAYER, *, english: bool = False,
                 lang: str = DEFAULT_LANGUAGE) -> str:
    """The auction stepper's view: the scenario with the current step, then one panel per edition
    (chronological), side by side. ``step`` is the number of steps shown (None: all of them).
    Where the editions shown read the steps so far as different calls (another player's, or of
    another kind: :mod:`bridgelaws.judging.divergence`), those tokens are marked and each panel says how
    its edition reads them.

    Raises :class:`BridgeLawsError` for an unreadable token, an unknown edition or dealer, or a step
    outside the scenario; an edition that cannot go on shows its error in its own panel.

    ``layer="supplement"``: where the corpus excerpt is silent or only points elsewhere, the
    supplementary rulings (cards marked "outside the corpus"), and a banner says so.

    ``english``: each ruling card also shows the project's English of the paragraph it quotes
    (labelled as the project's translation; the quote stays verbatim Dutch).

    ``lang``: the language of the fixed words, the grids and the cards ("en" or "nl").
    The quotes stay verbatim Dutch; what the engine or the data write in English (an edition's
    reason for stopping, an event's effect, a divergence's note) is shown as it is.
    """
    from ...judging.rulings import check_layer

    chosen = find_editions(editions)
    parse_seat(dealer, " (dealer)")
    check_layer(layer)
    shown = tokens_at(tokens, step)
    judged = [(edition, *judge_prefix(shown, edition, dealer, layer)[:2]) for edition in chosen]
    found = divergences({edition.year: result.events for edition, result, _ in judged if result is not None})
    panels = "".join(_panel(edition, result, error, style=False, notes=divergence_html(found, edition.year, lang),
                            english=english, tokens=shown, layer=layer, lang=lang)
                     for edition, result, error in judged)
    diverging = {d.index: d.summary() for d in found}
    head = steps_html(tokens, step, dealer, diverging=diverging, lang=lang)
    if found:
        head += f'<div class="bl-divergence">{html_text("stepper_controls.view.divergence", lang)}</div>'
    if layer == "supplement":
        banner = t("stepper_controls.view.supplement_banner", lang,
                   layer=f"<b>{escape(t('stepper_controls.view.supplement', lang))}</b>",
                   outside=f"<i>{escape(t('stepper_controls.view.outside', lang))}</i>")
        head = f'<div class="bl-outside-banner">{banner}</div>' + head
    return stylesheet() + '<div class="bl-stepper">' + head + f'<div class="bl-panels">{panels}</div></div>'


def acceptance_offer(tokens: Tokens, editions: EditionNames = None,
                     dealer: str | Seat = "N", layer: str = DEFAULT_LAYER) -> dict[str, Any] | None:
    """Whether the last step can be accepted by calling over it, in some shown edition.

    Returns ``{"seat", "token", "articles", "editions"}`` (the seat that calls over it: the
    offender's left-hand opponent) or None.
    """
    tokens = token_list(tokens)
    groups = steps(tokens)
    if not groups:
        return None
    last_index = len(tokens) - len(groups[-1]) + 1  # 1-based position of the last step's call
    offer: dict[str, Any] | None = None
    for edition in find_editions(editions):
        try:
            result = judge(tokens, edition, dealer, layer=layer)
        except BridgeLawsError:
            continue
        for event, ruling in result.rulings:
            if (event.index == last_index and event.kind is EventKind.CALL and ruling.acceptance
                    and event.seat is not None):
                seat = event.seat.lho
                if offer is None:
                    offer = {"seat": str(seat), "token": event.token, "articles": [], "editions": []}
                offer["editions"].append(edition.year)
                if ruling.acceptance not in offer["articles"]:
                    offer["articles"].append(ruling.acceptance)
    return offer
