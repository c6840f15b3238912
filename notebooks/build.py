"""Build the five notebooks from the cell lists below, execute them, and make them clean.

    .venv/bin/python notebooks/build.py            # all five
    .venv/bin/python notebooks/build.py 03 05      # some of them (by number or name)

Re-runnable: it overwrites ``notebooks/NN_*.ipynb``. After executing it makes the outputs
deterministic and light: kernelspec ``python3``, no widget state (``metadata.widgets``), no
execution timings, fixed cell ids, and no outputs for the cells that display widgets (their model
ids are random and their state is not kept). Cells whose output cannot be stable (figures, live
widgets) start with ``# NBVAL_IGNORE_OUTPUT``; nbval checks every other cell against its stored
output (``pytest --nbval notebooks/``).
"""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
DOCS = HERE.parent / "docs"
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
IGNORE = "# NBVAL_IGNORE_OUTPUT"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")

SETUP = """\
%matplotlib inline
import pandas as pd
from IPython.display import HTML

from bridgelaws import corpus, figures, views

pd.set_option("display.max_colwidth", None)
pd.set_option("display.max_rows", 200)
HTML(views.notebook_css())  # left-align the text of tables"""


def md(text: str) -> tuple[str, str]:
    return ("md", text.strip("\n"))


def md_picture(text: str) -> tuple[str, str]:
    """Markdown whose ``attachment:NAME`` images are embedded from ``docs/NAME`` (so that they show
    in JupyterLab, whose root is notebooks/, and on GitHub)."""
    return ("md-picture", text.strip("\n"))


def code(text: str) -> tuple[str, str]:
    """A cell whose output is deterministic: nbval compares it with the stored output."""
    return ("code", text.strip("\n"))


def figure(text: str) -> tuple[str, str]:
    """A cell that draws a figure: its PNG is kept but not compared."""
    return ("figure", text.strip("\n"))


def widget(text: str) -> tuple[str, str]:
    """A cell that displays a live widget: run by nbval, its output is not stored."""
    return ("widget", text.strip("\n"))


NOTEBOOKS: dict[str, list[tuple[str, str]]] = {}

NOTEBOOKS["01_editions_at_a_glance"] = [
    md("""
# The five editions at a glance

**What this notebook is for:** a first look at the five Dutch texts of the bidding rules of contract
bridge that `bridgelaws` works from (1932, 1936, 1949, 2007, 2017): what each source contains, which
are rules for rubber bridge and which for duplicate, when they appeared, how long they are, what the
editors noted about them (repetitions, misfit headings, printing slips, old spelling), and where the
texts point to articles that are not in the corpus.

Everything below is read from `bridgelaws.corpus` (the verbatim texts in `data/corpus/`) through the
views of `bridgelaws.views`; nothing is typed in by hand.
"""),
    code(SETUP),
    md("""
## What each source contains

One row per edition: the game it is for, the source's contents, the articles it holds, its size
(words are counted in the texts of the rules, without the headings), how many editorial notes and
cross-references it has, and what happens in it when all four players pass.
"""),
    code("views.editions_overview()"),
    md("The articles of each source, with their headings exactly as printed:"),
    code("HTML(views.contents_html())"),
    md("""
## Rubber and duplicate on a timeline

The two rubber-bridge codes (1932, 1936) come from the early years of contract bridge; the three
duplicate codes (1949, 2007, 2017) from the tournament game, where the cards come out of a board.
The 1949 text is the first in the spelling of the 1947 reform.
"""),
    figure("figures.timeline()"),
    md("""
## Article and word counts

Per article: its heading as printed, how many paragraphs (records) it has, and how many words.
The 2007 corpus is a single article (Law 17); 1936 adds its etiquette section, *Speelmanieren*.
"""),
    code("views.articles_table()"),
    figure("figures.sizes()"),
    md("""
## The source notes

The transcription is verbatim: slips and old spelling are kept, and every correction or remark is a
note. How many notes of each kind each edition has:
"""),
    code("views.notes_summary()"),
    md("""
### Repetitions

The 1936 source prints parts of two rules twice, word for word; the corpus keeps one copy as the
text and records the repetition.
"""),
    code('views.notes_table("repetition")[["edition", "records", "note"]]'),
    md("### Headings that do not fit, or are missing"),
    code("""\
headings = pd.concat([views.notes_table("misfit-heading"), views.notes_table("missing-heading")])
headings[["edition", "records", "note"]]"""),
    md("### Printing slips: what is printed, and what the editor reads there"),
    code('views.notes_table("slip")[["edition", "records", "printed", "reading"]]'),
    md("### Spelling before and after the 1947 reform"),
    code('views.notes_table("spelling")[["edition", "printed", "reading", "note"]]'),
    md("""
## Where the texts point outside the corpus

Each text refers to articles of its own code that are not part of the corpus (the rectification of
an insufficient bid in 1932 rule 40 and 2017 Law 27, for instance). Per edition, the articles it
points to:
"""),
    code("views.outside_targets()"),
    md("Every such reference, with the words that make it:"),
    code("views.references_table(in_corpus=False)"),
]

