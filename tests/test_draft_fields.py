"""Every field of a draft changes behaviour or is refused in one line (issues 24 §2, 33 §2), and a
draft's ``acceptance`` takes effect. ``FIELD_TESTS`` (at the end) names, for every field of the
schema, the test that shows it take effect or "refused"; its guard fails for a field with neither.

One made-up draft (a hypothetical example, not law) on base 2017 rules on the insufficient bid: the
bid is void and the offender calls again (``call_stands: false``, ``next: offender``). Each test
changes one field and judges a scenario under the draft with and without the change; the expected
values follow from the field's meaning in data/rulings/README.md and data/drafts/README.md (worked by
hand: after ``1S 1H`` East's 1H is insufficient; North dealt, so South calls after East, then West),
not from the engine's output.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
import yaml

from bridgelaws import BridgeLawsError
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.judging import drafts
from bridgelaws.judging.judging import judge

BASE: dict[str, Any] = {
    "draft": "field-test", "name": "field test (a hypothetical example, not law)", "base": "2017",
    "changes": [{"case": "insufficient-bid", "wording": "Het onvoldoende bod vervalt; de overtreder biedt opnieuw.",
                 "reason": "a test of the draft format",
                 "ruling": {"articles": ["2017:18.D"], "call_stands": False, "next": "offender",
                            "summary_en": "The insufficient bid is void; the offender calls again.",
                            # What the draft does not restate it keeps of 2017's ruling (the
                            # supplement's Law 27): these say it keeps none of that.
                            "options": [], "acceptance": None, "requires": None, "play": [], "barred": []}}]}


def load(tmp_path, data: dict[str, Any], name: str) -> Any:
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return drafts.load_draft(str(path))


def variant(**ruling: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data["changes"][0]["ruling"].update(ruling)  # None: the field set to null, keeping nothing of the base's
    return data


def both(tmp_path, scenario: str, changed: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    before = judge(scenario, load(tmp_path, BASE, "base")).as_dict()
    after = judge(scenario, load(tmp_path, changed, "changed")).as_dict()
    return before, after


def ruling_of(result: dict[str, Any], index: int = 1) -> dict[str, Any]:
    return result["events"][index]["ruling"]


def test_acceptance_lets_a_call_over_the_insufficient_bid_accept_it(tmp_path):
    # South calls over East's insufficient 1H. Without an acceptance South's 2C is a bid out of
    # rotation (it is East's turn to replace his bid); with the draft's acceptance it accepts 1H.
    before, after = both(tmp_path, "1S 1H S:2C", variant(acceptance="2017:18.D"))
    assert before["events"][2]["case"] == "bid-out-of-rotation"
    assert after["events"][1]["effect"].startswith("accepted")
    assert after["events"][2]["case"] is None
    assert ruling_of(after)["articles"] == ["field-test:insufficient-bid", "2017:18.D"]
    assert ruling_of(after)["proposed"]["draft"] == "field-test"
    assert after["state"]["next_to_call"] == "W"  # 1S, 1H (accepted), S 2C: West calls next


def test_barred(tmp_path):
    before, after = both(tmp_path, "1S 1H 2H", variant(barred=[{"who": "partner", "scope": "rest-of-auction"}]))
    assert before["state"]["barred"] == []
    assert [(b["seat"], b["scope"]) for b in after["state"]["barred"]] == [("W", "rest-of-auction")]


def test_options(tmp_path):
    options = [{"by": "offender", "choice": "lowest-sufficient-same-denomination",
                "barred": [{"who": "partner", "scope": "next-turn"}]},
               {"by": "offender", "choice": "other-sufficient-bid"}]
    before, after = both(tmp_path, "1S 1H 2H", variant(options=options))
    assert before["state"]["barred"] == []
    assert ruling_of(after)["chosen"] == "lowest-sufficient-same-denomination"  # 2H: same denomination
    assert [(b["seat"], b["scope"]) for b in after["state"]["barred"]] == [("W", "next-turn")]


def test_call_stands(tmp_path):
    before, after = both(tmp_path, "1S 1H", variant(call_stands=True, next=None))
    assert before["state"]["next_to_call"] == "E"  # void: East calls again
    assert after["state"]["next_to_call"] == "S"  # it stands: South is next


def test_next(tmp_path):
    # next: offender makes East's next call the replacement of his void bid; without it (the call
    # void, the turn his again) East's 2H is an ordinary call.
    before, after = both(tmp_path, "1S 1H 2H", variant(next="rotation"))
    assert before["events"][2]["correction_of"] == 2
    assert "correction_of" not in after["events"][2]
    assert after["events"][1]["effect"] == "void: East calls"


def test_deemed(tmp_path):
    # Deemed a pass: 1S, (East) pass, South passes: West calls. Void: East replaces with a pass, South calls.
    before, after = both(tmp_path, "1S 1H P", variant(call_stands=True, deemed="P", next="rotation"))
    assert (before["state"]["next_to_call"], after["state"]["next_to_call"]) == ("S", "W")


def test_requires(tmp_path):
    judge("1S 1H P", load(tmp_path, BASE, "base"))  # any replacement
    with pytest.raises(BridgeLawsError):
        judge("1S 1H P", load(tmp_path, variant(requires="sufficient-bid"), "changed"))


@pytest.mark.parametrize("field, value, shown", [
    ("play", ["no lead restriction (a test)"], ["no lead restriction (a test)"]),
    ("score", ["an adjusted score (a test)"], None),
    ("summary_en", "Another summary.", "Another summary."),
    ("assumption", "An assumption of the test.", "An assumption of the test."),
    ("articles", ["2017:18.C"], ["field-test:insufficient-bid", "2017:18.C"]),
    ("references", ["2017:16.C"], ["2017:16.C"]),
])
def test_the_fields_a_ruling_card_shows(tmp_path, field, value, shown):
    before, after = both(tmp_path, "1S 1H", variant(**{field: value}))
    if field == "score":  # not on the card: the ledger's profile reads it
        from bridgelaws.judging.rulings import resolve
        edition = load(tmp_path, variant(score=value), "scored")
        assert resolve("insufficient-bid", edition).score == value
        assert resolve("insufficient-bid", load(tmp_path, BASE, "base")).score == []
        return
    assert ruling_of(after)[field] == shown
    assert ruling_of(before)[field] != shown


def test_quote_nl_is_a_part_of_the_wording(tmp_path):
    before, after = both(tmp_path, "1S 1H", variant(quote_nl="de overtreder biedt opnieuw"))
    assert before["events"][1]["ruling"]["proposed"]["quote"] is None
    assert after["events"][1]["ruling"]["proposed"]["quote"] == "de overtreder biedt opnieuw"


def test_status_other_than_ruled_is_refused(tmp_path):
    with pytest.raises(BridgeLawsError, match="status"):
        load(tmp_path, variant(status="silent"), "silent")


def test_wording_reason_case_draft_name_and_base(tmp_path):
    base = judge("1S 1H", load(tmp_path, BASE, "base")).as_dict()
    data = copy.deepcopy(BASE)
    data["changes"][0].update(wording="Een ander voorstel.", reason="another reason")
    proposed = ruling_of(judge("1S 1H", load(tmp_path, data, "words")).as_dict())["proposed"]
    assert (proposed["wording"], proposed["reason"]) == ("Een ander voorstel.", "another reason")
    # case: the draft rules on another case, so the insufficient bid is 2017's own (the supplement)
    data = copy.deepcopy(BASE)
    data["changes"][0]["case"] = "misnamed-double"
    other = ruling_of(judge("1S 1H", load(tmp_path, data, "case")).as_dict())
    assert ruling_of(base)["layer"] == "corpus" and "proposed" in ruling_of(base)
    assert other["layer"] == "supplement" and "proposed" not in other
    # draft and name: the edition's id and name
    data = copy.deepcopy(BASE)
    data.update(draft="field-test-2", name="another name")
    edition = load(tmp_path, data, "named")
    assert (edition.year, edition.name) == ("field-test-2", "another name")
    # base: 1936's step cites 1936:16 for the insufficient bid, 2017's 2017:18.B and 18.C
    data = copy.deepcopy(BASE)
    data["base"] = "1936"
    data["changes"][0]["ruling"]["articles"] = ["1936:22.3"]
    on_1936 = judge("1S 1H", load(tmp_path, data, "base1936")).as_dict()
    assert "(1936:16)" in on_1936["events"][1]["reason"]
    assert "(2017:18.B, 2017:18.C)" in base["events"][1]["reason"]


ALL_PASS_DRAFT = {"draft": "outcome-test", "name": "outcome test (a hypothetical example, not law)", "base": "1936",
                  "changes": [{"mechanic": "all-pass", "outcome": "passed-out", "wording": "Het spel wordt niet gespeeld.",
                               "reason": "a test"},
                              {"case": "all-pass", "wording": "Het spel wordt niet gespeeld.", "reason": "a test",
                               "ruling": {"summary_en": "The board is passed out."}}]}


def test_outcome_of_four_passes(tmp_path):
    # 1936:15: four passes, the next dealer deals (next-deal); a draft may pass the board out instead,
    # by changing the all-pass rule, cited to its own provision, not to 1936:15.
    assert judge("P P P P", "1936").as_dict()["state"]["outcome"] == "next-deal"
    edition = load(tmp_path, ALL_PASS_DRAFT, "outcome")
    result = judge("P P P P", edition).as_dict()
    assert result["state"]["outcome"] == "passed-out"
    assert edition.rule("all-pass").articles == ("outcome-test:all-pass",)
    from bridgelaws.judging.rulings import resolve
    ruling = resolve("all-pass", edition)
    # Never cited to 1936:15, which says the opposite ("de speler, die aan de beurt komt, geeft").
    assert ruling.outcome == "passed-out" and ruling.articles == ["outcome-test:all-pass"]


@pytest.mark.parametrize("change, refusal", [
    # The outcome is the rule's, not a ruling's: in a ruling it is refused in one line, as is a value
    # four passes cannot lead to, and a change of the rule without the ruling that quotes the base.
    ({"case": "all-pass", "wording": "w", "reason": "r", "ruling": {"outcome": "passed-out", "summary_en": "s"}},
     r"^outcome\.yaml: line \d+: changes\[0\]\.ruling\.outcome: what four passes lead to is the edition's rule"),
    ({"mechanic": "all-pass", "outcome": "redeal", "wording": "w", "reason": "r"},
     r"^outcome\.yaml: line \d+: changes\[0\]\.outcome: 'redeal' is not what four passes can lead to"),
])
def test_the_outcome_of_four_passes_refused_where_it_cannot_take_effect(tmp_path, monkeypatch, change, refusal):
    monkeypatch.chdir(tmp_path)
    data = {**ALL_PASS_DRAFT, "changes": [change]}
    (tmp_path / "outcome.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(BridgeLawsError, match=refusal) as caught:
        drafts.load_draft("outcome.yaml")
    assert "\n" not in str(caught.value)


def test_a_change_of_the_outcome_restates_the_ruling_on_four_passes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = {**ALL_PASS_DRAFT, "changes": ALL_PASS_DRAFT["changes"][:1]}
    (tmp_path / "outcome.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(BridgeLawsError, match=r"changes\[0\]\.outcome: a draft that changes what four passes lead "
                                              r"to also restates the ruling of 'all-pass'"):
        drafts.load_draft("outcome.yaml")


def test_a_bare_draft_name_finds_a_shipped_example(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert drafts.load_draft("1936-milder-insufficient-bid.yaml").year == "1936-milder-insufficient"
    with pytest.raises(BridgeLawsError, match="no such draft file"):
        drafts.load_draft("not-a-draft.yaml")


# ------------------------------------------------------------------ issue 33 §2: every field takes effect or is refused
# Each test below judges one short scenario under a made-up draft (a hypothetical example, not law)
# with the field and without it; the expected values are worked out by hand from the field's meaning
# in data/rulings/README.md (seats: North deals, then East, South, West).


def draft_of(case: str, ruling: dict[str, Any], base: str = "1936", draft: str = "field-test") -> dict[str, Any]:
    return {"draft": draft, "name": "field test (a hypothetical example, not law)", "base": base,
            "changes": [{"case": case, "wording": "Een voorstel.", "reason": "a test of the draft format",
                         "ruling": {"summary_en": "A test ruling.", **ruling}}]}


def refusal(tmp_path, monkeypatch, data: dict[str, Any]) -> str:
    """The one line a draft is refused with (the file named as the user named it)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "draft.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(BridgeLawsError) as caught:
        drafts.load_draft("draft.yaml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("draft.yaml: line ")
    return message


def test_summary_nl(tmp_path):
    from bridgelaws.presentation.present import describe
    before = judge("1S 1H", load(tmp_path, BASE, "base")).rulings[0][1]
    after = judge("1S 1H", load(tmp_path, variant(summary_nl="Het onvoldoende bod vervalt (een test)."), "nl")).rulings[0][1]
    assert describe(after, "nl").summary == "Het onvoldoende bod vervalt (een test)."
    assert describe(before, "nl").summary != "Het onvoldoende bod vervalt (een test)."


def test_assumes(tmp_path):
    # assumes names the dimensions the assumption supplies: the ledger's profile then takes only those
    # as the engine's reading (without it, every dimension the ruling leaves empty).
    from bridgelaws.presentation.profile import profile
    with_it = judge("1S 1H", load(tmp_path, variant(assumption="a test's reading", assumes=["play"]), "a")).rulings[0][1]
    without = judge("1S 1H", load(tmp_path, variant(assumption="a test's reading"), "b")).rulings[0][1]
    assert profile(with_it).defaulted("play") and not profile(with_it).defaulted("barred")
    assert profile(without).defaulted("barred")  # the draft's ruling bars no one: empty, so the engine's


def test_outcome_of_an_incident(tmp_path):
    # An incorrect deal found during the auction: with outcome redeal the auction ends there (the same
    # dealer deals again); without, the ruling changes nothing and East is still to call after 1S.
    ruling = {"articles": ["1936:24"], "call_stands": None, "next": None}
    after = judge("1S [incorrect-deal]", load(tmp_path, draft_of("incorrect-deal", {**ruling, "outcome": "redeal"}), "a"))
    before = judge("1S [incorrect-deal]", load(tmp_path, draft_of("incorrect-deal", {**ruling, "outcome": None}), "b"))
    assert after.as_dict()["events"][1]["effect"] == "the auction ends: redeal"
    assert before.as_dict()["events"][1]["effect"] == "the auction is not changed"
    assert before.state["next_to_call"] == "E"


def test_lho_repeats(tmp_path):
    # 2007: South's 1NT was made with a wrong board's cards; it is cancelled with West's 2C over it and
    # South calls again. He repeats 1NT: with lho_repeats West must repeat his 2C, so 3C is refused.
    scenario = "1S P 1NT 2C S:[wrong-board] 1NT 3C"
    judge(scenario, load(tmp_path, draft_of("wrong-board", {"lho_repeats": None}, base="2007"), "a"))
    with pytest.raises(BridgeLawsError, match=r"West must repeat his 2C \(2007:17\.D\.2\)"):
        judge(scenario, load(tmp_path, draft_of("wrong-board", {"lho_repeats": "2007:17.D.2"}, base="2007"), "b"))


def test_partner_no_double(tmp_path):
    # East's insufficient 1H is replaced by 2H; South bids 2S; West, East's partner, doubles at his
    # next turn: allowed without the field, refused with its article with it.
    judge("1S 1H 2H 2S X", load(tmp_path, BASE, "base"))
    with pytest.raises(BridgeLawsError, match=r"West may not double or redouble at this turn \(2017:18\.D\)"):
        judge("1S 1H 2H 2S X", load(tmp_path, variant(partner_no_double="2017:18.D"), "pnd"))


# 1936:22.5 read without its acceptance and its bar, so that only the field under test acts.
OUT_OF_ROTATION = {"acceptance": None, "barred": []}


def test_repeat_if_rho_passes(tmp_path):
    # North passes; South bids 1H at East's turn (East is his right-hand opponent): void, East calls.
    # East passes: with the field South must repeat his 1H, so his 2H is refused.
    scenario = "P S:1H P 2H"
    judge(scenario, load(tmp_path, draft_of("bid-out-of-rotation", OUT_OF_ROTATION), "a"))
    with pytest.raises(BridgeLawsError, match=r"South must repeat his 1H \(1936:22\.5\)"):
        judge(scenario, load(tmp_path, draft_of("bid-out-of-rotation", {**OUT_OF_ROTATION,
                                                                        "repeat_if_rho_passes": "1936:22.5"}), "b"))


def test_next_call_bars(tmp_path):
    # As above, but East bids 1S; South's own next call, 2H, is in the denomination of his 1H: with
    # the field North must pass at his next turn.
    bars = [{"denomination": "same", "scope": "next-turn", "article": "1936:22.5"}]
    before = judge("P S:1H 1S 2H", load(tmp_path, draft_of("bid-out-of-rotation", OUT_OF_ROTATION), "a"))
    after = judge("P S:1H 1S 2H", load(tmp_path, draft_of("bid-out-of-rotation", {**OUT_OF_ROTATION,
                                                                                  "next_call_bars": bars}), "b"))
    assert before.state["barred"] == []
    assert after.state["barred"] == [{"seat": "N", "scope": "next-turn"}]
    other = judge("P S:1H 1S 2C", load(tmp_path, draft_of("bid-out-of-rotation", {**OUT_OF_ROTATION,
                                                                                  "next_call_bars": bars}), "c"))
    assert other.state["barred"] == []  # 2C is not in the denomination of 1H


def test_out_of_turn(tmp_path):
    # South bids 1H over 1S at East's turn: insufficient and out of rotation. Without out_of_turn it is
    # a bid out of rotation (2017 Law 31, the supplement); with it the draft's insufficient-bid ruling
    # names the call whatever its turn, and its text is the card's assumption.
    before = judge("1S S:1H", load(tmp_path, BASE, "base")).as_dict()
    after = judge("1S S:1H", load(tmp_path, variant(out_of_turn="Named whatever its turn (a test)."), "oot")).as_dict()
    assert before["events"][1]["case"] == "bid-out-of-rotation"
    assert after["events"][1]["case"] == "insufficient-bid"
    assert ruling_of(after)["assumption"] == "Named whatever its turn (a test)."


def exposure_draft(**branch: Any) -> dict[str, Any]:
    """1936's exposed card restated: an honour (or two cards) bars the partner, else no one."""
    honour = {"condition": "honour-or-several", "honours": "AKQJ", "barred": [{"who": "partner",
              "scope": "rest-of-auction"}], "assumption": "Honours read as ace to jack (a test).", **branch}
    return draft_of("exposed-card", {"articles": ["1936:23"], "when": [
        honour, {"condition": "otherwise", "barred": [], "assumption": None}]})


def test_condition_and_honours(tmp_path):
    # North exposes a card at the start: the honour branch holds for the king, not for the two; and
    # for the ten only where the branch's honours name it.
    edition = load(tmp_path, exposure_draft(), "a")
    assert judge("!SK", edition).state["barred"] == [{"seat": "S", "scope": "rest-of-auction"}]
    assert judge("!S2", edition).state["barred"] == []
    assert judge("!ST", edition).state["barred"] == []
    assert judge("!ST", load(tmp_path, exposure_draft(honours="AKQJT"), "b")).state["barred"] == [
        {"seat": "S", "scope": "rest-of-auction"}]


def test_branch_article(tmp_path):
    # A branch's article is its deciding article: the bar it imposes is under it.
    with_it = judge("!SK", load(tmp_path, exposure_draft(article="1936:23.b"), "a")).rulings[0][1]
    without = judge("!SK", load(tmp_path, exposure_draft(), "b")).rulings[0][1]
    assert with_it.barred[0]["article"] == "1936:23.b" and with_it.articles[0] == "1936:23.b"
    assert without.barred[0]["article"] != "1936:23.b" and "1936:23.b" not in without.articles


def test_assumption_for_ranks(tmp_path):
    # The assumption (how "honneur" is read) matters only for the ranks assumption_for_ranks names:
    # a king bars beyond doubt, so with the field its card carries no assumption.
    with_it = judge("!SK", load(tmp_path, exposure_draft(assumption_for_ranks="J"), "a")).rulings[0][1]
    without = judge("!SK", load(tmp_path, exposure_draft(), "b")).rulings[0][1]
    assert with_it.assumption is None
    assert without.assumption == "Honours read as ace to jack (a test)."


def test_assumption_for_count(tmp_path):
    # North exposes the two and then the three: two cards bar his partner, and it is the count (not a
    # rank) that decides, so assumption_for_count is the card's assumption.
    count = "Cards shown at different moments count together (a test)."
    with_it = judge("!S2 !S3", load(tmp_path, exposure_draft(assumption_for_ranks="J", assumption_for_count=count), "a"))
    without = judge("!S2 !S3", load(tmp_path, exposure_draft(assumption_for_ranks="J"), "b"))
    assert with_it.rulings[1][1].assumption == count
    assert without.rulings[1][1].assumption is None
    assert with_it.state["barred"] == without.state["barred"] == [{"seat": "S", "scope": "rest-of-auction"}]


def test_an_options_dutch_assumption_is_refused(tmp_path, monkeypatch):
    option = {"by": "lho", "choice": "keep", "assumption": "An assumption.", "assumption_nl": "Een aanname."}
    message = refusal(tmp_path, monkeypatch, draft_of("bid-out-of-rotation", {"options": [option]}))
    assert "changes[0].ruling.options[0].assumption_nl: a draft cannot give an option's assumption_nl" in message


def test_a_branch_field_its_condition_does_not_read_is_refused(tmp_path, monkeypatch):
    data = draft_of("exposed-card", {"when": [{"condition": "otherwise", "honours": "AKQJT"}]})
    assert "changes[0].ruling.when[0].honours: honours is read only on a branch whose condition is " \
           "'honour-or-several'" in refusal(tmp_path, monkeypatch, data)
    data = draft_of("call-when-barred", {"when": [{"condition": "otherwise", "bar_from": "1936:22"}]})
    assert "changes[0].ruling.when[0].bar_from: bar_from is read only" in refusal(tmp_path, monkeypatch, data)


def test_bar_from(tmp_path):
    # 1936: East's insufficient 1H replaced by 2S (not the lowest in hearts) bars West for the rest of
    # the auction under 22.3.b; West then bids 2NT. The barred-under branch covers bars whose article
    # starts with its bar_from: "1936:22" covers it, "1936:23" does not (the otherwise branch rules).
    def bars_from(prefix: str, name: str) -> str | None:
        data = draft_of("call-when-barred", {"when": [
            {"condition": "barred-under", "bar_from": prefix, "summary_en": "under rule 22 (a test)"},
            {"condition": "otherwise", "summary_en": "otherwise (a test)"}]})
        return judge("1S 1H 2S P 2NT", load(tmp_path, data, name)).rulings[-1][1].condition

    assert bars_from("1936:22", "a") == "barred-under"
    assert bars_from("1936:23", "b") == "otherwise"


def test_note(tmp_path):
    from bridgelaws.presentation.impact import impact, impact_text
    data = {**copy.deepcopy(BASE), "note": "A note of the test."}
    assert "  A note of the test." in impact_text(impact(load(tmp_path, data, "noted"), max_tokens=1)).splitlines()
    assert load(tmp_path, BASE, "base").draft.note == ""


@pytest.mark.parametrize("field, value", [
    ("unread", "the source's second page"),
    ("no_rectification", True),
    ("assumption_nl", "Een aanname."),
    ("play_nl", ["Een regel."]),
    ("quote_from", "2017:18.D"),
])
def test_the_fields_with_no_meaning_in_a_draft_are_refused(tmp_path, monkeypatch, field, value):
    extra = {"assumption": "An assumption."} if field == "assumption_nl" else {"play": ["A line."]} if field == "play_nl" else {}
    message = refusal(tmp_path, monkeypatch, variant(**extra, **{field: value}))
    assert f"changes[0].ruling.{field}: a draft " in message


def test_the_dutch_written_beside_a_drafts_english_is_refused(tmp_path, monkeypatch):
    # out_of_turn acts on a call case, assumption_for_count on an exposed card (in a branch): their
    # Dutch would not be shown, so it is refused, and the refusal names the branch.
    message = refusal(tmp_path, monkeypatch, variant(out_of_turn="x", out_of_turn_nl="y"))
    assert "changes[0].ruling.out_of_turn_nl: a draft cannot give out_of_turn_nl" in message
    message = refusal(tmp_path, monkeypatch, exposure_draft(assumption_for_count="x", assumption_for_count_nl="y"))
    assert "changes[0].ruling.when[0].assumption_for_count_nl: a draft cannot give assumption_for_count_nl" in message


# ------------------------------------------------------------------ fields the engine does not act on for a case

from bridgelaws.judging import draft_fields  # noqa: E402
from bridgelaws.judging.entries import case_ids  # noqa: E402

#: A value the schema accepts for each acting field (records of 1936), so that only the refusal speaks.
SAMPLE = {"call_stands": True, "deemed": "P", "barred": [{"who": "partner", "scope": "next-turn"}],
          "options": [{"by": "lho", "choice": "keep"}], "next": "rotation", "acceptance": "1936:22.2",
          "requires": "sufficient-bid", "outcome": "redeal", "lho_repeats": "1936:22.2",
          "partner_no_double": "1936:22.2", "repeat_if_rho_passes": "1936:22.2",
          "next_call_bars": [{"denomination": "any", "scope": "next-turn", "article": "1936:22.2"}],
          "out_of_turn": "x", "assumption_for_ranks": "T", "assumption_for_count": "x"}
NOT_ACTED_ON = [(case, name) for case in case_ids() for name in SAMPLE
                if name not in draft_fields.ACTED_ON[draft_fields.handling(case) or "shown"][0]]


def test_every_case_has_a_way_the_engine_judges_it():
    assert {case: draft_fields.handling(case) for case in case_ids() if draft_fields.handling(case) is None} == {}
    assert set(SAMPLE) | {"out_of_turn_nl", "assumption_for_count_nl"} == set(draft_fields.ACTING)


@pytest.mark.parametrize("case, name", NOT_ACTED_ON)
def test_a_field_the_engine_does_not_act_on_for_the_case_is_refused(tmp_path, monkeypatch, case, name):
    # e.g. outcome on an insufficient bid (only an incident's ruling ends the auction with a new deal),
    # barred on an incident (incidents.py applies no bar), anything that acts on four passes' ruling.
    ruling = {"when": [{"condition": "otherwise"}], name: SAMPLE[name]}  # a base with branches needs them restated
    message = refusal(tmp_path, monkeypatch, draft_of(case, ruling))
    assert f"changes[0].ruling.{name}: " in message


def test_the_data_gives_no_acting_field_the_engine_ignores():
    # The table against the data: every acting field a ruling of data/rulings/ or data/supplement/rulings/
    # gives for a case is one the engine reads for that case.
    from bridgelaws.judging.rulings import specs, supplement_rulings
    ignored = set()
    for case in case_ids():
        acted = draft_fields.ACTED_ON[draft_fields.handling(case)][0] | {"out_of_turn_nl", "assumption_for_count_nl"}
        for spec in [*specs(case).values(), *supplement_rulings(case).values()]:
            for part in (spec, *spec.when):
                ignored |= {(case, name) for name in draft_fields.ACTING if name in part.given and name not in acted
                            and not draft_fields._empty(getattr(part, name))}
    assert ignored == set()


@pytest.mark.parametrize("case, ruling, field, words", [
    ("insufficient-bid", {"next": "rotation", "requires": "sufficient-bid", "options": []}, "requires", "next: offender"),
    ("skipped-turn-at-end", {"next": "proper"}, "next", "'next: rotation' (the pass stands), not 'proper'"),
    ("skipped-turn-at-end", {"next": "rotation", "call_stands": False}, "call_stands", "says otherwise"),
    ("skipped-turn-at-end", {"next": "skipped", "call_stands": True}, "call_stands", "says otherwise"),
    ("wrong-board", {"next": "proper"}, "next", "only on 'next: offender'"),
    ("wrong-board", {"call_stands": False}, "next", "both 'call_stands: false' and 'next: offender'"),
    ("incorrect-deal", {"call_stands": False, "next": "offender", "outcome": "redeal"}, "outcome", "not both"),
])
def test_a_value_the_engine_does_not_act_on_is_refused(tmp_path, monkeypatch, case, ruling, field, words):
    message = refusal(tmp_path, monkeypatch, draft_of(case, ruling))
    assert f"changes[0].ruling.{field}: " in message and words in message


# ------------------------------------------------------------------ the guard: every documented field

from bridgelaws.text import schema_rulings  # noqa: E402

#: Every field a draft may write, and the test that shows it take effect on a scenario (in this module
#: unless a module is named), or "refused" (with the test of its refusal). An ACTING field takes
#: effect for the cases the engine reads it for and is refused for the others
#: (test_a_field_the_engine_does_not_act_on_for_the_case_is_refused).
FIELD_TESTS = {
    # the draft
    "draft": "test_wording_reason_case_draft_name_and_base", "name": "test_wording_reason_case_draft_name_and_base",
    "base": "test_wording_reason_case_draft_name_and_base", "changes": "test_wording_reason_case_draft_name_and_base",
    "note": "test_note",
    # shown in the impact report a committee hands out
    "rationale": "test_impact_report.py::test_the_drafts_rationale_date_and_sources_are_shown",
    "date": "test_impact_report.py::test_the_drafts_rationale_date_and_sources_are_shown",
    "sources": "test_impact_report.py::test_the_drafts_rationale_date_and_sources_are_shown",
    # a change
    "wording": "test_wording_reason_case_draft_name_and_base", "reason": "test_wording_reason_case_draft_name_and_base",
    "case": "test_wording_reason_case_draft_name_and_base", "ruling": "test_call_stands",
    "closing": "test_drafts.py::test_a_closing_rule_by_count_closes_as_it_says",
    "mechanic": "test_drafts.py::test_a_draft_changes_the_highest_level_with_its_ruling",
    "max_level": "test_drafts.py::test_a_draft_changes_the_highest_level_with_its_ruling",
    "outcome": "test_outcome_of_four_passes",  # and a ruling's outcome: test_outcome_of_an_incident
    # a ruling (an entry of data/rulings/<case>.yaml)
    "status": "test_status_other_than_ruled_is_refused", "articles": "test_the_fields_a_ruling_card_shows",
    "references": "test_the_fields_a_ruling_card_shows", "call_stands": "test_call_stands", "deemed": "test_deemed",
    "barred": "test_barred", "options": "test_options", "play": "test_the_fields_a_ruling_card_shows",
    "assumption": "test_the_fields_a_ruling_card_shows", "quote_nl": "test_quote_nl_is_a_part_of_the_wording",
    "quote_from": "refused", "summary_en": "test_the_fields_a_ruling_card_shows", "summary_nl": "test_summary_nl",
    "next": "test_next", "acceptance": "test_acceptance_lets_a_call_over_the_insufficient_bid_accept_it",
    "requires": "test_requires", "assumption_for_ranks": "test_assumption_for_ranks",
    "assumption_for_count": "test_assumption_for_count", "out_of_turn": "test_out_of_turn",
    "score": "test_the_fields_a_ruling_card_shows", "unread": "refused", "assumes": "test_assumes",
    "assumption_nl": "refused", "assumption_for_count_nl": "refused", "out_of_turn_nl": "refused",
    "play_nl": "refused", "lho_repeats": "test_lho_repeats", "partner_no_double": "test_partner_no_double",
    "repeat_if_rho_passes": "test_repeat_if_rho_passes", "next_call_bars": "test_next_call_bars",
    "no_rectification": "refused", "when": "test_condition_and_honours",
    # a branch of `when`
    "condition": "test_condition_and_honours", "article": "test_branch_article", "honours": "test_condition_and_honours",
    "bar_from": "test_bar_from",
}


def test_every_documented_draft_field_takes_effect_or_is_refused():
    from pathlib import Path
    documented = set(drafts._TOP_FIELDS + drafts._TOP_OPTIONAL + drafts._CHANGE_FIELDS + drafts._CHANGE_OPTIONAL
                     + schema_rulings._ENTRY_FIELDS + schema_rulings._BRANCH_FIELDS)
    assert set(FIELD_TESTS) == documented, "a field of the schema with neither a test nor a refusal (or a stale entry)"
    here = Path(__file__)
    defined = {name: set(re.findall(r"^def (test_\w+)", (here.parent / name).read_text(encoding="utf-8"), re.M))
               for name in (here.name, "test_drafts.py", "test_impact_report.py")}
    for field_name, test in FIELD_TESTS.items():
        if test == "refused":
            assert field_name in draft_fields.NEVER_IN_A_DRAFT or field_name == "quote_from", field_name
            continue
        module, _, function = test.rpartition("::")
        assert function in defined[module or here.name], f"{field_name}: no test {test}"
    # Every refused field has its refusal tested (the parametrized tests above).
    refused = {"unread", "no_rectification", "assumption_nl", "play_nl", "quote_from", "out_of_turn_nl",
               "assumption_for_count_nl"}
    assert refused == {f for f, t in FIELD_TESTS.items() if t == "refused"}
    assert set(draft_fields.NEVER_IN_A_DRAFT) <= refused


@pytest.mark.parametrize("base", [edition.year for edition in EDITIONS])
def test_a_draft_that_keeps_the_bases_effect_is_not_refused(tmp_path, base):
    # The value checks judge the ruling a draft makes over its base's: a draft that restates only a
    # summary keeps the base's fields, which the engine acts on as they are, so it is never refused.
    from bridgelaws.auction.editions import find_edition
    for case in case_ids():
        ruling: dict[str, Any] = {"summary_en": "A test ruling."}
        if entries_spec(case, find_edition(base)).when:
            ruling["when"] = [{"condition": "otherwise"}]
        if case == "all-pass":
            continue  # a change of its ruling alone is fine; its outcome is the edition's rule (tested above)
        load(tmp_path, {**draft_of(case, {}, base=base), "changes": [
            {"case": case, "wording": "w", "reason": "r", "ruling": ruling}]}, f"{base}-{case}")


def entries_spec(case: str, edition: Any) -> Any:
    """The base's best-sourced ruling of the case, the one a draft restates (its branches included)."""
    from bridgelaws.judging.drafts import _base_supplement
    from bridgelaws.judging.entries import corpus_spec
    spec = corpus_spec(case, edition)
    found = _base_supplement(case, edition, spec)
    return spec if found is None else found[0]
