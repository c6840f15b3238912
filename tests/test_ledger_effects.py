"""The ledger compares effects whatever the layer (issue 24 §1): the goal, the unread ground, the
profile per dimension, the sentence that carries the rule, drafts as a side.

Expected values are read from the rulings' data and the Dutch texts by hand (each test says where).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from madeup import insufficient_bid_options

from bridgelaws.text import corpus
from bridgelaws.presentation import ledger, profile
from bridgelaws.supplement import supplement
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.presentation.ledger import Because, Change
from bridgelaws.judging.rulings import cases, generic_ruling, spec
from bridgelaws.text.vocabulary import DEFAULT_LAYER, Layer


def _pairs():
    years = [e.year for e in EDITIONS]
    return [(a, b) for i, a in enumerate(years) for b in years[i + 1:]]


def test_with_the_default_layer_every_entry_whose_sides_rule_has_a_word():
    """The goal: with the default layer, an entry whose two sides hold a ruling (in any layer) gets a
    word other than "not comparable", unless, in every situation, a supplementary side's source was
    never read for what is compared (the ruling's ``unread``), or no dimension is known on both sides
    (``assumption``: one side's effect is only the engine's default), or one side does not rule on
    the situation (a gap of the excerpt, or a ruling that gives it nothing: second reading)."""
    assert DEFAULT_LAYER is Layer.SUPPLEMENT
    checked = 0
    for a, b in _pairs():
        for entry in ledger.ledger(a, b):
            if not (entry.from_side.rules and entry.to_side.rules):
                assert entry.change is Change.NOT_COMPARABLE
                assert entry.because in (Because.SILENT, Because.REFERENCED)
                continue
            checked += 1
            if entry.change is Change.NOT_COMPARABLE:
                for s in entry.situations:
                    assert s.change is Change.NOT_COMPARABLE, (entry.subject, a, b)
                    rulings = [generic_ruling(entry.subject, year, s.condition, Layer.SUPPLEMENT) for year in (a, b)]
                    if s.because is Because.UNREAD:
                        assert any(r.unread for r in rulings), (entry.subject, a, b)
                    elif s.because is Because.ASSUMPTION:
                        # an assumption leaves a dimension unknown, and none known moves
                        assert any(r.assumption for r in rulings) and any(d.direction == "unknown" for d in s.profile)
                        assert profile.word(s.profile) is None
                    else:
                        assert not all(r.rules for r in rulings), (entry.subject, a, b, s.condition)
    assert checked > 0


def test_a_side_never_read_for_the_branch_is_not_comparable_with_that_ground():
    """data/supplement/rulings/exposed-card.yaml 1932 rests on a 1933 column that reports only an
    opponent's claim of a new deal under rule 43 (its ``unread``: the bar on the partner was never
    read); bid-out-of-rotation 1932 on a column, rule 39 read only to the first sentence of 39(1)
    (``unread``: the code's rule at the right-hand opponent's turn). Both are compared with 1936
    (corpus, 23 and 22.5) and 2017 (supplement): not comparable (unread), the ground in the reason."""
    for subject in ("exposed-card", "bid-out-of-rotation"):
        assert spec(subject, "1932", Layer.SUPPLEMENT).unread
        for later in ("1936", "2017"):
            found = [e for e in ledger.ledger("1932", later, subjects=[subject])][0]
            assert found.from_side.layer == "supplement"
            assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.UNREAD), (subject, later)
            assert "its source was never read for this" in found.reason
    # The corpus alone: 1932's excerpt is silent on both; nothing to compare.
    found = ledger.ledger("1932", "1936", Layer.CORPUS, ["exposed-card"])[0]
    assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.SILENT)


def test_the_layer_of_each_side_is_shown(capsys):
    """misnamed-double 2007 -> 2017: 2007's corpus excerpt (Art. 17) is silent, the supplement rules
    (2007 Law 19); 2017:19.A.3 rules in the corpus ("wordt hij geacht het werkelijk gedane bod te
    hebben gedoubleerd"). Both deem the double one of the bid made and bar no one: the same effect;
    the wording of a paraphrase is not compared."""
    found = ledger.ledger("2007", "2017", subjects=["misnamed-double"])[0]
    assert (found.from_side.layer, found.to_side.layer) == ("supplement", "corpus")
    assert found.change is Change.SAME_EFFECT
    data = found.as_dict()
    assert (data["from_side"]["layer"], data["to_side"]["layer"]) == ("supplement", "corpus")
    assert {d["dimension"] for d in data["profile"]} == set(profile.DIMENSIONS)
    assert main(["ledger", "--from", "2007", "--to", "2017", "--subject", "misnamed-double"]) == 0
    assert "same effect [supplement -> corpus]" in capsys.readouterr().out


def test_stricter_only_when_the_dimensions_agree():
    """1932:13.4 deems a double with a wrong number of tricks one of the bid made, nothing more;
    1936:22.4 also makes the partner pass at his next turn ("zijn maat moet passen"): stricter. 22.2
    ("gaat het bieden voort, alsof de onjuiste bieding een juiste bieding ware geweest") is a fact, not
    a right of the opponents (second reading, finding 4): the opponents' rights are the same, and the
    fate of the call is not compared, 1932 saying nothing of a later call."""
    found = ledger.ledger("1932", "1936", subjects=["misnamed-double"])[0]
    situation = next(s for s in found.situations if s.condition == "wrong-number-of-tricks")
    moved = {d.name: d.direction for d in situation.profile if d.direction != "same"}
    assert moved == {"barred": "stricter", "call": "unknown"}
    assert situation.change is Change.STRICTER and found.change is Change.STRICTER


def test_the_profile_orders_each_dimension():
    """Made-up changes to 1936's misnamed-double ruling (22.4: partner barred next turn, deemed, 22.2
    acceptance), each moving one dimension."""
    base = generic_ruling("misnamed-double", "1936", "wrong-number-of-tricks", Layer.CORPUS)

    def direction(**changes):
        return {d.name: d.direction for d in profile.compare(base, replace(base, **changes))}

    assert direction(barred=[])["barred"] == "milder"
    # 1936:22.2 is a fact (the fate of the call), not a right: without it, the opponents' rights are
    # the same, and the fate of the call is said on one side only.
    assert direction(acceptance=None)["opponents"] == "same" and direction(acceptance=None)["call"] == "unknown"
    # A right to accept (2017 Law 29A, "may choose to call"): more rights than none, stricter; against
    # 22.2's fact it is not ordered (a call over it ends the irregularity on both sides).
    right = replace(base, acceptance="2017:29.A")
    assert {d.name: d.direction for d in profile.compare(replace(base, acceptance=None), right)}["opponents"] == "stricter"
    assert direction(acceptance="2017:29.A")["opponents"] == "same" and direction(acceptance="2017:29.A")["call"] == "same"
    assert direction(options=[{"by": "lho", "choice": "cancel", "barred": []}])["opponents"] == "stricter"
    assert direction(requires="sufficient-bid")["offender"] == "stricter"
    assert direction(call_stands=False)["call"] == "differs"
    assert direction(play=["declarer may forbid a lead of that suit"])["play"] == "stricter"
    # A score recorded on one side only is not compared: the other's data says nothing of it.
    assert direction(score=["an adjusted score"])["score"] == "unknown"
    assert profile.word(profile.compare(base, replace(base, score=["an adjusted score"]))) is None
    both = replace(base, score=["an adjusted score"])
    # Recorded on both sides: the words are the project's, so they are not weighed (fourth reading,
    # finding 1: 2007 and 2017 21B3 are one rule in two translations).
    assert profile.compare(both, replace(both, score=["the score is adjusted"]))[5].direction == "same"
    mixed = profile.compare(base, replace(base, barred=[], options=[{"by": "lho", "choice": "cancel", "barred": []}]))
    assert profile.word(mixed) == "mixed"


def test_reworded_is_decided_on_the_sentence_that_carries_the_rule():
    """first-call 1949 -> 2007 (the issue's example): 1949:21 "De speler, die door het bord als gever
    is aangewezen, doet de eerste bieding en daarna wordt in volgorde door elke speler geboden." and
    2007:17.B "De speler die op het bord als gever is aangeduid, doet de eerste bieding.": 12 of the
    14 words of 2007's sentence are 1949's. Reworded, not rewritten."""
    found = ledger.compare_mechanic("first-call", "1949", "2007")
    assert found.change is Change.REWORDED
    assert '"De speler, die door het bord als gever is aangewezen, doet de eerste bieding en daarna' in found.reason
    assert ledger.REWORDED_SIMILARITY <= float(found.reason.split("align on ")[1][:4])


def test_the_rule_sentence_is_the_sentence_of_the_quote():
    """misnamed-double 1936: quote_from 1936:22.4; the sentence that holds the quote is a part of the
    record's text that contains the quote whole."""
    ruling = generic_ruling("misnamed-double", "1936", "wrong-number-of-tricks", Layer.CORPUS)
    sentence = ledger.rule_sentence(ruling)
    text = corpus.record(ruling.quote_from).text
    assert ruling.quote_nl in sentence and sentence in text
    assert ledger.sentences("Een zin. Nog een zin? Laatste zin.") == ["Een zin.", "Nog een zin?", "Laatste zin."]


def test_a_draft_is_a_side_of_the_ledger(capsys, data):
    insufficient_bid_options(data)  # the base's bars written by the test (1936's: tests/cases/)
    """The milder example draft (base 1936) makes 22.3.a bar no one and 22.3.b one turn; 1936's own
    ruling bars the partner next turn (a) or for the rest of the auction (b). The ledger compares
    1936 with the draft: the offender's options are the same two, the bars behind them lighter."""
    found = ledger.ledger("1936", "data/drafts/1936-milder-insufficient-bid.yaml", subjects=["insufficient-bid"])[0]
    assert found.to_side.layer == "draft" and found.from_side.layer == "corpus"
    assert found.change is Change.MILDER
    assert main(["ledger", "--from", "2017", "--to", "data/drafts/1936-milder-insufficient-bid.yaml"]) == 0
    out = capsys.readouterr().out
    assert "[supplement -> draft]" in out
