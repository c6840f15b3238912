"""Where two editions part (issue 14, section 1): ``distinguish`` and ``bridgelaws distinguish``.

Expected values were read from the texts (and ``data/rulings``), not from running the code:

- ``E:P`` (dealer North): East passes before anyone has bid, out of rotation. 1936:22.5: "Een
  juiste bieding, die niet in goede volgorde werd gedaan, vervalt ... en het bieden gaat over op den
  speler, wiens beurt het was om te bieden", and 22.5.a: "gepast werd vóór het eerste bod, dan moet
  de overtreder passen, zoodra hij de eerste maal aan de beurt is om te bieden": the pass is void,
  North (whose turn it was) calls, East must pass at his next turn. 1949's excerpt (Art. 21-26) does
  not treat calls out of rotation (``data/rulings/pass-out-of-rotation.yaml``: silent): the
  engine's default lets the pass stand, and South, after East, calls next. A one-token scenario:
  nothing shorter exists.
- ``N:!SK`` (dealer North): North lays the king of spades face up. 1936:23.b: "als zulk een kaart
  een honneur is ... moet ook de maat van den bezitter passen, telkens wanneer het zijn beurt is om
  te bieden": South must pass for the rest of the auction. 1949:26.a: "een aas, heer, vrouw of boer
  ... de maat van de bezitter de eerste maal dat het zijn beurt is om te bieden, moet passen": South
  must pass at his next turn only. Same case, same status; the bars differ.
- 1932 vs 2017, ``[incorrect-deal]``: 1932:10.1 "Er moet door denzelfden speler met hetzelfde spel
  opnieuw worden gegeven, als -" (10.1.d, 10.1.e: the faults that can be found during the auction;
  ``data/rulings/incorrect-deal.yaml``), so the auction ends there; 2017's excerpt does not treat an
  incorrect deal (silent), and the auction goes on (the engine's default). A new deal vs an open
  auction.
"""

from __future__ import annotations

import itertools
import json

import pytest
from madeup import insufficient_bid_options

from bridgelaws import BridgeLawsError
from bridgelaws.judging import rulings as rulings_data
from bridgelaws.auction.calls import Seat
from bridgelaws.interfaces.cli import main
from bridgelaws.presentation.distinguish import (CATEGORIES, DEFAULT_MAX_TOKENS, DEFAULT_SPACE, WITNESSES, Difference, Space,
                                    _difference, distinguish, search)
from bridgelaws.auction.editions import EDITIONS, Edition
from bridgelaws.judging.lookup import find_edition
from bridgelaws.judging.judging import Judgement, judge

# --- an independent reading of "a different result" -----------------------------------------------

#: The keys of ``judge --json`` that are words or citations, not results: two editions never share
#: an article, and their quotes and summaries are their own.
_WORDS = {"articles", "article", "references", "quote_nl", "quote_from", "summary_en", "assumption", "reason",
          "effect", "text", "play", "layer", "edition", "source", "read", "sources", "outside_corpus",
          "corpus_status", "corpus_summary", "above_seven", "default",
          # a gap of the supplementary layer noted beside the corpus's answer: words, not behaviour
          "supplement_gap"}


def _results(value):
    if isinstance(value, dict):
        return {k: _results(v) for k, v in value.items() if k not in _WORDS}
    if isinstance(value, list):
        return [_results(v) for v in value]
    return value


def played(tokens, edition, dealer="N"):
    """The judgement's results (its JSON without words and articles), or None when the edition
    cannot play the scenario."""
    try:
        return _results(judge(list(tokens), edition, dealer).as_dict())
    except BridgeLawsError:
        return None


def closed(tokens, edition) -> bool:
    try:
        result = judge(list(tokens), edition)
    except BridgeLawsError:
        return False
    return result.ended is not None or result.auction.is_over


# --- every reported scenario really differs ----------------------------------------------------------

