"""Every field of a draft changes behaviour (issue 24 §2), and a draft's ``acceptance`` takes effect.

One made-up draft (a hypothetical example, not law) on base 2017 rules on the insufficient bid: the
bid is void and the offender calls again (``call_stands: false``, ``next: offender``). Each test
changes one field and judges a scenario under the draft with and without the change; the expected
values follow from the field's meaning in data/rulings/README.md and data/drafts/README.md (worked by
hand: after ``1S 1H`` East's 1H is insufficient; North dealt, so South calls after East, then West),
not from the engine's output.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml

from bridgelaws import BridgeLawsError
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
