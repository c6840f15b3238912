import pytest

from bridgelaws import BridgeLawsError
from bridgelaws.auction.calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Seat, bid, parse_call, parse_seat


@pytest.mark.parametrize("token, expected", [
    ("P", "P"), ("Pass", "P"), ("pas", "P"), ("PAS", "P"),
    ("X", "X"), ("XX", "XX"), ("doublet", "X"), ("redoublet", "XX"),
    ("1C", "1C"), ("7NT", "7NT"), ("1N", "1NT"), ("3nt", "3NT"),
    ("1♥", "1H"), ("2♠", "2S"), ("4♦", "4D"), ("5♣", "5C"),
    ("1SA", "1NT"), ("2 sans atout", "2NT"), ("3 Sans-Atout", "3NT"), ("1ZT", "1NT"),
    ("4 harten", "4H"), ("2 schoppen", "2S"), ("3 ruiten", "3D"), ("1 klaveren", "1C"),
    ("8C", "8C"), ("9NT", "9NT"),
])
def test_parse_call_accepts_the_documented_forms(token, expected):
    assert str(parse_call(token)) == expected


@pytest.mark.parametrize("token", ["", "0C", "1Q", "10C", "XXX", "Z", "1", "NT", "pass!"])
def test_parse_call_rejects_with_token_and_position(token):
    with pytest.raises(BridgeLawsError) as caught:
        parse_call(token, 7)
    message = str(caught.value)
    assert repr(token) in message and "position 7" in message and "\n" not in message


def test_bids_rank_clubs_diamonds_hearts_spades_notrump_then_level():
    # The order of 1932:12 / 1936:16 / 1949:23: clubs, diamonds, hearts, spades, no-trump.
    names = [str(b) for b in BIDS[:7]]
    assert names == ["1C", "1D", "1H", "1S", "1NT", "2C", "2D"]
    assert parse_call("1NT") < parse_call("2C") < parse_call("7NT")
    assert parse_call("7NT").rank == 35 and parse_call("1C").rank == 1


def test_bidding_box_has_38_calls():
    assert len(ALL_CALLS) == 38 and ALL_CALLS[:3] == (PASS, DOUBLE, REDOUBLE)
    assert len(BIDS) == 35 and all(b.level <= 7 for b in BIDS)


def test_calls_are_interned_and_pickle_to_the_same_object():
    import pickle

    assert parse_call("3H") is bid(3, "H") is pickle.loads(pickle.dumps(parse_call("3H")))


def test_seats_rotate_clockwise():
    assert [s.name for s in (Seat.N.lho, Seat.E.lho, Seat.S.lho, Seat.W.lho)] == ["E", "S", "W", "N"]
    assert Seat.N.partner is Seat.S and Seat.E.rho is Seat.N
    assert parse_seat("oost") is Seat.E and parse_seat("south") is Seat.S
    with pytest.raises(BridgeLawsError, match="unknown seat 'Q'"):
        parse_seat("Q")
