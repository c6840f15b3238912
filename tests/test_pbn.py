"""Tests of bridgelaws.auction.pbn: PBN reading, replay through the engine, writing, reports.

Expected values come from the PBN 2.1 standard and from working the auctions out by hand (seat by
seat, comments in the fixtures); none was copied from the code's output.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from bridgelaws.auction.calls import Seat, parse_call
from bridgelaws.auction.editions import EDITIONS as ALL_EDITIONS, Edition
from bridgelaws.text.errors import BridgeLawsError
from bridgelaws.auction.pbn import (
    AuctionToken, Game, format_report_lines, game_report, iter_games, read_games, write_games,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pbn"
EDITIONS = tuple(e.year for e in ALL_EDITIONS)
EDITIONS_BY_YEAR = {edition.year: edition for edition in ALL_EDITIONS}


def shared_corpora() -> Path:
    shared = os.environ.get("BRIDGELAWS_SHARED")
    base = Path(shared) if shared else Path(__file__).resolve().parents[2] / "shared"
    return base / "corpora"


def corpus(name: str) -> Path:
    folder = shared_corpora() / name
    if not folder.is_dir():
        pytest.skip(f"real data folder {folder} is absent (set BRIDGELAWS_SHARED to the shared folder)")
    return folder


def one(text: str, **kw) -> Game:
    games = read_games(text, **kw)
    assert len(games) == 1
    return games[0]


def error_of(text: str, name: str = "t.pbn", edition: str | None = None) -> str:
    """The one-line message of the BridgeLawsError that reading (and, given ``edition``, replaying)
    ``text`` raises."""
    with pytest.raises(BridgeLawsError) as info:
        for game in iter_games(text, name=name):
            if edition:
                game.auction(edition)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{name}: game ")
    return message


def without_articles(message: str) -> str:
    """A replay error without the edition's articles (each edition cites its own)."""
    return re.sub(r"(is irregular: [^(]*) \(.*\); an irregular call", r"\1; an irregular call", message)


def calls_of(auction) -> list[str]:
    return [f"{e.seat}:{e.call}" for e in auction.history]


# ----------------------------------------------------------------------------------------------
# Fixture basic.pbn: one feature per game
# ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def basic() -> list[Game]:
    return read_games(FIXTURES / "basic.pbn")


def test_games_are_separated_by_empty_lines_and_comment_blocks_are_not_games(basic):
    # Six games: the isolated brace comment (with an empty line inside it) is not a game.
    assert [g.number for g in basic] == [1, 2, 3, 4, 5, 6]
    assert [g.board for g in basic] == ["1", "2", "3", "4", "5", "6"]
    assert basic[0].line == 3  # the game's first line: its leading brace comment


def test_plain_auction_and_comments(basic):
    game = basic[0]
    assert game.tags["Event"] == "Fixture club night"
    assert game.dealer is Seat.N
    assert game.auction_strings == ["1D", "Pass", "1H", "Pass", "2H", "Pass", "4H", "Pass", "Pass", "Pass"]
    for year in EDITIONS:
        auction = game.auction(year)
        # N 1D, E P, S 1H, W P, N 2H, E P, S 4H, then three passes: South first named hearts.
        assert calls_of(auction)[:3] == ["N:1D", "E:P", "S:1H"]
        assert auction.outcome == "contract"
        assert str(auction.contract) == "4H"
        assert auction.declarer is Seat.S
    assert game.sections == {"Play": "SA S2 S3 S4\n*"}


def test_hash_inherits_previous_value(basic):
    game = basic[1]
    assert game.raw_tags["Event"] == "#" and game.raw_tags["Site"] == "#"
    assert game.tags["Event"] == "Fixture club night"
    assert game.tags["Site"] == "Utrecht"
    assert game.tags["Date"] == "2024.01.15"
    # Game 3 inherits from game 2, which inherited from game 1 (4.8: "this process repeats").
    assert basic[2].tags["Event"] == "Fixture club night"
    assert "Site" not in basic[2].tags


def test_all_pass_note_suffix_nag_and_doubled_contract(basic):
    game = basic[1]
    tokens = game.auction_tokens
    assert [t.kind for t in tokens] == ["call", "call", "call", "call", "AP"]
    one_nt, two_s, double = tokens[1], tokens[2], tokens[3]
    assert one_nt.note == 1 and game.notes == {1: "15-17 points"}
    assert two_s.suffix == "!"
    assert double.nags == (13,)
    assert game.auction_strings == ["Pass", "1NT =1=", "2S !", "X $13", "AP"]
    auction = game.auction("2017")
    # E P, S 1NT, W 2S, N X, and AP = the three passes that end the auction (E, S, W).
    assert calls_of(auction) == ["E:P", "S:1NT", "W:2S", "N:X", "E:P", "S:P", "W:P"]
    assert str(auction.contract) == "2SX" and auction.declarer is Seat.W
    assert auction.history[1].marks == ("=1=",)
    assert auction.history[4].marks == ("AP",)


def test_hyphens_lower_case_redouble_and_n_for_nt(basic):
    game = basic[2]
    assert game.auction_seat is Seat.W and game.dealer is Seat.S
    assert [t.kind for t in game.auction_tokens[:3]] == ["-", "-", "-"]
    assert game.recorded_contract == "1NTXX"
    assert game.declarer_tag == "N"
    auction = game.auction("1936")
    # S pass, W pass, N 1NT, E X, S XX, then W, N, E pass.
    assert calls_of(auction) == ["S:P", "W:P", "N:1NT", "E:X", "S:XX", "W:P", "N:P", "E:P"]
    assert str(auction.contract) == "1NTXX" and auction.declarer is Seat.N
    assert game_report(game)["agrees"] is True


