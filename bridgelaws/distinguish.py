"""Where two editions part: the shortest scenarios on which they give a different result (issue 14).

:func:`distinguish` searches a documented space of scenarios (:class:`Space`), breadth-first, judging
every scenario with :func:`bridgelaws.judging.judge` under both editions (the one step: nothing here
knows a rule of the auction), and returns one :class:`Difference` per *kind* of difference, each the
first found of its kind, so a shortest one.

**What counts as a different result.** Each edition's judgement of the whole scenario is reduced to
a signature: per event its case, the ruling's status, whether the call stands (or is deemed another
call), who is barred and for how long, the options offered and the option taken, and where the
auction stands after it (who calls next, the legal calls, the bars in force, over / contract / passed
out / a new deal). The articles and quotes are not compared (two editions never share an article id);
they are reported on both sides. Nor are the restrictions a ruling puts on the play (``play``: a lead
forbidden after the auction): they are not part of the auction. A scenario one edition cannot play
(its text forbids a token, e.g. a correction) while the other can is a difference too (``error``).

**Kinds.** The first event whose signatures differ names the kind: its case under each edition and
the aspects that differ (``case``, ``status``, ``call stands``, ``bars``, ``options``, ...); when
every event agrees, the aspects of the end state that differ (``next to call``, ``final state``,
``legal calls``, ``bars in force``).

**Length.** ``max_tokens`` counts the tokens up to the close of the auction; an auction closed
within them is extended by one token more, what happens after the close (a call, a review, an
explanation), never by two. So ``max_tokens=4`` holds ``P P P P 2S`` (a call after the close).

**Pruning.** A scenario is extended only while the two editions agree on it: a scenario whose prefix
already parts is never a shortest one of a new kind (the first parting names its kind). A prefix that
either edition cannot play is not extended (where only one can, that is a difference). Options are
tried only after a call whose ruling (under either edition) offers options: the judge refuses an
option anywhere else.

**Symmetries.** The dealer is fixed (``dealer``, North by default): the texts name seats only by
their role (dealer, partner, left-hand opponent...), so another dealer gives the same scenarios
rotated. Suits: no condition (:mod:`bridgelaws.conditions`), ruling or mechanic reads which suit a
call or a card is; they compare denominations for equality (a double naming the wrong number of
tricks, the correction in the same denomination, the first bidder of a denomination, the declarer)
and bids by rank (sufficiency), and read a card's rank only (``honours``). So the bids use two
suits, clubs below spades, and the exposed cards are spades: every pattern of "same denomination /
higher / lower" two bids can make is there. This was established by reading every predicate of
``conditions.py`` and every field of ``data/rulings`` (``grep -n strain bridgelaws/``).

The space (:data:`DEFAULT_SPACE`) is documented by :meth:`Space.describe`; ``bridgelaws distinguish
--help`` prints it with its size and time.
"""

from __future__ import annotations

import time
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BridgeLawsError
from .notation import INCIDENTS
from .vocabulary import DEFAULT_LAYER, Layer

if TYPE_CHECKING:  # the engine is imported when a search runs: the command line's start stays light
    from ._cliio import Progress
    from .calls import Seat
    from .editions import Edition
    from .judging import Judgement
    from .records import EventRecord
    from .rulings import Ruling

__all__ = ["CATEGORIES", "CALLS_SPACE", "DEFAULT_MAX_TOKENS", "DEFAULT_SPACE", "MAX_TOKENS", "SPACES", "WITNESSES", "Difference", "Search", "Side", "Space",
           "distinguish", "search", "search_pairs", "signature"]

#: The default length of the search: every case of the catalogue has a witness in the space up to
#: it (:data:`WITNESSES`).
DEFAULT_MAX_TOKENS = 4
#: The longest search the command accepts: beyond it the space grows past what a sane run judges
#: (about ten times more scenarios per token; the measured figures are in docs/performance.md).
MAX_TOKENS = 5

_SEATS = ("N", "E", "S", "W")
_SEAT_LESS_INCIDENTS = tuple(word for word, (_, needs_seat) in INCIDENTS.items() if not needs_seat)
_SEATED_INCIDENTS = tuple(word for word, (_, needs_seat) in INCIDENTS.items() if needs_seat)


