"""Tables across editions: one scenario under several editions (:func:`compare`), and the whole
matrix of cases x editions (:func:`matrix`). Both return pandas DataFrames; the plain-data versions
(:func:`compare_rows`, :func:`matrix_cells`) need no pandas and feed the CLI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from ..auction.calls import Seat
from ..auction.editions import EDITIONS, Edition
from ..judging.lookup import find_editions
from ..text.errors import BridgeLawsError
from ..judging.divergence import Divergence, divergences
from ..judging.judging import Judgement, judge
from .present import bars_short as describe_bars
from .present import describe, short_rectification, shown_status
from .present import options_short as describe_options
from ..judging.records import EventRecord
from ..judging.rulings import Ruling, branches, cases, check_layer, find_case, generic_ruling
from ..text.vocabulary import DEFAULT_LAYER, Layer

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COMPARE_COLUMNS", "COMPARE_EVENT_COLUMNS", "Comparison", "canonical_ruling", "compare",
           "compare_divergences", "compare_event_rows", "compare_events", "compare_records", "compare_results",
           "compare_rows", "describe_bars", "describe_options", "event_columns", "matrix", "matrix_cells",
           "matrix_coverage", "short_rectification"]

COMPARE_COLUMNS = ("edition", "case", "status", "articles", "call_stands", "barred", "options", "play",
                   "quote_nl", "summary_en", "assumption", "next_to_call", "outcome", "contract", "error")
#: The columns of ``compare --csv`` and :func:`compare_events`: one row per edition and irregular
#: event (``event`` counts them from 1 within the edition, ``index`` is the token's position in the
#: scenario); an edition with no irregularity, or one that cannot continue, has one row.
COMPARE_EVENT_COLUMNS = ("edition", "event", "index", "token", "seat", "case", "status", "articles",
                         "call_stands", "barred", "options", "play", "quote_nl", "summary_en", "assumption",
                         "effect", "next_to_call", "outcome", "contract", "error")


def event_columns(event: EventRecord, ruling: Ruling) -> dict[str, Any]:
    """One irregular event and its ruling as columns: where it is in the scenario (``index``,
    ``token``, ``seat``), the ruling as :func:`bridgelaws.presentation.present.describe` words it, and what it did
    to the auction (``effect``)."""
    view = describe(ruling)
    columns = {
        "index": event.index, "token": event.token, "seat": None if event.seat is None else str(event.seat),
        "case": event.case, "status": view.status, "articles": view.articles, "call_stands": ruling.call_stands,
        "barred": view.bars_short, "options": view.options_short, "play": view.play_short,
        "quote_nl": view.quote_nl, "summary_en": view.summary, "assumption": view.assumption,
        "effect": event.effect}
    if ruling.layer is Layer.SUPPLEMENT:
        columns.update(_supplement_columns(ruling))
    if ruling.proposal is not None:
        columns.update(_proposal_columns(ruling))
    return columns


@dataclass(frozen=True)
class Comparison:
    """One edition's judgement of a scenario, or the error that stopped it."""

    edition: Edition
    judgement: Judgement | None
    error: str | None = None
    #: Where the edition cannot continue: the judgement of the tokens before the one it could not
    #: play (how it read them is still compared with the other editions).
    played: Judgement | None = None

    @property
    def first(self) -> tuple[EventRecord, Ruling] | None:
        """The first event that got a ruling, with the ruling (None for a regular auction)."""
        rulings = self.events
        return rulings[0] if rulings else None

    @property
    def events(self) -> list[tuple[EventRecord, Ruling]]:
        """Every event that got a ruling, in the order of the scenario, with its ruling ([] for a
        regular auction and for an edition that cannot continue)."""
        return self.judgement.rulings if self.judgement is not None else []

    def focus(self, case: str | None) -> tuple[EventRecord, Ruling] | None:
        """The first event of ``case`` (None: the first event), with its ruling; None when this
        edition's auction has no event of that case."""
        if case is None:
            return self.first
        return next(((e, r) for e, r in self.events if e.case == case), None)

    @property
    def read(self) -> Judgement | None:
        """The judgement whose reading of the tokens is compared: the whole one, or the part the
        edition played before it stopped."""
        return self.judgement if self.judgement is not None else self.played

    def state_columns(self) -> dict[str, Any]:
        """Where the auction stands at the end (``next_to_call``, ``outcome``, ``contract``), or the
        error."""
        if self.judgement is None:
            return {"next_to_call": None, "outcome": None, "contract": None, "error": self.error}
        state = self.judgement.state
        return {"next_to_call": state["next_to_call"], "outcome": state["outcome"],
                "contract": state["contract"], "error": None}

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
        if ruling.proposal is not None:
            row.update(_proposal_columns(ruling))
        return row


def _supplement_columns(ruling: Ruling) -> dict[str, Any]:
    """The columns a supplementary answer adds to a row: its layer, source, read date, and the
    words that say it is outside the corpus (never mixed into ``quote_nl``)."""
    first = ruling.provenance[0] if ruling.provenance else None
    return {"layer": str(ruling.layer), "source": first.source if first else None,
            "read": first.read if first else None, "outside_corpus": ruling.outside_corpus,
            "corpus_status": None if ruling.corpus_status is None else str(ruling.corpus_status)}


