"""The project's English translation of the corpus records, kept apart from the corpus.

The translation is the project's own work, never a source text: ``data/editions/<year>/translation.yaml``
holds, for one edition, one English text per corpus record under the record's id (and, optionally,
the English of the record's printed subheading and of each article heading). Views that show it
label it as the project's translation (:data:`LABEL`). An edition without a file has no translation
yet: :func:`english` returns ``None`` for its records, and no view invents one.

The conventions of the English (``data/editions/translation.md``): the glossary's English for its
terms (:func:`untranslated_terms` checks it), Dutch kept in ``*italics*`` with a gloss where a term
has no settled English, and the reading of a corpus note on a slip given in brackets where it is
translated (``[note ID: printed "…", read "…"]``).
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from . import corpus, datafiles, schema, textsearch
from .content import _glossary
from .errors import BridgeLawsError
from .registry import derives, remap

#: How every view names the English text: the project's translation, not a source.
LABEL = "English: the project's translation, not a source text"


def _record_titles(edition: str) -> set[str]:
    return {r.id for r in corpus.records(edition) if r.title}


def _headed_articles(edition: str) -> set[str]:
    return {a.article for a in corpus.source(edition).articles if a.heading}


def _glossary_terms() -> set[str]:
    return {str(term["nl"]) for term in _glossary()["terms"]}


@datafiles.cached
def _file(edition: str) -> schema.TranslationFile | None:
    name = datafiles.edition_file(edition, "translation.yaml")
    own = None
    if datafiles.exists(name):
        own = schema.parse_translation_file(
            datafiles.load(name), name, edition, {r.id for r in corpus.records(edition)},
            titled=_record_titles(edition), headed=_headed_articles(edition), terms=_glossary_terms())
    base = derives(edition)
    return own if base is None else _derived(edition, base, own)


def _derived(edition: str, base: str, own: schema.TranslationFile | None) -> schema.TranslationFile | None:
    """The translation of an edition that derives from ``base``: its own file's English, and the
    base's for every record (subheading, heading) whose Dutch is word for word the base's, read
    under the same id; a record whose Dutch changed has English only from the edition's own file."""
    inherited = _file(base)
    if inherited is None:
        return own
    records, titles, exceptions = _inherited_records(edition, base, inherited, own)
    headings = _inherited_headings(edition, base, inherited)
    if own is not None:
        records.update(own.records)
        titles.update(own.titles)
        headings.update(own.headings)
        exceptions.extend(own.exceptions)
    order = [r.id for r in corpus.records(edition)]
    return schema.TranslationFile(edition=edition, translator=own.translator if own else inherited.translator,
                                  records={i: records[i] for i in order if i in records},
                                  titles={i: titles[i] for i in order if i in titles}, headings=headings,
                                  exceptions=tuple(exceptions))


def _inherited_records(edition: str, base: str, inherited: schema.TranslationFile,
                       own: schema.TranslationFile | None
                       ) -> tuple[dict[str, str], dict[str, str], list[schema.TranslationException]]:
    """The base's English of the records (and subheadings) of ``edition`` whose Dutch is the base's,
    by the edition's ids, with the base's exceptions of those records: (records, titles, exceptions).
    A record the edition's own file translates takes nothing from the base."""
    records: dict[str, str] = {}
    titles: dict[str, str] = {}
    exceptions: list[schema.TranslationException] = []
    own_records = own.records if own else {}
    for record in corpus.records(edition):
        try:
            before = corpus.record(remap(record.id, edition, base))
        except BridgeLawsError:
            continue  # a record the base does not have
        if before.text == record.text and record.id not in own_records:
            if before.id in inherited.records:
                # A note's id names its edition too ("[note 2017-slip-...:"), as the text's notes do.
                records[record.id] = inherited.records[before.id].replace(f"[note {base}-", f"[note {edition}-")
            exceptions.extend(schema.TranslationException(record.id, e.term, e.reason)
                              for e in inherited.exceptions if e.id == before.id)
        if before.title == record.title and before.id in inherited.titles:
            titles[record.id] = inherited.titles[before.id]
    return records, titles, exceptions


