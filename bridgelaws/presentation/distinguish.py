"""Where two editions part: the shortest scenarios on which they give a different result.

:func:`distinguish` searches a documented space of scenarios (:class:`Space`), breadth-first, judging
every scenario with :func:`bridgelaws.judging.judging.judge` under both editions (the one step: nothing here
knows a rule of the auction; each scenario is continued from its prefix's play,
:func:`bridgelaws.judging.continuation.judge_on`, which gives the same judgement), and returns one
:class:`Difference` per *kind* of difference, each the first found of its kind, so a shortest one.

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
within them is extended by one token more, what happens after the close (a call, a card exposed, a
call changed, a review, an explanation), never by two. So ``max_tokens=4`` holds ``P P P P 2S`` (a
call after the close), ``P P P P N:!SK`` and ``P P P P =2S``.

**Pruning.** A scenario is extended only while the two editions agree on it: a scenario whose prefix
already parts is never a shortest one of a new kind (the first parting names its kind). A prefix that
either edition cannot play is not extended (where only one can, that is a difference). Options are
tried only after a call whose ruling (under either edition) offers options: the judge refuses an
option anywhere else.

**Symmetries.** The dealer is fixed (``dealer``, North by default): the texts name seats only by
their role (dealer, partner, left-hand opponent...), so another dealer gives the same scenarios
rotated. Suits: no condition (:mod:`bridgelaws.judging.conditions`), ruling or mechanic reads which suit a
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

import gc
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .distinguish_after import CATEGORIES, _after_partings
from .distinguish_results import Difference, Search, Side, _closed, _difference, _judged, _judged_on, signature
from .distinguish_space import CALLS_SPACE, DEFAULT_SPACE, SPACES, WITNESSES, Space, _extensions, _offered
from ..text.errors import BridgeLawsError
from ..text.vocabulary import DEFAULT_LAYER, Layer

if TYPE_CHECKING:  # the engine is imported when a search runs: the command line's start stays light
    from ..text._cliio import Progress
    from ..auction.calls import Seat
    from ..auction.editions import Edition
    from ..judging.judging import Judgement
    from ..judging.continuation import Played

__all__ = ["CATEGORIES", "CALLS_SPACE", "DEFAULT_MAX_TOKENS", "DEFAULT_SPACE", "MAX_TOKENS", "SPACES", "WITNESSES", "Difference", "Search", "Side", "Space",
           "distinguish", "search", "search_pairs", "signature"]
# The parts of the search live beside this module: the space (distinguish_space), what a result is and
# how two differ (distinguish_results), what differs after a parting (distinguish_after); the names
# read from here are imported above (tests/test_distinguish.py reads ``_difference`` too).

#: The default length of the search: every case of the catalogue has a witness in the space up to
#: it (:data:`WITNESSES`).
DEFAULT_MAX_TOKENS = 4
#: The longest search the command accepts: beyond it the space grows past what a sane run judges
#: (about ten times more scenarios per token; the measured figures are in docs/performance.md).
MAX_TOKENS = 5


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
        base = next((n for n, other in enumerate(editions) if other is edition.base), None)
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
    from ..auction.calls import parse_seat
    from ..judging.lookup import find_edition
    from ..judging.rulings import check_layer

    chosen_pairs = [(find_edition(a), find_edition(b)) for a, b in pairs]
    seat = parse_seat(dealer, " (dealer)")
    chosen = check_layer(layer)
    check_max_tokens(max_tokens)
    walk = _Walk(chosen_pairs, seat, chosen, space, prune, progress, max_tokens)
    walk.run()
    return walk.finish(later)


#: Per edition, what a longer scenario continues from (:class:`bridgelaws.judging.judging.Played`): the
#: prefix played to its end (None where it was not, or could not be), and the prefix played to its
#: last point that an option after it leaves alone (an option belongs to the call before it).
_Plays = dict[int, tuple["Played | None", "Played | None"]]
#: A prefix of the frontier: its tokens, the special tokens it holds, each pair in play's state, and
#: per edition what its extensions continue from.
_Prefix = tuple[tuple[str, ...], int, dict[int, _PairState], _Plays]


class _Walk:
    """The breadth-first walk of :func:`search_pairs`: the editions of every pair (each once), the
    frontier of prefixes some pair is still in play on, and per pair the kinds found so far."""

    def __init__(self, pairs: list[tuple[Edition, Edition]], seat: Seat, layer: Layer, space: Space,
                 prune: bool, progress: Progress | None, max_tokens: int) -> None:
        self.seat, self.layer, self.space, self.prune, self.progress = seat, layer, space, prune, progress
        self.max_tokens = max_tokens
        self.in_turn, self.special = space.tokens()
        self.rank = {token: number for number, token in enumerate(self.in_turn + self.special)}
        self.editions: list[Edition] = []
        for pair in pairs:
            for edition in pair:
                if not any(edition is known for known in self.editions):
                    self.editions.append(edition)
        self.which = [tuple(next(n for n, known in enumerate(self.editions) if known is edition) for edition in pair)
                      for pair in pairs]
        self.shadows = _shadows(self.editions)
        self.started, self.started_cpu = time.perf_counter(), time.process_time()
        self.found: list[dict[str, Difference]] = [{} for _ in pairs]
        self.results = [Search([]) for _ in pairs]
        self.extension_lists: dict[tuple[bool, int, bool, tuple[str, ...]], list[tuple[str, bool]]] = {}
        self.judged_in_all = 0
        from ..judging.continuation import Played

        #: Each edition with nothing played: what a first token continues from.
        self.starts = [Played.start(edition, seat, layer) for edition in self.editions]

    def extensions(self, after_mark: bool, used: int, closed: bool, offered: tuple[str, ...]) -> list[tuple[str, bool]]:
        key = (after_mark, used, closed, offered)
        if key not in self.extension_lists:
            options = self.space.option_tokens(offered) if offered else ()
            self.extension_lists[key] = list(_extensions(after_mark, used, self.in_turn, self.special, options,
                                                         self.space, closed))
        return self.extension_lists[key]

    def tokens_here(self, prefix: tuple[str, ...], used: int, states: dict[int, _PairState]
                    ) -> list[tuple[str, bool, list[int]]]:
        """The tokens that may follow ``prefix``, each with the pairs that try it."""
        after_mark = bool(prefix) and prefix[-1].startswith("^")
        wanted: dict[tuple[bool, tuple[str, ...]], list[int]] = {}
        for number, (closed, offered, _) in states.items():
            wanted.setdefault((closed, offered), []).append(number)
        if len(wanted) == 1:
            ((closed, offered), numbers), = wanted.items()
            return [(token, is_special, numbers) for token, is_special in
                    self.extensions(after_mark, used, closed, offered)]
        # Pairs in other states (one closed, another offered options) try other tokens: the
        # union, in the order each pair's own search uses (calls, special tokens, options).
        union: dict[str, tuple[bool, list[int]]] = {}
        for (closed, offered), numbers in wanted.items():
            for token, is_special in self.extensions(after_mark, used, closed, offered):
                union.setdefault(token, (is_special, []))[1].extend(numbers)
        all_offered = tuple(sorted({c for _, offered in wanted for c in offered}))
        option_rank = {token: number for number, token in enumerate(self.space.option_tokens(all_offered))}
        ordered = sorted(union, key=lambda t: (0, self.rank[t]) if t in self.rank else (1, option_rank[t]))
        return [(token, union[token][0], sorted(union[token][1])) for token in ordered]

    def judge(self, tokens: tuple[str, ...], numbers: list[int], plays: _Plays
              ) -> tuple[dict[int, Judgement | str], dict[int, Any], _Plays]:
        """``tokens`` judged once under each edition the pairs ``numbers`` need (a base before its
        draft), with each judgement's signature (None for a refusal), and per edition what the
        scenario's own extensions continue from. Each edition continues from its prefix's play
        where it can (:func:`bridgelaws.judging.continuation.judge_on`: the same judgement as a fresh one)."""
        judgements: dict[int, Judgement | str] = {}
        signatures: dict[int, Any] = {}
        following: _Plays = {}
        for number in numbers:
            for index in sorted(self.which[number], key=lambda i: i in self.shadows):  # a base before its draft
                if index in judgements:
                    continue
                base = self.shadows.get(index)
                if base is not None and base[0] in judgements and _untouched(judgements[base[0]], base[1]):
                    # A draft that changes only some cases' rulings judges a scenario that
                    # raises none of them exactly as its base does: the base's judgement.
                    judgements[index], signatures[index] = judgements[base[0]], signatures[base[0]]
                    continue
                # Its prefix played to the end, else to before the call an option belongs to, else
                # nothing played (a draft judged as its base so far has no play of its own).
                full, cut = plays.get(index, (None, None))
                start = next((p for p in (full, cut, self.starts[index]) if p is not None and p.continues(tokens)),
                             None)
                if start is None:  # an option first: the judge's own refusal
                    result = _judged(tokens, self.editions[index], self.seat, self.layer)
                else:
                    result, played = _judged_on(start, tokens, self.editions[index])
                    following[index] = (played, start)
                judgements[index] = result
                signatures[index] = None if isinstance(result, str) else signature(result)
        return judgements, signatures, following

    def pair_step(self, number: int, tokens: tuple[str, ...], state: _PairState,
                  judgements: dict[int, Judgement | str], signatures: dict[int, Any]) -> _PairState | None:
        """Pair ``number`` reads its two judgements of ``tokens``: a difference is kept (the first of
        its kind, on a prefix that had not parted); the pair's state on ``tokens``, or None where it
        is not extended (parted, in a pruned search; refused; or the one token after a close)."""
        first, second = self.which[number]
        result_a, result_b = judgements[first], judgements[second]
        closed, offered, parted = state
        if signatures[first] is not None and signatures[first] == signatures[second]:
            difference = None
        else:
            difference = _difference(tokens, self.seat, self.editions[first], self.editions[second], result_a,
                                     result_b, (signatures[first], signatures[second]),
                                     self.found[number] if not parted else _ANY_KIND)
        if isinstance(difference, Difference) and not parted:
            self.found[number].setdefault(difference.kind, difference)
        if difference is not None and self.prune:
            return None
        if isinstance(result_a, str) or isinstance(result_b, str) or closed:
            return None  # one refuses it; or one token after the close was tried
        if "#" in tokens[-1]:
            choices = offered  # options follow options: the same offer
        else:
            choices = tuple(dict.fromkeys(_offered(result_a, len(tokens)) + _offered(result_b, len(tokens))))
        return (_closed(result_a) or _closed(result_b), choices, parted or difference is not None)

    def extend(self, prefix: tuple[str, ...], used: int, states: dict[int, _PairState], plays: _Plays, length: int,
               judged: list[int], following: list[_Prefix]) -> None:
        """Every token that may follow ``prefix``, judged; the prefixes still in play go to ``following``."""
        for token, is_special, numbers in self.tokens_here(prefix, used, states):
            tokens = prefix + (token,)
            count = used + is_special
            if token.startswith("^"):  # a mark waits for its call: its call continues from before it
                marked: _Plays = {index: (None, full if full is not None else cut) for index, (full, cut) in plays.items()}
                following.append((tokens, count, {n: (states[n][0], (), states[n][2]) for n in numbers}, marked))
                continue
            judgements, signatures, played = self.judge(tokens, numbers, plays)
            self.judged_in_all += 1
            next_states: dict[int, _PairState] = {}
            for number in numbers:
                judged[number] += 1
                state = self.pair_step(number, tokens, states[number], judgements, signatures)
                if state is not None:
                    next_states[number] = state
            if next_states:
                # Beyond max_tokens only the one token after a close is tried: the plays of a
                # prefix no pair extends are not kept (the frontier's memory).
                extended = length < self.max_tokens or any(state[0] for state in next_states.values())
                following.append((tokens, count, next_states, played if extended else {}))
            if self.progress is not None and self.judged_in_all % 512 == 0:
                self.progress.update(f"{self.judged_in_all:,} scenarios judged, {length} of {self.max_tokens} tokens")

    def run(self) -> None:
        """The walk, one length at a time, up to ``max_tokens`` and the one token after a close."""
        max_tokens = self.max_tokens
        # The frontier: prefixes on which at least one pair is still in play (its two editions agree on
        # the prefix, or, in a naive search, can both play it), with the number of special tokens they
        # hold and each such pair's state.
        frontier: list[_Prefix] = [((), 0, {number: (False, (), False) for number in range(len(self.results))}, {})]
        # The frontier keeps each edition's play of its prefixes (over a million small objects after
        # three tokens), none of them in a cycle: the collector's full passes over them are made rare
        # while the walk runs (a sixth of its time otherwise), and the setting is restored.
        with _rare_full_collections():
            self._levels(frontier, max_tokens)

    def _levels(self, frontier: list[_Prefix], max_tokens: int) -> None:
        for length in range(1, max_tokens + 2):
            following: list[_Prefix] = []
            judged = [0] * len(self.results)
            for prefix, used, states, plays in frontier:
                if length > max_tokens:  # beyond max_tokens, only the one token after a close
                    states = {number: state for number, state in states.items() if state[0]}
                    if not states:
                        continue
                self.extend(prefix, used, states, plays, length, judged, following)
            for number, searched in enumerate(self.results):
                searched.per_length[length] = judged[number]
                searched.judged += judged[number]
            frontier = following

    def finish(self, later: bool) -> list[Search]:
        """Each pair's differences, shortest first, and (``later``) what differs after each parting."""
        for number, searched in enumerate(self.results):
            kinds = list(self.found[number])
            searched.differences = sorted(self.found[number].values(),
                                          key=lambda d: (len(d.scenario), kinds.index(d.kind)))
            if later:
                first, second = self.which[number]
                searched.later = _after_partings(searched.differences, self.editions[first], self.editions[second],
                                                 self.seat, self.layer, self.space)
            searched.seconds = time.perf_counter() - self.started
            searched.cpu_seconds = time.process_time() - self.started_cpu
        return self.results


#: While a walk runs, the collector's full pass waits for this many passes of its middle generation
#: (Python's default is 10).
_FULL_COLLECTIONS_EVERY = 1000
class _Walks:
    """The walks running (in any thread), and the collector's thresholds before the first of them:
    the last to end restores them, so walks that overlap never leave the raised threshold behind."""

    lock = threading.Lock()
    running = 0
    before: tuple[int, ...] = gc.get_threshold()


@contextmanager
def _rare_full_collections() -> Iterator[None]:
    """The collector's full passes made rare while a walk runs, restored when the last walk ends."""
    with _Walks.lock:
        if _Walks.running == 0:
            before = _Walks.before = gc.get_threshold()
            gc.set_threshold(before[0], before[1], max(before[2], _FULL_COLLECTIONS_EVERY))
        _Walks.running += 1
    try:
        yield
    finally:
        with _Walks.lock:
            _Walks.running -= 1
            if _Walks.running == 0:
                gc.set_threshold(*_Walks.before)


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
    :func:`bridgelaws.auction.editions.find_edition` accepts, an :class:`Edition` outside the registry too."""
    return search(a, b, max_tokens=max_tokens, layer=layer, dealer=dealer, space=space).differences
