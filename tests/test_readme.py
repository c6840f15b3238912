"""The README's command examples are real output: each ``$ bridgelaws ...`` block is run and compared."""

import re
import shlex
from pathlib import Path

import pytest

from bridgelaws.cli import main
from bridgelaws.notation import markdown_table

README = Path(__file__).resolve().parents[1] / "README.md"
EXAMPLES = re.findall(r"```\n\$ (bridgelaws [^\n]*)\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_readme_has_the_examples_the_issues_ask_for():
    commands = [command for command, _ in EXAMPLES]
    assert 'bridgelaws compare "1S 1H"' in commands  # an insufficient bid, all five editions
    assert 'bridgelaws compare "P P P P"' in commands  # the four passes
    assert any("!SK" in command for command in commands)  # the exposed honour


@pytest.mark.parametrize("command, shown", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example_is_what_the_command_prints(command, shown, capsys):
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == shown, "README example is stale: run make regen"


def test_the_readme_notation_table_is_generated_from_notation_tokens():
    text = README.read_text(encoding="utf-8")
    assert text.count("| token | meaning |") == 1
    assert markdown_table() in text, "README notation table is stale: run make regen"


def test_regen_docs_would_change_nothing(monkeypatch):
    """tools/regen_docs.py (make regen) reproduces the README and notebook 02's source as committed.
    Each command's output is taken as the README shows it: test_readme_example_is_what_the_command_prints
    runs every command and checks that (running them twice cost minutes); this checks the rest of
    what the script writes, and that it finds the same examples."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("regen_docs", README.parent / "tools" / "regen_docs.py")
    regen_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regen_docs)
    shown = dict(EXAMPLES)
    asked = []
    monkeypatch.setattr(regen_docs, "command_output", lambda command: asked.append(command) or shown[command])
    for path, text in regen_docs.regenerated().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run make regen"
    assert asked == [command for command, _ in EXAMPLES]
