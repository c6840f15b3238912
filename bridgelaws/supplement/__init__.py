"""The supplementary layer: the sourced paraphrases of the articles outside each
excerpt, their sources and gaps, and the paraphrase guard's fingerprints.

The layers: ARCHITECTURE.md; pyproject.toml's import-linter contract keeps them.
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    # ``bridgelaws.supplement.X`` was ``bridgelaws.supplement`` (one module) before the layer folders: answer its names.
    return getattr(importlib.import_module("bridgelaws.supplement.supplement"), name)
