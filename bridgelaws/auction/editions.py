"""The editions of the Laws: one registry, and the one step function of a regular auction.

The registry is data (one ``data/editions/<year>/edition.yaml`` per edition, checked when it is loaded): per edition its year, a
display name and, mechanic by mechanic, the articles of its own text that give the rule. Where a
text is silent on a basic mechanic, the edition inherits the rule from a *named* other edition and
the :class:`Basis` says so (``inherited``); the inherited articles are looked up in the donor's own
basis, never retyped. ``find_edition("1936")`` finds one; :data:`EDITIONS` lists them in order.
The folders and entries are read, and derivations resolved, in the text layer
(:mod:`bridgelaws.text.registry`); each entry's mechanics are checked in
:mod:`bridgelaws.auction.edition_records`, the closing readings coded in :mod:`bridgelaws.auction.closing`.
A draft is read by the judging layer (:mod:`bridgelaws.judging.lookup`) and handed down as an edition.

Modelled on python-chess's variants: :class:`Edition` holds the mechanics of a regular auction as
small hooks (``is_sufficient``, ``in_range``, ``may_double``, ``may_redouble``, ``auction_ends``,
``declarer``) and composes them once, in :meth:`Edition.check` (is this call proper, and if not,
why) and :meth:`Edition.after` (the position after it). Every consumer uses that step: the engine
(:mod:`bridgelaws.auction.auction`), the fast path and its tables (:mod:`bridgelaws.auction.fast`), counting
(:mod:`bridgelaws.auction.counting`) and the PBN reader (through those two). An edition whose text changes
a mechanic is a subclass that overrides the hook, named in the registry's ``class``; none of the
five needs one. They differ in data only, e.g. what four passes lead to (:attr:`Edition.all_pass_outcome`)
and how each reads its closing sentence once a pass has been made out of turn (:meth:`Edition.closing`,
the registry's ``closing``, one of :data:`CLOSING_RULES`; the regular step's count is what every one
of them gives for passes in rotation).
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, NamedTuple, Sequence

from ..text import datafiles
from .calls import EVERY_CALL, Call, Seat, call_from_index
from .closing import CLOSING_RULES as CLOSING_RULES, Closing as Closing, PassMade as PassMade
from .edition_records import (MECHANICS as MECHANICS, REFUSAL_GROUNDS as REFUSAL_GROUNDS, Basis as Basis,
                              EditionRecord as EditionRecord, parse_registry)
from ..text.errors import BridgeLawsError
from ..text.registry import problem as _problem, registry_data

if TYPE_CHECKING:
    from ..judging.drafts import Draft

#: The edition a function uses when none is named: the latest text of the corpus.
DEFAULT_EDITION = "2017"


# --- the position of a regular auction ----------------------------------------------------------

class Position(NamedTuple):
    """What the rules of a regular auction need, seen from the player to act.

    Seats do not appear: only whether the last bidder and the last doubler are the player's
    opponents (None when there is none), which is all sufficiency and doubling ask.
    """

    rank: int  # the last bid (1C = 1 ... 7NT = 35), 0 before the first bid
    doubled: int  # 0 undoubled, 1 doubled, 2 redoubled
    bidder_opp: bool | None
    doubler_opp: bool | None
    passes: int  # passes since the last call that was not a pass
    any_call: bool  # has any call other than a pass been made
    over: bool

    def seen_across(self) -> "Position":
        """The same position seen by a player of the other side."""
        return self._replace(bidder_opp=_flip(self.bidder_opp), doubler_opp=_flip(self.doubler_opp))


def _flip(opponent: bool | None) -> bool | None:
    return None if opponent is None else not opponent


#: Before the first call.
START = Position(0, 0, None, None, 0, False, False)


class Refusal(NamedTuple):
    """Why a call by the player to act is not a proper call: the case of the catalogue and the
    mechanic whose rule it breaks (its articles are the edition's basis for it); :attr:`why` puts it
    in plain words (on demand: the tables of the fast path ask only whether a call is refused)."""

    case: str  # "bid-above-seven", "insufficient-bid" or "inadmissible-double"
    mechanic: str
    call: Call
    position: Position
    max_level: int

    @property
    def ground(self) -> str:
        """Which part of the mechanic's rule the call breaks: one of :data:`REFUSAL_GROUNDS`."""
        if self.mechanic == "bid-range":
            return "above-highest-level"
        if self.mechanic == "sufficiency":
            return "not-higher"
        if self.mechanic == "double":
            return ("no-bid" if self.position.bidder_opp is None else "redoubled" if self.position.doubled == 2
                    else "already-doubled" if self.position.doubled == 1 else "partners-bid")
        return ("no-double" if self.position.doubled == 0 else "redoubled" if self.position.doubled == 2
                else "partners-double")

    @property
    def why(self) -> str:
        if self.mechanic == "bid-range":
            return f"a bid names at most {self.max_level} tricks"
        if self.mechanic == "sufficiency":
            last = call_from_index(self.position.rank + 2) if self.position.rank else None
            return f"{self.call} does not rank above {last}"
        if self.mechanic == "double":
            return _why_not_double(self.position)
        return _why_not_redouble(self.position)


# --- editions -----------------------------------------------------------------------------------

class Edition:
    """An edition: its record (the articles of each mechanic) and the rules of a regular auction.

    The hooks below are the neutral rules, which the five texts share or inherit; a subclass overrides one
    only where a text changes it, and :meth:`check` / :meth:`after` compose them for every consumer.
    """

    #: The hooks and compositions that define a regular auction (a subclass overriding any of them
    #: has its own transition table in :mod:`bridgelaws.auction.fast`).
    RULE_METHODS: ClassVar[tuple[str, ...]] = (
        "is_sufficient", "in_range", "may_double", "may_redouble", "auction_ends", "check", "after",
        "step", "proper_calls")

    def __init__(self, record: EditionRecord):
        self.record = record
        # The proper calls of each position met so far: a regular auction has a few hundred
        # positions, and the bidding box asks for them at every click.
        self._proper: dict[Position, tuple[Call, ...]] = {}

    @classmethod
    def like(cls, base: str, **changes: Any) -> "Edition":
        """An instance of ``cls`` with the record of the registered edition ``base``, changed by
        ``changes`` (e.g. ``year="toy"``): for an edition made up in a test or a draft."""
        edition = find_edition(base)
        changes.setdefault("all_pass_outcome", edition.all_pass_outcome)
        changes.setdefault("like", edition.year)
        return cls(replace(edition.record, **changes))

    # --- the record ---------------------------------------------------------------------------------

    @property
    def year(self) -> str:
        return self.record.year

    @property
    def name(self) -> str:
        return self.record.name

    def title(self, lang: str = "en") -> tuple[str, str]:
        """(the edition's name in ``lang``, the language it is in): ``name_nl`` in Dutch where the
        registry gives one, else the English ``name``."""
        if lang == "nl" and self.record.name_nl:
            return self.record.name_nl, "nl"
        return self.record.name, "en"

    @property
    def code(self) -> str:
        """``rubber`` or ``duplicate``, as the edition's corpus states it."""
        from ..text import corpus

        return corpus.source(self.year).code if self.year in corpus.EDITIONS else ""

    @property
    def basis(self) -> dict[str, Basis]:
        return self.record.basis

    @property
    def all_pass_outcome(self) -> str:
        """What happens when all four players pass: ``next-deal`` (the hand is not played and the
        next dealer deals) or ``passed-out``: the registry's ``all-pass: {outcome: ...}``, as the
        edition's article says (inherited with the rule where the edition inherits it)."""
        return self.record.all_pass_outcome

    @property
    def max_level(self) -> int:
        return self.record.max_level

    @property
    def base(self) -> "Edition | None":
        """The registered edition whose rulings this one takes where it gives none of its own: the
        one it was made like (a test's edition, :meth:`like`), or the one it ``derives`` from; None
        for an edition of its own. (A data reference of the registry, read from the registry.)"""
        year = self.record.like or self.record.derives
        return None if year is None else _registry()[year]

    @property
    def draft(self) -> Draft | None:
        """The draft whose changes this edition carries (:mod:`bridgelaws.judging.drafts`); None for an
        edition of the registry or one made up with :meth:`like`."""
        return None

    # --- neutral hooks, shared by every edition ------------------------------------------------------

    def is_sufficient(self, rank: int, last_rank: int) -> bool:
        """A bid (rank 1..35) is sufficient when it ranks above the last bid (0 = no bid yet)."""
        return rank > last_rank

    def in_range(self, level: int) -> bool:
        return 1 <= level <= self.max_level

    def may_double(self, doubled: int, bid_by_opponent: bool) -> bool:
        """``doubled``: 0 undoubled, 1 doubled, 2 redoubled; only passes since the bid when 0."""
        return doubled == 0 and bid_by_opponent

    def may_redouble(self, doubled: int, double_by_opponent: bool) -> bool:
        return doubled == 1 and double_by_opponent

    def auction_ends(self, any_call: bool, passes_since: int) -> bool:
        """Three passes after a call end the auction; four passes with no call end it too."""
        if any_call:
            return passes_since >= 3
        return passes_since >= 4

    def declarer(self, bids: Sequence[tuple[Seat, Call]]) -> Seat:
        """The declarer, from the bids that count, in order, with who made each (the last is the
        contract): the player of the contracting side who first named its denomination."""
        seat, last = bids[-1]
        side = seat % 2
        return next(s for s, call in bids if s % 2 == side and call.strain == last.strain)

    def closing(self, last_caller: Seat | None, passes: Sequence["PassMade"], *,
                doubled: bool = False) -> "Closing":
        """Whether the auction is over after ``passes`` (every pass since the last call that was not
        a pass, in order, with whose turn each was), by the edition's own closing sentence: the
        reading named in the registry (:data:`CLOSING_RULES`). ``last_caller`` made the last bid,
        double or redouble (None: only passes so far); ``doubled``: the last bid stands doubled or
        redoubled (a sentence may speak of that case alone, as 1932:13.3 does). For passes all made
        in turn, one after the other, this is :meth:`auction_ends` (a test holds every reading to it); the engine asks this
        method only when a pass since the last call was made out of turn. (A subclass that changes
        :meth:`auction_ends` states its closing sentence here too: the reading it takes from the
        registry knows nothing of the change.)"""
        name = self.record.closing
        if name is None:
            return Closing(self.auction_ends(last_caller is not None, len(passes)),
                           self.rule("end-of-auction" if last_caller is not None else "all-pass"))
        return CLOSING_RULES[name](self, last_caller, tuple(passes), doubled)

    # --- the step of a regular auction: composed once, used by every consumer -------------------------

    def check(self, position: Position, call: Call) -> Refusal | None:
        """Why ``call`` by the player to act is not a proper call, or None when it is. (Rotation
        and bars are about seats, which the caller of this method keeps: see ``Auction``.)"""
        if call.is_bid:
            if not self.in_range(call.level):
                return Refusal("bid-above-seven", "bid-range", call, position, self.max_level)
            if not self.is_sufficient(call.rank, position.rank):
                return Refusal("insufficient-bid", "sufficiency", call, position, self.max_level)
            return None
        if call.is_double:
            if position.bidder_opp is None or not self.may_double(position.doubled, position.bidder_opp):
                return Refusal("inadmissible-double", "double", call, position, self.max_level)
        if call.is_redouble:
            if position.doubler_opp is None or not self.may_redouble(
                    position.doubled, position.doubler_opp):
                return Refusal("inadmissible-double", "redouble", call, position, self.max_level)
        return None

    def after(self, position: Position, call: Call) -> Position:
        """The position after ``call`` by the player to act, seen from the next player (his
        left-hand opponent). Also used for an irregular call that stands as made."""
        if call.is_bid:
            # The caller is the next player's right-hand opponent.
            return Position(call.rank, 0, True, None, 0, True, False)
        if call.is_double or call.is_redouble:
            return Position(position.rank, 1 if call.is_double else 2, _flip(position.bidder_opp),
                            True, 0, True, False)
        passes = position.passes + 1
        return Position(position.rank, position.doubled, _flip(position.bidder_opp),
                        _flip(position.doubler_opp), passes, position.any_call,
                        self.auction_ends(position.any_call, passes))

    def step(self, position: Position, call: Call) -> Position | None:
        """:meth:`after` for a proper call; None for a call :meth:`check` refuses."""
        if position.over or self.check(position, call) is not None:
            return None
        return self.after(position, call)

    def proper_calls(self, position: Position) -> tuple[Call, ...]:
        """The proper calls of the player to act, in bidding-box order; () once the auction is over."""
        if position.over:
            return ()
        found = self._proper.get(position)
        if found is None:
            found = self._proper[position] = tuple(
                call for call in EVERY_CALL if self.check(position, call) is None)
        return found

    # --- description -----------------------------------------------------------------------------

    def refusal_basis(self, refusal: Refusal) -> str:
        """The articles that decide ``refusal``, as cited after its reason: a redoubled bid is the
        rule of ``after-redouble``; a ground only the inherited articles decide cites them alone,
        labelled (``inherited_for`` in the registry), and then the other grounds cite only the
        edition's own articles."""
        basis = self.rule("after-redouble" if refusal.ground == "redoubled" else refusal.mechanic)
        if refusal.ground in basis.inherited_for:
            own = ", ".join(basis.articles)
            return (f"{own} does not say so; inherited from {basis.donor}: {', '.join(basis.inherited)}, "
                    "an assumption, not law")
        if basis.inherited_for and basis.articles:
            return ", ".join(basis.articles)
        return str(basis)

    def rule(self, mechanic: str) -> Basis:
        if mechanic not in MECHANICS:
            raise BridgeLawsError(f"unknown mechanic {mechanic!r}: one of {', '.join(MECHANICS)}")
        return self.basis[mechanic]

    def rules(self) -> list[tuple[str, str, Basis]]:
        """(mechanic, English description, basis) for every mechanic, in a fixed order."""
        return [(m, MECHANICS[m], self.basis[m]) for m in MECHANICS]

    def inherited_rules(self) -> list[tuple[str, Basis]]:
        return [(m, b) for m, b in self.basis.items() if b.is_inherited]

    def __repr__(self) -> str:
        return f"<Edition {self.year}: {self.name}>"

    def __str__(self) -> str:
        return self.year

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.record == self.record

    def __hash__(self) -> int:
        return hash((type(self), self.year))


def _why_not_double(position: Position) -> str:
    if position.bidder_opp is None:
        return "there is no bid to double"
    if position.doubled == 2:
        return "the bid is redoubled and may not be doubled again"
    if position.doubled == 1:
        return "the bid is already doubled"
    return "the last bid was made by partner, not by an opponent"


def _why_not_redouble(position: Position) -> str:
    if position.doubled == 0:
        return "there is no double to redouble"
    if position.doubled == 2:
        return "the bid is already redoubled"
    return "the double was made by partner, not by an opponent"


# --- the registry -------------------------------------------------------------------------------
# The editions' folders and entries are read, and their derivations resolved, in the text layer
# (bridgelaws/text/registry.py); their mechanics are checked in edition_records.py; here each
# record is made into an edition of its class.

def _load_class(year: str, path: object) -> type[Edition]:
    if path is None:
        return Edition
    where = f"{year}.class"
    if not isinstance(path, str):
        raise _problem(where, "expected 'module:Class'")
    module, _, name = path.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError):
        raise _problem(where, f"cannot import {path!r} (expected 'module:Class')") from None
    if not (isinstance(cls, type) and issubclass(cls, Edition)):
        raise _problem(where, f"{path!r} is not a subclass of Edition")
    return cls


