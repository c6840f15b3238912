"""The app's state in the page's address (issue 13 §2): the pure parsing of bridgelaws.presentation.views.address,
and the widgets that open on an address and write their state back to it."""

from __future__ import annotations

import pytest

from bridgelaws.auction.editions import EDITIONS
from bridgelaws.text.errors import BridgeLawsError
from bridgelaws.presentation.views.address import (CompareAddress, StepperAddress, compare_query, parse_compare_address,
                                      parse_stepper_address, stepper_query)

#: Every registered edition: what "all" and an address without editions stand for.
ALL = tuple(e.year for e in EDITIONS)
ALL_QUERY = ",".join(ALL)


def test_the_issues_address_reads_as_its_parts_and_is_written_back_the_same():
    query = "scenario=1S%201H&dealer=N&editions=1936,2017&step=2"
    state = parse_stepper_address("?" + query)
    assert state == StepperAddress(tokens=("1S", "1H"), dealer="N", editions=("1936", "2017"), step=2)
    assert stepper_query(state) == query


def test_absent_parameters_take_the_defaults_and_unknown_ones_are_left_alone():
    # The default layer is the best sourced answer (issue 21 §3); an address names only the corpus view.
    assert parse_stepper_address("") == StepperAddress((), "N", ALL, None, "supplement")
    assert parse_stepper_address("utm_source=mail&template=lab") == StepperAddress()
    state = parse_stepper_address("scenario=E:1H+W:!SK&dealer=west&editions=all&layer=corpus&step=0")
    assert state == StepperAddress(("E:1H", "W:!SK"), "W", ALL, 0, "corpus")
    assert parse_stepper_address(stepper_query(state)) == state
    assert stepper_query(state) == f"scenario=E:1H%20W:!SK&dealer=W&editions={ALL_QUERY}&step=0&layer=corpus"
    # An older link that names the supplement still opens on it; the address it writes leaves the default out.
    old = parse_stepper_address("dealer=N&layer=supplement")
    assert old.layer == "supplement" and "layer" not in stepper_query(old)


@pytest.mark.parametrize("query, named", [
    ("dealer=Q", "dealer='Q'"),
    ("dealer=", "dealer=''"),
    ("editions=1937", "editions='1937'"),
    ("editions=", "editions=''"),
    ("editions=1936,,1999", "editions='1936,,1999'"),
    ("scenario=1S%201Q", "scenario='1S 1Q'"),
    ("scenario=1S%0A1H", "scenario='1S\\n1H'"),
    ("scenario=" + "P%20" * 2100, "4,200 characters"),
    ("scenario=1S&step=-1", "step='-1'"),
    ("scenario=1S&step=one", "step='one'"),
    ("scenario=1S&step=%C2%B2", "step='²'"),
    ("layer=both", "layer='both'"),
    ("layer=", "layer=''"),
    ("dealer=N&dealer=S", "dealer 2 times"),
])
def test_a_malformed_stepper_address_is_one_line_naming_the_parameter(query, named):
    with pytest.raises(BridgeLawsError) as refused:
        parse_stepper_address(query)
    message = str(refused.value)
    assert named in message and "\n" not in message and message.startswith("the page's address")


def test_the_explorers_address():
    assert parse_compare_address("scenario=1S") == CompareAddress()  # the stepper's parameters are not its own
    state = parse_compare_address("case=insufficient-bid&compare_editions=1936,2017&compare_layer=corpus")
    assert state == CompareAddress(case="insufficient-bid", editions=("1936", "2017"), layer="corpus")
    assert compare_query(state) == "case=insufficient-bid&compare_editions=1936,2017&compare_layer=corpus"
    assert parse_compare_address("case=insufficient-bid").layer == "supplement"  # the default
    typed = CompareAddress(tokens=("1S", "1H"), dealer="E")
    assert compare_query(typed) == "compare_scenario=1S%201H&compare_dealer=E"
    assert parse_compare_address(compare_query(typed)) == typed


@pytest.mark.parametrize("query, named", [
    ("case=no-such-case", "case='no-such-case'"),
    ("case=", "case=''"),
    ("compare_scenario=1S%201Q", "compare_scenario='1S 1Q'"),
    ("compare_dealer=X", "compare_dealer='X'"),
    ("compare_editions=2020", "compare_editions='2020'"),
    ("compare_layer=law", "compare_layer='law'"),
    ("case=insufficient-bid&case=all-pass", "case 2 times"),
])
def test_a_malformed_explorer_address_is_one_line_naming_the_parameter(query, named):
    with pytest.raises(BridgeLawsError) as refused:
        parse_compare_address(query)
    assert named in str(refused.value) and "\n" not in str(refused.value)


# --- the widgets -------------------------------------------------------------------------------------

widgets = pytest.importorskip("bridgelaws.interfaces.address_widgets", reason="anywidget is not installed")


