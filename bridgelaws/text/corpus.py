"""The corpus: the Dutch texts of the bidding rules of contract bridge, as structured data.

The data live in ``data/editions/<edition>/corpus.json`` (one file per edition, hand-curated; see
``data/editions/corpus.md`` for the schema, the id conventions and every editorial decision).
Texts are verbatim (a diplomatic transcription): slips and old spelling are kept, and
corrections exist only as notes. ``rebuild_source(edition)`` renders an edition's layout back
into its source text, byte for byte.

Ids are ``<edition>:<article>[.<part>]...`` in the source's own numbering, e.g. ``1932:13.4``,
``1936:22.3.a``, ``2007:17.E.2``, ``2017:19.A.3``; footnotes are ``.n<number>`` under the record
that carries the footnote marker (``2007:17.D.2.n1``).

Stdlib only; everything is loaded lazily on first use and cached.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgelaws.text import datafiles, registry, schema
from bridgelaws.text.errors import BridgeLawsError

__all__ = [
    "EDITIONS", "corpus_file", "Article", "Source", "Record", "Note", "Reference", "Passage",
    "sources", "source", "records", "record", "article", "resolves", "notes", "references",
    "rebuild_source", "source_path",
]



def corpus_file(edition: str) -> Path:
    """Where the text of ``edition`` is: ``data/editions/<edition>/corpus.json``."""
    return datafiles.path(datafiles.edition_file(edition, "corpus.json"))


#: one id part: a section letter (A), a number (1), a lower-case letter or roman numeral (a, ii),
#: or a footnote (n1)
_PART = r"(?:[A-Z]|\d+|[a-z]+|n\d+)"
_ID_RE = re.compile(rf"^(\d{{4}}):(\d+|Speelmanieren)((?:\.{_PART})*)$")


@dataclass(frozen=True)
class Article:
    """An article (rule) of one edition: its number and its heading as printed."""

    edition: str
    article: str
    heading: str | None  # heading text without the article number; None if the source has none
    heading_line: str | None  # the verbatim line the layout prints; None if not printed on its own

    @property
    def id(self) -> str:
        return f"{self.edition}:{self.article}"


@dataclass(frozen=True)
class Note:
    """An editorial note: a repetition, a slip, a restored label, a misfit heading, ..."""

    id: str
    edition: str
    kind: str  # repetition | misfit-heading | missing-heading | restored-label | slip | spelling | other
    records: tuple[str, ...]
    text: str
    verbatim: str | None = None
    reading: str | None = None


@dataclass(frozen=True)
class Reference:
    """A cross-reference in a record's text to an article (in or outside the corpus)."""

    edition: str
    from_id: str  # the record that speaks
    quote: str  # verbatim substring of that record's text
    target: str  # edition-prefixed id in the speaking edition's numbering
    in_corpus: bool


@dataclass(frozen=True)
class Source:
    """One edition: where its text comes from and what it contains."""

    edition: str
    year: int
    code: str  # "rubber" or "duplicate"
    title: str
    source_file: str
    source_page: str
    articles: tuple[Article, ...]
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class Record:
    """One paragraph of an article, verbatim."""

    id: str
    edition: str
    article: str
    label: str  # the label exactly as printed before the text ("(1) ", "a) ", "- ", ""); never restored
    restored_label: str | None  # the id's path below the article when part of it is not printed
    title: str | None  # a subheading printed above the paragraph, verbatim
    heading: str | None  # the article's heading
    text: str  # verbatim, without the label; lines of one paragraph joined with "\n"


@dataclass(frozen=True)
class Passage:
    """A record and everything under it (or a whole article / section), in source order."""

    id: str
    edition: str
    article: str
    heading: str | None
    records: tuple[Record, ...]
    text: str
    notes: tuple[Note, ...]
    references: tuple[Reference, ...]


# ------------------------------------------------------------------------------------ loading


