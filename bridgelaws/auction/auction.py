"""The auction under one edition: legal calls, calls, undo, outcome, contract and declarer.

A proper call goes through :meth:`Auction.call`. An irregular call (out of rotation, insufficient,
an inadmissible double, a bid above seven) is refused with a :class:`BridgeLawsError` that says why
and which article makes it irregular, unless it is recorded with ``accept=True``: then it stands as
made and the auction continues as if it had been proper and in turn (the PBN marks ``^I`` and ``^S``,
and the documented default while a text's ruling is not applied). One thing such a call does not
change: after a pass out of turn, whether the auction is over is the edition's own closing sentence
(:meth:`Edition.closing`), never only a count of passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple

from .calls import PASS, STRAINS, Call, Seat, call_from_index, parse_call, parse_seat
from .editions import DEFAULT_EDITION, START, Basis, Closing, Edition, PassMade, Position, find_edition
from ..text.errors import BridgeLawsError



@dataclass(frozen=True)
class Entry:
    """One call as it was made: who, what, and whether (and why) it was irregular."""

    seat: Seat
    call: Call
    irregularity: str | None = None  # e.g. "insufficient-bid"; None for a proper call
    reason: str = ""  # one line: why the call is irregular, with the article
    accepted: bool = False  # an irregular call that stands as made
    marks: tuple[str, ...] = ()  # PBN marks kept with the call, e.g. ("^I",) or ("=1=",)
    #: What the call did to the auction: "made" (as made), "void" (cancelled; no effect) or
    #: "deemed" (counts as ``deemed``, e.g. a pass).
    effect: str = "made"
    deemed: Call | None = None
    ruling: object = None  # the Ruling applied to it, if any (see bridgelaws.judging.rulings)

    @property
    def counts_as(self) -> Call | None:
        """The call as the auction counts it: None when void."""
        if self.effect == "void":
            return None
        return self.deemed if self.effect == "deemed" else self.call

    def __str__(self) -> str:
        return f"{self.seat}:{self.call}"


@dataclass(frozen=True)
class Bar:
    """A player who must pass: at his next turn only, or for the rest of the auction."""

    seat: Seat
    scope: str  # "next-turn" or "rest-of-auction"
    article: str = ""  # the article that imposes it
    case: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"seat": str(self.seat), "scope": self.scope, "article": self.article, "case": self.case}


@dataclass(frozen=True)
class Contract:
    level: int
    strain: int
    doubled: int  # 0, 1 (X) or 2 (XX)
    declarer: Seat

    @property
    def denomination(self) -> str:
        return STRAINS[self.strain]

    def __str__(self) -> str:
        return f"{self.level}{STRAINS[self.strain]}{'X' * self.doubled}"


#: What the bids of one side (North-South or East-West) have been so far: the strain of its last bid
#: that counts (None: no bid yet), and for each strain (C, D, H, S, NT) the first of its players who bid
#: it (None: neither). Kept with every state (:meth:`Auction.side_bids`), so that a question about the
#: bids before (1936:22.6.c: who first bid the denomination last bid by a side) never reads the
#: history again: a scenario of 8,000 calls asked it 8,000 times over the whole history (40 s).
class SideBids(NamedTuple):
    last_strain: int | None
    first_bidders: tuple[Seat | None, ...]

    def after(self, seat: Seat, call: Call) -> "SideBids":
        """These bids after ``seat``'s bid ``call`` (of this side)."""
        firsts = self.first_bidders
        if firsts[call.strain] is None:
            firsts = firsts[:call.strain] + (seat,) + firsts[call.strain + 1:]
        return SideBids(call.strain, firsts)


_NO_BIDS = SideBids(None, (None,) * len(STRAINS))


