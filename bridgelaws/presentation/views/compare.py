"""One scenario under every edition: every irregularity's ruling, side by side, and where the
editions read the same tokens as different calls."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ...auction.calls import Seat, parse_seat
from ...text.i18n import DEFAULT_LANGUAGE, t
from ...auction.notation import parse_scenario
from ..present import STATUS_COLOURS, describe, effect_words
from ..render import html_text, judgement_outcome, marked_html, ruling_html, seat_name
from ...judging.rulings import cases, find_case
from ...text.vocabulary import DEFAULT_LAYER
from ._common import EditionNames, Tokens, _case_name, _view, divergence_html, token_list

if TYPE_CHECKING:
    import pandas as pd

    from ...judging.divergence import Divergence
    from ...judging.records import EventRecord
    from ...judging.rulings import Ruling
    from ..tables import Comparison


def case_scenario(case_id: str) -> dict[str, Any] | None:
    """The canonical scenario of a case (``{"dealer", "tokens"}``), or None for a situation."""
    case = find_case(case_id)
    return dict(case.scenario) if case.scenario else None


@dataclass(frozen=True)
class CaseExample:
    """A case's canonical scenario, or one of its variants, as the comparison explorer offers it."""

    label: str
    case: str  # the case id: the event the explorer opens on
    dealer: str
    tokens: str


def case_examples(lang: str = DEFAULT_LANGUAGE) -> list[CaseExample]:
    """Every case scenario and variant the notation can express, with the case it shows (labels in
    ``lang``)."""
    examples = []
    for case in cases():
        if case.variants:
            for variant in case.variants:
                examples.append(CaseExample(f"{case.name(lang)}: {case.variant_label(variant, lang)}", case.id,
                                            variant["dealer"], variant["tokens"]))
        elif case.scenario:
            examples.append(CaseExample(case.name(lang), case.id, case.scenario.get("dealer", "N"),
                                        case.scenario["tokens"]))
    return examples