def _inherited_headings(edition: str, base: str, inherited: schema.TranslationFile) -> dict[str, str]:
    """The base's English of the article headings of ``edition`` that are word for word the base's."""
    base_headings = {a.article: a.heading for a in corpus.source(base).articles}
    return {article.article: inherited.headings[article.article] for article in corpus.source(edition).articles
            if article.heading and base_headings.get(article.article) == article.heading
            and article.article in inherited.headings}


def _edition(edition: str) -> dict[str, str]:
    loaded = _file(edition)
    return {} if loaded is None else loaded.records


def english(record_id: str) -> str | None:
    """The project's English for the record ``record_id`` (``"1936:22.6.c"``), or ``None`` where
    its edition has no translation yet. An unknown id is a one-line error (``corpus.record``)."""
    record = corpus.record(record_id)
    return _edition(record.edition).get(record.id)


def translated(edition: str) -> dict[str, str]:
    """Every translated record of ``edition``: ``{record id: English}``."""
    return dict(_edition(corpus.source(edition).edition))


def untranslated_records(edition: str) -> list[str]:
    """The ids of the records of ``edition`` that have no English (all of them while the edition
    has no translation file)."""
    texts = _edition(corpus.source(edition).edition)
    return [r.id for r in corpus.records(edition) if r.id not in texts]


def title_english(record_id: str) -> str | None:
    """The English of the subheading printed above the record, or ``None`` (no subheading, or no
    translation of it)."""
    record = corpus.record(record_id)
    loaded = _file(record.edition)
    return None if loaded is None else loaded.titles.get(record.id)


def heading_english(edition: str, article: str) -> str | None:
    """The English of an article's printed heading, or ``None`` (no heading, or no translation)."""
    loaded = _file(corpus.source(edition).edition)
    return None if loaded is None else loaded.headings.get(article)


def exceptions(edition: str) -> tuple[schema.TranslationException, ...]:
    """The glossary terms the translation of ``edition`` does not render by their glossary English
    in a record where they occur, each with its reason."""
    loaded = _file(corpus.source(edition).edition)
    return () if loaded is None else loaded.exceptions


# ------------------------------------------------------------------------- the glossary's English


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def _dutch_pattern(form: str) -> re.Pattern[str]:
    """A Dutch term as a whole word or phrase (folded; "zonder troef" does not match "zonder-troef",
    "voldoende bod" not "onvoldoende bod")."""
    body = r"\s+".join(re.escape(part) for part in _fold(form).split())
    return re.compile(rf"(?<!\w){body}(?!\w)")


_ENDINGS = ("es", "s", "e", "y")
# English inflections allowed after a form's stem: "double" finds "doubles", "doubled", "doubling";
# "bid" finds "bids", "bidding"; "penalty" finds "penalties". Not "er": "deal" must not find "dealer".
_SUFFIX = r"(?:e|y|s|es|ed|d|ing|ding|ies|ied)?"


def _stem(word: str) -> str:
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3 and not word.endswith("ss"):
            return word[: -len(ending)]
    return word


def _english_pattern(form: str) -> re.Pattern[str]:
    body = r"\s+".join(re.escape(_stem(word)) + _SUFFIX for word in _fold(form).split())
    return re.compile(rf"(?<!\w){body}(?!\w)")


def english_forms(term: dict[str, Any]) -> tuple[str, ...]:
    """The English words a translation uses for a glossary term: its ``en_forms``, or else the head
    of its ``en`` (before any ";" or "(", without a leading "to", "a", "an")."""
    if term.get("en_forms"):
        return tuple(str(form) for form in term["en_forms"])
    head = str(term["en"]).split(";")[0].split("(")[0].strip()
    for article in ("to ", "a ", "an "):
        if head.startswith(article):
            head = head[len(article):]
    return (head,)


def renders(translation: str, forms: tuple[str, ...]) -> bool:
    """Whether ``translation`` contains one of ``forms`` (whole words, case-insensitive, with the
    usual English inflections)."""
    folded = _fold(translation)
    return any(_english_pattern(form).search(folded) for form in forms)


