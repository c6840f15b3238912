"""The cases, and each edition's entry of a case by one overlay.

``data/cases.yaml`` lists the cases; ``data/rulings/<case>.yaml`` (or an edition folder's
``rulings.yaml``) gives, per edition, the entry read from that edition's own text (see
``data/rulings/README.md`` for the fields), checked by :mod:`bridgelaws.text.schema` into typed specs.

An edition's entry of a case is its own entry if it has one, else its base's entry, remapped
(:func:`entry_of`, the one overlay):

- a registered edition's own entry is the one its case file or its folder gives (never both); a
  draft's (:mod:`bridgelaws.judging.drafts`) is its change of the case, the draft's fields over the
  base's entry (:func:`over_base`), which carries the change's
  :class:`~bridgelaws.judging.drafts.Proposal`;
- the base is the registered edition a draft or an ``Edition.like`` was made like, or the one a
  registered edition ``derives`` from;
- an edition with a text of its own (a derived edition) reads the base's article ids as its own
  (:func:`bridgelaws.text.registry.remap`) and inherits an entry only while every quote of it
  still stands verbatim in its text (:func:`verify_inherited_quote`); an edition without a text (a
  draft, a made-up edition) reads its base's entry as it is.

An edition no entry reaches is silent (``schema.SILENT_SUMMARY``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..auction.editions import MECHANICS, Edition, find_edition, find_editions
from ..text.registry import remap
from ..text import corpus, datafiles, schema
from ..text.errors import BridgeLawsError
from ..text.schema import RulingSpec
from .names import engine_names

if TYPE_CHECKING:
    from .drafts import Proposal

__all__ = ["Case", "Entry", "NOT_INHERITED", "cases", "case_ids", "find_case", "edition_rulings", "entry_of",
           "over_base", "verify_inherited_quote", "where", "specs", "ruling_data", "entry", "corpus_spec",
           "rulings_year"]


@dataclass(frozen=True)
class Case:
    id: str
    name_nl: str
    name_en: str
    kind: str  # "call", "event" or "situation"
    description: str
    scenario: dict[str, Any] | None  # {"dealer", "tokens"} for cases the notation can express
    situation: str | None
    variants: tuple[dict[str, Any], ...] = ()
    #: The registry's mechanics that decide whether the case arises (cases.yaml ``mechanics``).
    mechanics: tuple[str, ...] = ()

    def name(self, lang: str = "en") -> str:
        """The case's name in ``lang``: ``name_en``, or ``name_nl`` (cases.yaml, in the
        Dutch texts' own words)."""
        from ..text.i18n import find_language

        return self.name_nl if find_language(lang) == "nl" else self.name_en

    @staticmethod
    def variant_label(variant: dict[str, Any], lang: str = "en") -> str:
        """A variant's label in ``lang``: ``label``, or ``label_nl`` (cases.yaml)."""
        from ..text.i18n import find_language

        return str(variant["label_nl"] if find_language(lang) == "nl" else variant["label"])


@datafiles.cached
def cases() -> tuple[Case, ...]:
    """The catalogue, in the order of the matrix rows."""
    return tuple(Case(id=c["id"], name_nl=c["name_nl"], name_en=c["name_en"], kind=c["kind"],
                      description=c["description"], scenario=c["scenario"], situation=c["situation"],
                      variants=c["variants"], mechanics=_known_mechanics(c))
                 for c in schema.parse_cases(datafiles.load("cases.yaml")))


def _known_mechanics(case: dict[str, Any]) -> tuple[str, ...]:
    """A case's ``mechanics``, each one of the registry's (:data:`bridgelaws.auction.editions.MECHANICS`)."""
    for i, mechanic in enumerate(case["mechanics"]):
        if mechanic not in MECHANICS:
            raise schema.Loc("cases.yaml", case["id"]).at("mechanics").at(i).error(
                f"{mechanic!r} is not a mechanic of the registry (one of {', '.join(MECHANICS)})")
    return tuple(case["mechanics"])