NOTEBOOKS["02_auction_stepper"] = [
    md("""
# Auction stepper

**What this notebook is for:** playing an auction call by call and watching how each edition of the
Laws rules on it, side by side. Choose the dealer and one to five editions; click calls in the
bidding box (choose a seat under *Caller* to call out of turn); expose a card; where an edition lets
a call over an irregular call accept it (1936:22.2), *Call over it* selects the player who may do so.
*Back*, *Forward* and the *Play* slider move through the history; a click while stepped back
replaces the later calls. A menu offers prepared scenarios, and any scenario can be typed in the
notation:

| token | meaning |
|---|---|
| `1H`, `P`, `X`, `XX` | a call by the player whose turn it is |
| `E:1H` | a call by East, whether or not it is his turn |
| `W:!SK` | West exposes the king of spades |
| `X@2H` | a double that named the wrong bid ("double two hearts") |
| `^I`, `^S` | the preceding irregular call was accepted (PBN marks) |
| `#keep`, `#cancel` | the option chosen for the preceding irregular call |

Each edition's panel shows the auction grid (irregular calls shaded, void calls struck through,
players who must pass marked), the legal calls of the player to act, and a ruling card for every
irregularity: the article, the Dutch quote, an English summary, and a yellow flag where the text is
silent and the engine had to assume. All rulings come from the library (`bridgelaws.judge`).
"""),
    code(SETUP),
    md_picture("""
## The stepper

Run the notebook to get the live widget; this is what it looks like:

![The auction stepper: bidding box and controls above, one panel per edition below](attachment:stepper.png)
"""),
    widget("""\
from bridgelaws.widgets import AuctionStepper

stepper = AuctionStepper(scenario="insufficient bid")
stepper"""),
    md("## The prepared scenarios"),
    code("views.scenarios_table()"),
    md("""
## Driving the stepper from code

The widget is thin: everything it shows is `views.stepper_html(tokens, editions, dealer, step)`.
Setting its controls from code is what a click does. An exposed king, 1936 against 1949, after the
second step:
"""),
    code("""\
stepper.load_scenario("exposed honour")
stepper.editions.value = ("1936", "1949")
stepper.step.value = 2
HTML(stepper.output_html)"""),
    md("""
A call over an irregular call: East bids one heart over one spade, and South, the next player, calls
over it before anyone objects. *Call over it* selects South; his two hearts then accepts the
insufficient bid where the text says so.
"""),
    code("""\
stepper.load_scenario("insufficient bid")
stepper.editions.value = ("1932", "1936", "2017")
stepper.accept()
stepper.click("2H")
HTML(stepper.output_html)"""),
    md("Bad input gives a one-line message in the widget, never a traceback:"),
    code("""\
stepper.typed.value = "1S 1Q"
stepper.apply_typed()
HTML(stepper.message.value)"""),
    md("""
## Without widgets

The same view as plain HTML, for any scenario: a player who must pass bids anyway, under all five
editions.
"""),
    code('HTML(views.stepper_html("1S 1H 2H P 3H", editions=None, dealer="N"))'),
]

