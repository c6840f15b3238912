"""Shared test helpers: where ../shared is, and a skip with a visible reason when it is not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    override = os.environ.get("BRIDGELAWS_SHARED")
    return Path(override) if override else REPO.parent / "shared"


@pytest.fixture
def shared() -> Path:
    path = shared_dir()
    if not path.is_dir():
        pytest.skip(f"../shared is not beside the repository (looked for {path}); "
                    "set BRIDGELAWS_SHARED to run the tests on the real sources and corpora")
    return path
