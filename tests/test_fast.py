"""bridgelaws.auction.fast: the bulk path gives exactly what Auction gives, and refuses what Auction refuses.

The worked examples are played by hand, seat by seat, in the comments; the properties compare the
transition tables with the engine on random auctions and on random sequences of calls.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws import Auction, BridgeLawsError
from bridgelaws.auction import fast
from bridgelaws.auction.auction import Contract
from bridgelaws.auction.calls import ALL_CALLS, Seat, call_from_index, parse_call
from bridgelaws.auction.editions import EDITIONS, Edition

SEATS = "NESW"


def engine(calls, dealer, edition):
    """(outcome, contract, declarer) from Auction, or the BridgeLawsError it raises."""
    try:
        auction = Auction(edition, dealer, [call_from_index(i) if isinstance(i, int) else i for i in calls])
    except BridgeLawsError as error:
        return error
    return (auction.outcome, auction.contract, auction.declarer)


# --- worked examples -------------------------------------------------------------------------------

@pytest.mark.parametrize("calls, dealer, expected", [
    # N 1H, E 1S, S 2S, then three passes: the last bid 2S is South's; of North-South, South named
    # spades first (North named hearts): South declares.
    ("1H 1S 2S P P P", "N", ("contract", "2S", "S")),
    # E 1C, S P, W 1H, N P, E 1NT, S P, W 3NT, three passes: East-West's first no-trump was East's.
    ("1C P 1H P 1NT P 3NT P P P", "E", ("contract", "3NT", "E")),
    # N 1S, E X, S XX, three passes: one spade redoubled, North declares.
    ("1S X XX P P P", "N", ("contract", "1SXX", "N")),
    # W P, N 1D, E P, S 2D, three passes: of North-South, North named diamonds first.
    ("P 1D P 2D P P P", "W", ("contract", "2D", "N")),
    # S 1C, W X, N P, E 2H, S P, W P, N X, E P, S P, W P: 2H doubled by North; of East-West,
    # East named hearts (West only doubled): East declares.
    ("1C X P 2H P P X P P P", "S", ("contract", "2HX", "E")),
    # Not over yet.
    ("1S P", "N", ("open", None, None)),
    ("", "N", ("open", None, None)),
])
def test_worked_examples(calls, dealer, expected):
    for edition in EDITIONS:
        result = fast.contract(calls.split(), dealer, edition)
        got = (result.outcome, str(result.contract) if result.contract else None,
               str(result.declarer) if result.declarer is not None else None)
        assert got == expected, edition
        assert result.contract is None or result.contract.declarer == result.declarer


def test_four_passes_follow_each_editions_own_text():
    # 1932:11.2 and 1936:15: a new deal; 1949:22, 2007 (by 2017) and 2017:22.B: passed out.
    expected = {"1932": "next-deal", "1936": "next-deal", "1949": "passed-out",
                "2007": "passed-out", "2017": "passed-out"}
    assert {year: fast.contract("P P P P".split(), "S", year).outcome for year in expected} == expected


@pytest.mark.parametrize("calls, fragment", [
    ("1S 1H", "call 2 (East 1H): East's 1H is irregular: 1H does not rank above 1S"),
    ("1S P X", "call 3 (South X): South's X is irregular: the last bid was made by partner"),
    ("1S X X", "call 3 (South X): South's X is irregular: the bid is already doubled"),
    ("1S P P XX", "call 4 (West XX): West's XX is irregular: there is no double to redouble"),
    ("7NT P P P 1C", "call 5 (1C): North cannot call 1C: the auction is over (contract)"),
    ("8C", "call 1 (North 8C): North's 8C is irregular: a bid names at most 7 tricks"),
])
def test_irregular_sequences_are_refused_with_the_engines_reason(calls, fragment):
    for edition in EDITIONS:
        with pytest.raises(BridgeLawsError) as info:
            fast.contract(calls.split(), "N", edition)
        assert fragment in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("calls, fragment", [
    ([0, 0, 48], "call 3: 48 is not a call index"),
    ([0, -1], "call 2: -1 is not a call index"),
    (bytes([200]), "call 1: 200 is not a call index"),
    (["1S", "1Q"], "cannot read call '1Q' at position 2"),
    ([0, None], "not a call: None at position 2"),
])
def test_what_is_no_call_is_refused(calls, fragment):
    with pytest.raises(BridgeLawsError) as info:
        fast.contract(calls, "N", "2017")
    assert fragment in str(info.value)


def test_the_forms_of_calls_agree():
    tokens = "1H 1S 2S P P P".split()
    forms = [tokens, " ".join(tokens), [parse_call(t) for t in tokens],
             [parse_call(t).index for t in tokens], bytes(parse_call(t).index for t in tokens),
             bytearray(parse_call(t).index for t in tokens), tuple(parse_call(t).index for t in tokens)]
    results = {fast.contract(form, "N", "1936") for form in forms}
    assert len(results) == 1


def test_a_batch_with_one_dealer_or_one_per_auction():
    batch = ["1S P P P".split(), "1S P P P".split()]
    # North or East opens 1S: the opener declares.
    assert [r.declarer for r in fast.contracts(batch, "N")] == [Seat.N, Seat.N]
    assert [r.declarer for r in fast.contracts(batch, ["N", "E"])] == [Seat.N, Seat.E]
    with pytest.raises(BridgeLawsError, match="1 dealers for 2 auctions|more auctions than dealers"):
        fast.contracts(batch, ["N"])
    with pytest.raises(BridgeLawsError) as info:
        fast.contracts([batch[0], "1S 1C".split()], "N")
    assert str(info.value).startswith("auction 2: call 2 (East 1C)")


def test_results_gives_every_edition_and_none_where_refused():
    five = ("1932", "1936", "1949", "2007", "2017")
    assert fast.results(b"\x00\x00\x00\x00", "N", five) == [
        fast.Result(o, None, None) for o in ("next-deal", "next-deal", "passed-out", "passed-out", "passed-out")]
    assert fast.results(bytes([8, 3]), "N", EDITIONS) == [None] * len(EDITIONS)  # 2C then 1C: insufficient


def test_the_five_editions_share_one_walk_because_they_share_the_hooks():
    # The five editions inherit the neutral hooks (editions.py): the same regular auctions.
    walks = {id(fast.table(e).walk) for e in EDITIONS}
    assert len(walks) == 1


# --- properties: the tables against the engine ----------------------------------------------------

@st.composite
def legal_auctions(draw, max_calls=40):
    """A legal auction (complete or not) drawn call by call among Auction.legal_calls()."""
    dealer = draw(st.sampled_from(SEATS))
    auction = Auction("2017", dealer)
    calls = []
    for _ in range(draw(st.integers(0, max_calls))):
        legal = auction.legal_calls()
        if not legal:
            break
        call = legal[draw(st.integers(0, len(legal) - 1))] if draw(st.booleans()) else legal[0]
        auction.call(call)
        calls.append(call.index)
    return calls, dealer


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_auctions())
def test_legal_auctions_give_what_auction_gives(case):
    calls, dealer = case
    for edition in EDITIONS:
        assert tuple(fast.contract(calls, dealer, edition)) == engine(calls, dealer, edition)
    assert [tuple(r) for r in fast.results(bytes(calls), dealer, EDITIONS)] == [
        engine(calls, dealer, e) for e in EDITIONS]


# Call indices biased to the ones that make auctions: passes, doubles and low bids, with some
# bids above seven and some bytes that are no call.
call_indices = st.one_of(st.sampled_from([0, 0, 0, 1, 2]), st.integers(3, 12), st.integers(3, 47),
                         st.integers(48, 255))


@settings(max_examples=600, deadline=None)
@given(st.lists(call_indices, max_size=14), st.sampled_from(SEATS), st.sampled_from(EDITIONS))
def test_any_sequence_gives_what_auction_gives_or_is_refused(calls, dealer, edition):
    expected = engine(calls, dealer, edition) if all(c < 48 for c in calls) else "no call"
    try:
        got = tuple(fast.contract(bytes(calls), dealer, edition))
    except BridgeLawsError as error:
        assert isinstance(expected, BridgeLawsError) or expected == "no call", (calls, error)
        assert "\n" not in str(error)
        return
    assert got == expected


class _DoublingPartner(Edition):
    """A made-up edition that lets a player double his partner's bid: its own table."""

    def may_double(self, doubled: int, bid_by_opponent: bool) -> bool:
        return doubled == 0


