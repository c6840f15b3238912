"""A gap branch of a supplementary ruling (``status: silent``) leaves the corpus's answer standing and
shows its own note beside it (R3 finding 2, 2026-12-01 evening; docs/decisions/2026-12-02-readings-r3-r4-dutch-of-the-rulings.md).

The scenario: 2007, ``1S 1H 3H P ?``. East's 3H replaces his insufficient 1H by a bid that is not the
lowest sufficient one in hearts, so West must pass for the rest of the auction (2007:27.B.2 as
paraphrased: "obliges the offender's partner to pass for the rest of the auction"); West then asks for
a review. 2007:20.B as paraphrased gives the right "unless he is required to pass", and
data/supplement/rulings/review-request.yaml makes that situation (`must-pass`) a gap naming 2007:20.B.
The 2007 corpus (Art. 17) does not treat a review: its answer is "not in the excerpt".
"""
from __future__ import annotations

import json

from bridgelaws import judge
from bridgelaws.judging.rulings import generic_ruling
from bridgelaws.presentation import ledger
from bridgelaws.presentation.render import ruling_html
from bridgelaws.text.vocabulary import Layer, Status

SCENARIO = "1S 1H 3H P ?"


def _review(layer: str = "supplement"):
    result = judge(SCENARIO, "2007", layer=layer)
    found = [r for e, r in result.rulings if e.case == "review-request"]
    assert len(found) == 1
    return found[0]


def test_the_corpus_answer_stands_with_the_gap_branch_beside_it():
    ruling = _review()
    assert ruling.status == Status.SILENT and ruling.layer is Layer.CORPUS  # the corpus's answer
    assert ruling.supplement_gap is not None
    assert ruling.supplement_gap.article == "2007:20.B"
    assert "required to pass" in ruling.supplement_gap.summary_en
    assert ruling.as_dict()["supplement_gap"]["article"] == "2007:20.B"


def test_the_corpus_layer_shows_no_gap_note():
    assert _review("corpus").supplement_gap is None
    assert "supplement_gap" not in _review("corpus").as_dict()


def test_the_card_shows_the_note_as_a_gap_never_as_no_penalty():
    html = ruling_html(_review(), style=False)
    assert "Supplement, a gap (2007:20.B, outside the corpus): A gap: 20B, as read" in html
    assert "not in the excerpt" in html
    assert "no penalty" not in html.lower()
    dutch = ruling_html(_review(), style=False, lang="nl")
    assert "Aanvulling, een leemte (2007:20.B, buiten het corpus): Een leemte: 20B geeft" in dutch
    assert "nog niet in het Nederlands" not in dutch


def test_compare_lists_the_note_under_the_corpus_answer(capsys):
    from bridgelaws.interfaces.cli import main

    main(["compare", SCENARIO])
    out = capsys.readouterr().out
    block = out[out.index("2007  review-request"):]
    block = block[:block.index("\n\n")]
    assert "NOT IN THE EXCERPT" in block
    assert "Supplement, a gap (2007:20.B, outside the corpus)" in block


def test_the_ledger_names_the_article_read_that_leaves_the_situation_out():
    found = ledger.ledger("1949", "2007", Layer.SUPPLEMENT, ["review-request"])[0]
    must_pass = next(s for s in found.situations if s.condition == "must-pass")
    assert ("is not in the excerpt, and in the supplementary layer 2007:20.B, as "
            "read, leaves this situation out; nothing read says what follows") in must_pass.reason
    assert "no source read for the supplement covers this situation" not in must_pass.reason.split("1949 rules")[0]


def test_a_gap_branch_without_an_article_still_shows_its_note():
    """1949's after-close branch is a gap that names no article (the 1975 Art. 20 read speaks only of
    the auction): its note shows, labelled without an article."""
    ruling = generic_ruling("review-request", "1949", "after-close", Layer.SUPPLEMENT)
    assert ruling.supplement_gap is not None and ruling.supplement_gap.article is None
    assert "Supplement, a gap (outside the corpus): A gap:" in ruling_html(ruling, style=False)
    assert json.dumps(ruling.as_dict())  # still plain JSON
