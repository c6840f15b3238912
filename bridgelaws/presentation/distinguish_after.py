"""What differs after the first parting of two editions: for the shortest
scenario of each kind of parting, what the next token does under each (an acceptance, a
correction, a right exercised, who calls next, the next call read as another case)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .distinguish_results import (_ASPECT_ORDER, Difference, Side, _closed, _Continuing, _describe, _last_case,
                                  _side, _value, signature)
from .distinguish_space import _extensions, _offered

if TYPE_CHECKING:
    from ..auction.calls import Seat
    from .distinguish_space import Space
    from ..auction.editions import Edition
    from ..judging.judging import Judgement
    from ..judging.records import EventRecord
    from ..text.vocabulary import Layer


def _after_partings(partings: list[Difference], a: Edition, b: Edition, dealer: Seat, layer: Layer,
                    space: Space) -> list[Difference]:
    """For the shortest scenario of each kind of parting, every token the space lets follow it
    (the calls in turn; the options its ruling offers; the special tokens while it holds none; after
    a close, what can happen then), judged under both editions: what the next token does
    differently, one :class:`Difference` per kind (``stage`` "after"), shortest first."""
    in_turn, special = space.tokens()
    kinds: dict[str, Difference] = {}
    for parting in partings:
        if "error" in parting.aspects:
            continue  # one edition cannot play the parting: nothing follows it there
        scenario = parting.scenario
        plays = (_Continuing(a, dealer, layer), _Continuing(b, dealer, layer))
        before = _parting_judged(scenario, plays)
        if before is None:
            continue
        before_a, before_b = before
        closed = _closed(before_a) or _closed(before_b)
        used = sum(token not in in_turn for token in scenario)
        position = max(n for n, token in enumerate(scenario, start=1) if "#" not in token)
        offered = tuple(dict.fromkeys(_offered(before_a, position) + _offered(before_b, position)))
        options = space.option_tokens(offered) if offered else ()
        for token, _ in _extensions(False, used, in_turn, special, options, space, closed):
            if token.startswith("^"):
                continue  # a mark and its call are two tokens
            tokens = scenario + (token,)
            after_a, after_b = plays[0].judged(tokens, keep=False), plays[1].judged(tokens, keep=False)
            difference = _after_difference(parting, tokens, dealer, a, b, (before_a, before_b), (after_a, after_b),
                                           token in in_turn)
            if difference is not None:
                kinds.setdefault(difference.kind, difference)
    order = list(kinds)
    return sorted(kinds.values(), key=lambda d: (len(d.scenario), order.index(d.kind)))


def _parting_judged(scenario: tuple[str, ...], plays: tuple[_Continuing, _Continuing]
                    ) -> tuple[Judgement, Judgement] | None:
    """The parting's scenario judged under each edition, its prefixes played first (every token
    after it continues them); None where either edition cannot play it, or where it is already the
    one token after a close (nothing is tried after it)."""
    earlier: list[Judgement | str] = []
    for play in plays:
        judged = {end: play.judged(scenario[:end]) for end in range(1, len(scenario))
                  if not scenario[end - 1].startswith("^")}  # (a mark waits for its call)
        earlier.append(judged.get(len(scenario) - 1, ""))
    before_a, before_b = plays[0].judged(scenario), plays[1].judged(scenario)
    if isinstance(before_a, str) or isinstance(before_b, str):
        return None
    if (_closed(before_a) or _closed(before_b)) and any(not isinstance(r, str) and _closed(r) for r in earlier):
        return None
    return before_a, before_b


#: What the token after a parting is, in the kinds' words. ``ends the auction``: a call in turn, the
#: same call under both, closes the auction under one edition only (``1C P X P``: 1936 deems the
#: double a pass, so the third pass closes at 1C; 1949 lets it stand, so the auction goes on).
CATEGORIES = ("acceptance", "correction", "right exercised", "who calls next", "ends the auction", "the next call")
_CONSEQUENCES = frozenset(CATEGORIES[:5])


def _category(token: str, before: Judgement, after: Judgement | str) -> str:
    """What the token after a parting does under one edition: accepts the irregular call, corrects
    (replaces) it, exercises a right (an option), is made by another player than under the other
    edition (decided by the caller), or is simply the next call."""
    if "#" in token:
        return "right exercised"
    if isinstance(after, str):
        return "the next call"
    position = len(before.events)
    def accepted(event: "EventRecord") -> bool:
        return event.ruling is not None and bool(event.ruling.accepted)

    if any(accepted(event) and (index >= len(before.events) or not accepted(before.events[index]))
           for index, event in enumerate(after.events)):
        return "acceptance"
    if any(event.correction_of is not None for event in after.events[position:]):
        return "correction"
    return "the next call"


@dataclass(frozen=True)
class _Signatures:
    """The signatures of the parting's scenario (``r``: before the token) and of the scenario with
    the token (``s``), under each edition, and the events the token added."""

    events_ra: list[dict[str, Any]]
    end_ra: dict[str, Any]
    events_rb: list[dict[str, Any]]
    end_rb: dict[str, Any]
    events_sa: list[dict[str, Any]]
    end_sa: dict[str, Any]
    events_sb: list[dict[str, Any]]
    end_sb: dict[str, Any]

    @classmethod
    def of(cls, before: tuple[Judgement, Judgement], after: tuple[Judgement, Judgement]) -> _Signatures:
        (events_ra, end_ra), (events_rb, end_rb), (events_sa, end_sa), (events_sb, end_sb) = [
            signature(result) for result in (before[0], before[1], after[0], after[1])]
        return cls(events_ra, end_ra, events_rb, end_rb, events_sa, end_sa, events_sb, end_sb)

    @property
    def new_a(self) -> list[dict[str, Any]]:
        return self.events_sa[len(self.events_ra):]

    @property
    def new_b(self) -> list[dict[str, Any]]:
        return self.events_sb[len(self.events_rb):]


def _after_refusal(parting: Difference, tokens: tuple[str, ...], dealer: Seat, a: Edition, b: Edition,
                   before: tuple[Judgement, Judgement], after: tuple[Judgement | str, Judgement | str],
                   in_turn: bool) -> Difference | None:
    """:func:`_after_difference` where one edition (or both) cannot play the token."""
    after_a, after_b = after
    if isinstance(after_a, str) and isinstance(after_b, str):
        return None
    side_a = _side(a, after_a, None if isinstance(after_a, str) else len(after_a.events) - 1)
    side_b = _side(b, after_b, None if isinstance(after_b, str) else len(after_b.events) - 1)
    stopped, playing, played_before = ((a, after_b, before[1]) if isinstance(after_a, str)
                                       else (b, after_a, before[0]))
    other = b if stopped is a else a
    category = _category(tokens[-1], played_before, playing)
    if category not in _CONSEQUENCES and (not in_turn or _closed(before[0 if stopped is a else 1])):
        return None  # (after a parting that ended one auction, nothing more is played there)
    return Difference(tokens, str(dealer), f"{category} after {_cases(parting)}: {stopped.year} cannot play it, "
                      f"{other.year} reads {_last_case(playing)}", _describe(("error",), side_a, side_b),
                      ("error",), side_a, side_b, stage="after", follows=parting.kind, category=category)


def _after_aspects(sigs: _Signatures) -> tuple[list[str], int | None]:
    """What the token does differently under the two editions (its own events; the earlier events
    it changes otherwise, beyond how they already differed; the end state it changes), and the
    earlier event it changes (None: none)."""
    new_a, new_b = sigs.new_a, sigs.new_b
    aspects: list[str] = []
    for ea, eb in zip(new_a, new_b):
        aspects += [k for k in _ASPECT_ORDER if k in ea and ea[k] != eb[k] and k not in aspects]
    if len(new_a) != len(new_b):
        aspects.append("events")
    # The earlier events the token changes (an acceptance, the choice a correction makes): what
    # it changes otherwise under each edition, beyond how they already differed.
    earlier: int | None = None
    for number, (sa, sb, ra, rb) in enumerate(zip(sigs.events_sa, sigs.events_sb, sigs.events_ra, sigs.events_rb)):
        moved = [k for k in _ASPECT_ORDER if k in sa and sa[k] != sb[k] and (sa[k] != ra[k] or sb[k] != rb[k])]
        if moved:
            earlier = number
            aspects += [f"earlier call: {k}" for k in moved]
            break
    for key in ("next to call", "bars in force", "final state"):
        if sigs.end_sa[key] != sigs.end_sb[key] and (sigs.end_sa[key] != sigs.end_ra[key]
                                                     or sigs.end_sb[key] != sigs.end_rb[key]):
            aspects.append(key)
    return aspects, earlier


def _after_category(token: str, before: tuple[Judgement, Judgement], after: tuple[Judgement, Judgement],
                    aspects: list[str], sigs: _Signatures, in_turn: bool) -> str | None:
    """What the token is under each edition (``a / b`` where they differ), or None where it is no
    consequence of the parting (a new irregularity each edition reads as the same case)."""
    new_a, new_b = sigs.new_a, sigs.new_b
    category_a, category_b = _category(token, before[0], after[0]), _category(token, before[1], after[1])
    if category_a == category_b == "the next call" and set(aspects) <= {"seat", "case", "next to call"} and (
            new_a and new_b and new_a[-1]["seat"] != new_b[-1]["seat"] or aspects == ["next to call"]):
        category_a = category_b = "who calls next"
    if (in_turn and {category_a, category_b} <= {"the next call", "who calls next"}
            and _closed(after[0]) != _closed(after[1]) and not (_closed(before[0]) or _closed(before[1]))):
        category_a = category_b = "ends the auction"  # under one edition only
    if not ({category_a, category_b} & _CONSEQUENCES or in_turn and "case" in aspects):
        return None
    return category_a if category_a == category_b else f"{category_a} / {category_b}"


def _after_sides(a: Edition, b: Edition, after: tuple[Judgement, Judgement], aspects: list[str],
                 earlier: int | None, sigs: _Signatures) -> tuple[Side, Side, int | None]:
    """Each edition's side of the difference, and the event they show (``earlier``: the earlier
    call the token changes; -1: the last event with a ruling; else the token's own)."""
    after_a, after_b = after
    if earlier is not None and not any(not aspect.startswith("earlier call") for aspect in aspects
                                       if aspect != "next to call"):
        shown_a = shown_b = earlier  # the token does the same itself: show the earlier call it changes
    else:
        shown_a, shown_b = len(after_a.events) - 1, len(after_b.events) - 1
    side_a, side_b = _side(a, after_a, shown_a), _side(b, after_b, shown_b)
    if side_a.case is None and side_b.case is None:
        # Proper calls both: what differs is what an earlier ruling does (its bars in force, the
        # turn): each side shows the last event with a ruling, and its articles.
        ruled_a, ruled_b = _last_ruled(after_a), _last_ruled(after_b)
        if ruled_a is not None and ruled_b is not None:
            side_a, side_b = _side(a, after_a, ruled_a), _side(b, after_b, ruled_b)
            shown_a = -1  # (not the token's own event: no caller named on the sides)
    if "seat" in aspects and shown_a != -1:
        side_a = _with_seat(side_a, sigs.new_a)
        side_b = _with_seat(side_b, sigs.new_b)
    return side_a, side_b, shown_a