def _made_up() -> list[Edition]:
    return [_DoublingPartner.like("2017", year="2999"),
            Edition.like("2017", year="2998", max_level=6)]  # bids up to six only


@pytest.mark.parametrize("edition", _made_up())
def test_an_edition_with_other_hooks_gets_its_own_table(edition):
    assert fast.table(edition).walk is not fast.table("2017").walk
    # N 1S, E P, S X (of partner's bid): proper only under the made-up doubling rule.
    doubling = [parse_call(t).index for t in "1S P X P P P".split()]
    seven = [parse_call(t).index for t in "7C P P P".split()]
    for calls in (doubling, seven):
        expected = engine(calls, "N", edition)
        try:
            got = tuple(fast.contract(calls, "N", edition))
        except BridgeLawsError:
            got = "refused"
        assert got == ("refused" if isinstance(expected, BridgeLawsError) else expected)


@settings(max_examples=300, deadline=None)
@given(st.lists(call_indices.filter(lambda c: c < 48), max_size=12), st.sampled_from(SEATS),
       st.sampled_from(_made_up()))
def test_made_up_editions_agree_with_auction(calls, dealer, edition):
    expected = engine(calls, dealer, edition)
    try:
        got = tuple(fast.contract(calls, dealer, edition))
    except BridgeLawsError:
        assert isinstance(expected, BridgeLawsError)
        return
    assert got == expected


