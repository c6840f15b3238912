"""The fast reader: a game of the plain shape of most archives read with a few regular expressions.

The text comes in pieces of whole lines ("\\n" ends every line but perhaps the last of the last
piece). A game with the plain shape of most PBN files (tag pairs one per line, sections without
comments, an auction of proper calls) is read here; every other game is handed, line by line, to the
reference reader of :mod:`.reader`, which gives the same result for a plain game too
(tests/test_fuzz.py and tests/test_large_input.py compare the two).
"""

from __future__ import annotations

import re
from typing import Generator, Iterable, Iterator

from .. import fast
from ...text.errors import BridgeLawsError
from ..calls import Call, Seat
from .lexer import _pbn_call
from ..editions import DEFAULT_EDITION
from .limits import MAX_TAG_VALUE_CHARS
from .model import AuctionToken, Game, _new_token
from .reader import _LineReader, _after_tag
from .tags import (
    _CHECKED_TAGS, _GOOD_VALUES, _NO_INHERIT_KEPT, _NO_INHERIT_READ, _READ_TAGS, _SEAT_LETTERS, _tag_problem,
)

#: A game longer than this is read line by line rather than held whole. No longer than the limit of
#: a tag value (and so of a line): a game read here cannot break a limit of limits.py.
_MAX_FAST_GAME = MAX_TAG_VALUE_CHARS

