"""The reference reader: PBN text line by line, a game at a time, every token checked (the fast reader
of :mod:`.fastpath` must give the same games and errors)."""

from __future__ import annotations

import re
from typing import NoReturn

from ...text.errors import BridgeLawsError
from .grid import AuctionGrid
from .limits import MAX_GAME_CHARS, MAX_LINE_CHARS, MAX_TAG_VALUE_CHARS
from .lexer import _Token, _UNESCAPE_RE, _tokenize_line
from .model import AuctionToken, Game, _where
from .tags import (
    _NO_INHERIT_KEPT, _NO_INHERIT_READ, _READ_TAGS, _SEAT_LETTERS, _is_board_number, _tag_problem,
)

_NOTE_VALUE_RE = re.compile(r"\s*([0-9]+)\s*:(.*)", re.DOTALL)
_BOARD_RE = re.compile(r'\[[ \t]*Board[ \t]*"([^"\n]*)"')


class _Block:
    """The lines of one game while it is being collected."""

    __slots__ = ("first", "lines", "tokens", "has_tag", "content_line", "brace_line", "size", "too_big",
                 "board")

    def __init__(self, first: int):
        self.first = first  # file line number of lines[0]
        self.lines: list[str] = []
        self.tokens: list[_Token] = []
        self.has_tag = False
        self.content_line = 0
        self.brace_line = 0
        self.size = 0  # characters read, line ends included
        # Beyond a limit of limits.py: the problem; the game's lines and tokens are then dropped as
        # they come, and the game ends as any other (a semi-empty line outside a comment).
        self.too_big: str | None = None
        self.board: str | None = None  # the Board hint, kept when the lines are dropped


class _LineReader:
    """The state of reading one source: the inheritance of tag values, the game number, and the
    game being collected line by line."""

    def __init__(self, display: str, errors: str):
        self.display = display
        self.errors = errors
        self.state = _Inheritance()
        self.number = 0
        self.block: _Block | None = None
        self.in_brace = False

    def line(self, lineno: int, line: str) -> Game | BridgeLawsError | None:
        """Read one line; returns a finished game (or error) or None."""
        block = self.block
        if block is None:
            if not line.strip():
                return None  # a blank line between games (as the fast reader skips it)
            block = self.block = _Block(lineno)
        block.size += len(line) + 1
        if block.too_big is None and (len(line) > MAX_LINE_CHARS or block.size > MAX_GAME_CHARS):
            self._too_big(block, lineno, len(line) > MAX_LINE_CHARS)
        if block.too_big is not None:
            return self._past(block, lineno, line)
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

    def _too_big(self, block: _Block, lineno: int, long_line: bool) -> None:
        if long_line:
            block.too_big = (f"line {lineno} is longer than {MAX_LINE_CHARS:,} characters, the limit of "
                             f"this reader (PBN 2.4 allows 255)")
        else:
            block.too_big = (f"the game is longer than {MAX_GAME_CHARS:,} characters at line {lineno}, "
                             f"the limit of this reader")
        block.board = _board_hint(block)
        block.has_tag = block.has_tag or any(t.kind == "lbrack" for t in block.tokens)
        block.lines, block.tokens = [], []
        if not block.content_line:
            block.content_line = lineno

    def _past(self, block: _Block, lineno: int, line: str) -> BridgeLawsError | None:
        """A line of a game beyond a limit: only where the game ends is still looked for (its
        tokens are not kept, and a line too long is not read at all: it is no game's end)."""
        if line[:1] == "%" or len(line) > MAX_LINE_CHARS:
            return None
        in_brace = self.in_brace
        if not in_brace and not line.strip():
            if not block.has_tag:
                return None
            self.number += 1
            self.block = None
            return self._too_big_error(block)
        if not in_brace and "{" not in line and (block.has_tag or "[" not in line):
            return None  # no comment opens, no tag can start: the tokens would change nothing
        scratch: list[_Token] = []
        self.in_brace = _tokenize_line(line, lineno, in_brace, scratch)
        if not block.has_tag and any(t.kind == "lbrack" for t in scratch):
            block.has_tag = True
        return None

    def _too_big_error(self, block: _Block) -> BridgeLawsError:
        assert block.too_big is not None
        err = _error(self.display, self.number, block.board, block.content_line or block.first, block.too_big)
        if self.errors == "raise":
            raise err
        return err

    def end(self) -> Game | BridgeLawsError | None:
        """The end of the source: the last game (or error), or None."""
        block = self.block
        self.block = None
        if block is not None and block.too_big is not None:
            self.number += 1
            return self._too_big_error(block)
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


def _after_tag(text: str) -> str:
    """Section data that follows its tag on the same line, as the first line of the section's text:
    without the leading spaces, but a '%' keeps one: at the start of a line it would make the line
    an escape line (2.4), and write_games writes the text on the line after the tag."""
    text = text.lstrip()
    return " " + text if text[:1] == "%" else text


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