def test_passed_out_game(basic):
    game = basic[3]
    assert game.recorded_contract == "Pass" and game.declarer_tag == ""
    report = game_report(game)
    # All four pass: the next dealer deals in the rubber codes of 1932/1936, passed out in the duplicate codes.
    expected = {"1932": "next-deal", "1936": "next-deal", "1949": "passed-out",
                "2007": "passed-out", "2017": "passed-out"}
    assert {year: report["editions"][year]["outcome"] for year in expected} == expected
    assert all(report["editions"][y]["contract"] is None for y in EDITIONS)
    assert report["agrees"] is True


def test_double_hash_default_and_incomplete_auctions(basic):
    five, six = basic[4], basic[5]
    assert five.tags["Event"] == "Weekend drive" and five.raw_tags["Event"] == "##Weekend drive"
    # Game 6 does not give Event: "use this text in all subsequent games" (4.8).
    assert six.tags["Event"] == "Weekend drive" and "Event" not in six.raw_tags
    assert [t.kind for t in five.auction_tokens][-1] == "*"
    assert five.auction("2017").outcome == "open"
    assert game_report(five)["agrees"] is None  # an incomplete auction cannot be compared
    assert [t.kind for t in six.auction_tokens] == ["call", "call", "+"]
    assert six.auction_tokens[0].suffix == "?!" and six.auction_tokens[1].nags == (200,)
    assert six.auction("1949").next_to_call is Seat.W
    assert six.sections == {"ScoreTable": " 1  420\n 2  170"}


def test_round_trip_of_the_fixtures():
    for name in ("basic.pbn", "irregular.pbn"):
        games = read_games(FIXTURES / name)
        text = write_games(games)
        again = read_games(text)
        assert again == games
        assert [g.auction_strings for g in again] == [[t.pbn() for t in g.auction_tokens] for g in games]
        assert write_games(again) == text


def test_written_auction_is_a_grid_of_four_places():
    text = write_games(read_games(FIXTURES / "irregular.pbn")[2:3], header=False)
    lines = text.splitlines()
    at = lines.index('[Auction "W"]')
    assert lines[at + 1:] == ["1D ^S ^S 1S", "Pass 2S Pass 4S", "AP"]


# ----------------------------------------------------------------------------------------------
# Fixture irregular.pbn: ^I, ^S and the ^ of the Declarer tag
# ----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def irregular() -> list[Game]:
    return read_games(FIXTURES / "irregular.pbn")


def test_insufficient_bid_accepted(irregular):
    game = irregular[0]
    assert game.auction_tokens[2].marks == ("^I",)
    auction = game.auction("2017")
    entry = auction.history[2]
    assert (entry.seat, str(entry.call), entry.irregularity, entry.accepted, entry.marks) == (
        Seat.S, "1H", "insufficient-bid", True, ("^I",))
    assert str(auction.contract) == "4H" and auction.declarer is Seat.N


def test_skipped_dealer(irregular):
    game = irregular[1]
    token = game.auction_tokens[0]
    assert (token.seat, token.marks) == (Seat.E, ("^S",))
    auction = game.auction("1932")
    # N skipped; E 1C out of rotation; rotation continues from East: S P, W 1H, N P, E 2H, ...
    assert calls_of(auction) == ["E:1C", "S:P", "W:1H", "N:P", "E:2H", "S:P", "W:P", "N:P"]
    assert auction.history[0].irregularity == "bid-out-of-rotation" and auction.history[0].accepted
    assert str(auction.contract) == "2H" and auction.declarer is Seat.W


def test_two_players_skipped_and_irregular_declarer(irregular):
    game = irregular[2]
    assert game.auction_tokens[1].marks == ("^S", "^S")
    auction = game.auction("1949")
    assert calls_of(auction)[:2] == ["W:1D", "S:1S"]
    assert str(auction.contract) == "4S" and auction.declarer is Seat.S
    # "^N": North played the hand (declarer and dummy swapped, 3.4.13); the auction's declarer is South.
    assert game.declarer_irregular and game.recorded_declarer is Seat.N
    assert game.auction_declarer is Seat.S
    report = game_report(game)
    assert report["recorded"]["declarer_tag"] == "^N" and report["recorded"]["auction_declarer"] == "S"
    assert report["agrees"] is True


def test_skip_and_insufficient_on_one_call(irregular):
    game = irregular[3]
    assert game.auction_tokens[1].marks == ("^S", "^I")
    assert game.auction_strings[1] == "^S ^I 1C"
    auction = game.auction("2007")
    assert calls_of(auction)[:3] == ["W:1D", "E:1C", "S:P"]
    assert auction.history[1].accepted
    assert str(auction.contract) == "3NT" and auction.declarer is Seat.W


def test_irregular_declarer_that_contradicts_the_auction_is_reported():
    # 1C by South; "^S" would mean South played the hand for North: disagrees.
    game = one('[Dealer "S"]\n[Declarer "^S"]\n[Contract "1C"]\n[Auction "S"]\n1C AP\n')
    report = game_report(game)
    assert report["editions"]["2017"]["contract_agrees"] is True
    assert report["editions"]["2017"]["declarer_agrees"] is False
    assert report["agrees"] is False


