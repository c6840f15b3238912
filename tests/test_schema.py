"""Broken data is one clear line at load time: file, entry and field (bridgelaws.text.schema).

Each test copies data/ to a temporary directory, breaks one file there, and points the package at it
with datafiles.override (which also forgets what was already loaded).
"""

from __future__ import annotations

from datacopy import edit_yaml

import re
import shutil
from pathlib import Path

import pytest
import yaml

from bridgelaws import BridgeLawsError, judge
from bridgelaws.text import datafiles, schema
from bridgelaws.judging.conditions import CONDITIONS
from bridgelaws.judging.rulings import generic_ruling, resolve, spec, specs

REPO = Path(__file__).resolve().parents[1]


_edit = edit_yaml  # (tests/datacopy.py; the data fixture is conftest's)


def _one_line(excinfo) -> str:
    message = str(excinfo.value)
    assert "\n" not in message
    return message


# --- rulings -----------------------------------------------------------------------------------


def test_declarer_is_not_a_role_and_never_a_key_error_at_judging_time(data):
    def change(raw):
        raw["rulings"]["1936"]["options"][0]["by"] = "declarer"

    _edit(data / "rulings" / "bid-above-seven.yaml", change)
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("7S 8C", "1936")
    assert _one_line(excinfo) == ("rulings/bid-above-seven.yaml: 1936.options[0].by: 'declarer' is not one "
                                  "of offender, partner, side, lho, first-bidder")


def test_a_misspelt_condition_is_an_error_not_a_fallback_to_otherwise(data):
    def change(raw):
        raw["rulings"]["1936"]["when"][1]["condition"] = "partner-bid"

    _edit(data / "rulings" / "inadmissible-double.yaml", change)
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("1S P X", "1936")
    message = _one_line(excinfo)
    assert message.startswith("rulings/inadmissible-double.yaml: 1936.when[1].condition: 'partner-bid' "
                              "is not one of otherwise, ")
    assert "partners-bid" in message


@pytest.mark.parametrize("where, key, expected", [
    (lambda r: r["rulings"]["1936"], "optoins", "1936.optoins: unknown field"),
    (lambda r: r["rulings"]["1936"]["options"][1], "defualt", "1936.options[1].defualt: unknown field"),
    (lambda r: r["rulings"]["1936"]["barred"][0], "whom", "1936.barred[0].whom: unknown field"),
    (lambda r: r, "rullings", "rullings: unknown field"),
])
def test_a_misspelt_key_is_an_error(data, where, key, expected):
    _edit(data / "rulings" / "bid-above-seven.yaml", lambda raw: where(raw).__setitem__(key, None))
    with pytest.raises(BridgeLawsError) as excinfo:
        spec("bid-above-seven", "1936")
    assert _one_line(excinfo).startswith(f"rulings/bid-above-seven.yaml: {expected}")


@pytest.mark.parametrize("field, value, expected", [
    ("status", "ruling", "1936.status: 'ruling' is not one of ruled, referenced, silent"),
    ("next", "lho", "1936.next: 'lho' is not one of offender, proper, rotation, skipped"),
    ("deemed", "X", "1936.deemed: 'X' is not one of P, same"),
    ("call_stands", "no", "1936.call_stands: expected true or false, got 'no'"),
    ("articles", "1936:22.6.c", "1936.articles: expected a list, got a string"),
])
def test_a_value_outside_the_vocabulary_is_an_error(data, field, value, expected):
    _edit(data / "rulings" / "bid-above-seven.yaml", lambda raw: raw["rulings"]["1936"].__setitem__(field, value))
    with pytest.raises(BridgeLawsError) as excinfo:
        spec("bid-above-seven", "1936")
    assert _one_line(excinfo) == f"rulings/bid-above-seven.yaml: {expected}"


def test_an_unknown_scope_and_an_unknown_choice_are_errors(data):
    path = data / "rulings" / "bid-above-seven.yaml"
    _edit(path, lambda raw: raw["rulings"]["1936"]["barred"][0].__setitem__("scope", "next-round"))
    with pytest.raises(BridgeLawsError, match=re.escape(
            "1936.barred[0].scope: 'next-round' is not one of next-turn, rest-of-auction")):
        spec("bid-above-seven", "1936")
    shutil.copy(REPO / "data" / "rulings" / "bid-above-seven.yaml", path)
    datafiles.reset()
    _edit(path, lambda raw: raw["rulings"]["1936"]["options"][1].__setitem__("choice", "let-it-stand"))
    with pytest.raises(BridgeLawsError, match=re.escape("1936.options[1].choice: 'let-it-stand' is not one of")):
        spec("bid-above-seven", "1936")


def test_a_condition_needs_the_fields_its_predicate_reads(data):
    _edit(data / "rulings" / "call-when-barred.yaml", lambda raw: raw["rulings"]["1936"]["when"][0].pop("bar_from"))
    with pytest.raises(BridgeLawsError) as excinfo:
        spec("call-when-barred", "1936")
    assert _one_line(excinfo) == ("rulings/call-when-barred.yaml: 1936.when[0]: condition 'barred-under' "
                                  "needs the field 'bar_from'")


