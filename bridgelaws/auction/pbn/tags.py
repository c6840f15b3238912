"""The tags this package reads (Board, Dealer, Declarer, Contract, Auction, Note): what their values
may be, and which tags may inherit a value (4.8)."""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ..calls import Seat

#: Tags whose value "#" / "##" is forbidden (4.8) and that this module reads: an error.
_NO_INHERIT_READ = frozenset({"Dealer", "Declarer", "Contract", "Auction", "Note"})
#: Tags whose "#" is forbidden but that this module does not read: kept verbatim, not resolved.
_NO_INHERIT_KEPT = frozenset({"Vulnerable", "Deal", "Play"})
#: Identification tags this module reads: no section data may follow them.
_READ_TAGS = frozenset({"Dealer", "Declarer", "Contract", "Board"})

_CONTRACT_RE = re.compile(r"([1-7])(C|D|H|S|NT|N)(X{0,2})", re.IGNORECASE)
_TRUMP_RE = re.compile(r"(C|D|H|S|NT)", re.IGNORECASE)  # end positions (3.10)
_SEAT_LETTERS = {"N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W}


def _normalise_contract(value: str) -> str:
    upper = value.upper()
    if upper == "PASS":
        return "Pass"
    if upper == "?":
        return "?"
    match = _CONTRACT_RE.fullmatch(value)
    if match:
        strain = "NT" if match.group(2).upper() in ("N", "NT") else match.group(2).upper()
        return f"{match.group(1)}{strain}{match.group(3).upper()}"
    if _TRUMP_RE.fullmatch(value):
        return upper
    raise ValueError(value)


def _is_board_number(value: str) -> bool:
    """A positive integer in ASCII digits ("²".isdigit() is true, but it is no board number)."""
    return value.isascii() and value.isdigit() and int(value) > 0


def _board_problem(resolved: str, stripped: str, tags: dict[str, str]) -> str | None:
    if stripped not in ("", "?") and not _is_board_number(stripped):
        return f"bad Board {resolved!r}: a board number is a positive integer"
    return None


def _dealer_problem(resolved: str, stripped: str, tags: dict[str, str]) -> str | None:
    if stripped not in ("", "?") and stripped.upper() not in _SEAT_LETTERS:
        return f"bad Dealer {resolved!r}: use N, E, S or W"
    return None


def _declarer_problem(resolved: str, stripped: str, tags: dict[str, str]) -> str | None:
    seat = stripped[1:] if stripped.startswith("^") else stripped
    if stripped not in ("", "?") and seat.upper() not in _SEAT_LETTERS:
        return (f"bad Declarer {resolved!r}: use N, E, S or W, ^N/^E/^S/^W for an "
                f"irregular declarer, or \"\" when all pass")
    return None


def _contract_problem(resolved: str, stripped: str, tags: dict[str, str]) -> str | None:
    if stripped:
        try:
            _normalise_contract(stripped)
        except ValueError:
            return f"bad Contract {resolved!r}: use Pass or a contract like 3NT, 4SX, 6HXX"
    return None


def _auction_problem(resolved: str, stripped: str, tags: dict[str, str]) -> str | None:
    if not stripped:
        return ("Auction tag without a seat: the value names who makes the first call "
                "of the grid (N, E, S or W)")
    if stripped.upper() not in _SEAT_LETTERS:
        return f"bad Auction tag value {resolved!r}: use N, E, S or W"
    dealer = tags.get("Dealer", "").strip()
    if "Dealer" not in tags:
        return ("auction section without a Dealer tag before it (PBN 3.1: the Dealer "
                "tag must be filled before the auction section)")
    if dealer in ("", "?"):
        return (f"auction section with {'an empty' if not dealer else 'an unknown (?)'} "
                f"Dealer tag: the dealer must be known")
    return None


#: The tags this module reads and checks, each with what is wrong with a value (None when nothing is).
_CHECKS: dict[str, Callable[[str, str, dict[str, str]], str | None]] = {
    "Board": _board_problem, "Dealer": _dealer_problem, "Declarer": _declarer_problem,
    "Contract": _contract_problem, "Auction": _auction_problem}


def _tag_problem(name: str, resolved: str, tags: dict[str, str]) -> str | None:
    """What is wrong with the value of a tag this module reads (None when nothing is), given the
    resolved tags of the game so far (``tags``, which holds this tag already)."""
    check = _CHECKS.get(name)
    return None if check is None else check(resolved, resolved.strip(), tags)


_CHECKED_TAGS = frozenset(_CHECKS)


def _accepted(name: str, candidates: Iterable[str]) -> frozenset[str]:
    """The candidates that _tag_problem accepts as the value of ``name``."""
    return frozenset(value for value in candidates if _tag_problem(name, value, {name: value}) is None)


#: The usual good values of the tags checked: the fast reader takes these without calling
#: _tag_problem. Derived from _tag_problem, so that the shortcut cannot accept what it refuses.
_GOOD_VALUES = {
    "Board": _accepted("Board", (str(n) for n in range(1, 1000))),
    "Dealer": _accepted("Dealer", "NESW"),
    "Declarer": _accepted("Declarer", ["", "?", *"NESW", *("^" + s for s in "NESW")]),
    "Contract": _accepted("Contract", ["", "?", "Pass", *(
        f"{level}{strain}{x}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")
        for x in ("", "X", "XX"))]),
    "Auction": frozenset(),  # its problems depend on the Dealer tag before it: always checked
}
