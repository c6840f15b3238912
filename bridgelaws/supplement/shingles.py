"""The paraphrase guard: a source's eight-word shingles, hashed, never its text.

Every page read for the supplementary layer is kept, as returned by the search tool, outside the
repository (``/work/srccache/<source-id>.txt``); ``tools/shingles.py`` turns it into
``data/supplement/shingles/<source-id>.txt``: the sorted, de-duplicated hashes of its eight-word
shingles. ``tests/test_paraphrase_guard.py`` computes the same shingles of every paraphrase and
supplementary ruling and fails when one of them is among any source's hashes: a run of eight
consecutive words taken from a source. Both use :func:`words` and :func:`shingle_hashes` of this
module, so the tool and the test cannot normalise differently.

Normalisation (``NORMALISATION``): case-folded, NFKD-decomposed with the combining marks dropped
(``é`` -> ``e``, ``ø`` stays ``ø``), then a word is a run of letters and digits and everything else
(spaces, punctuation, apostrophes, the slash of "his/her") separates words. A shingle is eight
consecutive words joined by one space; its hash is the first 16 hex digits of its SHA-256.

The file format (checked on load, :func:`parse_shingle_file`): a header of ``#`` lines naming the
source and the normalisation, then one hash a line, 16 lower-case hex digits, strictly ascending.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Iterator

from ..text.errors import BridgeLawsError

__all__ = ["NORMALISATION", "SIZE", "header", "parse_shingle_file", "shared", "shingle_hash", "shingle_hashes", "shingles", "words",
           "write_shingle_file"]

#: How many consecutive words make a shingle.
SIZE = 8
#: The name of the normalisation, written in every shingle file's header and checked on load: a file
#: made under another normalisation is refused rather than silently compared.
NORMALISATION = "casefold+NFKD-no-marks; words=[letters/digits]+; 8 words joined by ' '; sha256[:16]"

_WORD = re.compile(r"[^\W_]+")
_HASH = re.compile(r"[0-9a-f]{16}")


def words(text: str) -> list[str]:
    """The normalised words of ``text``: case-folded, accents dropped, split on all but letters and
    digits (``"Offender’s LHO"`` -> ``["offender", "s", "lho"]``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _WORD.findall(bare)


def shingles(text: str, size: int = SIZE) -> Iterator[tuple[int, str]]:
    """Every run of ``size`` consecutive normalised words of ``text``, with the index of its first
    word, joined by one space (nothing for a text shorter than ``size`` words)."""
    found = words(text)
    for i in range(len(found) - size + 1):
        yield i, " ".join(found[i:i + size])


def shingle_hash(shingle: str) -> str:
    return hashlib.sha256(shingle.encode("utf-8")).hexdigest()[:16]


def shingle_hashes(text: str) -> set[str]:
    """The set of hashes of the eight-word shingles of ``text``."""
    return {shingle_hash(s) for _, s in shingles(text)}


def header(source_id: str) -> str:
    return (f"# shingles of source {source_id} (data/supplement/sources.yaml); written by tools/shingles.py\n"
            f"# normalisation: {NORMALISATION}\n")


def write_shingle_file(source_id: str, text: str) -> str:
    """The content of ``shingles/<source_id>.txt`` for the raw text of the source."""
    return header(source_id) + "".join(f"{h}\n" for h in sorted(shingle_hashes(text)))


def parse_shingle_file(content: str, name: str, source_id: str) -> frozenset[str]:
    """The hashes of a shingle file; one error line naming the file and the line when it is not one
    written by :func:`write_shingle_file` for this source under this normalisation."""
    lines = content.splitlines()
    expected = header(source_id).splitlines()
    if lines[:len(expected)] != expected:
        raise BridgeLawsError(f"{name}: line 1-{len(expected)}: the header must be {expected!r} (regenerate "
                              "it with tools/shingles.py: another source or normalisation?)")
    result: list[str] = []
    for number, line in enumerate(lines[len(expected):], start=len(expected) + 1):
        if not _HASH.fullmatch(line):
            raise BridgeLawsError(f"{name}: line {number}: expected 16 lower-case hex digits, got {line!r}")
        if result and line <= result[-1]:
            raise BridgeLawsError(f"{name}: line {number}: {line} is not after {result[-1]} (the hashes are "
                                  "sorted and given once)")
        result.append(line)
    if not result:
        raise BridgeLawsError(f"{name}: no hashes (the source's text had fewer than {SIZE} words?)")
    return frozenset(result)


def shared(text: str, hashes: Iterable[str]) -> list[str]:
    """The eight-word runs of ``text`` whose hash is in ``hashes`` (normalised words, in order)."""
    known = set(hashes)
    return [s for _, s in shingles(text) if shingle_hash(s) in known]
