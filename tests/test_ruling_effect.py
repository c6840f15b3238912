"""What a ruling does, as one value (bridgelaws.judging.ruling_effect, issue 23 §3): pinned for a few rulings.

Every expected value below was read by hand from the text the ruling rests on (the Dutch quote of
the corpus, or for the supplement the paraphrase of data/editions/2017/supplement.yaml), not from
the code's output. Turns barred: one per player for a bar at his next turn, three
(REST_OF_AUCTION_TURNS, the project's weight) for the rest of the auction.
"""

from __future__ import annotations

import pytest

from bridgelaws import judge
from bridgelaws.auction.calls import Seat
from bridgelaws.presentation.present import describe, must_pass_key
from bridgelaws.judging.ruling_effect import REST_OF_AUCTION_TURNS, BarEffect, CallFate, Side, ruling_effect
from bridgelaws.judging.rulings import generic_ruling, resolve
from bridgelaws.presentation.views import turns_barred
from bridgelaws.text.vocabulary import Layer, Outcome, Scope, Status
from data_examples import silent_cells


def test_1936_insufficient_bid_22_3():
    # 1936:22.3 "moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort": the bid
    # does not stand, its offender replaces it with a sufficient bid. 22.3.a "het laagste voldoende
    # bod van dezelfde speelsoort, dan moet zijn maat passen, zoodra deze voor de eerste maal aan de
    # beurt is": the partner at his next turn; 22.3.b "een ander bod, dan moet zijn maat passen,
    # telkens wanneer het zijn beurt is": for the rest of the auction. 22.2 "opvolgend een bieding":
    # a call over it accepts it (either opponent, as the engine reads 22.2).
    effect = ruling_effect(generic_ruling("insufficient-bid", "1936"))
    assert effect.rules
    assert effect.fate is CallFate.CANCELLED and effect.call_stands is False and effect.deemed is None
    assert effect.next == "offender" and effect.requires == "sufficient-bid"
    assert effect.applied == "replace"
    assert effect.bars == ()
    assert [(o.by, o.side, o.choice, o.bars) for o in effect.options] == [
        ("offender", Side.OFFENDER, "lowest-sufficient-same-denomination",
         (BarEffect("partner", Scope.NEXT_TURN, "1936:22.3.a"),)),
        ("offender", Side.OFFENDER, "other-sufficient-bid",
         (BarEffect("partner", Scope.REST_OF_AUCTION, "1936:22.3.b"),)),
    ]
    assert effect.opponent_options == () and effect.rights == ()
    assert effect.acceptance == "1936:22.2" and effect.accepted_by == "either-opponent"
    assert effect.must_pass == "choice"  # which bar depends on the offender's replacement
    assert effect.turns_barred == 1  # his mildest choice: 22.3.a, one turn
    assert effect.outcome is None and effect.play == () and effect.score == ()


def test_1936_insufficient_bid_resolved_for_east_and_chosen():
    # The same ruling for East's insufficient bid: the options are East's own, the bar West's; once
    # East has replaced it with another bid (22.3.b) West must pass for the rest of the auction.
    ruling = resolve("insufficient-bid", "1936", offender=Seat.E)
    effect = ruling.effect
    assert [(o.by, o.side) for o in effect.options] == [("E", Side.OFFENDER), ("E", Side.OFFENDER)]
    assert effect.rights == ()
    ruling.chosen = "other-sufficient-bid"
    chosen = ruling.effect
    assert chosen.chosen is not None and chosen.chosen.choice == "other-sufficient-bid"
    assert chosen.bars_in_force == (BarEffect("W", Scope.REST_OF_AUCTION, "1936:22.3.b"),)
    assert chosen.must_pass == "rest-of-auction" == must_pass_key(ruling) == describe(ruling).must_pass
    assert chosen.applied == "replace"  # he must replace his call whatever he chooses


def test_the_effect_is_kept_until_a_field_it_reads_is_set_again():
    # Ruling.effect is worked out once per ruling (the search for where two editions part asks for it
    # hundreds of thousands of times) and worked out again when a field it reads is set.
    ruling = resolve("insufficient-bid", "1936", offender=Seat.E)
    first = ruling.effect
    assert ruling.effect is first  # kept
    ruling.call_stands = True  # as the engine sets it when the call is accepted
    assert ruling.effect is not first and ruling.effect.fate is CallFate.STANDS
    ruling.barred = [{"seat": "W", "scope": "next-turn", "article": "1936:22.3.a"}]  # a list replaced
    assert ruling.effect.bars == (BarEffect("W", Scope.NEXT_TURN, "1936:22.3.a"),)
    assert ruling.effect == ruling_effect(ruling)  # the same value as worked out afresh


