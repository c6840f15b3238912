"""Every case under every edition: the matrix coloured by status, and how strict each text is in
turns barred."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ...text.i18n import DEFAULT_LANGUAGE, t
from ..present import (STATUS_COLOURS, STATUS_LABELS, SUPPLEMENTARY_STATUSES, short_rectification, status_label,
                       status_name)
from ...judging.rulings import Ruling, cases, check_layer, find_case
from ..edition_words import case_name
from ..render import html_text, ruling_html
from ...judging.ruling_effect import REST_OF_AUCTION_TURNS
from ..tables import canonical_ruling, describe_bars, matrix_cells
from ...text.vocabulary import DEFAULT_LAYER
from ._common import YEARS, _view

__all__ = ["REST_OF_AUCTION_TURNS", "matrix_card_html", "matrix_grid", "matrix_html", "status_counts", "strictness", "strictness_summary",
           "strictness_table", "turns_barred"]

if TYPE_CHECKING:
    import pandas as pd



def _tint(colour: str) -> str:
    return colour + "22"


def _cell_text(cell: dict[str, Any], lang: str) -> str:
    """A cell's short rectification in ``lang`` (:func:`bridgelaws.presentation.tables.matrix_cells` words it in
    English); a supplementary cell's provenance in ``lang`` too."""
    if lang == DEFAULT_LANGUAGE:
        return str(cell["cell"])
    ruling = cell["ruling"]
    text = short_rectification(ruling, lang)
    if ruling.outside_corpus is None:
        return text
    from ...supplement.supplement import provenance_line

    return f"{text} [{provenance_line(ruling.provenance, lang)}]"


def _td(cell: dict[str, Any] | None, detail: bool, lang: str = DEFAULT_LANGUAGE) -> str:
    if cell is None:  # "both": no supplementary ruling for this cell
        return '<td class="bl-none-supplement" data-status="none" data-layer="supplement">&ndash;</td>'
    colour = STATUS_COLOURS[cell["status"]]
    text = _cell_text(cell, lang) if detail else status_name(cell["status"], lang)
    return (f'<td class="bl-{cell["status"]}" data-status="{cell["status"]}" data-layer="{cell["layer"]}" '
            f'style="background:{_tint(colour)};border-left:4px solid {colour}">{escape(text)}</td>')


def _legend_words(status: str, lang: str) -> str:
    """A status's name and what it means, the name once (the label of "silent" already begins with
    it: "not in the excerpt: the corpus ... does not treat it")."""
    name, label = status_name(status, lang), status_label(status, lang)
    return label if label.lower().startswith(name.lower() + ":") else f"{name}: {label}"


def matrix_html(detail: bool = True, layer: str = DEFAULT_LAYER, *, lang: str = DEFAULT_LANGUAGE) -> str:
    """Cases x editions, every cell coloured by status (ruled / referenced / not in the excerpt, and
    ``supplement`` where that layer is on), with the short rectification (``detail=False``: the
    status only). From :func:`bridgelaws.presentation.tables.matrix_cells`.

    ``layer``: ``"corpus"`` (default), ``"supplement"``, or ``"both"``: per edition the corpus
    column and beside it the supplementary ruling (a dash where there is none).

    ``lang``: the language of the fixed words, the case names and the cells."""
    both = layer == "both"
    corpus = {(c["case"], c["edition"]): c for c in matrix_cells("corpus" if both else check_layer(layer))}
    extra = {(c["case"], c["edition"]): c for c in matrix_cells("supplement") if c["layer"] == "supplement"} \
        if both else {}
    if both:
        head = "".join(f'<th>{y}<br><span class="bl-kind">{html_text("views.matrix_corpus", lang)}</span></th>'
                       f'<th>{y}<br><span class="bl-kind">{html_text("views.matrix_outside", lang)}</span></th>'
                       for y in YEARS)
    else:
        head = "".join(f"<th>{y}</th>" for y in YEARS)
    rows = []
    for case in cases():
        tds = []
        for year in YEARS:
            tds.append(_td(corpus[(case.id, year)], detail, lang))
            if both:
                tds.append(_td(extra.get((case.id, year)), detail, lang))
        rows.append(f'<tr data-case="{case.id}"><th>{row_key_html(case.id, case.name(lang), lang)}'
                    f'<br><span class="bl-kind">{html_text(f"views.case_kind.{case.kind}", lang)}</span></th>'
                    f'{"".join(tds)}</tr>')
    shown = list(STATUS_LABELS) + (list(SUPPLEMENTARY_STATUSES) if layer != "corpus" else [])
    legend = " ".join(
        f'<span style="background:{_tint(STATUS_COLOURS[s])};border-left:4px solid {STATUS_COLOURS[s]};'
        f'padding:1px 6px;margin-right:6px">{escape(_legend_words(s, lang))}</span>'
        for s in shown)
    return _view(f'<div class="bl-legend">{legend}</div>'
                 f'<table class="bl-matrix" data-layer="{escape(layer)}"><thead><tr>'
                 f'<th>{html_text("views.matrix_case", lang)}</th>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>')


def status_counts(layer: str = DEFAULT_LAYER) -> pd.DataFrame:
    """Editions x statuses: how many cases each edition rules, references or is silent on (the
    excerpt does not treat them); with ``layer="supplement"``, also how many a supplementary
    ruling covers."""
    import pandas as pd

    cells = matrix_cells(layer)
    statuses = list(STATUS_LABELS) + (list(SUPPLEMENTARY_STATUSES) if layer != "corpus" else [])
    rows = [{"edition": y, **{s: sum(1 for c in cells if c["edition"] == y and c["status"] == s)
                              for s in statuses}} for y in YEARS]
    return pd.DataFrame(rows).set_index("edition")


