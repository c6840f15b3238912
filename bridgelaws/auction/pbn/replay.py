"""A game's auction section replayed through the engine of an edition (:meth:`Game.auction`).

Every question of the rules goes to the :class:`~bridgelaws.auction.auction.Auction` of that edition: whether
a call is proper and why not (:meth:`~Auction.irregularity`), the state after it
(:meth:`~Auction.call`) and whether the auction is over (:attr:`~Auction.is_over`). What this module
adds is PBN's own: the marks ``^I`` and ``^S`` say which irregular calls were accepted (3.9), an
irregular double or redouble cannot be accepted ("MUST be taken back", 3.9), and ``AP`` stands for
the passes that end the auction, as many as the edition needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..auction import Auction
from ..calls import PASS, Call, Seat
from ..editions import Edition
from ...text.errors import BridgeLawsError
from .limits import SHOWN_MARKS, shown_marks

if TYPE_CHECKING:
    from .model import AuctionToken, Game

#: A bound, not a rule: the passes an AP may stand for before the replay gives up (an edition whose
#: passes never ended the auction would make AP endless; the texts need three or four).
MAX_ALL_PASS = 16
#: The case of Auction.irregularity that a ^I mark accepts.
_INSUFFICIENT = "insufficient-bid"


def replay(game: Game, edition: str | Edition) -> Auction:
    """The auction of ``game`` under ``edition`` (see :meth:`Game.auction`)."""
    if not game.has_auction:
        raise BridgeLawsError(f"{game.where}: the game has no Auction section to replay")
    dealer = game.dealer
    if dealer is None:  # the readers refuse an auction section without a known dealer
        raise BridgeLawsError(f"{game.where}: the game has no Dealer to replay its auction from")
    auction = Auction(edition, dealer)
    number = 0  # calls made so far, AP counted as its passes
    for token in game.auction_tokens:
        if token.kind == "call":
            number += 1
            _replay_call(game, auction, token, number)
        elif token.kind == "AP":
            number = _replay_all_pass(game, auction, token, number)
    return auction


def _replay_all_pass(game: Game, auction: Auction, token: AuctionToken, number: int) -> int:
    """AP: pass until the auction is over under its edition; returns the number of calls made."""
    marks = ("AP",) + token.annotations  # the annotations belong to the first of the passes
    for _ in range(MAX_ALL_PASS):
        if auction.is_over:
            return number
        number += 1
        try:
            auction.call(PASS, marks=marks)
        except BridgeLawsError as exc:  # pragma: no cover - no bar stands in a replay
            raise BridgeLawsError(f"{game.where}: line {token.line}: AP (call {number}): {exc}") from None
        marks = ("AP",)
    if auction.is_over:
        return number
    raise BridgeLawsError(f"{game.where}: line {token.line}: AP: {MAX_ALL_PASS} passes do not end the "
                          f"auction under {auction.edition}")


def _replay_call(game: Game, auction: Auction, token: AuctionToken, number: int) -> None:
    call, seat = token.call, token.seat
    if call is None or seat is None:
        raise BridgeLawsError(f"{game.where}: line {token.line}: call {number}: a call token without "
                              f"its call and seat")
    written = token.written() if len(token.marks) <= SHOWN_MARKS else (
        f"{shown_marks(token.marks)} {token.text or token.call}")
    what = f"{game.where}: line {token.line}: call {number} ({seat.full_name} {written})"
    marks = token.marks + token.annotations
    if auction.is_over:
        raise BridgeLawsError(f"{what}: the auction is already over ({auction.outcome})")
    if not token.marks:
        try:
            auction.call(call, seat, marks=marks)
        except BridgeLawsError as exc:
            raise BridgeLawsError(
                f"{what}: {exc}; an irregular call that stands must be marked ^I (insufficient) or "
                f"^S (out of rotation) (PBN 3.9)") from None
        return
    _check_marks(what, auction, token, call, seat)
    auction.call(call, seat, accept=True, marks=marks)


def _check_marks(what: str, auction: Auction, token: AuctionToken, call: Call, seat: Seat) -> None:
    """A marked call: the marks must say what the engine sees (^S: a player skipped; ^I: an
    insufficient bid), and no other irregularity may stand; then the call stands as made (accepted)."""
    problem = auction.irregularity(call, seat)
    out_of_rotation = problem is not None and problem[0].endswith("-out-of-rotation")
    if "^S" in token.marks and not out_of_rotation:
        raise BridgeLawsError(f"{what}: marked ^S but it is {seat.full_name}'s turn: no player was skipped")
    if out_of_rotation:
        problem = _irregularity_in_turn(auction, call, seat)
    case, reason = problem if problem is not None else (None, "")
    last = auction.last_bid
    if "^I" in token.marks and case != _INSUFFICIENT:
        raise BridgeLawsError(
            f"{what}: marked ^I but {call} is sufficient{f' over {last}' if last else ' (no bid before it)'}")
    if case == _INSUFFICIENT and "^I" not in token.marks:
        raise BridgeLawsError(f"{what}: {call} is insufficient over {last} and not marked ^I (PBN 3.9)")
    if case is not None and case != _INSUFFICIENT:
        kind = "double or redouble" if call.is_double or call.is_redouble else "call"
        raise BridgeLawsError(f"{what}: {reason}; an irregular {kind} cannot stand, it must be taken "
                              f"back (PBN 3.9)")


def _irregularity_in_turn(auction: Auction, call: Call, seat: Seat) -> tuple[str, str] | None:
    """What else than rotation is wrong with ``call`` by ``seat`` (marked ^S): the engine's answer for
    the same call by the same player at his turn. Auction.irregularity reports rotation first, so it
    is asked on a copy whose turn is moved to the caller."""
    probe = auction.copy()
    probe.set_next(seat)
    return probe.irregularity(call, seat)