class _State(NamedTuple):
    next_seat: Seat
    #: The position of the auction seen from ``next_seat``: what the edition's step reads.
    position: Position
    last_bidder: Seat | None  # who made the last bid that counts (the judge asks whose it was)
    bars: tuple[Bar, ...] = ()  # Bar objects in force
    #: The passes since the last call that was not a pass, with whose turn each was, and who made
    #: that call (None: none yet): what an edition's closing sentence reads after a call out of turn.
    passes: tuple[PassMade, ...] = ()
    last_caller: Seat | None = None
    #: The bids of each side that count so far (index: seat % 2, 0 for North-South).
    sides: tuple[SideBids, SideBids] = (_NO_BIDS, _NO_BIDS)
    #: What players owe at their next turn (the judging layer's duties: replace a call, repeat one),
    #: kept with the state as the bars are, so that taking calls back takes back what they imposed.
    duties: tuple[Any, ...] = ()

    @property
    def last_rank(self) -> int:
        return self.position.rank

    @property
    def doubled(self) -> int:
        return self.position.doubled

    @property
    def over(self) -> bool:
        return self.position.over

    def seen_from(self, seat: Seat) -> Position:
        """The position as ``seat`` sees it (a call out of rotation is made from another seat)."""
        same_side = (seat - self.next_seat) % 2 == 0
        return self.position if same_side else self.position.seen_across()

    def with_next(self, seat: Seat) -> "_State":
        return self._replace(next_seat=seat, position=self.seen_from(seat))