def _after_words(aspect: str, sigs: _Signatures, earlier: int | None, shown: int | None, side_a: Side,
                 side_b: Side) -> str:
    """One aspect of what the token does differently, in words."""
    new_a, new_b = sigs.new_a, sigs.new_b
    if aspect.startswith("earlier call: "):
        key = aspect.removeprefix("earlier call: ")
        return (f"the earlier call's {key}: {_value(key, sigs.events_sa[earlier][key])} vs "  # type: ignore[index]
                f"{_value(key, sigs.events_sb[earlier][key])}")  # type: ignore[index]
    if aspect == "seat":
        return f"made by: {new_a[-1]['seat'] if new_a else 'no one'} vs {new_b[-1]['seat'] if new_b else 'no one'}"
    if aspect in ("bars in force", "final state"):
        return f"{aspect}: {_value(aspect, sigs.end_sa[aspect])} vs {_value(aspect, sigs.end_sb[aspect])}"
    if shown == earlier and aspect != "next to call":
        return aspect
    return _describe((aspect,), side_a, side_b)


def _after_difference(parting: Difference, tokens: tuple[str, ...], dealer: Seat, a: Edition, b: Edition,
                      before: tuple[Judgement, Judgement], after: tuple[Judgement | str, Judgement | str],
                      in_turn: bool) -> Difference | None:
    """How the token after ``parting``'s scenario differs under the two editions, or None when it
    does the same under both (its events, the earlier events it changes, who calls next after it).

    Only what follows from the parting counts: the token accepts the irregular call, corrects it,
    exercises a right, is made by another player, or (a call in turn) is read as another case (a
    bar in force under one edition only, a call proper under one only). A new irregularity that
    each edition reads as the same case and rules its own way is not a consequence: it is a
    parting of its own, reported where it comes first."""
    after_a, after_b = after
    if isinstance(after_a, str) or isinstance(after_b, str):
        return _after_refusal(parting, tokens, dealer, a, b, before, after, in_turn)
    played = (after_a, after_b)
    sigs = _Signatures.of(before, played)
    aspects, earlier = _after_aspects(sigs)
    if not aspects:
        return None
    category = _after_category(tokens[-1], before, played, aspects, sigs, in_turn)
    if category is None:
        return None
    side_a, side_b, shown = _after_sides(a, b, played, aspects, earlier, sigs)
    cases = side_a.case or "proper call"
    if side_a.case != side_b.case:
        cases = f"{cases} / {side_b.case or 'proper call'}"
    if category == "ends the auction":
        cases = f"closed under {(a if _closed(after_a) else b).year} only"
    words = [_after_words(aspect, sigs, earlier, shown, side_a, side_b) for aspect in aspects]
    return Difference(tokens, str(dealer), f"{category} after {_cases(parting)}: {cases}",
                      "; ".join(words), tuple(aspects), side_a, side_b, stage="after",
                      follows=parting.kind, category=category)


def _last_ruled(result: Judgement) -> int | None:
    return next((n for n in range(len(result.events) - 1, -1, -1) if result.events[n].ruling is not None), None)


def _with_seat(side: Side, new: list[dict[str, Any]]) -> Side:
    return replace(side, seat=new[-1]["seat"] if new else None)


def _cases(difference: Difference) -> str:
    """The case(s) of a difference's kind: the words before its first colon."""
    return difference.kind.split(":", 1)[0]
