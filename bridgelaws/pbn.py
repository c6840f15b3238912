"""Reading and writing the auction data of PBN files (Portable Bridge Notation 1.0 - 2.1).

The reader follows the PBN 2.1 standard (Tis Veugen, 2017; the chapter numbers below are its own):

* Games (ch. 3): a game ends at a semi-empty line (empty, or only spaces/tabs), except inside a brace
  comment. A block that has no tag yet (only comments, or nothing) does not end there: its comments
  belong to the game whose first tag follows. A line with ``%`` in the first column is ignored
  (2.4). Comments are ``{...}`` (may span lines, do not nest) and ``;`` to the end of the line (3.8).
* Tag pairs ``[Name "value"]`` (3.3), with the string escapes ``\\"`` and ``\\\\`` (3.2); import format
  allows spaces and line breaks between the four tokens and several tags on a line. A tag that
  already occurred in the game is ignored (3.4).
* Tag value inheritance (4.8): ``"#"`` takes the value of the same tag in the nearest previous game
  (``""`` if none); ``"##text"`` sets the value and makes it the value of every later game that does
  not give the tag. ``#`` is forbidden for Dealer, Declarer, Contract, Auction and Note (an error
  here) and for Vulnerable, Deal, Play (kept verbatim, not resolved: this module does not read them).
* The auction section (3.5): ``[Auction "<seat>"]`` then call tokens ``Pass``, ``X``, ``XX``,
  ``<k><denomination>`` (``NT``; ``N`` is read as NT too), ``AP`` (all players pass: the passes that
  end the auction), ``-`` (it is not yet this player's turn: the players before the dealer when the
  grid starts at another seat), each optionally followed by a suffix (``! ? !! ?? !? ?!``), a note
  reference ``=n=`` and NAGs ``$n`` (3.5.2-3.5.4, 3.7); ``*`` ends an incomplete auction section and
  ``+`` stands for the next call of an auction to be continued; the ``Note`` tags ``"n:text"`` follow
  the calls (3.5.5). Lower case is accepted (3.11).
* Irregularities (3.9): ``^I`` precedes an insufficient bid that was accepted; ``^S`` stands in the
  place of a player who could not call because another player called out of rotation. Both are
  kept as marks on the call they belong to (a ``^S`` belongs to the out-of-rotation call after it).
  ``Declarer "^N"``: "the declarer and the dummy are swapped ... The tag value becomes a caret (^)
  followed by the direction of the irregular declarer" (3.4.13): North played the hand, so the
  declarer the auction names is North's partner, South.

Sections this module does not read (Play, supplemental tables, user sections) are kept verbatim, so
:func:`write_games` can write them back.

Speed: a file is read in pieces of a megabyte (bounded memory whatever its size); a game of the plain
shape of most archives (one tag pair a line, no comments) is read with a few regular expressions,
any other game line by line by the reference reader, with the same result (tests/test_fuzz.py and
tests/test_large_input.py compare them). :func:`game_results` gives every edition's contract and
declarer of a game through the transition tables of :mod:`bridgelaws.fast`. Every problem is a :class:`BridgeLawsError` whose one line
names the file, the game number (and board when known), the line, and the problem.
"""

from __future__ import annotations

import io
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .auction import Auction
from .calls import DOUBLE, PASS, REDOUBLE, Call, Seat, bid
from .editions import Edition, find_editions
from .errors import BridgeLawsError

__all__ = [
    "AuctionToken", "Game", "iter_games", "read_games", "write_games", "game_report", "game_results",
    "format_report_lines", "ReportTable", "SUFFIX_NAGS",
]

#: The six suffixes and the NAG each one stands for in export format (3.5.3, 3.7).
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
#: NAGs that may only annotate played cards (3.7).
_CARD_NAGS = frozenset(range(7, 13)) | {14}
#: Tags whose value "#" / "##" is forbidden (4.8) and that this module reads: an error.
_NO_INHERIT_READ = frozenset({"Dealer", "Declarer", "Contract", "Auction", "Note"})
#: Tags whose "#" is forbidden but that this module does not read: kept verbatim, not resolved.
_NO_INHERIT_KEPT = frozenset({"Vulnerable", "Deal", "Play"})
#: Identification tags this module reads: no section data may follow them.
_READ_TAGS = frozenset({"Dealer", "Declarer", "Contract", "Board"})

_TOKEN_RE = re.compile(r"""
    (?P<ws>[ \t\v\f\r]+)
  | (?P<semi>;.*)
  | (?P<brace>\{)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<badstring>".*)
  | (?P<lbrack>\[)
  | (?P<rbrack>\])
  | (?P<note>=[0-9]+=)
  | (?P<badnote>=[^\s=]*=?)
  | (?P<nag>\$[0-9]+)
  | (?P<badnag>\$[^\s]*)
  | (?P<suffix>[!?]{1,2})
  | (?P<irreg>\^[A-Za-z]?)
  | (?P<star>\*)
  | (?P<plus>\+)
  | (?P<word>[A-Za-z0-9_\-]+)
  | (?P<other>[^\s\[\]{};"=$!?^*+A-Za-z0-9_\-]+)
""", re.VERBOSE)

_CALL_RE = re.compile(r"([1-7])(C|D|H|S|NT|N)", re.IGNORECASE)
_CONTRACT_RE = re.compile(r"([1-7])(C|D|H|S|NT|N)(X{0,2})", re.IGNORECASE)
_TRUMP_RE = re.compile(r"(C|D|H|S|NT)", re.IGNORECASE)  # end positions (3.10)
_NOTE_VALUE_RE = re.compile(r"\s*([0-9]+)\s*:(.*)", re.DOTALL)
_SEAT_LETTERS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}
_STRAIN_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "N": 4}
_UNESCAPE_RE = re.compile(r'\\(["\\])')
_BOARD_RE = re.compile(r'\[[ \t]*Board[ \t]*"([^"\n]*)"')


class _Token:
    __slots__ = ("kind", "text", "line", "start", "end")

    def __init__(self, kind: str, text: str, line: int, start: int, end: int):
        self.kind, self.text, self.line, self.start, self.end = kind, text, line, start, end

    def __repr__(self) -> str:
        return f"<{self.kind} {self.text!r} line {self.line}>"


