"""An edition is resolved once, where its name comes in, and handed down as an object: following a
command from the command line down through the engine, no layer below the interfaces looks an
edition up by its name again (a year string passed down and found again, a draft found again by its
id). Traced at run time (``sys.setprofile``) over commands that take editions, drafts among them."""

from __future__ import annotations

import collections
import contextlib
import io
import sys

import pytest

from bridgelaws.auction import editions
from bridgelaws.interfaces.cli import main
from bridgelaws.judging import lookup

#: Where a name may be read: the command line's arguments (interfaces), the judging layer's lookup
#: that reads a draft file, and the reader of a draft file, which names its base in the file.
ALLOWED = ("bridgelaws.interfaces.", "bridgelaws.judging.lookup", "bridgelaws.judging.drafts")
DRAFT = "data/drafts/1936-milder-insufficient-bid.yaml"
COMMANDS = [
    ["judge", "--edition", "data/drafts/1936-with-2017-closing.yaml", "1S 1H 2H"],
    ["compare", "--editions", f"1936,{DRAFT},2017", "1S 1H"],
    ["matrix", "--editions", f"1949,{DRAFT}"],
    ["ledger", "--from", "1936", "--to", DRAFT],
    ["distinguish", "1936", DRAFT, "--max-tokens", "2"],
    ["coverage", "--edition", "1949"],
]


def _name_lookups(argv: list[str]) -> collections.Counter:
    codes = {editions.find_edition.__code__, editions.find_editions.__code__,
             lookup.find_edition.__code__, lookup.find_editions.__code__}
    found: collections.Counter = collections.Counter()

    def named(value: object) -> bool:
        if value is None or isinstance(value, editions.Edition):
            return False
        return not (isinstance(value, (list, tuple)) and all(isinstance(v, editions.Edition) for v in value))

    def profile(frame, event, _arg):
        if event == "call" and frame.f_code in codes and named(frame.f_locals.get("name", frame.f_locals.get("names"))):
            caller = frame.f_back
            found[f"{caller.f_globals.get('__name__')}.{caller.f_code.co_name}"] += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(argv)
    finally:
        sys.setprofile(previous)
    assert code == 0, argv
    return found


@pytest.mark.parametrize("argv", COMMANDS, ids=[argv[0] for argv in COMMANDS])
def test_no_layer_below_the_interfaces_finds_an_edition_by_its_name(argv):
    found = _name_lookups(argv)
    assert any(caller.startswith("bridgelaws.interfaces.") for caller in found), found  # the trace sees them
    below = {caller: n for caller, n in found.items() if not caller.startswith(ALLOWED)}
    assert below == {}, below


def _stepper():
    from bridgelaws.interfaces.widgets_stepper import AuctionStepper

    stepper = AuctionStepper("1S 1H", editions=("1936", DRAFT))
    stepper.step.value = 1
    return "bridgelaws.interfaces.widgets_stepper"


def _compare():
    from bridgelaws.interfaces.widgets_explorers import CompareExplorer

    explorer = CompareExplorer()
    explorer.typed.value = "1S 1H 2H"
    return "bridgelaws.interfaces.widgets_explorers"


def _matrix():
    from bridgelaws.interfaces.widgets_matrix import MatrixExplorer

    MatrixExplorer()
    return None  # the matrix reads every registered edition: no name to resolve


@pytest.mark.parametrize("make", [_stepper, _compare, _matrix], ids=["stepper", "compare", "matrix"])
def test_the_widgets_resolve_their_editions_where_they_are_chosen(make):

    codes = {editions.find_edition.__code__, editions.find_editions.__code__,
             lookup.find_edition.__code__, lookup.find_editions.__code__}
    found: collections.Counter = collections.Counter()

    def profile(frame, event, _arg):
        value = frame.f_locals.get("name", frame.f_locals.get("names")) if event == "call" else None
        if (event == "call" and frame.f_code in codes and value is not None
                and not isinstance(value, editions.Edition)
                and not all(isinstance(v, editions.Edition) for v in (value if isinstance(value, (list, tuple)) else [value]))):
            found[frame.f_back.f_globals.get("__name__")] += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        resolver = make()
    finally:
        sys.setprofile(previous)
    assert resolver is None or resolver in found, found  # the trace sees the widget resolve them
    assert {module for module in found if not module.startswith(ALLOWED)} == set(), found
