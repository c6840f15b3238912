import pytest
import yaml

from bridgelaws import BridgeLawsError
from bridgelaws.text import corpus
from bridgelaws.text import datafiles
from bridgelaws.auction.edition_records import parse_registry
from bridgelaws.auction.editions import EDITIONS, MECHANICS
from bridgelaws.judging.lookup import find_edition, find_editions
from bridgelaws.text.registry import registry_data

YEARS = [e.year for e in EDITIONS]


def test_the_registry_is_chronological_and_every_edition_has_its_corpus():
    assert YEARS == sorted(YEARS, key=int) and len(set(YEARS)) == len(YEARS)
    assert set(YEARS) == {path.parent.name for path in (datafiles.data_dir() / "editions").glob("*/corpus.json")}
    assert corpus.EDITIONS == tuple(YEARS)


def test_registry_finds_each_edition_in_several_spellings():
    assert {"1932", "1936", "1949", "2007", "2017"} <= set(YEARS)
    assert find_edition("1936") is find_edition(1936) is find_edition("36") is find_edition(" laws1936 ")
    assert find_edition("2007").year == "2007"
    assert [e.year for e in find_editions("2017,1936")] == ["1936", "2017"]
    assert find_editions("all") == EDITIONS


@pytest.mark.parametrize("name", ["1999", "", "abc", "1935"])
def test_unknown_edition_is_one_clear_line(name):
    with pytest.raises(BridgeLawsError) as caught:
        find_edition(name)
    assert "unknown edition" in str(caught.value) and ", ".join(YEARS) in str(caught.value)


def test_every_edition_names_a_basis_for_every_mechanic():
    for edition in EDITIONS:
        assert set(edition.basis) == set(MECHANICS), edition.year
        for mechanic, basis in edition.basis.items():
            assert basis.articles or basis.inherited, (edition.year, mechanic)
            if basis.inherited:
                assert basis.donor and basis.donor != edition.year and basis.why
                assert all(a.startswith(basis.donor + ":") for a in basis.inherited)
            assert all(a.startswith(edition.year + ":") for a in basis.articles)


def test_every_article_an_edition_cites_resolves_in_the_corpus():
    for edition in EDITIONS:
        for mechanic, basis in edition.basis.items():
            for article in basis.all_articles:
                assert corpus.resolves(article), f"{edition.year} {mechanic}: {article}"


def test_four_passes_as_each_text_says():
    # 1932:11.2 and 1936:15: "gaat het spel niet door" and someone deals again: a new deal.
    # 1949:22: "geen reden voor een nieuwe gift"; 2017:22.B: "Er mag niet opnieuw gegeven worden".
    outcomes = {year: find_edition(year).all_pass_outcome for year in ("1932", "1936", "1949", "2007", "2017")}
    assert outcomes == {"1932": "next-deal", "1936": "next-deal", "1949": "passed-out",
                        "2007": "passed-out", "2017": "passed-out"}


def test_2007_says_where_its_end_of_auction_is_inherited_from():
    rule = find_edition("2007").rule("all-pass")
    assert rule.articles == ("2007:17.E.1",) and rule.donor == "2017" and "2017:22.B" in rule.inherited
    assert "artikel 22" in corpus.record("2007:17.E.1").text
    assert "inherited from 2017" in str(rule)


def test_editions_that_state_a_rule_do_not_inherit_it():
    assert not find_edition("2017").rule("all-pass").is_inherited
    assert not find_edition("1936").rule("declarer").is_inherited
    assert find_edition("1949").rule("declarer").donor == "1936"


def test_inherited_articles_are_the_donor_s_own_for_that_mechanic():
    for edition in EDITIONS:
        for mechanic, basis in edition.basis.items():
            if basis.is_inherited:
                donor = find_edition(basis.donor).basis[mechanic]
                assert not donor.is_inherited and set(basis.inherited) <= set(donor.articles), (
                    edition.year, mechanic)


def test_an_inherited_outcome_of_four_passes_is_the_donor_s():
    assert find_edition("2007").all_pass_outcome == find_edition("2017").all_pass_outcome == "passed-out"


