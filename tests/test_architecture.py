"""The code's shape (issue 23 §3, ARCHITECTURE.md): the layers and no cycle (import-linter's contracts
in pyproject.toml), no module over 600 lines, no function over a cyclomatic complexity of 20 (radon),
except where ARCHITECTURE.md's "Exceptions" section names the module or the function with a reason."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from radon.complexity import cc_visit

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "bridgelaws"
MAX_LINES = 600
MAX_COMPLEXITY = 20


def _exceptions() -> set[str]:
    """What the "Exceptions" section of ARCHITECTURE.md names in backticks at the start of a list item:
    ``bridgelaws/x/y.py`` (a module over the line limit) or ``bridgelaws/x/y.py:Class.method`` (a
    function over the complexity limit)."""
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    match = re.search(r"^## Exceptions\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, "ARCHITECTURE.md has no '## Exceptions' section"
    return set(re.findall(r"^- `([^`]+)`", match.group(1), re.M))


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts and "data" not in p.parts)


def test_the_layers_and_no_cycle():
    lint = Path(sys.executable).parent / "lint-imports"
    assert lint.exists(), f"{lint}: missing (pip install -e '.[test]' installs import-linter)"
    done = subprocess.run([str(lint), "--no-cache"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_module_over_600_lines():
    allowed = _exceptions()
    over = [f"{p.relative_to(REPO)} ({n} lines)" for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
            and str(p.relative_to(REPO)) not in allowed]
    assert not over, "over 600 lines (split it, or name it in ARCHITECTURE.md's Exceptions): " + ", ".join(over)


def test_no_function_over_complexity_20():
    allowed = _exceptions()
    over = []
    for path in _modules():
        name = str(path.relative_to(REPO))
        for block in cc_visit(path.read_text(encoding="utf-8")):
            # A class is not a function: its methods are counted, each on its own.
            items = list(block.methods) if hasattr(block, "methods") else [block]
            for item in items:
                qualified = f"{item.classname}.{item.name}" if getattr(item, "classname", None) else item.name
                if item.complexity > MAX_COMPLEXITY and f"{name}:{qualified}" not in allowed:
                    over.append(f"{name}:{qualified} ({item.complexity})")
    assert not over, ("over a complexity of 20 (simplify it, or name it in ARCHITECTURE.md's Exceptions): "
                      + ", ".join(sorted(set(over))))


def test_the_contract_catches_an_upward_import(tmp_path):
    """The contract is not empty: an engine module that imports the presentation breaks it."""
    import shutil

    copy = tmp_path / "repo"
    shutil.copytree(PACKAGE, copy / "bridgelaws", ignore=shutil.ignore_patterns("__pycache__", "data"))
    shutil.copy(REPO / "pyproject.toml", copy / "pyproject.toml")
    engine = copy / "bridgelaws" / "judging" / "records.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "\nfrom ..presentation import render  # noqa\n",
                      encoding="utf-8")
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=copy, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(copy), "PATH": ""})
    assert done.returncode != 0 and "bridgelaws.judging.records -> bridgelaws.presentation.render" in done.stdout
