"""What the engine does for a mechanic of a regular auction, as the ledger compares it.

A mechanic's effect is read from what the edition's rules *do*, never from the code that carries
them: each mechanic has one or more *dimensions*, each a fixed set of probes (an auction, a row of
passes, a pair of bids) put to the edition's hooks (:class:`bridgelaws.auction.editions.Edition`:
``check``, ``after``, ``auction_ends``, ``closing``, ``declarer``...) or to an
:class:`bridgelaws.auction.auction.Auction` under it; two editions are the same on a dimension when
every probe gets the same answer. The probes are the same for every edition (a draft too), so a draft
that changes nothing of a mechanic is "the same" on each of its dimensions, whatever object carries
its rules.

The closing rule (when passes end the auction, also after a pass out of turn) is a dimension of
``end-of-auction``, with no call made too: which passes out of turn close an auction in which no one
has bid is a reading of each edition's closing sentence. ``all-pass`` is what four passes in rotation
do: when they end an auction with no call, and what follows (``next-deal`` or ``passed-out``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import product
from typing import TYPE_CHECKING, Any

from ..auction.calls import Seat, bid, parse_call

if TYPE_CHECKING:
    from ..auction.editions import Edition

__all__ = ["MechanicDimension", "dimensions", "compare_dimensions"]

#: A probe: its label (for the reason) and the question put to an edition.
_Probe = tuple[str, Callable[["Edition"], Any]]

_CALLS = ("P", "X", "XX", "1C", "1S", "1NT", "2C", "7NT", "8C")


def _positions() -> Iterator[Any]:
    from ..auction.editions import Position

    for rank, doubled, bidder, doubler, passes in product((0, 1, 4, 35), (0, 1, 2), (None, True, False),
                                                           (None, True, False), (0, 1, 2)):
        if rank == 0 and (doubled or bidder is not None or doubler is not None):
            continue
        if doubled == 0 and doubler is not None or doubled and doubler is None:
            continue
        yield Position(rank, doubled, bidder, doubler, passes, rank > 0, False)


def _position_words(p: Any) -> str:
    from ..auction.calls import call_from_index

    if p.rank == 0:
        return "before any bid"
    last = str(call_from_index(p.rank + 2))
    state = {0: "", 1: " doubled", 2: " redoubled"}[p.doubled]
    by = "an opponent" if p.bidder_opp else "partner"
    return f"after {last}{state} by {by}, {p.passes} pass(es) since"


def _refusals(mechanic: str, calls: tuple[str, ...] = _CALLS) -> list[_Probe]:
    """Per position and call: whether ``check`` refuses the call on the ground of ``mechanic``."""
    found: list[_Probe] = []
    for position in _positions():
        for token in calls:
            call = parse_call(token)

            def ask(edition: Edition, position: Any = position, call: Any = call) -> bool:
                refusal = edition.check(position, call)
                return refusal is not None and refusal.mechanic == mechanic
            found.append((f"{token} {_position_words(position)}", ask))
    return found


def _passes(last_caller: Seat | None, length: int) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every row of ``length`` passes after a call by ``last_caller`` (None: the dealer, North, to
    call first, no call made): each pass by any player, at the turn of the player after the last one
    to call; a pass out of turn accepted or not."""
    from ..auction.closing import PassMade

    first = Seat.N if last_caller is None else Seat((last_caller + 1) % 4)
    for seats in product(Seat, repeat=length):
        for accepted in (False, True):
            turn, made = first, []
            for seat in seats:
                made.append(PassMade(seat, turn, accepted and seat != turn))
                turn = Seat((seat + 1) % 4)
            if accepted and all(p.in_turn for p in made):
                continue
            words = ", ".join(p.seat.name if p.in_turn else f"{p.seat.name} at {p.turn_of.name}'s turn"
                              + (" (accepted)" if p.accepted else "") for p in made)
            yield words, tuple(made)


