import pytest

from bridgelaws import Auction, count_auctions
from bridgelaws.auction.editions import EDITIONS, Edition

# The published number of distinct bridge auctions (four passes included).
PUBLISHED = 128_745_650_347_030_683_120_231_926_111_609_371_363_122_697_557


@pytest.mark.parametrize("edition", [e.year for e in EDITIONS])
def test_every_edition_has_the_published_number_of_auctions(edition):
    assert count_auctions(edition) == PUBLISHED


class ToyEdition(Edition):
    """A test-only edition with three bids (1C, 1D, 1H), small enough to enumerate."""

    def is_sufficient(self, rank, last_rank):
        return last_rank < rank <= 3


def test_dynamic_programme_equals_brute_force_enumeration_through_the_engine(count_by_enumeration):
    toy = ToyEdition.like("2017", year="toy")
    assert count_auctions(toy) == count_by_enumeration(Auction(toy, "N"))


def test_with_no_bids_at_all_only_four_passes_remain(count_by_enumeration):
    class NoBids(Edition):
        def is_sufficient(self, rank, last_rank):
            return False

    no_bids = NoBids.like("2017", year="none")
    assert count_auctions(no_bids) == 1 == count_by_enumeration(Auction(no_bids, "N"))
