"""Play a scenario through one edition: detect each irregularity, rule on it from that edition's own
text (``data/rulings``), and continue the auction as the ruling says.

What the engine does with an irregular call, in order:

1. It names the case (:func:`detect`): out of rotation first (a call by the wrong player is
   irregular whatever it is), then a call by a barred player, a bid above seven, an insufficient bid,
   an inadmissible double, a double naming the wrong bid; a pass that would close the auction after a
   player lost his turn is ``skipped-turn-at-end``.
2. It looks the ruling up for the edition and applies it: the call stands, is void, or is deemed
   another call; players are barred; the offender must replace his call; the player whose turn it
   was calls next.
3. Where the text is silent or only points to an article outside the corpus, it applies one
   documented default, labelled as an assumption: the call stands as made and the auction continues
   in rotation after it.
4. Where the text lets a call over the irregular call accept it (1936:22.2 "opvolgend een
   bieding", 22.4 "een andere speler", 22.5 "een ander"), a call written with the seat of any
   player other than the offender (``E:2H``) right after it accepts it: the ruling is withdrawn
   and the call stands as if proper and in turn. (A call written without a seat is the auction
   continuing after the ruling.) The PBN marks ``^I`` (before an insufficient bid) and ``^S``
   (in the place of a skipped player) record such an acceptance at the table.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from . import incidents, obligations
from . import rulings as rulings_data
from ..auction.auction import Auction, Bar, Entry
from ..auction.calls import PASS, Call, Seat, parse_seat
from .conditions import Situation, first_holding
from .detect import CALL_WHEN_BARRED, _skip_point, detect
from .effects import CORRECTIONS, EFFECTS, _Act, _PendingCorrection
from ..auction.editions import DEFAULT_EDITION, Edition
from .lookup import find_edition
from ..text.errors import BridgeLawsError, InternalError
from .incidents import CALL_AFTER_CLOSE
from .judgement import Judgement, NoLegalCall, _base, _call_of, _joined, _label, _over, strongest_bars
from ..auction.notation import Event, parse_scenario
from .records import EventRecord
from .rights import CONSULTED, choose
from .ruling_effect import OptionEffect
from .rulings import Ruling
from ..text.vocabulary import ALL_PASS_OUTCOMES, DEFAULT_LAYER, Layer
from ..text.words import must_pass

#: What other modules and the tests import from here (among them names defined in detect.py,
#: judgement.py, incidents.py and rights.py).
__all__ = ["CALL_AFTER_CLOSE", "CALL_WHEN_BARRED", "CONSULTED", "EventRecord", "Judgement", "NoLegalCall",
           "detect", "judge", "parse_scenario", "strongest_bars", "_calls_over", "_label"]

_MARK_CASES = {"^I": ("insufficient-bid",),
               "^S": ("pass-out-of-rotation", "bid-out-of-rotation", "double-out-of-rotation")}




def judge(scenario: str | list[str], edition: str | Edition = DEFAULT_EDITION, dealer: str | Seat = "N", *,
          partial: bool = False, layer: str | Layer = DEFAULT_LAYER) -> Judgement:
    """Run ``scenario`` (the notation of :mod:`bridgelaws.auction.notation`) under ``edition``.

    Where the edition cannot go on, :class:`BridgeLawsError` is raised; with ``partial=True`` the
    judgement of the tokens before the one that cannot be played is returned instead, with
    :attr:`Judgement.error` and :attr:`Judgement.stopped_at` set. A token that cannot be read
    raises in both modes.

    ``layer``: ``"supplement"`` (the default, :data:`~bridgelaws.text.vocabulary.DEFAULT_LAYER`): where
    the corpus excerpt is silent on a case or only points elsewhere, the engine applies the supplementary
    ruling of ``data/supplement/`` if there is one (status ``supplement``, carrying its source);
    ``"corpus"`` reads the corpus alone.
    """
    run = _Run(find_edition(edition), parse_seat(dealer, " (dealer)"), rulings_data.check_layer(layer))
    return _play(run, parse_scenario(scenario), 0, partial)


def _play(run: _Run, events: list[Event], start: int, partial: bool = False) -> Judgement:
    """Play ``events[start:]`` on ``run`` (which has played ``events[:start]``, with no mark waiting
    for its call and no option of ``events[start:]`` belonging to a call before ``start``), and
    finish it: :func:`judge`'s loop, and what it does when an event cannot be played."""
    marks: list[Event] = []  # PBN marks precede the call they belong to
    position = start
    try:
        for position in range(start, len(events)):
            event = events[position]
            if event.kind == "mark":
                marks.append(event)
                continue
            if event.kind == "option":
                run.attachment(event)
                continue
            choices: list[str] = []
            run.option_events = []
            # The options that follow, read in place (a slice of the rest would copy it for every
            # event: quadratic in a long scenario).
            for later_position in range(position + 1, len(events)):
                later = events[later_position]
                if later.kind != "option":
                    break
                assert later.choice is not None  # an option token always names its choice
                choices.append(later.choice)
                run.option_events.append(later)
            if event.kind == "exposure":
                incidents.exposure(run, event)
            elif event.kind == "change" or (event.kind == "call" and not marks and incidents.is_own_change(run, event)):
                if choices:
                    raise BridgeLawsError(
                        f"option '#{choices[0]}' after {event.token!r} at position {event.index}: "
                        f"a change of call offers nothing to choose")
                incidents.change(run, event)
            elif event.kind == "incident":
                incidents.incident(run, event)
            else:
                run.call(event, marks, choices)
                marks = []
    except BridgeLawsError as error:
        if not partial:
            raise
        # The run stopped inside this event; the events before it (and before the marks that
        # belong to it) played without error, so they are judged again on their own, cleanly.
        first = position - len(marks)
        result = judge([e.token for e in events[:first]], run.edition, run.result.dealer, layer=run.layer)
        result.error, result.stopped_at = str(error), events[first].index
        return result
    except InternalError:
        raise
    except Exception as error:
        # Anything but a refusal is a defect of the engine, never the user's mistake: it is named
        # as such, with the token it showed at, and no caller reads it as "cannot be played".
        event = events[position]
        raise InternalError(f"internal error at {event.token!r} (position {event.index}) under "
                            f"{run.edition.year}: {type(error).__name__}: {error}") from error
    return run.finish()


