"""The sweep: every scenario of up to four tokens over the whole notation, judged under every edition of
the registry and every shipped draft, at both layers; each must rule, or be refused with a
:class:`BridgeLawsError` that names its token and the token's position. An :class:`InternalError`,
any other exception, or a refusal that names no token position is a failure.

    .venv/bin/python tools/sweep.py [--max-tokens 4] [--special 3:2,4:1] [--jobs 2] [--calibrate] [--json]

(``make sweep``). Exit status 1 when anything failed, with each class of failure and one example.

Why a script under ``tools/`` and not a module of the package: the sweep is a developer's check over
the engine, like the fuzz run, not something a reader of the laws calls; it reads the package only
through its public entry points (``judge``, the registry, the shipped drafts, the notation's
``INCIDENTS`` and ``MARKS``), so it sees what a user would see, and ``tests/test_sweep.py`` loads it
by its path (as ``tests/test_readme.py`` loads ``tools/regen_docs.py``) to run a sample through the
same classification.

**The alphabet** (:func:`alphabet`). Every kind of token the notation documents (``notation.TOKENS``;
``tests/test_sweep.py`` checks that each documented form has a token of its kind here):

* calls by the player whose turn it is: ``P X XX`` and the bids ``1C 1H 1S 1NT 2C 2S 3NT 7NT 8C``.
  The 35 bids are reduced to these because the engine reads a bid only by its rank against the last
  bid (sufficient or not, the lowest sufficient one), by its denomination compared for equality
  (the correction in the same denomination, the first bidder of a denomination, the declarer, a
  double naming the wrong denomination) and by the level's bounds (seven, more than seven). These
  make every such pattern: 1C 1H 1S at one level and 1NT above them (no trump, the denomination
  that is no suit); 2C and
  2S, the lowest sufficient bid in the same denomination over 1C and 1S, and over each other's;
  3NT, a jump; 7NT, the last bid (nothing is sufficient over it); 8C, a bid of more than seven.
* calls with a seat, each of ``P X 1C 2S`` by each of N E S W: out of rotation, over an irregular
  call (an acceptance), or the offender's own correction (a redouble out of rotation is read as the
  double's case, ``double-out-of-rotation``; ``XX`` is in turn and in ``XX@1C``);
* doubles naming a bid: ``X@1C X@2S XX@1C``;
* exposed cards: ``!SK`` and ``!S5`` by each seat and ``!SK`` without one (the player to act); the
  ten ``W:!ST`` and the other manners ``W:!SK/seen W:!SK/said W:!SK/early E:!S5/early``;
* changes of the last call: ``=2S >2S =P >P =X >XX`` without a seat, ``=2S >2S`` by each seat;
* review requests: ``?`` and by each seat;
* every incident of ``notation.INCIDENTS``: ``[wrong-board]`` and ``[misinformed]`` (the two whose
  rulings change or void the last call) by each seat, the other incidents that need a seat by North
  and East, those that need none without one;
* the marks ``^I ^S`` (a mark is followed by a call: a prefix ending in a mark is not judged);
* options, after a call or an option: each choice the last call's ruling offers under the edition
  and layer judged, and ``#consulted``, unnamed and by each seat, and one choice it does not offer
  (the first of all the choices any ruling of the edition offers that is not among them), so that
  the refusal of an option nobody offered is swept too.

Where a kind of token is written by one or two seats only, the others' roles are still met: the
seats are absolute (N, E, S, W; dealer North) while who is to act, who made the last call and who
is his partner move with every call of the prefix, so a fixed seat meets each role somewhere in
the sweep.

**Special tokens.** Anything but a call in turn (``P X XX`` and the bids above) is special. Every
sequence of up to two tokens is swept; of three tokens, those with at most two special tokens; of
four, those with at most one (``--special``: ``3:2,4:1``; ``none`` lifts the bound). Without the
bound, the four-token sweep would judge about 280 million scenarios (some 86 tokens follow each of
the 3.2 million playable scenarios of three tokens): about four hours on this machine's two cores,
against a quarter of an hour with it (docs/performance.md). With it, every pair of special
tokens is met (after a call, before one, between two), every kind alone at every place of four
tokens, and four calls in turn in every combination of the twelve.

**Pruning.** Each edition and layer is walked on its own, depth first. A prefix that is refused is
not extended: its extensions are refused too (the judge reads the tokens in order and stops at the
first it cannot play, or earlier, where the notation cannot read a token where it stands; only
options are read ahead, with their call, so a prefix refused at its last token, a call, is still
followed by each option of all the edition's rulings, unnamed, and extended if one makes it
playable). ``tests/test_sweep.py`` checks the claim on its sample.

**Counted.** A scenario is a sequence of tokens judged under one edition and one layer; the counts
are of those triples (scenarios × editions × layers), with the rulings, the refusals and the
failures by class (the message with its tokens, positions, numbers and edition names taken out).
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import re
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field

from bridgelaws.auction.editions import EDITIONS, Edition
from bridgelaws.judging.lookup import find_edition
from bridgelaws.auction.notation import INCIDENTS, MARKS
from bridgelaws.judging import rulings as rulings_data
from bridgelaws.judging.drafts import example_drafts
from bridgelaws.judging.judging import judge
from bridgelaws.text.errors import BridgeLawsError, InternalError
from bridgelaws.text.vocabulary import Layer

SEATS = ("N", "E", "S", "W")
IN_TURN = ("P", "X", "XX", "1C", "1H", "1S", "1NT", "2C", "2S", "3NT", "7NT", "8C")
SEATED_CALLS = ("P", "X", "1C", "2S")
NAMED_DOUBLES = ("X@1C", "X@2S", "XX@1C")
EXPOSURES = tuple(f"{seat}:{card}" for seat in SEATS for card in ("!SK", "!S5")) + (
    "!SK", "W:!ST", "W:!SK/seen", "W:!SK/said", "W:!SK/early", "E:!S5/early")
CHANGES = ("=2S", ">2S", "=P", ">P", "=X", ">XX") + tuple(f"{seat}:{change}" for seat in SEATS for change in ("=2S", ">2S"))
#: The incidents by each seat (the others, needing a seat, by North and East).
EVERY_SEAT_INCIDENTS = ("wrong-board", "misinformed")
DEFAULT_MAX_TOKENS = 4
#: How many special tokens (anything but a call in turn) a scenario of each length may hold; a length
#: not named has no bound.
DEFAULT_SPECIAL = {3: 2, 4: 1}

RULED, REFUSED = "ruled", "refused"


def alphabet() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the tokens that may follow any prefix, the marks); options are added per prefix."""
    tokens: list[str] = list(IN_TURN)
    tokens += [f"{seat}:{call}" for seat in SEATS for call in SEATED_CALLS]
    tokens += list(NAMED_DOUBLES) + list(EXPOSURES) + list(CHANGES)
    tokens += ["?"] + [f"{seat}:?" for seat in SEATS]
    for word, (_, needs_seat) in INCIDENTS.items():
        seats = SEATS if word in EVERY_SEAT_INCIDENTS else ("N", "E")
        tokens += [f"{seat}:[{word}]" for seat in seats] if needs_seat else [f"[{word}]"]
    return tuple(tokens), tuple(MARKS)