def _proposal_columns(ruling: Ruling) -> dict[str, Any]:
    """The columns a draft's ruling adds to a row: its proposed wording, labelled, and its reason
    (never in ``quote_nl``, which holds only the verbatim corpus)."""
    from ..judging.drafts import PROPOSED_LABEL

    assert ruling.proposal is not None
    return {"proposed": f"{PROPOSED_LABEL}: {ruling.proposal.wording}", "reason": ruling.proposal.reason}


def compare_results(scenario: str | list[str], editions: Any = None,
                    dealer: str | Seat = "N", layer: str | Layer = DEFAULT_LAYER) -> list[Comparison]:
    """The scenario judged under each edition (chronological). A scenario an edition cannot
    continue (for instance a correction its text forbids) gives its error instead; a token that
    cannot be read, or a dealer that is no seat, is no edition's doing: one BridgeLawsError."""
    from ..auction.calls import parse_seat
    from ..auction.notation import parse_scenario

    chosen = find_editions(editions)
    parse_scenario(scenario)
    parse_seat(dealer, " (dealer)")
    layer = check_layer(layer)
    results = []
    for edition in chosen:
        judgement = judge(scenario, edition, dealer, partial=True, layer=layer)
        if judgement.error is not None:
            results.append(Comparison(edition, None, judgement.error, played=judgement))
        else:
            results.append(Comparison(edition, judgement))
    return results


def compare_divergences(results: list[Comparison]) -> list[Divergence]:
    """The tokens the compared editions read as different calls (another player's, or of another
    kind): see :mod:`bridgelaws.judging.divergence`. An edition that stopped counts with the tokens it
    played."""
    return divergences({r.edition.year: r.read.events for r in results if r.read is not None})


def compare_records(results: list[Comparison]) -> list[dict[str, Any]]:
    """``compare --json``: per edition, the keys of :func:`compare_rows` (the first event's ruling,
    as before), ``events`` (every irregular event with its ruling, see :func:`event_columns`) and
    ``divergences`` (the tokens this edition reads differently from the others: ``index``,
    ``token``, ``reading`` in words, ``others`` as ``{"editions", "reading"}``, and the ``note``)."""
    found = compare_divergences(results)
    records = []
    for result in results:
        record = result.row()
        record["events"] = [event_columns(event, ruling) for event, ruling in result.events]
        year = result.edition.year
        record["divergences"] = [
            {"index": d.index, "token": d.token, "reading": d.words[year],
             "others": [{"editions": years, "reading": words} for words, years in d.groups()
                        if words != d.words[year]],
             "note": d.note(year)}
            for d in found if year in d.words]
        records.append(record)
    return records


def compare_event_rows(results: list[Comparison]) -> list[dict[str, Any]]:
    """``compare --csv``: one row per edition and irregular event (:data:`COMPARE_EVENT_COLUMNS`);
    an edition with none, or one that cannot continue, has one row (status ``regular``, or the
    error)."""
    rows = []
    for result in results:
        state = result.state_columns()
        if not result.events:
            row: dict[str, Any] = dict.fromkeys(COMPARE_EVENT_COLUMNS)
            row.update(state, edition=result.edition.year)
            if result.judgement is not None:
                row["status"] = "regular"
            rows.append(row)
            continue
        for number, (event, ruling) in enumerate(result.events, start=1):
            row = dict.fromkeys(COMPARE_EVENT_COLUMNS)
            row.update(event_columns(event, ruling), edition=result.edition.year, event=number, **state)
            rows.append(row)
    return rows


def compare_rows(scenario: str, editions: Any = None, dealer: str | Seat = "N",
                 layer: str | Layer = DEFAULT_LAYER) -> list[dict[str, Any]]:
    """One dict per edition: the ruling on the scenario's first irregularity, and the final state
    (every irregularity: :func:`compare_records`, :func:`compare_event_rows`).

    A scenario an edition cannot continue (for instance a correction its text forbids) gives a row
    with the error instead of a ruling.
    """
    return [result.row() for result in compare_results(scenario, editions, dealer, layer)]


def compare(scenario: str, editions: str | Iterable[str | int | Edition] | None = None,
            dealer: str | Seat = "N", layer: str | Layer = DEFAULT_LAYER) -> pd.DataFrame:
    """A DataFrame, one row per edition (chronological), for ``scenario`` in the notation.
    ``layer="supplement"``: the supplementary layer too (its rows carry ``layer``, ``source``,
    ``read`` and ``outside_corpus``)."""
    import pandas as pd

    rows = compare_rows(scenario, editions, dealer, layer)
    frame = pd.DataFrame(rows)
    columns = [c for c in COMPARE_COLUMNS if c in frame] + [c for c in frame if c not in COMPARE_COLUMNS]
    return frame[columns].set_index("edition")