class _PendingAcceptance(NamedTuple):
    """An irregular call that a call over it may still accept (1936:22.2)."""

    record: dict[str, Any]
    snapshot: Auction  # the auction before the ruling was applied
    offender: Seat
    case: str
    reason: str
    call: Call
    marks: tuple[str, ...]


class _Run:
    """The state of one judged scenario: the auction plus what an irregularity left pending."""

    def __init__(self, edition: Edition, dealer: Seat, layer: Layer = Layer.CORPUS):
        self.edition = edition
        self.layer = layer
        self.auction = Auction(edition, dealer)
        self.result = Judgement(edition, dealer, self.auction, layer=layer)
        self.pending_acceptance: _PendingAcceptance | None = None
        self.pending_correction: _PendingCorrection | None = None
        #: 2007:17.D.2: after a call cancelled for a wrong board, the offender, his cancelled call, the
        #: left-hand opponent who called over it, that call, and the ruling (incidents.repeat_owed).
        self.awaiting_repeat: tuple[Seat, Call, Seat, Call, Ruling] | None = None
        #: 2007/2017 Law 31A: a call out of rotation at the right-hand opponent's turn, cancelled. What
        #: that opponent's call, then the offender's own next call, bring (:func:`obligations.follow_law_31`): the
        #: offender, the opponent (None once he has acted), the call, its record, its ruling.
        self.after_rho: tuple[Seat, Seat | None, Call, dict[str, Any], Ruling] | None = None
        self.exposed: dict[Seat, int] = {}
        # Players who made a call after an opponent's mistaken explanation (2017:21.B.1): a change
        # of call they make next is judged as that case.
        self.misinformed: set[Seat] = set()
        # The option tokens after the event being played (W:#cancel names who exercised the right).
        self.option_events: list[Event] = []
        self.choice_note: str | None = None  # a later choice without effect (1936:21.2)
        self.exposed_cards: dict[str, Event] = {}  # each card exposed so far, by its exposure
        self.exposed_ranks: dict[Seat, str] = {}  # the ranks each player has exposed so far, in order
        # Drafts of the events, filled in as rulings are applied (a later call can still change an
        # earlier one: an acceptance, a correction's choice); finish() turns them into EventRecords.
        self.records: list[dict[str, Any]] = []

    def finish(self) -> Judgement:
        self.result.events = [EventRecord.from_draft(record) for record in self.records]
        correction = self.pending_correction
        if (correction is not None and self.auction.outcome == "open" and self.result.pending_requirement
                and self.result.ended is None and not self.result.has_legal_call()):
            above = rulings_data.generic_ruling("bid-above-seven", self.edition)
            last_bid = self.auction.last_bid
            self.result.no_legal_call = NoLegalCall(
                correction.offender, self.result.pending_requirement, tuple(correction.ruling.articles[:1]),
                str(last_bid), tuple(above.articles[:1]) if above.status == "ruled" else ())
        return self.result

    # --- events ------------------------------------------------------------------------------------

    def attachment(self, event: Event, target_index: int | None = None) -> None:
        if target_index is None:
            target_index = next(r for r in reversed(self.records) if r["kind"] == "call")["index"]
        record = _base(event, None)
        record.update(mark=event.mark, choice=event.choice, applies_to=target_index)
        self.records.append(record)


    def call(self, event: Event, mark_events: list[Event], choices: list[str]) -> None:
        auction = self.auction
        self._check_not_ended(event)
        if auction.is_over and not mark_events and not choices:
            incidents.call_after_close(self, event)
            return
        if auction.is_over:
            raise _over(event, auction)
        for mark in mark_events:
            self.attachment(mark, event.index)
        marks = [m.mark for m in mark_events if m.mark is not None]
        call = _call_of(event)
        seat = event.seat if event.seat is not None else auction.state.next_seat  # not over: someone is to act
        if event.seat is None and "^S" in marks:
            # Each ^S stands in the place of a skipped player: the call is made by the one after.
            seat = Seat((seat + marks.count("^S")) % 4)
        if self.pending_acceptance is not None:
            pending, self.pending_acceptance = self.pending_acceptance, None
            if _calls_over(pending, event, seat):
                self._accept(*pending, caller=seat)
                auction = self.auction
        record = _base(event, seat)
        record["call"] = event.call
        note = obligations.meet_duties(self, event, seat, call)
        correction = obligations.correction_owed(self)
        if correction is not None and seat == correction.offender:
            # The duty is met by his call now, whatever came between (an obligation lasts until met).
            self._owe(None)
            self._correct(event, record, choices, *correction)
            if note is not None and record.get("ruling") is not None:
                record["ruling"].assumption = _joined(record["ruling"].assumption, note)
            return
        self._judge_call(event, record, call, seat, marks, choices)
        obligations.after_call(self, seat, call, record, correction)

    def _judge_call(self, event: Event, record: dict[str, Any], call: Call, seat: Seat, marks: list[str],
                    choices: list[str]) -> None:
        auction = self.auction
        problem = detect(auction, call, seat, event.named, self.layer)
        if problem is None:
            if marks:
                raise BridgeLawsError(
                    f"mark {marks[0]!r} before {event.token!r} at position {event.index}: "
                    f"that call is proper, there is no irregularity to accept")
            if choices:
                raise BridgeLawsError(
                    f"option '#{choices[0]}' after {event.token!r} at position {event.index}: "
                    f"that call is proper, there is nothing to choose")
            auction.call(call, seat)
            record.update(case=None, irregularity=None, reason=None)
            if auction.outcome in ALL_PASS_OUTCOMES:
                # The situation "all four pass": the ruling says what the edition's text does now.
                ruling = rulings_data.resolve("all-pass", self.edition, offender=seat, layer=self.layer)
                _note_closed_by_reading(auction, ruling)
                record.update(case="all-pass", reason="all four players passed")
                self._attach(record, ruling)
                record["effect"] = auction.outcome
            self.records.append(record)
            return
        case, reason = problem
        record.update(case=case, irregularity=case, reason=reason)
        self.records.append(record)
        if marks:
            self._marked(event, record, seat, case, reason, marks)
            return
        self._rule(event, record, seat, case, reason, choices)

    def _owe(self, correction: _PendingCorrection | None) -> None:
        """The offender's duty to replace his call, set or met (:func:`obligations.owe`)."""
        obligations.owe(self, correction)

    # --- rulings -----------------------------------------------------------------------------------

    def _rule(self, event: Event, record: dict[str, Any], seat: Seat, case: str, reason: str,
              choices: list[str]) -> None:
        auction = self.auction
        state = auction.state
        proper = state.next_seat
        call = _call_of(event)
        ruling = rulings_data.resolve(case, self.edition, condition=self._condition(case, call, seat, event.named),
                                      offender=seat, first_bidder=self._first_bidder(seat), layer=self.layer)
        self._attach(record, ruling)
        if case == "skipped-turn-at-end":
            self._skipped_turn(event, record, seat, ruling)
            return
        if not ruling.rules:
            auction.record(Entry(seat, call, case, reason, True, effect="made", ruling=ruling))
            record["effect"] = "stands (assumption)"
            if call.is_pass and not auction.is_over and auction.edition.after(
                    state.seen_from(seat), PASS).over:
                _note_kept_open(auction, ruling)
            if call.is_pass and auction.is_over:
                _note_closed_by_reading(auction, ruling)
            return
        out_of_turn = rulings_data.spec(case, self.edition, self.layer).out_of_turn
        turn_to = None
        if out_of_turn is not None and seat != proper:
            # 1936:22.6 names the call wherever it was made; who calls next it does not say. The
            # entry's own assumption speaks of a call made in turn: this one replaces it.
            turn_to = proper
            ruling.assumption = out_of_turn
        bars = self._bars(ruling, case)
        choice = choose(self, ruling, choices, event)
        if choice is not None:
            record["choice"] = choice.choice
            ruling.chosen = choice.choice
            bars += _option_bars(choice, case)
        if choice is not None and choice.assumption:
            ruling.assumption = " ".join(filter(None, [ruling.assumption, choice.assumption]))
        self._attach(record, ruling)  # the choice and its assumption belong to the ruling shown
        effect = ruling.effect
        # The auction before the ruling, kept only for a ruling that a call over it may accept: a
        # copy for every ruled call made a scenario of n irregular calls copy n histories.
        before = auction.copy() if effect.acceptance else None
        act = _Act(seat, call, case, reason, ruling, bars, record, proper, turn_to)
        EFFECTS[effect.applied](self, act)
        obligations.after_ruling(self, seat, proper, call, record, ruling)
        if self.choice_note is not None:
            record["effect"] = f"{record['effect']}; {self.choice_note}"
            self.choice_note = None
        if before is not None:
            self.pending_acceptance = _PendingAcceptance(record, before, seat, case, reason, call, ())

    def _cancel_partners_double(self, seat: Seat, call: Call, case: str, reason: str, ruling: Ruling,
                                bars: list[Bar], record: dict[str, Any], turn_to: Seat | None = None) -> None:
        # 1936:22.6.a: the offender is deemed to have passed, and his partner's double is void.
        auction = self.auction
        index: int | None
        for index in range(len(auction) - 1, -1, -1):
            entry = auction.history[index]
            if entry.seat == seat.partner and entry.counts_as is not None and not entry.counts_as.is_pass:
                break
        else:
            index = None
        doubled = auction.history[index].counts_as if index is not None else None
        if index is None or doubled is None or not (doubled.is_double or doubled.is_redouble):
            raise BridgeLawsError("there is no double or redouble of the offender's partner to cancel")
        later = auction.rewind(index)
        cancelled = later[0]
        auction.record(Entry(cancelled.seat, cancelled.call, cancelled.irregularity, cancelled.reason,
                             cancelled.accepted, cancelled.marks, effect="void", ruling=ruling))
        for entry in later[1:]:
            auction.record(entry)
        auction.record(Entry(seat, call, case, reason, effect="deemed", deemed=PASS, ruling=ruling), bars=bars,
                       next_seat=turn_to)
        record["effect"] = f"deemed a pass; {seat.partner.full_name}'s {cancelled.call} cancelled" + (
            f"; {turn_to.full_name} calls (assumption)" if turn_to is not None else "")

    def _correct(self, event: Event, record: dict[str, Any], choices: list[str],
                 original_record: dict[str, Any], offender: Seat, ruling: Ruling, original: Call) -> None:
        """The offender replaces his insufficient bid (1936:22.3)."""
        auction = self.auction
        call = _call_of(event)
        problem = auction.irregularity(call, offender)
        record["correction_of"] = original_record["index"]
        if problem is not None and problem[0] == "bid-above-seven":
            # "meer dan zeven trekken biedt ... om een bod voldoende te maken": 22.6.c's own case.
            case, reason = problem
            record.update(case=case, irregularity=case, reason=reason)
            self.records.append(record)
            self._rule(event, record, offender, case, reason, choices)
            return
        effect = ruling.effect
        if effect.requires == "sufficient-bid" and (problem is not None or not call.is_bid):
            possible = _sufficient_bids(auction)
            hint = (f"the sufficient bids are {possible[0]} to {possible[-1]}" if possible else
                    "no bid up to seven is sufficient, and the text names no other way "
                    "(a bid of more than seven falls under 22.6.c)")
            raise BridgeLawsError(
                f"{event.token!r} at position {event.index}: {', '.join(ruling.articles[:1])} requires "
                f"{offender.full_name} to make the bid sufficient; {call} is not a sufficient bid: {hint}")
        lowest = _lowest_sufficient(auction, original)
        # The option whose correction this bid is (1936:22.3.a or b), if the ruling offers one.
        option = next((o for o in effect.options
                       if o.choice in CORRECTIONS and CORRECTIONS[o.choice](call, lowest)), None)
        if effect.requires == "no-double" and problem is None and (call.is_double or call.is_redouble):
            self._forbidden_correction(event, record, call, original_record, offender, ruling, original, option)
            return
        if problem is not None:
            # The replacement is itself irregular (a second inadmissible double, 2007/2017:36): it is
            # ruled as what it is; where that ruling sets no duty of its own, the first one stands.
            record.update(case=problem[0], irregularity=problem[0], reason=problem[1])
            self.records.append(record)
            self._rule(event, record, offender, problem[0], problem[1], choices)
            obligations.after_irregular_replacement(
                self, _PendingCorrection(original_record, offender, ruling, original), record)
            return
        auction.call(call, offender)
        record.update(case=None, irregularity=None, reason=None, correction_of=original_record["index"])
        if option is not None:
            auction.add_bars(_option_bars(option, ruling.case))
            original_record["choice"] = option.choice
            ruling.chosen = option.choice
            self._attach(original_record, ruling)
            record["effect"] = f"replaces {original}: {option.text}"
        else:
            record["effect"] = f"{call} replaces {original}"
        self.records.append(record)

    def _forbidden_correction(self, event: Event, record: dict[str, Any], call: Call,
                              original_record: dict[str, Any], offender: Seat, ruling: Ruling, original: Call,
                              option: OptionEffect | None) -> None:
        """A double or redouble put in the place of an insufficient bid where the ruling forbids it
        (2007/2017:27.B.3): the attempt is cancelled, the bars of the ruling's option for it apply,
        and the offender must still replace his bid. Without such an option, one error line."""
        if option is None:
            raise BridgeLawsError(
                f"{event.token!r} at position {event.index}: a double or redouble may not replace "
                f"{offender.full_name}'s insufficient {original} ({', '.join(ruling.articles[:1])})")
        bars = _option_bars(option, ruling.case)
        reason = (f"{offender.full_name} tried to replace his insufficient {original} by {call}, "
                  f"which may not replace it ({option.article})")
        self.auction.record(Entry(offender, call, ruling.case, reason, effect="void", ruling=ruling),
                            next_seat=offender, bars=bars)
        record.update(case=ruling.case, irregularity=ruling.case, reason=reason)
        # Its card: the ruling that forbids it, with the option that rules the attempt chosen (27B3).
        self._attach(record, dataclasses.replace(ruling, chosen=option.choice))
        record["effect"] = "; ".join(
            [f"cancelled ({option.article})"] + [must_pass(b.seat.full_name, b.scope) for b in bars]
            + [f"{offender.full_name} must still replace his {original}"])
        self.records.append(record)
        # The correction is still owed.
        self._owe(_PendingCorrection(original_record, offender, ruling, original))

    def _accept(self, record: dict[str, Any], snapshot: Auction, offender: Seat, case: str, reason: str,
                call: Call, marks: tuple[str, ...], *, caller: Seat | None = None) -> None:
        """A call over the irregular call accepted it: withdraw the ruling (1936:22.2)."""
        self.auction = snapshot
        self.result.auction = snapshot
        self._owe(None)
        if self.after_rho is not None and self.after_rho[3] is record:
            self.after_rho = None  # accepted (29A): nothing of 31A follows
        ruling = rulings_data.acceptance_ruling(case, self.edition, offender, record.get("ruling"), caller=caller)
        snapshot.record(Entry(offender, call, case, reason, True, tuple(marks), effect="made", ruling=ruling))
        self._attach(record, ruling)
        record["effect"] = "accepted: stands as if proper and in turn"
        record.pop("choice", None)

    def _marked(self, event: Event, record: dict[str, Any], seat: Seat, case: str, reason: str,
                marks: list[str]) -> None:
        for mark in marks:
            if case not in _MARK_CASES[mark]:
                raise BridgeLawsError(
                    f"mark {mark!r} before {event.token!r} at position {event.index} does not fit: "
                    f"the call is irregular as {case} ({reason})")
        base = rulings_data.resolve(case, self.edition, offender=seat, layer=self.layer)
        if base.effect.acceptance:
            ruling = rulings_data.acceptance_ruling(case, self.edition, seat, base)
            ruling.assumption = _joined(ruling.assumption, (
                f"No call is written after it: the engine takes the table's mark (PBN {' '.join(marks)}) for the "
                f"call over it that {', '.join(ruling.articles[:1])} speaks of. An assumption, not law."))
        else:
            ruling = base
            ruling.call_stands = True
            ruling.assumption = (
                f"Recorded as accepted at the table (PBN {' '.join(marks)}); {self.edition.year}'s text "
                "gives no rule for accepting it, so the engine lets it stand. An assumption, not law.")
        call = _call_of(event)
        turn = self.auction.state.next_seat
        self.auction.record(Entry(seat, call, case, reason, True, tuple(marks), ruling=ruling))
        self._attach(record, ruling)
        record["effect"] = f"accepted ({' '.join(marks)})"
        if call.is_pass and self.auction.is_over and seat != turn:
            closing = self.auction.closing
            ruling.assumption = _joined(ruling.assumption, (
                f"The pass, accepted at the table, counts as made in turn, and on the engine's reading of "
                f"{self.edition.year}'s closing sentence ({closing.basis}) it is the last of three consecutive "
                f"passes: the auction is closed, and {turn.full_name} has lost his turn. An assumption, not law."))

    def _skipped_turn(self, event: Event, record: dict[str, Any], seat: Seat, ruling: Ruling) -> None:
        auction = self.auction
        call = _call_of(event)
        point = _skip_point(auction, seat)
        assert point is not None  # detect() names this case only where there is a skip point
        start, skipped = point
        effect = ruling.effect
        if effect.rules and effect.next == "skipped":
            later = auction.rewind(start)
            for entry in later + [Entry(seat, call)]:
                auction.record(Entry(entry.seat, entry.call, "skipped-turn-at-end",
                                     "a pass after the missed turn, cancelled", effect="void", ruling=ruling))
            auction.set_next(skipped)
            record["effect"] = f"the passes since {skipped.full_name}'s missed turn are cancelled; he calls"
            return
        auction.record(Entry(seat, call, "skipped-turn-at-end", record["reason"], True, ruling=ruling))
        if auction.is_over:
            record["effect"] = "the auction ends" + ("" if effect.rules else " (assumption)")
            _note_closed_by_reading(auction, ruling)
        else:
            record["effect"] = "stands; the auction is not over (assumption)"
            _note_kept_open(auction, ruling)

    # --- events that are not calls, and a call after the close -----------------

    def _check_not_ended(self, event: Event) -> None:
        if self.result.ended is not None:
            raise BridgeLawsError(
                f"token {event.token!r} at position {event.index}: the auction has ended "
                f"({self.result.ended[0]}: {', '.join(self.result.ended[1])})")

    # --- helpers -----------------------------------------------------------------------------------

    def _condition(self, case: str, call: Call, seat: Seat, named: Call | None = None) -> str | None:
        """The condition of the ruling's first branch that holds now (see :mod:`bridgelaws.judging.conditions`)."""
        return first_holding(rulings_data.spec(case, self.edition, self.layer).when,
                             Situation(self.auction, seat, call, named))

    def _first_bidder(self, offender: Seat) -> Seat | None:
        """1936:22.6.c: the opponent who first bid the denomination last bid by his side (kept by the
        auction with each state: :meth:`Auction.side_bids`)."""
        bids = self.auction.side_bids(offender.lho)
        if bids.last_strain is None:
            return None
        return bids.first_bidders[bids.last_strain]

    def _bars(self, ruling: Ruling, case: str) -> list[Bar]:
        """The ruling's own bars, as the auction keeps them."""
        return [Bar(parse_seat(b.who), b.scope, b.article or "", case) for b in ruling.effect.bars]

    def _attach(self, record: dict[str, Any], ruling: Ruling) -> None:
        record["ruling"] = ruling


