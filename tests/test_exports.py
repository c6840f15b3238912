"""The matrix in the formats people paste into papers (issue 13 §3): tidy CSV, JSON, Excel and LaTeX,
each read back from the real output (the csv module, json, openpyxl, pdflatex where it is installed)
and held to the in-memory matrix (bridgelaws.presentation.tables.matrix)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess

import pytest

from bridgelaws.presentation import exports
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.presentation.exports import MATRIX_COLUMNS, latex_escape, matrix_rows
from bridgelaws.text.i18n import LANGUAGES, catalogue
from bridgelaws.judging.rulings import cases
from bridgelaws.presentation.tables import matrix, matrix_cells

YEARS = [e.year for e in EDITIONS]
#: Words of two quotes with accented Dutch letters (1932:16 "in één adem", 2017:21.B.1.a "beïnvloed").
ACCENTED = ("één adem", "beïnvloed")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def rows():
    return matrix_rows()


def test_one_row_per_case_and_edition_agreeing_with_the_matrix(rows):
    frame = matrix()
    assert len(rows) == len(cases()) * len(EDITIONS)
    assert [(r.case, r.edition) for r in rows] == [(c.id, y) for c in cases() for y in YEARS]
    for row in rows:
        assert row.ruling == frame.loc[row.case, row.edition], (row.case, row.edition)
    statuses = {(c["case"], c["edition"]): str(c["status"]) for c in matrix_cells()}
    assert {(r.case, r.edition): r.status for r in rows} == statuses
    # The default is the best sourced answer: the corpus's cells, and the supplement's where it is silent.
    assert {r.layer for r in rows} == {"corpus", "supplement"}
    assert {r.layer for r in matrix_rows("corpus")} == {"corpus"}
    silent = next(r for r in rows if r.status == "silent")
    assert silent.status_name == "not in the excerpt"


def test_layer_both_adds_the_supplementary_row_after_the_corpus_row():
    corpus = matrix_rows("corpus")
    both = matrix_rows("both")
    extra = [r for r in both if r.layer == "supplement"]
    assert extra, "data/supplement has rulings"
    assert [r for r in both if r.layer == "corpus"] == corpus
    frame = matrix(layer="supplement")
    for row in extra:
        # "later-code" where the supplementary ruling rests on a later code (tests/test_later_code.py)
        assert row.status in ("supplement", "later-code") and row.outside_corpus.startswith("outside the corpus")
        assert row.ruling == frame.loc[row.case, row.edition]
        before = both[both.index(row) - 1]
        assert (before.case, before.edition, before.layer) == (row.case, row.edition, "corpus")


def test_csv_reads_back_row_for_row(rows, capsys):
    code, out, err = run(capsys, "matrix", "--format", "csv")
    assert code == 0 and err == ""
    read = list(csv.DictReader(io.StringIO(out)))
    assert list(read[0]) == list(MATRIX_COLUMNS)
    assert read == [r.as_strings() for r in rows]
    by_key = {(r["case"], r["edition"]): r for r in read}
    assert by_key[("insufficient-bid", "1936")]["articles"].split("; ")[0] == "1936:22.3"
    assert any(word in r["quote_nl"] for r in read for word in ACCENTED)  # accents survive


def test_json_has_the_documented_shape(rows, capsys):
    code, out, _ = run(capsys, "matrix", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert (data["format"], data["version"], data["layer"]) == ("bridgelaws-matrix", 1, "supplement")
    assert data["editions"] == YEARS and data["columns"] == list(MATRIX_COLUMNS)
    assert data["rows"] == [r.as_dict() for r in rows]
    assert all(list(row) == list(MATRIX_COLUMNS) for row in data["rows"])
    first = data["rows"][YEARS.index("1936")]
    assert first["case"] == "insufficient-bid" and first["articles"][0] == "1936:22.3"
    assert isinstance(first["references"], list)
    # Of the five editions' rows (a later edition that inherits a ruling quotes the same words).
    assert sum(1 for r in data["rows"] if r["edition"] in ("1932", "1936", "1949", "2007", "2017")
               for word in ACCENTED if word in (r["quote_nl"] or "")) == 2


def test_matrix_json_keeps_its_shape(capsys):
    """`matrix --json` (the per-cell shape with provenance) is unchanged by --format."""
    code, out, _ = run(capsys, "matrix", "--json")
    data = json.loads(out)
    assert code == 0 and isinstance(data, list) and {"case", "edition", "status", "cell"} <= set(data[0])


def test_xlsx_reads_back_with_openpyxl(rows, tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl", reason="openpyxl is not installed (pip install -e '.[test]')")
    path = tmp_path / "matrix.xlsx"
    code, out, _ = run(capsys, "matrix", "--format", "xlsx", "-o", str(path))
    assert code == 0 and f"{len(rows)} rows" in out
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["rows", "matrix"]
    sheet = book["rows"]
    values = [list(line) for line in sheet.iter_rows(values_only=True)]
    assert values[0][:3] == ["Case", "Case (English name)", "Case (Dutch name)"]
    assert values[1] == list(MATRIX_COLUMNS)
    assert len(values) == 2 + len(rows)
    for line, row in zip(values[2:], rows):
        assert [v or "" for v in line] == [row.as_strings()[c] for c in MATRIX_COLUMNS]
    grid = [list(line) for line in book["matrix"].iter_rows(values_only=True)]
    frame = matrix()
    assert grid[0] == ["Case", *YEARS]
    assert [line[0] for line in grid[1:]] == [c.id for c in cases()]
    for line in grid[1:]:
        assert line[1:] == [frame.loc[line[0], year] for year in YEARS]


def test_xlsx_headings_in_dutch(rows):
    openpyxl = pytest.importorskip("openpyxl", reason="openpyxl is not installed (pip install -e '.[test]')")
    book = openpyxl.load_workbook(io.BytesIO(exports.matrix_xlsx(rows, "nl")))
    assert next(book["rows"].iter_rows(values_only=True))[:4] == ("Geval", "Geval (Engelse naam)",
                                                                 "Geval (Nederlandse naam)", "Editie")


@pytest.mark.parametrize("argv, fragment", [
    (["matrix", "--format", "xlsx"], "needs -o FILE.xlsx"),
    (["matrix", "-o", "x.csv"], "-o FILE goes with --format"),
    (["matrix", "--format", "csv", "--status"], "--status and --format do not go together"),
    (["matrix", "--format", "pdf"], "invalid choice: 'pdf'"),
    (["matrix", "--format", "csv", "--json"], "not allowed with argument"),
])
def test_refusals_are_one_line(argv, fragment, capsys):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err


def test_output_file_is_what_stdout_shows(tmp_path, capsys):
    path = tmp_path / "m.csv"
    assert run(capsys, "matrix", "--format", "csv", "-o", str(path))[0] == 0
    _, out, _ = run(capsys, "matrix", "--format", "csv")
    assert path.read_text(encoding="utf-8") == out
    code, _, err = run(capsys, "matrix", "--format", "csv", "-o", str(tmp_path))
    assert code == 2 and "is a folder" in err


# --- LaTeX -----------------------------------------------------------------------------------------

_UNESCAPE = {r"\textbackslash{}": "\\", r"\&": "&", r"\%": "%", r"\$": "$", r"\#": "#", r"\_": "_",
             r"\{": "{", r"\}": "}", r"\textasciitilde{}": "~", r"\textasciicircum{}": "^",
             r"\textless{}": "<", r"\textgreater{}": ">", r"\textbar{}": "|", r"\textquotedbl{}": '"', "{}": ""}
_UNESCAPE_RE = re.compile("|".join(re.escape(k) for k in sorted(_UNESCAPE, key=len, reverse=True)))


def unescape(latex: str) -> str:
    return _UNESCAPE_RE.sub(lambda m: _UNESCAPE[m.group()], latex)


def test_latex_escape_every_special_character():
    hostile = 'a\\b&c%d$e#f_g{h}i~j^k<l>m|n"o -- „één” \'\' ,, x'
    escaped = latex_escape(hostile)
    assert unescape(escaped) == hostile
    # What is left of the specials is only inside the commands that stand for them.
    bare = _UNESCAPE_RE.sub("", escaped)
    assert not re.search(r"[\\&%$#_{}~^<>|\"]", bare), bare
    assert "--" not in escaped and "''" not in escaped and ",," not in escaped
    assert "„één”" in escaped  # Dutch quotation marks and accents stay UTF-8


def _body_lines(table: str) -> list[str]:
    return table.split(r"\endfoot", 1)[1].strip().splitlines()[:-1]  # up to \end{longtable}


def test_latex_has_a_row_per_row_with_every_cell_escaped(rows):
    table = exports.matrix_latex(rows)
    body = _body_lines(table)
    assert table.rstrip().endswith(r"\end{longtable}")
    assert len(body) == len(rows)
    columns = [name for name, _ in exports.LATEX_COLUMNS]
    for line, row in zip(body, rows):
        assert line.endswith(r" \\ \hline")
        cells = line[:-len(r" \\ \hline")].split(" & ")
        assert len(cells) == len(columns), line  # no "&" of the text left unescaped
        values = dict(zip(columns, cells))
        assert unescape(values["ruling"]) == row.ruling
        assert unescape(values["articles"]) == row.as_strings()["articles"]
        if row.quote_nl:
            assert unescape(values["quote_nl"]) == rf"\emph{{{row.quote_nl}}} ({row.quote_from})"
    assert sum(word in table for word in ACCENTED) == 2


def test_latex_compiles_with_pdflatex(tmp_path):
    """The table in a document, compiled: no error, no missing character, and the PDF's text has the
    accented Dutch quotes (read with pypdf)."""
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed (apt-get install texlive-latex-recommended "
                    "texlive-fonts-recommended): the LaTeX export is checked structurally only")
    pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed (pip install -e '.[test]')")
    source = tmp_path / "matrix.tex"
    source.write_text(exports.latex_document(exports.matrix_latex(matrix_rows("both"))), encoding="utf-8")
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", source.name],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    log = (tmp_path / "matrix.log").read_text(encoding="latin-1")
    assert result.returncode == 0, log[-3000:]
    assert "Missing character" not in log and "Undefined control sequence" not in log
    text = "".join(page.extract_text() for page in pypdf.PdfReader(tmp_path / "matrix.pdf").pages)
    for word in ACCENTED:
        assert word.split()[-1] in text


def test_every_heading_is_in_the_catalogue_in_both_languages():
    messages = catalogue()
    assert set(exports.COLUMN_KEYS) == set(MATRIX_COLUMNS)
    for key in exports.COLUMN_KEYS.values():
        assert key in messages and all(messages[key].text(lang) for lang in LANGUAGES)
