"""Irregularities in combination: the consistency check of ``test_consistency`` over every ordered pair
of the case catalogue's scenarios, and over random sequences of tokens (Hypothesis stateful testing).

``test_consistency`` judges each scenario of the catalogue alone; where two irregularities meet (a call
out of turn while an insufficient bid is still to be replaced, a card exposed while a player is barred)
the engine must still keep every duty and bar until it is met, list no call a ruling forbids, and end
the auction only where the edition's closing sentence does. The checks are those of
:func:`test_consistency.check` plus what a combination adds:

- every duty in the state rests on a ruling of the scenario that imposes it (the replacement of a call
  on a ruling with ``next: offender``, a repetition on ``lho_repeats``, no double on
  ``partner_no_double``, the offender's repetition on ``repeat_if_rho_passes``), and a duty is gone
  once the auction is over;
- no call a duty forbids is listed as legal;
- the auction is over exactly where the edition's closing sentence, read on the passes since the last
  call, says so (``Auction.closing``), and once over, a further call is ruled as a call after the close
  or refused, never played as a call of the auction.

``make test`` runs the pairs of a fixed sample of the catalogue and a bounded, derandomized stateful
run; ``make fuzz`` runs every pair and 50 times the stateful examples, with fresh draws.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bridgelaws.auction.editions import EDITIONS
from bridgelaws.auction.notation import parse_scenario
from bridgelaws.judging import rulings
from bridgelaws.text.errors import BridgeLawsError
from test_consistency import LAYERS, _judged, check

LONG = os.environ.get("BRIDGELAWS_FUZZ", "").lower() == "long"

#: The case catalogue's scenarios (data/cases.yaml), one per case.
CASE_SCENARIOS = sorted({(c.scenario["dealer"], c.scenario["tokens"]) for c in rulings.cases() if c.scenario})


def _pairs() -> list[tuple[str, str]]:
    """(dealer, tokens) for every ordered pair (A, B): A's tokens then B's, and A's tokens then B's
    last event alone (the irregular call of B, made in A's auction)."""
    found: dict[str, str] = {}
    for dealer, first in CASE_SCENARIOS:
        for _, second in CASE_SCENARIOS:
            last = parse_scenario(second)[-1].token
            for tokens in (f"{first} {second}", f"{first} {last}"):
                found.setdefault(tokens, dealer)
    return sorted((dealer, tokens) for tokens, dealer in found.items())


PAIRS = _pairs()
#: ``make test`` checks a fixed sample of the pairs; ``make fuzz`` all of them.
SAMPLE = PAIRS if LONG else random.Random(31).sample(PAIRS, min(len(PAIRS), 160))
YEARS = [edition.year for edition in EDITIONS]


def combination_problems(dealer: str, tokens: str, edition: str, layer: str) -> list[str]:
    """Every inconsistency of one combined scenario: the per-event check, then the state's."""
    problems = check(dealer, tokens, edition, layer)
    words = [event.token for event in parse_scenario(tokens)]
    now = _judged(tuple(words), edition, dealer, layer)
    return problems + [f"{edition} {layer} {tokens!r}: {p}" for p in state_problems(now)]


def state_problems(now) -> list[str]:
    """What a judgement's state must hold whatever came before: duties that rest on rulings, no
    forbidden call listed, and the end of the auction where the closing sentence puts it."""
    problems: list[str] = []
    auction = now.auction
    over = auction.is_over or now.ended is not None
    if over and now.state.get("duties"):
        problems.append(f"the auction is over, yet duties are listed: {now.state['duties']}")
    effects = [(record, record.ruling.effect) for record in now.events if record.ruling is not None]
    for duty in now.duties:
        if duty.kind == "replace":
            grounds = [r for r, e in effects if e.next == "offender" and r.seat == duty.seat]
        elif duty.kind == "repeat":
            grounds = [r for r, e in effects if r.seat is not None and (
                (e.lho_repeats and r.seat.lho == duty.seat) or (e.repeat_if_rho_passes and r.seat == duty.seat))]
        else:
            grounds = [r for r, e in effects if e.partner_no_double and r.seat is not None
                       and r.seat.partner == duty.seat]
        if not grounds:
            problems.append(f"{duty.seat.full_name} owes a duty ({duty.kind}) that no ruling of the scenario imposes")
    if not over:
        for duty in now.owed_now():
            forbidden = [str(call) for call in now.legal_calls() if not duty.allows(call)]
            if forbidden:
                problems.append(f"{duty.kind} owed, but {' '.join(forbidden)} are listed as legal")
        if auction.state.passes and auction.closing.over:
            problems.append(f"the closing sentence ({auction.closing.basis}) closes the auction, the engine keeps it open")
    elif auction.is_over and auction.state.passes and not auction.closing.over and auction.contract is not None:
        if not all(p.in_turn for p in auction.state.passes):
            problems.append(f"the engine closed the auction; the closing sentence ({auction.closing.basis}) does not")
    return problems


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("edition", YEARS)
def test_every_pair_of_the_catalogue_is_consistent(edition, layer):
    problems = [p for dealer, tokens in SAMPLE for p in combination_problems(dealer, tokens, edition, layer)]
    assert not problems, "\n".join(problems[:40])


def test_the_pairs_cover_the_catalogue():
    # Every case's scenario stands first and second in some pair (a case dropped from the catalogue's
    # reading would otherwise be checked alone only).
    firsts = {tokens for dealer, tokens in CASE_SCENARIOS}
    assert len(CASE_SCENARIOS) == len([c for c in rulings.cases() if c.scenario])
    assert all(any(pair.startswith(first + " ") for _, pair in PAIRS) for first in firsts)
    assert all(any(pair.endswith(" " + second) for _, pair in PAIRS) for second in firsts)


# --- random sequences: a state machine that adds one token at a time -----------------------------------

#: The notation's token kinds, with seats: calls in turn and out of turn, cards exposed in each manner,
#: changes, reviews, incidents, acceptance marks, options.
TOKENS = (
    ["P", "X", "XX", "1C", "1H", "1S", "1NT", "2C", "2H", "3NT", "7NT"]
    + [f"{seat}:{call}" for seat in "NESW" for call in ("P", "X", "1C", "2S")]
    + [f"{seat}:!{card}{manner}" for seat in "NESW" for card in ("SK", "S5")
       for manner in ("", "/seen", "/said", "/early")]
    + [f"{seat}:{mark}2S" for seat in "NE" for mark in ("=", ">")]
    + ["?", "S:[wrong-board]", "E:[misinformed]", "W:[comparable]", "^S", "^I", "#keep", "#cancel"]
)


class Sequences(RuleBasedStateMachine):
    """One scenario grown a token at a time under one edition and layer: a token the engine refuses
    is dropped (a refusal is not an inconsistency); after each accepted token, every check above."""

    @initialize(edition=st.sampled_from(YEARS), layer=st.sampled_from(LAYERS))
    def start(self, edition, layer):
        self.edition, self.layer, self.tokens = edition, layer, []

    @rule(token=st.sampled_from(TOKENS))
    def add(self, token):
        trial = self.tokens + [token]
        try:
            judged = _judged(tuple(trial), self.edition, "N", self.layer)
        except BridgeLawsError:  # a token that cannot be read where it stands (a mark at the end)
            return
        if judged.error is None:
            self.tokens = trial

    @invariant()
    def consistent(self):
        if getattr(self, "tokens", None):
            problems = combination_problems("N", " ".join(self.tokens), self.edition, self.layer)
            assert not problems, "\n".join(problems)


Sequences.TestCase.settings = settings(
    max_examples=2000 if LONG else 40, stateful_step_count=8, derandomize=not LONG, deadline=None,
    suppress_health_check=list(HealthCheck), database=None)
test_random_sequences_stay_consistent = Sequences.TestCase
