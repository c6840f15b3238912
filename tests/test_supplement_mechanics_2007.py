"""The 2007 mechanics the engine inherits from 2017 (data/editions/2007/edition.yaml, "silent_2007"), held against
what 2007 Laws 18 and 19 say as the supplementary layer reads them (data/editions/2007/supplement.yaml,
2007:18.A-F and 2007:19.A.1-19.D, paraphrased from the Norwegian text, lovboka-2007-18/19).

Every expectation below was derived by hand from those paraphrases, not from the engine's output:
a bid names a level one to seven (18.A); it must override the last bid by the same level in a
higher denomination or by a higher level (18.B-D), the denominations ranking NT, S, H, D, C (18.E);
a double is of the last bid only, made by an opponent, with only passes since (19.A.1); a redouble
of the last double only, made by an opponent, with only passes since (19.B.1); a legal bid makes any
double or redouble lapse (19.C). The registry cannot cite these entries (a mechanic's articles must
be corpus records), so the 2007 refusals still name 2017's articles: the last test says so.
"""

from __future__ import annotations

import pytest

from bridgelaws import Auction
from bridgelaws.supplement import supplement
from bridgelaws.auction.calls import parse_call
from bridgelaws.judging.lookup import find_edition

EDITION = find_edition("2007")


def _refusal(calls: str, call: str):
    auction = Auction(EDITION, "N", calls.split())
    return EDITION.check(auction.position, parse_call(call))


@pytest.mark.parametrize("calls, call, mechanic, ground", [
    ("", "8C", "bid-range", "above-highest-level"),          # 18.A: one to seven
    ("1S", "1H", "sufficiency", "not-higher"),              # 18.B-D: same level, lower denomination
    ("1S", "1S", "sufficiency", "not-higher"),              # 18.C: the same bid does not override
    ("1D", "1C", "sufficiency", "not-higher"),              # 18.E: clubs rank below diamonds
    ("", "X", "double", "no-bid"),                           # 19.A.1: nothing to double
    ("1S P", "X", "double", "partners-bid"),                 # 19.A.1: partner's bid
    ("1S X", "XX", None, None),                              # 19.B.1: the opponent's double: allowed
    ("1S X P", "XX", "redouble", "partners-double"),         # 19.B.1: partner's double
    ("1S X 2C", "XX", "redouble", "no-double"),              # 19.C: the bid made the double lapse
])
def test_2007_refusals_follow_2007_laws_18_and_19(calls, call, mechanic, ground):
    refusal = _refusal(calls, call)
    if mechanic is None:
        assert refusal is None
    else:
        assert refusal is not None and (refusal.mechanic, refusal.ground) == (mechanic, ground)


@pytest.mark.parametrize("calls, call", [
    ("", "7NT"),          # 18.A: seven is the highest level, and allowed
    ("1S", "1NT"),        # 18.B: same level, higher denomination
    ("1NT", "2C"),        # 18.B: higher level, any denomination
    ("1D", "1H"),         # 18.E: hearts rank above diamonds
    ("1S", "X"),          # 19.A.1: an opponent's bid, the last one
    ("1S P P", "X"),      # 19.A.1: only passes since the bid
    ("1S X P P", "XX"),   # 19.B.1: the doubled side's player, only passes since the double
])
def test_2007_accepts_what_2007_laws_18_and_19_allow(calls, call):
    assert _refusal(calls, call) is None


def test_the_registry_still_cites_2017_for_2007_s_mechanics_beside_the_2007_entries():
    # What data/supplement/README.md says the registry lacks: a mechanic cannot cite a
    # supplementary article, so 2007's bid-range, sufficiency and double rest on 2017's articles
    # while 2007's own Laws 18 and 19 are now entries of the supplementary layer.
    known = {entry.id for entry in supplement.articles("2007")}
    for mechanic, entries in {"bid-range": {"2007:18.A"}, "denominations": {"2007:18.E"},
                              "sufficiency": {"2007:18.B", "2007:18.C"}, "double": {"2007:19.A.1"},
                              "redouble": {"2007:19.B.1"}, "double-cancelled": {"2007:19.C"}}.items():
        rule = EDITION.rule(mechanic)
        assert rule.donor == "2017" and not rule.articles, mechanic
        assert entries <= known, mechanic
