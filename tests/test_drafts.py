"""Draft editions (issue 14 §2): a committee's draft as a data file, used wherever an edition is.

The expected results are read from the Dutch texts by hand, not produced by the code under test:

- 1936:22.3.a "het laagste voldoende bod van dezelfde speelsoort, dan moet zijn maat passen, zoodra deze
  voor de eerste maal aan de beurt is om te bieden" (the partner is barred at his next turn) and 22.3.b
  "een ander bod, dan moet zijn maat passen, telkens wanneer het zijn beurt is om te bieden" (for the
  rest of the auction). The example draft 1936-milder-insufficient-bid.yaml removes the first bar and
  makes the second one turn.
- 1936:22.5: a pass out of rotation not called over is void and the offender's partner must pass
  ("dan moet de maat van den overtreder passen, telkens wanneer het zijn beurt is"). The example draft
  1936-with-2017-closing.yaml takes 2017:17.D.3 word for word: "is het bieden niet beëindigd als een
  van deze pasbiedingen een pas voor de beurt was en een speler als gevolg daarvan zijn rechtmatige
  biedbeurt ontnomen werd ... gaat de bieding terug naar de speler die zijn beurt heeft gemist".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bridgelaws
from bridgelaws import BridgeLawsError
from bridgelaws.judging import drafts
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.judging.lookup import find_edition, find_editions
from bridgelaws.judging.judging import judge
from bridgelaws.presentation.tables import compare_results, matrix_cells
from bridgelaws.judging.rulings import corpus_spec
from data_examples import silent_edition
from madeup import insufficient_bid_options

REPO = Path(__file__).resolve().parents[1]
MILDER = str(REPO / "data" / "drafts" / "1936-milder-insufficient-bid.yaml")
CLOSING = str(REPO / "data" / "drafts" / "1936-with-2017-closing.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the example drafts, used as editions ---------------------------------------------------------

def test_the_example_drafts_say_they_are_hypothetical():
    readme = (REPO / "data" / "drafts" / "README.md").read_text(encoding="utf-8")
    assert "hypothetical examples, not law" in readme
    for path in (MILDER, CLOSING):
        edition = find_edition(path)
        assert "hypothetical example, not law" in edition.name
        assert edition.draft.note.startswith("A hypothetical example, not law")
        assert "HYPOTHETICAL EXAMPLE, NOT LAW" in Path(path).read_text(encoding="utf-8")


def test_a_draft_file_is_an_edition_that_keeps_its_base_rulings_elsewhere():
    draft = find_edition(MILDER)
    assert draft.year == "1936-milder-insufficient" and draft.draft.base == "1936"
    assert find_edition(MILDER) is draft  # the same file gives the same edition
    assert find_edition("1936-milder-insufficient") is draft  # once loaded, found by its id
    # A pass out of rotation: the draft does not change it, so it is 1936:22.5 with its quote.
    base, mine = judge("1S S:P", "1936"), judge("1S S:P", draft)
    (_, ruling_base), (_, ruling_draft) = base.rulings[0], mine.rulings[0]
    assert ruling_draft.case == ruling_base.case == "pass-out-of-rotation"
    assert ruling_draft.quote_nl == ruling_base.quote_nl and "telkens wanneer" in ruling_draft.quote_nl
    assert ruling_draft.proposal is None and ruling_draft.barred == ruling_base.barred
    assert mine.state == base.state


def test_judge_with_the_milder_draft_bars_the_partner_one_turn_after_another_bid():
    # East's 1H is insufficient over 1S; he corrects to 2D (not the lowest bid in hearts): 22.3.b.
    tokens = "1S 1H 2D X P P 2H P"
    base = judge(tokens, "1936")
    assert base.state["barred"] == [{"seat": "W", "scope": "rest-of-auction"}]
    assert base.state["legal_calls"] == ["P"]
    mine = judge(tokens, MILDER)
    assert mine.state["barred"] == []  # West passed at his next turn (token 5); now he is free
    assert "2S" in mine.state["legal_calls"] and mine.state["next_to_call"] == "W"


def test_judge_with_the_milder_draft_bars_nobody_after_the_lowest_bid_in_the_same_denomination(data):
    insufficient_bid_options(data)  # the base's bars written by the test (1936's: tests/cases/)
    base = judge("1S 1H 2H", "1936")
    assert base.state["barred"] == [{"seat": "W", "scope": "next-turn"}]  # 22.3.a
    assert judge("1S 1H 2H", MILDER).state["barred"] == []


def test_a_changed_ruling_shows_the_proposed_wording_never_a_quote():
    (_, ruling), = judge("1S 1H", MILDER).rulings
    assert ruling.quote_nl is None and ruling.quote_from is None and not ruling.is_law
    assert ruling.articles[0] == "1936-milder-insufficient:insufficient-bid"
    assert ruling.proposal is not None and "kiest de overtreder een ander bod" in ruling.proposal.wording
    data = ruling.as_dict()
    assert data["proposed"]["label"] == "proposed wording (draft, not a published text)"
    assert data["quote_nl"] is None
    from bridgelaws.presentation.render import ruling_html

    html = ruling_html(ruling)
    assert "proposed wording (draft, not a published text)" in html and "<blockquote" not in html
    assert "reason:" in html


def test_judge_cli_prints_the_proposed_wording_with_its_label(capsys):
    code, out, err = run(capsys, "judge", "--edition", MILDER, "1S 1H 2H")
    assert code == 0 and err == ""
    assert 'proposed wording (draft, not a published text): "moet het voldoende gemaakt' in out
    assert "text: \"" not in out  # no line presents the draft as a quote of a code
    code, out, _ = run(capsys, "judge", "--edition", MILDER, "--json", "1S 1H 2H")
    event = json.loads(out)["events"][1]
    assert event["ruling"]["proposed"]["reason"].startswith("The example asks")


def test_the_closing_draft_keeps_the_auction_open_for_the_player_who_lost_his_turn():
    # 1S P P, then East passes at West's turn: by the count it would close the auction.
    base = judge("1S P P E:P", "1936")
    # the base reads East's pass as a pass out of rotation (what 1936 rules on it: tests/cases/)
    assert [e.case for e, _ in base.rulings] == ["pass-out-of-rotation"]
    mine = judge("1S P P E:P", CLOSING)
    (event, ruling), = mine.rulings
    assert event.case == "skipped-turn-at-end" and ruling.next == "skipped" and ruling.call_stands is False
    assert ruling.proposal is not None and "terug naar de speler die zijn beurt heeft gemist" in ruling.proposal.wording
    assert mine.state["outcome"] == "open" and mine.state["next_to_call"] == "W" and mine.state["barred"] == []
    assert find_edition(CLOSING).closing  # the registry's reading of 2017, named in the draft
    assert find_edition(CLOSING).record.closing == "three-passes-no-lost-turn"
    assert find_edition("1936").record.closing == "three-consecutive-players"
    # A regular auction closes as in 1936.
    assert judge("1S P P P", CLOSING).state == judge("1S P P P", "1936").state


def test_compare_with_a_draft_gives_the_base_and_the_draft_side_by_side(capsys, data):
    insufficient_bid_options(data)  # the base's bars written by the test (1936's: tests/cases/)
    results = compare_results("1S 1H 2H", ["1936", MILDER])
    assert [r.edition.year for r in results] == ["1936", "1936-milder-insufficient"]
    base, mine = (r.judgement.state["barred"] for r in results)
    assert base == [{"seat": "W", "scope": "next-turn"}] and mine == []
    row = results[1].row()
    assert row["proposed"].startswith("proposed wording (draft, not a published text): ") and row["quote_nl"] is None
    assert results[0].row()["quote_nl"] and "proposed" not in results[0].row()
    code, out, _ = run(capsys, "compare", "--editions", f"1936,{CLOSING}", "1S 1H")
    assert code == 0 and "1936-2017-closing  insufficient-bid: RULED  [1936:22.3" in out
    code, out, _ = run(capsys, "compare", "--editions", f"1936,{MILDER}", "1S 1H")
    assert "1936-milder-insufficient  insufficient-bid: RULED (DRAFT)  [1936-milder-insufficient:" in out


def test_matrix_with_a_draft_changes_only_its_cell():
    cells = matrix_cells(editions=["1936", MILDER])
    by = {(c["case"], c["edition"]): c["cell"] for c in cells}
    changed = [case for case, year in by if year == "1936" and by[case, "1936"] != by[case, "1936-milder-insufficient"]]
    assert changed == ["insufficient-bid"]
    assert "partner barred rest" in by["insufficient-bid", "1936"]
    assert "partner barred rest" not in by["insufficient-bid", "1936-milder-insufficient"]
    assert by["insufficient-bid", "1936-milder-insufficient"].startswith("draft (")


def test_matrix_cli_takes_a_draft_among_its_editions(capsys):
    code, out, err = run(capsys, "matrix", "--editions", f"1936,{MILDER}", "--status")
    assert code == 0 and err == ""
    assert out.splitlines()[0].split() == ["1936", "1936-milder-insufficient"]


def test_find_editions_puts_a_draft_after_the_registry():
    assert [e.year for e in find_editions(f"{MILDER},1949")] == ["1949", "1936-milder-insufficient"]


def test_the_stepper_takes_a_draft():
    from bridgelaws.interfaces.widgets import AuctionStepper

    stepper = AuctionStepper("1S P P E:P", editions=["1936", CLOSING])
    assert stepper.editions.value == ("1936", "1936-2017-closing")
    assert "proposed wording (draft, not a published text)" in stepper.output_html


# --- bad drafts: one line naming the file, the line and the field ------------------------------------

GOOD = """\
draft: test-draft
name: a test draft
base: "1936"
changes:
  - case: insufficient-bid
    wording: de maat moet passen
    reason: a test
    ruling:
      options:
        - by: offender
          choice: other-sufficient-bid
          barred: [{who: partner, scope: next-turn}]
      summary_en: a test