def _registered() -> tuple[str, ...]:
    """The years of the registered editions (``data/editions/<year>/``), chronologically."""
    return registry.years()


#: The years of the registered editions; not set here: :func:`__getattr__` reads it on first use.
EDITIONS: tuple[str, ...]


def __getattr__(name: str) -> tuple[str, ...]:
    # EDITIONS comes from the one registry of editions, read on first use.
    if name == "EDITIONS":
        return _registered()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _check_edition(edition: str | int) -> str:
    if isinstance(edition, int) and not isinstance(edition, bool):
        edition = str(edition)
    if not isinstance(edition, str) or edition not in _registered():
        raise BridgeLawsError(
            f"unknown edition {edition!r}: the corpus has editions {', '.join(_registered())}"
        )
    return edition


@datafiles.cached
def _raw(edition: str) -> dict[str, Any]:
    name = datafiles.edition_file(edition, "corpus.json")
    base = registry.derives(edition)
    if base is None:
        return schema.parse_corpus(datafiles.load(name), name, edition)
    return _derived(schema.parse_corpus_changes(datafiles.load(name), name, edition, base), name, edition, base)


def _derived(changes: dict[str, Any], name: str, edition: str, base: str) -> dict[str, Any]:
    """A derived edition's whole text: its base's, every id read as the edition's, with the records
    its ``corpus.json`` changes and without those it removes. A note or a reference about a record
    the derived text changes or removes is the base's alone and is not carried over (it speaks of
    words that are no longer there)."""
    whole: dict[str, Any] = registry.remap(_raw(base), base, edition)
    by_id = {r["id"]: r for r in whole["records"]}
    changed = {}
    for i, item in enumerate(changes["records"]):
        if item["id"] not in by_id:
            raise schema.Loc(name, "records").at(i).at("id").error(
                f"{item['id']!r} is not a record of the {base} text read as {edition}'s (a derived text changes "
                "the base's records; a text with records of its own is not derived)")
        changed[item["id"]] = item["text"]
    removed = set(changes.get("removed") or ())
    for i, record_id in enumerate(changes.get("removed") or ()):
        if record_id not in by_id:
            raise schema.Loc(name, "removed").at(i).error(f"{record_id!r} is not a record of the {base} text")
    touched = removed | set(changed)
    whole.update(edition=edition, year=int(edition) if edition.isdigit() else whole["year"],
                 title=changes["title"], source_file=changes["source_file"], source_page=changes["source_page"])
    whole["records"] = [dict(r, text=changed.get(r["id"], r["text"])) for r in whole["records"] if r["id"] not in removed]
    whole["layout"] = [item for item in whole["layout"] if item.get("record") not in removed]
    whole["notes"] = [n for n in whole["notes"] if not touched & set(n["records"])]
    whole["references"] = [r for r in whole["references"] if r["from"] not in touched]
    return whole


@datafiles.cached
def _edition(edition: str) -> tuple[Source, tuple[Record, ...], dict[str, Record], dict[str, Article],
                                   tuple[Reference, ...]]:
    """Parsed edition: (Source, records tuple, {id: Record}, {article: Article}, references)."""
    raw = _raw(_check_edition(edition))
    arts = tuple(
        Article(edition, a["article"], a.get("heading"), a.get("heading_line")) for a in raw["articles"]
    )
    heading = {a.article: a.heading for a in arts}
    recs = tuple(
        Record(
            id=r["id"], edition=edition, article=r["article"], label=r["label"],
            restored_label=r.get("restored_label"), title=r.get("title"),
            heading=heading.get(r["article"]), text=r["text"],
        )
        for r in raw["records"]
    )
    notes_ = tuple(
        Note(
            id=n["id"], edition=edition, kind=n["kind"], records=tuple(n["records"]), text=n["text"],
            verbatim=n.get("verbatim"), reading=n.get("reading"),
        )
        for n in raw["notes"]
    )
    refs = tuple(
        Reference(edition, r["from"], r["quote"], r["target"], bool(r["in_corpus"]))
        for r in raw["references"]
    )
    src = Source(
        edition=edition, year=int(raw["year"]), code=raw["code"], title=raw["title"],
        source_file=raw["source_file"], source_page=raw["source_page"], articles=arts, notes=notes_,
    )
    return src, recs, {r.id: r for r in recs}, {a.article: a for a in arts}, refs


