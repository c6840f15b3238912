"""Library calls with bad arguments raise BridgeLawsError, one line naming what was wrong, never a
KeyError, IndexError, TypeError or the enum's bare ValueError (issue 15, section 4)."""

from __future__ import annotations

import pytest

import bridgelaws as b
from bridgelaws import BridgeLawsError
from bridgelaws.text import bibliography, corpus
from bridgelaws.presentation import tei
from bridgelaws.auction.calls import Call, call_from_index

BAD_CALLS = {
    "Seat(9)": lambda: b.Seat(9),
    "Seat('Q')": lambda: b.Seat("Q"),
    "Call(99, 9, 9)": lambda: Call(99, 9, 9),
    "Call(-1, 0, -1)": lambda: Call(-1, 0, -1),
    "Call('3', 1, 0)": lambda: Call("3", 1, 0),
    "call_from_index(99)": lambda: call_from_index(99),
    "call_from_index(-1)": lambda: call_from_index(-1),
    "bid(1, 'Q')": lambda: b.bid(1, "Q"),
    "bid('1', 0)": lambda: b.bid("1", 0),
    "bid(10, 0)": lambda: b.bid(10, 0),
    "parse_call('')": lambda: b.parse_call(""),
    "parse_call(5)": lambda: b.parse_call(5),
    "parse_seat(None)": lambda: b.parse_seat(None),
    "find_edition('1999')": lambda: b.find_edition("1999"),
    "find_edition(None)": lambda: b.find_edition(None),
    "find_editions(5)": lambda: b.find_editions(5),
    "find_editions(object())": lambda: b.find_editions(object()),
    "Auction('1999')": lambda: b.Auction("1999"),
    "Auction(dealer='Q')": lambda: b.Auction("1936", dealer="Q"),
    "Auction(calls=['9S'])": lambda: b.Auction("1936", calls=["9S"]),
    "Auction.state_before(9)": lambda: b.Auction("1936").state_before(9),
    "Auction.state_before(-1)": lambda: b.Auction("1936").state_before(-1),
    "corpus.article('1936:999')": lambda: corpus.article("1936:999"),
    "corpus.records('1999')": lambda: corpus.records("1999"),
    "corpus.source('1999')": lambda: corpus.source("1999"),
    "find_case('x')": lambda: b.find_case("x"),
    "judge(None)": lambda: b.judge(None, "1936"),
    "parse_scenario(5)": lambda: b.parse_scenario(5),
    "count_auctions('x')": lambda: b.count_auctions("x"),
    "bibliography.metadata('1999')": lambda: bibliography.metadata("1999"),
    "bibliography.citation(5)": lambda: bibliography.citation(5),
    "bibliography.citation('')": lambda: bibliography.citation(""),
    "bibliography.citation('1936:')": lambda: bibliography.citation("1936:"),
    "bibliography.citation('1936:22.9')": lambda: bibliography.citation("1936:22.9"),
    "bibliography.cite('1936', 'xml')": lambda: bibliography.cite("1936", "xml"),
    "tei.document('1999')": lambda: tei.document("1999"),
}


@pytest.mark.parametrize("call", BAD_CALLS.values(), ids=list(BAD_CALLS))
def test_bad_arguments_raise_the_packages_error(call):
    with pytest.raises(BridgeLawsError) as caught:
        call()
    assert "\n" not in str(caught.value) and str(caught.value)


def test_good_arguments_still_work():
    assert b.Seat(2) is b.Seat.S and b.Seat["E"] is b.Seat.E
    assert call_from_index(3) is b.bid(1, "C") and b.bid(7, 4) is b.parse_call("7NT")
    assert [e.year for e in b.find_editions(1936)] == ["1936"]
    auction = b.Auction("1936", calls="1S P".split())
    assert auction.state_before(2) == auction.state and auction.state_before(0).next_seat is b.Seat.N