"""


def _error(tmp_path, text, name="draft.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BridgeLawsError) as excinfo:
        find_edition(str(path))
    message = str(excinfo.value)
    assert "\n" not in message
    return message.replace(str(tmp_path) + "/", "")


def test_the_good_test_draft_loads(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert find_edition(str(path)).year == "test-draft"


@pytest.mark.parametrize("old, new, expected", [
    ("case: insufficient-bid", "case: insuficient-bid",
     "draft.yaml: line 5: changes[0].case: unknown case 'insuficient-bid'"),
    ('base: "1936"', 'base: "1937"', "draft.yaml: line 3: base: unknown base '1937'"),
    ("who: partner", "who: dealer",
     "draft.yaml: line 12: changes[0].ruling.options[0].barred[0].who: 'dealer' is not one of offender, partner"),
    ("    reason: a test\n", "    reason: a test\n    colour: red\n",
     "draft.yaml: line 8: changes[0].colour: unknown field"),
    ("name: a test draft\n", "name: a test draft\nauthor: me\n", "draft.yaml: line 3: author: unknown field"),
    ("      summary_en: a test", "      quote_nl: zijn maat\n      summary_en: a test",
     "draft.yaml: line 13: changes[0].ruling.quote_nl: the quote is not a part of the change's wording"),
    ("          barred:", "          article: \"1949:23\"\n          barred:",
     "draft.yaml: line 12: changes[0].ruling.options[0].article: '1949:23' is not a record of the base edition 1936"),
    ("draft: test-draft", "draft: \"1949\"", "draft.yaml: line 1: draft: '1949' cannot be a draft's id"),
])
def test_a_bad_draft_is_one_line_with_file_line_and_field(tmp_path, old, new, expected):
    assert old in GOOD
    message = _error(tmp_path, GOOD.replace(old, new))
    assert message.startswith(expected), message


CLOSING_DRAFT = """\
draft: closing-test
name: a closing test
base: "1936"
changes:
  - wording: het bieden is gesloten
    reason: a test
    closing: {closing}