# ----------------------------------------------------------------------------------------------
# Errors: one line naming file, game (and board) and the problem
# ----------------------------------------------------------------------------------------------

DEAL_N = '[Board "7"]\n[Dealer "N"]\n[Auction "N"]\n'

ERRORS = [
    # (PBN text, fragment of the message, replay under an edition?)
    (DEAL_N + "1D 1Q\n", "game 1 (board 7): line 4: bad call token '1Q'", False),
    (DEAL_N + "1D 8C\n", "bad call token '8C'", False),
    ('[Auction "N"]\n1D\n', "game 1: line 1: auction section without a Dealer tag before it", False),
    ('[Auction "N"]\n1D\n[Dealer "N"]\n', "without a Dealer tag before it", False),
    ('[Dealer ""]\n[Auction "N"]\n1D\n', "auction section with an empty Dealer tag", False),
    ('[Dealer "Z"]\n', "bad Dealer 'Z'", False),
    ('[Dealer "?"]\n[Auction "N"]\n', "auction section with an unknown (?) Dealer tag", False),
    ('[Dealer "N"]\n[Auction ""]\n', "Auction tag without a seat", False),
    ('[Dealer "#"]\n', "'#' (inherit from the previous game) is not allowed for the Dealer tag", False),
    ('[Contract "##4S"]\n', "not allowed for the Contract tag", False),
    ('[Contract "4Z"]\n', "bad Contract '4Z'", False),
    ('[Contract "8S"]\n', "bad Contract '8S'", False),
    ('[Declarer "Q"]\n', "bad Declarer 'Q'", False),
    ('[Board "x1"]\n', "bad Board 'x1'", False),
    ('[Event "no end]\n', "line 1: unterminated string in the Event tag", False),
    ('[Event "x"]\n{ never closed\n', "line 2: unterminated comment", False),
    ('[Event]\n', "bad tag pair [Event: expected a quoted value", False),
    ('[Event "x"\n[Site "y"]\n', "bad tag pair [Event ...: expected ']'", False),
    ('[event "x"]\n', "bad tag name 'event'", False),
    ('junk\n[Event "x"]\n', "unexpected text 'junk' before the first tag", False),
    ('[Dealer "N"] 1D\n', "unexpected text '1D' after the Dealer tag", False),
    ('[Note "1:x"]\n', "Note tag '1:x' outside the auction or play section", False),
    (DEAL_N + "1D =1= Pass\n", "note reference =1= after '1D' has no [Note \"1:...\"] tag", False),
    (DEAL_N + "1D =1=\n[Note \"40:x\"]\n", "the note index 40 is not between 1 and 32", False),
    (DEAL_N + "1D =1=\n[Note \"1:a\"]\n[Note \"1:b\"]\n", "Note 1 is given twice", False),
    (DEAL_N + "1D\n[Note \"x\"]\n", "bad Note 'x'", False),
    (DEAL_N + "1D =40=\n", "note reference =40= after '1D': the index must be 1 to 32", False),
    (DEAL_N + "1D =1= =2=\n[Note \"1:a\"]\n[Note \"2:b\"]\n", "a second note reference =2=", False),
    (DEAL_N + "1D !!!\n", "a second suffix '!' after '1D' (already '!!')", False),
    (DEAL_N + "1D ! $2\n", "'1D' has two quality annotations", False),
    (DEAL_N + "1D $300\n", "NAG $300 after '1D': a NAG is $0 to $255", False),
    (DEAL_N + "1D $7\n", "NAG $7 after '1D' is for played cards", False),
    (DEAL_N + "1D $x\n", "bad NAG '$x'", False),
    (DEAL_N + "1D =a=\n", "bad note reference '=a='", False),
    (DEAL_N + "=1= 1D\n", "annotation '=1=' does not follow a call", False),
    (DEAL_N + "1D Pass Pass Pass 1H\n", "call '1H' after the auction has ended", False),
    (DEAL_N + "Pass Pass Pass Pass Pass\n", "call 'Pass' after the auction has ended", False),
    (DEAL_N + "1D AP Pass\n", "call 'Pass' after the auction has ended", False),
    (DEAL_N + "1D Pass Pass Pass AP\n", "AP after the auction has ended", False),
    (DEAL_N + "1D + Pass\n", "call 'Pass' after '+'", False),
    (DEAL_N + "1D + +\n", "a second '+'", False),
    (DEAL_N + "1D + *\n", "'*' after '+'", False),
    (DEAL_N + "1D * Pass\n", "call 'Pass' after '*'", False),
    (DEAL_N + "1D - Pass\n", "'-' after the first call", False),
    ('[Dealer "N"]\n[Auction "W"]\n1D\n', "the auction grid starts with West but the dealer is North: "
                                          "expected 1 '-' before the dealer's call, found 0", False),
    ('[Dealer "N"]\n[Auction "N"]\n- 1D\n', "expected 0 '-' before the dealer's call, found 1", False),
    (DEAL_N + "1D ^R 1H\n", "^R marks a revoke: it belongs to the play section", False),
    (DEAL_N + "1D ^Q 1H\n", "bad irregularity mark '^Q'", False),
    (DEAL_N + "^I Pass\n", "^I before 'Pass': ^I marks an insufficient bid", False),
    (DEAL_N + "1D ^I ^S 1C\n", "^S after ^I: ^I must come right before its bid", False),
    (DEAL_N + "1D ^S\n", "^S at the end of the auction", False),
    (DEAL_N + "1D ^S AP\n", "^S before AP", False),
    (DEAL_N + "1D\n[Note \"1:x\"]\nPass\n", "'Pass' after the auction's Note tags", False),
    (DEAL_N + '1D "text"\n', "bad call token '\"text\"' in the auction", False),
    # Replay: the engine finds the call irregular and no mark says it was accepted.
    (DEAL_N + "1D Pass 1C\n", "game 1 (board 7): line 4: call 3 (South 1C): South's 1C is irregular: "
                              "1C does not rank above 1D", True),
    (DEAL_N + "1D Pass 1C\n", "must be marked ^I (insufficient) or ^S (out of rotation) (PBN 3.9)", True),
    (DEAL_N + "1D Pass X\n", "call 3 (South X): South's X is irregular: the last bid was made by partner", True),
    (DEAL_N + "1D X XX XX\n", "call 4 (West XX): West's XX is irregular", True),
    (DEAL_N + "1D ^I 1S\n", "call 2 (East ^I 1S): marked ^I but 1S is sufficient over 1D", True),
    (DEAL_N + "^S 1D ^S 1C\n", "call 2 (West ^S 1C): 1C is insufficient over 1D and not marked ^I", True),
    # The reason is the engine's (Auction.irregularity), with the edition's article.
    (DEAL_N + "1D ^S X\n", "call 2 (South ^S X): the last bid was made by partner, not by an opponent (", True),
    (DEAL_N + "1D ^S X\n", "; an irregular double or redouble cannot stand, it must be taken back (PBN 3.9)",
     True),
    (DEAL_N + "1D ^S ^S ^S ^S Pass\n", "marked ^S but it is East's turn: no player was skipped", True),
]


