"""A scenario continued from its prefix's play is judged exactly as the whole scenario judged afresh.

:func:`bridgelaws.judging.continuation.judge_on` plays only the tokens after a :class:`Played` prefix, on a
copy of the prefix's state (``continuation.copy_run``); the search for where two editions part
(:mod:`bridgelaws.presentation.distinguish`) continues every scenario that way. Nothing here states
what an edition rules: each check compares the continued judgement with ``judge()`` of the whole
scenario, field by field (the events with their rulings, the auction's entries, the end state), and a
refusal with the same refusal; and the prefix's own judgement must not change when a longer scenario
continues from it (a ruling of an earlier call that a later call changes, such as an acceptance or a
right that lapses, is the copy's).

The scenarios: the pairs of the case catalogue (``tests/test_combinations.py``: a sample in
``make test``, all of them in ``make fuzz``), under every edition, both layers and each shipped draft;
and random sequences of every kind of token (marks, options, exposures, changes, incidents), grown
as the search grows them.
"""

from __future__ import annotations

import gc
import glob

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from bridgelaws.auction.calls import Seat
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.auction.notation import parse_more, parse_scenario
from bridgelaws.judging.continuation import Played, judge_on
from bridgelaws.judging.judging import judge
from bridgelaws.judging.lookup import find_edition
from bridgelaws.judging.records import EventRecord
from bridgelaws.judging.rulings import LAYERS, check_layer
from bridgelaws.text.errors import BridgeLawsError, InternalError
from test_combinations import LONG, SAMPLE, TOKENS

DRAFTS = sorted(glob.glob("data/drafts/*.yaml"))
#: Every registered edition and each shipped draft (a draft is found by its file).
EDITIONS_AND_DRAFTS = [edition.year for edition in EDITIONS] + DRAFTS


def everything(judgement) -> tuple:
    """All a judgement says, as text: the JSON a user reads, every event with its ruling's every
    field, the auction's entries with their rulings, and the end state."""
    return (judgement.to_json(indent=None), [repr(event) for event in judgement.events], repr(judgement.auction.history),
            repr(judgement.ended), repr(judgement.no_legal_call), judgement.pending_requirement,
            [str(call) for call in judgement.legal_calls()], repr(judgement.duties))


def fresh(tokens: tuple[str, ...], edition, layer: str, dealer: str = "N") -> tuple:
    """``judge()`` of the whole scenario: what it says, or the refusal's type and words."""
    try:
        return everything(judge(list(tokens), edition, dealer, layer=layer))
    except BridgeLawsError as error:
        return ("refused", type(error).__name__, str(error))


class Chain:
    """A scenario grown one token at a time, each judged by continuing the longest earlier play it
    continues (the prefix's, or before the call an option belongs to), as the search does."""

    def __init__(self, edition, layer: str, dealer: str = "N") -> None:
        self.edition, self.layer, self.dealer = find_edition(edition), layer, dealer
        self.plays: list[Played] = [Played.start(self.edition, Seat[dealer], check_layer(layer))]

    def judged(self, tokens: tuple[str, ...]) -> tuple:
        start = next((p for p in reversed(self.plays) if p.continues(tokens)), None)
        if start is None:
            return fresh(tokens, self.edition, self.layer, self.dealer)
        before = everything(start._run.result) if start.tokens else None
        try:
            judgement, played = judge_on(start, tokens)
        except BridgeLawsError as error:
            said = ("refused", type(error).__name__, str(error))
        else:
            said = everything(judgement)
            self.plays.append(played)
        if before is not None:
            assert everything(start._run.result) == before, f"continuing to {tokens} changed {start.tokens}'s judgement"
        return said


def check_scenario(tokens: tuple[str, ...], edition, layer: str, dealer: str = "N") -> list[str]:
    """Every prefix of ``tokens`` (ending where the notation lets a scenario end), continued and afresh."""
    chain = Chain(edition, layer, dealer)
    problems = []
    for end in range(1, len(tokens) + 1):
        if tokens[end - 1] in ("^I", "^S"):
            continue  # a mark waits for its call (a scenario cannot end in one)
        prefix = tokens[:end]
        continued, whole = chain.judged(prefix), fresh(prefix, edition, layer, dealer)
        if continued != whole:
            problems.append(f"{edition} {layer} {' '.join(prefix)!r}: continued {continued[:2]} != afresh {whole[:2]}")
    return problems


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("edition", EDITIONS_AND_DRAFTS)
def test_the_catalogue_pairs_continued_are_judged_as_afresh(edition, layer):
    problems = [p for dealer, tokens in SAMPLE for p in check_scenario(tuple(tokens.split()), edition, layer, dealer)]
    assert not problems, "\n".join(problems[:20])


