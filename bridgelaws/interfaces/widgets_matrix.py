"""The matrix of cases x editions in the app: one button per cell, coloured by its
status and worded with its short rectification; a click opens the cell's ruling card under the
cell's row, the card the comparison shows (:func:`bridgelaws.presentation.views.matrix_card_html`). Thin over
:func:`bridgelaws.presentation.views.matrix_grid`::

    matrix = MatrixExplorer()
    matrix.open_cell("insufficient-bid", "1936")  # as a click on that cell
    matrix.output_html                            # the card shown
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..presentation import views
from ..text.errors import BridgeLawsError
from ..text.i18n import t
from ..presentation.render import stylesheet
from ..presentation.views.matrix import row_key_html
from ..text.vocabulary import DEFAULT_LAYER
from .widgets_common import (YEARS, _english_toggle, _layer_options, _layer_toggle, _Looks, _message, _ShowsView,
                             _Speaks)


def _print_columns(editions: int) -> str:
    """On paper the grid's columns share the printable width with no minimum (on screen each keeps
    one, and a narrow screen scrolls sideways; paper cannot scroll, so the last column was cut)."""
    return ('<style>@media print{.bl-matrix-grid.bl-matrix-grid{grid-template-columns:minmax(0,1.3fr) '
            f'repeat({editions},minmax(0,1fr)) !important;overflow:visible !important}}}}</style>')


class MatrixExplorer(_Speaks, _ShowsView, widgets.VBox):
    """Cases x editions, every cell a button that opens its ruling card (``self.view``). The layer
    and the language redraw the cells and the open card; *English* adds the project's English of the
    quoted paragraph to the card."""

    def __init__(self, layer: str = DEFAULT_LAYER, lang: str = "en") -> None:
        #: The layout and styles the cells and the row labels share: one Layout for every cell, one
        #: ButtonStyle per colour, kept across redraws (:class:`_Looks`).
        self.looks = _Looks()
        self.layer = _layer_toggle()
        self.layer.value = layer
        self.english = _english_toggle()
        self.heading = widgets.HTML()
        self.grid = widgets.GridBox(layout=widgets.Layout(
            grid_template_columns=f"minmax(160px, 1.3fr) repeat({len(YEARS)}, minmax(110px, 1fr))",
            grid_gap="3px", width="100%", overflow="auto"))
        self.grid.add_class("bl-matrix-grid")
        self.grid.add_class("bl-scrolls")  # narrower than its columns (a phone): it scrolls sideways, the page does not
        #: The cell buttons, by (case id, edition year).
        self.cells: dict[tuple[str, str], widgets.Button] = {}
        #: The cell whose card is shown.
        self.chosen: tuple[str, str] | None = None
        self.message = widgets.HTML()
        # The card opens under its cell's row, across the whole grid.
        self.view = widgets.HTML()
        self.view.add_class("bl-matrix-card")  # bridgelaws.css: grid-column 1 / -1
        self._header: list[Any] = []
        self._rows: list[tuple[str, list[Any]]] = []
        self.layer.observe(lambda _: self.refresh(), names="value")
        self.english.observe(lambda _: self._show_card(), names="value")
        language = self._speak(lang)
        super().__init__([language, widgets.HBox([self.layer, self.english], layout=widgets.Layout(flex_flow="row wrap")),
                          self.heading, self.message, self.grid])
        self.add_class("bl-widget")
        self.refresh()

    def _relabel(self) -> None:
        lang = self.lang
        self._relabelling = True
        try:
            self._relabelled(self.layer, _layer_options(lang), lambda new, old: new == old)
            self.layer.description = t("explorer.layer", lang)
            self.english.description = t("explorer.english", lang)
            # The stylesheet once, for the cells' rules (bridgelaws.css: .bl-matrix-grid).
            self.heading.value = (stylesheet() + _print_columns(len(YEARS))
                                  + f'<div style="font-family:sans-serif">{t("app.matrix.how", lang)}</div>')
        finally:
            self._relabelling = False

    def open_cell(self, case: str, edition: str) -> None:
        """Show the card of the cell ``(case, edition)``, as a click on it."""
        self.chosen = (case, edition)
        for key, button in self.cells.items():
            (button.add_class if key == self.chosen else button.remove_class)("bl-chosen")
        self._show_card()
        self._arrange()

    def refresh(self) -> None:
        """Draw the cells again (the layer, the language) and the card of the cell chosen."""
        if self._relabelling:
            return
        try:
            self.message.value = ""
            self._draw()
        except BridgeLawsError as error:
            self.message.value = _message(str(error))
            return
        self._show_card()

    def _draw(self) -> None:
        lang = self.lang
        looks = self.looks
        self._header = [looks.html(f"<b>{t('views.matrix_case', lang)}</b>")]
        self._header += [looks.html(f"<b>{year}</b>") for year in YEARS]
        self._rows = []
        self.cells = {}
        for case_id, name, cells in views.matrix_grid(self.layer.value, lang=lang):
            children: list[Any] = [looks.html(row_key_html(case_id, name, lang))]
            for cell in cells:
                button = widgets.Button(description=cell.text, tooltip=f"{cell.edition} · {name}: {cell.full}",
                                        layout=looks.layout(width="auto", height="auto"),
                                        style=looks.style(widgets.ButtonStyle, button_color=cell.colour + "22"))
                button.add_class("bl-matrix-cell")
                button.add_class(f"bl-{cell.status}")
                if (case_id, cell.edition) == self.chosen:
                    button.add_class("bl-chosen")
                button.on_click(lambda _, key=(case_id, cell.edition): self.open_cell(*key))
                self.cells[(case_id, cell.edition)] = button
                children.append(button)
            self._rows.append((case_id, children))
        self._arrange()

    def _arrange(self) -> None:
        """The grid's children: the header, then each row, the open card under its cell's row."""
        children = list(self._header)
        for case_id, row in self._rows:
            children += row
            if self.chosen is not None and self.chosen[0] == case_id:
                children.append(self.view)
        self.grid.children = children

    def _show_card(self) -> None:
        if self.chosen is None:
            self.view.value = ""
            return
        try:
            self.message.value = ""
            self.view.value = views.matrix_card_html(*self.chosen, self.layer.value, english=self.english.value,
                                                     lang=self.lang)
        except BridgeLawsError as error:
            self.view.value = ""
            self.message.value = _message(str(error))


__all__ = ["MatrixExplorer"]