def case_ids() -> tuple[str, ...]:
    return tuple(c.id for c in cases())


def find_case(case_id: str) -> Case:
    for case in cases():
        if case.id == case_id:
            return case
    raise BridgeLawsError(f"unknown case {case_id!r}: one of {', '.join(case_ids())}")


@datafiles.cached
def _file(case_id: str) -> Any:
    find_case(case_id)
    name = f"rulings/{case_id}.yaml"
    if not datafiles.exists(name):
        raise BridgeLawsError(f"no rulings file for case {case_id!r} ({name} is missing)")
    return datafiles.load(name)


@datafiles.cached
def edition_rulings(year: str) -> dict[str, Any]:
    """The rulings an edition's folder gives, by case: ``data/editions/<year>/rulings.yaml``
    (``{rulings: {<case>: <entry>}}``, each entry as in ``data/rulings/<case>.yaml``), or {}."""
    name = datafiles.edition_file(year, "rulings.yaml")
    if not datafiles.exists(name):
        return {}
    raw = schema.fields(datafiles.load(name), schema.Loc(name), ("rulings",))
    given = raw["rulings"] or {}
    if not isinstance(given, dict):
        raise schema.Loc(name).at("rulings").error("expected a mapping of cases")
    for case_id in given:
        if str(case_id) not in case_ids():
            raise schema.Loc(name).at("rulings").at(str(case_id)).error(
                f"not a case of cases.yaml (one of {', '.join(case_ids())})")
    return {str(case_id): entry for case_id, entry in given.items()}


# ------------------------------------------------------------------------------ the overlay


@dataclass(frozen=True)
class Entry:
    """An edition's entry of a case and where it comes from: the entry's fields, its file and its
    key there; for an entry inherited by a derived edition, the edition it was inherited from; for a
    draft's change, its checked spec, its proposal (the draft's wording and reason), and whether it
    is new (the base's corpus does not rule on the case: silent or referenced)."""

    entry: Any
    name: str
    key: str
    inherited_from: str | None = None
    spec: RulingSpec | None = None
    proposal: Proposal | None = None
    new: bool = False


def _has_text(edition: Edition) -> bool:
    """A registered edition has a text of its own; a draft or an edition made ``like`` one has not."""
    return edition.record.like is None


def _base(edition: Edition) -> Edition | None:
    """The edition whose entries an edition takes where it gives none of its own."""
    return edition.base


@datafiles.cached
def _stated(case_id: str) -> dict[str, Entry]:
    """The registered editions' own entries of a case: its file's, and those of the editions'
    folders (``rulings.yaml``). Never two for one edition."""
    shared = _file(case_id)
    name = f"rulings/{case_id}.yaml"
    given = {}
    if isinstance(shared, dict) and isinstance(shared.get("rulings"), dict):
        given = {str(year): Entry(entry, name, str(year)) for year, entry in shared["rulings"].items()}
    for edition in find_editions(None):
        own = edition_rulings(edition.year).get(case_id)
        if own is None:
            continue
        folder = datafiles.edition_file(edition.year, "rulings.yaml")
        if edition.year in given:
            raise BridgeLawsError(f"{folder}: {case_id}: {edition.year}'s ruling of {case_id} is also in {name}: "
                                  "keep one")
        given[edition.year] = Entry(own, folder, case_id)
    return given


def _own(case_id: str, edition: Edition) -> Entry | None:
    """The entry an edition gives itself: a draft's change of the case, a registered edition's file
    or folder entry; None for an edition made ``like`` another."""
    draft = edition.draft
    if draft is not None:
        return draft.rulings.get(case_id)
    return _stated(case_id).get(edition.year) if _has_text(edition) else None