@dataclass(frozen=True)
class Space:
    """The scenarios the search judges: every sequence of at most ``max_tokens`` tokens from the
    alphabet below, dealer fixed, in which at most ``max_special`` tokens are *special* (anything
    but a call in turn), with the notation's own order (a mark precedes a call, an option follows
    one)."""

    #: Calls by the player whose turn it is: pass, double, redouble, bids in two suits (clubs at
    #: two levels: an insufficient bid 1C over 1S and its lowest sufficient correction in the same
    #: denomination, 2C) and a bid of more than seven. Another sufficient bid (2S) is a named call.
    in_turn: tuple[str, ...] = ("P", "X", "XX", "1C", "1S", "2C", "8C")
    #: Calls written with a seat (out of rotation, or over an irregular call, or one's own change):
    #: each of these by each seat.
    named_calls: tuple[str, ...] = ("P", "X", "2S")
    #: Doubles naming a bid: the wrong denomination (1C) and the wrong number of tricks (2S over 1S).
    named_doubles: tuple[str, ...] = ("X@1C", "X@2S")
    #: Exposed cards, by each seat: an honour in each manner (laid face up, seen, said, played
    #: early), a low card and a ten laid face up (the ten: the one rank on which the texts' honours
    #: differ, ``honours`` in data/rulings/exposed-card.yaml).
    exposures: tuple[str, ...] = ("!SK", "!SK/seen", "!SK/said", "!SK/early", "!S5", "!ST")
    #: Changes of the last call (a slip, a change of mind), and by each seat a change of mind.
    changes: tuple[str, ...] = ("=2S", ">2S", "=P", ">P")
    named_changes: tuple[str, ...] = (">2S",)
    #: Whether ``?`` (review) and every incident (``[wrong-board]``...) are in the space: the
    #: incidents that need a seat, by each seat.
    incidents: bool = True
    marks: tuple[str, ...] = ("^I", "^S")
    #: Options: after a call, each choice its ruling offers under either edition, plus
    #: ``#consulted``, unnamed and by each seat (the judge refuses an option anywhere else).
    options: bool = True
    max_special: int = 1

    def tokens(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(calls in turn, special tokens); the options come after a call (:meth:`option_tokens`)."""
        special: list[str] = []
        special += [f"{seat}:{call}" for seat in _SEATS for call in self.named_calls]
        special += list(self.named_doubles)
        special += [f"{seat}:{card}" for seat in _SEATS for card in self.exposures]
        special += list(self.changes)
        special += [f"{seat}:{change}" for seat in _SEATS for change in self.named_changes]
        if self.incidents:
            special += ["?"] + [f"{seat}:?" for seat in _SEATS]
            special += [f"[{word}]" for word in _SEAT_LESS_INCIDENTS]
            special += [f"{seat}:[{word}]" for seat in _SEATS for word in _SEATED_INCIDENTS]
        special += list(self.marks)
        return self.in_turn, tuple(special)

    def option_tokens(self, choices: Iterable[str]) -> tuple[str, ...]:
        """The option tokens for ``choices`` (the options a ruling just offered), plus
        ``#consulted``, unnamed and by each seat; () when options are not in the space."""
        if not self.options:
            return ()
        chosen = sorted(set(choices)) + ["consulted"]
        return tuple([f"#{choice}" for choice in chosen] + [f"{seat}:#{choice}" for seat in _SEATS for choice in chosen])

    def sequences(self, max_tokens: int) -> int:
        """How many scenarios of 1 to ``max_tokens`` tokens the space holds, options and the token
        after a close aside (what the search would judge without any pruning): sequences of its
        tokens with at most :attr:`max_special` special ones, by the notation's order, as
        :func:`_extensions` makes them: a mark is followed by a call, so a sequence ending in a
        mark is no scenario (it is not judged), and after a mark no exposure, change, review or
        incident comes."""
        in_turn, special = self.tokens()
        marks = sum(token.startswith("^") for token in special)
        after_mark = sum(not token.startswith("^") and token.split(":", 1)[-1][:1] not in "!=>?[" for token in special)
        # ways[(specials used, ends in a mark)]: the sequences of the length reached so far
        ways = {(0, False): 1}
        total = 0
        for _ in range(max_tokens):
            following: dict[tuple[int, bool], int] = {}
            for (used, mark), count in ways.items():
                following[(used, False)] = following.get((used, False), 0) + count * len(in_turn)
                if used < self.max_special:
                    others = after_mark if mark else len(special) - marks
                    following[(used + 1, False)] = following.get((used + 1, False), 0) + count * others
                    following[(used + 1, True)] = following.get((used + 1, True), 0) + count * marks
            ways = following
            total += sum(count for (_, mark), count in ways.items() if not mark)
        return total

    def describe(self) -> str:
        """The space in words (``distinguish --help``, docs/committees.md)."""
        return (f"calls in turn {' '.join(self.in_turn)}; calls {'/'.join(self.named_calls)} by each named seat; "
                f"{' '.join(self.named_doubles)}; exposures {' '.join(self.exposures)} by each seat; changes "
                f"{' '.join(self.changes)} and {'/'.join(self.named_changes)} by each seat; ? and every incident "
                f"(by each seat where it needs one); marks {' '.join(self.marks)}; after a call whose "
                f"ruling offers options (under either edition), each of them and #consulted, unnamed and "
                f"by each seat; at most {self.max_special} token(s) other than a call in turn; dealer fixed")


DEFAULT_SPACE = Space()
#: Calls only: the calls in turn, and pass / double / 2S by each seat out of rotation or over an
#: irregular call; no doubles naming a bid, exposures, changes, incidents, marks or options. About a
#: sixth of the default space at 4 tokens (21,208 scenarios against 129,322): it reaches the cases
#: made of calls alone (insufficient bid, calls out of rotation, the inadmissible double, a bid
#: above seven, the skipped turn at the end, four passes, a call after the close), in seconds.
CALLS_SPACE = Space(named_doubles=(), exposures=(), changes=(), named_changes=(), incidents=False, marks=(),
                    options=False)
SPACES: dict[str, Space] = {"all": DEFAULT_SPACE, "calls": CALLS_SPACE}

#: For every case of the catalogue (``data/cases.yaml``), a scenario of :data:`DEFAULT_SPACE` that
#: raises it under at least one registered edition (``tests/test_distinguish.py`` checks both): why
#: :data:`DEFAULT_MAX_TOKENS` tokens (and one after a close) reach the whole catalogue.
WITNESSES: dict[str, str] = {
    "insufficient-bid": "1S 1C", "pass-out-of-rotation": "E:P", "bid-out-of-rotation": "E:2S",
    "double-out-of-rotation": "E:X", "inadmissible-double": "X", "bid-above-seven": "8C",
    "call-when-barred": "1C W:!SK 1S", "misnamed-double": "1S X@1C", "exposed-card": "N:!SK",
    "skipped-turn-at-end": "1S P W:P P", "all-pass": "P P P P", "review-request": "?",
    "unintended-call": "1S =2S", "wrong-board": "1S N:[wrong-board]", "incorrect-deal": "[incorrect-deal]",
    "hand-of-another-player": "S:[other-hand]", "wrong-number-of-cards": "[wrong-count]",
    "mistaken-explanation": "1S N:[misinformed]", "comparable-call": "1S N:[comparable]",
    "call-after-close": "P P P P 1S",
}


# --- what a result is, and how two differ ----------------------------------------------------------

def _bars(barred: Iterable[dict[str, Any]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(b["seat"]), str(b["scope"])) for b in barred))


