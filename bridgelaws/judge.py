"""Play a scenario through one edition's engine and report every event and the final state.

This is what ``bridgelaws judge`` prints. Irregular events are detected and shown as such; the
rulings the texts give for them are not applied yet (``case`` and ``ruling`` stay null). So that the
auction can still be stepped through, an irregular call is given the engine's one documented default,
labelled as an assumption and never as law: **the call stands as made and the auction continues in
rotation after it.** A call marked ``^I`` or ``^S`` (PBN 2.1) was accepted at the table, so it stands
by that mark, not by assumption.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .auction import Auction
from .calls import Seat, parse_seat
from .editions import Edition, find_edition
from .errors import BridgeLawsError
from .notation import Event, parse_scenario

DEFAULT_ASSUMPTION = (
    "No ruling applied: the call stands as made and the auction continues in rotation after it "
    "(the engine's default, an assumption, not law).")
EXPOSURE_ASSUMPTION = (
    "No ruling applied: the exposed card has no effect on the auction here "
    "(the engine's default, an assumption, not law).")
_MARK_CASES = {"^I": ("insufficient-bid",),
               "^S": ("pass-out-of-rotation", "bid-out-of-rotation", "double-out-of-rotation")}


@dataclass
class Judgement:
    edition: Edition
    dealer: Seat
    auction: Auction
    events: list[dict] = field(default_factory=list)

    @property
    def state(self) -> dict:
        auction = self.auction
        contract = auction.contract
        next_seat = auction.next_to_call
        return {
            "next_to_call": str(next_seat) if next_seat is not None else None,
            "outcome": auction.outcome,
            "contract": str(contract) if contract else None,
            "declarer": str(contract.declarer) if contract else None,
            "barred": [],
            "legal_calls": [str(call) for call in auction.legal_calls()],
            "articles": list(auction.outcome_basis.all_articles) if auction.outcome_basis else [],
        }

    def as_dict(self) -> dict:
        return {"edition": self.edition.year, "dealer": str(self.dealer),
                "events": self.events, "state": self.state}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)

    def _repr_html_(self) -> str:
        return self.auction._repr_html_()


def judge(scenario: str | list[str], edition: str | Edition = "2017", dealer: str | Seat = "N") -> Judgement:
    """Run ``scenario`` (the notation of :mod:`bridgelaws.notation`) under ``edition``."""
    edition = find_edition(edition)
    dealer = parse_seat(dealer, " (dealer)")
    events = parse_scenario(scenario)
    auction = Auction(edition, dealer)
    result = Judgement(edition, dealer, auction)
    for position, event in enumerate(events):
        if event.kind == "mark":
            result.events.append(_mark_record(event, result.events))
            continue
        if auction.is_over:
            raise BridgeLawsError(
                f"token {event.token!r} at position {event.index}: the auction is already over "
                f"({auction.outcome}{' ' + str(auction.contract) if auction.contract else ''})")
        marks = []
        for later in events[position + 1:]:
            if later.kind != "mark":
                break
            marks.append(later.mark)
        if event.kind == "exposure":
            result.events.append(_exposure_record(event, auction))
        else:
            result.events.append(_call_record(event, auction, marks))
    return result


def _base(event: Event, seat: Seat | None) -> dict:
    return {"index": event.index, "seat": str(seat) if seat is not None else None,
            "token": event.token, "kind": event.kind, "case": None, "ruling": None}


def _call_record(event: Event, auction: Auction, marks: list[str]) -> dict:
    seat = event.seat if event.seat is not None else auction.next_to_call
    problem = auction.irregularity(event.call, seat)
    if problem is None and event.named is not None and event.named != auction.last_bid:
        verb = "double" if event.call.is_double else "redouble"
        problem = ("misnamed-double",
                   f"{event.call} named {event.named}, but the bid to {verb} is {auction.last_bid}")
    record = _base(event, seat)
    record["call"] = str(event.call)
    if problem is None:
        if marks:
            raise BridgeLawsError(
                f"mark {marks[0]!r} after {event.token!r} at position {event.index}: "
                f"that call is proper, there is no irregularity to accept")
        auction.call(event.call, seat, marks=tuple(marks))
        record.update(irregularity=None, reason=None, accepted_by=None, assumption=None)
        return record
    case, reason = problem
    for mark in marks:
        if case not in _MARK_CASES[mark]:
            raise BridgeLawsError(
                f"mark {mark!r} after {event.token!r} at position {event.index} does not fit: "
                f"the call is irregular as {case} ({reason})")
    auction.call(event.call, seat, accept=True, marks=tuple(marks))
    record.update(irregularity=case, reason=reason,
                  accepted_by=f"mark {' '.join(marks)}" if marks else "default",
                  assumption=None if marks else DEFAULT_ASSUMPTION)
    return record


def _exposure_record(event: Event, auction: Auction) -> dict:
    seat = event.seat if event.seat is not None else auction.next_to_call
    record = _base(event, seat)
    record.update(card=event.card, irregularity="exposed-card",
                  reason=f"{seat.full_name} exposed {event.card} during the auction",
                  accepted_by=None, assumption=EXPOSURE_ASSUMPTION)
    return record


def _mark_record(event: Event, records: list[dict]) -> dict:
    target = next(r for r in reversed(records) if r["kind"] == "call")
    record = _base(event, None)
    record.update(mark=event.mark, applies_to=target["index"])
    return record
