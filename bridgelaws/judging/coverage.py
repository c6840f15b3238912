"""Text coverage: which records of the corpus the engine models, and why the others are not.

A record is **modelled** when the engine's data cite it: a mechanic's basis in ``data/editions/<year>/edition.yaml``
(own or inherited articles), a ruling of ``data/rulings/*.yaml`` (``articles``, ``references``,
``quote_from``, ``acceptance``, a branch's or an option's ``article``), ``data/acceptance.yaml`` or
``data/rights.yaml`` (what a text says about exercising a right, which the engine applies).
That is computed from the data each time, never listed by hand. A citation covers the record and
every record under it, as :func:`bridgelaws.text.corpus.article` reads it (``2017:23.A`` covers
``2017:23.A.1`` to ``.3``); a citation of an article outside the corpus covers nothing.

What only the views cite (a topic of ``data/topics.yaml``, a claim of the history in
``data/exercises.yaml``) is *shown*, not modelled: a side-by-side column is not a rule the engine
applies, and a topic that cites a whole article (``2017:19``) would otherwise hide a record no rule
uses (``2017:19.D``). Such records are listed as not modelled like the others, and the coverage says
where they are shown.

Every other record is listed in ``data/not-modelled.yaml`` with a reason from the file's small
vocabulary and a short why. :func:`coverage` reports, per edition, what is modelled, what is not
(by reason), and three kinds of problem that ``tests/test_coverage.py`` keeps empty: records neither
modelled nor listed (``unaccounted``), records listed although the engine cites them
(``wrongly_listed``, with the citations), and listed ids that are not in the corpus.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Iterable

from ..text import corpus, datafiles, schema
from ..auction.editions import EDITIONS, Edition
from .lookup import find_editions

__all__ = ["UseKind", "Use", "Modelled", "NotModelled", "WronglyListed", "EditionCoverage", "Coverage",
           "ENGINE_KINDS", "uses", "not_modelled_file", "coverage"]


class UseKind(StrEnum):
    """Where a citation of a record comes from."""

    MECHANIC = "mechanic"  # data/editions/<year>/edition.yaml, a mechanic's basis
    RULING = "ruling"  # data/rulings/<case>.yaml
    ACCEPTANCE = "acceptance"  # data/acceptance.yaml
    RIGHTS = "rights"  # data/rights.yaml (1936:21.2, 21.3: lapse of a right, a choice that stands)
    TOPIC = "topic"  # data/topics.yaml (notebook 04): shown, not modelled
    HISTORY = "history"  # data/exercises.yaml, the history (notebook 05): shown, not modelled


#: The kinds of citation that make a record modelled: the data the engine applies.
ENGINE_KINDS = frozenset({UseKind.MECHANIC, UseKind.RULING, UseKind.ACCEPTANCE, UseKind.RIGHTS})


@dataclass(frozen=True)
class Use:
    """One citation that covers a record: its kind, where it is, and the id it cites (the record
    itself or a passage above it)."""

    kind: UseKind
    where: str  # e.g. "1936 end-of-auction", "insufficient-bid 1936 articles", "topic doubling"
    cited: str

    @property
    def by_engine(self) -> bool:
        return self.kind in ENGINE_KINDS

    def __str__(self) -> str:
        return f"{self.kind} {self.where}" + ("" if self.cited == "" else f" (cites {self.cited})")


@dataclass(frozen=True)
class Modelled:
    """A record the engine's data cite, with every citation of the engine that covers it."""

    id: str
    used_by: tuple[Use, ...]


@dataclass(frozen=True)
class NotModelled:
    """A record the engine does not model, as ``data/not-modelled.yaml`` lists it."""

    id: str
    edition: str
    reason: str
    why: str
    text: str  # the record's Dutch text, verbatim
    shown_in: tuple[Use, ...]  # the views that show it (topics, the history)


@dataclass(frozen=True)
class WronglyListed:
    """A record listed as not modelled that the engine cites after all."""

    id: str
    reason: str
    used_by: tuple[Use, ...]


@dataclass(frozen=True)
class EditionCoverage:
    """One edition: its records, split into modelled, not modelled and unaccounted."""

    edition: str
    records: int
    modelled: tuple[Modelled, ...]  # in source order
    not_modelled: tuple[NotModelled, ...]  # in source order
    unaccounted: tuple[str, ...]  # ids neither modelled nor listed, in source order
    wrongly_listed: tuple[WronglyListed, ...]  # listed, but the engine cites them (counted as modelled)

    def by_reason(self, reasons: Iterable[str]) -> dict[str, int]:
        """How many records are not modelled for each reason, in the order given."""
        counts = Counter(item.reason for item in self.not_modelled)
        return {reason: counts[reason] for reason in reasons}


