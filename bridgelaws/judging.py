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

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import rulings as rulings_data
from .auction import Auction, Bar, Entry
from .calls import PASS, Call, Seat, parse_seat
from .conditions import Situation, first_holding
from .effects import CORRECTIONS, EFFECTS, _Act, _effect_of, _PendingCorrection
from .editions import DEFAULT_EDITION, Edition, PassMade, find_edition
from .errors import BridgeLawsError
from .notation import INCIDENTS, Event, parse_scenario
from .records import EventRecord
from .rulings import Ruling
from .vocabulary import ALL_PASS_OUTCOMES, DEFAULT_LAYER, Layer, Outcome, Scope
from .words import must_pass

#: The option token that says the partners consulted about a right (1936:21.3): ``#consulted``.
CONSULTED = "consulted"

_MARK_CASES = {"^I": ("insufficient-bid",),
               "^S": ("pass-out-of-rotation", "bid-out-of-rotation", "double-out-of-rotation")}


@dataclass(frozen=True)
class NoLegalCall:
    """The auction is open but the player to act has no legal call: he must make his insufficient
    bid sufficient (``requirement``, under ``articles``) and no bid up to seven is sufficient over
    ``over`` (1936: ``7NT`` then an insufficient bid). The text does not say what happens next; the
    engine does not fill that gap, it says so. ``above_seven``: the articles of the edition's ruling on
    a bid of more than seven (1936:22.6.c names a bid made "om een bod voldoende te maken")."""

    seat: Seat
    requirement: str
    articles: tuple[str, ...]
    over: str
    above_seven: tuple[str, ...] = ()

    def text(self) -> str:
        above = (f"; a bid of more than seven falls under {', '.join(self.above_seven)}"
                 if self.above_seven else "")
        return (f"no legal call: {self.seat.full_name} must make his bid sufficient ({', '.join(self.articles)}) "
                f"and no bid up to seven is sufficient over {self.over}{above}; the text does not say what "
                f"happens then (a gap in the text, which the engine does not fill)")

    def to_dict(self) -> dict[str, Any]:
        return {"seat": str(self.seat), "requirement": self.requirement, "articles": list(self.articles),
                "over": self.over, "above_seven": list(self.above_seven), "text": self.text()}


