"""The registry's entries as records: per edition its names, highest level and closing reading,
and for every mechanic of a regular auction (:data:`MECHANICS`) the basis of its rule, checked.

The entries are read, and their derivations resolved, in the text layer
(:mod:`bridgelaws.text.registry`); here their mechanics are checked, and every inherited rule is
resolved from the donor's own basis (never retyped): an :class:`EditionRecord` per edition, which
:mod:`bridgelaws.auction.editions` makes into an edition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .calls import MAX_PARSED_LEVEL
from .closing import CLOSING_RULES
from ..text.corpus import refuse_changed
from ..text.registry import parse_entries, problem as _problem
from ..text.vocabulary import ALL_PASS_OUTCOMES

#: The mechanics every edition must name a basis for, with a one-line English description.
MECHANICS: dict[str, str] = {
    "first-call": "the dealer makes the first call",
    "rotation": "calls follow in rotation, clockwise",
    "bid-range": "a bid names one to seven tricks and a denomination",
    "denominations": "denominations rank clubs < diamonds < hearts < spades < no-trump",
    "sufficiency": "a bid must be higher than the preceding bid",
    "double": "a player may double only the last bid, made by an opponent, with only passes since",
    "redouble": "a player may redouble only the last double, made by an opponent, with only passes since",
    "after-redouble": "a redoubled bid may not be doubled or redoubled again",
    "double-cancelled": "a double or redouble is cancelled by a later bid",
    "end-of-auction": "after a bid, three passes in rotation end the auction",
    "all-pass": "what happens when all four players pass",
    "contract": "the last bid becomes the contract, doubled or redoubled as it stands",
    "declarer": "the declarer is the player of the contracting side who first named its denomination",
}


@dataclass(frozen=True)
class Basis:
    """Where a rule comes from.

    ``articles`` are the edition's own articles that state the rule. ``inherited`` are articles of
    another edition (``donor``) that supply what the edition's own text does not say, with ``why``.
    """

    articles: tuple[str, ...] = ()
    inherited: tuple[str, ...] = ()
    donor: str | None = None
    why: str = ""
    #: The grounds of refusal (:attr:`Refusal.ground`) that only the inherited articles decide: the
    #: edition's own articles do not say them, so a refusal on such a ground cites the donor alone.
    inherited_for: tuple[str, ...] = ()

    @property
    def is_inherited(self) -> bool:
        return bool(self.inherited)

    @property
    def all_articles(self) -> tuple[str, ...]:
        return self.articles + self.inherited

    def __str__(self) -> str:
        own = ", ".join(self.articles)
        if not self.inherited:
            return own
        inherited = f"inherited from {self.donor}: {', '.join(self.inherited)}"
        return f"{own}; {inherited}" if own else inherited


@dataclass(frozen=True)
class EditionRecord:
    """One entry of the registry, as its ``edition.yaml`` gives it (derivation and inheritance resolved)."""

    year: str
    name: str
    basis: dict[str, Basis]
    max_level: int = 7
    class_path: str | None = None
    #: What four passes lead to (one of :data:`~bridgelaws.text.vocabulary.ALL_PASS_OUTCOMES`): the
    #: registry's ``all-pass: {outcome: ...}``, inherited with the mechanic from its donor.
    all_pass_outcome: str = "passed-out"
    #: For an edition made up outside the registry: the registered edition it was made like, whose
    #: rulings on the irregularities it takes (it has none of its own).
    like: str | None = None
    #: The edition's own closing sentence, by the name of its reading in :data:`CLOSING_RULES`
    #: (the registry's ``end-of-auction: {closing: ...}``, inherited with the mechanic); None: the
    #: neutral count of :meth:`Edition.auction_ends`.
    closing: str | None = None
    #: The registered edition this one derives from (``derives:`` in its ``edition.yaml``): what
    #: its folder does not give is the base's, the base's article ids read as its own, and an
    #: inherited ruling is loaded only while the words it quotes stand in this edition's text.
    derives: str | None = None
    #: The edition's name in Dutch (``name_nl``, optional): shown with the interface in Dutch.
    name_nl: str | None = None


# --- the registry's entries checked and resolved --------------------------------------------------

_BASIS_KEYS = {"articles", "inherit", "only", "why", "closing", "inherited_for", "outcome"}

#: Per mechanic that refuses calls, the grounds of :attr:`Refusal.ground` it may refuse on.
REFUSAL_GROUNDS = {
    "bid-range": ("above-highest-level",), "sufficiency": ("not-higher",),
    "double": ("no-bid", "partners-bid", "already-doubled", "redoubled"),
    "redouble": ("no-double", "partners-double", "redoubled"),
}


def parse_registry(raw: object) -> tuple[EditionRecord, ...]:
    """Check the registry (:func:`bridgelaws.text.registry.registry_data`): its entries and their
    derivations (:func:`bridgelaws.text.registry.parse_entries`), then their mechanics, and resolve
    every inheritance from the donor's own basis."""
    entries = parse_entries(raw)
    for year, entry in entries.items():
        _check_entry(year, entry)
        for mechanic in entry.get("inherited_basis", ()):
            refuse_changed(year, f"the {mechanic} rule of its registry entry", entry["basis"][mechanic],
                           f"basis.{mechanic} in editions/{year}/edition.yaml")
    return tuple(EditionRecord(
        year=year, name=entry["name"], basis={m: _resolve(year, m, entries) for m in MECHANICS},
        max_level=entry.get("max_level", 7), class_path=entry.get("class"),
        closing=_closing_rule(year, entries), all_pass_outcome=_all_pass_outcome(year, entries),
        derives=entry.get("derives"), name_nl=entry.get("name_nl"))
        for year, entry in entries.items())