@dataclass(frozen=True)
class Coverage:
    """The coverage of the chosen editions, and the vocabulary of reasons."""

    editions: tuple[EditionCoverage, ...]
    reasons: tuple[tuple[str, str], ...]  # (reason, what it means), in the data file's order
    not_in_corpus: tuple[str, ...]  # listed ids of the chosen editions that are not corpus records

    @property
    def records(self) -> int:
        return sum(e.records for e in self.editions)

    @property
    def modelled(self) -> int:
        return sum(len(e.modelled) for e in self.editions)

    @property
    def not_modelled(self) -> tuple[NotModelled, ...]:
        return tuple(item for e in self.editions for item in e.not_modelled)

    @property
    def unaccounted(self) -> tuple[str, ...]:
        return tuple(record_id for e in self.editions for record_id in e.unaccounted)

    @property
    def wrongly_listed(self) -> tuple[WronglyListed, ...]:
        return tuple(item for e in self.editions for item in e.wrongly_listed)

    @property
    def reason_names(self) -> tuple[str, ...]:
        return tuple(reason for reason, _ in self.reasons)

    def problems(self) -> list[str]:
        """One line per problem, naming the ids (empty when every record is accounted for)."""
        lines = []
        if self.unaccounted:
            lines.append("neither modelled nor listed in data/not-modelled.yaml: " + ", ".join(self.unaccounted))
        for item in self.wrongly_listed:
            lines.append(f"listed as not modelled ({item.reason}) but cited by the engine: {item.id} <- "
                         + "; ".join(str(use) for use in item.used_by))
        if self.not_in_corpus:
            lines.append("listed in data/not-modelled.yaml but not records of the corpus: "
                         + ", ".join(self.not_in_corpus))
        return lines

    def table(self) -> list[tuple[str, list[int]]]:
        """The rows of the coverage table: (label, [count per edition..., total]). The reasons are
        indented under "not modelled" and listed in the vocabulary's order."""
        def row(label: str, counts: list[int]) -> tuple[str, list[int]]:
            return label, counts + [sum(counts)]

        rows = [row("records", [e.records for e in self.editions]),
                row("modelled", [len(e.modelled) for e in self.editions]),
                row("not modelled", [len(e.not_modelled) for e in self.editions])]
        by_reason = [e.by_reason(self.reason_names) for e in self.editions]
        rows += [row(f"  {reason}", [counts[reason] for counts in by_reason]) for reason in self.reason_names]
        rows.append(row("unaccounted", [len(e.unaccounted) for e in self.editions]))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``bridgelaws coverage --json``: the totals of the chosen editions at the top
        (``records``, ``modelled``, ``not_modelled``, ``unaccounted``, ...), then per edition."""
        def part(records: int, modelled: int, not_modelled: Iterable[NotModelled], unaccounted: Iterable[str],
                 wrongly_listed: Iterable[WronglyListed]) -> dict[str, Any]:
            listed = list(not_modelled)
            counts = Counter(item.reason for item in listed)
            return {
                "records": records, "modelled": modelled,
                "not_modelled": [{"id": item.id, "reason": item.reason, "why": item.why,
                                  "shown_in": [str(use) for use in item.shown_in]} for item in listed],
                "by_reason": {reason: counts[reason] for reason in self.reason_names},
                "unaccounted": list(unaccounted),
                "wrongly_listed": [{"id": item.id, "reason": item.reason,
                                    "used_by": [str(use) for use in item.used_by]} for item in wrongly_listed],
            }

        result = part(self.records, self.modelled, self.not_modelled, self.unaccounted, self.wrongly_listed)
        result["not_in_corpus"] = list(self.not_in_corpus)
        result["reasons"] = dict(self.reasons)
        result["editions"] = [
            {"edition": e.edition,
             **part(e.records, len(e.modelled), e.not_modelled, e.unaccounted, e.wrongly_listed),
             "modelled_records": [{"id": item.id, "used_by": [str(use) for use in item.used_by]}
                                  for item in e.modelled]}
            for e in self.editions]
        return result


# ------------------------------------------------------------------------------------ the citations


def _citations() -> list[tuple[str, Use]]:
    """Every (cited id, use) in the data, engine and views, in a fixed order."""
    from ..text import content
    from . import rulings

    found: list[tuple[str, Use]] = []

    def cite(ids: Iterable[str | None], kind: UseKind, where: str) -> None:
        for cited in ids:
            if cited:
                found.append((cited, Use(kind, where, cited)))

    for edition in EDITIONS:
        for mechanic, basis in edition.basis.items():
            cite(basis.articles, UseKind.MECHANIC, f"{edition.year} {mechanic}")
            cite(basis.inherited, UseKind.MECHANIC, f"{edition.year} {mechanic} (inherited from {basis.donor})")
    for case_id in rulings.case_ids():
        for year, entry in rulings.specs(case_id).items():
            parts: list[schema.RulingSpec | schema.BranchSpec] = [entry, *entry.when]
            for part in parts:
                where = f"{case_id} {year}"
                if isinstance(part, schema.BranchSpec):
                    where += f" when {part.condition}"
                    cite([part.article], UseKind.RULING, f"{where} article")
                cite(part.articles, UseKind.RULING, f"{where} articles")
                cite(part.references, UseKind.RULING, f"{where} references")
                cite([part.quote_from], UseKind.RULING, f"{where} quote_from")
                cite([part.acceptance], UseKind.RULING, f"{where} acceptance")
                for i, option in enumerate(part.options):
                    cite([option.article], UseKind.RULING, f"{where} options[{i}]")
    for year, acceptance in rulings.acceptance_data().items():
        cite([acceptance["article"]], UseKind.ACCEPTANCE, year)
    for year, rules in rulings.rights_data().items():
        for key, rule in rules.items():
            cite([rule["article"]], UseKind.RIGHTS, f"{year} {key}")
    for topic in content.topics():
        for year, ids in topic["articles"].items():
            cite(ids, UseKind.TOPIC, f"{topic['id']} {year}")
    for i, claim in enumerate(content.history()):
        cite([claim["article"]], UseKind.HISTORY, f"[{i}] {claim['edition']}")
    return found


@datafiles.cached
def _uses() -> dict[str, tuple[Use, ...]]:
    result: dict[str, list[Use]] = {}
    for cited, use in _citations():
        if not corpus.resolves(cited):  # an article outside the corpus ("1932:40") covers no record
            continue
        for record in corpus.article(cited).records:
            result.setdefault(record.id, []).append(use)
    return {record_id: tuple(found) for record_id, found in result.items()}


def uses(record_id: str) -> tuple[Use, ...]:
    """Every citation in the data that covers the record (engine and views), in a fixed order."""
    corpus.record(record_id)  # an unknown id is an error, not "unused"
    return _uses().get(record_id, ())


@datafiles.cached
def not_modelled_file() -> schema.NotModelledFile:
    """``data/not-modelled.yaml``, checked; a derived edition's entries are its base's, ids read as
    its own, for the records its text has and its own data do not model."""
    from ..text.registry import inherit_by_year

    parsed = schema.parse_not_modelled(datafiles.load("not-modelled.yaml"))
    by_year: dict[str, list[dict[str, str]]] = {}
    for entry in parsed.records:
        by_year.setdefault(entry.id.split(":", 1)[0], []).append(
            {"id": entry.id, "reason": entry.reason, "why": entry.why})
    inherited = [schema.NotModelledSpec(**entry)
                 for year, entries in inherit_by_year(by_year).items() if year not in by_year
                 for entry in entries
                 if corpus.resolves(entry["id"])
                 and not any(use.by_engine for use in _uses().get(entry["id"], ()))]
    return replace(parsed, records=parsed.records + tuple(inherited))


def _edition_coverage(edition: Edition, listed: dict[str, schema.NotModelledSpec]) -> EditionCoverage:
    modelled, not_modelled, unaccounted, wrongly = [], [], [], []
    every_use = _uses()
    for record in corpus.records(edition.year):
        found = every_use.get(record.id, ())
        engine = tuple(use for use in found if use.by_engine)
        entry = listed.get(record.id)
        if engine:
            modelled.append(Modelled(record.id, engine))
            if entry is not None:
                wrongly.append(WronglyListed(record.id, entry.reason, engine))
        elif entry is not None:
            not_modelled.append(NotModelled(record.id, edition.year, entry.reason, entry.why, record.text,
                                            tuple(use for use in found if not use.by_engine)))
        else:
            unaccounted.append(record.id)
    return EditionCoverage(edition.year, len(corpus.records(edition.year)), tuple(modelled),
                           tuple(not_modelled), tuple(unaccounted), tuple(wrongly))


def coverage(editions: str | Iterable[str | int | Edition] | None = None) -> Coverage:
    """The coverage of the editions named (one, a comma list, or all registered editions)."""
    chosen = find_editions(editions)
    data = not_modelled_file()
    listed = {entry.id: entry for entry in data.records}
    years = {edition.year for edition in chosen}
    known = {record.id for edition in chosen for record in corpus.records(edition.year)}
    outside = tuple(entry.id for entry in data.records
                    if entry.id.split(":", 1)[0] in years and entry.id not in known)
    return Coverage(tuple(_edition_coverage(edition, listed) for edition in chosen), data.reasons, outside)