#: The pairs whose search is checked scenario by scenario, with the shipped drafts against their base:
#: in ``make test`` one pair and one draft up to three tokens; in ``make fuzz`` every pair and every
#: draft up to the search's default length.
SEARCHED = ([(a.year, b.year) for n, a in enumerate(EDITIONS) for b in EDITIONS[n + 1:]] if LONG
            else [("1936", "2017")])


@pytest.mark.parametrize("layer", LAYERS)
def test_the_search_judges_every_scenario_as_afresh(monkeypatch, layer):
    from bridgelaws.presentation import distinguish

    continued = distinguish._judged_on
    seen: list[tuple[str, ...]] = []
    problems: list[str] = []

    def checked(played, tokens, edition):
        result, then = continued(played, tokens, edition)
        said = ("refused", result) if isinstance(result, str) else everything(result)
        whole = fresh(tokens, edition, layer, "N")
        if whole[0] == "refused":
            whole = ("refused", whole[2])
        if said != whole:
            problems.append(f"{edition.year} {layer} {' '.join(tokens)!r}: continued {said[:1]} != afresh {whole[:1]}")
        seen.append(tokens)
        return result, then

    monkeypatch.setattr(distinguish, "_judged_on", checked)
    drafts = [(find_edition(draft).base, find_edition(draft)) for draft in (DRAFTS if LONG else DRAFTS[:1])]
    distinguish.search_pairs(SEARCHED + drafts, max_tokens=4 if LONG else 3, layer=layer, later=False)
    assert not problems, "\n".join(problems[:20])
    # What the copy is for was reached: options after a ruling, marks before a call, calls written
    # with a seat over an irregular one (an acceptance), scenarios continued past a close.
    assert any(any(t.startswith("#") or ":#" in t for t in tokens) for tokens in seen)
    assert any(any(t.startswith("^") for t in tokens) for tokens in seen)
    assert any(len(tokens) == 3 and ":" in tokens[2] and tokens[2][2].isdigit() for tokens in seen)


class Continued(RuleBasedStateMachine):
    """A scenario grown a token at a time, as the search grows it: each token judged by continuing
    and afresh, the same; a refused token is dropped."""

    @initialize(edition=st.sampled_from(EDITIONS_AND_DRAFTS), layer=st.sampled_from(LAYERS))
    def start(self, edition, layer):
        self.edition, self.layer, self.tokens = edition, layer, ()
        self.chain = Chain(edition, layer)

    @rule(token=st.sampled_from(TOKENS))
    def add(self, token):
        trial = self.tokens + (token,)
        if token in ("^I", "^S"):
            self.tokens = trial  # judged with its call
            return
        continued, whole = self.chain.judged(trial), fresh(trial, self.edition, self.layer)
        assert continued == whole, f"{self.edition} {self.layer} {' '.join(trial)!r}"
        if whole[0] != "refused":
            self.tokens = trial


Continued.TestCase.settings = settings(
    max_examples=1000 if LONG else 40, stateful_step_count=8, derandomize=not LONG, deadline=None,
    suppress_health_check=list(HealthCheck), database=None)
test_random_sequences_continued_are_judged_as_afresh = Continued.TestCase


# --- the pieces the continuation rests on ---------------------------------------------------------------

def test_a_continuation_leaves_its_prefix_as_it_was():
    # East's insufficient 1C, then calls over it (a call with a seat over an irregular call may accept
    # it, and an acceptance rewrites the earlier call's record and ruling): the prefix's judgement
    # keeps its own whatever is continued from it.
    start = Played.start(find_edition("1936"), Seat.N, check_layer("corpus"))
    prefix, played = judge_on(start, ("1S", "E:1C"))
    before = everything(prefix)
    for token in ("S:1D", "W:1D", "P", "1H", "S:!SK"):
        try:
            judge_on(played, ("1S", "E:1C", token))
        except BridgeLawsError:
            pass
    assert everything(prefix) == before


def test_an_option_is_never_continued_from_the_call_it_belongs_to():
    start = Played.start(find_edition("2017"), Seat.N, check_layer("supplement"))
    _, played = judge_on(start, ("1C", "E:1C"))
    assert not played.continues(("1C", "E:1C", "#keep"))
    assert not played.continues(("1C", "E:1C", "W:#cancel"))
    assert played.continues(("1C", "E:1C", "P"))
    assert not played.continues(("1D", "E:1C", "P"))  # another prefix
    with pytest.raises(InternalError):
        judge_on(played, ("1C", "E:1C", "#keep"))


def test_the_copy_stops_on_a_field_it_does_not_know():
    start = Played.start(find_edition("2017"), Seat.N, check_layer("supplement"))
    _, played = judge_on(start, ("1C",))
    played._run.something_new = []
    with pytest.raises(InternalError, match="something_new"):
        judge_on(played, ("1C", "P"))


