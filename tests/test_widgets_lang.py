"""The explorers and the app in Dutch (issue 13 §6), driven as a user would: switch to Nederlands and
the labels, the case names and the card's fixed words are Dutch, the verbatim quotes unchanged, the
choices kept; switch back and the page is as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from bridgelaws.interfaces.widgets import (AuctionStepper, CompareExplorer, LanguageSwitch, ParallelTextExplorer,  # noqa: E402
                                TextSearch, TextsExplorer)

APP = Path(__file__).resolve().parent.parent / "app" / "bridgelaws.ipynb"


def _quotes(html: str) -> list[str]:
    return re.findall(r'<blockquote lang="nl">.*?</blockquote>', html)


def _dutch_cells(html: str) -> list[str]:
    return re.findall(r'<td lang="nl">.*?</td>', html)


def test_the_comparison_explorer_switches_to_dutch_and_back() -> None:
    explorer = CompareExplorer()
    chosen = next(value for label, value in explorer.case.options if label == "Pass out of rotation: before the first bid")
    explorer.case.value = chosen
    explorer.editions.value = ("1936", "2017")
    explorer.english.value = True
    english = explorer.output_html
    assert explorer.language.value == "en" and explorer.case.description == "Case"

    explorer.language.value = "nl"  # a click on "Nederlands"
    dutch = explorer.output_html
    assert explorer.case.description == "Geval" and explorer.dealer.description == "Gever"
    assert explorer.typed.description == "Biedingen" and explorer.apply_button.description == "Vergelijk"
    assert explorer.case.label == "Pas voor de beurt: voor het eerste bod"
    assert explorer.dealer.label == "Noord" and explorer.layer.options[0] == ("best onderbouwd", "supplement")
    # the state is kept: the case, its scenario, the editions, the English toggle
    assert explorer.focus == "pass-out-of-rotation" and explorer.typed.value == "S:P"
    assert explorer.editions.value == ("1936", "2017") and explorer.english.value is True
    assert "waar het bieden staat" in dutch and "where the auction stands" not in dutch
    assert "Pas voor de beurt" in dutch and "Engels: de vertaling van het project" in dutch
    assert _quotes(dutch) == _quotes(english) and _quotes(dutch)

    explorer.language.value = "en"
    assert explorer.output_html == english and explorer.case.label == "Pass out of rotation: before the first bid"


def test_the_comparison_explorer_opens_in_dutch() -> None:
    explorer = CompareExplorer(lang="nl")
    assert explorer.case.options[0][0] == "(typ hieronder)" and "gever Noord" in explorer.output_html
    assert explorer.language.value == "nl"


@pytest.mark.parametrize("make, label", [
    (lambda: TextsExplorer("doubling"), lambda w: w.topic.description == "Onderwerp"),
    (lambda: ParallelTextExplorer("doubling"), lambda w: w.article.description == "Artikel"),
    (lambda: ParallelTextExplorer(article="1936:22"), lambda w: w.topic.description == "Onderwerp"),
    (lambda: TextSearch("doubleren"), lambda w: w.query.description == "Zoek" and w.edition.label == "alle edities"),
])
def test_the_text_explorers_switch_to_dutch(make: object, label: object) -> None:
    widget = make()  # type: ignore[operator]
    english = widget.output_html
    widget.set_language("nl")
    dutch = widget.output_html
    assert label(widget)  # type: ignore[operator]
    assert dutch != english
    assert _dutch_cells(dutch) == _dutch_cells(english)  # the Dutch texts, verbatim in both
    widget.set_language("en")
    assert widget.output_html == english


def test_the_search_keeps_its_edition_when_relabelled() -> None:
    search = TextSearch("pas*")
    search.edition.value = "1936"
    search.set_language("nl")
    assert search.edition.value == "1936" and "alinea" in search.output_html


def test_the_page_switch_sets_every_panel_that_offers_a_language() -> None:
    switch = LanguageSwitch()
    explorer = switch.follow(CompareExplorer())
    search = switch.follow(TextSearch())
    stepper = AuctionStepper()
    assert switch.follow(stepper) is stepper  # no language of its own yet: shown as it is
    assert explorer.language.layout.display == "none" and search.language.layout.display == "none"
    switch.language.value = "nl"
    assert explorer.lang == search.lang == "nl"
    assert "Taal van de hele pagina" in switch.label.value
    assert "waar het bieden staat" in explorer.output_html
    switch.language.value = "en"
    assert explorer.lang == "en" and "where the auction stands" in explorer.output_html
    # a panel followed after the switch was set opens in the page's language
    switch.set_language("Nederlands")
    later = switch.follow(TextsExplorer())
    assert later.lang == "nl"


def test_the_app_has_a_language_switch_at_the_top_that_every_panel_follows() -> None:
    cells = json.loads(APP.read_text(encoding="utf-8"))["cells"]
    code = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    assert "LanguageSwitch(" in code[0] or "language_from_address(" in code[0]  # the switch, set to the address's lang
    for source in code[1:]:
        assert "language.follow(" in source, source