"""


def test_an_unknown_closing_rule(tmp_path):
    message = _error(tmp_path, CLOSING_DRAFT.format(closing="three-passes"))
    assert message.startswith("draft.yaml: line 7: changes[0].closing: 'three-passes' is not one of "
                              "other-three-players, three-consecutive-players")


def test_a_closing_rule_that_can_never_close(tmp_path):
    # Five passes by five different players: there are four players.
    message = _error(tmp_path, CLOSING_DRAFT.format(closing="{passes: 5}"))
    assert message.startswith("draft.yaml: line 7: changes[0].closing: this closing rule can never close: "
                              "after a bid, 8 passes in rotation never end the auction")


def test_a_closing_rule_by_count_closes_as_it_says(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text(CLOSING_DRAFT.format(closing="{passes: 2}"), encoding="utf-8")
    edition = find_edition(str(path))
    assert judge("1S P P", edition).state["contract"] == "1S"
    assert judge("1S P", edition).state["outcome"] == "open"
    assert edition.rule("end-of-auction").articles == ("closing-test:end-of-auction",)


def test_every_registered_closing_rule_can_close():
    for edition in EDITIONS:
        assert drafts.never_closes(edition) is None


def test_a_yaml_error_names_the_line(tmp_path):
    message = _error(tmp_path, GOOD.replace("    reason: a test", "    reason: [a test"))
    assert message.startswith("draft.yaml: line ") and "not valid YAML" in message


def test_a_bad_draft_on_the_command_line_is_exit_2_and_one_line(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("case: insufficient-bid", "case: nope"), encoding="utf-8")
    code, out, err = run(capsys, "judge", "--edition", str(path), "1S")
    assert code == 2 and out == "" and err.count("\n") == 1 and "line 5: changes[0].case" in err
    code, _, err = run(capsys, "impact", str(tmp_path / "missing.yaml"))
    assert code == 2 and "missing.yaml: no such draft file" in err


# --- the impact report -------------------------------------------------------------------------------

def test_impact_of_the_milder_draft(capsys, data):
    insufficient_bid_options(data)  # the base's bars written by the test (1936's: tests/cases/)
    from bridgelaws.presentation.impact import impact

    # Two tokens: the distinguishing search is not what this test checks (the README's impact
    # example runs it at four), and at four a draft close to its base costs about two minutes.
    report = impact(MILDER, max_tokens=2)
    assert [c.case for c in report.cells] == ["insufficient-bid"]
    cell = report.cells[0]
    # The offender's mildest choice counts (views.turns_barred): 22.3.a, 1 turn; in the draft, none.
    assert (cell.base_turns, cell.draft_turns) == (1, 0)
    assert report.strictness["draft"] - report.strictness["base"] == -1
    redline, = report.redlines
    assert redline.base_source == "1936:22.3"
    # The base's quote is kept whole ("speelsoort" then "speelsoort;": a mark of punctuation is a token
    # of its own), and the draft adds its second sentence after it.
    assert redline.pieces[0] == ("=", "moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort")
    assert [op for op, _ in redline.pieces] == ["=", "+"] and redline.pieces[1][1].startswith("; kiest de overtreder")
    assert redline.text().startswith("moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort{+; kiest")
    code, out, _ = run(capsys, "impact", "--max-tokens", "2", MILDER)
    catalogue = len(bridgelaws.cases())  # the cells are counted over the catalogue, whatever its size
    assert code == 0 and f"matrix cells that change (1 of {catalogue} cases):" in out and "(-1)" in out
    code, out, _ = run(capsys, "impact", "--max-tokens", "2", "--json", MILDER)
    data = json.loads(out)
    assert data["base"] == "1936" and data["cells"][0]["case"] == "insufficient-bid"
    code, out, _ = run(capsys, "impact", "--max-tokens", "2", "--html", MILDER)
    assert "andere speelsoort<ins>; kiest de overtreder" in out and "<del>" not in out


def test_impact_of_the_closing_draft_names_the_changed_mechanic_and_cell():
    from bridgelaws.presentation.impact import impact

    report = impact(CLOSING, max_tokens=2)
    assert [p.subject for p in report.mechanics] == ["end-of-auction"]
    assert [c.case for c in report.cells] == ["skipped-turn-at-end"]
    assert report.cells[0].base_cell.endswith("stands") and "back to the skipped player" in report.cells[0].draft_cell


def test_impact_lists_the_distinguishing_scenarios_with_the_bars_of_each_option(data):
    insufficient_bid_options(data)  # the base's bars written by the test (1936's: tests/cases/)
    """The shortest scenario that parts the milder draft from 1936 is East's insufficient 1C over
    North's 1C; the options are the same two, their bars differ: under 1936:22.3.a/b the partner
    (West) passes at his next turn after the lowest sufficient bid in the same denomination and for
    the rest of the auction after any other; the draft bars him not at all, resp. one turn."""
    from bridgelaws.presentation.impact import impact

    report = impact(MILDER, max_tokens=2)
    assert report.distinguishing_note.startswith("scenarios up to 2 tokens (bridgelaws.presentation.distinguish; ")
    first = (report.distinguishing or [])[0]
    assert (first["scenario"], first["dealer"]) == ("1C 1C", "N")
    assert first["difference"] == (
        "options: lowest-sufficient-same-denomination (bars W next-turn), other-sufficient-bid (bars W "
        "rest-of-auction) vs lowest-sufficient-same-denomination (no bar), other-sufficient-bid (bars W next-turn)")


def test_impact_refuses_an_edition_that_is_not_a_draft():
    from bridgelaws.presentation.impact import impact

    with pytest.raises(BridgeLawsError, match="1936 is not a draft"):
        impact("1936")


LEVEL_DRAFT = """\
draft: level-test
name: a level test
base: "1936"
changes:
  - mechanic: bid-range
    max_level: 6
    wording: een bod noemt ten hoogste zes trekken
    reason: a test
  - case: bid-above-seven
    wording: wie meer dan zes trekken biedt, diens partij moet passen
    reason: a test
    ruling:
      quote_nl: meer dan zes trekken
      summary_en: a bid of more than six tricks stands and bars the offender's side
