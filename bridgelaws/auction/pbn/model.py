"""The games of a PBN file as this package gives them: :class:`Game` with its tags and its auction
section as :class:`AuctionToken` s (the replay of the auction is in :mod:`.replay`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..auction import Auction
from ..calls import Call, Seat
from ..editions import DEFAULT_EDITION, Edition
from .replay import replay
from .sources import _shown
from .tags import _SEAT_LETTERS, _normalise_contract

# DEFAULT_EDITION (editions.py) is the edition Game.auction replays under when none is named, and the
# one under which the reader decides, before any edition is chosen, where the written calls end the
# auction (a call after that end is an error of the file; see grid.py and fastpath.py).
#: The six suffixes and the NAG each one stands for in export format (3.5.3, 3.7).
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


@dataclass(frozen=True)
class AuctionToken:
    """One place of the auction grid, with its annotations.

    ``kind`` is ``"call"`` (Pass, X, XX or a bid), ``"AP"`` (all pass), ``"-"`` (not yet this
    player's turn), ``"+"`` (the next call of an auction to be continued) or ``"*"`` (end of an
    incomplete auction section). ``seat`` is who calls, by the token's place in the grid (for ``AP``
    the first player who passes). ``marks`` are the irregularity marks that belong to the call: one
    ``"^S"`` per player skipped by this call out of rotation, then ``"^I"`` for an accepted
    insufficient bid. ``text`` is the call token as written in the file.
    """

    kind: str
    call: Call | None = None
    seat: Seat | None = None
    marks: tuple[str, ...] = ()
    suffix: str | None = None
    note: int | None = None
    nags: tuple[int, ...] = ()
    text: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)

    @property
    def annotations(self) -> tuple[str, ...]:
        """Suffix, note reference and NAGs as PBN tokens, e.g. ``("!", "=1=", "$13")``."""
        out = [self.suffix] if self.suffix else []
        if self.note is not None:
            out.append(f"={self.note}=")
        out.extend(f"${n}" for n in self.nags)
        return tuple(out)

    def _core(self, canonical: bool) -> str:
        if self.kind == "call" and self.call is not None:
            return self.call.pbn() if canonical or not self.text else self.text
        if self.kind == "AP":
            return "AP" if canonical or not self.text else self.text
        return self.kind

    def _with_marks(self, core: str) -> str:
        if not self.marks and not self.suffix and self.note is None and not self.nags:
            return core  # the usual token: nothing around the call (a tenth of a large report's time)
        parts = list(self.marks) + [core] + list(self.annotations)
        return " ".join(parts)

    def pbn(self) -> str:
        """Canonical PBN text with marks and annotations: ``"^S ^I 1C =2= $13"``."""
        return self._with_marks(self._core(True))

    def written(self) -> str:
        """As in the file (the call token's own spelling), with marks and annotations."""
        return self._with_marks(self._core(False))

    def __str__(self) -> str:
        return self.pbn()


def _new_token(kind: str, call: Call | None, seat: Seat | None, text: str, line: int) -> AuctionToken:
    """An AuctionToken without marks or annotations, built without the frozen dataclass's __init__
    (a third of the time; the reader makes one per call)."""
    token = _object_new(AuctionToken)
    fields = token.__dict__
    fields["kind"] = kind
    fields["call"] = call
    fields["seat"] = seat
    fields["marks"] = ()
    fields["suffix"] = None
    fields["note"] = None
    fields["nags"] = ()
    fields["text"] = text
    fields["line"] = line
    return token


_object_new = object.__new__


#: What the fast reader keeps of a plain auction: (the auction tokens, the Dealer tag, the calls as
#: call indices, whether an AP follows them).
PlainAuction = tuple[tuple[AuctionToken, ...], str, bytes, bool]


@dataclass(eq=False)
class Game:
    """One game of a PBN file: its tags, its parsed auction section, and the rest kept verbatim.

    ``number`` is the game's 1-based position in the file; ``line`` the file line where it starts
    (its first tag, comment or text; ``%`` lines and empty lines do not count). ``tags`` maps tag names to values with ``#``/``##`` resolved (4.8), in file order (values that
    only come from an earlier ``##`` are appended); ``raw_tags`` holds the values as written, only
    for tags present in this game. ``notes`` are the auction's Note tags (index -> text).
    ``sections`` holds the data of every other section (Play, tables, user sections) verbatim,
    keyed by the tag that opens it.
    """

    number: int
    line: int
    tags: dict[str, str]
    raw_tags: dict[str, str]
    auction_tokens: tuple[AuctionToken, ...] = ()
    notes: dict[int, str] = field(default_factory=dict)
    sections: dict[str, str] = field(default_factory=dict)
    file: str = "<text>"
    #: Set by the fast reader: (auction_tokens, Dealer tag, the calls as call indices, whether an AP
    #: follows them) of an auction without irregularity marks; see :func:`game_results`.
    _plain: PlainAuction | None = field(default=None, init=False, repr=False, compare=False)

    # --- identity -------------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self.number, self.tags, self.raw_tags, self.auction_tokens, self.notes, self.sections)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    def __repr__(self) -> str:
        board = f" board {self.board}" if self.board else ""
        return f"<Game {self.number}{board} line {self.line}: {len(self.auction_tokens)} auction tokens>"

    @property
    def where(self) -> str:
        return _where(self.file, self.number, self.board)

    # --- tags this module reads -----------------------------------------------------------------

    @property
    def board(self) -> str | None:
        value = self.tags.get("Board", "")
        return value or None

    @property
    def dealer(self) -> Seat | None:
        """The Dealer tag's seat; None when absent, empty or "?" (unknown)."""
        return _SEAT_LETTERS.get(self.tags.get("Dealer", "").strip().upper())

    @property
    def has_auction(self) -> bool:
        return "Auction" in self.tags

    @property
    def auction_seat(self) -> Seat | None:
        """The seat of the first column of the auction grid (the Auction tag value)."""
        return _SEAT_LETTERS.get(self.tags.get("Auction", "").strip().upper())

    @property
    def recorded_contract(self) -> str | None:
        """The Contract tag, normalised: ``"4SX"``, ``"Pass"``, ``"?"`` (unknown), a denomination
        alone for an end position (3.10), or None when absent or empty."""
        value = self.tags.get("Contract", "").strip()
        if not value:
            return None
        return _normalise_contract(value)

    @property
    def declarer_tag(self) -> str | None:
        """The Declarer tag as given (upper case): ``"S"``, ``"^N"``, ``""``, ``"?"``; None if absent."""
        value = self.tags.get("Declarer")
        return None if value is None else value.strip().upper()

    @property
    def declarer_irregular(self) -> bool:
        """True when the Declarer tag carries ``^``: declarer and dummy were swapped (3.4.13)."""
        return (self.declarer_tag or "").startswith("^")

    @property
    def recorded_declarer(self) -> Seat | None:
        """The player who played the hand as declarer, as the Declarer tag names it."""
        value = (self.declarer_tag or "").lstrip("^")
        return _SEAT_LETTERS.get(value)

    @property
    def auction_declarer(self) -> Seat | None:
        """The declarer the auction must have produced, by the Declarer tag: the tag's seat, or for
        ``^X`` (X is the irregular declarer, dummy and declarer swapped) X's partner."""
        seat = self.recorded_declarer
        if seat is None:
            return None
        return seat.partner if self.declarer_irregular else seat

    # --- auction ---------------------------------------------------------------------------------

    def auction(self, edition: str | Edition = DEFAULT_EDITION) -> Auction:
        """Replay the auction section through the engine of ``edition``.

        A call marked ``^I`` or ``^S`` is recorded as an accepted irregularity (``accept=True``); the
        call after ``^S`` marks is made by the player whose place it has in the grid, out of
        rotation, and rotation continues from him. A call the engine finds irregular without such a
        mark, a mark on a proper call, and an inadmissible double or redouble (which "MUST be taken
        back", 3.9) are errors naming the game and the call. ``AP`` stands for passes until the
        auction is over under ``edition``. What is proper, and why not, is the engine's answer.
        """
        return replay(self, edition)

    # --- convenience -----------------------------------------------------------------------------

    @property
    def auction_strings(self) -> list[str]:
        """The auction tokens as written in the file (with marks and annotations)."""
        return [token.written() for token in self.auction_tokens]


def _where(file: str, number: int, board: str | None) -> str:
    return f"{_shown(file)}: game {number}" + (f" (board {board})" if board else "")