@datafiles.cached
def _registry() -> dict[str, Edition]:
    return {record.year: _load_class(record.year, record.class_path)(record)
            for record in parse_registry(registry_data())}


@datafiles.cached
def _all_editions() -> tuple[Edition, ...]:
    # One tuple, the same object every time, so that fast.results's same-tuple shortcut holds.
    return tuple(_registry().values())


def __getattr__(name: str) -> Any:
    # EDITIONS is read from the registry on first use, so that importing the package stays cheap.
    if name == "EDITIONS":
        return _all_editions()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


EDITIONS: tuple[Edition, ...]  # the registered editions, in chronological order (see __getattr__)


def find_edition(name: str | int | Edition) -> Edition:
    """The registered edition for ``"1936"`` (also ``1936``, ``"36"``, ``"laws1936"``), or ``name``
    itself when it is an edition already; a clear error otherwise. A draft is read by the judging
    layer (:func:`bridgelaws.judging.lookup.find_edition`, the package's ``bridgelaws.find_edition``),
    which hands its edition down as an object."""
    if isinstance(name, Edition):
        return name
    registry = _registry()
    text = str(name).strip().lower().removeprefix("laws").removeprefix("edition").strip(" :-_")
    if len(text) == 2 and text.isdigit():
        text = ("19" if text >= "30" else "20") + text
    edition = registry.get(text)
    if edition is None:
        if isinstance(name, str) and name.strip().lower().endswith((".yaml", ".yml")):
            raise BridgeLawsError(f"{name.strip()}: a draft file is read with bridgelaws.find_edition (the "
                                  "judging layer reads drafts), then passed on as an edition")
        raise BridgeLawsError(
            f"unknown edition {str(name)!r}: choose one of {', '.join(registry)}")
    return edition


