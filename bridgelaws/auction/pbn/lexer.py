"""The tokens of PBN text (2.4, 3.2-3.9): one line at a time, brace comments carried across lines,
and the spelling of calls."""

from __future__ import annotations

import re

from ..calls import DOUBLE, PASS, REDOUBLE, Call, bid

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
_STRAIN_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "N": 4}
_UNESCAPE_RE = re.compile(r'\\(["\\])')


class _Token:
    __slots__ = ("kind", "text", "line", "start", "end")

    def __init__(self, kind: str, text: str, line: int, start: int, end: int):
        self.kind, self.text, self.line, self.start, self.end = kind, text, line, start, end

    def __repr__(self) -> str:
        return f"<{self.kind} {self.text!r} line {self.line}>"


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
        kind = m.lastgroup or "other"  # every alternative of the pattern is a named group
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
