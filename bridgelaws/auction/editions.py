"""The editions of the Laws: one registry, and the one step function of a regular auction.

The registry is data (one ``data/editions/<year>/edition.yaml`` per edition, checked when it is loaded): per edition its year, a
display name and, mechanic by mechanic, the articles of its own text that give the rule. Where a
text is silent on a basic mechanic, the edition inherits the rule from a *named* other edition and
the :class:`Basis` says so (``inherited``); the inherited articles are looked up in the donor's own
basis, never retyped. ``find_edition("1936")`` finds one; :data:`EDITIONS` lists them in order.

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
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, NamedTuple, Sequence

from ..text import datafiles
from .calls import EVERY_CALL, MAX_PARSED_LEVEL, Call, Seat, call_from_index
from ..text.errors import BridgeLawsError
from ..text.vocabulary import ALL_PASS_OUTCOMES

if TYPE_CHECKING:
    from ..judging.drafts import Draft

#: The edition a function uses when none is named: the latest text of the corpus.
DEFAULT_EDITION = "2017"

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

@dataclass(frozen=True)
class EditionRecord:
    """One entry of the registry, as its ``edition.yaml`` gives it (derivation and inheritance resolved)."""

    year: str
    name: str
    basis: dict[str, Basis]
    max_level: int = 7
    class_path: str | None = None
    #: Only for an edition made up outside the registry (``Edition.like``); a registered edition's
    #: outcome of four passes is stated once, by its ruling on four passes.
    all_pass_outcome: str | None = None
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
        next dealer deals) or ``passed-out``.

        Stated once, as the ``outcome`` of the edition's ruling on four passes
        (``data/rulings/all-pass.yaml``, beside its quote); where that ruling states none, the
        outcome of the edition the all-pass rule is inherited from (the registry's ``inherit``)."""
        if self.record.all_pass_outcome is not None:
            return self.record.all_pass_outcome
        return _all_pass_outcome(self.year)

    @property
    def max_level(self) -> int:
        return self.record.max_level

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




# --- the end of the auction after irregular calls: each edition's own closing sentence ----------

class PassMade(NamedTuple):
    """One pass since the last call: who made it and whose turn it was."""

    seat: Seat
    turn_of: Seat

    @property
    def in_turn(self) -> bool:
        return self.seat == self.turn_of

    @property
    def skipped(self) -> tuple[Seat, ...]:
        """The players whose turn came before the passer's, in rotation from the player whose
        turn it was: they lost their turn to this pass (none for a pass in turn)."""
        return tuple(Seat((self.turn_of + step) % 4) for step in range((self.seat - self.turn_of) % 4))


class Closing(NamedTuple):
    """An edition's answer to "is the auction over?", with the mechanic's articles."""

    over: bool
    basis: Basis
    #: 2007:17.E.2 / 2017:17.D.3: the player who missed his turn to a pass out of turn, to whom the
    #: auction goes back (None when no such sentence keeps the auction open).
    lost_turn: Seat | None = None
    #: Where the edition's closing sentences could be read to disagree on this auction, the reading
    #: the engine takes (shown beside the assumption that keeps the auction open, or on the pass
    #: that closes it); "" otherwise.
    reading: str = ""


def _distinct_last_three(passes: tuple[PassMade, ...]) -> bool:
    return len(passes) >= 3 and len({p.seat for p in passes[-3:]}) == 3


