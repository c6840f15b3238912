"""Readable at a projector's distance (issue 12 §5): no text in the views and widgets below 14 px.

Every font size of the one stylesheet (bridgelaws/static/bridgelaws.css) and of any inline style in
the HTML the views and widgets produce must be given in px and be at least 14 px: a percentage or an
em cannot be checked (it compounds with what encloses it), so it is refused too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaws.presentation import views

CSS = Path(__file__).resolve().parents[1] / "bridgelaws" / "static" / "bridgelaws.css"
MINIMUM_PX = 14
_FONT_SIZE = re.compile(r"font-size\s*:\s*([^;\"'}]+)")
_SMALL_TAGS = re.compile(r"<(small|font)\b", re.I)


def too_small(css_or_html: str) -> list[str]:
    """Every font size below 14 px, or not in px, in a stylesheet or an HTML text."""
    problems = []
    for value in _FONT_SIZE.findall(css_or_html):
        value = value.strip()
        size = re.fullmatch(r"(\d+(?:\.\d+)?)px", value)
        if not size or float(size.group(1)) < MINIMUM_PX:
            problems.append(value)
    problems += [f"<{tag}>" for tag in _SMALL_TAGS.findall(css_or_html)]
    # the shorthand "font: 12px sans-serif" sets a size too
    problems += [m for m in re.findall(r"(?<![-\w])font\s*:\s*([^;\"'}]+)", css_or_html)]
    return problems


def test_the_scan_finds_small_text():
    assert too_small(".x{font-size:13px}.y{font-size:85%}.z{font-size:16px}") == ["13px", "85%"]
    assert too_small('<div style="font-size:0.8em">a</div><small>b</small>') == ["0.8em", "<small>"]


def test_the_stylesheet_has_no_text_below_14px():
    css = CSS.read_text(encoding="utf-8")
    assert _FONT_SIZE.findall(css), "the stylesheet sets font sizes"
    assert too_small(css) == []
    assert ".bl-view{line-height:1.4;text-align:left;font-size:16px}" in css
    assert "--jp-widgets-font-size:14px" in css  # the widgets' own controls


@pytest.mark.parametrize("make", [
    lambda: views.stepper_html("1S W:!SK"), lambda: views.compare_html("1S 1H"), lambda: views.matrix_html(),
    lambda: views.contents_html(), lambda: views.texts_side_by_side("doubling"),
    lambda: views.exercise_html("four-passes", reveal=True), lambda: views.history_html(),
    lambda: views.panel_html("1S 1H", "1936"), lambda: views.layers_html("bid-above-seven"),
    lambda: views.search_html("doubleren"), lambda: views.diff_html("1932:14", "1936:18"),
], ids=["stepper", "compare", "matrix", "contents", "texts", "exercise", "history", "panel", "layers",
        "search", "diff"])
def test_no_view_has_text_below_14px(make):
    assert too_small(make()) == []


def test_no_widget_has_text_below_14px():
    from bridgelaws.interfaces import widgets

    shown = [widgets.AuctionStepper("1S 1H").output_html, widgets.CompareExplorer().output_html,
             widgets.TextsExplorer().output_html, widgets.TextSearch("pas").output_html,
             widgets.ExerciseCard().output_html, widgets._message("an error"), widgets._message("a note", "info")]
    for html in shown:
        assert too_small(html) == []
    for widget in (widgets.AuctionStepper(), widgets.CompareExplorer(), widgets.TextsExplorer(),
                   widgets.TextSearch(), widgets.ExerciseCard()):
        assert "bl-widget" in widget._dom_classes
