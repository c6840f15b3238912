"""The auction stepper in Dutch (issue 13 §6), driven as a user would: switch to Nederlands and every
control, the grid, the panels' fixed words and the cards are Dutch, the verbatim quotes unchanged and
the state kept; switch back and the stepper is, byte for byte, what it was. The page's language
switch drives it, in the app too (with the page's address)."""

from __future__ import annotations

import re
from pathlib import Path

from typing import Any

import pytest
from madeup import insufficient_bid_options

pytest.importorskip("ipywidgets")

from bridgelaws.presentation import views  # noqa: E402
from bridgelaws.interfaces.widgets import YEARS, AuctionStepper, LanguageSwitch  # noqa: E402


def _quotes(html: str) -> list[str]:
    return re.findall(r'<blockquote lang="nl">.*?</blockquote>', html)


def _body(html: str) -> str:
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S)


def _labels(stepper: AuctionStepper) -> dict[str, object]:
    """Every word of the stepper's controls (not the view)."""
    return {
        "dealer": (stepper.dealer.description, stepper.dealer.options),
        "editions": stepper.editions.label.value,
        "scenario": (stepper.scenario.description, stepper.scenario.options[:2]),
        "typed": (stepper.typed.description, stepper.typed.placeholder),
        "apply": (stepper.apply_button.description, stepper.apply_button.tooltip),
        "caller": (stepper.seat.description, stepper.seat.options, tuple(stepper.seat.tooltips)),
        "card": stepper.card.description,
        "expose": (stepper.expose_button.description, stepper.expose_button.tooltip),
        "accept": (stepper.accept_button.description, stepper.accept_button.tooltip),
        "moves": (stepper.back_button.description, stepper.forward_button.description,
                  stepper.clear_button.description, stepper.step.description, stepper.play.description),
        "layer": (stepper.layer.description, stepper.layer.options, tuple(stepper.layer.tooltips)),
        "english": stepper.english.description,
        "projector": (stepper.projector.description, stepper.projector.tooltip),
    }


