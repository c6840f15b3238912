"""The events that are not a call in turn: a card exposed, a change of call, an incident (a review,
a wrong board, a mistaken explanation, a cause for a new deal), a call after the close. Each is ruled
from the edition's data like a call (:mod:`bridgelaws.judging.rulings`), and what the ruling does to the
auction is read from its effect (:class:`bridgelaws.judging.ruling_effect.RulingEffect`).

The control flow that calls it is
:class:`bridgelaws.judging.judging._Run`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rulings as rulings_data
from ..auction.auction import Auction, Entry
from ..auction.calls import Call, Seat
from .conditions import Situation, first_holding
from ..text.errors import BridgeLawsError
from .judgement import Duty, _base, _call_of, _joined, _label, _over
from ..auction.notation import INCIDENTS, Event
from ..text.words import must_pass
from .rulings import Ruling

if TYPE_CHECKING:
    from .judging import _Run

CALL_AFTER_CLOSE = "call-after-close"
_CHANGE_ASSUMPTION = (
    "The text gives no rule for this change of call: the engine lets the call stand as first made and "
    "does not make the change. This is the engine's default, an assumption, not law.")
#: The incidents that can still happen once the auction has closed (before the opening lead).
_AFTER_CLOSE = ("review-request", "mistaken-explanation", "wrong-board")
_CHANGE_REASONS = {
    "slip": "{seat} corrects his {original} to {new} in the same breath (a slip of the tongue)",
    "change-of-mind": "{seat} changes his {original} to {new} (a change of mind)",
    "misinformed": "{seat} changes his {original} to {new} after an opponent's mistaken explanation",
    "": "{seat} changes his {original} to {new} before the next player calls (not stated to be a slip)",
}
_EXPOSURE_REASONS = {
    "": "{seat} exposed {card} during the auction",
    "seen": "{partner} saw the face of {seat}'s {card} during the auction",
    "said": "{seat} made a remark that showed his {card} to {partner}",
    "early": "{seat} played {card} too early, during the auction",
}
#: The incidents that concern a call the player has made (``S:[wrong-board]``: "South's last call
#: was made with cards taken from a wrong board"): before he has called, the scenario is refused.
_ABOUT_THE_LAST_CALL = frozenset({"wrong-board", "misinformed", "misunderstood", "comparable"})

_INCIDENT_REASONS = {
    "review": "{seat} asks for the previous calls to be repeated",
    "wrong-board": "{seat}'s last call was made with cards taken from a wrong board",
    "misinformed": "{seat} made his last call after an opponent's mistaken explanation",
    "misunderstood": "{seat} acted on what he misunderstood or misheard",
    "own-explanation-wrong": "{seat} realises that his own explanation was mistaken",
    "partner-explanation-wrong": "{seat} knows that his partner's explanation was mistaken",
    "comparable": "{seat}'s last call replaced a withdrawn call by a comparable call",
    "incorrect-deal": "the deal is found to have been incorrect",
    "other-hand": "{seat} picked up another player's hand and looked at it",
    "wrong-count": "one player is found to hold more cards than he should and another fewer",
}


def _last_call_index(auction: Auction, seat: Seat | None) -> int | None:
    """The index of the last counted call of ``seat`` (None: of anyone) in the auction's history."""
    for index in range(len(auction) - 1, -1, -1):
        entry = auction.history[index]
        if entry.counts_as is not None and (seat is None or entry.seat == seat):
            return index
    return None


def _exposure_assumption(ruling: Ruling, rank: str, earlier: str, honours: str, exposed: int) -> str | None:
    """Which of a branch's assumptions decides an exposed card of ``rank``, the player's ``exposed``-th
    (``earlier``: the ranks he exposed before it). No label where a card beyond doubt an honour (this
    one or an earlier) decides; the reading of "honneur" (``assumption_for_ranks``) where only a rank
    it covers does; the reading of "two or more" as counting cards shown at different moments
    (``assumption_for_count``) where the count does; both where either would (second reading,
    2026-11-30: a ten then a low card reads as a low card then a ten). A branch without these fields
    keeps its assumption as it is."""
    if not (ruling.assumption_for_ranks or ruling.assumption_for_count):
        return ruling.assumption
    if not honours:
        return ruling.assumption  # a branch not chosen by rank
    assumed = ruling.assumption_for_ranks or ""
    shown = rank + earlier
    if any(r in honours and r not in assumed for r in shown):
        return None  # an honour beyond doubt bars the partner whatever the readings
    by_rank = any(r in assumed for r in shown)
    if exposed >= 2 and ruling.assumption_for_count:
        if by_rank and ruling.assumption:
            return f"{ruling.assumption} Either reading alone leads here: {ruling.assumption_for_count}"
        return ruling.assumption_for_count
    return ruling.assumption if rank in assumed else None


