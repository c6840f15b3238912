"""Writing games back as PBN text."""

from __future__ import annotations

from typing import Iterable

from .model import AuctionToken, Game


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _grid_places(tokens: Iterable[AuctionToken]) -> tuple[list[str], bool]:
    places: list[str] = []
    star = False
    for token in tokens:
        if token.kind == "*":
            star = True
            continue
        if token.kind == "call":
            skips = [m for m in token.marks if m == "^S"]
            places.extend(skips)
            rest = AuctionToken("call", token.call, token.seat,
                                tuple(m for m in token.marks if m != "^S"),
                                token.suffix, token.note, token.nags)
            places.append(rest.pbn())
        else:
            places.append(token.pbn())
    return places, star


def write_games(games: Iterable[Game], *, header: bool = True) -> str:
    """PBN text for ``games``: tags in their order with their values as written (``#`` kept), the
    auction four places a line with its Note tags, and every other section verbatim.

    Reading the result gives games equal to ``games`` (tags, calls, marks, notes, suffixes, NAGs,
    kept sections). Calls are written in the standard's spelling (``Pass``, ``1NT``); suffixes stay
    suffixes so that the text reads back the same. Lines end with ``\\n``.
    """
    out: list[str] = ["% PBN 2.1"] if header else []
    first = True
    for game in games:
        if not first or header:
            out.append("")
        first = False
        for name, value in game.raw_tags.items():
            out.append(f'[{name} "{_escape(value)}"]')
            if name == "Auction":
                places, star = _grid_places(game.auction_tokens)
                for start in range(0, len(places), 4):
                    out.append(" ".join(places[start:start + 4]))
                if star:
                    out.append("*")
                for index, text in game.notes.items():
                    out.append(f'[Note "{index}:{_escape(text)}"]')
            elif name in game.sections:
                out.append(game.sections[name])
    return "\n".join(out) + "\n"
