"""The end of the auction from each edition's own closing sentence, also after calls out of turn
(issue 9, section 1).

The oracle of the property tests is written here, per year, as a plain reading of each closing
sentence over the auction's history (who passed, and whether at his turn), not through
``Edition.closing``: the engine must never report a closed auction that the sentence keeps open.
The example tests were checked by hand against the Dutch:

- 1932:11.3 "totdat na een bod, dubbel of herdubbel door een der spelers gedaan, door de andere drie
  spelers gepast is"; 11.2 "in de eerste ronde van het bieden alle vier spelers passen";
- 1936:15 "totdat drie opeenvolgende spelers passen", with 22.2 "gaat het bieden voort, alsof de
  onjuiste bieding een juiste bieding ware geweest in goede volgorde gedaan" and 22.5 "vervalt,
  tenzij een ander daarna een bieding deed";
- 1949:21 "Nadat de eerste bieding is geschied, gaat het bieden door, totdat drie spelers in
  volgorde hebben gepast";
- 2007:17.E.2 / 2017:17.D.3 "Wanneer na een bieding driemaal is gepast, is het bieden niet
  beëindigd als één van deze pasbiedingen een pas voor de beurt was en een speler als gevolg
  daarvan zijn rechtmatige biedbeurt ontnomen werd"; 2017:22.A "drie passen in volgorde";
  2017:22.B "Alle vier de spelers passen".
"""

from __future__ import annotations

from typing import Callable

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bridgelaws import Auction, BridgeLawsError, judge
from bridgelaws.auction.auction import Entry
from bridgelaws.auction.calls import Seat
from bridgelaws.auction.editions import CLOSING_RULES, EDITIONS, Edition, PassMade
from bridgelaws.judging.lookup import find_edition

# --- the oracle: each closing sentence, read plainly over the history --------------------------


class _Pass:
    def __init__(self, seat: Seat, in_turn: bool, turn_of: Seat, accepted: bool = False):
        # accepted: made out of turn and accepted at the table (PBN ^S)
        self.seat, self.in_turn, self.turn_of, self.accepted = seat, in_turn, turn_of, accepted


def _since_last_call(auction: Auction) -> tuple[Seat | None, list[_Pass], int]:
    """(who made the last bid, double or redouble, or None; the passes since, in order; how many
    counted calls came before those passes)."""
    counted: list[tuple[int, Entry]] = [(i, e) for i, e in enumerate(auction.history) if e.counts_as is not None]
    passes: list[_Pass] = []
    caller = None
    for position, (index, entry) in enumerate(reversed(counted)):
        call = entry.counts_as
        assert call is not None
        if not call.is_pass:
            caller = entry.seat
            break
        out_of_turn = bool(entry.irregularity and entry.irregularity.endswith("out-of-rotation"))
        passes.insert(0, _Pass(entry.seat, not out_of_turn, auction.state_before(index).next_seat,
                               out_of_turn and "^S" in entry.marks))
    before = len(counted) - len(passes)
    return caller, passes, before


def closes_1932(caller: Seat | None, passes: list[_Pass], before: int) -> bool:
    seats = {p.seat for p in passes}
    if caller is None:  # 11.2: all four players pass
        return seats == set(Seat)
    return all(seat in seats for seat in Seat if seat != caller)  # 11.3: the other three players


def closes_1936(caller: Seat | None, passes: list[_Pass], before: int) -> bool:
    if caller is None:  # 15: "alle vier spelers passen"
        return {p.seat for p in passes} == set(Seat)
    # 15 "drie opeenvolgende spelers passen": the last three calls, passes by three players; the
    # last at his turn (an earlier one out of turn counts once a call followed it, 22.2), or out of
    # turn and accepted at the table (^S): 22.2 lets it stand "alsof ... in goede volgorde gedaan".
    last = passes[-3:]
    return len(last) == 3 and len({p.seat for p in last}) == 3 and (last[-1].in_turn or last[-1].accepted)


