"""Text coverage (issue 9, section 6): every record of the corpus is modelled by the engine or
listed in data/not-modelled.yaml with a reason; `bridgelaws coverage` reports it.

When a mechanic or a ruling starts to cite a record listed as not modelled, or a record nothing
cites appears, the first three tests name the ids to move: delete the entry of a record the engine
now cites, add one (reason and why, read from the Dutch) for a record nothing cites.
"""

from __future__ import annotations

from datacopy import edit_yaml

import json
from pathlib import Path

import pytest
import yaml

from bridgelaws import BridgeLawsError
from bridgelaws.text import corpus
from bridgelaws.judging import coverage
from bridgelaws.interfaces.cli import main
from bridgelaws.judging.coverage import UseKind
from bridgelaws.auction.editions import EDITIONS

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the real data: nothing unaccounted, nothing listed wrongly ---------------------------------


def test_every_record_is_modelled_or_listed_as_not_modelled():
    report = coverage.coverage()
    missing = [f"{record_id} ({corpus.record(record_id).text[:60]!r})" for record_id in report.unaccounted]
    assert not missing, (
        "records neither cited by a mechanic, a ruling or the acceptance rule nor listed in "
        "data/not-modelled.yaml (read each in Dutch, then add an entry with its reason and why): "
        + "; ".join(missing))


def test_no_record_listed_as_not_modelled_is_cited_by_the_engine():
    wrong = [f"{item.id} <- " + ", ".join(str(use) for use in item.used_by)
             for item in coverage.coverage().wrongly_listed]
    assert not wrong, ("listed in data/not-modelled.yaml but cited by the engine (delete these entries): "
                       + "; ".join(wrong))


def test_every_listed_id_is_a_record_of_the_corpus():
    outside = coverage.coverage().not_in_corpus
    assert not outside, "data/not-modelled.yaml lists ids that are not records of the corpus: " + ", ".join(outside)


# --- the JSON, on the real output -----------------------------------------------------------------


def _records_in_the_corpus_files() -> dict[str, list[str]]:
    """Record ids per edition, read straight from data/editions/<year>/corpus.json (not through the code
    under test)."""
    return {edition.year: [r["id"] for r in json.loads(
        (REPO / "data" / "editions" / edition.year / "corpus.json").read_text(encoding="utf-8"))["records"]]
        for edition in EDITIONS}