@pytest.mark.parametrize("pair", [("1936", "1949"), ("2007", "2017"), ("1932", "2017")])
def test_every_reported_scenario_gives_different_results_judged_separately(pair):
    differences = distinguish(*pair, max_tokens=2)
    assert differences, pair
    for difference in differences:
        a, b = played(difference.scenario, pair[0]), played(difference.scenario, pair[1])
        assert a != b, (difference.scenario, difference.kind)
        # and the prefix did not differ yet: the last token is where the editions part
        prefix = difference.scenario[:-1]
        if prefix and not prefix[-1].startswith("^"):
            assert played(prefix, pair[0]) == played(prefix, pair[1]), difference.scenario


def test_shortest_first_and_one_per_kind():
    differences = distinguish("1936", "1949", max_tokens=3)
    lengths = [len(d.scenario) for d in differences]
    assert lengths == sorted(lengths)
    kinds = [d.kind for d in differences]
    assert len(kinds) == len(set(kinds))
    assert max(lengths) == 3  # the third token still parts them somewhere new


# --- an independent brute force over the same space --------------------------------------------------

def _all_option_tokens(editions) -> list[str]:
    """Every option any ruling of these editions offers in any branch, plus #consulted, unnamed
    and by each seat (the search offers only those of the last call's ruling)."""
    choices = set()
    for case in rulings_data.cases():
        for edition in editions:
            for condition in [None] + [b["condition"] for b in rulings_data.branches(case.id, edition)]:
                choices.update(o["choice"] for o in rulings_data.generic_ruling(case.id, edition, condition).options)
    chosen = sorted(choices) + ["consulted"]
    return [f"#{c}" for c in chosen] + [f"{seat}:#{c}" for seat in "NESW" for c in chosen]


def brute_force(a: str, b: str, max_tokens: int, space: Space = DEFAULT_SPACE) -> dict[str, int]:
    """Plain loops over every sequence of the space's tokens (all options everywhere, marks
    anywhere): the length of the shortest scenario of each kind of difference. A scenario counts
    when every shorter prefix both editions played alike (the first parting names the kind), and
    the auction closed, if it did, only before its last token."""
    edition_a, edition_b = find_edition(a), find_edition(b)
    in_turn, special = space.tokens()
    special = tuple(special) + tuple(_all_option_tokens((edition_a, edition_b)))
    alphabet = [(t, False) for t in in_turn] + [(t, True) for t in special]
    memo: dict[tuple[str, ...], tuple] = {}

    def both(tokens):
        if tokens not in memo:
            memo[tokens] = (played(tokens, a), played(tokens, b), closed(tokens, a) or closed(tokens, b))
        return memo[tokens]

    shortest: dict[str, int] = {}
    for length in range(1, max_tokens + 2):
        for combination in itertools.product(alphabet, repeat=length):
            if sum(is_special for _, is_special in combination) > space.max_special:
                continue
            tokens = tuple(t for t, _ in combination)
            if tokens[-1].startswith("^"):
                continue
            prefixes = [tokens[:n] for n in range(1, length) if not tokens[n - 1].startswith("^")]
            if any(both(p)[0] is None or both(p)[1] is None or both(p)[0] != both(p)[1] for p in prefixes):
                continue
            if any(both(p)[2] for p in prefixes[:-1]) or (length > max_tokens and not (prefixes and both(prefixes[-1])[2])):
                continue
            result_a, result_b, _ = both(tokens)
            if result_a == result_b:
                continue
            judged_a = _judged(tokens, edition_a)
            judged_b = _judged(tokens, edition_b)
            difference = _difference(tokens, Seat.N, edition_a, edition_b, judged_a, judged_b)
            assert difference is not None, tokens  # the search's reading agrees that they differ
            shortest.setdefault(difference.kind, length)
    return shortest


def _judged(tokens, edition) -> Judgement | str:
    try:
        return judge(list(tokens), edition)
    except BridgeLawsError as error:
        return str(error)