def _option_bars(option: OptionEffect, case: str) -> list[Bar]:
    """The bars that taking ``option`` imposes, under the option's article."""
    return [Bar(parse_seat(b.who), b.scope, b.article or "", case) for b in option.bars]


def _calls_over(pending: _PendingAcceptance, event: Event, seat: Seat) -> bool:
    """Whether this call accepts the pending irregular call (1936:22.2): a call by an opponent of
    the offender, written with its seat (so made over the irregular call, not after the ruling).
    22.2 says "opvolgend een bieding", 22.4 "een andere speler", 22.5 "een ander"; the paragraph's
    heading says who: "Een tegenspeler doet een bieding na een onjuiste bieding". The offender's
    partner does not accept (his call is judged on its own); the reading is recorded in
    data/rulings/README.md."""
    if event.seat is None or seat == pending.offender or seat == pending.offender.partner:
        return False
    ruling = pending.record.get("ruling")
    if ruling is not None and ruling.effect.accepted_by == "lho":
        # The later codes read for the supplement give the acceptance to the offender's left-hand
        # opponent alone, calling in rotation (2007/2017 Law 27A1; 1959 Art. 27, "van zijn
        # rechtertegenstander", "in goede volgorde"): the other opponent's call accepts nothing.
        return seat == pending.offender.lho
    return True


