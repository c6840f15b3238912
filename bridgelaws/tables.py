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
from .rulings import Ruling, branches, cases, check_layer, find_case, generic_ruling
from .vocabulary import Layer

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COMPARE_COLUMNS", "Comparison", "canonical_ruling", "compare", "compare_results", "compare_rows",
           "describe_bars", "describe_options", "matrix", "matrix_cells", "matrix_coverage", "short_rectification"]

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
        if ruling.layer is Layer.SUPPLEMENT:
            row.update(_supplement_columns(ruling))
        return row


def _supplement_columns(ruling: Ruling) -> dict[str, Any]:
    """The columns a supplementary answer adds to a row: its layer, source, read date, and the
    words that say it is outside the corpus (never mixed into ``quote_nl``)."""
    first = ruling.provenance[0] if ruling.provenance else None
    return {"layer": str(ruling.layer), "source": first.source if first else None,
            "read": first.read if first else None, "outside_corpus": ruling.outside_corpus,
            "corpus_status": None if ruling.corpus_status is None else str(ruling.corpus_status)}


def compare_results(scenario: str | list[str], editions: Any = None,
                    dealer: str | Seat = "N", layer: str | Layer = Layer.CORPUS) -> list[Comparison]:
    """The scenario judged under each edition (chronological). A scenario an edition cannot
    continue (for instance a correction its text forbids) gives its error instead; a token that
    cannot be read, or a dealer that is no seat, is no edition's doing: one BridgeLawsError."""
    from .calls import parse_seat
    from .notation import parse_scenario

    chosen = find_editions(editions)
    parse_scenario(scenario)
    parse_seat(dealer, " (dealer)")
    layer = check_layer(layer)
    results = []
    for edition in chosen:
        try:
            results.append(Comparison(edition, judge(scenario, edition, dealer, layer=layer)))
        except BridgeLawsError as error:
            results.append(Comparison(edition, None, str(error)))
    return results


def compare_rows(scenario: str, editions: Any = None, dealer: str | Seat = "N",
                 layer: str | Layer = Layer.CORPUS) -> list[dict[str, Any]]:
    """One dict per edition: the ruling on the scenario's first irregularity, and the final state.

    A scenario an edition cannot continue (for instance a correction its text forbids) gives a row
    with the error instead of a ruling.
    """
    return [result.row() for result in compare_results(scenario, editions, dealer, layer)]


def compare(scenario: str, editions: str | Iterable[str | int | Edition] | None = None,
            dealer: str | Seat = "N", layer: str | Layer = Layer.CORPUS) -> pd.DataFrame:
    """A DataFrame, one row per edition (chronological), for ``scenario`` in the notation.
    ``layer="supplement"``: the supplementary layer too (its rows carry ``layer``, ``source``,
    ``read`` and ``outside_corpus``)."""
    import pandas as pd

    rows = compare_rows(scenario, editions, dealer, layer)
    frame = pd.DataFrame(rows)
    columns = [c for c in COMPARE_COLUMNS if c in frame] + [c for c in frame if c not in COMPARE_COLUMNS]
    return frame[columns].set_index("edition")


def canonical_ruling(case_id: str, edition: str | Edition, layer: str | Layer = Layer.CORPUS) -> Ruling:
    """The ruling of the case's canonical scenario under ``edition``; where the scenario does not
    give rise to the case there (or the case is a situation), the edition's generic ruling."""
    case = find_case(case_id)
    if case.scenario:
        try:
            result = judge(case.scenario["tokens"], edition, case.scenario.get("dealer", "N"), layer=layer)
        except BridgeLawsError:
            result = None
        if result is not None:
            for event, ruling in result.rulings:
                if event.case == case_id and not ruling.accepted:
                    # Roles ("partner"), not seats, so that the cell reads for any deal.
                    return generic_ruling(case_id, edition, ruling.condition, layer)
    conds = [b["condition"] for b in branches(case_id, edition, layer)]
    return generic_ruling(case_id, edition, conds[0] if conds else None, layer)


def _cell_text(ruling: Ruling) -> str:
    """A matrix cell in words; a supplementary cell says where it comes from."""
    text = short_rectification(ruling)
    return f"{text} [{ruling.outside_corpus}]" if ruling.outside_corpus else text


def matrix_cells(layer: str | Layer = Layer.CORPUS) -> list[dict[str, Any]]:
    """Every (case, edition) cell: {"case", "edition", "status", "layer", "cell", "ruling"}.
    ``layer="supplement"``: a cell whose corpus ruling is silent or referenced takes the
    supplementary ruling where one exists (its ``layer`` is then ``supplement``)."""
    layer = check_layer(layer)
    cells = []
    for case in cases():
        for edition in EDITIONS:
            ruling = canonical_ruling(case.id, edition, layer)
            cells.append({"case": case.id, "edition": edition.year, "status": ruling.status,
                          "layer": ruling.layer, "cell": _cell_text(ruling), "ruling": ruling})
    return cells


def matrix_coverage(layer: str | Layer = Layer.CORPUS) -> list[dict[str, Any]]:
    """Per edition: how many cells hold a ruling (``ruled`` from the corpus, ``supplement`` from the
    supplementary layer), of how many, and the share."""
    cells = matrix_cells(layer)
    rows = []
    for edition in EDITIONS:
        mine = [c for c in cells if c["edition"] == edition.year]
        corpus = sum(1 for c in mine if c["status"] == "ruled")
        supplement = sum(1 for c in mine if c["status"] == "supplement")
        rows.append({"edition": edition.year, "cells": len(mine), "corpus": corpus, "supplement": supplement,
                     "ruling": corpus + supplement,
                     "share": round((corpus + supplement) / len(mine), 4) if mine else 0.0})
    return rows


def matrix(detail: bool = True, layer: str = "corpus") -> pd.DataFrame:
    """Cases x editions. Each cell: status and a short rectification (``detail=False``: status only,
    as a reader sees it: "not in the excerpt" for ``silent``).

    ``layer``: ``"corpus"`` (the default), ``"supplement"`` (a silent or referenced cell takes the
    supplementary ruling where one exists), or ``"both"``: per edition two columns side by side,
    ``<year>`` (the corpus) and ``<year> supplement`` (the supplementary ruling, empty where there
    is none)."""
    import pandas as pd

    from .present import status_name

    def frame_of(cells: list[dict[str, Any]]) -> pd.DataFrame:
        rows = [dict(c, status=status_name(c["status"])) for c in cells]
        frame = pd.DataFrame(rows).pivot(index="case", columns="edition", values="cell" if detail else "status")
        frame = frame.loc[[c.id for c in cases()], [e.year for e in EDITIONS]]
        frame.columns.name = None
        return frame

    if layer != "both":
        return frame_of(matrix_cells(layer))
    corpus = frame_of(matrix_cells(Layer.CORPUS))
    extra = frame_of(matrix_cells(Layer.SUPPLEMENT))
    for cell in matrix_cells(Layer.SUPPLEMENT):
        if cell["layer"] is not Layer.SUPPLEMENT:
            extra.loc[cell["case"], cell["edition"]] = ""
    columns = {}
    for edition in EDITIONS:
        columns[edition.year] = corpus[edition.year]
        columns[f"{edition.year} supplement"] = extra[edition.year]
    return pd.DataFrame(columns)