@pytest.mark.parametrize("text, fragment, replay", ERRORS)
def test_error_messages(text, fragment, replay):
    message = error_of(text, edition="2017" if replay else None)
    assert fragment in message, message


def test_replay_errors_are_the_same_under_every_edition():
    text = DEAL_N + "1D Pass 1C\n"
    game = one(text)
    messages = set()
    for year in EDITIONS:
        with pytest.raises(BridgeLawsError) as info:
            game.auction(year)
        messages.add(without_articles(str(info.value)))
    assert len(messages) == 1


# Made-up editions: the replay asks the edition's engine, so a text that changed a mechanic would be
# read its own way (issue 10, section 2). Neither is a real text.

class _TwoPassesEndRules(Edition):
    """Two passes after a call end the auction (four with no call, as in every real text)."""

    def auction_ends(self, any_call: bool, passes_since: int) -> bool:
        return passes_since >= (2 if any_call else 4)


class _DoublingPartnerRules(Edition):
    """A player may double his partner's bid."""

    def may_double(self, doubled: int, bid_by_opponent: bool) -> bool:
        return doubled == 0


def _TwoPassesEnd() -> Edition:
    return _TwoPassesEndRules.like("2017", year="2997")


def _DoublingPartner() -> Edition:
    return _DoublingPartnerRules.like("2017", year="2999")


def test_all_pass_stands_for_the_passes_the_edition_needs():
    game = one(DEAL_N + "1D AP\n")
    assert str(game.auction("2017")) == "1D P P P"
    made_up = game.auction(_TwoPassesEnd())
    assert str(made_up) == "1D P P" and made_up.outcome == "contract"
    assert str(one(DEAL_N + "AP\n").auction(_TwoPassesEnd())) == "P P P P"


def test_game_results_complete_all_pass_per_edition():
    from bridgelaws.auction.pbn.report import _quick_results

    game = one(DEAL_N + "1D 1S AP\n")
    editions = (_TwoPassesEnd(), EDITIONS_BY_YEAR["2017"])
    got = _quick_results(bytes([parse_call("1D").index, parse_call("1S").index]), True, Seat.N, editions)
    for edition, result in zip(editions, got):
        auction = game.auction(edition)
        assert tuple(result) == (auction.outcome, auction.contract, auction.declarer)
    assert [len(game.auction(e)) for e in editions] == [4, 5]


def test_a_marked_double_is_judged_by_the_editions_engine():
    # South doubles his partner's 1D out of rotation (^S: East skipped): inadmissible in every real
    # text, proper under the made-up rule, so it stands there as an accepted call out of rotation.
    game = one(DEAL_N + "1D ^S X\n")
    with pytest.raises(BridgeLawsError, match="the last bid was made by partner"):
        game.auction("2017")
    entry = game.auction(_DoublingPartner()).history[-1]
    assert (entry.seat, entry.irregularity, entry.accepted) == (Seat.S, "double-out-of-rotation", True)


def test_unreadable_file_is_a_bridgelaws_error(tmp_path):
    with pytest.raises(BridgeLawsError, match="cannot read PBN file .*missing.pbn"):
        read_games(tmp_path / "missing.pbn")


def test_game_without_auction_cannot_be_replayed():
    game = one('[Board "2"]\n[Contract "Pass"]\n', name="t.pbn")
    with pytest.raises(BridgeLawsError, match=r"^t.pbn: game 1 \(board 2\): the game has no Auction"):
        game.auction("2017")
    report = game_report(game)
    assert report["auction"] is None and report["editions"]["2017"]["agrees"] is None