def test_the_stepper_opens_on_the_address_and_writes_every_change_back():
    address = widgets.PageAddress("?scenario=1S%201H%202H&dealer=E&editions=1936,2017&step=2")
    stepper = widgets.stepper_from_address(address)
    assert stepper.tokens == ["1S", "1H", "2H"] and stepper.step.value == 2
    assert stepper.dealer.value == "E" and tuple(stepper.editions.value) == ("1936", "2017")
    assert stepper.shown_tokens == ["1S", "1H"]
    assert address.query == "scenario=1S%201H%202H&dealer=E&editions=1936,2017&step=2"
    stepper.forward()
    assert address.query.endswith("&step=3")
    stepper.dealer.value = "S"
    assert "&dealer=S&" in address.query
    stepper.click("P")
    assert address.query.startswith("scenario=1S%201H%202H%20P&") and address.query.endswith("&step=4")
    stepper.layer.value = "corpus"
    assert address.query.endswith("&layer=corpus")
    stepper.clear()
    assert address.query == "dealer=S&editions=1936,2017&layer=corpus"


def test_a_malformed_address_gives_the_message_and_a_clean_stepper():
    address = widgets.PageAddress("scenario=1S%201H&dealer=Q&step=2")
    stepper = widgets.stepper_from_address(address)
    assert "dealer=&#x27;Q&#x27;" in stepper.message.value or "dealer='Q'" in stepper.message.value
    assert stepper.tokens == [] and stepper.dealer.value == "N" and tuple(stepper.editions.value) == ALL
    assert address.query == f"dealer=N&editions={ALL_QUERY}"


def test_the_explorer_opens_on_a_case_and_writes_its_changes():
    address = widgets.PageAddress("case=insufficient-bid&compare_editions=1936,2017")
    explorer = widgets.explorer_from_address(address)
    assert explorer.focus == "insufficient-bid" and tuple(explorer.editions.value) == ("1936", "2017")
    assert 'data-edition="1936"' in explorer.output_html and 'data-edition="1949"' not in explorer.output_html
    assert address.query.startswith("case=insufficient-bid&compare_scenario=")
    explorer.typed.value = "1S 2S"
    explorer.refresh()
    assert address.query == "compare_scenario=1S%202S&compare_dealer=N&compare_editions=1936,2017"
    # As it opens by default, the explorer adds nothing to the address.
    fresh = widgets.PageAddress("")
    widgets.explorer_from_address(fresh)
    assert fresh.query == ""


def test_both_widgets_share_one_address():
    address = widgets.PageAddress("scenario=1S&dealer=W&case=all-pass")
    stepper = widgets.stepper_from_address(address)
    explorer = widgets.explorer_from_address(address)
    assert stepper.dealer.value == "W" and explorer.focus == "all-pass"
    assert address.query.startswith("scenario=1S&dealer=W&editions=") and "&case=all-pass&" in address.query


def test_the_play_widget_keeps_the_steppers_step():
    # In the browser the Play widget sets the slider from its own value when the page renders
    # (jslink): left at 0, the page opened at step 0 whatever the address said.
    stepper = widgets.stepper_from_address(widgets.PageAddress("scenario=1S%201H%202H&step=2"))
    assert stepper.play.value == 2
    stepper.back()
    assert stepper.play.value == 1


# --- issue 22: an address is typed by anyone ------------------------------------------------------

def test_the_address_names_only_the_registrys_editions_and_the_shipped_drafts(tmp_path, monkeypatch):
    from bridgelaws.text import datafiles
    from bridgelaws.judging import drafts

    # A valid draft outside data/drafts/: a path would have made the server read it.
    monkeypatch.chdir(tmp_path)
    outside = tmp_path / "mine.yaml"
    outside.write_text(datafiles.path("drafts/1936-milder-insufficient-bid.yaml").read_text(encoding="utf-8"),
                       encoding="utf-8")
    loaded = dict(drafts._loaded)
    messages = []
    for path in ("mine.yaml", "absent.yaml", "/etc/hostname.yaml"):
        with pytest.raises(BridgeLawsError) as refused:
            parse_stepper_address(f"?editions=1936,{path}")
        messages.append(str(refused.value).replace(path, "PATH"))
    # One message whatever the file (present, absent): nothing of it is read, not even whether it exists.
    assert len(set(messages)) == 1 and "\n" not in messages[0]
    assert messages[0] == ("the page's address has editions='1936,PATH': 'PATH' is not an edition of the app: "
                           f"choose {', '.join(ALL)}, or an example draft (1936-2017-closing, "
                           "1936-milder-insufficient)")
    assert drafts._loaded == loaded  # no draft was loaded
    # The shipped drafts, by the id the address writes and by their file's name under data/.
    assert parse_stepper_address("?editions=1936,1936-milder-insufficient").editions == (
        "1936", "1936-milder-insufficient")
    assert parse_stepper_address("?editions=drafts/1936-with-2017-closing.yaml").editions == ("1936-2017-closing",)
    assert parse_stepper_address("?editions=all").editions == ALL


def test_a_draft_in_the_address_reads_back_as_it_was_written():
    state = StepperAddress(tokens=("1S", "1H"), editions=("1936", "1936-milder-insufficient"), step=2)
    parse_stepper_address("?editions=1936-milder-insufficient")  # loaded, as the stepper's own choice would be
    assert parse_stepper_address(stepper_query(state)) == state