@pytest.mark.parametrize("pair", [("1936", "1949"), ("2007", "2017")])
def test_brute_force_agrees_nothing_shorter_and_nothing_missed(pair):
    found = {d.kind: len(d.scenario) for d in distinguish(*pair, max_tokens=2)}
    assert found == brute_force(*pair, max_tokens=2)


# --- editions identical in law -----------------------------------------------------------------------

def test_a_made_up_edition_identical_in_law_reports_nothing():
    twin = Edition.like("1949", year="1949-twin")
    assert twin is not find_edition("1949")
    assert distinguish(twin, "1949", max_tokens=2) == []
    # the made-up edition is passed through, not looked up: against 1936 it parts like 1949 does
    assert ([d.kind for d in distinguish(twin, "1936", max_tokens=1)]
            == [d.kind for d in distinguish("1949", "1936", max_tokens=1)])


# --- hand-checked expectations (see the module's docstring for the Dutch) -------------------------

def by_scenario(differences: list[Difference]) -> dict[str, Difference]:
    return {" ".join(d.scenario): d for d in differences}


def test_1936_1949_pass_out_of_rotation_before_the_first_bid():
    found = by_scenario(distinguish("1936", "1949", max_tokens=1))
    difference = found["E:P"]
    a, b = difference.a, difference.b
    assert (a.edition, a.case, a.status, a.call_stands, a.barred, a.next_to_call) == (
        "1936", "pass-out-of-rotation", "ruled", False, (("E", "next-turn"),), "N")
    assert "1936:22.5.a" in a.articles
    assert (b.edition, b.case, b.status, b.next_to_call) == ("1949", "pass-out-of-rotation", "silent", "S")
    assert "status" in difference.aspects and "bars" in difference.aspects
    # shortest: the only scenario of its kind, and of length 1
    assert [d.scenario for d in distinguish("1936", "1949", max_tokens=1) if d.kind == difference.kind] == [("E:P",)]


def test_1936_1949_an_exposed_honour_bars_partner_for_the_auction_or_one_turn():
    difference = by_scenario(distinguish("1936", "1949", max_tokens=1))["N:!SK"]
    assert difference.aspects == ("bars",)
    assert (difference.a.case, difference.a.status, difference.a.barred) == (
        "exposed-card", "ruled", (("S", "rest-of-auction"),))
    assert (difference.b.case, difference.b.status, difference.b.barred) == (
        "exposed-card", "ruled", (("S", "next-turn"),))
    assert "1936:23.b" in difference.a.articles and "1949:26.a" in difference.b.articles


def test_1932_2017_an_incorrect_deal_ends_the_auction_only_in_1932():
    difference = by_scenario(distinguish("1932", "2017", max_tokens=1, layer="corpus"))["[incorrect-deal]"]
    assert difference.a.case == difference.b.case == "incorrect-deal"
    assert (difference.a.status, difference.b.status) == ("ruled", "silent")
    assert difference.b.outcome == "open" and difference.a.outcome != "open"


def test_the_layer_is_passed_to_the_judge():
    corpus = distinguish("2007", "2017", max_tokens=1, layer="corpus")
    supplement = distinguish("2007", "2017", max_tokens=1)  # the default: the best sourced answer
    assert not any("supplement" in (d.a.status, d.b.status) for d in corpus)
    assert any("supplement" in (d.a.status, d.b.status) for d in supplement)


def test_where_one_edition_cannot_play_the_scenario_the_other_shows_its_event():
    # "^S X": a double marked as accepted out of rotation (PBN ^S) before any bid. 1936 reads the
    # double first as inadmissible (1936:22.6.a, no bid to double), which the mark does not fit, so
    # 1936 cannot go on; 1949's excerpt does not treat calls out of rotation (silent): it reads the
    # double as one out of rotation and goes on.
    difference = by_scenario(distinguish("1936", "1949", max_tokens=2, layer="corpus"))["^S X"]
    assert difference.aspects == ("error",)
    assert difference.a.status == "error" and "does not fit" in (difference.a.error or "")
    assert "inadmissible-double" in (difference.a.error or "")
    assert (difference.b.case, difference.b.status) == ("double-out-of-rotation", "silent")