def _overlay(case_id: str, edition: Edition, of_base: Callable[[Edition], Entry | None]) -> Entry | None:
    """The one overlay: the edition's own entry, else its base's (``of_base``), remapped and its
    quotes checked where the edition has a text of its own."""
    own = _own(case_id, edition)
    if own is not None:
        return own
    base = _base(edition)
    if base is None:
        return None  # silent by default
    found = of_base(base)
    if found is None or not _has_text(edition):
        return found  # the base is silent, so is the edition; or an edition without a text reads it as it is
    inherited = remap(found.entry, base.year, edition.year)
    for article, quote in _quotes(inherited):
        verify_inherited_quote(edition.year, base.year, f"the ruling of {case_id}", article, quote)
    corpus.refuse_changed(edition.year, f"the ruling of {case_id}", inherited,
                          f"{case_id} in editions/{edition.year}/rulings.yaml")
    return Entry(inherited, found.name, found.key, base.year)


@datafiles.cached
def _given(case_id: str) -> dict[str, Entry]:
    """Per registered edition, its entry of a case by :func:`_overlay` (only the editions one reaches)."""
    given: dict[str, Entry | None] = {}

    def of(edition: Edition) -> Entry | None:
        if edition.year not in given:
            given[edition.year] = _overlay(case_id, edition, of)
        return given[edition.year]

    for edition in find_editions(None):
        of(edition)
    return {year: found for year, found in given.items() if found is not None}


def entry_of(case_id: str, edition: str | int | Edition) -> Entry | None:
    """An edition's entry of a case (:func:`_overlay`), or None where the edition is silent on it."""
    found = find_edition(edition)
    if _has_text(found):
        return _given(case_id).get(found.year)
    return _overlay(case_id, found, lambda base: entry_of(case_id, base))


def _quotes(entry: Any) -> list[tuple[str, str]]:
    """Every ``(quote_from, quote_nl)`` of an entry and of its branches."""
    found = []
    if isinstance(entry, dict):
        if entry.get("quote_nl"):
            found.append((str(entry.get("quote_from")), str(entry["quote_nl"])))
        for branch in entry.get("when") or ():
            found.extend(_quotes(branch))
    return found


def verify_inherited_quote(year: str, base: str, what: str, article: str | None, quote: str) -> None:
    """An inherited quote stands only while its words are, verbatim, in the derived edition's
    record: otherwise one error line naming what quotes it (``what``) and the record."""
    from ..text import corpus

    if not article or not article.startswith(year + ":"):
        return  # another edition's text: it has not changed
    if not corpus.resolves(article):
        problem = f"cites {article}, which the {year} text does not have"
    elif quote not in corpus.article(article).text:
        short = quote if len(quote) <= 60 else quote[:57] + "..."
        problem = f"quotes {article}, which no longer says {short!r}"
    else:
        return
    raise BridgeLawsError(f"{datafiles.edition_file(year, 'edition.yaml')}: derives {base}: {what}, inherited from "
                          f"{base}, {problem}: read {year}'s text and write its own")


#: The fields an entry given as fields over its base's (a draft's change) never takes from the base:
#: the base's quote (the new wording takes its place), its summary and its assumption (both speak of
#: the base's text).
NOT_INHERITED = ("quote_nl", "quote_from", "summary_en", "assumption", "assumption_nl", "assumes", "unread")


def over_base(case_id: str, base: Edition, fields: Mapping[str, Any]) -> dict[str, Any]:
    """An entry given as ``fields`` over the base's entry: the base's fields less
    :data:`NOT_INHERITED` (none where the base does not rule on the case), under ``fields``."""
    merged: dict[str, Any] = {}
    if corpus_spec(case_id, base).status == "ruled":
        merged = kept_fields(entry(case_id, base), fields)
    merged.update(fields)
    return merged


#: A Dutch text of a ruling and the English it is written beside: fields given over a base's that
#: restate the English do not keep the base's Dutch of the words they replace.
DUTCH_OF = {"summary_nl": "summary_en", "play_nl": "play", "assumption_nl": "assumption",
            "assumption_for_count_nl": "assumption_for_count", "out_of_turn_nl": "out_of_turn"}