def exposure(run: _Run, event: Event) -> None:
    auction = run.auction
    run._check_not_ended(event)
    if auction.is_over and event.seat is None:
        # After the close no one is to act: the token must say whose card it was.
        raise BridgeLawsError(f"{event.token!r} at position {event.index}: the auction has closed, so the "
                              f"exposure must name the player (e.g. W:{event.token})")
    # A card exposed after the close is ruled from the data (an `after-close` branch).
    seat = event.seat if event.seat is not None else auction.state.next_seat  # not over: someone is to act
    card = event.card
    assert card is not None  # an exposure token always names its card
    first = run.exposed_cards.setdefault(card, event)
    if first is not event:
        # A deck holds each card once: a card already shown cannot be exposed again, by anyone.
        raise BridgeLawsError(f"{event.token!r} at position {event.index}: {card} was already exposed "
                              f"({first.token!r} at position {first.index}); a card can be exposed once")
    run.exposed[seat] = run.exposed.get(seat, 0) + 1
    record = _base(event, seat)
    reason = _EXPOSURE_REASONS[event.manner or ""].format(seat=seat.full_name, card=card,
                                                           partner=seat.partner.full_name)
    if auction.is_over:
        reason = reason.replace("during the auction", "after the auction had closed")
    record.update(card=card, case="exposed-card", reason=reason)
    branches = rulings_data.spec("exposed-card", run.edition, run.layer).when
    condition = first_holding(branches, Situation(auction, seat, card=card, exposed=run.exposed[seat],
                                                  manner=event.manner))
    ruling = rulings_data.resolve("exposed-card", run.edition, condition=condition, offender=seat,
                                  layer=run.layer)
    if not ruling.rules:
        if not ruling.assumption or ruling.assumption == rulings_data.DEFAULT_ASSUMPTION:
            ruling.assumption = rulings_data.EVENT_ASSUMPTION
    else:
        honours = next((b.honours for b in branches if b.condition == condition), None) or ""
        ruling.assumption = _exposure_assumption(ruling, card[1], run.exposed_ranks.get(seat, ""), honours,
                                                 run.exposed[seat])
    run.exposed_ranks[seat] = run.exposed_ranks.get(seat, "") + card[1]
    bars = run._bars(ruling, "exposed-card")
    auction.add_bars(bars)
    record["effect"] = "; ".join(must_pass(b.seat.full_name, b.scope) for b in bars) or "no one is barred"
    run._attach(record, ruling)
    run.records.append(record)


def call_after_close(run: _Run, event: Event) -> None:
    """A call made after the auction has closed: ruled (or not) by each edition's text; the
    auction stays closed unless the ruling says otherwise."""
    auction = run.auction
    call = _call_of(event)
    # No one's turn after the close: without a seat, the player after the last caller.
    seat = event.seat if event.seat is not None else auction.history[-1].seat.lho
    record = _base(event, seat)
    record["call"] = call
    closed = f"{auction.outcome}{' ' + str(auction.contract) if auction.contract else ''}"
    reason = f"{seat.full_name} called {call} after the auction had closed ({closed})"
    record.update(case=CALL_AFTER_CLOSE, irregularity=CALL_AFTER_CLOSE, reason=reason)
    ruling = rulings_data.resolve(CALL_AFTER_CLOSE, run.edition, offender=seat, layer=run.layer)
    run._attach(record, ruling)
    record["effect"] = "no effect: the auction stays closed" + _label(ruling)
    run.records.append(record)


