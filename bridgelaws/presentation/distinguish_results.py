"""What :mod:`bridgelaws.presentation.distinguish` compares: a judgement reduced to its signature, one edition's
side of a scenario, a :class:`Difference` between two editions and its words."""

from __future__ import annotations

import re

from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..text.errors import BridgeLawsError, InternalError

if TYPE_CHECKING:  # the engine is imported when a search runs: the command line's start stays light
    from ..auction.calls import Seat
    from ..auction.editions import Edition
    from ..judging.judging import Judgement
    from ..judging.continuation import Played
    from ..judging.rulings import Ruling
    from ..text.vocabulary import Layer

def _bars(barred: Iterable[dict[str, Any]]) -> tuple[tuple[str, str], ...]:
    if not barred:
        return ()
    return tuple(sorted((str(b["seat"]), str(b["scope"])) for b in barred))


def _event_signature(ruling: Ruling | None, case: str | None, seat: Seat | None,
                     choice: str | None) -> dict[str, Any]:
    if ruling is None:
        return {"case": case, "status": "regular", "call stands": None, "bars": (), "options": (),
                "option taken": choice, "seat": None if seat is None else str(seat)}
    options = ruling.options
    deemed = ruling.deemed
    return {"case": case, "status": str(ruling.status),
            "call stands": (ruling.call_stands, None if deemed is None else str(deemed)),
            "bars": _bars(ruling.barred),
            "options": tuple(sorted((str(o["by"]), str(o["choice"]), _bars(o["barred"])) for o in options))
            if options else (),
            "option taken": ruling.chosen or choice, "seat": None if seat is None else str(seat)}


def signature(judgement: Judgement) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """What :func:`distinguish` compares: per event, and for where the auction stands at the end.
    (Where the auction stands is read from the auction itself, not from ``Judgement.state``, which
    lists the legal calls in words: the position the step sees and whether the offender must make
    his bid sufficient say the same, at a fifth of the cost of a search.)"""
    from ..judging.judging import strongest_bars

    events = [_event_signature(e.ruling, e.case, e.seat, e.choice) for e in judgement.events]
    if judgement.ended is not None:
        end: dict[str, Any] = {"next to call": None, "final state": (judgement.ended[0], None, None),
                               "legal calls": None, "bars in force": ()}
        return events, end
    auction = judgement.auction
    state = auction.state
    if state.over:
        contract = auction.contract
        end = {"next to call": None,
               "final state": (str(auction.outcome), None if contract is None else str(contract),
                               None if contract is None else str(contract.declarer)),
               "legal calls": (state.position, judgement.pending_requirement, judgement.no_legal_call is None),
               "bars in force": ()}
        return events, end
    end = {"next to call": str(state.next_seat), "final state": ("open", None, None),
           "legal calls": (state.position, judgement.pending_requirement if state.duties else None,
                           judgement.no_legal_call is None),
           "bars in force": _bars(strongest_bars(state.bars)) if state.bars else ()}
    return events, end


@dataclass(frozen=True)
class Side:
    """One edition's result of a scenario: its first differing event, and where the auction stands."""

    edition: str
    case: str | None  # the case of the event where the editions part (None: a proper call)
    status: str  # the ruling's status, or "regular", or "error"
    articles: tuple[str, ...]
    call_stands: bool | None = None
    barred: tuple[tuple[str, str], ...] = ()  # (seat, scope) the event's ruling bars
    options: tuple[str, ...] = ()
    next_to_call: str | None = None
    outcome: str | None = None
    contract: str | None = None
    error: str | None = None  # the edition cannot play the scenario: why
    seat: str | None = None  # after a parting, who made the call (where the editions' callers differ)

    def to_dict(self) -> dict[str, Any]:
        data = {"edition": self.edition, "case": self.case, "status": self.status,
                "articles": list(self.articles), "call_stands": self.call_stands,
                "barred": [{"seat": seat, "scope": scope} for seat, scope in self.barred],
                "options": list(self.options), "next_to_call": self.next_to_call,
                "outcome": self.outcome, "contract": self.contract, "error": self.error}
        if self.seat is not None:
            data["seat"] = self.seat
        return data

    def words(self) -> str:
        """One line: the case, the status as a reader sees it, the articles."""
        from .present import status_name

        if self.error is not None:
            return f"cannot go on: {self.error}"
        case = self.case or "proper call"
        by = f"{self.seat}: " if self.seat else ""
        return f"{by}{case}, {status_name(self.status)}" + (f" ({', '.join(self.articles)})" if self.articles else "")


