"""Examples the tests ask the data for, instead of naming a year (issue 23 §2).

A test that needs "an edition whose excerpt is silent on X" as a ready example of something else
(the engine's labelled default, a draft ruling where the base is silent, ...) finds one here, so
that changing one edition's ruling of X touches that ruling, its law test and the generated files,
not every test that happened to use it as an example. Every answer is read from the rulings data
(``data/rulings/<case>.yaml`` and ``data/supplement/rulings/<case>.yaml``, through
:mod:`bridgelaws.judging.rulings`), never from a view under test; whether the data say what the
texts say is checked by the law tests (tests/cases/, tests/supplement_cases/) and test_rulings.py.

Where the data hold no example, the test fails with one line saying which example is missing: a
test must not pass without its example.
"""

from __future__ import annotations

import pytest

from bridgelaws.auction.editions import EDITIONS
from bridgelaws.judging.rulings import case_ids, corpus_spec, spec, supplement_rulings

#: The statuses of a corpus cell for which the engine continues under its labelled default.
NOT_RULING = ("silent", "referenced")


def registry() -> tuple[str, ...]:
    """The registered editions' years, in the registry's order."""
    return tuple(edition.year for edition in EDITIONS)


def corpus_status(case_id: str, year: str) -> str:
    """The status of the corpus's entry of ``case_id`` for ``year`` (data/rulings/<case>.yaml)."""
    return corpus_spec(case_id, year).status


def has_supplement(case_id: str, year: str) -> bool:
    """True when a supplementary ruling of ``case_id`` stands for ``year``: one exists and the corpus
    cell is silent or referenced (a supplementary ruling never replaces a corpus ruling)."""
    return corpus_status(case_id, year) in NOT_RULING and year in supplement_rulings(case_id)


def layer_status(case_id: str, year: str, layer: str = "supplement") -> str:
    """The status a ruling card of ``case_id`` shows for ``year`` under ``layer``: ``supplement``
    where a supplementary ruling stands in, else the corpus cell's own status."""
    if layer == "supplement" and has_supplement(case_id, year):
        return "supplement"
    return corpus_status(case_id, year)


def layer_statuses(case_id: str, years: tuple[str, ...] | None = None, layer: str = "supplement") -> dict[str, str]:
    """:func:`layer_status` for each of ``years`` (the registry by default)."""
    return {year: layer_status(case_id, year, layer) for year in (years or registry())}


def first_article(case_id: str, year: str, layer: str = "supplement") -> str:
    """The record a card of ``case_id`` for ``year`` names first: the article a referenced cell points
    to, else the entry's first article (the layer's entry: the supplementary one where it stands in)."""
    found = spec(case_id, year, layer)
    named = found.references or found.articles
    if not named:
        pytest.fail(f"the {layer} entry of {case_id!r} for {year} names no article: no fragment to look for")
    return named[0]


def silent_editions(case_id: str, *, supplement: bool | None = None,
                    years: tuple[str, ...] | None = None) -> list[str]:
    """The editions (of ``years``, the registry by default) whose corpus entry of ``case_id`` is
    ``silent`` and has no branches; ``supplement=True`` keeps those a supplementary ruling answers,
    ``False`` those none answers."""
    found = []
    for year in years or registry():
        entry = corpus_spec(case_id, year)
        if entry.status != "silent" or entry.when:
            continue
        if supplement is not None and has_supplement(case_id, year) is not supplement:
            continue
        found.append(year)
    return found


def silent_edition(case_id: str, *, supplement: bool | None = None) -> str:
    """The first registered edition whose corpus is silent on ``case_id`` (see :func:`silent_editions`)."""
    found = silent_editions(case_id, supplement=supplement)
    if not found:
        with_layer = "" if supplement is None else (" and answered by a supplementary ruling" if supplement
                                                    else " and not answered by a supplementary ruling")
        pytest.fail(f"no registered edition's corpus is silent on {case_id!r}{with_layer}: the test has no example")
    return found[0]


def silent_cell(*, supplement: bool | None = None) -> tuple[str, str]:
    """The first (case, edition) of the catalogue whose corpus entry is silent (see :func:`silent_editions`)."""
    for case_id in case_ids():
        found = silent_editions(case_id, supplement=supplement)
        if found:
            return case_id, found[0]
    pytest.fail("no corpus cell is silent: the test has no example")


def silent_cells() -> list[tuple[str, str]]:
    """Every (case, edition) whose corpus entry is silent, without branches."""
    return [(case_id, year) for case_id in case_ids() for year in silent_editions(case_id)]


def standing_editions(case_id: str, years: tuple[str, ...] | None = None) -> list[str]:
    """The editions (of ``years``, the registry by default) whose corpus gives no rectification of
    ``case_id`` (silent or referenced): under the corpus layer the engine lets the call stand (its
    labelled default) and goes on in rotation."""
    return [year for year in years or registry() if corpus_status(case_id, year) in NOT_RULING]


def silent_pair() -> tuple[str, str, str]:
    """The first (case, earlier edition, later edition) of two editions next to each other in the
    registry whose corpus entries of the case are both silent."""
    years = registry()
    for case_id in case_ids():
        silent = set(silent_editions(case_id))
        for before, after in zip(years, years[1:]):
            if before in silent and after in silent:
                return case_id, before, after
    pytest.fail("no two editions next to each other are both silent on one case: the test has no example")
