"""What a ruling does, as one typed value: :class:`RulingEffect`, computed by :func:`ruling_effect`.

A :class:`~bridgelaws.judging.rulings.Ruling` carries the fields of its entry (``barred``, ``options``,
``call_stands``, ``deemed``, ``next``, ``requires``, ``acceptance``, ``outcome``, ``play``,
``score``: data/rulings/README.md). What they come to is worked out here once, and every place that
needs it reads the value: the engine (:mod:`bridgelaws.judging.judging`, :mod:`bridgelaws.judging.effects`: which
effect it applies, which options are an opponent's rights, who may accept by calling over it), the
presenter (:mod:`bridgelaws.presentation.present`: the matrix cell, who must pass), the ledger's profile
(:mod:`bridgelaws.presentation.profile`), the strictness measure (:func:`bridgelaws.presentation.views.turns_barred`) and the
quiz's keys (:mod:`bridgelaws.presentation.exercise_set`).

The value is computed from the ruling as it stands: the judge fills in the option taken
(``Ruling.chosen``) as it plays the scenario, so an effect computed after that knows the choice.
Nothing here decides law: every field is read from the ruling's data, and the one number that is a
project's choice (:data:`REST_OF_AUCTION_TURNS`) is labelled as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..auction.calls import Seat
from ..text.vocabulary import Layer, Outcome, Scope, Status, _Word

if TYPE_CHECKING:
    from .rulings import Ruling

__all__ = ["REST_OF_AUCTION_TURNS", "BarEffect", "CallFate", "OptionEffect", "RulingEffect", "Side",
           "ruling_effect"]

#: Turns a player loses to a bar "for the rest of the auction" in the strictness measure
#: (:attr:`RulingEffect.turns_barred`). The texts give no number; three is the weight this project
#: chose (a bar for the rest of a competitive auction typically costs a player two to four turns). A
#: bar "at his next turn" counts one turn.
REST_OF_AUCTION_TURNS = 3


class CallFate(_Word):
    """What becomes of the irregular call: the ruling's ``deemed`` first, then ``call_stands``."""

    STANDS = "stands"
    CANCELLED = "cancelled"  # cancelled, or to be replaced (``call_stands: false``)
    DEEMED_PASS = "deemed-pass"  # ``deemed: P``
    DEEMED_SAME = "deemed-same"  # ``deemed: same``: the double or redouble of the bid actually made
    NOT_SAID = "not-said"  # the ruling does not say (``call_stands`` null, or the text does not rule)


class Side(_Word):
    """Whose option an option is, seen from the offender."""

    OFFENDER = "offender"  # the offender himself (role ``offender``; ``side`` resolves to him)
    PARTNER = "partner"  # the offender's partner
    OPPONENT = "opponent"  # an opponent of the offender (``lho``, ``first-bidder``)


#: The side of each role of the rulings (data/rulings/README.md), for a ruling with roles, not seats.
_ROLE_SIDES = {"offender": Side.OFFENDER, "side": Side.OFFENDER, "partner": Side.PARTNER,
               "lho": Side.OPPONENT, "first-bidder": Side.OPPONENT}


@dataclass(frozen=True)
class BarEffect:
    """One player (or role) who must pass, for how long, under which article."""

    who: str  # a seat's letter (``E``) or, in a ruling with roles, a role (``partner``, ``side``)
    scope: Scope
    article: str | None

    @property
    def turns(self) -> int:
        """Turns lost, in the strictness measure: one per player at his next turn,
        :data:`REST_OF_AUCTION_TURNS` for the rest of the auction; ``side`` counts both players."""
        players = 2 if self.who == "side" else 1
        return players * (1 if self.scope == Scope.NEXT_TURN else REST_OF_AUCTION_TURNS)