@dataclass
class Judgement:
    edition: Edition
    dealer: Seat
    auction: Auction
    events: list[EventRecord] = field(default_factory=list)
    pending_requirement: str | None = None  # "sufficient-bid" while an offender must replace his bid
    #: ``judge(..., partial=True)`` only: why the edition could not go on, and the position of the
    #: first token it could not play (the judgement covers the tokens before it).
    error: str | None = None
    stopped_at: int | None = None
    #: Set when a ruling ended the auction before it closed (a new deal, e.g. 1932:10.1):
    #: the outcome named by the ruling's data, and the articles it rests on.
    ended: tuple[str, tuple[str, ...]] | None = None
    #: Which texts the rulings come from: the corpus alone, or also the supplement (issue 11).
    layer: Layer = Layer.CORPUS
    #: Set when the auction is open and the player to act has no legal call (see NoLegalCall).
    no_legal_call: NoLegalCall | None = None

    @property
    def state(self) -> dict[str, Any]:
        auction = self.auction
        if self.ended is not None:
            return {"next_to_call": None, "outcome": Outcome(self.ended[0]), "contract": None,
                    "declarer": None, "barred": [], "legal_calls": [], "articles": list(self.ended[1])}
        contract = auction.contract
        next_seat = auction.next_to_call
        return {
            "next_to_call": str(next_seat) if next_seat is not None else None,
            "outcome": Outcome(auction.outcome),
            "contract": str(contract) if contract else None,
            "declarer": str(contract.declarer) if contract else None,
            "barred": [] if auction.is_over else strongest_bars(auction.bars),
            "legal_calls": [str(call) for call in self.legal_calls()],
            "articles": list(auction.outcome_basis.all_articles) if auction.outcome_basis else [],
            "no_legal_call": self.no_legal_call.to_dict() if self.no_legal_call else None,
        }

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the player to act may make now; while an offender must replace his bid by a
        sufficient one (1936:22.3), only the sufficient bids."""
        if self.ended is not None:
            return ()
        calls = self.auction.legal_calls()
        if self.pending_requirement == "sufficient-bid":
            calls = tuple(call for call in calls if call.is_bid)
        elif self.pending_requirement == "no-double":
            # 2007/2017:27.B.3: a double or redouble may not replace the insufficient bid.
            calls = tuple(call for call in calls if not (call.is_double or call.is_redouble))
        return calls

    @property
    def rulings(self) -> list[tuple[EventRecord, Ruling]]:
        """(event, ruling) for every event that got a ruling, in order."""
        return [(e, e.ruling) for e in self.events if e.ruling is not None]

    def as_dict(self) -> dict[str, Any]:
        return {"edition": self.edition.year, "dealer": str(self.dealer),
                "events": [event.to_dict() for event in self.events], "state": self.state}

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)


def judge(scenario: str | list[str], edition: str | Edition = DEFAULT_EDITION, dealer: str | Seat = "N", *,
          partial: bool = False, layer: str | Layer = DEFAULT_LAYER) -> Judgement:
    """Run ``scenario`` (the notation of :mod:`bridgelaws.notation`) under ``edition``.

    Where the edition cannot go on, :class:`BridgeLawsError` is raised; with ``partial=True`` the
    judgement of the tokens before the one that cannot be played is returned instead, with
    :attr:`Judgement.error` and :attr:`Judgement.stopped_at` set. A token that cannot be read
    raises in both modes.

    ``layer="supplement"``: where the corpus excerpt is silent on a case or only points elsewhere,
    the engine applies the supplementary ruling of ``data/supplement/`` if there is one (status
    ``supplement``, carrying its source); the default ``"corpus"`` reads the corpus alone.
    """
    run = _Run(find_edition(edition), parse_seat(dealer, " (dealer)"), rulings_data.check_layer(layer))
    events = parse_scenario(scenario)
    marks: list[Event] = []  # PBN marks precede the call they belong to
    position = 0
    try:
        for position, event in enumerate(events):
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
                run.exposure(event)
            elif event.kind == "change" or (event.kind == "call" and not marks and run.is_own_change(event)):
                if choices:
                    raise BridgeLawsError(
                        f"option '#{choices[0]}' after {event.token!r} at position {event.index}: "
                        f"a change of call offers nothing to choose")
                run.change(event)
            elif event.kind == "incident":
                run.incident(event)
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
                and not self.result.legal_calls()):
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

    def exposure(self, event: Event) -> None:
        auction = self.auction
        self._check_not_ended(event)
        if auction.is_over and event.seat is None:
            # After the close no one is to act: the token must say whose card it was.
            raise BridgeLawsError(f"{event.token!r} at position {event.index}: the auction has closed, so the "
                                  f"exposure must name the player (e.g. W:{event.token})")
        # A card exposed after the close is ruled from the data (an `after-close` branch, issue 21).
        seat = event.seat if event.seat is not None else auction.state.next_seat  # not over: someone is to act
        card = event.card
        assert card is not None  # an exposure token always names its card
        first = self.exposed_cards.setdefault(card, event)
        if first is not event:
            # A deck holds each card once: a card already shown cannot be exposed again, by anyone.
            raise BridgeLawsError(f"{event.token!r} at position {event.index}: {card} was already exposed "
                                  f"({first.token!r} at position {first.index}); a card can be exposed once")
        self.exposed[seat] = self.exposed.get(seat, 0) + 1
        record = _base(event, seat)
        reason = _EXPOSURE_REASONS[event.manner or ""].format(seat=seat.full_name, card=card,
                                                               partner=seat.partner.full_name)
        if auction.is_over:
            reason = reason.replace("during the auction", "after the auction had closed")
        record.update(card=card, case="exposed-card", reason=reason)
        branches = rulings_data.spec("exposed-card", self.edition, self.layer).when
        condition = first_holding(branches, Situation(auction, seat, card=card, exposed=self.exposed[seat],
                                                      manner=event.manner))
        ruling = rulings_data.resolve("exposed-card", self.edition, condition=condition, offender=seat,
                                      layer=self.layer)
        if not ruling.rules:
            if not ruling.assumption or ruling.assumption == rulings_data.DEFAULT_ASSUMPTION:
                ruling.assumption = rulings_data.EVENT_ASSUMPTION
        else:
            honours = next((b.honours for b in branches if b.condition == condition), None) or ""
            ruling.assumption = _exposure_assumption(ruling, card[1], self.exposed_ranks.get(seat, ""), honours,
                                                     self.exposed[seat])
        self.exposed_ranks[seat] = self.exposed_ranks.get(seat, "") + card[1]
        bars = self._bars(ruling, "exposed-card")
        auction.add_bars(bars)
        record["effect"] = "; ".join(must_pass(b.seat.full_name, b.scope) for b in bars) or "no one is barred"
        self._attach(record, ruling)
        self.records.append(record)

    def call(self, event: Event, mark_events: list[Event], choices: list[str]) -> None:
        auction = self.auction
        self._check_not_ended(event)
        if auction.is_over and not mark_events and not choices:
            self.call_after_close(event)
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
        dropped: _PendingCorrection | None = None
        if self.pending_correction is not None:
            correction, self.pending_correction = self.pending_correction, None
            self.result.pending_requirement = None
            if seat == correction.offender:
                self._correct(event, record, choices, *correction)
                return
            dropped = correction
        self._judge_call(event, record, call, seat, marks, choices)
        if dropped is not None:
            self._note_bound_and_barred(dropped, record)

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

    def _note_bound_and_barred(self, correction: _PendingCorrection, record: dict[str, Any]) -> None:
        """The offender had to make his insufficient bid sufficient (1936:22.3) when another player's
        call was ruled, and that ruling bars him (1936:22.5.b, 22.6): the text does not say which
        comes first; the card of that call says what the engine does (issue 21, section 5)."""
        offender = correction.offender
        bar = self.auction.bar_of(offender)
        ruling = record.get("ruling")
        if bar is None or ruling is None or self.auction.is_over:
            return
        insufficient = correction.original
        note = (f"{offender.full_name} was bound to make his insufficient {insufficient} sufficient "
                f"({correction.ruling.articles[0]}) and is now also barred ({bar.article}). The text does not "
                "say which comes first; the engine applies the bar: he may only pass, his "
                f"{insufficient} stays void, and the bar that {correction.ruling.articles[0]} would have put "
                "on his partner with the replacing bid is not imposed. An assumption, not law.")
        ruling.assumption = _joined(ruling.assumption, note)

    # --- rulings -----------------------------------------------------------------------------------

    def _rule(self, event: Event, record: dict[str, Any], seat: Seat, case: str, reason: str,
              choices: list[str]) -> None:
        auction = self.auction
        state = auction.state
        proper = state.next_seat
        call = _call_of(event)
        ruling = rulings_data.resolve(case, self.edition, condition=self._condition(case, call, seat, event.named),
                                      offender=seat, first_bidder=self._first_bidder(seat), layer=self.layer)
        # The auction before the ruling, kept only for a ruling that a call over it may accept: a
        # copy for every ruled call made a scenario of n irregular calls copy n histories.
        before = auction.copy() if ruling.acceptance else None
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
        choice = self._choice(ruling, choices, event, seat)
        if choice is not None:
            record["choice"] = choice["choice"]
            ruling.chosen = choice["choice"]
            bars += [Bar(parse_seat(b["seat"]), b["scope"], choice.get("article") or "", case)
                     for b in choice["barred"]]
        if choice is not None and choice.get("assumption"):
            ruling.assumption = " ".join(filter(None, [ruling.assumption, choice["assumption"]]))
        self._attach(record, ruling)  # the choice and its assumption belong to the ruling shown
        act = _Act(seat, call, case, reason, ruling, bars, record, proper, turn_to)
        EFFECTS[_effect_of(ruling, choice)](self, act)
        if self.choice_note is not None:
            record["effect"] = f"{record['effect']}; {self.choice_note}"
            self.choice_note = None
        if before is not None:
            self.pending_acceptance = _PendingAcceptance(record, before, seat, case, reason, call, ())

    def _choice(self, ruling: Ruling, choices: list[str], event: Event,
                offender: Seat) -> dict[str, Any] | None:
        if ruling.options and any(o["by"] != str(offender) for o in ruling.options):
            lapse = self._exercise(ruling, choices, event, offender)
            if lapse is not None:
                ruling.assumption = _joined(ruling.assumption, lapse)
                return None
            choices = [c for c in choices if c != CONSULTED][:1]  # 21.2: the first choice stands
        for choice in choices:
            for option in ruling.options:
                if option["choice"] == choice:
                    return option
            offered = ", ".join("#" + o["choice"] for o in ruling.options) or "none"
            raise BridgeLawsError(
                f"option '#{choice}' after {event.token!r} at position {event.index} is not offered "
                f"by {ruling.edition} for {ruling.case} (offered: {offered})")
        # The offender's own options (1936:22.3) are chosen by his correction; the others are rights.
        open_rights = [o for o in ruling.options if o["by"] != str(offender)]
        if open_rights and not any(o["default"] for o in ruling.options):
            holder = open_rights[0]["by"]
            name = Seat[holder].full_name if holder in "NESW" else holder
            unexercised = (
                f"The text gives {name} a right ({open_rights[0]['article']}: "
                f"{open_rights[0]['text']}); none was chosen, so the engine assumes it is not exercised. "
                "An assumption, not law; choose with #" + " or #".join(o["choice"] for o in open_rights) + ".")
            # The ruling's own assumption (a reading of its source) is kept before it.
            ruling.assumption = " ".join(filter(None, [ruling.assumption, unexercised]))
            return None
        for option in ruling.options:
            if option["default"]:
                ruling.assumption = _joined(ruling.assumption,
                    f"The text leaves the choice to {Seat[option['by']].full_name if option['by'] in 'NESW' else option['by']}"
                    f" ({option['article']}); none was given, so the engine assumes: {option['text']}. "
                    f"An assumption, not law; choose with #" + " or #".join(o["choice"] for o in ruling.options) + ".")
                return option
        return None

    def _exercise(self, ruling: Ruling, choices: list[str], event: Event, offender: Seat) -> str | None:
        """How an opponent's right was exercised, by the edition's rules on rights
        (``data/rights.yaml``; 1936:21.2, 21.3): the words of the lapse when the right lapsed, else
        None. A situation the edition's text does not treat is one error line, never a guess."""
        rules = rulings_data.rights_rules(self.edition)
        rights = [o for o in ruling.options if o["by"] != str(offender)]
        where = f"after {event.token!r} at position {event.index}"

        def rule(key: str, what: str) -> dict[str, str]:
            if key not in rules:
                raise BridgeLawsError(f"{what} {where}: the {self.edition.year} text (this corpus excerpt) "
                                      "says nothing about it")
            return rules[key]

        reading = (" The engine reads 21.3's \"een keus ... uit meerdere op te leggen straffen\" as covering "
                   f"this right ({rights[0]['article']}: {rights[0]['text']}); that reading is an "
                   "assumption, not law. The right not exercised, the ruling stands without it.")
        if CONSULTED in choices:
            found = rule("consulted", "'#consulted' (the partners consulted about the right)")
            return f"The right lapsed: {found['article']} \"{found['quote_nl']}\".{reading}"
        taken = [e for e in self.option_events if e.choice != CONSULTED]
        if len(taken) > 1:
            found = rule("choice-stands", f"a second choice {taken[1].token!r}")
            later = ", ".join(repr(e.token) for e in taken[1:])
            self.choice_note = (f"{later} without effect: the first choice stands "
                                f"({found['article']} \"{found['quote_nl']}\")")
        if taken and taken[0].seat is not None:
            holder = next((o["by"] for o in rights if o["choice"] == taken[0].choice), rights[0]["by"])
            holder_seat = Seat[holder] if holder in Seat.__members__ else None
            if holder_seat is not None and taken[0].seat != holder_seat:
                if taken[0].seat == holder_seat.partner:
                    found = rule("wrong-partner", f"{taken[0].token!r} (the partner who does not hold the right)")
                    return (f"{taken[0].seat.full_name} exercised the right of {holder_seat.full_name}: it lapsed, "
                            f"{found['article']} \"{found['quote_nl']}\".{reading}")
                raise BridgeLawsError(f"{taken[0].token!r} {where}: the right is {holder_seat.full_name}'s, "
                                      f"not {taken[0].seat.full_name}'s (of the offender's side)")
        return None

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
        if ruling.requires == "sufficient-bid" and (problem is not None or not call.is_bid):
            possible = _sufficient_bids(auction)
            hint = (f"the sufficient bids are {possible[0]} to {possible[-1]}" if possible else
                    "no bid up to seven is sufficient, and the text names no other way "
                    "(a bid of more than seven falls under 22.6.c)")
            raise BridgeLawsError(
                f"{event.token!r} at position {event.index}: {', '.join(ruling.articles[:1])} requires "
                f"{offender.full_name} to make the bid sufficient; {call} is not a sufficient bid: {hint}")
        lowest = _lowest_sufficient(auction, original)
        # The option whose correction this bid is (1936:22.3.a or b), if the ruling offers one.
        option = next((o for o in ruling.options
                       if o["choice"] in CORRECTIONS and CORRECTIONS[o["choice"]](call, lowest)), None)
        if ruling.requires == "no-double" and problem is None and (call.is_double or call.is_redouble):
            self._forbidden_correction(event, record, call, original_record, offender, ruling, original, option)
            return
        auction.call(call, offender)
        record.update(case=None, irregularity=None, reason=None, correction_of=original_record["index"])
        if option is not None:
            choice_id = option["choice"]
            bars = [Bar(parse_seat(b["seat"]), b["scope"], option.get("article") or "", ruling.case)
                    for b in option["barred"]]
            auction.add_bars(bars)
            original_record["choice"] = choice_id
            ruling.chosen = choice_id
            self._attach(original_record, ruling)
            record["effect"] = f"replaces {original}: {option['text']}"
        self.records.append(record)

    def _forbidden_correction(self, event: Event, record: dict[str, Any], call: Call,
                              original_record: dict[str, Any], offender: Seat, ruling: Ruling, original: Call,
                              option: dict[str, Any] | None) -> None:
        """A double or redouble put in the place of an insufficient bid where the ruling forbids it
        (2007/2017:27.B.3): the attempt is cancelled, the bars of the ruling's option for it apply,
        and the offender must still replace his bid. Without such an option, one error line."""
        if option is None:
            raise BridgeLawsError(
                f"{event.token!r} at position {event.index}: a double or redouble may not replace "
                f"{offender.full_name}'s insufficient {original} ({', '.join(ruling.articles[:1])})")
        bars = [Bar(parse_seat(b["seat"]), b["scope"], option.get("article") or "", ruling.case)
                for b in option["barred"]]
        reason = (f"{offender.full_name} tried to replace his insufficient {original} by {call}, "
                  f"which may not replace it ({option.get('article')})")
        self.auction.record(Entry(offender, call, ruling.case, reason, effect="void", ruling=ruling),
                            next_seat=offender, bars=bars)
        record.update(case=ruling.case, irregularity=ruling.case, reason=reason)
        # Its card: the ruling that forbids it, with the option that rules the attempt chosen (27B3).
        self._attach(record, dataclasses.replace(ruling, chosen=option["choice"]))
        record["effect"] = "; ".join(
            [f"cancelled ({option.get('article')})"] + [must_pass(b.seat.full_name, b.scope) for b in bars]
            + [f"{offender.full_name} must still replace his {original}"])
        self.records.append(record)
        # The correction is still owed.
        self.pending_correction = _PendingCorrection(original_record, offender, ruling, original)
        self.result.pending_requirement = ruling.requires

    def _accept(self, record: dict[str, Any], snapshot: Auction, offender: Seat, case: str, reason: str,
                call: Call, marks: tuple[str, ...], *, caller: Seat | None = None) -> None:
        """A call over the irregular call accepted it: withdraw the ruling (1936:22.2)."""
        self.auction = snapshot
        self.result.auction = snapshot
        self.pending_correction = None
        self.result.pending_requirement = None
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
        if base.acceptance:
            ruling = rulings_data.acceptance_ruling(case, self.edition, seat, base)
        else:
            ruling = base
            ruling.call_stands = True
            ruling.assumption = (
                f"Recorded as accepted at the table (PBN {' '.join(marks)}); {self.edition.year}'s text "
                "gives no rule for accepting it, so the engine lets it stand. An assumption, not law.")
        self.auction.record(Entry(seat, _call_of(event), case, reason, True, tuple(marks), ruling=ruling))
        self._attach(record, ruling)
        record["effect"] = f"accepted ({' '.join(marks)})"

    def _skipped_turn(self, event: Event, record: dict[str, Any], seat: Seat, ruling: Ruling) -> None:
        auction = self.auction
        call = _call_of(event)
        point = _skip_point(auction, seat)
        assert point is not None  # detect() names this case only where there is a skip point
        start, skipped = point
        if ruling.rules and ruling.next == "skipped":
            later = auction.rewind(start)
            for entry in later + [Entry(seat, call)]:
                auction.record(Entry(entry.seat, entry.call, "skipped-turn-at-end",
                                     "a pass after the missed turn, cancelled", effect="void", ruling=ruling))
            auction.set_next(skipped)
            record["effect"] = f"the passes since {skipped.full_name}'s missed turn are cancelled; he calls"
            return
        auction.record(Entry(seat, call, "skipped-turn-at-end", record["reason"], True, ruling=ruling))
        if auction.is_over:
            record["effect"] = "the auction ends" + ("" if ruling.rules else " (assumption)")
            _note_closed_by_reading(auction, ruling)
        else:
            record["effect"] = "stands; the auction is not over (assumption)"
            _note_kept_open(auction, ruling)


    # --- events that are not calls, and a call after the close (issue 9, section 2) -----------------

    def _check_not_ended(self, event: Event) -> None:
        if self.result.ended is not None:
            raise BridgeLawsError(
                f"token {event.token!r} at position {event.index}: the auction has ended "
                f"({self.result.ended[0]}: {', '.join(self.result.ended[1])})")

    def call_after_close(self, event: Event) -> None:
        """A call made after the auction has closed: ruled (or not) by each edition's text; the
        auction stays closed unless the ruling says otherwise."""
        auction = self.auction
        call = _call_of(event)
        # No one's turn after the close: without a seat, the player after the last caller.
        seat = event.seat if event.seat is not None else auction.history[-1].seat.lho
        record = _base(event, seat)
        record["call"] = call
        closed = f"{auction.outcome}{' ' + str(auction.contract) if auction.contract else ''}"
        reason = f"{seat.full_name} called {call} after the auction had closed ({closed})"
        record.update(case=CALL_AFTER_CLOSE, irregularity=CALL_AFTER_CLOSE, reason=reason)
        ruling = rulings_data.resolve(CALL_AFTER_CLOSE, self.edition, offender=seat, layer=self.layer)
        self._attach(record, ruling)
        record["effect"] = "no effect: the auction stays closed" + _label(ruling)
        self.records.append(record)

    def change(self, event: Event) -> None:
        """The player who made the last call changes it (``=2S`` a slip corrected in the same breath,
        ``>2S`` a change of mind; after ``[misinformed]``, a change under 2017:21.B)."""
        auction = self.auction
        self._check_not_ended(event)
        new = _call_of(event)
        index = _last_call_index(auction, event.seat)
        if index is None:
            raise BridgeLawsError(f"change {event.token!r} at position {event.index}: "
                                  f"{'no call' if event.seat is None else event.seat.full_name + ' has made no call'} to change")
        original = auction.history[index]
        seat = original.seat
        manner: str | None
        if seat in self.misinformed:
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
        record.update(call=new, correction_of=self._record_index_of(original, index), case=case,
                      irregularity=case,
                      reason=_CHANGE_REASONS[manner or ""].format(seat=seat.full_name, original=original.call, new=new))
        condition = first_holding(rulings_data.spec(case, self.edition, self.layer).when,
                                  Situation(auction, seat, new, manner=manner))
        ruling = rulings_data.resolve(case, self.edition, condition=condition, offender=seat, layer=self.layer)
        if not ruling.rules and ruling.assumption == rulings_data.DEFAULT_ASSUMPTION:
            ruling.assumption = _CHANGE_ASSUMPTION
        self._attach(record, ruling)
        self.records.append(record)
        if ruling.call_stands is not False:
            # The ruling's bars hold whether or not the change is made (1949 from 1959 Art. 29b1).
            bars = self._bars(ruling, case)
            auction.add_bars(bars)
            record["effect"] = (f"{original.call} stands; the change is not made"
                                + "".join(f"; {must_pass(b.seat.full_name, b.scope)}" for b in bars)
                                + _label(ruling))
            return
        closed = auction.is_over
        self._replace_call(event, index, new, case, record["reason"], ruling)
        self.misinformed.discard(seat)
        record["effect"] = f"{new} replaces {original.call}"
        if closed:
            # The closing pass changed: the text applied does not say that the closed auction opens
            # again (issue 21, section 5; data/rulings/README.md).
            record["effect"] += "; the auction is open again (assumption)"
            ruling.assumption = _joined(ruling.assumption, (
                f"The change was made right after the closing pass. {', '.join(ruling.articles[:1])} does not "
                "say that the auction, closed by that pass, is open again; the engine applies it as during "
                "the auction and continues the auction after the new call. An assumption, not law."))

    def is_own_change(self, event: Event) -> bool:
        """A call written for the player who made the last call, before anyone else called: he
        changes his call (1932:16, 1936:22.1), which is no call out of rotation."""
        auction = self.auction
        if event.seat is None or auction.is_over or self.result.ended is not None or not len(auction):
            return False
        last = auction.history[-1]
        return last.seat == event.seat and last.counts_as is not None and self.pending_correction is None

    def incident(self, event: Event) -> None:
        """Something that happens during the auction and is not a call: a review, a wrong board, a
        mistaken explanation, a comparable call, a cause for a new deal."""
        auction = self.auction
        self._check_not_ended(event)
        word = event.manner or ""
        case = "review-request" if word == "review" else INCIDENTS[word][0]
        if event.seat is not None:
            seat = event.seat
        elif not auction.is_over:
            seat = auction.state.next_seat
        elif len(auction):
            seat = auction.history[-1].seat.lho
        else:
            seat = auction.dealer
        if auction.is_over and case not in _AFTER_CLOSE:
            raise _over(event, auction)
        if word in _ABOUT_THE_LAST_CALL and not any(r["kind"] == "call" and r["seat"] == seat for r in self.records):
            # Not a situation of any edition but a scenario that cannot happen: an input error for
            # all of them alike (issue 24 section 3: not a difference between editions).
            raise BridgeLawsError(f"incident {event.token!r} at position {event.index}: {seat.full_name} has "
                                  f"made no call yet, and [{word}] concerns his last call")
        record = _base(event, seat)
        record.update(case=case, reason=_INCIDENT_REASONS[word].format(seat=seat.full_name))
        condition = first_holding(rulings_data.spec(case, self.edition, self.layer).when,
                                  Situation(auction, seat, manner=word))
        ruling = rulings_data.resolve(case, self.edition, condition=condition, offender=seat, layer=self.layer)
        if not ruling.rules and ruling.assumption == rulings_data.DEFAULT_ASSUMPTION:
            ruling.assumption = rulings_data.EVENT_ASSUMPTION
        self._attach(record, ruling)
        self.records.append(record)
        if word == "misinformed":
            self.misinformed.add(seat)  # his change of call, if he makes one, is judged as this case
        if not ruling.rules:
            record["effect"] = "the auction is not changed (assumption)"
        elif ruling.outcome is not None:
            # The text orders a new deal: the auction ends here (its outcome is the ruling's data).
            self.result.ended = (ruling.outcome, tuple(ruling.articles))
            record["effect"] = f"the auction ends: {ruling.outcome}"
        elif ruling.call_stands is False and ruling.next == "offender":
            index = _last_call_index(auction, seat)
            if index is None:
                raise BridgeLawsError(f"{event.token!r} at position {event.index}: "
                                      f"{seat.full_name} has made no call to cancel")
            original = auction.history[index]
            later = auction.rewind(index)
            for entry in later:
                auction.record(Entry(entry.seat, entry.call, case, "cancelled: " + record["reason"],
                                     effect="void", ruling=ruling))
            auction.set_next(seat)
            record["effect"] = (f"{original.call} is cancelled" + (" with the calls after it" if len(later) > 1 else "")
                                + f"; {seat.full_name} calls again")
        else:
            record["effect"] = "the auction is not changed"

    def _record_index_of(self, entry: Entry, index: int) -> int | None:
        """The token position of the call that made the auction's entry ``index``."""
        calls = [r for r in self.records if r["kind"] == "call" and r.get("call") is not None
                 and r["seat"] == entry.seat and r["call"] == entry.call]
        return calls[-1]["index"] if calls else None

    def _replace_call(self, event: Event, index: int, new: Call, case: str, reason: str, ruling: Ruling) -> None:
        """Put ``new`` in the place of the entry ``index``; the calls after it are made again as they
        were (each must still be proper)."""
        auction = self.auction
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

    # --- helpers -----------------------------------------------------------------------------------

    def _condition(self, case: str, call: Call, seat: Seat, named: Call | None = None) -> str | None:
        """The condition of the ruling's first branch that holds now (see :mod:`bridgelaws.conditions`)."""
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
        return [Bar(parse_seat(b["seat"]), b["scope"], b.get("article") or "", case)
                for b in ruling.barred]

    def _attach(self, record: dict[str, Any], ruling: Ruling) -> None:
        record["ruling"] = ruling


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
    if ruling is not None and ruling.layer is Layer.SUPPLEMENT:
        # The later codes read for the supplement give the acceptance to the offender's left-hand
        # opponent alone, calling in rotation (2007/2017 Law 27A1; 1959 Art. 27, "van zijn
        # rechtertegenstander", "in goede volgorde"): the other opponent's call accepts nothing.
        return seat == pending.offender.lho
    return True


