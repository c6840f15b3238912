"""Contract, declarer and outcome of many regular auctions at once, fast.

:class:`~bridgelaws.auction.auction.Auction` is built for one auction at a time: every call is checked with a
reason and an article, and every state is kept so that a call can be undone or a ruling applied.
Committee studies need something else: the contract of every auction of a tournament archive under
every edition. This module answers that question for *regular* auctions (calls in rotation, no
irregularity), with the same answer as ``Auction`` and at several million calls a second.

How: for each edition, a transition table is derived from the edition's own hooks
(:meth:`~bridgelaws.auction.editions.Edition.is_sufficient`, ``in_range``, ``may_double``, ``may_redouble``,
``auction_ends``) by walking every reachable abstract state of the auction once, as
:mod:`bridgelaws.auction.counting` does. The abstract state is what those hooks need, seen from the player
to act: the rank of the last bid, doubled or not, whether the last bidder and the last doubler are
his opponents, the passes since the last call that was not a pass, whether any such call was made,
and whether the auction is over. An auction is then one table look-up per call; an illegal call
leads to a dead state that no call leaves. The declarer (the player of the contracting side who first
named the denomination, 1936:19) is found afterwards, from the calls of that side.

Calls are given as call indices (``Call.index``: 0 pass, 1 double, 2 redouble, 3 = 1C ... 37 = 7NT;
38-47 are the bids of level 8 and 9, which parse but are never legal), as ``bytes`` of such indices
(the fastest form), as :class:`~bridgelaws.auction.calls.Call` objects or as call tokens (``"1S"``,
``"Pass"``). A sequence that is not a regular auction under the edition raises
:class:`~bridgelaws.text.errors.BridgeLawsError` with the very reason ``Auction`` gives, and the position.

>>> from bridgelaws import fast
>>> fast.contract("1S P 2S P P P".split(), "N", "1936")
Result(outcome='contract', contract=Contract(level=2, strain=3, doubled=0, declarer=<Seat.N: 0>), declarer=<Seat.N: 0>)
"""

from __future__ import annotations

import re
from typing import Any, Iterable, NamedTuple, Sequence, TypeAlias

from .auction import Auction, Contract
from .calls import EVERY_CALL, MAX_PARSED_LEVEL, Call, Seat, call_from_index, parse_call, parse_seat
from ..text import datafiles
from .editions import DEFAULT_EDITION, START, Edition, Position, find_edition
from ..text.errors import BridgeLawsError

__all__ = ["Result", "Table", "table", "contract", "contracts", "results", "encode"]

#: What the functions take for one auction: call indices, ``Call`` objects or tokens, ``bytes`` of
#: call indices, or one string of tokens.
Calls: TypeAlias = "Iterable[str | Call | int] | bytes | str"

#: Call indices that parse: pass, double, redouble and the bids 1C..9NT.
N_CALLS = len(EVERY_CALL)
#: Width of a table row: every byte value has a column, so a byte that is no call index lands in
#: the dead state instead of in the next row.
_WIDTH = 256


class Result(NamedTuple):
    """What an auction comes to: ``outcome`` as :attr:`Auction.outcome` (``open``, ``contract``,
    ``passed-out`` or ``next-deal``), the :class:`~bridgelaws.auction.auction.Contract` (None unless
    ``outcome`` is ``contract``) and its declarer."""

    outcome: str
    contract: Contract | None
    declarer: Seat | None


class _Walk:
    """The reachable positions and the transitions, derived from an edition's step."""

    def __init__(self, edition: Edition):
        self.edition = edition
        states: dict[Position, int] = {}
        order: list[Position] = []

        def ident(state: Position) -> int:
            if state not in states:
                states[state] = len(order)
                order.append(state)
            return states[state]

        dead = ident(_DEAD)  # no call leaves it
        start = ident(START)
        rows: list[list[int]] = []
        done = 0
        while done < len(order):  # breadth first over the reachable positions
            state = order[done]
            done += 1
            row = [dead] * _WIDTH
            if state is not _DEAD and not state.over:
                for index in range(N_CALLS):
                    after = edition.step(state, call_from_index(index))
                    if after is not None:
                        row[index] = ident(after)
            rows.append(row)
        # Row offsets are premultiplied by the width, so that one addition finds the next row.
        offsets = [i * _WIDTH for i in range(len(order))]
        self.transitions: list[int] = [offsets[target] for row in rows for target in row]
        self.dead = offsets[dead]
        self.start = offsets[start]
        self.states = {offsets[i]: state for i, state in enumerate(order) if i != dead}


