"""The schema of the supplementary layer's files (``editions/<year>/sources.yaml``,
``supplement.yaml``, ``data/supplement/rulings/``, the paraphrase guard's exemptions): the sources with
their kind and the date read, the paraphrased articles, the gaps with their search record.

Every name is also importable from :mod:`bridgelaws.text.schema`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from .schema_base import Loc, fields, listing, string, strings, one_of, text, year_keys, _years
from .schema_rulings import EngineNames, RulingSpec, _Common, parse_ruling


# ------------------------------------------------------------------------------------ the supplement

#: The kinds of source of the supplementary layer (``data/editions/<year>/sources.yaml``).
SourceKind = Literal["code-text", "retyped", "translation", "later-code", "commentary"]
SOURCE_KINDS: tuple[str, ...] = get_args(SourceKind)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: Fields a corpus ruling has and a supplementary ruling never may: the verbatim layer is the corpus.
_VERBATIM_FIELDS = ("quote_nl", "quote_from")


@dataclass(frozen=True)
class SupplementSource:
    """A source actually read for the supplementary layer: an entry of ``editions/<year>/sources.yaml``."""

    id: str
    edition: str
    title: str
    address: str
    kind: SourceKind
    read: str  # the date it was read, YYYY-MM-DD
    note: str | None = None


@dataclass(frozen=True)
class SupplementArticle:
    """An article outside the corpus, in the project's own words: an entry of ``editions/<year>/supplement.yaml``."""

    id: str  # "2017:27.B.1.a": the edition, then the article's own structure; never a corpus id
    edition: str
    title_en: str
    source: str  # a SupplementSource id
    where: str  # where in the source
    paraphrase_en: str
    terms_nl: tuple[str, ...] = ()  # short quoted terms, at most
    note: str | None = None  # what the place in the source does not say (a text cut short, a numbering)
    #: The paraphrase in Dutch, in the edition's own terms: written by hand from the English and the
    #: source, never machine-translated; no more and no less than ``paraphrase_en`` says.
    paraphrase_nl: str | None = None


#: The most words a ``where`` may have: it names the source's heading, never quotes a sentence.
WHERE_WORDS = 12
#: A quoted term (``terms_nl``) stays under the paraphrase guard's run of eight words.
TERM_WORDS = 7


@dataclass(frozen=True)
class SupplementGap:
    """Where no source could be found: what is missing and what was searched."""

    edition: str
    subject: str
    searched: str


def _read_date(value: object, loc: Loc) -> str:
    # YAML reads an unquoted 2026-11-30 as a date; both spellings mean the same day.
    import datetime

    if isinstance(value, datetime.date):
        return value.isoformat()
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise loc.error(f"expected a date YYYY-MM-DD, got {value!r}")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise loc.error(f"{value!r} is not a date") from None
    return value


def parse_supplement_sources(value: object, name: str = "editions/<year>/sources.yaml",
                             edition: str | None = None,
                             known: Mapping[str, SupplementSource] | None = None) -> dict[str, SupplementSource]:
    """``editions/<year>/sources.yaml``: ``{sources: [...]}``, ids unique (also among the sources
    already ``known``, of the other editions), every source of the folder's ``edition``."""
    loc = Loc(name)
    raw = fields(value, loc, ("sources",))
    result: dict[str, SupplementSource] = dict(known or {})
    years = _years() if edition is None else (edition,)
    for i, item in enumerate(listing(raw["sources"], loc.at("sources"))):
        at = loc.at("sources").at(i)
        entry = fields(item, at, ("id", "edition", "title", "address", "kind", "read"), ("note",))
        source_id = string(entry["id"], at.at("id"))
        at = Loc(name, source_id)
        if source_id in result:
            raise at.at("id").error("the id is given twice")
        result[source_id] = SupplementSource(
            id=source_id, edition=one_of(str(entry["edition"]), years, at.at("edition")),
            title=text(entry["title"], at.at("title")), address=string(entry["address"], at.at("address")),
            kind=one_of(entry["kind"], SOURCE_KINDS, at.at("kind")),  # type: ignore[arg-type]
            read=_read_date(entry["read"], at.at("read")),
            note=None if entry.get("note") is None else text(entry["note"], at.at("note")))
    return result


