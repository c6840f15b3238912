"""The supplementary layer, "beyond the corpus" (issue 11): for the articles outside each corpus
excerpt, a paraphrase in the project's own words from a named source, and per case and edition an
optional ruling that follows them.

The corpus (``data/editions/<year>/corpus.json``) stays the one verbatim layer. The supplement lives
apart, in files of its own:

- ``editions/<year>/sources.yaml``: every source actually read for that edition (title, address,
  kind, the date it was read);
- ``editions/<year>/supplement.yaml``: the edition's articles outside the corpus (``2017:27.B.1.a``,
  never a corpus id), each a paraphrase with its source and place in it, and the gaps, each with
  what was searched;
- ``supplement/rulings/<case>.yaml``: per edition, a ruling with the fields of a corpus ruling but no
  quote, whose articles are entries of ``supplement.yaml``; only for a cell whose corpus ruling is
  silent or referenced;
- ``supplement/shingles/``: the paraphrase guard's fingerprint of each source.

Every file is checked on load (:mod:`bridgelaws.text.schema`): a bad one is one error line naming the file,
the entry and the field. Without these files the layer is simply empty (an edition that derives from
another inherits none of it: a paraphrase rests on a source read for the base's text). The engine reads it
only when asked (``judge(..., layer="supplement")``); see :func:`bridgelaws.judging.rulings.resolve`,
which also checks each supplementary ruling against its case (:func:`bridgelaws.judging.rulings.supplement_rulings`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import datafiles, schema
from ..auction.editions import EDITIONS
from ..text.errors import BridgeLawsError
from ..text.schema import RulingSpec, SupplementArticle, SupplementGap, SupplementSource

__all__ = ["Provenance", "SupplementArticle", "SupplementGap", "SupplementSource", "article", "articles",
           "copied_runs", "gaps", "guarded_texts", "provenance", "provenance_line", "rulings",
           "shingle_exemptions", "source_shingles", "sources"]

DIRECTORY = "supplement"


@dataclass(frozen=True)
class Provenance:
    """Where a supplementary article comes from: what every supplementary answer shows."""

    article: str  # the supplementary article id, "2017:27.B.1.a"
    title_en: str  # the article's title, in the project's words
    source: str  # the source id
    source_title: str
    address: str
    kind: str  # code-text, retyped, translation, later-code or commentary (schema.SOURCE_KINDS)
    read: str  # YYYY-MM-DD

    def as_dict(self) -> dict[str, str]:
        return {"article": self.article, "source": self.source, "source_title": self.source_title,
                "address": self.address, "kind": self.kind, "read": self.read}


@datafiles.cached
def sources() -> dict[str, SupplementSource]:
    """Every source of the layer, by id: those of every edition's ``sources.yaml``, chronologically
    (empty where no edition has one)."""
    from ..auction.editions import find_editions

    found: dict[str, SupplementSource] = {}
    for edition in find_editions(None):
        name = datafiles.edition_file(edition.year, "sources.yaml")
        if datafiles.exists(name):
            found = schema.parse_supplement_sources(datafiles.load(name), name, edition.year, found)
    return found


@datafiles.cached
def _edition(year: str) -> tuple[tuple[SupplementArticle, ...], tuple[SupplementGap, ...]]:
    from ..text import corpus

    name = datafiles.edition_file(year, "supplement.yaml")
    if not datafiles.exists(name):
        return (), ()
    return schema.parse_supplement_edition(datafiles.load(name), name, year, sources(), corpus.resolves)


def articles(edition: str | None = None) -> tuple[SupplementArticle, ...]:
    """The supplementary articles of one edition (``None``: of every edition, chronologically)."""
    years = [e.year for e in EDITIONS] if edition is None else [str(edition)]
    return tuple(a for year in years for a in _edition(year)[0])


def gaps(edition: str | None = None) -> tuple[SupplementGap, ...]:
    """Where the sources ran out, per edition: the subject and what was searched."""
    years = [e.year for e in EDITIONS] if edition is None else [str(edition)]
    return tuple(g for year in years for g in _edition(year)[1])


def article(article_id: str) -> SupplementArticle:
    """The supplementary entry with this id; a clear error when there is none."""
    year = article_id.split(":", 1)[0]
    for entry in _edition(year)[0] if year in {e.year for e in EDITIONS} else ():
        if entry.id == article_id:
            return entry
    raise BridgeLawsError(f"no supplementary article {article_id!r} (data/editions/{year}/supplement.yaml)")


@datafiles.cached
def rulings(case_id: str) -> dict[str, RulingSpec]:
    """The supplementary rulings of a case, per edition (only the editions its file lists), checked
    on load: their articles are supplementary entries. What they are checked against the cases (the
    corpus cell each stands in for is ``silent`` or ``referenced``) is the judging layer's:
    :func:`bridgelaws.judging.rulings.supplement_rulings`, through which the engine reads them."""
    name = f"{DIRECTORY}/rulings/{case_id}.yaml"
    if not datafiles.exists(name):
        return {}
    known = {e.year: [a.id for a in articles(e.year)] for e in EDITIONS}
    return schema.parse_supplement_rulings(datafiles.load(name), name, case_id, known)


def provenance(article_id: str) -> Provenance:
    entry = article(article_id)
    source = sources()[entry.source]
    return Provenance(article=entry.id, title_en=entry.title_en, source=source.id, source_title=source.title,
                      address=source.address, kind=source.kind, read=source.read)


def provenance_line(provenances: tuple[Provenance, ...] | list[Provenance], lang: str = "en") -> str:
    """``outside the corpus: paraphrase of 2017:27.B.1 from <title> (the code's text, as its publisher
    issued it), read 2026-11-30`` (one clause per source), in ``lang`` (the catalogue's
    ``cards.outside_corpus``, ``cards.outside_clause`` and ``cards.source_kind.<kind>``; the source's
    title is its own). The words every supplementary answer carries, never inside a quote."""
    from ..text.i18n import catalogue, t

    groups: dict[str, list[Provenance]] = {}
    for item in provenances:
        groups.setdefault(item.source, []).append(item)

    def kind(name: str) -> str:
        key = f"cards.source_kind.{name}"
        return t(key, lang) if key in catalogue() else name

    clauses = [t("cards.outside_clause", lang, articles=", ".join(p.article for p in items),
                 title=items[0].source_title, kind=kind(items[0].kind), read=items[0].read)
               for items in groups.values()]
    return t("cards.outside_corpus", lang, clauses="; ".join(clauses))


# ------------------------------------------------------------------- the paraphrase guard (issue 21 §2)

SHINGLES = f"{DIRECTORY}/shingles"


@datafiles.cached
def shingle_exemptions() -> dict[str, schema.ShingleExemption]:
    """The sources without a shingle file, each with why (``shingles/exempt.yaml``), by source id."""
    name = f"{SHINGLES}/exempt.yaml"
    if not datafiles.exists(name):
        return {}
    return schema.parse_shingle_exemptions(datafiles.load(name), name, sources())


@datafiles.cached
def source_shingles(source_id: str) -> frozenset[str]:
    """The hashes of the eight-word shingles of one source (``shingles/<id>.txt``); an empty set for a
    source exempted in ``shingles/exempt.yaml``; one error line when the file is missing or malformed."""
    from .shingles import parse_shingle_file

    if source_id not in sources():
        raise BridgeLawsError(f"{source_id!r} is not a source of the layer (data/editions/<year>/sources.yaml)")
    name = f"{SHINGLES}/{source_id}.txt"
    if not datafiles.exists(name):
        if source_id in shingle_exemptions():
            return frozenset()
        raise BridgeLawsError(f"{name}: missing: every source has a shingle file (tools/shingles.py {source_id}) "
                              f"or an exemption in {SHINGLES}/exempt.yaml")
    if source_id in shingle_exemptions():
        raise BridgeLawsError(f"{SHINGLES}/exempt.yaml: {source_id}: exempted, but {name} exists: keep one")
    return parse_shingle_file(datafiles.read_text(name), name, source_id)


def guarded_texts() -> list[tuple[str, str]]:
    """Every text of the layer written in the project's words, with a label naming its entry: each
    article's ``title_en`` and ``paraphrase_en`` (``2017:27.B.4 paraphrase_en``), and every string of
    eight words or more in a supplementary ruling (``rulings/insufficient-bid.yaml 2017.summary_en``:
    summaries in both languages, assumptions, options' texts). Gaps and sources' notes are not
    paraphrases (they quote the queries and the pages on purpose) and are not guarded."""
    from .shingles import SIZE, words

    texts = [(f"{a.id} {field}", getattr(a, field)) for a in articles() for field in ("title_en", "paraphrase_en")]

    def walk(value: object, path: str, out: list[tuple[str, str]]) -> None:
        if isinstance(value, str):
            if len(words(value)) >= SIZE:
                out.append((path, value))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else str(key), out)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]", out)

    for case in schema.parse_cases(datafiles.load("cases.yaml")):  # the catalogue's order
        name = f"{DIRECTORY}/rulings/{case['id']}.yaml"
        if datafiles.exists(name):
            rulings(case["id"])  # checked on load first: a bad file is its own error line
            found: list[tuple[str, str]] = []
            walk((datafiles.load(name) or {}).get("rulings") or {}, "", found)
            texts.extend((f"rulings/{case['id']}.yaml {path}", text) for path, text in found)
    return texts


def copied_runs() -> list[tuple[str, str, list[str]]]:
    """``(entry, source id, [shared eight-word runs])`` for every guarded text that shares a shingle
    with any source read (empty when every paraphrase is the project's own words)."""
    from .shingles import shared

    hashes = {source_id: source_shingles(source_id) for source_id in sources()}
    found = []
    for label, text in guarded_texts():
        for source_id, known in hashes.items():
            runs = shared(text, known)
            if runs:
                found.append((label, source_id, runs))
    return found
