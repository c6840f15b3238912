"""The wording of two rules compared (:mod:`bridgelaws.presentation.ledger`): the words modulo spelling, the
sentence that carries a rule (:func:`rule_sentence`), and the wording words (``unchanged``,
``reworded``, ``rewritten``) for two rules of the same effect (:func:`compare_wording`)."""

from __future__ import annotations

import difflib
import re
from typing import Any, Iterable, Sequence

from ..text.errors import BridgeLawsError
from .ledger_words import Because, Change
from ..judging.rulings import Ruling

__all__ = ["REWORDED_SIMILARITY", "normalised_words", "same_wording", "similarity", "sentences", "rule_sentence",
           "compare_wording", "outside_references", "resolves"]


# --- wording ---------------------------------------------------------------------------------------

#: ``reworded`` needs the sentences that carry the rule to align on at least this share of their
#: words (:attr:`bridgelaws.text.textdiff.Diff.similarity`, 2 * aligned / (words of a + words of b), on
#: the spelling's keys). Per sentence the real pairs nearest it align on 0.55 (rewritten:
#: double-cancelled 1949 / 2017) and 0.61 (reworded: contract and declarer 1932 / 1936); first-call
#: 1949 / 2007 (12 of the 14 words of 2007's sentence kept) on 0.65 (tests/test_ledger.py).
REWORDED_SIMILARITY = 0.6