"""


def test_a_draft_changes_the_highest_level_with_its_ruling(tmp_path):
    path = tmp_path / "level.yaml"
    path.write_text(LEVEL_DRAFT, encoding="utf-8")
    edition = find_edition(str(path))
    assert judge("6S", edition).rulings == [] and judge("6S", "1936").rulings == []
    (event, ruling), = judge("7S", edition).rulings
    assert event.case == "bid-above-seven" and "at most 6 tricks (level-test:bid-range)" in event.reason
    assert ruling.proposal.quote == "meer dan zes trekken" and ruling.quote_nl is None
    assert judge("7S", "1936").rulings == []  # 1936:16: seven is the highest level


def test_a_draft_that_changes_the_level_restates_the_ruling_above_it(tmp_path):
    text = LEVEL_DRAFT.split("  - case: bid-above-seven")[0]
    message = _error(tmp_path, text)
    assert message.startswith("draft.yaml: line 6: changes[0].max_level: a draft that changes the highest "
                              "level also restates the ruling of 'bid-above-seven'")


def test_a_ruling_with_branches_is_restated_with_its_branches(tmp_path):
    # 1936's call-when-barred depends on the circumstances (22.6.c "onder dezen regel").
    message = _error(tmp_path, GOOD.replace("case: insufficient-bid", "case: call-when-barred"))
    assert message.startswith("draft.yaml: line 8: changes[0].ruling: the 1936 ruling of 'call-when-barred' "
                              "depends on the circumstances (barred-under, otherwise)")


NEW_RULING = """\
draft: new-YEAR
name: a new ruling
base: "YEAR"
changes:
  - case: insufficient-bid
    wording: wie te laag biedt, herstelt dat met een hoger bod, en zijn maat past dan eenmaal (de woorden van deze test)
    reason: a test
    ruling:
      articles: ARTICLES
      call_stands: false
      next: offender
      requires: sufficient-bid
      barred: [{who: partner, scope: next-turn}]
      summary_en: the offender makes his bid sufficient and his partner passes once