def _check_entry(year: str, entry: dict[str, Any]) -> None:
    """An entry's names, highest level and mechanics (one basis for each of :data:`MECHANICS`)."""
    if not isinstance(entry.get("name"), str):
        raise _problem(f"{year}.name", "expected a string")
    if not isinstance(entry.get("name_nl", ""), str):
        raise _problem(f"{year}.name_nl", "expected a string")
    level = entry.get("max_level", 7)
    if not isinstance(level, int) or not 1 <= level <= MAX_PARSED_LEVEL:
        raise _problem(f"{year}.max_level", f"expected a level from 1 to {MAX_PARSED_LEVEL}")
    basis = entry.get("basis")
    if not isinstance(basis, dict):
        raise _problem(f"{year}.basis", "expected a mapping of mechanics")
    for mechanic in MECHANICS:
        if mechanic not in basis:
            raise _problem(f"{year}.basis", f"no basis for mechanic {mechanic!r}")
    for mechanic in basis:
        if mechanic not in MECHANICS:
            raise _problem(f"{year}.basis.{mechanic}", f"unknown mechanic: one of {', '.join(MECHANICS)}")


def _stated(year: str, mechanic: str, key: str, entries: dict[str, dict[str, Any]]) -> Any:
    """What the edition's rule of ``mechanic`` states under ``key`` (its closing reading, its outcome
    of four passes): its own, or, for an inherited rule, the donor's; None where neither states it."""
    _, spec = _own(year, mechanic, entries[year]["basis"][mechanic])
    value = spec.get(key)
    if value is None and "inherit" in spec:
        donor = spec["inherit"]
        value = _own(donor, mechanic, entries[donor]["basis"][mechanic])[1].get(key)
    return value


def _closing_rule(year: str, entries: dict[str, dict[str, Any]]) -> str:
    """The name of the edition's reading of its closing sentence (:func:`_stated`)."""
    where = f"{year}.basis.end-of-auction.closing"
    name = _stated(year, "end-of-auction", "closing", entries)
    if name is None:
        raise _problem(where, f"names no reading of the closing sentence: one of {', '.join(CLOSING_RULES)}")
    if name not in CLOSING_RULES:
        raise _problem(where, f"{name!r} is not a reading the engine codes: one of {', '.join(CLOSING_RULES)}")
    return str(name)


