"""The circumstances a ruling can depend on: one small named predicate each.

A rulings entry whose rectification depends on the circumstances lists branches (``when``), each
with a ``condition`` named here; the engine takes the first branch, in the file's order, whose
predicate holds (``otherwise`` always holds, and the schema requires it). What is law stays in the
data: the ranks that count as honours (``honours``) and the article under which a bar must have
been imposed (``bar_from``) are fields of the branch, read by the predicate.

To add a circumstance: write a predicate with ``@condition("name")`` (``needs=`` the branch fields
it reads, which the schema then requires) and name it in the rulings data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..auction.calls import Call, Seat

if TYPE_CHECKING:
    from ..auction.auction import Auction
    from ..text.schema import BranchSpec


@dataclass(frozen=True)
class Situation:
    """What a predicate may look at: the auction before the irregularity, and the irregularity."""

    auction: Auction
    seat: Seat  # the offender
    call: Call | None = None  # the irregular call (None for an exposed card)
    named: Call | None = None  # the bid a double or redouble named (``X(2S)``), if any
    card: str | None = None  # the exposed card ("SK"), for an exposure
    exposed: int = 0  # the cards the offender has exposed during this auction, this one included
    #: how the event happened, as its token states it (notation.Event.manner): "seen", "said",
    #: "early", "slip", "change-of-mind", "review", "misinformed"...
    manner: str | None = None


@dataclass(frozen=True)
class Condition:
    name: str
    test: Callable[[Situation, BranchSpec], bool]
    needs: tuple[str, ...] = ()  # the branch fields the predicate reads


CONDITIONS: dict[str, Condition] = {}


def condition(name: str, *, needs: tuple[str, ...] = ()
              ) -> Callable[[Callable[[Situation, BranchSpec], bool]], Callable[[Situation, BranchSpec], bool]]:
    def register(test: Callable[[Situation, BranchSpec], bool]) -> Callable[[Situation, BranchSpec], bool]:
        CONDITIONS[name] = Condition(name, test, needs)
        return test

    return register


def first_holding(branches: Sequence[BranchSpec], situation: Situation) -> str | None:
    """The condition of the first branch that holds (None for an entry without branches)."""
    for branch in branches:
        if CONDITIONS[branch.condition].test(situation, branch):
            return branch.condition
    return None


@condition("otherwise")
def _otherwise(situation: Situation, branch: BranchSpec) -> bool:
    return True


@condition("wrong-number-of-tricks")
def _wrong_number_of_tricks(situation: Situation, branch: BranchSpec) -> bool:
    """A double naming the right denomination but another number of tricks (1936:22.4)."""
    last = situation.auction.last_bid
    return situation.named is not None and last is not None and situation.named.strain == last.strain


@condition("before-first-bid")
def _before_first_bid(situation: Situation, branch: BranchSpec) -> bool:
    return situation.auction.state.last_rank == 0


@condition("at-rho-turn")
def _at_rho_turn(situation: Situation, branch: BranchSpec) -> bool:
    """The call out of rotation was made when it was the offender's right-hand opponent's turn
    (2007:30.B.1, 2017:30.A: the bar depends on whose turn was usurped)."""
    return not situation.auction.is_over and situation.auction.state.next_seat == situation.seat.rho


@condition("at-partners-turn")
def _at_partners_turn(situation: Situation, branch: BranchSpec) -> bool:
    """The call out of rotation was made when it was the offender's partner's turn (2007:30.B.2)."""
    return not situation.auction.is_over and situation.auction.state.next_seat == situation.seat.partner


@condition("has-called")
def _has_called(situation: Situation, branch: BranchSpec) -> bool:
    """The offender has made a call earlier in this auction that still counts (2007:31.B and its
    footnote: at the left-hand opponent's turn, a bid by a player who has not called before falls under
    31B; a later one is a change of call under Law 25)."""
    return any(entry.seat == situation.seat and entry.counts_as is not None
               for entry in situation.auction.history)


@condition("partner-doubled-bid")
def _partner_doubled_bid(situation: Situation, branch: BranchSpec) -> bool:
    """The offender doubles or redoubles a bid his partner has doubled or redoubled (1936:22.6.a)."""
    if not situation.auction.state.doubled:
        return False
    for entry in reversed(situation.auction.history):
        counted = entry.counts_as
        if counted is None:
            continue
        if counted.is_bid:
            return False
        if entry.seat == situation.seat.partner and (counted.is_double or counted.is_redouble):
            return True
    return False


@condition("partners-bid")
def _partners_bid(situation: Situation, branch: BranchSpec) -> bool:
    """The offender doubles his partner's bid, or redoubles it undoubled (1936:22.6.b)."""
    state = situation.auction.state
    call = situation.call
    return (call is not None and state.last_bidder == situation.seat.partner
            and (call.is_double or (call.is_redouble and not state.doubled)))


