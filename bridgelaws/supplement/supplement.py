"""The supplementary layer, "beyond the corpus": for the articles outside each corpus
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
from ..text.schema import EngineNames, RulingSpec, SupplementArticle, SupplementGap, SupplementSource

__all__ = ["Provenance", "SupplementArticle", "SupplementGap", "SupplementSource", "article", "articles",
           "GuardedEntry", "copied_runs", "exemption_problems", "field_language", "gaps", "guarded_entries",
           "guarded_texts", "paraphrase", "provenance", "provenance_line", "rulings",
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
    from .shingles import words

    name = datafiles.edition_file(year, "supplement.yaml")
    if not datafiles.exists(name):
        return (), ()
    return schema.parse_supplement_edition(datafiles.load(name), name, year, sources(), corpus.resolves,
                                           lambda text: len(words(text)))


def articles(edition: str | None = None) -> tuple[SupplementArticle, ...]:
    """The supplementary articles of one edition (``None``: of every edition, chronologically)."""
    years = [e.year for e in EDITIONS] if edition is None else [str(edition)]
    return tuple(a for year in years for a in _edition(year)[0])


def gaps(edition: str | None = None) -> tuple[SupplementGap, ...]:
    """Where the sources ran out, per edition: the subject and what was searched."""
    years = [e.year for e in EDITIONS] if edition is None else [str(edition)]
    return tuple(g for year in years for g in _edition(year)[1])


@datafiles.cached
def article_ids() -> frozenset[str]:
    """The ids of every supplementary entry, of every edition."""
    return frozenset(entry.id for edition in EDITIONS for entry in articles(edition.year))


def article(article_id: str) -> SupplementArticle:
    """The supplementary entry with this id; a clear error when there is none."""
    year = article_id.split(":", 1)[0]
    for entry in _edition(year)[0] if year in {e.year for e in EDITIONS} else ():
        if entry.id == article_id:
            return entry
    raise BridgeLawsError(f"no supplementary article {article_id!r} (data/editions/{year}/supplement.yaml)")


def paraphrase(entry: SupplementArticle, lang: str = "en") -> tuple[str, str]:
    """An article's paraphrase in ``lang`` and the language it is in: ``paraphrase_nl`` under Dutch,
    else the English (``(text, "en")``, for the caller to mark as not yet in the language)."""
    if lang == "nl" and entry.paraphrase_nl is not None:
        return entry.paraphrase_nl, "nl"
    return entry.paraphrase_en, "en"


@datafiles.cached
def rulings(case_id: str, names: EngineNames | None = None) -> dict[str, RulingSpec]:
    """The supplementary rulings of a case, per edition (only the editions its file lists), checked
    on load: their articles are supplementary entries. What they are checked against the cases (the
    corpus cell each stands in for is ``silent`` or ``referenced``) is the judging layer's:
    :func:`bridgelaws.judging.rulings.supplement_rulings`, through which the engine reads them."""
    name = f"{DIRECTORY}/rulings/{case_id}.yaml"
    if not datafiles.exists(name):
        return {}
    known = {e.year: [a.id for a in articles(e.year)] for e in EDITIONS}
    return schema.parse_supplement_rulings(datafiles.load(name), name, case_id, known, names)


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


# ------------------------------------------------------------------- the paraphrase guard

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


#: Keys whose strings name things (ids, sources, conditions) rather than say them in a language: the
#: guard reads them too, but they have no language of their own (:func:`field_language`).
_NAMES = frozenset({"id", "source", "where", "articles", "article", "acceptance", "condition", "status", "who",
                    "scope", "next", "assumes", "by", "choice", "deemed", "requires", "effect", "outcome",
                    "unread", "honours", "edition", "case"})


@dataclass(frozen=True)
class GuardedEntry:
    """One entry of the layer as the guard reads it: every string in it, in the file's order, each with
    its path (``paraphrase_en``, ``when[0].summary_nl``, ``terms_nl[1]``). Its shingles are taken across
    the concatenation of all of them, so a run cut into pieces over two fields is still one run."""

    label: str  # "2017:27.B.2" or "rulings/insufficient-bid.yaml 2017"
    articles: tuple[str, ...]  # the supplementary articles it rests on (itself, for an article)
    fields: tuple[tuple[str, str], ...]


def _strings(value: object, path: str = "") -> list[tuple[str, str]]:
    """Every string inside ``value`` (mappings, lists, scalars), with its path: the data's own shape
    is walked, so a field added to the schema is read without a change here."""
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        return [found for key, item in value.items()
                for found in _strings(item, f"{path}.{key}" if path else str(key))]
    if isinstance(value, list):
        return [found for i, item in enumerate(value) for found in _strings(item, f"{path}[{i}]")]
    return []


def field_language(path: str) -> str | None:
    """The language a field is written in, from its key: ``*_nl`` Dutch, a name (:data:`_NAMES`: ids,
    places, conditions) none, any other English (``paraphrase_en``, ``assumption``, ``options[1].text``)."""
    key = path.rsplit(".", 1)[-1].split("[", 1)[0]
    if key in _NAMES:
        return None
    return "nl" if key.endswith("_nl") else "en"


def guarded_entries() -> list[GuardedEntry]:
    """Every entry of the layer, as the guard reads it: each article of every ``supplement.yaml``
    (all its fields: title, place, paraphrase, quoted terms, note) and each edition's supplementary
    ruling of every case (summaries in both languages, assumptions, options, branches: every string).
    Gaps and sources' notes are not paraphrases (they quote the queries and pages on purpose)."""
    entries: list[GuardedEntry] = []
    for edition in EDITIONS:
        name = datafiles.edition_file(edition.year, "supplement.yaml")
        if not datafiles.exists(name):
            continue
        _edition(edition.year)  # checked on load first: a bad file is its own error line
        for raw in (datafiles.load(name) or {}).get("articles") or []:
            entries.append(GuardedEntry(label=str(raw["id"]), articles=(str(raw["id"]),), fields=tuple(_strings(raw))))
    for case in schema.parse_cases(datafiles.load("cases.yaml")):  # the catalogue's order
        name = f"{DIRECTORY}/rulings/{case['id']}.yaml"
        if not datafiles.exists(name):
            continue
        specs = rulings(case["id"])  # checked on load first
        for year, raw in ((datafiles.load(name) or {}).get("rulings") or {}).items():
            named = tuple(dict.fromkeys(a for _, a in schema.supplement_ids(specs[str(year)])))
            entries.append(GuardedEntry(label=f"rulings/{case['id']}.yaml {year}", articles=named,
                                        fields=tuple(_strings(raw))))
    return entries