#: Escape lines at the start of a game ('%' in the first column), which the reader ignores.
_ESCAPE_LINES = re.compile(r"(?:%[^\n]*\n)*")
#: What the fast reading leaves to the line-by-line reader: comments, escapes, and whitespace other
#: than spaces, tabs and line ends (str.strip() takes some of it for a blank line). ASCII first.
_NOT_PLAIN_ASCII = re.compile("[{};\\\\\x0b\x0c\r\x1c-\x1f]")
_NOT_PLAIN = re.compile("[{};\\\\\x0b\x0c\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
#: A tag pair on one line (no '[' or ']' in the value) and the data after it, up to the next tag.
_PLAIN_TAG = re.compile(r'\[[ \t]*([A-Z][A-Za-z0-9_]*)[ \t]*"([^"\n\[\]]*)"[ \t]*\]([^\["\]]*)')
_PLAIN_AUCTION = re.compile(r"[A-Za-z0-9_\-\s]*")
# From the start of a run of characters that are no space and no '[' only: searched from every '$'
# of a long run of '$', "[$=][^\s\[]*\[" would read the rest of the run from each (quadratic).
_RUNS_INTO_TAG = re.compile(r"(?<![^\s\[])[^\s\[$=]*[$=][^\s\[]*\[")
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


class _PieceReader(_LineReader):
    """The line-by-line reader, and the reading of pieces of whole lines with the fast reading of
    plain games."""

    def __init__(self, display: str, errors: str):
        super().__init__(display, errors)
        # Where the written calls end the auction, decided before any edition is chosen: under
        # DEFAULT_EDITION, as the reference reader decides it (grid.py).
        self.closing = fast.table(DEFAULT_EDITION)

    def pieces(self, pieces: Iterable[str]) -> Iterator[Game | BridgeLawsError]:
        """Read pieces of whole lines; yields finished games (or errors)."""
        carry, lineno = "", 1
        for text in pieces:
            if carry:
                text = carry + text
            carry, lineno = yield from self._piece(text, lineno, final=False)
        if carry:
            carry, lineno = yield from self._piece(carry, lineno, final=True)

    def _piece(self, text: str, lineno: int,
               final: bool) -> Generator[Game | BridgeLawsError, None, tuple[str, int]]:
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
            start, lineno = _after_escapes(text, start, end, lineno)
        if start >= end or text[start] != "[" or text.find("\n%", start, end) >= 0:
            return None
        plain = text[start:end]
        items = _plain_items(plain)
        if items is None:
            return None
        raw = {name: value for name, value, _ in items}
        if len(raw) != len(items) or "Note" in raw:
            return None  # a repeated tag is ignored, a Note belongs to a section: line by line
        state = self.state
        tags = _inherited(raw, state.previous) if '"#' in plain else dict(raw)  # tag value inheritance (4.8)
        if tags is None or not _tags_plain(raw, tags):
            return None
        read = _game_sections(items, lineno, tags, self.closing)
        if read is None:
            return None
        tokens, calls, all_pass, sections = read
        if state.defaults:
            _update_defaults(state.defaults, raw)
        self.number += 1
        state.finish(tags)
        game = Game(self.number, lineno, tags, raw, tokens, {}, sections, self.display)
        if tokens:
            game._plain = (tokens, tags["Dealer"], calls, all_pass)
        return game


def _after_escapes(text: str, start: int, end: int, lineno: int) -> tuple[int, int]:
    """Where the game starts after its escaped lines ('%'), and that line's number."""
    escapes = _ESCAPE_LINES.match(text, start, end)
    after = escapes.end() if escapes else start  # the pattern matches the empty string too
    return after, lineno + text.count("\n", start, after)


def _update_defaults(defaults: dict[str, str], raw: dict[str, str]) -> None:
    """A game's own values of the tags that have a default (not "#", not a tag never inherited)
    become their defaults."""
    changed = {name: value for name, value in raw.items()
               if name in defaults and name not in _NO_INHERIT_KEPT and value[:1] != "#"}
    if changed:
        defaults.update(changed)


def _plain_items(plain: str) -> list[tuple[str, str, str]] | None:
    """The tag pairs of a game of the plain shape (name, value, the data after it), every '[', ']'
    and '"' in one of them; None for any other game."""
    if (_NOT_PLAIN_ASCII if plain.isascii() else _NOT_PLAIN).search(plain):
        return None
    if ("$" in plain or "=" in plain) and _RUNS_INTO_TAG.search(plain):
        return None  # a NAG or note token ($..., =...) runs to the next space, '[' included
    items: list[tuple[str, str, str]] = _PLAIN_TAG.findall(plain)
    count = len(items)
    # Every '[', ']' and '"' belongs to a tag pair: the tag pairs and their data cover the game.
    if plain.count("[") != count or plain.count("]") != count or plain.count('"') != 2 * count:
        return None
    return items


def _inherited(raw: dict[str, str], previous: dict[str, str]) -> dict[str, str] | None:
    """The tags with each value "#" taken from the previous game (4.8); None where a value is '##'
    or the forbidden '#' (the line-by-line reader says so)."""
    tags = dict(raw)
    for name, value in raw.items():
        if value[:1] == "#":
            if value != "#" or name in _NO_INHERIT_READ:
                return None
            if name not in _NO_INHERIT_KEPT:
                tags[name] = previous.get(name, "")
    return tags


def _tags_plain(raw: dict[str, str], tags: dict[str, str]) -> bool:
    """Whether every checked tag's value is one the line-by-line reader accepts without a word."""
    names = list(raw)
    for name in _CHECKED_TAGS.intersection(raw):
        value = tags[name]
        if value not in _GOOD_VALUES[name] and _tag_problem(
                name, value, {n: tags[n] for n in names[:names.index(name) + 1]}):
            return False
    return True


def _game_sections(items: list[tuple[str, str, str]], lineno: int, tags: dict[str, str], closing: fast.Table
                   ) -> tuple[tuple[AuctionToken, ...], bytes, bool, dict[str, str]] | None:
    """(auction tokens, call indices, whether AP ends them, the kept sections) of a plain game's
    tag data; None where the data is not plain (the line-by-line reader reads that game)."""
    tokens: tuple[AuctionToken, ...] = ()
    calls = b""
    all_pass = False
    sections: dict[str, str] = {}
    for where, (name, _, data) in enumerate(items):
        if data == "\n" or not data or data.isspace():
            continue
        if name == "Auction":
            line = lineno + "".join([item[2] for item in items[:where]]).count("\n")
            parsed = _plain_auction(data, line, tags, closing)
            if parsed is None:
                return None
            tokens, calls, all_pass = parsed
        elif name in _READ_TAGS:
            return None  # data after a tag that takes none: an error, line by line
        else:
            sections[name] = _section_text(data)
    return tokens, calls, all_pass, sections


def _section_text(data: str) -> str:
    """A kept section's text, as _GameParser._keep_section makes it of the same data."""
    first, newline, rest = data.partition("\n")
    if not first.strip():
        return rest.rstrip()
    return (_after_tag(first) + newline + rest).rstrip()


def _plain_auction(data: str, line: int, tags: dict[str, str],
                   closing: fast.Table) -> tuple[tuple[AuctionToken, ...], bytes, bool] | None:
    """(auction tokens, call indices of the calls, whether AP ends them) of a plain auction section
    ('-', proper calls, perhaps AP last), as the reference reader reads it; None for anything else:
    the reference reader reads that game, and the replay says what is wrong.

    Whether the calls are proper and where they end the auction is the answer of ``closing``, the
    transition table of DEFAULT_EDITION (under which the reference reader finds a call after the end).
    """
    if not _PLAIN_AUCTION.fullmatch(data):
        return None
    first = _SEAT_LETTERS[tags["Auction"].strip().upper()]
    dealer = _SEAT_LETTERS[tags["Dealer"].strip().upper()]
    hyphens = (dealer - first) % 4
    transitions, state, dead = closing.transitions, closing.start, closing.dead
    out: list[AuctionToken] = []
    calls = bytearray()
    position = 0
    all_pass = False
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
            if all_pass:
                return None  # a call after AP, which ends the auction
            call = words.get(word) or _call_word(word)
            seat = _SEATS[(first + position) & 3]
            position += 1
            if call is None:
                if word.upper() != "AP" or closing.outcomes[state] != "open":
                    return None  # no call, or AP after the end of the auction
                out.append(token("AP", None, seat, word, line))
                all_pass = True
                continue
            index = call.index
            state = transitions[state + index]
            if state == dead:
                return None  # an improper call, or a call after the end of the auction
            out.append(token("call", call, seat, word, line))
            calls.append(index)
        line += 1
    return tuple(out), bytes(calls), all_pass


_SEATS = tuple(Seat)
