"""Tests for bridgelaws.text.corpus and the hand-curated data in data/editions/<year>/corpus.json.

The rebuild tests prove the data faithful: every edition's layout renders back to its source
text byte for byte. The spot checks below were written from reading the source texts.
"""

import json
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # so that the tests run without installing the package
    sys.path.insert(0, str(ROOT))

from bridgelaws.text import corpus as c, textsearch  # noqa: E402
from bridgelaws.text.errors import BridgeLawsError  # noqa: E402

EDITIONS = c.EDITIONS
ID_RE = re.compile(rf"^({'|'.join(c.EDITIONS)}):(\d+|Speelmanieren)(\.([A-Z]|\d+|[a-z]+|n\d+))*$")
NOTE_KINDS = {"repetition", "misfit-heading", "missing-heading", "restored-label", "slip", "spelling", "other"}
ITEM_KEYS = {"line", "heading", "title", "record", "repeat", "inline"}


def raw(edition):
    return json.loads(c.corpus_file(edition).read_text(encoding="utf-8"))


def flat_items(layout):
    """Layout items with 'inline' items expanded into their parts."""
    for item in layout:
        if "inline" in item:
            yield from item["inline"]
        else:
            yield item


# ------------------------------------------------------------------------- faithful rebuild


@pytest.mark.parametrize("edition", EDITIONS)
def test_rebuild_source_is_byte_identical(edition):
    path = c.source_path(edition)
    if path is None:
        pytest.skip(f"source text of {edition} not found (no ../shared/sources and BRIDGELAWS_SHARED not set)")
    assert c.rebuild_source(edition).encode("utf-8") == path.read_bytes()


@pytest.mark.parametrize("edition", EDITIONS)
def test_file_header_matches_source(edition):
    data = raw(edition)
    assert data["edition"] == edition and data["year"] == int(edition)
    assert data["code"] == ("rubber" if edition in ("1932", "1936") else "duplicate")
    assert data["layout"][0] == {"line": data["source_page"]}
    path = c.source_path(edition)
    if path is None:
        pytest.skip("shared sources not available")
    assert path.name == data["source_file"]
    assert path.read_text(encoding="utf-8").split("\n")[0] == data["source_page"]


# ------------------------------------------------------------------------- layout integrity


@pytest.mark.parametrize("edition", EDITIONS)
def test_layout_items_are_well_formed(edition):
    for item in raw(edition)["layout"]:
        keys = set(item) - {"part", "note"}
        assert len(keys) == 1 and keys <= ITEM_KEYS, item
        if "inline" in item:
            assert all(set(x) <= {"line", "record"} and len(x) == 1 for x in item["inline"]), item


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_record_appears_exactly_once_in_layout(edition):
    data = raw(edition)
    counts = Counter(i["record"] for i in flat_items(data["layout"]) if "record" in i)
    ids = [r["id"] for r in data["records"]]
    assert set(counts) == set(ids)
    assert all(n == 1 for n in counts.values())
    # records are listed in the order the layout prints them
    assert [i["record"] for i in flat_items(data["layout"]) if "record" in i] == ids


@pytest.mark.parametrize("edition", EDITIONS)
def test_titles_and_headings_appear_exactly_once(edition):
    data = raw(edition)
    items = list(flat_items(data["layout"]))
    titles = Counter(i["title"] for i in items if "title" in i)
    assert titles == Counter(r["id"] for r in data["records"] if r["title"] is not None)
    headings = Counter(i["heading"] for i in items if "heading" in i)
    assert headings == Counter(f"{edition}:{a['article']}" for a in data["articles"] if a["heading_line"] is not None)
    # a title is printed right before its record
    for n, item in enumerate(items):
        if "title" in item:
            assert items[n + 1] == {"record": item["title"]}


@pytest.mark.parametrize("edition", EDITIONS)
def test_repeat_items_reproduce_an_existing_item_and_name_a_repetition_note(edition):
    data = raw(edition)
    notes = {n["id"]: n for n in data["notes"]}
    originals = [i for i in data["layout"] if "title" in i or "record" in i]
    for item in data["layout"]:
        if "repeat" not in item:
            continue
        assert item["part"] in ("title", "record")
        assert {item["part"]: item["repeat"]} in originals
        note = notes[item["note"]]
        assert note["kind"] == "repetition"
        assert item["repeat"] in note["records"]