# ------------------------------------------------------------------------------------ public API


def sources() -> tuple[Source, ...]:
    """All editions, chronologically."""
    return tuple(_edition(e)[0] for e in _registered())


def source(edition: str) -> Source:
    return _edition(_check_edition(edition))[0]


def _editions(edition: str | None) -> tuple[str, ...]:
    return _registered() if edition is None else (_check_edition(edition),)


def records(edition: str | None = None) -> tuple[Record, ...]:
    """All records (of one edition, or of all editions chronologically), in source order."""
    return tuple(r for e in _editions(edition) for r in _edition(e)[1])


def _parse(ref: str) -> tuple[str, str]:
    if not isinstance(ref, str):
        raise BridgeLawsError(f"malformed reference {ref!r}: expected a string like '1936:22.3'")
    m = _ID_RE.match(ref)
    if not m:
        raise BridgeLawsError(
            f"malformed reference {ref!r}: expected '<edition>:<article>[.<part>]...', e.g. '1936:22.3' or '2017:19.A.3'"
        )
    return _check_edition(m.group(1)), m.group(2)


def record(id: str) -> Record:
    """The record with exactly this id."""
    edition, art = _parse(id)
    _, _, by_id, arts, _ = _edition(edition)
    if id in by_id:
        return by_id[id]
    if art not in arts:
        raise BridgeLawsError(_unknown_article(id, edition))
    under = [r.id for r in _edition(edition)[1] if r.article == art]
    raise BridgeLawsError(f"unknown record {id!r}: article {edition}:{art} has records {', '.join(under)}")


def _unknown_article(ref: str, edition: str) -> str:
    names = ", ".join(a.article for a in _edition(edition)[0].articles)
    return f"unknown article {ref!r}: the {edition} text has articles {names}"


def _under(ref: str) -> tuple[Record, ...]:
    edition, _ = _parse(ref)
    prefix = ref + "."
    return tuple(r for r in _edition(edition)[1] if r.id == ref or r.id.startswith(prefix))


def resolves(ref: str) -> bool:
    """True if ``article(ref)`` would find records; False for unknown or malformed refs."""
    try:
        return bool(_under(ref))
    except BridgeLawsError:
        return False


def article(ref: str) -> Passage:
    """The record ``ref`` and all records under it, in source order ("1936:22" is the whole rule)."""
    edition, art = _parse(ref)
    found = _under(ref)
    if not found:
        _, recs, _, arts, _ = _edition(edition)
        if art not in arts:
            raise BridgeLawsError(_unknown_article(ref, edition))
        under = [r.id for r in recs if r.article == art]
        raise BridgeLawsError(f"unknown passage {ref!r}: article {edition}:{art} has records {', '.join(under)}")
    ids = {r.id for r in found}
    src, _, _, arts, refs = _edition(edition)
    return Passage(
        id=ref, edition=edition, article=art, heading=arts[art].heading, records=found,
        text="\n".join(r.text for r in found),
        notes=tuple(n for n in src.notes if ids.intersection(n.records)),
        references=tuple(r for r in refs if r.from_id in ids),
    )


def notes(edition: str | None = None) -> tuple[Note, ...]:
    return tuple(n for e in _editions(edition) for n in _edition(e)[0].notes)


def references(edition: str | None = None, in_corpus: bool | None = None) -> tuple[Reference, ...]:
    return tuple(
        r for e in _editions(edition) for r in _edition(e)[4] if in_corpus is None or r.in_corpus == in_corpus
    )