def _other_three_players(edition: Edition, last_caller: Seat | None,
                         passes: tuple[PassMade, ...], doubled: bool) -> Closing:
    """1932:11.3 "door de andere drie spelers gepast is": the three players other than the last
    caller have each passed since his call (his own pass does not count, nor a second pass by one
    of them). With no call, 11.2 "Indien in de eerste ronde van het bieden alle vier spelers
    passen", read with 11.1 ("daarna moet elke speler in volgorde eene bieding doen"): the first
    round is each player's first call, so it has passed out once each of the four players has made
    his first call, a pass; a second pass by a player who passed out of turn before the last of
    them called is no call of that round (issue 21, section 5: the reading of the first four calls
    as the round left an auction without a bid that could never close, 11.3 closing only "na een
    bod, dubbel of herdubbel")."""
    passers = {p.seat for p in passes}
    if last_caller is None:
        closed = len(passers) == 4
        first_four = {p.seat for p in passes[:4]}
        if not closed or len(first_four) == 4:
            return Closing(closed, edition.rule("all-pass"))
        return Closing(True, edition.rule("all-pass"), reading=(
            'Reading: "in de eerste ronde van het bieden alle vier spelers passen" (11.2) is read as '
            'each of the four players making his first call ("daarna moet elke speler in volgorde eene '
            'bieding doen", 11.1), and each passing; a player who passed again before the last of the '
            "four made his first call made no call of that round. So the first round has passed out "
            'and "gaat het spel niet door" (11.2). The text does not say how a pass out of turn bears '
            "on the round; read as the first four calls, the round would not have passed out, and 11.3 "
            '("In elk ander geval ... totdat na een bod, dubbel of herdubbel") could not close an '
            "auction in which nobody bids."))
    closed = passers >= set(Seat) - {last_caller}
    if closed or len(passes) < 3 or not doubled:
        return Closing(closed, edition.rule("end-of-auction"))
    # 13.3 "totdat het bieden door drie opeenvolgende pas-biedingen is gesloten" (after a doubled
    # bid): three passes in a row that are not the other three players; 11.3 keeps it open.
    return Closing(False, edition.rule("end-of-auction"), reading=(
        'Reading: the bid being doubled, 13.3 "totdat het bieden door drie opeenvolgende '
        'pas-biedingen is gesloten" is read as restating 11.3, which names the double itself ("na een '
        'bod, dubbel of herdubbel ... door de andere drie spelers gepast"): three passes in a row that '
        "are not the passes of the three other players do not close the auction."))


def _three_consecutive_players(edition: Edition, last_caller: Seat | None,
                               passes: tuple[PassMade, ...], doubled: bool) -> Closing:
    """1936:15 "totdat drie opeenvolgende spelers passen", read with 22.2: the last three calls are
    passes by three different players, one after the other; a pass out of turn counts among them
    as if made in turn once a call has followed it (22.2), so only the last must be made in turn (a
    pass out of turn that nobody has called over "vervalt", 22.5). With no bid, 15 "alle vier
    spelers passen": each of the four has passed."""
    if last_caller is None:
        return Closing(len({p.seat for p in passes}) == 4, edition.rule("all-pass"))
    return Closing(_distinct_last_three(passes) and passes[-1].in_turn, edition.rule("end-of-auction"))


def _three_players_in_rotation(edition: Edition, last_caller: Seat | None,
                               passes: tuple[PassMade, ...], doubled: bool) -> Closing:
    """1949:21 "totdat drie spelers in volgorde hebben gepast", "in volgorde" as in the same
    article's "in volgorde door elke speler geboden": the last three calls are passes by three
    different players, each at his turn; "Nadat de eerste bieding is geschied": with no bid, after a
    first call (a pass), so four passes at least."""
    enough = len(passes) >= (3 if last_caller is not None else 4)
    closed = enough and _distinct_last_three(passes) and all(p.in_turn for p in passes[-3:])
    return Closing(closed, edition.rule("end-of-auction" if last_caller is not None else "all-pass"))