def change(run: _Run, event: Event) -> None:
    """The player who made the last call changes it (``=2S`` a slip corrected in the same breath,
    ``>2S`` a change of mind; after ``[misinformed]``, a change under 2017:21.B)."""
    auction = run.auction
    run._check_not_ended(event)
    new = _call_of(event)
    index = _last_call_index(auction, event.seat)
    if index is None:
        raise BridgeLawsError(f"change {event.token!r} at position {event.index}: "
                              f"{'no call' if event.seat is None else event.seat.full_name + ' has made no call'} to change")
    original = auction.history[index]
    seat = original.seat
    manner: str | None
    if seat in run.misinformed:
        case = "mistaken-explanation"
        manner = "misinformed"
    else:
        case = "unintended-call"
        manner = event.manner
        if index != len(auction) - 1:
            raise BridgeLawsError(
                f"change {event.token!r} at position {event.index}: a change of call comes before "
                f"the next player calls, right after {seat.full_name}'s call")
    record = _base(event, seat)
    record.update(call=new, correction_of=_record_index_of(run, original, index), case=case,
                  irregularity=case,
                  reason=_CHANGE_REASONS[manner or ""].format(seat=seat.full_name, original=original.call, new=new))
    condition = first_holding(rulings_data.spec(case, run.edition, run.layer).when,
                              Situation(auction, seat, new, manner=manner))
    ruling = rulings_data.resolve(case, run.edition, condition=condition, offender=seat, layer=run.layer)
    if not ruling.rules and ruling.assumption == rulings_data.DEFAULT_ASSUMPTION:
        ruling.assumption = _CHANGE_ASSUMPTION
    run._attach(record, ruling)
    run.records.append(record)
    if ruling.effect.call_stands is not False:
        # The ruling's bars hold whether or not the change is made (1949 from 1959 Art. 29b1).
        bars = run._bars(ruling, case)
        auction.add_bars(bars)
        record["effect"] = (f"{original.call} stands; the change is not made"
                            + "".join(f"; {must_pass(b.seat.full_name, b.scope)}" for b in bars)
                            + _label(ruling))
        return
    closed = auction.is_over
    _replace_call(run, event, index, new, case, record["reason"], ruling)
    run.misinformed.discard(seat)
    record["effect"] = f"{new} replaces {original.call}"
    if closed:
        # The closing pass changed: the text applied does not say that the closed auction opens
        # again (docs/decisions/2026-12-02-fresh-reading-of-the-corpus-engine.md).
        record["effect"] += "; the auction is open again (assumption)"
        ruling.assumption = _joined(ruling.assumption, (
            f"The change was made right after the closing pass. {', '.join(ruling.articles[:1])} does not "
            "say that the auction, closed by that pass, is open again; the engine applies it as during "
            "the auction and continues the auction after the new call. An assumption, not law."))


def is_own_change(run: _Run, event: Event) -> bool:
    """A call written for the player who made the last call, before anyone else called: he
    changes his call (1932:16, 1936:22.1), which is no call out of rotation."""
    auction = run.auction
    if event.seat is None or auction.is_over or run.result.ended is not None or not len(auction):
        return False
    last = auction.history[-1]
    return last.seat == event.seat and last.counts_as is not None and run.pending_correction is None


def incident(run: _Run, event: Event) -> None:
    """Something that happens during the auction and is not a call: a review, a wrong board, a
    mistaken explanation, a comparable call, a cause for a new deal."""
    auction = run.auction
    run._check_not_ended(event)
    word = event.manner or ""
    case = "review-request" if word == "review" else INCIDENTS[word][0]
    seat = _incident_seat(auction, event)
    if auction.is_over and case not in _AFTER_CLOSE:
        raise _over(event, auction)
    if word in _ABOUT_THE_LAST_CALL and not any(r["kind"] == "call" and r["seat"] == seat for r in run.records):
        # Not a situation of any edition but a scenario that cannot happen: an input error for
        # all of them alike (not a difference between editions).
        raise BridgeLawsError(f"incident {event.token!r} at position {event.index}: {seat.full_name} has "
                              f"made no call yet, and [{word}] concerns his last call")
    record = _base(event, seat)
    record.update(case=case, reason=_INCIDENT_REASONS[word].format(seat=seat.full_name))
    condition = first_holding(rulings_data.spec(case, run.edition, run.layer).when,
                              Situation(auction, seat, manner=word))
    ruling = rulings_data.resolve(case, run.edition, condition=condition, offender=seat, layer=run.layer)
    if not ruling.rules and ruling.assumption == rulings_data.DEFAULT_ASSUMPTION:
        ruling.assumption = rulings_data.EVENT_ASSUMPTION
    run._attach(record, ruling)
    run.records.append(record)
    if word == "misinformed":
        run.misinformed.add(seat)  # his change of call, if he makes one, is judged as this case
    _apply_incident(run, event, record, case, seat, ruling)


def _incident_seat(auction: Auction, event: Event) -> Seat:
    """Who an incident concerns: the player it names; else the player to act; after the close, the
    player after the last caller (the dealer when no one has called)."""
    if event.seat is not None:
        return event.seat
    if not auction.is_over:
        return auction.state.next_seat
    return auction.history[-1].seat.lho if len(auction) else auction.dealer


