"""The ledger of changes between editions (issue 14 section 3): each word on a real entry checked by
hand against the Dutch, the words on made-up editions, the quotes, the CLI's JSON."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from bridgelaws import BridgeLawsError
from bridgelaws.text import corpus, datafiles
from bridgelaws.presentation import ledger
from bridgelaws.interfaces.cli import main
from madeup import low_card_pair
from bridgelaws.auction.editions import EDITIONS, MECHANICS, Edition
from bridgelaws.presentation.ledger import Because, Change
from bridgelaws.judging.rulings import cases
from data_examples import silent_pair


def entry(subject, from_, to, kind="case", layer="corpus"):
    found = [e for e in ledger.ledger(from_, to, layer, [subject]) if e.kind == kind]
    assert len(found) == 1
    return found[0]


# --- each word on a real entry, checked by hand against the Dutch ----------------------------------

def test_one_silent_excerpt_is_not_comparable_wrong_board():
    """2007:17.D.1 "Een bieding wordt geannuleerd als ze door een speler gedaan wordt met kaarten die
    hij uit een verkeerd bord genomen heeft": the 2007 excerpt rules on a call made with the cards of
    a wrong board. The 1949 excerpt (Art. 21-26) speaks of the board only in 21 and 22 (the cards put
    back "in het bord"), never of a wrong one; the 2017 excerpt rewrote 17D (the end of the auction
    period) and none of its records speaks of a wrong board. Where an excerpt stops is no change of
    law (decision A): not comparable, silent, naming the silent excerpt (the old code said
    introduced, then removed)."""
    found = entry("wrong-board", "1949", "2007")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.SILENT
    assert found.from_side.status == "silent" and found.to_side.status == "ruled"
    assert "2007:17.D.1" in found.to_side.articles and "verkeerd bord" in found.to_side.quote_nl
    assert "the 1949 excerpt is silent on it" in found.reason and "outside the excerpt" in found.reason
    later = entry("wrong-board", "2007", "2017")
    assert later.change is Change.NOT_COMPARABLE and later.because is Because.SILENT
    assert "the 2017 excerpt is silent on it" in later.reason


def test_excerpt_boundaries_never_introduce_or_remove_anything():
    """Finding 1: 1932 -> 1936 said "introduced" eight times, 1936 -> 1949 "removed" twelve times,
    where the 1932 and 1949 excerpts stop (1932:12 "(zie regel 40 ...)", 1949:25 "art. 94"). An
    entry one side of which holds no ruling is never introduced or removed (issue 24: only a
    situation that one text rules on, the other not, while both rule on the subject, is)."""
    years = [e.year for e in EDITIONS]
    for a in years:
        for b in years:
            if a != b:
                for found in ledger.ledger(a, b):
                    if not (found.from_side.rules and found.to_side.rules):
                        assert found.change not in (Change.INTRODUCED, Change.REMOVED), (found.subject, a, b)
                    if (found.from_side.rules) != (found.to_side.rules) and "referenced" not in (
                            found.from_side.status, found.to_side.status):
                        assert found.because is Because.SILENT, (found.subject, a, b)


def test_the_2007_excerpt_makes_mechanics_silent():
    """Finding 2: 2007's excerpt is Art. 17 only; its Arts 18, 19, 22 are outside it. bid-range,
    denominations, sufficiency, double, redouble, after-redouble, double-cancelled came out removed
    1949 -> 2007 and introduced 2007 -> 2017 (each reason ending "the engine's rule is the same"):
    now not comparable (silent), as declarer already was."""
    for mechanic in ("bid-range", "denominations", "sufficiency", "double", "redouble", "after-redouble",
                     "double-cancelled", "declarer"):
        for a, b in (("1949", "2007"), ("2007", "2017")):
            found = entry(mechanic, a, b, kind="mechanic")
            if mechanic == "declarer":
                assert found.because is Because.SILENT  # neither excerpt states it
                continue
            assert found.change is Change.NOT_COMPARABLE and found.because is Because.SILENT, (mechanic, a, b)
            assert "the 2007 excerpt does not state it" in found.reason
            assert "not a reading of the texts" in found.reason


def test_stricter_misnamed_double_1932_to_1936():
    """1932:13.4 "wordt hij geacht het gedane bod te hebben gedubbeld of herdubbeid" (a wrong number
    of tricks; no other consequence); 1936:22.4 "geacht het gedane bod te hebben gedoubleerd of
    geredoubleerd en zijn maat moet passen, zoodra het de eerstvolgende keer zijn beurt is te bieden":
    the partner now loses his next turn (0 -> 1 turn barred). 13.4 names only "een onjuist aantal
    trekken", 1936:22.4 adds "of een verkeerde speelsoort"; but 1932's rule 42 ("andere onwettige
    biedingen", known only by its title) was never read, so the wrong denomination sits in a gap of
    the 1932 excerpt: not comparable (silent), like a changed pass in unintended-call (fifth reading,
    finding 1), and it does not change the direction."""
    found = entry("misnamed-double", "1932", "1936")
    assert found.change is Change.STRICTER
    by_condition = {s.condition: s for s in found.situations}
    assert by_condition["wrong-number-of-tricks"].change is Change.STRICTER
    assert "no one (turns barred: 0) -> partner (next-turn) (turns barred: 1)" in by_condition["wrong-number-of-tricks"].reason
    assert (by_condition["otherwise"].change, by_condition["otherwise"].because) == (Change.NOT_COMPARABLE,
                                                                                   Because.SILENT)
    assert "sits in a gap of the 1932 excerpt" in by_condition["otherwise"].reason


def test_an_absent_acceptance_is_not_said_never_no():
    """Finding 8: 1932:13.4 says nothing of a later call accepting the double; 1936:22.2 does. The
    old reason read "a later call accepts it: no -> yes", a "no" 1932 never says. 1936:22.2 "Indien na
    een onjuiste bieding opvolgend een bieding wordt gedaan, ... gaat het bieden voort, alsof de
    onjuiste bieding een juiste bieding ware geweest" is a fact (no "mag"), part of the fate of the
    call (second reading, finding 4): said on one side only, that dimension is not compared."""
    found = entry("misnamed-double", "1932", "1936")
    assert ("the fate of the call: not compared, what a later call does is said on one side only "
            "(stands, deemed the double/redouble of the bid made, next: rotation -> stands") in found.reason
    assert "the auction goes on as if it were proper (1936:22.2)" in found.reason
    assert "accepts it: no ->" not in found.reason and "accept it by calling over it" not in found.reason


def test_milder_misnamed_double_1936_to_2017():
    """2017:19.A.3 "wordt hij geacht het werkelijk gedane bod te hebben gedoubleerd (artikel 16 ...
    kan van toepassing zijn)": deemed a double of the bid made, and no bar (1936:22.4's "zijn maat
    moet passen" is gone): 1 -> 0 turns barred."""
    found = entry("misnamed-double", "1936", "2017")
    assert found.change is Change.MILDER
    assert "partner (next-turn) (turns barred: 1) -> no one (turns barred: 0)" in found.reason
    # Finding 9: 2017's pointer to article 16 (outside the corpus) is named, not weighed.
    assert "2017's cited text also points outside the corpus: 'artikel 16" in found.reason


