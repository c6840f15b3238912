"""Calls, seats, the scenario notation, the editions' mechanics (one step of a regular auction),
one auction, the bulk and counting paths, PBN.

The layers: ARCHITECTURE.md; pyproject.toml's import-linter contract keeps them.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    # ``bridgelaws.auction.X`` was ``bridgelaws.auction`` (one module) before the layer folders: answer its names.
    return getattr(importlib.import_module("bridgelaws.auction.auction"), name)
