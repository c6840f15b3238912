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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import BridgeLawsError
from .notation import INCIDENTS
from .vocabulary import DEFAULT_LAYER, Layer

if TYPE_CHECKING:  # the engine is imported when a search runs: the command line's start stays light
    from .calls import Seat
    from .editions import Edition
    from .judging import Judgement
    from .rulings import Ruling

__all__ = ["CALLS_SPACE", "DEFAULT_MAX_TOKENS", "DEFAULT_SPACE", "MAX_TOKENS", "SPACES", "WITNESSES", "Difference", "Search", "Side", "Space",
           "distinguish", "search", "signature"]

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
        """How many token sequences of 1 to ``max_tokens`` tokens the space holds, options and the
        token after a close aside (what the search would judge without any pruning)."""
        from math import comb

        in_turn, special = self.tokens()
        return sum(comb(length, k) * len(in_turn) ** (length - k) * len(special) ** k
                   for length in range(1, max_tokens + 1) for k in range(min(length, self.max_special) + 1))

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
#: sixth of the default space at 4 tokens (21,208 sequences against 130,122): it reaches the cases
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

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "case": self.case, "status": self.status,
                "articles": list(self.articles), "call_stands": self.call_stands,
                "barred": [{"seat": seat, "scope": scope} for seat, scope in self.barred],
                "options": list(self.options), "next_to_call": self.next_to_call,
                "outcome": self.outcome, "contract": self.contract, "error": self.error}

    def words(self) -> str:
        """One line: the case, the status as a reader sees it, the articles."""
        from .present import status_name

        if self.error is not None:
            return f"cannot go on: {self.error}"
        case = self.case or "proper call"
        return f"{case}, {status_name(self.status)}" + (f" ({', '.join(self.articles)})" if self.articles else "")


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

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": " ".join(self.scenario), "dealer": self.dealer, "kind": self.kind,
                "difference": self.difference, "aspects": list(self.aspects),
                "editions": [self.a.to_dict(), self.b.to_dict()]}


@dataclass
class Search:
    """What :func:`search` did: the differences, and how much it judged."""

    differences: list[Difference]
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


def _compare(a: Judgement, b: Judgement) -> tuple[int | None, tuple[str, ...]] | None:
    """None when the two judgements agree; else (index of the first differing event, or None when
    only the end state differs; the aspects that differ)."""
    events_a, end_a = signature(a)
    events_b, end_b = signature(b)
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
                result_b: Judgement | str) -> Difference | None:
    if isinstance(result_a, str) or isinstance(result_b, str):
        if isinstance(result_a, str) and isinstance(result_b, str):
            return None
        # The edition that plays it shows its last event (the one the other cannot play).
        side_a = _side(a, result_a, None if isinstance(result_a, str) else len(result_a.events) - 1)
        side_b = _side(b, result_b, None if isinstance(result_b, str) else len(result_b.events) - 1)
        stopped, playing = (a, result_b) if isinstance(result_a, str) else (b, result_a)
        other = b if stopped is a else a
        return Difference(tokens, str(dealer), f"{stopped.year} cannot play it, {other.year} reads "
                          f"{_last_case(playing)}", _describe(("error",), side_a, side_b), ("error",),
                          side_a, side_b)
    compared = _compare(result_a, result_b)
    if compared is None:
        return None
    index, aspects = compared
    # Where only the end state differs, each side shows its last event (e.g. the ruling on four
    # passes, with its articles).
    shown = index if index is not None else (len(result_a.events) - 1 if result_a.events else None)
    side_a, side_b = _side(a, result_a, shown), _side(b, result_b, shown)
    if index is None:
        # The events agree; the end state differs after the last of them (e.g. four passes).
        last_a, last_b = _last_case(result_a), _last_case(result_b)
        cases = last_a if last_a == last_b else f"{last_a} / {last_b}"
    elif side_a.case == side_b.case:
        cases = side_a.case or "proper call"
    else:
        cases = f"{side_a.case or 'proper call'} / {side_b.case or 'proper call'}"
    return Difference(tokens, str(dealer), f"{cases}: {', '.join(aspects)}", _describe(aspects, side_a, side_b),
                      aspects, side_a, side_b)


