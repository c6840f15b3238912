"""The committed notebooks are clean and match their sources (notebooks/src/*.md, built by
notebooks/build.py).

nbval runs them (``pytest --nbval notebooks/``); these tests check what nbval does not: kernelspec,
no widget state, no memory addresses or random ids, a markdown cell first, figures and widgets
marked NBVAL_IGNORE_OUTPUT, and the cells equal to what build.py makes of their source.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
NAMES = ("01_editions_at_a_glance", "02_auction_stepper", "03_irregularities_compared",
         "04_texts_side_by_side", "05_for_teaching", "06_beyond_the_corpus", "07_for_committees",
         "08_trying_a_draft")
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
IGNORE = "# NBVAL_IGNORE_OUTPUT"


def load(name: str) -> dict:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))


def texts(output: dict) -> list[str]:
    values = []
    if "text" in output:
        values.append("".join(output["text"]) if isinstance(output["text"], list) else output["text"])
    for mime, value in output.get("data", {}).items():
        if mime.startswith("text/") or mime.endswith("json"):
            values.append(json.dumps(value) if not isinstance(value, (str, list)) else
                          ("".join(value) if isinstance(value, list) else value))
    return values


def test_exactly_the_five_notebooks():
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == list(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_metadata_is_clean(name):
    notebook = load(name)
    assert notebook["metadata"]["kernelspec"] == {"name": "python3", "display_name": "Python 3",
                                                  "language": "python"}
    assert "widgets" not in notebook["metadata"]
    for cell in notebook["cells"]:
        assert "execution" not in cell.get("metadata", {}), cell["id"]
        assert re.fullmatch(rf"{name[:2]}-\d\d", cell["id"]), cell["id"]  # fixed, not random


@pytest.mark.parametrize("name", NAMES)
def test_opens_with_markdown_saying_what_it_is_for(name):
    first = load(name)["cells"][0]
    assert first["cell_type"] == "markdown"
    source = "".join(first["source"])
    assert source.startswith("# ") and "What this notebook is for" in source


@pytest.mark.parametrize("name", NAMES)
def test_outputs_are_deterministic(name):
    for cell in load(name)["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        for output in cell["outputs"]:
            assert output["output_type"] != "error", cell["id"]
            assert not (output["output_type"] == "stream" and output["name"] == "stderr"), cell["id"]
            assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {}), cell["id"]
            for text in texts(output):
                assert not ADDRESS.search(text), (cell["id"], ADDRESS.search(text).group())
            if "image/png" in output.get("data", {}):
                assert source.startswith(IGNORE), cell["id"]
        if "Stepper(" in source or "Explorer(" in source or "ExerciseCard(" in source:
            assert source.startswith(IGNORE) and cell["outputs"] == [], cell["id"]
        elif not source.startswith(IGNORE):
            assert cell["execution_count"] is not None, cell["id"]


def _build_module():
    spec = importlib.util.spec_from_file_location("notebooks_build", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_source_per_notebook():
    assert list(_build_module().NOTEBOOKS) == list(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_notebook_matches_its_source(name):
    build = _build_module()
    expected = build.build(name)
    cells = load(name)["cells"]
    stale = f"notebooks/{name}.ipynb is out of date with notebooks/src/{name}.md: run make regen"
    assert [c["cell_type"] for c in cells] == [c.cell_type for c in expected.cells], stale
    assert [c.get("attachments") for c in cells] == [c.get("attachments") for c in expected.cells], stale
    assert ["".join(c["source"]) for c in cells] == [c.source for c in expected.cells], stale


def test_the_app_notebook_is_tidy():
    """app/bridgelaws.ipynb is its own source; Voila runs it, so it is committed unexecuted."""
    import nbformat

    build = _build_module()
    committed = build.APP.read_text(encoding="utf-8")
    tidied = build.tidy(nbformat.reads(committed, as_version=4), "app")
    assert "widgets" not in json.loads(committed)["metadata"]
    assert nbformat.writes(tidied) + "\n" == committed, \
        "app/bridgelaws.ipynb has outputs, metadata or ids from a save: run make regen"


def test_notebook_02_notation_table_is_generated_from_notation_tokens():
    from bridgelaws.auction.notation import markdown_table

    source = (NOTEBOOKS / "src" / "02_auction_stepper.md").read_text(encoding="utf-8")
    assert source.count("| token | meaning |") == 1
    assert markdown_table() in source, "notebook 02's notation table is stale: run make regen"


# Issue 25 §7: JupyterLab, when the kernel starts, writes the kernel's kernelspec and language_info
# into the notebook's metadata (NotebookPanel._updateSpec, _updateLanguage) and marks the notebook
# changed unless the stored value is deepEqual to it (YNotebook.setMetadata). A stored
# {"name": "python"} made every notebook "changed" the moment it was opened.
KERNEL_LANGUAGE_FIELDS = {"name", "version", "mimetype", "codemirror_mode", "pygments_lexer",
                          "nbconvert_exporter", "file_extension"}


def _kernel_language_info() -> dict:
    from ipykernel.ipkernel import IPythonKernel

    return json.loads(json.dumps(IPythonKernel.language_info))


def test_the_built_metadata_is_what_jupyterlab_sets_on_opening():
    build = _build_module()
    info = _kernel_language_info()
    assert set(info) == KERNEL_LANGUAGE_FIELDS and info["mimetype"] == "text/x-python"
    for notebook in (build.build(NAMES[0]), build.clean(build.build(NAMES[1]))):
        assert notebook.metadata == {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                    "language": "python"}, "language_info": info}


@pytest.mark.parametrize("name", [*NAMES, "app"])
def test_a_committed_notebook_opens_unchanged_in_jupyterlab(name):
    path = NOTEBOOKS.parent / "app" / "bridgelaws.ipynb" if name == "app" else NOTEBOOKS / f"{name}.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert (notebook["nbformat"], notebook["nbformat_minor"]) == (4, 5)  # no upgrade on opening
    assert all("id" in cell for cell in notebook["cells"])
    assert notebook["metadata"]["language_info"] == _kernel_language_info(), \
        f"{path.name}: language_info is not the kernel's; JupyterLab marks it changed: run make regen"