@dataclass(frozen=True)
class OptionEffect:
    """A choice the text gives: who makes it, from which side, and what it does."""

    by: str  # a seat's letter, or a role
    side: Side | None  # None: a seat in a ruling that does not know its offender
    choice: str  # the effect's id (bridgelaws.judging.effects.EFFECTS or CORRECTIONS)
    text: str | None
    article: str | None
    default: bool
    assumption: str | None
    bars: tuple[BarEffect, ...]  # the bars that taking it imposes (under the option's article)

    @property
    def turns(self) -> int:
        return sum(bar.turns for bar in self.bars)


@dataclass(frozen=True)
class RulingEffect:
    """What a ruling does: who is barred and for how long, the offender's options, the opponents'
    options and acceptance, the fate of the call, who calls next, the consequences for play and
    score. Computed by :func:`ruling_effect`."""

    rules: bool  # the ruling's rectification applies (the corpus rules, or a supplementary ruling)
    bars: tuple[BarEffect, ...]  # the ruling's own bars
    options: tuple[OptionEffect, ...]
    chosen: OptionEffect | None  # the option taken, once known
    call_stands: bool | None
    deemed: str | None  # ``P`` or ``same``
    fate: CallFate
    next: str | None  # offender / proper / rotation / skipped
    requires: str | None  # what the offender's replacement must be
    lho_repeats: str | None  # the article obliging the left-hand opponent to repeat his call
    partner_no_double: str | None  # the article forbidding the partner a double at his next turn
    repeat_if_rho_passes: str | None  # 31A1: the article obliging the offender to repeat his call
    next_call_bars: tuple[Any, ...]  # 31A2: what the offender's next call brings (schema.NextCallBar)
    acceptance: str | None  # the record that lets a call over the irregular call accept it
    accepted_by: str | None  # who may accept it by calling over it: ``either-opponent`` or ``lho``
    outcome: Outcome | None  # a new deal, a board passed out
    play: tuple[str, ...]
    score: tuple[str, ...]

    @property
    def offender_options(self) -> tuple[OptionEffect, ...]:
        """The options of the offender's side (his own choices, and any of his partner's)."""
        return tuple(o for o in self.options if o.side is not Side.OPPONENT)

    @property
    def opponent_options(self) -> tuple[OptionEffect, ...]:
        """The options of the offender's opponents (their rights: keep, cancel...)."""
        return tuple(o for o in self.options if o.side is Side.OPPONENT)

    @property
    def rights(self) -> tuple[OptionEffect, ...]:
        """The options not the offender's own: rights another player exercises or not (the
        offender's own options are chosen by his replacing call)."""
        return tuple(o for o in self.options if o.side is not Side.OFFENDER)

    def option(self, choice: str) -> OptionEffect | None:
        """The option whose choice is ``choice``, or None."""
        return next((o for o in self.options if o.choice == choice), None)

    @property
    def bars_in_force(self) -> tuple[BarEffect, ...]:
        """The ruling's bars and the bars of the option taken."""
        return self.bars + (self.chosen.bars if self.chosen is not None else ())

    @property
    def must_pass(self) -> str:
        """Who must pass under the ruling, a key of :data:`bridgelaws.presentation.present.MUST_PASS_LABELS`:
        ``not-said`` where the text does not rule, ``choice`` where it depends on an option not yet
        taken, else ``nobody``, ``next-turn`` or ``rest-of-auction`` (the longest bar in force)."""
        if not self.rules:
            return "not-said"
        if self.chosen is None and any(o.bars for o in self.options):
            return "choice"
        bars = self.bars_in_force
        if not bars:
            return "nobody"
        return "rest-of-auction" if any(b.scope == Scope.REST_OF_AUCTION for b in bars) else "next-turn"

    @property
    def turns_barred(self) -> int | None:
        """The strictness in turns barred (None where the text does not rule): the ruling's bars
        (:attr:`BarEffect.turns`), plus the mildest choice of the offender's side and the harshest
        of the opponents'. A ruling with no bar counts 0 (the call may still be cancelled)."""
        if not self.rules:
            return None
        mine = [o.turns for o in self.options if o.side in (Side.OFFENDER, Side.PARTNER)]
        theirs = [o.turns for o in self.options if o.side not in (Side.OFFENDER, Side.PARTNER)]
        return sum(b.turns for b in self.bars) + (min(mine) if mine else 0) + (max(theirs) if theirs else 0)

    @property
    def applied(self) -> str:
        """The id of the effect the engine applies (:data:`bridgelaws.judging.effects.EFFECTS`): an offender
        who must replace his call does so whatever was chosen; otherwise the option taken decides;
        otherwise the fate of the call (a call whose fate is not said stands)."""
        if self.next == "offender":
            return "replace"
        if self.chosen is not None:
            return self.chosen.choice
        return _APPLIED[self.fate]