# --- the space reaches the whole catalogue -----------------------------------------------------------

def test_every_case_of_the_catalogue_has_a_witness_in_the_space():
    cases = [case.id for case in rulings_data.cases()]
    assert sorted(WITNESSES) == sorted(cases)
    in_turn, special = DEFAULT_SPACE.tokens()
    for case, scenario in WITNESSES.items():
        tokens = scenario.split()
        assert all(t in in_turn or t in special for t in tokens), scenario
        assert sum(t in special for t in tokens) <= DEFAULT_SPACE.max_special, scenario
        assert (len(tokens) <= DEFAULT_MAX_TOKENS
                or len(tokens) == DEFAULT_MAX_TOKENS + 1 and any(closed(tokens[:-1], e) for e in EDITIONS)), scenario
        raised = [e.year for e in EDITIONS if any(ev.case == case for ev in judge(tokens, e).events)]
        assert raised, (case, scenario)


def test_the_size_of_the_space():
    in_turn, special = DEFAULT_SPACE.tokens()
    marks = sum(t.startswith("^") for t in special)
    # one token: every token but a mark (a mark waits for its call); two tokens: in turn then in
    # turn, or a special one then a call in turn, or a call in turn then a special one not a mark
    assert DEFAULT_SPACE.sequences(1) == len(in_turn) + len(special) - marks
    assert DEFAULT_SPACE.sequences(2) - DEFAULT_SPACE.sequences(1) == (
        len(in_turn) ** 2 + len(special) * len(in_turn) + len(in_turn) * (len(special) - marks))
    assert len(special) == len(set(special))


def test_a_naive_search_finds_the_same_kinds():
    pruned = search("1936", "1949", max_tokens=2)
    naive = search("1936", "1949", max_tokens=2, prune=False)
    assert [d.kind for d in naive.differences] == [d.kind for d in pruned.differences]
    assert naive.judged > pruned.judged


# --- the command -------------------------------------------------------------------------------------