def is_special(token: str) -> bool:
    return token not in IN_TURN


def edition_name(edition: Edition) -> str:
    return str(edition.year)


_ALL_CHOICES: dict[str, tuple[str, ...]] = {}


def all_choices(edition: Edition) -> tuple[str, ...]:
    """Every choice any ruling of ``edition`` offers in any branch, sorted."""
    key = edition_name(edition)
    if key not in _ALL_CHOICES:
        choices: set[str] = set()
        for case in rulings_data.cases():
            for condition in [None] + [b["condition"] for b in rulings_data.branches(case.id, edition)]:
                choices.update(str(o["choice"]) for o in rulings_data.generic_ruling(case.id, edition, condition).options)
        _ALL_CHOICES[key] = tuple(sorted(choices))
    return _ALL_CHOICES[key]


def option_tokens(offered: tuple[str, ...], every: tuple[str, ...]) -> tuple[str, ...]:
    """After a call whose ruling offers ``offered``: each of them and #consulted, unnamed and by
    each seat, and the first choice of ``every`` not offered (its refusal)."""
    chosen = sorted(set(offered)) + ["consulted"]
    tokens = [f"#{c}" for c in chosen] + [f"{seat}:#{c}" for seat in SEATS for c in chosen]
    stranger = next((c for c in every if c not in offered), None)
    return tuple(tokens + ([f"#{stranger}"] if stranger else []))