"""


def test_a_draft_gives_a_ruling_where_the_base_is_silent(tmp_path):
    # A base whose excerpt gives no rectification of the insufficient bid (asked of the data); the
    # draft cites the records the base's entry cites (e.g. a definition of the insufficient bid).
    year = silent_edition("insufficient-bid")
    (_, silent), = judge("1S 1H", year, layer="corpus").rulings  # the excerpt (a supplement may rule)
    assert silent.status == "silent"
    cited = list(corpus_spec("insufficient-bid", year).articles)
    path = tmp_path / "new.yaml"
    path.write_text(NEW_RULING.replace("YEAR", year).replace("ARTICLES", json.dumps(cited)), encoding="utf-8")
    edition = find_edition(str(path))
    assert edition.draft.rulings["insufficient-bid"].new
    mine = judge("1S 1H 2H", edition)
    (_, ruling), = mine.rulings
    assert ruling.status == "ruled" and ruling.articles == [f"new-{year}:insufficient-bid", *cited]
    assert mine.state["barred"] == [{"seat": "W", "scope": "next-turn"}]


def test_a_ruling_in_a_change_of_a_mechanic_is_an_error_not_ignored(tmp_path):
    text = CLOSING_DRAFT.format(closing="three-passes-no-lost-turn") + "    ruling: {summary_en: x}\n"
    assert _error(tmp_path, text).startswith("draft.yaml: line 8: changes[0].ruling: only a change of a case gives a ruling")


def test_the_shipped_examples_load_by_their_data_names():
    assert drafts.example_drafts() == ["drafts/1936-milder-insufficient-bid.yaml", "drafts/1936-with-2017-closing.yaml"]
    for name in drafts.example_drafts():
        assert drafts.load_example(name).draft.path == name


def test_the_calls_only_space_is_the_documented_subset_and_reaches_the_milder_drafts_difference():
    """``--space calls`` (issue 14's search over calls only): 21,208 sequences up to 4 tokens
    (7 calls in turn, and P / X / 2S by each of the four seats: sum over lengths L of
    7^L + L * 7^(L-1) * 12, counted by hand), and it still finds the milder draft's insufficient bid."""
    from bridgelaws.presentation.distinguish import CALLS_SPACE, DEFAULT_SPACE
    from bridgelaws.presentation.impact import impact

    assert CALLS_SPACE.sequences(4) == sum(7 ** n + n * 7 ** (n - 1) * 12 for n in range(1, 5)) == 21208
    # 130,122 sequences, less the 800 that end in a mark (2 marks x (1 + 7 + 49 + 343)): issue 24
    assert DEFAULT_SPACE.sequences(4) == 129322
    report = impact(MILDER, max_tokens=2, space=CALLS_SPACE)
    assert report.distinguishing_note.startswith("scenarios of calls only up to 2 tokens (bridgelaws.presentation.distinguish; ")
    assert [d["scenario"] for d in report.distinguishing or []] == ["1C 1C"]


def test_impact_space_on_the_command_line(capsys):
    assert main(["impact", MILDER, "--max-tokens", "2", "--space", "calls"]) == 0
    assert "scenarios of calls only up to 2 tokens" in capsys.readouterr().out
    assert main(["impact", MILDER, "--space", "moves"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--space" in err and "'moves'" in err


def test_a_draft_and_the_registry_read_their_entries_through_the_one_overlay():
    """issue 23 §1: an edition's entry of a case is its own (a draft's: its fields over the base's,
    with its proposal) if it has one, else its base's. data/drafts/1936-milder-insufficient-bid.yaml
    changes insufficient-bid only; its ruling cites 1936:22.3 and 1936:22.2 and quotes part of its
    wording, never the 1936 text (data/rulings/insufficient-bid.yaml 1936 quotes 1936:22.3)."""
    from bridgelaws.judging import entries

    edition = drafts.load_example("drafts/1936-milder-insufficient-bid.yaml")
    changed = entries.entry_of("insufficient-bid", edition)
    assert changed.proposal.provision == "1936-milder-insufficient:insufficient-bid"
    assert changed.proposal.quote == ("dan moet zijn maat passen, zoodra deze voor de eerste maal aan de "
                                      "beurt is om te bieden")
    assert list(changed.spec.articles) == ["1936-milder-insufficient:insufficient-bid", "1936:22.3", "1936:22.2"]
    assert changed.spec.quote_nl is None and changed.spec.quote_from is None and not changed.new
    # A case the draft does not change: the base's entry as it is (a draft has no text to remap to).
    kept = entries.entry_of("pass-out-of-rotation", edition)
    assert kept is entries.entry_of("pass-out-of-rotation", "1936") and kept.proposal is None
    assert entries.corpus_spec("pass-out-of-rotation", edition).quote_from == "1936:22.5"