def test_coverage_json_has_the_keys_and_counts_that_add_up(capsys):
    code, out, err = run(capsys, "coverage", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {"records", "modelled", "not_modelled", "unaccounted"} <= set(data)
    ids = _records_in_the_corpus_files()
    assert data["records"] == sum(len(v) for v in ids.values())
    assert data["unaccounted"] == []
    assert data["modelled"] + len(data["not_modelled"]) + len(data["unaccounted"]) == data["records"]
    assert 0 < data["modelled"] < data["records"]
    every_id = {i for v in ids.values() for i in v}
    for item in data["not_modelled"]:
        assert {"id", "why"} <= set(item) and item["id"] in every_id and item["why"].strip()
        assert item["reason"] in data["reasons"]
    assert sum(data["by_reason"].values()) == len(data["not_modelled"])
    assert [e["edition"] for e in data["editions"]] == [e.year for e in EDITIONS]
    for part in data["editions"]:
        assert part["records"] == len(ids[part["edition"]])
        assert part["modelled"] + len(part["not_modelled"]) + len(part["unaccounted"]) == part["records"]
        assert all(item["id"].startswith(part["edition"] + ":") for item in part["not_modelled"])
        assert len(part["modelled_records"]) == part["modelled"]
        assert all(item["used_by"] for item in part["modelled_records"])
    for key in ("records", "modelled"):
        assert data[key] == sum(part[key] for part in data["editions"])


def test_coverage_json_of_one_edition(capsys):
    code, out, _ = run(capsys, "coverage", "--edition", "1949", "--json")
    data = json.loads(out)
    assert code == 0 and [e["edition"] for e in data["editions"]] == ["1949"]
    assert data["records"] == len(_records_in_the_corpus_files()["1949"])


# --- what counts as modelled: checked by hand against the data and the Dutch ---------------------


def test_a_citation_covers_the_records_under_it():
    # comparable-call.yaml (2017) cites "2017:23.A" ("... is een vergelijkbare bieding als ze:");
    # its three cases 23.A.1-3 are the definition it applies.
    found = coverage.uses("2017:23.A.1")
    assert any(use.kind is UseKind.RULING and use.cited == "2017:23.A" for use in found)
    assert "2017:23.A.1" not in {item.id for item in coverage.coverage("2017").not_modelled}


def test_what_only_a_topic_shows_is_not_modelled():
    # 2017:19.D ("worden de scores verhoogd zoals voorzien in artikel 77") is shown by the topic
    # "doubling", which cites the whole of Art. 19, but no mechanic or ruling cites it.
    (item,) = [i for i in coverage.coverage("2017").not_modelled if i.id == "2017:19.D"]
    assert [use.kind for use in item.shown_in] == [UseKind.TOPIC]
    assert item.shown_in[0].cited == "2017:19"


def test_the_1936_etiquette_is_not_modelled_but_the_convention_answer_is_cited():
    # Speelmanieren: "Vermijdt: Onnoodig talmen bij het bieden, ..." is conduct, not a rule of the
    # auction; Speelmanieren 16 (answering a question about a convention) is cited by the 1936
    # entry of mistaken-explanation.yaml.
    report = coverage.coverage("1936")
    listed = {item.id: item.reason for item in report.not_modelled}
    assert listed["1936:Speelmanieren.2"] == "etiquette"
    (cited,) = [item for item in report.editions[0].modelled if item.id == "1936:Speelmanieren.16"]
    assert [use.where for use in cited.used_by] == ["mistaken-explanation 1936 articles"]


# --- broken or stale data: the problems are named ---------------------------------------------


_edit = edit_yaml  # (tests/datacopy.py; the data fixture is conftest's)


def _entry(raw, record_id):
    return next(entry for entry in raw["records"] if entry["id"] == record_id)


def test_a_record_without_an_entry_is_unaccounted_and_named(data, capsys):
    _edit(data / "not-modelled.yaml", lambda raw: raw["records"].remove(_entry(raw, "2017:20.G.2")))
    # Of the five editions (a later edition that derives from 2017 inherits the entry, so loses it too).
    report = coverage.coverage("1932,1936,1949,2007,2017")
    assert report.unaccounted == ("2017:20.G.2",)
    assert report.modelled + len(report.not_modelled) + 1 == report.records
    code, out, _ = run(capsys, "coverage")
    assert code == 0 and "PROBLEM: neither modelled nor listed in data/not-modelled.yaml: 2017:20.G.2" in out


def test_a_listed_record_the_engine_cites_is_wrongly_listed_with_its_citation(data):
    def change(raw):
        raw["records"].append({"id": "1936:22.3.a", "reason": "etiquette", "why": "wrong on purpose"})

    _edit(data / "not-modelled.yaml", change)
    (wrong,) = coverage.coverage().wrongly_listed
    assert wrong.id == "1936:22.3.a"
    assert any(use.kind is UseKind.RULING and use.where.startswith("insufficient-bid 1936") for use in wrong.used_by)
    assert "1936:22.3.a" in {item.id for item in coverage.coverage().editions[1].modelled}


def test_a_new_ruling_citation_makes_a_listed_record_wrongly_listed(data):
    # What a merge of new rulings does: 2017:20.F.6 starts to be cited, the entry must go.
    _edit(data / "rulings" / "mistaken-explanation.yaml",
          lambda raw: raw["rulings"]["2017"]["articles"].append("2017:20.F.6"))
    assert [item.id for item in coverage.coverage().wrongly_listed] == ["2017:20.F.6"]


def test_a_topic_citation_does_not_make_a_record_modelled(data):
    _edit(data / "topics.yaml", lambda raw: raw[0]["articles"]["2017"].append("2017:20.G.1"))
    report = coverage.coverage()
    assert report.wrongly_listed == () and report.unaccounted == ()
    (item,) = [i for i in report.not_modelled if i.id == "2017:20.G.1"]
    assert [use.kind for use in item.shown_in] == [UseKind.TOPIC]


def test_a_listed_id_outside_the_corpus_is_named(data):
    _edit(data / "not-modelled.yaml",
          lambda raw: raw["records"].append({"id": "1936:22.9", "reason": "etiquette", "why": "no such record"}))
    assert coverage.coverage().not_in_corpus == ("1936:22.9",)


@pytest.mark.parametrize("change, expected", [
    (lambda raw: _entry(raw, "1932:14").__setitem__("reason", "manners"),
     "not-modelled.yaml: 1932:14.reason: 'manners' is not one of etiquette,"),
    (lambda raw: _entry(raw, "1932:14").pop("why"), "not-modelled.yaml: records[0]: missing field 'why'"),
    (lambda raw: raw["records"].append(dict(_entry(raw, "1932:14"))),
     "not-modelled.yaml: 1932:14.id: the id is listed twice"),
    (lambda raw: _entry(raw, "1932:14").__setitem__("id", "1933:14"),
     "not-modelled.yaml: 1933:14.id: '1933' is not a registered edition"),
    (lambda raw: _entry(raw, "1932:14").__setitem__("reasn", "x"), "not-modelled.yaml: records[0].reasn: unknown field"),
])
def test_a_broken_not_modelled_file_is_one_line(data, change, expected):
    _edit(data / "not-modelled.yaml", change)
    with pytest.raises(BridgeLawsError) as excinfo:
        coverage.coverage()
    message = str(excinfo.value)
    assert "\n" not in message and message.startswith(expected)


# --- the command line ------------------------------------------------------------------------------


def test_coverage_text_lists_the_records_of_one_edition(capsys):
    code, out, err = run(capsys, "coverage", "--edition", "2007")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["2007"]
    assert lines[1].split() == ["records", str(len(_records_in_the_corpus_files()["2007"]))]
    assert "  2007:17.A  auction-period: " in out and "PROBLEM" not in out


def test_coverage_of_an_unknown_edition_is_exit_2_and_one_line(capsys):
    code, out, err = run(capsys, "coverage", "--edition", "1899")
    assert code == 2 and out == "" and err.count("\n") == 1 and "unknown edition '1899'" in err


def test_every_article_of_rights_yaml_counts_as_modelled():
    # data/rights.yaml is applied by the engine (1936:21.3 "vervalt dit recht" when the partners
    # consult or the wrong partner exercises it; 21.2 "blijft geldig" for a later choice): the
    # records it cites are modelled, not listed as not yet modelled.
    from bridgelaws.judging import rulings

    cited = {rule["article"] for rules in rulings.rights_data().values() for rule in rules.values()}
    assert cited == {"1936:21.2", "1936:21.3"}  # read from the file, checked against its quotes
    for article in cited:
        year = article.split(":")[0]
        result = coverage.coverage(year).editions[0]
        assert article not in {item.id for item in result.not_modelled}, article
        assert article in {item.id for item in result.modelled}, article
        assert any(use.kind is UseKind.RIGHTS for use in coverage.uses(article)), article
    assert coverage.coverage().problems() == []