@dataclass(frozen=True)
class Difference:
    """One kind of difference between two editions, with a shortest scenario that shows it."""

    scenario: tuple[str, ...]  # tokens in the notation (bridgelaws.auction.notation.TOKENS)
    dealer: str
    kind: str  # the grouping key: the case under each edition and the aspects that differ
    difference: str  # what differs, in words
    aspects: tuple[str, ...]
    a: Side
    b: Side
    #: "parting": the first token on which the editions part (the prefix they read alike); "after":
    #: the token after the shortest scenario of a parting (kind ``follows``), which does something
    #: else under each edition: ``category`` (:data:`CATEGORIES`) says what the token is.
    stage: str = "parting"
    follows: str | None = None
    category: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"scenario": " ".join(self.scenario), "dealer": self.dealer, "kind": self.kind,
                "difference": self.difference, "aspects": list(self.aspects),
                "editions": [self.a.to_dict(), self.b.to_dict()], "stage": self.stage}
        if self.stage == "after":
            data.update(follows=self.follows, category=self.category)
        return data


@dataclass
class Search:
    """What :func:`search` did: the differences, and how much it judged."""

    differences: list[Difference]
    #: What differs after each parting (stage "after"), one per kind, shortest first.
    later: list[Difference] = field(default_factory=list)
    judged: int = 0  # scenarios judged (each under both editions)
    seconds: float = 0.0  # wall time
    cpu_seconds: float = 0.0  # this process's processor time (what a busy machine does not inflate)
    per_length: dict[int, int] = field(default_factory=dict)  # scenarios judged per length


def _judged(tokens: tuple[str, ...], edition: Edition, dealer: Seat, layer: Layer) -> Judgement | str:
    """The judgement of ``tokens``, or the refusal's words where the edition cannot play them.

    Only a refusal is read as "this edition cannot play it": one that names a token of the scenario
    and its position (every refusal of the judge does). An :class:`InternalError` goes through, and
    a refusal that names no token's position (a defect met inside the engine, raised with a user's
    error type) is raised as an :class:`InternalError`: the search stops rather than report a false
    difference."""
    from ..judging.judging import judge

    try:
        return judge(list(tokens), edition, dealer, layer=layer)
    except BridgeLawsError as error:
        return _refusal(error, tokens, edition)


def _judged_on(played: Played, tokens: tuple[str, ...], edition: Edition) -> tuple[Judgement | str, Played | None]:
    """:func:`_judged` of ``tokens``, continued from ``played`` (:func:`bridgelaws.judging.continuation.judge_on`:
    the same judgement, only the new tokens played), with what a longer scenario continues from
    (None after a refusal)."""
    from ..judging.continuation import judge_on

    try:
        return judge_on(played, tokens)
    except BridgeLawsError as error:
        return _refusal(error, tokens, edition), None


class _Continuing:
    """One edition's plays of the scenarios judged so far, each scenario judged by continuing the
    longest of them it continues (:func:`_judged_on`), else afresh (:func:`_judged`)."""

    def __init__(self, edition: Edition, dealer: Seat, layer: Layer) -> None:
        from ..judging.continuation import Played

        self.edition, self.dealer, self.layer = edition, dealer, layer
        self.plays = [Played.start(edition, dealer, layer)]

    def judged(self, tokens: tuple[str, ...], keep: bool = True) -> Judgement | str:
        """The judgement of ``tokens`` (or the refusal's words); ``keep``: its play is kept for what
        continues it."""
        start = next((played for played in reversed(self.plays) if played.continues(tokens)), None)
        if start is None:
            return _judged(tokens, self.edition, self.dealer, self.layer)
        result, played = _judged_on(start, tokens, self.edition)
        if keep and played is not None:
            self.plays.append(played)
        return result