# --------------------------------------------------------------------------------------------------
# Public data classes
# --------------------------------------------------------------------------------------------------

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
        if self.kind == "call":
            return self.call.pbn() if canonical or not self.text else self.text
        if self.kind == "AP":
            return "AP" if canonical or not self.text else self.text
        return self.kind

    def _with_marks(self, core: str) -> str:
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
    #: Set by the fast reader: (auction_tokens, Dealer tag, the calls as call indices with AP as
    #: passes) of an auction without irregularity marks; see :func:`game_results`.
    _plain = None

    # --- identity -------------------------------------------------------------------------------

    def _key(self):
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

    def auction(self, edition: str | Edition = "2017") -> Auction:
        """Replay the auction section through the engine of ``edition``.

        A call marked ``^I`` or ``^S`` is recorded as an accepted irregularity (``accept=True``); the
        call after ``^S`` marks is made by the player whose place it has in the grid, out of
        rotation, and rotation continues from him. A call the engine finds irregular without such a
        mark, a mark on a proper call, and an inadmissible double or redouble (which "MUST be taken
        back", 3.9) are errors naming the game and the call.
        """
        if not self.has_auction:
            raise BridgeLawsError(f"{self.where}: the game has no Auction section to replay")
        auction = Auction(edition, self.dealer)
        number = 0
        for token in self.auction_tokens:
            if token.kind == "call":
                number += 1
                self._replay_call(auction, token, number)
            elif token.kind == "AP":
                history = auction.history
                trailing = 0
                for entry in reversed(history):
                    if not entry.call.is_pass:
                        break
                    trailing += 1
                any_call = any(not entry.call.is_pass for entry in history)
                needed = (3 if any_call else 4) - trailing
                for i in range(needed):
                    number += 1
                    marks = ("AP",) + (token.annotations if i == 0 else ())
                    try:
                        auction.call(PASS, marks=marks)
                    except BridgeLawsError as exc:  # pragma: no cover - import already checks this
                        raise BridgeLawsError(
                            f"{self.where}: line {token.line}: AP (call {number}): {exc}") from None
        return auction

    def _replay_call(self, auction: Auction, token: AuctionToken, number: int) -> None:
        call, seat = token.call, token.seat
        what = f"line {token.line}: call {number} ({seat.full_name} {token.written()})"
        skips = token.marks.count("^S")
        marks = token.marks + token.annotations
        if auction.is_over:
            raise BridgeLawsError(
                f"{self.where}: {what}: the auction is already over ({auction.outcome})")
        turn = auction.next_to_call
        if not token.marks:
            try:
                auction.call(call, seat, marks=marks)
            except BridgeLawsError as exc:
                raise BridgeLawsError(
                    f"{self.where}: {what}: {exc}; an irregular call that stands must be marked "
                    f"^I (insufficient) or ^S (out of rotation) (PBN 3.9)") from None
            return
        # Marked: check that the marks say what the engine sees, then record the call as accepted.
        if skips and seat == turn:
            raise BridgeLawsError(
                f"{self.where}: {what}: marked ^S but it is {seat.full_name}'s turn: no player was skipped")
        last = auction.last_bid
        insufficient = call.is_bid and last is not None and call.rank <= last.rank
        if "^I" in token.marks and not insufficient:
            raise BridgeLawsError(
                f"{self.where}: {what}: marked ^I but {call} is sufficient"
                f"{f' over {last}' if last else ' (no bid before it)'}")
        if insufficient and "^I" not in token.marks:
            raise BridgeLawsError(
                f"{self.where}: {what}: {call} is insufficient over {last} and not marked ^I (PBN 3.9)")
        if call.is_double or call.is_redouble:
            problem = _double_problem(auction, call, seat)
            if problem:
                raise BridgeLawsError(
                    f"{self.where}: {what}: {problem}; an irregular double or redouble cannot stand, "
                    f"it must be taken back (PBN 3.9)")
        auction.call(call, seat, accept=True, marks=marks)

    # --- convenience -----------------------------------------------------------------------------

    @property
    def auction_strings(self) -> list[str]:
        """The auction tokens as written in the file (with marks and annotations)."""
        return [token.written() for token in self.auction_tokens]


def _double_problem(auction: Auction, call: Call, seat: Seat) -> str | None:
    """Why ``seat`` may not double/redouble now (the rule of the engine, for any caller)."""
    last = None
    for entry in reversed(auction.history):
        if not entry.call.is_pass:
            last = entry
            break
    opponent = last is not None and last.seat.side != seat.side
    if call.is_double:
        if last is None:
            return "there is no bid to double"
        if last.call.is_bid and opponent:
            return None
        if last.call.is_bid:
            return "the last bid was made by the doubler's own side"
        return "the last bid is already " + ("doubled" if last.call.is_double else "redoubled")
    if last is not None and last.call.is_double and opponent:
        return None
    if last is not None and last.call.is_double:
        return "the double was made by the redoubler's own side"
    if last is not None and last.call.is_redouble:
        return "the bid is already redoubled"
    return "there is no double to redouble"


def _where(file: str, number: int, board: str | None) -> str:
    return f"{_shown(file)}: game {number}" + (f" (board {board})" if board else "")


def _shown(name: str) -> str:
    """A file name for a one-line message: as it is, or quoted when it holds a line break or
    another character that is not printable."""
    return name if name.isprintable() else repr(name)


def _normalise_contract(value: str) -> str:
    upper = value.upper()
    if upper == "PASS":
        return "Pass"
    if upper == "?":
        return "?"
    match = _CONTRACT_RE.fullmatch(value)
    if match:
        strain = "NT" if match.group(2).upper() in ("N", "NT") else match.group(2).upper()
        return f"{match.group(1)}{strain}{match.group(3).upper()}"
    if _TRUMP_RE.fullmatch(value):
        return upper
    raise ValueError(value)


def _is_board_number(value: str) -> bool:
    """A positive integer in ASCII digits ("²".isdigit() is true, but it is no board number)."""
    return value.isascii() and value.isdigit() and int(value) > 0


def _tag_problem(name: str, resolved: str, tags: dict[str, str]) -> str | None:
    """What is wrong with the value of a tag this module reads (None when nothing is), given the
    resolved tags of the game so far (``tags``, which holds this tag already)."""
    if name not in _CHECKED_TAGS:
        return None
    stripped = resolved.strip()
    if name == "Board":
        if stripped not in ("", "?") and not _is_board_number(stripped):
            return f"bad Board {resolved!r}: a board number is a positive integer"
    elif name == "Dealer":
        if stripped not in ("", "?") and stripped.upper() not in _SEAT_LETTERS:
            return f"bad Dealer {resolved!r}: use N, E, S or W"
    elif name == "Declarer":
        seat = stripped[1:] if stripped.startswith("^") else stripped
        if stripped not in ("", "?") and seat.upper() not in _SEAT_LETTERS:
            return (f"bad Declarer {resolved!r}: use N, E, S or W, ^N/^E/^S/^W for an "
                    f"irregular declarer, or \"\" when all pass")
    elif name == "Contract":
        if stripped:
            try:
                _normalise_contract(stripped)
            except ValueError:
                return f"bad Contract {resolved!r}: use Pass or a contract like 3NT, 4SX, 6HXX"
    elif name == "Auction":
        if not stripped:
            return ("Auction tag without a seat: the value names who makes the first call "
                    "of the grid (N, E, S or W)")
        if stripped.upper() not in _SEAT_LETTERS:
            return f"bad Auction tag value {resolved!r}: use N, E, S or W"
        dealer = tags.get("Dealer", "").strip()
        if "Dealer" not in tags:
            return ("auction section without a Dealer tag before it (PBN 3.1: the Dealer "
                    "tag must be filled before the auction section)")
        if dealer in ("", "?"):
            return (f"auction section with {'an empty' if not dealer else 'an unknown (?)'} "
                    f"Dealer tag: the dealer must be known")
    return None


_CHECKED_TAGS = frozenset({"Board", "Dealer", "Declarer", "Contract", "Auction"})


# --------------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------------

def _open_source(source, name: str | None):
    """(iterator over the lines' text, display name, file to close or None): the line-by-line
    reading, which every source supports (see :func:`_open_pieces` for the fast one)."""
    if isinstance(source, bytes):
        text = _decode(source)
        return _text_lines(text), name or "<text>", None
    if _is_path(source):
        display = name or str(source)
        handle = _open_file(source, display)
        return _binary_lines(handle, display), display, handle
    if isinstance(source, str):
        return _text_lines(source), name or "<text>", None
    if hasattr(source, "read"):
        display = name or str(getattr(source, "name", "<stream>"))
        if isinstance(source, io.TextIOBase):
            return _text_stream_lines(source), display, None
        return _binary_lines(source, display), display, None
    raise BridgeLawsError(f"cannot read PBN from {type(source).__name__}: give a path, text or a file")


def _is_path(source) -> bool:
    return isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and "[" not in source and bool(source.strip()))


def _open_file(source, display: str):
    try:
        return open(Path(source), "rb")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None


def _decode(data: bytes) -> str:
    # PBN is ISO 8859/1 (2.2); many modern files are UTF-8. Read UTF-8 when it decodes, else Latin-1.
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _text_lines(text: str) -> Iterator[str]:
    # Only CR LF, LF and CR end a line: str.splitlines() would also split on characters like
    # \x85 or \x1c, which may occur inside strings and comments. A byte order mark is no text.
    for line in re.split(r"\r\n|\n|\r", text.removeprefix("\ufeff")):
        yield line


def _text_stream_lines(stream) -> Iterator[str]:
    for line in stream:
        yield line.rstrip("\r\n")


def _binary_lines(handle, display: str) -> Iterator[str]:
    try:
        first = True
        for raw in handle:
            if first and raw[:3] == b"\xef\xbb\xbf":  # a UTF-8 byte order mark
                raw = raw[3:]
            first = False
            # CR LF and LF end lines; a lone CR (old Macintosh files) does too.
            for part in raw.rstrip(b"\r\n").split(b"\r"):
                yield _decode(part)
    except OSError as exc:
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: {exc.strerror or exc}") from None