def _event_signature(ruling: Ruling | None, case: str | None, seat: Seat | None,
                     choice: str | None) -> dict[str, Any]:
    if ruling is None:
        return {"case": case, "status": "regular", "call stands": None, "bars": (), "options": (),
                "option taken": choice, "seat": None if seat is None else str(seat)}
    return {"case": case, "status": str(ruling.status),
            "call stands": (ruling.call_stands, None if ruling.deemed is None else str(ruling.deemed)),
            "bars": _bars(ruling.barred),
            "options": tuple(sorted((str(o["by"]), str(o["choice"]), _bars(o["barred"])) for o in ruling.options)),
            "option taken": ruling.chosen or choice, "seat": None if seat is None else str(seat)}


def signature(judgement: Judgement) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """What :func:`distinguish` compares: per event, and for where the auction stands at the end.
    (Where the auction stands is read from the auction itself, not from ``Judgement.state``, which
    lists the legal calls in words: the position the step sees and whether the offender must make
    his bid sufficient say the same, at a fifth of the cost of a search.)"""
    from .judging import strongest_bars

    events = [_event_signature(e.ruling, e.case, e.seat, e.choice) for e in judgement.events]
    auction = judgement.auction
    if judgement.ended is not None:
        end: dict[str, Any] = {"next to call": None, "final state": (judgement.ended[0], None, None),
                               "legal calls": None, "bars in force": ()}
        return events, end
    contract = auction.contract
    next_seat = auction.next_to_call
    end = {"next to call": None if next_seat is None else str(next_seat),
           "final state": (str(auction.outcome), None if contract is None else str(contract),
                           None if contract is None else str(contract.declarer)),
           "legal calls": (auction.position, judgement.pending_requirement, judgement.no_legal_call is None),
           "bars in force": () if auction.is_over else _bars(strongest_bars(auction.bars))}
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

    scenario: tuple[str, ...]  # tokens in the notation (bridgelaws.notation.TOKENS)
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
    from .judging import judge

    try:
        return judge(list(tokens), edition, dealer, layer=layer)
    except BridgeLawsError as error:
        return str(error)


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


