"""The matrix of cases x editions in the formats people paste into papers: tidy CSV (one
row per case and edition), JSON, Excel (.xlsx) and LaTeX (a ``longtable``).

Every format is built from one list of typed rows, :func:`matrix_rows`, which reads the same cells as
:func:`bridgelaws.presentation.tables.matrix` (:func:`bridgelaws.presentation.tables.matrix_cells`): a row's ``ruling`` is the
matrix's cell, word for word. CSV and JSON name their columns by :data:`MATRIX_COLUMNS` (identifiers,
the same in every language); Excel and LaTeX head them with readable words from the message catalogue
(``data/messages/print.yaml``), in English or Dutch.

The JSON shape (``matrix --format json``)::

    {"format": "bridgelaws-matrix", "version": 1, "layer": "corpus", "editions": ["1932", ...],
     "columns": ["case", "case_name_en", ...],
     "rows": [{"case": "insufficient-bid", ..., "articles": ["1936:22.3"], "references": []}, ...]}

Each row has every column of ``columns``: ``articles`` and ``references`` are lists, every other
value a string or null (see :class:`MatrixRow` for what each means).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from ..text.errors import BridgeLawsError
from ..text.i18n import t
from ..text.vocabulary import DEFAULT_LAYER, Layer

if TYPE_CHECKING:
    from openpyxl.styles import Alignment, Font
    from openpyxl.worksheet.worksheet import Worksheet

__all__ = ["EXPORT_FORMATS", "MATRIX_COLUMNS", "MatrixRow", "latex_escape", "matrix_csv", "matrix_json",
           "matrix_latex", "matrix_rows", "matrix_xlsx", "spreadsheet_cell", "spreadsheet_row", "workbook_cell",
           "write_bytes"]

#: The formats of ``bridgelaws matrix --format``.
EXPORT_FORMATS = ("csv", "json", "xlsx", "latex")


@dataclass(frozen=True)
class MatrixRow:
    """One case under one edition (one layer): the tidy row of every export of the matrix."""

    case: str  #: the case id (data/cases.yaml)
    case_name_en: str
    case_name_nl: str
    edition: str  #: the edition's year (or a draft's name)
    #: ``ruled``, ``referenced``, ``silent`` (not in this corpus excerpt, never "the edition says
    #: nothing"), or ``supplement`` (a sourced paraphrase from outside the corpus).
    status: str
    status_name: str  #: the status as a reader sees it: "not in the excerpt" for ``silent``
    ruling: str  #: the matrix's cell: the short rectification (bridgelaws.presentation.present.short_rectification)
    articles: tuple[str, ...]  #: the articles the ruling rests on
    references: tuple[str, ...]  #: articles outside the corpus the text points to (``referenced``)
    layer: str  #: ``corpus``, or ``supplement`` for a ruling from data/supplement/
    quote_nl: str | None  #: the verbatim Dutch the ruling quotes (a substring of a corpus record)
    quote_from: str | None  #: the record it quotes
    summary_en: str  #: the project's English summary of the ruling (not a source text)
    outside_corpus: str | None  #: for a supplementary ruling: its provenance, "outside the corpus: ..."
    proposed: str | None  #: for a draft's ruling: the proposed wording, labelled as such (never a quote)

    def as_dict(self) -> dict[str, Any]:
        """The row for JSON: every column, ``articles`` and ``references`` as lists."""
        return {name: list(value) if isinstance(value, tuple) else value
                for name, value in ((name, getattr(self, name)) for name in MATRIX_COLUMNS)}

    def as_strings(self) -> dict[str, str]:
        """The row for CSV and spreadsheets: lists joined by "; ", null as the empty string."""
        return {name: _text(getattr(self, name)) for name in MATRIX_COLUMNS}


#: The columns of CSV and JSON, in order: the fields of :class:`MatrixRow`.
MATRIX_COLUMNS: tuple[str, ...] = tuple(MatrixRow.__dataclass_fields__)

#: The readable heading of each column (Excel, LaTeX): a key of data/messages/print.yaml.
COLUMN_KEYS: dict[str, str] = {
    "case": "print.column.case", "case_name_en": "print.column.case_name_en",
    "case_name_nl": "print.column.case_name_nl", "edition": "print.column.edition",
    "status": "print.column.status", "status_name": "print.column.status_name",
    "ruling": "print.column.ruling", "articles": "print.column.articles",
    "references": "print.column.references", "layer": "print.column.layer",
    "quote_nl": "print.column.quote_nl", "quote_from": "print.column.quote_from",
    "summary_en": "print.column.summary_en", "outside_corpus": "print.column.outside_corpus",
    "proposed": "print.column.proposed",
}


#: What a spreadsheet reads as the start of a formula (or of a DDE call) in a text cell: ``=``,
#: ``+``, ``-``, ``@``, and a tab or carriage return before one (OWASP's "CSV injection" list).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A text that is a plain number ("-3", "+1.5", "2e3"): a spreadsheet reads it as that number,
#: never as a formula, so it is left as it is. So is a lone "-" (the exports' "none").
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-")


def spreadsheet_cell(value: object) -> object:
    """A cell of CSV or Excel that no spreadsheet runs as a formula: a *text* that begins
    with one of :data:`FORMULA_STARTS` gets a single quote in front (``'=HYPERLINK(...)``), as
    spreadsheet exporters do, unless it is a plain number or a lone dash. Every other value (a
    number, None, a text that starts otherwise) is returned as it is: only text cells are touched,
    so a count stays a count."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


#: What the XML of a workbook cannot hold (XML 1.0: the C0 controls but tab, line feed and carriage
#: return; lone surrogates; U+FFFE, U+FFFF), and what LaTeX cannot read (every control character
#: but the line's own).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NOT_LATEX = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _escaped(match: re.Match[str]) -> str:
    """A character a format cannot hold, written as its escape (``\\x1b``, ``\\ud800``), as the
    terminal shows it."""
    return match.group().encode("unicode_escape", "backslashreplace").decode("ascii")


def workbook_cell(value: object) -> object:
    """A cell of the Excel workbook: :func:`spreadsheet_cell`, and a character that XML cannot
    hold (a control character a draft gave) written as its escape (``\\x1b``)."""
    value = spreadsheet_cell(value)
    return _NOT_XML.sub(_escaped, value) if isinstance(value, str) else value


def spreadsheet_row(row: dict[str, Any]) -> dict[str, Any]:
    """:func:`spreadsheet_cell` of every value of a row (the keys are the program's column ids)."""
    return {key: spreadsheet_cell(value) for key, value in row.items()}


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return "; ".join(str(v) for v in value)
    return str(value)


def matrix_rows(layer: str | Layer = DEFAULT_LAYER, editions: Any = None) -> list[MatrixRow]:
    """Every case under every edition, in the matrix's order (cases as data/cases.yaml lists them,
    editions chronological), one :class:`MatrixRow` per cell.

    ``layer``: ``"corpus"`` (the verbatim corpus alone), ``"supplement"`` (a silent or referenced
    cell takes the supplementary ruling where one exists), or ``"both"``: every corpus row and, after
    it, the supplementary row of the same case and edition where that layer has a ruling (the row's
    ``layer`` tells them apart)."""
    from ..judging.drafts import PROPOSED_LABEL
    from .present import status_name
    from ..judging.rulings import check_layer, find_case
    from .tables import matrix_cells

    if str(layer) == "both":
        corpus = matrix_cells(Layer.CORPUS, editions)
        extra = {(c["case"], c["edition"]): c for c in matrix_cells(Layer.SUPPLEMENT, editions)
                 if c["layer"] is Layer.SUPPLEMENT}
        cells = []
        for cell in corpus:
            cells.append(cell)
            if (cell["case"], cell["edition"]) in extra:
                cells.append(extra[(cell["case"], cell["edition"])])
    else:
        cells = matrix_cells(check_layer(layer), editions)
    rows = []
    for cell in cells:
        ruling = cell["ruling"]
        case = find_case(cell["case"])
        rows.append(MatrixRow(
            case=case.id, case_name_en=case.name_en, case_name_nl=case.name_nl, edition=str(cell["edition"]),
            status=str(cell["status"]), status_name=status_name(cell["status"]), ruling=cell["cell"],
            articles=tuple(ruling.articles), references=tuple(ruling.references), layer=str(cell["layer"]),
            quote_nl=ruling.quote_nl, quote_from=ruling.quote_from, summary_en=ruling.summary_en,
            outside_corpus=ruling.outside_corpus,
            proposed=None if ruling.proposal is None else f"{PROPOSED_LABEL}: {ruling.proposal.wording}"))
    return rows


def matrix_csv(rows: Iterable[MatrixRow]) -> str:
    """Tidy CSV: a header of :data:`MATRIX_COLUMNS`, then one line per row (lists joined by "; "),
    every text cell safe from a spreadsheet's formulas (:func:`spreadsheet_cell`)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(MATRIX_COLUMNS), lineterminator="\n")
    writer.writeheader()
    writer.writerows(spreadsheet_row(row.as_strings()) for row in rows)
    return out.getvalue()


def matrix_json(rows: Iterable[MatrixRow], layer: str = DEFAULT_LAYER) -> str:
    """The rows as one JSON object (the shape is in this module's docstring)."""
    rows = list(rows)
    editions = list(dict.fromkeys(row.edition for row in rows))
    document = {"format": "bridgelaws-matrix", "version": 1, "layer": str(layer), "editions": editions,
                "columns": list(MATRIX_COLUMNS), "rows": [row.as_dict() for row in rows]}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _headings(lang: str) -> list[str]:
    return [t(COLUMN_KEYS[name], lang) for name in MATRIX_COLUMNS]


def matrix_xlsx(rows: Iterable[MatrixRow], lang: str = "en") -> bytes:
    """An Excel workbook (.xlsx) as bytes: the sheet "rows" holds the tidy rows under readable
    headings (the column ids of the CSV in the second row, so that a program can read it too); the
    sheet "matrix" holds the cases x editions grid of the short rulings. Needs openpyxl (the
    ``export`` extra); without it, one line saying so."""
    try:
        from openpyxl import Workbook
        from openpyxl.styles import Alignment, Font
    except ImportError:
        raise BridgeLawsError("the Excel export needs openpyxl: pip install 'bridgelaws[exports]'") from None
    rows = list(rows)
    book = Workbook()
    bold = Font(bold=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    sheet = book.active
    assert sheet is not None  # a new workbook has one sheet
    _rows_sheet(sheet, rows, lang, bold, wrap)
    _grid_sheet(book.create_sheet("matrix"), rows, lang, bold, wrap)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _rows_sheet(sheet: Worksheet, rows: list[MatrixRow], lang: str, bold: Font, wrap: Alignment) -> None:
    """The sheet "rows": the tidy rows under readable headings, the column ids in the second row."""
    from openpyxl.utils import get_column_letter  # (there: matrix_xlsx has checked openpyxl is installed)

    sheet.title = "rows"
    sheet.append(_headings(lang))
    sheet.append(list(MATRIX_COLUMNS))
    for row in rows:
        sheet.append([workbook_cell(row.as_strings()[name] or None) for name in MATRIX_COLUMNS])
    for cell in sheet[1]:
        cell.font = bold
    sheet.freeze_panes = "A3"
    wide = {"ruling": 50, "quote_nl": 60, "summary_en": 60, "outside_corpus": 40, "proposed": 40}
    for index, name in enumerate(MATRIX_COLUMNS, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = wide.get(name, 18)
    for line in sheet.iter_rows(min_row=3):
        for cell in line:
            cell.alignment = wrap


def _grid_sheet(grid: Worksheet, rows: list[MatrixRow], lang: str, bold: Font, wrap: Alignment) -> None:
    """The sheet "matrix": the cases x editions grid of the short rulings."""
    from openpyxl.utils import get_column_letter

    editions = list(dict.fromkeys(row.edition for row in rows))
    grid.append([t("print.column.case", lang), *(workbook_cell(edition) for edition in editions)])
    by_case: dict[str, dict[str, str]] = {}
    for row in rows:
        if row.layer == Layer.CORPUS or row.case not in by_case or row.edition not in by_case[row.case]:
            by_case.setdefault(row.case, {})[row.edition] = row.ruling
        else:  # layer "both": the supplementary ruling after the corpus's
            by_case[row.case][row.edition] += f"\n{row.ruling}"
    for case, cells in by_case.items():
        grid.append([workbook_cell(case), *(workbook_cell(cells.get(edition)) for edition in editions)])
    for cell in grid[1]:
        cell.font = bold
    grid.freeze_panes = "B2"
    grid.column_dimensions["A"].width = 26
    for index in range(2, len(editions) + 2):
        grid.column_dimensions[get_column_letter(index)].width = 40
    for line in grid.iter_rows(min_row=2):
        for cell in line:
            cell.alignment = wrap


#: LaTeX's special characters and what each is written as; the rest of the text (accented letters,
#: "§", Dutch quotation marks) stays UTF-8, which pdflatex reads with T1 fonts (see LATEX_PACKAGES).
_LATEX_SPECIALS = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
    "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "<": r"\textless{}",
    ">": r"\textgreater{}", "|": r"\textbar{}", '"': r"\textquotedbl{}",
}
#: The packages the table needs, printed above it (a paper's preamble has them or gains them).
LATEX_PACKAGES = (r"\usepackage[T1]{fontenc}", r"\usepackage[utf8]{inputenc}", r"\usepackage{longtable}",
                  r"\usepackage{array}")


def latex_escape(text: str) -> str:
    """``text`` as LaTeX that prints it as it is: every special character escaped, and ``--``,
    ``''``, ``,,``, ``<<``, ``!```` and ``?```` kept from becoming ligatures (a dash, a quotation
    mark). Accented letters stay as they are (UTF-8); a control character (which LaTeX refuses to
    read) is written as its escape, ``\\x1b``."""
    text = _NOT_LATEX.sub(_escaped, text)
    out = []
    for index, char in enumerate(text):
        out.append(_LATEX_SPECIALS.get(char, char))
        following = text[index + 1:index + 2]
        # T1 fonts make ligatures of these pairs: -- (en dash), '' `` ,, (quotes), !` ?` (inverted).
        if following and char + following in ("--", "''", "``", ",,", "!`", "?`"):
            out.append("{}")
    return "".join(out)


#: The columns of the LaTeX table (a page cannot hold all of them) and their share of the line.
LATEX_COLUMNS = (("case", 0.15), ("edition", 0.07), ("status_name", 0.1), ("ruling", 0.25),
                 ("articles", 0.11), ("quote_nl", 0.32))


def matrix_latex(rows: Iterable[MatrixRow], lang: str = "en") -> str:
    """A ``longtable`` of the rows (case, edition, status, ruling, articles, Dutch quote), for a
    paper: the packages it needs as comments above it, every special character escaped. Set it in
    landscape (``pdflscape``) or a wide page for comfort; it breaks across pages by itself."""
    rows = list(rows)
    # Each column's share of the line less its padding, so that the table is exactly as wide as the line.
    spec = "".join(f">{{\\raggedright\\arraybackslash}}p{{\\dimexpr {share:.2f}\\linewidth-2\\tabcolsep\\relax}}"
                   for _, share in LATEX_COLUMNS)
    head = " & ".join(r"\textbf{" + latex_escape(t(COLUMN_KEYS[name], lang)) + "}" for name, _ in LATEX_COLUMNS)
    lines = [f"% {t('print.latex.generated', lang)}",
             f"% {t('print.latex.packages', lang)} " + " ".join(LATEX_PACKAGES),
             r"\begin{longtable}{" + spec + "}",
             r"\caption{" + latex_escape(t("print.latex.caption", lang)) + r"}\\",
             r"\hline", head + r" \\", r"\hline", r"\endfirsthead",
             r"\hline", head + r" \\", r"\hline", r"\endhead",
             r"\hline", r"\endfoot"]
    for row in rows:
        values = row.as_strings()
        cells = []
        for name, _ in LATEX_COLUMNS:
            value = latex_escape(values[name])
            if name == "case":
                value = latex_escape(row.case_name_en if lang == "en" else row.case_name_nl) + \
                    r" \newline \texttt{" + latex_escape(row.case) + "}"
            elif name == "quote_nl" and row.quote_nl:
                value = r"\emph{" + value + "}" + (f" ({latex_escape(row.quote_from)})" if row.quote_from else "")
            cells.append(value)
        lines.append(" & ".join(cells) + r" \\ \hline")
    lines.append(r"\end{longtable}")
    return "\n".join(lines) + "\n"


def latex_document(table: str) -> str:
    """A whole LaTeX document (A4, landscape) around ``table``: what the test compiles, and a start
    for a reader who wants the table alone on paper."""
    return "\n".join([r"\documentclass[a4paper,landscape]{article}", *LATEX_PACKAGES,
                      r"\usepackage[margin=15mm]{geometry}", r"\begin{document}", r"\small", table,
                      r"\end{document}"]) + "\n"


def write_bytes(path: str, data: bytes) -> None:
    """Write ``data`` to ``path``, complete or not at all: :func:`bridgelaws.text._cliio.write_output`,
    the one writer of every ``-o`` (a device or a FIFO is written to, a link followed, neither
    replaced); a path that cannot be written is one line."""
    from ..text._cliio import write_output

    write_output(path, data)