class _Block:
    """The lines of one game while it is being collected."""

    __slots__ = ("first", "lines", "tokens", "has_tag", "content_line", "brace_line")

    def __init__(self, first: int):
        self.first = first  # file line number of lines[0]
        self.lines: list[str] = []
        self.tokens: list[_Token] = []
        self.has_tag = False
        self.content_line = 0
        self.brace_line = 0


def _tokenize_line(line: str, number: int, in_brace: bool, out: list[_Token]) -> bool:
    """Append the tokens of one line to ``out``; returns whether a brace comment is still open."""
    pos, end = 0, len(line)
    if in_brace:
        close = line.find("}")
        if close < 0:
            return True
        pos = close + 1
    match_at = _TOKEN_RE.match
    while pos < end:
        m = match_at(line, pos)
        if m is None:  # pragma: no cover - the pattern covers every character
            out.append(_Token("other", line[pos], number, pos, pos + 1))
            pos += 1
            continue
        kind = m.lastgroup
        if kind == "brace":
            close = line.find("}", m.end())
            if close < 0:
                out.append(_Token("comment-open", "{", number, pos, pos + 1))
                return True
            pos = close + 1
            continue
        if kind not in ("ws", "semi"):
            out.append(_Token(kind, m.group(), number, pos, m.end()))
        pos = m.end()
    return False


# --- the fast reading: the text in pieces of whole lines ------------------------------------------
#
# The line-by-line reader above is the reference. The fast reader cuts the same text into pieces of
# whole lines ("\n" ends every line but perhaps the last of the last piece), reads a game that has
# the plain shape of most PBN files (tag pairs one per line, sections without comments) with a few
# regular expressions, and hands every other game to the line-by-line reader, line by line; the
# result is the same (tests/test_fast_reader.py compares the two).

#: Size of the pieces a file is read in: memory stays bounded whatever the size of the file.
_PIECE_BYTES = 1 << 20
#: A game longer than this is read line by line rather than held whole.
_MAX_FAST_GAME = 1 << 20
_CR_RUN_BEFORE_LF = re.compile(rb"\r+(?=\n|\Z)")


def _open_pieces(source, name: str | None):
    """(iterator over pieces of text, display name, file to close or None), or None for a source
    that is read line by line only (a text stream)."""
    if isinstance(source, bytes):
        return _str_pieces(_decode(source)), name or "<text>", None
    if _is_path(source):
        display = name or str(source)
        handle = _open_file(source, display)
        return _byte_pieces(handle, display), display, handle
    if isinstance(source, str):
        return _str_pieces(source), name or "<text>", None
    if hasattr(source, "read") and not isinstance(source, io.TextIOBase):
        display = name or str(getattr(source, "name", "<stream>"))
        return _byte_pieces(source, display), display, None
    return None


def _str_pieces(text: str) -> Iterator[str]:
    # As _text_lines: CR LF, LF and CR end lines.
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text:
        yield text


def _byte_pieces(handle, display: str) -> Iterator[str]:
    # As _binary_lines: each line without the CRs and LF that end it, split at a lone CR, decoded
    # as UTF-8 when it is UTF-8, else as Latin-1.
    carry = b""
    bom_checked = False
    try:
        while True:
            data = handle.read(_PIECE_BYTES)
            final = not data
            buffer = carry + data if carry else data
            if not bom_checked and (len(buffer) >= 3 or final):
                bom_checked = True
                if buffer[:3] == b"\xef\xbb\xbf":
                    buffer = buffer[3:]
            if final:
                piece, carry = buffer, b""
            else:
                cut = buffer.rfind(b"\n") + 1
                if cut == 0:  # no line end yet: read on
                    carry = buffer
                    continue
                piece, carry = buffer[:cut], buffer[cut:]
            if b"\r" in piece:
                piece = _CR_RUN_BEFORE_LF.sub(b"", piece).replace(b"\r", b"\n")
            try:
                text = piece.decode("utf-8")
            except UnicodeDecodeError:
                text = "\n".join(_decode(part) for part in piece.split(b"\n"))
            if text:
                yield text
            if final:
                return
    except OSError as exc:
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: {exc.strerror or exc}") from None


