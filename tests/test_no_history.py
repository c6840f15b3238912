"""The package's code says what it does and why, not which issue asked for it: no "issue 12" or
"issue #12" in any file of ``bridgelaws/`` (code, stylesheets, schemas) nor in the comments of the
message catalogue ``data/messages/``. The history of a decision is a dated record in
``docs/decisions/``, linked from the place it governs where that helps."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: "issue 12", "Issue 21 §3", "issue #22", "issue\n25": a reference to an issue by its number.
HISTORY = re.compile(r"\bissue\s*#?\s*\d+", re.I)
SUFFIXES = {".py", ".css", ".js", ".html", ".rng", ".yaml", ".yml", ".md", ".txt", ".json"}


def history_references(*roots: Path) -> list[str]:
    """Every "issue N" in the text files under ``roots``, as ``path:line: text``."""
    found = []
    for root in roots:
        for path in sorted(root.rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES or "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in HISTORY.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}:{line}: "
                             f"{match.group(0)!r}")
    return found


def test_no_issue_numbers_in_the_package():
    found = history_references(REPO / "bridgelaws", REPO / "data" / "messages")
    assert not found, ("the history of a decision goes to docs/decisions/, not the code:\n"
                       + "\n".join(found))


def test_the_check_finds_an_issue_number(tmp_path):
    (tmp_path / "a.py").write_text('"""The matrix (issue 13 §3)."""\n# see Issue #22\nx = 1  # tissue 5 is no issue\n',
                                   encoding="utf-8")
    (tmp_path / "b.css").write_text("/* the panels (issue\n   23 §1) */\n", encoding="utf-8")
    found = history_references(tmp_path)
    assert [f.split(": ", 1)[0].rsplit(":", 1)[1] for f in found] == ["1", "2", "1"], found
