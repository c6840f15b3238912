"""The interface's message catalogue (issue 13 §6): both languages for every key, every key the code
asks for exists, and a broken catalogue file is one line naming the file, the entry and the field."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bridgelaws.text import datafiles, i18n
from bridgelaws.text.errors import BridgeLawsError

PACKAGE = Path(i18n.__file__).resolve().parents[1]


def test_every_key_has_every_language_and_no_empty_text() -> None:
    catalogue = i18n.catalogue()
    assert catalogue, "the catalogue is empty"
    for key, message in catalogue.items():
        assert set(message.texts) == set(i18n.LANGUAGES), key
        assert all(text.strip() for text in message.texts.values()), key


def _keys_asked_for() -> list[tuple[str, str]]:
    """Every literal key passed to ``t(...)`` (or ``i18n.t(...)``) in the package."""
    asked = []
    for file in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and ((isinstance(node.func, ast.Name) and node.func.id == "t")
                         or (isinstance(node.func, ast.Attribute) and node.func.attr == "t"))):
                asked.append((f"{file.relative_to(PACKAGE)}:{node.lineno}", node.args[0].value))
    return asked


def test_every_key_the_code_asks_for_is_in_the_catalogue() -> None:
    missing = [f"{where}: {key}" for where, key in _keys_asked_for() if key not in i18n.catalogue()]
    assert not missing, missing


def test_the_dutch_and_english_differ_somewhere_and_fill_placeholders() -> None:
    assert i18n.t("common.dealer", "en") == "Dealer"
    assert i18n.t("common.dealer", "nl") == "Gever"
    assert i18n.t("common.error", "nl", message="x") == "Fout: x"


@pytest.mark.parametrize("name,code", [("nl", "nl"), ("NL", "nl"), ("Nederlands", "nl"), ("english", "en"), (None, "en")])
def test_find_language(name: str | None, code: str) -> None:
    assert i18n.find_language(name) == code


def test_unknown_language_is_one_line() -> None:
    with pytest.raises(BridgeLawsError, match=r"^unknown language 'fr': choose one of en, nl$"):
        i18n.find_language("fr")


@pytest.mark.parametrize("content,expected", [
    ("messages:\n  - {key: a.b, en: A}\n", r"messages/x\.yaml: messages\[0\]: missing field 'nl'|messages\[0\].*nl"),
    ("messages:\n  - {key: a.b, en: A, nl: ''}\n", r"messages\[0\]\.nl: expected a non-empty string"),
    ("messages:\n  - {key: a.b, en: '{n} A', nl: 'A'}\n", r"messages\[0\]\.nl: 'a\.b' has placeholders"),
    ("messages:\n  - {key: a.b, en: A, nl: A}\n  - {key: a.b, en: B, nl: B}\n", r"messages\[1\]\.key: 'a\.b' is defined twice"),
    ("messages:\n  - {key: Ab, en: A, nl: A}\n", r"messages\[0\]\.key: 'Ab' is not a key"),
])
def test_a_broken_catalogue_file_is_one_line(tmp_path: Path, content: str, expected: str) -> None:
    data = tmp_path / "data"
    (data / "messages").mkdir(parents=True)
    (data / "messages" / "x.yaml").write_text(content, encoding="utf-8")
    with datafiles.override(data):
        with pytest.raises(BridgeLawsError, match=expected) as caught:
            i18n.catalogue()
    assert "\n" not in str(caught.value)


def test_a_key_in_two_files_names_both(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "messages").mkdir(parents=True)
    for name in ("a.yaml", "b.yaml"):
        (data / "messages" / name).write_text("messages:\n  - {key: a.b, en: A, nl: A}\n", encoding="utf-8")
    with datafiles.override(data):
        with pytest.raises(BridgeLawsError, match=r"messages/b\.yaml: messages: 'a\.b' is already defined in messages/a\.yaml"):
            i18n.catalogue()