def _refusal(error: BridgeLawsError, tokens: tuple[str, ...], edition: Edition) -> str:
    message = str(error)
    if not _names_a_position(message, tokens):
        raise InternalError(f"internal error judging {' '.join(tokens)!r} under {edition.year}: the judge "
                            f"refused it without naming a token's position: {message}") from error
    return message


_POSITION = re.compile(r"\bat position (\d+)\b")


def _names_a_position(message: str, tokens: tuple[str, ...]) -> bool:
    """Whether ``message`` names a token of ``tokens``, quoted, at its position (``'P' at position 3``)."""
    return any(1 <= int(found.group(1)) <= len(tokens) and repr(tokens[int(found.group(1)) - 1]) in message
               for found in _POSITION.finditer(message))


def _first_event(judgement: Judgement, index: int | None) -> tuple[str | None, Ruling | None]:
    if index is None or index >= len(judgement.events):
        return None, None
    event = judgement.events[index]
    return event.case, event.ruling


def _side(edition: Edition, result: Judgement | str, index: int | None) -> Side:
    if isinstance(result, str):
        return Side(edition.year, None, "error", (), error=result)
    case, ruling = _first_event(result, index)
    state = result.state
    common = {"next_to_call": state["next_to_call"], "outcome": str(state["outcome"]),
              "contract": state["contract"]}
    if ruling is None:
        return Side(edition.year, case, "regular", tuple(state["articles"]) if case is None else (), **common)
    return Side(edition.year, case, str(ruling.status), tuple(ruling.articles), ruling.call_stands,
                _bars(ruling.barred), tuple(_option_words(o) for o in ruling.options), **common)


def _option_words(option: dict[str, Any]) -> str:
    """An option with the bars it brings: two editions may offer the same choices with other bars
    (the words would otherwise read "a, b vs a, b")."""
    bars = _bars(option["barred"])
    return f"{option['choice']} (bars {_bar_words(bars)})" if bars else f"{option['choice']} (no bar)"


_ASPECT_ORDER = ("case", "status", "call stands", "bars", "options", "option taken", "seat", "next to call",
                 "final state", "legal calls", "bars in force")


def _compare(a: Judgement, b: Judgement, signatures: tuple[Any, Any] | None = None
             ) -> tuple[int | None, tuple[str, ...]] | None:
    """None when the two judgements agree; else (index of the first differing event, or None when
    only the end state differs; the aspects that differ). ``signatures``: theirs, if known."""
    (events_a, end_a), (events_b, end_b) = signatures if signatures is not None else (signature(a), signature(b))
    for index, (ea, eb) in enumerate(zip(events_a, events_b)):
        if ea != eb:
            return index, tuple(k for k in _ASPECT_ORDER if k in ea and ea[k] != eb[k])
    if len(events_a) != len(events_b):
        return min(len(events_a), len(events_b)), ("events",)
    if end_a != end_b:
        return None, tuple(k for k in _ASPECT_ORDER if k in end_a and end_a[k] != end_b[k])
    return None


#: How each aspect of a difference is said: its words for the two sides.
_ASPECT_WORDS: dict[str, Any] = {
    "case": lambda a, b: f"case: {a.case or 'proper'} vs {b.case or 'proper'}",
    "status": lambda a, b: f"status: {_status_name(a.status)} vs {_status_name(b.status)}",
    "call stands": lambda a, b: f"call stands: {_yes(a.call_stands)} vs {_yes(b.call_stands)}",
    "bars": lambda a, b: f"bars: {_bar_words(a.barred)} vs {_bar_words(b.barred)}",
    "options": lambda a, b: f"options: {', '.join(a.options) or 'none'} vs {', '.join(b.options) or 'none'}",
    "next to call": lambda a, b: f"next to call: {a.next_to_call or 'no one'} vs {b.next_to_call or 'no one'}",
    "final state": lambda a, b: f"final state: {_state_words(a)} vs {_state_words(b)}",
    "seat": lambda a, b: f"made by: {a.seat or 'no one'} vs {b.seat or 'no one'}",
}


def _status_name(status: str) -> str:
    from .present import status_name

    return status_name(status)


def _aspect_words(aspect: str, a: Side, b: Side) -> str:
    """One aspect of a difference in words (an aspect with no words of its own: its name)."""
    if aspect.startswith("earlier call: "):
        return f"the earlier call's {_describe((aspect.removeprefix('earlier call: '),), a, b)}"
    words = _ASPECT_WORDS.get(aspect)
    return aspect if words is None else str(words(a, b))


