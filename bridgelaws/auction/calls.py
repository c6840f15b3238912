"""Seats, denominations and calls, and the parser for one call token.

A call is an interned :class:`Call`; calls compare by rank so that ``Call < Call`` orders bids the way
the texts order them (1932:12, 1936:16, 1949:23, 2017:18.E: clubs < diamonds < hearts < spades <
no-trump). Bids of level 8 and 9 parse too, so that the irregularity "more than seven" (1936:22.6.c)
can be written down; they are never legal.
"""

from __future__ import annotations

import re
import unicodedata
from enum import IntEnum
from typing import Callable

from ..text.errors import BridgeLawsError


class Seat(IntEnum):
    """The four seats, in clockwise order (2007:17.C, 2017:17.C)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @classmethod
    def _missing_(cls, value: object) -> "Seat":
        # Seat(9), Seat("Q"): the package's one error, not the enum's bare ValueError.
        raise BridgeLawsError(f"no seat {value!r}: Seat takes 0 to 3 (N, E, S, W); parse_seat reads words")

    @property
    def lho(self) -> "Seat":
        """The left-hand opponent: the next seat in rotation."""
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> "Seat":
        return _SEATS[(self + 2) % 4]

    @property
    def rho(self) -> "Seat":
        return _SEATS[(self + 3) % 4]

    @property
    def side(self) -> str:
        return "NS" if self in (Seat.N, Seat.S) else "EW"

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def __str__(self) -> str:
        return "NESW"[self]  # the name, read without the enum's descriptor (asked millions of times)


#: The seats by number (a tuple is read faster than the enum's constructor).
_SEATS = tuple(Seat)

SEAT_WORDS = {
    "N": Seat.N, "NORTH": Seat.N, "NOORD": Seat.N, "Z": Seat.S,
    "E": Seat.E, "EAST": Seat.E, "OOST": Seat.E, "O": Seat.E,
    "S": Seat.S, "SOUTH": Seat.S, "ZUID": Seat.S,
    "W": Seat.W, "WEST": Seat.W,
}


def parse_seat(text: str | Seat, where: str = "") -> Seat:
    """``N``/``E``/``S``/``W`` (also the English and Dutch words) to a :class:`Seat`."""
    if isinstance(text, Seat):
        return text
    seat = SEAT_WORDS.get(str(text).strip().upper())
    if seat is None:
        raise BridgeLawsError(f"unknown seat {text!r}{where}: use N, E, S or W")
    return seat


STRAINS = ("C", "D", "H", "S", "NT")
STRAIN_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660", "NT")

PASS_INDEX, DOUBLE_INDEX, REDOUBLE_INDEX = 0, 1, 2
MAX_PARSED_LEVEL = 9


class Call:
    """Pass, double, redouble or a bid. Use :func:`parse_call` or the constants; instances are interned."""

    __slots__ = ("index", "level", "strain")

    def __init__(self, index: int, level: int, strain: int):
        if not _is_call_triple(index, level, strain):
            raise BridgeLawsError(f"no call Call({index!r}, {level!r}, {strain!r}): use parse_call, bid or "
                                  f"call_from_index")
        self.index = index
        self.level = level
        self.strain = strain

    @property
    def is_bid(self) -> bool:
        return self.index > REDOUBLE_INDEX

    @property
    def is_pass(self) -> bool:
        return self.index == PASS_INDEX

    @property
    def is_double(self) -> bool:
        return self.index == DOUBLE_INDEX

    @property
    def is_redouble(self) -> bool:
        return self.index == REDOUBLE_INDEX

    @property
    def is_red(self) -> bool:
        """A bid in diamonds or hearts (printed in red)."""
        return self.is_bid and self.strain in (1, 2)

    @property
    def rank(self) -> int:
        """Order of bids: 1C = 1 ... 7NT = 35 (9NT = 45); 0 for pass, double and redouble."""
        return self.index - REDOUBLE_INDEX if self.is_bid else 0

    def __str__(self) -> str:
        if self.index == PASS_INDEX:
            return "P"
        if self.index == DOUBLE_INDEX:
            return "X"
        if self.index == REDOUBLE_INDEX:
            return "XX"
        return f"{self.level}{STRAINS[self.strain]}"

    def pbn(self) -> str:
        return "Pass" if self.is_pass else str(self)

    def symbol(self) -> str:
        """Display form with suit symbols (``1♥``), as the auction grid shows it."""
        if not self.is_bid:
            return {0: "Pass", 1: "X", 2: "XX"}[self.index]
        return f"{self.level}{STRAIN_SYMBOLS[self.strain]}"

    def __repr__(self) -> str:
        return f"Call({str(self)!r})"

    def __lt__(self, other: "Call") -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[Callable[[int], Call], tuple[int]]:
        return (call_from_index, (self.index,))


def _is_call_triple(index: object, level: object, strain: object) -> bool:
    """(index, level, strain) of a call: 0-2 for pass, double, redouble (level 0, strain -1), else
    the bid of that level (1 to 9) and strain (0 to 4) at its place in rank order."""
    if type(index) is not int or type(level) is not int or type(strain) is not int:
        return False
    if index <= REDOUBLE_INDEX:
        return index >= 0 and level == 0 and strain == -1
    return 1 <= level <= MAX_PARSED_LEVEL and 0 <= strain <= 4 and index == 3 + (level - 1) * 5 + strain


_CALLS: list[Call] = [Call(0, 0, -1), Call(1, 0, -1), Call(2, 0, -1)]
for _level in range(1, MAX_PARSED_LEVEL + 1):
    for _strain in range(5):
        _CALLS.append(Call(len(_CALLS), _level, _strain))

PASS, DOUBLE, REDOUBLE = _CALLS[0], _CALLS[1], _CALLS[2]
#: The 35 bids from 1C to 7NT, in rank order.
BIDS: tuple[Call, ...] = tuple(_CALLS[3:3 + 35])
#: Every call a bidding box offers: pass, double, redouble and the 35 bids.
ALL_CALLS: tuple[Call, ...] = tuple(_CALLS[:3 + 35])
#: Every call that parses, bids of level 8 and 9 included (an edition's range decides which are proper).
EVERY_CALL: tuple[Call, ...] = tuple(_CALLS)


def call_from_index(index: int) -> Call:
    if type(index) is not int or not 0 <= index < len(_CALLS):
        raise BridgeLawsError(f"no call with index {index!r}: the indices are 0 to {len(_CALLS) - 1}")
    return _CALLS[index]


def bid(level: int, strain: int | str) -> Call:
    """The bid of ``level`` (1-9) in ``strain`` (0-4 or ``"C"``..``"NT"``)."""
    if isinstance(strain, str):
        strain = _STRAIN_WORDS.get(strain.upper(), -1)
    if type(level) is not int or type(strain) is not int or not 1 <= level <= MAX_PARSED_LEVEL \
            or not 0 <= strain <= 4:
        raise BridgeLawsError(f"no such bid: level {level}, strain {strain}")
    return _CALLS[3 + (level - 1) * 5 + strain]


# Denomination words: English letters, suit symbols, and the Dutch words of the texts where they
# are unambiguous. "S" alone stays spades (the English letter, as PBN writes it); the Dutch "sans
# atout" is written "SA", "ZT" or "NT". Dutch "H" (harten) and "R" (ruiten) coincide with or do not
# clash with the English letters; "K" (klaveren) is accepted; "S" for schoppen is the same letter.
_STRAIN_WORDS = {
    "C": 0, "CLUB": 0, "CLUBS": 0, "K": 0, "KL": 0, "KLAVER": 0, "KLAVEREN": 0, "\u2663": 0, "\u2667": 0,
    "D": 1, "DIAMOND": 1, "DIAMONDS": 1, "R": 1, "RUITEN": 1, "\u2666": 1, "\u2662": 1,
    "H": 2, "HEART": 2, "HEARTS": 2, "HARTEN": 2, "\u2665": 2, "\u2661": 2,
    "S": 3, "SPADE": 3, "SPADES": 3, "SCH": 3, "SCHOPPEN": 3, "\u2660": 3, "\u2664": 3,
    "NT": 4, "N": 4, "NOTRUMP": 4, "NOTRUMPS": 4, "SA": 4, "SANSATOUT": 4, "ZT": 4,
    "ZONDERTROEF": 4,
}
_SPECIAL_WORDS: dict[str, Call | None] = {
    "P": PASS, "PASS": PASS, "PAS": PASS, "-": None, "AP": None,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE, "DOUBLET": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE, "REDOUBLET": REDOUBLE,
}
_SPECIAL: dict[str, Call] = {k: v for k, v in _SPECIAL_WORDS.items() if v is not None}
_BID_RE = re.compile(r"([0-9])(.+)")


def _fold(token: str) -> str:
    # Drop accents, spaces, hyphens and apostrophes so "Sans-Atout" and "zonder troef" both read SA/ZT.
    text = unicodedata.normalize("NFKD", token)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[\s\-_']", "", text).upper()


def parse_call(token: str | Call, position: int | None = None) -> Call:
    """Parse one call: ``P``/``Pass``/``pas``, ``X``, ``XX``, ``1C``..``7NT`` (and 8, 9), ``1N``,
    suit symbols (``1♥``), Dutch denominations (``1SA``, ``2 sans atout``, ``3ZT``, ``4 harten``).

    Raises :class:`BridgeLawsError` naming the token (and its position when given).
    """
    if isinstance(token, Call):
        return token
    where = f" at position {position}" if position is not None else ""
    if not isinstance(token, str):
        raise BridgeLawsError(f"not a call: {token!r}{where}")
    folded = _fold(token)
    if folded in _SPECIAL:
        return _SPECIAL[folded]
    match = _BID_RE.fullmatch(folded)
    if match:
        level = int(match.group(1))
        strain = _STRAIN_WORDS.get(match.group(2))
        if strain is not None and level >= 1:
            return bid(level, strain)
        if strain is not None:
            raise BridgeLawsError(f"bid level 0 in {token!r}{where}: a bid names 1 to 7 tricks")
    raise BridgeLawsError(
        f"cannot read call {token!r}{where}: expected P, X, XX or a bid like 1C, 2H, 3NT")
