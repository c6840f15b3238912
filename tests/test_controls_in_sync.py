"""Issue 13 §4: the stepper's and the explorer's controls never disagree with the auction shown.

The caller returns to "in turn" after a call, an error and Clear; the scenario menu and the typed
box show the auction; the editions are checkboxes (a click changes one edition, not the others); a
stepper made holding a scenario opens at its last step in the browser too (its Play widget, which
drives the slider, is kept at the slider's step)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bridgelaws.presentation import views  # noqa: E402
from bridgelaws.auction.editions import EDITIONS  # noqa: E402
from bridgelaws.interfaces.widgets import YOUR_AUCTION, AuctionStepper, CompareExplorer  # noqa: E402

YEARS = tuple(e.year for e in EDITIONS)


@pytest.fixture
def stepper():
    return AuctionStepper()


# --- the caller ---------------------------------------------------------------------------------------

def test_the_caller_returns_to_in_turn_after_a_refused_call(stepper):
    stepper.load_scenario("four passes")
    stepper.editions.value = ("1936",)
    stepper.seat.value = "E"
    stepper.click("1Q")  # not a call: refused with a message
    assert "cannot read" in stepper.message.value or "1Q" in stepper.message.value
    assert stepper.seat.value == ""


def test_the_caller_returns_to_in_turn_after_a_refused_card(stepper):
    stepper.click("1S")
    stepper.seat.value = "W"
    stepper.expose("Z9")
    assert "cannot read card" in stepper.message.value and stepper.seat.value == ""


def test_the_caller_returns_to_in_turn_on_clear_and_on_a_load(stepper):
    stepper.click("1S")
    stepper.seat.value = "W"
    stepper.clear_button.click()
    assert stepper.tokens == [] and stepper.seat.value == ""
    stepper.seat.value = "S"
    stepper.load_scenario("insufficient bid")
    assert stepper.seat.value == ""


def test_the_caller_returns_to_in_turn_after_an_exposed_card(stepper):
    stepper.click("1S")
    stepper.seat.value = "W"
    stepper.expose("KS")
    assert stepper.tokens == ["1S", "W:!SK"] and stepper.seat.value == ""


# --- the scenario menu and the typed box -------------------------------------------------------------

def test_the_menu_and_the_typed_box_follow_clicks(stepper):
    assert stepper.scenario.value == "" and stepper.typed.value == ""
    stepper.click("1S")
    stepper.click("1H")
    # The tokens of the prepared scenario "insufficient bid", dealer North: the menu names it.
    assert stepper.typed.value == "1S 1H" and stepper.scenario.value == "insufficient bid"
    stepper.click("2H")
    assert stepper.typed.value == "1S 1H 2H" and stepper.scenario.value == YOUR_AUCTION
    assert stepper.scenario.label == "(your auction)"


def test_the_menu_and_the_typed_box_follow_a_load_back_forward_and_clear(stepper):
    stepper.load_scenario("exposed honour")
    assert stepper.scenario.value == "exposed honour" and stepper.typed.value == "1S W:!SK P P"
    stepper.back()
    stepper.back()
    # Stepped back, the scenario is still the one shown (the later steps dashed): both stay.
    assert stepper.scenario.value == "exposed honour" and stepper.typed.value == "1S W:!SK P P"
    stepper.click("2S")  # replaces the later steps, once confirmed
    stepper.yes_button.click()
    assert stepper.typed.value == "1S W:!SK 2S" and stepper.scenario.value == YOUR_AUCTION
    stepper.clear()
    assert stepper.typed.value == "" and stepper.scenario.value == ""


def test_the_menu_follows_the_dealer(stepper):
    stepper.load_scenario("insufficient bid")
    stepper.dealer.value = "E"  # the same tokens, another dealer: no longer the prepared scenario
    assert stepper.scenario.value == YOUR_AUCTION
    stepper.dealer.value = "N"
    assert stepper.scenario.value == "insufficient bid"


def test_the_menus_blank_entries_load_nothing(stepper):
    stepper.load_scenario("insufficient bid")
    stepper.scenario.value = YOUR_AUCTION
    assert stepper.tokens == ["1S", "1H"] and stepper.scenario.value == "insufficient bid"
    stepper.scenario.value = ""
    assert stepper.tokens == ["1S", "1H"] and stepper.scenario.value == "insufficient bid"


def test_a_typed_auction_names_the_prepared_scenario_it_is(stepper):
    stepper.typed.value = "  P P   P P "
    stepper.apply_typed()
    assert stepper.scenario.value == "four passes" and stepper.typed.value == "P P P P"


def test_a_refused_apply_leaves_what_was_typed_for_correction(stepper):
    stepper.load_scenario("insufficient bid")
    stepper.typed.value = "1S 1Q"
    stepper.apply_typed()
    # Issue 25 §2: the valid prefix is shown, the bad token named; the box keeps what was typed.
    assert "&#x27;1Q&#x27; (position 2): &#x27;Q&#x27; is not a suit" in stepper.message.value
    assert stepper.typed.value == "1S 1Q" and stepper.tokens == ["1S"]
    assert stepper.scenario.value == YOUR_AUCTION


def test_the_explorers_case_menu_leaves_a_case_whose_scenario_is_no_longer_shown():
    explorer = CompareExplorer()
    example = next(e for e in views.case_examples() if e.case == "insufficient-bid")
    explorer.case.value = example
    assert explorer.focus == "insufficient-bid"
    explorer.typed.value = "1S 2S P"
    explorer.apply_button.click()
    assert explorer.case.value == "" and explorer.case.label == "(type below)"


# --- the editions: checkboxes ------------------------------------------------------------------------

def test_the_editions_are_one_checkbox_per_registered_edition(stepper):
    import ipywidgets

    assert list(stepper.editions.boxes) == list(YEARS)
    assert all(isinstance(box, ipywidgets.Checkbox) for box in stepper.editions.boxes.values())
    # A click on one edition takes it away and leaves the other four (a SelectMultiple's plain
    # click selected the one clicked and deselected the others).
    stepper.editions.boxes["1949"].value = False
    assert stepper.editions.value == tuple(y for y in YEARS if y != "1949")
    assert 'data-edition="1949"' not in stepper.output_html and 'data-edition="1936"' in stepper.output_html
    stepper.editions.boxes["1949"].value = True
    assert stepper.editions.value == YEARS


def test_setting_the_editions_from_code_ticks_the_boxes_in_the_order_offered(stepper):
    stepper.editions.value = ("2017", "1936")
    assert stepper.editions.value == ("1936", "2017")
    assert [y for y, box in stepper.editions.boxes.items() if box.value] == ["1936", "2017"]
    import traitlets

    with pytest.raises(traitlets.TraitError, match="1999"):
        stepper.editions.value = ("1999",)


def test_the_explorers_editions_are_checkboxes_too():
    explorer = CompareExplorer()
    assert list(explorer.editions.boxes) == list(YEARS) and explorer.editions.value == YEARS
    explorer.editions.boxes["1932"].value = False
    assert 'data-edition="1932"' not in explorer.output_html and 'data-edition="2017"' in explorer.output_html


# --- the step it opens on -----------------------------------------------------------------------------

def test_a_stepper_made_holding_a_scenario_keeps_its_play_widget_at_the_last_step():
    stepper = AuctionStepper(scenario="insufficient bid, made sufficient")
    steps = len(views.steps("1S 1H 2H P P"))
    assert stepper.step.value == stepper.step.max == steps
    assert stepper.play.value == steps and stepper.play.max == steps  # the browser's jslink reads this
    stepper.back()
    assert stepper.play.value == steps - 1
    typed = AuctionStepper("1S P X")
    assert typed.play.value == typed.step.value == 3


# --- projector mode -----------------------------------------------------------------------------------

def test_projector_mode_adds_its_class_and_takes_it_away(stepper):
    assert "bl-projector" not in stepper._dom_classes
    stepper.projector.value = True
    assert "bl-projector" in stepper._dom_classes and "bl-widget" in stepper._dom_classes
    stepper.projector.value = False
    assert "bl-projector" not in stepper._dom_classes
    explorer = CompareExplorer()
    explorer.projector.value = True
    assert "bl-projector" in explorer._dom_classes


def test_the_new_words_come_from_the_catalogue_in_both_languages():
    stepper = AuctionStepper(lang="nl")
    assert stepper.projector.description == "Projector (grotere letters)"
    assert dict(stepper.scenario.options)["(eigen biedverloop)"] == YOUR_AUCTION
    assert stepper.editions.label.value == "Edities"


def test_the_stylesheet_enlarges_the_type_in_projector_mode():
    import re

    from bridgelaws.presentation.render import stylesheet

    css = stylesheet()
    sizes = {float(size) for rule in re.findall(r"\.bl-projector[^{}]*\{[^}]*\}", css)
             for size in re.findall(r"font-size:(\d+(?:\.\d+)?)px", rule)}
    assert sizes and min(sizes) >= 20  # the smallest projector text is larger than the largest usual (16 px)
    assert re.search(r"\.bl-projector \.bl-card[^{]*\{font-size:22px\}", css)
