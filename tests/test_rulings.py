"""The rulings data: complete, every article real, every quote verbatim."""

import pytest

from bridgelaws.text import corpus, datafiles
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.judging.rulings import (STATUSES, SCOPES, all_rulings, branches, case_ids, cases, entry, ruling_data,
                                specs)
from bridgelaws.text.schema import SILENT_SUMMARY

REQUIRED_CASES = {
    "insufficient-bid", "pass-out-of-rotation", "bid-out-of-rotation", "double-out-of-rotation",
    "inadmissible-double", "bid-above-seven", "call-when-barred", "misnamed-double", "exposed-card",
    "skipped-turn-at-end", "wrong-board", "unintended-call", "all-pass", "review-request"}


def test_catalogue_has_the_required_ids_and_more():
    ids = set(case_ids())
    assert REQUIRED_CASES <= ids and len(ids) > len(REQUIRED_CASES)
    for case in cases():
        assert case.name_nl and case.name_en and case.description
        assert case.scenario or case.situation


@pytest.mark.parametrize("case_id", case_ids())
def test_every_case_has_a_ruling_for_every_edition(case_id):
    # Every registered edition gets a ruling: the file's own entry, or the silence default.
    data = ruling_data(case_id)
    assert list(data) == [e.year for e in EDITIONS]
    for year, raw in data.items():
        assert raw["status"] in STATUSES, (case_id, year)
        assert raw.get("summary_en"), (case_id, year)
        if raw["status"] == "referenced":
            assert raw.get("references"), (case_id, year)
    for year, parsed in specs(case_id).items():
        assert parsed.status in STATUSES and parsed.summary_en, (case_id, year)
        if parsed.default:
            assert parsed.status == "silent" and parsed.summary_en == SILENT_SUMMARY.format(year=year, case=case_id)


@pytest.mark.parametrize("case_id", case_ids())
def test_every_explicit_entry_names_a_registered_edition(case_id):
    explicit = datafiles.load(f"rulings/{case_id}.yaml")["rulings"]
    assert {str(year) for year in explicit} <= {e.year for e in EDITIONS}, case_id


def _cited(raw: dict):
    """Every article id an entry (or its branches and options) cites, with what cites it."""
    for key in ("articles",):
        for article in raw.get(key, []) or []:
            yield article
    for key in ("quote_from", "acceptance", "article"):
        if raw.get(key):
            yield raw[key]
    for option in raw.get("options", []) or []:
        if option.get("article"):
            yield option["article"]
    for branch in raw.get("when", []) or []:
        yield from _cited(branch)


def _quotes(raw: dict):
    if raw.get("quote_nl"):
        yield raw["quote_from"], raw["quote_nl"]
    for branch in raw.get("when", []) or []:
        yield from _quotes(branch)


@pytest.mark.parametrize("case_id", case_ids())
def test_every_cited_article_resolves_and_belongs_to_its_edition(case_id):
    for year, raw in ruling_data(case_id).items():
        for article in _cited(raw):
            assert article.startswith(year + ":"), (case_id, year, article)
            assert corpus.resolves(article), (case_id, year, article)


@pytest.mark.parametrize("case_id", case_ids())
def test_every_quote_is_verbatim(case_id):
    for year, raw in ruling_data(case_id).items():
        for source, quote in _quotes(raw):
            assert source, (case_id, year, "quote without quote_from")
            assert quote in corpus.article(source).text, (case_id, year, source, quote)


@pytest.mark.parametrize("case_id", case_ids())
def test_references_point_outside_the_corpus(case_id):
    # "referenced" means: the text sends the reader to an article that is NOT in the corpus.
    for year, raw in ruling_data(case_id).items():
        for reference in raw.get("references", []) or []:
            assert reference.startswith(year + ":"), (case_id, year, reference)
            assert not corpus.resolves(reference), (case_id, year, reference)


def test_every_referenced_target_is_one_the_corpus_lists_as_a_reference():
    listed = {r.target for r in corpus.references()}
    for ruling in all_rulings():
        for reference in ruling.references:
            article = reference.split(".")[0]
            assert reference in listed or any(t.split(".")[0] == article for t in listed), reference


def test_bars_and_options_use_the_documented_vocabulary():
    for ruling in all_rulings():
        for bar in ruling.barred:
            assert bar["scope"] in SCOPES and bar["seat"] in ("offender", "partner", "side")
        for option in ruling.options:
            # No "declarer": there is none during the auction (and no ruling gives him a choice).
            assert option["by"] in ("offender", "lho", "first-bidder")


def test_silent_and_referenced_rulings_always_carry_the_assumption():
    for ruling in all_rulings():
        if ruling.status != "ruled":
            assert ruling.assumption, (ruling.case, ruling.edition)
        assert ruling.status != "ruled" or ruling.articles, (ruling.case, ruling.edition)


def test_conditional_entries_have_an_otherwise_or_cover_their_conditions():
    for case_id in case_ids():
        for edition in EDITIONS:
            conditions = [b["condition"] for b in branches(case_id, edition)]
            assert len(conditions) == len(set(conditions))
            if conditions:
                assert "otherwise" in conditions, (case_id, edition.year)


def test_unknown_case_is_a_clear_error():
    from bridgelaws import BridgeLawsError
    from bridgelaws.judging.rulings import find_case

    with pytest.raises(BridgeLawsError, match="unknown case 'nope'"):
        find_case("nope")
    with pytest.raises(BridgeLawsError, match="unknown edition"):
        entry("all-pass", "1999")


def test_acceptance_data_is_verbatim_and_matches_the_rulings_that_name_it():
    from bridgelaws.judging.rulings import acceptance_data

    data = acceptance_data()
    for year, entry in data.items():
        assert entry["quote_nl"] in corpus.article(entry["article"]).text
    for case_id in case_ids():
        for year, raw in ruling_data(case_id).items():
            named = {raw.get("acceptance")} | {b.get("acceptance") for b in raw.get("when", []) or []}
            for article in named - {None}:
                assert data[year]["article"] == article, (case_id, year)


def test_1936_summaries_keep_the_conditions_of_the_text_and_turn_reverts_is_an_assumption():
    # Issue 21, section 5, each condition read in the Dutch: 22.6c "of, als geen van beide
    # tegenspelers heeft geboden, de tegenspeler aan de linkerhand van den overtreder"; 22.3 "Indien
    # een onvoldoend bod in goede volgorde gedaan"; 22.4 "bij het doubleeren of redoubleeren, op zijn
    # beurt gedaan".
    from bridgelaws.judging.rulings import generic_ruling

    barred = generic_ruling("call-when-barred", "1936", "barred-under")
    assert "if neither opponent has bid" in barred.summary_en
    insufficient = generic_ruling("insufficient-bid", "1936")
    assert "in goede volgorde gedaan" in insufficient.summary_en
    assert "in goede volgorde gedaan" in (insufficient.summary_nl or "")
    assert "op zijn beurt gedaan" in generic_ruling("misnamed-double", "1936").summary_en
    # 22.6c says nothing of who calls next: the card's "turn reverts" (next: proper) is an assumption.
    for case, condition in (("bid-above-seven", None), ("inadmissible-double", "otherwise"),
                            ("call-when-barred", "barred-under")):
        ruling = generic_ruling(case, "1936", condition)
        assert ruling.next == "proper" and "turn reverts" in (ruling.assumption or ""), case