def closes_1949(caller: Seat | None, passes: list[_Pass], before: int) -> bool:
    # 21: after the first call, three players pass "in volgorde": each at his turn.
    last = passes[-3:]
    first_call_before = before > 0 or len(passes) > 3
    return (first_call_before and len(last) == 3 and len({p.seat for p in last}) == 3
            and all(p.in_turn for p in last))


def closes_2017(caller: Seat | None, passes: list[_Pass], before: int) -> bool:
    # 17.D.3: not over while the player whose turn a pass out of turn took has not called since.
    for index, made in enumerate(passes):
        if not made.in_turn and made.turn_of not in {p.seat for p in passes[index + 1:]}:
            return False
    if caller is None:  # 22.B "Alle vier de spelers passen"
        return {p.seat for p in passes} == set(Seat)
    last = passes[-3:]  # 22.A "drie passen in volgorde"
    return len(last) == 3 and len({p.seat for p in last}) == 3 and all(p.in_turn for p in last)


#: Per closing reading the registry names, the oracle above (2007 reads its own 17.E.2, the same
#: sentence as 2017:17.D.3, and 2017's Art. 22 by inheritance).
ORACLES: dict[str, Callable[[Seat | None, list[_Pass], int], bool]] = {
    "other-three-players": closes_1932,
    "three-consecutive-players": closes_1936,
    "three-players-in-rotation": closes_1949,
    "three-passes-no-lost-turn": closes_2017,
}
BY_YEAR = {"1932": "other-three-players", "1936": "three-consecutive-players",
           "1949": "three-players-in-rotation", "2007": "three-passes-no-lost-turn",
           "2017": "three-passes-no-lost-turn"}


def sentence_closes(auction: Auction) -> bool:
    reading = auction.edition.record.closing
    assert reading is not None
    return ORACLES[reading](*_since_last_call(auction))


def test_the_registry_names_the_reading_of_each_edition():
    assert {e.year: e.record.closing for e in EDITIONS if e.year in BY_YEAR} == BY_YEAR
    assert set(ORACLES) == set(CLOSING_RULES)


# --- regular auctions close exactly as the count of the regular step ----------------------------

@pytest.mark.parametrize("edition", EDITIONS, ids=str)
def test_every_reading_is_the_count_for_passes_in_rotation(edition: Edition):
    for caller in (None, *Seat):
        for count in range(6):
            first = caller.lho if caller is not None else Seat.N
            passes = [PassMade(Seat((first + i) % 4), Seat((first + i) % 4)) for i in range(count)]
            closing = edition.closing(caller, passes)
            assert closing.over == edition.auction_ends(caller is not None, count), (caller, count)
            assert closing.lost_turn is None


# --- the property ------------------------------------------------------------------------------

SEATS = "NESW"
seat_calls = st.one_of(
    st.tuples(st.none(), st.sampled_from(["P", "P", "P", "1S", "2H", "X"])),
    st.tuples(st.sampled_from(SEATS), st.sampled_from(["P", "P", "P", "P", "1NT", "X"])),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(seat_calls, max_size=16), st.sampled_from(EDITIONS), st.sampled_from(SEATS))
def test_an_auction_whose_calls_stand_never_closes_against_the_closing_sentence(calls, edition, dealer):
    auction = Auction(edition, dealer)
    for seat, call in calls:
        if auction.is_over:
            break
        auction.call(call, seat, accept=True)
        if auction.is_over:
            assert sentence_closes(auction), str(auction.history)