def test_errors_keep_goes_on_with_the_next_game():
    results = list(iter_games(FIXTURES / "errors.pbn", errors="keep"))
    kinds = [type(r).__name__ for r in results]
    assert kinds == ["BridgeLawsError", "Game", "BridgeLawsError", "BridgeLawsError"]
    first, game, dealer, note = results
    assert (first.game_number, first.board, first.line) == (1, "1", 2)
    assert "errors.pbn: game 1 (board 1): line 5: bad call token '1Q'" in str(first)
    assert game.number == 2 and game_report(game)["agrees"] is True
    assert "game 3 (board 3): line 15: bad Dealer 'Z'" in str(dealer)
    assert "game 4 (board 4): line 20: note reference =2=" in str(note)
    with pytest.raises(BridgeLawsError, match="bad call token '1Q'"):
        read_games(FIXTURES / "errors.pbn")


# ----------------------------------------------------------------------------------------------
# Reader details
# ----------------------------------------------------------------------------------------------

def test_sources_path_text_bytes_and_files(tmp_path):
    text = (FIXTURES / "basic.pbn").read_text()
    expected = read_games(FIXTURES / "basic.pbn")
    assert read_games(str(FIXTURES / "basic.pbn")) == expected
    assert read_games(text) == expected
    assert read_games(text.encode("latin-1")) == expected
    assert read_games(io.StringIO(text)) == expected
    assert read_games(io.BytesIO(text.replace("\n", "\r\n").encode())) == expected
    with open(FIXTURES / "basic.pbn", "rb") as handle:
        assert read_games(handle) == expected


def test_latin1_and_escapes_in_strings():
    game = one('[West "Gr\xe9goire \\"Greg\\" \\\\ x"]\n'.encode("latin-1"))
    assert game.tags["West"] == 'Gr\xe9goire "Greg" \\ x'
    assert read_games(write_games([game])) == [game]


def test_tags_spread_over_lines_and_several_on_a_line():
    game = one(' [\n   Event\n   "new lines"\n ] [Site "b"] [Board "4"]\n')
    assert game.tags == {"Event": "new lines", "Site": "b", "Board": "4"}


def test_percent_lines_are_ignored_and_do_not_end_a_game():
    game = one('[Board "1"]\n%\n% a remark\n[Dealer "E"]\n')
    assert game.tags == {"Board": "1", "Dealer": "E"}


def test_brace_comment_keeps_a_game_together_across_an_empty_line():
    games = read_games('[Board "1"] {\n\n}\n[Dealer "S"]\n\n[Board "2"]\n')
    assert [g.tags for g in games] == [{"Board": "1", "Dealer": "S"}, {"Board": "2"}]


def test_seats_in_lower_case_with_spaces_and_unknown_dealer():
    game = one('[Dealer " e "]\n[Auction "e"]\n1s ap\n')
    assert game.dealer is Seat.E and game.auction("2017").declarer is Seat.E
    assert one('[Dealer "?"]\n').dealer is None  # "?" = unknown (3.4), fine without an auction


def test_a_repeated_tag_is_ignored():
    # "In import format, a tag pair that already occurred, is ignored." (3.4)
    game = one('[Dealer "N"]\n[Dealer "S"]\n[Auction "N"]\n1D AP\n')
    assert game.dealer is Seat.N and game.auction("2017").declarer is Seat.N


def test_stray_bracket_in_a_kept_section_is_data():
    game = one('[Board "1"]\n[MyTable "A;B"]\n1 [\n2 ]\n')
    assert game.sections == {"MyTable": "1 [\n2 ]"}


def test_auction_token_equality_ignores_spelling():
    a = one('[Dealer "N"]\n[Auction "N"]\npass 1n ap\n').auction_tokens
    b = one('[Dealer "N"]\n[Auction "N"]\nPass 1NT AP\n').auction_tokens
    assert a == b and a[0].text == "pass" and a[0].pbn() == "Pass" and a[1].written() == "1n"


def test_auction_token_is_public():
    token = AuctionToken("call", text="1C")
    assert token.kind == "call"


class _GeneratedStream(io.TextIOBase):
    """A text stream that makes ``count`` games on the fly and counts the lines handed out."""

    def __init__(self, count: int):
        self.count, self.lines_read = count, 0
        self._lines = self._generate()

    def _generate(self):
        for board in range(1, self.count + 1):
            yield from (f'[Board "{board}"]\n', '[Dealer "N"]\n', '[Declarer "S"]\n',
                        '[Contract "3NT"]\n', '[Auction "N"]\n', "Pass Pass 1NT Pass\n",
                        "3NT AP\n", "\n")

    def readable(self):
        return True

    def readline(self, size=-1):
        line = next(self._lines, "")
        if line:
            self.lines_read += 1
        return line

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def test_reading_is_lazy_game_by_game():
    stream = _GeneratedStream(100_000)
    games = iter_games(stream)
    first = next(games)
    assert first.board == "1" and stream.lines_read <= 9
    for _ in range(999):
        next(games)
    assert stream.lines_read <= 1000 * 8 + 1  # never more than the game being read


def test_memory_is_bounded_by_one_game():
    import tracemalloc

    def peak(count: int) -> int:
        tracemalloc.start()
        for game in iter_games(_GeneratedStream(count)):
            game.auction("2017")
        peak_bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak_bytes

    small, large = peak(100), peak(1500)
    assert large < small * 2 + 200_000


# ----------------------------------------------------------------------------------------------
# Report
# ----------------------------------------------------------------------------------------------

