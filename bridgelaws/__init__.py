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

#: The names ``from bridgelaws import ...`` gives, and the module each comes from.
_EXPORTS = {name: module for module, names in {
    "bridgelaws.errors": ("BridgeLawsError",),
    "bridgelaws.calls": ("Seat", "Call", "parse_call", "parse_seat", "bid", "PASS", "DOUBLE", "REDOUBLE", "BIDS",
                         "ALL_CALLS"),
    "bridgelaws.editions": ("Edition", "EDITIONS", "find_edition", "find_editions", "Basis"),
    "bridgelaws.auction": ("Auction", "Contract", "Entry"),
    "bridgelaws.counting": ("count_auctions",),
    "bridgelaws.notation": ("parse_scenario", "Event"),
    "bridgelaws.judging": ("judge", "Judgement"),
    "bridgelaws.records": ("EventRecord",),
    "bridgelaws.tables": ("compare", "matrix"),
    "bridgelaws.rulings": ("find_case", "cases"),
}.items() for name in names}
#: The public modules, by the short name ``bridgelaws.<name>`` they keep (a notebook's
#: ``from bridgelaws import corpus``), and where each lives.
_SUBMODULES = {"corpus": "bridgelaws.corpus", "pbn": "bridgelaws.pbn", "render": "bridgelaws.render",
    "calls": "bridgelaws.calls", "editions": "bridgelaws.editions", "auction": "bridgelaws.auction",
    "counting": "bridgelaws.counting", "notation": "bridgelaws.notation", "judging": "bridgelaws.judging",
    "rulings": "bridgelaws.rulings", "tables": "bridgelaws.tables", "views": "bridgelaws.views",
    "figures": "bridgelaws.figures", "widgets": "bridgelaws.widgets", "fast": "bridgelaws.fast",
    "cli": "bridgelaws.cli", "errors": "bridgelaws.errors", "datafiles": "bridgelaws.datafiles",
    "schema": "bridgelaws.schema", "conditions": "bridgelaws.conditions", "effects": "bridgelaws.effects",
    "content": "bridgelaws.content", "present": "bridgelaws.present", "records": "bridgelaws.records",
    "vocabulary": "bridgelaws.vocabulary", "divergence": "bridgelaws.divergence",
    "ledger": "bridgelaws.ledger"}

__all__ = sorted(_EXPORTS) + list(_SUBMODULES)

if TYPE_CHECKING:  # what __getattr__ loads on first use, spelled out for type checkers
    from . import (auction, calls, cli, conditions, content, corpus, counting, datafiles, divergence, editions,
                   errors, fast, figures, judging, ledger, notation, pbn, present, records, render, rulings,
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
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(_SUBMODULES[name])
    raise AttributeError(f"module 'bridgelaws' has no attribute {name!r}")


def __dir__() -> list[str]:
    return __all__