def _describe(aspects: tuple[str, ...], a: Side, b: Side) -> str:
    from .present import status_name

    if a.error is not None or b.error is not None:
        stopped, other = (a, b) if a.error is not None else (b, a)
        return f"{stopped.edition} cannot play the scenario, {other.edition} can"
    parts = []
    for aspect in aspects:
        if aspect == "case":
            parts.append(f"case: {a.case or 'proper'} vs {b.case or 'proper'}")
        elif aspect == "status":
            parts.append(f"status: {status_name(a.status)} vs {status_name(b.status)}")
        elif aspect == "call stands":
            parts.append(f"call stands: {_yes(a.call_stands)} vs {_yes(b.call_stands)}")
        elif aspect == "bars":
            parts.append(f"bars: {_bar_words(a.barred)} vs {_bar_words(b.barred)}")
        elif aspect == "options":
            parts.append(f"options: {', '.join(a.options) or 'none'} vs {', '.join(b.options) or 'none'}")
        elif aspect == "next to call":
            parts.append(f"next to call: {a.next_to_call or 'no one'} vs {b.next_to_call or 'no one'}")
        elif aspect == "final state":
            parts.append(f"final state: {_state_words(a)} vs {_state_words(b)}")
        elif aspect == "seat":
            parts.append(f"made by: {a.seat or 'no one'} vs {b.seat or 'no one'}")
        elif aspect.startswith("earlier call: "):
            shown = _describe((aspect.removeprefix("earlier call: "),), a, b)
            parts.append(f"the earlier call's {shown}")
        else:
            parts.append(aspect)
    return "; ".join(parts)


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


def _extensions(after_mark: bool, specials_used: int, in_turn: tuple[str, ...], special: tuple[str, ...],
                options: tuple[str, ...], space: Space, closed: bool) -> Iterator[tuple[str, bool]]:
    """(token, is special) that may follow a prefix: by the notation's order (a mark precedes a
    call; ``after_mark``: the prefix ends in one), the options the last call's ruling offers, and
    after the close only what can happen then (a call, a review, an incident)."""
    for token in in_turn:
        yield token, False
    if specials_used >= space.max_special:
        return
    for token in special:
        body = token.split(":", 1)[-1]
        if after_mark and body[:1] in "!=>?[":
            continue
        if closed and body[:1] in "!=>^":
            continue
        yield token, True
    if not after_mark and not closed:
        for token in options:
            yield token, True


def _offered(result: Judgement, position: int) -> tuple[str, ...]:
    """The choices the ruling of the call at token ``position`` (1-based) offers."""
    for event in result.events:
        if event.index == position and event.ruling is not None:
            return tuple(str(option["choice"]) for option in event.ruling.options)
    return ()


class _AnyKind:
    """Every kind: a parted prefix's differences are not kept, so none is built."""

    def __contains__(self, kind: object) -> bool:
        return True


_ANY_KIND = _AnyKind()

