"""Issue 13 §4 in a real browser (Debian's Chromium driven by Playwright, as tests/test_browser.py):
the editions' panels (five, and a sixth: tests/test_new_edition.py reads the rule) stand in one row at 1366 px and one under the other on a 400 px screen,
with nothing wider than the screen; projector mode enlarges the type; the editions are checkboxes
whose click changes one edition only. Screenshots go to ``build/screenshots/``."""

from __future__ import annotations

import pytest

from serving_helpers import SHOTS
from test_browser import _view

from bridgelaws.auction.editions import EDITIONS

pytestmark = pytest.mark.browser

WIDE = {"width": 1366, "height": 768}
NARROW = {"width": 400, "height": 800}


def _open(browser, url, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto(url, timeout=120_000)
    page.wait_for_selector('button[title="1S"]', timeout=120_000)
    page.locator(".bl-stepper .bl-panel").first.wait_for(timeout=60_000)
    return page


def _panels(page):
    panels = page.locator(".bl-stepper .bl-panel")
    return [panels.nth(i).bounding_box() for i in range(panels.count())]


_BEYOND_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const beyond = [];
  for (const element of document.querySelectorAll('body *')) {
    const box = element.getBoundingClientRect();
    const inScroller = element.parentElement && element.parentElement.closest('.bl-scrolls');
    if (box.width > 0 && box.right > width + 1 && !element.closest('.bl-panel') && !inScroller) {
      beyond.push(`${element.tagName}.${String(element.className).slice(0, 50)} (right edge ${Math.round(box.right)})`);
    }
  }
  return beyond;
}"""


def _overflow(page) -> list[str]:
    """Every element that reaches beyond the right edge of the screen (Voila's page scrolls inside
    a container, so the document's own scroll width says nothing); a panel's inside is checked by
    its own scroll width. What is inside a box that scrolls sideways on its own (``bl-scrolls``: the
    matrix of cases x editions on a phone) is not counted; the box itself is."""
    return page.evaluate(_BEYOND_THE_SCREEN)


def test_the_five_editions_stand_in_one_row_at_1366_px_and_stack_on_a_narrow_screen(users_browser, app_url):
    page = _open(users_browser, app_url + "?scenario=1S%20W:!SK%20P%20P", WIDE)
    _view(page).locator(".bl-exposed").first.wait_for(timeout=60_000)
    boxes = _panels(page)
    assert len(boxes) == len(EDITIONS)
    assert max(box["y"] for box in boxes) - min(box["y"] for box in boxes) < 2, boxes  # one row
    assert [box["x"] for box in boxes] == sorted(box["x"] for box in boxes)
    assert all(box["x"] + box["width"] <= WIDE["width"] for box in boxes), boxes
    # Nothing inside a panel is cut off: its content is no wider than the panel.
    assert page.evaluate("Array.from(document.querySelectorAll('.bl-stepper .bl-panel'))"
                         ".every(e => e.scrollWidth <= e.clientWidth + 1)")
    assert _overflow(page) == []
    page.screenshot(path=str(SHOTS / "app-1366.png"), full_page=False)

    page.set_viewport_size(NARROW)
    page.wait_for_timeout(500)
    boxes = _panels(page)
    assert len(boxes) == len(EDITIONS)
    assert max(box["x"] for box in boxes) - min(box["x"] for box in boxes) < 2, boxes  # one column
    assert all(later["y"] >= earlier["y"] + earlier["height"] for earlier, later in zip(boxes, boxes[1:])), boxes
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"] for box in boxes), boxes
    assert _overflow(page) == []  # was: the scenario menu, the typed box, the link, a checkbox
    assert page.evaluate("Array.from(document.querySelectorAll('.bl-stepper .bl-panel'))"
                         ".every(e => e.scrollWidth <= e.clientWidth + 1)")
    page.locator(".bl-compare").first.wait_for(timeout=60_000)
    assert _overflow(page) == []  # the comparison too, one block per edition
    page.screenshot(path=str(SHOTS / "app-400.png"), full_page=True)
    page.goto("about:blank")
    page.close()


def _font_px(page, selector: str) -> float:
    return page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")


def test_projector_mode_enlarges_the_type_of_the_stepper_and_the_explorer(browser, app_url):
    page = _open(browser, app_url + "?scenario=1S%201H", WIDE)
    card = '.bl-stepper .bl-card[data-edition="1936"]'
    page.locator(card).first.wait_for(timeout=60_000)
    assert _font_px(page, ".bl-stepper .bl-steps") == 16 and _font_px(page, card) == 15
    page.locator('.widget-checkbox:has-text("Projector") input').first.check()
    page.wait_for_function(f"() => parseFloat(getComputedStyle(document.querySelector('{card}')).fontSize) >= 20",
                           timeout=30_000)
    assert _font_px(page, ".bl-stepper .bl-steps") == 22 and _font_px(page, card) == 22
    assert _font_px(page, ".bl-stepper .bl-panel-name") >= 20
    page.screenshot(path=str(SHOTS / "app-projector.png"), full_page=False)
    # The explorer's own toggle (the second Projector box on the page).
    compare = ".bl-compare .bl-card"
    page.locator(compare).first.wait_for(timeout=60_000)
    before = _font_px(page, compare)
    page.locator('.widget-checkbox:has-text("Projector") input').nth(1).check()
    page.wait_for_function(f"() => parseFloat(getComputedStyle(document.querySelector('{compare}')).fontSize) >= 20",
                           timeout=30_000)
    assert before == 16 and _font_px(page, compare) == 22
    page.goto("about:blank")
    page.close()


def test_a_click_on_an_edition_takes_away_that_edition_only(browser, app_url):
    years = [e.year for e in EDITIONS]
    gone = years[len(years) // 2]  # one in the middle: the panels on both sides stay, in order
    left = [year for year in years if year != gone]
    page = _open(browser, app_url, WIDE)
    page.locator(f'.bl-editions .widget-checkbox:has-text("{gone}") input').first.uncheck()
    page.wait_for_function(f"() => document.querySelectorAll('.bl-stepper .bl-panel').length === {len(left)}",
                           timeout=30_000)
    shown = [page.locator(".bl-stepper .bl-panel").nth(i).get_attribute("data-edition") for i in range(len(left))]
    assert shown == left
    page.wait_for_function(f"() => new URLSearchParams(location.search).get('editions') === '{','.join(left)}'",
                           timeout=30_000)
    page.goto("about:blank")
    page.close()
