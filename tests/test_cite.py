"""Citable sources (issue 12 §2): the sources' metadata (each edition's bibliography in data/editions/<year>/edition.yaml), `bridgelaws editions`
showing it, `bridgelaws cite ID` in three formats, and CITATION.cff."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from bridgelaws.text import bibliography, corpus, datafiles
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.text.schema import BIBLIOGRAPHY_FIELDS
from datacopy import edit_yaml

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------------------------ the metadata


def test_every_edition_has_its_own_entry_with_every_field():
    for edition in EDITIONS:
        raw = yaml.safe_load((REPO / "data" / "editions" / edition.year / "edition.yaml").read_text(encoding="utf-8"))
        assert raw["bibliography"], edition.year
        source = bibliography.metadata(edition.year)
        assert [f.name for f in source.fields()] == list(BIBLIOGRAPHY_FIELDS)
        assert all(f.said_in and "has no entry" not in f.said_in for f in source.fields())
        assert source.page == corpus.source(edition.year).source_page


def test_the_1936_text_is_named_the_dutch_translation_of_the_1935_code():
    source = bibliography.metadata("1936")
    assert source.description.value.startswith("Dutch translation of the 1935 international code")
    assert source.code_year.value == 1935 and source.dated.value == 1936
    # and the sources README says so, in those words
    assert "Dutch translation of the 1935 international code'" in source.description.said_in


def test_what_the_sources_do_not_say_is_unknown():
    for edition in EDITIONS:
        source = bibliography.metadata(edition.year)
        assert {"publisher", "translator", "page_address", "retrieved"} <= set(source.unknown())
    # 2017's page name has no year: the code is identified from its content, the text is not dated
    assert not bibliography.metadata("2017").dated.known
    assert bibliography.metadata("2017").code_year.value == 2017


def test_the_printed_title_is_the_line_of_the_source_it_names():
    for edition in EDITIONS:
        title = bibliography.metadata(edition.year).printed_title
        if edition.record.derives is not None and not title.known:
            continue  # a derived edition whose source is not described: nothing to check
        number = int(re.search(r"line (\d+)", title.said_in).group(1))
        assert corpus.rebuild_source(edition.year).split("\n")[number - 1] == title.value, edition.year


def test_a_dated_year_is_in_the_page_name():
    for edition in EDITIONS:
        source = bibliography.metadata(edition.year)
        if source.dated.known:
            assert str(source.dated.value) in source.page and f"'{source.page}'" in source.dated.said_in


def test_every_quoted_fragment_of_a_from_is_in_the_sources(shared):
    """Where a field says where it comes from, the words it quotes are in that place (the sources
    README, a source file, or the project's supplement sources), not remembered."""
    sources = shared / "sources"
    places = [sources / "README.md", *sorted(sources.glob("*.txt")), *sorted((REPO / "data" / "editions").glob("*/sources.yaml"))]
    searched = " ".join(" ".join(p.read_text(encoding="utf-8").split()) for p in places)
    checked = 0
    for edition in EDITIONS:
        for item in bibliography.metadata(edition.year).fields():
            if not item.known:
                continue
            for quoted in re.findall(r"(?<!\w)'(.+?)'(?!\w)", item.said_in):
                assert " ".join(quoted.split()) in searched, (edition.year, item.name, quoted)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("year, change, message", [
    ("1936", lambda raw: raw.pop("publisher"), "editions/1936/edition.yaml: bibliography: missing field 'publisher'"),
    ("1936", lambda raw: raw.__setitem__("code_year", {"value": "1935", "from": "x"}),
     "editions/1936/edition.yaml: bibliography.code_year.value: expected a year"),
    ("1932", lambda raw: raw.__setitem__("publisher", {"value": "someone"}),
     "editions/1932/edition.yaml: bibliography.publisher: missing field 'from'"),
    ("1932", lambda raw: raw.__setitem__("publisher", {"unknown": "x", "value": "y"}),
     "editions/1932/edition.yaml: bibliography.publisher.value: unknown field"),
    ("1949", lambda raw: raw.__setitem__("retrieved", {"value": "yesterday", "from": "x"}),
     "editions/1949/edition.yaml: bibliography.retrieved.value: expected a date"),
    ("1949", lambda raw: raw.__setitem__("description", "common"),
     "editions/1949/edition.yaml: bibliography.description: 'common', but editions/common.yaml gives no 'description'"),
    ("1932", lambda raw: raw.__setitem__("pages", "12"), "editions/1932/edition.yaml: bibliography.pages: unknown field"),
])
def test_a_broken_bibliography_is_one_line_naming_file_edition_and_field(data, capsys, year, change, message):
    edit_yaml(data / "editions" / year / "edition.yaml", lambda raw: change(raw["bibliography"]))
    datafiles.reset()
    code, out, err = run(capsys, "cite", "1936")
    assert code == 2 and err.count("\n") == 1 and message in err, err


# ------------------------------------------------------------------------------------ editions


def test_editions_shows_each_source_for_what_it_is(capsys):
    code, out, _ = run(capsys, "editions")
    assert code == 0
    block = out.split("\n1936  ")[1].split("\n1949  ")[0]
    assert "what: Dutch translation of the 1935 international code" in block
    assert "code: Laws of Contract Bridge, the 1935 international code (rubber bridge), of 1935; the text dated 1936" in block
    assert "unknown: publisher, translator, page_address, retrieved" in block


def test_editions_json_gives_every_field_with_where_it_comes_from(capsys):
    code, out, _ = run(capsys, "editions", "--json")
    assert code == 0
    data = json.loads(out)
    assert [e["edition"] for e in data] == [e.year for e in EDITIONS]
    for entry in data:
        source = entry["source"]
        assert source["page"] == corpus.source(entry["edition"]).source_page
        for name in BIBLIOGRAPHY_FIELDS:
            item = source[name]
            assert set(item) in ({"value", "from"}, {"value", "unknown"}), (name, item)
            assert (item["value"] is None) == ("unknown" in item)
    assert data[1]["source"]["code_year"]["value"] == 1935
    assert data[1]["source"]["publisher"] == {
        "value": None, "unknown": "neither the source files nor shared/sources/README.md name a publisher or an issuing body"}


# ------------------------------------------------------------------------------------ cite


def test_cite_a_record_as_text(capsys):
    code, out, err = run(capsys, "cite", "1936:22.6.c")
    assert code == 0 and err == ""
    assert out.startswith('"Onjuiste biedingen (1936:22.6.c)", printed label "c)". In: "DERDE TIJDVAK ~ HET BIEDEN.", '
                          "Dutch translation of the 1935 international code")
    assert "Dated 1936; code of 1935." in out and "Publisher: unknown." in out
    assert 'wiki page "DERDE TIJDVAK:1936" of Spelregels voor tafelarbiters' in out
    assert out.rstrip().endswith("Stable id: 1936:22.6.c (unknown: publisher, translator, page_address, retrieved)")


def test_cite_says_what_the_project_added_to_the_text(capsys):
    _, out, _ = run(capsys, "cite", "2017:18.A")
    assert "the heading printed over this article belongs to another article (note 2017-misfit-heading-18)" in out
    assert "restored by the project: the labels of 2017:18.A" in out
    _, out, _ = run(capsys, "cite", "2017:17.D.1")
    assert "the source prints no heading for this article (note 2017-missing-heading-17)" in out
    _, out, _ = run(capsys, "cite", "1936:22.6.c")
    assert "restored" not in out and "Note:" not in out


@pytest.mark.parametrize("cited, kind", [("1936", "edition"), ("1936:22", "article"), ("1936:22.6", "record"),
                                         ("1936:22.6.c", "record"), ("2017:21.B", "section")])
def test_what_can_be_cited(cited, kind):
    assert bibliography.citation(cited).kind == kind


#: The item types and variables of the CSL 1.0.2 data schema (csl-data.json) that a citation may use.
CSL_TYPES = {"article", "article-journal", "article-magazine", "article-newspaper", "bill", "book", "broadcast",
             "chapter", "classic", "collection", "dataset", "document", "entry", "entry-dictionary",
             "entry-encyclopedia", "event", "figure", "graphic", "hearing", "interview", "legal_case",
             "legislation", "manuscript", "map", "motion_picture", "musical_score", "pamphlet",
             "paper-conference", "patent", "performance", "periodical", "personal_communication", "post",
             "post-weblog", "regulation", "report", "review", "review-book", "software", "song", "speech",
             "standard", "thesis", "treaty", "webpage"}
CSL_STRINGS = {"id", "title", "container-title", "genre", "language", "publisher", "archive",
               "archive_location", "note", "number", "URL"}
CSL_DATES = {"issued", "original-date", "accessed"}


def _check_csl_item(item):
    assert isinstance(item["id"], str) and item["type"] in CSL_TYPES
    for key, value in item.items():
        if key in CSL_DATES:
            parts = value["date-parts"]
            assert set(value) == {"date-parts"} and len(parts) == 1
            assert 1 <= len(parts[0]) <= 3 and all(isinstance(p, int) for p in parts[0])
        else:
            assert key in CSL_STRINGS | {"type"}, key
            assert isinstance(value, str) and value, key


def test_cite_csl_json_is_a_valid_csl_item(capsys):
    code, out, _ = run(capsys, "cite", "1936:22.6.c", "--format", "csl-json")
    assert code == 0
    (item,) = json.loads(out)
    _check_csl_item(item)
    assert item["id"] == "bridgelaws-1936-22.6.c" and item["type"] == "chapter" and item["number"] == "1936:22.6.c"
    assert item["issued"] == {"date-parts": [[1936]]} and item["original-date"] == {"date-parts": [[1935]]}
    assert item["container-title"] == "DERDE TIJDVAK ~ HET BIEDEN." and item["archive_location"] == "DERDE TIJDVAK:1936"
    assert "publisher" not in item and "accessed" not in item  # unknown: never filled in
    (edition,) = json.loads(bibliography.cite("2017", "csl-json"))
    _check_csl_item(edition)
    assert "issued" not in edition and edition["original-date"] == {"date-parts": [[2017]]}


def test_cite_bibtex_parses_with_bibtexparser(capsys):
    bibtexparser = pytest.importorskip("bibtexparser")
    code, out, _ = run(capsys, "cite", "1936:22.6.c", "--format", "bibtex")
    assert code == 0
    library = bibtexparser.parse_string(out)
    assert not library.failed_blocks
    (entry,) = library.entries
    assert entry.entry_type == "misc" and entry.key == "bridgelaws-1936-22.6.c"
    assert entry["title"] == "Onjuiste biedingen (1936:22.6.c)" and entry["year"] == "1936"
    assert entry["booktitle"] == r"DERDE TIJDVAK \textasciitilde{} HET BIEDEN."  # LaTeX's ~ escaped
    assert "bridgelaws id 1936:22.6.c" in entry["note"] and "code of 1935" in entry["note"]
    assert "publisher" not in entry.fields_dict


def test_every_record_and_article_can_be_cited_in_every_format():
    bibtexparser = pytest.importorskip("bibtexparser")
    ids = [e.year for e in EDITIONS] + [a.id for s in corpus.sources() for a in s.articles]
    ids = list(dict.fromkeys(ids + [r.id for r in corpus.records()]))  # "1932:12" is an article and a record
    for cited in ids:
        assert f"Stable id: {cited}" in bibliography.cite(cited, "text")
        _check_csl_item(json.loads(bibliography.cite(cited, "csl-json"))[0])
        library = bibtexparser.parse_string(bibliography.cite(cited, "bibtex"))
        assert not library.failed_blocks and [e.key for e in library.entries] == [bibliography.citation_key(cited)]
    keys = {bibliography.citation_key(cited) for cited in ids}
    assert len(keys) == len(ids) and all(re.fullmatch(r"[A-Za-z0-9.\-]+", key) for key in keys)


@pytest.mark.parametrize("argv, fragment", [
    (["cite", "1936:99"], "unknown article '1936:99'"),
    (["cite", "1936:22.9"], "unknown passage '1936:22.9'"),
    (["cite", "1999"], "unknown edition '1999'"),
    (["cite", "1999:22"], "unknown edition '1999'"),
    (["cite", "hello"], "unknown edition 'hello'"),
    (["cite", "1936:22.6.c", "--format", "xml"], "invalid choice: 'xml'"),
])
def test_cite_an_unknown_id_is_one_line_exit_2(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and fragment in err, err


# ------------------------------------------------------------------------------------ CITATION.cff


def test_citation_cff_is_valid_cff_1_2_0():
    import jsonschema

    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    schema = json.loads((REPO / "tests" / "fixtures" / "cff" / "schema-1.2.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(cff)
    assert cff["cff-version"] == "1.2.0"
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert cff["version"] == project["version"] and cff["license"] == project["license"]
    assert "bridgelaws cite" in cff["message"]


def test_the_cff_check_can_fail():
    import jsonschema

    schema = json.loads((REPO / "tests" / "fixtures" / "cff" / "schema-1.2.0.json").read_text(encoding="utf-8"))
    broken = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    del broken["authors"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(schema).validate(broken)