def test_unchanged_skipped_turn_2007_to_2017():
    """2007:17.E.2 and 2017:17.D.3: the sentence that carries the rule, "Als dit gebeurt, gaat de
    bieding terug naar de speler die zijn beurt heeft gemist.", is the same in both (issue 24: the
    word is decided per sentence); the articles differ elsewhere only in "één"/"een" (an accent) and
    "Artikel 16D" / "Artikel 16C", and the reason says that the only difference is the number of an
    article outside the corpus (finding 9, from the corpus's references)."""
    found = entry("skipped-turn-at-end", "2007", "2017")
    assert found.change is Change.UNCHANGED
    assert ("the only difference is the number of an article outside the corpus: "
            "'Artikel 16D' (2007:16.D) -> 'Artikel 16C' (2017:16.C)") in found.reason
    assert found.from_side.quote_nl == found.to_side.quote_nl
    assert ledger.similarity(corpus.record("2007:17.E.2").text, corpus.record("2017:17.D.3").text) > 0.95


@pytest.mark.parametrize("subject, condition, first, second", [
    # 1932:16 "doordat hij het practisch in één adem herstelt, geldt het als hersteld" / 1936:22.1
    # "Een speler mag een niet-bedoelde bieding zonder straf verbeteren ... de andere spelers dienen
    # er op het oogenblik zelf over te beslissen": the same effect for the engine, other conditions.
    ("unintended-call", "slip", "1932:16", "1936:22.1"),
    # 1932:10.2 a new deal "met een goed spel" / 1936:24.2 an obligatory search ("na behoorlijk
    # zoeken, hetwelk verplicht is"): another rule, the same effect for the test scenario only.
    ("wrong-number-of-cards", None, "1932:10.2", "1936:24.2"),
])
def test_a_rewritten_rule_is_not_reworded(subject, condition, first, second):
    """Findings 4 and 5: "reworded" hid a rewritten rule. The texts align on far less than the
    threshold: not comparable (rewritten), with both texts to read."""
    found = entry(subject, "1932", "1936")
    situation = next(s for s in found.situations if s.condition == condition) if condition else found
    assert situation.change is Change.REWRITTEN and situation.because is None
    assert "the sentence was rewritten and its conditions may differ: read both texts" in situation.reason
    assert ledger.similarity(corpus.record(first).text, corpus.record(second).text) < 0.3 < ledger.REWORDED_SIMILARITY
    # unintended-call: a change of a pass, double or redouble. 1932's `changes-no-bid` branch is
    # silent and names no record of the excerpt (rule 16 is the entry's, a "bod"): the situation sits
    # in a gap of the 1932 excerpt, so it is not introduced (second reading, finding 2) and does not
    # decide the entry's word.
    assert found.change is Change.REWRITTEN
    if subject == "unintended-call":
        gap = next(s for s in found.situations if s.condition == "changes-no-bid")
        assert (gap.change, gap.because) == (Change.NOT_COMPARABLE, Because.SILENT)
        assert "sits in a gap of the 1932 excerpt" in gap.reason