#: The state no call leaves (a position no auction reaches: its rank is -1).
_DEAD = Position(-1, 0, None, None, 0, False, True)


class Table:
    """The transition table of one edition, derived from its hooks. Use :func:`table`.

    ``transitions[state + call_index]`` is the next state (states are multiples of 256);
    ``outcomes[state]`` is ``open``, ``contract`` or the edition's outcome of four passes, and
    ``final[state]`` the (rank, doubled) of the contract. Editions whose hooks are the same
    functions share one :class:`_Walk` (the five editions agree on every regular auction); the
    outcome of four passes is each edition's own.
    """

    def __init__(self, edition: Edition, walk: _Walk):
        self.edition = edition
        self.walk = walk
        self.transitions, self.start, self.dead = walk.transitions, walk.start, walk.dead
        self.size = len(walk.states) + 1
        self.neutral_declarer = type(edition).declarer is Edition.declarer
        all_pass = edition.all_pass_outcome
        self.outcomes: dict[int, str] = {}
        self.final: dict[int, tuple[int, int]] = {}
        for key, state in walk.states.items():
            if not state.over:
                self.outcomes[key] = "open"
            elif state.rank == 0:
                self.outcomes[key] = all_pass
            else:
                self.outcomes[key] = "contract"
                self.final[key] = (state.rank, state.doubled)


_WALKS: dict[tuple[object, ...], _Walk] = {}
_TABLES: dict[Edition, Table] = {}


def _walk_key(edition: Edition) -> tuple[object, ...]:
    cls = type(edition)
    if all(getattr(cls, name) is getattr(Edition, name) for name in Edition.RULE_METHODS):
        return ("neutral rules", edition.max_level)  # they read nothing else of the edition
    return (cls, edition.year, edition.max_level)


def table(edition: str | Edition) -> Table:
    """The table of ``edition`` (built on first use, a few tens of milliseconds, then kept)."""
    edition = find_edition(edition)
    found = _TABLES.get(edition)
    if found is None:
        key = _walk_key(edition)
        walk = _WALKS.get(key)
        if walk is None:
            walk = _WALKS[key] = _Walk(edition)
        found = _TABLES[edition] = Table(edition, walk)
    return found


# --- the declarer -------------------------------------------------------------------------------

#: The last bid of an auction: a bid, then only passes, doubles and redoubles to the end. The table
#: has already checked the bids against the edition's range, so every level that parses is matched.
_LAST_BID = re.compile(b"[" + re.escape(bytes(range(3, N_CALLS))) + b"][\\x00-\\x02]*\\Z")
#: Per strain, any bid of that strain.
_STRAIN_BID = [re.compile(b"[" + re.escape(bytes(3 + 5 * level + strain for level in range(MAX_PARSED_LEVEL)))
                          + b"]") for strain in range(5)]
_CONTRACTS: dict[tuple[int, int, int], Contract] = {}


def _declarer_by_hook(data: bytes, edition: Edition, dealer: int) -> int:
    """The declarer by the edition's own :meth:`Edition.declarer`, where a subclass changes it."""
    bids = [(Seat((dealer + position) & 3), call_from_index(index))
            for position, index in enumerate(data) if index > 2]
    return int(edition.declarer(bids))


