"""A draft is untrusted input (issue 22, "High: drafts are untrusted input").

A draft file (data/drafts/*.yaml, or any file a user names) supplies its id, name, note, and for
each change a wording, a reason and a ruling's summary, assumption, options and play. Before, the
id reached every HTML view unescaped (four live ``<img onerror>`` in a handout, and a relative
``<iframe>`` that made the PDF print a local file), the same fields reached CSV and Excel as live
formulas, terminal escape sequences in them were printed raw by judge, compare and impact, and the
YAML reader had no bound at all (an alias bomb of 520 bytes, nesting 1,000 deep, an integer of
100,000 digits, a FIFO named x.yaml).

The hostile draft below carries markup in every field it supplies; the tests parse each HTML output
and find no element that came from it, and find its text there, escaped.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import threading
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bridgelaws.interfaces.cli import main

REPO = Path(__file__).resolve().parents[1]

IMG = "<img src=x onerror=alert(1)>"
IFRAME = "<iframe src=../../../../etc/passwd></iframe>"
SCRIPT = "<script>alert(1)</script>"
#: A draft's id holds no space (drafts.parse_draft); these tags need none.
HOSTILE_ID = "<img/src=x/onerror=alert(1)><iframe/src=../../etc/passwd></iframe>"


def payload(field: str) -> str:
    return f"{field.upper()}FIELD {IMG}{IFRAME}{SCRIPT}"


def hostile_yaml() -> str:
    """Markup in every field a draft supplies (the quote is a part of the wording, as it must be)."""
    def q(text: str) -> str:
        return json.dumps(text)  # a JSON string is a YAML double-quoted scalar

    return f"""draft: {q(HOSTILE_ID)}
name: {q(payload("name"))}
base: "1936"
note: {q(payload("note"))}
changes:
  - case: insufficient-bid
    wording: {q(payload("wording"))}
    reason: {q(payload("reason"))}
    ruling:
      articles: ["1936:22.3"]
      quote_nl: {q(IMG)}
      options:
        - by: offender
          choice: lowest-sufficient-same-denomination
          text: {q(payload("option"))}
          article: "1936:22.3.a"
        - by: offender
          choice: other-sufficient-bid
          text: {q(payload("other"))}
          barred: [{{who: partner, scope: next-turn}}]
          article: "1936:22.3.b"
      summary_en: {q(payload("summary"))}
      assumption: {q(payload("assumption"))}
      play: [{q(payload("play"))}]