_APPLIED = {CallFate.DEEMED_PASS: "deemed-pass", CallFate.DEEMED_SAME: "deemed-same",
            CallFate.CANCELLED: "void", CallFate.STANDS: "stands", CallFate.NOT_SAID: "stands"}


def _fate(call_stands: bool | None, deemed: str | None) -> CallFate:
    if deemed == "P":
        return CallFate.DEEMED_PASS
    if deemed == "same":
        return CallFate.DEEMED_SAME
    if call_stands is True:
        return CallFate.STANDS
    if call_stands is False:
        return CallFate.CANCELLED
    return CallFate.NOT_SAID


def _side(by: str, offender: str | None) -> Side | None:
    """The side of the player (a seat, or a role) who makes a choice."""
    if by in _ROLE_SIDES:
        return _ROLE_SIDES[by]
    if offender is None or offender not in Seat.__members__ or by not in Seat.__members__:
        return None
    seat = Seat[offender]
    if by == offender:
        return Side.OFFENDER
    return Side.PARTNER if by == str(seat.partner) else Side.OPPONENT


def _bar(bar: dict[str, Any], article: str | None) -> BarEffect:
    return BarEffect(str(bar["seat"]), Scope(bar["scope"]), article)


def _option(option: dict[str, Any], offender: str | None) -> OptionEffect:
    article = option.get("article")
    return OptionEffect(
        by=str(option["by"]), side=_side(str(option["by"]), offender), choice=str(option["choice"]),
        text=option.get("text"), article=article, default=bool(option.get("default")),
        assumption=option.get("assumption"),
        bars=tuple(_bar(bar, article) for bar in option.get("barred") or ()))


def ruling_effect(ruling: Ruling) -> RulingEffect:
    """What ``ruling`` does (see :class:`RulingEffect`), read from its fields as they stand now.
    The sides of the options are read from the roles (a generic ruling) or, for a ruling resolved
    for an event, from the seat of the offender it was resolved for (``Ruling.offender``)."""
    options = tuple(_option(option, ruling.offender) for option in ruling.options)
    chosen = next((o for o in options if o.choice == ruling.chosen), None) if ruling.chosen else None
    accepted_by = None
    if ruling.acceptance:
        # The engine's reading (judging._calls_over): under the corpus (1936:22.2) a call by either
        # opponent of the offender; under the supplement's later codes, the left-hand opponent's alone.
        accepted_by = "lho" if ruling.layer is Layer.SUPPLEMENT else "either-opponent"
    return RulingEffect(
        rules=ruling.status in (Status.RULED, Status.SUPPLEMENT),
        bars=tuple(_bar(bar, bar.get("article")) for bar in ruling.barred),
        options=options, chosen=chosen, call_stands=ruling.call_stands, deemed=ruling.deemed,
        fate=_fate(ruling.call_stands, ruling.deemed), next=ruling.next, requires=ruling.requires,
        lho_repeats=ruling.lho_repeats, partner_no_double=ruling.partner_no_double,
        repeat_if_rho_passes=ruling.repeat_if_rho_passes, next_call_bars=ruling.next_call_bars,
        acceptance=ruling.acceptance, accepted_by=accepted_by,
        outcome=None if ruling.outcome is None else Outcome(ruling.outcome),
        play=tuple(ruling.play), score=tuple(ruling.score))