def test_game_report_and_table(basic):
    report = game_report(basic[1], ["1949", "2017"])
    assert report["board"] == "2" and report["dealer"] == "E"
    assert report["auction"] == ["Pass", "1NT =1=", "2S !", "X $13", "AP"]
    assert report["recorded"] == {"contract": "2SX", "declarer_tag": "W", "declarer": "W",
                                  "declarer_irregular": False, "auction_declarer": "W"}
    assert list(report["editions"]) == ["1949", "2017"]
    assert report["editions"]["1949"] == {
        "outcome": "contract", "contract": "2SX", "declarer": "W", "contract_agrees": True,
        "declarer_agrees": True, "agrees": True, "error": None}
    lines = format_report_lines([game_report(g) for g in basic])
    assert lines[0].split() == ["game", "board", "dealer", "recorded", *EDITIONS]
    assert lines[1].split() == ["1", "1", "N", "4H", "S"] + ["4H", "S", "ok"] * len(EDITIONS)
    assert "auction: Pass 1NT =1= 2S ! X $13 AP" in lines[4]
    assert lines[-1] == "6 games: 4 agree with their tags under every edition"


def test_report_of_a_replay_error_and_of_a_disagreement():
    bad = one('[Board "9"]\n[Dealer "N"]\n[Auction "N"]\n1D Pass 1C\n')
    report = game_report(bad)
    assert report["agrees"] is False
    assert "South's 1C is irregular" in report["editions"]["1932"]["error"]
    differs = one('[Board "8"]\n[Dealer "S"]\n[Declarer "N"]\n[Contract "1C"]\n[Auction "S"]\n1C AP\n')
    lines = format_report_lines([game_report(bad), game_report(differs)])
    assert any("error: <text>: game 1 (board 9)" in line for line in lines)
    assert lines[-1] == "2 games: 0 agree with their tags under every edition; 2 disagree: " \
                        "game 1 (board 9), game 1 (board 8)"


# ----------------------------------------------------------------------------------------------
# Robustness: nothing but BridgeLawsError, whatever the text
# ----------------------------------------------------------------------------------------------

def test_mutated_fixtures_raise_only_bridgelaws_errors():
    pytest.importorskip("hypothesis")
    from hypothesis import given, settings, strategies as st

    base = (FIXTURES / "basic.pbn").read_text() + "\n" + (FIXTURES / "irregular.pbn").read_text()
    alphabet = st.sampled_from(list('[]{}";%^=$!?*+-#\n \tNESWXPass1234567CDHSTAI\\'))

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.integers(0, len(base)), st.integers(0, 8), st.text(alphabet, max_size=6))
    def check(position, cut, insert):
        text = base[:position] + insert + base[position + cut:]
        for item in iter_games(text, errors="keep"):
            if isinstance(item, Game):
                try:
                    game_report(item)
                    read_games(write_games([item]))
                except BridgeLawsError:
                    pass

    check()


# ----------------------------------------------------------------------------------------------
# Real data: ETC 1999 (34 files, 1,160 auctions)
# ----------------------------------------------------------------------------------------------

#: Games whose tags contradict their own auction: errors in the source files, not in the engine.
#: (file, board, room) -> the reason, worked out by reading the auction.
ETC1999_SOURCE_ERRORS = {
    ("A1A10303.PBN", "8", "Open"):
        "the whole auction is inside a brace comment, so the auction section has no calls; the "
        "commented auction (W 1D, N Pass, E 1H, S Pass, W 1NT, N X, E Pass, S 2S, three passes) "
        "ends in 2S by South, but the tags say 1NT by East (with Score NS 50 and South leading)",
    ("A1A13737.PBN", "3", "Open"):
        "the auction 1NT X XX Pass Pass 2C Pass 2H Pass Pass Pass ends in 2H by East, but the tags "
        "say 4H by East; Score NS -710 (4H+3) agrees with the tags, so the vugraph record of the "
        "auction misses the calls that reached 4H",
}

#: The four games whose Declarer tag carries '^': (file, board, room) -> (tag, auction's declarer).
ETC1999_IRREGULAR_DECLARERS = {
    ("A1A13636.PBN", "7", "Open"): ("^E", Seat.W),
    ("A1A13636.PBN", "11", "Closed"): ("^W", Seat.E),
    ("A1A10101.PBN", "6", "Closed"): ("^N", Seat.S),
    ("A1A10606.PBN", "10", "Open"): ("^S", Seat.N),
}


def test_etc1999_engine_agrees_with_contract_and_declarer_tags():
    folder = corpus("etc1999")
    files = sorted(folder.glob("*.PBN"))
    assert len(files) == 34
    auctions = 0
    disagree: dict[tuple, list] = {}
    irregular: dict[tuple, tuple] = {}
    for path in files:
        for game in iter_games(path):
            if not game.has_auction:
                continue
            auctions += 1
            key = (path.name, game.board, game.tags.get("Room"))
            if game.declarer_irregular:
                irregular[key] = (game.declarer_tag, game.auction_declarer)
            for year in EDITIONS:
                auction = game.auction(year)
                contract = auction.contract
                engine = (str(contract) if contract else "Pass", contract.declarer if contract else None)
                recorded = (game.recorded_contract,
                            None if game.declarer_tag == "" else game.auction_declarer)
                if auction.outcome == "open" or engine != recorded:
                    disagree.setdefault(key, []).append(year)
    assert auctions == 1160
    assert set(disagree) == set(ETC1999_SOURCE_ERRORS)
    assert all(years == list(EDITIONS) for years in disagree.values())
    assert irregular == ETC1999_IRREGULAR_DECLARERS