def normalised_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` modulo spelling: each word's :func:`bridgelaws.text.spelling.spelling_key`
    (case and accents folded, the spelling rules of ``data/spelling-rules.yaml`` and the corpus's
    spelling notes applied; not the glossary's families, which join two forms of a term)."""
    from ..text import spelling

    return tuple(spelling.spelling_key(w) for w in spelling.words(text))


def same_wording(a: str, b: str) -> bool:
    """True when two Dutch texts are the same modulo spelling."""
    return normalised_words(a) == normalised_words(b)


def similarity(a: str, b: str) -> float:
    """How far two texts align: the project's text alignment (:func:`bridgelaws.text.textdiff.diff_texts`)."""
    from ..text.textdiff import Text, diff_texts

    return diff_texts(Text("a", "a", a), Text("b", "b", b)).similarity


def _differences(a: str, b: str, most: int = 3) -> str:
    """Where two texts differ, modulo spelling, in a few words: "'16d' -> '16c'"."""
    left, right = normalised_words(a), normalised_words(b)
    ops = [op for op in difflib.SequenceMatcher(a=left, b=right, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not ops:
        return "no difference"
    if len(ops) > most:
        kept = sum(i2 - i1 for tag, i1, i2, _, _ in
                   difflib.SequenceMatcher(a=left, b=right, autojunk=False).get_opcodes() if tag == "equal")
        return f"{len(ops)} places differ ({kept} of {len(left)} words kept, modulo spelling)"

    def words(part: Sequence[str]) -> str:
        text = " ".join(part)
        return repr(text if len(text) <= 60 else text[:57] + "...")

    parts = []
    for tag, i1, i2, j1, j2 in ops:
        if tag == "replace":
            parts.append(f"{words(left[i1:i2])} -> {words(right[j1:j2])}")
        elif tag == "delete":
            parts.append(f"{words(left[i1:i2])} left out")
        else:
            parts.append(f"{words(right[j1:j2])} added")
    return "; ".join(parts)


def outside_references(articles: Iterable[str]) -> list[Any]:
    """The references to articles outside the corpus that the cited records make."""
    from ..text import corpus

    wanted = list(articles)
    if not wanted:
        return []
    edition = wanted[0].split(":")[0]
    return [r for r in corpus.references(edition, in_corpus=False)
            if any(r.from_id == a or r.from_id.startswith(a + ".") for a in wanted)]


def _words_in(refs: Sequence[Any]) -> set[str]:
    return {w for r in refs for w in normalised_words(r.quote)}


def _touched(refs: Sequence[Any], changed: set[str]) -> list[Any]:
    """The references whose quote holds one of the ``changed`` words."""
    return [r for r in refs if set(normalised_words(r.quote)) & changed]


def _only_references_differ(text_a: str, text_b: str, articles_a: Sequence[str],
                            articles_b: Sequence[str]) -> str | None:
    """Where every word in which two texts differ lies inside a reference to an article outside the
    corpus (the corpus's ``references``), the words of the reason that say so; else None."""
    refs_a, refs_b = outside_references(articles_a), outside_references(articles_b)
    left, right = normalised_words(text_a), normalised_words(text_b)
    ops = [op for op in difflib.SequenceMatcher(a=left, b=right, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not ops:
        return None
    gone = {w for _, i1, i2, _, _ in ops for w in left[i1:i2]}
    added = {w for _, _, _, j1, j2 in ops for w in right[j1:j2]}
    if not (gone <= _words_in(refs_a) and added <= _words_in(refs_b)):
        return None
    return ("the only difference is the number of an article outside the corpus: "
            + ", ".join(f"'{r.quote}' ({r.target})" for r in _touched(refs_a, gone)) + " -> "
            + ", ".join(f"'{r.quote}' ({r.target})" for r in _touched(refs_b, added)))


def _record_text(record_id: str) -> str:
    from ..text import corpus

    try:
        return corpus.record(record_id).text
    except BridgeLawsError:
        return corpus.article(record_id).text


def _articles_text(articles: Iterable[str]) -> str:
    return "\n".join(_record_text(a) for a in articles)


# --- the sentences that carry the rule -------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\u00C0-\u00DD(\"'])")


def sentences(text: str) -> list[str]:
    """The sentences of a Dutch text (split after ``.``, ``!`` or ``?`` before a capital)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def rule_sentence(ruling: Ruling) -> str | None:
    """The sentence that carries the ruling: for a draft, the words its ruling rests on (its quote,
    else its wording); else the sentence(s) of the corpus record ``quote_from`` that hold the quote;
    None for a ruling without a quote (a paraphrase, or a corpus entry that quotes nothing)."""
    if ruling.proposal is not None:
        return ruling.proposal.quote or ruling.proposal.wording
    if not ruling.quote_nl or not ruling.quote_from:
        return None
    try:
        text = _record_text(ruling.quote_from)
    except BridgeLawsError:
        return ruling.quote_nl
    start = text.find(ruling.quote_nl)
    if start < 0:
        return ruling.quote_nl
    end, found, position = start + len(ruling.quote_nl), [], 0
    for sentence in sentences(text):
        at = text.find(sentence, position)
        position = at + len(sentence)
        if at < end and position > start:
            found.append(sentence)
    return " ".join(found) or ruling.quote_nl


def _best_sentence(fixed: str | None, text: str, other: str | None, other_text: str) -> tuple[str, str]:
    """The pair of rule sentences compared: each side's own where it has one; where a side has none
    (a mechanic, a ruling without a quote), the sentence of its cited text that aligns best."""
    left = [fixed] if fixed else sentences(text) or [text]
    right = [other] if other else sentences(other_text) or [other_text]

    def ratio(pair: tuple[str, str]) -> float:
        return difflib.SequenceMatcher(a=normalised_words(pair[0]), b=normalised_words(pair[1]),
                                       autojunk=False).ratio()

    return max(((a, b) for a in left for b in right), key=ratio)



def resolves(article: str) -> bool:
    try:
        _record_text(article)
    except BridgeLawsError:
        return False
    return True



def compare_wording(rule_a: str | None, rule_b: str | None, articles_a: list[str], articles_b: list[str],
                     effect: str, editions: tuple[str, str] = ("", "")) -> tuple[Change, Because | None, str]:
    """Same effect: decided on the sentences that carry the rule (:func:`rule_sentence`; for a side
    without one, the sentence of its cited text that aligns best with the other side's):
    ``unchanged`` if they are the same modulo spelling, ``reworded`` if they align on at least
    :data:`REWORDED_SIMILARITY`, else ``rewritten``. The rest of the cited articles is named in
    the reason, and does not decide the word."""
    own_a = [x for x in articles_a if resolves(x)]
    own_b = [x for x in articles_b if resolves(x)]
    text_a, text_b = _articles_text(own_a), _articles_text(own_b)
    left, right = _best_sentence(rule_a, text_a, rule_b, text_b)
    cited = f"{', '.join(articles_a) or 'none'} and {', '.join(articles_b) or 'none'}"
    how = "" if rule_a and rule_b else " (for a side without a quote, its cited sentence that aligns best)"
    sentence = f'the sentences that carry the rule{how}: {editions[0]} "{left}", {editions[1]} "{right}"'
    rest = ("the rest of the cited articles is the same modulo spelling" if same_wording(text_a, text_b) else
            f"the cited articles' text as a whole ({cited}) differs: "
            f"{_only_references_differ(text_a, text_b, own_a, own_b) or _differences(text_a, text_b)}")
    if same_wording(left, right):
        return Change.UNCHANGED, None, f"{effect}; {sentence} are the same modulo spelling; {rest}"
    aligned = similarity(left, right)
    only = _only_references_differ(left, right, own_a, own_b)
    parts = f"{sentence} differ: {only or _differences(left, right)}; {rest}"
    measured = f"the sentences align on {aligned:.2f} (threshold {REWORDED_SIMILARITY})"
    if aligned >= REWORDED_SIMILARITY:
        return Change.REWORDED, None, f"{effect}; {parts}; {measured}"
    return (Change.REWRITTEN, None,
            f"{effect}, but the sentence was rewritten and its conditions may differ: read both texts; "
            f"{parts}; {measured}, below the threshold")