def guarded_texts() -> list[tuple[str, str]]:
    """Every string the guard reads, labelled by entry and field (``2017:27.B.4 paraphrase_en``,
    ``rulings/insufficient-bid.yaml 2017.when[0].summary_nl``)."""
    return [(f"{entry.label}{' ' if entry.label[0].isdigit() else '.'}{path}", text)
            for entry in guarded_entries() for path, text in entry.fields]


def _candidates(entry: GuardedEntry) -> list[tuple[str, str]]:
    """Every eight-word run the guard looks up for ``entry``, with the fields it spans: the runs of the
    concatenation of all its fields in the file's order, and the runs across the end of any field of
    text and the start of any other (pieces of a sentence put in two or three fields, in any order)."""
    from .shingles import SIZE, words

    tokens: list[str] = []
    owner: list[str] = []
    ends: list[tuple[str, list[str]]] = []
    for path, text in entry.fields:
        found = words(text)
        tokens.extend(found)
        owner.extend([path] * len(found))
        if found and field_language(path) is not None:
            ends.append((path, found))
    runs = [(" ".join(tokens[i:i + SIZE]), "+".join(dict.fromkeys(owner[i:i + SIZE])))
            for i in range(len(tokens) - SIZE + 1)]
    for first, head in ends:
        for second, tail in ends:
            if first == second:
                continue
            bridge = head[-(SIZE - 1):] + tail[:SIZE - 1]
            cut = len(head[-(SIZE - 1):])
            runs.extend((" ".join(bridge[i:i + SIZE]), f"{first}+{second}")
                        for i in range(max(0, cut - SIZE + 1), min(cut, len(bridge) - SIZE + 1)))
    return runs


def exemption_problems(entries: list[GuardedEntry] | None = None) -> list[str]:
    """Every field an exemption would leave unchecked against its own source: a field in the exempt
    source's language of an entry resting on it (an article whose source it is, a ruling that names
    such an article). An exemption is for a source that cannot be read again, and never for a field
    in the source's language; one line each (empty when every exemption holds)."""
    exempt = shingle_exemptions()
    if not exempt:
        return []
    source_of = {a.id: a.source for a in articles()}
    problems = []
    for entry in guarded_entries() if entries is None else entries:
        for source_id in dict.fromkeys(source_of.get(a) for a in entry.articles):
            exemption = exempt.get(source_id or "")
            if exemption is None:
                continue
            same = [path for path, _ in entry.fields if field_language(path) == exemption.language]
            if same:
                problems.append(f"{SHINGLES}/exempt.yaml: {source_id}: exempted, but {entry.label} rests on it "
                                f"with fields in its language ({exemption.language}): {', '.join(same)} (read the "
                                "source again, or rest the entry on a source that was read)")
    return problems


def copied_runs() -> list[tuple[str, str, list[str]]]:
    """``(entry and fields, source id, [shared eight-word runs])`` for every entry of the layer that
    shares a shingle with any source read, both languages against every source, the runs taken across
    the concatenation of the entry's fields (empty when every entry is in the project's own words).
    An exemption that would leave a field in its source's language unchecked is an error first."""
    from .shingles import shingle_hash

    entries = guarded_entries()
    problems = exemption_problems(entries)
    if problems:
        raise BridgeLawsError(problems[0] + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    index: dict[str, list[str]] = {}
    for source_id in sources():
        for known in source_shingles(source_id):
            index.setdefault(known, []).append(source_id)
    found: list[tuple[str, str, list[str]]] = []
    for entry in entries:
        grouped: dict[tuple[str, str], list[str]] = {}
        for run, spans in _candidates(entry):
            for source_id in index.get(shingle_hash(run), ()):
                runs = grouped.setdefault((spans, source_id), [])
                if run not in runs:
                    runs.append(run)
        sep = " " if entry.label[0].isdigit() else "."
        found.extend((f"{entry.label}{sep}{spans}", source_id, runs) for (spans, source_id), runs in grouped.items())
    return found