def test_etc1999_round_trip():
    folder = corpus("etc1999")
    for path in sorted(folder.glob("*.PBN")):
        games = read_games(path)
        assert read_games(write_games(games)) == games, path.name


# ----------------------------------------------------------------------------------------------
# Real data: the PBN Verifier's test files
# ----------------------------------------------------------------------------------------------

def verifier_numbers(path: Path) -> list[tuple[int, int]]:
    """(line, number) of the '% ===== game N =====' headers of a verifier file."""
    out = []
    for number, line in enumerate(path.read_text(encoding="latin-1").split("\n"), start=1):
        match = re.match(r"% =+ game (\d+) =+", line)
        if match:
            out.append((number, int(match.group(1))))
    return out


def outcomes(path: Path) -> dict[int, tuple]:
    """For each verifier game number: ('imports', report) or ('error', message)."""
    headers = verifier_numbers(path)
    result: dict[int, tuple] = {}
    for item in iter_games(path, errors="keep"):
        line = item.line
        number = max(n for at, n in headers if at < line)
        if isinstance(item, BridgeLawsError):
            assert str(path.name) in str(item) and f"game {item.game_number}" in str(item)
            result[number] = ("error", str(item))
            continue
        report = game_report(item)  # raises nothing: replay errors are in the report
        errors = {without_articles(e["error"]) for e in report["editions"].values() if e["error"]}
        if errors:
            assert len(errors) == 1
            result[number] = ("replay-error", errors.pop())
        else:
            result[number] = ("imports", report)
    return result


def test_verifier_correct_files_import_and_replay():
    folder = corpus("pbn-verifier")
    counts = {}
    for name in ("correct_10.pbn", "correct_20.pbn", "correct_21.pbn"):
        path = folder / name
        result = outcomes(path)
        assert {kind for kind, _ in result.values()} == {"imports"}, name
        assert sorted(result) == sorted({n for _, n in verifier_numbers(path)})
        for report in (r for _, r in result.values()):
            assert report["agrees"] in (True, None)
        games = read_games(path)
        assert read_games(write_games(games)) == games
        counts[name] = (len(games), sum(g.has_auction for g in games))
    assert counts == {"correct_10.pbn": (31, 6), "correct_20.pbn": (46, 18), "correct_21.pbn": (2, 1)}


IMPORTS = ("imports", None)


def error(fragment):
    return ("error", fragment)


def replay(fragment):
    return ("replay-error", fragment)


def differs(contract: bool, declarer: bool):
    """Imports; the report shows the tags disagree with the auction (contract and/or declarer)."""
    return ("imports", (not contract, not declarer))


#: errors_10.pbn: verifier game -> expected outcome, and why. Games whose deliberate error is in data
#: this project does not read (other tags' values, the play section, tables) import; an error in
#: the data it reads (Dealer, Auction, Contract, Declarer, Note, Board) or in the file's structure
#: (tag pairs, strings, comments) is a BridgeLawsError; a tag that contradicts its auction imports
#: and is shown as a disagreement by game_report (as for the real files).
ERRORS_10 = {
    1: (IMPORTS, "unknown tag name: other tags are kept, not validated"),
    2: (error("line 11: bad tag pair [Event: expected a quoted value, found ']'"), "tag pair without a value"),
    3: (error("line 15: bad tag pair [Event: expected a quoted value, found 'No_quotes'"), "value not quoted"),
    4: (IMPORTS, "tab inside the Event value: Event is not validated"),
    5: (IMPORTS, "Round value"), 6: (IMPORTS, "Round value"),
    7: (IMPORTS, "Date value"), 8: (IMPORTS, "Date value"),
    9: (error("line 39: bad Dealer 'Black'"), "Dealer must be N, E, S or W"),
    10: (IMPORTS, "Vulnerable value"),
    **{n: (IMPORTS, "Deal value") for n in range(11, 19)},
    19: (error("line 79: bad Declarer 'White'"), "Declarer must be a seat"),
    20: (error("line 83: bad Contract '5Hearts'"), "Contract denomination"),
    21: (error("line 87: bad Contract '5NoTrump'"), "Contract denomination"),
    22: (IMPORTS, "Result value"),
    23: (error("line 95: unexpected text 'bad' before the first tag"), "text that is no token of PBN"),
    24: (error("line 102: auction section without a Dealer tag"), "auction with no Dealer"),
    25: (IMPORTS, "Deal missing before the play section: the play section is not read"),
    26: (IMPORTS, "Declarer missing before the play section: the play section is not read"),
    27: (IMPORTS, "Contract missing before the play section: the play section is not read"),
    28: (error("game 28 (board 1): line 159: the auction grid starts with West but the dealer is North: "
                "expected 1 '-'"), "the repeated Site tag is ignored (3.4); the grid misses its '-'"),
    29: (error("line 168: the auction grid starts with West but the dealer is North: expected 1 '-' "
                "before the dealer's call, found 2"), "one '-' too many"),
    30: (error("line 177: bad call token '1'"), "a bid without denomination"),
    31: (IMPORTS, "'1N' is read as 1NT (the project accepts N for NT in calls); the verifier "
                  "calls it a bad trump"),
    32: (replay("call 2 (East 1C): East's 1C is irregular: 1C does not rank above 1D"),
         "insufficient bid without ^I"),
    33: (replay("call 3 (South X): South's X is irregular: the last bid was made by partner"),
         "double of partner's bid"),
    34: (replay("call 4 (West XX): West's XX is irregular: the double was made by partner"),
         "redouble of partner's double"),
    35: (error("line 223: a second suffix '!' after '1C' (already '!!')"), "'!!!' is two suffixes"),
    36: (differs(contract=True, declarer=False), "Declarer N, the auction's declarer is South"),
    37: (differs(contract=True, declarer=False), "Declarer W, the auction's declarer is South"),
    38: (differs(contract=True, declarer=False), "'^S' means South played for North: the auction "
                                                  "would need North as declarer"),
    39: (differs(contract=False, declarer=True), "Contract 1D, the auction ends in 1C"),
    40: (differs(contract=False, declarer=True), "Contract Pass (no Declarer tag), the auction ends in 1C"),
    41: (differs(contract=False, declarer=False), "Contract Pass and Declarer \"\", the auction ends in 1C by S"),
    42: (differs(contract=False, declarer=True), "Contract 1CX, the auction ends undoubled"),
    43: (differs(contract=False, declarer=True), "Contract 1C, the auction ends in 1CX"),
    **{n: (IMPORTS, "play section (cards, suffixes, NAGs, notes, ^R/^L): not read") for n in range(44, 54)},
    54: (IMPORTS, "Result and Declarer of a game without auction or play"),
    55: (IMPORTS, "Result of a game without auction or play"),
    56: (error("line 529: bad Note '0: illegal note index': the note index 0 is not between 1 and 32"),
         "note index out of range"),
    57: (error("line 564: note reference =3= after 'X' has no [Note \"3:...\"] tag"), "note without Note tag"),
    58: (replay("call 2 (East ^I 1S): marked ^I but 1S is sufficient over 1D"), "^I on a sufficient bid"),
    59: (error("line 654: '3H' has two quality annotations ($1, $2"), "suffix ! and NAG $2 on one call"),
    60: (IMPORTS, "Result value"), 61: (IMPORTS, "Result value"),
    62: (error("line 772: Dealer tag value '#': '#' (inherit from the previous game) is not allowed"),
         "'#' is forbidden for Dealer (4.8)"),
    **{n: (IMPORTS, "score tag values") for n in range(63, 68)},
    68: (IMPORTS, "line length is not checked"),
    69: (IMPORTS, "control characters in the Description value: not validated"),
    70: (IMPORTS, "values of Scoring/Mode/Competition/WestType"),
    71: (IMPORTS, "'% EXPORT' on an import-format game: escape lines are ignored"),
    72: (IMPORTS, "bad Note values in the play section: play notes are kept verbatim, not read"),
    73: (IMPORTS, "bad card ranks in the play section"),
    74: (error("line 955: unterminated string in the Note tag"),
         "a play Note without its closing quote breaks the tag pair"),
}

