"""Tables across editions: one scenario under several editions (:func:`compare`), and the whole
matrix of cases x editions (:func:`matrix`). Both return pandas DataFrames; the plain-data versions
(:func:`compare_rows`, :func:`matrix_cells`) need no pandas and feed the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .calls import Seat
from .editions import EDITIONS, Edition, find_editions
from .errors import BridgeLawsError
from .judging import Judgement, judge
from .present import bars_short as describe_bars
from .present import describe, short_rectification
from .present import options_short as describe_options
from .records import EventRecord
from .rulings import Ruling, branches, cases, find_case, generic_ruling

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COMPARE_COLUMNS", "Comparison", "canonical_ruling", "compare", "compare_results", "compare_rows",
           "describe_bars", "describe_options", "matrix", "matrix_cells", "short_rectification"]

COMPARE_COLUMNS = ("edition", "case", "status", "articles", "call_stands", "barred", "options", "play",
                   "quote_nl", "summary_en", "assumption", "next_to_call", "outcome", "contract", "error")


@dataclass(frozen=True)
class Comparison:
    """One edition's judgement of a scenario, or the error that stopped it."""

    edition: Edition
    judgement: Judgement | None
    error: str | None = None

    @property
    def first(self) -> tuple[EventRecord, Ruling] | None:
        """The first event that got a ruling, with the ruling (None for a regular auction)."""
        rulings = self.judgement.rulings if self.judgement is not None else []
        return rulings[0] if rulings else None

    def row(self) -> dict[str, Any]:
        """The row of :func:`compare_rows`."""
        row: dict[str, Any] = dict.fromkeys(COMPARE_COLUMNS)
        if self.judgement is None:
            row.update(edition=self.edition.year, error=self.error)
            return row
        state = self.judgement.state
        row.update(edition=self.edition.year, next_to_call=state["next_to_call"], outcome=state["outcome"],
                   contract=state["contract"])
        if self.first is None:
            row.update(case=None, status="regular")
            return row
        event, ruling = self.first
        view = describe(ruling)
        row.update(
            case=event.case, status=view.status, articles=view.articles,
            call_stands=ruling.call_stands, barred=view.bars_short, options=view.options_short,
            play=view.play_short, quote_nl=view.quote_nl, summary_en=view.summary, assumption=view.assumption)
        rulings = self.judgement.rulings
        if len(rulings) > 1:
            row["later"] = "; ".join(f"{e.token}: {e.case} ({r.status})" for e, r in rulings[1:])
        return row


def compare_results(scenario: str | list[str], editions: Any = None,
                    dealer: str | Seat = "N") -> list[Comparison]:
    """The scenario judged under each edition (chronological). A scenario an edition cannot
    continue (for instance a correction its text forbids) gives its error instead; a token that
    cannot be read, or a dealer that is no seat, is no edition's doing: one BridgeLawsError."""
    from .calls import parse_seat
    from .notation import parse_scenario

    chosen = find_editions(editions)
    parse_scenario(scenario)
    parse_seat(dealer, " (dealer)")
    results = []
    for edition in chosen:
        try:
            results.append(Comparison(edition, judge(scenario, edition, dealer)))
        except BridgeLawsError as error:
            results.append(Comparison(edition, None, str(error)))
    return results


def compare_rows(scenario: str, editions: Any = None, dealer: str | Seat = "N") -> list[dict[str, Any]]:
    """One dict per edition: the ruling on the scenario's first irregularity, and the final state.

    A scenario an edition cannot continue (for instance a correction its text forbids) gives a row
    with the error instead of a ruling.
    """
    return [result.row() for result in compare_results(scenario, editions, dealer)]


def compare(scenario: str, editions: str | Iterable[str | int | Edition] | None = None,
            dealer: str | Seat = "N") -> pd.DataFrame:
    """A DataFrame, one row per edition (chronological), for ``scenario`` in the notation."""
    import pandas as pd

    rows = compare_rows(scenario, editions, dealer)
    frame = pd.DataFrame(rows)
    columns = [c for c in COMPARE_COLUMNS if c in frame] + [c for c in frame if c not in COMPARE_COLUMNS]
    return frame[columns].set_index("edition")


def canonical_ruling(case_id: str, edition: str | Edition) -> Ruling:
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


def matrix_cells() -> list[dict[str, Any]]:
    """Every (case, edition) cell: {"case", "edition", "status", "cell", "ruling"}."""
    cells = []
    for case in cases():
        for edition in EDITIONS:
            ruling = canonical_ruling(case.id, edition)
            cells.append({"case": case.id, "edition": edition.year, "status": ruling.status,
                          "cell": short_rectification(ruling), "ruling": ruling})
    return cells


def matrix(detail: bool = True) -> pd.DataFrame:
    """Cases x editions. Each cell: status and a short rectification (``detail=False``: status only)."""
    import pandas as pd

    cells = matrix_cells()
    frame = pd.DataFrame(cells).pivot(index="case", columns="edition",
                                      values="cell" if detail else "status")
    frame = frame.loc[[c.id for c in cases()], [e.year for e in EDITIONS]]
    frame.columns.name = None
    return frame