def compare_events(scenario: str, editions: str | Iterable[str | int | Edition] | None = None,
                   dealer: str | Seat = "N", layer: str | Layer = DEFAULT_LAYER) -> pd.DataFrame:
    """A DataFrame, one row per edition and irregular event (the rows of ``compare --csv``),
    indexed by edition and event."""
    import pandas as pd

    frame = pd.DataFrame(compare_event_rows(compare_results(scenario, editions, dealer, layer)),
                         columns=list(COMPARE_EVENT_COLUMNS))
    # Whole numbers stay whole where an edition with no event leaves the cell empty.
    frame = frame.astype({"event": "Int64", "index": "Int64"})
    return frame.set_index(["edition", "event"])


def canonical_ruling(case_id: str, edition: str | Edition, layer: str | Layer = DEFAULT_LAYER) -> Ruling:
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


def _cell_text(ruling: Ruling, lang: str = "en") -> str:
    """A matrix cell in words; a supplementary cell says where it comes from."""
    text = short_rectification(ruling, lang)
    if ruling.outside_corpus is None:
        return text
    from ..supplement.supplement import provenance_line

    return f"{text} [{provenance_line(ruling.provenance, lang)}]"


def matrix_cells(layer: str | Layer = DEFAULT_LAYER, editions: Any = None) -> list[dict[str, Any]]:
    """Every (case, edition) cell: {"case", "edition", "status", "layer", "cell", "ruling"}.
    ``layer="supplement"``: a cell whose corpus ruling is silent or referenced takes the
    supplementary ruling where one exists (its ``layer`` is then ``supplement``; its ``status``
    ``supplement``, or ``later-code`` where it rests on a later code: :func:`present.shown_status`). ``editions``: as
    :func:`~bridgelaws.auction.editions.find_editions` takes them (a draft too); None: the registry."""
    layer = check_layer(layer)
    chosen = EDITIONS if editions is None else find_editions(editions)
    cells = []
    for case in cases():
        for edition in chosen:
            ruling = canonical_ruling(case.id, edition, layer)
            cells.append({"case": case.id, "edition": edition.year, "status": shown_status(ruling),
                          "layer": ruling.layer, "cell": _cell_text(ruling), "ruling": ruling})
    return cells


def matrix_coverage(layer: str | Layer = DEFAULT_LAYER, editions: Any = None) -> list[dict[str, Any]]:
    """Per edition: how many cells hold a ruling (``corpus``: ruled by the corpus; ``supplement``: a
    paraphrase of the edition's own code; ``later_code``: a paraphrase of a later code standing in
    for it), of how many, and the share (all three hold a ruling)."""
    cells = matrix_cells(layer, editions)
    rows = []
    for edition in EDITIONS if editions is None else find_editions(editions):
        mine = [c for c in cells if c["edition"] == edition.year]
        corpus = sum(1 for c in mine if c["status"] == "ruled")
        supplement = sum(1 for c in mine if c["status"] == "supplement")
        later = sum(1 for c in mine if c["status"] == "later-code")
        rows.append({"edition": edition.year, "cells": len(mine), "corpus": corpus, "supplement": supplement,
                     "later_code": later, "ruling": corpus + supplement + later,
                     "share": round((corpus + supplement + later) / len(mine), 4) if mine else 0.0})
    return rows


def matrix(detail: bool = True, layer: str = DEFAULT_LAYER, editions: Any = None, *, lang: str = "en") -> pd.DataFrame:
    """Cases x editions. Each cell: status and a short rectification (``detail=False``: status only,
    as a reader sees it: "not in the excerpt" for ``silent``).

    ``layer``: ``"supplement"`` (the default: a silent or referenced cell takes the supplementary
    ruling where one exists), ``"corpus"`` (the corpus alone), or ``"both"``: per edition two columns side by side,
    ``<year>`` (the corpus) and ``<year> supplement`` (the supplementary ruling, empty where there
    is none). ``editions``: the columns (default: the registry; a draft's path or edition too).
    ``lang``: the language of the cells' words (the CLI's ``--lang``)."""
    import pandas as pd

    from .present import status_name

    chosen = EDITIONS if editions is None else find_editions(editions)

    def frame_of(cells: list[dict[str, Any]]) -> pd.DataFrame:
        rows = [dict(c, status=status_name(c["status"], lang)) for c in cells]
        if lang != "en":  # the cells' words in lang; matrix_cells words them in English
            rows = [dict(row, cell=_cell_text(row["ruling"], lang)) for row in rows]
        frame = pd.DataFrame(rows).pivot(index="case", columns="edition", values="cell" if detail else "status")
        frame = frame.loc[[c.id for c in cases()], [e.year for e in chosen]]
        frame.columns.name = None
        return frame

    if layer != "both":
        return frame_of(matrix_cells(layer, chosen))
    corpus = frame_of(matrix_cells(Layer.CORPUS, chosen))
    extra = frame_of(matrix_cells(Layer.SUPPLEMENT, chosen))
    for cell in matrix_cells(Layer.SUPPLEMENT, chosen):
        if cell["layer"] is not Layer.SUPPLEMENT:
            extra.loc[cell["case"], cell["edition"]] = ""
    columns = {}
    for edition in chosen:
        columns[edition.year] = corpus[edition.year]
        columns[f"{edition.year} supplement"] = extra[edition.year]
    return pd.DataFrame(columns)