def turns_barred(ruling: Ruling) -> int | None:
    """The strictness of one ruling in turns barred (None when the text does not rule).

    A bar at the next turn counts 1 turn per player, a bar for the rest of the auction
    :data:`REST_OF_AUCTION_TURNS`; a bar on the offender's side counts both players. Where the text
    lets the offender choose, his mildest choice counts; where it lets an opponent choose, the
    harshest. A ruling with no bar counts 0 (the call may still be cancelled or deemed a pass).
    The count is the ruling's effect's (:attr:`bridgelaws.judging.ruling_effect.RulingEffect.turns_barred`)."""
    return ruling.effect.turns_barred


def strictness(layer: str = DEFAULT_LAYER) -> pd.DataFrame:
    """Per case and edition: status, the bars of the canonical ruling, and the turns barred
    (:func:`turns_barred`; NaN where the text is silent or only points elsewhere: silence is not
    "no penalty"). Rows in matrix order, editions chronological. ``layer="supplement"``: the
    supplementary rulings count too (their rows have ``layer`` "supplement")."""
    import pandas as pd

    rows = []
    for cell in matrix_cells(layer):
        ruling = cell["ruling"]
        turns = turns_barred(ruling)
        rows.append({"case": cell["case"], "edition": cell["edition"], "year": int(cell["edition"]),
                     "status": cell["status"], "layer": str(cell["layer"]), "barred": describe_bars(ruling.barred),
                     "turns_barred": float("nan") if turns is None else float(turns)})
    return pd.DataFrame(rows)


def strictness_table(layer: str = DEFAULT_LAYER) -> pd.DataFrame:
    """Cases x editions: turns barred (NaN where the text does not rule)."""
    frame = strictness(layer).pivot(index="case", columns="edition", values="turns_barred")
    frame = frame.loc[[c.id for c in cases()], list(YEARS)]
    frame.columns.name = None
    return frame


def strictness_summary(layer: str = DEFAULT_LAYER) -> pd.DataFrame:
    """Per edition: cases ruled, referenced and silent; turns barred in all, and per ruled case.
    With ``layer="supplement"``, a ``supplement`` column, and the turns count the supplementary
    rulings as well (``ruled`` stays the corpus's own)."""
    import pandas as pd

    frame = strictness(layer)
    rows = []
    for year in YEARS:
        part = frame[frame["edition"] == year]
        ruled = part[part["status"].isin(["ruled", *SUPPLEMENTARY_STATUSES])]
        extra = {s: int((part["status"] == s).sum()) for s in SUPPLEMENTARY_STATUSES} if layer != "corpus" else {}
        rows.append({"edition": year, "ruled": int((part["status"] == "ruled").sum()), **extra,
                     "referenced": int((part["status"] == "referenced").sum()),
                     "silent": int((part["status"] == "silent").sum()),
                     "cases_with_a_bar": int((ruled["turns_barred"] > 0).sum()),
                     "turns_barred": int(ruled["turns_barred"].sum()),
                     "turns_per_ruled_case": round(float(ruled["turns_barred"].mean()), 2) if len(ruled) else 0.0})
    return pd.DataFrame(rows).set_index("edition")


@dataclass(frozen=True)
class MatrixCell:
    """One cell of the matrix as the app's matrix lays it out (:func:`matrix_grid`): its status, the
    status's name, the short rectification in the language asked for (``text``), the cell of
    :func:`matrix_html` (``full``: with a supplementary ruling's provenance), and the status's colour."""

    case: str
    edition: str
    status: str
    name: str
    text: str
    full: str
    colour: str


def row_key_html(case_id: str, name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A matrix row's key: the case's name, and its id (the English of the command line's
    ``--subject``) under it in English, as the name's tooltip in another language."""
    if lang == DEFAULT_LANGUAGE:
        return f"{escape(name)}<br><code>{escape(case_id)}</code>"
    return f'<span title="{escape(case_id)}">{escape(name)}</span>'


def matrix_grid(layer: str = DEFAULT_LAYER, *, lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, str, list[MatrixCell]]]:
    """Cases x editions as rows for the app's matrix: per case, in matrix order, its id,
    its name in ``lang`` and one :class:`MatrixCell` per edition of the registry, in order. The same
    cells as :func:`matrix_html` (:func:`bridgelaws.presentation.tables.matrix_cells`)."""
    found = {(c["case"], c["edition"]): c for c in matrix_cells(check_layer(layer))}
    rows = []
    for case in cases():
        cells = []
        for year in YEARS:
            cell = found[(case.id, year)]
            cells.append(MatrixCell(case.id, year, str(cell["status"]), status_name(cell["status"], lang),
                                    short_rectification(cell["ruling"], lang), _cell_text(cell, lang),
                                    STATUS_COLOURS[cell["status"]]))
        rows.append((case.id, case.name(lang), cells))
    return rows


def matrix_card_html(case: str, edition: str, layer: str = DEFAULT_LAYER, *, english: bool = False,
                     lang: str = DEFAULT_LANGUAGE) -> str:
    """The ruling card of one cell of the matrix: the card the comparison shows
    (:func:`bridgelaws.presentation.render.ruling_html`), of the ruling the cell stands for (the case's canonical
    ruling in ``edition`` under ``layer``). An unknown case or edition: one line naming it."""
    found = find_case(case)
    ruling = canonical_ruling(found.id, edition, check_layer(layer))
    return _view(ruling_html(ruling, case_name=case_name(found.id, lang, ruling.edition), style=False, english=english,
                             lang=lang))