def _three_passes_no_lost_turn(edition: Edition, last_caller: Seat | None,
                               passes: tuple[PassMade, ...], doubled: bool) -> Closing:
    """2017:17.D.3 (2007:17.E.2) "is het bieden niet beëindigd als een van deze pasbiedingen een
    pas voor de beurt was en een speler als gevolg daarvan zijn rechtmatige biedbeurt ontnomen
    werd": while a player who lost his turn to a pass out of turn since the last call has not
    called since, the auction is not over, whichever pass would close it (also the pass out of turn
    itself), and it goes back to him. Otherwise 2017:22.A "drie passen in volgorde": the last three
    calls are passes by three different players, each at his turn; 22.B "Alle vier de spelers
    passen": with no bid, each of the four has passed."""
    for index, made in enumerate(passes):
        later = {p.seat for p in passes[index + 1:]}
        waiting = [seat for seat in made.skipped if seat not in later]
        if waiting:
            return Closing(False, edition.rule("end-of-auction"), lost_turn=waiting[0])
    if last_caller is None:
        return Closing(len({p.seat for p in passes}) == 4, edition.rule("all-pass"))
    closed = _distinct_last_three(passes) and all(p.in_turn for p in passes[-3:])
    return Closing(closed, edition.rule("end-of-auction"))


#: The readings of the editions' closing sentences, by the name the registry gives them
#: (``end-of-auction: {closing: ...}``). Each is coded once, here; for passes all made in turn one
#: after the other every reading gives :meth:`Edition.auction_ends` (tests/test_closing.py).
CLOSING_RULES = {
    "other-three-players": _other_three_players,
    "three-consecutive-players": _three_consecutive_players,
    "three-players-in-rotation": _three_players_in_rotation,
    "three-passes-no-lost-turn": _three_passes_no_lost_turn,
}


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

#: The registry: one ``edition.yaml`` per edition's folder, ``data/editions/<year>/edition.yaml``
#: (read through :mod:`bridgelaws.text.datafiles`; :func:`registry_data` gathers them).
REGISTRY = "editions"
_ENTRY_KEYS = {"year", "name", "name_nl", "class", "max_level", "basis", "derives", "bibliography", "reasons"}
_BASIS_KEYS = {"articles", "inherit", "only", "why", "closing", "inherited_for"}

#: Per mechanic that refuses calls, the grounds of :attr:`Refusal.ground` it may refuse on.
REFUSAL_GROUNDS = {
    "bid-range": ("above-highest-level",), "sufficiency": ("not-higher",),
    "double": ("no-bid", "partners-bid", "already-doubled", "redoubled"),
    "redouble": ("no-double", "partners-double", "redoubled"),
}


def _all_pass_outcome(year: str) -> str:
    from ..judging import rulings

    seen: list[str] = []
    while year not in seen:
        seen.append(year)
        outcome = rulings.spec("all-pass", year).outcome
        if outcome is not None:
            if outcome not in ALL_PASS_OUTCOMES:
                # "redeal" is the same dealer dealing again (a faulty deal), not an end of the auction.
                raise BridgeLawsError(f"{rulings.where('all-pass', year)}: {year}.outcome: {outcome!r} is not an "
                                      f"outcome of four passes (one of {', '.join(ALL_PASS_OUTCOMES)})")
            return outcome
        donor = find_edition(year).basis["all-pass"].donor
        if donor is None:
            break
        year = donor
    raise BridgeLawsError(
        f"rulings/all-pass.yaml: {seen[0]}: no outcome of four passes, in its ruling or in the "
        f"ruling of an edition its all-pass rule is inherited from ({', '.join(seen)})")


def entry_file(year: str) -> str:
    """The name of an edition's registry entry under ``data/``."""
    return datafiles.edition_file(year, "edition.yaml")


def _problem(where: str, message: str) -> BridgeLawsError:
    """An error in an edition's entry: ``where`` is ``"<year>"`` or ``"<year>.<field>..."``."""
    year, _, rest = where.partition(".")
    return BridgeLawsError(f"{entry_file(year)}: {rest or 'top level'}: {message}")


