"""The presenter (bridgelaws.presentation.present): one wording of a ruling for every output. Expected values come
from the rulings data, with the article that decides named next to each assertion."""

from bridgelaws import Seat
from bridgelaws.presentation.present import SCOPE_WORDING, describe, must_pass
from bridgelaws.judging.rulings import acceptance_ruling, generic_ruling
from bridgelaws.text.vocabulary import Scope
from data_examples import silent_cells


def test_every_scope_is_worded():
    assert set(SCOPE_WORDING) == set(Scope)
    assert must_pass("East", "next-turn") == "East must pass at his next turn"
    assert must_pass("East", Scope.REST_OF_AUCTION) == "East must pass for the rest of the auction"


def test_a_ruling_with_a_bar(data):
    # The branch's bar and assumption written by the test (what 1936 rules: tests/cases/exposed-card.yaml).
    from datacopy import edit_yaml

    def change(raw):
        branch = next(b for b in raw["rulings"]["1936"]["when"] if b["condition"] == "honour-or-several")
        branch.update(article="1936:23.b", barred=[{"who": "partner", "scope": "rest-of-auction"}],
                      assumption='A made-up reading of "honneur" (a test, not law).', assumption_nl="Een verzonnen lezing.")
    edit_yaml(data / "rulings" / "exposed-card.yaml", change)
    view = describe(generic_ruling("exposed-card", "1936", "honour-or-several"))
    assert view.bars == (must_pass("partner", Scope.REST_OF_AUCTION),)  # its wording: test_every_scope_is_worded
    assert view.bars_short == "partner (rest-of-auction)" and view.must_pass == "rest-of-auction"
    assert view.short.startswith("ruled (1936:23.b): partner barred rest")
    assert view.label == "ruled" and "\"honneur\"" in view.assumption_line  # the reading of the word


def test_a_ruling_with_options_and_an_acceptance():
    # 1936:22.3.a/b: the offender's choice decides how long his partner must pass.
    view = describe(generic_ruling("insufficient-bid", "1936"))
    assert [o.phrase for o in view.options] == [
        "option for offender: the lowest sufficient bid in the same denomination",
        "option for offender: any other sufficient bid"]
    assert view.must_pass == "choice" and view.short.endswith("unless called over")
    # 1936:22.2: a call over it accepts it.
    accepted = describe(acceptance_ruling("insufficient-bid", "1936", Seat.E))
    assert accepted.label == "accepted" and accepted.status == "ruled"


def test_a_silent_text_carries_the_assumption():
    # Every cell whose excerpt is silent (asked of the data, data/rulings/<case>.yaml).
    cells = silent_cells()
    assert cells  # an example to look at: the test must not pass on nothing
    for case_id, year in cells:
        view = describe(generic_ruling(case_id, year))
        # Issue 11, section 1: the value stays "silent"; a reader sees what it means (the excerpt).
        assert view.status == "silent", (case_id, year)
        assert view.label == "not in the excerpt" and view.short == "not in the excerpt", (case_id, year)
        assert view.must_pass == "not-said", (case_id, year)
        assert view.assumption_line.startswith("ASSUMPTION (not law): "), (case_id, year)