def edition_names(names: str | Iterable[str | int | Edition] | None) -> list[str | int | Edition] | None:
    """The editions ``names`` chooses, one by one (``"1936,1949"``, a list, one edition), or None for
    all of them (None, ``"all"``, ``""``)."""
    if names is None or (isinstance(names, str) and names.strip().lower() in ("", "all")):
        return None
    if isinstance(names, str):
        return [part for part in names.replace(",", " ").split() if part]
    if isinstance(names, (int, Edition)):
        return [names]  # one edition, not a list of them
    if not isinstance(names, Iterable):
        raise BridgeLawsError(f"cannot choose editions from {names!r}: give a year, a comma list or a list")
    return list(names)


def find_editions(names: str | Iterable[str | int | Edition] | None) -> tuple[Edition, ...]:
    """Several editions from ``"1936,1949"``, a list, or None / ``"all"`` for all of them
    (:func:`edition_names`); a draft is given as its edition (see :func:`find_edition`)."""
    editions = _all_editions()
    named = edition_names(names)
    if named is None:
        return editions
    chosen = [find_edition(n) for n in named]
    if not chosen:
        raise BridgeLawsError(
            f"no edition chosen: choose at least one of {', '.join(e.year for e in editions)}")
    registered = [e for e in editions if e in chosen]
    # Editions made up outside the registry (a test, a draft) follow, in the order given.
    result = tuple(registered + [e for e in dict.fromkeys(chosen) if e not in registered])
    years = [e.year for e in result]
    twice = next((year for year in years if years.count(year) > 1), None)
    if twice is not None:
        # Results are keyed by year: two editions of one year would overwrite each other.
        raise BridgeLawsError(f"two different editions named {twice} chosen: give a made-up edition its own year")
    return result