def test_1936_repeats_cover_rule_22_paragraphs_1_to_6_and_rule_24_paragraphs_1_and_2():
    repeated = [(i["repeat"], i["part"]) for i in raw("1936")["layout"] if "repeat" in i]
    rec22 = [r.id for r in c.article("1936:22").records]
    assert [i for i, p in repeated if p == "record"] == rec22 + ["1936:24.1", "1936:24.2"]
    assert [i for i, p in repeated if p == "title"] == [f"1936:22.{n}" for n in range(1, 7)] + ["1936:24.1", "1936:24.2"]
    assert not any("repeat" in i for e in EDITIONS if e != "1936" for i in raw(e)["layout"])


# ------------------------------------------------------------------------- ids


def test_ids_are_unique_and_well_formed():
    ids = [r.id for r in c.records()]
    assert len(ids) == len(set(ids))
    for r in c.records():
        assert ID_RE.match(r.id), r.id
        edition, rest = r.id.split(":")
        assert edition == r.edition and rest.split(".")[0] == r.article


def test_example_ids_exist():
    for rid in ["1932:13.4", "1932:10.1.c", "1932:12", "1936:22.3.a", "1936:22.6.c", "1936:Speelmanieren.1",
                "1949:26.a", "2007:17.E.2", "2007:17.D.2.n1", "2017:19.A.3", "2017:22.A"]:
        assert c.record(rid).id == rid


def test_restored_labels_are_the_ids_path_and_never_printed():
    for r in c.records():
        if r.restored_label is not None:
            assert r.id == f"{r.edition}:{r.article}.{r.restored_label}"
            assert r.label in ("", "- ") or r.label.startswith(("- (", "(", "- 1)", "- 2)", "*)"))
    assert c.record("2017:17.A").restored_label == "A" and c.record("2017:17.A").label == "- "
    assert c.record("2017:22.A").restored_label is None  # "- A. " is printed
    assert c.record("2007:17.A").restored_label is None  # "A. Begin van de biedperiode" is printed


def test_every_restored_label_has_a_restored_label_note():
    named = {r for n in c.notes() if n.kind == "restored-label" for r in n.records}
    restored = {r.id for r in c.records() if r.restored_label is not None}
    assert restored == named
    assert {"2017:17.A", "2017:17.D.3", "2017:18.F", "2017:19.A.3", "2017:20.F.1", "2017:23.B"} <= restored


def test_articles_per_edition():
    assert [a.article for a in c.source("1932").articles] == [str(n) for n in range(10, 18)]
    assert [a.article for a in c.source("1936").articles] == [str(n) for n in range(15, 25)] + ["Speelmanieren"]
    assert [a.article for a in c.source("1949").articles] == [str(n) for n in range(21, 27)]
    assert [a.article for a in c.source("2007").articles] == ["17"]
    assert [a.article for a in c.source("2017").articles] == [str(n) for n in range(17, 24)]


# ------------------------------------------------------------------------- notes


def test_notes_are_well_formed_and_name_existing_records():
    ids = [n.id for n in c.notes()]
    assert len(ids) == len(set(ids))
    for n in c.notes():
        assert n.kind in NOTE_KINDS, n.id
        assert n.records and n.text.strip(), n.id
        for rid in n.records:
            r = c.record(rid)
            assert r.edition == n.edition
            if n.verbatim is not None:
                assert n.verbatim in (r.title or "") + r.text, (n.id, rid)


def _notes_about(rid, kind):
    return [n for n in c.notes() if rid in n.records and n.kind == kind]


def test_required_notes_exist():
    for rid in [f"1936:22.{n}" for n in range(1, 7)] + ["1936:24.1", "1936:24.2"]:
        assert _notes_about(rid, "repetition"), rid
    assert _notes_about("2017:18.A", "misfit-heading")
    assert _notes_about("2017:17.A", "missing-heading")
    herdubbeid = [n for n in c.notes("1932") if n.verbatim == "herdubbeid"]
    assert herdubbeid and herdubbeid[0].reading == "herdubbeld"
    assert set(herdubbeid[0].records) == {h.record_id for h in textsearch.search("herdubbeid", variants=False)}
    onderga = [n for n in c.notes("1936") if n.verbatim == "onderga ne"]
    assert onderga and onderga[0].reading == "ondergane" and onderga[0].records == ("1936:21.2",)
    kinds = {e: {n.kind for n in c.notes(e)} for e in EDITIONS}
    assert "spelling" in kinds["1932"] and "spelling" in kinds["1936"]


