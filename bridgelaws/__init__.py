"""bridgelaws: the bidding rules of contract bridge in the Dutch texts of 1932, 1936, 1949, 2007 and 2017.

``import bridgelaws`` is cheap: names are loaded on first use, and pandas, matplotlib and ipywidgets
are imported only by the modules that draw tables, figures and widgets.

>>> import bridgelaws
>>> auction = bridgelaws.Auction("1936", dealer="N", calls="1S P 2S P P P".split())
>>> str(auction.contract), str(auction.declarer)
('2S', 'N')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "BridgeLawsError": "errors",
    "Seat": "calls", "Call": "calls", "parse_call": "calls", "parse_seat": "calls", "bid": "calls",
    "PASS": "calls", "DOUBLE": "calls", "REDOUBLE": "calls", "BIDS": "calls", "ALL_CALLS": "calls",
    "Edition": "editions", "EDITIONS": "editions", "find_edition": "editions",
    "find_editions": "editions", "Basis": "editions",
    "Auction": "auction", "Contract": "auction", "Entry": "auction",
    "count_auctions": "counting",
    "parse_scenario": "notation", "Event": "notation",
    "judge": "judging", "Judgement": "judging", "EventRecord": "records",
    "compare": "tables", "matrix": "tables",
    "find_case": "rulings", "cases": "rulings",
}
_SUBMODULES = ("corpus", "pbn", "render", "calls", "editions", "auction", "counting", "notation",
               "judging", "rulings", "tables", "views", "figures", "widgets", "fast", "cli", "errors",
               "datafiles", "schema", "conditions", "effects", "content", "present", "records", "vocabulary",
               "divergence")

__all__ = sorted(_EXPORTS) + list(_SUBMODULES)

if TYPE_CHECKING:  # what __getattr__ loads on first use, spelled out for type checkers
    from . import (auction, calls, cli, conditions, content, corpus, counting, datafiles, divergence, editions,
                   errors, fast, figures, judging, notation, pbn, present, records, render, rulings,
                   schema, tables, views, vocabulary, widgets)
    from .auction import Auction, Contract, Entry
    from .calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Call, Seat, bid, parse_call, parse_seat
    from .counting import count_auctions
    from .editions import EDITIONS, Basis, Edition, find_edition, find_editions
    from .errors import BridgeLawsError
    from .judging import Judgement, judge
    from .notation import Event, parse_scenario
    from .records import EventRecord
    from .rulings import cases, find_case
    from .tables import compare, matrix


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'bridgelaws' has no attribute {name!r}")


def __dir__() -> list[str]:
    return __all__