def parse_supplement_edition(value: object, name: str, year: str, sources: Mapping[str, SupplementSource],
                             in_corpus: Callable[[str], bool] = lambda _: False,
                             count_words: Callable[[str], int] = lambda s: len(s.split())
                             ) -> tuple[tuple[SupplementArticle, ...], tuple[SupplementGap, ...]]:
    """``editions/<year>/supplement.yaml``: the articles outside the corpus, each with a source of the same
    edition, a place in it (at most ``WHERE_WORDS`` words) and a paraphrase, quoted terms of at most
    ``TERM_WORDS`` words each; and the gaps, each saying what was searched. ``count_words`` counts as
    the paraphrase guard does (:func:`bridgelaws.supplement.shingles.words`)."""
    loc = Loc(name)
    raw = fields(value, loc, ("edition",), ("articles", "gaps"))
    if str(raw["edition"]) != year:
        raise loc.at("edition").error(f"{raw['edition']!r} does not match the file name ({year!r})")
    articles: list[SupplementArticle] = []
    seen: set[str] = set()
    for i, item in enumerate(listing(raw.get("articles") or [], loc.at("articles"))):
        at = loc.at("articles").at(i)
        entry = fields(item, at, ("id", "title_en", "source", "where", "paraphrase_en"), ("paraphrase_nl", "terms_nl", "note"))
        article_id = string(entry["id"], at.at("id"))
        at = Loc(name, article_id)
        if not article_id.startswith(f"{year}:") or article_id == f"{year}:":
            raise at.at("id").error(f"an id of this file starts with '{year}:' (e.g. '{year}:27.B.1.a')")
        if in_corpus(article_id):
            raise at.at("id").error("is an id of the corpus: the supplement holds only articles outside it")
        if article_id in seen:
            raise at.at("id").error("the id is given twice")
        seen.add(article_id)
        source_id = string(entry["source"], at.at("source"))
        source = sources.get(source_id)
        if source is None:
            raise at.at("source").error(f"{source_id!r} is not a source of editions/{year}/sources.yaml")
        if source.edition != year:
            raise at.at("source").error(f"{source_id!r} is a source of {source.edition}, not of {year}")
        where = text(entry["where"], at.at("where"))
        if count_words(where) > WHERE_WORDS:
            raise at.at("where").error(f"{count_words(where)} words: a place names the source's heading in at most "
                                       f"{WHERE_WORDS} words, never quotes a sentence (say more in 'note')")
        terms = strings(entry.get("terms_nl"), at.at("terms_nl"))
        for k, term in enumerate(terms):
            if count_words(term) > TERM_WORDS:
                raise at.at("terms_nl").at(k).error(f"{count_words(term)} words: a quoted term has at most "
                                                    f"{TERM_WORDS} words (the paraphrase guard's run is eight)")
        articles.append(SupplementArticle(
            id=article_id, edition=year, title_en=text(entry["title_en"], at.at("title_en")), source=source_id,
            where=where, paraphrase_en=text(entry["paraphrase_en"], at.at("paraphrase_en")), terms_nl=terms,
            note=None if entry.get("note") is None else text(entry["note"], at.at("note")),
            paraphrase_nl=(None if entry.get("paraphrase_nl") is None
                           else text(entry["paraphrase_nl"], at.at("paraphrase_nl")))))
    gaps = []
    for i, item in enumerate(listing(raw.get("gaps") or [], loc.at("gaps"))):
        at = loc.at("gaps").at(i)
        entry = fields(item, at, ("subject", "searched"))
        gaps.append(SupplementGap(edition=year, subject=text(entry["subject"], at.at("subject")),
                                  searched=text(entry["searched"], at.at("searched"))))
    return tuple(articles), tuple(gaps)


def supplement_ids(spec: RulingSpec) -> list[tuple[Loc, str]]:
    """Every article id a ruling names, with where it is named (relative paths)."""
    named: list[tuple[Loc, str]] = []

    def add(part: _Common, at: Loc) -> None:
        named.extend((at.at("articles").at(i), a) for i, a in enumerate(part.articles))
        if part.acceptance:
            named.append((at.at("acceptance"), part.acceptance))
        named.extend((at.at("options").at(i).at("article"), o.article)
                     for i, o in enumerate(part.options) if o.article)

    add(spec, Loc(""))
    for i, branch in enumerate(spec.when):
        at = Loc("").at("when").at(i)
        add(branch, at)
        if branch.article:
            named.append((at.at("article"), branch.article))
    return named


