"""The exact number of distinct complete legal auctions under an edition, by dynamic programming.

The recursion runs over the edition's transition table (:func:`bridgelaws.auction.fast.table`), which is
derived from the edition's own step (:meth:`Edition.step`), so an edition whose rules differed would
get a different count.
"""

from __future__ import annotations

from functools import lru_cache

from . import fast
from .editions import DEFAULT_EDITION, Edition, find_edition

#: The number of complete legal auctions under the modern rules (including the auction of four passes).
MODERN_COUNT = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557


def count_auctions(edition: str | Edition = DEFAULT_EDITION) -> int:
    """How many different complete legal auctions exist under ``edition`` (four passes included)."""
    return _count(find_edition(edition))


@lru_cache(maxsize=64)
def _count(edition: Edition) -> int:
    table = fast.table(edition)
    transitions, dead, width, outcomes = table.transitions, table.dead, fast.N_CALLS, table.outcomes

    # The recursion is at most a few frames per bid rank deep, well inside Python's default limit.
    @lru_cache(maxsize=None)
    def completions(state: int) -> int:
        total = 0
        for target in transitions[state:state + width]:
            if target != dead:
                total += 1 if outcomes[target] != "open" else completions(target)
        return total

    return completions(table.start)