def registry_data() -> dict[str, Any]:
    """The registry as the editions' folders give it: ``{"editions": [entry, ...]}``, each entry an
    ``edition.yaml`` with its ``year`` (the folder's name), in the folders' order."""
    entries = []
    for year in datafiles.edition_folders():
        entry = datafiles.load(entry_file(year))
        if not isinstance(entry, dict):
            raise _problem(year, "expected a mapping (name, basis, bibliography, ...)")
        if "year" in entry and str(entry["year"]) != year:
            raise _problem(f"{year}.year", f"{entry['year']!r}: the folder's name is the edition's year")
        entries.append({"year": year, **entry})
    if not entries:
        raise BridgeLawsError(f"{REGISTRY}/: no edition (expected a folder <year>/ with an edition.yaml, "
                              f"looked in {datafiles.data_dir()})")
    return {"editions": entries}


def remap(value: Any, base: str, year: str) -> Any:
    """``value`` with every article id of ``base`` (``"2017:22.B"``, also inside a text) read as
    the same id of ``year`` (``"2025:22.B"``): what a derived edition inherits (see
    data/editions/README.md, ``derives``)."""
    if isinstance(value, str):
        return re.sub(rf"(?<![\w.:]){re.escape(base)}:(?=\w)", f"{year}:", value)
    if isinstance(value, list):
        return [remap(item, base, year) for item in value]
    if isinstance(value, dict):
        return {key: remap(item, base, year) for key, item in value.items()}
    return value


def inherit_by_year(data: dict[str, Any], check: Any = None) -> dict[str, Any]:
    """``data`` keyed by edition, with every derived edition that has no entry given its base's
    (through a chain of bases), the base's ids read as its own (:func:`remap`). ``check(year,
    base, entry)`` may refuse an inherited entry (a quote that no longer stands) with an error."""
    result = dict(data)
    for edition in _all_editions():
        chain: list[tuple[str, str]] = []
        year = edition.year
        while year not in result:
            base = _registry()[year].record.derives
            if base is None or any(base == derived for derived, _ in chain):
                break
            chain.append((year, base))
            year = base
        if year in result:
            for derived, base in reversed(chain):
                entry = remap(result[base], base, derived)
                if check is not None:
                    check(derived, base, entry)
                result[derived] = entry
    return result


def _derived(entries: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every entry with its ``derives`` resolved: a derived edition's basis (and class and highest
    level, unless it gives its own) is its base's, the base's article ids read as its own; a
    mechanic it names in its own ``basis`` replaces the base's."""
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(year: str, seen: tuple[str, ...]) -> dict[str, Any]:
        if year in resolved:
            return resolved[year]
        entry = entries[year]
        base = entry.get("derives")
        if base is None:
            resolved[year] = entry
            return entry
        base = str(base)
        if base not in entries or base == year:
            raise _problem(f"{year}.derives", f"{base!r} is not another registered edition")
        if base in seen:
            raise _problem(f"{year}.derives", f"derives from itself through {' -> '.join((*seen, base))}")
        base_entry = resolve(base, (*seen, base))
        own_basis = entry.get("basis") or {}
        if not isinstance(own_basis, dict):
            raise _problem(f"{year}.basis", "expected a mapping of mechanics")
        merged = {key: value for key, value in base_entry.items() if key in ("class", "max_level")}
        merged.update(entry)
        merged["derives"] = base
        merged["basis"] = {**remap(base_entry["basis"], base, year), **own_basis}
        resolved[year] = merged
        return merged

    for year in entries:
        resolve(year, (year,))
    return resolved


