"""What :func:`bridgelaws.judging.judging.judge` returns (:class:`Judgement`, :class:`NoLegalCall`), and the
small pieces every handler of an event shares (the record of an event, the label of an effect line).

``bridgelaws.judging.judging`` exports every name of this module too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..auction.auction import Auction, Bar
from ..auction.calls import Call, Seat
from ..auction.editions import Edition
from ..text.errors import BridgeLawsError
from ..auction.notation import Event
from .records import EventRecord
from .rulings import Ruling
from ..text.vocabulary import Layer, Outcome, Scope


@dataclass(frozen=True)
class NoLegalCall:
    """The auction is open but the player to act has no legal call: he must make his insufficient
    bid sufficient (``requirement``, under ``articles``) and no bid up to seven is sufficient over
    ``over`` (1936: ``7NT`` then an insufficient bid). The text does not say what happens next; the
    engine does not fill that gap, it says so. ``above_seven``: the articles of the edition's ruling on
    a bid of more than seven (1936:22.6.c names a bid made "om een bod voldoende te maken")."""

    seat: Seat
    requirement: str
    articles: tuple[str, ...]
    over: str
    above_seven: tuple[str, ...] = ()

    def text(self) -> str:
        above = (f"; a bid of more than seven falls under {', '.join(self.above_seven)}"
                 if self.above_seven else "")
        return (f"no legal call: {self.seat.full_name} must make his bid sufficient ({', '.join(self.articles)}) "
                f"and no bid up to seven is sufficient over {self.over}{above}; the text does not say what "
                f"happens then (a gap in the text, which the engine does not fill)")

    def to_dict(self) -> dict[str, Any]:
        return {"seat": str(self.seat), "requirement": self.requirement, "articles": list(self.articles),
                "over": self.over, "above_seven": list(self.above_seven), "text": self.text()}


@dataclass(frozen=True)
class Duty:
    """What the law obliges a player to do at his next turn, kept until he has called at his turn:
    ``kind`` ``replace`` (replace his call; ``requirement`` what the replacement must be,
    ``sufficient-bid`` or ``no-double``, or None: any legal call), ``repeat`` (repeat ``call``), or
    ``no-double`` (he may not double or redouble at that turn)."""

    seat: Seat
    kind: str
    requirement: str | None
    articles: tuple[str, ...]
    case: str
    call: Call | None = None

    def allows(self, call: Call) -> bool:
        """Whether ``call`` at the player's turn meets the duty."""
        if self.requirement == "sufficient-bid":
            return call.is_bid
        if self.requirement == "no-double":
            return not (call.is_double or call.is_redouble)
        if self.requirement == "repeat":
            return call == self.call
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"seat": str(self.seat), "kind": self.kind, "requirement": self.requirement,
                "articles": list(self.articles), "case": self.case,
                "call": str(self.call) if self.call is not None else None}


