"""Issue 13 §4: a card exposed during the auction is marked in the stepper's auction grid, at its
place (before the call that followed it, or in the cell of the player to act), not only in the
ruling card's text."""

from __future__ import annotations

import re

from bridgelaws.presentation import views
from bridgelaws.auction.auction import Auction
from bridgelaws.auction.calls import Seat
from bridgelaws.presentation.render import GridExposure, auction_html, card_text


def grid(html: str, year: str) -> list[list[str]]:
    """The body cells of edition ``year``'s auction grid, row by row."""
    panel = re.search(rf'<div class="bl-panel" data-edition="{year}">(.*?)</table>', html, flags=re.S).group(1)
    body = re.search(r"<tbody>(.*)</tbody>", panel, flags=re.S).group(1)
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", body)]


def test_the_exposed_king_is_in_the_cell_of_the_call_after_it():
    # 1S W:!SK P P, dealer North: West's king shown after North's 1S, before East's pass (the grid is
    # West, North, East, South).
    html = views.stepper_html("1S W:!SK P P", ["1936", "2017"])
    for year in ("1936", "2017"):
        first_row = grid(html, year)[0]
        assert "bl-exposed" not in first_row[1] and first_row[1] == "1\u2660"
        east = first_row[2]
        assert east.startswith('<span class="bl-exposed" data-card="SK" data-seat="W" '
                               'title="West&#x27;s \u2660K, exposed here during the auction (token 2)">')
        assert east.endswith("Pass") and "W\u00a0\u2660K</span>" in east
        assert sum("bl-exposed" in cell for row in grid(html, year) for cell in row) == 1


def test_an_exposure_waiting_for_the_next_call_is_in_the_cell_of_the_player_to_act():
    html = views.stepper_html("1S W:!H10", ["1949"])
    east = grid(html, "1949")[0][2]
    assert 'data-card="HT"' in east and east.endswith("?") and '<span class="bl-red">\u266510</span>' in east


def test_an_exposure_before_the_first_call_is_before_the_dealers_call():
    html = views.stepper_html("!CA 1S", ["2017"])
    north = grid(html, "2017")[0][1]
    assert 'data-card="CA" data-seat="N"' in north and north.endswith("1\u2660")


def test_stepped_back_before_the_exposure_the_grid_shows_none():
    html = views.stepper_html("1S W:!SK P P", ["1936"], step=1)
    assert "bl-exposed" not in html.split("</style>", 1)[1]
    assert "bl-exposed" in views.stepper_html("1S W:!SK P P", ["1936"], step=2).split("</style>", 1)[1]


def test_the_panel_alone_marks_it_too():
    assert 'class="bl-exposed" data-card="SK"' in views.panel_html("1S W:!SK", "1949")


def test_the_grid_places_exposures_by_the_calls_before_them():
    auction = Auction("2017", "N", ["1S", "P", "P", "P"])
    exposures = [GridExposure(1, Seat.W, "DT", "first"), GridExposure(4, Seat.E, "S2", "after the close")]
    html = auction_html(auction, style=False, exposures=exposures)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html)
    assert cells[2].startswith('<span class="bl-exposed" data-card="DT" data-seat="W" title="first">')
    assert cells[2].endswith("Pass")
    # After the last call of a closed auction there is no next cell: it gets one of its own.
    assert 'data-card="S2"' in cells[5] and "Pass" not in cells[5]
    assert card_text("DT") == "\u266610" and card_text("SK") == "\u2660K"


def test_every_seat_name_the_grid_builds_a_key_for_exists():
    from bridgelaws.text.i18n import LANGUAGES, t

    for seat in Seat:
        for lang in LANGUAGES:
            assert t(f"common.seat.{seat}", lang)