#: A pair's state on a prefix of the frontier: (the auction is closed under either edition, the
#: choices the last call's ruling offers under either, the editions already part on the prefix).
_PairState = tuple[bool, tuple[str, ...], bool]


def search(a: str | int | Edition, b: str | int | Edition, *, max_tokens: int = DEFAULT_MAX_TOKENS,
           layer: str | Layer = DEFAULT_LAYER, dealer: str | Seat = "N", space: Space = DEFAULT_SPACE,
           prune: bool = True, later: bool = True, progress: Progress | None = None) -> Search:
    """:func:`distinguish`, with how much it judged, and (``later``) what differs after each
    parting (:attr:`Search.later`). ``prune=False`` extends every scenario both editions can play,
    parted or not, and keeps only the differences of scenarios whose prefix had not parted (the
    benchmark's naive peer: the same differences, more scenarios judged)."""
    return search_pairs([(a, b)], max_tokens=max_tokens, layer=layer, dealer=dealer, space=space, prune=prune,
                        later=later, progress=progress)[0]


def _shadows(editions: list[Edition]) -> dict[int, tuple[int, frozenset[str]]]:
    """Per draft edition among ``editions`` whose base is there too and whose changes are rulings of
    some cases only (no mechanic): (the base's index, the cases it changes)."""
    found: dict[int, tuple[int, frozenset[str]]] = {}
    for index, edition in enumerate(editions):
        draft = getattr(edition, "draft", None)
        if draft is None or draft.mechanics:
            continue
        base = next((n for n, other in enumerate(editions) if other is edition.base), None)  # type: ignore[attr-defined]
        if base is not None:
            found[index] = (base, frozenset(draft.rulings))
    return found


def _untouched(result: "Judgement | str", cases: frozenset[str]) -> bool:
    """A judgement (not a refusal) none of whose events is one of ``cases``."""
    return not isinstance(result, str) and not any(event.case in cases for event in result.events)


