"""The fifth reading of the ledger (docs/ledger.md "Second reading", "Fifth reading"): each finding
on the entry it named. Every expected value was read by hand from the Dutch texts
(/work/shared/sources, data/editions/<year>/corpus.json) and the paraphrases
(data/editions/<year>/supplement.yaml); each test says where. Each fails on the code and data
before the fifth reading (commit 8c3d9a8)."""

from __future__ import annotations

from test_ledger_assumes import directions, entry, situation  # the ledger readings' helpers

from bridgelaws.judging.rulings import generic_ruling
from bridgelaws.presentation.ledger import Because, Change
from bridgelaws.text.vocabulary import Layer


def test_finding_1_a_wrong_denomination_in_1932_is_a_gap_like_a_changed_pass():
    """1932:13.4 "een onjuist aantal trekken" / 1936:22.4 "of een verkeerde speelsoort"; 1932:16 "Als
    een bod niet bedoeld is" / 1936:22.1 "een niet-bedoelde bieding". The same shape: treated alike,
    both `not comparable (silent)` (1932's rule 42 "andere onwettige biedingen" known by title only)."""
    for subject, condition in (("misnamed-double", "otherwise"), ("unintended-call", "changes-no-bid")):
        found = situation(entry(subject, "1932", "1936", Layer.CORPUS), condition)
        assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.SILENT), subject
        assert "sits in a gap of the 1932 excerpt" in found.reason, subject


def test_finding_2_the_fate_of_a_call_22_1_leaves_open_is_not_compared():
    """1936:22.1 "maar van dit voorrecht mag geen gebruik worden gemaakt om ... meeningsveranderingen
    te verbergen" does not say what becomes of the new call; the data's ``call_stands: true`` is the
    assumption's ("the engine lets the first call stand"), named in its ``assumes``. So no dimension
    is known on both sides, 1932 -> 1936 and 1936 -> 1949 alike."""
    for from_, to in (("1932", "1936"), ("1936", "1949")):
        found = situation(entry("unintended-call", from_, to), "otherwise")
        assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.ASSUMPTION), (from_, to)
        assert directions(found)["call"] == "unknown"
        assert "only the engine's reading (the ruling's value here rests on" in found.reason


def test_finding_3_wrong_board_2017_records_its_adjusted_scores_and_2007s_call_is_the_engines():
    """2017 Law 15A2(a) (paraphrased: "If the offender's partner has called after the cancelled call,
    the director awards an adjusted score") and 15A3 (an adjusted score "if the offender's call there
    differs"): recorded now. 2007:17.D.2 "(de LT van de overtreder moet zijn vorige bieding
    herhalen)": the engine withdraws that call too, so 2007's fate of the call is its reading."""
    ruling = generic_ruling("wrong-board", "2017", None, Layer.SUPPLEMENT)
    assert len(ruling.score) == 1 and "(15A2(a))" in ruling.score[0] and "(15A3)" in ruling.score[0]
    dims = directions(entry("wrong-board", "2007", "2017").situations[0])
    assert dims["score"] == "same" and dims["call"] == "unknown"


def test_finding_4_insufficient_bid_2007_2017_the_choices_and_bars_are_the_engines():
    """2007 27B1(b) "the same meaning ... or a more precise meaning" / 2017 27B1(b) "a comparable
    call (Law 23A)": the engine recognises neither (its assumption, ``assumes: [barred, offender]``),
    so the offender's options and the bars are not compared. The paraphrases of 27B2/27B3 say the
    lead restrictions of Law 26 (2017: 26B) may apply: recorded as ``play`` on both, the same."""
    found = entry("insufficient-bid", "2007", "2017")
    dims = directions(found.situations[0])
    assert dims["offender"] == dims["barred"] == "unknown"
    assert dims["play"] == "same"
    for year in ("2007", "2017"):
        play = generic_ruling("insufficient-bid", year, None, Layer.SUPPLEMENT).play
        assert len(play) == 1 and "lead restrictions of Law 26" in play[0] and "27B2 or 27B3" in play[0]
    # the same on the opponents (27A1), the call and the play, 3 of 6: not the same effect (issue 33 §3)
    assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.ASSUMPTION)
    assert found.dimensions() == (3, 6)


def test_finding_5_insufficient_bid_1936_1949_a_pass_allowed_is_milder():
    """1936:22.3 "moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort" (a
    sufficient bid only); the 1959 Art. 30's first sentence (1949's supplement): "a sufficient bid or
    a pass". The choices 1949 leaves out are the engine's (unread), so the offender's dimension is
    compared on the requirement alone: milder; the entry milder (was mixed, offender "differs")."""
    found = entry("insufficient-bid", "1936", "1949")
    dims = {d.name: d for d in found.situations[0].profile}
    assert dims["offender"].direction == "milder"
    assert dims["offender"].why.startswith("on what the replacement must be alone")
    assert dims["barred"].direction == "unknown"
    assert found.change is Change.MILDER


def test_finding_6_pass_at_lho_turn_after_a_bid_is_not_compared():
    """2007 30B3 (paraphrased: a pass at the left-hand opponent's turn after a bid "is treated as a
    change of call (Law 25)", which the engine does not apply: all six named); 2017's branch says
    "30C was not read". Was the same effect (opponents, call); now not comparable."""
    found = situation(entry("pass-out-of-rotation", "2007", "2017"), "otherwise")
    assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.ASSUMPTION)
    assert "30C was not read" in found.reason
    # at the partner's turn 2007's bar is 30B2(a)'s own (its assumption supplies the partner's
    # restriction on doubling, an offender's-side choice): the reason shows it going, 2017's "no one"
    # the engine's, and quotes 2017's "any legal call is open to the offender at his turn"
    partner = situation(entry("pass-out-of-rotation", "2007", "2017"), "at-partners-turn")
    assert ("offender (rest-of-auction); conditional: partner: no double or redouble at his next turn "
            "(2007:30.B.2.b) (turns barred: 3) -> no one (turns barred: 0)") in partner.reason
    assert "any legal call is open to the offender at his turn" in partner.reason


def test_finding_7_declarers_either_or_reads_or():
    """1936:23.a "mag de leider verhinderen, dat wordt uitgekomen in de kleur van een dergelijke kaart
    ... of een dergelijke kaart of kaarten behandelen als strafkaarten": one choice of declarer's."""
    found = situation(entry("exposed-card", "1936", "1949", Layer.CORPUS), "otherwise")
    assert "(a lead restriction or a penalty card -> none)" in found.reason
    said = situation(entry("exposed-card", "1936", "1949", Layer.CORPUS), "said")
    assert said.change is Change.REMOVED  # defended: 1949:26 names no remark


def test_finding_8_review_request_2007_bounds_the_right_like_2017():
    """2007 Law 20B (paraphrased: "at his own turn to call ... unless he is required to pass") /
    2017:20.B "mits het zijn beurt is om te bieden, tenzij hij reglementair moet passen": both have
    must-pass and not-at-turn branches, neither ruling there."""
    from bridgelaws.judging.rulings import spec

    branches = {b.condition: b for b in spec("review-request", "2007", Layer.SUPPLEMENT).when}
    for condition in ("must-pass", "not-at-turn"):
        assert str(branches[condition].status) == "silent" and branches[condition].article == "2007:20.B"
        assert not generic_ruling("review-request", "2007", condition, Layer.SUPPLEMENT).rules
    assert generic_ruling("review-request", "2007", "after-close", Layer.SUPPLEMENT).articles[0] == "2007:20.C"