class Auction:
    """An auction under one edition. ``Auction("1936", dealer="N")``; ``auction.call("1H")``."""

    def __init__(self, edition: str | Edition = DEFAULT_EDITION, dealer: str | Seat = "N",
                 calls: Iterable[str | Call] = ()):
        self.edition = find_edition(edition)
        self.dealer = parse_seat(dealer, " (dealer)")
        self._entries: list[Entry] = []
        # The first call is the dealer's (first-call), then the auction moves clockwise (rotation).
        self._states: list[_State] = [_State(self.dealer, START, None)]
        for position, token in enumerate(calls, start=1):
            self.call(parse_call(token, position))

    # --- state -------------------------------------------------------------------------------------

    @property
    def _state(self) -> _State:
        return self._states[-1]

    @property
    def history(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(entry.call for entry in self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def next_to_call(self) -> Seat | None:
        """The player whose turn it is; None once the auction is over."""
        return None if self._state.over else self._state.next_seat

    @property
    def position(self) -> Position:
        """The position seen from the player to act, as the edition's step reads it."""
        return self._state.position

    @property
    def last_bid(self) -> Call | None:
        rank = self._state.last_rank
        return call_from_index(rank + 2) if rank else None

    @property
    def outcome(self) -> str:
        """``open``, ``contract``, ``passed-out`` or ``next-deal`` (the last two when all four pass)."""
        state = self._state
        if not state.over:
            return "open"
        if state.last_rank == 0:
            return self.edition.all_pass_outcome
        return "contract"

    @property
    def outcome_basis(self) -> Basis | None:
        """The articles behind :attr:`outcome` (None while the auction is open)."""
        outcome = self.outcome
        if outcome == "open":
            return None
        if outcome == "contract":
            return self.edition.rule("contract")
        return self.edition.rule("all-pass")

    @property
    def contract(self) -> Contract | None:
        state = self._state
        if not state.over or state.last_rank == 0:
            return None
        level, strain = divmod(state.last_rank - 1, 5)
        return Contract(level + 1, strain, state.doubled, self.edition.declarer(self._counted_bids()))

    @property
    def declarer(self) -> Seat | None:
        contract = self.contract
        return contract.declarer if contract else None

    def _counted_bids(self) -> list[tuple[Seat, Call]]:
        # The bids as the auction counts them (a void call is no bid, a deemed call is what it is
        # deemed), with who made each: what the edition's declarer rule reads.
        bids = []
        for entry in self._entries:
            counted = entry.counts_as
            if counted is not None and counted.is_bid:
                bids.append((entry.seat, counted))
        return bids

    # --- what may be called ------------------------------------------------------------------------

    def legal_calls(self) -> tuple[Call, ...]:
        """The proper calls of the player to act, in bidding-box order; () once the auction is over."""
        state = self._state
        if state.over:
            return ()
        if self.is_barred(state.next_seat):
            return (PASS,)
        return self.edition.proper_calls(state.position)

    def irregularity(self, call: str | Call, seat: str | Seat | None = None) -> tuple[str, str] | None:
        """Why ``call`` by ``seat`` would not be a proper call now: ``(case, reason)``, or None.

        Out of rotation is reported first: a call by the wrong player is irregular whatever it is.
        """
        call = parse_call(call)
        state = self._state
        edition = self.edition
        if state.over:
            return ("call-after-auction", "the auction is over")
        if seat is not None:
            seat = parse_seat(seat)
            if seat != state.next_seat:
                kind = ("pass" if call.is_pass else "bid" if call.is_bid else "double")
                return (f"{kind}-out-of-rotation",
                        f"it is {state.next_seat.full_name}'s turn, not {seat.full_name}'s "
                        f"({edition.rule('rotation')})")
        else:
            seat = state.next_seat
        bar = self.bar_of(seat)
        if bar is not None and not call.is_pass:
            scope = "at this turn" if bar.scope == "next-turn" else "for the rest of the auction"
            return ("call-when-barred", f"{seat.full_name} must pass {scope} ({bar.article})")
        refusal = edition.check(state.position, call)
        if refusal is None:
            return None
        return (refusal.case, f"{refusal.why} ({edition.refusal_basis(refusal)})")

    # --- making calls ------------------------------------------------------------------------------

    def call(self, call: str | Call, seat: str | Seat | None = None, *, accept: bool = False,
             marks: tuple[str, ...] = ()) -> Entry:
        """Make ``call`` (by ``seat``, default the player to act).

        An irregular call raises :class:`BridgeLawsError` unless ``accept=True``, which records it as
        standing and continues the auction as if it had been proper and in turn.
        """
        call = parse_call(call)
        seat = self._state.next_seat if seat is None else parse_seat(seat)
        problem = self.irregularity(call, seat)
        if problem is not None:
            case, reason = problem
            if case == "call-after-auction":
                raise BridgeLawsError(
                    f"{seat.full_name} cannot call {call}: the auction is over ({self.outcome})")
            if not accept:
                raise BridgeLawsError(f"{seat.full_name}'s {call} is irregular: {reason}")
            entry = Entry(seat, call, case, reason, True, tuple(marks))
        else:
            entry = Entry(seat, call, marks=tuple(marks))
        self._entries.append(entry)
        self._states.append(self._advance(self._state, seat, call))
        return entry

    def record(self, entry: Entry, *, next_seat: Seat | None = None, bars: Iterable[Bar] = ()) -> Entry:
        """Record an entry whose effect a ruling decided (``entry.effect``: made, void or deemed).

        ``next_seat`` overrides who calls next (for instance the player whose turn it was, after a
        call out of rotation is cancelled); ``bars`` are added to the players who must pass.
        """
        state = self._state
        if state.over:
            raise BridgeLawsError(f"{entry.seat.full_name} cannot call {entry.call}: the auction is over")
        counted = entry.counts_as
        if counted is None:
            new = state  # a void call changes nothing, and takes no turn that would end a bar
        else:
            new = self._advance(state, entry.seat, counted, accepted=entry.accepted)
        if next_seat is not None:
            new = new.with_next(next_seat)
        if bars:
            new = new._replace(bars=new.bars + tuple(bars))
        self._entries.append(entry)
        self._states.append(new)
        return entry

    def add_bars(self, bars: Iterable[Bar]) -> None:
        """Bar players from now on (a ruling on an event that is not a call, e.g. an exposed card)."""
        state = self._state
        self._states[-1] = state._replace(bars=state.bars + tuple(bars))

    def set_duties(self, duties: Iterable[Any]) -> None:
        """What players owe from now on (replaces the duties of the current state)."""
        self._states[-1] = self._state._replace(duties=tuple(duties))

    def set_next(self, seat: Seat) -> None:
        self._states[-1] = self._state.with_next(seat)

    def rewind(self, length: int) -> list[Entry]:
        """Take back every entry after the first ``length`` and return them, oldest first."""
        if not 0 <= length <= len(self._entries):
            raise BridgeLawsError(f"cannot rewind to {length} calls: the auction has {len(self)}")
        removed = self._entries[length:]
        del self._entries[length:]
        del self._states[length + 1:]
        return removed

    @property
    def state(self) -> "_State":
        """The current state (what :meth:`state_before` gives for the next call)."""
        return self._states[-1]

    def state_before(self, index: int) -> "_State":
        """The state just before entry ``index`` (0-based) was made."""
        if type(index) is not int or not 0 <= index <= len(self._entries):
            raise BridgeLawsError(f"no entry {index!r}: the auction has {len(self._entries)} entries "
                                  f"(0-based; {len(self._entries)} is the state now)")
        return self._states[index]

    def side_bids(self, seat: Seat) -> SideBids:
        """The bids that count so far of ``seat``'s side (``seat`` and his partner): the strain of its
        last bid and the first of them to bid each strain, as the history gives them (void calls
        are no bids, a deemed call is what it is deemed), read without reading the history."""
        return self._state.sides[seat % 2]

    def bar_of(self, seat: Seat) -> Bar | None:
        """The bar in force on ``seat`` (rest-of-auction first), or None."""
        found: Bar | None = None
        for bar in self._state.bars:
            if bar.seat == seat:
                if bar.scope == "rest-of-auction":
                    return bar
                found = bar
        return found

    def is_barred(self, seat: Seat) -> bool:
        return self.bar_of(seat) is not None

    @property
    def bars(self) -> tuple[Bar, ...]:
        return self._state.bars

    @staticmethod
    def _consume_bars(bars: tuple[Bar, ...], seat: Seat) -> tuple[Bar, ...]:
        # A next-turn bar ends once the player has had that turn.
        return tuple(b for b in bars if not (b.seat == seat and b.scope == "next-turn"))

    def _advance(self, state: _State, seat: Seat, call: Call, *, accepted: bool = False) -> _State:
        # The edition's step, from the caller's seat; rotation continues from whoever called, which
        # is what makes a skipped player lose his turn after an accepted call out of rotation.
        bars = self._consume_bars(state.bars, seat) if state.bars else state.bars
        position = self.edition.after(state.seen_from(seat), call)
        if call.is_bid:
            north_south, east_west = state.sides
            sides = ((north_south.after(seat, call), east_west) if seat % 2 == 0
                     else (north_south, east_west.after(seat, call)))
            return _State(seat.lho, position, seat, bars, (), seat, sides, state.duties)
        if not call.is_pass:
            return _State(seat.lho, position, state.last_bidder, bars, (), seat, state.sides, state.duties)
        passes = state.passes + (PassMade(seat, state.next_seat, accepted and seat != state.next_seat),)
        if not _in_rotation(passes, state.last_caller):
            # A pass since the last call was out of turn: the edition's own closing sentence decides
            # (the count of the regular step may close an auction that sentence keeps open).
            closing = self.edition.closing(state.last_caller, passes, doubled=position.doubled > 0)
            position = position._replace(over=closing.over)
        return _State(seat.lho, position, state.last_bidder, bars, passes, state.last_caller, state.sides,
                      state.duties)

    @property
    def closing(self) -> Closing:
        """The edition's closing sentence on the auction as it stands (see :meth:`Edition.closing`)."""
        state = self._state
        return self.edition.closing(state.last_caller, state.passes, doubled=state.position.doubled > 0)

    def closing_if_passed(self, seat: Seat) -> Closing:
        """What the edition's closing sentence would say if ``seat`` passed now (in turn or not)."""
        state = self._state
        return self.edition.closing(state.last_caller, state.passes + (PassMade(seat, state.next_seat),),
                                    doubled=state.position.doubled > 0)

    def undo(self) -> Entry:
        """Take back the last call and return it."""
        if not self._entries:
            raise BridgeLawsError("nothing to undo: no call has been made")
        self._states.pop()
        return self._entries.pop()

    def copy(self) -> "Auction":
        other = Auction.__new__(Auction)
        other.edition, other.dealer = self.edition, self.dealer
        other._entries, other._states = list(self._entries), list(self._states)
        return other

    # --- display -----------------------------------------------------------------------------------

    def __str__(self) -> str:
        return " ".join(str(call) for call in self.calls)

    def __repr__(self) -> str:
        return (f"<Auction {self.edition.year} dealer {self.dealer}: {self or '(no calls)'}"
                f" -> {self.outcome}{' ' + str(self.contract) if self.contract else ''}>")



def _in_rotation(passes: tuple[PassMade, ...], last_caller: Seat | None) -> bool:
    """Every pass made in turn, each by the player after the one before (the first by the last
    caller's left-hand opponent): the regular auction, which the edition's step closes by its count."""
    previous = last_caller
    for made in passes:
        if not made.in_turn or (previous is not None and made.seat != previous.lho):
            return False
        previous = made.seat
    return True