# --- one scenario ------------------------------------------------------------------------------------

_POSITION = re.compile(r"\bat position (\d+)\b")


@dataclass(frozen=True)
class Verdict:
    """What the judge did with one scenario: ruled, refused (at ``position``), or failed (``failure``:
    the class of the failure, ``message``: its words)."""

    outcome: str  # "ruled", "refused" or "failed"
    position: int = 0
    failure: str = ""
    message: str = ""
    offered: tuple[str, ...] = ()  # ruled: the choices the last token's ruling offers


def named_position(message: str, tokens: tuple[str, ...]) -> int:
    """The position a refusal names with its token (``'P' at position 3``), or 0 when it names none:
    a position within the scenario whose token is quoted in the message (as the judge quotes it)."""
    for match in _POSITION.finditer(message):
        position = int(match.group(1))
        if 1 <= position <= len(tokens) and repr(tokens[position - 1]) in message:
            return position
    return 0


def failure_class(kind: str, error: BaseException) -> str:
    """A failure's class: its kind and where in the package it was raised (the last two frames of
    ``bridgelaws/`` in its traceback, or its cause's), so that one defect met on many scenarios,
    whatever its words there, is one class."""
    cause = error.__cause__ if isinstance(error, InternalError) and error.__cause__ is not None else error
    frames = [f for f in traceback.extract_tb(cause.__traceback__) if "/bridgelaws/" in f.filename]
    site = " <- ".join(f"{f.filename.split('/bridgelaws/')[-1]}:{f.lineno}" for f in reversed(frames[-2:]))
    return f"{kind} raised at {site or '?'}"