@condition("barred-under", needs=("bar_from",))
def _barred_under(situation: Situation, branch: BranchSpec) -> bool:
    """One of the bars in force on the offender was imposed under the article ``bar_from`` names or
    a part of it (1936:22.6.c: "onder dezen regel"); another bar on him (1936:23.b) does not hide it."""
    prefix = branch.bar_from
    if prefix is None:
        return False
    return any(bar.seat == situation.seat and (bar.article == prefix or bar.article.startswith(prefix + "."))
               for bar in situation.auction.bars)


@condition("honour-or-several", needs=("honours",))
def _honour_or_several(situation: Situation, branch: BranchSpec) -> bool:
    """The exposed card is an honour (the ranks ``honours`` names), or he has exposed two or more."""
    return (situation.card is not None and branch.honours is not None
            and (situation.card[1] in branch.honours or situation.exposed >= 2))


def _stated(manner: str) -> Callable[[Situation, BranchSpec], bool]:
    def test(situation: Situation, branch: BranchSpec) -> bool:
        return situation.manner == manner
    return test


# Circumstances the token itself states (the players at the table know them; the engine cannot
# see them): a slip or a change of mind (1932:16, 1936:22.1), how a card became known (1936:23,
# 1949:26), what kind of explanation went wrong (2017:20.F, 21).
for _manner in ("slip", "change-of-mind", "seen", "said", "early", "misinformed", "misunderstood",
                "own-explanation-wrong", "partner-explanation-wrong"):
    condition(_manner)(_stated(_manner))


@condition("after-close")
def _after_close(situation: Situation, branch: BranchSpec) -> bool:
    """The auction has closed (a review asked for after the final pass: 1932:17.1.b, 2017:20.C.2)."""
    return situation.auction.is_over


@condition("after-all-pass")
def _after_all_pass(situation: Situation, branch: BranchSpec) -> bool:
    """The auction has closed with no bid, all four having passed (2017:22.B "Alle vier de spelers
    passen (maar zie artikel 25)")."""
    auction = situation.auction
    return auction.is_over and auction.contract is None


@condition("opening-lead-out-of-turn")
def _opening_lead_out_of_turn(situation: Situation, branch: BranchSpec) -> bool:
    """After the auction has closed with a contract, a defender who is not the declarer's left-hand
    opponent plays a card (the token says ``/early``): a lead out of turn (2017:17.D.1 "Als het een
    uitkomst voor de beurt is, zie artikel 54")."""
    auction = situation.auction
    contract = auction.contract if auction.is_over else None
    if contract is None or situation.manner != "early":
        return False
    return situation.seat == contract.declarer.rho


@condition("not-at-turn")
def _not_at_turn(situation: Situation, branch: BranchSpec) -> bool:
    """The player is not the one whose turn it is to call (1932:17.1.a, 1936:20, 2017:20.B)."""
    return not situation.auction.is_over and situation.auction.state.next_seat != situation.seat


@condition("must-pass")
def _must_pass(situation: Situation, branch: BranchSpec) -> bool:
    """The player must pass at this turn under a rectification (2017:20.B "tenzij hij reglementair
    moet passen")."""
    return not situation.auction.is_over and situation.auction.is_barred(situation.seat)


@condition("changes-no-bid")
def _changes_no_bid(situation: Situation, branch: BranchSpec) -> bool:
    """The call the player changes is a pass, double or redouble, not a bid (1932:16 speaks only of
    a "bod")."""
    for entry in reversed(situation.auction.history):
        if entry.seat == situation.seat and entry.counts_as is not None:
            return not entry.counts_as.is_bid
    return False


@condition("change-of-call")
def _change_of_call(situation: Situation, branch: BranchSpec) -> bool:
    """The event is the player's change of his call (it names the new call), not the incident that
    allows it (2017:21.B.1.a)."""
    return situation.call is not None


@condition("partner-called-since")
def _partner_called_since(situation: Situation, branch: BranchSpec) -> bool:
    """The player's partner has called after the player's last call (2017:21.B.1.a: then it is too
    late to change it)."""
    history = situation.auction.history
    last = max((i for i, e in enumerate(history) if e.seat == situation.seat and e.counts_as is not None),
               default=None)
    return last is not None and any(e.seat == situation.seat.partner and e.counts_as is not None
                                    for e in history[last + 1:])
