"""Issue 23 §4: the app page makes few widget models. Every ipywidgets model is a comm message from the
kernel, a model in the server's and the browser's widget manager and a Backbone model in the page;
ipywidgets makes a Layout and a Style model for each widget not given them, so the widgets made in
bulk (the matrix's cells, the stepper's bidding box, the quiz's question rows, the editions'
checkboxes) share theirs per panel (``_Looks`` in bridgelaws/interfaces/widgets_common.py). A widget
whose layout is changed later (``.layout.display``) must keep its own, or the change would show or
hide every widget sharing it.

Expected values checked by hand: the statuses of the matrix cells used are the corpus entries of
data/rulings/insufficient-bid.yaml ("1932": referenced, "1936": ruled) and
data/rulings/pass-out-of-rotation.yaml ("1936": ruled); the colours are STATUS_COLOURS in
bridgelaws/presentation/present.py (ruled #2e7d32, referenced #ef6c00), tinted with "22" as the
matrix's HTML tints them (bridgelaws/presentation/views/matrix.py, ``_tint``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

widgets = pytest.importorskip("ipywidgets")

from ipywidgets.widgets.widget import _instances  # noqa: E402  (every live model, by id)

APP = Path(__file__).resolve().parent.parent / "app" / "bridgelaws.ipynb"

#: The models the app page's cells may make. Measured (2026-12-01, tasks/appwidgets2.py): 960 before the
#: sharing, 473 after it (stepper 140, comparison 53, matrix 157, search 22, quiz 93, switch 8). The
#: bound leaves about 5% for a few new controls; a bulk creation that lost its sharing fails it (the
#: matrix's cells alone would add 200 models, the quiz's rows 60, the stepper's bidding box 70).
MAX_APP_MODELS = 500


def _run_app() -> tuple[dict[str, Any], Counter[str]]:
    """The app notebook's code cells run as the kernel runs them (in one namespace, in order), and the
    models they made, by kind."""
    before = set(_instances)
    namespace: dict[str, Any] = {}
    for cell in json.loads(APP.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), str(APP), "exec"), namespace)
    made = Counter(type(_instances[key]).__name__ for key in set(_instances) - before)
    return namespace, made


def _tree(root: Any) -> list[Any]:
    """Every widget shown under ``root`` (its children, recursively), ``root`` included."""
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        found.append(widget)
        todo.extend(getattr(widget, "children", ()))
    return found


def test_the_app_page_makes_fewer_models_than_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)  # the page opened without an address
    _, made = _run_app()
    total = sum(made.values())
    assert total <= MAX_APP_MODELS, f"{total} models: {dict(made.most_common())}"
    # The Layouts and Styles are now fewer than the widgets they serve (before: one of each per widget).
    layouts = made["Layout"]
    styles = sum(count for kind, count in made.items() if kind.endswith("Style"))
    assert layouts < made["Button"] and styles < made["Button"]


def test_matrix_cells_share_one_style_per_status_colour() -> None:
    from bridgelaws.interfaces.widgets import MatrixExplorer

    matrix = MatrixExplorer(layer="corpus")
    ruled, ruled_too = matrix.cells[("insufficient-bid", "1936")], matrix.cells[("pass-out-of-rotation", "1936")]
    referenced = matrix.cells[("insufficient-bid", "1932")]
    assert ruled.style.button_color == "#2e7d3222" and referenced.style.button_color == "#ef6c0022"
    assert ruled.style is ruled_too.style  # the same status: one ButtonStyle model
    assert ruled.style is not referenced.style
    assert ruled.layout is referenced.layout  # one Layout for every cell
    assert (ruled.layout.width, ruled.layout.height) == ("auto", "auto")
    # A redraw (the layer, the language) makes new cells but no new Layout or Style model once every
    # status's colour has been drawn.
    matrix.layer.value = "supplement"
    matrix.layer.value = "corpus"
    before = set(_instances)
    matrix.layer.value = "supplement"
    matrix.set_language("nl")
    matrix.layer.value = "corpus"
    new = Counter(type(_instances[key]).__name__ for key in set(_instances) - before)
    assert new["Button"] > 0 and new["Layout"] == 0
    assert not [kind for kind in new if kind.endswith("Style")], new
    assert matrix.cells[("insufficient-bid", "1936")].style.button_color == "#2e7d3222"


def test_a_shared_layout_is_never_one_that_code_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    namespace, _ = _run_app()
    switch = namespace["language"]
    panels = {type(panel).__name__: panel for panel in switch.panels}  # (the PageTexts: the last one)
    stepper, matrix = panels["AuctionStepper"], panels["MatrixExplorer"]
    shown = [widget for panel in [switch, *switch.panels] for widget in _tree(panel)]
    users = Counter(id(widget.layout) for widget in shown)
    # The widgets whose layout.display the code sets: the example's and the confirm rows, Yes, No and
    # Undo (AuctionStepper._show_rows), and every panel's own language switch (LanguageSwitch.follow).
    changed = [stepper.example_row, stepper.confirm_row, stepper.yes_button, stepper.no_button,
               stepper.undo_button] + [panel.language for panel in switch.panels if hasattr(panel, "language")]
    for widget in changed:
        assert users[id(widget.layout)] == 1, widget
    assert any(count > 30 for count in users.values())  # and some are shared (the cells, the bidding box)
    # Drive what changes layouts (the example cleared, a question asked while stepped back, Yes, Undo,
    # the language, a cell opened); every shared model keeps the traits it was made with.
    stepper.start_own()
    for call in ("1S", "1H", "2H"):
        stepper.click(call)
    stepper.step.value = 1
    stepper.click("2C")
    assert stepper.confirm_row.layout.display == "flex" and stepper.yes_button.layout.display is None
    stepper.confirm_discard()
    assert stepper.undo_button.layout.display is None and stepper.yes_button.layout.display == "none"
    stepper.undo()
    switch.set_language("nl")
    matrix.cells[("insufficient-bid", "1936")].click()
    for panel in [stepper, matrix, panels["QuizCard"]]:
        for kind, traits, model in panel.looks.made():
            assert model.get_state() == kind(**traits).get_state(), (type(panel).__name__, kind.__name__, traits)
    # A stepper's bidding box: one Layout for its 38 buttons, the red suits in their own style.
    assert len({id(button.layout) for button in stepper.buttons.values()}) == 1
    assert stepper.buttons["1H"].style is stepper.buttons["1D"].style is not stepper.buttons["1S"].style
    assert stepper.buttons["1H"].style.text_color == "#c00" and stepper.buttons["1S"].style.text_color is None
