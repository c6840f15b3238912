import pytest

from bridgelaws import Auction, count_auctions
from bridgelaws.editions import EDITIONS, Edition2017

# The published number of distinct bridge auctions (four passes included).
PUBLISHED = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557


@pytest.mark.parametrize("edition", [e.year for e in EDITIONS])
def test_every_edition_has_the_published_number_of_auctions(edition):
    assert count_auctions(edition) == PUBLISHED


class ToyEdition(Edition2017):
    """A test-only edition with three bids (1C, 1D, 1H), small enough to enumerate."""

    year = "toy"

    def is_sufficient(self, rank, last_rank):
        return last_rank < rank <= 3


def _enumerate(auction):
    if auction.is_over:
        return 1
    total = 0
    for call in auction.legal_calls():
        auction.call(call)
        total += _enumerate(auction)
        auction.undo()
    return total


def test_dynamic_programme_equals_brute_force_enumeration_through_the_engine():
    from bridgelaws.counting import _count_from

    toy = ToyEdition()
    assert _count_from(toy, 5) == _enumerate(Auction(toy, "N"))


def test_with_no_bids_at_all_only_four_passes_remain():
    class NoBids(Edition2017):
        year = "none"

        def is_sufficient(self, rank, last_rank):
            return False

    from bridgelaws.counting import _count_from

    assert _count_from(NoBids(), 35) == 1 == _enumerate(Auction(NoBids(), "N"))