NOTEBOOKS["03_irregularities_compared"] = [
    md("""
# Irregularities compared

**What this notebook is for:** comparing what the five editions prescribe for the irregularities of
the auction. Choose a case or type an auction and get the ruling of every edition side by side; see
the whole catalogue of cases against the five editions, coloured by what the text does (it *rules*,
it only *refers* to an article outside the corpus, or it is *silent*); and see how strict each
edition is, and how that changed over time.

The rulings come from `bridgelaws.tables` and `bridgelaws.judge`, which read each edition's own text
(`data/rulings/`).
"""),
    code(SETUP),
    md("""
## One scenario across the editions

An insufficient bid: North opens one spade and East bids one heart. The library's table
(`bridgelaws.tables.compare`, trimmed):
"""),
    code('views.compare_table("1S 1H")'),
    md("The same as ruling cards, with the Dutch quote and the assumption flag where the text is silent:"),
    code('HTML(views.compare_html("1S 1H"))'),
    md("A double of partner's bid:"),
    code('HTML(views.compare_html("1S P X"))'),
    md("Choose any case of the catalogue, or type an auction:"),
    widget("""\
from bridgelaws.widgets import CompareExplorer

CompareExplorer()"""),
    md("""
## The full matrix: cases x editions

Each cell gives the edition's rectification for the case's canonical scenario, coloured by status.
Silent is not "no penalty": it means the corpus does not say.
"""),
    code("HTML(views.matrix_html())"),
    code("views.status_counts()"),
    figure("figures.status_over_time()"),
    md("""
## How strict is each edition?

Strictness is counted in **turns barred**: a player who must pass at his next turn loses one turn; a
player who must pass for the rest of the auction is counted as losing three turns (the texts give
no number; this is the weight `views.REST_OF_AUCTION_TURNS` sets). A bar
on the offender's side counts both players. Where the text lets the offender choose his
rectification, his mildest choice counts; where it lets an opponent choose, the harshest. Cells
where the text is silent or only points elsewhere are left empty (NaN): they are not zero.
"""),
    code("views.strictness_table()"),
    code("views.strictness_summary()"),
    figure("figures.strictness_figure()"),
    md("""
The 1936 code is by far the strictest: it is the only text in the corpus with a full rule on
irregular calls (rule 22), and most of its rectifications bar the offender's partner, or his whole
side, for the rest of the auction. The duplicate texts of the corpus leave most rectifications to
articles outside it.
"""),
]

NOTEBOOKS["04_texts_side_by_side"] = [
    md("""
# The texts side by side

**What this notebook is for:** reading what the five editions say on one topic, in columns, with the
words that changed since the previous edition highlighted (a word-level `difflib` comparison); seeing
how the terms and the spelling evolved (dubbelen, doubleeren, doubleren, doublet; grooter, groter
...); and looking up the Dutch terms in a Dutch-English glossary.

The texts are verbatim from `bridgelaws.corpus`; the topics (`data/topics.yaml`) name the articles of
each edition that treat them. Where an edition has nothing on a topic, the column shows a gap.
"""),
    code(SETUP),
    md("## The topics and their articles"),
    code("views.topics_table()"),
    md("## Doubling and redoubling"),
    code('HTML(views.texts_side_by_side("doubling"))'),
    md("## All four players pass"),
    code('HTML(views.texts_side_by_side("four passes"))'),
    md("## Insufficient bid"),
    code('HTML(views.texts_side_by_side("insufficient bid"))'),
    md("## The end of the auction"),
    code('HTML(views.texts_side_by_side("end of the auction"))'),
    md("## Cards exposed during the auction"),
    code('HTML(views.texts_side_by_side("exposed cards"))'),
    md("Any topic:"),
    widget("""\
from bridgelaws.widgets import TextsExplorer

TextsExplorer("misnamed double")"""),
    md("""
## The evolution of terms and spelling

How often each form occurs in each edition (whole words, headings included). The 1947 spelling
reform shows in *grooter* / *groter*, *doubleeren* / *doubleren*, *zoodra* / *zodra*; the words for
doubling go from Dutch (*dubbelen*, *herdubbelen*) to French (*doubleeren*, *doublet*); and 1932's
*herdubbeid* is a printing slip for *herdubbeld* (see notebook 01).
"""),
    code("views.spelling_evolution()"),
    md("""
## Glossary

The Dutch terms of the texts with their English equivalents in the Laws, and where each occurs (every
reference is checked against the text by the tests).
"""),
    code("views.glossary()"),
]

