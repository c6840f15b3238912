import json

import pytest

from bridgelaws import BridgeLawsError, judge


def test_regular_auction_state():
    result = judge("1S P 2S P P P", "1936", "N")
    state = result.state
    assert state == {"next_to_call": None, "outcome": "contract", "contract": "2S", "declarer": "N",
                     "barred": [], "legal_calls": [], "articles": ["1936:19"]}
    assert all(e["irregularity"] is None for e in result.events)


def test_json_keys_are_the_documented_ones():
    data = json.loads(judge("1S E:1H", "1949", "N").to_json())
    assert set(data) >= {"edition", "dealer", "events", "state"}
    assert data["edition"] == "1949" and data["dealer"] == "N"
    for event in data["events"]:
        assert set(event) >= {"index", "seat", "token", "case", "ruling"}
    assert set(data["state"]) >= {"next_to_call", "outcome", "contract", "declarer", "barred"}


def test_irregular_call_is_detected_and_continues_under_the_labelled_default():
    result = judge("1S 1H", "1936", "N")
    event = result.events[1]
    assert event["irregularity"] == "insufficient-bid" and event["case"] is None and event["ruling"] is None
    assert event["accepted_by"] == "default" and "assumption, not law" in event["assumption"]
    assert result.state["next_to_call"] == "S"


def test_pbn_marks_accept_the_call_without_an_assumption():
    result = judge("1S 1H ^I P P P", "1936", "N")
    assert result.events[1]["accepted_by"] == "mark ^I" and result.events[1]["assumption"] is None
    assert result.events[2]["kind"] == "mark" and result.events[2]["applies_to"] == 2
    assert result.state["contract"] == "1H" and result.state["declarer"] == "E"


def test_skip_mark_on_a_call_out_of_rotation():
    result = judge("1S S:P ^S", "2017", "N")  # South passes in East's turn; East loses his turn
    assert result.events[1]["irregularity"] == "pass-out-of-rotation"
    assert result.state["next_to_call"] == "W"


def test_exposed_card_and_misnamed_double_are_detected():
    result = judge("1H W:!SK X@2H", "1949", "N")
    assert result.events[1]["irregularity"] == "exposed-card" and result.events[1]["card"] == "SK"
    assert result.events[2]["irregularity"] == "misnamed-double"
    assert "named 2H" in result.events[2]["reason"] and "is 1H" in result.events[2]["reason"]
    assert judge("1H X@1H", "1949", "N").events[1]["irregularity"] is None


@pytest.mark.parametrize("text, fragment", [
    ("1S P ^I", "that call is proper"),
    ("1S S:2H ^I", "does not fit"),
    ("1S P P P P", "the auction is already over"),
])
def test_inconsistent_scenarios_are_clear_errors(text, fragment):
    with pytest.raises(BridgeLawsError, match=fragment):
        judge(text, "2017", "N")