def test_branches_need_an_otherwise(data):
    _edit(data / "rulings" / "misnamed-double.yaml", lambda raw: raw["rulings"]["1932"]["when"].pop())
    with pytest.raises(BridgeLawsError, match=re.escape(
            "rulings/misnamed-double.yaml: 1932.when: no branch has condition 'otherwise'")):
        spec("misnamed-double", "1932")


def test_a_correction_needs_an_offender_who_replaces_his_call(data):
    _edit(data / "rulings" / "insufficient-bid.yaml", lambda raw: raw["rulings"]["1936"].__setitem__("next", "proper"))
    with pytest.raises(BridgeLawsError, match=re.escape(
            "1936.options[0].choice: 'lowest-sufficient-same-denomination' is a correction by the offender")):
        spec("insufficient-bid", "1936")


def test_an_unregistered_edition_is_an_error(data):
    _edit(data / "rulings" / "all-pass.yaml", lambda raw: raw["rulings"].__setitem__("1899", {"status": "silent"}))
    with pytest.raises(BridgeLawsError) as excinfo:
        specs("all-pass")
    assert _one_line(excinfo).startswith("rulings/all-pass.yaml: rulings.1899: '1899' is not a registered edition")


def test_silence_is_the_default_for_an_edition_the_file_does_not_list(data):
    _edit(data / "rulings" / "wrong-board.yaml", lambda raw: raw["rulings"].pop("2017"))
    parsed = spec("wrong-board", "2017")
    assert parsed.default and parsed.status == "silent"
    ruling = generic_ruling("wrong-board", "2017")
    assert ruling.status == "silent" and ruling.summary_en == schema.SILENT_SUMMARY.format(year="2017", case="wrong-board")
    assert ruling.assumption  # the engine's default is labelled as such
    # A call case without an entry: the call stands as made, as for every silent text.
    _edit(data / "rulings" / "insufficient-bid.yaml", lambda raw: raw["rulings"].pop("2017"))
    datafiles.reset()
    result = judge("1S 1H", "2017", layer="corpus")
    assert result.events[1].ruling is not None and result.events[1].ruling.status == "silent"
    assert result.state["next_to_call"] == "S"


def test_an_unknown_condition_asked_for_is_an_error_not_the_otherwise_branch():
    with pytest.raises(BridgeLawsError, match="unknown condition 'honour-or-severall'"):
        generic_ruling("exposed-card", "1936", "honour-or-severall")


def test_every_condition_the_data_names_is_registered():
    for case_id in ("call-when-barred", "exposed-card", "inadmissible-double", "misnamed-double",
                    "pass-out-of-rotation"):
        for parsed in specs(case_id).values():
            assert all(b.condition in CONDITIONS for b in parsed.when)
    assert resolve("exposed-card", "1936", condition="honour-or-several").barred


# --- the other data files ----------------------------------------------------------------------


def test_yaml_that_does_not_parse_is_one_line(data):
    (data / "glossary.yaml").write_text("terms: [unclosed\n", encoding="utf-8")
    from bridgelaws.text import content

    with pytest.raises(BridgeLawsError) as excinfo:
        content._glossary()
    assert _one_line(excinfo).startswith("glossary.yaml: not valid YAML at line")


def test_every_data_file_reads_as_the_pure_python_loader_reads_it():
    # datafiles.load parses with libyaml's loader where PyYAML has it: the data must be the same.
    files = sorted((REPO / "data").rglob("*.yaml"))
    assert len(files) > 50
    for path in files:
        name = str(path.relative_to(REPO / "data"))
        assert datafiles.load(name) == yaml.safe_load(path.read_text(encoding="utf-8")), name