def test_2017_heading_notes_match_the_articles():
    arts = {a.article: a for a in c.source("2017").articles}
    assert arts["17"].heading is None and arts["17"].heading_line is None
    assert arts["18"].heading_line == "ARTIKEL 18 Controle van borden en kaarten"
    assert c.record("2017:18.A").heading == "Controle van borden en kaarten"
    assert c.article("2017:17").heading is None


# ------------------------------------------------------------------------- references


def test_references_are_quoted_verbatim_and_resolve_consistently():
    refs = c.references()
    assert refs
    for ref in refs:
        frm = c.record(ref.from_id)
        assert ref.quote in frm.text, ref
        assert ID_RE.match(ref.target), ref
        assert ref.target.split(":")[0] == ref.edition == frm.edition
        assert ref.in_corpus == c.resolves(ref.target), ref


def _ref(from_id, target):
    found = [r for r in c.references() if r.from_id == from_id and r.target == target]
    assert len(found) == 1, (from_id, target, found)
    return found[0]


def test_known_references():
    assert _ref("1932:12", "1932:40").in_corpus is False
    assert _ref("1932:16", "1932:40").in_corpus is False
    assert {r.target for r in c.references("1932") if r.from_id == "1932:13.1"} == {"1932:30", "1932:31", "1932:32"}
    assert _ref("1932:10.1.c", "1932:9.4").in_corpus is False
    assert _ref("2017:18.D", "2017:27").in_corpus is False
    assert _ref("1936:24.2", "1936:23").in_corpus is True
    assert _ref("1936:Speelmanieren.16", "1936:23").in_corpus is True
    assert _ref("1949:25", "1949:94").in_corpus is False
    assert _ref("2007:17.E.2", "2007:16.D").in_corpus is False
    assert _ref("2017:17.D.3", "2017:16.C").in_corpus is False
    assert _ref("2017:21.B.1.a", "2017:17.D").in_corpus is True
    assert _ref("2017:22.A", "2017:19.D").in_corpus is True
    assert _ref("2017:23.B", "2017:23.C").in_corpus is True
    assert _ref("2017:23.C", "2017:30.B.1.b.i").in_corpus is False
    assert {r.target for r in c.references("2017") if r.from_id == "2017:20.F.3"} >= {"2017:20.F.1", "2017:20.F.2"}
    assert len(c.references("2017", in_corpus=True)) + len(c.references("2017", in_corpus=False)) == len(c.references("2017"))


# ------------------------------------------------------------------------- spot checks (from the sources)


def test_spot_checks_1932():
    assert c.record("1932:11.2").text.startswith("Indien in de eerste ronde")
    assert c.record("1932:11.2").label == "(2) "
    assert c.record("1932:10.1.d").text.startswith("de kaarten niet zijn gegeven in vier pakjes. een voor een")
    assert "herdubbeid" in c.record("1932:13.4").text
    assert c.record("1932:12").label == "" and c.record("1932:12").heading == "BIEDEN EN HOOGER BIEDEN."
    assert c.record("1932:17.1").text == "Een speler mag vragen de vorige biedingen te herhalen-"
    assert [r.id for r in c.article("1932:10.1").records][-1] == "1932:10.1.g"


def test_spot_checks_1936():
    assert "het laagste voldoende bod van dezelfde speelsoort" in c.article("1936:22.3").text
    assert c.record("1936:22.3").title == "Onvoldoend bod."
    assert c.record("1936:22.3").text.endswith("en. indien de overtreder kiest:")
    assert c.record("1936:22.3.a").label == "a) "
    assert c.record("1936:17").text.count("\n") == 2 and "bod doen ,totdat" in c.record("1936:17").text
    assert c.record("1936:21.2").text.split("\n")[1].startswith("Een eens onderga ne straf")
    assert c.record("1936:21.3").text.split("\n")[-1] == "òf indien de daartoe niet gerechtigde maat het recht uitoefent."
    assert c.record("1936:23").text.endswith("worden en\u00a0:")
    assert c.record("1936:Speelmanieren.1").text == "Vermijdt:"
    assert c.record("1936:Speelmanieren.3.n1").text.startswith("Voorbeelden van de aanbevolen biedtermen")
    assert c.article("1936:Speelmanieren").heading == "SPEELMANIEREN."
    assert len(c.article("1936:22").records) == 13