def test_the_threshold_lies_in_the_gap_of_the_real_pairs():
    """REWORDED_SIMILARITY's comment: per sentence (issue 24), the real pairs nearest the threshold
    align on 0.55 (double-cancelled 1949 / 2017, rewritten) and 0.61 (contract and declarer 1932 /
    1936, reworded); none lies between, and the threshold does."""
    import re

    years = [e.year for e in EDITIONS]
    scores = {float(m) for a in years for b in years if a != b for found in ledger.ledger(a, b)
              for text in [found.reason] for m in re.findall(r"align on ([0-9.]+)", text)}
    assert scores and not any(0.56 <= x < 0.61 for x in scores)
    assert 0.55 < ledger.REWORDED_SIMILARITY < 0.61


def test_mechanics_say_the_equality_is_the_engines():
    """Finding 3: double-cancelled 1936 -> 1949 was "reworded": 1936:17 says only "mag elke speler
    op zijn beurt een verder bod doen"; 1949:25 "Elk doublet en redoublet vervalt door een daarna
    gedaan juist bod". bid-range: 1936:22.6.c is a penalty clause, 1949:23 a definition. The
    engine's behaviour is the same on every probe of each dimension, the texts do not align:
    rewritten. The reason counts the dimensions and names no code (issue 33 §3)."""
    for mechanic in ("double-cancelled", "bid-range"):
        found = entry(mechanic, "1936", "1949", kind="mechanic")
        assert found.change is Change.REWRITTEN, mechanic
        assert "1 dimension of the engine's behaviour compared, the same on each" in found.reason
        assert "not a reading of the texts" in found.reason
        assert "Edition" not in found.reason and "bridgelaws." not in found.reason
        assert found.dimensions() == (1, 1)


