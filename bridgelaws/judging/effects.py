"""What a ruling does to the auction: one small function per effect, keyed by the effect's id.

Which effect a ruling applies is :attr:`bridgelaws.judging.ruling_effect.RulingEffect.applied`: from the
ruling's own fields (``next``, ``deemed``, ``call_stands``), or the option taken, whose ``choice``
id names its effect. The schema refuses a choice that is not a key of
:data:`EFFECTS` or :data:`CORRECTIONS`, so every option in the data has an effect here. The control
flow that calls them is :class:`bridgelaws.judging.judging._Run`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..auction.auction import Bar, Entry
from ..auction.calls import PASS, Call, Seat
from ..text.vocabulary import Outcome

if TYPE_CHECKING:
    from .judging import _Run
    from .rulings import Ruling


class _PendingCorrection(NamedTuple):
    """An insufficient bid its offender must replace (1936:22.3)."""

    record: dict[str, Any]
    offender: Seat
    ruling: Ruling
    original: Call


@dataclass
class _Act:
    """One irregular call being ruled on: what an effect acts with."""

    seat: Seat  # the offender
    call: Call
    case: str
    reason: str
    ruling: Ruling
    bars: list[Bar]
    record: dict[str, Any]
    proper: Seat  # the player whose turn it was
    #: Who calls next where the ruling's own text does not say and the engine decides (a call out of
    #: rotation that 1936:22.6 names: the player whose turn it was); None: as the effect does.
    turn_to: Seat | None = None


EFFECTS: dict[str, Callable[[_Run, _Act], None]] = {}


def effect(*names: str) -> Callable[[Callable[[_Run, _Act], None]], Callable[[_Run, _Act], None]]:
    def register(function: Callable[[_Run, _Act], None]) -> Callable[[_Run, _Act], None]:
        for name in names:
            EFFECTS[name] = function
        return function

    return register


@effect("replace")
def _replace(run: _Run, act: _Act) -> None:
    run.auction.record(Entry(act.seat, act.call, act.case, act.reason, effect="void", ruling=act.ruling),
                       next_seat=act.seat, bars=act.bars)
    act.record["effect"] = "void: the offender must replace it"
    run._owe(_PendingCorrection(act.record, act.seat, act.ruling, act.call))


@effect("cancel-partners-double")
def _cancel_partners_double(run: _Run, act: _Act) -> None:
    run._cancel_partners_double(act.seat, act.call, act.case, act.reason, act.ruling, act.bars, act.record,
                                act.turn_to)


@effect("deemed-pass")
def _deemed_pass(run: _Run, act: _Act) -> None:
    run.auction.record(Entry(act.seat, act.call, act.case, act.reason, effect="deemed", deemed=PASS,
                             ruling=act.ruling), bars=act.bars, next_seat=act.turn_to)
    act.record["effect"] = "deemed a pass" + _turn_words(act)


@effect("deemed-same")
def _deemed_same(run: _Run, act: _Act) -> None:
    run.auction.record(Entry(act.seat, act.call, act.case, act.reason, effect="made", ruling=act.ruling),
                       bars=act.bars)
    act.record["effect"] = f"deemed a {'double' if act.call.is_double else 'redouble'} of {run.auction.last_bid}"


def _stand(run: _Run, act: _Act, words: str) -> None:
    # The irregular call stands as made (accepted): the auction counts it, the bars still apply.
    run.auction.record(Entry(act.seat, act.call, act.case, act.reason, True, effect="made", ruling=act.ruling),
                       bars=act.bars, next_seat=act.turn_to)
    act.record["effect"] = words + _turn_words(act)


def _turn_words(act: _Act) -> str:
    return f"; {act.turn_to.full_name} calls (assumption)" if act.turn_to is not None else ""


@effect("keep")
def _keep(run: _Run, act: _Act) -> None:
    _stand(run, act, "stands (the opponent let it stand)")


@effect("void", "cancel")
def _void(run: _Run, act: _Act) -> None:
    run.auction.record(Entry(act.seat, act.call, act.case, act.reason, effect="void", ruling=act.ruling),
                       next_seat=act.proper, bars=act.bars)
    act.record["effect"] = f"void: {act.proper.full_name} calls"


@effect("redeal")
def _redeal(run: _Run, act: _Act) -> None:
    # An opponent's right to a new deal, taken (the 1932 column on calls out of turn): the call is
    # void and the auction ends; the same dealer deals again (Outcome.REDEAL).
    run.auction.record(Entry(act.seat, act.call, act.case, act.reason, effect="void", ruling=act.ruling),
                       next_seat=act.proper, bars=act.bars)
    taken = act.ruling.effect.option("redeal")
    article = taken.article if taken is not None else None
    run.result.ended = (Outcome.REDEAL, (article,) if article else tuple(act.ruling.articles))
    act.record["effect"] = f"the auction ends: {Outcome.REDEAL}"


@effect("stands")
def _stands(run: _Run, act: _Act) -> None:
    _stand(run, act, "stands")


def _doubles(call: Call) -> bool:
    return call.is_double or call.is_redouble


#: The offender's own options (1936:22.3): which correction a replacing bid is, given the lowest
#: sufficient bid in the denomination of his insufficient bid. The replacing call chooses the option.
#: ``double-or-redouble`` (2007/2017:27.B.3) is an attempt the ruling's ``requires: no-double``
#: forbids: it is cancelled, its option's bars apply, and the offender must still replace his bid.
CORRECTIONS: dict[str, Callable[[Call, Call | None], bool]] = {
    "lowest-sufficient-same-denomination": lambda call, lowest: call is lowest,
    "other-sufficient-bid": lambda call, lowest: call is not lowest and not _doubles(call),
    "double-or-redouble": lambda call, lowest: _doubles(call),
}
