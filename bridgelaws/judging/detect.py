"""Which case an irregular call is (:func:`detect`): out of rotation first (a call by the wrong player
is irregular whatever it is), then a call by a barred player, a bid above seven, an insufficient bid,
an inadmissible double, a double naming the wrong bid; a pass that would close the auction after a
player lost his turn is ``skipped-turn-at-end``.

``bridgelaws.judging.judging.detect`` is this function.
"""

from __future__ import annotations

from . import rulings as rulings_data
from ..auction.auction import Auction
from ..auction.calls import PASS, Call, Seat
from ..auction.editions import PassMade
from ..text.vocabulary import Layer, Scope

CALL_WHEN_BARRED = "call-when-barred"


def detect(auction: Auction, call: Call, seat: Seat, named: Call | None = None,
           layer: Layer = Layer.CORPUS) -> tuple[str, str] | None:
    """The case of ``call`` by ``seat`` now, with a one-line reason; None for a proper call."""
    problem = auction.irregularity(call, seat)
    if problem is not None and problem[0].endswith("-out-of-rotation") and not call.is_pass:
        problem = _named_whatever_the_turn(auction, call, seat, layer) or problem
    if problem is None and named is not None and named != auction.last_bid:
        verb = "double" if call.is_double else "redouble"
        problem = ("misnamed-double", f"{call} named {named}, but the bid to {verb} is {auction.last_bid}")
    if call.is_pass and (problem is None or problem[0] == "pass-out-of-rotation"):
        problem = _skipped_turn_problem(auction, seat, problem)
    return problem


def _named_whatever_the_turn(auction: Auction, call: Call, seat: Seat, layer: Layer) -> tuple[str, str] | None:
    """A call out of rotation that the edition's text names by what it is, whatever the turn it
    was made at (1936:22.6: "meer dan zeven trekken biedt", "het bod van zijn maat doubleert", with
    no "op zijn beurt" or "in goede volgorde"; the ruling's ``out_of_turn``): that case, with both
    faults in the reason. 1936:22.5 speaks of "Een juiste bieding" only
    (docs/decisions/2026-12-02-fresh-reading-of-the-corpus-engine.md)."""
    turn = auction.state.next_seat
    barred_spec = rulings_data.spec(CALL_WHEN_BARRED, auction.edition, layer)
    # Only a bar the text's rule on a call when barred covers (1936:22.6.c "onder dezen regel": a bar
    # under rule 22, the branch's ``bar_from``), never one under another rule (1936:23, an exposed card).
    covered = tuple(b.bar_from for b in barred_spec.when if b.condition == "barred-under" and b.bar_from)
    barred = next((b for b in auction.bars if b.seat == seat and b.scope == Scope.REST_OF_AUCTION
                   and (not covered or b.article.startswith(covered))), None)
    if barred is not None and barred_spec.out_of_turn is not None:
        # 1936:22.6.c: "wanneer hij ... moet passen", whatever the turn; only a bar for the rest of the
        # auction is read as "must pass" at a turn not his own (a bar at his next turn binds that turn).
        return (CALL_WHEN_BARRED, f"{seat.full_name} must pass for the rest of the auction ({barred.article}), "
                                  f"and the call is made out of rotation: it is {turn.full_name}'s turn, not "
                                  f"{seat.full_name}'s ({auction.edition.rule('rotation')})")
    refusal = auction.edition.check(auction.state.seen_from(seat), call)
    if refusal is None or rulings_data.spec(refusal.case, auction.edition, layer).out_of_turn is None:
        return None
    return (refusal.case, f"{refusal.why} ({auction.edition.refusal_basis(refusal)}), and made out of "
                          f"rotation: it is {turn.full_name}'s turn, not {seat.full_name}'s "
                          f"({auction.edition.rule('rotation')})")


def _skipped_turn_problem(auction: Auction, seat: Seat,
                          problem: tuple[str, str] | None) -> tuple[str, str] | None:
    """A pass that the count of passes would make the closing pass, after a player lost his turn to
    a pass out of rotation: ``skipped-turn-at-end``. A pass in turn, as before; a pass out of
    rotation that is itself the closing pass only where the edition's closing sentence keeps the
    auction open for the player whose turn it takes (2007:17.E.2, 2017:17.D.3: "een van deze
    pasbiedingen"); elsewhere it stays a pass out of rotation."""
    if not auction.edition.after(auction.state.seen_from(seat), PASS).over:
        return problem
    point = _skip_point(auction, seat)
    if point is None:
        return problem
    if problem is None:
        index, skipped = point
        called_since = {entry.seat for entry in auction.history[index + 1:] if entry.counts_as is not None}
        if skipped == seat or skipped in called_since:
            # Not "lost his turn" of a player who is calling now or has called since; and where the
            # edition's closing sentence, on these passes, does not read whose turn each was (1932:11.2
            # reads who passed), that earlier skip bears on nothing: an ordinary pass.
            if not _turns_bear_on_closing(auction, seat):
                return problem
            return ("skipped-turn-at-end", f"by the count of three passes this pass would close the "
                                           f"auction, but {skipped.full_name}'s turn was taken earlier by a pass out of rotation")
        return ("skipped-turn-at-end", f"by the count of three passes this pass would close the "
                                       f"auction, but {skipped.full_name}'s turn was taken by a pass out of rotation")
    if auction.closing_if_passed(seat).lost_turn is None:
        return problem
    return ("skipped-turn-at-end", f"this pass out of rotation would close the auction, but it takes "
                                   f"{point[1].full_name}'s turn")


def _turns_bear_on_closing(auction: Auction, seat: Seat) -> bool:
    """Whether the edition's closing sentence, on the passes since the last call with ``seat``'s
    pass in turn added, answers otherwise than it would were every one of them made in turn."""
    state = auction.state
    passes = state.passes + (PassMade(seat, state.next_seat),)
    doubled = state.position.doubled > 0
    as_made = auction.edition.closing(state.last_caller, passes, doubled=doubled)
    in_turn = auction.edition.closing(state.last_caller, tuple(PassMade(p.seat, p.seat) for p in passes),
                                      doubled=doubled)
    return as_made.over != in_turn.over or as_made.lost_turn != in_turn.lost_turn


def _skip_point(auction: Auction, seat: Seat | None = None) -> tuple[int, Seat] | None:
    """Among the passes since the last call, the first made out of rotation that skipped a player:
    (its index, the skipped seat). The first, because the auction goes back to the player who
    missed his turn and every later pass is cancelled (2007:17.E.2, 2017:17.D.3). With ``seat``: a
    pass ``seat`` is about to make out of rotation counts as the last of them (its index is the
    length of the history)."""
    history = auction.history
    found: tuple[int, Seat] | None = None
    for index in range(len(history) - 1, -1, -1):
        entry = history[index]
        counted = entry.counts_as
        if counted is None:
            continue
        if not counted.is_pass:
            break
        if entry.irregularity and entry.irregularity.endswith("out-of-rotation") and entry.effect == "made":
            skipped = auction.state_before(index).next_seat
            if skipped != entry.seat:
                found = index, skipped
    if found is None and seat is not None and not auction.is_over and seat != auction.state.next_seat:
        return len(history), auction.state.next_seat
    return found

