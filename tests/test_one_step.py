"""One source of truth for a regular auction: an edition whose text changed the closing rule and the
declarer rule is read the same way by every path (engine, fast path, counting, PBN reader).

The made-up edition overrides two hooks of :class:`bridgelaws.auction.editions.Edition`, nothing else; if any
consumer composed the rules itself (a "three passes" or a "first to name the denomination" written
in its own code), it would disagree with the engine here.
"""

from __future__ import annotations

import pytest

from bridgelaws import Auction, BridgeLawsError, count_auctions, judge
from bridgelaws.auction import fast, pbn
from bridgelaws.auction.calls import Seat, parse_call
from bridgelaws.auction.editions import Edition
from bridgelaws.judging.lookup import find_editions


class TwoPassesLastBidder(Edition):
    """Two passes after a call close the auction (three when nobody has called); the player who
    made the last bid declares."""

    def auction_ends(self, any_call: bool, passes_since: int) -> bool:
        return passes_since >= (2 if any_call else 3)

    def declarer(self, bids):
        return bids[-1][0]


class TinyTwoPassesLastBidder(TwoPassesLastBidder):
    """The same, with three bids only (1C, 1D, 1H), small enough to enumerate every auction."""

    def is_sufficient(self, rank: int, last_rank: int) -> bool:
        return last_rank < rank <= 3


MADE_UP = TwoPassesLastBidder.like("2017", year="2990")
TINY = TinyTwoPassesLastBidder.like("2017", year="2991")

# North deals: N 1S, E P, S 2S, W P, N P. Two passes after 2S close it under the made-up rule (three
# under the registered editions), and South, who bid 2S last, declares (North named spades first).
CALLS = "1S P 2S P P".split()


def test_the_engine_closes_and_names_the_declarer_by_the_made_up_rules():
    auction = Auction(MADE_UP, "N", CALLS)
    assert auction.is_over and str(auction.contract) == "2S" and auction.declarer is Seat.S
    regular = Auction("2017", "N", CALLS)
    assert not regular.is_over
    regular.call("P")
    assert regular.declarer is Seat.N
    # Four passes are not needed with nobody calling: three close it.
    assert Auction(MADE_UP, "E", "P P P".split()).outcome == "passed-out"
    # A call after the close is refused, as the made-up rule has it.
    with pytest.raises(BridgeLawsError, match="auction is over"):
        Auction(MADE_UP, "N", CALLS).call("P")


def test_the_fast_path_reads_the_same_rules():
    result = fast.contract(CALLS, "N", MADE_UP)
    assert result.outcome == "contract" and str(result.contract) == "2S" and result.declarer is Seat.S
    assert fast.contract("P P P".split(), "W", MADE_UP).outcome == "passed-out"
    # One pass more is a call after the end: refused, with the engine's reason.
    with pytest.raises(BridgeLawsError, match="auction is over"):
        fast.contract(CALLS + ["P"], "N", MADE_UP)
    assert fast.table(MADE_UP).walk is not fast.table("2017").walk
    together = fast.results(CALLS + ["P"], "N", ["2017", MADE_UP])
    assert together[0].declarer is Seat.N and together[1] is None


def test_counting_follows_the_made_up_closing_rule(count_by_enumeration):
    assert count_auctions(TINY) == count_by_enumeration(Auction(TINY, "N"))
    # Fewer passes to close means fewer auctions than under the registered rules with three bids.
    regular_tiny = type("Tiny", (Edition,), {"is_sufficient": TinyTwoPassesLastBidder.is_sufficient})
    assert count_auctions(TINY) < count_auctions(regular_tiny.like("2017", year="2992"))


PBN_GAME = """[Event "made-up rules"]
[Board "1"]
[Dealer "N"]
[Contract "2S"]
[Declarer "S"]
[Auction "N"]
1S Pass 2S Pass
Pass
"""

PBN_ALL_PASS = """[Event "made-up rules"]
[Board "2"]
[Dealer "N"]
[Contract "2S"]
[Declarer "S"]
[Auction "N"]
1S Pass 2S AP
"""


@pytest.mark.parametrize("text", [PBN_GAME, PBN_ALL_PASS], ids=["written", "AP"])
def test_the_pbn_reader_replays_through_the_same_rules(text):
    (game,) = pbn.read_games(text)
    auction = game.auction(MADE_UP)
    assert auction.is_over and str(auction.contract) == "2S" and auction.declarer is Seat.S
    results = pbn.game_results(game, [MADE_UP, "2017"])
    made_up = results["2990"]
    assert not isinstance(made_up, BridgeLawsError)
    assert str(made_up.contract) == "2S" and made_up.declarer is Seat.S
    # Under 2017 the written auction is one pass short (a contract needs three); AP completes it.
    regular = results["2017"]
    if text is PBN_ALL_PASS:
        assert regular.declarer is Seat.N
    else:
        assert isinstance(regular, BridgeLawsError) or regular.outcome == "open"


def test_the_engine_s_reason_is_the_step_s_refusal_with_its_article():
    auction = Auction(MADE_UP, "N", ["1S"])
    refusal = MADE_UP.check(auction.position, parse_call("1H"))
    assert refusal is not None and refusal.case == "insufficient-bid"
    case, reason = auction.irregularity("1H")
    assert case == refusal.case and reason == f"{refusal.why} (2017:18.B, 2017:18.C)"


def test_a_made_up_edition_takes_the_rulings_of_the_edition_it_was_made_like():
    result = judge("1S 1H", MADE_UP)
    (event,) = [e for e in result.events if e.case == "insufficient-bid"]
    assert event.ruling is not None and event.ruling.status == judge("1S 1H", "2017").events[1].ruling.status
    with pytest.raises(BridgeLawsError, match="two different editions named 2017"):
        find_editions([Edition.like("2017"), "2017"])


def test_tables_derived_from_the_data_are_forgotten_when_the_data_is(tmp_path):
    # A change of the data (datafiles.override, as the tests of broken data use) reaches the fast path.
    import shutil

    import yaml

    from bridgelaws.text import datafiles

    shutil.copytree(datafiles.data_dir(), tmp_path / "data")
    path = tmp_path / "data" / "editions" / "1936" / "edition.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw["max_level"] = 6
    path.write_text(yaml.safe_dump(raw), encoding="utf-8")
    calls = "7S P P P".split()
    assert fast.results(calls, "N", ("1936",))[0] is not None
    with datafiles.override(tmp_path / "data"):
        assert fast.results(calls, "N", ("1936",)) == [None]
        with pytest.raises(BridgeLawsError):
            Auction("1936", "N", calls)
    assert fast.results(calls, "N", ("1936",))[0] is not None
