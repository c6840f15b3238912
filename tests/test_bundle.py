"""The data bundle (bridgelaws/text/bundle.py): every data file read from the one JSON file equals the
file read from its YAML (or JSON, or text), the engine runs from the bundle alone with no data file
on disk (as in the browser), and a bundle older than a data file is never read in its place.

The YAML side is parsed here with PyYAML directly, not through the package's loader.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
import yaml

from bridgelaws.interfaces.cli import main
from bridgelaws.text import bundle, datafiles

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"


@pytest.fixture(scope="module")
def bundle_file(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("bundle") / "data.json"
    bundle.write(DATA, target)
    return target


def _expected(name: str):
    text = (DATA / name).read_text(encoding="utf-8")
    if name.endswith(".json"):
        return json.loads(text)
    if name.endswith(".txt"):
        return text
    return yaml.safe_load(text)


def test_every_data_file_read_from_the_bundle_equals_the_file(bundle_file):
    names = sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*")
                   if p.suffix in (".yaml", ".json", ".txt") and not p.relative_to(DATA).as_posix().startswith("drafts/"))
    # Every kind the issue names is among them: each edition's registry entry and text, the rulings,
    # the paraphrases and their sources, the translations, the interface's words.
    for year in (p.name for p in (DATA / "editions").iterdir() if (p / "edition.yaml").is_file()):
        for kind in ("edition.yaml", "corpus.json", "translation.yaml"):
            assert f"editions/{year}/{kind}" in names
    assert any(n.startswith("rulings/") for n in names) and any(n.endswith("/supplement.yaml") for n in names)
    assert any(n.startswith("supplement/rulings/") for n in names) and "messages/cli.yaml" in names
    with datafiles.from_bundle(bundle_file):
        assert datafiles.bundle() is not None
        for name in names:
            assert datafiles.exists(name), name
            read = datafiles.read_text(name) if name.endswith(".txt") else datafiles.load(name)
            assert read == _expected(name), name
        # A date stays a date (spelling-rules.yaml has one), and each load is a new object.
        assert datafiles.load("cases.yaml") is not datafiles.load("cases.yaml")
        # spelling-rules.yaml line 28: "read: 2026-11-30", a YAML date.
        assert "read: 2026-11-30" in (DATA / "spelling-rules.yaml").read_text(encoding="utf-8")
        assert dt.date(2026, 11, 30) in _values(datafiles.load("spelling-rules.yaml"))
        assert datafiles.edition_folders() == tuple(sorted(
            p.name for p in (DATA / "editions").iterdir() if (p / "edition.yaml").is_file()))
        assert datafiles.names("messages", ".yaml") == sorted(
            f"messages/{p.name}" for p in (DATA / "messages").glob("*.yaml"))
        # The example drafts are never in the bundle: they are read from their files, as any draft is.
        assert not [n for n in json.loads(bundle_file.read_text(encoding="utf-8"))["files"] if n.startswith("drafts/")]


def _values(value):
    if isinstance(value, dict):
        return [v for item in value.values() for v in _values(item)]
    if isinstance(value, list):
        return [v for item in value for v in _values(item)]
    return [value]


def _listing(argv, capsys) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_the_engine_runs_from_the_bundle_alone_and_says_the_same(bundle_file, tmp_path, monkeypatch, capsys):
    argv = [["compare", "1S 1H"], ["--lang", "nl", "compare", "1S P 1H X"], ["matrix", "--format", "csv"]]
    from_files = [_listing(a, capsys) for a in argv]
    # No data directory at all: what the engine reads comes from the bundle.
    empty = tmp_path / "nothing"
    empty.mkdir()
    monkeypatch.setattr(datafiles, "PACKAGED", empty / "data")
    monkeypatch.setattr(datafiles, "CHECKOUT", empty / "data")
    with datafiles.from_bundle(bundle_file):
        assert not datafiles.data_dir().exists()
        assert [_listing(a, capsys) for a in argv] == from_files


def test_a_bundle_older_than_a_data_file_is_not_read(tmp_path, monkeypatch):
    data = tmp_path / "pkg" / "data"
    shutil.copytree(DATA, data)
    monkeypatch.setattr(datafiles, "PACKAGED", data)
    monkeypatch.setattr(datafiles, "BUNDLE", data.parent / "data.json")
    monkeypatch.delenv("BRIDGELAWS_DATA", raising=False)
    bundle.write(data, data.parent / "data.json")
    datafiles.reset()
    try:
        assert datafiles.bundle() is not None  # the files are the ones it was made of
        cases = data / "cases.yaml"
        cases.write_text(cases.read_text(encoding="utf-8") + "\n# edited after the bundle was built\n",
                         encoding="utf-8")
        datafiles.reset()
        assert datafiles.bundle() is None  # the edited file is read, not the bundle
        assert datafiles.load("cases.yaml") == yaml.safe_load(cases.read_text(encoding="utf-8"))
    finally:
        datafiles.reset()


def test_a_value_json_cannot_hold_is_refused_when_the_bundle_is_built(tmp_path):
    (tmp_path / "cases.yaml").write_text("1936: a year as a key\n", encoding="utf-8")
    with pytest.raises(ValueError, match="cases.yaml: the key 1936 cannot be stored"):
        bundle.build(tmp_path)
    (tmp_path / "cases.yaml").write_text("when: 2026-12-02 10:00:00\n", encoding="utf-8")
    with pytest.raises(ValueError, match="a date with a time of day"):
        bundle.build(tmp_path)