def _closing(with_call: bool) -> list[_Probe]:
    found: list[_Probe] = []
    callers: tuple[Seat | None, ...] = (Seat.N,) if with_call else (None,)
    for last_caller, doubled, length in product(callers, (False, True) if with_call else (False,), range(1, 5)):
        for words, made in _passes(last_caller, length):
            if not with_call and all(p.in_turn for p in made):
                continue  # four passes in rotation with no call: the all-pass mechanic

            def ask(edition: Edition, last_caller: Seat | None = last_caller, made: Any = made,
                    doubled: bool = doubled) -> tuple[bool, str | None]:
                closing = edition.closing(last_caller, made, doubled=doubled)
                return closing.over, None if closing.lost_turn is None else closing.lost_turn.name
            opening = f"after a call by N{' (doubled)' if doubled else ''}" if with_call else "no call made"
            found.append((f"{opening}; passes by {words}", ask))
    return found


def _in_rotation_no_call() -> list[_Probe]:
    from ..auction.closing import PassMade

    found = _counts(False, "no call (the count)")
    for n in range(1, 6):
        made = tuple(PassMade(Seat(i % 4), Seat(i % 4)) for i in range(n))
        found.append((f"{n} passes in rotation from the dealer, no call", partial(_closes, made=made)))
    return found


def _closes(edition: Edition, made: tuple[Any, ...]) -> bool:
    return edition.closing(None, made).over


def _ends(edition: Edition, any_call: bool, passes: int) -> bool:
    return edition.auction_ends(any_call, passes)


def _counts(any_call: bool, words: str) -> list[_Probe]:
    """``auction_ends`` after 0 to 5 passes in rotation, after a call or with none."""
    return [(f"{n} passes in rotation, {words}", partial(_ends, any_call=any_call, passes=n)) for n in range(0, 6)]


def _auction(tokens: str, what: str) -> _Probe:
    from ..auction.auction import Auction

    def ask(edition: Edition) -> str:
        auction = Auction(edition, "N")
        for token in tokens.split():
            if auction.irregularity(token) is not None:
                return f"{token} refused"
            auction.call(token)
        value = {"contract": auction.contract, "declarer": auction.declarer, "outcome": auction.outcome}[what]
        return str(value)
    return f"{tokens} (N deals)", ask


_REGULAR = ("1C P P P", "1C X P P P", "1C X XX P P P", "1C 1S 2C P P P", "1C P 1C P P P", "P 1S P 2S P P P",
            "1C X 1S P P P", "1NT P P X P P XX P P P", "P P P 1H P 2H P 4H P P P", "1C P P 1S P P 2C P P P")


def _rotation() -> list[_Probe]:
    from ..auction.auction import Auction

    found: list[_Probe] = []
    for dealer in Seat:
        def first(edition: Edition, dealer: Seat = dealer) -> str | None:
            seat = Auction(edition, dealer).next_to_call
            return None if seat is None else seat.name
        found.append((f"{dealer.name} deals: the first to call", first))
    return found


def _after_calls() -> list[_Probe]:
    from ..auction.auction import Auction

    def turns(tokens: str) -> Callable[[Edition], tuple[str | None, ...]]:
        def ask(edition: Edition) -> tuple[str | None, ...]:
            auction, seen = Auction(edition, "N"), []
            for token in tokens.split():
                auction.call(token)
                seen.append(None if auction.next_to_call is None else auction.next_to_call.name)
            return tuple(seen)
        return ask
    return [(f"{tokens}: who calls after each call", turns(tokens)) for tokens in ("P 1C X XX 1S", "1C P 1S P")]


def _double_cancelled() -> list[_Probe]:
    from ..auction.editions import Position

    found: list[_Probe] = []
    for doubled, token in product((1, 2), ("1S", "2C", "P")):
        position = Position(4, doubled, doubled == 1, True, 0, True, False)
        found.append((f"{token} after 1S {'doubled' if doubled == 1 else 'redoubled'}",
                      partial(_doubled_after, position=position, call=parse_call(token))))
    return found


def _doubled_after(edition: Edition, position: Any, call: Any) -> int:
    return edition.after(position, call).doubled


def _sufficient(edition: Edition, rank: int, last: int) -> bool:
    return edition.is_sufficient(rank, last)


def _same_level() -> list[_Probe]:
    return [(f"{bid(1, b)} over {bid(1, a)}", partial(_sufficient, rank=bid(1, b).rank, last=bid(1, a).rank))
            for a, b in product(range(5), repeat=2)]