def _registry_with(change):
    raw = registry_data()
    change(raw["editions"])
    return raw


def _set(year, path, value):
    def change(entries):
        entry = next(e for e in entries if e["year"] == year)
        *parents, last = path
        for key in parents:
            entry = entry[key]
        if value is KeyError:
            del entry[last]
        else:
            entry[last] = value
    return change


@pytest.mark.parametrize("change, message", [
    (_set("1949", ["basis", "declarer"], KeyError), "editions/1949/edition.yaml: basis: no basis for mechanic 'declarer'"),
    (_set("1949", ["basis", "declarer", "inherit"], "1999"),
     "editions/1949/edition.yaml: basis.declarer.inherit: '1999' is not another registered edition"),
    (_set("1932", ["basis", "double", "only"], ["1936:17.9"]),
     "editions/1932/edition.yaml: basis.double.only: expected some of 1936's own articles"),
    (_set("2007", ["basis", "double", "inherit"], "1949"), None),  # 1949 states doubling itself: fine
    (_set("2017", ["basis", "declarer", "inherit"], "2007"),
     "editions/2017/edition.yaml: basis.declarer.inherit: 2007 does not state this rule in its own text"),
    (_set("1936", ["basis", "sufficiency"], ["1932:12"]),
     "editions/1936/edition.yaml: basis.sufficiency.articles: '1932:12' is not an article of 1936"),
    (_set("1936", ["basis", "all-pass"], {"articles": ["1936:15"], "outcome": "redeal"}),
     "editions/1936/edition.yaml: basis.all-pass.outcome: 'redeal' is not an outcome of four passes: one of "
     "next-deal, passed-out (as the article says)"),
    (_set("1936", ["basis", "all-pass"], ["1936:15"]),
     "editions/1936/edition.yaml: basis.all-pass.outcome: names no outcome: one of next-deal, passed-out "
     "(as the article says)"),
    (_set("1936", ["basis", "contract"], {"articles": ["1936:19"], "outcome": "next-deal"}),
     "editions/1936/edition.yaml: basis.contract.outcome: only the all-pass mechanic names an outcome"),
    (_set("1936", ["basis", "bidding"], ["1936:16"]), "editions/1936/edition.yaml: basis.bidding: unknown mechanic"),
    (_set("1936", ["code"], "rubber"), "editions/1936/edition.yaml: top level: unknown field 'code'"),
    (_set("1949", ["basis", "declarer", "why"], KeyError),
     "editions/1949/edition.yaml: basis.declarer.why: an inherited rule says why it is inherited"),
])
def test_a_broken_registry_is_one_line_naming_edition_and_field(change, message):
    raw = _registry_with(change)
    if message is None:
        parse_registry(raw)
        return
    with pytest.raises(BridgeLawsError) as caught:
        parse_registry(raw)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_every_registered_edition_knows_what_four_passes_lead_to():
    # Stated once, by each edition's ruling on four passes (or its donor's): a new edition without
    # one is caught here, not at the first four passes.
    assert all(edition.all_pass_outcome in ("next-deal", "passed-out") for edition in EDITIONS)


@pytest.mark.parametrize("change, message", [
    (lambda raw: raw["editions"][2].__setitem__("derives", "1999"),
     "editions/1949/edition.yaml: derives: '1999' is not another registered edition"),
    (lambda raw: raw["editions"][2].__setitem__("derives", "1949"),
     "editions/1949/edition.yaml: derives: '1949' is not another registered edition"),
    (lambda raw: raw["editions"][2].__setitem__("class", 7), "editions/1949/edition.yaml: class: expected 'module:Class'"),
    (lambda raw: raw["editions"][2].__setitem__("class", "bridgelaws.auction.calls:Call"),
     "editions/1949/edition.yaml: class: 'bridgelaws.auction.calls:Call' is not a subclass of Edition"),
])
def test_a_broken_registry_top_level_or_class_is_one_line(change, message):
    from bridgelaws.auction.editions import _load_class

    raw = registry_data()
    change(raw)
    with pytest.raises(BridgeLawsError) as caught:
        for record in parse_registry(raw):
            _load_class(record.year, record.class_path)
    assert str(caught.value).startswith(message)
