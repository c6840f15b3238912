"""One scenario under every edition: the first irregularity's ruling, side by side."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ..calls import Seat, parse_seat
from ..notation import parse_scenario
from ..present import STATUS_COLOURS, describe
from ..render import ruling_html
from ..rulings import cases, find_case
from ._common import EditionNames, Tokens, _case_name, _view, token_list

if TYPE_CHECKING:
    import pandas as pd


def case_scenario(case_id: str) -> dict[str, Any] | None:
    """The canonical scenario of a case (``{"dealer", "tokens"}``), or None for a situation."""
    case = find_case(case_id)
    return dict(case.scenario) if case.scenario else None


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
                 layer: str = "corpus") -> str:
    """The scenario under each edition, one row per edition: the first irregularity's ruling as a
    card (article, Dutch quote, English summary, assumption flag) and where the auction stands."""
    from ..render import outcome_text
    from ..tables import compare_results

    tokens = token_list(scenario)
    parse_scenario(tokens)
    seat = parse_seat(dealer, " (dealer)")
    rows = []
    for result in compare_results(tokens, editions, seat, layer):
        edition = result.edition
        if result.judgement is None:
            rows.append(f'<tr><th>{edition.year}</th><td colspan="3"><div class="bl-error">'
                        f"{escape(str(result.error))}</div></td></tr>")
            continue
        colour = STATUS_COLOURS["regular"]
        status = data_status = "regular"
        short = "no irregularity"
        card = ""
        if result.first is not None:
            event, ruling = result.first
            view = describe(ruling)
            status, colour, short = view.label, view.colour, view.short
            data_status = "accepted" if ruling.accepted else str(view.status)
            card = ruling_html(ruling, case_name=_case_name(event), style=False)
            later = [f"{e.token}: {_case_name(e)} ({r.status})" for e, r in result.judgement.rulings[1:]]
            if later:
                card += f'<div class="bl-none">later: {escape("; ".join(later))}</div>'
        rows.append(
            f'<tr data-edition="{edition.year}" data-status="{data_status}"><th>{edition.year}<br>'
            f'<span class="bl-code bl-{edition.code}">{edition.code}</span></th>'
            f'<td><span class="bl-badge" style="background:{colour}">{escape(status)}</span>'
            f'<div class="bl-short">{escape(short)}</div></td><td>{card}</td>'
            f"<td>{escape(outcome_text(result.judgement.auction))}</td></tr>")
    head = (f'<div style="font-family:sans-serif;margin-bottom:4px">Scenario <code>{escape(" ".join(tokens))}</code>, '
            f"dealer {seat.full_name}</div>")
    return _view(head + '<table class="bl-compare"><thead><tr><th>edition</th><th>status</th>'
                 "<th>ruling on the first irregularity</th><th>where the auction stands</th></tr></thead>"
                 f"<tbody>{''.join(rows)}</tbody></table>")