def kept_fields(base_fields: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """The base's fields an entry given as ``fields`` over them keeps: all but :data:`NOT_INHERITED`,
    and but a Dutch text whose English ``fields`` restate."""
    return {key: value for key, value in base_fields.items() if key not in NOT_INHERITED
            and not (key in DUTCH_OF and DUTCH_OF[key] in fields and key not in fields)}


# ------------------------------------------------------------------------------ the entries read


def where(case_id: str, edition: str | int | Edition) -> str:
    """The file that gives an edition's entry of a case (for messages)."""
    year = rulings_year(edition)
    found = _given(case_id).get(year)
    if found is None:
        return f"rulings/{case_id}.yaml"
    if found.inherited_from is not None:
        return f"{datafiles.edition_file(year, 'edition.yaml')} (derives {found.inherited_from})"
    return found.name


@datafiles.cached
def specs(case_id: str) -> dict[str, RulingSpec]:
    """Per registered edition, the checked entry of the case (``data/rulings/<case>.yaml``, the
    edition's ``rulings.yaml``, or a derived edition's base's). An edition none gives gets the
    silence default (``schema.SILENT_SUMMARY``)."""
    result = schema.parse_rulings(_file(case_id), f"rulings/{case_id}.yaml", case_id, engine_names())
    for year, found in _given(case_id).items():
        if found.name != f"rulings/{case_id}.yaml" or found.inherited_from is not None:
            result[year] = schema.parse_ruling(found.entry, schema.Loc(found.name, found.key), engine_names())
    given = _given(case_id)
    for year, checked in result.items():
        cell = given.get(year)
        refuse_outcome_of_four_passes(case_id, checked, f"{cell.name if cell else f'rulings/{case_id}.yaml'}: {year}")
    return result


def refuse_outcome_of_four_passes(case_id: str, spec: RulingSpec, at: str) -> None:
    """A ruling on four passes states no ``outcome``: what four passes lead to is the edition's rule
    (its registry entry's ``basis.all-pass.outcome``, or a draft's change of the all-pass mechanic),
    so that a card can never say otherwise than the engine does."""
    given = "outcome" in spec.given or any("outcome" in branch.given for branch in spec.when)
    if given and "all-pass" in find_case(case_id).mechanics:
        raise BridgeLawsError(
            f"{at}.outcome: what four passes lead to is the edition's rule, not a ruling's: the registry's "
            "basis.all-pass.outcome (a draft: a change with 'mechanic: all-pass' and 'outcome')")


def rulings_year(edition: str | int | Edition) -> str:
    """Whose rulings an edition reads: its own, or for an edition made up with ``Edition.like``
    (a test, a draft), those of the registered edition it was made like."""
    found = find_edition(edition)
    return found.record.like or found.year


def _no_rulings(edition: str | int | Edition) -> BridgeLawsError:
    return BridgeLawsError(f"edition {find_edition(edition).year} has no rulings: it is not in the "
                           f"registry (make it with Edition.like(...) to take a registered edition's)")


def corpus_spec(case_id: str, edition: str | int | Edition) -> RulingSpec:
    """The corpus entry of a case for an edition (with the silence default); for a draft that
    changes the case, the draft's entry (the base's overlaid by the draft's fields)."""
    found = entry_of(case_id, edition)
    if found is not None and found.spec is not None:
        return found.spec
    checked = specs(case_id).get(rulings_year(edition))
    if checked is None:
        raise _no_rulings(edition)
    return checked


@datafiles.cached
def ruling_data(case_id: str) -> dict[str, dict[str, Any]]:
    """The per-edition entries of one case as the file gives them (checked), with the silence
    default for an edition the file does not list."""
    parsed = specs(case_id)  # checks the files
    entries = {year: found.entry for year, found in _given(case_id).items()}
    return {year: entries[year] if year in entries else {"status": s.status, "summary_en": s.summary_en}
            for year, s in parsed.items()}


def entry(case_id: str, edition: str | int | Edition) -> dict[str, Any]:
    """The entry of the registered edition whose rulings ``edition`` reads (:func:`rulings_year`)."""
    found = ruling_data(case_id).get(rulings_year(edition))
    if found is None:
        raise _no_rulings(edition)
    return found
