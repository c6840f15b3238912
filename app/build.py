"""Write app/bridgelaws.ipynb, the notebook Voila serves as the web app (`make app`).

The notebook only creates the widgets; all logic is in bridgelaws. Re-run after changing this file:
    .venv/bin/python app/build.py
"""

from pathlib import Path

import nbformat

INTRO = """# bridgelaws — the bidding rules of 1932, 1936, 1949, 2007 and 2017

Step through an auction with the bidding box and see, for each edition side by side, what its own
Dutch text prescribes: the ruling, the article, the quote. Choose a prepared scenario, or type one
(`1S 1H`, `E:1H` for a call by East, `W:!SK` for an exposed card). Where a text is silent, the card
says so and shows the engine's default as an *assumption, not law*."""

STEPPER = """from bridgelaws.widgets import AuctionStepper

AuctionStepper()"""

COMPARE_INTRO = """## Compare the editions

Choose a case to see every edition's ruling for its canonical scenario, or type an auction."""

COMPARE = """from bridgelaws.widgets import CompareExplorer

CompareExplorer()"""


def build() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell(INTRO),
        nbformat.v4.new_code_cell(STEPPER),
        nbformat.v4.new_markdown_cell(COMPARE_INTRO),
        nbformat.v4.new_code_cell(COMPARE),
    ]
    for number, cell in enumerate(notebook.cells):
        cell["id"] = f"app-{number}"  # stable ids, so rebuilding changes nothing
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    return notebook


if __name__ == "__main__":
    nbformat.write(build(), Path(__file__).with_name("bridgelaws.ipynb"))