#: Escape lines at the start of a game ('%' in the first column), which the reader ignores.
_ESCAPE_LINES = re.compile(r"(?:%[^\n]*\n)*")
#: What the fast reading leaves to the line-by-line reader: comments, escapes, and whitespace other
#: than spaces, tabs and line ends (str.strip() takes some of it for a blank line). ASCII first.
_NOT_PLAIN_ASCII = re.compile("[{};\\\\\x0b\x0c\r\x1c-\x1f]")
_NOT_PLAIN = re.compile("[{};\\\\\x0b\x0c\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
#: A tag pair on one line (no '[' or ']' in the value) and the data after it, up to the next tag.
_PLAIN_TAG = re.compile(r'\[[ \t]*([A-Z][A-Za-z0-9_]*)[ \t]*"([^"\n\[\]]*)"[ \t]*\]([^\["\]]*)')
_PLAIN_AUCTION = re.compile(r"[A-Za-z0-9_\-\s]*")
_RUNS_INTO_TAG = re.compile(r"[$=]\S*\[")
_GAME_END = re.compile(r"\n[ \t]*\n")  # a blank line; the end of the text only in the last piece
_BLANK_LINE = re.compile(r"[ \t]*\n")
_CALL_WORDS: dict[str, Call] = {}


def _call_word(word: str) -> Call | None:
    call = _CALL_WORDS.get(word)
    if call is None:
        call = _pbn_call(word)
        if call is not None:
            _CALL_WORDS[word] = call  # only calls: a few thousand spellings at most
    return call


class _Reader:
    """The state of reading one source: the inheritance of tag values, the game number, and the
    game being collected line by line."""

    def __init__(self, display: str, errors: str):
        self.display = display
        self.errors = errors
        self.state = _Inheritance()
        self.number = 0
        self.block: _Block | None = None
        self.in_brace = False

    # --- line by line (the reference) ------------------------------------------------------------

    def line(self, lineno: int, line: str):
        """Read one line; returns a finished game (or error) or None."""
        block = self.block
        if block is None:
            block = self.block = _Block(lineno)
        if line[:1] == "%":
            block.lines.append(line)
            return None
        in_brace = self.in_brace
        if not in_brace and not line.strip():
            if block.has_tag:
                self.number += 1
                self.block = None
                return _finish(block, self.number, self.display, self.state, self.errors)
            block.lines.append(line)
            return None
        before = len(block.tokens)
        self.in_brace = _tokenize_line(line, lineno, in_brace, block.tokens)
        block.lines.append(line)
        if not block.content_line:
            block.content_line = lineno
        if self.in_brace and not in_brace:
            block.brace_line = lineno
        new = block.tokens[before:]
        if new and new[-1].kind == "comment-open":
            block.tokens.pop()
            new = new[:-1]
        if not block.has_tag and any(t.kind == "lbrack" for t in new):
            block.has_tag = True
        return None

    def end(self):
        """The end of the source: the last game (or error), or None."""
        block = self.block
        self.block = None
        if block is None or not (block.tokens or self.in_brace):
            return None
        self.number += 1
        if self.in_brace:
            err = _error(self.display, self.number, _board_hint(block), block.content_line or block.first,
                         f"line {block.brace_line}: unterminated comment: '{{' has no closing '}}'")
            if self.errors == "raise":
                raise err
            return err
        return _finish(block, self.number, self.display, self.state, self.errors)

    @property
    def idle(self) -> bool:
        """Between games: nothing collected but blank and escape lines."""
        block = self.block
        return not self.in_brace and (block is None or (not block.tokens and not block.content_line))

    # --- in pieces ---------------------------------------------------------------------------------

    def pieces(self, pieces: Iterable[str]) -> Iterator:
        """Read pieces of whole lines; yields finished games (or errors)."""
        carry, lineno = "", 1
        for text in pieces:
            if carry:
                text = carry + text
            carry, lineno = yield from self._piece(text, lineno, final=False)
        if carry:
            carry, lineno = yield from self._piece(carry, lineno, final=True)

    def _piece(self, text: str, lineno: int, final: bool):
        """Read ``text`` from line ``lineno`` on; returns (what is left for the next piece, its line)."""
        pos, size = 0, len(text)
        slow_until = 0  # read line by line up to here (a game the fast reading left)
        while pos < size:
            if pos >= slow_until and self.idle:
                blank = _BLANK_LINE.match(text, pos)
                if blank:  # a blank line between games
                    end = blank.end()
                    if self.block is not None:  # escape lines collected: keep the lines together
                        self.line(lineno, text[pos:end - 1])
                    pos, lineno = end, lineno + 1
                    continue
                found = _GAME_END.search(text, pos)
                end = found.start() if found else size
                if end == size and final and text.endswith("\n"):
                    end -= 1  # the last line's end, not a blank line: the game ends at the text end
                if end == size and not final and end - pos <= _MAX_FAST_GAME:
                    return text[pos:], lineno  # the game may go on in the next piece
                game = self._fast_game(text, pos, end, lineno) if end - pos <= _MAX_FAST_GAME else None
                if game is not None:
                    self.block = None
                    yield game
                    lineno += text.count("\n", pos, end) + 1
                    pos = end + 1
                    continue
                slow_until = end
            newline = text.find("\n", pos)
            if newline < 0:
                if not final:
                    return text[pos:], lineno
                newline = size
            result = self.line(lineno, text[pos:newline])
            if result is not None:
                yield result
            pos, lineno = newline + 1, lineno + 1
        return "", lineno

    def _fast_game(self, text: str, start: int, end: int, lineno: int) -> Game | None:
        """The game in ``text[start:end]`` (whole lines, none blank) when it has the plain shape,
        exactly as the line-by-line reader would read it; None otherwise (nothing is changed)."""
        if text[start] == "%":
            escapes = _ESCAPE_LINES.match(text, start, end).end()
            lineno += text.count("\n", start, escapes)
            start = escapes
        if start >= end or text[start] != "[" or text.find("\n%", start, end) >= 0:
            return None
        game = text[start:end]
        if (_NOT_PLAIN_ASCII if game.isascii() else _NOT_PLAIN).search(game):
            return None
        if ("$" in game or "=" in game) and _RUNS_INTO_TAG.search(game):
            return None  # a NAG or note token ($..., =...) runs to the next space, '[' included
        items = _PLAIN_TAG.findall(game)
        count = len(items)
        # Every '[', ']' and '"' belongs to a tag pair: the tag pairs and their data cover the game.
        if game.count("[") != count or game.count("]") != count or game.count('"') != 2 * count:
            return None
        raw = {name: value for name, value, _ in items}
        if len(raw) != count or "Note" in raw:
            return None  # a repeated tag is ignored, a Note belongs to a section: line by line
        tags = dict(raw)
        state = self.state
        if '"#' in game:  # tag value inheritance (4.8)
            previous = state.previous
            for name, value in raw.items():
                if value[:1] == "#":
                    if value != "#" or name in _NO_INHERIT_READ:
                        return None  # '##' and the forbidden '#': line by line
                    if name not in _NO_INHERIT_KEPT:
                        tags[name] = previous.get(name, "")
        changed = None
        if state.defaults:
            defaults = state.defaults
            changed = {name: value for name, value in raw.items()
                       if name in defaults and name not in _NO_INHERIT_KEPT and value[:1] != "#"}
        names = list(raw)
        for name in _CHECKED_TAGS.intersection(raw):
            value = tags[name]
            if value not in _GOOD_VALUES[name] and _tag_problem(
                    name, value, {n: tags[n] for n in names[:names.index(name) + 1]}):
                return None
        tokens: tuple[AuctionToken, ...] = ()
        calls = b""
        sections: dict[str, str] = {}
        for where, (name, _, data) in enumerate(items):
            if data == "\n" or not data or data.isspace():
                continue
            if name == "Auction":
                line = lineno + "".join([item[2] for item in items[:where]]).count("\n")
                parsed = _plain_auction(data, line, tags)
                if parsed is None:
                    return None
                tokens, calls = parsed
            elif name in _READ_TAGS:
                return None  # data after a tag that takes none: an error, line by line
            else:
                sections[name] = _section_text(data)
        if changed:
            state.defaults.update(changed)
        self.number += 1
        state.finish(tags)
        game = Game(self.number, lineno, tags, raw, tokens, {}, sections, self.display)
        if tokens:
            game._plain = (tokens, tags["Dealer"], calls)
        return game


#: Values that _tag_problem accepts (the tags before an Auction tag hold a Dealer: _fast_game
#: checks the Auction tag with _tag_problem unless the Dealer came before it with a good value).
_GOOD_VALUES = {
    "Board": frozenset(str(n) for n in range(1, 1000)),
    "Dealer": frozenset("NESW"),
    "Declarer": frozenset(["", "?", *"NESW", *("^" + s for s in "NESW")]),
    "Contract": frozenset(["", "?", "Pass", *(f"{level}{strain}{x}" for level in range(1, 8)
                                            for strain in ("C", "D", "H", "S", "NT") for x in ("", "X", "XX"))]),
    "Auction": frozenset(),
}


def _section_text(data: str) -> str:
    """A kept section's text, as _GameParser._keep_section makes it of the same data."""
    first, newline, rest = data.partition("\n")
    if not first.strip():
        return rest.rstrip()
    return (_after_tag(first) + newline + rest).rstrip()


def _after_tag(text: str) -> str:
    """Section data that follows its tag on the same line, as the first line of the section's text:
    without the leading spaces, but a '%' keeps one: at the start of a line it would make the line
    an escape line (2.4), and write_games writes the text on the line after the tag."""
    text = text.lstrip()
    return " " + text if text[:1] == "%" else text


def _plain_auction(data: str, line: int, tags: dict[str, str]):
    """(auction tokens, call indices with AP as passes) of a plain auction section (calls, '-' and
    AP only), as _GameParser._auction reads it; None for anything else or anything wrong."""
    if not _PLAIN_AUCTION.fullmatch(data):
        return None
    first = _SEAT_LETTERS[tags["Auction"].strip().upper()]
    dealer = _SEAT_LETTERS[tags["Dealer"].strip().upper()]
    hyphens = (dealer - first) % 4
    out: list[AuctionToken] = []
    calls = bytearray()
    position = trailing = 0
    end = 4  # passes that end the auction: four, or three after a call
    token = _new_token
    words = _CALL_WORDS
    for text in data.split("\n"):
        for word in text.split():
            if hyphens:  # the players before the dealer in the first line of the grid
                if word != "-":
                    return None
                hyphens -= 1
                position += 1
                out.append(token("-", None, None, word, line))
                continue
            if trailing == end:
                return None  # a call after the end of the auction
            call = words.get(word) or _call_word(word)
            seat = _SEATS[(first + position) & 3]
            position += 1
            if call is None:
                if word.upper() != "AP":
                    return None
                out.append(token("AP", None, seat, word, line))
                calls.extend(bytes(end - trailing))
                trailing = end
                continue
            out.append(token("call", call, seat, word, line))
            index = call.index
            calls.append(index)
            if index:
                trailing, end = 0, 3
            else:
                trailing += 1
        line += 1
    return tuple(out), bytes(calls)


_SEATS = tuple(Seat)


def iter_games(source, *, name: str | None = None, errors: str = "raise") -> Iterator[Game]:
    """Read the games of a PBN file lazily, one at a time.

    ``source`` is a path (``str`` without a newline or ``[``, or ``os.PathLike``), PBN text, bytes, or
    an open file (text or binary). Only one game is held in memory at a time (a file is read in
    pieces of a megabyte). A problem raises :class:`BridgeLawsError`; with ``errors="keep"`` the error
    is yielded in place of the game (with attributes ``game_number``, ``board``, ``line`` and
    ``file``) and reading goes on with the next game.
    """
    if errors not in ("raise", "keep"):
        raise BridgeLawsError(f"errors must be 'raise' or 'keep', not {errors!r}")
    opened = _open_pieces(source, name) if _FAST else None
    if opened is not None:
        pieces, display, closer = opened
        lines = None
    else:
        lines, display, closer = _open_source(source, name)
    reader = _Reader(display, errors)
    try:
        if lines is None:
            yield from reader.pieces(pieces)
        else:
            for lineno, line in enumerate(lines, start=1):
                result = reader.line(lineno, line)
                if result is not None:
                    yield result
        result = reader.end()
        if result is not None:
            yield result
    finally:
        if closer is not None:
            closer.close()


#: Read plain games with the fast reader (False: everything line by line, the reference).
_FAST = True


def read_games(source, *, name: str | None = None) -> list[Game]:
    """All games of a PBN file (see :func:`iter_games`)."""
    return list(iter_games(source, name=name))


def _board_hint(block: _Block) -> str | None:
    """The Board tag's value, looked up in the raw lines (for an error before the tag is parsed)."""
    # One line, and only a board number: the hint goes into a one-line message.
    match = _BOARD_RE.search("\n".join(block.lines))
    value = match.group(1).strip() if match else ""
    return value if _is_board_number(value) else None


def _error(file: str, number: int, board: str | None, line: int, problem: str) -> BridgeLawsError:
    err = BridgeLawsError(f"{_where(file, number, board)}: {problem}")
    err.file, err.game_number, err.board, err.line = file, number, board, line
    return err


def _finish(block: _Block, number: int, display: str, state: "_Inheritance", errors: str):
    try:
        return _GameParser(block, number, display, state).parse()
    except _Problem as problem:
        err = _error(display, number, problem.board or _board_hint(block),
                     block.content_line or block.first, problem.message)
        if errors == "raise":
            raise err from None
        return err


class _Problem(Exception):
    def __init__(self, message: str, board: str | None = None):
        super().__init__(message)
        self.message = message
        self.board = board


class _Inheritance:
    """Tag value inheritance across games (4.8)."""

    def __init__(self):
        self.previous: dict[str, str] = {}
        self.defaults: dict[str, str] = {}

    def resolve(self, name: str, raw: str) -> str:
        if name in _NO_INHERIT_KEPT:
            return raw
        if raw == "#":
            return self.previous.get(name, "")
        if raw.startswith("##"):
            self.defaults[name] = raw[2:]
            return raw[2:]
        if name in self.defaults:
            self.defaults[name] = raw
        return raw

    def finish(self, tags: dict[str, str]) -> None:
        for name, value in self.defaults.items():
            tags.setdefault(name, value)
        self.previous.update(tags)


class _GameParser:
    def __init__(self, block: _Block, number: int, display: str, state: _Inheritance):
        self.block = block
        self.tokens = block.tokens
        self.number = number
        self.display = display
        self.state = state
        self.raw: dict[str, str] = {}
        self.tags: dict[str, str] = {}
        self.tag_lines: dict[str, int] = {}
        self.notes: dict[int, str] = {}
        self.note_lines: dict[int, int] = {}
        self.sections: dict[str, str] = {}
        self.auction_tokens: list[_Token] = []
        self.board: str | None = None

    def fail(self, line: int, message: str):
        raise _Problem(f"line {line}: {message}", self.board)

    # --- the tag pair --------------------------------------------------------------------------

    def _tag_at(self, i: int):
        """(name, value, index after ']') if a well-formed tag pair starts at token i, else None."""
        tokens = self.tokens
        if i + 3 < len(tokens) and tokens[i + 1].kind == "word" and tokens[i + 2].kind == "string" \
                and tokens[i + 3].kind == "rbrack":
            name = tokens[i + 1].text
            value = _UNESCAPE_RE.sub(r"\1", tokens[i + 2].text[1:-1])
            return name, value, i + 4
        return None

    def _bad_tag(self, i: int):
        tokens = self.tokens
        start = tokens[i]
        if i + 1 >= len(tokens) or tokens[i + 1].kind != "word":
            got = tokens[i + 1].text if i + 1 < len(tokens) else "the end of the game"
            self.fail(start.line, f"bad tag pair: expected a tag name after '[', found {got!r}")
        name = tokens[i + 1].text
        if i + 2 >= len(tokens) or tokens[i + 2].kind != "string":
            if i + 2 < len(tokens) and tokens[i + 2].kind == "badstring":
                self.fail(tokens[i + 2].line, f"unterminated string in the {name} tag: no closing quote")
            got = tokens[i + 2].text if i + 2 < len(tokens) else "the end of the game"
            self.fail(start.line, f"bad tag pair [{name}: expected a quoted value, found {got!r}")
        got = tokens[i + 3].text if i + 3 < len(tokens) else "the end of the game"
        self.fail(start.line, f"bad tag pair [{name} ...: expected ']' after the value, found {got!r}")

    # --- parse -----------------------------------------------------------------------------------

    def parse(self) -> Game:
        tokens = self.tokens
        n = len(tokens)
        i = 0
        # section: None = identification (no data may follow the tag), "Auction", or the name of a
        # section kept verbatim (Play, tables, any other tag followed by data).
        section: str | None = None
        section_data = False  # the kept section has data (not only comments)
        data_start: tuple[int, int] | None = None
        current_tag: str | None = None
        skipping = False  # inside a duplicate tag's data, which is ignored with it (3.4)
        while i < n:
            token = tokens[i]
            kept = section not in (None, "Auction")
            if token.kind == "lbrack":
                tag = self._tag_at(i)
                if tag is None:
                    attempted = i + 2 < n and tokens[i + 1].kind == "word" and tokens[i + 2].kind in (
                        "string", "badstring")
                    if (kept or skipping) and not attempted:
                        # a stray '[' in data this module does not read (a section token may not
                        # contain '[', but the data is kept verbatim, not validated)
                        section_data = True
                        i += 1
                        continue
                    self._bad_tag(i)
                name, value, after = tag
                if name == "Note" and (skipping or (kept and (
                        section_data or section == "Play" or section.endswith("Table")))):
                    i = after  # a note of the play section (or of another kept section): its data
                    continue
                if kept and not skipping and data_start is not None:
                    self._keep_section(section, data_start, token)
                if not re.fullmatch(r"[A-Z][A-Za-z0-9_]*", name):
                    self.fail(token.line, f"bad tag name {name!r}: a tag name starts with an upper-case "
                                          f"letter and has only letters, digits and '_' (3.2, 3.3)")
                skipping = False
                current_tag = name
                i = after
                if name == "Note":
                    if section != "Auction":
                        self.fail(token.line, f"Note tag {value!r} outside the auction or play section "
                                              f"(3.5.5)")
                    self._note(value, token.line)
                    continue
                if name in self.raw:
                    # "In import format, a tag pair that already occurred, is ignored." (3.4)
                    skipping, section, data_start = True, None, None
                    continue
                self._tag(name, value, token.line)
                end = tokens[after - 1]
                data_start = (end.line, end.end)
                section_data = False
                if name == "Auction":
                    section = "Auction"
                elif name in _READ_TAGS:
                    section = None
                else:
                    section = name
                continue
            i += 1
            if skipping:
                continue
            if current_tag is None:
                self._unexpected(token, "before the first tag")
            if section == "Auction":
                if current_tag == "Note":
                    self.fail(token.line, f"{token.text!r} after the auction's Note tags: the Note tags "
                                          f"come at the end of the auction section (3.5.5)")
                self.auction_tokens.append(token)
            elif section is None:
                self._unexpected(token, f"after the {current_tag} tag")
            else:
                section_data = True
        if section not in (None, "Auction") and not skipping and data_start is not None:
            self._keep_section(section, data_start, None)
        return self._build()

    def _unexpected(self, token: _Token, where: str):
        if token.kind == "badstring":
            self.fail(token.line, f"unterminated string: no closing quote in {token.text!r}")
        self.fail(token.line, f"unexpected text {token.text!r} {where} (not a tag pair or comment)")

    def _keep_section(self, name: str, start: tuple[int, int], end_token: _Token | None) -> None:
        block = self.block
        s_line, s_col = start
        if end_token is None:
            e_line, e_col = block.first + len(block.lines) - 1, None
        else:
            e_line, e_col = end_token.line, end_token.start
        lines = block.lines[s_line - block.first:e_line - block.first + 1]
        if not lines:
            return
        if e_col is not None:
            lines[-1] = lines[-1][:e_col]
        lines[0] = lines[0][s_col:]
        if not lines[0].strip():
            lines = lines[1:]
        elif lines:
            lines[0] = _after_tag(lines[0])
        text = "\n".join(lines).rstrip()
        # Keep only sections with data: a comment after a tag is not a section.
        probe: list[_Token] = []
        in_brace = False
        for line in text.split("\n"):
            if line[:1] == "%":
                continue
            in_brace = _tokenize_line(line, 0, in_brace, probe)
        probe = [t for t in probe if t.kind != "comment-open"]
        if probe:
            self.sections[name] = text

    # --- tags ------------------------------------------------------------------------------------

    def _tag(self, name: str, value: str, line: int) -> None:
        if name in _NO_INHERIT_READ and value.startswith("#"):
            self.fail(line, f"{name} tag value {value!r}: '#' (inherit from the previous game) is not "
                            f"allowed for the {name} tag (PBN 4.8)")
        resolved = self.state.resolve(name, value)
        self.raw[name] = value
        self.tags[name] = resolved
        self.tag_lines[name] = line
        if name == "Board":
            stripped = resolved.strip()
            self.board = stripped if _is_board_number(stripped) else None
        problem = _tag_problem(name, resolved, self.tags)
        if problem:
            self.fail(line, problem)

    def _note(self, value: str, line: int) -> None:
        match = _NOTE_VALUE_RE.fullmatch(value)
        if not match:
            self.fail(line, f"bad Note {value!r}: a note is \"<index>:<text>\" with index 1 to 32")
        index = int(match.group(1))
        if not 1 <= index <= 32:
            self.fail(line, f"bad Note {value!r}: the note index {index} is not between 1 and 32")
        if index in self.notes:
            self.fail(line, f"Note {index} is given twice (lines {self.note_lines[index]} and {line})")
        self.notes[index] = match.group(2).strip()
        self.note_lines[index] = line

    # --- the auction section ---------------------------------------------------------------------

    def _auction(self) -> tuple[AuctionToken, ...]:
        if "Auction" not in self.tags:
            return ()
        first = _SEAT_LETTERS[self.tags["Auction"].strip().upper()]
        dealer = _SEAT_LETTERS[self.tags["Dealer"].strip().upper()]
        expected_hyphens = (dealer - first) % 4
        out: list[dict] = []
        pending: list[str] = []  # irregularity marks waiting for their call
        pending_line = 0
        position = 0  # places of the grid used so far
        hyphens = 0
        started = False  # a place other than '-' has been used
        ended = False  # the calls so far end the auction
        any_call = False
        trailing = 0
        plus = star = False
        for token in self.auction_tokens:
            kind, text, line = token.kind, token.text, token.line
            if kind == "word":
                upper = text.upper()
                if star or plus:
                    self.fail(line, f"call {text!r} after '{'*' if star else '+'}': "
                                    f"{'* ends the auction section' if star else '+ stands for the next call, no call may follow it'}")
                if upper == "-":
                    if started or pending:
                        self.fail(line, "'-' after the first call: '-' only stands for the players before "
                                        "the dealer in the first line of the grid (3.5.1)")
                    hyphens += 1
                    position += 1
                    out.append(dict(kind="-", text=text, line=line))
                    continue
                if not started:
                    self._check_hyphens(hyphens, expected_hyphens, first, dealer, line)
                    started = True
                if upper == "AP":
                    if pending:
                        self.fail(line, f"{' '.join(pending)} before AP: the mark must precede a single call")
                    if ended:
                        self.fail(line, "AP after the auction has ended")
                    out.append(dict(kind="AP", text=text, line=line, seat=Seat((first + position) % 4)))
                    position += 1
                    ended = True
                    continue
                call = _pbn_call(text)
                if call is None:
                    self.fail(line, f"bad call token {text!r}: expected Pass, X, XX, AP, '-' or a bid "
                                    f"1C..7NT")
                if ended:
                    self.fail(line, f"call {text!r} after the auction has ended (three passes after a "
                                    f"call, or four passes, end it)")
                if "^I" in pending and not call.is_bid:
                    self.fail(line, f"^I before {text!r}: ^I marks an insufficient bid, {text} is not a bid")
                skips = pending.count("^S")
                position += skips
                seat = Seat((first + position) % 4)
                position += 1
                out.append(dict(kind="call", call=call, text=text, line=line, seat=seat,
                                marks=tuple(pending)))
                pending = []
                if call.is_pass:
                    trailing += 1
                    ended = trailing >= (3 if any_call else 4)
                else:
                    any_call, trailing = True, 0
                continue
            if kind == "irreg":
                mark = text.upper()
                if star or plus:
                    self.fail(line, f"{text} after '{'*' if star else '+'}'")
                if mark in ("^R", "^L"):
                    self.fail(line, f"{text} marks a {'revoke' if mark == '^R' else 'lead out of turn'}: "
                                    f"it belongs to the play section, not the auction")
                if mark not in ("^I", "^S"):
                    self.fail(line, f"bad irregularity mark {text!r}: the auction knows ^I and ^S")
                if not started:
                    self._check_hyphens(hyphens, expected_hyphens, first, dealer, line)
                    started = True
                if ended:
                    self.fail(line, f"{mark} after the auction has ended")
                if "^I" in pending:
                    self.fail(line, f"{mark} after ^I: ^I must come right before its bid")
                pending.append(mark)
                pending_line = line
                continue
            if kind in ("suffix", "note", "nag", "badnote", "badnag"):
                if not out or pending or out[-1]["kind"] not in ("call", "AP") or star or plus:
                    self.fail(line, f"annotation {text!r} does not follow a call")
                self._annotate(out[-1], token)
                continue
            if kind == "plus":
                if plus:
                    self.fail(line, "a second '+': '+' stands for the one next call")
                if star:
                    self.fail(line, "'+' after '*'")
                if pending:
                    self.fail(line, f"{' '.join(pending)} before '+': the mark must precede a call")
                if ended:
                    self.fail(line, "'+' after the auction has ended: no call is to follow")
                if not started:
                    self._check_hyphens(hyphens, expected_hyphens, first, dealer, line)
                    started = True
                plus = True
                position += 1
                out.append(dict(kind="+", text="+", line=line))
                continue
            if kind == "star":
                if star:
                    self.fail(line, "a second '*' in the auction")
                if plus:
                    self.fail(line, "'*' after '+': an auction to be continued may not end with '*' (3.5)")
                if pending:
                    self.fail(line, f"{' '.join(pending)} before '*': the mark must precede a call")
                star = True
                out.append(dict(kind="*", text="*", line=line))
                continue
            if kind == "badstring":
                self.fail(line, f"unterminated string in the auction: {text!r}")
            self.fail(line, f"bad call token {text!r} in the auction")
        if pending:
            self.fail(pending_line, f"{' '.join(pending)} at the end of the auction: the mark must "
                                    f"precede a call")
        for item in out:
            if item.get("note") is not None and item["note"] not in self.notes:
                self.fail(item["line"], f"note reference ={item['note']}= after {item['text']!r} has no "
                                        f"[Note \"{item['note']}:...\"] tag")
        return tuple(AuctionToken(
            kind=item["kind"], call=item.get("call"), seat=item.get("seat"),
            marks=item.get("marks", ()), suffix=item.get("suffix"), note=item.get("note"),
            nags=tuple(item.get("nags", ())), text=item["text"], line=item["line"]) for item in out)

    def _check_hyphens(self, hyphens: int, expected: int, first: Seat, dealer: Seat, line: int):
        if hyphens != expected:
            self.fail(line, f"the auction grid starts with {first.full_name} but the dealer is "
                            f"{dealer.full_name}: expected {expected} '-' before the dealer's call, "
                            f"found {hyphens} (3.5)")

    def _annotate(self, item: dict, token: _Token) -> None:
        kind, text, line = token.kind, token.text, token.line
        call_text = item["text"]
        if kind == "suffix":
            if item.get("suffix"):
                self.fail(line, f"a second suffix {text!r} after {call_text!r} (already "
                                f"{item['suffix']!r}): at most one suffix per call (3.5.2)")
            item["suffix"] = text
        elif kind == "note":
            index = int(text[1:-1])
            if not 1 <= index <= 32:
                self.fail(line, f"note reference {text} after {call_text!r}: the index must be 1 to 32")
            if item.get("note") is not None:
                self.fail(line, f"a second note reference {text} after {call_text!r}: at most one (3.5.4)")
            item["note"] = index
        elif kind == "nag":
            value = int(text[1:])
            if value > 255:
                self.fail(line, f"NAG {text} after {call_text!r}: a NAG is $0 to $255 (3.7)")
            if value in _CARD_NAGS:
                self.fail(line, f"NAG {text} after {call_text!r} is for played cards, not calls (3.7)")
            item.setdefault("nags", []).append(value)
        elif kind == "badnote":
            self.fail(line, f"bad note reference {text!r} after {call_text!r}: use =<1..32>=")
        else:
            self.fail(line, f"bad NAG {text!r} after {call_text!r}: use $<0..255>")
        quality = ([SUFFIX_NAGS[item["suffix"]]] if item.get("suffix") else []) + [
            v for v in item.get("nags", ()) if 1 <= v <= 6]
        if len(quality) > 1:
            self.fail(line, f"{call_text!r} has two quality annotations "
                            f"({', '.join('$' + str(v) for v in quality)}; a suffix is $1..$6): "
                            f"at most one")

    def _build(self) -> Game:
        tokens = self._auction()
        tags = dict(self.tags)
        self.state.finish(tags)
        first_line = self.block.content_line or self.block.first
        return Game(number=self.number, line=first_line, tags=tags, raw_tags=dict(self.raw),
                    auction_tokens=tokens, notes=dict(sorted(self.notes.items())),
                    sections=dict(self.sections), file=self.display)


def _pbn_call(text: str) -> Call | None:
    upper = text.upper()
    if upper == "PASS":
        return PASS
    if upper == "X":
        return DOUBLE
    if upper == "XX":
        return REDOUBLE
    match = _CALL_RE.fullmatch(text)
    if match:
        return bid(int(match.group(1)), _STRAIN_INDEX[match.group(2).upper()])
    return None


# --------------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------------

def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _grid_places(tokens: Iterable[AuctionToken]) -> tuple[list[str], bool]:
    places: list[str] = []
    star = False
    for token in tokens:
        if token.kind == "*":
            star = True
            continue
        if token.kind == "call":
            skips = [m for m in token.marks if m == "^S"]
            places.extend(skips)
            rest = AuctionToken("call", token.call, token.seat,
                                tuple(m for m in token.marks if m != "^S"),
                                token.suffix, token.note, token.nags)
            places.append(rest.pbn())
        else:
            places.append(token.pbn())
    return places, star


def write_games(games: Iterable[Game], *, header: bool = True) -> str:
    """PBN text for ``games``: tags in their order with their values as written (``#`` kept), the
    auction four places a line with its Note tags, and every other section verbatim.

    Reading the result gives games equal to ``games`` (tags, calls, marks, notes, suffixes, NAGs,
    kept sections). Calls are written in the standard's spelling (``Pass``, ``1NT``); suffixes stay
    suffixes so that the text reads back the same. Lines end with ``\\n``.
    """
    out: list[str] = ["% PBN 2.1"] if header else []
    first = True
    for game in games:
        if not first or header:
            out.append("")
        first = False
        for name, value in game.raw_tags.items():
            out.append(f'[{name} "{_escape(value)}"]')
            if name == "Auction":
                places, star = _grid_places(game.auction_tokens)
                for start in range(0, len(places), 4):
                    out.append(" ".join(places[start:start + 4]))
                if star:
                    out.append("*")
                for index, text in game.notes.items():
                    out.append(f'[Note "{index}:{_escape(text)}"]')
            elif name in game.sections:
                out.append(game.sections[name])
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------------
# Output files and progress (the command line)
# --------------------------------------------------------------------------------------------------

class AtomicOutput:
    """A text file written under a temporary name beside ``path`` and renamed to ``path`` only by
    :meth:`commit` (``os.replace``): an interrupted or failed run leaves ``path`` as it was (absent,
    or the old file). :meth:`abandon` (always call it, e.g. in a ``finally``) removes the temporary
    file unless committed. ``source``: the input's path, which is never overwritten."""

    def __init__(self, path: str, source: str | None = None):
        import tempfile

        self.path = path
        if os.path.isdir(path):
            raise BridgeLawsError(f"cannot write {path}: it is a folder")
        try:
            same = source is not None and os.path.exists(path) and os.path.samefile(path, source)
        except OSError:
            same = False
        if same:
            raise BridgeLawsError(f"--output {path} is the input file: the input is never overwritten")
        directory = os.path.dirname(os.path.abspath(path))
        try:
            fd, self.temp = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.",
                                             suffix=".part")
        except OSError as exc:
            raise BridgeLawsError(f"cannot write {path}: {exc.strerror or exc}") from None
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # as an ordinary new file, not mkstemp's 0600
        self.stream = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        self.committed = False

    def commit(self) -> None:
        self.stream.flush()
        os.fsync(self.stream.fileno())
        self.stream.close()
        os.replace(self.temp, self.path)
        self.committed = True

    def abandon(self) -> None:
        if self.committed:
            return
        try:
            self.stream.close()
        except OSError:
            pass
        try:
            os.unlink(self.temp)
        except OSError:
            pass


