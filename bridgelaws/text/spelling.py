"""One normalisation of words for the search and the diff, so that 1932 and 2017 read alike.

A word's :func:`key` is what the search compares and the diff aligns:

1. :func:`fold`: case and accents folded ("Één" -> "een");
2. the rules of ``data/spelling-rules.yaml`` (the changes of the Marchant spelling of 1934 and the
   1946/1947 reform, each with its source), in order;
3. the words the corpus itself names as one: its spelling and slip notes (``verbatim`` -> ``reading``,
   word for word, e.g. 1936 "doubleeren" -> "doubleren", 1932 "herdubbeid" -> "herdubbeld") and the
   glossary's ``spelling`` families (``data/glossary.yaml``: "dubbelen", "doubleeren", "doubleren"
   are one family), joined into one key.

:func:`spelling_key` stops before the glossary: the diff uses it to tell a spelling ("doubleeren" /
"doubleren") from another form of the same term ("dubbelen" / "doubleeren").

Words are runs of letters and digits (:data:`WORD`): a hyphen or an apostrophe ends a word, so
"pas-biedingen" holds the word "pas" and "zonder-troef" reads as "zonder troef". Notes and glossary
forms of several words join the one word in which they differ ("pakjes. een" / "pakjes, een" joins
nothing); forms that differ in more than one word ("zonder troef" / "sans atout") join nothing, so
that "zonder" (without) never becomes one word with "sans".
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from . import datafiles, schema

__all__ = ["WORD", "fold", "words", "rules", "rule_key", "spelling_key", "key", "variants", "sources"]

#: A word: a run of letters and digits (``\w`` without the underscore).
WORD = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Case- and accent-folded text (NFD, combining marks dropped, casefold)."""
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[str]:
    """The words of a text, as printed (see :data:`WORD`)."""
    return WORD.findall(text)


@datafiles.cached
def _rules() -> schema.SpellingRules:
    return schema.parse_spelling_rules(datafiles.load("spelling-rules.yaml"))


def rules() -> tuple[schema.SpellingRule, ...]:
    """The spelling rules, in the order they are applied."""
    return _rules().rules


def sources() -> tuple[schema.SpellingSource, ...]:
    """The sources the rules paraphrase (title, address, the day they were read)."""
    return _rules().sources


def rule_key(word: str) -> str:
    """The folded word after every rule of ``spelling-rules.yaml`` (no corpus notes, no glossary)."""
    result = fold(word)
    for rule in rules():
        result = rule.apply(result)
    return result


@datafiles.cached
def _joined(glossary: bool = True) -> dict[str, str]:
    """{rule key: the key of its class}, for the rule keys that the notes (and the glossary) join."""
    from . import corpus
    from .content import _glossary

    parent: dict[str, str] = {}

    def find(item: str) -> str:
        while parent.get(item, item) != item:
            item = parent[item]
        return item

    def join(a: str, b: str) -> None:
        root_a, root_b = find(a), find(b)
        if root_a != root_b:
            low, high = sorted((root_a, root_b))
            parent[high] = low
            parent.setdefault(low, low)

    def join_phrases(a: str, b: str) -> None:
        # Word for word only where the two differ in one word: "zonder troef" / "sans atout" would
        # otherwise make "zonder" (without) one word with "sans" everywhere.
        pairs = [(x, y) for x, y in zip(words(a), words(b)) if rule_key(x) != rule_key(y)]
        if len(words(a)) == len(words(b)) and len(pairs) == 1:
            join(rule_key(pairs[0][0]), rule_key(pairs[0][1]))

    for note in corpus.notes():
        if note.kind in ("spelling", "slip") and note.verbatim and note.reading:
            join_phrases(note.verbatim, note.reading)
    for family in _glossary()["spelling"] if glossary else ():
        forms = list(family["forms"])
        for form in forms[1:]:
            join_phrases(forms[0], form)
    return {item: find(item) for item in parent}


@lru_cache(maxsize=65536)
def _key(folded_word: str) -> str:
    ruled = rule_key(folded_word)
    return _joined().get(ruled, ruled)


@lru_cache(maxsize=65536)
def _spelling_key(folded_word: str) -> str:
    ruled = rule_key(folded_word)
    return _joined(False).get(ruled, ruled)


def spelling_key(word: str) -> str:
    """The key of a word without the glossary's families: folded, the spelling rules applied, and
    the corpus notes' readings joined. Two words with one :func:`key` but different spelling keys
    are two forms of one term that the glossary joins ("dubbelen" / "doubleeren"), not two
    spellings of one word."""
    return _spelling_key(fold(word))


def key(word: str) -> str:
    """The key of a word: folded, the spelling rules applied, and the corpus's own variants joined.
    Two words with one key are one word to the search and the diff."""
    return _key(fold(word))


def variants(word: str) -> tuple[str, ...]:
    """The forms of the corpus (folded) that have the key of ``word``, sorted."""
    from . import corpus

    wanted = key(word)
    found = {fold(w) for e in corpus.EDITIONS for _, _, text in corpus.printed_fields(e) for w in words(text)
             if key(w) == wanted}
    return tuple(sorted(found))


datafiles.on_reset(_key.cache_clear)
datafiles.on_reset(_spelling_key.cache_clear)
