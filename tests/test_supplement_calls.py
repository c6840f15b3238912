"""Issue 21 §1: what a supplementary ruling leaves a player to call, and the effect of a new deal
chosen during the auction. Each test names the supplementary entry it follows; the expectations were
read from that entry's paraphrase (data/supplement/<year>.yaml), not from the engine."""

from __future__ import annotations

import pytest

from bridgelaws import BridgeLawsError, judge
from bridgelaws.judging.effects import CORRECTIONS, EFFECTS
from bridgelaws.auction.calls import parse_call


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_27_b_3_a_double_or_redouble_is_not_offered_as_replacement(edition: str) -> None:
    # 2007:27.B.3 / 2017:27.B.3: a double or redouble put in the place of the insufficient bid is
    # cancelled; it is not a call the offender may replace it by. A pass (27B2) and the sufficient
    # bids (27B1(a), 27B2) are.
    result = judge("1S 1H", edition, layer="supplement")
    legal = [str(call) for call in result.legal_calls()]
    assert "X" not in legal and "XX" not in legal
    assert legal[0] == "P" and "1NT" in legal and "2H" in legal and "7NT" in legal
    assert result.state["legal_calls"] == legal


def test_27_b_3_the_replacement_is_still_owed_after_the_attempt() -> None:
    # 2017:27.B.3: "the offender must replace it as allowed above": after the cancelled double East
    # is still to call, still not allowed a double, and a second attempt is cancelled in turn.
    result = judge("1S 1H X", "2017", layer="supplement")
    assert result.state["next_to_call"] == "E"
    assert "X" not in result.state["legal_calls"]
    again = judge("1S 1H X X 1NT", "2017", layer="supplement")
    assert again.state["next_to_call"] == "S"
    assert [str(e.counts_as) for e in again.auction.history] == ["1S", "None", "None", "None", "1NT"]


def test_27_b_3_only_where_the_ruling_forbids_it() -> None:
    # The corpus layer of 2017 (27 is not in the corpus: the cell is referenced) keeps its default.
    assert "X" in judge("1S 1H", "2017", layer="corpus").state["legal_calls"]
    assert "X" not in judge("1S 1H", "2017").state["legal_calls"]  # the default: 27B3 forbids it


def test_the_double_or_redouble_correction_matches_doubles_only() -> None:
    x, bid2h = parse_call("X"), parse_call("2H")
    assert CORRECTIONS["double-or-redouble"](x, bid2h)
    assert not CORRECTIONS["double-or-redouble"](parse_call("3H"), bid2h)
    assert not CORRECTIONS["other-sufficient-bid"](x, bid2h)  # a double is no sufficient bid
    assert CORRECTIONS["other-sufficient-bid"](parse_call("P"), bid2h)


def test_redeal_effect_ends_the_auction_with_a_new_deal_by_the_same_dealer() -> None:
    # 1932:39.partner-or-lho (a 1933 column): at partner's or the left-hand opponent's turn, the
    # left-hand opponent may demand a new deal. West, South's left-hand opponent, demands it.
    assert "redeal" in EFFECTS
    result = judge("S:1S W:#redeal", "1932", layer="supplement")
    assert result.state["outcome"] == "redeal"
    assert result.state["articles"] == ["1932:39.partner-or-lho"]
    ruling = result.events[0].ruling
    assert ruling.chosen == "redeal" and "same dealer deals again" in ruling.assumption
    with pytest.raises(BridgeLawsError, match="the auction has ended"):
        judge("S:1S W:#redeal N:1S", "1932", layer="supplement")


def test_redeal_is_not_offered_at_the_right_hand_opponents_turn() -> None:
    # 1932:39.rho gives no new deal: the call is disregarded and the partner passes in that round.
    with pytest.raises(BridgeLawsError, match="not offered"):
        judge("1S S:2S W:#redeal", "1932", layer="supplement")


def test_redeal_is_the_left_hand_opponents_right_not_the_offenders_side() -> None:
    with pytest.raises(BridgeLawsError, match="of the offender's side"):
        judge("S:1S N:#redeal", "1932", layer="supplement")
