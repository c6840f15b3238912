"""Build the notebooks from their sources in ``notebooks/src/``, execute them, and make them clean.

    .venv/bin/python notebooks/build.py            # all of them and the app (``make regen`` runs this)
    .venv/bin/python notebooks/build.py 03 05      # some of them (by number or name; ``app``)

Each notebook's source is ``notebooks/src/NN_name.md``, a MyST Markdown notebook read with jupytext:
prose as Markdown, each code cell a ``{code-cell}`` block. JupyterLab (``make lab``) opens it as a
notebook with *Open With > Notebook*; edit it there or in any editor, never the ``.ipynb``.

Re-runnable: it overwrites ``notebooks/NN_*.ipynb``, byte-identical when nothing changed. After
executing it makes the outputs deterministic and light: kernelspec ``python3`` and the kernel's own
``language_info`` (as JupyterLab sets them on opening, so that it does not mark the notebook changed), no widget state
(``metadata.widgets``), no execution timings, fixed cell ids (``NN-II``), and no outputs for the
cells that display widgets (their model ids are random and their state is not kept). Cells whose
output cannot be stable (figures, live widgets) start with ``# NBVAL_IGNORE_OUTPUT``; nbval checks
every other cell against its stored output (``pytest --nbval notebooks/``). A cell that displays a
widget says so in its source with the option ``:bl_kind: widget``. An image the source takes from
``../../docs/NAME`` (so that it shows where the source is read) is embedded in the notebook as the
attachment ``NAME`` (so that it shows in JupyterLab, whose root is notebooks/, and on GitHub).

The web app's notebook, ``app/bridgelaws.ipynb``, is its own source (its cells, no outputs: edit
it in JupyterLab). Voila runs it, so it is kept unexecuted; :func:`tidy_app` strips what a save
from JupyterLab adds and gives its cells fixed ids.
"""

from __future__ import annotations

import base64
import json
import os
import re
import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
APP = HERE.parent / "app" / "bridgelaws.ipynb"
SRC = HERE / "src"
DOCS = HERE.parent / "docs"
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
IGNORE = "# NBVAL_IGNORE_OUTPUT"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
PICTURE = re.compile(r"\]\(\.\./\.\./docs/([\w.-]+)\)")  # ![...](../../docs/NAME) in a source
KINDS = ("code", "widget")  # the values of a code cell's ``bl_kind`` (default: code)



def language_info() -> dict[str, object]:
    """The ``language_info`` the python3 kernel (ipykernel) reports. JupyterLab writes the kernel's
    ``language_info`` into the notebook's metadata when the kernel starts, and marks the notebook as
    changed unless what is stored is equal to it, field for field (issue 25 §7): a stored
    ``{"name": "python"}`` alone made every notebook "changed" on opening."""
    from ipykernel.ipkernel import IPythonKernel

    return json.loads(json.dumps(IPythonKernel.language_info))


def notebook_metadata() -> dict[str, object]:
    """The metadata every committed notebook has: the kernelspec and the kernel's language_info,
    as JupyterLab sets them when it opens the notebook."""
    return {"kernelspec": dict(KERNELSPEC), "language_info": language_info()}


# The notebooks, by name: notebooks/src/<name>.md builds notebooks/<name>.ipynb.
NOTEBOOKS: dict[str, Path] = {path.stem: path for path in sorted(SRC.glob("[0-9][0-9]_*.md"))}


def read_cells(source: Path) -> list[tuple[str, str]]:
    """The cells of a MyST source as (kind, text): kind is ``md``, ``code`` or ``widget``."""
    cells = []
    for number, cell in enumerate(jupytext.read(source, fmt="md:myst").cells):
        where = f"{source.name}, cell {number}"
        metadata = dict(cell.metadata)
        if cell.cell_type == "markdown":
            if metadata:
                raise ValueError(f"{where}: a Markdown cell takes no options, found {sorted(metadata)}")
            cells.append(("md", cell.source.strip("\n")))
            continue
        if cell.cell_type != "code":
            raise ValueError(f"{where}: a {cell.cell_type} cell; write Markdown or a code-cell")
        kind = metadata.pop("bl_kind", "code")
        if metadata or kind not in KINDS:
            raise ValueError(f"{where}: the only code-cell option is ':bl_kind: widget', "
                             f"found {dict(cell.metadata)}")
        text = cell.source.strip("\n")
        if kind == "widget" and not text.startswith(IGNORE):
            raise ValueError(f"{where}: a widget cell must start with {IGNORE} (its output is not stored)")
        cells.append((kind, text))
    return cells


def build(name: str) -> nbformat.NotebookNode:
    """The notebook of notebooks/src/<name>.md, not executed, with its fixed cell ids."""
    notebook = new_notebook()
    for index, (kind, source) in enumerate(read_cells(NOTEBOOKS[name])):
        if kind == "md":
            source = PICTURE.sub(r"](attachment:\1)", source)
            names = re.findall(r"\]\(attachment:([\w.-]+)\)", source)
            attachments = {n: {"image/png": base64.b64encode((DOCS / n).read_bytes()).decode("ascii")}
                           for n in names}
            cell = new_markdown_cell(source, attachments=attachments) if attachments else new_markdown_cell(source)
        else:
            cell = new_code_cell(source)
            cell.metadata["bl_kind"] = kind
        cell.id = f"{name[:2]}-{index:02d}"
        notebook.cells.append(cell)
    notebook.metadata = notebook_metadata()
    return notebook


def clean(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Strip what is not deterministic or not wanted in the committed notebook."""
    notebook.metadata = notebook_metadata()
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
    notebook = build(name)
    # The kernel imports this checkout's bridgelaws, whatever the environment has installed.
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if str(HERE.parent) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(HERE.parent), *filter(None, paths)])
    client = NotebookClient(notebook, kernel_name="python3", timeout=300, record_timing=False,
                            resources={"metadata": {"path": str(HERE)}})
    client.execute()
    # execute() leaves the notebook's metadata and widget state in place: clean() drops them.
    notebook = clean(notebook)
    nbformat.validate(notebook)
    path.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")
    return path


def tidy(notebook: nbformat.NotebookNode, prefix: str) -> nbformat.NotebookNode:
    """An unexecuted notebook as it is committed: no outputs, execution counts, cell metadata or
    widget state, kernelspec python3, and cell ids ``<prefix>-<n>``."""
    notebook.metadata = notebook_metadata()
    for number, cell in enumerate(notebook.cells):
        cell.id = f"{prefix}-{number}"
        cell.metadata = {}
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nbformat.validate(notebook)
    return notebook


def tidy_app() -> Path:
    """Rewrite app/bridgelaws.ipynb in its committed form (unchanged when it is already tidy)."""
    notebook = tidy(nbformat.read(APP, as_version=4), "app")
    APP.write_text(nbformat.writes(notebook) + "\n", encoding="utf-8")
    return APP


def main(argv: list[str]) -> int:
    wanted = [n for n in [*NOTEBOOKS, "app"] if not argv or any(n.startswith(a) or a == n for a in argv)]
    if not wanted:
        print(f"no notebook matches {argv}; choose from {', '.join(NOTEBOOKS)}, app", file=sys.stderr)
        return 2
    for name in wanted:
        path = tidy_app() if name == "app" else run(name)
        print("built", path.relative_to(HERE.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
