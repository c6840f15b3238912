"""The exact number of distinct complete legal auctions under an edition, by dynamic programming.

The recursion runs over the positions of the edition's own step (:meth:`Edition.step`), so an
edition whose rules differed would get a different count.
"""

from __future__ import annotations

from functools import lru_cache

from .calls import EVERY_CALL
from .editions import DEFAULT_EDITION, START, Edition, Position, find_edition

#: The number of complete legal auctions under the modern rules (including the auction of four passes).
MODERN_COUNT = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557

def count_auctions(edition: str | Edition = DEFAULT_EDITION) -> int:
    """How many different complete legal auctions exist under ``edition`` (four passes included)."""
    return _count(find_edition(edition))

@lru_cache(maxsize=64)
def _count(edition: Edition) -> int:
    step = edition.step

    # The recursion is at most a few frames per bid rank deep, well inside Python's default limit.
    @lru_cache(maxsize=None)
    def completions(position: Position) -> int:
        total = 0
        for call in EVERY_CALL:
            after = step(position, call)
            if after is not None:
                total += 1 if after.over else completions(after)
        return total

    return completions(START)