@dataclass
class Judgement:
    edition: Edition
    dealer: Seat
    auction: Auction
    events: list[EventRecord] = field(default_factory=list)
    #: ``judge(..., partial=True)`` only: why the edition could not go on, and the position of the
    #: first token it could not play (the judgement covers the tokens before it).
    error: str | None = None
    stopped_at: int | None = None
    #: Set when a ruling ended the auction before it closed (a new deal, e.g. 1932:10.1):
    #: the outcome named by the ruling's data, and the articles it rests on.
    ended: tuple[str, tuple[str, ...]] | None = None
    #: Which texts the rulings come from: the corpus alone, or also the supplement.
    layer: Layer = Layer.CORPUS
    #: Set when the auction is open and the player to act has no legal call (see NoLegalCall).
    no_legal_call: NoLegalCall | None = None

    @property
    def state(self) -> dict[str, Any]:
        auction = self.auction
        if self.ended is not None:
            return {"next_to_call": None, "outcome": Outcome(self.ended[0]), "contract": None,
                    "declarer": None, "barred": [], "legal_calls": [], "articles": list(self.ended[1])}
        contract = auction.contract
        next_seat = auction.next_to_call
        return {
            "next_to_call": str(next_seat) if next_seat is not None else None,
            "outcome": Outcome(auction.outcome),
            "contract": str(contract) if contract else None,
            "declarer": str(contract.declarer) if contract else None,
            "barred": [] if auction.is_over else strongest_bars(auction.bars),
            "legal_calls": [str(call) for call in self.legal_calls()],
            "articles": list(auction.outcome_basis.all_articles) if auction.outcome_basis else [],
            "no_legal_call": self.no_legal_call.to_dict() if self.no_legal_call else None,
            # Only while a player owes one (the key is absent otherwise).
            **({"duties": [duty.to_dict() for duty in self.duties]} if self.duties and not auction.is_over else {}),
        }

    @property
    def duties(self) -> tuple[Duty, ...]:
        """What players owe at their next turn (replace a call, repeat a call, no double), each until
        met: kept with the auction's state, so that calls taken back take back what they imposed."""
        return self.auction.state.duties

    @duties.setter
    def duties(self, duties: Iterable[Duty]) -> None:
        self.auction.set_duties(duties)

    def owed_now(self) -> tuple[Duty, ...]:
        """The duties of the player to act (none once the auction is over or ended)."""
        if not self.duties or self.ended is not None or self.auction.is_over:
            return ()
        seat = self.auction.state.next_seat
        return tuple(duty for duty in self.duties if duty.seat == seat)

    @property
    def pending_requirement(self) -> str | None:
        """What the player to act owes, when he owes something now: ``sufficient-bid`` while an
        offender must replace his bid by a sufficient one (1936:22.3), ``no-double`` (2007/2017:27.B.3,
        2007:30.B.2.b), ``repeat`` (a call he must repeat); None otherwise."""
        owed = sorted(d.requirement for d in self.owed_now() if d.requirement is not None)
        return "+".join(owed) if owed else None

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the player to act may make now; while he owes duties, only the calls that meet them."""
        if self.ended is not None:
            return ()
        calls = self.auction.legal_calls()
        for duty in self.owed_now():
            calls = tuple(call for call in calls if duty.allows(call))
        return calls

    def has_legal_call(self) -> bool:
        """Whether the player to act may make any call now: ``bool(legal_calls())``, stopping at the
        first such call."""
        if self.ended is not None:
            return False
        owed = self.owed_now()
        return any(all(duty.allows(call) for duty in owed) for call in self.auction.legal_calls())

    @property
    def rulings(self) -> list[tuple[EventRecord, Ruling]]:
        """(event, ruling) for every event that got a ruling, in order."""
        return [(e, e.ruling) for e in self.events if e.ruling is not None]

    def as_dict(self) -> dict[str, Any]:
        return {"edition": self.edition.year, "dealer": str(self.dealer),
                "events": [event.to_dict() for event in self.events], "state": self.state}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)


def strongest_bars(bars: Iterable[Bar]) -> list[dict[str, str]]:
    """One entry per barred seat, in the order they were barred; rest-of-auction beats next-turn."""
    scopes: dict[str, str] = {}
    for bar in bars:
        seat = str(bar.seat)
        if scopes.get(seat) != Scope.REST_OF_AUCTION:
            scopes[seat] = bar.scope
    return [{"seat": seat, "scope": scope} for seat, scope in scopes.items()]


def _joined(first: str | None, then: str) -> str:
    """An entry's own assumption, then the engine's words on the choice (neither hides the other)."""
    return f"{first} {then}" if first else then


def _label(ruling: Ruling) -> str:
    """What an effect line adds after the effect: nothing for the corpus's own rule, "(outside the
    corpus)" for a sourced supplementary ruling, "(assumption)" where the engine's reading decides."""
    if ruling.is_law:
        return ""
    if ruling.layer is Layer.SUPPLEMENT and not ruling.assumption:
        return " (outside the corpus)"
    return " (assumption)"


def _call_of(event: Event) -> Call:
    """The call of a call event (a call token always names one)."""
    if event.call is None:
        raise BridgeLawsError(f"token {event.token!r} at position {event.index} is not a call")
    return event.call


def _base(event: Event, seat: Seat | None) -> dict[str, Any]:
    return {"index": event.index, "seat": seat, "token": event.token, "kind": event.kind,
            "case": None, "ruling": None}


def _over(event: Event, auction: Auction) -> BridgeLawsError:
    return BridgeLawsError(
        f"token {event.token!r} at position {event.index}: the auction is already over "
        f"({auction.outcome}{' ' + str(auction.contract) if auction.contract else ''})")

