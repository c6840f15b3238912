"""The end of the auction after irregular calls: each edition's own closing sentence, coded once.

:meth:`bridgelaws.auction.editions.Edition.closing` asks the reading its registry entry names
(``end-of-auction: {closing: ...}``, one of :data:`CLOSING_RULES`) whether the auction is over after
the passes since the last call; for passes all made in turn, one after the other, every reading gives
:meth:`~bridgelaws.auction.editions.Edition.auction_ends` (tests/test_closing.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from .calls import Seat

if TYPE_CHECKING:
    from .editions import Basis, Edition

class PassMade(NamedTuple):
    """One pass since the last call: who made it and whose turn it was."""

    seat: Seat
    turn_of: Seat
    #: Made out of turn but accepted: at the table (PBN ``^S``) or by a call over it, so that it
    #: stands as if made in turn (1936:22.2 "alsof de onjuiste bieding een juiste bieding ware
    #: geweest in goede volgorde gedaan"); a reading that honours acceptance reads it so.
    accepted: bool = False

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
    them called is no call of that round (reading the first four calls as the
    round would leave an auction without a bid that could never close, 11.3 closing only "na een
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
    spelers passen": each of the four has passed. The last pass may itself be out of turn once it
    is accepted (22.2: marked ``^S`` at the table), as the others are."""
    if last_caller is None:
        return Closing(len({p.seat for p in passes}) == 4, edition.rule("all-pass"))
    last = passes[-1] if passes else None
    return Closing(_distinct_last_three(passes) and last is not None and (last.in_turn or last.accepted),
                   edition.rule("end-of-auction"))


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
CLOSING_RULES: dict[str, Callable[[Edition, Seat | None, tuple[PassMade, ...], bool], Closing]] = {
    "other-three-players": _other_three_players,
    "three-consecutive-players": _three_consecutive_players,
    "three-players-in-rotation": _three_players_in_rotation,
    "three-passes-no-lost-turn": _three_passes_no_lost_turn,
}