def test_unchanged_first_call_2007_to_2017():
    """2007:17.B and 2017:17.B: "De speler die op het bord als gever is aangeduid, doet de eerste
    bieding." word for word; the engine's rule is the same."""
    found = entry("first-call", "2007", "2017", kind="mechanic")
    assert found.change is Change.UNCHANGED
    assert corpus.record("2007:17.B").text == corpus.record("2017:17.B").text


def test_mixed_all_pass_1936_to_1949():
    """1936:15 "gaat het spel niet door, en de speler, die aan de beurt komt, geeft" (the next dealer
    deals); 1949:22 "worden de kaarten zonder te spelen weer in het bord geborgen ... geen reden voor
    een nieuwe gift" (passed out). Neither is a penalty: the effect changed in what the strictness
    measure does not order: mixed, naming the dimension (the fate of the call)."""
    found = entry("all-pass", "1936", "1949")
    assert found.change is Change.MIXED and found.because is None
    assert "the fate of the call: differs" in found.reason and "leads to: next-deal" in found.reason
    assert "leads to: passed-out" in found.reason
    assert [d["dimension"] for d in found.profile() if d["direction"] != "same"] == ["call"]


def test_not_comparable_insufficient_bid_1932_to_1936_is_referenced():
    """1932:12 "(zie regel 40 - onvoldoend bod)": the 1932 code treats it in rule 40, outside the
    corpus; 1936:22.3 rules. Not "introduced": the rule existed, its content cannot be read."""
    found = entry("insufficient-bid", "1932", "1936")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.REFERENCED
    assert "1932:40" in found.reason


def test_mixed_exposed_card_1936_to_1949():
    """1936:23 bars the partner for the rest of the auction for an honour ("moet ook de maat van den
    bezitter ... passen"); 1949:26.a only at his next turn ("de maat ... de eerstvolgende keer dat
    hij aan de beurt is moet passen"), but 1949 also bars him for a low card played too early, which
    1936 does not: milder for an honour, stricter for a low card played early."""
    found = entry("exposed-card", "1936", "1949")
    assert found.change is Change.MIXED and found.because is None
    by_condition = {s.condition: s for s in found.situations}
    assert by_condition["honour-or-several"].change is Change.MILDER
    # A low card played too early: 1936 bars no one (23.a), 1949 the partner at his next turn (26.a),
    # while 1936's lead restriction is gone: the dimensions disagree.
    early = {d.name: d.direction for d in by_condition["early"].profile}
    assert by_condition["early"].change is Change.MIXED
    assert early["barred"] == "stricter" and early["play"] == "milder"