@pytest.mark.parametrize("text", ["terms: [unclosed\n", "terms: a: b\n", "terms:\n\t- a\n"])
def test_a_yaml_error_is_worded_by_the_pure_python_loader(data, text):
    # libyaml words these three differently ("did not find expected ',' or ']'", "mapping values
    # are not allowed in this context", no character named): the message stays the one it was.
    (data / "glossary.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(yaml.YAMLError) as pure:
        yaml.safe_load(text)
    with pytest.raises(BridgeLawsError) as excinfo:
        datafiles.load("glossary.yaml")
    assert str(excinfo.value) == (f"glossary.yaml: not valid YAML at line {pure.value.problem_mark.line + 1}: "
                                  f"{pure.value.problem}")


def test_a_missing_file_is_one_line(data):
    (data / "acceptance.yaml").unlink()
    from bridgelaws.judging.rulings import acceptance_data

    with pytest.raises(BridgeLawsError) as excinfo:
        acceptance_data()
    assert _one_line(excinfo).startswith("acceptance.yaml: data file missing")


@pytest.mark.parametrize("name, change, load, expected", [
    ("cases.yaml", lambda raw: raw[0].__setitem__("kind", "bid"),
     lambda: __import__("bridgelaws.judging.rulings").rulings.cases(),
     "cases.yaml: insufficient-bid.kind: 'bid' is not one of call, event, situation"),
    ("acceptance.yaml", lambda raw: raw["1936"].__setitem__("quote", "x"),
     lambda: __import__("bridgelaws.judging.rulings").rulings.acceptance_data(),
     "acceptance.yaml: 1936.quote: unknown field"),
    ("scenarios.yaml", lambda raw: raw[0].__setitem__("dealer", "X"),
     lambda: __import__("bridgelaws.text.content").content.scenarios(),
     "scenarios.yaml: insufficient bid.dealer: 'X' is not one of N, E, S, W"),
    ("topics.yaml", lambda raw: raw[0]["articles"].__setitem__("1950", []),
     lambda: __import__("bridgelaws.text.content").content.topics(),
     "topics.yaml: start-of-auction.articles.1950: '1950' is not a registered edition"),
    ("glossary.yaml", lambda raw: raw["terms"][2].__setitem__("occurrs", []),
     lambda: __import__("bridgelaws.text.content").content._glossary(),
     "glossary.yaml: terms[2].occurrs: unknown field"),
    ("exercises.yaml", lambda raw: raw["history"][0].pop("quote"),
     lambda: __import__("bridgelaws.text.content").content.history(),
     "exercises.yaml: history[0]: missing field 'quote'"),
])
def test_content_files_are_checked(data, name, change, load, expected):
    _edit(data / name, change)
    with pytest.raises(BridgeLawsError) as excinfo:
        load()
    assert _one_line(excinfo).startswith(expected)


def test_the_corpus_is_checked(data):
    import json

    from bridgelaws.text import corpus

    path = data / "editions" / "1936" / "corpus.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    record = next(r for r in raw["records"] if r["id"] == "1936:22.3")
    record["txt"] = record.pop("text")
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(BridgeLawsError) as excinfo:
        corpus.article("1936:22.3")
    assert _one_line(excinfo).startswith("editions/1936/corpus.json: records[")
    assert "txt: unknown field" in str(excinfo.value)


# --- the test cases (tests/cases/*.yaml) -------------------------------------------------------


def _test_cases(**expect):
    return [{"edition": "1936", "article": "1936:22.3", "decided_by": "x",
             "scenario": {"dealer": "N", "tokens": "1S 1H"}, "expect": expect}]


def test_an_unknown_expect_key_is_an_error_as_in_openfisca():
    with pytest.raises(BridgeLawsError) as excinfo:
        schema.parse_test_cases(_test_cases(status="ruled", next_to_cal="S"), "tests/cases/insufficient-bid.yaml")
    assert _one_line(excinfo).startswith(
        "tests/cases/insufficient-bid.yaml: entry 1 (1936).expect.next_to_cal: unknown field")


def test_the_test_cases_are_valid():
    for path in sorted((REPO / "tests" / "cases").glob("*.yaml")):
        schema.parse_test_cases(yaml.safe_load(path.read_text(encoding="utf-8")), path.name)
    with pytest.raises(BridgeLawsError, match=r"entry 1 \(1936\)\.expect\.status: 'rule' is not one of"):
        schema.parse_test_cases(_test_cases(status="rule"), "x.yaml")


def test_the_cli_reports_broken_data_in_one_line_with_exit_code_2(data, capsys):
    from bridgelaws.interfaces.cli import main

    _edit(data / "rulings" / "bid-above-seven.yaml",
          lambda raw: raw["rulings"]["1936"]["options"][0].__setitem__("by", "declarer"))
    assert main(["judge", "--edition", "1936", "7S 8C"]) == 2
    err = capsys.readouterr().err
    assert err == ("bridgelaws: error: rulings/bid-above-seven.yaml: 1936.options[0].by: 'declarer' is not "
                   "one of offender, partner, side, lho, first-bidder\n")


def test_a_prepared_scenario_needs_its_dutch_name():
    from bridgelaws.text.schema_content import parse_scenarios

    with pytest.raises(BridgeLawsError, match=r"^scenarios.yaml: \[0\]: missing field 'name_nl'"):
        parse_scenarios([{"name": "x", "dealer": "N", "tokens": "1S"}])
    with pytest.raises(BridgeLawsError, match=r"^scenarios.yaml: x: about and about_nl go together"):
        parse_scenarios([{"name": "x", "name_nl": "x", "dealer": "N", "tokens": "1S", "about": "A."}])
    [parsed] = parse_scenarios([{"name": "x", "name_nl": "y", "dealer": "N", "tokens": "1S", "about": "A.",
                                 "about_nl": "B."}])
    assert parsed["name_nl"] == "y" and parsed["about_nl"] == "B."