def case_choices(lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """(label, "dealer|tokens") for every case scenario and variant the notation can express."""
    choices = []
    for case in cases():
        if case.variants:
            for variant in case.variants:
                choices.append((f"{case.name(lang)}: {case.variant_label(variant, lang)}",
                                f"{variant['dealer']}|{variant['tokens']}"))
        elif case.scenario:
            choices.append((case.name(lang), f"{case.scenario.get('dealer', 'N')}|{case.scenario['tokens']}"))
    return choices


def compare_table(scenario: Tokens, editions: EditionNames = None,
                  dealer: str | Seat = "N", layer: str = DEFAULT_LAYER) -> pd.DataFrame:
    """The library's comparison (:func:`bridgelaws.presentation.tables.compare`), trimmed to the columns a
    reader needs first."""
    from ..present import status_name
    from ..tables import compare

    frame = compare(" ".join(token_list(scenario)), editions, dealer, layer)
    if "status" in frame:
        frame["status"] = [status_name(s) if isinstance(s, str) else s for s in frame["status"]]
    keep = [c for c in ("case", "status", "articles", "barred", "options", "summary_en", "outside_corpus",
                        "next_to_call", "outcome", "contract", "error") if c in frame]
    frame = frame[keep]
    if "error" in frame and frame["error"].isna().all():
        frame = frame.drop(columns="error")
    return frame


def compare_html(scenario: Tokens, editions: EditionNames = None, dealer: str | Seat = "N",
                 layer: str = DEFAULT_LAYER, *, focus: str | None = None, english: bool = False,
                 lang: str = DEFAULT_LANGUAGE) -> str:
    """The scenario under each edition, one row per edition: a card (article, Dutch quote, English
    summary, assumption flag) for every irregular event, in the order of the scenario, and where the
    auction stands. Where the editions read the same tokens as different calls (another player's,
    or of another kind: :mod:`bridgelaws.judging.divergence`), a note above the table and one in each
    edition's row say so.

    ``focus``: a case id (the case the explorer was opened on). Each edition's card of that case's
    first event comes first, marked ``bl-focus``, and the row's status is that event's; an edition
    whose auction has no event of the case says so, and shows its other events.

    ``english``: each card also shows the project's English of the paragraph it quotes.

    ``lang``: the language of the fixed words, the case names and the cards; the
    quotes stay verbatim Dutch."""
    from ..tables import compare_divergences, compare_results

    tokens = token_list(scenario)
    parse_scenario(tokens)
    seat = parse_seat(dealer, " (dealer)")
    focus_name = find_case(focus).name(lang) if focus is not None else None
    results = compare_results(tokens, editions, seat, layer)
    found = compare_divergences(results)
    rows = [_edition_row(result, found, focus, focus_name, english, lang) for result in results]
    head = (f'<div style="font-family:sans-serif;margin-bottom:4px">{html_text("views.scenario", lang)} '
            f'<code>{escape(" ".join(tokens))}</code>, '
            f"{html_text('views.dealer', lang, seat=seat_name(seat, lang))}</div>")
    if found:
        head += (f'<div class="bl-divergence">{html_text("views.divergence_head", lang)}<ul>'
                 + "".join(f"<li>{escape(d.summary(lang))}</li>" for d in found) + "</ul></div>")
    column = (html_text("views.column_rulings_focus", lang, case=focus_name) if focus_name
              else html_text("views.column_rulings", lang))
    return _view(head + f'<table class="bl-compare"><thead><tr><th>{html_text("views.column_edition", lang)}</th>'
                 f'<th>{html_text("views.column_status", lang)}</th>'
                 f"<th>{column}</th><th>{html_text('views.column_stands', lang)}</th></tr></thead>"
                 f"<tbody>{''.join(rows)}</tbody></table>")


def _edition_row(result: Comparison, found: list[Divergence], focus: str | None, focus_name: str | None,
                 english: bool, lang: str) -> str:
    """One edition's row of :func:`compare_html`: its status badges, its cards, where it stands."""
    edition = result.edition
    notes = divergence_html(found, edition.year, lang)
    if result.judgement is None:
        return (f'<tr data-edition="{escape(edition.year)}"><th>{escape(edition.year)}</th><td colspan="3">'
                f'<div class="bl-error">{escape(str(result.error))}</div>{notes}</td></tr>')
    cards = []
    chosen = result.focus(focus)
    focus_attribute = "" if focus is None else f' data-focus="{"present" if chosen else "absent"}"'
    if focus is not None and chosen is None:
        cards.append(f'<div class="bl-none bl-no-focus">'
                     f'{html_text("views.no_focus_event", lang, case=str(focus_name), edition=edition.year)}</div>')
    ordered = result.events
    if chosen is not None and focus is not None:
        ordered = [chosen] + [pair for pair in ordered if pair[0].index != chosen[0].index]
    status, badges = _badges(ordered, chosen, lang)
    for number, (event, ruling) in enumerate(ordered):
        focused = focus is not None and number == 0 and chosen is not None
        if chosen is not None and focus is not None and number == 1:
            cards.append(f'<div class="bl-none">{html_text("views.also_in_scenario", lang)}</div>')
        effect = (f" &rarr; {marked_html(*effect_words(event.effect, lang, ruling.edition), lang)}" if event.effect
                  else "")
        seat_text = f" ({seat_name(event.seat, lang)})" if event.seat is not None else ""
        cards.append(f'<div class="bl-compare-event{" bl-focus" if focused else ""}" data-index="{event.index}"'
                     f' data-case="{escape(str(event.case))}"><div class="bl-event">'
                     f'{html_text("views.token", lang, index=event.index)}'
                     f"{escape(event.token)}{escape(seat_text)}{effect}</div>"
                     + ruling_html(ruling, case_name=_case_name(event, lang, ruling.edition), style=False, english=english,
                                   lang=lang)
                     + "</div>")
    return (f'<tr data-edition="{escape(edition.year)}" data-status="{status}"{focus_attribute}><th>{escape(edition.year)}<br>'
            f'<span class="bl-code bl-{escape(edition.code)}">{html_text(f"common.code.{edition.code}", lang)}</span></th>'
            f"<td>{badges}</td>"
            f"<td>{''.join(cards)}{notes}</td>"
            f"<td>{escape(judgement_outcome(result.judgement, lang))}</td></tr>")


def _badges(ordered: list[tuple[EventRecord, Ruling]], chosen: tuple[EventRecord, Ruling] | None,
            lang: str) -> tuple[str, str]:
    """The row's status and its badges: "regular" without an irregular event; else the status of
    the event shown first, and a badge with the short ruling of every event."""
    if not ordered:
        return "regular", (f'<span class="bl-badge" style="background:{STATUS_COLOURS["regular"]}">'
                           f'{html_text("cards.status.regular", lang)}</span>'
                           f'<div class="bl-short">{html_text("views.no_irregularity", lang)}</div>')
    shown_first = (chosen or ordered[0])[1]
    status = "accepted" if shown_first.accepted else str(describe(shown_first).status)
    badges = ""
    for event, ruling in ordered:
        shown = describe(ruling, lang)
        where = f"{event.token}: " if len(ordered) > 1 else ""
        badges += (f'<div><span class="bl-badge" style="background:{shown.colour}">{escape(shown.label)}'
                   f'</span><div class="bl-short">{escape(where + shown.short)}</div></div>')
    return status, badges