tokens = st.one_of(
    st.sampled_from(["P", "P", "P", "1S", "2H", "X"]),
    st.builds(lambda s, c: f"{s}:{c}", st.sampled_from(SEATS), st.sampled_from(["P", "P", "P", "1NT", "X"])),
    st.sampled_from(["^S", "#keep", "#cancel"]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(tokens, max_size=16), st.sampled_from(EDITIONS), st.sampled_from(SEATS))
@example(["1S", "P", "P", "^S", "P"], find_edition("1936"), "N")  # the last pass accepted at the table (found by Hypothesis)
def test_a_judged_scenario_never_closes_against_the_closing_sentence(scenario, edition, dealer):
    try:
        result = judge(scenario, edition, dealer, partial=True)
    except BridgeLawsError:
        return
    if result.auction.is_over:
        assert sentence_closes(result.auction), " ".join(scenario)


# --- examples, checked by hand against the Dutch ------------------------------------------------

def _auction(year: str, *calls: str) -> Auction:
    """Dealer North; ``"S:P"`` is South's pass (out of turn where it is not his), ``"P"`` the
    player to act's; every call stands as made."""
    auction = Auction(year, "N")
    for token in calls:
        seat, _, call = token.rpartition(":")
        auction.call(call, seat or None, accept=True)
    return auction


#: dealer N; calls; per year whether the auction is over (True) or open.
EXAMPLES = [
    # North 1S; South passes at East's turn, West and North pass. 1932: East has not passed (and
    # North is the bidder). 1936: South, West, North, three players one after the other, North at
    # his turn. 1949: South's pass was not "in volgorde". 2017: East lost his turn.
    (("1S", "S:P", "W:P", "N:P"), {"1932": False, "1936": True, "1949": False, "2007": False, "2017": False}),
    # The pass out of turn is itself the third pass (North at West's turn).
    (("1S", "E:P", "S:P", "N:P"), {"1932": False, "1936": False, "1949": False, "2007": False, "2017": False}),
    # A regular auction closes under every edition.
    (("1S", "E:P", "S:P", "W:P"), {"1932": True, "1936": True, "1949": True, "2007": True, "2017": True}),
    # West passes at East's turn (East and South lose theirs); North and East pass. 1932: South has
    # not passed. 1936: West, North, East. 1949: West's pass not in turn. 2017: South's turn lost.
    (("1S", "W:P", "N:P", "E:P"), {"1932": False, "1936": True, "1949": False, "2007": False, "2017": False}),
    # ... and South passes: East, South, West have all passed (1932); North, East, South in turn
    # (1949; 2017, East and South have called since West's pass). (1936 closed at East's pass.)
    (("1S", "W:P", "N:P", "E:P", "S:P"), {"1932": True, "1949": True, "2007": True, "2017": True}),
    # East passes, then twice more at the turns of others: East, North (out of turn), East. Only two
    # players (1936); South and West have not passed (1932).
    (("1S", "E:P", "N:P", "E:P"), {"1932": False, "1936": False, "1949": False, "2007": False, "2017": False}),
    # Nobody bids: North, East pass, West at South's turn, North. Not all four passed.
    (("P", "E:P", "W:P", "N:P"), {"1932": False, "1936": False, "1949": False, "2007": False, "2017": False}),
    # ... then East: South has still not passed; 1949: West (out of turn), North, East.
    (("P", "E:P", "W:P", "N:P", "E:P"), {"1932": False, "1936": False, "1949": False, "2007": False, "2017": False}),
    # ... then South: all four have passed (1936:15, 2017:22.B), and South, whose turn West took,
    # has called since (2017:17.D.3); 1949: North, East, South, each at his turn. 1932 (issue 21,
    # section 5): the first round of 11.2 is each player's first call (11.1 "daarna moet elke speler
    # in volgorde eene bieding doen"): North, East, West and now South have each made theirs, a pass.
    (("P", "E:P", "W:P", "N:P", "E:P", "S:P"), {"1932": True, "1936": True, "1949": True, "2007": True, "2017": True}),
    # North, East, then North again at South's turn, East, South, West: each player's first call a
    # pass (1932:11.2 as above; North's and East's second passes are no calls of that round);
    # 1936:15 "alle vier spelers passen", 2017:22.B "Alle vier de spelers passen" (South, whose turn
    # North took, has passed since); 1949: East, South, West each at his turn.
    (("P", "P", "N:P", "P", "P", "P"), {"1932": True, "1936": True, "1949": True, "2007": True, "2017": True}),
    # ... one pass fewer: West has made no call yet, so no edition's first round, or "alle vier", is
    # complete (1949: North (out of turn), East, South are not three "in volgorde"; 2017: South, whose
    # turn North took, has called since, but West has not passed).
    (("P", "P", "N:P", "P", "P"), {"1932": False, "1936": False, "1949": False, "2007": False, "2017": False}),
    (("P", "P", "P", "P"), {"1932": True, "1936": True, "1949": True, "2007": True, "2017": True}),
]


@pytest.mark.parametrize("calls, expected", EXAMPLES, ids=[" ".join(c) for c, _ in EXAMPLES])
def test_examples_checked_by_hand(calls, expected):
    for year, over in expected.items():
        auction = _auction(year, *calls)
        assert auction.is_over is over, year


def test_the_auction_goes_back_to_the_player_who_lost_his_turn():
    # 2017:17.D.3 "gaat de bieding terug naar de speler die zijn beurt heeft gemist"
    assert _auction("2017", "1S", "S:P", "W:P", "N:P").closing.lost_turn is Seat.E
    assert _auction("2017", "1S", "E:P", "S:P", "N:P").closing.lost_turn is Seat.W
    # West took East's and South's turns; East has passed since, South has not.
    assert _auction("2017", "1S", "W:P", "N:P", "E:P").closing.lost_turn is Seat.S
    assert _auction("1932", "1S", "S:P", "W:P", "N:P").closing.lost_turn is None


def test_the_closing_cites_the_editions_articles():
    assert _auction("1932", "1S", "S:P").closing.basis.articles == ("1932:11.3", "1932:13.3")
    assert _auction("1932", "S:P").closing.basis.articles == ("1932:11.2",)
    assert "2007:17.E.2" in _auction("2007", "1S", "S:P").closing.basis.articles
    assert "2017:17.D.3" in _auction("2017", "1S", "S:P").closing.basis.articles


# --- the judge: each edition's ruling, and the closing sentence after it ------------------------

def _judged(year: str, scenario: str) -> Auction:
    return judge(scenario, year, "N").auction


def test_2017_a_closing_pass_out_of_turn_sends_the_auction_back():
    # 1S by North, East and South pass, North passes at West's turn: three passes, one of them out
    # of turn that took West's turn (17.D.3 "een van deze pasbiedingen"), so not over: back to West.
    for year in ("2007", "2017"):
        result = judge("1S E:P S:P N:P", year, "N")
        assert result.events[-1].case == "skipped-turn-at-end"
        assert not result.auction.is_over and result.auction.next_to_call is Seat.W
        closed = judge("1S E:P S:P N:P W:P", year, "N").auction
        assert closed.is_over and str(closed.contract) == "1S" and closed.declarer is Seat.N


def test_1932_the_bidders_own_pass_does_not_close():
    # "1S P W:P N:P": East, West (at South's turn), North (the bidder himself): South has not passed.
    result = judge("1S P W:P N:P", "1932", "N")
    assert not result.auction.is_over and result.auction.next_to_call is Seat.E
    assumption = result.events[-1].ruling.assumption
    assert "1932:11.3" in assumption and "not law" in assumption
    # East passes again (a second pass by one player does not close), then South does.
    assert not _judged("1932", "1S P W:P N:P E:P").is_over
    assert _judged("1932", "1S P W:P N:P E:P S:P").is_over


def test_1936_three_consecutive_players_read_with_22_2():
    # West's pass at South's turn, called over by North (22.2: as if made in turn): East, West,
    # North are three players passing one after the other, North at his turn: over (1936), while
    # 1932 waits for South.
    result = judge("1S E:P W:P N:P", "1936", "N")
    assert result.events[2].effect.startswith("accepted")
    assert result.auction.is_over and str(result.auction.contract) == "1S"
    assert not _judged("1932", "1S E:P W:P N:P").is_over
    # East, North (at South's turn, accepted by East's call), East: two players, not three: open,
    # South next; the label names 15 and says the continuation is an assumption.
    result = judge("1S E:P N:P E:P", "1936", "N")
    assert result.events[2].effect.startswith("accepted")
    assert not result.auction.is_over and result.auction.next_to_call is Seat.S
    assumption = result.events[-1].ruling.assumption
    assert "1936:15" in assumption and "not law" in assumption
    # North, East, South: three players one after the other, South at his turn (North is the
    # bidder: 1936:15, unlike 1932:11.3, does not leave him out).
    assert _judged("1936", "1S E:P N:P E:P S:P").is_over
    assert not _judged("1932", "1S E:P N:P E:P S:P").is_over
    # The third pass out of turn, which nobody has called over: void (22.5), the auction goes on.
    result = judge("1S E:P S:P N:P", "1936", "N")
    assert not result.auction.is_over and result.auction.next_to_call is Seat.W


def test_1949_a_pass_out_of_turn_is_not_in_rotation():
    assert not _judged("1949", "1S P W:P N:P").is_over
    assert not _judged("1949", "1S P W:P N:P E:P").is_over  # West, North, East: West's not in turn
    assert _judged("1949", "1S P W:P N:P E:P S:P").is_over


# --- the registry ------------------------------------------------------------------------------

def test_a_new_edition_inherits_the_closing_reading():
    from bridgelaws.auction.edition_records import parse_registry
    from bridgelaws.text.registry import registry_data

    raw = registry_data()
    latest = [entry for entry in raw["editions"] if "basis" in entry][-1]  # the latest with a basis of its own
    basis = {}
    for mechanic, spec in latest["basis"].items():
        donor = spec.get("inherit", latest["year"]) if isinstance(spec, dict) else latest["year"]
        basis[mechanic] = {"inherit": donor, "why": "a made-up edition that changes nothing"}
    made_up = {"year": "2990", "name": "made up", "basis": basis}
    records = parse_registry({"editions": list(raw["editions"]) + [made_up]})
    assert records[-1].closing == latest["basis"]["end-of-auction"]["closing"]


@pytest.mark.parametrize("change, message", [
    ({"end-of-auction": {"articles": ["2017:22.A"], "closing": "two-passes"}}, "not a reading the engine codes"),
    ({"end-of-auction": ["2017:22.A"]}, "names no reading of the closing sentence"),
    ({"all-pass": {"articles": ["2017:22.B"], "closing": "three-passes-no-lost-turn"}}, "only the end-of-auction"),
])
def test_a_bad_closing_reading_is_one_clear_error(change, message):
    from bridgelaws.auction.edition_records import parse_registry
    from bridgelaws.text.registry import registry_data

    raw = registry_data()
    entries = [dict(e) for e in raw["editions"]]
    changed = next(e for e in entries if e["year"] == "2017")  # the changes cite 2017's articles
    changed["basis"] = {**changed["basis"], **change}
    with pytest.raises(BridgeLawsError, match=message) as error:
        parse_registry({"editions": entries})
    assert "\n" not in str(error.value) and "editions/2017/edition.yaml: basis" in str(error.value)


def test_find_edition_still_finds_the_registered_ones():
    assert find_edition("1936").record.closing == "three-consecutive-players"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(seat_calls, max_size=16), st.sampled_from(SEATS))
