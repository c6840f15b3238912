"""What an edition rules is asserted once, in the YAML case tests beside its ruling (tests/cases/,
tests/supplement_cases/); a Python test of machinery asks the data or builds a made-up edition.

This guard reads every Python test module (``tests/test_*.py``) and fails on two kinds of literal
law fact, so that a one-ruling change in ``data/`` touches the ruling, its YAML test and the
generated files only (docs/decisions/2026-12-02-law-facts-in-yaml-tests.md; the rule is written
out in tests/cases/README.md):

- **a ruling's words**: a string literal (a docstring excepted) holding a run of
  :data:`RUN` consecutive words of a ruling's own prose (``summary_en``, ``summary_nl``,
  ``assumption*``, ``play*``, an option's ``text``) in ``data/rulings/`` or
  ``data/supplement/rulings/``. A run that is also in an edition's text (``corpus.json``: the law
  quoted, which a ruling change does not touch), in an interface label (``data/messages/``, the
  titles of ``cases.yaml``, ``exercises.yaml``, ``glossary.yaml``, ``topics.yaml``) or in a string of
  the package (the engine's own wording) is not a ruling's own word and is not counted;
- **a count over the corpus**: a string literal holding a number followed by a noun the commands
  count the corpus in (scenarios, kinds of difference, paragraphs, records, ...), English or Dutch.

Files that hold such literals today are listed in :data:`DEBT` with their number, which may only go
down (the guard fails when a file holds more; it does not fail when one holds fewer, because a change
of a ruling's words may itself make a quoted run no longer the ruling's: lower the number by hand when
a file is mended); files whose
subject *is* a ruling's words are in :data:`ALLOWED`, each with its reason. A new file is held to
zero.
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
DATA = REPO / "data"

#: Consecutive words that make a run (six: short phrases shared by many rulings and the engine's
#: own wording, "must pass at his next turn", stay free).
RUN = 6
_WORD = re.compile(r"\w+(?:'\w+)?")
#: A number followed by a noun the commands count the corpus in (coverage, distinguish, matrix).
COUNT = re.compile(r"(?<![\w,])(?!(?:19|20)\d\d\b)\d[\d,]*\s+(?:scenario's|scenarios?|kind\(s\)|soort\(en\)|"
                   r"alinea's|paragraphs?|articles?|artikelen|records?|cases|gevallen|rulings?|uitspraken)\b",
                   re.IGNORECASE)

#: Files whose subject is a ruling's words themselves, and why they may quote them.
ALLOWED: dict[str, str] = {
    "test_paraphrase_guard.py": "plants copies of paraphrases to check the paraphrase guard catches them",
    "test_law_facts_guard.py": "this guard (its planted examples)",
    "test_consistency.py": "checks that each ruling does what its summary says: its patterns read the summaries' "
                           "wording, and it plants wrong summaries in a copy of the data",
    "test_new_edition.py": "writes the sentence and summary of a made-up edition; they are the other outcome's "
                           "words, so they share words with a real ruling's summary",
}

#: Files that still quote a ruling or count the corpus, with the number of literals (at most): to be
#: moved into the YAML case tests or rewritten to ask the data (issue 36 §2). The number may only go down.
DEBT: dict[str, int] = {
    # The report's plain words of the shipped 1936 draft's before and after (an option of 1936:22.3.a,
    # in the engine's words): to move when the impact report's examples are asked of the data.
    "test_impact_report.py": 1,
    "test_ledger_fifth_reading.py": 1,
    "test_ledger_second_reading.py": 1,
    "test_readings.py": 1,
}

_PROSE_KEYS = ("summary_en", "summary_nl", "text")


def _is_prose(key: str) -> bool:
    return key in _PROSE_KEYS or key.startswith(("assumption", "play"))


def _runs(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def _prose(node, key: str = "") -> list[str]:
    if isinstance(node, dict):
        return [t for k, v in node.items() for t in _prose(v, str(k))]
    if isinstance(node, list):
        return [t for v in node for t in _prose(v, key)]
    return [node] if isinstance(node, str) and _is_prose(key) else []


def _strings(node) -> list[str]:
    if isinstance(node, dict):
        return [t for v in node.values() for t in _strings(v)]
    if isinstance(node, list):
        return [t for v in node for t in _strings(v)]
    return [node] if isinstance(node, str) else []


def ruling_runs() -> set[tuple[str, ...]]:
    """The runs of words of the rulings' own prose, less those of the law's text and the messages."""
    files = sorted((DATA / "rulings").glob("*.yaml")) + sorted((DATA / "supplement" / "rulings").glob("*.yaml"))
    runs: set[tuple[str, ...]] = set()
    for file in files:
        for text in _prose(yaml.safe_load(file.read_text(encoding="utf-8"))):
            runs |= _runs(text)
    shared: set[tuple[str, ...]] = set()
    for corpus in sorted((DATA / "editions").glob("*/corpus.json")):
        for record in json.loads(corpus.read_text(encoding="utf-8"))["records"]:
            shared |= _runs(record.get("text") or "")
    labels = sorted((DATA / "messages").glob("*.yaml")) + [DATA / "cases.yaml", DATA / "exercises.yaml",
                                                           DATA / "glossary.yaml", DATA / "topics.yaml"]
    for file in labels:
        for text in _strings(yaml.safe_load(file.read_text(encoding="utf-8"))):
            shared |= _runs(text)
    for module in sorted((REPO / "bridgelaws").rglob("*.py")):  # the engine's own wording
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                shared |= _runs(node.value)
    return runs - shared


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def law_facts(source: str, runs: set[tuple[str, ...]]) -> list[str]:
    """The literal law facts of one test module: ``line: kind: the literal``."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in skip:
            continue
        if _runs(node.value) & runs:
            found.append(f"{node.lineno}: a ruling's words: {node.value[:70]!r}")
        if COUNT.search(node.value):
            found.append(f"{node.lineno}: a count over the corpus: {COUNT.search(node.value).group(0)!r}")
    return found