def _parse_registry(raw: object) -> tuple[EditionRecord, ...]:
    """Check the registry (:func:`registry_data`) and resolve every derivation and inheritance from
    the donor's own basis."""
    if not isinstance(raw, dict) or not isinstance(raw.get("editions"), list) or not raw["editions"]:
        raise BridgeLawsError(f"{REGISTRY}/: expected at least one edition")
    entries: dict[str, dict[str, Any]] = {}
    for number, entry in enumerate(raw["editions"]):
        if not isinstance(entry, dict):
            raise BridgeLawsError(f"{REGISTRY}/: entry {number}: expected a mapping")
        year = entry.get("year")
        if not isinstance(year, str) or not year.strip():
            raise BridgeLawsError(f"{REGISTRY}/: entry {number}: expected the edition's id as a string, e.g. \"1936\"")
        unknown = set(entry) - _ENTRY_KEYS
        if unknown:
            raise _problem(year, f"unknown field {sorted(unknown)[0]!r}: one of "
                                 f"{', '.join(sorted(_ENTRY_KEYS - {'year'}))}")
        if year in entries:
            raise _problem(f"{year}.year", f"edition {year} is listed twice")
        entries[year] = entry
    entries = _derived(entries)
    for year, entry in entries.items():
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
    records = []
    for year, entry in entries.items():
        records.append(EditionRecord(
            year=year, name=entry["name"], basis={m: _resolve(year, m, entries) for m in MECHANICS},
            max_level=entry.get("max_level", 7), class_path=entry.get("class"),
            closing=_closing_rule(year, entries), derives=entry.get("derives"), name_nl=entry.get("name_nl")))
    return tuple(records)


def _closing_rule(year: str, entries: dict[str, dict[str, Any]]) -> str:
    """The name of the edition's reading of its closing sentence: its own ``closing``, or, for an
    inherited end-of-auction, the donor's."""
    where = f"{year}.basis.end-of-auction"
    _, spec = _own(year, "end-of-auction", entries[year]["basis"]["end-of-auction"])
    name = spec.get("closing")
    if name is None and "inherit" in spec:
        donor = spec["inherit"]
        _, donor_spec = _own(donor, "end-of-auction", entries[donor]["basis"]["end-of-auction"])
        name = donor_spec.get("closing")
    if name is None:
        raise _problem(f"{where}.closing", f"names no reading of the closing sentence: one of "
                                           f"{', '.join(CLOSING_RULES)}")
    if name not in CLOSING_RULES:
        raise _problem(f"{where}.closing", f"{name!r} is not a reading the engine codes: one of "
                                           f"{', '.join(CLOSING_RULES)}")
    return str(name)


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
    donor = spec.get("inherit")
    if donor is None:
        for key in ("only", "why", "inherited_for"):
            if key in spec:
                raise _problem(f"{where}.{key}", "only an inherited rule has this field")
        if not articles:
            raise _problem(where, "names no article and inherits from no edition")
        return Basis(articles=articles)
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
            for record in _parse_registry(registry_data())}


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
    """The edition for ``"1936"`` (also ``1936``, ``"36"``, ``"laws1936"``); a clear error otherwise.
    A path to a ``.yaml`` file is a draft (:func:`bridgelaws.judging.drafts.load_draft`)."""
    if isinstance(name, Edition):
        return name
    if isinstance(name, str) and name.strip().lower().endswith((".yaml", ".yml")):
        from ..judging.drafts import load_draft

        return load_draft(name)
    registry = _registry()
    text = str(name).strip().lower().removeprefix("laws").removeprefix("edition").strip(" :-_")
    if len(text) == 2 and text.isdigit():
        text = ("19" if text >= "30" else "20") + text
    edition = registry.get(text)
    if edition is None and isinstance(name, str):
        from ..judging.drafts import loaded_draft

        edition = loaded_draft(name.strip())  # a draft already loaded from its file, by its id
    if edition is None:
        raise BridgeLawsError(
            f"unknown edition {str(name)!r}: choose one of {', '.join(registry)}")
    return edition


def find_editions(names: str | Iterable[str | int | Edition] | None) -> tuple[Edition, ...]:
    """Several editions from ``"1936,1949"``, a list, or None / ``"all"`` for all of them."""
    editions = _all_editions()
    if names is None or (isinstance(names, str) and names.strip().lower() in ("", "all")):
        return editions
    if isinstance(names, str):
        names = [part for part in names.replace(",", " ").split() if part]
    elif isinstance(names, (int, Edition)):
        names = [names]  # one edition, not a list of them
    elif not isinstance(names, Iterable):
        raise BridgeLawsError(f"cannot choose editions from {names!r}: give a year, a comma list or a list")
    chosen = [find_edition(n) for n in names]
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
