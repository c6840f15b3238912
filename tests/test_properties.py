"""Property tests on random legal auctions, under every edition."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaws import Auction
from bridgelaws.auction.calls import ALL_CALLS, Seat
from bridgelaws.auction.editions import EDITIONS


@st.composite
def random_auctions(draw):
    """A complete legal auction: (dealer, calls), drawn by picking among the legal calls."""
    dealer = draw(st.sampled_from(list(Seat)))
    auction = Auction("2017", dealer)
    while not auction.is_over:
        legal = auction.legal_calls()
        # Favour passes so that auctions end in a reasonable number of calls.
        index = draw(st.one_of(st.just(0), st.integers(0, len(legal) - 1)))
        auction.call(legal[index])
    return dealer, auction.calls


def _expected(dealer, calls):
    """Contract and declarer computed independently from the call list."""
    seat = dealer
    last_bid, last_bidder, doubled, first = None, None, 0, {}
    for call in calls:
        if call.is_bid:
            last_bid, last_bidder, doubled = call, seat, 0
            first.setdefault((seat.side, call.strain), seat)
        elif call.is_double:
            doubled = 1
        elif call.is_redouble:
            doubled = 2
        seat = seat.lho
    if last_bid is None:
        return None, None
    return f"{last_bid}{'X' * doubled}", first[(last_bidder.side, last_bid.strain)]


@settings(max_examples=150, deadline=None)
@given(random_auctions())
def test_every_edition_agrees_on_contract_and_declarer(sample):
    dealer, calls = sample
    expected_contract, expected_declarer = _expected(dealer, calls)
    for edition in EDITIONS:
        auction = Auction(edition, dealer, calls)
        assert auction.is_over
        assert (str(auction.contract) if auction.contract else None) == expected_contract
        assert auction.declarer == expected_declarer
        if expected_contract is None:
            assert auction.outcome == edition.all_pass_outcome
        else:
            assert auction.outcome == "contract"
            # The auction ended on three passes after the last non-pass call.
            assert [str(c) for c in calls[-3:]] == ["P", "P", "P"]


@settings(max_examples=100, deadline=None)
@given(random_auctions(), st.data())
def test_legal_calls_are_exactly_the_proper_calls(sample, data):
    dealer, calls = sample
    edition = data.draw(st.sampled_from(EDITIONS))
    cut = data.draw(st.integers(0, len(calls) - 1))
    auction = Auction(edition, dealer, calls[:cut])
    legal = set(auction.legal_calls())
    for call in ALL_CALLS:
        problem = auction.irregularity(call)
        assert (problem is None) == (call in legal), (str(auction), str(call), problem)
    last = auction.last_bid
    for call in legal:
        if call.is_bid:
            assert last is None or call.rank > last.rank