def test_every_word_appears_in_the_real_ledger():
    """Which words have real entries, and which only made-up ones. Introduced and removed are said
    of a situation both editions rule on (misnamed-double 1932 -> 1936 "een verkeerde speelsoort";
    review-request 1932 -> 1936 after the close); an entry as a whole is introduced or removed only
    if every situation is, which no real entry is (the excerpts' silences are "silent"): those two
    words are tried on a made-up edition (test_an_entry_wholly_introduced_on_a_made_up_edition)."""
    years = [e.year for e in EDITIONS]
    entries = [e for a in years for b in years if a != b for e in ledger.ledger(a, b, layer="corpus")]
    words = {e.change for e in entries}
    situation_words = {s.change for e in entries for s in e.situations}
    # same effect: a paraphrase on one side (the supplementary layer); unread: the same
    # introduced / removed: no real entry as a whole (since the fifth reading, finding 1, not even
    # misnamed-double 1932 -> 2017, whose wrong denomination is a gap of the 1932 excerpt)
    assert words == set(Change) - {Change.SAME_EFFECT, Change.INTRODUCED, Change.REMOVED}
    assert {Change.INTRODUCED, Change.REMOVED} <= situation_words
    grounds = {e.because for e in entries} | {s.because for e in entries for s in e.situations}
    # unread: a supplementary ruling's field. assumption: since the fifth reading a dimension an
    # assumption names is unknown even where the ruling fills it, so unintended-call 1932 -> 1936
    # `otherwise` is not comparable on that ground at the corpus layer too (1936:22.1 "does not say
    # what becomes of the new call": the first call standing is the engine's)
    assert grounds - {None} == set(Because) - {Because.UNREAD}
    situation = next(s for s in ledger.compare_case("unintended-call", "1932", "1936", "corpus").situations
                     if s.condition == "otherwise")
    assert (situation.change, situation.because) == (Change.NOT_COMPARABLE, Because.ASSUMPTION)


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
    assert forward.change is Change.STRICTER and "(turns barred: 1) -> partner (rest-of-auction) (turns barred: 3)" in forward.reason
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
    assert found.change is Change.MIXED and found.because is None
    dims = {d.name: d.direction for d in found.situations[0].profile}
    assert dims["barred"] == "stricter" and dims["opponents"] == "milder"


def test_another_quote_is_reworded_or_rewritten(data):
    """Per sentence (issue 24): a shorter quote of the same sentence of 1936:22.4 is the same sentence
    that carries the rule: unchanged. A quote from another record, 1936:22.5's "het bieden gaat over
    op den speler, wiens beurt het was om te bieden" (a call out of rotation), carries another
    sentence: rewritten."""
    def requote(e):
        e["quote_nl"] = "zijn maat moet passen"
    _set_1949_misnamed(data, requote)
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.UNCHANGED

    def elsewhere(e):
        e["quote_nl"], e["quote_from"] = "het bieden gaat over op den speler, wiens beurt het was om te bieden", "1936:22.5"
    _set_1949_misnamed(data, elsewhere)
    datafiles.reset()
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.REWRITTEN


def test_an_entry_wholly_introduced_on_a_made_up_edition(data):
    """A made-up 1949 that rules on misnamed-double but whose only branch is silent, naming 1949:24
    (the excerpt's article on doubling, "Een speler mag alleen dan doubleren, als ...") as the record
    that treats the subject and leaves the situation out: every situation is one text's only:
    removed forward, introduced back. The same branch naming no record sits in a gap of the excerpt:
    not comparable (silent) both ways (second reading, finding 2)."""
    def only_silent(e):
        e["when"] = [{"condition": "otherwise", "status": "silent", "articles": ["1949:24"], "summary_en": "made up"}]
    _set_1949_misnamed(data, only_silent)
    forward, back = entry("misnamed-double", "1936", "1949"), entry("misnamed-double", "1949", "1936")
    assert forward.change is Change.REMOVED and back.change is Change.INTRODUCED
    assert "though 1949 rules on the case in other situations" in forward.reason
    assert "1949:24 treats the subject and leaves this situation out" in forward.reason

    def in_a_gap(e):
        e["when"] = [{"condition": "otherwise", "status": "silent", "summary_en": "made up"}]
    _set_1949_misnamed(data, in_a_gap)
    datafiles.reset()
    for found in (entry("misnamed-double", "1936", "1949"), entry("misnamed-double", "1949", "1936")):
        assert (found.change, found.because) == (Change.NOT_COMPARABLE, Because.SILENT)
        assert "sits in a gap of the 1949 excerpt" in found.reason