"""


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("drafts") / "hostile.yaml"
    path.write_text(hostile_yaml(), encoding="utf-8")
    return str(path)


class _Elements(HTMLParser):
    """Every element of a page that could load or run something."""

    LIVE = {"img", "iframe", "script", "object", "embed", "frame", "link", "meta", "base", "svg"}

    def __init__(self) -> None:
        super().__init__()
        self.live: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.LIVE:
            self.live.append((tag, attrs))

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def parse(page: str) -> _Elements:
    parser = _Elements()
    parser.feed(page)
    parser.close()
    return parser


def assert_no_live_element_from_the_draft(page: str, fields: tuple[str, ...]) -> None:
    found = parse(page)
    # The pages have no element of these kinds of their own but the handout's charset and policy.
    own = [(tag, attrs) for tag, attrs in found.live if tag == "meta" and
           (("charset", "utf-8") in attrs or ("http-equiv", "Content-Security-Policy") in attrs)]
    assert [element for element in found.live if element not in own] == []
    text = "".join(found.text)
    for field in fields:  # the draft's text is there, as text
        assert f"{field.upper()}FIELD {IMG}" in text, field
    assert HOSTILE_ID in text


#: The fields a ruling card shows (the note and the name are the draft's, shown by impact).
CARD_FIELDS = ("wording", "reason", "summary", "assumption", "play", "option", "other")


def test_the_handout_has_no_element_from_the_draft(hostile):
    from bridgelaws.presentation.handout import handout_html

    # The handout shows per ruling its status, articles, quote (a draft's proposed wording and its
    # reason) and the ruling in short (issue 25 §5); the summary, assumption, play and option texts are
    # on the cards (test_the_views_have_no_element_from_the_draft).
    assert_no_live_element_from_the_draft(handout_html("1S 1H 2H", ["1936", hostile]), ("wording", "reason"))
    assert_no_live_element_from_the_draft(handout_html("1S 1H 2H", ["1936", hostile], lang="nl"), ("wording", "reason"))


def test_the_views_have_no_element_from_the_draft(hostile):
    from bridgelaws.presentation import views
    from bridgelaws.judging.lookup import find_edition
    from bridgelaws.judging.judging import judge
    from bridgelaws.presentation.render import judgement_html

    edition = find_edition(hostile)
    fields = ("wording", "reason", "summary", "assumption", "play", "option")
    assert_no_live_element_from_the_draft(views.compare_html("1S 1H 2H", ["1936", hostile]), fields)
    assert_no_live_element_from_the_draft(views.compare_html("1S 1H 2H", ["1936", hostile], lang="nl"),
                                          ("wording", "reason"))
    assert_no_live_element_from_the_draft(views.stepper_html("1S 1H 2H", ["1936", hostile], english=True), fields)
    assert_no_live_element_from_the_draft(views.panel_html("1S 1H 2H", edition), fields)
    assert_no_live_element_from_the_draft(judgement_html(judge("1S 1H 2H", edition), english=True), fields)


def test_the_impact_report_in_html_has_no_element_from_the_draft(hostile, capsys):
    assert main(["impact", hostile, "--html", "--max-tokens", "2"]) == 0
    page = capsys.readouterr().out
    found = parse(page)
    assert found.live == []
    text = "".join(found.text)
    assert f"WORDINGFIELD {IMG}" in text and HOSTILE_ID in text


def test_the_stepper_widget_has_no_element_from_the_draft(hostile):
    import ipywidgets

    from bridgelaws.interfaces.widgets import AuctionStepper

    stepper = AuctionStepper("1S 1H 2H", editions=("1936", hostile))

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    pages = [w.value for w in walk(stepper) if isinstance(w, ipywidgets.HTML)]
    assert any("WORDINGFIELD" in page for page in pages)
    for page in pages:
        assert parse(page).live == []
    for widget in walk(stepper):  # a description is shown as text, never as HTML
        assert not getattr(widget, "description_allow_html", False)


# --- the PDF: a page that may load nothing -----------------------------------------------------------

POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


def test_the_handout_allows_nothing_outside_the_document(hostile):
    from bridgelaws.presentation.handout import handout_html

    page = handout_html("1S 1H", ["1936", hostile])
    head = page.split("<head>", 1)[1].split("</head>", 1)[0]
    # The policy first, before the title (which holds the scenario) and anything else.
    assert head.startswith(f'<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n<title>')


FAKE_CHROMIUM = """#!{python}
import shutil, sys
page = [a for a in sys.argv if a.startswith("file://")][0][len("file://"):]
pdf = [a for a in sys.argv if a.startswith("--print-to-pdf=")][0].split("=", 1)[1]
shutil.copy(page, {record!r})
with open({record!r} + ".argv", "w") as out:
    out.write("\\n".join(sys.argv[1:]))
with open(pdf, "wb") as out:
    out.write(b"%PDF-1.4 fake")
