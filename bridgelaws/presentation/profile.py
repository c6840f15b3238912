"""What a ruling does, as the ledger compares it: a *profile* of six dimensions.

A ruling (:class:`bridgelaws.judging.rulings.Ruling`, whatever its layer) is read into one value per
dimension, and two rulings are compared dimension by dimension (:func:`compare`). Each dimension
has a *direction* from the first ruling to the second:

- ``same``: the value is the same;
- ``stricter`` / ``milder``: the value moved in an order the dimension defines (below);
- ``differs``: the value changed in a way the dimension does not order (the call is cancelled in one
  text and stands in the other: neither is "stricter" for every hand).

The dimensions and their orders (what the engine applies, read from the rulings' data):

``barred``
    Who is barred and for how long (the ruling's bars and the bars of its options). Ordered by
    :attr:`bridgelaws.judging.ruling_effect.RulingEffect.turns_barred` (a next-turn bar counts one turn per
    player, a bar for the rest of the auction :data:`bridgelaws.judging.ruling_effect.REST_OF_AUCTION_TURNS`;
    the offender's mildest option, the opponents' harshest): more turns is stricter. The same count with other players or
    scopes ``differs``. The bars that depend on what happens next are part of it, not counted in the
    turns (``next_call_bars``, 2007/2017 31A2 and 31B2: the offender's own next call bars his partner;
    ``partner_no_double``, 2007:30B2(b)): a harsher scope after either denomination of that call is
    stricter, a milder one milder (:func:`_barred_direction`), both at once ``differs``. Of
    the other duties a ruling's data holds, ``repeat_if_rho_passes`` (31A1: the offender repeats his
    call if the right-hand opponent passes) is the offender's, ``lho_repeats`` (2007:17.D.2) the
    opponents' (a duty, not a right: a change there ``differs``), ``no_rectification`` (the quoted
    article gives none) the fate of the call's.
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

**The engine's default is not law** (second reading, findings 1 and 3). A ruling's value on a
dimension comes from its fields (``barred``, ``options``, ``call_stands``...), which the data's
writer took from a quote or a paraphrase. Where a ruling gives nothing on a dimension (no bar, no
option, no right, nothing said of the call, no play) *and* carries an assumption of the engine (its
``assumption``: the data says the engine fills in what the text leaves open) *that supplies that
dimension* (its ``assumes`` names it), that empty value is the engine's default, not the text's
"nothing": the dimension is ``unknown`` (:attr:`Dimension.why` says which side and why), never
``same`` and never ordered. A ruling whose data does not say what its assumption supplies (no
``assumes``) has every empty dimension taken as the engine's. An empty value of a ruling without an
assumption, or on a dimension its assumption does not supply (``assumes: []`` where the assumption
only says which branch applies: 1949:26.b "dan bestaat er geen straf", its assumption that the card
was not played too early), is the text's own (2017:23.B "zonder verdere rechtzetting": no bar).
A dimension ``assumes`` names is ``unknown`` *whether or not* the ruling's fields fill it (fifth
reading): the value there is the engine's reading (1936:22.1 does not say what becomes of the new
call; the data's ``call_stands: true`` is the assumption's), so ``assumes`` lists only what the
assumption supplies, and a dimension the text itself gives is left out of it. One part of a
dimension is still compared (:func:`_offender_direction`): the offender's replacement
(``requires``) where the texts' requirements differ, the choices being the engine's.

**A later call that condones** (finding 4). 1936:22.2 "Indien na een onjuiste bieding opvolgend een
bieding wordt gedaan, vóórdat de niet-overtredende partij de aandacht op de onregelmatigheid vestigt,
gaat het bieden voort, alsof de onjuiste bieding een juiste bieding ware geweest": no one is given a
choice (no "mag"); it states what becomes of the call once another call is made. So an
``acceptance`` whose article states such a fact (:data:`CONDONING`) is part of the fate of the call,
not an opponents' right; one that gives the next player a choice (2007/2017 29A, 27A1, 32: "may
choose", "may accept") stays an opponents' right. Said on one side only, the fate of the call is
``unknown`` on that point.

The word for two rulings (:func:`word`): no dimension moves: the same effect; every dimension that
moves is stricter: ``stricter``; every one milder: ``milder``; else ``mixed`` (each dimension named
with its direction). :func:`known` says whether a dimension was compared on both sides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .present import bars_short
from ..judging.ruling_effect import BarEffect, RulingEffect

if TYPE_CHECKING:
    from ..judging.rulings import Ruling

__all__ = ["DIMENSIONS", "DIRECTIONS", "CONDONING", "Dimension", "Profile", "profile", "compare", "word", "words",
           "known"]

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

#: The acceptances (a ruling's ``acceptance`` article) that state a fact, not a choice: once another
#: call is made before the irregularity is pointed out, the auction goes on as if the call had been
#: proper. 1936:22.2 (corpus: "gaat het bieden voort, alsof de onjuiste bieding een juiste bieding
#: ware geweest"; no "mag"); 1949:1959-27 (the supplement's paraphrase of the 1959 code, Art. 27:
#: the auction goes on as though the call had been correct). Every other acceptance of the data
#: (2007/2017 27A1, 29A, 32) gives the left-hand opponent a choice ("may choose", "may accept").
CONDONING = frozenset({"1936:22.2", "1949:1959-27"})

_RIGHTS = {"keep": "keep the call (accept it as it stands)", "cancel": "cancel the call",
           "cancel-partners-double": "cancel the partner's double"}


@dataclass(frozen=True)
class Profile:
    """One ruling's value per dimension: ``values`` in words, ``keys`` what is compared; ``empty``
    the dimensions on which the ruling gives nothing, ``assumption`` the engine's assumption the
    ruling carries (its ``assumption``), if any, and ``assumes`` the dimensions that assumption
    supplies (None: the data does not say)."""

    turns: int
    values: dict[str, str]
    keys: dict[str, Any]
    empty: frozenset[str] = frozenset()
    assumption: str | None = None
    assumes: frozenset[str] | None = None

    def defaulted(self, name: str) -> bool:
        """True when the value on ``name`` is only the engine's reading: the ruling carries an
        assumption of the engine that supplies ``name`` (its ``assumes`` names it), whether or not
        the ruling's fields fill it; or its data does not say what the assumption supplies and the
        ruling gives nothing there (the module's docstring)."""
        if not self.assumption:
            return False
        return name in self.empty if self.assumes is None else name in self.assumes


@dataclass(frozen=True)
class Dimension:
    """One dimension of two rulings compared."""

    name: str
    before: str
    after: str
    direction: str
    #: For ``unknown``: why the dimension was not compared (recorded on one side only; one side's
    #: value is the engine's default).
    why: str = ""

    @property
    def label(self) -> str:
        return DIMENSIONS[self.name]

    def words(self) -> str:
        if self.direction == "same":
            return f"{self.label}: the same ({self.before})"
        if self.direction == "unknown":
            return f"{self.label}: not compared, {self.why or 'recorded on one side only'} ({self.before} -> {self.after})"
        if self.why:  # compared on one part only (:func:`_required_only`)
            return f"{self.label}: {self.direction} {self.why} ({self.before} -> {self.after})"
        return f"{self.label}: {self.direction} ({self.before} -> {self.after})"

    def as_dict(self) -> dict[str, str]:
        found = {"dimension": self.name, "label": self.label, "from": self.before, "to": self.after,
                 "direction": self.direction}
        if self.why:
            found["why"] = self.why
        return found


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


def _play_words(lines: list[str]) -> str:
    """The play's kinds in words: the kinds one line names are the choice it gives (1936:23.a "mag
    de leider verhinderen, dat wordt uitgekomen in de kleur ... of ... behandelen als strafkaarten":
    declarer's either/or), joined by "or"; the lines' kinds by ", " (fifth reading, finding 7)."""
    found: list[str] = []
    for line in lines:
        either = " or ".join(sorted(_play_kinds([line])))
        if either not in found:
            found.append(either)
    return ", ".join(sorted(found)) or "none"


def _condones(effect: RulingEffect) -> bool:
    """True when the ruling's acceptance states a fact (:data:`CONDONING`), not a right."""
    return bool(effect.acceptance) and str(effect.acceptance) in CONDONING


def _conditional_bars(effect: RulingEffect) -> list[str]:
    """The bars that depend on what happens next (2007/2017 31A2, 31B2: the offender's own next call,
    the first ``next_call_bars`` entry that fits; 2007:30B2(b): the partner's next turn without a
    double), in words with their articles."""
    found = [f"after the offender's own next call ({bar.denomination} denomination): partner {bar.scope} ({bar.article})"
             for bar in effect.next_call_bars]
    if effect.partner_no_double:
        found.append(f"partner: no double or redouble at his next turn ({effect.partner_no_double})")
    return found


#: The scopes of a conditional bar on the partner, the mildest first.
_SCOPE_ORDER = {None: 0, "next-turn": 1, "rest-of-auction": 2}


def _next_call_scopes(effect: RulingEffect) -> tuple[int, int]:
    """What the offender's own next call brings his partner (31A2, 31B2), by the denomination of that
    call (the same as the cancelled call's, another): the first ``next_call_bars`` entry that fits,
    as :data:`_SCOPE_ORDER` ranks it (as :func:`bridgelaws.judging.obligations` picks it)."""
    def scope(denomination: str) -> int:
        bar = next((b for b in effect.next_call_bars if b.denomination in (denomination, "any")), None)
        return _SCOPE_ORDER.get(None if bar is None else bar.scope, 0)
    return scope("same"), scope("other")


def _bars(effect: RulingEffect, turns: int) -> tuple[str, tuple[int, str, tuple[int, int], bool]]:
    option_bars = [f"{o.by} {o.choice}: {_bars_short(o.bars)}" for o in effect.options if o.bars]
    conditional = _conditional_bars(effect)
    bars = (_bars_short(effect.bars) if effect.bars else "no one") + (
        f"; by option: {'; '.join(option_bars)}" if option_bars else "")
    words = bars + (f"; conditional: {'; '.join(conditional)}" if conditional else "")
    return f"{words} (turns barred: {turns})", (turns, bars, _next_call_scopes(effect), bool(effect.partner_no_double))


def _barred_direction(ka: Any, kb: Any) -> str:
    """Ordered by the turns barred after each outcome of the offender's own next call (a bid in the
    cancelled call's denomination, any other call): the ruling's turns plus the conditional bar's
    (31A2, 31B2); stricter where no outcome bars fewer turns and one bars more, milder the other way.
    The same turns with other players or scopes, or outcomes moving apart: ``differs``. A partner's
    next turn without a double (2007:30B2(b)) added is stricter, taken away milder, when nothing else
    moves."""
    from ..judging.ruling_effect import REST_OF_AUCTION_TURNS

    if ka == kb:
        return "same"
    turns = {0: 0, 1: 1, 2: REST_OF_AUCTION_TURNS}
    before = [ka[0] + turns[scope] for scope in ka[2]]
    after = [kb[0] + turns[scope] for scope in kb[2]]
    more = any(y > x for x, y in zip(before, after))
    fewer = any(y < x for x, y in zip(before, after))
    if more != fewer:
        return "stricter" if more else "milder"
    if more or ka[:3] != kb[:3]:
        return "differs"
    return "stricter" if kb[3] else "milder"


def _offender(effect: RulingEffect) -> tuple[str, Any]:
    mine = frozenset(f"{o.by}: {o.choice}" for o in effect.offender_options)
    words = ", ".join(sorted(mine)) or "none"
    if effect.requires:
        words += f"; the replacement must be: {effect.requires}"
    requires = effect.requires
    if effect.repeat_if_rho_passes:  # 31A1: a duty that depends on the right-hand opponent's call
        words += f"; if the right-hand opponent passes, he must repeat his call ({effect.repeat_if_rho_passes})"
        requires = f"{requires or ''}+repeat-if-rho-passes"
    return words, (mine, requires)


def _over(effect: RulingEffect) -> str | None:
    """What a call made over the irregular call does: ``fact`` (it condones: :data:`CONDONING`),
    ``right`` (the next player may choose to accept it so), None (not said)."""
    if not effect.acceptance:
        return None
    return "fact" if _condones(effect) else "right"


def _opponents(effect: RulingEffect) -> tuple[str, tuple[frozenset[str], str | None]]:
    theirs = {f"{o.by}: {_RIGHTS.get(o.choice, o.choice)}" for o in effect.opponent_options}
    rights = set(theirs)  # compared without the article that gives the right
    if _over(effect) == "right":
        theirs.add(f"accept it by calling over it ({effect.acceptance})")
    if effect.lho_repeats:  # 2007:17.D.2: a duty of the left-hand opponent, not a right
        theirs.add(f"lho: must repeat his call if the offender makes his again ({effect.lho_repeats})")
        rights.add("lho: must repeat his call")
    said = "" if effect.acceptance else "; a call over it: acceptance not said"
    return (", ".join(sorted(theirs)) or "none") + said, (frozenset(rights), _over(effect))


def _fate(effect: RulingEffect) -> tuple[str, tuple[str, str | None]]:
    stands = {True: "stands", False: "cancelled", None: "not said whether it stands"}[effect.call_stands]
    deemed = {"P": "deemed a pass", "same": "deemed the double/redouble of the bid made"}.get(str(effect.deemed))
    fate = ", ".join(filter(None, [stands, deemed, f"next: {effect.next}" if effect.next else None,
                                   f"leads to: {effect.outcome}" if effect.outcome else None]))
    words = fate + (f"; once another call is made before the irregularity is pointed out, the auction goes "
                    f"on as if it were proper ({effect.acceptance})" if _condones(effect) else "")
    return words, (fate, _over(effect))


def _empty(effect: RulingEffect) -> frozenset[str]:
    """The dimensions on which the ruling gives nothing (no field of its data says anything there)."""
    empty = set()
    if not effect.bars and not any(o.bars for o in effect.options) and not _conditional_bars(effect):
        empty.add("barred")
    if not effect.requires and not effect.offender_options and not effect.repeat_if_rho_passes:
        empty.add("offender")
    if _over(effect) != "right" and not effect.opponent_options and not effect.lho_repeats:
        empty.add("opponents")
    if effect.call_stands is None and effect.deemed is None and not effect.next and not effect.outcome:
        empty.add("call")
    if not effect.play:
        empty.add("play")
    if not effect.score:
        empty.add("score")
    return frozenset(empty)


def profile(ruling: "Ruling") -> Profile:
    """The ruling's value in each dimension (what the engine applies), read from its effect
    (:class:`bridgelaws.judging.ruling_effect.RulingEffect`)."""
    effect = ruling.effect
    turns = effect.turns_barred or 0
    kinds = _play_kinds(list(effect.play))
    score = frozenset(effect.score)
    fate_words, fate_key = _fate(effect)
    if getattr(ruling, "no_rectification", False):  # the quoted article treats the moment, gives none
        fate_words, fate_key = f"{fate_words}; the article gives no rectification", (f"{fate_key[0]}, no rectification", fate_key[1])
    parts = {"barred": _bars(effect, turns), "offender": _offender(effect), "opponents": _opponents(effect),
             "call": (fate_words, fate_key), "play": (_play_words(list(effect.play)), kinds),
             "score": ("; ".join(sorted(score)) or "not recorded", score)}
    return Profile(turns, {name: words for name, (words, _) in parts.items()},
                   {name: key for name, (_, key) in parts.items()}, _empty(effect), ruling.assumption or None,
                   None if ruling.assumes is None else frozenset(ruling.assumes))


def _bars_short(bars: tuple[BarEffect, ...]) -> str:
    """``"E (next-turn), W (rest-of-auction)"`` (as :func:`bridgelaws.presentation.present.bars_short`)."""
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


#: How much a requirement on the offender's replacement (``requires``) leaves him, the strictest last:
#: none (any legal call), ``no-double`` (a sufficient bid or a pass: 1959 Art. 30, 2007/2017 27B),
#: ``sufficient-bid`` (only a sufficient bid: 1936:22.3 "moet het voldoende gemaakt worden").
_REQUIRES_ORDER = {None: 0, "no-double": 1, "sufficient-bid": 2}


def _required_direction(ra: str | None, rb: str | None) -> str:
    """A requirement added or narrowed is stricter, dropped or widened milder (:data:`_REQUIRES_ORDER`)."""
    if ra == rb:
        return "same"
    if ra not in _REQUIRES_ORDER or rb not in _REQUIRES_ORDER:
        return "differs"
    return "stricter" if _REQUIRES_ORDER[rb] > _REQUIRES_ORDER[ra] else "milder"


def _offender_direction(ka: Any, kb: Any) -> str:
    choices = _by_inclusion(ka[0], kb[0], "milder")
    required = _required_direction(ka[1], kb[1])
    moved = {choices, required} - {"same"}
    return moved.pop() if len(moved) == 1 else ("same" if not moved else "differs")


def _required_only(a: Profile, b: Profile) -> str | None:
    """Where a side's offender dimension is the engine's reading but both texts state what the
    replacement must be and the requirements differ (1936:22.3 a sufficient bid; the 1959 Art. 30's
    first sentence, 1949's supplement, a sufficient bid or a pass): the direction of the requirement
    alone; None otherwise (finding 5 of the fifth reading: the choices stay uncompared)."""
    ra, rb = a.keys["offender"][1], b.keys["offender"][1]
    if not (ra and rb) or ra == rb:
        return None
    return _required_direction(ra, rb)


_ACCEPT = "accept it by calling over it"


def _opponents_direction(ka: Any, kb: Any) -> str:
    """More rights stricter. The right to accept the call by calling over it counts only where the
    other side's text does not make a call over it a fact (1936:22.2): there a call over it ends the
    irregularity on both sides, a choice in one text, a fact in the other, and nothing is ordered."""
    (ra, oa), (rb, ob) = ka, kb
    if "fact" not in (oa, ob):
        ra, rb = ra | ({_ACCEPT} if oa == "right" else set()), rb | ({_ACCEPT} if ob == "right" else set())
    return _by_inclusion(frozenset(ra), frozenset(rb), "stricter")


def _call_direction(ka: Any, kb: Any) -> str:
    """The fate of the call: not ordered. What a call made over it does counts here where a text makes
    it a fact (1936:22.2): said on one side only, the dimension is ``unknown``."""
    (fa, oa), (fb, ob) = ka, kb
    if fa != fb:
        return "differs"
    if "fact" not in (oa, ob) or (oa and ob):
        return "same"  # a right is the opponents' dimension; fact and right: a call over it ends it in both
    return "unknown"


def _direction(name: str, a: Profile, b: Profile) -> str:
    ka, kb = a.keys[name], b.keys[name]
    if name == "opponents":
        return _opponents_direction(ka, kb)
    if name == "call":
        return _call_direction(ka, kb)
    if ka == kb:
        return "same"
    if name == "barred":
        return _barred_direction(ka, kb)
    if name == "offender":
        return _offender_direction(ka, kb)
    if name == "score":
        # Recorded on one side only: the other's data is silent on it, never "none". On both sides the
        # words are the project's (a paraphrase, a summary of a quote): an adjusted score is an
        # adjusted score, whatever the wording, so the dimension does not move (fourth reading, 1).
        return "same" if ka and kb else "unknown"
    if name == "play":
        return _by_inclusion(ka, kb, "stricter")
    return "differs"


def _why(name: str, direction: str, a: Profile, b: Profile, editions: tuple[str, str]) -> str:
    """Why ``name`` is not compared, or "" when it is."""
    defaulted = [(year, p) for year, p in zip(editions, (a, b)) if p.defaulted(name)]
    if defaulted:
        years = [year for year, _ in defaulted]
        sides = f"{years[0]}'s value is" if len(years) == 1 else f"the values of {' and '.join(years)} are"
        said = all(p.assumes is not None for _, p in defaulted)
        supplies = ("an assumption of the engine that supplies it" if said else
                    "an assumption of the engine, whose reach the data does not say")
        if all(name in p.empty for _, p in defaulted):
            return (f"{sides} only the engine's default (the ruling gives nothing here and rests on {supplies}, "
                    f"not the text)")
        return f"{sides} only the engine's reading (the ruling's value here rests on {supplies}, not the text)"
    if direction != "unknown":
        return ""
    if name == "call":
        return "what a later call does is said on one side only"
    return "recorded on one side only"


def compare(a: "Ruling", b: "Ruling") -> tuple[Dimension, ...]:
    """Every dimension of two rulings, from ``a`` to ``b``; a dimension whose value on either side is
    only the engine's default is ``unknown``."""
    pa, pb = profile(a), profile(b)
    found = []
    for name in DIMENSIONS:
        direction = _direction(name, pa, pb)
        why = _why(name, direction, pa, pb, (a.edition, b.edition))
        required = _required_only(pa, pb) if why and name == "offender" else None
        if required is not None:
            found.append(Dimension(name, pa.values[name], pb.values[name], required,
                                   f"on what the replacement must be alone (for the rest, {why})"))
            continue
        found.append(Dimension(name, pa.values[name], pb.values[name], "unknown" if why else direction, why))
    return tuple(found)


def known(dimension: Dimension) -> bool:
    """True when the dimension was compared on both sides: not ``unknown``, and (the score) recorded
    on both."""
    if dimension.direction == "unknown":
        return False
    return not (dimension.name == "score" and dimension.before == "not recorded")


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