ERRORS_20 = {
    1: (IMPORTS, "Scoring value"), 2: (IMPORTS, "Scoring value"),
    **{n: (IMPORTS, "Vulnerable vs ScoreRubberHistory: not read") for n in range(3, 7)},
    7: (IMPORTS, "'+' in the play section: not read"), 8: (IMPORTS, "'+' in the play section: not read"),
    9: (error("line 66: a second '+'"), "'+ +' in the auction"),
    10: (error("line 79: call 'Pass' after '+'"), "a call after '+'"),
    11: (error("line 92: call '6S' after '+'"), "calls after '+'"),
    12: (error("line 97: unterminated string in the ActionTable tag"), "'\\\"' escapes the closing quote (3.2)"),
    13: (error("line 100: unterminated string in the ActionTable tag"), "no closing quote"),
    14: (IMPORTS, "ActionTable column syntax: not read"),
    15: (IMPORTS, "';' in table data is a comment for this reader"),
    16: (IMPORTS, "'%' not in the first column is table data"),
    17: (IMPORTS, "stray '[' in table data: kept verbatim"),
    18: (IMPORTS, "stray ']' in table data: kept verbatim"),
    19: (IMPORTS, "the '{' of game 19 opens a brace comment that runs to the '}' of game 20 (3.8: a "
                  "brace comment ends at the next '}' and may hold empty lines): one game"),
    20: (None, "inside game 19's comment"),
    21: (IMPORTS, "table data"), 22: (IMPORTS, "table data"), 23: (IMPORTS, "'#' for a table tag"),
}

ERRORS_21 = {1: (IMPORTS, "OptimumScore value"), 2: (IMPORTS, "OptimumScore value")}


@pytest.mark.parametrize("name, table", [("errors_10.pbn", ERRORS_10), ("errors_20.pbn", ERRORS_20),
                                         ("errors_21.pbn", ERRORS_21)])
def test_verifier_error_files(name, table):
    path = corpus("pbn-verifier") / name
    result = outcomes(path)
    assert sorted(result) == sorted(n for n, (expected, _) in table.items() if expected is not None)
    for number, ((kind, detail), why) in ((n, v) for n, v in table.items() if v[0] is not None):
        got_kind, got = result[number]
        assert got_kind == kind, (number, why, got)
        if kind in ("error", "replay-error"):
            assert f"{name}: game " in got and detail in got, (number, got)
        elif detail is not None:  # a disagreement
            wrong_contract, wrong_declarer = detail
            entry = got["editions"]["2017"]
            assert (entry["contract_agrees"] is False, entry["declarer_agrees"] is False) == (
                wrong_contract, wrong_declarer), (number, why, entry)
            assert got["agrees"] is False
        else:
            assert got["agrees"] in (True, None), (number, why, got)
