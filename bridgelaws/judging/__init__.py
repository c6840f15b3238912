"""The irregularities: detection, the rulings of both layers, conditions, effects, the judgement
and its records, drafts, divergences, coverage.

The layers: ARCHITECTURE.md; pyproject.toml's import-linter contract keeps them.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    # ``bridgelaws.judging.X`` was ``bridgelaws.judging`` (one module) before the layer folders: answer its names.
    return getattr(importlib.import_module("bridgelaws.judging.judging"), name)