#: Per mechanic, its dimensions: (name, the probes' builder).
_DIMENSIONS: dict[str, tuple[tuple[str, Callable[[], list[_Probe]]], ...]] = {
    "first-call": (("who calls first", _rotation),),
    "rotation": (("who calls next", _after_calls),),
    "bid-range": (("the bids refused as out of range", lambda: _refusals("bid-range")),),
    "denominations": (("the order of the denominations", _same_level),),
    "sufficiency": (("the bids refused as insufficient", lambda: _refusals("sufficiency")),),
    "double": (("the doubles refused", lambda: _refusals("double", ("X",))),),
    "redouble": (("the redoubles refused", lambda: _refusals("redouble", ("XX",))),),
    "after-redouble": (("a double or redouble over a redoubled bid",
                        lambda: [p for p in _refusals("double", ("X",)) + _refusals("redouble", ("XX",))
                                 if " redoubled " in p[0]]),),
    "double-cancelled": (("a double after a later call", _double_cancelled),),
    "end-of-auction": (("passes in rotation that end the auction after a call",
                        lambda: _counts(True, "after a call")),
                       ("the closing rule after a call, a pass out of turn among the passes",
                        lambda: _closing(True)),
                       ("the closing rule with no call, a pass out of turn among the passes",
                        lambda: _closing(False))),
    "all-pass": (("four passes in rotation with no call end the auction", _in_rotation_no_call),
                 ("what follows four passes", lambda: [("all four pass", lambda e: e.all_pass_outcome)])),
    "contract": (("the contract of a regular auction", lambda: [_auction(t, "contract") for t in _REGULAR]),
                 ("the outcome of a regular auction", lambda: [_auction(t, "outcome") for t in _REGULAR])),
    "declarer": (("the declarer of a regular auction", lambda: [_auction(t, "declarer") for t in _REGULAR]),),
}

_CACHE: dict[str, tuple[tuple[str, list[_Probe]], ...]] = {}


def _probes(mechanic: str) -> tuple[tuple[str, list[_Probe]], ...]:
    if mechanic not in _CACHE:
        _CACHE[mechanic] = tuple((name, build()) for name, build in _DIMENSIONS[mechanic])
    return _CACHE[mechanic]


@dataclass(frozen=True)
class MechanicDimension:
    """One dimension of a mechanic compared between two editions: how many probes, and those whose
    answers differ (label, answer under the first, under the second)."""

    name: str
    probes: int
    differing: tuple[tuple[str, Any, Any], ...]

    @property
    def same(self) -> bool:
        return not self.differing

    def words(self, years: tuple[str, str]) -> str:
        if self.same:
            return f"{self.name}: the same on all {self.probes} probes"
        shown = "; ".join(f"{label}: {_answer(x)} under {years[0]}, {_answer(y)} under {years[1]}"
                          for label, x, y in self.differing[:2])
        return f"{self.name}: differs on {len(self.differing)} of {self.probes} probes (e.g. {shown})"

    def as_dict(self) -> dict[str, Any]:
        return {"dimension": self.name, "probes": self.probes, "differing": len(self.differing),
                "direction": "same" if self.same else "differs"}


def _answer(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], bool):
        over, lost = value
        return ("closed" if over else "open") + (f" (back to {lost}, who lost his turn)" if lost else "")
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def dimensions(mechanic: str) -> tuple[str, ...]:
    """The names of ``mechanic``'s dimensions."""
    return tuple(name for name, _ in _DIMENSIONS[mechanic])


def answers(edition: Edition, mechanic: str) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """Each dimension of ``mechanic`` with the edition's answers to its probes, in order."""
    return tuple((name, tuple(ask(edition) for _, ask in probes)) for name, probes in _probes(mechanic))


def compare_dimensions(mechanic: str, a: Edition, b: Edition) -> tuple[MechanicDimension, ...]:
    """Every dimension of ``mechanic`` between editions ``a`` and ``b``."""
    found = []
    for (name, probes), (_, got_a), (_, got_b) in zip(_probes(mechanic), answers(a, mechanic), answers(b, mechanic)):
        differing = tuple((label, x, y) for (label, _), x, y in zip(probes, got_a, got_b) if x != y)
        found.append(MechanicDimension(name, len(probes), differing))
    return tuple(found)
