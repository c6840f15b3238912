"""The auction under one edition: legal calls, calls, undo, outcome, contract and declarer.

A proper call goes through :meth:`Auction.call`. An irregular call (out of rotation, insufficient,
an inadmissible double, a bid above seven) is refused with a :class:`BridgeLawsError` that says why
and which article makes it irregular, unless it is recorded with ``accept=True``: then it stands as
made and the auction continues as if it had been proper and in turn (the PBN marks ``^I`` and ``^S``,
and the documented default while a text's ruling is not applied).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple

from .calls import BIDS, DOUBLE, PASS, REDOUBLE, STRAINS, Call, Seat, call_from_index, parse_call, parse_seat
from .editions import Basis, Edition, find_edition
from .errors import BridgeLawsError

OUTCOMES = ("open", "contract", "passed-out", "redeal")


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
    ruling: object = None  # the Ruling applied to it, if any (see bridgelaws.rulings)

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

    def as_dict(self) -> dict:
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


class _State(NamedTuple):
    next_seat: Seat
    last_rank: int  # 0 before the first bid
    last_bidder: Seat | None
    doubled: int
    doubler: Seat | None
    passes_since: int  # passes since the last call that was not a pass
    non_pass_calls: int
    first_namers: tuple  # for each side (NS=0, EW=1) and strain, the seat that first named it
    over: bool
    bars: tuple = ()  # Bar objects in force


class Auction:
    """An auction under one edition. ``Auction("1936", dealer="N")``; ``auction.call("1H")``."""

    def __init__(self, edition: str | Edition = "2017", dealer: str | Seat = "N",
                 calls: Iterable[str | Call] = ()):
        self.edition = find_edition(edition)
        self.dealer = parse_seat(dealer, " (dealer)")
        self._entries: list[Entry] = []
        # The first call is the dealer's (first-call), then the auction moves clockwise (rotation).
        self._states: list[_State] = [
            _State(self.dealer, 0, None, 0, None, 0, 0, (None,) * 10, False)]
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
    def last_bid(self) -> Call | None:
        rank = self._state.last_rank
        return call_from_index(rank + 2) if rank else None

    @property
    def outcome(self) -> str:
        """``open``, ``contract``, ``passed-out`` or ``redeal`` (the last two when all four pass)."""
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
        return Contract(level + 1, strain, state.doubled, self._declarer(state, strain))

    @property
    def declarer(self) -> Seat | None:
        contract = self.contract
        return contract.declarer if contract else None

    @staticmethod
    def _declarer(state: _State, strain: int) -> Seat:
        # The player of the contracting side who first named the contract's denomination (declarer).
        side = state.last_bidder % 2
        return state.first_namers[side * 5 + strain]

    # --- what may be called ------------------------------------------------------------------------

    def legal_calls(self) -> tuple[Call, ...]:
        """The proper calls of the player to act, in bidding-box order; () once the auction is over."""
        state = self._state
        if state.over:
            return ()
        edition = self.edition
        seat = state.next_seat
        calls = [PASS]
        if self.is_barred(seat):
            return (PASS,)
        if state.last_bidder is not None and edition.may_double(
                state.doubled, state.last_bidder % 2 != seat % 2):
            calls.append(DOUBLE)
        if state.doubler is not None and edition.may_redouble(
                state.doubled, state.doubler % 2 != seat % 2):
            calls.append(REDOUBLE)
        last = state.last_rank
        calls.extend(b for b in BIDS if edition.in_range(b.level) and edition.is_sufficient(b.rank, last))
        return tuple(calls)

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
        if call.is_bid:
            if not edition.in_range(call.level):
                return ("bid-above-seven",
                        f"a bid names at most {edition.max_level} tricks ({edition.rule('bid-range')})")
            if not edition.is_sufficient(call.rank, state.last_rank):
                return ("insufficient-bid",
                        f"{call} does not rank above {self.last_bid} ({edition.rule('sufficiency')})")
            return None
        if call.is_double:
            if state.last_bidder is None or not edition.may_double(
                    state.doubled, state.last_bidder % 2 != seat % 2):
                return ("inadmissible-double", _why_not_double(state, seat) +
                        f" ({edition.rule('double')})")
        if call.is_redouble:
            if state.doubler is None or not edition.may_redouble(
                    state.doubled, state.doubler % 2 != seat % 2):
                return ("inadmissible-double", _why_not_redouble(state, seat) +
                        f" ({edition.rule('redouble')})")
        return None

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
            new = self._advance(state, entry.seat, counted)
        if next_seat is not None:
            new = new._replace(next_seat=next_seat)
        if bars:
            new = new._replace(bars=new.bars + tuple(bars))
        self._entries.append(entry)
        self._states.append(new)
        return entry

    def add_bars(self, bars: Iterable[Bar]) -> None:
        """Bar players from now on (a ruling on an event that is not a call, e.g. an exposed card)."""
        state = self._state
        self._states[-1] = state._replace(bars=state.bars + tuple(bars))

    def set_next(self, seat: Seat) -> None:
        self._states[-1] = self._state._replace(next_seat=seat)

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
        return self._states[index]

    def bar_of(self, seat: Seat) -> Bar | None:
        """The bar in force on ``seat`` (rest-of-auction first), or None."""
        found = None
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
    def _consume_bars(bars: tuple, seat: Seat) -> tuple:
        # A next-turn bar ends once the player has had that turn.
        return tuple(b for b in bars if not (b.seat == seat and b.scope == "next-turn"))

    def _advance(self, state: _State, seat: Seat, call: Call) -> _State:
        # Rotation continues from whoever called; for an accepted call out of rotation this is what
        # makes a skipped player lose his turn.
        if state.bars:
            state = state._replace(bars=self._consume_bars(state.bars, seat))
        next_seat = Seat((seat + 1) % 4)
        if call.is_pass:
            passes = state.passes_since + 1
            over = self.edition.auction_ends(state.non_pass_calls, passes)
            return state._replace(next_seat=next_seat, passes_since=passes, over=over)
        if call.is_bid:
            namers = state.first_namers
            slot = (seat % 2) * 5 + call.strain
            if namers[slot] is None:
                namers = namers[:slot] + (seat,) + namers[slot + 1:]
            return _State(next_seat, call.rank, seat, 0, None, 0, state.non_pass_calls + 1,
                          namers, False, state.bars)
        doubled = 1 if call.is_double else 2
        return state._replace(next_seat=next_seat, doubled=doubled, doubler=seat, passes_since=0,
                              non_pass_calls=state.non_pass_calls + 1)

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

    def _repr_html_(self) -> str:
        from .render import auction_html

        return auction_html(self)


def _why_not_double(state: _State, seat: Seat) -> str:
    if state.last_bidder is None:
        return "there is no bid to double"
    if state.doubled == 2:
        return "the bid is redoubled and may not be doubled again"
    if state.doubled == 1:
        return "the bid is already doubled"
    return "the last bid was made by partner, not by an opponent"


def _why_not_redouble(state: _State, seat: Seat) -> str:
    if state.doubled == 0:
        return "there is no double to redouble"
    if state.doubled == 2:
        return "the bid is already redoubled"
    return "the double was made by partner, not by an opponent"