def test_what_the_copy_shares_the_judge_never_changes():
    # copy_run copies records shallowly, rulings by rulings._fresh and entries with their ruling:
    # everything else they hold must be a value the judge cannot change in place. A mutable field
    # added to a record, a Ruling or an Entry fails here, on scenarios that reach every kind of event.
    from bridgelaws.judging.rulings import _fresh

    immutable = (str, int, float, bool, type(None), tuple, frozenset, Seat)
    scenarios = [tokens.split() for _, tokens in SAMPLE[:60]] + [
        ["1S", "E:1C", "W:!SK", "P", "1H", "X", "S:[misinformed]", "N:=2S"], ["P", "W:1C", "^S", "1D", "?"]]
    for edition in EDITIONS_AND_DRAFTS:
        for tokens in scenarios:
            chain = Chain(edition, "supplement")
            for end in range(1, len(tokens) + 1):
                if not tokens[end - 1].startswith("^"):
                    chain.judged(tuple(tokens[:end]))
            for played in chain.plays[1:]:
                for record in played._run.records:
                    for key, value in record.items():
                        assert key == "ruling" or isinstance(value, immutable) or type(value).__hash__, (key, value)
                for entry in played._run.auction.history:
                    for key, value in vars(entry).items():
                        assert key == "ruling" or type(value).__hash__ is not None, (key, value)
                for event in played._run.records:
                    ruling = event["ruling"]
                    if ruling is None:
                        continue
                    fresh = _fresh(ruling)
                    for key, value in vars(ruling).items():
                        if isinstance(value, (list, dict, set)):
                            assert getattr(fresh, key) is not value, key
                            for inner, inner_fresh in zip(value, getattr(fresh, key)) if isinstance(value, list) else ():
                                if isinstance(inner, (list, dict, set)):
                                    assert inner_fresh is not inner, key
                        else:
                            assert type(value).__hash__ is not None or key == "_effect", (key, value)


def test_a_pending_tuple_holding_what_the_copy_does_not_know_stops_it():
    start = Played.start(find_edition("2017"), Seat.N, check_layer("supplement"))
    _, played = judge_on(start, ("1C",))
    played._run.awaiting_repeat = (Seat.N, [], Seat.E, None, None)
    with pytest.raises(InternalError, match="list"):
        judge_on(played, ("1C", "P"))


def test_a_list_of_tokens_continues_as_a_tuple():
    start = Played.start(find_edition("1949"), Seat.N, check_layer("corpus"))
    judgement, played = judge_on(start, ["1C", "E:1C"])
    assert played.tokens == ("1C", "E:1C")
    assert everything(judgement) == fresh(("1C", "E:1C"), "1949", "corpus")


def test_a_record_from_a_draft_has_every_field():
    judgement = judge(["1S", "E:1C", "W:!SK", "P"], "2017", layer="supplement")
    fields = {field for field in EventRecord.__dataclass_fields__}
    for event in judgement.events:
        assert set(vars(event)) == fields


@pytest.mark.parametrize("text", ["1C 1S ^I 1D #keep P", "P ^S 1C 2C", "1C #keep", "^I", "1C ^I", "1C Q7 P",
                                  "1C !SK P"])
def test_reading_the_rest_of_a_scenario_reads_as_the_whole(text):
    tokens = text.split()
    try:
        whole = parse_scenario(tokens)
    except BridgeLawsError as error:
        whole = str(error)
    for cut in range(len(tokens) + 1):
        try:
            first = parse_scenario(tokens[:cut]) if cut else []
        except BridgeLawsError:
            continue  # the first part does not read on its own (it ends in a mark)
        try:
            parts = parse_more(first, tokens[cut:])
        except BridgeLawsError as error:
            parts = str(error)
        assert parts == whole, (text, cut)


def test_the_search_restores_the_collector():
    from bridgelaws.presentation.distinguish import _rare_full_collections, search

    before = gc.get_threshold()
    search("1936", "1949", max_tokens=1, later=False)
    assert gc.get_threshold() == before
    # Walks that overlap (two threads): the last to end restores what was there before the first.
    first, second = _rare_full_collections(), _rare_full_collections()
    first.__enter__()
    raised = gc.get_threshold()
    assert raised[2] > before[2] or before[2] >= 1000
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold() == raised
    second.__exit__(None, None, None)
    assert gc.get_threshold() == before


def test_whether_a_call_is_left_is_whether_the_legal_calls_are_any():
    # finish() asks has_legal_call() (it stops at the first call) where it asked legal_calls().
    scenarios = [tokens.split() for _, tokens in SAMPLE] + [["7NT", "7S"], ["1S", "1C"], ["P", "P", "P", "P"]]
    seen = set()
    for edition in EDITIONS_AND_DRAFTS:
        for tokens in scenarios:
            judgement = judge(tokens, edition, partial=True)
            assert judgement.has_legal_call() == bool(judgement.legal_calls()), (edition, tokens)
            seen.add(judgement.has_legal_call())
    assert seen == {True, False}
