"""The auction section of the reference reader (3.5): the places of the grid, one small handler per
kind of token, and the annotations of a call.

Where the written calls end the auction is the engine's answer, not a count written here: the calls
are made, as they stand, on an :class:`~bridgelaws.auction.auction.Auction` of :data:`DEFAULT_EDITION`
(the marks ``^I`` and ``^S`` are checked later, when :meth:`Game.auction` replays the calls under
the edition the caller chooses).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, NoReturn

from ..auction import Auction
from ..calls import Call, Seat
from .lexer import _Token, _pbn_call
from ..editions import DEFAULT_EDITION
from .limits import shown_marks
from .model import SUFFIX_NAGS, AuctionToken

#: NAGs that may only annotate played cards (3.7).
_CARD_NAGS = frozenset(range(7, 13)) | {14}


@dataclass
class _Place:
    """One place of the grid while the section is read (an AuctionToken once it is complete)."""

    kind: str
    text: str
    line: int
    call: Call | None = None
    seat: Seat | None = None
    marks: tuple[str, ...] = ()
    suffix: str | None = None
    note: int | None = None
    nags: list[int] = field(default_factory=list)

    def token(self) -> AuctionToken:
        return AuctionToken(kind=self.kind, call=self.call, seat=self.seat, marks=self.marks,
                            suffix=self.suffix, note=self.note, nags=tuple(self.nags),
                            text=self.text, line=self.line)


class AuctionGrid:
    """Reads the tokens of one auction section; ``fail(line, message)`` raises the game's error."""

    def __init__(self, first: Seat, dealer: Seat, notes: dict[int, str],
                 fail: Callable[[int, str], NoReturn]):
        self.first, self.dealer = first, dealer
        self.notes = notes
        self.fail = fail
        self.places: list[_Place] = []
        self.pending: list[str] = []  # irregularity marks waiting for their call
        # Kept beside the list so that no mark makes the reader look through the marks before it (a
        # run of 160,000 '^S' took 200 s): how many are ^S, and whether one is ^I (the last, if any).
        self.pending_skips = 0
        self.pending_insufficient = False
        self.pending_line = 0
        self.position = 0  # places of the grid used so far
        self.hyphens = 0
        self.started = False  # a place other than '-' has been used
        self.ended = False  # the calls so far end the auction
        self.plus = self.star = False
        # Whether the written calls have ended the auction is decided before any edition is chosen
        # (a call after the end is an error of the file): under DEFAULT_EDITION, the edition
        # Game.auction replays under by default.
        self.closing = Auction(DEFAULT_EDITION, dealer)

    def read(self, tokens: list[_Token]) -> tuple[AuctionToken, ...]:
        handlers = self._HANDLERS
        for token in tokens:
            handlers.get(token.kind, AuctionGrid._bad_token)(self, token)
        if self.pending:
            self.fail(self.pending_line, f"{shown_marks(self.pending)} at the end of the auction: the mark "
                                         f"must precede a call")
        for place in self.places:
            if place.note is not None and place.note not in self.notes:
                self.fail(place.line, f"note reference ={place.note}= after {place.text!r} has no "
                                      f"[Note \"{place.note}:...\"] tag")
        return tuple(place.token() for place in self.places)

    # --- words: '-', AP and calls ----------------------------------------------------------------

    def _word(self, token: _Token) -> None:
        text, line = token.text, token.line
        if self.star or self.plus:
            why = ("* ends the auction section" if self.star
                   else "+ stands for the next call, no call may follow it")
            self.fail(line, f"call {text!r} after '{'*' if self.star else '+'}': {why}")
        upper = text.upper()
        if upper == "-":
            self._hyphen(token)
        elif upper == "AP":
            self._start(line)
            self._all_pass(token)
        else:
            self._start(line)
            self._call(token)

    def _hyphen(self, token: _Token) -> None:
        if self.started or self.pending:
            self.fail(token.line, "'-' after the first call: '-' only stands for the players before "
                                  "the dealer in the first line of the grid (3.5.1)")
        self.hyphens += 1
        self.position += 1
        self.places.append(_Place("-", token.text, token.line))

    def _all_pass(self, token: _Token) -> None:
        if self.pending:
            self.fail(token.line, f"{shown_marks(self.pending)} before AP: the mark must precede a single call")
        if self.ended:
            self.fail(token.line, "AP after the auction has ended")
        self.places.append(_Place("AP", token.text, token.line, seat=self._seat()))
        self.position += 1
        self.ended = True  # AP: the passes that end the auction, whatever their number

    def _call(self, token: _Token) -> None:
        text, line = token.text, token.line
        call = _pbn_call(text)
        if call is None:
            self.fail(line, f"bad call token {text!r}: expected Pass, X, XX, AP, '-' or a bid 1C..7NT")
        if self.ended:
            edition = self.closing.edition
            self.fail(line, f"call {text!r} after the auction has ended (as {edition.year} ends it: "
                            f"{edition.rule('end-of-auction')})")
        if self.pending_insufficient and not call.is_bid:
            self.fail(line, f"^I before {text!r}: ^I marks an insufficient bid, {text} is not a bid")
        self.position += self.pending_skips
        seat = self._seat()
        self.position += 1
        self.places.append(_Place("call", text, line, call=call, seat=seat, marks=tuple(self.pending)))
        self.pending = []
        self.pending_skips, self.pending_insufficient = 0, False
        # Made as it stands (accept=True): here only the end of the auction matters.
        self.closing.call(call, seat, accept=True)
        self.ended = self.closing.is_over

    # --- marks, annotations, '+' and '*' ---------------------------------------------------------

    def _mark(self, token: _Token) -> None:
        text, line = token.text, token.line
        mark = text.upper()
        if self.star or self.plus:
            self.fail(line, f"{text} after '{'*' if self.star else '+'}'")
        if mark in ("^R", "^L"):
            self.fail(line, f"{text} marks a {'revoke' if mark == '^R' else 'lead out of turn'}: "
                            f"it belongs to the play section, not the auction")
        if mark not in ("^I", "^S"):
            self.fail(line, f"bad irregularity mark {text!r}: the auction knows ^I and ^S")
        self._start(line)
        if self.ended:
            self.fail(line, f"{mark} after the auction has ended")
        if self.pending_insufficient:
            self.fail(line, f"{mark} after ^I: ^I must come right before its bid")
        self.pending.append(mark)
        if mark == "^S":
            self.pending_skips += 1
        else:
            self.pending_insufficient = True
        self.pending_line = line

    def _annotation(self, token: _Token) -> None:
        places = self.places
        if not places or self.pending or places[-1].kind not in ("call", "AP") or self.star or self.plus:
            self.fail(token.line, f"annotation {token.text!r} does not follow a call")
        _ANNOTATE[token.kind](self, places[-1], token)
        place = places[-1]
        quality = [SUFFIX_NAGS[place.suffix]] if place.suffix else []
        quality += [value for value in place.nags if 1 <= value <= 6]
        if len(quality) > 1:
            self.fail(token.line, f"{place.text!r} has two quality annotations "
                                  f"({', '.join('$' + str(v) for v in quality)}; a suffix is $1..$6): "
                                  f"at most one")

    def _plus(self, token: _Token) -> None:
        line = token.line
        if self.plus:
            self.fail(line, "a second '+': '+' stands for the one next call")
        if self.star:
            self.fail(line, "'+' after '*'")
        if self.pending:
            self.fail(line, f"{shown_marks(self.pending)} before '+': the mark must precede a call")
        if self.ended:
            self.fail(line, "'+' after the auction has ended: no call is to follow")
        self._start(line)
        self.plus = True
        self.position += 1
        self.places.append(_Place("+", "+", line))

    def _star(self, token: _Token) -> None:
        line = token.line
        if self.star:
            self.fail(line, "a second '*' in the auction")
        if self.plus:
            self.fail(line, "'*' after '+': an auction to be continued may not end with '*' (3.5)")
        if self.pending:
            self.fail(line, f"{shown_marks(self.pending)} before '*': the mark must precede a call")
        self.star = True
        self.places.append(_Place("*", "*", line))

    def _bad_token(self, token: _Token) -> NoReturn:
        if token.kind == "badstring":
            self.fail(token.line, f"unterminated string in the auction: {token.text!r}")
        self.fail(token.line, f"bad call token {token.text!r} in the auction")

    _HANDLERS: dict[str, Callable[[AuctionGrid, _Token], None]] = {
        "word": _word, "irreg": _mark, "plus": _plus, "star": _star,
        "suffix": _annotation, "note": _annotation, "nag": _annotation, "badnote": _annotation,
        "badnag": _annotation,
    }

    # --- helpers ---------------------------------------------------------------------------------

    def _seat(self) -> Seat:
        return Seat((self.first + self.position) % 4)

    def _start(self, line: int) -> None:
        """The first place that is not '-': the '-' before it must be the players before the dealer."""
        if self.started:
            return
        expected = (self.dealer - self.first) % 4
        if self.hyphens != expected:
            self.fail(line, f"the auction grid starts with {self.first.full_name} but the dealer is "
                            f"{self.dealer.full_name}: expected {expected} '-' before the dealer's call, "
                            f"found {self.hyphens} (3.5)")
        self.started = True


