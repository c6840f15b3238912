"""The space of scenarios :mod:`bridgelaws.presentation.distinguish` searches (:class:`Space`), the spaces the
command offers, a witness of every case in the default space, and which tokens may follow a prefix
by the notation's order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..auction.notation import INCIDENTS

if TYPE_CHECKING:
    from ..judging.judging import Judgement

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


def _extensions(after_mark: bool, specials_used: int, in_turn: tuple[str, ...], special: tuple[str, ...],
                options: tuple[str, ...], space: Space, closed: bool) -> Iterator[tuple[str, bool]]:
    """(token, is special) that may follow a prefix: by the notation's order (a mark precedes a
    call; ``after_mark``: the prefix ends in one), the options the last call's ruling offers, and
    after the close what can happen then: a call, a card exposed, a change of the closing call (the
    notation's ``=`` is "also right after the closing pass"), a review, an incident; no mark (a PBN
    mark belongs to a call of the auction) and no option (no ruling of the auction offers one)."""
    for token in in_turn:
        yield token, False
    if specials_used >= space.max_special:
        return
    for token in special:
        body = token.split(":", 1)[-1]
        if after_mark and body[:1] in "!=>?[":
            continue
        if closed and body[:1] == "^":
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
