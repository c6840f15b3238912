"""The whose-turn conditions of the supplementary Law 30 rulings (2007:30.B, 2017:30.A/B): the bar
depends on whose turn the offender usurped (data/rulings/README.md, list of conditions)."""

from __future__ import annotations

from bridgelaws.auction.auction import Auction
from bridgelaws.auction.calls import parse_call, parse_seat
from bridgelaws.judging.conditions import CONDITIONS, Situation
from bridgelaws.text.schema import BranchSpec


def _holds(name: str, calls: list[str], offender: str) -> bool:
    auction = Auction("2017", dealer="N", calls=calls)
    situation = Situation(auction, parse_seat(offender), parse_call("P"))
    return CONDITIONS[name].test(situation, BranchSpec(condition=name))


def test_after_norths_1s_it_is_easts_turn_souths_rho_and_wests_partner() -> None:
    # East is to call: he is South's right-hand opponent and West's partner (North's left-hand opponent).
    assert _holds("at-rho-turn", ["1S"], "S")
    assert not _holds("at-partners-turn", ["1S"], "S")
    assert _holds("at-partners-turn", ["1S"], "W")
    assert not _holds("at-rho-turn", ["1S"], "W")


def test_at_the_left_hand_opponents_turn_neither_holds() -> None:
    # East is to call; he is North's left-hand opponent: the rulings' `otherwise`.
    assert not _holds("at-rho-turn", ["1S"], "N")
    assert not _holds("at-partners-turn", ["1S"], "N")


def test_the_dealers_partner_passing_first_passes_at_partners_turn() -> None:
    # North deals; South passing first does so at his partner's turn (2017 30B, not 30A).
    assert _holds("at-partners-turn", [], "S")
    assert not _holds("at-rho-turn", [], "S")


def test_after_the_close_neither_holds() -> None:
    assert not _holds("at-rho-turn", ["1S", "P", "P", "P"], "E")
    assert not _holds("at-partners-turn", ["1S", "P", "P", "P"], "W")


def test_has_called_holds_once_the_offender_has_a_call_that_counts() -> None:
    # 2007:31.B and its footnote: at the left-hand opponent's turn, a bid by a player who has not
    # called before falls under 31B; a later one is a change of call.
    assert not _holds("has-called", [], "W")
    assert not _holds("has-called", ["1S", "P"], "W")  # North and East have called, West has not
    assert _holds("has-called", ["1S", "P", "P"], "N")
    assert _holds("has-called", ["1S", "P"], "E")
