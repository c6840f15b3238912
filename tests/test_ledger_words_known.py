"""The ledger's words claim no more than is known (issue 33 §3): the mechanics compared on what their
rules do (probes), never on the code that carries them; a cross-reference is not a rewritten rule; a
word says how many dimensions it rests on; the conditional bars of Law 31 are part of the profile.
Each expectation was checked against the Dutch texts (../shared/sources), quoted beside it."""

from __future__ import annotations

import json

from bridgelaws.interfaces.cli import main
from bridgelaws.presentation import ledger
from bridgelaws.presentation.ledger import Because, Change
from bridgelaws.text import corpus

DRAFT = "data/drafts/1936-milder-insufficient-bid.yaml"


def mechanic(subject: str, a: str, b: str) -> ledger.Entry:
    return ledger.compare_mechanic(subject, a, b)


def test_a_draft_that_changes_one_ruling_leaves_the_closing_and_four_passes_unchanged():
    """The shipped draft restates the insufficient bid only: its closing rule and what four passes do
    are 1936's, probe for probe, and its articles are 1936's: unchanged (it was "mixed", read from
    the Python class names, which the reason printed)."""
    entries = {e.subject: e for e in ledger.ledger("1936", DRAFT) if e.kind == "mechanic"}
    for subject in ("end-of-auction", "all-pass"):
        found = entries[subject]
        assert found.change is Change.UNCHANGED, (subject, found.reason)
        assert "the same on each" in found.reason and "differs" not in found.reason
        assert "DraftEdition" not in found.reason and "bridgelaws." not in found.reason
    assert all(e.change is Change.UNCHANGED for e in entries.values())


def test_four_passes_1932_to_1936_is_the_same_rule_reworded():
    """1932:11.2 "Indien in de eerste ronde van het bieden alle vier spelers passen, gaat het spel niet
    door, en de speler wiens beurt het is om te geven, geeft met het andere spel." / 1936:15 "Indien in
    de eerste ronde van het bieden alle vier spelers passen, gaat het spel niet door, en de speler, die
    aan de beurt komt, geeft.": a new deal by the next dealer in both. It was "mixed" because the
    closing rule after a pass out of turn differs (1932:11.3 "door de andere drie spelers" / 1936:15
    "drie opeenvolgende spelers"): that is end-of-auction's, and stays "mixed" there."""
    assert "alle vier spelers passen, gaat het spel niet door" in corpus.record("1932:11.2").text
    assert "alle vier spelers passen, gaat het spel niet door" in corpus.record("1936:15").text
    four = mechanic("all-pass", "1932", "1936")
    assert four.change is Change.REWORDED, four.reason
    assert "what follows four passes: the same on all 1 probes" in four.reason
    closing = mechanic("end-of-auction", "1932", "1936")
    assert closing.change is Change.MIXED
    assert "the closing rule after a call, a pass out of turn among the passes: differs on" in closing.reason


def test_a_cross_reference_is_not_a_rule_compared():
    """2007:17.E.1 "De bieding en de biedperiode eindigen zoals bepaald in artikel 22.": the whole
    article points to Art. 22, not in the 2007 excerpt. Four passes 1949 -> 2007 (was "mixed", the
    closing rule's) and 2007 -> 2017 (was "rewritten") are not comparable: referenced."""
    assert corpus.record("2007:17.E.1").text.strip() == "De bieding en de biedperiode eindigen zoals bepaald in artikel 22."
    for a, b in (("1949", "2007"), ("2007", "2017")):
        found = mechanic("all-pass", a, b)
        assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.REFERENCED), (a, b)
        assert "2007's 2007:17.E.1 only points to 2007:22 (not in the corpus)" in found.reason
    # 2007's own closing sentence (17.E.2, "is het bieden niet beëindigd als één van deze pasbiedingen
    # een pas voor de beurt was") is more than a pointer: its end-of-auction side still rules.
    assert mechanic("end-of-auction", "2007", "2017").change is not Change.NOT_COMPARABLE
    # across the gaps, four passes are compared 1949 -> 2017, 2007 skipped
    steps = ledger.across_gaps("all-pass", kind="mechanic")
    assert [(e.from_edition, e.to_edition, e.skipped) for e in steps][-1] == ("1949", "2017", ("2007",))


def test_four_passes_1936_to_1949_is_a_change_of_what_follows():
    """1936:15 "gaat het spel niet door, en de speler, die aan de beurt komt, geeft" / 1949:22 "worden
    de kaarten zonder te spelen weer in het bord geborgen ... geen reden voor een nieuwe gift"."""
    found = mechanic("all-pass", "1936", "1949")
    assert found.change is Change.MIXED
    assert "what follows four passes: differs on 1 of 1 probes (e.g. all four pass: next-deal under 1936, " \
           "passed-out under 1949)" in found.reason
    assert "four passes in rotation with no call end the auction: the same on all" in found.reason


def test_each_word_says_how_many_dimensions_it_rests_on(capsys):
    assert main(["ledger", "--from", "1949", "--to", "2007", "--subject", "insufficient-bid"]) == 0
    assert "not comparable (assumption) [supplement -> supplement] (1 of 6 dimensions known)" in capsys.readouterr().out
    assert main(["ledger", "--from", "1949", "--to", "2007", "--subject", "first-call"]) == 0
    assert "reworded [corpus -> corpus] (1 of 1 dimensions known)" in capsys.readouterr().out
    assert main(["--lang", "nl", "ledger", "--from", "1949", "--to", "2007", "--subject", "insufficient-bid"]) == 0
    assert "(1 van 6 dimensies bekend)" in capsys.readouterr().out
    assert main(["ledger", "--from", "1949", "--to", "2007", "--subject", "insufficient-bid", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["dimensions"] == {"known": 1, "of": 6}


def test_the_conditional_bars_of_law_31_are_read():
    """2007 31A2 (paraphrased in data/supplement): after the right-hand opponent's call, the offender's
    own next call bars his partner once (same denomination) or for the rest of the auction (another);
    2017 31A2, as the engine applies it (no comparable call recognised): his partner once, whatever
    the call. No unconditional bar in either: was "same" on the bars; the rest-of-auction outcome
    gone: milder."""
    found = ledger.compare_case("bid-out-of-rotation", "2007", "2017")
    at_rho = next(s for s in found.situations if s.condition == "at-rho-turn")
    barred = next(d for d in at_rho.profile if d.name == "barred")
    assert barred.direction == "milder"
    assert "partner rest-of-auction (2007:31.A.2.b)" in barred.before
    assert "partner next-turn (2017:31.A.2.b)" in barred.after
    offender = next(d for d in at_rho.profile if d.name == "offender")
    assert "he must repeat his call (2007:31.A.1)" in offender.before