def _note_kept_open(auction: Auction, ruling: Ruling) -> None:
    """A pass that stands (the text rules it so, or the default lets it) where three passes would
    close a regular auction, but the edition's own closing sentence keeps this one open: the label
    says so, and that the auction continuing in rotation is the engine's default."""
    closing = auction.closing
    if closing.reading:
        # Where the sentences could be read to disagree, the reading decides, and the note says so.
        note = (f"The pass stands; on the engine's reading of {auction.edition.year}'s closing sentences "
                f"({closing.basis}) the auction is not closed after these passes. {closing.reading} The "
                "engine continues it in rotation after the pass: an assumption, not law.")
    else:
        note = (f"The pass stands, but {auction.edition.year}'s closing sentence ({closing.basis}) does not "
                "close the auction after these passes, so the engine continues it in rotation after the "
                "pass. The continuation is an assumption, not law; the auction is never closed against "
                "that sentence.")
    ruling.assumption = f"{ruling.assumption} {note}" if ruling.assumption else note


def _note_closed_by_reading(auction: Auction, ruling: Ruling) -> None:
    """A pass that closes the auction only on the engine's reading of the edition's closing
    sentences (1932:11.2's "eerste ronde" after a pass out of turn): the label says so."""
    closing = auction.closing
    if closing.over and closing.reading:
        note = (f"On the engine's reading of {auction.edition.year}'s closing sentences ({closing.basis}) the "
                f"auction is closed after this pass. {closing.reading} An assumption, not law.")
        ruling.assumption = _joined(ruling.assumption, note)


def _sufficient_bids(auction: Auction) -> list[Call]:
    return [call for call in auction.legal_calls() if call.is_bid]


def _lowest_sufficient(auction: Auction, original: Call) -> Call | None:
    """The lowest bid in the denomination of ``original`` that the edition's step accepts now
    (a bid's check reads only the last bid and the range); None when there is none."""
    from ..auction.calls import MAX_PARSED_LEVEL, bid

    if not original.is_bid:  # a double or redouble to replace (2007/2017:36B): no denomination
        return None
    for level in range(1, MAX_PARSED_LEVEL + 1):
        candidate = bid(level, original.strain)
        if auction.edition.check(auction.position, candidate) is None:
            return candidate
    return None