def printed_fields(edition: str) -> list[tuple[str, str, str]]:
    """(record id, where, text) for every heading (once per article, at its first record),
    subheading and record text of an edition, in source order."""
    fields = []
    seen_articles: set[str] = set()
    for r in _edition(edition)[1]:
        if r.article not in seen_articles:
            seen_articles.add(r.article)
            if r.heading:
                fields.append((r.id, "heading", r.heading))
        if r.title:
            fields.append((r.id, "title", r.title))
        fields.append((r.id, "text", r.text))
    return fields


# ------------------------------------------------------------------------------------ layout


def _render(item: dict[str, Any], edition: str) -> str:
    _, _, by_id, arts, _ = _edition(edition)
    try:
        if "line" in item:
            text: str = item["line"]
            return text
        if "heading" in item:
            line = arts[item["heading"].split(":", 1)[1]].heading_line
            if line is None:
                raise KeyError(item["heading"])
            return line
        if "title" in item:
            title = by_id[item["title"]].title
            if title is None:
                raise KeyError(item["title"])
            return title
        if "record" in item:
            r = by_id[item["record"]]
            return r.label + r.text
        if "repeat" in item:
            return _render({item["part"]: item["repeat"]}, edition)
        if "inline" in item:
            return "".join(_render(x, edition) for x in item["inline"])
    except KeyError as exc:
        raise BridgeLawsError(f"broken layout item in {edition}.json: {item!r} ({exc} not found)") from None
    raise BridgeLawsError(f"unknown layout item in {edition}.json: {item!r}")


def rebuild_source(edition: str) -> str:
    """The source text rebuilt from the edition's layout (equal to the source file, byte for byte)."""
    edition = _check_edition(edition)
    return "\n".join(_render(item, edition) for item in _raw(edition)["layout"])


def source_path(edition: str) -> Path | None:
    """Path of the edition's source text in the shared folder, or None if it is not there.

    The shared folder is ``$BRIDGELAWS_SHARED`` if set, else ``<repo>/../shared``.
    """
    src = source(edition)
    env = os.environ.get("BRIDGELAWS_SHARED")
    shared = Path(env) if env else Path(__file__).resolve().parents[3] / "shared"
    path = shared / "sources" / src.source_file
    return path if path.is_file() else None


@datafiles.cached
def changed_from_base(edition: str) -> frozenset[str]:
    """The ids of the base's records (read as ``edition``'s own) whose text ``edition`` changes or
    leaves out: what a derived edition's text says otherwise than the edition it derives from
    (:func:`bridgelaws.text.registry.derives`); empty for an edition that derives from none."""
    base = registry.derives(edition)
    if base is None:
        return frozenset()
    now = {r.id: r.text for r in records(edition)}
    return frozenset(own for r in records(base)
                     if now.get(own := edition + r.id[len(base):]) != r.text)


def refuse_changed(edition: str, what: str, cited: Any, cure: str = "") -> None:
    """An inherited rule stands only on records the derived ``edition`` keeps word for word: every id
    of a record of its base that ``cited`` names (a string, or lists and mappings of them, read as
    ``edition``'s ids) and that its text changes or leaves out is one error line naming ``what``
    rests on it, and the cure: the edition's own rule, read from its text, written where ``cure``
    says."""
    base = registry.derives(edition)
    changed = changed_from_base(edition)
    if base is None or not changed:
        return
    for found in _strings(cited):
        if found in changed:
            raise BridgeLawsError(
                f"{datafiles.edition_file(edition, 'edition.yaml')}: derives {base}: {what}, inherited from {base}, "
                f"rests on {found}, which the {edition} text changes: read {edition}'s text and write its own"
                + (f" ({cure})" if cure else ""))


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, (list, tuple)):
        return [s for item in value for s in _strings(item)]
    return []