def _result(data: bytes, final: int, table_: Table, dealer: int) -> Result:
    outcome = table_.outcomes[final]
    if outcome != "contract":
        return Result(outcome, None, None)
    rank, doubled = table_.final[final]
    strain = (rank - 1) % 5
    if table_.neutral_declarer:
        # The neutral rule (1936:19), the rule of every registered edition, by two regular
        # expressions: the contracting side's calls are those at positions of the last bid's parity.
        last = _LAST_BID.search(data).start()  # type: ignore[union-attr]  # the table saw a bid
        parity = last & 1
        first = _STRAIN_BID[strain].search(data[parity::2]).start() * 2 + parity  # type: ignore[union-attr]
        declarer = (dealer + first) & 3
    else:
        declarer = _declarer_by_hook(data, table_.edition, dealer)
    key = (rank, doubled, declarer)
    found = _CONTRACTS.get(key)
    if found is None:
        found = _CONTRACTS[key] = Contract(
            (rank - 1) // 5 + 1, strain, doubled, Seat(declarer))
    return Result(outcome, found, found.declarer)


# --- input ----------------------------------------------------------------------------------------

def encode(calls: Calls) -> bytes:
    """Calls (indices, ``Call`` objects, tokens, or one string of tokens) as ``bytes`` of call
    indices, the form :func:`contracts` walks fastest. Raises BridgeLawsError for what is no call."""
    if isinstance(calls, bytes):
        return calls
    if isinstance(calls, (bytearray, memoryview)):
        return bytes(calls)
    if type(calls) in (list, tuple, range):
        try:
            return bytes(calls)  # type: ignore[arg-type]  # call indices; anything else is read below
        except (TypeError, ValueError):
            pass
    if isinstance(calls, str):
        calls = calls.split()
    out = bytearray()
    for position, item in enumerate(_iterable(calls, "calls"), start=1):
        if isinstance(item, Call):
            out.append(item.index)
        elif isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < N_CALLS:
                raise BridgeLawsError(
                    f"call {position}: {item} is not a call index (0 pass, 1 double, 2 redouble, "
                    f"3 = 1C ... 37 = 7NT)")
            out.append(item)
        else:
            out.append(parse_call(item, position).index)  # type: ignore[arg-type]  # a bool: no call
    return bytes(out)


def _iterable(value: Iterable[str | Call | int], what: str) -> Iterable[str | Call | int]:
    if isinstance(value, (Call, int)) or not hasattr(value, "__iter__"):
        raise BridgeLawsError(f"{what}: expected a sequence of calls, not {type(value).__name__}")
    return value


def _explain(data: bytes, dealer: Seat, edition: Edition) -> str:
    """Why ``data`` is not a regular auction: the first bad call and Auction's own reason."""
    auction = Auction(edition, dealer)
    for position, index in enumerate(data, start=1):
        seat = auction.next_to_call
        if index >= N_CALLS:
            return (f"call {position}: {index} is not a call index (0 pass, 1 double, 2 redouble, "
                    f"3 = 1C ... 37 = 7NT)")
        call = call_from_index(index)
        try:
            auction.call(call)
        except BridgeLawsError as error:
            who = f" ({seat.full_name} {call})" if seat is not None else f" ({call})"
            return f"call {position}{who}: {error}"
    raise AssertionError("the table rejected an auction that Auction accepts")  # pragma: no cover


# --- the public functions -------------------------------------------------------------------------

def contracts(calls_batch: Iterable[Calls], dealer: str | Seat | Sequence[str | Seat] = "N",
              edition: str | Edition = DEFAULT_EDITION) -> list[Result]:
    """The :class:`Result` of every auction of ``calls_batch`` under ``edition``.

    Each auction is a sequence of calls in rotation from ``dealer`` (one seat for the whole batch, or
    one per auction). Equal to ``Auction(edition, dealer, calls)``'s outcome, contract and declarer;
    an auction that ``Auction`` would refuse raises BridgeLawsError naming the auction, the call and
    the reason.
    """
    edition = find_edition(edition)
    table_ = table(edition)
    transitions, start, dead = table_.transitions, table_.start, table_.dead
    if isinstance(dealer, (str, Seat)) or not hasattr(dealer, "__iter__"):
        dealers = None
        one = int(parse_seat(dealer, " (dealer)"))  # type: ignore[arg-type]  # it says what is no seat
    else:
        dealers = [int(parse_seat(d, " (dealer)")) for d in dealer]
        one = 0
    if isinstance(calls_batch, (str, bytes)) or not hasattr(calls_batch, "__iter__"):
        raise BridgeLawsError(f"expected a sequence of auctions, not {type(calls_batch).__name__}: "
                              f"for one auction use contract()")
    results: list[Result] = []
    append = results.append
    for number, calls in enumerate(calls_batch):
        data = calls if type(calls) is bytes else encode(calls)
        state = start
        for index in data:
            state = transitions[state + index]
        if dealers is not None:
            if number >= len(dealers):
                raise BridgeLawsError(f"more auctions than dealers ({len(dealers)})")
            one = dealers[number]
        if state == dead:
            raise BridgeLawsError(
                f"auction {number + 1}: {_explain(data, Seat(one), edition)}")
        append(_result(data, state, table_, one))
    if dealers is not None and len(dealers) != len(results):
        raise BridgeLawsError(f"{len(dealers)} dealers for {len(results)} auctions")
    return results


def results(calls: Calls, dealer: str | Seat, editions: Iterable[str | Edition]) -> list[Result | None]:
    """One auction under several editions: a :class:`Result` per edition, or None where the calls
    are not a regular auction under it (:func:`contract` says why). Editions that share their
    transitions are walked once."""
    data = calls if type(calls) is bytes else encode(calls)
    seat = dealer if type(dealer) is Seat else parse_seat(dealer, " (dealer)")
    if editions is _LAST_PLAN[0] and type(editions) is tuple:  # the same tuple: no hashing
        plan = _LAST_PLAN[1]
    else:
        key = editions if type(editions) is tuple else tuple(editions)
        plan = _PLANS.get(key)
        if plan is None:
            plan = _plan(key)
        _LAST_PLAN[:] = [editions, plan]
    out: list[Result | None] = [None] * plan[0]
    for transitions, state, dead, members in plan[1]:
        for index in data:
            state = transitions[state + index]
        if state == dead:
            continue
        shared = None
        for position, table_ in members:
            outcome = table_.outcomes[state]
            if outcome == "contract":
                if shared is None:
                    shared = _result(data, state, table_, seat)
                out[position] = shared
            else:
                out[position] = _NO_CONTRACT[outcome]
    return out


_NO_CONTRACT = {outcome: Result(outcome, None, None) for outcome in ("open", "passed-out", "next-deal")}
#: (transitions, start, dead, [(position, table)]): the editions of a plan that share a walk.
_Group: TypeAlias = "tuple[list[int], int, int, list[tuple[int, Table]]]"
#: (number of editions, groups).
_Plan: TypeAlias = "tuple[int, list[_Group]]"
_PLANS: dict[tuple[str | Edition, ...], _Plan] = {}
_LAST_PLAN: list[Any] = [None, None]  # [the editions last asked for, their plan]


def _forget_tables() -> None:
    # The tables follow the editions' data: a reset of the data (datafiles.reset) forgets them.
    _TABLES.clear()
    _WALKS.clear()
    _PLANS.clear()
    _LAST_PLAN[:] = [None, None]


datafiles.on_reset(_forget_tables)


def _plan(key: tuple[str | Edition, ...]) -> _Plan:
    """(number of editions, [(transitions, start, dead, [(position, table)])]) for ``key``."""
    groups: dict[int, _Group] = {}
    for position, edition in enumerate(key):
        table_ = table(edition)
        group = groups.get(id(table_.transitions))
        if group is None:
            group = groups[id(table_.transitions)] = (
                table_.transitions, table_.start, table_.dead, [])
        group[3].append((position, table_))
    plan = (len(key), list(groups.values()))
    if len(_PLANS) < 256:
        _PLANS[key] = plan
    return plan


def contract(calls: Calls, dealer: str | Seat = "N", edition: str | Edition = DEFAULT_EDITION) -> Result:
    """The :class:`Result` of one auction (see :func:`contracts`)."""
    try:
        return contracts([calls], dealer, edition)[0]
    except BridgeLawsError as error:
        raise BridgeLawsError(str(error).removeprefix("auction 1: ")) from None