"""


def test_the_pdf_is_printed_from_a_page_that_may_load_nothing(hostile, tmp_path, monkeypatch, capsys):
    """A stand-in for Chromium records the page it is given and its command line."""
    record = tmp_path / "printed.html"
    fake = tmp_path / "chromium"
    fake.write_text(FAKE_CHROMIUM.format(python=sys.executable, record=str(record)), encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("BRIDGELAWS_CHROMIUM", str(fake))
    out = tmp_path / "handout.pdf"
    assert main(["handout", "1S 1H 2H", "--editions", f"1936,{hostile}", "-o", str(out)]) == 0, capsys.readouterr()
    assert out.read_bytes() == b"%PDF-1.4 fake"
    page = record.read_text(encoding="utf-8")
    assert f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">' in page.split("<title>", 1)[0]
    assert_no_live_element_from_the_draft(page, ("wording",))
    argv = (tmp_path / "printed.html.argv").read_text().split("\n")
    assert "--allow-file-access-from-files" not in argv and "--disable-web-security" not in argv


def test_a_page_without_the_policy_is_given_it_before_it_is_printed():
    from bridgelaws.presentation.handout import with_policy

    assert with_policy("<html><head><title>t</title></head><body>x</body></html>") == (
        f'<html><head><meta http-equiv="Content-Security-Policy" content="{POLICY}"><title>t</title></head>'
        "<body>x</body></html>")
    assert with_policy("<p>x</p>").startswith('<meta http-equiv="Content-Security-Policy"')


# --- CSV and Excel: no cell is a formula ---------------------------------------------------------------

FORMULA_DRAFT = """draft: formula-draft
name: "=HYPERLINK(\\"http://example.invalid\\",\\"click\\")"
base: "1936"
changes:
  - case: insufficient-bid
    wording: "@SUM(1+1)*cmd|' /C calc'!A0"
    reason: "+1+1"
    ruling:
      articles: ["1936:22.3"]
      summary_en: "-2+3+cmd|' /C calc'!A0"
      options:
        - by: offender
          choice: lowest-sufficient-same-denomination
          text: "\\t=1+1"
          article: "1936:22.3.a"
"""


@pytest.fixture(scope="module")
def formula_draft(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("drafts") / "formula.yaml"
    path.write_text(FORMULA_DRAFT, encoding="utf-8")
    return str(path)


def _dangerous(cell: object) -> bool:
    return isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r") and cell != "-"


def test_spreadsheet_cells_are_neutralised_and_numbers_kept():
    from bridgelaws.presentation.exports import spreadsheet_cell

    assert spreadsheet_cell('=HYPERLINK("x")') == '\'=HYPERLINK("x")'
    assert spreadsheet_cell("+1+1") == "'+1+1"
    assert spreadsheet_cell("-2+3") == "'-2+3"
    assert spreadsheet_cell("@SUM(A1)") == "'@SUM(A1)"
    assert spreadsheet_cell("\t=1") == "'\t=1"
    assert spreadsheet_cell("\r=1") == "'\r=1"
    # Not text, or a plain number, or the exports' dash for "none": as it is.
    assert spreadsheet_cell(-3) == -3 and spreadsheet_cell(None) is None and spreadsheet_cell(2.5) == 2.5
    assert spreadsheet_cell("-3") == "-3" and spreadsheet_cell("+1.5") == "+1.5" and spreadsheet_cell("-") == "-"
    assert spreadsheet_cell("1936:22.3") == "1936:22.3" and spreadsheet_cell("a=b") == "a=b"


def test_the_matrix_csv_has_no_formula(formula_draft, capsys):
    assert main(["matrix", "--format", "csv", "--editions", f"1936,{formula_draft}"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    cells = [cell for row in rows for cell in row]
    assert [cell for cell in cells if _dangerous(cell)] == []
    assert "'-2+3+cmd|' /C calc'!A0" in cells  # the summary, kept after its quote


def test_the_matrix_listing_as_csv_has_no_formula(formula_draft, tmp_path, capsys):
    # A draft's id names a column: this one begins with "-" (the ids refused are those with spaces or ':').
    draft = tmp_path / "minus.yaml"
    draft.write_text(FORMULA_DRAFT.replace("draft: formula-draft", 'draft: "-2+3"'), encoding="utf-8")
    assert main(["matrix", "--csv", "--editions", f"1936,{draft}"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][-1] == "'-2+3"
    assert [cell for row in rows for cell in row if _dangerous(cell)] == []


def test_compare_csv_has_no_formula(formula_draft, capsys):
    assert main(["compare", "--csv", "--editions", f"1936,{formula_draft}", "1S 1H"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [value for row in rows for value in row.values() if _dangerous(value)] == []
    assert rows[-1]["summary_en"] == "'-2+3+cmd|' /C calc'!A0"
    assert rows[-1]["index"] == "2"  # a number stays a number


def test_the_matrix_workbook_has_no_formula(formula_draft, tmp_path, capsys):
    openpyxl = pytest.importorskip("openpyxl")
    out = tmp_path / "matrix.xlsx"
    assert main(["matrix", "--format", "xlsx", "--editions", f"1936,{formula_draft}", "-o", str(out)]) == 0
    book = openpyxl.load_workbook(out)
    cells = [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]
    assert [cell.coordinate for cell in cells if cell.data_type == "f"] == []
    assert [cell.value for cell in cells if _dangerous(cell.value)] == []
    # And in the file itself: no <f> element (a formula) in any sheet.
    with zipfile.ZipFile(out) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in archive.read(name) and b"<f " not in archive.read(name)


# --- the terminal: a draft's text printed with its control characters escaped ------------------------

ESCAPE_DRAFT = """draft: "esc\\e[31mid"
name: "name \\e]0;retitled\\a \\u009b2J"
base: "1936"
changes:
  - closing: three-passes-no-lost-turn
    wording: "wording \\e[2J\\e[H"
    reason: "reason \\e[31m"
  - case: skipped-turn-at-end
    wording: "gaat de bieding terug \\e[5m"
    reason: "reason \\x7f"
    ruling:
      status: ruled
      call_stands: false
      next: skipped
      summary_en: "summary \\e[8m hidden"