class ReadProgress:
    """Progress on stderr while a big file is read (the command line's ``pbn``): on a terminal one
    line updated in place, else a line every few seconds; and a last line with the count and the
    time. ``handle``: the open input (its position tells how far); ``mode``: None (auto: files of
    2 MB and more), True or False."""

    BIG = 2 << 20

    def __init__(self, name: str, size: int, handle, mode: bool | None):
        import time

        self.name, self.size, self.handle = name, size, handle
        self.on = (size >= self.BIG) if mode is None else mode
        self.tty = self.on and sys.stderr.isatty()
        self.start = self.last = time.monotonic()
        self.every = 0.1 if self.tty else 5.0
        self.shown = False

    def _line(self, games: int) -> str:
        try:
            done = min(self.handle.tell(), self.size)
        except (OSError, ValueError):
            done = 0
        share = f" ({100 * done // self.size}%)" if self.size else ""
        return f"bridgelaws: {self.name}: {games:,} games, {done / 1e6:.1f} of {self.size / 1e6:.1f} MB{share}"

    def update(self, games: int) -> None:
        if not self.on or games % 256:
            return
        import time

        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        if self.tty:
            sys.stderr.write("\r" + self._line(games) + "\x1b[K")
            self.shown = True
        else:
            print(self._line(games), file=sys.stderr)
        sys.stderr.flush()

    def clear(self) -> None:
        """Before an error line: end the line updated in place."""
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            self.shown = False

    def done(self, games: int) -> None:
        if not self.on:
            return
        import time

        self.clear()
        print(f"bridgelaws: {self.name}: read {games:,} games ({self.size / 1e6:.1f} MB) in "
              f"{time.monotonic() - self.start:.1f} s", file=sys.stderr)


