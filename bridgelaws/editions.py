"""One class per edition of the Laws, each carrying the articles its rules come from.

Modelled on python-chess's variants: :class:`Edition` holds the neutral mechanics of the auction as
hooks (who calls first, rotation, sufficiency, doubling, the end of the auction, the contract and the
declarer); each edition subclasses it and states, mechanic by mechanic, the article of its own text
that gives the rule. Where an edition's text is silent on a basic mechanic, the edition inherits the
rule from a *named* other edition, and the :class:`Basis` says so (``inherited``), so that it is
visible in the API, the CLI and the docs and never implicit.

The five texts agree on the mechanics of a regular auction; they differ on what happens when all four
players pass (:attr:`Edition.all_pass_outcome`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .errors import BridgeLawsError


@dataclass(frozen=True)
class Basis:
    """Where a rule comes from.

    ``articles`` are the edition's own articles that state the rule. ``inherited`` are articles of
    another edition (``donor``) that supply what the edition's own text does not say, with ``why``.
    """

    articles: tuple[str, ...] = ()
    inherited: tuple[str, ...] = ()
    donor: str | None = None
    why: str = ""

    @property
    def is_inherited(self) -> bool:
        return bool(self.inherited)

    @property
    def all_articles(self) -> tuple[str, ...]:
        return self.articles + self.inherited

    def __str__(self) -> str:
        own = ", ".join(self.articles)
        if not self.inherited:
            return own
        inherited = f"inherited from {self.donor}: {', '.join(self.inherited)}"
        return f"{own}; {inherited}" if own else inherited


def own(*articles: str) -> Basis:
    return Basis(articles=articles)


def inherit(donor: str, *inherited: str, why: str, articles: tuple[str, ...] = ()) -> Basis:
    return Basis(articles=articles, inherited=inherited, donor=donor, why=why)


#: The mechanics every edition must name a basis for, with a one-line English description.
MECHANICS: dict[str, str] = {
    "first-call": "the dealer makes the first call",
    "rotation": "calls follow in rotation, clockwise",
    "bid-range": "a bid names one to seven tricks and a denomination",
    "denominations": "denominations rank clubs < diamonds < hearts < spades < no-trump",
    "sufficiency": "a bid must be higher than the preceding bid",
    "double": "a player may double only the last bid, made by an opponent, with only passes since",
    "redouble": "a player may redouble only the last double, made by an opponent, with only passes since",
    "after-redouble": "a redoubled bid may not be doubled or redoubled again",
    "double-cancelled": "a double or redouble is cancelled by a later bid",
    "end-of-auction": "after a bid, three passes in rotation end the auction",
    "all-pass": "what happens when all four players pass",
    "contract": "the last bid becomes the contract, doubled or redoubled as it stands",
    "declarer": "the declarer is the player of the contracting side who first named its denomination",
}

ALL_PASS_OUTCOMES = ("redeal", "passed-out")

_CLOCKWISE = "'in volgorde' (in rotation) without a direction; clockwise is stated first in 2007:17.C"


class Edition:
    """The neutral auction mechanics. Subclasses set ``year`` and a :class:`Basis` per mechanic."""

    year: ClassVar[str] = ""
    code: ClassVar[str] = ""  # "rubber" or "duplicate"
    name: ClassVar[str] = ""
    #: What happens when all four players pass: "redeal" (a new deal) or "passed-out" (no redeal).
    all_pass_outcome: ClassVar[str] = ""
    #: Who deals after a redeal, in the text's words (None where the board is not redealt).
    redeal_by: ClassVar[str | None] = None
    max_level: ClassVar[int] = 7
    basis: ClassVar[dict[str, Basis]] = {}

    # --- neutral hooks, shared by every edition ---------------------------------------------------

    def is_sufficient(self, rank: int, last_rank: int) -> bool:
        """A bid (rank 1..35) is sufficient when it ranks above the last bid (0 = no bid yet)."""
        return rank > last_rank

    def in_range(self, level: int) -> bool:
        return 1 <= level <= self.max_level

    def may_double(self, doubled: int, bid_by_opponent: bool) -> bool:
        """``doubled``: 0 undoubled, 1 doubled, 2 redoubled; only passes since the bid when 0."""
        return doubled == 0 and bid_by_opponent

    def may_redouble(self, doubled: int, double_by_opponent: bool) -> bool:
        return doubled == 1 and double_by_opponent

    def auction_ends(self, non_pass_calls: int, passes_since: int) -> bool:
        """Three passes after a call end the auction; four passes with no call end it too."""
        if non_pass_calls:
            return passes_since >= 3
        return passes_since >= 4

    # --- description -------------------------------------------------------------------------------

    def rule(self, mechanic: str) -> Basis:
        if mechanic not in MECHANICS:
            raise BridgeLawsError(f"unknown mechanic {mechanic!r}: one of {', '.join(MECHANICS)}")
        return self.basis[mechanic]

    def rules(self) -> list[tuple[str, str, Basis]]:
        """(mechanic, English description, basis) for every mechanic, in a fixed order."""
        return [(m, MECHANICS[m], self.basis[m]) for m in MECHANICS]

    def inherited_rules(self) -> list[tuple[str, Basis]]:
        return [(m, b) for m, b in self.basis.items() if b.is_inherited]

    def __repr__(self) -> str:
        return f"<Edition {self.year}: {self.name}>"

    def __str__(self) -> str:
        return self.year

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Edition) and other.year == self.year

    def __hash__(self) -> int:
        return hash(self.year)


class Edition1932(Edition):
    year = "1932"
    code = "rubber"
    name = "Laws of Contract Bridge 1932, first international code (Hoofdstuk IV, regels 10-17)"
    all_pass_outcome = "redeal"
    redeal_by = "the player whose turn it is to deal, with the other pack (1932:11.2)"
    basis = {
        "first-call": own("1932:11.1"),
        "rotation": inherit("2007", "2007:17.C", articles=("1932:11.1",), why=_CLOCKWISE),
        "bid-range": inherit(
            "1936", "1936:22.6.c",
            why="1932 names no highest level; 1936:22.6.c treats a bid of more than seven as irregular"),
        "denominations": own("1932:12"),
        "sufficiency": own("1932:12"),
        "double": inherit(
            "1936", "1936:22.6.a", articles=("1932:13.1",),
            why="13.1 does not say that a bid already doubled may not be doubled again; "
                "1936:22.6.a treats that as irregular"),
        "redouble": own("1932:13.1"),
        "after-redouble": own("1932:13.2"),
        "double-cancelled": own("1932:13.3"),
        "end-of-auction": own("1932:11.3"),
        "all-pass": own("1932:11.2"),
        "contract": own("1932:15"),
        "declarer": own("1932:15"),
    }


class Edition1936(Edition):
    year = "1936"
    code = "rubber"
    name = "Laws of Contract Bridge 1935 international code, Dutch translation (regels 15-24)"
    all_pass_outcome = "redeal"
    redeal_by = "the player whose turn comes (1936:15)"
    basis = {
        "first-call": own("1936:15"),
        "rotation": inherit("2007", "2007:17.C", articles=("1936:15",), why=_CLOCKWISE),
        "bid-range": own("1936:22.6.c"),
        "denominations": own("1936:16"),
        "sufficiency": own("1936:16"),
        "double": own("1936:17", "1936:22.6.a"),
        "redouble": own("1936:17"),
        "after-redouble": own("1936:17"),
        "double-cancelled": own("1936:17"),
        "end-of-auction": own("1936:15"),
        "all-pass": own("1936:15"),
        "contract": own("1936:19"),
        "declarer": own("1936:19"),
    }


class Edition1949(Edition):
    year = "1949"
    code = "duplicate"
    name = "Laws of Duplicate Contract Bridge 1949, Dutch text (Art. 21-26)"
    all_pass_outcome = "passed-out"
    basis = {
        "first-call": own("1949:21"),
        "rotation": inherit("2007", "2007:17.C", articles=("1949:21",), why=_CLOCKWISE),
        "bid-range": own("1949:23"),
        "denominations": own("1949:23"),
        "sufficiency": own("1949:23"),
        "double": own("1949:24"),
        "redouble": own("1949:24"),
        "after-redouble": own("1949:24"),
        "double-cancelled": own("1949:25"),
        "end-of-auction": own("1949:21"),
        "all-pass": own("1949:22"),
        "contract": own("1949:22"),
        "declarer": inherit(
            "1936", "1936:19",
            why="the 1949 auction chapter does not define the declarer; 1936:19 is the nearest text that does"),
    }


_2007_SILENT = ("the 2007 corpus holds only Art. 17; its successor 2017 has the same article numbers "
                "and the same wording in 17A-C")


class Edition2007(Edition):
    year = "2007"
    code = "duplicate"
    name = "Laws of Duplicate Bridge 2007, Dutch text (Artikel 17)"
    all_pass_outcome = "passed-out"
    basis = {
        "first-call": own("2007:17.B"),
        "rotation": own("2007:17.C"),
        "bid-range": inherit("2017", "2017:18.A", why=_2007_SILENT),
        "denominations": inherit("2017", "2017:18.E", why=_2007_SILENT),
        "sufficiency": inherit("2017", "2017:18.B", "2017:18.C", why=_2007_SILENT),
        "double": inherit("2017", "2017:19.A.1", why=_2007_SILENT),
        "redouble": inherit("2017", "2017:19.B.1", why=_2007_SILENT),
        "after-redouble": inherit("2017", "2017:19.A.1", "2017:19.B.1", why=_2007_SILENT),
        "double-cancelled": inherit("2017", "2017:19.C", why=_2007_SILENT),
        "end-of-auction": inherit(
            "2017", "2017:22.A", articles=("2007:17.E.1",),
            why="2007:17.E.1 says the auction ends 'zoals bepaald in artikel 22', which is not in the "
                "2007 corpus; 2017:22 is the same-numbered article of the successor code"),
        "all-pass": inherit(
            "2017", "2017:22.B", articles=("2007:17.E.1",),
            why="2007:17.E.1 points to its Art. 22, not in the corpus; 2017:22.B is the same-numbered "
                "article of the successor code"),
        "contract": inherit("2017", "2017:22.A", articles=("2007:17.E.1",), why=_2007_SILENT),
        "declarer": inherit(
            "1936", "1936:19",
            why="neither the 2007 nor the 2017 corpus defines the declarer; 1936:19 is the latest text that does"),
    }


class Edition2017(Edition):
    year = "2017"
    code = "duplicate"
    name = "Laws of Duplicate Bridge 2017, Dutch text (Hoofdstuk V, Artikel 17-23)"
    all_pass_outcome = "passed-out"
    basis = {
        "first-call": own("2017:17.B"),
        "rotation": own("2017:17.C"),
        "bid-range": own("2017:18.A"),
        "denominations": own("2017:18.E"),
        "sufficiency": own("2017:18.B", "2017:18.C"),
        "double": own("2017:19.A.1"),
        "redouble": own("2017:19.B.1"),
        "after-redouble": own("2017:19.A.1", "2017:19.B.1"),
        "double-cancelled": own("2017:19.C"),
        "end-of-auction": own("2017:22.A"),
        "all-pass": own("2017:22.B"),
        "contract": own("2017:22.A"),
        "declarer": inherit(
            "1936", "1936:19",
            why="the 2017 corpus does not define the declarer; 1936:19 is the latest text that does"),
    }


EDITION_CLASSES: tuple[type[Edition], ...] = (
    Edition1932, Edition1936, Edition1949, Edition2007, Edition2017)
_BY_YEAR = {cls.year: cls() for cls in EDITION_CLASSES}
#: The five editions, in chronological order.
EDITIONS: tuple[Edition, ...] = tuple(_BY_YEAR.values())


def find_edition(name: str | int | Edition) -> Edition:
    """The edition for ``"1936"`` (also ``1936``, ``"36"``, ``"laws1936"``); a clear error otherwise."""
    if isinstance(name, Edition):
        return name
    text = str(name).strip().lower().removeprefix("laws").removeprefix("edition").strip(" :-_")
    if len(text) == 2 and text.isdigit():
        text = ("19" if text >= "30" else "20") + text
    edition = _BY_YEAR.get(text)
    if edition is None:
        raise BridgeLawsError(
            f"unknown edition {str(name)!r}: choose one of {', '.join(_BY_YEAR)}")
    return edition


def find_editions(names: str | list | tuple | None) -> tuple[Edition, ...]:
    """Several editions from ``"1936,1949"``, a list, or None / ``"all"`` for all five."""
    if names is None or (isinstance(names, str) and names.strip().lower() in ("", "all")):
        return EDITIONS
    if isinstance(names, str):
        names = [part for part in names.replace(",", " ").split() if part]
    chosen = {find_edition(n).year for n in names}
    if not chosen:
        raise BridgeLawsError("no edition chosen: choose at least one of 1932, 1936, 1949, 2007, 2017")
    return tuple(e for e in EDITIONS if e.year in chosen)