# --- the annotations of a call, one handler per kind ----------------------------------------------

def _suffix(grid: AuctionGrid, place: _Place, token: _Token) -> None:
    if place.suffix:
        grid.fail(token.line, f"a second suffix {token.text!r} after {place.text!r} (already "
                              f"{place.suffix!r}): at most one suffix per call (3.5.2)")
    place.suffix = token.text


def _note(grid: AuctionGrid, place: _Place, token: _Token) -> None:
    index = int(token.text[1:-1])
    if not 1 <= index <= 32:
        grid.fail(token.line, f"note reference {token.text} after {place.text!r}: the index must be 1 to 32")
    if place.note is not None:
        grid.fail(token.line, f"a second note reference {token.text} after {place.text!r}: at most one "
                              f"(3.5.4)")
    place.note = index


def _nag(grid: AuctionGrid, place: _Place, token: _Token) -> None:
    value = int(token.text[1:])
    if value > 255:
        grid.fail(token.line, f"NAG {token.text} after {place.text!r}: a NAG is $0 to $255 (3.7)")
    if value in _CARD_NAGS:
        grid.fail(token.line, f"NAG {token.text} after {place.text!r} is for played cards, not calls (3.7)")
    place.nags.append(value)


def _bad_note(grid: AuctionGrid, place: _Place, token: _Token) -> NoReturn:
    grid.fail(token.line, f"bad note reference {token.text!r} after {place.text!r}: use =<1..32>=")


def _bad_nag(grid: AuctionGrid, place: _Place, token: _Token) -> NoReturn:
    grid.fail(token.line, f"bad NAG {token.text!r} after {place.text!r}: use $<0..255>")


_ANNOTATE: dict[str, Callable[[AuctionGrid, _Place, _Token], None]] = {
    "suffix": _suffix, "note": _note, "nag": _nag, "badnote": _bad_note, "badnag": _bad_nag,
}