# --------------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------------

def _compare(game: Game, outcome: str | None, contract) -> dict:
    recorded = game.recorded_contract
    declarer_tag = game.declarer_tag
    if outcome is None or outcome == "open":
        return {"contract_agrees": None, "declarer_agrees": None, "agrees": None}
    if recorded in (None, "?") or (recorded != "Pass" and not recorded[0].isdigit()):
        contract_ok = None
    elif contract is None:
        contract_ok = recorded == "Pass"
    else:
        contract_ok = str(contract) == recorded
    if declarer_tag is None or declarer_tag == "?":
        declarer_ok = None
    elif declarer_tag == "":
        declarer_ok = contract is None
    else:
        declarer_ok = contract is not None and contract.declarer == game.auction_declarer
    known = [v for v in (contract_ok, declarer_ok) if v is not None]
    return {"contract_agrees": contract_ok, "declarer_agrees": declarer_ok,
            "agrees": all(known) if known else None}


def _plain_calls(game: Game) -> bytes | None:
    """The game's calls as call indices (AP as the passes it stands for) when the auction has no
    irregularity marks, so that every call is in rotation from the dealer; None otherwise."""
    plain = game._plain
    if plain is not None and plain[0] is game.auction_tokens and plain[1] == game.tags.get("Dealer"):
        return plain[2]
    if not game.has_auction or game.dealer is None:
        return None
    calls = bytearray()
    trailing, any_call = 0, False
    for token in game.auction_tokens:
        if token.marks:
            return None
        if token.kind == "call":
            index = token.call.index
            calls.append(index)
            if index:
                trailing, any_call = 0, True
            else:
                trailing += 1
        elif token.kind == "AP":
            calls.extend(b"\0" * max(0, (3 if any_call else 4) - trailing))
    return bytes(calls)