NOTEBOOKS["05_for_teaching"] = [
    md("""
# For teaching

**What this notebook is for:** classes and self-study. Each exercise gives a scenario; predict, for
each edition, whether its text rules on it and who must pass afterwards, then reveal the library's
answer with the article and the Dutch quote. A short history of how the rules of the auction
evolved closes the notebook; every claim in it names its article and quotes it.

The answers are never stored in the notebook or in `data/exercises.yaml`: they come from
`bridgelaws.judge` when the cell runs.
"""),
    code(SETUP),
    md("""
## Exercises

Click *Reveal the library's answer* under each exercise once you have made your prediction.
"""),
    *[code(f'HTML(views.exercise_html("{exercise_id}"))') for exercise_id in (
        "insufficient-bid", "exposed-honour", "exposed-low-card", "four-passes", "double-partner",
        "bid-out-of-rotation", "misnamed-double", "skipped-turn")],
    md("""
### Predict and check

Choose an exercise, set your prediction for each edition, and press *Reveal*: each prediction is
marked right or wrong.
"""),
    widget("""\
from bridgelaws.widgets import ExerciseCard

ExerciseCard("exposed-honour")"""),
    md("""
## A short history of the rules of the auction

From the first international code of 1932 to the duplicate Laws of 2017, in the words of the texts.
"""),
    code("HTML(views.history_html())"),
]


def build(name: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    notebook = new_notebook()
    for index, (kind, source) in enumerate(cells):
        if kind == "md":
            cell = new_markdown_cell(source)
        elif kind == "md-picture":
            names = re.findall(r"\(attachment:([\w.-]+)\)", source)
            cell = new_markdown_cell(source, attachments={
                n: {"image/png": base64.b64encode((DOCS / n).read_bytes()).decode("ascii")} for n in names})
        else:
            if kind in ("figure", "widget"):
                source = IGNORE + "\n" + source
            cell = new_code_cell(source)
            cell.metadata["bl_kind"] = kind
        cell.id = f"{name[:2]}-{index:02d}"
        notebook.cells.append(cell)
    notebook.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return notebook


def clean(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Strip what is not deterministic or not wanted in the committed notebook."""
    notebook.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    for cell in notebook.cells:
        kind = cell.metadata.pop("bl_kind", None)
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if kind == "widget":
            cell.outputs = []
            cell.execution_count = None
        kept = []
        for output in cell.outputs:
            if output.get("output_type") == "stream" and output.get("name") == "stderr":
                raise RuntimeError(f"cell {cell.id} wrote to stderr: {output.get('text', '')[:300]}")
            if output.get("output_type") == "error":
                raise RuntimeError(f"cell {cell.id} raised {output.get('ename')}: {output.get('evalue')}")
            data = output.get("data", {})
            if WIDGET_MIME in data:
                continue
            for mime, value in data.items():
                if mime.startswith("text/") and ADDRESS.search(value if isinstance(value, str) else "".join(value)):
                    raise RuntimeError(f"cell {cell.id}: a memory address in its {mime} output")
            kept.append(output)
        cell.outputs = kept
    return notebook


def run(name: str) -> Path:
    path = HERE / f"{name}.ipynb"
    notebook = build(name, NOTEBOOKS[name])
    client = NotebookClient(notebook, kernel_name="python3", timeout=300, record_timing=False,
                            resources={"metadata": {"path": str(HERE)}})
    client.execute()
    # execute() leaves the notebook's metadata and widget state in place: clean() drops them.
    notebook = clean(notebook)
    nbformat.validate(notebook)
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    wanted = [n for n in NOTEBOOKS if not argv or any(n.startswith(a) or a == n for a in argv)]
    if not wanted:
        print(f"no notebook matches {argv}; choose from {', '.join(NOTEBOOKS)}", file=sys.stderr)
        return 2
    for name in wanted:
        print("built", run(name).relative_to(HERE.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
