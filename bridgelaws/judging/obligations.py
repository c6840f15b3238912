"""What a ruling obliges a player to do at his next turn, kept until he does it: the offender's
replacement of his call, a call to repeat (2007:17.D.2, Law 31A1), no double at that turn
(2007:30.B.2.b), and what Law 31 makes of the calls that follow a cancelled call out of rotation.

The duties are kept in the auction's state (:class:`bridgelaws.judging.judgement.Duty`,
``Auction.set_duties``), as the bars are, so that calls taken back take back what they imposed;
the control flow that calls these functions is :class:`bridgelaws.judging.judging._Run`. Where two
duties meet and no text orders them, the card says what the engine does, as an assumption.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..auction.auction import Bar
from ..auction.calls import Call, Seat
from ..auction.notation import Event
from ..text.errors import BridgeLawsError
from ..text.words import must_pass
from .judgement import Duty, _joined
from .rulings import Ruling

if TYPE_CHECKING:
    from .effects import _PendingCorrection
    from .judging import _Run


def correction_owed(run: _Run) -> _PendingCorrection | None:
    """The replacement still owed, if any: none once the calls that imposed it were taken back."""
    correction = run.pending_correction
    if correction is not None and not any(d.kind == "replace" and d.seat == correction.offender
                                          for d in run.result.duties):
        correction = run.pending_correction = None
    return correction


def after_call(run: _Run, seat: Seat, call: Call, record: dict[str, Any],
               correction: _PendingCorrection | None) -> None:
    """After a call that was not the offender's replacement: a repetition or a Law 31 bar it brings,
    and the replacement still owed, kept or given way to a bar, as the card says."""
    from . import incidents

    if run.awaiting_repeat is not None and record.get("case") is None:
        incidents.repeat_owed(run, seat, call)
    if run.after_rho is not None and record.get("case") is None:
        follow_law_31(run, seat, call)
    if correction is not None and run.pending_correction is correction:
        note_bound_and_barred(run, correction, record)
    if correction is not None and run.pending_correction is correction:
        note_duty_kept(run, correction, record)


def after_ruling(run: _Run, seat: Seat, proper: Seat, call: Call, record: dict[str, Any], ruling: Ruling) -> None:
    """What a ruling on a call leaves owed: Law 31's sequel (the right-hand opponent's call first at
    his turn, 31A; else the offender's own next call, 31B2), and no double for the partner
    (2007:30.B.2.b)."""
    effect = ruling.effect
    if run.auction.is_over:
        return
    if effect.repeat_if_rho_passes or effect.next_call_bars:
        run.after_rho = (seat, proper if proper == seat.rho else None, call, record, ruling)
    if effect.partner_no_double:
        run.result.duties = [*run.result.duties,
                             Duty(seat.partner, "no-double", "no-double", (effect.partner_no_double,), ruling.case)]


def after_irregular_replacement(run: _Run, owed: _PendingCorrection, record: dict[str, Any]) -> None:
    """The offender's replacement was itself irregular and has been ruled: where that ruling set no
    duty of its own, the first stands while the turn is his; a bar on him overrides it (the card says so)."""
    auction = run.auction
    if auction.is_over or run.result.ended is not None or run.pending_correction is not None:
        return
    if auction.bar_of(owed.offender) is not None:
        note_bound_and_barred(run, owed, record)
    elif auction.state.next_seat == owed.offender:
        owe(run, owed)  # his call was cancelled: he still owes the replacement
    elif record.get("ruling") is not None:
        # The irregular replacement stands (a ruling, or the engine's default, let it): the duty ends
        # with it, which no text says.
        ruling = record["ruling"]
        ruling.assumption = _joined(ruling.assumption, (
            f"{owed.offender.full_name} owed the replacement of his {owed.original} "
            f"({owed.ruling.articles[0]}); his {record.get('call')}, itself irregular, stands, and the engine "
            "takes it as that replacement. An assumption, not law."))


def owe(run: _Run, correction: _PendingCorrection | None) -> None:
    """The offender's duty to replace his call: set, or met (None). It stays with him, whoever
    calls in between, until he calls again, a call over it accepts it, or a bar overrides it."""
    run.pending_correction = correction
    duties = [duty for duty in run.result.duties if duty.kind != "replace"]
    if correction is None and len(duties) == len(run.result.duties):
        return  # nothing owed to take back
    if correction is not None:
        duties.append(Duty(correction.offender, "replace", correction.ruling.effect.requires,
                           tuple(correction.ruling.articles[:1]), correction.ruling.case))
    run.result.duties = duties


def meet_duties(run: _Run, event: Event, seat: Seat, call: Call) -> str | None:
    """A call at the player's own turn meets his duties to repeat a call (2007:17.D.2) or not to
    double (2007:30.B.2.b), or breaks one: a call the text forbids is refused with its article
    (no text read gives a rectification for it). Where he also owes a replacement, the replacement's
    ruling judges the call, and the note returned (for its card) says that the other rule forbids it
    too. His duty to replace a call is met by
    :meth:`bridgelaws.judging.judging._Run._correct`."""
    if seat != run.auction.state.next_seat or run.auction.is_over:
        return None
    mine = [duty for duty in run.result.duties if duty.seat == seat and duty.kind != "replace"]
    # Where he also owes the replacement of a call, that ruling judges what he calls now (2007/2017
    # 27B3 rectifies a double in its place, where 30B2(b) only forbids one).
    replacing = next((duty for duty in run.result.duties if duty.seat == seat and duty.kind == "replace"), None)
    note = None
    for duty in mine:
        if replacing is not None and not duty.allows(call):
            note = (f"{', '.join(duty.articles)} also forbids {seat.full_name} this {call}; the engine rules it by "
                    f"{', '.join(replacing.articles)}, the rule that gives a rectification for it. An assumption, "
                    "not law.")
        if replacing is None and not duty.allows(call):
            what = (f"must repeat his {duty.call}" if duty.kind == "repeat"
                    else "may not double or redouble at this turn")
            raise BridgeLawsError(f"{event.token!r} at position {event.index}: {seat.full_name} {what} "
                                  f"({', '.join(duty.articles)}); what follows such a call is not in what "
                                  "was read (a gap), so the engine does not play it")
    if mine:
        run.result.duties = [duty for duty in run.result.duties if duty not in mine]
    return note


def follow_law_31(run: _Run, seat: Seat, call: Call) -> None:
    """2007/2017 Law 31, once the right-hand opponent has called in turn: if he passed, the
    offender owes the repetition of his call (31A1); if he acted, or where the call out of
    rotation was made at another turn (31B2), the offender's own next call decides his partner's
    bar (the first entry of ``next_call_bars`` whose denomination fits). The card of the call out
    of rotation says what followed."""
    assert run.after_rho is not None  # the caller checks
    offender, rho, original, original_record, ruling = run.after_rho
    effect = ruling.effect
    if rho is not None:
        if seat != rho:
            return
        if call.is_pass and effect.repeat_if_rho_passes:
            run.after_rho = None
            article = effect.repeat_if_rho_passes
            if run.auction.irregularity(original, offender) is not None:
                # 31A1 frees a legal repetition; one that is no legal call now (an insufficient bid
                # made out of turn) is not required: what follows is a gap of what was read.
                original_record["effect"] += (f"; {rho.full_name} passed, so {offender.full_name} would "
                                              f"repeat his {original} ({article}), which is no legal call "
                                              "now: no duty is set (what follows is not in what was read)")
                return
            run.result.duties = [*run.result.duties,
                                 Duty(offender, "repeat", "repeat", (article,), ruling.case, original)]
            original_record["effect"] += (f"; {rho.full_name} passed, so {offender.full_name} must repeat "
                                          f"his {original} ({article})")
            return
        run.after_rho = (offender, None, original, original_record, ruling)
        return
    if seat != offender:
        return
    run.after_rho = None
    same = call.is_bid and original.is_bid and call.strain == original.strain
    rule = next((r for r in effect.next_call_bars
                 if r.denomination == "any" or (r.denomination == "same") == same), None)
    if rule is None:
        return
    run.auction.add_bars([Bar(offender.partner, rule.scope, rule.article, ruling.case)])
    original_record["effect"] += (f"; then {offender.full_name} called {call}: "
                                  f"{must_pass(offender.partner.full_name, rule.scope)} ({rule.article})")


def note_duty_kept(run: _Run, correction: _PendingCorrection, record: dict[str, Any]) -> None:
    """Another player's call was ruled while the offender still owed his replacement, and the
    turn does not come back to him at once: no text orders the two, so the card of that call
    says that the duty waits for his next turn (the engine's order, an assumption)."""
    ruling = record.get("ruling")
    auction = run.auction
    if ruling is None or auction.is_over or run.result.ended is not None \
            or auction.state.next_seat == correction.offender:
        return
    offender = correction.offender
    note = (f"{offender.full_name} still owes the replacement of his {correction.original} "
            f"({correction.ruling.articles[0]}), to be made against the auction as it then stands; the "
            "texts applied do not say how that duty and this ruling meet: the engine keeps the duty "
            "until his next turn. An assumption, not law.")
    ruling.assumption = _joined(ruling.assumption, note)


def note_bound_and_barred(run: _Run, correction: _PendingCorrection, record: dict[str, Any]) -> None:
    """The offender had to make his insufficient bid sufficient (1936:22.3) when another player's
    call was ruled, and that ruling bars him (1936:22.5.b, 22.6): the text does not say which
    comes first; the card of that call says what the engine does, and the duty gives way to the
    bar (he may only pass). Without a bar, the duty stays for his next turn."""
    offender = correction.offender
    bar = run.auction.bar_of(offender)
    ruling = record.get("ruling")
    if bar is None or run.auction.is_over:
        return
    owe(run, None)
    if ruling is None:
        return
    insufficient = correction.original
    if not insufficient.is_bid:  # a double or redouble he had to replace (2007/2017:36B)
        ruling.assumption = _joined(ruling.assumption, (
            f"{offender.full_name} was bound to replace his {insufficient} ({correction.ruling.articles[0]}) "
            f"and is now also barred ({bar.article}). The text does not say which comes first; the engine "
            f"applies the bar: he may only pass, and his {insufficient} stays void. An assumption, not law."))
        return
    note = (f"{offender.full_name} was bound to make his insufficient {insufficient} sufficient "
            f"({correction.ruling.articles[0]}) and is now also barred ({bar.article}). The text does not "
            "say which comes first; the engine applies the bar: he may only pass, his "
            f"{insufficient} stays void, and the bar that {correction.ruling.articles[0]} would have put "
            "on his partner with the replacing bid is not imposed. An assumption, not law.")
    ruling.assumption = _joined(ruling.assumption, note)