_CHOSEN: dict = {}


def _chosen(editions) -> tuple[Edition, ...]:
    """find_editions, remembered for the few ways a program names its editions."""
    last = _LAST_CHOSEN
    if editions is last[0] and type(editions) is tuple:  # the same tuple as last time: no hashing
        return last[1]
    if editions is None or isinstance(editions, (str, int)):
        key = editions
    elif isinstance(editions, (list, tuple)) and all(
            isinstance(e, (str, int, Edition)) for e in editions):
        key = tuple(editions)
    else:  # a generator, say: not a key
        return find_editions(editions)
    found = _CHOSEN.get(key)
    if found is None:
        found = find_editions(editions)
        if len(_CHOSEN) < 64:
            _CHOSEN[key] = found
    _LAST_CHOSEN[:] = [editions, found]
    return found


_LAST_CHOSEN: list = [None, None]


def game_results(game: Game, editions=None) -> dict:
    """What each edition makes of the game's auction: per year a
    :class:`bridgelaws.fast.Result` (outcome, contract, declarer) or the :class:`BridgeLawsError`
    that :meth:`Game.auction` raises.

    The same as replaying :meth:`Game.auction` under each edition, and much faster for the usual
    auction (no irregularity marks): the calls are walked once through the editions' transition
    tables (:mod:`bridgelaws.fast`); a game with marks, or one the tables refuse, is replayed.
    """
    from . import fast

    chosen = _chosen(editions)
    calls = _plain_calls(game)
    quick = fast.results(calls, game.dealer, chosen) if calls is not None else [None] * len(chosen)
    out: dict = {}
    for edition, result in zip(chosen, quick):
        if result is None:
            try:
                auction = game.auction(edition)
            except BridgeLawsError as exc:
                result = exc
            else:
                result = fast.Result(auction.outcome, auction.contract, auction.declarer)
        out[edition.year] = result
    return out


