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
    "bridgelaws.text.errors": ("BridgeLawsError", "InternalError"),
    "bridgelaws.auction.calls": ("Seat", "Call", "parse_call", "parse_seat", "bid", "PASS", "DOUBLE", "REDOUBLE", "BIDS",
                         "ALL_CALLS"),
    "bridgelaws.auction.editions": ("Edition", "EDITIONS", "Basis"),
    "bridgelaws.judging.lookup": ("find_edition", "find_editions"),
    "bridgelaws.auction.auction": ("Auction", "Contract", "Entry"),
    "bridgelaws.auction.counting": ("count_auctions",),
    "bridgelaws.auction.notation": ("parse_scenario", "Event"),
    "bridgelaws.judging.judging": ("judge", "Judgement"),
    "bridgelaws.judging.records": ("EventRecord",),
    "bridgelaws.presentation.tables": ("compare", "matrix"),
    "bridgelaws.judging.rulings": ("find_case", "cases"),
}.items() for name in names}
#: The public modules, by the short name ``bridgelaws.<name>`` they keep (a notebook's
#: ``from bridgelaws import corpus``), and where each lives.
_SUBMODULES = {"corpus": "bridgelaws.text.corpus", "pbn": "bridgelaws.auction.pbn", "render": "bridgelaws.presentation.render",
    "calls": "bridgelaws.auction.calls", "editions": "bridgelaws.auction.editions", "auction": "bridgelaws.auction",
    "counting": "bridgelaws.auction.counting", "notation": "bridgelaws.auction.notation", "judging": "bridgelaws.judging",
    "rulings": "bridgelaws.judging.rulings", "tables": "bridgelaws.presentation.tables", "views": "bridgelaws.presentation.views",
    "figures": "bridgelaws.presentation.figures", "widgets": "bridgelaws.interfaces.widgets", "fast": "bridgelaws.auction.fast",
    "cli": "bridgelaws.interfaces.cli", "errors": "bridgelaws.text.errors", "datafiles": "bridgelaws.text.datafiles",
    "schema": "bridgelaws.text.schema", "conditions": "bridgelaws.judging.conditions", "effects": "bridgelaws.judging.effects",
    "content": "bridgelaws.text.content", "present": "bridgelaws.presentation.present", "records": "bridgelaws.judging.records",
    "vocabulary": "bridgelaws.text.vocabulary", "divergence": "bridgelaws.judging.divergence",
    "ledger": "bridgelaws.presentation.ledger"}

__all__ = sorted(_EXPORTS) + list(_SUBMODULES)

if TYPE_CHECKING:  # what __getattr__ loads on first use, spelled out for type checkers
    from .auction import auction, calls, counting, editions, fast, notation, pbn
    from .interfaces import cli, widgets
    from .judging import conditions, divergence, judging, records, rulings
    from .text import content, corpus, datafiles, errors, schema, vocabulary
    from .presentation import figures, ledger, present, render, tables, views
    from .auction.auction import Auction, Contract, Entry
    from .auction.calls import ALL_CALLS, BIDS, DOUBLE, PASS, REDOUBLE, Call, Seat, bid, parse_call, parse_seat
    from .auction.counting import count_auctions
    from .auction.editions import EDITIONS, Basis, Edition
    from .judging.lookup import find_edition, find_editions
    from .text.errors import BridgeLawsError
    from .judging.judging import Judgement, judge
    from .auction.notation import Event, parse_scenario
    from .judging.records import EventRecord
    from .judging.rulings import cases, find_case
    from .presentation.tables import compare, matrix


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