def test_no_edition_closes_later_than_the_default_edition(calls, dealer):
    # The PBN reader decides where a file's auction ends under DEFAULT_EDITION before an edition
    # is chosen (ARCHITECTURE.md): it can read every edition whose auction, with the calls standing
    # as made, is over by the time the default edition's is.
    from bridgelaws.auction.editions import DEFAULT_EDITION

    reference = Auction(DEFAULT_EDITION, dealer)
    others = [Auction(edition, dealer) for edition in EDITIONS]
    for seat, call in calls:
        if reference.is_over:
            break
        for auction in [reference] + [a for a in others if not a.is_over]:
            auction.call(call, seat, accept=True)
    if reference.is_over:
        # (Before issue 21, section 5, a 1932 auction without a bid whose first four calls were not
        # the four players stayed open, and was the one exception here; the first round is now each
        # player's first call, data/rulings/README.md.)
        assert all(auction.is_over for auction in others)


#: The brief's scenarios, dealer North, judged: per year the outcome and who calls next (checked by
#: hand: see the rulings README's section on the end of the auction).
JUDGED = [
    ("1S S:P W:P N:P", {"1932": ("open", Seat.E), "1936": ("contract", None), "1949": ("open", Seat.E),
                        "2007": ("open", Seat.E), "2017": ("open", Seat.E)}),
    ("1S P P N:P", {"1932": ("open", Seat.E), "1936": ("open", Seat.W), "1949": ("open", Seat.E),
                    "2007": ("open", Seat.W), "2017": ("open", Seat.W)}),
    ("1S E:P S:P W:P", {year: ("contract", None) for year in BY_YEAR}),
]