def _last_case(result: Judgement | str) -> str:
    if isinstance(result, str):
        return "error"
    cases = [e.case for e in result.events if e.case is not None]
    return cases[-1] if cases else "proper calls"


def _closed(result: Judgement) -> bool:
    return result.ended is not None or result.auction.is_over


def _extensions(prefix: tuple[str, ...], specials_used: int, in_turn: tuple[str, ...],
                special: tuple[str, ...], options: tuple[str, ...], space: Space,
                closed: bool) -> Iterator[tuple[str, bool]]:
    """(token, is special) that may follow ``prefix``: by the notation's order (a mark precedes a
    call), the options the last call's ruling offers, and after the close only what can happen
    then (a call, a review, an incident)."""
    after_mark = bool(prefix) and prefix[-1].startswith("^")
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


def search(a: str | int | Edition, b: str | int | Edition, *, max_tokens: int = DEFAULT_MAX_TOKENS,
           layer: str | Layer = DEFAULT_LAYER, dealer: str | Seat = "N", space: Space = DEFAULT_SPACE,
           prune: bool = True) -> Search:
    """:func:`distinguish`, with how much it judged. ``prune=False`` extends every scenario both
    editions can play, parted or not, and keeps only the differences of scenarios whose prefix had
    not parted (the benchmark's naive peer: the same differences, more scenarios judged)."""
    from .calls import parse_seat
    from .editions import find_edition
    from .rulings import check_layer

    edition_a, edition_b = find_edition(a), find_edition(b)
    seat = parse_seat(dealer, " (dealer)")
    chosen = check_layer(layer)
    check_max_tokens(max_tokens)
    in_turn, special = space.tokens()
    started, started_cpu = time.perf_counter(), time.process_time()
    found: dict[str, Difference] = {}
    result = Search([])
    # The frontier: prefixes both editions agree on (or, in a naive search, can play), with the
    # number of special tokens they hold and whether the auction is closed.
    # The frontier: prefixes both editions agree on (a naive search: every prefix both can play,
    # ``parted`` when the editions already part on it), with the number of special tokens they
    # hold, whether the auction is closed, and the options the last call's ruling offers.
    frontier: list[tuple[tuple[str, ...], int, bool, tuple[str, ...], bool]] = [((), 0, False, (), False)]
    for length in range(1, max_tokens + 2):
        following: list[tuple[tuple[str, ...], int, bool, tuple[str, ...], bool]] = []
        judged = 0
        for prefix, used, closed, offered, parted in frontier:
            if length > max_tokens and not closed:
                continue  # beyond max_tokens, only the one token after a close
            options = space.option_tokens(offered) if offered else ()
            for token, is_special in _extensions(prefix, used, in_turn, special, options, space, closed):
                tokens = prefix + (token,)
                count = used + is_special
                if token.startswith("^"):
                    following.append((tokens, count, closed, (), parted))  # a mark waits for its call
                    continue
                judged += 1
                result_a = _judged(tokens, edition_a, seat, chosen)
                result_b = _judged(tokens, edition_b, seat, chosen)
                difference = _difference(tokens, seat, edition_a, edition_b, result_a, result_b)
                if difference is not None and not parted:
                    found.setdefault(difference.kind, difference)
                if difference is not None and prune:
                    continue
                if isinstance(result_a, str) or isinstance(result_b, str) or closed:
                    continue  # one refuses it; or one token after the close was tried
                if "#" in token:
                    choices = offered  # options follow options: the same offer
                else:
                    choices = tuple(dict.fromkeys(_offered(result_a, length) + _offered(result_b, length)))
                following.append((tokens, count, _closed(result_a) or _closed(result_b), choices,
                                  parted or difference is not None))
        result.per_length[length] = judged
        result.judged += judged
        frontier = following
    result.seconds = time.perf_counter() - started
    result.cpu_seconds = time.process_time() - started_cpu
    result.differences = sorted(found.values(), key=lambda d: (len(d.scenario), list(found).index(d.kind)))
    return result


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
