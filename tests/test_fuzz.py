"""Fuzzing: whatever a user feeds the notation parser, judge, the PBN reader or the command line, the
answer is a result or one BridgeLawsError with a one-line message; never another exception, never
a hang (every example runs under an alarm).

``make test`` runs a bounded, reproducible run (a few hundred examples per target, derandomized).
The long run is one command (about 50 times the examples, fresh random draws each time):

    BRIDGELAWS_FUZZ=long .venv/bin/python -m pytest tests/test_fuzz.py

and, coverage-guided with atheris, ``python benchmarks/fuzz_atheris.py`` (see benchmarks/README.md).
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelaws import BridgeLawsError, judge
from bridgelaws.auction import pbn
from bridgelaws.auction.pbn import reading
from bridgelaws.auction.calls import ALL_CALLS, parse_call
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.auction.notation import parse_scenario
from bridgelaws.text.vocabulary import EventKind
from timelimit import time_limit

LONG = os.environ.get("BRIDGELAWS_FUZZ", "").lower() == "long"
#: Seconds one example may take before it counts as a hang.
LIMIT = 10
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pbn"


def budget(examples: int):
    """The settings of a fuzz target: ``examples`` in the bounded run, 50 times as many (and new
    draws) in the long run."""
    return settings(max_examples=examples * 50 if LONG else examples, derandomize=not LONG,
                    deadline=None, suppress_health_check=list(HealthCheck), database=None)


def no_hang(seconds: int = LIMIT):
    """Fail (rather than wait for ever) when the body takes longer than ``seconds``."""
    return time_limit(seconds, "no answer within {seconds} s: a hang")


def one_clear_line(error: BridgeLawsError) -> None:
    message = str(error)
    assert message and "\n" not in message and "\r" not in message, repr(message)


# --- strategies ------------------------------------------------------------------------------------

CALL_TEXTS = [str(c) for c in ALL_CALLS] + ["8C", "9NT", "Pass", "pas", "1N", "1\u2665", "3ZT", "2 sans atout"]
calls = st.sampled_from(CALL_TEXTS)
seats = st.sampled_from(list("NESWnesw") + ["Z", "O", "North", "?"])
#: Tokens of the scenario notation, well formed or nearly so, and anything at all.
tokens = st.one_of(
    calls, calls, calls,
    st.builds(lambda s, c: f"{s}:{c}", seats, calls),
    st.builds(lambda s, c: f"{s}:!{c}", seats, st.sampled_from(["SK", "H5", "DA", "CT", "S10", "\u2660Q", "ZZ"])),
    st.builds(lambda x, b: f"{x}@{b}", st.sampled_from(["X", "XX", "P", "1C"]), calls),
    st.sampled_from(["^I", "^S", "^i", "^X", "#cancel", "#keep", "#cancel-partners-double",
                     "#lowest-sufficient-same-denomination", "#other-sufficient-bid", "#", "#Keep!", "!", ":", "@"]),
    st.text(max_size=6),
)
#: Characters that matter to a PBN reader, and some that should not.
PBN_ALPHABET = list('[]{}";%^=$!?*+-#\\\n\r \t\x0b\x0c\x85\xa0\u2028\ufeffNESWXPass1234567CDHSTAIRL')
pbn_text = st.text(st.sampled_from(PBN_ALPHABET), max_size=60)


def sources() -> list[str]:
    texts = [path.read_text(encoding="latin-1") for path in sorted(FIXTURES.glob("*.pbn"))]
    shared = Path(os.environ.get("BRIDGELAWS_SHARED") or Path(__file__).resolve().parents[2] / "shared")
    for folder, pattern in (("pbn-verifier", "*.pbn"), ("etc1999", "A1A1010*.PBN")):
        for path in sorted((shared / "corpora" / folder).glob(pattern)):
            texts.append(path.read_text(encoding="latin-1"))
    return texts


SOURCES = sources()


@st.composite
def mutated_pbn(draw):
    """A PBN text (a fixture or a real file) with a few cuts and insertions."""
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 12))
        text = text[:position] + draw(pbn_text) + text[position + cut:]
    return text


# --- the scenario notation and judge ---------------------------------------------------------------

@budget(400)
@given(st.one_of(st.text(max_size=60), st.lists(st.one_of(tokens, st.text(max_size=8)), max_size=12)))
def test_notation_gives_events_or_one_clear_error(scenario):
    with no_hang():
        try:
            events = parse_scenario(scenario)
        except BridgeLawsError as error:
            one_clear_line(error)
            return
    # Every event is of a kind the notation documents (issue 9 added changes and incidents).
    assert all(event.kind in set(EventKind) for event in events)


@budget(300)
@given(st.text(max_size=12))
def test_a_call_token_is_a_call_or_one_clear_error(token):
    try:
        call = parse_call(token)
    except BridgeLawsError as error:
        one_clear_line(error)
        return
    assert call.index < 48


@budget(500)
@given(st.lists(tokens, max_size=24), st.sampled_from(EDITIONS), seats)
def test_judge_gives_a_judgement_or_one_clear_error(scenario, edition, dealer):
    with no_hang():
        try:
            result = judge(scenario, edition, dealer)
            state = result.state
            result.to_json()
        except BridgeLawsError as error:
            one_clear_line(error)
            return
    assert state["outcome"] in ("open", "contract", "passed-out", "next-deal")
    # An open auction without a legal call (1936: 7NT, then an insufficient bid that must be made
    # sufficient) is said so (issue 15), never left silent.
    stuck = state["no_legal_call"] is not None
    assert (state["legal_calls"] == []) == (state["outcome"] != "open" or stuck)
    assert not stuck or state["outcome"] == "open"


@budget(200)
@given(st.text(max_size=80), st.sampled_from(EDITIONS))
def test_judge_of_arbitrary_text(text, edition):
    with no_hang():
        try:
            judge(text, edition, "N")
        except BridgeLawsError as error:
            one_clear_line(error)


# --- the PBN reader --------------------------------------------------------------------------------

def read_all(source, fast: bool = True) -> list:
    """Every game (or error, with its number and line) read from ``source``, by the fast reader or
    by the line-by-line reference; and a report of each game."""
    old = reading._FAST
    reading._FAST = fast
    out = []
    try:
        for item in pbn.iter_games(source, errors="keep"):
            if isinstance(item, BridgeLawsError):
                one_clear_line(item)
                out.append(("error", str(item), item.game_number, item.line))
            else:
                assert isinstance(item, pbn.Game)
                report = pbn.game_report(item)  # never raises: replay errors are in the report
                for entry in report["editions"].values():
                    if entry["error"]:
                        assert "\n" not in entry["error"]
                out.append(("game", item, item.line, [t.line for t in item.auction_tokens], report))
    finally:
        reading._FAST = old
    return out


def check_pbn(source) -> None:
    """``source``: PBN text or bytes, or a function that opens a new stream each time."""
    make = source if callable(source) else (lambda: source)
    with no_hang():
        try:
            fast = read_all(make(), fast=True)
        except BridgeLawsError as error:  # a source that is no PBN text at all (a path, say)
            one_clear_line(error)
            return
        reference = read_all(make(), fast=False)
        assert fast == reference
        games = [item[1] for item in fast if item[0] == "game"]
        if len(games) == len(fast):
            assert pbn.read_games(pbn.write_games(games)) == games
        with contextlib.suppress(BridgeLawsError):
            list(pbn.iter_games(make()))  # errors="raise": the first error, one line


@pytest.mark.parametrize("text", [
    # Found by atheris: '$' starts a NAG token that runs to the next space, over the '[' of a tag.
    '[A "x"] $x[B "y"]\n',
    '[A "x"]\n=1[B "y"]\n',
    b'[A"\xfe"]2\xff$\xff\xff:sta\x01\x00\xfd\x00I\x16@I[A0"Z"]r',
])
def test_found_by_fuzzing(text):
    check_pbn(text)


@budget(300)
@given(mutated_pbn())
def test_mutated_pbn_text_gives_games_or_one_clear_error_each(text):
    check_pbn(text)


@budget(150)
@given(mutated_pbn(), st.sampled_from(["utf-8", "latin-1", "utf-8-sig"]), st.booleans())
def test_mutated_pbn_bytes_and_streams(text, encoding, stream):
    data = text.encode(encoding, errors="replace")
    check_pbn((lambda: io.BytesIO(data)) if stream else data)


@budget(300)
@given(st.one_of(pbn_text.map(lambda t: "[" + t), st.text(max_size=80).map(lambda t: t + "\n["),
                 st.binary(max_size=80)))
def test_arbitrary_text_and_bytes(source):
    check_pbn(source)


@budget(100)
@given(st.one_of(st.integers(), st.none(), st.lists(st.integers(), max_size=3), st.floats()),
       st.sampled_from(["raise", "keep", "ignore"]))
def test_what_is_no_source_is_one_clear_error(source, errors):
    with pytest.raises(BridgeLawsError) as info:
        list(pbn.iter_games(source, errors=errors))
    one_clear_line(info.value)


# --- the bulk path ---------------------------------------------------------------------------------

anything = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.text(max_size=5), st.binary(max_size=6),
              st.sampled_from(list(ALL_CALLS[:8]))),
    lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner), max_leaves=12)


@budget(300)
@given(anything, anything, st.sampled_from(EDITIONS))
def test_the_bulk_path_answers_or_fails_clearly(calls, dealer, edition):
    from bridgelaws.auction import fast

    for function in (fast.contract, fast.contracts):
        try:
            function(calls, dealer, edition)
        except BridgeLawsError as error:
            one_clear_line(error)


# --- the command line ------------------------------------------------------------------------------

COMMANDS = st.sampled_from([
    ["judge", "--edition"], ["judge", "--dealer"], ["judge", "--edition", "1936"], ["compare"],
    ["compare", "--editions"], ["compare", "--json"], ["article"], ["search"], ["count-auctions", "--edition"],
    ["editions"], ["matrix", "--status"], ["cite"], ["cite", "--format"], ["editions", "--json"], [],
])


@budget(150)
@given(COMMANDS, st.lists(st.one_of(tokens, st.text(max_size=10)), max_size=3))
def test_the_command_line_answers_or_fails_with_exit_2(command, words):
    # Not --help (argparse prints and exits), and not the pbn command (it may write --output).
    # Line breaks inside arguments are kept: the error line escapes them.
    argv = command + [w for w in words if not w.startswith(("-h", "--h")) and w != "pbn"]
    out, err = io.StringIO(), io.StringIO()
    with no_hang(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 2), (argv, code)
    if code == 2:
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("bridgelaws: error: ")
