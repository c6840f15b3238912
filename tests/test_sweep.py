"""The sweep's sampled part (``make sweep`` runs the whole of it: tools/sweep.py): a fixed sample of
the same space, judged through the same classification, under every edition of the registry and
every shipped draft, at both layers. Each scenario rules, or is refused naming its token and the
token's position; an internal error, another exception or an unnamed refusal fails the test, with
the scenario, the edition and the layer in the message.

``KNOWN_DEFECTS`` lists the engine's defects the sweep has found and that are not yet mended, each
with one reproducer: a failure of the sample that matches one of them is tolerated; a reproducer
that no longer fails fails the test (the defect is mended: remove its entry).
"""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

from bridgelaws.auction.editions import EDITIONS
from bridgelaws.judging.lookup import find_edition
from bridgelaws.auction.notation import TOKENS, parse_event
from bridgelaws.text.errors import BridgeLawsError, InternalError
from bridgelaws.text.vocabulary import Layer

REPO = Path(__file__).resolve().parents[1]


def _load_sweep():
    spec = importlib.util.spec_from_file_location("tools_sweep", REPO / "tools" / "sweep.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tools_sweep"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


sweep = _load_sweep()

#: The engine's defects found by the sweep and not yet mended: (what failed, a pattern its message
#: matches, one reproducer: scenario, edition, layer). Remove an entry when its defect is mended
#: (the test below says so).
KNOWN_DEFECTS: list[tuple[str, str, tuple[str, str, str]]] = [
    # None now. The one the sweep found (an irregular replacement made without asking whether it is
    # proper, "X X" under 2017, supplement) is mended: judging.py rules it as what it is.
]

#: The sample: this many sequences of four tokens (each judged as its four prefixes), this seed.
SAMPLE_SIZE = 1500
SEED = 31


def _known(found) -> bool:
    return any(found.failure.startswith(kind) and re.search(pattern, found.message)
               for kind, pattern, _ in KNOWN_DEFECTS)


def _editions():
    return [find_edition(name) for name in sweep._edition_names()]


def test_the_sweep_asks_the_registry_and_the_drafts_folder():
    from bridgelaws.judging.drafts import example_drafts

    names = sweep._edition_names()
    assert names[:len(EDITIONS)] == [str(e.year) for e in EDITIONS]
    assert len(names) == len(EDITIONS) + len(example_drafts()) and len(example_drafts()) >= 1


def test_a_task_of_the_sweep_judges_each_edition_it_names_drafts_included():
    # A task names its edition as the sweep's worker receives it (a year, a draft's file): every one
    # is found and judged (a draft was once found by the auction layer, which knows none).
    for name in sweep._edition_names():
        counts = sweep._task((name, str(Layer.SUPPLEMENT), 1, {}, ("1C", "P")))
        assert counts.scenarios > 0 and counts.failed == 0, name


def _kind(token: str) -> tuple:
    """What kind of token this is, as the notation reads it: what the sweep must hold one of."""
    event = parse_event(token, 1)
    level = event.call.level if event.call is not None and event.call.is_bid else 0
    return (event.kind, event.manner, event.seat is not None, event.named is not None, event.mark,
            event.choice == "consulted", level > 7, event.call is not None and event.call.is_redouble)


def test_every_kind_of_token_the_notation_documents_is_in_the_sweep():
    tokens, marks = sweep.alphabet()
    options = sweep.option_tokens(("cancel", "keep"), ("cancel", "keep", "redeal"))
    held = {_kind(token) for token in tokens + marks + options}
    documented = {form: _kind(form) for doc in TOKENS for form in doc.forms}
    missing = [form for form, kind in documented.items() if kind not in held]
    assert not missing, f"documented in notation.TOKENS but no token of its kind in the sweep: {missing}"


def test_every_incident_and_every_seat_of_a_call_is_in_the_sweep():
    from bridgelaws.auction.notation import INCIDENTS

    tokens, _ = sweep.alphabet()
    for word in INCIDENTS:
        assert any(f"[{word}]" in token for token in tokens), word
    for seat in "NESW":
        assert {f"{seat}:P", f"{seat}:X", f"{seat}:2S", f"{seat}:!SK", f"{seat}:?"} <= set(tokens)


# --- the classification, on made-up answers of the judge -------------------------------------------

@pytest.mark.parametrize("raised, outcome", [
    (BridgeLawsError("'P' at position 2: 2017:19.A.1 forbids it"), "refused"),
    (BridgeLawsError("no such bid: level 1, strain -1"), "failed"),  # the crash first reported
    (BridgeLawsError("'1S' at position 9: too far"), "failed"),  # a position not in the scenario
    (BridgeLawsError("'7NT' at position 2: not this token"), "failed"),  # the token at 2 is P
    (InternalError("internal error at 'P' (position 2) under 2017: KeyError: 3"), "failed"),
    (KeyError(3), "failed"),
])
def test_what_counts_as_a_named_refusal(monkeypatch, raised, outcome):
    def judged(*args, **kwargs):
        raise raised

    monkeypatch.setattr(sweep, "judge", judged)
    found = sweep.verdict(("X", "P"), find_edition(EDITIONS[-1].year), Layer.CORPUS)
    assert found.outcome == outcome, (raised, found)
    if outcome == "refused":
        assert found.position == 2


def test_a_ruled_scenario_is_ruled():
    assert sweep.verdict(("1S", "P"), EDITIONS[0], Layer.CORPUS).outcome == "ruled"


# --- the sample ----------------------------------------------------------------------------------------

def _sample() -> list[tuple[str, ...]]:
    """Sequences of four tokens, with a fixed seed: calls in turn half the time, else any token of
    the sweep or an option (so that the options and the marks are met where they belong and where
    they do not)."""
    tokens, marks = sweep.alphabet()
    special = [t for t in tokens if t not in sweep.IN_TURN] + list(marks)
    options = list(sweep.option_tokens(sweep.all_choices(EDITIONS[1]), ()))
    chooser = random.Random(SEED)
    drawn = []
    for _ in range(SAMPLE_SIZE):
        sequence = []
        for _ in range(sweep.DEFAULT_MAX_TOKENS):
            pick = chooser.random()
            pool = sweep.IN_TURN if pick < 0.5 else options if pick < 0.6 else special
            sequence.append(chooser.choice(pool))
        drawn.append(tuple(sequence))
    return drawn


def test_a_sample_of_the_sweep_rules_or_names_the_refused_token():
    failures, pruning = [], []
    judged = 0
    for edition in _editions():
        for layer in Layer:
            for sequence in _sample():
                refused_at = None
                for length in range(1, len(sequence) + 1):
                    scenario = sequence[:length]
                    if scenario[-1] in sweep.MARKS:
                        continue  # a mark waits for its call
                    found = sweep.verdict(scenario, edition, layer)
                    judged += 1
                    where = f"judge {' '.join(scenario)!r} under {edition.year}, layer {layer}"
                    if found.outcome == "failed":
                        if not _known(found):
                            failures.append(f"{where}: {found.failure}: {found.message}")
                        break
                    if refused_at is not None and "#" not in scenario[-1] and found.outcome != "refused":
                        # The sweep's pruning: a refused prefix's extensions are refused, at the same
                        # token, or at one the notation cannot read where it stands (an option after
                        # no call: the whole scenario is read before it is judged); options aside,
                        # which the judge reads with their call.
                        pruning.append(f"{where}: {found.outcome}, its prefix refused at {refused_at}")
                    if found.outcome == "refused" and refused_at is None:
                        refused_at = found.position
                    elif found.outcome == "ruled":
                        refused_at = None  # an option made a refused call playable: the sweep extends it
    assert judged > 10_000
    assert not failures, f"{len(failures)} failure(s), e.g.:\n" + "\n".join(failures[:10])
    assert not pruning, "\n".join(pruning[:10])


def test_each_known_defect_still_fails_as_listed():
    # One test over the list (an empty list is the goal, not a skipped test).
    for kind, pattern, reproducer in KNOWN_DEFECTS:
        scenario, edition, layer = reproducer
        found = sweep.verdict(tuple(scenario.split()), find_edition(edition), Layer(layer))
        assert found.outcome == "failed" and found.failure.startswith(kind) and re.search(pattern, found.message), (
            f"{reproducer} no longer fails as listed ({found}): the defect is mended, remove it from KNOWN_DEFECTS")


def test_the_defect_the_sweep_found_is_mended():
    # "X X" under 2017, supplement: the replacement of an inadmissible double is itself one; it was
    # refused in Auction.call's own words, naming no token position.
    found = sweep.verdict(("X", "X"), find_edition("2017"), Layer("supplement"))
    assert found.outcome != "failed", found