def test_silent_cells(data):
    """One silent side, or both: not comparable (silent); one referenced: not comparable (referenced)."""
    from datacopy import edit_yaml

    found = entry("misnamed-double", "1936", "1949")  # 1949 is silent in the data as it is
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.SILENT

    def silence(raw):
        raw["rulings"]["1936"] = {"status": "silent", "summary_en": "made up"}
    edit_yaml(data / "rulings" / "misnamed-double.yaml", silence)
    datafiles.reset()
    found = entry("misnamed-double", "1936", "1949")
    assert found.change is Change.NOT_COMPARABLE and found.because is Because.SILENT


def test_a_made_up_closing_rule_changes_the_mechanic():
    toy = Edition.like("1936", year="toy", closing="three-passes-no-lost-turn")
    found = ledger.compare_mechanic("end-of-auction", "1936", toy)
    assert found.change is Change.MIXED and found.because is None
    # what the rule does, on the probes where it differs: the closing rule after a pass out of turn
    assert "the closing rule after a call, a pass out of turn among the passes: differs on" in found.reason
    assert "passes in rotation that end the auction after a call: the same on all 6 probes" in found.reason
    assert "three-consecutive-players" not in found.reason and "Edition" not in found.reason
    # Its other mechanics are 1936's, article for article.
    assert ledger.compare_mechanic("sufficiency", "1936", toy).change is Change.UNCHANGED


def test_an_overridden_hook_changes_the_mechanic():
    class HigherOnly(Edition):
        def is_sufficient(self, rank: int, last_rank: int) -> bool:
            return rank > last_rank + 1

    toy = HigherOnly.like("2017", year="toy")
    found = ledger.compare_mechanic("sufficiency", "2017", toy)
    assert found.change is Change.MIXED and "the bids refused as insufficient: differs on" in found.reason
    assert "HigherOnly" not in found.reason  # what the rule does, never the class that carries it
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
    2017:19.A.3. Its last change is 1936 -> 2017 (1936:22.4 "zijn maat moet passen"; 2017:19.A.3 no
    bar): milder, across 1949 and 2007 (decision B; the old history said 2007 -> 2017 introduced)."""
    found = ledger.history("misnamed-double", layer="corpus")  # the excerpts' history
    # 2017 rules on it (19.A.3); an edition after 2017 may too, and is then the last to rule.
    assert found.first_ruled == "1932" and int(found.last_ruled) >= 2017
    assert found.last_changed is not None and found.last_changed.change is Change.MILDER
    assert (found.last_changed.from_edition, found.last_changed.to_edition) == ("1936", "2017")
    assert found.last_changed.skipped == ("1949", "2007")
    assert "first appears in the excerpts in 1932" in found.sentence()
    assert "across 1949, 2007" in found.sentence()
    assert ledger.history("call-after-close", layer="corpus").first_ruled is None
    assert ledger.history("all-pass", layer="corpus", kind="mechanic").kind == "mechanic"


def test_an_excerpt_boundary_is_not_a_change_in_the_history():
    """denominations: the rank order is stated in 1932:12, 1936:22.6.c, 1949:23, 2017:18.E; the
    2007 excerpt (Art. 17) does not state it. The old history said "last changed 2007 -> 2017
    (introduced)"; across gaps, 2007 is skipped and no step touches it."""
    found = ledger.history("denominations", kind="mechanic")
    assert found.last_changed is not None
    assert "2007" not in (found.last_changed.from_edition, found.last_changed.to_edition)
    steps = ledger.across_gaps("denominations", kind="mechanic", editions=("1932", "1936", "1949", "2007", "2017"))
    assert [(e.from_edition, e.to_edition, e.skipped) for e in steps] == [
        ("1932", "1936", ()), ("1936", "1949", ()), ("1949", "2017", ("2007",))]
    assert all(e.change is not Change.INTRODUCED for e in steps)


def test_across_gaps_on_the_command_line(capsys):
    code, out, _ = run(capsys, "ledger", "--across-gaps", "--layer", "corpus", "--subject", "misnamed-double")
    assert code == 0 and "1936 -> 2017  milder [corpus -> corpus] (4 of 6 dimensions known) (across 1949, 2007)" in out
    code, out, _ = run(capsys, "ledger", "--across-gaps", "--layer", "corpus", "--json")
    assert code == 0 and any(item["skipped"] == ["1949", "2007"] for item in json.loads(out))