def test_results_share_the_contract_objects():
    result = fast.contract("1NT P P P".split(), "W")
    assert result.contract == Contract(1, 4, 0, Seat.W)


# --- the PBN path: game_results against Game.auction ---------------------------------------------

def _replayed(game, edition):
    try:
        auction = game.auction(edition)
    except BridgeLawsError as error:
        return ("error", str(error))
    return (auction.outcome, auction.contract, auction.declarer)


def _as_tuple(result):
    return ("error", str(result)) if isinstance(result, BridgeLawsError) else tuple(result)


def _pbn_files(shared: Path | None):
    files = sorted((Path(__file__).parent / "fixtures" / "pbn").glob("*.pbn"))
    if shared is not None:
        files += sorted((shared / "corpora" / "etc1999").glob("*.PBN"))
        files += sorted((shared / "corpora" / "pbn-verifier").glob("*.pbn"))
    return files


def _check_game_results(files):
    from bridgelaws.auction import pbn

    checked = 0
    for path in files:
        for game in pbn.iter_games(path, errors="keep"):
            if isinstance(game, BridgeLawsError) or not game.has_auction:
                continue
            results = pbn.game_results(game, EDITIONS)
            for edition in EDITIONS:
                assert _as_tuple(results[edition.year]) == _replayed(game, edition), (path, game)
            checked += 1
    return checked


def test_game_results_equal_the_replay_on_the_fixtures():
    assert _check_game_results(_pbn_files(None)) > 10


def test_game_results_equal_the_replay_on_the_real_files(shared):
    # 1,160 auctions of ETC 1999 and the verifier's games, marks and errors included.
    assert _check_game_results(_pbn_files(shared)) > 1160


def test_all_calls_table_covers_the_bidding_box():
    table = fast.table("1949")
    start = table.start
    legal = [c for c in ALL_CALLS if table.transitions[start + c.index] != table.dead]
    assert [str(c) for c in legal] == [str(c) for c in Auction("1949").legal_calls()]
