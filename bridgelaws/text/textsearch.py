"""The search of the corpus (``bridgelaws search``, the texts' search box): whole words, ``*`` for any
letters, phrases, and every spelling of a word (:func:`bridgelaws.text.spelling.key`).

It sits above :mod:`bridgelaws.text.corpus` (the records it searches) and :mod:`bridgelaws.text.spelling`
(which joins the corpus notes' readings), so neither of those imports the other's user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import corpus, spelling
from .errors import BridgeLawsError

__all__ = ["MAX_QUERY", "Hit", "search"]


@dataclass(frozen=True)
class Hit:
    """A search result: one per record. ``snippet`` is the text around the first match (of the
    record's text if the words occur there, else of its subheading, else of the article heading);
    ``marks`` are the (start, end) of every match inside the snippet; ``count`` the matches in the
    record's heading, subheading and text together; ``forms`` the words matched, as printed."""

    record_id: str
    snippet: str
    where: str = "text"  # "text", "title" or "heading": where the snippet comes from
    marks: tuple[tuple[int, int], ...] = ()
    count: int = 1
    forms: tuple[str, ...] = ()
    fields: tuple[str, ...] = ("text",)  # every field of the record that matched, in printed order
    #: ``"nl"``: the match is in the verbatim Dutch; ``"en"``: in the project's English translation
    #: of the record (:func:`bridgelaws.text.translation.search`), never a source text.
    language: str = "nl"

    def highlighted(self, before: str = "**", after: str = "**") -> str:
        """The snippet with every match between ``before`` and ``after``."""
        out, position = [], 0
        for start, end in self.marks:
            out += [self.snippet[position:start], before, self.snippet[start:end], after]
            position = end
        return "".join(out) + self.snippet[position:]


#: A query word: letters and digits, with ``*`` for any letters (a wildcard).
_QUERY_WORD = re.compile(r"(?:[^\W_]|\*)+")
#: The longest query :func:`search` takes, in characters: the longest printed word of the corpus has
#: 21 letters, so this leaves room for a phrase of several words while bounding what one query asks.
MAX_QUERY = 200
#: How much of the text a snippet shows before its first match, and how far after it other
#: matches are still marked in the same snippet.
_BEFORE, _AFTER, _SPAN = 40, 40, 80


class _Glob:
    """A query word with ``*`` (folded) as a test on a folded word, matched without backtracking.

    The stars split the word into literal parts (a run of stars is one star): the first part must
    begin the word, the last must end it, and each part between is looked for at its leftmost place
    after the one before. The leftmost place leaves the most room to the parts after it, so no other
    place is ever tried: each part is looked for once, and the work is at most the word's length
    times the number of parts, whatever the stars (a regular expression ``.*a.*.*b`` tries every way
    of splitting the word between its ``.*``, exponential in their number).
    """

    __slots__ = ("head", "middle", "tail", "least")

    def __init__(self, folded: str) -> None:
        parts = folded.split("*")
        self.head, self.tail = parts[0], parts[-1]
        self.middle = tuple(part for part in parts[1:-1] if part)
        self.least = len(self.head) + len(self.tail) + sum(len(part) for part in self.middle)

    def __call__(self, word: str) -> bool:
        if len(word) < self.least or not word.startswith(self.head) or not word.endswith(self.tail):
            return False
        position, end = len(self.head), len(word) - len(self.tail)
        for part in self.middle:
            found = word.find(part, position, end)
            if found < 0:
                return False
            position = found + len(part)
        return True


def _word_test(word: str, variants: bool) -> Any:
    """A test on a printed word: does it match the query word ``word``?"""
    if "*" in word:
        if not word.strip("*"):
            raise BridgeLawsError(f"a wildcard needs letters: {word!r} would match every word")
        glob = _Glob(spelling.fold(word))
        if variants:
            return lambda w: glob(spelling.fold(w)) or glob(spelling.key(w))
        return lambda w: glob(spelling.fold(w))
    if variants:
        wanted = spelling.key(word)
        return lambda w: spelling.key(w) == wanted
    folded = spelling.fold(word)
    return lambda w: spelling.fold(w) == folded


def _matches(tests: list[Any], text: str) -> list[tuple[int, int]]:
    """(start, end) in ``text`` of every run of consecutive words that passes ``tests`` in order."""
    found = list(spelling.WORD.finditer(text))
    spans = []
    i = 0
    while i + len(tests) <= len(found):
        if all(test(found[i + k].group()) for k, test in enumerate(tests)):
            spans.append((found[i].start(), found[i + len(tests) - 1].end()))
            i += len(tests)
        else:
            i += 1
    return spans


def _hit(record_id: str, where: str, text: str, spans: list[tuple[int, int]], count: int,
         forms: tuple[str, ...], fields_: tuple[str, ...]) -> Hit:
    first_start, first_end = spans[0]
    shown = [span for span in spans if span[1] <= first_start + _SPAN] or spans[:1]
    start = max(0, first_start - _BEFORE)
    end = min(len(text), max(first_end + _AFTER, shown[-1][1] + 8))
    prefix = "…" if start > 0 else ""
    body = text[start:end].replace("\n", " ")
    marks = tuple((a - start + len(prefix), b - start + len(prefix)) for a, b in shown)
    return Hit(record_id, prefix + body + ("…" if end < len(text) else ""), where, marks, count, forms,
               fields_)


def search(query: str, edition: str | None = None, *, variants: bool = True) -> list[Hit]:
    """The records whose heading, subheading or text holds the words of ``query``, one hit per
    record, in chronological then source order (an article's heading counts at its first record).

    Matching is by whole words (``pas`` finds "pas", not "passen" nor "toepassing"), case- and
    accent-insensitive; ``*`` in a query word stands for any letters (``pas*`` finds "passen",
    ``*pas*`` also "toepassing"). Several words match as a phrase (consecutive words, whatever
    punctuation stands between them). With ``variants`` (the default) a word also finds its other
    spellings: the words with the same :func:`bridgelaws.text.spelling.key` ("doubleren" finds 1936's
    "doubleeren" and 1932's "dubbelen"); ``variants=False`` finds the folded form only.

    A query is at most :data:`MAX_QUERY` characters; a wildcard is matched without backtracking
    (:class:`_Glob`), so the work grows with the query's length, never faster.
    """
    if isinstance(query, str) and len(query) > MAX_QUERY:
        raise BridgeLawsError(f"search query too long: {len(query):,} characters, at most {MAX_QUERY} "
                              f"(it begins {query[:20]!r})")
    if not isinstance(query, str) or not _QUERY_WORD.search(query):
        raise BridgeLawsError(f"search needs a word, got {query!r}")
    tests = [_word_test(word, variants) for word in _QUERY_WORD.findall(query)]
    per_record: dict[str, list[tuple[str, str, list[tuple[int, int]]]]] = {}
    order: list[str] = []
    for e in corpus._editions(edition):
        for record_id, where, text in corpus.printed_fields(e):
            spans = _matches(tests, text)
            if spans:
                if record_id not in per_record:
                    per_record[record_id] = []
                    order.append(record_id)
                per_record[record_id].append((where, text, spans))
    hits = []
    preference = {"text": 0, "title": 1, "heading": 2}
    for record_id in order:
        fields_ = per_record[record_id]
        count = sum(len(spans) for _, _, spans in fields_)
        forms = tuple(dict.fromkeys(text[a:b] for _, text, spans in fields_ for a, b in spans))
        where, text, spans = min(fields_, key=lambda f: preference[f[0]])
        hits.append(_hit(record_id, where, text, spans, count, forms, tuple(f[0] for f in fields_)))
    return hits
