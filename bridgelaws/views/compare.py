"""One scenario under every edition: every irregularity's ruling, side by side, and where the
editions read the same tokens as different calls."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..calls import Seat, parse_seat
from ..notation import parse_scenario
from ..present import STATUS_COLOURS, describe
from ..render import ruling_html
from ..rulings import cases, find_case
from ._common import EditionNames, Tokens, _case_name, _view, divergence_html, token_list

if TYPE_CHECKING:
    import pandas as pd


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


def case_examples() -> list[CaseExample]:
    """Every case scenario and variant the notation can express, with the case it shows."""
    examples = []
    for case in cases():
        if case.variants:
            for variant in case.variants:
                examples.append(CaseExample(f"{case.name_en}: {variant['label']}", case.id, variant["dealer"],
                                            variant["tokens"]))
        elif case.scenario:
            examples.append(CaseExample(case.name_en, case.id, case.scenario.get("dealer", "N"),
                                        case.scenario["tokens"]))
    return examples


def case_choices() -> list[tuple[str, str]]:
    """(label, "dealer|tokens") for every case scenario and variant the notation can express."""
    choices = []
    for case in cases():
        if case.variants:
            for variant in case.variants:
                choices.append((f"{case.name_en}: {variant['label']}", f"{variant['dealer']}|{variant['tokens']}"))
        elif case.scenario:
            choices.append((case.name_en, f"{case.scenario.get('dealer', 'N')}|{case.scenario['tokens']}"))
    return choices


def compare_table(scenario: Tokens, editions: EditionNames = None,
                  dealer: str | Seat = "N", layer: str = "corpus") -> pd.DataFrame:
    """The library's comparison (:func:`bridgelaws.tables.compare`), trimmed to the columns a
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
                 layer: str = "corpus", *, focus: str | None = None, english: bool = False) -> str:
    """The scenario under each edition, one row per edition: a card (article, Dutch quote, English
    summary, assumption flag) for every irregular event, in the order of the scenario, and where the
    auction stands. Where the editions read the same tokens as different calls (another player's,
    or of another kind: :mod:`bridgelaws.divergence`), a note above the table and one in each
    edition's row say so.

    ``focus``: a case id (the case the explorer was opened on). Each edition's card of that case's
    first event comes first, marked ``bl-focus``, and the row's status is that event's; an edition
    whose auction has no event of the case says so, and shows its other events.

    ``english``: each card also shows the project's English of the paragraph it quotes."""
    from ..tables import compare_divergences, compare_results

    tokens = token_list(scenario)
    parse_scenario(tokens)
    seat = parse_seat(dealer, " (dealer)")
    focus_name = find_case(focus).name_en if focus is not None else None
    results = compare_results(tokens, editions, seat, layer)
    found = compare_divergences(results)
    rows = []
    for result in results:
        edition = result.edition
        notes = divergence_html(found, edition.year)
        if result.judgement is None:
            rows.append(f'<tr data-edition="{edition.year}"><th>{edition.year}</th><td colspan="3">'
                        f'<div class="bl-error">{escape(str(result.error))}</div>{notes}</td></tr>')
            continue
        status = "regular"
        badges = (f'<span class="bl-badge" style="background:{STATUS_COLOURS["regular"]}">regular</span>'
                  '<div class="bl-short">no irregularity</div>')
        cards = []
        chosen = result.focus(focus)
        focus_attribute = "" if focus is None else f' data-focus="{"present" if chosen else "absent"}"'
        if focus is not None and chosen is None:
            cards.append(f'<div class="bl-none bl-no-focus">No event of the chosen case '
                         f"({escape(str(focus_name))}) in {edition.year}'s auction of these tokens.</div>")
        ordered = result.events
        if chosen is not None and focus is not None:
            ordered = [chosen] + [pair for pair in ordered if pair[0].index != chosen[0].index]
        if ordered:
            shown_first = (chosen or ordered[0])[1]
            status = "accepted" if shown_first.accepted else str(describe(shown_first).status)
            badges = ""
            for event, ruling in ordered:
                shown = describe(ruling)
                where = f"{event.token}: " if len(ordered) > 1 else ""
                badges += (f'<div><span class="bl-badge" style="background:{shown.colour}">{escape(shown.label)}'
                           f'</span><div class="bl-short">{escape(where + shown.short)}</div></div>')
        for number, (event, ruling) in enumerate(ordered):
            focused = focus is not None and number == 0 and chosen is not None
            if chosen is not None and focus is not None and number == 1:
                cards.append('<div class="bl-none">Also in this scenario:</div>')
            effect = f" &rarr; {escape(event.effect)}" if event.effect else ""
            seat_name = f" ({event.seat.full_name})" if event.seat is not None else ""
            cards.append(f'<div class="bl-compare-event{" bl-focus" if focused else ""}" data-index="{event.index}"'
                         f' data-case="{escape(str(event.case))}"><div class="bl-event">token {event.index}: '
                         f"{escape(event.token)}{escape(seat_name)}{effect}</div>"
                         + ruling_html(ruling, case_name=_case_name(event), style=False, english=english)
                         + "</div>")
        rows.append(
            f'<tr data-edition="{edition.year}" data-status="{status}"{focus_attribute}><th>{edition.year}<br>'
            f'<span class="bl-code bl-{edition.code}">{edition.code}</span></th>'
            f"<td>{badges}</td>"
            f"<td>{''.join(cards)}{notes}</td>"
            f"<td>{escape(result.judgement.outcome_line())}</td></tr>")
    head = (f'<div style="font-family:sans-serif;margin-bottom:4px">Scenario <code>{escape(" ".join(tokens))}</code>, '
            f"dealer {seat.full_name}</div>")
    if found:
        head += ('<div class="bl-divergence">The editions make different auctions of these tokens '
                 "(whose call or card each is, and what it counts as):<ul>"
                 + "".join(f"<li>{escape(d.summary())}</li>" for d in found) + "</ul></div>")
    column = (f"rulings, the chosen case ({escape(focus_name)}) first" if focus_name
              else "rulings, event by event")
    return _view(head + '<table class="bl-compare"><thead><tr><th>edition</th><th>status</th>'
                 f"<th>{column}</th><th>where the auction stands</th></tr></thead>"
                 f"<tbody>{''.join(rows)}</tbody></table>")