def game_report(game: Game, editions=None) -> dict:
    """What the game records and what each edition's engine makes of its auction (JSON-ready).

    Keys: ``file``, ``game``, ``line``, ``board``, ``dealer``, ``auction`` (tokens as in the file,
    None without an auction section), ``recorded`` (``contract`` normalised; ``declarer_tag`` as
    written; ``declarer`` its seat; ``declarer_irregular`` whether it carries ``^``;
    ``auction_declarer`` the declarer the auction must have produced: for ``^X`` X's partner),
    ``editions`` (per year: ``outcome``, ``contract``, ``declarer``,
    ``contract_agrees``, ``declarer_agrees``, ``agrees``, ``error``) and ``agrees`` (True when every
    edition agrees with the tags, False when one does not, None when nothing can be compared).
    ``agrees`` is None for an edition when the auction is incomplete or a tag is absent / ``"?"``.
    """
    chosen = _chosen(editions)
    auction_declarer = game.auction_declarer
    report = {
        "file": game.file,
        "game": game.number,
        "line": game.line,
        "board": game.board,
        "dealer": str(game.dealer) if game.dealer is not None else None,
        "auction": game.auction_strings if game.has_auction else None,
        "recorded": {
            "contract": game.recorded_contract,
            "declarer_tag": game.declarer_tag,
            "declarer": str(game.recorded_declarer) if game.recorded_declarer is not None else None,
            "declarer_irregular": game.declarer_irregular,
            "auction_declarer": str(auction_declarer) if auction_declarer is not None else None,
        },
        "editions": {},
    }
    results = game_results(game, chosen) if game.has_auction else {}
    for edition in chosen:
        entry = {"outcome": None, "contract": None, "declarer": None, "contract_agrees": None,
                 "declarer_agrees": None, "agrees": None, "error": None}
        result = results.get(edition.year)
        if isinstance(result, BridgeLawsError):
            entry["error"] = str(result)
            entry["agrees"] = False
        elif result is not None:
            contract = result.contract
            entry["outcome"] = result.outcome
            entry["contract"] = str(contract) if contract else None
            entry["declarer"] = str(contract.declarer) if contract else None
            entry.update(_compare(game, result.outcome, contract))
        report["editions"][edition.year] = entry
    values = [e["agrees"] for e in report["editions"].values()]
    report["agrees"] = (False if False in values else True if values and all(values) else None)
    return report


def format_report_lines(reports: Iterable[dict]) -> list[str]:
    """A terminal table of :func:`game_report` dicts: one line per game, the auction below it, and a
    summary line. ``ok`` = the engine agrees with the tags, ``DIFF`` = it does not, ``-`` = cannot
    be compared (no auction, incomplete auction, tag absent)."""
    reports = list(reports)
    years: list[str] = []
    for report in reports:
        for year in report["editions"]:
            if year not in years:
                years.append(year)
    table = ReportTable(years)
    lines = [table.header()]
    for report in reports:
        lines.extend(table.game(report))
    lines.append(table.summary())
    return lines


class ReportTable:
    """:func:`format_report_lines` one game at a time, for a stream of reports: :meth:`header`,
    then :meth:`game` per report, then :meth:`summary`. Holds only the counts and the list of
    games that disagree."""

    def __init__(self, years: Iterable[str]):
        self.years = list(years)
        self.count = 0
        self.agreeing = 0
        self.disagree: list[str] = []

    def header(self) -> str:
        return (f"{'game':>5} {'board':>5} {'dealer':6} {'recorded':10} "
                + " ".join(f"{year:12}" for year in self.years)).rstrip()

    def game(self, report: dict) -> list[str]:
        rec = report["recorded"]
        recorded = " ".join(x for x in (rec["contract"] or "", rec["declarer_tag"] or "") if x) or "-"
        cells = []
        for year in self.years:
            entry = report["editions"].get(year)
            if entry is None or report["auction"] is None:
                cells.append(f"{'-':12}")
                continue
            if entry["error"]:
                cells.append(f"{'error':12}")
                continue
            result = (f"{entry['contract']} {entry['declarer']}" if entry["contract"]
                      else (entry["outcome"] or "-"))
            mark = {True: "ok", False: "DIFF", None: "-"}[entry["agrees"]]
            cells.append(f"{result + ' ' + mark:12}")
        lines = [f"{report['game']:>5} {report['board'] or '-':>5} {report['dealer'] or '-':6} "
                 f"{recorded:10} " + " ".join(cells).rstrip()]
        if report["auction"]:
            lines.append(f"{'':11} auction: {' '.join(report['auction'])}")
        errors = {entry["error"] for entry in report["editions"].values() if entry["error"]}
        for error in sorted(errors):
            lines.append(f"{'':11} error: {error}")
        self.count += 1
        if report["agrees"] is True:
            self.agreeing += 1
        if report["agrees"] is False:
            self.disagree.append(f"game {report['game']}" + (f" (board {report['board']})" if report["board"] else ""))
        return lines

    def summary(self) -> str:
        summary = f"{self.count} games: {self.agreeing} agree with their tags under every edition"
        if self.disagree:
            summary += f"; {len(self.disagree)} disagree: {', '.join(self.disagree)}"
        return summary