def search_pairs(pairs: Iterable[tuple[str | int | Edition, str | int | Edition]], *,
                 max_tokens: int = DEFAULT_MAX_TOKENS, layer: str | Layer = DEFAULT_LAYER,
                 dealer: str | Seat = "N", space: Space = DEFAULT_SPACE, prune: bool = True,
                 later: bool = True, progress: Progress | None = None) -> list[Search]:
    """:func:`search` for several pairs of editions at once, one :class:`Search` per pair, each the
    same as the pair's own search (``tests/test_distinguish.py`` holds them equal). One
    breadth-first walk serves every pair: a scenario is tried once, judged once under each edition
    that a pair still in play on it needs, and each pair reads its own two judgements, keeps its
    own frontier state (closed, options offered, parted) and counts its own scenarios. An edition
    shared by several pairs (each of the five is in four of the ten) is judged once for all."""
    from .calls import parse_seat
    from .editions import find_edition
    from .rulings import check_layer

    chosen_pairs = [(find_edition(a), find_edition(b)) for a, b in pairs]
    seat = parse_seat(dealer, " (dealer)")
    chosen = check_layer(layer)
    check_max_tokens(max_tokens)
    in_turn, special = space.tokens()
    rank = {token: number for number, token in enumerate(in_turn + special)}
    editions: list[Edition] = []
    for pair in chosen_pairs:
        for edition in pair:
            if not any(edition is known for known in editions):
                editions.append(edition)
    which = [tuple(next(n for n, known in enumerate(editions) if known is edition) for edition in pair)
             for pair in chosen_pairs]
    shadows = _shadows(editions)
    started, started_cpu = time.perf_counter(), time.process_time()
    found: list[dict[str, Difference]] = [{} for _ in chosen_pairs]
    results = [Search([]) for _ in chosen_pairs]
    extension_lists: dict[tuple[bool, int, bool, tuple[str, ...]], list[tuple[str, bool]]] = {}

    def extensions(after_mark: bool, used: int, closed: bool, offered: tuple[str, ...]) -> list[tuple[str, bool]]:
        key = (after_mark, used, closed, offered)
        if key not in extension_lists:
            options = space.option_tokens(offered) if offered else ()
            extension_lists[key] = list(_extensions(after_mark, used, in_turn, special, options, space, closed))
        return extension_lists[key]

    # The frontier: prefixes on which at least one pair is still in play (its two editions agree on
    # the prefix, or, in a naive search, can both play it), with the number of special tokens they
    # hold and each such pair's state.
    frontier: list[tuple[tuple[str, ...], int, dict[int, _PairState]]] = [
        ((), 0, {number: (False, (), False) for number in range(len(chosen_pairs))})]
    judged_in_all = 0
    for length in range(1, max_tokens + 2):
        following: list[tuple[tuple[str, ...], int, dict[int, _PairState]]] = []
        judged = [0] * len(chosen_pairs)
        for prefix, used, states in frontier:
            if length > max_tokens:  # beyond max_tokens, only the one token after a close
                states = {number: state for number, state in states.items() if state[0]}
                if not states:
                    continue
            after_mark = bool(prefix) and prefix[-1].startswith("^")
            wanted: dict[tuple[bool, tuple[str, ...]], list[int]] = {}
            for number, (closed, offered, _) in states.items():
                wanted.setdefault((closed, offered), []).append(number)
            if len(wanted) == 1:
                ((closed, offered), numbers), = wanted.items()
                tokens_here = [(token, is_special, numbers) for token, is_special in
                               extensions(after_mark, used, closed, offered)]
            else:
                # Pairs in other states (one closed, another offered options) try other tokens: the
                # union, in the order each pair's own search uses (calls, special tokens, options).
                union: dict[str, tuple[bool, list[int]]] = {}
                for (closed, offered), numbers in wanted.items():
                    for token, is_special in extensions(after_mark, used, closed, offered):
                        union.setdefault(token, (is_special, []))[1].extend(numbers)
                all_offered = tuple(sorted({c for _, offered in wanted for c in offered}))
                option_rank = {token: number for number, token in enumerate(space.option_tokens(all_offered))}
                ordered = sorted(union, key=lambda t: (0, rank[t]) if t in rank else (1, option_rank[t]))
                tokens_here = [(token, union[token][0], sorted(union[token][1])) for token in ordered]
            for token, is_special, numbers in tokens_here:
                tokens = prefix + (token,)
                count = used + is_special
                if token.startswith("^"):  # a mark waits for its call
                    following.append((tokens, count, {n: (states[n][0], (), states[n][2]) for n in numbers}))
                    continue
                judgements: dict[int, Judgement | str] = {}
                signatures: dict[int, Any] = {}
                for number in numbers:
                    for index in sorted(which[number], key=lambda i: i in shadows):  # a base before its draft
                        if index not in judgements:
                            base = shadows.get(index)
                            if base is not None and base[0] in judgements and _untouched(judgements[base[0]], base[1]):
                                # A draft that changes only some cases' rulings judges a scenario that
                                # raises none of them exactly as its base does: the base's judgement.
                                judgements[index], signatures[index] = judgements[base[0]], signatures[base[0]]
                                continue
                            judgements[index] = _judged(tokens, editions[index], seat, chosen)
                            result = judgements[index]
                            signatures[index] = None if isinstance(result, str) else signature(result)
                judged_in_all += 1
                next_states: dict[int, _PairState] = {}
                for number in numbers:
                    judged[number] += 1
                    first, second = which[number]
                    result_a, result_b = judgements[first], judgements[second]
                    closed, offered, parted = states[number]
                    if signatures[first] is not None and signatures[first] == signatures[second]:
                        difference = None
                    else:
                        difference = _difference(tokens, seat, editions[first], editions[second], result_a,
                                                 result_b, (signatures[first], signatures[second]),
                                                 found[number] if not parted else _ANY_KIND)
                    if isinstance(difference, Difference) and not parted:
                        found[number].setdefault(difference.kind, difference)
                    if difference is not None and prune:
                        continue
                    if isinstance(result_a, str) or isinstance(result_b, str) or closed:
                        continue  # one refuses it; or one token after the close was tried
                    if "#" in token:
                        choices = offered  # options follow options: the same offer
                    else:
                        choices = tuple(dict.fromkeys(_offered(result_a, length) + _offered(result_b, length)))
                    next_states[number] = (_closed(result_a) or _closed(result_b), choices,
                                           parted or difference is not None)
                if next_states:
                    following.append((tokens, count, next_states))
                if progress is not None and judged_in_all % 512 == 0:
                    progress.update(f"{judged_in_all:,} scenarios judged, {length} of {max_tokens} tokens")
        for number, searched in enumerate(results):
            searched.per_length[length] = judged[number]
            searched.judged += judged[number]
        frontier = following
    for number, searched in enumerate(results):
        kinds = list(found[number])
        searched.differences = sorted(found[number].values(), key=lambda d: (len(d.scenario), kinds.index(d.kind)))
        if later:
            first, second = which[number]
            searched.later = _after_partings(searched.differences, editions[first], editions[second], seat, chosen,
                                             space)
        searched.seconds = time.perf_counter() - started
        searched.cpu_seconds = time.process_time() - started_cpu
    return results


