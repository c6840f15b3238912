"""Tables across editions: one scenario under several editions (:func:`compare`), and the whole
matrix of cases x editions (:func:`matrix`). Both return pandas DataFrames; the plain-data versions
(:func:`compare_rows`, :func:`matrix_cells`) need no pandas and feed the CLI.
"""

from __future__ import annotations

from .calls import Seat
from .editions import EDITIONS, find_editions
from .errors import BridgeLawsError
from .judging import judge
from .rulings import Ruling, branches, cases, find_case, generic_ruling

COMPARE_COLUMNS = ("edition", "case", "status", "articles", "call_stands", "barred", "options", "play",
                   "quote_nl", "summary_en", "assumption", "next_to_call", "outcome", "contract", "error")


def describe_bars(barred: list[dict]) -> str:
    return ", ".join(f"{b['seat']} ({b['scope']})" for b in barred) or "-"


def describe_options(options: list[dict]) -> str:
    return "; ".join(f"{o['by']}: {o['text'] or o['choice']}"
                     + (f" (bars {describe_bars(o['barred'])})" if o["barred"] else "")
                     for o in options) or "-"


def compare_rows(scenario: str, editions=None, dealer: str | Seat = "N") -> list[dict]:
    """One dict per edition: the ruling on the scenario's first irregularity, and the final state.

    A scenario an edition cannot continue (for instance a correction its text forbids) gives a row
    with the error instead of a ruling.
    """
    rows = []
    for edition in find_editions(editions):
        try:
            result = judge(scenario, edition, dealer)
        except BridgeLawsError as error:
            rows.append({**dict.fromkeys(COMPARE_COLUMNS), "edition": edition.year, "error": str(error)})
            continue
        rulings = result.rulings
        state = result.state
        row = dict.fromkeys(COMPARE_COLUMNS)
        row.update(edition=edition.year, next_to_call=state["next_to_call"], outcome=state["outcome"],
                   contract=state["contract"])
        if not rulings:
            row.update(case=None, status="regular")
        else:
            event, ruling = rulings[0]
            row.update(
                case=event.case, status=ruling.status, articles=", ".join(ruling.articles),
                call_stands=ruling.call_stands, barred=describe_bars(ruling.barred),
                options=describe_options(ruling.options), play="; ".join(ruling.play) or "-",
                quote_nl=ruling.quote_nl, summary_en=ruling.summary_en, assumption=ruling.assumption)
            if len(rulings) > 1:
                row["later"] = "; ".join(f"{e.token}: {e.case} ({r.status})" for e, r in rulings[1:])
        rows.append(row)
    return rows


def compare(scenario: str, editions=None, dealer: str | Seat = "N"):
    """A DataFrame, one row per edition (chronological), for ``scenario`` in the notation."""
    import pandas as pd

    rows = compare_rows(scenario, editions, dealer)
    frame = pd.DataFrame(rows)
    columns = [c for c in COMPARE_COLUMNS if c in frame] + [c for c in frame if c not in COMPARE_COLUMNS]
    return frame[columns].set_index("edition")


def short_rectification(ruling: Ruling) -> str:
    """A terse description of a ruling for one matrix cell."""
    if ruling.status == "silent":
        return "silent"
    if ruling.status == "referenced":
        return "referenced: " + ", ".join(ruling.references)
    parts = []
    if ruling.outcome:
        parts.append({"redeal": "new deal", "passed-out": "passed out, no redeal"}.get(ruling.outcome, ruling.outcome))
    if ruling.deemed == "P":
        parts.append("deemed a pass")
    elif ruling.deemed == "same":
        parts.append("deemed a double of the bid made")
    elif ruling.call_stands is False:
        parts.append("cancelled")
    elif ruling.call_stands is True:
        parts.append("stands")
    if ruling.next == "offender":
        parts.append("offender replaces it")
    elif ruling.next == "proper":
        parts.append("turn reverts")
    elif ruling.next == "skipped":
        parts.append("back to the skipped player")
    for bar in ruling.barred:
        parts.append(f"{bar['seat']} barred {'1 turn' if bar['scope'] == 'next-turn' else 'rest'}")
    for option in ruling.options:
        bars = ", ".join(f"{b['seat']} barred {'1 turn' if b['scope'] == 'next-turn' else 'rest'}"
                         for b in option["barred"])
        parts.append(f"{option['by']} may {option['choice']}" + (f" ({bars})" if bars else ""))
    if ruling.play:
        parts.append("play consequences")
    if ruling.acceptance:
        parts.append("unless called over")
    head = ", ".join(ruling.articles[:1])
    return f"ruled ({head}): " + "; ".join(parts) if parts else f"ruled ({head})"


def canonical_ruling(case_id: str, edition) -> Ruling:
    """The ruling of the case's canonical scenario under ``edition``; where the scenario does not
    give rise to the case there (or the case is a situation), the edition's generic ruling."""
    case = find_case(case_id)
    if case.scenario:
        try:
            result = judge(case.scenario["tokens"], edition, case.scenario.get("dealer", "N"))
        except BridgeLawsError:
            result = None
        if result is not None:
            for event, ruling in result.rulings:
                if event.case == case_id and not ruling.accepted:
                    # Roles ("partner"), not seats, so that the cell reads for any deal.
                    return generic_ruling(case_id, edition, ruling.condition)
    conds = [b["condition"] for b in branches(case_id, edition)]
    return generic_ruling(case_id, edition, conds[0] if conds else None)


def matrix_cells() -> list[dict]:
    """Every (case, edition) cell: {"case", "edition", "status", "cell", "ruling"}."""
    cells = []
    for case in cases():
        for edition in EDITIONS:
            ruling = canonical_ruling(case.id, edition)
            cells.append({"case": case.id, "edition": edition.year, "status": ruling.status,
                          "cell": short_rectification(ruling), "ruling": ruling})
    return cells


def matrix(detail: bool = True):
    """Cases x editions. Each cell: status and a short rectification (``detail=False``: status only)."""
    import pandas as pd

    cells = matrix_cells()
    frame = pd.DataFrame(cells).pivot(index="case", columns="edition",
                                      values="cell" if detail else "status")
    frame = frame.loc[[c.id for c in cases()], [e.year for e in EDITIONS]]
    frame.columns.name = None
    return frame