"""


@pytest.fixture(scope="module")
def escape_draft(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("drafts") / "escape.yaml"
    path.write_text(ESCAPE_DRAFT, encoding="utf-8")
    return str(path)


def _raw_controls(text: str) -> list[str]:
    return sorted({c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) < 0xa0})


@pytest.mark.parametrize("argv", [
    ["judge", "--edition", "DRAFT", "1S P P E:P"],
    ["judge", "--lang", "nl", "--edition", "DRAFT", "1S P P E:P"],
    ["compare", "--editions", "1936,DRAFT", "1S P P E:P"],
    ["compare", "--csv", "--editions", "1936,DRAFT", "1S P P E:P"],
    ["impact", "DRAFT", "--max-tokens", "2"],
], ids=["judge", "judge-nl", "compare", "compare-csv", "impact"])
def test_a_drafts_control_characters_are_printed_escaped(escape_draft, capsys, argv):
    code = main([word.replace("DRAFT", escape_draft) for word in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert _raw_controls(out) == []
    assert "esc\\x1b[31mid" in out  # the id, escaped as an error line escapes it
    assert out.count("\\x1b[") >= 2  # the id and the draft's text beside it


def test_a_drafts_control_characters_in_json_are_escapes(escape_draft, capsys):
    assert main(["judge", "--json", "--edition", escape_draft, "1S P P E:P"]) == 0
    out = capsys.readouterr().out
    assert _raw_controls(out) == []
    data = json.loads(out)  # still JSON, and the text is the draft's
    assert data["edition"] == "esc\x1b[31mid"
    assert main(["impact", "--json", escape_draft, "--max-tokens", "2"]) == 0
    out = capsys.readouterr().out
    assert _raw_controls(out) == []
    assert json.loads(out)["name"] == "name \x1b]0;retitled\x07 \x9b2J"


# --- the YAML of a draft: bounded ------------------------------------------------------------------------

PROBE = REPO / "benchmarks" / "peak_memory.py"
PEAK_LIMIT_MB = 200


def _bomb() -> str:
    """The classic alias bomb: nine levels of nine aliases, 9**9 (387 million) strings once expanded."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level, name in enumerate("bcdefghi"):
        previous = "abcdefgh"[level]
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    return "\n".join(lines) + "\n"


VALID_HEAD = 'draft: bounded\nname: n\nbase: "1936"\nchanges:\n'