def _apply_incident(run: _Run, event: Event, record: dict[str, Any], case: str, seat: Seat, ruling: Ruling) -> None:
    """What the incident's ruling does to the auction (its effect): a new deal ends it; a call
    cancelled with ``next: offender`` is made again; anything else leaves it as it is."""
    effect = ruling.effect
    auction = run.auction
    if not effect.rules:
        record["effect"] = "the auction is not changed (assumption)"
    elif effect.outcome is not None:
        # The text orders a new deal: the auction ends here (its outcome is the ruling's data).
        run.result.ended = (effect.outcome, tuple(ruling.articles))
        record["effect"] = f"the auction ends: {effect.outcome}"
    elif effect.call_stands is False and effect.next == "offender":
        index = _last_call_index(auction, seat)
        if index is None:
            raise BridgeLawsError(f"{event.token!r} at position {event.index}: "
                                  f"{seat.full_name} has made no call to cancel")
        original = auction.history[index]
        closed = auction.is_over
        later = auction.rewind(index)
        for entry in later:
            auction.record(Entry(entry.seat, entry.call, case, "cancelled: " + record["reason"],
                                 effect="void", ruling=ruling))
        auction.set_next(seat)
        record["effect"] = (f"{original.call} is cancelled" + (" with the calls after it" if len(later) > 1 else "")
                            + f"; {seat.full_name} calls again")
        if closed:
            ruling.assumption = _joined(ruling.assumption, (
                "The call was found to be made with a wrong board's cards only after the auction had closed. "
                f"The engine applies {', '.join(ruling.articles[:1])} as during the auction: the call is "
                "cancelled and the auction is open again. Whether the code treats a discovery after the close "
                "otherwise is not in what was read. An assumption, not law."))
        if effect.lho_repeats:
            _await_repeat(run, ruling, seat, later)
    else:
        record["effect"] = "the auction is not changed"


def _await_repeat(run: _Run, ruling: Ruling, seat: Seat, later: list[Entry]) -> None:
    """2007:17.D.2: where the offender's left-hand opponent called over the cancelled call, he must
    repeat that call, and the director awards artificial adjusted scores if the offender's new call
    differs from the cancelled one or his partner had called after it. The duty is set once the
    offender has called again (:func:`repeat_owed`); the scores are said on the card."""
    cancelled, over = later[0], later[1] if len(later) > 1 else None
    if over is None or over.seat != seat.lho or over.counts_as is None:
        return
    article = ruling.effect.lho_repeats
    if any(entry.seat == seat.partner for entry in later[2:]):
        ruling.assumption = _joined(ruling.assumption, (
            f"{seat.partner.full_name} had called after the cancelled call, so {article} has the director "
            "award artificial adjusted scores; the engine continues the auction to show the calls. "
            "An assumption, not law."))
    if cancelled.counts_as is None:
        return
    run.awaiting_repeat = (seat, cancelled.counts_as, over.seat, over.counts_as, ruling)


def repeat_owed(run: _Run, seat: Seat, made: Call) -> None:
    """The offender of a cancelled call (2007:17.D.2) has called again: if he repeated the cancelled
    call, his left-hand opponent now owes the repetition of the call he had made over it; if not,
    the card says the director awards artificial adjusted scores (the engine shows the auction go on)."""
    if run.awaiting_repeat is None or run.awaiting_repeat[0] != seat:
        return
    _, cancelled, lho, repeat, ruling = run.awaiting_repeat
    run.awaiting_repeat = None
    article = ruling.effect.lho_repeats or ""
    if made == cancelled:
        run.result.duties = [*run.result.duties, Duty(lho, "repeat", "repeat", (article,), ruling.case, repeat)]
        return
    ruling.assumption = _joined(ruling.assumption, (
        f"{seat.full_name}'s new call {made} is not his cancelled {cancelled}, and {lho.full_name} had called "
        f"over it: taken as a call that differs ({article}, footnote 1 judges by meaning), it has the director "
        "award artificial adjusted scores; the engine continues the auction to show the calls. An "
        "assumption, not law."))


def _record_index_of(run: _Run, entry: Entry, index: int) -> int | None:
    """The token position of the call that made the auction's entry ``index``."""
    calls = [r for r in run.records if r["kind"] in ("call", "change") and r.get("call") is not None
             and r["seat"] == entry.seat and r["call"] == entry.call]
    return calls[-1]["index"] if calls else None


def _replace_call(run: _Run, event: Event, index: int, new: Call, case: str, reason: str, ruling: Ruling) -> None:
    """Put ``new`` in the place of the entry ``index``; the calls after it are made again as they
    were (each must still be proper)."""
    auction = run.auction
    original = auction.history[index]
    later = auction.rewind(index)[1:]
    if any(entry.irregularity is not None or entry.effect != "made" for entry in later):
        raise BridgeLawsError(
            f"change {event.token!r} at position {event.index}: the calls after "
            f"{original.seat.full_name}'s {original.call} include an irregularity; the engine "
            f"replays only proper calls after a change")
    auction.record(Entry(original.seat, original.call, case, reason, effect="void", ruling=ruling))
    problem = auction.irregularity(new, original.seat)
    if problem is not None:
        raise BridgeLawsError(f"change {event.token!r} at position {event.index}: {new} is not a "
                              f"proper call here ({problem[1]})")
    auction.call(new, original.seat)
    for entry in later:
        problem = auction.irregularity(entry.call, entry.seat)
        if problem is not None:
            raise BridgeLawsError(
                f"change {event.token!r} at position {event.index}: after it, "
                f"{entry.seat.full_name}'s {entry.call} is no longer proper ({problem[1]})")
        auction.call(entry.call, entry.seat)