def test_combine_reads_the_dimensions_first():
    """Issue 24 (the module's docstring): the situations not comparable are left out; the dimensions'
    words first, then introduced / removed, then the wording, the weakest first."""
    def combine(*words):
        return ledger._combine([ledger.Situation(str(i), w, b, "") for i, (w, b) in enumerate(words)])

    nc = Change.NOT_COMPARABLE
    assert combine((Change.STRICTER, None), (Change.INTRODUCED, None)) == (Change.STRICTER, None)
    assert combine((Change.STRICTER, None), (Change.MILDER, None)) == (Change.MIXED, None)
    assert combine((Change.INTRODUCED, None), (Change.REMOVED, None)) == (Change.MIXED, None)
    assert combine((nc, Because.UNREAD), (Change.REWORDED, None)) == (Change.REWORDED, None)
    assert combine((Change.UNCHANGED, None), (Change.SAME_EFFECT, None)) == (Change.SAME_EFFECT, None)
    assert combine((Change.REWORDED, None), (Change.REWRITTEN, None)) == (Change.REWRITTEN, None)
    assert combine((nc, Because.SILENT), (nc, Because.UNREAD)) == (nc, Because.UNREAD)


def test_reasons_name_the_engines_assumptions():
    """Findings 10, 11: review-request 1932 -> 1936 after the close rests on a contested reading of
    1936:20 "(zie regel 25)"; unintended-call 1936 takes the slip as the
    other players' decision (22.1 "de andere spelers dienen er op het oogenblik zelf over te
    beslissen"); call-when-barred 1936's status for a bar under rule 23 is contested."""
    review = entry("review-request", "1932", "1936")
    after_close = next(s for s in review.situations if s.condition == "after-close")
    assert "assumption of the engine, not the text" in after_close.reason and "zie regel 25" in after_close.reason
    # (a branch resting on an assumption that assumes nothing is named too: the made-up pair of
    # tests/test_ledger_assumes.py)
    slip = next(s for s in entry("unintended-call", "1932", "1936").situations if s.condition == "slip")
    assert "1936 rests here on an assumption of the engine, not the text" in slip.reason
    barred = entry("call-when-barred", "1936", "1949")
    assert "an assumption of the engine, not the text" in barred.reason and "rule 23" in barred.reason


def test_situations_cite_the_branch_the_engine_resolves(data):
    """Finding 7: exposed-card 1936 -> 1949 `said`: 1936 names no `said` branch; the engine takes
    its `otherwise` branch. The reason says so. Finding 6: the play consequences of a branch that
    gives declarer a lead restriction or a penalty card are listed, and said not to be ordered. The
    `otherwise` branches are the made-up pair of tests/madeup.py (1936 with declarer's either/or,
    1949 with nothing for the play and an assumption that assumes nothing)."""
    low_card_pair(data)
    exposed = entry("exposed-card", "1936", "1949")
    by_condition = {s.condition: s for s in exposed.situations}
    assert "the engine resolves 'said' alone (nothing else of the event known) in 1936 to its 'otherwise' branch (1936:23.a" in by_condition["said"].reason
    otherwise = by_condition["otherwise"].reason
    # one line's either/or ("verhinderen ... of ... behandelen als strafkaarten"): "or"
    assert "consequences for the play: milder (a lead restriction or a penalty card -> none)" in otherwise
    assert by_condition["otherwise"].change is Change.MILDER


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
    assert code == 0 and "1932 -> 1936  stricter" in out and "first appears in the excerpts in 1932" in out