def _judge_with(path: Path, timeout: float = 30) -> tuple[subprocess.CompletedProcess, float]:
    """The command line on a draft in a child (at most 700 MB of address space, killed after
    ``timeout`` seconds), and its peak memory in MB."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (700 << 20, 700 << 20))

    # The probe is a script: PYTHONPATH makes it import this checkout's package, not an installed one.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(PROBE), "judge", "--edition", str(path), "1S 1H"],
                          capture_output=True, text=True, timeout=timeout, cwd=REPO, preexec_fn=limit, env=env)
    lines = done.stderr.splitlines()
    peak = int(lines[-1].split()[1]) / 1024 if lines and lines[-1].startswith("peak-kb ") else float("nan")
    done.stderr = "\n".join(lines[:-1]) + "\n"
    return done, peak


def _refused_in_one_line(path: Path, problem: str, timeout: float = 30) -> None:
    done, peak = _judge_with(path, timeout)
    assert done.returncode == 2, done.stderr[-1500:]
    assert "Traceback" not in done.stderr, done.stderr[-1500:]
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"bridgelaws: error: {path}") and problem in lines[0], lines
    assert peak < PEAK_LIMIT_MB, f"peak {peak:.0f} MB"


@pytest.mark.parametrize("shape, text, problem", [
    ("alias-bomb", _bomb(), "line 3: more than 16 aliases"),
    ("flow-nesting", "a: " + "[" * 1000 + "]" * 1000 + "\n", "line 1: nested more than 32 deep"),
    ("block-nesting", "a:\n" + "- " * 1000 + "x\n", "line 2: nested more than 32 deep"),
    ("long-integer", VALID_HEAD + "  - mechanic: bid-range\n    max_level: " + "9" * 100_000
     + "\n    wording: w\n    reason: r\n", "line 6: a number of 100,000 characters (at most 32)"),
    ("tagged-integer", "draft: !!int '" + "9" * 100_000 + "'\n", "line 1: a number of 100,000 characters"),
    ("long-float", "draft: " + "9" * 100_000 + ".5\n", "line 1: a number of 100,002 characters"),
    ("self-holding", "a: &a [*a]\n", "line 1: an alias refers to a mapping or list that holds it"),
    ("too-big", "# " + "x" * 200_000 + "\n", "the draft file is larger than 131,072 bytes"),
])
def test_a_hostile_draft_is_one_line_and_exit_2_in_bounded_memory(tmp_path, shape, text, problem):
    path = tmp_path / f"{shape}.yaml"
    path.write_text(text, encoding="utf-8")
    if shape == "alias-bomb":
        assert len(text.encode()) < 600  # a few hundred bytes (the issue's: 520)
    _refused_in_one_line(path, problem)


def test_a_fifo_named_yaml_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "x.yaml"
    os.mkfifo(fifo)
    _refused_in_one_line(fifo, "cannot read the draft: it is a FIFO, not a file")
    link = tmp_path / "link.yaml"
    link.symlink_to(fifo)  # through a link too
    _refused_in_one_line(link, "cannot read the draft: it is a FIFO, not a file")


def test_an_endless_device_named_yaml_is_refused_without_reading(tmp_path):
    zero = os.stat("/dev/zero")
    device = tmp_path / "x.yaml"
    try:
        os.mknod(device, 0o020666, zero.st_rdev)  # a character device: a copy of /dev/zero's node
    except PermissionError:
        pytest.skip("making a device node needs root (CI and the developers' machines run as root)")
    _refused_in_one_line(device, "cannot read the draft: it is a device, not a file")


def test_a_folder_named_yaml_is_one_line(tmp_path, capsys):
    folder = tmp_path / "x.yaml"
    folder.mkdir()
    assert main(["judge", "--edition", str(folder), "1S 1H"]) == 2
    assert "cannot read the draft: it is a folder, not a file" in capsys.readouterr().err


def test_a_draft_with_a_few_aliases_still_reads_and_names_its_lines(tmp_path, capsys):
    """Aliases within the bound are read as YAML reads them, and an error under one names the line
    of the path it was first met on (the bookkeeping does not expand the alias)."""
    draft = tmp_path / "aliases.yaml"
    draft.write_text(VALID_HEAD + """  - closing: &rule three-passes-no-lost-turn
    wording: &words "Wanneer na een bieding driemaal is gepast, is het bieden niet beëindigd."
    reason: *words
""", encoding="utf-8")
    assert main(["judge", "--edition", str(draft), "1S P P P"]) == 0
    capsys.readouterr()
    bad = tmp_path / "bad.yaml"
    bad.write_text(VALID_HEAD + """  - mechanic: bid-range
    max_level: &level [1, 2]
    wording: w
    reason: r
  - case: bid-above-seven
    wording: w
    reason: r
    ruling: {articles: *level}
""", encoding="utf-8")
    assert main(["judge", "--edition", str(bad), "1S"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{bad}: line 6: changes[0].max_level: expected a level from 1 to" in err