def _all_pass_outcome(year: str, entries: dict[str, dict[str, Any]]) -> str:
    """What four passes lead to in the edition (:func:`_stated`), as its article says."""
    outcome = _stated(year, "all-pass", "outcome", entries)
    if outcome not in ALL_PASS_OUTCOMES:
        said = "names no outcome" if outcome is None else f"{outcome!r} is not an outcome of four passes"
        raise _problem(f"{year}.basis.all-pass.outcome", f"{said}: one of {', '.join(ALL_PASS_OUTCOMES)} "
                                                         "(as the article says)")
    return str(outcome)


def _own(year: str, mechanic: str, spec: object) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The edition's own articles for ``mechanic`` and the rest of its spec, checked."""
    where = f"{year}.basis.{mechanic}"
    if isinstance(spec, list):
        spec = {"articles": spec}
    if not isinstance(spec, dict):
        raise _problem(where, "expected a list of articles or a mapping")
    unknown = set(spec) - _BASIS_KEYS
    if unknown:
        raise _problem(where, f"unknown field {sorted(unknown)[0]!r}: one of {', '.join(sorted(_BASIS_KEYS))}")
    if "closing" in spec and mechanic != "end-of-auction":
        raise _problem(f"{where}.closing", "only the end-of-auction mechanic names a closing reading")
    if "outcome" in spec and mechanic != "all-pass":
        raise _problem(f"{where}.outcome", "only the all-pass mechanic names an outcome")
    articles = spec.get("articles", [])
    if not isinstance(articles, list) or not all(isinstance(a, str) for a in articles):
        raise _problem(f"{where}.articles", "expected a list of article ids")
    for article in articles:
        if not article.startswith(year + ":"):
            raise _problem(f"{where}.articles", f"{article!r} is not an article of {year}")
    return tuple(articles), spec


def _resolve(year: str, mechanic: str, entries: dict[str, dict[str, Any]]) -> Basis:
    """The basis of one mechanic, the inherited articles read from the donor's own."""
    where = f"{year}.basis.{mechanic}"
    articles, spec = _own(year, mechanic, entries[year]["basis"][mechanic])
    if spec.get("inherit") is None:
        for key in ("only", "why", "inherited_for"):
            if key in spec:
                raise _problem(f"{where}.{key}", "only an inherited rule has this field")
        if not articles:
            raise _problem(where, "names no article and inherits from no edition")
        return Basis(articles=articles)
    return _inherited(year, mechanic, articles, spec, entries)


def _inherited(year: str, mechanic: str, articles: tuple[str, ...], spec: dict[str, Any],
               entries: dict[str, dict[str, Any]]) -> Basis:
    """The basis of a mechanic the edition inherits (``inherit``): its own articles, and the donor's
    (all of them, or ``only`` some) with ``why`` and the grounds they alone decide."""
    where = f"{year}.basis.{mechanic}"
    donor = spec["inherit"]
    if donor not in entries or donor == year:
        raise _problem(f"{where}.inherit", f"{donor!r} is not another registered edition")
    why = spec.get("why")
    if not isinstance(why, str) or not why.strip():
        raise _problem(f"{where}.why", "an inherited rule says why it is inherited")
    donor_articles, donor_spec = _own(donor, mechanic, entries[donor]["basis"][mechanic])
    if "inherit" in donor_spec or not donor_articles:
        raise _problem(f"{where}.inherit", f"{donor} does not state this rule in its own text")
    only = spec.get("only")
    if only is not None:
        if not isinstance(only, list) or not only or not set(only) <= set(donor_articles):
            raise _problem(f"{where}.only", f"expected some of {donor}'s own articles {list(donor_articles)}")
        inherited = tuple(a for a in donor_articles if a in only)
    else:
        inherited = donor_articles
    inherited_for = spec.get("inherited_for", [])
    grounds = REFUSAL_GROUNDS.get(mechanic, ())
    if not isinstance(inherited_for, list) or not all(g in grounds for g in inherited_for):
        raise _problem(f"{where}.inherited_for", f"expected a list of grounds of {mechanic!r}: "
                       f"{', '.join(grounds) or 'none'}")
    return Basis(articles=articles, inherited=inherited, donor=donor, why=" ".join(why.split()),
                 inherited_for=tuple(inherited_for))