@pytest.mark.parametrize("field, value", [
    ("status", Status.SILENT), ("layer", Layer.SUPPLEMENT), ("offender", "W"),
    ("chosen", "lowest-sufficient-same-denomination"), ("call_stands", True), ("deemed", "pass"),
    ("next", "proper"), ("requires", None), ("acceptance", "lho"), ("outcome", Outcome.CONTRACT.value),
    ("options", []), ("barred", [{"seat": "W", "scope": "rest-of-auction", "article": "1936:22.3.b"}]),
    ("play", ["a line"]), ("score", ["an adjusted score"]),
])
def test_setting_any_field_the_effect_reads_gives_the_effect_worked_out_afresh(field, value):
    # Every field ruling_effect reads is in the kept value's key (a second reader listed the 14).
    ruling = resolve("insufficient-bid", "1936", offender=Seat.E)
    ruling.effect  # worked out and kept
    setattr(ruling, field, value)
    assert ruling.effect == ruling_effect(ruling)


def test_1936_double_of_a_doubled_bid_22_6_a():
    # 1936:22.6.a "dan wordt de overtreder geacht te hebben gepast, zijn partij moet telkens wanneer
    # het haar beurt is om te bieden, passen en de tegenspeler aan de linkerhand van den overtreder
    # mag het doublet of het redoublet van den maat van den overtreder nietig verklaren".
    ruling = generic_ruling("inadmissible-double", "1936", "partner-doubled-bid")
    effect = ruling.effect
    assert effect.fate is CallFate.DEEMED_PASS and effect.applied == "deemed-pass"
    assert effect.bars == (BarEffect("side", Scope.REST_OF_AUCTION, "1936:22.6.a"),)
    assert [(o.by, o.side, o.choice, o.bars) for o in effect.opponent_options] == [
        ("lho", Side.OPPONENT, "cancel-partners-double", ())]
    assert effect.offender_options == ()
    assert effect.must_pass == "rest-of-auction"  # the right bars no one more
    # Both players of the side, for the rest of the auction; the right adds no bar.
    assert effect.turns_barred == 2 * REST_OF_AUCTION_TURNS == turns_barred(ruling)
    # Resolved for East's double: the right is South's (East's left-hand opponent), not East's own.
    resolved = resolve("inadmissible-double", "1936", condition="partner-doubled-bid", offender=Seat.E).effect
    assert [(o.by, o.side) for o in resolved.rights] == [("S", Side.OPPONENT)]
    assert {b.who for b in resolved.bars} == {"E", "W"}


def test_2017_insufficient_bid_from_the_supplement_27_a_1():
    # Supplement 2017:27.A.1 (paraphrase): the offender's left-hand opponent may treat the bid as
    # legal by calling over it; 27.B.3 (the ruling's requires: no-double): no double or redouble in
    # its place. The acceptance is the left-hand opponent's alone.
    effect = generic_ruling("insufficient-bid", "2017", layer="supplement").effect
    assert effect.acceptance == "2017:27.A.1" and effect.accepted_by == "lho"
    assert effect.requires == "no-double" and effect.next == "offender"
    # 27.B.1.a bars no one: the offender's mildest choice counts, 0 turns.
    assert effect.turns_barred == 0


def test_a_cell_the_excerpt_does_not_treat_says_nothing():
    # Every cell whose excerpt gives no rectification (silent, asked of the data): no effect is shown.
    cells = silent_cells()
    assert cells  # an example to look at: the test must not pass on nothing
    for case_id, year in cells:
        effect = generic_ruling(case_id, year).effect
        assert not effect.rules, (case_id, year)
        assert effect.turns_barred is None and effect.must_pass == "not-said", (case_id, year)
        assert effect.fate is CallFate.NOT_SAID, (case_id, year)


def test_the_engine_applies_the_effect_it_shows():
    # 1S 1H 2H under 1936: the insufficient 1H is void (22.3), East replaces it with the lowest
    # sufficient bid in hearts (22.3.a), so West must pass at his next turn.
    result = judge("1S 1H 2H", "1936")
    ruling = result.events[1].ruling
    assert ruling is not None
    effect = ruling.effect
    assert effect.chosen is not None and effect.chosen.choice == "lowest-sufficient-same-denomination"
    assert effect.bars_in_force == (BarEffect("W", Scope.NEXT_TURN, "1936:22.3.a"),)
    assert result.state["barred"] == [{"seat": "W", "scope": "next-turn"}]