def _finish(block: _Block, number: int, display: str, state: "_Inheritance",
            errors: str) -> Game | BridgeLawsError:
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

    def __init__(self) -> None:
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
        # Where :meth:`parse` is. section: None = identification (no data may follow the tag),
        # "Auction", or the name of a section kept verbatim (Play, tables, any other tag followed by data).
        self.section: str | None = None
        self.section_data = False  # the kept section has data (not only comments)
        self.data_start: tuple[int, int] | None = None
        self.current_tag: str | None = None
        self.skipping = False  # inside a duplicate tag's data, which is ignored with it (3.4)

    def fail(self, line: int, message: str) -> NoReturn:
        raise _Problem(f"line {line}: {message}", self.board)

    # --- the tag pair --------------------------------------------------------------------------

    def _tag_at(self, i: int) -> tuple[str, str, int] | None:
        """(name, value, index after ']') if a well-formed tag pair starts at token i, else None."""
        tokens = self.tokens
        if i + 3 < len(tokens) and tokens[i + 1].kind == "word" and tokens[i + 2].kind == "string" \
                and tokens[i + 3].kind == "rbrack":
            name = tokens[i + 1].text
            if len(tokens[i + 2].text) - 2 > MAX_TAG_VALUE_CHARS:
                self.fail(tokens[i + 2].line, f"the value of the {name} tag is longer than "
                                              f"{MAX_TAG_VALUE_CHARS:,} characters, the limit of this reader")
            value = _UNESCAPE_RE.sub(r"\1", tokens[i + 2].text[1:-1])
            return name, value, i + 4
        return None

    def _bad_tag(self, i: int) -> NoReturn:
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
        while i < n:
            token = tokens[i]
            if token.kind == "lbrack":
                i = self._at_bracket(i)
                continue
            i += 1
            self._data(token)
        if self.section not in (None, "Auction") and not self.skipping and self.data_start is not None:
            self._keep_section(self.section, self.data_start, None)
        return self._build()

    def _kept(self) -> bool:
        """Whether the open section is one kept verbatim."""
        return self.section not in (None, "Auction")

    def _at_bracket(self, i: int) -> int:
        """A '[' at token ``i``: a tag pair (read, or a note of a kept section, or a duplicate
        ignored), or a stray '[' in kept data; the index of the token after it."""
        token = self.tokens[i]
        kept, section, skipping = self._kept(), self.section, self.skipping
        tag = self._tag_at(i)
        if tag is None:
            if (kept or skipping) and not self._attempted_tag(i):
                # a stray '[' in data this module does not read (a section token may not
                # contain '[', but the data is kept verbatim, not validated)
                self.section_data = True
                return i + 1
            self._bad_tag(i)
        name, value, after = tag
        if name == "Note" and (skipping or (kept and (
                self.section_data or section == "Play" or (section or "").endswith("Table")))):
            return after  # a note of the play section (or of another kept section): its data
        if kept and section is not None and not skipping and self.data_start is not None:
            self._keep_section(section, self.data_start, token)
        if not re.fullmatch(r"[A-Z][A-Za-z0-9_]*", name):
            self.fail(token.line, f"bad tag name {name!r}: a tag name starts with an upper-case "
                                  f"letter and has only letters, digits and '_' (3.2, 3.3)")
        return self._open_tag(token, name, value, after)

    def _attempted_tag(self, i: int) -> bool:
        """Whether the tokens at ``i`` look like a tag pair meant (a name and a value after '[')."""
        tokens = self.tokens
        return i + 2 < len(tokens) and tokens[i + 1].kind == "word" and tokens[i + 2].kind in ("string", "badstring")

    def _open_tag(self, token: _Token, name: str, value: str, after: int) -> int:
        """A tag pair read: a note of the auction, a duplicate ignored, or a tag whose section opens."""
        section = self.section
        self.skipping = False
        self.current_tag = name
        if name == "Note":
            if section != "Auction":
                self.fail(token.line, f"Note tag {value!r} outside the auction or play section "
                                      f"(3.5.5)")
            self._note(value, token.line)
            return after
        if name in self.raw:
            # "In import format, a tag pair that already occurred, is ignored." (3.4)
            self.skipping, self.section, self.data_start = True, None, None
            return after
        self._tag(name, value, token.line)
        end = self.tokens[after - 1]
        self.data_start = (end.line, end.end)
        self.section_data = False
        self.section = "Auction" if name == "Auction" else None if name in _READ_TAGS else name
        return after

    def _data(self, token: _Token) -> None:
        """A token that is not a '[': of the auction, of a kept section, or an error."""
        if self.skipping:
            return
        if self.current_tag is None:
            self._unexpected(token, "before the first tag")
        if self.section == "Auction":
            if self.current_tag == "Note":
                self.fail(token.line, f"{token.text!r} after the auction's Note tags: the Note tags "
                                      f"come at the end of the auction section (3.5.5)")
            self.auction_tokens.append(token)
        elif self.section is None:
            self._unexpected(token, f"after the {self.current_tag} tag")
        else:
            self.section_data = True

    def _unexpected(self, token: _Token, where: str) -> NoReturn:
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
        return AuctionGrid(first, dealer, self.notes, self.fail).read(self.auction_tokens)

    def _build(self) -> Game:
        tokens = self._auction()
        tags = dict(self.tags)
        self.state.finish(tags)
        first_line = self.block.content_line or self.block.first
        return Game(number=self.number, line=first_line, tags=tags, raw_tags=dict(self.raw),
                    auction_tokens=tokens, notes=dict(sorted(self.notes.items())),
                    sections=dict(self.sections), file=self.display)
