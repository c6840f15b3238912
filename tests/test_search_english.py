"""Issue 25 §4: the search also looks in the project's English (data/editions/<year>/translation.yaml),
each such hit marked as a match in the English (a translation, not a source text), and where no Dutch
text holds an English word it offers the glossary's Dutch terms for it. The expected records and
terms were read by hand: 2017:17.B and 2017:17.C say "dealer" in translation.yaml and "gever" in
the corpus; data/glossary.yaml has {nl: gever, en: dealer} and {nl: straf, en: penalty}."""

from __future__ import annotations

import json

from bridgelaws.text import translation
from bridgelaws.presentation import views
from bridgelaws.interfaces.cli import main


def test_an_english_word_finds_the_records_whose_english_holds_it():
    hits = translation.search("dealer", edition="2017")
    assert [(h.record_id, h.language) for h in hits] == [("2017:17.B", "en"), ("2017:17.C", "en")]
    assert "dealer" in hits[0].highlighted()


def test_a_dutch_word_stays_a_dutch_hit_once_per_record():
    hits = translation.search("gever", edition="2017")
    assert {h.language for h in hits} == {"nl"} and "2017:17.B" in {h.record_id for h in hits}
    ids = [h.record_id for h in translation.search("contract")]
    assert len(ids) == len(set(ids))  # a record matched in both languages is one (Dutch) hit


def test_the_view_marks_a_match_in_the_english_and_offers_the_dutch_terms():
    html = views.search_html("dealer", edition="2017")
    assert html.count('data-match="en"') == 2
    assert "match in the English" in html
    assert '<b lang="nl">gever</b> (<span lang="en">dealer</span>)' in html
    dutch = views.search_html("dealer", edition="2017", lang="nl")
    assert "treffer in het Engels" in dutch and "match in the English" not in dutch
    # a Dutch query that matches the Dutch offers no glossary terms
    assert "bl-dutch-terms" not in views.search_html("gever", edition="2017")


def test_the_cli_marks_english_hits_and_offers_the_glossary(capsys):
    assert main(["search", "dealer", "--edition", "2017"]) == 0
    out = capsys.readouterr().out
    assert "2017:17.B: match in the English" in out and "the glossary's Dutch for 'dealer': gever (dealer)" in out
    assert main(["search", "xyzzy"]) == 0
    assert "no paragraph contains 'xyzzy'" in capsys.readouterr().out
    assert main(["search", "penalty", "--edition", "1949", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {h["match"] for h in data["hits"]} == {"en"}
    assert {"nl": "straf", "en": "penalty"} in data["dutch_terms"]
