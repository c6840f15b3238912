import pytest

from bridgelaws import Auction, BridgeLawsError
from bridgelaws.auction.calls import Seat, parse_call
from bridgelaws.auction.editions import EDITIONS

YEARS = [e.year for e in EDITIONS]


def calls(text):
    return [parse_call(t) for t in text.split()]


@pytest.mark.parametrize("year", YEARS)
@pytest.mark.parametrize("dealer, text, contract, declarer", [
    # Worked out by hand: the last bid is the contract; the declarer is the player of the
    # contracting side who first named its denomination.
    ("N", "1H P 2C P 2H P 4H P P P", "4H", "N"),
    ("N", "1C P 1H P 2H P P P", "2H", "S"),
    ("E", "P 1S 2H 2S 3H X XX P P P", "3HXX", "W"),
    ("W", "P P P 1NT P P P", "1NT", "S"),
    ("S", "1D X P P P", "1DX", "S"),
    ("S", "1D X XX 1S P P 2D P P P", "2D", "S"),  # a later bid cancels the double
    ("N", "1NT P 3NT P P P", "3NT", "N"),
    ("N", "7NT X XX P P P", "7NTXX", "N"),
])
def test_contract_and_declarer(year, dealer, text, contract, declarer):
    auction = Auction(year, dealer, calls(text))
    assert auction.is_over and auction.outcome == "contract"
    assert str(auction.contract) == contract
    assert str(auction.declarer) == declarer


def test_four_passes_end_the_auction_as_each_edition_says():
    expected = {"1932": "next-deal", "1936": "next-deal", "1949": "passed-out",
                "2007": "passed-out", "2017": "passed-out"}  # as each text says (test_editions)
    assert {year: Auction(year, "E", calls("P P P P")).outcome for year in expected} == expected
    auction = Auction("1949", "E", calls("P P P P"))
    assert auction.contract is None and auction.declarer is None and auction.legal_calls() == ()


def test_three_passes_before_a_bid_do_not_end_the_auction():
    auction = Auction("1936", "N", calls("P P P"))
    assert not auction.is_over and auction.next_to_call is Seat.W


def test_legal_calls_at_the_start_are_pass_and_the_35_bids():
    legal = Auction("2017", "N").legal_calls()
    assert len(legal) == 36 and str(legal[0]) == "P" and "X" not in map(str, legal)


def test_double_only_of_an_opponents_bid_and_redouble_only_of_an_opponents_double():
    a = Auction("1936", "N", calls("1S"))
    assert "X" in map(str, a.legal_calls()) and "XX" not in map(str, a.legal_calls())
    a.call("P")  # East passes; South may not double partner's bid
    assert "X" not in map(str, a.legal_calls())
    a.call("P")  # West may double in the pass-out seat
    assert "X" in map(str, a.legal_calls())
    a.call("X")
    assert "XX" in map(str, a.legal_calls())  # North, the bidder
    a.call("P")
    assert "XX" not in map(str, a.legal_calls())  # East may not redouble partner's double
    a.call("P")
    assert "XX" in map(str, a.legal_calls())  # South may
    a.call("XX")
    assert {"X", "XX"}.isdisjoint(map(str, a.legal_calls()))  # a redoubled bid: no more


def test_lowest_bid_offered_is_the_next_above_the_last_bid():
    legal = Auction("1932", "N", calls("2H")).legal_calls()
    assert [str(c) for c in legal[:4]] == ["P", "X", "2S", "2NT"]


@pytest.mark.parametrize("text, bad, fragment", [
    ("1S", "1H", "1H does not rank above 1S"),
    ("1S", "1S", "1S does not rank above 1S"),
    ("", "8C", "at most 7 tricks"),
    ("", "X", "there is no bid to double"),
    ("1S P", "X", "made by partner"),
    ("1S", "XX", "no double to redouble"),
    ("1S X XX", "X", "redoubled"),
])
def test_irregular_calls_are_refused_with_the_reason(text, bad, fragment):
    auction = Auction("1936", "N", calls(text))
    with pytest.raises(BridgeLawsError) as caught:
        auction.call(bad)
    assert fragment in str(caught.value) and "1936:" in str(caught.value)
    assert len(auction) == len(text.split())  # nothing recorded


def test_call_out_of_rotation_is_refused_naming_whose_turn_it_is():
    auction = Auction("2017", "N")
    with pytest.raises(BridgeLawsError, match="it is North's turn, not East's"):
        auction.call("1H", "E")


def test_accepted_insufficient_bid_stands_and_can_become_the_contract():
    auction = Auction("1936", "N", calls("1S"))
    entry = auction.call("1H", accept=True)
    assert entry.irregularity == "insufficient-bid" and entry.accepted
    # As if it had been proper: 1S is now sufficient over the accepted 1H.
    assert "1S" in map(str, auction.legal_calls())
    for c in "P P P".split():
        auction.call(c)
    assert str(auction.contract) == "1H" and auction.declarer is Seat.E


def test_accepted_call_out_of_rotation_makes_the_skipped_player_lose_his_turn():
    auction = Auction("1936", "N", calls("1S"))
    auction.call("P", "S", accept=True)  # South passes in East's turn
    assert auction.next_to_call is Seat.W  # East's turn is gone


def test_undo_restores_the_state():
    auction = Auction("1949", "N", calls("1H X"))
    before = auction.legal_calls()
    auction.call("XX")
    assert str(auction.undo().call) == "XX"
    assert auction.legal_calls() == before and len(auction) == 2
    auction.undo(); auction.undo()
    with pytest.raises(BridgeLawsError, match="nothing to undo"):
        auction.undo()


def test_no_call_after_the_auction_is_over():
    auction = Auction("2017", "N", calls("1H P P P"))
    with pytest.raises(BridgeLawsError, match="the auction is over"):
        auction.call("P")


def test_html_grid_marks_the_dealer_and_shows_the_calls_in_columns():
    import re

    from bridgelaws.presentation.render import auction_html

    html = auction_html(Auction("1936", "E", calls("1H P 1S")))
    assert "East (dealer)" in html and len(re.findall(r"<th[ >]", html)) == 4
    # West, North, East, South columns: East's 1H is in the third column of the first row.
    first_row = html.split("<tbody>")[1].split("</tr>")[0]
    assert first_row.count("<td></td>") == 2
    assert "1\u2665" in first_row and "?" in html  # the next to call is shown
    assert "id=" not in html  # no random element ids


def test_bad_dealer_and_edition_are_clear_errors():
    with pytest.raises(BridgeLawsError, match="unknown seat 'Q' \\(dealer\\)"):
        Auction("1936", "Q")
    with pytest.raises(BridgeLawsError, match="unknown edition '1931'"):
        Auction("1931", "N")
