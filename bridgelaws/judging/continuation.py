"""A scenario judged by continuing the play of its first tokens: :func:`judge_on`, :class:`Played`.

A search over many scenarios that share their first tokens (:mod:`bridgelaws.presentation.distinguish`)
judges each by playing only its new tokens on a copy of its prefix's state (:func:`copy_run`), through
the judge's own loop (:func:`bridgelaws.judging.judging._play`): the judgement, or the refusal, is the
one :func:`~bridgelaws.judging.judging.judge` gives for the whole scenario (``tests/test_judge_on.py``
holds them equal; docs/decisions/2026-12-02-continued-judgement.md says why a copy).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..auction.auction import Auction, Entry
from ..auction.calls import Call, Seat
from ..auction.editions import Edition
from ..auction.notation import Event, is_option_token, parse_more
from ..text.errors import InternalError
from ..text.vocabulary import Layer
from . import rulings as rulings_data
from .judgement import Judgement
from .judging import _play, _Run
from .rulings import Ruling

__all__ = ["Played", "copy_run", "judge_on"]


class Played:
    """A scenario played to its end by :func:`judge_on`, that a longer scenario may continue from.

    Never changed once made: each continuation plays on its own copy of the state
    (:func:`copy_run`), so the judgement returned beside it stays as it was. What a search over
    many scenarios that share their first tokens uses (:mod:`bridgelaws.presentation.distinguish`):
    each longer scenario plays only its new tokens."""

    __slots__ = ("tokens", "_events", "_run")

    def __init__(self, tokens: tuple[str, ...], events: list[Event], run: _Run) -> None:
        self.tokens = tokens
        self._events = events
        self._run = run

    @classmethod
    def start(cls, edition: Edition, dealer: Seat, layer: Layer) -> Played:
        """Nothing played yet under ``edition`` (found already: a draft too), ``dealer`` and ``layer``."""
        return cls((), [], _Run(edition, dealer, layer))

    @property
    def edition(self) -> Edition:
        """The edition it was played under."""
        return self._run.edition

    def continues(self, tokens: Sequence[str]) -> bool:
        """Whether :func:`judge_on` can continue from here to ``tokens``: they begin with this
        scenario, and the first new token is not an option (an option belongs to the call before
        it, which was played without it)."""
        at = len(self.tokens)
        return len(tokens) > at and tuple(tokens[:at]) == self.tokens and not is_option_token(tokens[at])


def judge_on(played: Played, tokens: Sequence[str]) -> tuple[Judgement, Played]:
    """``judge(tokens, ...)`` under the edition, dealer and layer of ``played``, for ``tokens`` that
    :meth:`Played.continues`: the same judgement, or the same refusal raised, with only the tokens
    after ``played.tokens`` played, on a copy of its state. Returns the judgement and the new
    :class:`Played` to continue from.

    The judgement is the new play's own state: read it, never change it (a change would be carried
    into every scenario continued from that play). A caller that wants to change one judges afresh."""
    tokens = tuple(tokens)
    if not played.continues(tokens):
        raise InternalError(f"cannot continue {' '.join(played.tokens)!r} to {' '.join(tokens)!r}")
    events = parse_more(played._events, tokens[len(played.tokens):])
    run = copy_run(played._run)
    result = _play(run, events, len(played.tokens))
    # A scenario that reads ends in no mark (parse_more refuses one), so none waits here.
    return result, Played(tokens, events, run)


def copy_run(run: _Run) -> _Run:
    """A copy of ``run`` that a continuation may change without changing ``run`` or the
    judgement it finished (:func:`judge_on`): every object the judge changes in place while it
    plays (the records, the rulings, the auctions, the judgement, the dicts and sets of the
    run) is new, each once, so what was one object stays one object (a record and the pending
    acceptance that holds it, a ruling and the auction's entry that holds it). What it never
    changes (the edition, calls, seats, frozen states and bars) is shared."""
    if run.__dict__.keys() != _RUN_FIELDS:
        raise InternalError(f"copy_run does not know the fields {sorted(run.__dict__.keys() ^ _RUN_FIELDS)}")
    rulings: dict[int, Ruling] = {}
    records: dict[int, dict[str, Any]] = {}
    auctions: dict[int, Auction] = {}

    def ruling(old: Any) -> Any:
        if old is None:
            return None
        new = rulings.get(id(old))
        if new is None:
            new = rulings[id(old)] = rulings_data._fresh(old)
        return new

    def record(old: dict[str, Any]) -> dict[str, Any]:
        new = records.get(id(old))
        if new is None:
            new = records[id(old)] = dict(old)
            if old["ruling"] is not None:
                new["ruling"] = ruling(old["ruling"])
        return new

    def auction(old: Auction) -> Auction:
        new = auctions.get(id(old))
        if new is None:
            new = auctions[id(old)] = old.copy()
            new._entries = [entry if entry.ruling is None else _with_ruling(entry, ruling(entry.ruling))
                            for entry in new._entries]
        return new

    other = object.__new__(_Run)
    other.edition, other.layer, other.choice_note = run.edition, run.layer, run.choice_note
    other.records = [record(old) for old in run.records]
    other.auction = auction(run.auction)
    if run.result.__dict__.keys() != _JUDGEMENT_FIELDS:
        raise InternalError(f"copy_run does not know the judgement's fields "
                            f"{sorted(run.result.__dict__.keys() ^ _JUDGEMENT_FIELDS)}")
    result = other.result = object.__new__(Judgement)
    result.__dict__.update(run.result.__dict__)
    # What finish() sets is set again by the continuation's finish (as on a fresh run).
    result.auction, result.events, result.no_legal_call = auction(run.result.auction), [], None

    def held(kept: Any) -> Any:
        """What a pending tuple holds, each part copied by what it is (not by its place in the
        tuple): a record, a ruling, an auction; anything else the judge never changes."""
        if kept is None:
            return None
        parts = [record(part) if type(part) is dict else ruling(part) if isinstance(part, Ruling)
                 else auction(part) if isinstance(part, Auction) else _unchanged(part) for part in kept]
        return type(kept)(*parts) if hasattr(kept, "_fields") else tuple(parts)

    other.pending_acceptance, other.pending_correction = held(run.pending_acceptance), held(run.pending_correction)
    other.awaiting_repeat, other.after_rho = held(run.awaiting_repeat), held(run.after_rho)
    other.exposed, other.misinformed = dict(run.exposed), set(run.misinformed)
    other.option_events = list(run.option_events)
    other.exposed_cards, other.exposed_ranks = dict(run.exposed_cards), dict(run.exposed_ranks)
    return other


#: The fields of a :class:`_Run` and of a :class:`Judgement` that :func:`copy_run` knows how to
#: copy: a field added to either without a rule there stops the copy with an internal error.
_RUN_FIELDS = frozenset({"edition", "layer", "auction", "result", "pending_acceptance", "pending_correction",
                         "awaiting_repeat", "after_rho", "exposed", "misinformed", "option_events", "choice_note",
                         "exposed_cards", "exposed_ranks", "records"})
_JUDGEMENT_FIELDS = frozenset(field.name for field in dataclasses.fields(Judgement))


#: What a pending tuple may hold besides records, rulings and auctions: values the judge never changes.
_UNCHANGED = (str, int, Seat, Call, tuple, frozenset, type(None))


def _unchanged(part: Any) -> Any:
    if not isinstance(part, _UNCHANGED):
        raise InternalError(f"copy_run does not know how to copy a {type(part).__name__} held by a pending ruling")
    return part


def _with_ruling(entry: Entry, ruling: Ruling) -> Entry:
    """``entry`` holding ``ruling`` (its copy) in the place of its own."""
    new = object.__new__(Entry)
    new.__dict__.update(entry.__dict__)
    object.__setattr__(new, "ruling", ruling)
    return new
