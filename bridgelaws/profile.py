"""What a ruling does, as the ledger compares it: a *profile* of six dimensions (issue 24 §1).

A ruling (:class:`bridgelaws.rulings.Ruling`, whatever its layer) is read into one value per
dimension, and two rulings are compared dimension by dimension (:func:`compare`). Each dimension
has a *direction* from the first ruling to the second:

- ``same``: the value is the same;
- ``stricter`` / ``milder``: the value moved in an order the dimension defines (below);
- ``differs``: the value changed in a way the dimension does not order (the call is cancelled in one
  text and stands in the other: neither is "stricter" for every hand).

The dimensions and their orders (what the engine applies, read from the rulings' data):

``barred``
    Who is barred and for how long (the ruling's bars and the bars of its options). Ordered by
    :attr:`bridgelaws.ruling_effect.RulingEffect.turns_barred` (a next-turn bar counts one turn per
    player, a bar for the rest of the auction :data:`bridgelaws.ruling_effect.REST_OF_AUCTION_TURNS`;
    the offender's mildest option, the opponents' harshest): more turns is stricter. The same count with other players or
    scopes ``differs``.
``offender``
    The offender's options: the choices his side is given (``options`` whose ``by`` is the
    offender, his partner or his side) and what his replacement must be (``requires``). More
    choices is milder, a choice taken away stricter; a requirement added is stricter. Neither set
    inside the other: ``differs``.
``opponents``
    The opponents' options and rights: the options of the offender's opponents (keep the call,
    cancel it, cancel the partner's double: ``by`` ``lho`` or ``first-bidder``) and their right to
    accept the call by calling over it (``acceptance``). More rights is stricter, fewer milder.
``call``
    The fate of the call: whether it stands, what it is deemed, who calls next, what the ruling
    leads to (a new deal, a board passed out). Not ordered: a change is ``differs``.
``play``
    Consequences for the play: the kinds the ruling's ``play`` names (a lead restriction, a penalty
    card; anything else by its words). More kinds is stricter, fewer milder; the same kinds in other
    words (another article cited) are the same.
``score``
    An adjusted score or the director's discretion (the ruling's ``score``, in words, recorded only
    where a ruling's text was read for it: 2007:17.D.2, 2017:21.B.3, 2017:23.C). Compared only where
    both sides record one (more is stricter); recorded on one side only, the direction is
    ``unknown`` (the other side's data says nothing of it, which is not "no adjusted score") and it
    does not move the word.

The word for two rulings (:func:`word`): no dimension moves: the same effect; every dimension that
moves is stricter: ``stricter``; every one milder: ``milder``; else ``mixed`` (each dimension named
with its direction).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .present import bars_short
from .ruling_effect import BarEffect

if TYPE_CHECKING:
    from .rulings import Ruling

__all__ = ["DIMENSIONS", "DIRECTIONS", "Dimension", "Profile", "profile", "compare", "word", "words"]

#: The dimensions, in the order they are shown, with their labels.
DIMENSIONS: dict[str, str] = {
    "barred": "who is barred, and for how long",
    "offender": "the offender's options",
    "opponents": "the opponents' options and rights",
    "call": "the fate of the call",
    "play": "consequences for the play",
    "score": "adjusted score or director's discretion",
}

#: The directions a dimension can take from one ruling to the next (``unknown``: the data records
#: the dimension on one side only, so nothing is compared: it never moves the word).
DIRECTIONS = ("same", "stricter", "milder", "differs", "unknown")

_RIGHTS = {"keep": "keep the call (accept it as it stands)", "cancel": "cancel the call",
           "cancel-partners-double": "cancel the partner's double"}


@dataclass(frozen=True)
class Profile:
    """One ruling's value per dimension: ``values`` in words, ``keys`` what is compared."""

    turns: int
    values: dict[str, str]
    keys: dict[str, Any]


@dataclass(frozen=True)
class Dimension:
    """One dimension of two rulings compared."""

    name: str
    before: str
    after: str
    direction: str

    @property
    def label(self) -> str:
        return DIMENSIONS[self.name]

    def words(self) -> str:
        if self.direction == "same":
            return f"{self.label}: the same ({self.before})"
        if self.direction == "unknown":
            return f"{self.label}: not compared, recorded on one side only ({self.before} -> {self.after})"
        return f"{self.label}: {self.direction} ({self.before} -> {self.after})"

    def as_dict(self) -> dict[str, str]:
        return {"dimension": self.name, "label": self.label, "from": self.before, "to": self.after,
                "direction": self.direction}


def _play_kinds(lines: list[str]) -> frozenset[str]:
    kinds = set()
    for line in lines:
        found = False
        if re.search(r"\blead\b", line):
            kinds.add("a lead restriction")
            found = True
        if "penalty card" in line:
            kinds.add("a penalty card")
            found = True
        if not found:  # another consequence: by its words, without the articles cited in brackets
            kinds.add(re.sub(r"\s*\([^)]*\)", "", line).strip())
    return frozenset(kinds)


