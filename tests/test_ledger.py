"""The ledger of changes between editions (issue 14 section 3): each word on a real entry checked by
hand against the Dutch, the words on made-up editions, the quotes, the CLI's JSON."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from bridgelaws import BridgeLawsError, corpus, datafiles, ledger
from bridgelaws.cli import main
from bridgelaws.editions import EDITIONS, MECHANICS, Edition
from bridgelaws.ledger import Because, Change
from bridgelaws.rulings import cases


def entry(subject, from_, to, kind="case", layer="corpus"):
    found = [e for e in ledger.ledger(from_, to, layer, [subject]) if e.kind == kind]
    assert len(found) == 1
    return found[0]


# --- each word on a real entry, checked by hand against the Dutch ----------------------------------

def test_introduced_wrong_board_1949_to_2007():
    """2007:17.D.1 "Een bieding wordt geannuleerd als ze door een speler gedaan wordt met kaarten die
    hij uit een verkeerd bord genomen heeft": the 2007 excerpt rules on a call made with the cards of
    a wrong board. The 1949 excerpt (Art. 21-26) speaks of the board only in 21 and 22 (the cards put
    back "in het bord"), never of a wrong one: not in the excerpt. Hence introduced."""
    found = entry("wrong-board", "1949", "2007")
    assert found.change is Change.INTRODUCED and found.because is None
    assert found.from_side.status == "silent" and found.to_side.status == "ruled"
    assert "2007:17.D.1" in found.to_side.articles and "verkeerd bord" in found.to_side.quote_nl


def test_removed_wrong_board_2007_to_2017():
    """The 2017 excerpt rewrote 17D (2017:17.D.1 "De biedperiode eindigt ...", the end of the
    auction period), and none of its records (Art. 17-23) speaks of a wrong board ("verkeerd" occurs
    only in 20.F.4.a and 21.A, on explanations): removed, of the excerpt only."""
    found = entry("wrong-board", "2007", "2017")
    assert found.change is Change.REMOVED
    assert "not in the excerpt" in found.reason


def test_stricter_misnamed_double_1932_to_1936():
    """1932:13.4 "wordt hij geacht het gedane bod te hebben gedubbeld of herdubbeid" (a wrong number
    of tricks; no other consequence); 1936:22.4 "geacht het gedane bod te hebben gedoubleerd of
    geredoubleerd en zijn maat moet passen, zoodra het de eerstvolgende keer zijn beurt is te bieden":
    the partner now loses his next turn (0 -> 1 turn barred). 1932 does not treat a wrong
    denomination (13.4 names only "een onjuist aantal trekken"), 1936 does ("of een verkeerde
    speelsoort"): that situation is introduced and does not change the direction."""
    found = entry("misnamed-double", "1932", "1936")
    assert found.change is Change.STRICTER
    by_condition = {s.condition: s for s in found.situations}
    assert by_condition["wrong-number-of-tricks"].change is Change.STRICTER
    assert "turns barred 0 -> 1" in by_condition["wrong-number-of-tricks"].reason
    assert by_condition["otherwise"].change is Change.INTRODUCED


def test_milder_misnamed_double_1936_to_2017():
    """2017:19.A.3 "wordt hij geacht het werkelijk gedane bod te hebben gedoubleerd (artikel 16 ...
    kan van toepassing zijn)": deemed a double of the bid made, and no bar (1936:22.4's "zijn maat
    moet passen" is gone): 1 -> 0 turns barred."""
    found = entry("misnamed-double", "1936", "2017")
    assert found.change is Change.MILDER
    assert "turns barred 1 -> 0" in found.reason


def test_reworded_skipped_turn_2007_to_2017():
    """2007:17.E.2 and 2017:17.D.3 are the same sentence ("gaat de bieding terug naar de speler die
    zijn beurt heeft gemist"), save "één"/"een" (an accent) and "Artikel 16D" / "Artikel 16C": the
    same ruling, a reworded text."""
    found = entry("skipped-turn-at-end", "2007", "2017")
    assert found.change is Change.REWORDED
    assert "'16d' -> '16c'" in found.reason
    assert found.from_side.quote_nl == found.to_side.quote_nl


def test_unchanged_first_call_2007_to_2017():
    """2007:17.B and 2017:17.B: "De speler die op het bord als gever is aangeduid, doet de eerste
    bieding." word for word; the engine's rule is the same."""
    found = entry("first-call", "2007", "2017", kind="mechanic")
    assert found.change is Change.UNCHANGED
    assert corpus.record("2007:17.B").text == corpus.record("2017:17.B").text


def test_not_comparable_all_pass_1936_to_1949():
    """1936:15 "gaat het spel niet door, en de speler, die aan de beurt komt, geeft" (the next dealer
    deals); 1949:22 "worden de kaarten zonder te spelen weer in het bord geborgen ... geen reden voor
    een nieuwe gift" (passed out). Neither is a penalty: the effect changed in what the strictness
    measure does not order."""
    found = entry("all-pass", "1936", "1949")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.UNORDERED
    assert "outcome: next-deal -> passed-out" in found.reason


def test_not_comparable_insufficient_bid_1932_to_1936_is_referenced():
    """1932:12 "(zie regel 40 - onvoldoend bod)": the 1932 code treats it in rule 40, outside the
    corpus; 1936:22.3 rules. Not "introduced": the rule existed, its content cannot be read."""
    found = entry("insufficient-bid", "1932", "1936")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.REFERENCED
    assert "1932:40" in found.reason


def test_not_comparable_mixed_exposed_card_1936_to_1949():
    """1936:23 bars the partner for the rest of the auction for an honour ("moet ook de maat van den
    bezitter ... passen"); 1949:26.a only at his next turn ("de maat ... de eerstvolgende keer dat
    hij aan de beurt is moet passen"), but 1949 also bars him for a low card played too early, which
    1936 does not: milder for an honour, stricter for a low card played early."""
    found = entry("exposed-card", "1936", "1949")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.MIXED
    by_condition = {s.condition: s.change for s in found.situations}
    assert by_condition["honour-or-several"] is Change.MILDER and by_condition["early"] is Change.STRICTER


def test_every_word_appears_in_the_real_ledger():
    years = [e.year for e in EDITIONS]
    words = {e.change for a in years for b in years if a != b for e in ledger.ledger(a, b)}
    assert words == set(Change)


# --- made-up editions ------------------------------------------------------------------------------

def _set_1949_misnamed(data, change):
    """1949's entry for misnamed-double: a copy of 1936's, changed by ``change``."""
    from datacopy import edit_yaml

    def edit(raw):
        entry_1949 = copy.deepcopy(raw["rulings"]["1936"])
        change(entry_1949)
        raw["rulings"]["1949"] = entry_1949

    edit_yaml(data / "rulings" / "misnamed-double.yaml", edit)


def test_a_copy_is_unchanged(data):
    _set_1949_misnamed(data, lambda e: None)
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.UNCHANGED


def test_a_longer_bar_is_stricter_and_back_milder(data):
    def longer(e):
        e["barred"] = [{"who": "partner", "scope": "rest-of-auction"}]
    _set_1949_misnamed(data, longer)
    forward, back = entry("misnamed-double", "1936", "1949"), entry("misnamed-double", "1949", "1936")
    assert forward.change is Change.STRICTER and "turns barred 1 -> 3" in forward.reason
    assert back.change is Change.MILDER


def test_a_bar_on_the_side_with_a_right_taken_away_is_mixed(data):
    def both(e):
        e["barred"] = [{"who": "side", "scope": "next-turn"}]
    _set_1949_misnamed(data, both)
    assert entry("misnamed-double", "1936", "1949").change is Change.STRICTER  # 1 -> 2 turns
    from datacopy import edit_yaml

    def give_right(raw):  # 1936 now also gives the opponents a right: 1949 has more turns, fewer rights
        raw["rulings"]["1936"]["options"] = [{"by": "lho", "choice": "keep"}]
    edit_yaml(data / "rulings" / "misnamed-double.yaml", give_right)
    datafiles.reset()
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.MIXED


def test_another_quote_is_reworded(data):
    def requote(e):
        e["quote_nl"] = "zijn maat moet passen"  # another verbatim part of 1936:22.4
    _set_1949_misnamed(data, requote)
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.REWORDED and "the quote differs" in found.reason


def test_silent_cells(data):
    """One silent side: introduced or removed; both silent, or one referenced: not comparable."""
    from datacopy import edit_yaml

    found = entry("misnamed-double", "1936", "1949")  # 1949 is silent in the data as it is
    assert found.change is Change.REMOVED

    def silence(raw):
        raw["rulings"]["1936"] = {"status": "silent", "summary_en": "made up"}
    edit_yaml(data / "rulings" / "misnamed-double.yaml", silence)
    datafiles.reset()
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.SILENT


def test_a_made_up_closing_rule_changes_the_mechanic():
    toy = Edition.like("1936", year="toy", closing="three-passes-no-lost-turn")
    found = ledger.compare_mechanic("end-of-auction", "1936", toy)
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.UNORDERED
    assert "three-consecutive-players -> three-passes-no-lost-turn" in found.reason
    # Its other mechanics are 1936's, article for article.
    assert ledger.compare_mechanic("sufficiency", "1936", toy).change is Change.UNCHANGED


def test_an_overridden_hook_changes_the_mechanic():
    class HigherOnly(Edition):
        def is_sufficient(self, rank: int, last_rank: int) -> bool:
            return rank > last_rank + 1

    toy = HigherOnly.like("2017", year="toy")
    found = ledger.compare_mechanic("sufficiency", "2017", toy)
    assert found.change is Change.NOT_COMPARABLE and "HigherOnly.is_sufficient" in found.reason
    assert ledger.compare_mechanic("double", "2017", toy).change is Change.UNCHANGED


# --- the whole ledger ------------------------------------------------------------------------------

@pytest.mark.parametrize("layer", ["corpus", "supplement"])
def test_every_quote_is_verbatim(layer):
    years = [e.year for e in EDITIONS]
    for a in years:
        for b in years:
            if a == b:
                continue
            for found in ledger.ledger(a, b, layer):
                for side in (found.from_side, found.to_side):
                    if side.quote_nl is not None:
                        assert side.quote_nl in corpus.record(side.quote_from).text, (found.subject, side)
                    if side.status == "supplement":
                        assert side.quote_nl is None


def test_consecutive_covers_every_subject_and_step():
    entries = ledger.consecutive()
    assert len(entries) == (len(cases()) + len(MECHANICS)) * (len(EDITIONS) - 1)
    steps = {(e.from_edition, e.to_edition) for e in entries}
    assert steps == {(a.year, b.year) for a, b in zip(EDITIONS, EDITIONS[1:])}
    for found in entries:
        assert (found.because is not None) == (found.change is Change.NOT_COMPARABLE)
        assert found.reason


def test_history_of_a_case():
    """misnamed-double: 1932:13.4 first, then 1936:22.4, not in the 1949 and 2007 excerpts, then
    2017:19.A.3."""
    found = ledger.history("misnamed-double")
    assert (found.first_ruled, found.last_ruled) == ("1932", "2017")
    assert found.last_changed is not None and found.last_changed.change is Change.INTRODUCED
    assert (found.last_changed.from_edition, found.last_changed.to_edition) == ("2007", "2017")
    assert ledger.history("call-after-close").first_ruled is None
    assert ledger.history("all-pass", kind="mechanic").kind == "mechanic"


def test_spelling_is_folded_and_words_are_not():
    assert ledger.same_wording("zoodra het grooter is", "zodra het groter is")
    assert ledger.same_wording("vereischte", "vereiste") and ledger.same_wording("één", "een")
    assert not ledger.same_wording("een", "en") and not ledger.same_wording("16D", "16C")


# --- the command line ------------------------------------------------------------------------------

def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_schema(capsys):
    code, out, err = run(capsys, "ledger", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    years = {e.year for e in EDITIONS}
    assert isinstance(data, list) and len(data) == len(ledger.consecutive())
    for item in data:
        assert {"subject", "kind", "from", "to", "change", "because", "reason", "from_side", "to_side",
                "situations", "layer"} <= set(item)
        assert item["change"] in ledger.CHANGES and item["from"] in years and item["to"] in years
        assert item["kind"] in ("case", "mechanic")
        for side in ("from_side", "to_side"):
            assert {"status", "articles", "quote_nl", "quote_from"} <= set(item[side])


def test_csv_and_text(capsys):
    code, out, _ = run(capsys, "ledger", "--from", "1936", "--to", "1949", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and tuple(rows[0]) == ledger.COLUMNS and len(rows) == len(cases()) + len(MECHANICS)
    code, out, _ = run(capsys, "ledger", "--subject", "misnamed-double")
    assert code == 0 and "1932 -> 1936  stricter" in out and "first in the 1932 excerpt" in out


@pytest.mark.parametrize("argv, fragment", [
    (["ledger", "--from", "1936"], "give both --from and --to"),
    (["ledger", "--from", "1936", "--to", "1936"], "both 1936"),
    (["ledger", "--from", "1936", "--to", "1977"], "unknown edition '1977'"),
    (["ledger", "--subject", "nope"], "unknown subject 'nope'"),
    (["ledger", "--layer", "both"], "invalid choice"),
])
def test_bad_arguments(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


def test_errors_name_the_subject():
    with pytest.raises(BridgeLawsError, match="unknown mechanic"):
        ledger.compare_mechanic("nope", "1936", "1949")


def test_supplement_layer_counts_a_paraphrase_as_a_ruling_but_never_its_wording():
    """With the layer on, 2007's insufficient bid is the supplementary ruling (data/supplement/,
    outside the corpus), so 1949 -> 2007 is introduced; 2007 -> 2017 compares two paraphrases
    (2017:18.D only points to Law 27) and, the effect being the same, cannot compare the words."""
    forward = entry("insufficient-bid", "1949", "2007", layer="supplement")
    assert forward.change is Change.INTRODUCED and forward.to_side.status == "supplement"
    assert forward.to_side.quote_nl is None and "outside the corpus" in forward.reason
    assert entry("insufficient-bid", "1949", "2007").change is Change.NOT_COMPARABLE  # the corpus alone
    later = entry("insufficient-bid", "2007", "2017", layer="supplement")
    assert later.change is Change.NOT_COMPARABLE and later.because is Because.PARAPHRASE