def message_class(message: str) -> str:
    """A message with the scenario's particulars taken out (quoted tokens, seats, calls, numbers,
    citations), to tell the messages of one class apart."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", message)
    text = re.sub(r"\([^()]*\)", "(…)", text)
    text = re.sub(r"\b(North|East|South|West)\b", "<seat>", text)
    text = re.sub(r"\b(under|in) [\w-]+:", r"\1 …:", text)
    text = re.sub(r"\b(XX|X|P|\d[\w.-]*)\b", "#", text)
    return text


def verdict(tokens: tuple[str, ...], edition: Edition, layer: Layer) -> Verdict:
    """Judge ``tokens`` and classify the outcome."""
    try:
        result = judge(list(tokens), edition, layer=layer)
    except InternalError as error:
        return Verdict("failed", failure=failure_class("InternalError", error), message=str(error))
    except BridgeLawsError as error:
        message = str(error)
        position = named_position(message, tokens)
        if position:
            return Verdict(REFUSED, position=position)
        return Verdict("failed", failure=failure_class("refusal naming no token position", error), message=message)
    except Exception as error:  # noqa: BLE001 - every other exception is a failure, reported as such
        return Verdict("failed", failure=failure_class(type(error).__name__, error),
                       message=f"{type(error).__name__}: {error}")
    offered: tuple[str, ...] = ()
    for event in result.events:
        if event.index == len(tokens) and event.ruling is not None:
            offered = tuple(str(option["choice"]) for option in event.ruling.options)
    return Verdict(RULED, offered=offered)


# --- the walk ----------------------------------------------------------------------------------------

@dataclass
class Counts:
    scenarios: int = 0
    ruled: int = 0
    refused: int = 0
    failed: int = 0
    #: failure class -> [how many, one example: (scenario, edition, layer, message)]
    failures: dict[str, list] = field(default_factory=dict)
    per_length: dict[int, int] = field(default_factory=lambda: collections.defaultdict(int))

    def add(self, tokens: tuple[str, ...], edition: str, layer: str, found: Verdict) -> None:
        self.scenarios += 1
        self.per_length[len(tokens)] += 1
        if found.outcome == RULED:
            self.ruled += 1
        elif found.outcome == REFUSED:
            self.refused += 1
        else:
            self.failed += 1
            entry = self.failures.setdefault(found.failure, [0, (" ".join(tokens), edition, layer, found.message), {}])
            entry[0] += 1
            variants = entry[2]
            key = message_class(found.message)
            if key in variants or len(variants) < 12:
                variants.setdefault(key, [0, (" ".join(tokens), edition, layer, found.message)])[0] += 1

    def merge(self, other: "Counts") -> None:
        self.scenarios += other.scenarios
        self.ruled += other.ruled
        self.refused += other.refused
        self.failed += other.failed
        for key, (count, example, variants) in other.failures.items():
            entry = self.failures.setdefault(key, [0, example, {}])
            entry[0] += count
            for variant, (times, first) in variants.items():
                if variant in entry[2] or len(entry[2]) < 12:
                    entry[2].setdefault(variant, [0, first])[0] += times
        for length, count in other.per_length.items():
            self.per_length[length] += count


def _is_call_or_option(token: str) -> bool:
    body = token.split(":", 1)[-1]
    return body[:1] not in "!=>?[^"


def _bound(special: dict[int, int], length: int) -> int:
    return special.get(length, length)


def walk(edition: Edition, layer: Layer, max_tokens: int, special: dict[int, int] | None = None,
         first: tuple[str, ...] | None = None) -> Counts:
    """Every scenario of up to ``max_tokens`` tokens under ``edition`` and ``layer`` with at most
    ``special[length]`` special tokens (those starting with a token of ``first`` only, when given),
    refused prefixes not extended."""
    bounds = DEFAULT_SPECIAL if special is None else special
    tokens, marks = alphabet()
    every = all_choices(edition)
    counts = Counts()
    name = edition_name(edition)
    refused_options = tuple(f"#{c}" for c in every)
    calls_only = tuple(t for t in tokens if _is_call_or_option(t))

    def extensions(prefix: tuple[str, ...], found: Verdict | None) -> Iterator[str]:
        if found is not None and found.outcome != RULED:
            # Refused (or failed) at its last token, a call: only the options, which the judge
            # reads with the call, could change that.
            if prefix and _is_call_or_option(prefix[-1]) and found.position == len(prefix):
                yield from refused_options
            return
        after_mark = bool(prefix) and prefix[-1] in marks
        yield from calls_only if after_mark else tokens
        if not after_mark:
            yield from marks
            if prefix and _is_call_or_option(prefix[-1]):
                yield from option_tokens(found.offered if found else (), every)

    def visit(prefix: tuple[str, ...], used: int, found: Verdict | None) -> None:
        length = len(prefix) + 1
        if length > max_tokens:
            return
        for token in extensions(prefix, found):
            if first is not None and not prefix and token not in first:
                continue
            count = used + is_special(token)
            if count > _bound(bounds, length):
                continue
            scenario = prefix + (token,)
            if token in marks:
                visit(scenario, count, None)
                continue
            result = verdict(scenario, edition, layer)
            counts.add(scenario, name, str(layer), result)
            visit(scenario, count, result)

    visit((), 0, None)
    return counts


def _task(args: tuple[str, str, int, dict[int, int], tuple[str, ...]]) -> Counts:
    edition, layer, max_tokens, special, first = args
    return walk(find_edition(edition), Layer(layer), max_tokens, special, first)


def tasks(max_tokens: int, special: dict[int, int], chunks: int = 6
          ) -> list[tuple[str, str, int, dict[int, int], tuple[str, ...]]]:
    """The sweep cut into tasks: per edition and layer, the first tokens dealt into ``chunks``."""
    tokens, marks = alphabet()
    firsts = tokens + marks
    return [(name, str(layer), max_tokens, special, firsts[n::chunks])
            for name in _edition_names() for layer in Layer for n in range(chunks)]


def _edition_names() -> list[str]:
    """Every edition of the registry, then every shipped draft (asked, never listed by hand)."""
    return [str(e.year) for e in EDITIONS] + [f"data/{name}" for name in example_drafts()]


def sweep(max_tokens: int = DEFAULT_MAX_TOKENS, jobs: int = 2, special: dict[int, int] | None = None
          ) -> tuple[Counts, float]:
    started = time.perf_counter()
    total = Counts()
    work = tasks(max_tokens, DEFAULT_SPECIAL if special is None else special)
    done = 0

    def progress() -> None:
        if sys.stderr.isatty():
            print(f"\r{done} of {len(work)} parts, {total.scenarios:,} judged, {time.perf_counter() - started:.0f} s",
                  end="", file=sys.stderr, flush=True)

    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for counts in pool.imap_unordered(_task, work):
                total.merge(counts)
                done += 1
                progress()
    else:
        for item in work:
            total.merge(_task(item))
            done += 1
            progress()
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return total, time.perf_counter() - started


def report(counts: Counts, seconds: float, max_tokens: int, special: dict[int, int]) -> str:
    names = _edition_names()
    bounds = ", ".join(f"at most {n} special token{'s' if n != 1 else ''} in {length} tokens"
                       for length, n in sorted(special.items()) if length <= max_tokens)
    lines = [f"sweep: every scenario of up to {max_tokens} tokens ({bounds or 'no bound on special tokens'}) "
             f"of {sum(len(part) for part in alphabet())} tokens and the options, under {len(names)} editions "
             f"(the registry's {len(EDITIONS)}, {len(names) - len(EDITIONS)} shipped drafts) x {len(Layer)} layers",
             f"judged: {counts.scenarios:,} (scenario, edition, layer); by length: "
             + ", ".join(f"{n}: {counts.per_length[n]:,}" for n in sorted(counts.per_length)),
             f"ruled: {counts.ruled:,}; refused, naming the token and its position: {counts.refused:,}; "
             f"failed: {counts.failed:,} in {len(counts.failures)} class(es)",
             f"time: {seconds:.1f} s wall ({counts.scenarios / max(seconds, 1e-9):,.0f} a second)"]
    for failure, (count, (scenario, edition, layer, message), variants) in sorted(counts.failures.items(),
                                                                                   key=lambda kv: -kv[1][0]):
        lines.append(f"  {count:,} x {failure}\n      e.g. judge {scenario!r} under {edition}, layer {layer}: {message}")
        for variant, (times, (v_scenario, v_edition, v_layer, _)) in sorted(variants.items(), key=lambda kv: -kv[1][0]):
            lines.append(f"      {times:>7,} x {variant}  (e.g. {v_scenario!r}, {v_edition}, {v_layer})")
    return "\n".join(lines)


def calibration() -> str:
    """The fixed loop of benchmarks/suite_time.py, timed on one core and on both (as it does)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "suite_time.py"
    spec = importlib.util.spec_from_file_location("suite_time", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return f"one core {module.spin(1)} s, both {module.spin(2)} s"


def parse_special(text: str) -> dict[int, int]:
    """``3:2,4:1`` -> {3: 2, 4: 1}; ``none``: no bound."""
    if text.strip().lower() in ("", "none"):
        return {}
    try:
        return {int(length): int(bound) for length, bound in (part.split(":") for part in text.split(","))}
    except ValueError:
        raise SystemExit(f"sweep: --special {text!r}: write length:bound pairs, e.g. 3:2,4:1, or none") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS)
    parser.add_argument("--special", default=",".join(f"{k}:{v}" for k, v in DEFAULT_SPECIAL.items()),
                        help="the most special tokens (anything but a call in turn) per length, e.g. 3:2,4:1 "
                             "(the default), or none")
    parser.add_argument("--jobs", type=int, default=2, help="processes (2)")
    parser.add_argument("--calibrate", action="store_true",
                        help="time the fixed loop of benchmarks/suite_time.py before and after")
    parser.add_argument("--json", action="store_true", help="the counts as one JSON object")
    args = parser.parse_args(argv)
    special = parse_special(args.special)
    before = calibration() if args.calibrate else None
    counts, seconds = sweep(args.max_tokens, args.jobs, special)
    after = calibration() if args.calibrate else None
    if args.json:
        print(json.dumps({"max_tokens": args.max_tokens, "special": special, "seconds": round(seconds, 1),
                          "judged": counts.scenarios, "ruled": counts.ruled, "refused": counts.refused,
                          "failed": counts.failed, "per_length": dict(counts.per_length),
                          "calibration": [before, after],
                          "failures": {k: {"count": c, "example": list(e)} for k, (c, e, _) in counts.failures.items()}}))
    else:
        print(report(counts, seconds, args.max_tokens, special))
        if args.calibrate:
            print(f"calibration (the fixed loop of benchmarks/suite_time.py): before: {before}; after: {after}")
    return 1 if counts.failed else 0


if __name__ == "__main__":
    sys.exit(main())