def parse_supplement_rulings(value: object, name: str, case_id: str, articles: Mapping[str, Iterable[str]],
                             names: EngineNames | None = None) -> dict[str, RulingSpec]:
    """``supplement/rulings/<case>.yaml``: per edition, a ruling like a corpus ruling, but its
    articles are ids of supplementary entries (``articles``: per edition, the ids that have one),
    it must rule (``status: ruled``), and it has no quote: the verbatim layer is the corpus alone.
    Only the editions the file lists (no silence default: a missing edition has no supplement)."""
    loc = Loc(name)
    raw = fields(value, loc, ("case", "rulings"))
    if str(raw["case"]) != case_id:
        raise loc.at("case").error(f"{raw['case']!r} does not match the file name ({case_id!r})")
    result: dict[str, RulingSpec] = {}
    for year, item in year_keys(raw["rulings"], loc.at("rulings"), _years()).items():
        at = Loc(name, year)
        if isinstance(item, Mapping):
            for key in _VERBATIM_FIELDS:
                if key in item:
                    raise at.at(key).error("never allowed in the supplement: the verbatim layer is the corpus "
                                           "alone (write the paraphrase in editions/<year>/supplement.yaml)")
            for i, branch in enumerate(item.get("when") or []):
                for key in _VERBATIM_FIELDS:
                    if isinstance(branch, Mapping) and key in branch:
                        raise at.at("when").at(i).at(key).error("never allowed in the supplement: the "
                                                                "verbatim layer is the corpus alone")
        spec = parse_ruling(item, at, names)
        # A branch may be a gap ('silent': the sources read say nothing of that situation; the corpus
        # then answers it), never 'referenced'; the entry itself must rule.
        if spec.status != "ruled" or any(b.status not in (None, "ruled", "silent") for b in spec.when):
            raise at.at("status").error("a supplementary ruling must rule ('ruled'); where the sources "
                                        "give no rectification, write a gap in editions/<year>/supplement.yaml")
        if not spec.articles:
            raise at.at("articles").error("a supplementary ruling names the supplementary articles it follows")
        known = frozenset(articles.get(year, ()))
        for where, article_id in supplement_ids(spec):
            if article_id not in known:
                raise Loc(name, f"{year}.{where.path}").error(
                    f"{article_id!r} has no entry in editions/{year}/supplement.yaml")
        result[year] = spec
    return result


@dataclass(frozen=True)
class ShingleExemption:
    """A source of the layer without a shingle file (``supplement/shingles/exempt.yaml``): why, and the
    queries tried to have its page returned again."""

    source: str
    reason: str
    searched: str
    language: str = "en"  # the language of the source's text: no field in it may rest on the source
    tried: str = ""  # the date the queries were last tried, YYYY-MM-DD


#: The languages a source of the layer may be written in, as ``exempt.yaml`` names them.
SOURCE_LANGUAGES = ("en", "nl", "it", "no", "pl", "de", "da", "fr", "el")


def parse_shingle_exemptions(value: object, name: str,
                             sources: Mapping[str, SupplementSource]) -> dict[str, ShingleExemption]:
    """``supplement/shingles/exempt.yaml``: ``{exempt: [{source, language, tried, reason, searched}]}``,
    each source of ``sources.yaml`` and given once, ``searched`` quoting the queries tried (``"..."``).
    Whether an entry in the source's language rests on it is the guard's check
    (:func:`bridgelaws.supplement.supplement.exemption_problems`)."""
    loc = Loc(name)
    raw = fields(value, loc, ("exempt",))
    result: dict[str, ShingleExemption] = {}
    for i, item in enumerate(listing(raw["exempt"] or [], loc.at("exempt"))):
        at = loc.at("exempt").at(i)
        entry = fields(item, at, ("source", "language", "tried", "reason", "searched"))
        source_id = string(entry["source"], at.at("source"))
        at = Loc(name, source_id)
        if source_id not in sources:
            raise at.at("source").error(f"{source_id!r} is not a source of the layer (editions/<year>/sources.yaml)")
        if source_id in result:
            raise at.at("source").error("the source is exempted twice")
        searched = text(entry["searched"], at.at("searched"))
        if searched.count('"') < 2:
            raise at.at("searched").error('quote every query tried ("...") and where: an exemption is only for '
                                          "a source that could not be read again")
        result[source_id] = ShingleExemption(source=source_id, reason=text(entry["reason"], at.at("reason")),
                                             searched=searched,
                                             language=one_of(entry["language"], SOURCE_LANGUAGES, at.at("language")),
                                             tried=_read_date(entry["tried"], at.at("tried")))
    return result