# --- what differs after the first parting (issue 24 section 3) --------------------------------------

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
        before_a, before_b = _judged(scenario, a, dealer, layer), _judged(scenario, b, dealer, layer)
        if isinstance(before_a, str) or isinstance(before_b, str):
            continue
        closed = _closed(before_a) or _closed(before_b)
        if closed and len(scenario) > 1:
            earlier_a, earlier_b = (_judged(scenario[:-1], a, dealer, layer), _judged(scenario[:-1], b, dealer, layer))
            if any(not isinstance(r, str) and _closed(r) for r in (earlier_a, earlier_b)):
                continue  # the parting is already the one token after a close
        used = sum(token not in in_turn for token in scenario)
        position = max(n for n, token in enumerate(scenario, start=1) if "#" not in token)
        offered = tuple(dict.fromkeys(_offered(before_a, position) + _offered(before_b, position)))
        options = space.option_tokens(offered) if offered else ()
        for token, _ in _extensions(False, used, in_turn, special, options, space, closed):
            if token.startswith("^"):
                continue  # a mark and its call are two tokens
            tokens = scenario + (token,)
            after_a, after_b = _judged(tokens, a, dealer, layer), _judged(tokens, b, dealer, layer)
            difference = _after_difference(parting, tokens, dealer, a, b, (before_a, before_b), (after_a, after_b),
                                           token in in_turn)
            if difference is not None:
                kinds.setdefault(difference.kind, difference)
    order = list(kinds)
    return sorted(kinds.values(), key=lambda d: (len(d.scenario), order.index(d.kind)))