#: The stepper's English words as they were before it spoke Dutch (bridgelaws/interfaces/widgets.py at 337213c).
ENGLISH_LABELS = {
    "dealer": ("Dealer", (("North", "N"), ("East", "E"), ("South", "S"), ("West", "W"))),
    "editions": "Editions",
    "scenario": ("Scenario", (("(choose a prepared scenario)", ""), ("(your auction)", "(your auction)"))),
    "typed": ("Typed", "type a scenario, e.g. 1S 1H 2H P  (E:1H, W:!SK, X@2H, ^I)"),
    "apply": ("Apply", "play the typed scenario"),
    "caller": ("Caller", (("in turn", ""), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")),
               ("the player whose turn it is", "North", "East", "South", "West")),
    "card": "Card",
    "expose": ("Expose a card", "the caller (or the player to act) shows this card"),
    "accept": ("Call over it", "the offender's left-hand opponent calls over the irregular call"),
    "moves": ("\u25c0 Back", "Forward \u25b6", "Clear", "Step", "Play"),
    "layer": ("Layer", (("best sourced", "supplement"), ("corpus only", "corpus")),
              ("the corpus where the excerpt rules; where it is silent, a sourced paraphrase of the full code, "
               "marked as such; else the gap",
               "the verbatim corpus alone")),
    "english": "English of the quoted paragraph (the project's translation)",
    "projector": ("Projector (larger type)", "larger type, to be read from the back of a room"),
}


def test_the_stepper_opens_with_its_english_words_as_before() -> None:
    assert _labels(AuctionStepper()) == ENGLISH_LABELS


def test_the_stepper_switched_to_dutch_shows_dutch_labels_and_card_words_with_the_quotes_unchanged() -> None:
    stepper = AuctionStepper(editions=("1936", "2017"), layer="corpus")  # 2017's excerpt: the 1H stands
    stepper.load_scenario("insufficient bid")
    stepper.english.value = True
    english = stepper.output_html
    stepper.language.value = "nl"  # a click on "Nederlands"
    labels = _labels(stepper)
    assert labels["dealer"] == ("Gever", (("Noord", "N"), ("Oost", "E"), ("Zuid", "S"), ("West", "W")))
    assert labels["editions"] == "Edities"
    assert labels["scenario"] == ("Scenario", (("(kies een voorbereid scenario)", ""),
                                               ("(eigen biedverloop)", "(your auction)")))
    assert labels["typed"][0] == "Eigen invoer" and labels["typed"][1].startswith("typ een scenario, bv. 1S 1H 2H P")
    assert labels["apply"][0] == "Toepassen"
    # the caller's values stay "", "N", "E", "S", "W"; the letters are the Dutch seats' (Oost, Zuid)
    assert labels["caller"][:2] == ("Bieder", (("aan de beurt", ""), ("N", "N"), ("O", "E"), ("Z", "S"), ("W", "W")))
    assert labels["caller"][2] == ("de speler die aan de beurt is", "Noord", "Oost", "Zuid", "West")
    assert labels["card"] == "Kaart" and labels["expose"][0] == "Toon een kaart" and labels["accept"][0] == "Doe er een bieding na"
    assert labels["moves"] == ("\u25c0 Terug", "Verder \u25b6", "Wissen", "Stap", "Afspelen")
    assert labels["layer"][:2] == ("Laag", (("best onderbouwd", "supplement"), ("alleen corpus", "corpus")))
    assert labels["english"].startswith("Engels van de geciteerde alinea")
    assert labels["projector"][0] == "Projector (grotere letters)"
    # no control keeps an English word
    for name, words in labels.items():
        assert words != ENGLISH_LABELS[name], name

    dutch = _body(stepper.output_html)
    assert "Gever <b>Noord</b> &middot; stap 2 van 2:" in dutch
    # 1936:22.3: the offender (East) makes his bid sufficient, 31 bids from 1NT; in 2017 South calls next
    assert "<caption>1936: Oost is aan de beurt</caption>" in dutch and "Noord (gever)" in dutch
    assert "Oost is aan de beurt: 31 toegestane biedingen" in dutch
    assert "<caption>2017: Zuid is aan de beurt</caption>" in dutch
    assert "Onvoldoende bod" in dutch and "geregeld" in dutch
    assert "Engels: de vertaling van het project" in dutch
    for english_word in ("to call", "Dealer <b>", "legal call", "step 2 of 2", "North (dealer)", "Must pass"):
        assert english_word not in dutch, english_word
    assert _quotes(dutch) == _quotes(english) and _quotes(dutch)


def test_switching_back_gives_the_english_byte_for_byte() -> None:
    stepper = AuctionStepper("1S 1H 2H P", editions=("1936", "2017"))
    stepper.layer.value = "supplement"
    english = stepper.output_html
    # the English is exactly what the view printed before it took a language
    assert english == views.stepper_html("1S 1H 2H P", ("1936", "2017"), "N", 4, "supplement")
    stepper.set_language("nl")
    assert stepper.output_html != english
    stepper.set_language("en")
    assert stepper.output_html == english
    assert _labels(stepper) == ENGLISH_LABELS


def test_the_state_survives_every_switch() -> None:
    stepper = AuctionStepper(editions=("1936", "1949", "2017"))
    stepper.load_scenario("insufficient bid, made sufficient")
    stepper.back()
    stepper.layer.value = "supplement"
    stepper.english.value = True
    stepper.projector.value = True
    stepper.seat.value = "W"
    stepper.card.value = "HQ"
    before = (stepper.scenario.value, stepper.dealer.value, stepper.editions.value, stepper.step.value,
              stepper.step.max, list(stepper.tokens), stepper.typed.value, stepper.layer.value,
              stepper.english.value, stepper.projector.value, stepper.seat.value, stepper.card.value)
    for lang in ("nl", "en", "nl"):
        stepper.set_language(lang)
        assert (stepper.scenario.value, stepper.dealer.value, stepper.editions.value, stepper.step.value,
                stepper.step.max, list(stepper.tokens), stepper.typed.value, stepper.layer.value,
                stepper.english.value, stepper.projector.value, stepper.seat.value, stepper.card.value) == before
    # the menu's label in Dutch (data/scenarios.yaml name_nl), its value the English name in every language
    assert stepper.scenario.label == "onvoldoende bod, voldoende gemaakt" and stepper.seat.label == "W"
    assert stepper.scenario.value == "insufficient bid, made sufficient"
    assert "stap 4 van 5" in stepper.output_html and "Laag: <b>best onderbouwd</b>" in stepper.output_html
    # and it goes on working in Dutch: the caller (West, selected above) makes a call
    stepper.click("P")  # stepped back: it asks first (issue 25 §2), in Dutch
    assert "De 1 latere stap (P) weggooien en W:P toevoegen?" in stepper.confirm_text.value
    assert stepper.yes_button.description == "Ja, weggooien"
    stepper.yes_button.click()
    assert stepper.tokens[-1] == "W:P" and stepper.seat.value == "" and stepper.seat.label == "aan de beurt"


def test_the_view_speaks_dutch_where_it_prints_words(data: Any) -> None:
    insufficient_bid_options(data)  # the options' bars written by the test (1936's: tests/cases/)
    # 1936:22.3.a: after East's insufficient 1H made sufficient by the lowest bid, West must pass at his
    # next turn (the engine's reading; tests/test_views.py checks it in English)
    english = _body(views.stepper_html("1S 1H 2H P", ("1936",)))
    dutch = _body(views.stepper_html("1S 1H 2H P", ("1936",), lang="nl"))
    assert "West to call: 1 legal call (he must pass this turn)" in english
    assert "West is aan de beurt: 1 toegestane bieding (hij moet deze beurt passen)" in dutch
    assert "Must pass: <b>West</b> (next turn, 1936:22.3.a)" in english
    assert "Moet passen: <b>West</b> (volgende beurt, 1936:22.3.a)" in dutch
    assert "West — moet passen (1 beurt)" in dutch  # the grid's header
    none = _body(views.stepper_html("", ("2017",), lang="nl"))
    assert "Gever <b>Noord</b> &middot; stap 0 van 0: <i>nog geen biedingen</i>" in none
    assert "Tot nu toe geen onregelmatigheid." in none
    stopped = _body(views.stepper_html("1S 1H P", ("1936", "2017"), lang="nl"))
    assert "<b>1936 kan niet verder:</b>" in stopped and "cannot go on" not in stopped
    # the tokens the editions read as different calls, and the supplement's banner
    both = _body(views.stepper_html("1S 1H 2H P 3H", ("1936", "2017"), layer="supplement", lang="nl"))
    assert "elk paneel zegt hoe zijn editie ze leest" in both
    assert "Laag: <b>best onderbouwd</b>. Waar het uittreksel van het corpus zwijgt" in both
    assert "<i>buiten het corpus</i>" in both and "each panel says" not in both
    for html in (english, dutch):
        assert html.count("<blockquote") == dutch.count("<blockquote")
    assert _quotes(dutch) == _quotes(english)


def test_the_steppers_own_messages_follow_the_language() -> None:
    stepper = AuctionStepper("1S 1H", editions=("1936",))
    stepper.accept()  # 1936:22.2: South may call over the insufficient bid
    assert "Now choose South's call: calling over 1H accepts it in 1936 (1936:22.2)." in stepper.message.value.replace(
        "&#x27;", "'")
    stepper.set_language("nl")
    assert "Kies nu de bieding van Zuid: een bieding na 1H aanvaardt die in 1936 (1936:22.2)." in stepper.message.value
    assert stepper.seat.value == "S"  # the selection the message asks for is kept
    refused = AuctionStepper("1S 1H", editions=("2017",), layer="corpus", lang="nl")  # 2017's excerpt: no acceptance
    refused.accept()
    assert "niets om na te bieden" in refused.message.value
    refused.set_language("en")
    assert "nothing to call over" in refused.message.value
    # a message that is not the stepper's own (a scenario's description, data in English) stays
    described = AuctionStepper(scenario="four passes")
    shown = described.message.value
    described.set_language("nl")
    assert described.message.value == shown


def test_the_stepper_opens_in_dutch() -> None:
    stepper = AuctionStepper("1S 1H", lang="nl")
    assert stepper.lang == "nl" and stepper.language.value == "nl"
    assert stepper.dealer.description == "Gever" and stepper.scenario.options[0][0] == "(kies een voorbereid scenario)"
    assert "Gever <b>Noord</b>" in stepper.output_html and stepper.tokens == ["1S", "1H"]
    assert stepper.output_html == views.stepper_html("1S 1H", YEARS, "N", 2, lang="nl")


def test_the_page_switch_drives_the_stepper() -> None:
    switch = LanguageSwitch()
    stepper = switch.follow(AuctionStepper("1S 1H"))
    assert stepper.language.layout.display == "none"  # one switch on the page: the page's
    english = stepper.output_html
    switch.language.value = "nl"
    assert stepper.lang == "nl" and stepper.dealer.description == "Gever" and "Zuid is aan de beurt" in stepper.output_html
    switch.language.value = "en"
    assert stepper.output_html == english
    switch.set_language("nl")
    assert switch.follow(AuctionStepper()).lang == "nl"  # a stepper followed later opens in the page's language


def test_the_apps_stepper_follows_the_page_switch_and_keeps_its_address() -> None:
    pytest.importorskip("anywidget")
    from bridgelaws.interfaces.address_widgets import PageAddress, stepper_from_address

    switch = LanguageSwitch()
    address = PageAddress("?scenario=1S%201H%202H&dealer=N&editions=1936,2017&step=2")
    stepper = switch.follow(stepper_from_address(address))
    query = address.query
    assert stepper.step.value == 2 and query
    switch.set_language("nl")
    assert stepper.lang == "nl" and "stap 2 van 3" in stepper.output_html
    assert address.query == query  # the address still says what is shown
    assert (stepper.step.value, stepper.editions.value, stepper.tokens) == (2, ("1936", "2017"), ["1S", "1H", "2H"])
    stepper.forward()
    assert "step=3" in address.query and "stap 3 van 3" in stepper.output_html


def test_the_static_sites_scenario_steps_are_in_the_sites_language(tmp_path: Path) -> None:
    from bridgelaws.interfaces.cli import main

    assert main(["export-site", "-o", str(tmp_path / "nl"), "--lang", "nl", "--date", "2026-11-30"]) == 0
    html = (tmp_path / "nl" / "scenarios" / "insufficient-bid-step-2.html").read_text(encoding="utf-8")
    assert "Gever <b>Noord</b> &middot; stap 2 van 2:" in html and "Oost is aan de beurt" in html
    assert '<div lang="en"><div class="bl-stepper"' not in html and "to call:" not in html
    assert "moet het voldoende gemaakt worden" in html  # 1936:22.3, the quote verbatim
