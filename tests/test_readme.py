"""The documentation's command examples are real output: each ``$ bridgelaws ...`` block of README.md
and of every docs/*.md is run and compared (tools/regen_docs.py rewrites them: ``make regen``)."""

import re
import shlex
from pathlib import Path

import pytest

from bridgelaws.interfaces.cli import EXAMPLES as HELP_EXAMPLES
from bridgelaws.interfaces.cli import build_parser, main
from bridgelaws.auction.notation import markdown_table

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = REPO / "docs"
DOCUMENTS = [README, *sorted(DOCS.glob("*.md"))]
# The pattern of tools/regen_docs.py: a fence, "$ bridgelaws ...", its output, a fence.
PATTERN = re.compile(r"```\n\$ (bridgelaws [^\n]*)\n(.*?)```", flags=re.S)
EXAMPLES = [(path, command, shown) for path in DOCUMENTS
            for command, shown in PATTERN.findall(path.read_text(encoding="utf-8"))]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_docs_have_the_examples_the_issues_ask_for():
    commands = [command for _, command, _ in EXAMPLES]
    assert 'bridgelaws compare "1S 1H"' in commands  # an insufficient bid, all five editions
    assert 'bridgelaws compare "P P P P"' in commands  # the four passes
    assert any("!SK" in command for command in commands)  # the exposed honour
    # The front page shows the comparison and the committee's matrix; docs/ holds the rest.
    on_front_page = [command for path, command, _ in EXAMPLES if path == README]
    assert 'bridgelaws compare "1S 1H"' in on_front_page and "bridgelaws matrix --status" in on_front_page
    assert any(path.parent == DOCS for path, _, _ in EXAMPLES)


@pytest.mark.parametrize("path, command, shown", EXAMPLES,
                         ids=[f"{path.relative_to(REPO)}: {command}" for path, command, _ in EXAMPLES])
def test_doc_example_is_what_the_command_prints(path, command, shown, capsys):
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == shown, f"{path.relative_to(REPO)}: example is stale: run make regen"


def test_the_notation_table_is_generated_from_notation_tokens():
    notation = DOCS / "notation.md"
    assert _text(notation).count("| token | meaning |") == 1
    assert markdown_table() in _text(notation), "docs/notation.md's table is stale: run make regen"
    for path in DOCUMENTS:  # one table, one place: the others link to it
        if path != notation:
            assert "| token | meaning |" not in _text(path), path.name


def test_the_calls_the_notation_promises_are_read():
    """docs/notation.md's "Calls also read as" forms are each one token of a scenario, read as the
    call named; the spaced Dutch forms it says are two tokens are refused in a scenario and read by
    parse_call (checked here by hand: 2SA and 2 sans atout are two no trumps, 4harten four hearts)."""
    from bridgelaws import BridgeLawsError, parse_call, parse_scenario

    line = next(line for line in _text(DOCS / "notation.md").split("\n") if line.startswith("Calls also read as"))
    forms = re.findall(r"`([^`]+)`", line.split(". ")[0])
    assert forms == ["Pass", "pas", "1N", "1♥", "2SA", "3ZT", "4harten", "2sansatout"]
    expected = ["P", "P", "1NT", "1H", "2NT", "3NT", "4H", "2NT"]
    assert [str(event.call) for event in parse_scenario(" ".join(forms))] == expected
    for spaced in ("1S 4 harten", "2 sans atout"):
        with pytest.raises(BridgeLawsError):
            parse_scenario(spaced)
    assert str(parse_call("4 harten")) == "4H" and str(parse_call("2 sans atout")) == "2NT"


def test_every_command_is_in_the_docs_and_in_the_command_table():
    commands = sorted(next(action for action in build_parser()._actions if action.dest == "command").choices)
    every_text = "\n".join(_text(path) for path in DOCUMENTS)
    reference = _text(DOCS / "commands.md")
    table = [line for line in reference.split("\n") if line.startswith("| `bridgelaws ")]
    for command in commands:
        assert f"bridgelaws {command}" in every_text, command
        assert any(line.startswith(f"| `bridgelaws {command}") for line in table), f"{command} is not in the table"
        for line, _ in HELP_EXAMPLES[command]:  # the two examples of its --help are in the reference
            assert line in reference, line


def test_the_front_page_is_a_front_page():
    text = _text(README)
    lines = text.split("\n")
    assert len(lines) <= 250
    assert "make lab" in text and "make test" in text and "make app" in text
    assert "--layer corpus" in text  # the default layer, and the text-only view, said once
    # No test-run timings or dates in its prose (they are measurements: docs/performance.md); the
    # command output it shows may carry the day a source was read.
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    assert not re.search(r"\b\d+(\.\d+)? (min|minutes|s|seconds|ms)\b|\b20\d\d-\d\d-\d\d\b", prose)
    # Its picture and its links exist.
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if not target.startswith("http") and not target.endswith("robustness.md"):  # from another branch
            assert (REPO / target).exists(), target


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, punctuation dropped,
    spaces as hyphens."""
    text = re.sub(r"```.*?```", "", _text(path), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.+)$", text, flags=re.M)}


def test_every_relative_link_of_the_docs_exists():
    for path in [*DOCUMENTS, REPO / "ARCHITECTURE.md", REPO / "CONTRIBUTING.md"]:
        for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)]*))?\)", _text(path)):
            if target.startswith(("http", "mailto:")) or target.endswith("robustness.md"):
                continue  # docs/robustness.md comes from another branch
            linked = path.parent / target if target else path
            assert linked.exists(), f"{path.relative_to(REPO)} links to {target}"
            if anchor and linked.suffix == ".md":
                assert anchor in _anchors(linked), f"{path.relative_to(REPO)} links to {target}#{anchor}"


def test_regen_docs_would_change_nothing(monkeypatch):
    """tools/regen_docs.py (make regen) reproduces README.md, docs/*.md and notebook 02's source as
    committed. Each command's output is taken as the file shows it: test_doc_example_is_what_the_command_prints
    runs every command and checks that (running them twice cost minutes); this checks the rest of
    what the script writes, and that it finds the same examples in the same files."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("regen_docs", REPO / "tools" / "regen_docs.py")
    regen_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(regen_docs)
    assert regen_docs.documents() == DOCUMENTS
    shown = {command: output for _, command, output in EXAMPLES}
    asked = []
    monkeypatch.setattr(regen_docs, "command_output", lambda command: asked.append(command) or shown[command])
    for path, text in regen_docs.regenerated().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run make regen"
    assert asked == [command for _, command, _ in EXAMPLES]
    # Limited to some files, it reads only those.
    asked.clear()
    assert list(regen_docs.regenerated([README])) == [README]
    assert asked == [command for path, command, _ in EXAMPLES if path == README]