@pytest.fixture(scope="module")
def runs() -> set[tuple[str, ...]]:
    return ruling_runs()


def test_no_python_test_quotes_a_ruling_or_counts_the_corpus(runs):
    problems, counted = [], Counter()
    for file in sorted(TESTS.glob("test_*.py")):
        if file.name in ALLOWED:
            continue
        facts = law_facts(file.read_text(encoding="utf-8"), runs)
        counted[file.name] = len(facts)
        if len(facts) > DEBT.get(file.name, 0):
            problems.append(f"tests/{file.name}: {len(facts)} literal law fact(s), "
                            f"{DEBT.get(file.name, 0)} allowed in DEBT:\n    " + "\n    ".join(facts))
    assert not problems, "\n".join(problems)
    assert not set(DEBT) - set(counted), f"DEBT names files that are gone: {sorted(set(DEBT) - set(counted))}"


def test_the_guard_sees_a_quoted_ruling_and_a_count_and_lets_machinery_be(runs):
    # A ruling's words, taken from the data (whichever ruling comes first), quoted in an assertion.
    prose = _prose(yaml.safe_load((DATA / "rulings" / "all-pass.yaml").read_text(encoding="utf-8")))
    words = next(t for t in prose if _runs(t) & runs)
    run = " ".join(next(iter(sorted(_runs(words) & runs))))
    planted = f"def test_x():\n    assert {run!r} in out\n"
    assert [f.split(": ")[1] for f in law_facts(planted, runs)] == ["a ruling's words"]
    assert law_facts(f'"""{run}"""\n', runs) == []  # a module's docstring explains, it asserts nothing
    counted = law_facts('assert line == "20 soort(en) verschil (580 scenario\'s beoordeeld)"\n', runs)
    assert [f.split(": ")[1] for f in counted] == ["a count over the corpus"]
    # Machinery: a made-up ruling's words, the engine's message, a count of the test's own input.
    assert law_facts('assert ruling.summary_en == "A made-up ruling of this test, not law."\n', runs) == []
    assert law_facts("assert len(result.events) == 3\n", runs) == []
