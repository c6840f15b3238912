"""Issue 25 §7: a card whose case rests on a mechanic the edition inherits from another edition
shows a badge of its own, on every card it affects. The expected donors are read by hand from
data/editions/<year>/edition.yaml: 1932, 1936 and 1949 take rotation from 2007 (`rotation: {...,
inherit: "2007"}`), 2007 takes sufficiency and the denominations from 2017; 2017 inherits neither."""

from __future__ import annotations

import re

from bridgelaws.presentation import views
from bridgelaws.presentation.present import inherited
from bridgelaws.presentation.render import stylesheet

BADGE = re.compile(r'<div class="bl-card"[^>]*data-edition="(\d+)"[^>]*>(.*?)</div>')


def _badges(html: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for year, head in BADGE.findall(html):
        found[year] = re.findall(r'<span class="bl-inherited"[^>]*>(.*?)</span>', head)
    return found


def test_every_out_of_rotation_card_of_an_edition_inheriting_rotation_has_the_badge():
    for tokens in ("1S S:2S", "1S S:P", "1S W:X"):
        found = _badges(views.compare_html(tokens))
        assert found["1932"] == found["1936"] == found["1949"] == ["rotation: inherited from 2007"], (tokens, found)
        assert found["2007"] == found["2017"] == [], (tokens, found)


def test_the_badge_in_dutch_and_its_articles():
    found = _badges(views.compare_html("1S S:2S", lang="nl"))
    assert found["1936"] == ["volgorde: overgenomen van 2007"]
    (badge,) = inherited("bid-out-of-rotation", "1932")
    assert badge.donor == "2007" and badge.articles == ("2007:17.C",)


def test_2007_inherits_sufficiency_from_2017_and_a_case_without_mechanics_has_no_badge():
    found = _badges(views.compare_html("1S 1H"))
    assert found["2007"] == ["sufficient bid, denominations: inherited from 2017"]
    assert found["1936"] == found["2017"] == []
    assert inherited("exposed-card", "1932") == () and inherited("bid-out-of-rotation", "no-such-edition") == ()


def test_badges_never_break_mid_word():
    css = stylesheet()
    for rule in (".bl-card .bl-inherited{", ".bl-card .bl-status{", ".bl-badge{"):
        body = css.split(rule, 1)[1].split("}", 1)[0]
        assert "white-space:nowrap" in body, rule
