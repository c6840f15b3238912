import pytest

from bridgelaws import BridgeLawsError, corpus
from bridgelaws.editions import EDITIONS, MECHANICS, find_edition, find_editions


def test_registry_finds_each_edition_in_several_spellings():
    assert [e.year for e in EDITIONS] == ["1932", "1936", "1949", "2007", "2017"]
    assert find_edition("1936") is find_edition(1936) is find_edition("36") is find_edition(" laws1936 ")
    assert find_edition("2007").year == "2007"
    assert [e.year for e in find_editions("2017,1936")] == ["1936", "2017"]
    assert find_editions("all") == EDITIONS


@pytest.mark.parametrize("name", ["1999", "", "abc", "1935"])
def test_unknown_edition_is_one_clear_line(name):
    with pytest.raises(BridgeLawsError) as caught:
        find_edition(name)
    assert "unknown edition" in str(caught.value) and "1932, 1936, 1949, 2007, 2017" in str(caught.value)


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
    outcomes = {e.year: e.all_pass_outcome for e in EDITIONS}
    assert outcomes == {"1932": "redeal", "1936": "redeal", "1949": "passed-out",
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
