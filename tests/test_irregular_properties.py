"""Random auctions with random irregular events, under every edition: never a crash, always a ruling."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws import BridgeLawsError, judge
from bridgelaws.calls import ALL_CALLS
from bridgelaws.editions import EDITIONS
from bridgelaws.rulings import LAYERS, STATUSES

SEATS = "NESW"
calls = st.sampled_from([str(c) for c in ALL_CALLS] + ["8C", "9NT"])
tokens = st.one_of(
    calls,
    calls,
    st.builds(lambda s, c: f"{s}:{c}", st.sampled_from(SEATS), calls),
    st.builds(lambda s, c: f"{s}:!{c}", st.sampled_from(SEATS), st.sampled_from(["SK", "H5", "DA", "CT"])),
    st.builds(lambda x, b: f"{x}@{b}", st.sampled_from(["X", "XX"]), st.sampled_from(["1C", "2H", "3NT"])),
    st.sampled_from(["^I", "^S", "#cancel", "#keep", "#cancel-partners-double"]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(tokens, max_size=14), st.sampled_from(EDITIONS), st.sampled_from(SEATS), st.sampled_from(LAYERS))
def test_random_irregular_scenarios_give_a_result_or_one_clear_error(scenario, edition, dealer, layer):
    try:
        result = judge(scenario, edition, dealer, layer=layer)
    except BridgeLawsError as error:
        assert "\n" not in str(error) and str(error)
        return
    for event in result.events:
        if event.case is not None:
            # A supplementary ruling (its own status) only where the layer asks for one.
            allowed = STATUSES + (("supplement",) if layer == "supplement" else ())
            assert event.ruling is not None and event.ruling.status in allowed
            if event.ruling.status in ("referenced", "silent"):
                assert event.ruling.assumption
    state = result.state
    if state["outcome"] == "open" and result.pending_requirement == "sufficient-bid":
        # 1936:22.3: the offender must make his bid sufficient, so only bids are offered.
        assert all(call[0].isdigit() for call in state["legal_calls"])
    elif state["outcome"] == "open":
        assert state["legal_calls"] and state["legal_calls"][0] == "P"
        barred = {b["seat"] for b in state["barred"]}
        if state["next_to_call"] in barred:
            assert state["legal_calls"] == ["P"]
    else:
        assert state["legal_calls"] == []