def _describe(aspects: tuple[str, ...], a: Side, b: Side) -> str:
    if a.error is not None or b.error is not None:
        stopped, other = (a, b) if a.error is not None else (b, a)
        return f"{stopped.edition} cannot play the scenario, {other.edition} can"
    return "; ".join(_aspect_words(aspect, a, b) for aspect in aspects)


def _yes(value: bool | None) -> str:
    return "not said" if value is None else ("yes" if value else "no")


def _bar_words(bars: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(f"{seat} {scope}" for seat, scope in bars) or "none"


def _state_words(side: Side) -> str:
    return f"{side.outcome}{' ' + side.contract if side.contract else ''}"


def _difference(tokens: tuple[str, ...], dealer: Seat, a: Edition, b: Edition, result_a: Judgement | str,
                result_b: Judgement | str, signatures: tuple[Any, Any] | None = None,
                known: Container[str] = ()) -> Difference | str | None:
    """The difference of two results of ``tokens``, or None when they agree. Where its kind is in
    ``known`` (found already), only the kind is returned: the sides (their articles, the state in
    words) are built only for a kind's first scenario."""
    if isinstance(result_a, str) or isinstance(result_b, str):
        if isinstance(result_a, str) and isinstance(result_b, str):
            return None
        stopped, playing = (a, result_b) if isinstance(result_a, str) else (b, result_a)
        other = b if stopped is a else a
        kind = f"{stopped.year} cannot play it, {other.year} reads {_last_case(playing)}"
        if kind in known:
            return kind
        # The edition that plays it shows its last event (the one the other cannot play).
        side_a = _side(a, result_a, None if isinstance(result_a, str) else len(result_a.events) - 1)
        side_b = _side(b, result_b, None if isinstance(result_b, str) else len(result_b.events) - 1)
        return Difference(tokens, str(dealer), kind, _describe(("error",), side_a, side_b), ("error",),
                          side_a, side_b)
    compared = _compare(result_a, result_b, signatures)
    if compared is None:
        return None
    index, aspects = compared
    if index is None:
        # The events agree; the end state differs after the last of them (e.g. four passes).
        last_a, last_b = _last_case(result_a), _last_case(result_b)
        cases = last_a if last_a == last_b else f"{last_a} / {last_b}"
    else:
        case_a, case_b = _first_event(result_a, index)[0], _first_event(result_b, index)[0]
        cases = (case_a or "proper call") if case_a == case_b else f"{case_a or 'proper call'} / {case_b or 'proper call'}"
    kind = f"{cases}: {', '.join(aspects)}"
    if kind in known:
        return kind
    # Where only the end state differs, each side shows its last event (e.g. the ruling on four
    # passes, with its articles).
    shown = index if index is not None else (len(result_a.events) - 1 if result_a.events else None)
    side_a, side_b = _side(a, result_a, shown), _side(b, result_b, shown)
    return Difference(tokens, str(dealer), kind, _describe(aspects, side_a, side_b), aspects, side_a, side_b)


def _last_case(result: Judgement | str) -> str:
    if isinstance(result, str):
        return "error"
    cases = [e.case for e in result.events if e.case is not None]
    return cases[-1] if cases else "proper calls"


def _closed(result: Judgement) -> bool:
    return result.ended is not None or result.auction.is_over


def _value(key: str, value: Any) -> str:
    """An aspect's value in a signature, in words."""
    from .present import status_name

    if key in ("bars", "bars in force"):
        return _bar_words(value)
    if key == "call stands":
        stands, deemed = value
        return _yes(stands) + (f" (deemed {deemed})" if deemed else "")
    if key == "status":
        return status_name(value)
    if key == "options":
        return ", ".join(f"{choice} (by {by}{', bars ' + _bar_words(bars) if bars else ''})"
                         for by, choice, bars in value) or "none"
    if key == "final state":
        outcome, contract, declarer = value
        return " ".join(str(v) for v in (outcome, contract, declarer and f"by {declarer}") if v)
    return "none" if value is None else str(value)