def test_a_scenario_that_begins_with_a_mark_opens_the_page(monkeypatch):
    # "^S 1C" (issue 22; distinguish prints such scenarios): the mark belongs to the call after it.
    from bridgelaws.presentation.views.stepper import stepper_html, steps

    state = parse_stepper_address("?scenario=%5ES%20E:1C%20P&step=1")
    assert state.tokens == ("^S", "E:1C", "P") and state.step == 1
    assert steps(list(state.tokens)) == [["^S", "E:1C"], ["P"]]
    assert steps(["^S", "^I", "1C"]) == [["^S", "^I", "1C"]]
    assert "bl-steps" in stepper_html(["^S", "1C"])  # North called in turn: each panel says so, no exception
    plain = widgets.stepper_from_address(widgets.PageAddress(""))
    for query in ("scenario=%5ES%201C", "scenario=%5ES%20E:1C&step=1"):
        stepper = widgets.stepper_from_address(widgets.PageAddress(query))
        assert len(stepper.children) == len(plain.children) and stepper.message.value == ""
    stepper = widgets.stepper_from_address(widgets.PageAddress(""))
    stepper.typed.value = "^S 1C"
    stepper.apply_typed()
    assert stepper.tokens == ["^S", "1C"] and len(stepper.children) == len(plain.children)
    stepper.typed.value = "^S"  # a mark without its call: the one message
    stepper.apply_typed()
    assert "a mark goes just before its call" in stepper.message.value
    assert len(stepper.children) == len(plain.children)


def test_the_explorers_editions_are_the_registrys():
    # The explorer offers the registry's editions; a draft (here by its shipped file name, which the
    # stepper takes) is one message, not a TraitError.
    with pytest.raises(BridgeLawsError, match="^the page's address has compare_editions='data/drafts/"
                                              "1936-milder-insufficient-bid.yaml': 'data/drafts/1936-milder-insufficient-...' "
                                              "is not an edition the comparison shows: choose "
                                              + ", ".join(ALL) + "$"):
        parse_compare_address("?compare_editions=data/drafts/1936-milder-insufficient-bid.yaml")
    plain = widgets.explorer_from_address(widgets.PageAddress(""))
    address = widgets.PageAddress("case=insufficient-bid&compare_editions=1936,data/drafts/1936-milder-insufficient-bid.yaml")
    explorer = widgets.explorer_from_address(address)
    assert "is not an edition the comparison shows" in explorer.message.value
    assert len(explorer.children) == len(plain.children) and tuple(explorer.editions.value) == ALL


def test_a_step_past_the_last_shows_the_last():
    # Issue 25 section 2: a link with step=99 clamps the step; "1S 1H" has two steps.
    assert parse_stepper_address("scenario=1S%201H&step=99").step == 2
    assert parse_stepper_address("scenario=1S%201H&step=3").step == 2
    assert parse_stepper_address("scenario=1S%201H&step=" + "9" * 5000).step == 2
    assert parse_stepper_address("step=1").step == 0  # no scenario: no step to show
    assert parse_stepper_address("scenario=1S%201H&step=1").step == 1


def test_the_address_carries_the_pages_language():
    # Issue 32 §5: a Dutch teacher's link opens the page in Dutch, and the link copied keeps it.
    from bridgelaws.presentation.views.address import language_query, parse_language_address

    assert parse_language_address("") == "en" and parse_language_address("scenario=1S&lang=nl") == "nl"
    assert language_query("nl") == "lang=nl" and language_query("en") == ""
    with pytest.raises(BridgeLawsError, match=r"^the page's address has lang='fr': the language is en or nl$"):
        parse_language_address("lang=fr")
    address = widgets.PageAddress("lang=nl&scenario=1S%201H")
    language = widgets.language_from_address(address)
    stepper = language.follow(widgets.stepper_from_address(address))
    assert language.lang == "nl" and stepper.lang == "nl"
    assert address.query.startswith("lang=nl&scenario=1S%201H&dealer=N&")
    language.set_language("en")
    assert stepper.lang == "en" and address.query.startswith("scenario=1S%201H&")
    # A language the app does not have: English, and the one line beside the switch.
    unknown = widgets.language_from_address(widgets.PageAddress("lang=fr"))
    assert unknown.lang == "en" and "lang=&#x27;fr&#x27;: the language is en or nl" in unknown.children[-1].value


def test_the_app_opens_in_the_language_of_its_address(monkeypatch):
    # The app's first two cells, as Voila runs them for a page opened with ?lang=nl.
    import json
    from pathlib import Path

    notebook = json.loads((Path(__file__).resolve().parents[1] / "app" / "bridgelaws.ipynb").read_text())
    cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"][:2]
    monkeypatch.setenv("QUERY_STRING", "lang=nl&scenario=1S%201H")
    namespace: dict = {}
    for cell in cells:
        exec(compile(cell, "app-cell", "exec"), namespace)
    stepper = next(panel for panel in namespace["language"].panels if type(panel).__name__ == "AuctionStepper")
    assert namespace["language"].lang == "nl" and stepper.lang == "nl"
    assert namespace["address"].query.startswith("lang=nl&scenario=1S%201H&")
