"""Write a large PBN file for the streaming and memory tests and for the benchmark.

    python benchmarks/make_large_pbn.py OUT.pbn [--games 100000] [--seed 1999] [--no-play]

The file looks like a tournament archive (ETC 1999 was the model): 36 boards played at many tables,
per game the tags of an export file (some with the value "#", "as in the previous game", PBN 4.8),
the board's deal, an auction drawn at random among the legal calls, the Contract and Declarer tags
that the auction gives, and a play section (the board's, kept verbatim by the reader). A small share of the games is not plain, so that every path of
the reader is taken: about one game in 200 has a brace comment in the auction, one in 500 an
accepted insufficient bid marked ^I, one in 1000 a Contract tag that disagrees with its auction, and
one in 5000 a broken tag pair (the reader reports it and goes on). The same seed gives the same file.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a clone without installing
    sys.path.insert(0, str(REPO))

from bridgelaws.auction import fast  # noqa: E402
from bridgelaws.auction.calls import ALL_CALLS  # noqa: E402

SEATS = "NESW"
RANKS = "AKQJT98765432"
SUITS = "SHDC"
VULNERABLE = ("None", "NS", "EW", "All")


def legal_calls_by_state() -> tuple[dict[int, list[int]], int]:
    """For every state of the 2017 table, the call indices that lead to a live state."""
    table = fast.table("2017")
    moves: dict[int, list[int]] = {}
    for state in table.outcomes:
        moves[state] = [index for index in range(38)
                        if table.transitions[state + index] != table.dead]
    return moves, table.start


def random_auction(rng: random.Random, moves: dict[int, list[int]], start: int) -> bytes:
    """A random legal auction: at each turn a pass with probability one half (real auctions are
    short), else any legal call."""
    table = fast.table("2017")
    state, calls = start, bytearray()
    while table.outcomes[state] == "open":
        options = moves[state]
        index = 0 if rng.random() < 0.5 else rng.choice(options)
        calls.append(index)
        state = table.transitions[state + index]
    return bytes(calls)


CARDS = [suit + rank for suit in SUITS for rank in RANKS]  # card k: suit k // 13, rank k % 13


def random_deal(rng: random.Random) -> list[list[int]]:
    cards = list(range(52))
    rng.shuffle(cards)
    return [sorted(cards[i * 13:(i + 1) * 13]) for i in range(4)]


def deal_text(hands: list[list[int]]) -> str:
    def hand(cards: list[int]) -> str:
        suits = [[], [], [], []]
        for card in cards:
            suits[card // 13].append(RANKS[card % 13])
        return ".".join("".join(suit) for suit in suits)
    return "N:" + " ".join(hand(h) for h in hands)


def auction_lines(calls: bytes, dealer: int) -> list[str]:
    words = [ALL_CALLS[i].pbn() for i in calls]
    # The grid starts with the dealer: no '-' needed. Four calls a line.
    return [" ".join(words[i:i + 4]) for i in range(0, len(words), 4)]


def play_lines(hands: list[list[int]], rng: random.Random) -> list[str]:
    # Not real play (the reader keeps the section verbatim): 13 lines of four cards in seat order.
    columns = [list(h) for h in hands]
    for column in columns:
        rng.shuffle(column)
    return [" ".join(CARDS[columns[seat][trick]] for seat in range(4)) for trick in range(13)] + ["*"]


class Board:
    """A board of the archive: its deal and (shared by the tables, for speed) a play record."""

    def __init__(self, number: int, rng: random.Random):
        self.number = number
        hands = random_deal(rng)
        self.deal = deal_text(hands)
        self.play = play_lines(hands, rng)


def game_text(number: int, rng: random.Random, moves, start, with_play: bool, first_room: bool,
              deal: Board) -> str:
    board = deal.number
    dealer = (board - 1) % 4
    calls = random_auction(rng, moves, start)
    result = fast.contract(calls, SEATS[dealer], "2017")
    contract = str(result.contract) if result.contract else "Pass"
    declarer = str(result.declarer) if result.declarer is not None else ""
    grid = auction_lines(calls, dealer)
    odd = rng.random()
    if odd < 0.001 and result.contract:  # a Contract tag that disagrees with its auction
        contract = "7NT" if contract != "7NT" else "7C"
    elif odd < 0.006 and grid:  # a comment in the auction: read line by line
        grid[0] += " { a comment\nover two lines }"
    elif odd < 0.008:  # an insufficient bid, accepted (PBN 3.9): 1S by the dealer, 1H by the next
        grid = ["1S ^I 1H Pass", "Pass Pass"]
        contract, declarer, with_play = "1H", SEATS[(dealer + 1) % 4], False
    room = ['[Event "Large archive for bridgelaws benchmarks"]', '[Site "Nowhere"]', '[Date "1999.06.13"]']
    lines = room if first_room else ['[Event "#"]', '[Site "#"]', '[Date "#"]']
    if 0.008 <= odd < 0.0082:  # a broken tag pair: one error, then the next game
        lines.append('[Board "x')
    lines += [f'[Board "{board}"]', f'[West "West {number}"]', f'[North "North {number}"]',
              f'[East "East {number}"]', f'[South "South {number}"]', f'[Dealer "{SEATS[dealer]}"]',
              f'[Vulnerable "{VULNERABLE[(board - 1) % 4]}"]', f'[Deal "{deal.deal}"]',
              f'[Declarer "{declarer}"]', f'[Contract "{contract}"]',
              f'[Result "{rng.randint(0, 13) if result.contract else ""}"]',
              f'[Room "{"Open" if first_room else "Closed"}"]', f'[Auction "{SEATS[dealer]}"]']
    lines += grid
    if with_play and result.contract:
        leader = (result.declarer + 1) % 4
        lines.append(f'[Play "{SEATS[leader]}"]')
        lines += deal.play
    return "\n".join(lines)


def write_large_pbn(path: str | Path, games: int = 100_000, seed: int = 1999,
                    with_play: bool = True) -> Path:
    """Write ``games`` games to ``path`` (seeded: the same arguments give the same file)."""
    rng = random.Random(seed)
    moves, start = legal_calls_by_state()
    path = Path(path)
    boards = [Board(number, rng) for number in range(1, 37)]
    with open(path, "w", encoding="ascii", newline="\n") as out:
        out.write("% PBN 2.1\n% EXPORT\n")
        for number in range(1, games + 1):
            board = boards[(number - 1) // 2 % 36]
            first_room = number % 2 == 1
            out.write("\n" + game_text(number, rng, moves, start, with_play, first_room, board) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1999)
    parser.add_argument("--no-play", action="store_true", help="leave out the play sections")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    path = write_large_pbn(args.out, args.games, args.seed, not args.no_play)
    print(f"{path}: {args.games:,} games, {path.stat().st_size / 1e6:.1f} MB "
          f"in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