@pytest.mark.parametrize("argv, fragment", [
    (["ledger", "--from", "1936"], "give both --from and --to"),
    (["ledger", "--from", "1936", "--to", "1936"], "both 1936"),
    (["ledger", "--from", "1936", "--to", "1977"], "unknown edition '1977'"),
    (["ledger", "--subject", "nope"], "unknown subject 'nope'"),
    (["ledger", "--layer", "both"], "invalid choice"),
    (["ledger", "--across-gaps", "--from", "1936", "--to", "1949"], "takes no --from/--to"),
    (["ledger", "--counts", "--subject", "wrong-board"], "--counts counts every entry"),
    (["ledger", "--counts", "--json"], "not allowed with argument"),
])
def test_bad_arguments(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


def test_errors_name_the_subject():
    with pytest.raises(BridgeLawsError, match="unknown mechanic"):
        ledger.compare_mechanic("nope", "1936", "1949")


def test_supplement_layer_counts_a_paraphrase_as_a_ruling_but_never_its_wording():
    """With the layer on, supplementary rulings (outside the corpus) are compared like any ruling
    (issue 24); a paraphrase's wording is the project's, so it is never compared. 2007 -> 2017:
    bid-above-seven (Law 38 paraphrased in both): the same engine effect on the five dimensions
    recorded (the score recorded on neither), same effect, the wording not compared.
    With the corpus alone, two editions whose excerpts are both silent on a case (asked of the data)
    are not comparable, because silent."""
    later = entry("bid-above-seven", "2007", "2017", layer="supplement")
    assert later.change is Change.SAME_EFFECT and later.because is None and later.dimensions() == (5, 6)
    assert (later.from_side.layer, later.to_side.layer) == ("supplement", "supplement")
    assert later.to_side.quote_nl is None and "outside the corpus" in later.reason
    assert "the wording is not compared" in later.reason
    case_id, before, after = silent_pair()  # the corpus alone: both excerpts silent
    corpus_only = entry(case_id, before, after)
    assert corpus_only.change is Change.NOT_COMPARABLE and corpus_only.because is Because.SILENT, (
        case_id, before, after)


def test_supplement_layer_insufficient_bid_1949_to_2007_is_not_the_same_effect_on_one_dimension():
    """About 1949's supplementary ruling of the insufficient bid (data/supplement/rulings/insufficient-bid.yaml):
    1949 (the 1959 code's Art. 30, read only in its first sentence) bars no one and offers no named
    corrections, 2007 (Law 27B) offers the lowest sufficient bid in the same denomination (no bar) or
    another (the partner barred for the rest of the auction); both let a call over it accept it (1959
    Art. 27, 2007 27A1). More choices for the offender (milder). 1949's ruling bars no one only
    because the rest of Art. 30 was not read (its assumption): its "no one" is the engine's default,
    so the bars are not compared (second reading, finding 3), nor the opponents' rights (none given,
    the same assumption), nor the offender's choices, which its assumption supplies as 2007's does
    (27B1(b) never recognised); both require "a sufficient bid or a pass" (1959 Art. 30's first
    sentence; 27B2): the fate of the call is the same. One known dimension of six is not the same
    effect (issue 33 §3): not comparable (assumption), the reason saying on how many it is the same
    (fifth reading: a dimension ``assumes`` names is unknown whether or not it is filled)."""
    forward = entry("insufficient-bid", "1949", "2007", layer="supplement")
    assert forward.change is Change.NOT_COMPARABLE and forward.because is Because.ASSUMPTION
    assert forward.dimensions() == (1, 6)
    assert "the same on the 1 of 6 dimensions known on both sides (call), which is not the same effect" in forward.reason
    assert (forward.from_side.layer, forward.to_side.layer) == ("supplement", "supplement")
    assert forward.to_side.quote_nl is None and "outside the corpus" in forward.reason
    dims = {d["dimension"]: d["direction"] for d in forward.profile()}
    assert (dims["offender"], dims["barred"], dims["opponents"]) == ("unknown", "unknown", "unknown")
    assert dims["call"] == "same"
