"""What changed between two texts of the corpus: an alignment of their words.

:func:`diff` aligns the words of two texts (records, articles, or a topic's articles in one edition)
on their :func:`bridgelaws.text.spelling.key`, the normalisation of the search, with
:class:`difflib.SequenceMatcher` (no junk heuristic). Each word of either text ends up in one
:class:`Piece`:

- ``same``: aligned, and printed alike but for case;
- ``spelling``: aligned, printed differently but one word by the spelling rules or a corpus note
  ("doubleeren" / "doubleren", "één" / "een", "den" / "de"): shown as spelling, never as a change;
- ``variant``: aligned because the glossary's ``spelling`` families make them one term, but two
  forms or words rather than two spellings ("dubbelen" / "doubleeren", "spelsoort" / "speelsoort"):
  shown as a variant of the term;
- ``deleted``: only in the first text; ``inserted``: only in the second.

The similarity is the share of aligned words: ``2 * aligned / (words of a + words of b)``, where
``aligned`` counts the same, spelling and variant pairs; 1.0 for two texts without words. It is
difflib's ``ratio()`` over the keys.

:func:`marked` writes a diff as one text: ``[-deleted words-]``, ``{+inserted words+}``,
``~old→new~`` for a spelling pair, and the second text's words and punctuation elsewhere.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from . import corpus, spelling
from .errors import BridgeLawsError

__all__ = ["Piece", "Text", "Diff", "text_of", "diff", "diff_texts", "marked"]

Kind = Literal["same", "spelling", "variant", "deleted", "inserted"]


@dataclass(frozen=True)
class Piece:
    """A run of words of one kind: ``old`` from the first text, ``new`` from the second ("" where
    the kind has none), each as printed, with the punctuation between its words."""

    kind: Kind
    old: str
    new: str


@dataclass(frozen=True)
class Text:
    """A text to compare: what it is (``id``), its label and its text."""

    id: str
    label: str
    text: str


@dataclass(frozen=True)
class Diff:
    a: Text
    b: Text
    pieces: tuple[Piece, ...]
    words_a: int
    words_b: int
    aligned: int  # the word pairs aligned (same + spelling + variant)
    spelling: int  # of those, the pairs in another spelling
    variant: int  # and the pairs of two forms of one glossary term
    #: per word of b, in order: (its kind, the word of a it is aligned with or "")
    b_words: tuple[tuple[Kind, str], ...] = ()
    #: (index of the word of b before which they stood, the deleted words of a as printed)
    deletions: tuple[tuple[int, str], ...] = ()

    @property
    def similarity(self) -> float:
        """2 * aligned / (words_a + words_b); 1.0 when neither text has a word."""
        total = self.words_a + self.words_b
        return 1.0 if total == 0 else 2 * self.aligned / total

    @property
    def deleted(self) -> int:
        return self.words_a - self.aligned

    @property
    def inserted(self) -> int:
        return self.words_b - self.aligned


_TOPIC_REF = re.compile(r"^(?P<topic>.+)@(?P<year>\d{4})$")


def text_of(ref: str) -> Text:
    """The text a reference names: a record or an article (``1936:15``, ``2017:17.A``: the record
    and every record under it), or a topic's articles in one edition (``doubling@1936``, a topic
    of ``data/topics.yaml`` by id or title)."""
    from .content import find_topic

    if not isinstance(ref, str) or not ref.strip():
        raise BridgeLawsError(f"diff needs an id such as 1936:15 or doubling@1936, got {ref!r}")
    topic_ref = _TOPIC_REF.match(ref.strip())
    if topic_ref:
        topic, year = find_topic(topic_ref["topic"]), topic_ref["year"]
        corpus.source(year)  # an unknown edition is a one-line error
        ids = topic["articles"].get(year, [])
        if not ids:
            gap = topic["gap"].get(year, "nothing on this topic")
            raise BridgeLawsError(f"topic {topic['id']!r} has no text in {year}: {gap}")
        records: dict[str, corpus.Record] = {}
        for article_id in ids:
            for record in corpus.article(article_id).records:
                records.setdefault(record.id, record)
        return Text(ref.strip(), f"{topic['title']}, {year} ({', '.join(ids)})",
                    "\n".join(r.text for r in records.values()))
    passage = corpus.article(ref.strip())
    return Text(passage.id, f"{passage.id} {passage.heading or ''}".strip(), passage.text)


def _words(text: str) -> list[re.Match[str]]:
    return list(spelling.WORD.finditer(text))


def diff_texts(a: Text, b: Text) -> Diff:
    """The alignment of two texts (see the module's documentation)."""
    words_a, words_b = _words(a.text), _words(b.text)
    keys_a = [spelling.key(m.group()) for m in words_a]
    keys_b = [spelling.key(m.group()) for m in words_b]
    matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    pieces: list[Piece] = []

    def run(text: str, found: list[re.Match[str]], start: int, end: int) -> str:
        """Words start..end of a text as printed, with the punctuation that clings to them (an
        opening bracket or quote before the first, a comma or full stop after the last)."""
        first, last = found[start].start(), found[end - 1].end()
        while first > 0 and not text[first - 1].isspace() and not text[first - 1].isalnum():
            first -= 1
        while last < len(text) and not text[last].isspace() and not text[last].isalnum():
            last += 1
        return " ".join(text[first:last].split())

    def kind(old: str, new: str) -> Kind:
        if old.casefold() == new.casefold():
            return "same"
        return "spelling" if spelling.spelling_key(old) == spelling.spelling_key(new) else "variant"

    aligned = spelling_pairs = variant_pairs = 0
    b_marks: list[tuple[Kind, str]] = []
    deletions: list[tuple[int, str]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if i2 > i1 and tag != "equal":
            deletions.append((j1, run(a.text, words_a, i1, i2)))
        if tag != "equal":
            b_marks.extend(("inserted", "") for _ in range(j1, j2))
        else:
            b_marks.extend((kind(words_a[i].group(), words_b[j].group()), words_a[i].group())
                           for i, j in zip(range(i1, i2), range(j1, j2)))
        if tag == "equal":
            aligned += i2 - i1
            same_from = 0  # the first word of the current run of same words (offset in the block)
            for k in range(i2 - i1):
                pair = kind(words_a[i1 + k].group(), words_b[j1 + k].group())
                if pair != "same":
                    spelling_pairs += pair == "spelling"
                    variant_pairs += pair == "variant"
                    if k > same_from:
                        pieces.append(Piece("same", run(a.text, words_a, i1 + same_from, i1 + k),
                                            run(b.text, words_b, j1 + same_from, j1 + k)))
                    pieces.append(Piece(pair, run(a.text, words_a, i1 + k, i1 + k + 1),
                                        run(b.text, words_b, j1 + k, j1 + k + 1)))
                    same_from = k + 1
            if i2 - i1 > same_from:
                pieces.append(Piece("same", run(a.text, words_a, i1 + same_from, i2),
                                    run(b.text, words_b, j1 + same_from, j2)))
            continue
        if i2 > i1:
            pieces.append(Piece("deleted", run(a.text, words_a, i1, i2), ""))
        if j2 > j1:
            pieces.append(Piece("inserted", "", run(b.text, words_b, j1, j2)))
    return Diff(a, b, tuple(pieces), len(words_a), len(words_b), aligned, spelling_pairs, variant_pairs,
                tuple(b_marks),
                tuple(deletions))


def diff(ref_a: str, ref_b: str) -> Diff:
    """The alignment of the texts ``ref_a`` and ``ref_b`` names (see :func:`text_of`)."""
    return diff_texts(text_of(ref_a), text_of(ref_b))


def _word(printed: str) -> str:
    found = spelling.WORD.search(printed)
    return found.group() if found else printed


def marked(result: Diff) -> str:
    """The diff as one line of text: the words of both texts in order, ``[-deleted-]``,
    ``{+inserted+}``, ``~old→new~`` for a spelling pair and ``~~old→new~~`` for a variant pair; runs of same words as printed in the
    second text (the first text's, where a run has none there)."""
    out = []
    for piece in result.pieces:
        if piece.kind == "same":
            out.append(piece.new)
        elif piece.kind in ("spelling", "variant"):
            old_word, new_word = _word(piece.old), _word(piece.new)
            tilde = "~" if piece.kind == "spelling" else "~~"
            out.append(piece.new.replace(new_word, f"{tilde}{old_word}→{new_word}{tilde}", 1))
        elif piece.kind == "deleted":
            out.append(f"[-{piece.old}-]")
        else:
            out.append(f"{{+{piece.new}+}}")
    return " ".join(" ".join(out).split())
