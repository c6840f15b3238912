"""Pure HTML rendering: functions from library objects to HTML strings, no widgets, no random ids.

``Auction._repr_html_`` and the notebooks' widgets call these; tests call them directly.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .calls import Seat

if TYPE_CHECKING:
    from .auction import Auction

#: Column order of the usual auction grid.
GRID_ORDER = (Seat.W, Seat.N, Seat.E, Seat.S)

_STYLE = (
    "<style>.bl-auction{border-collapse:collapse;font-family:sans-serif;margin:0.3em 0}"
    ".bl-auction th,.bl-auction td{border:1px solid #bbb;padding:2px 10px;text-align:center;"
    "min-width:3.2em}.bl-auction th{background:#eee}.bl-auction .bl-dealer{text-decoration:underline}"
    ".bl-auction .bl-red{color:#c00}.bl-auction .bl-irregular{background:#fde8c8}"
    ".bl-auction caption{caption-side:bottom;text-align:left;font-size:90%;padding-top:3px}</style>"
)


def call_html(entry_call) -> str:
    text = escape(entry_call.symbol())
    if entry_call.is_bid and entry_call.strain in (1, 2):
        return f'<span class="bl-red">{text}</span>'
    return text


def auction_html(auction: "Auction", *, caption: bool = True, style: bool = True) -> str:
    """The auction grid (West, North, East, South), the dealer's column marked, irregular calls shaded."""
    head = "".join(
        f'<th class="bl-dealer" title="dealer">{seat.full_name} (dealer)</th>' if seat == auction.dealer
        else f"<th>{seat.full_name}</th>"
        for seat in GRID_ORDER)
    cells: list[str] = []
    column = GRID_ORDER.index(auction.dealer)
    cells.extend("<td></td>" for _ in range(column))
    for entry in auction.history:
        # A call out of rotation is shown in its caller's column, so the grid can jump a seat.
        target = GRID_ORDER.index(entry.seat)
        while column % 4 != target:
            cells.append("<td></td>")
            column += 1
        if entry.irregularity:
            title = escape(f"{entry.irregularity}: {entry.reason}", quote=True)
            cells.append(f'<td class="bl-irregular" title="{title}">{call_html(entry.call)}*</td>')
        else:
            cells.append(f"<td>{call_html(entry.call)}</td>")
        column += 1
    if not auction.is_over and auction.next_to_call is not None:
        target = GRID_ORDER.index(auction.next_to_call)
        while column % 4 != target:
            cells.append("<td></td>")
            column += 1
        cells.append("<td>?</td>")
        column += 1
    while column % 4:
        cells.append("<td></td>")
        column += 1
    rows = "".join("<tr>" + "".join(cells[i:i + 4]) + "</tr>" for i in range(0, len(cells), 4))
    text = ""
    if caption:
        text = f"<caption>{escape(outcome_text(auction))}</caption>"
    return (f"{_STYLE if style else ''}<table class=\"bl-auction\">{text}"
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def outcome_text(auction: "Auction") -> str:
    """One line: the edition, and the outcome with the articles it rests on."""
    edition = auction.edition.year
    outcome = auction.outcome
    if outcome == "open":
        return f"{edition}: {auction.next_to_call.full_name} to call"
    basis = auction.outcome_basis
    if outcome == "contract":
        contract = auction.contract
        return f"{edition}: contract {contract} by {contract.declarer.full_name} ({basis})"
    if outcome == "redeal":
        return f"{edition}: all four passed, a new deal ({basis})"
    return f"{edition}: all four passed, the board is passed out, no redeal ({basis})"