@dataclass(frozen=True)
class TermGap:
    """A glossary term that occurs in a record whose translation does not render it by the
    glossary's English, and is not listed as an exception."""

    record_id: str
    term: str
    forms: tuple[str, ...]

    def __str__(self) -> str:
        return (f"{self.record_id}: the glossary term {self.term!r} is not rendered by "
                f"{' or '.join(repr(f) for f in self.forms)} (list an exception with a reason?)")


def term_occurs(term: dict[str, Any], record: corpus.Record) -> bool:
    """Whether a glossary term stands in a record: listed in its ``occurs`` or found in the text
    (whole word or phrase, case- and accent-insensitively)."""
    return record.id in term["occurs"] or bool(_dutch_pattern(str(term["nl"])).search(_fold(record.text)))


def untranslated_terms(edition: str) -> list[TermGap]:
    """Every place where the translation of ``edition`` leaves a glossary term without its
    glossary English and lists no exception. Records without a translation are not looked at."""
    texts = translated(edition)
    excused = {(e.id, e.term) for e in exceptions(edition)}
    gaps = []
    for record in corpus.records(edition):
        if record.id not in texts:
            continue
        for term in _glossary()["terms"]:
            if (record.id, term["nl"]) in excused or not term_occurs(term, record):
                continue
            forms = english_forms(term)
            if not renders(texts[record.id], forms):
                gaps.append(TermGap(record.id, str(term["nl"]), forms))
    return gaps


def needless_exceptions(edition: str) -> list[schema.TranslationException]:
    """Listed exceptions that excuse nothing: the term does not occur in the record, or the
    translation renders it after all."""
    texts = translated(edition)
    terms = {str(t["nl"]): t for t in _glossary()["terms"]}
    out = []
    for exception in exceptions(edition):
        term = terms[exception.term]
        if (not term_occurs(term, corpus.record(exception.id))
                or renders(texts.get(exception.id, ""), english_forms(term))):
            out.append(exception)
    return out


# ------------------------------------------------------------------ searching the project's English


def _english_word_test(word: str) -> Any:
    """A test on an English word of the translation: the query word, whole (case- and
    accent-insensitive; "pas" does not find "pass"), or with ``*`` for any letters ("bid*")."""
    if "*" in word:
        return textsearch._word_test(word, False)
    folded = _fold(word)
    return lambda w: _fold(w) == folded


def search_english(query: str, edition: str | None = None) -> list[textsearch.Hit]:
    """The records whose project's English (translation.yaml) holds the words of ``query``, one hit
    per record (``language="en"``), in the order of :func:`bridgelaws.text.corpus.records`. The English
    is the project's translation, not a source text: a hit here is marked as a match in the English."""
    textsearch.search(query, edition, variants=False)  # the same checks of the query (length, a word)
    tests = [_english_word_test(word) for word in textsearch._QUERY_WORD.findall(query)]
    hits = []
    for record in corpus.records(edition):
        text = _edition(record.edition).get(record.id)
        if not text:
            continue
        spans = textsearch._matches(tests, text)
        if spans:
            found = textsearch._hit(record.id, "text", text, spans, len(spans),
                                tuple(dict.fromkeys(text[a:b] for a, b in spans)), ("text",))
            hits.append(dataclasses.replace(found, language="en"))
    return hits


def search(query: str, edition: str | None = None, *, variants: bool = True) -> list[textsearch.Hit]:
    """:func:`bridgelaws.text.textsearch.search` over the verbatim Dutch, then the records found only in the
    project's English (:func:`search_english`), each marked ``language="en"``: one hit per record."""
    dutch = textsearch.search(query, edition, variants=variants)
    found = {hit.record_id for hit in dutch}
    return dutch + [hit for hit in search_english(query, edition) if hit.record_id not in found]


def dutch_terms(query: str) -> list[tuple[str, str]]:
    """(Dutch term, its English) of every glossary term whose English holds a word of ``query``
    (whole words, with the usual inflections): what to search for instead of an English word."""
    words = [w for w in textsearch._QUERY_WORD.findall(query) if "*" not in w]
    tests = [_english_word_test(word) for word in words]
    found = []
    for term in _glossary()["terms"]:
        english_words = re.findall(r"[^\W\d_]+", " ".join(english_forms(term)))
        if any(test(w) for test in tests for w in english_words):
            found.append((str(term["nl"]), str(term["en"])))
    return found