def test_cli_json(capsys):
    assert main(["distinguish", "1936", "1949", "--max-tokens", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data = json.loads(out)
    assert data and all({"scenario", "dealer", "difference", "kind", "editions"} <= set(d) for d in data)
    first = next(d for d in data if d["scenario"] == "E:P")
    assert first["dealer"] == "N"
    assert [(e["edition"], e["case"], e["status"]) for e in first["editions"]] == [
        ("1936", "pass-out-of-rotation", "ruled"), ("1949", "pass-out-of-rotation", "silent")]
    assert "1936:22.5.a" in first["editions"][0]["articles"]


def test_cli_text(capsys):
    assert main(["distinguish", "1936", "1949", "--max-tokens", "1"]) == 0
    out = capsys.readouterr().out
    assert "between 1936 and 1949" in out and "E:P" in out and "1936:22.5.a" in out


@pytest.mark.parametrize("argv, words", [
    (["1936", "1999"], "unknown edition '1999'"),
    (["1936", "1949", "--max-tokens", "0"], "at least 1"),
    (["1936", "1949", "--max-tokens", "99"], "too large"),
    (["1936", "1949", "--max-tokens", "two"], "whole number"),
    (["1936", "1949", "--layer", "other"], "invalid choice"),
])
def test_cli_bad_arguments_one_line_exit_2(capsys, argv, words):
    assert main(["distinguish", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err


def test_bad_max_tokens_in_the_library():
    with pytest.raises(BridgeLawsError, match="at least 1"):
        distinguish("1936", "1949", max_tokens=0)


# --- issue 24 section 3: what differs after the first parting ------------------------------------

def test_after_a_pass_out_of_rotation_another_player_calls_next():
    # 1936:22.5: the pass out of rotation is void and the turn goes back to North, whose turn it was;
    # 1949's excerpt is silent, so the engine lets East's pass stand and South calls next. The pass
    # that follows "E:P" is North's under 1936 and South's under 1949.
    later = {" ".join(d.scenario): d for d in search("1936", "1949", max_tokens=1).later}
    difference = later["E:P P"]
    assert difference.stage == "after" and difference.category == "who calls next"
    assert difference.follows.startswith("pass-out-of-rotation")
    assert "made by: N vs S" in difference.difference
    assert "1936:22.5.a" in difference.a.articles  # the ruling the turn comes from, with its article


def test_a_milder_draft_shows_in_the_correction_that_follows(data):
    insufficient_bid_options(data)  # the base's bars written by the test (1936's: tests/cases/)
    # The draft bars the partner one turn, not the rest of the auction, after "any other bid"
    # (data/drafts/1936-milder-insufficient-bid.yaml; 1936:22.3.b: "gedurende het verdere verloop
    # van het bieden"): North 1C, East 1C (insufficient), East corrects with 1S (not the lowest
    # sufficient bid in clubs): West barred for the rest of the auction vs at his next turn.
    found = search("1936", "data/drafts/1936-milder-insufficient-bid.yaml", max_tokens=2)
    assert [" ".join(d.scenario) for d in found.differences] == ["1C 1C"]
    later = {" ".join(d.scenario): d for d in found.later}
    correction = later["1C 1C 1S"]
    assert correction.category == "correction"
    assert "bars in force: W rest-of-auction vs W next-turn" in correction.difference
    assert "1936:22.3.b" in correction.a.articles and "1936-milder-insufficient:insufficient-bid" in correction.b.articles
    # the lowest sufficient bid in the same denomination, as an option: W next turn (22.3.a) vs none
    right = later["1C 1C #lowest-sufficient-same-denomination"]
    assert right.category == "right exercised" and "W next-turn vs none" in right.difference


def test_a_call_that_ends_the_auction_under_one_edition_only_is_its_own_kind():
    # 1C P X: South doubles his partner's bid. 1936:22.6.b deems the double a pass ("dan wordt de
    # overtreder geacht te hebben gepast"), so West's pass is the third pass after 1C and closes
    # (1936:15 "totdat drie opeenvolgende spelers passen"); 1949's excerpt gives no rectification
    # (Art. 24 only says when one may double) and the engine lets the double stand: West's pass is
    # the first after it, and North calls next. The same pass, in turn, ends one auction only.
    assert closed(("1C", "P", "X", "P"), "1936") and not closed(("1C", "P", "X", "P"), "1949")
    later = {" ".join(d.scenario): d for d in search("1936", "1949", max_tokens=3).later}
    ends = later["1C P X P"]
    assert ends.category == "ends the auction"
    assert ends.kind == "ends the auction after inadmissible-double: closed under 1936 only"
    assert ends.follows.startswith("inadmissible-double") and "final state: contract 1C by N vs open" in ends.difference
    assert "ends the auction" in CATEGORIES


def test_after_kinds_are_separate_and_each_really_differs():
    found = search("1936", "1949", max_tokens=1)
    partings = {d.kind: d for d in found.differences}
    assert found.later and not {d.kind for d in found.later} & set(partings)
    for difference in found.later:
        assert difference.follows in partings
        parting = partings[difference.follows]
        assert difference.scenario[:-1] == parting.scenario  # one token after the parting's scenario
        assert played(difference.scenario, "1936") != played(difference.scenario, "1949")
        assert difference.a.articles or difference.b.articles or "error" in difference.aspects


def test_cli_json_marks_the_stage(capsys):
    assert main(["distinguish", "1936", "1949", "--max-tokens", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    stages = [d["stage"] for d in data]
    assert "parting" in stages and "after" in stages
    assert stages == sorted(stages, key=["parting", "after"].index)  # partings first
    assert all(d["follows"] and d["category"] for d in data if d["stage"] == "after")


# --- engine artefacts are refused as input, not reported ---------------------------------------------

@pytest.mark.parametrize("token", ["N:[wrong-board]", "N:[misinformed]", "N:[comparable]", "N:[misunderstood]"])
def test_an_incident_about_a_call_not_yet_made_is_refused_under_every_edition(token):
    for edition in EDITIONS:
        with pytest.raises(BridgeLawsError, match="North has made no call yet"):
            judge([token], edition)
    # once North has called, the scenario is read (the witnesses of the catalogue)
    assert judge(["1S", token], "2017").events[-1].case is not None


def test_the_wrong_board_before_any_call_is_no_longer_a_difference():
    kinds = [d.kind for d in distinguish("2007", "2017", max_tokens=1, layer="corpus")]
    assert not any("wrong-board" in kind and "cannot play" in kind for kind in kinds)


def test_cli_refuses_the_artefact_with_one_line(capsys):
    assert main(["judge", "--edition", "2007", "N:[wrong-board]"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "North has made no call yet" in err


# --- issue 24 section 3: the count of the space --------------------------------------------------

def test_the_space_counts_scenarios_not_sequences_ending_in_a_mark():
    in_turn, special = DEFAULT_SPACE.tokens()
    marks = [t for t in special if t.startswith("^")]
    assert (len(in_turn), len(special), len(marks)) == (7, 83, 2)
    # by hand: sum over L = 1..4 of 7^L + L * 7^(L-1) * 81 (one non-mark special anywhere) +
    # (L-1) * 7^(L-2) * 2 * 7 (a mark, then its call in turn, the mark not last)
    by_hand = sum(7 ** n + n * 7 ** (n - 1) * 81 + (n - 1) * 7 ** (n - 1) * 2 for n in range(1, 5))
    assert by_hand == 129_322 == DEFAULT_SPACE.sequences(4)


# --- issue 24 section 5: one walk for several pairs gives each pair's own search -----------------

def test_several_pairs_at_once_are_each_pairs_own_search():
    from bridgelaws.presentation.distinguish import search_pairs

    pairs = [("1936", "1949"), ("1949", "2007"), ("1936", "2007")]
    together = search_pairs(pairs, max_tokens=2)
    for pair, joint in zip(pairs, together):
        alone = search(*pair, max_tokens=2)
        assert [d.to_dict() for d in joint.differences] == [d.to_dict() for d in alone.differences]
        assert [d.to_dict() for d in joint.later] == [d.to_dict() for d in alone.later]
        assert (joint.judged, joint.per_length) == (alone.judged, alone.per_length)


def test_progress_is_written_only_when_asked(capsys):
    import io

    from bridgelaws.text._cliio import Progress

    quiet = Progress("distinguish", stream=io.StringIO())  # not a terminal: nothing
    search("1936", "1949", max_tokens=2, progress=quiet)
    assert quiet.lines == 0 and quiet.stream.getvalue() == ""
    shown = Progress("distinguish", stream=io.StringIO(), enabled=True, after=0, every=0)
    search("1936", "1949", max_tokens=2, progress=shown)
    text = shown.stream.getvalue()
    assert shown.lines >= 1 and text.startswith("bridgelaws: distinguish: ") and "scenarios judged" in text


@pytest.mark.parametrize("draft", ["1936-milder-insufficient-bid.yaml", "1936-with-2017-closing.yaml"])
def test_a_draft_judged_through_its_base_where_untouched_finds_the_same(draft, monkeypatch):
    """The search reuses the base's judgement for a draft that changes only some cases' rulings, on a
    scenario that raises none of them (``_shadows``). Judged in full instead, the draft gives the
    same differences, the same counts and the same later kinds; the closing draft changes a mechanic,
    so nothing is reused there (its list of shadows is empty)."""
    from bridgelaws.presentation import distinguish as module

    base = find_edition("1936")
    edition = find_edition(f"data/drafts/{draft}")

    def run():
        found = module.search(base, edition, max_tokens=2)
        return ([(d.scenario, d.kind, d.aspects) for d in found.differences],
                [(d.scenario, d.kind, d.category) for d in found.later], found.judged)

    shadowed = run()
    assert bool(module._shadows([base, edition])) == ("milder" in draft)
    monkeypatch.setattr(module, "_shadows", lambda editions: {})
    assert run() == shadowed
    if "milder" in draft:
        assert shadowed[0]  # the milder draft parts from its base within two tokens (1S 1H)


# --- a defect of the engine stops the search; what happens after the close -------------------------

def _judge_failing_on(monkeypatch, scenario: tuple[str, ...], year: str, error: Exception) -> None:
    """The engine made to fail on one scenario under one edition (every other judged as it is)."""
    import bridgelaws.judging.continuation as continuation
    import bridgelaws.judging.judging as judging_module

    real, real_on = judging_module.judge, continuation.judge_on

    def judged(tokens, edition, *args, **kwargs):
        if tuple(tokens) == scenario and find_edition(edition).year == year:
            raise error
        return real(tokens, edition, *args, **kwargs)

    def judged_on(played, tokens):  # the search continues each scenario from its prefix
        if tuple(tokens) == scenario and played.edition.year == year:
            raise error
        return real_on(played, tokens)

    monkeypatch.setattr(judging_module, "judge", judged)
    monkeypatch.setattr(continuation, "judge_on", judged_on)


def test_an_internal_error_stops_the_search(monkeypatch):
    from bridgelaws import InternalError

    failing = InternalError("internal error at 'P' (position 2) under 2017: KeyError: 3")
    _judge_failing_on(monkeypatch, ("X", "P"), "2017", failing)
    with pytest.raises(InternalError) as raised:
        search("2007", "2017", max_tokens=2, layer="corpus", later=False)
    assert raised.value is failing


def test_a_refusal_that_names_no_token_stops_the_search_as_an_internal_error(monkeypatch):
    """The crash first reported ("no such bid: level 1, strain -1" on 2017 "X P") was raised as a
    user's refusal and read as "2017 cannot play it": a false difference. A refusal that names none
    of the scenario's tokens at its position is a defect, and the search stops on it."""
    from bridgelaws import InternalError

    _judge_failing_on(monkeypatch, ("X", "P"), "2017", BridgeLawsError("no such bid: level 1, strain -1"))
    with pytest.raises(InternalError, match=r"'X P' under 2017.*no such bid: level 1, strain -1"):
        search("2007", "2017", max_tokens=2, layer="corpus", later=False)


def test_a_refusal_naming_its_token_is_still_a_scenario_the_edition_cannot_play(monkeypatch):
    _judge_failing_on(monkeypatch, ("X", "P"), "2017", BridgeLawsError("'P' at position 2: made up for the test"))
    found = search("2007", "2017", max_tokens=2, layer="corpus", later=False).differences
    assert any(d.scenario == ("X", "P") and d.b.error == "'P' at position 2: made up for the test" for d in found)


def test_after_the_close_the_search_tries_a_card_exposed_and_a_call_changed(monkeypatch):
    import bridgelaws.judging.continuation as continuation
    import bridgelaws.judging.judging as judging_module

    real, real_on, tried = judging_module.judge, continuation.judge_on, set()

    def judged(tokens, *args, **kwargs):
        tried.add(tuple(tokens))
        return real(tokens, *args, **kwargs)

    def judged_on(played, tokens):
        tried.add(tuple(tokens))
        return real_on(played, tokens)

    monkeypatch.setattr(judging_module, "judge", judged)
    monkeypatch.setattr(continuation, "judge_on", judged_on)
    space = Space(in_turn=("P", "1S"), named_calls=(), named_doubles=(), exposures=("!SK",), changes=("=2S", ">P"),
                  named_changes=(), incidents=False, marks=(), options=False)
    search("2017", "2017", max_tokens=4, space=space, layer="corpus", later=False)
    for after in ("N:!SK", "W:!SK", "=2S", ">P", "P", "1S"):
        assert ("1S", "P", "P", "P", after) in tried, after
    # never two tokens after the close, and no mark after it
    assert not any(len(tokens) > 5 for tokens in tried)
