"""A writable copy of ``data/`` for tests that break or change the data on purpose (one place, used
by the ``data`` fixture of conftest.py and by the supplement tests' own fixture)."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]


def copy_data(tmp_path: Path) -> Path:
    """``data/`` copied under ``tmp_path``; read it with ``datafiles.override``."""
    copy = tmp_path / "data"
    shutil.copytree(REPO / "data", copy)
    return copy


def edit_yaml(path: Path, change) -> None:
    """Load the YAML file, let ``change`` edit it in place, write it back."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
