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
    for rule in (".bl-card .bl-status{", ".bl-badge{"):
        body = css.split(rule, 1)[1].split("}", 1)[0]
        assert "white-space:nowrap" in body, rule
    # The inherited badge is long ("sufficient bid, denominations: inherited from 2017"): on one line it
    # ran out of a narrow card, so it breaks between its words, never inside one (print.css makes a
    # card's words break anywhere: the badge says otherwise).
    body = css.split(".bl-card .bl-inherited{", 1)[1].split("}", 1)[0]
    assert "overflow-wrap:normal" in body and "word-break:normal" in body and "max-width:100%" in body


#: What sticks out at the right of its card: every element of a card whose right edge is beyond the
#: card's own (a label cut off at the card's edge, or running over into the next panel).
_STICKING_OUT = """() => [...document.querySelectorAll('.bl-card')].flatMap(card => {
    const edge = card.getBoundingClientRect().right;
    return [...card.querySelectorAll('*')]
        .filter(e => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().right > edge + 0.5)
        .map(e => card.dataset.edition + ': ' + e.className + ': ' + e.textContent.slice(0, 60));
})"""


import pytest  # noqa: E402


@pytest.mark.browser
@pytest.mark.parametrize("width", [1366, 1024])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_no_label_sticks_out_of_its_card_in_the_stepper(users_browser, width, lang):
    # Before, the 2007 card's "sufficient bid, denominations: inherited from 2017" (one unbroken
    # label) ran past the right edge of its panel, cut off by the next one.
    page = users_browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.set_content('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>'
                         + views.stepper_html("1S 1H", lang=lang) + "</body></html>")
        assert page.locator(".bl-card .bl-inherited").count() >= 1
        assert page.evaluate(_STICKING_OUT) == []
    finally:
        page.close()
