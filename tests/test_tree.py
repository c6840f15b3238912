"""The tree holds no symbolic link: a link committed to an absolute path of one machine (``.venv-main
-> /work/main/.venv``) points nowhere on another, and a link inside the tree is a second name for one
file. Git records a link as mode 120000 (``git ls-files -s``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def symbolic_links(listing: str) -> list[str]:
    """The paths of ``git ls-files -s`` output whose mode is 120000 (a symbolic link)."""
    found = []
    for line in listing.splitlines():
        meta, _, path = line.partition("\t")
        if meta.split()[:1] == ["120000"]:
            found.append(path)
    return found


def test_the_reading_of_a_listing_finds_a_link():
    listing = ("100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\tREADME.md\n"
               "120000 84a5282f05b6af115d13ebbabd1fd97e97aebecd 0\t.venv-main\n")
    assert symbolic_links(listing) == [".venv-main"]


def test_no_symbolic_link_is_committed():
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout (or no git): the tracked files cannot be listed")
    listing = subprocess.run(["git", "ls-files", "-s"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    assert listing.strip(), "git ls-files listed nothing"
    assert symbolic_links(listing) == []