@pytest.mark.parametrize("scenario, expected", JUDGED, ids=[s for s, _ in JUDGED])
def test_judged_scenarios_checked_by_hand(scenario, expected):
    for year, (outcome, next_to_call) in expected.items():
        auction = _judged(year, scenario)
        assert (auction.outcome, auction.next_to_call) == (outcome, next_to_call), year


def test_1932_the_first_round_is_each_players_first_call_and_the_auction_ends():
    # Issue 21, section 5. 1932:11.2 "Indien in de eerste ronde van het bieden alle vier spelers
    # passen, gaat het spel niet door", read with 11.1 "daarna moet elke speler in volgorde eene
    # bieding doen": the first round is each player's first call. North, East, South pass; North
    # passes again at West's turn (no call of that round); West passes at East's turn: his first
    # call, so all four have passed in the first round and the hand is not played (next deal).
    result = judge("P P P N:P W:P", "1932", "N")
    assert result.auction.is_over and result.state["outcome"] == "next-deal"
    # The card of West's pass says that this closing rests on the engine's reading of "eerste ronde".
    west = result.events[4]
    assert "eerste ronde" in (west.ruling.assumption or "") and "An assumption, not law" in west.ruling.assumption
    # The scenario: the passes after the close are calls after the close, not skipped turns.
    full = judge("P P P N:P W:P P P P P", "1932", "N")
    assert full.state["outcome"] == "next-deal"
    assert [e.case for e in full.events[5:]] == ["call-after-close"] * 4
    # North, East, North again at South's turn, East, South, West: South and West make their first
    # calls in turn; their passes are ordinary passes, not skipped turns (South's own turn came), and
    # West's ends the auction (11.2).
    late = judge("P P N:P P P P", "1932", "N")
    assert late.state["outcome"] == "next-deal"
    assert late.events[4].case is None and late.events[5].case == "all-pass"
    assert "eerste ronde" in (late.events[5].ruling.assumption or "")