def strongest_bars(bars: Iterable[Bar]) -> list[dict[str, str]]:
    """One entry per barred seat, in the order they were barred; rest-of-auction beats next-turn."""
    scopes: dict[str, str] = {}
    for bar in bars:
        seat = str(bar.seat)
        if scopes.get(seat) != Scope.REST_OF_AUCTION:
            scopes[seat] = bar.scope
    return [{"seat": seat, "scope": scope} for seat, scope in scopes.items()]


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
    faults in the reason. 1936:22.5 speaks of "Een juiste bieding" only (data/rulings/README.md,
    issue 21 section 5)."""
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
            # reads who passed), that earlier skip bears on nothing: an ordinary pass (issue 21, 5).
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


def _joined(first: str | None, then: str) -> str:
    """An entry's own assumption, then the engine's words on the choice (neither hides the other)."""
    return f"{first} {then}" if first else then


def _sufficient_bids(auction: Auction) -> list[Call]:
    return [call for call in auction.legal_calls() if call.is_bid]


def _lowest_sufficient(auction: Auction, original: Call) -> Call | None:
    """The lowest bid in the denomination of ``original`` that the edition's step accepts now
    (a bid's check reads only the last bid and the range); None when there is none."""
    from .calls import MAX_PARSED_LEVEL, bid

    for level in range(1, MAX_PARSED_LEVEL + 1):
        candidate = bid(level, original.strain)
        if auction.edition.check(auction.position, candidate) is None:
            return candidate
    return None


CALL_AFTER_CLOSE = "call-after-close"
CALL_WHEN_BARRED = "call-when-barred"
_CHANGE_ASSUMPTION = (
    "The text gives no rule for this change of call: the engine lets the call stand as first made and "
    "does not make the change. This is the engine's default, an assumption, not law.")
#: The incidents that can still happen once the auction has closed (before the opening lead).
_AFTER_CLOSE = ("review-request", "mistaken-explanation")
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


def _label(ruling: Ruling) -> str:
    """What an effect line adds after the effect: nothing for the corpus's own rule, "(outside the
    corpus)" for a sourced supplementary ruling, "(assumption)" where the engine's reading decides."""
    if ruling.is_law:
        return ""
    if ruling.layer is Layer.SUPPLEMENT and not ruling.assumption:
        return " (outside the corpus)"
    return " (assumption)"


def _call_of(event: Event) -> Call:
    """The call of a call event (a call token always names one)."""
    if event.call is None:
        raise BridgeLawsError(f"token {event.token!r} at position {event.index} is not a call")
    return event.call


def _base(event: Event, seat: Seat | None) -> dict[str, Any]:
    return {"index": event.index, "seat": seat, "token": event.token, "kind": event.kind,
            "case": None, "ruling": None}


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


def _over(event: Event, auction: Auction) -> BridgeLawsError:
    return BridgeLawsError(
        f"token {event.token!r} at position {event.index}: the auction is already over "
        f"({auction.outcome}{' ' + str(auction.contract) if auction.contract else ''})")