#: What the token after a parting is, in the kinds' words.
CATEGORIES = ("acceptance", "correction", "right exercised", "who calls next", "the next call")
_CONSEQUENCES = frozenset(CATEGORIES[:4])


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
    token = tokens[-1]
    follows = _cases(parting)
    if isinstance(after_a, str) or isinstance(after_b, str):
        if isinstance(after_a, str) and isinstance(after_b, str):
            return None
        side_a = _side(a, after_a, None if isinstance(after_a, str) else len(after_a.events) - 1)
        side_b = _side(b, after_b, None if isinstance(after_b, str) else len(after_b.events) - 1)
        stopped, playing, played_before = ((a, after_b, before[1]) if isinstance(after_a, str)
                                           else (b, after_a, before[0]))
        other = b if stopped is a else a
        category = _category(token, played_before, playing)
        if category not in _CONSEQUENCES and (not in_turn or _closed(before[0 if stopped is a else 1])):
            return None  # (after a parting that ended one auction, nothing more is played there)
        return Difference(tokens, str(dealer), f"{category} after {follows}: {stopped.year} cannot play it, "
                          f"{other.year} reads {_last_case(playing)}", _describe(("error",), side_a, side_b),
                          ("error",), side_a, side_b, stage="after", follows=parting.kind, category=category)
    sigs = [signature(result) for result in (before[0], before[1], after_a, after_b)]
    (events_ra, end_ra), (events_rb, end_rb), (events_sa, end_sa), (events_sb, end_sb) = sigs
    new_a, new_b = events_sa[len(events_ra):], events_sb[len(events_rb):]
    aspects: list[str] = []
    for ea, eb in zip(new_a, new_b):
        aspects += [k for k in _ASPECT_ORDER if k in ea and ea[k] != eb[k] and k not in aspects]
    if len(new_a) != len(new_b):
        aspects.append("events")
    # The earlier events the token changes (an acceptance, the choice a correction makes): what
    # it changes otherwise under each edition, beyond how they already differed.
    earlier: int | None = None
    for number, (sa, sb, ra, rb) in enumerate(zip(events_sa, events_sb, events_ra, events_rb)):
        moved = [k for k in _ASPECT_ORDER if k in sa and sa[k] != sb[k] and (sa[k] != ra[k] or sb[k] != rb[k])]
        if moved:
            earlier = number
            aspects += [f"earlier call: {k}" for k in moved]
            break
    for key in ("next to call", "bars in force", "final state"):
        if end_sa[key] != end_sb[key] and (end_sa[key] != end_ra[key] or end_sb[key] != end_rb[key]):
            aspects.append(key)
    if not aspects:
        return None
    category_a, category_b = _category(token, before[0], after_a), _category(token, before[1], after_b)
    if category_a == category_b == "the next call" and set(aspects) <= {"seat", "case", "next to call"} and (
            new_a and new_b and new_a[-1]["seat"] != new_b[-1]["seat"] or aspects == ["next to call"]):
        category_a = category_b = "who calls next"
    if not ({category_a, category_b} & _CONSEQUENCES or in_turn and "case" in aspects):
        return None
    category = category_a if category_a == category_b else f"{category_a} / {category_b}"
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
            shown_a = shown_b = -1  # (not the token's own event: no caller named on the sides)
    if "seat" in aspects and shown_a != -1:
        side_a = _with_seat(side_a, new_a)
        side_b = _with_seat(side_b, new_b)
    cases = side_a.case or "proper call"
    if side_a.case != side_b.case:
        cases = f"{cases} / {side_b.case or 'proper call'}"
    ordered = tuple(aspects)
    words = []
    for aspect in ordered:
        if aspect.startswith("earlier call: "):
            key = aspect.removeprefix("earlier call: ")
            words.append(f"the earlier call's {key}: {_value(key, events_sa[earlier][key])} vs "  # type: ignore[index]
                         f"{_value(key, events_sb[earlier][key])}")  # type: ignore[index]
        elif aspect == "seat":
            words.append(f"made by: {new_a[-1]['seat'] if new_a else 'no one'} vs {new_b[-1]['seat'] if new_b else 'no one'}")
        elif aspect in ("bars in force", "final state"):
            words.append(f"{aspect}: {_value(aspect, end_sa[aspect])} vs {_value(aspect, end_sb[aspect])}")
        elif shown_a == earlier and aspect != "next to call":
            words.append(aspect)
        else:
            words.append(_describe((aspect,), side_a, side_b))
    return Difference(tokens, str(dealer), f"{category} after {follows}: {cases}",
                      "; ".join(words), ordered, side_a, side_b, stage="after",
                      follows=parting.kind, category=category)


def _last_ruled(result: Judgement) -> int | None:
    return next((n for n in range(len(result.events) - 1, -1, -1) if result.events[n].ruling is not None), None)


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


def _with_seat(side: Side, new: list[dict[str, Any]]) -> Side:
    from dataclasses import replace

    return replace(side, seat=new[-1]["seat"] if new else None)


def _cases(difference: Difference) -> str:
    """The case(s) of a difference's kind: the words before its first colon."""
    return difference.kind.split(":", 1)[0]


def check_max_tokens(max_tokens: int) -> None:
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        raise BridgeLawsError(f"max_tokens must be a whole number of at least 1, not {max_tokens!r}")
    if max_tokens > MAX_TOKENS:
        raise BridgeLawsError(f"max_tokens {max_tokens} is too large for a sane run: at most {MAX_TOKENS} "
                              f"(the space grows about tenfold per token)")


def distinguish(a: str | int | Edition, b: str | int | Edition, *, max_tokens: int = DEFAULT_MAX_TOKENS,
                layer: str | Layer = DEFAULT_LAYER, dealer: str | Seat = "N",
                space: Space = DEFAULT_SPACE) -> list[Difference]:
    """The shortest scenarios (up to ``max_tokens``) on which editions ``a`` and ``b`` give a
    different result, one per kind of difference, shortest first. ``a`` and ``b``: anything
    :func:`bridgelaws.editions.find_edition` accepts, an :class:`Edition` outside the registry too."""
    return search(a, b, max_tokens=max_tokens, layer=layer, dealer=dealer, space=space).differences