def test_1932_13_3_is_among_the_end_of_auction_articles():
    # 1932:13.3 "totdat het bieden door drie opeenvolgende pas-biedingen is gesloten": a second
    # closing sentence, for a doubled bid, beside 11.3.
    assert find_edition("1932").rule("end-of-auction").articles == ("1932:11.3", "1932:13.3")


def test_1932_doubled_bid_three_passes_in_a_row_not_by_the_other_three_stay_open_and_say_why():
    # North 1S, East doubles, South passes, East passes at West's turn, South passes: three passes
    # in a row (13.3 "drie opeenvolgende pas-biedingen"), but North and West, two of "de andere drie
    # spelers" (11.3) after East's double, have not passed. The engine keeps it open (11.3) and says
    # how it reads 13.3.
    result = judge("1S X P E:P P", "1932", "N")
    assert not result.auction.is_over
    assumption = result.events[4].ruling.assumption or ""
    assert "drie opeenvolgende pas-biedingen" in assumption and "restating 11.3" in assumption
    # The reading of 13.3 is not shown where no bid is doubled (13.3 "Als een bod is gedubbeld").
    assert "opeenvolgende" not in (judge("1S P W:P N:P", "1932", "N").events[3].ruling.assumption or "")
    # Once the other three have passed, 11.3 closes it, and the last three calls are passes (13.3).
    assert judge("1S X P E:P P W:P N:P", "1932", "N").auction.is_over


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(seat_calls, max_size=16), st.sampled_from(SEATS))
def test_1932_never_closes_after_a_call_without_three_passes_in_a_row(calls, dealer):
    # 13.3: closed "door drie opeenvolgende pas-biedingen": an auction 11.3 closes after a bid,
    # double or redouble ends with at least three passes in a row.
    auction = Auction("1932", dealer)
    for seat, call in calls:
        if auction.is_over:
            break
        auction.call(call, seat, accept=True)
    if auction.is_over and auction.contract is not None:
        assert all(call.is_pass for call in auction.calls[-3:])