def test_spot_checks_1949_2007_2017():
    assert "geen reden voor een nieuwe gift" in c.record("1949:22").text
    assert c.record("1949:24").label == "Art. 24. " and c.record("1949:25").heading == "Doublet en redoublet."
    assert c.record("1949:26.a").label == "- a. " and "meer dan één kaart 1)" in c.record("1949:26.a").text
    assert c.record("1949:26.a.n1").text.startswith("Indien twee of meer kaarten")
    assert c.record("2007:17.E.2").text.startswith("Wanneer na een bieding driemaal is gepast")
    assert c.record("2007:17.D.1").title == "D. Kaarten van een verkeerd bord"
    assert [r.id for r in c.article("2007:17.D.2").records] == ["2007:17.D.2", "2007:17.D.2.n1"]
    assert c.record("2017:22.A").label == "- A. "
    assert "te hebben gedoubleerd" in c.record("2017:19.A.3").text
    assert "te hebben geredoubleerd" in c.record("2017:19.B.3").text
    assert [r.id for r in c.article("2017:19.A").records] == ["2017:19.A.1", "2017:19.A.2", "2017:19.A.3"]
    assert c.record("2017:20.F.2").text.startswith("Na de afsluitende pas en gedurende de hele speelperiode")
    assert c.record("2017:17.D.1").text.startswith("De biedperiode eindigt als")


# ------------------------------------------------------------------------- API behaviour


def test_sources_are_chronological():
    assert [s.edition for s in c.sources()] == list(EDITIONS)
    assert c.source("1936").source_file == "000_72d784bbfce2b668.txt"


def test_unknown_article_raises_with_a_helpful_message():
    with pytest.raises(BridgeLawsError) as exc:
        c.article("1936:99")
    msg = str(exc.value)
    assert "'1936:99'" in msg and "Speelmanieren" in msg and "\n" not in msg
    assert not c.resolves("1936:99")
    assert c.resolves("1936:22") and c.resolves("2017:19.A") and c.resolves("1936:22.3")


@pytest.mark.parametrize("bad", ["1950:21", "x:1", "1936", "1936:22.", "", "1936 22"])
def test_unknown_edition_or_malformed_ref_raises(bad):
    with pytest.raises(BridgeLawsError):
        c.article(bad)
    with pytest.raises(BridgeLawsError):
        c.record(bad)
    assert c.resolves(bad) is False


def test_unknown_edition_in_filters_raises():
    with pytest.raises(BridgeLawsError):
        c.records("1950")
    with pytest.raises(BridgeLawsError):
        c.source("2020")
    with pytest.raises(BridgeLawsError):
        c.record("1936:22")  # an article without a record of its own


def test_passage_collects_records_notes_and_references():
    p = c.article("1936:22.3")
    assert [r.id for r in p.records] == ["1936:22.3", "1936:22.3.a", "1936:22.3.b"]
    assert p.text == "\n".join(r.text for r in p.records)
    assert p.heading == "Onjuiste biedingen"
    assert any(n.id == "1936-repeated-22" for n in p.notes)
    assert [r.target for r in p.references] == ["1936:22.2"]


def test_search_is_case_and_accent_insensitive():
    hits = textsearch.search("herdubbeid", variants=False)
    assert hits and {h.record_id.split(":")[0] for h in hits} == {"1932"}
    assert textsearch.search("HerDubbeid", variants=False) == hits
    assert any(h.record_id == "2007:17.E.2" for h in textsearch.search("beeindigd"))
    assert any(h.record_id == "1936:Speelmanieren.8" for h in textsearch.search("beinvloeden"))
    assert "herdubbeid" in hits[0].snippet and len(hits[0].snippet) < 140
    assert [h.record_id for h in textsearch.search("onvoldoend bod.", "1936") if "title" in h.fields] == ["1936:22.3"]
    assert [h.where for h in textsearch.search("controle van borden", "2017")] == ["heading"]
    assert all(h.record_id.startswith("2017:") for h in textsearch.search("doubleren", "2017"))
    with pytest.raises(BridgeLawsError):
        textsearch.search("")


def test_search_order_is_chronological():
    eds = [h.record_id.split(":")[0] for h in textsearch.search("bod")]
    assert eds == sorted(eds, key=EDITIONS.index)


def test_source_path_honours_env(monkeypatch, tmp_path):
    monkeypatch.setenv("BRIDGELAWS_SHARED", str(tmp_path))
    assert c.source_path("1932") is None
    (tmp_path / "sources").mkdir()
    f = tmp_path / "sources" / c.source("1932").source_file
    f.write_text("x", encoding="utf-8")
    assert c.source_path("1932") == f
