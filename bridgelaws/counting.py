"""The exact number of distinct complete legal auctions under an edition, by dynamic programming.

The recursion runs on abstract states and asks the edition's own hooks (sufficiency, range, double,
redouble, end of the auction), so an edition whose rules differed would get a different count.
"""

from __future__ import annotations

from functools import lru_cache

from .editions import Edition, find_edition

#: The number of complete legal auctions under the modern rules (including the auction of four passes).
MODERN_COUNT = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557


def count_auctions(edition: str | Edition = "2017") -> int:
    """How many different complete legal auctions exist under ``edition`` (four passes included)."""
    edition = find_edition(edition)
    return _count(type(edition))


@lru_cache(maxsize=None)
def _count(edition_class: type[Edition]) -> int:
    edition = edition_class()
    top = max(level for level in range(1, 10) if edition.in_range(level)) * 5
    # The recursion is at most a few frames per bid rank deep, well inside Python's default limit.
    return _count_from(edition, top)


def _count_from(edition: Edition, top: int) -> int:
    # State for the player to act: (rank of the last bid, 0 if none; doubled 0/1/2; passes since the
    # last call that was not a pass; number of non-pass calls so far, capped at 1). Who made the last
    # non-pass call follows from the passes: 0 or 2 passes since -> an opponent, 1 -> partner.
    @lru_cache(maxsize=None)
    def completions(rank: int, doubled: int, passes: int, any_call: int) -> int:
        total = 1 if edition.auction_ends(any_call, passes + 1) else completions(
            rank, doubled, passes + 1, any_call)
        by_opponent = passes in (0, 2)
        if rank and edition.may_double(doubled, by_opponent):
            total += completions(rank, 1, 0, 1)
        if rank and edition.may_redouble(doubled, by_opponent):
            total += completions(rank, 2, 0, 1)
        for higher in range(rank + 1, top + 1):
            if edition.is_sufficient(higher, rank):
                total += completions(higher, 0, 0, 1)
        return total

    return completions(0, 0, 0, 0)