def profile(ruling: "Ruling") -> Profile:
    """The ruling's value in each dimension (what the engine applies), read from its effect
    (:class:`bridgelaws.ruling_effect.RulingEffect`)."""
    effect = ruling.effect
    turns = effect.turns_barred or 0
    option_bars = [f"{o.by} {o.choice}: {_bars_short(o.bars)}" for o in effect.options if o.bars]
    bars = (_bars_short(effect.bars) if effect.bars else "no one") + (
        f"; by option: {'; '.join(option_bars)}" if option_bars else "")
    mine = frozenset(f"{o.by}: {o.choice}" for o in effect.offender_options)
    requires = effect.requires
    theirs = {f"{o.by}: {_RIGHTS.get(o.choice, o.choice)}" for o in effect.opponent_options}
    rights = set(theirs)  # compared without the article that gives the right
    if effect.acceptance:
        theirs.add(f"accept it by calling over it ({effect.acceptance})")
        rights.add("accept it by calling over it")
    stands = {True: "stands", False: "cancelled", None: "not said whether it stands"}[effect.call_stands]
    deemed = {"P": "deemed a pass", "same": "deemed the double/redouble of the bid made"}.get(str(effect.deemed))
    fate = ", ".join(filter(None, [stands, deemed, f"next: {effect.next}" if effect.next else None,
                                   f"leads to: {effect.outcome}" if effect.outcome else None]))
    kinds = _play_kinds(list(effect.play))
    score = frozenset(effect.score)
    offender_words = ", ".join(sorted(mine)) or "none"
    if requires:
        offender_words += f"; the replacement must be: {requires}"
    values = {
        "barred": f"{bars} (turns barred: {turns})",
        "offender": offender_words,
        "opponents": (", ".join(sorted(theirs)) or "none") + (
            "" if effect.acceptance else "; a call over it: acceptance not said"),
        "call": fate,
        "play": ", ".join(sorted(kinds)) or "none",
        "score": "; ".join(sorted(score)) or "not recorded",
    }
    keys = {"barred": (turns, bars), "offender": (mine, requires), "opponents": frozenset(rights),
            "call": fate, "play": kinds, "score": score}
    return Profile(turns, values, keys)


def _bars_short(bars: tuple[BarEffect, ...]) -> str:
    """``"E (next-turn), W (rest-of-auction)"`` (as :func:`bridgelaws.present.bars_short`)."""
    return bars_short([{"seat": b.who, "scope": b.scope} for b in bars])


def _by_inclusion(a: frozenset[Any], b: frozenset[Any], more: str) -> str:
    """``more`` when b holds all of a and more, its opposite when fewer, ``differs`` otherwise."""
    less = "milder" if more == "stricter" else "stricter"
    if a == b:
        return "same"
    if a < b:
        return more
    if b < a:
        return less
    return "differs"


def _direction(name: str, a: Profile, b: Profile) -> str:
    ka, kb = a.keys[name], b.keys[name]
    if ka == kb:
        return "same"
    if name == "barred":
        if ka[0] == kb[0]:
            return "differs"
        return "stricter" if kb[0] > ka[0] else "milder"
    if name == "offender":
        choices = _by_inclusion(ka[0], kb[0], "milder")
        required = "same" if ka[1] == kb[1] else ("stricter" if kb[1] and not ka[1] else
                                                 "milder" if ka[1] and not kb[1] else "differs")
        moved = {choices, required} - {"same"}
        return moved.pop() if len(moved) == 1 else ("same" if not moved else "differs")
    if name == "score":
        # Recorded on one side only: the other's data is silent on it, never "none". On both sides the
        # words are the project's (a paraphrase, a summary of a quote): an adjusted score is an
        # adjusted score, whatever the wording, so the dimension does not move (fourth reading, 1).
        return "same" if ka and kb else "unknown"
    if name in ("opponents", "play"):
        return _by_inclusion(ka, kb, "stricter")
    return "differs"


def compare(a: "Ruling", b: "Ruling") -> tuple[Dimension, ...]:
    """Every dimension of two rulings, from ``a`` to ``b``."""
    pa, pb = profile(a), profile(b)
    return tuple(Dimension(name, pa.values[name], pb.values[name], _direction(name, pa, pb)) for name in DIMENSIONS)


def word(dimensions: tuple[Dimension, ...]) -> str | None:
    """``stricter``, ``milder`` or ``mixed`` from the dimensions that move; None when none moves."""
    moved = {d.direction for d in dimensions if d.direction not in ("same", "unknown")}
    if not moved:
        return None
    if moved == {"stricter"}:
        return "stricter"
    if moved == {"milder"}:
        return "milder"
    return "mixed"


def words(dimensions: tuple[Dimension, ...]) -> str:
    """The dimensions that move, in words (``; ``-separated)."""
    return "; ".join(d.words() for d in dimensions if d.direction != "same")
