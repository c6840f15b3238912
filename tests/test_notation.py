import pytest

from bridgelaws import BridgeLawsError, parse_scenario
from bridgelaws.auction.calls import Seat


def test_each_kind_of_token_parses_into_an_event():
    events = parse_scenario("1H E:P 8C W:!SK X@2H XX@3C ^I ^S 1C s:!h10")
    kinds = [e.kind for e in events]
    assert kinds == ["call", "call", "call", "exposure", "call", "call", "mark", "mark", "call", "exposure"]
    assert events[0].seat is None and str(events[0].call) == "1H"
    assert events[1].seat is Seat.E and str(events[1].call) == "P"
    assert events[2].call.level == 8
    assert events[3].seat is Seat.W and events[3].card == "SK"
    assert str(events[4].call) == "X" and str(events[4].named) == "2H"
    assert str(events[5].call) == "XX" and str(events[5].named) == "3C"
    assert events[6].mark == "^I" and events[7].mark == "^S"
    assert events[9].card == "HT" and [e.index for e in events] == list(range(1, 11))


def test_a_list_of_tokens_works_like_a_string():
    assert parse_scenario(["1H", "E:P"]) == parse_scenario("1H E:P")


@pytest.mark.parametrize("text, fragment", [
    ("1H 1Q", "'1Q' at position 2"),
    ("1H Q:P", "unknown seat 'Q'"),
    ("E:", "nothing after the seat"),
    ("W:!ZK", "cannot read card 'ZK'"),
    ("1H@2H", "only a double or redouble can name a bid"),
    ("X@P", "write the bid that was named"),
    ("1H ^I", "must precede a call"),
    ("^S W:!SK", "must precede a call"),
    ("#keep", "must follow a call"),
])
def test_bad_tokens_give_one_line_naming_token_and_position(text, fragment):
    with pytest.raises(BridgeLawsError) as caught:
        parse_scenario(text)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


# --- The notation's documentation (notation.TOKENS), the one source of the README's and notebook 02's tables

def test_every_documented_form_parses_and_every_kind_is_documented():
    from bridgelaws.auction.notation import MARKS, TOKENS, parse_event

    forms = [form for doc in TOKENS for form in doc.forms]
    kinds = {parse_event(form, 1).kind for form in forms}
    assert kinds == {"call", "exposure", "mark", "option", "change", "incident"}
    assert set(MARKS) <= set(forms)


def test_a_mark_is_documented_as_preceding_its_call():
    """Notebook 02 once said a mark follows the call it belongs to: it precedes it (parse_scenario)."""
    from bridgelaws.auction.notation import TOKENS

    marks = next(doc for doc in TOKENS if "^I" in doc.forms)
    assert "`^I` before a bid" in marks.meaning and "(`1S ^I 1H`)" in marks.meaning
    assert [e.kind for e in parse_scenario("1S ^I 1H")] == ["call", "mark", "call"]
    with pytest.raises(BridgeLawsError, match="must precede a call"):
        parse_scenario("1S 1H ^I")


# --- The tokens that make every case of the catalogue playable (issue 9, section 2)

def test_a_change_of_call_parses_with_its_manner():
    slip, mind, seated = parse_scenario("=2S >2NT N:=pass")
    assert (slip.kind, str(slip.call), slip.manner, slip.seat) == ("change", "2S", "slip", None)
    assert (mind.kind, str(mind.call), mind.manner) == ("change", "2NT", "change-of-mind")
    assert seated.seat is Seat.N and str(seated.call) == "P" and seated.manner == "slip"


def test_a_review_and_the_incidents_parse():
    from bridgelaws.auction.notation import INCIDENTS

    review, seated = parse_scenario("? E:?")
    assert (review.kind, review.manner, review.seat) == ("incident", "review", None)
    assert seated.seat is Seat.E
    for word, (_case, needs_seat) in INCIDENTS.items():
        (event,) = parse_scenario(f"S:[{word}]")
        assert (event.kind, event.manner, event.seat) == ("incident", word, Seat.S)
        if not needs_seat:
            assert parse_scenario(f"[{word}]")[0].seat is None


def test_how_a_card_became_known_parses():
    laid, seen, said, early = parse_scenario("W:!SK W:!SK/seen W:!sq/SAID W:!S5/early")
    assert [e.manner for e in (laid, seen, said, early)] == [None, "seen", "said", "early"]
    assert said.card == "SQ" and early.card == "S5" and seen.seat is Seat.W


def test_every_incident_is_documented():
    from bridgelaws.auction.notation import INCIDENTS, TOKENS

    documented = " ".join(form for doc in TOKENS for form in doc.forms)
    assert all(f"[{word}]" in documented for word in INCIDENTS)


@pytest.mark.parametrize("text, fragment", [
    ("1S =", "cannot read change of call '=' at position 2"),
    ("1S >2Q", "cannot read change of call '>2Q' at position 2"),
    ("1S N:=", "cannot read change of call 'N:=' at position 2"),
    ("[wrong-bord]", "cannot read incident '[wrong-bord]' at position 1"),
    ("1S [wrong-board", "cannot read incident '[wrong-board' at position 2"),
    ("1S [wrong-board]", "needs the seat of the player concerned"),
    ("[misinformed]", "'[misinformed]' at position 1 needs the seat"),
    ("W:!SK/looked", "cannot read 'W:!SK/looked' at position 1"),
    ("W:!/seen", "cannot read card ''"),
    ("Q:?", "unknown seat 'Q'"),
])
def test_malformed_new_tokens_give_one_line_naming_token_and_position(text, fragment):
    with pytest.raises(BridgeLawsError) as caught:
        parse_scenario(text)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


# --- Card entry in either order (issue 13 §4) ----------------------------------------------------------

@pytest.mark.parametrize("text, card", [
    ("SK", "SK"), ("KS", "SK"), ("sk", "SK"), ("ks", "SK"), ("kS", "SK"),
    ("S10", "ST"), ("10S", "ST"), ("ST", "ST"), ("TS", "ST"), ("s10", "ST"), ("10s", "ST"), ("ts", "ST"),
    ("H2", "H2"), ("2H", "H2"), ("DA", "DA"), ("ad", "DA"), ("cj", "CJ"), ("JC", "CJ"),
    ("♠K", "SK"), ("K♠", "SK"), ("10♥", "HT"), (" qh ", "HQ"),
])
def test_a_card_reads_in_either_order_with_the_ten_as_10_or_t(text, card):
    from bridgelaws.auction.notation import parse_card

    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["W:!KS", "W:!10s", "E:!TS/seen", "!ks"])
def test_an_exposure_token_takes_a_card_in_either_order(text):
    (event,) = parse_scenario(text)
    assert event.kind == "exposure" and event.card in ("SK", "ST")


@pytest.mark.parametrize("text", ["ZK", "K", "S", "S1", "S11", "1S0", "KSK", "SKS", "10", "S 10", "KX", "", "♠♠"])
def test_a_malformed_card_is_one_line_naming_it(text):
    from bridgelaws.auction.notation import parse_card

    with pytest.raises(BridgeLawsError) as caught:
        parse_card(text, " (card to expose)")
    message = str(caught.value)
    assert message.startswith(f"cannot read card {text!r} (card to expose):") and "\n" not in message
    assert "either order" in message
