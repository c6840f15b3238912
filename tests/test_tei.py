"""The TEI export (issue 12 §3): `bridgelaws export-tei` parsed with lxml, validated against the RELAX NG
schema of the subset, and read back: the Dutch text equals the corpus, ids and references resolve,
every note is there once, readings give the notes' readings, and the English is a parallel division."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml

from bridgelaws.text import corpus, datafiles
from bridgelaws.presentation import tei
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS

etree = pytest.importorskip("lxml.etree")

NS = {"t": "http://www.tei-c.org/ns/1.0"}
T = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
YEARS = [e.year for e in EDITIONS]


@pytest.fixture(scope="module")
def schema():
    return etree.RelaxNG(etree.parse(tei.schema_path()))


def export(tmp_path: Path, *edition: str):
    path = tmp_path / f"{'-'.join(edition) or 'all'}.xml"
    assert main(["export-tei", *edition, "-o", str(path)]) == 0
    return etree.parse(str(path))


@pytest.fixture(scope="module")
def everything(tmp_path_factory):
    """The whole corpus as one teiCorpus (exported once for the module)."""
    return export(tmp_path_factory.mktemp("tei"))


def _local(element) -> str:
    return etree.QName(element).localname


def read(element, chosen=("sic", "orig")) -> str:
    """The text of a paragraph as printed (``sic`` and ``orig`` chosen; ``label`` left out, ``lb`` a
    line break), or with ``chosen=("corr", "reg")`` the editor's readings."""
    out = [element.text or ""]
    for child in element:
        name = _local(child)
        if name == "lb":
            out.append("\n")
        elif name == "choice":
            (picked,) = [c for c in child if _local(c) in chosen]
            out.append(read(picked, chosen))
        elif name != "label":
            out.append(read(child, chosen))
        out.append(child.tail or "")
    return "".join(out)


def paragraphs(document, edition: str):
    (text,) = document.xpath("//t:TEI[@n=$e]", namespaces=NS, e=edition)
    return {p.get(XML_ID): p for p in text.xpath(".//t:div[@type='original']//t:p", namespaces=NS)}, text


def test_the_xml_ids_are_ncnames_derived_from_the_ids():
    assert tei.record_xml_id("1936:22.6.c") == "r1936-22.6.c"
    assert tei.article_xml_id("2017:18") == "a2017-18"
    assert tei.note_xml_id("1936-slip-mits") == "n1936-slip-mits"
    ncname = re.compile(r"[A-Za-z_][A-Za-z0-9._\-]*")
    for record in corpus.records():
        assert ncname.fullmatch(tei.record_xml_id(record.id)), record.id


@pytest.mark.parametrize("edition", YEARS + [None])
def test_every_export_is_valid_against_the_schema(tmp_path, schema, edition):
    document = export(tmp_path, *([edition] if edition else []))
    assert schema.validate(document), schema.error_log
    assert _local(document.getroot()) == ("teiCorpus" if edition is None else "TEI")


def test_the_dutch_text_read_from_the_tei_is_every_record_verbatim(everything):
    for edition in YEARS:
        found, _ = paragraphs(everything, edition)
        records = corpus.records(edition)
        assert list(found) == [tei.record_xml_id(r.id) for r in records]  # each once, in source order
        for record in records:
            paragraph = found[tei.record_xml_id(record.id)]
            assert paragraph.get("n") == record.id
            assert read(paragraph) == record.text, record.id
            labels = paragraph.findall(f"{T}label")
            assert [label.text for label in labels] == ([record.label] if record.label else []), record.id
            if labels:
                assert paragraph[0] is labels[0] and not paragraph.text


def test_the_readings_are_the_notes_readings(everything):
    """Choosing corr and reg gives the text with every slip's and spelling's reading of the notes
    (slips as written, spellings as whole words), computed here from the notes, not from the TEI."""
    changed = 0
    for edition in YEARS:
        found, _ = paragraphs(everything, edition)
        for record in corpus.records(edition):
            expected = record.text
            notes = [n for n in corpus.notes(edition) if record.id in n.records and n.verbatim and n.reading]
            for note in sorted(notes, key=lambda n: n.kind != "slip"):
                if note.kind == "slip":
                    expected = expected.replace(note.verbatim, note.reading)
                elif note.kind == "spelling":
                    expected = re.sub(rf"(?<!\w){re.escape(note.verbatim)}(?!\w)", note.reading, expected)
            changed += expected != record.text
            assert read(found[tei.record_xml_id(record.id)], ("corr", "reg")) == expected, record.id
    assert changed > 20


def test_slips_and_old_spellings_are_choices(everything):
    found, _ = paragraphs(everything, "1936")
    paragraph = found["r1936-21.2"]
    (choice,) = [c for c in paragraph.iter(f"{T}choice") if c.find(f"{T}sic") is not None]
    assert (choice.findtext(f"{T}sic"), choice.findtext(f"{T}corr")) == ("onderga ne", "ondergane")
    spelled = [(c.findtext(f"{T}orig"), c.findtext(f"{T}reg")) for c in found["r1936-16"].iter(f"{T}choice")]
    assert ("grooter", "groter") in spelled
    # "den" only as a word: as often as the word is in the records the note names, never in "worden"
    note = next(n for n in corpus.notes("1936") if n.id == "1936-spelling-den")
    for record_id in note.records:
        origs = [o.text for o in found[tei.record_xml_id(record_id)].iter(f"{T}orig")]
        assert origs.count("den") == len(re.findall(r"(?<!\w)den(?!\w)", corpus.record(record_id).text)) > 0
    assert re.search(r"\wden\b", " ".join(corpus.record(r).text for r in note.records))  # "worden" is there


def test_references_resolve_or_are_marked_outside(everything):
    all_ids = everything.xpath("//@xml:id")
    ids = set(all_ids)
    assert len(ids) == len(all_ids)  # unique: libxml2's RELAX NG does not check xsd:ID uniqueness
    for edition in YEARS:
        found, _ = paragraphs(everything, edition)
        for reference in corpus.references(edition):
            paragraph = found[tei.record_xml_id(reference.from_id)]
            refs = [r for r in paragraph.iter(f"{T}ref") if read(r) == reference.quote]
            assert refs, (reference.from_id, reference.quote)
            if reference.in_corpus:
                targets = [t.lstrip("#") for r in refs for t in (r.get("target") or "").split()]
                wanted = {tei.record_xml_id(r.id) for r in corpus.article(reference.target).records}
                wanted.add(tei.article_xml_id(reference.target))
                assert targets and set(targets) <= ids and set(targets) & wanted, reference
            else:
                crefs = [r.get("cRef", "").split() for r in refs]
                assert any(reference.target in c for c in crefs), reference
                assert all(r.get("type") == "external" for r in refs if r.get("cRef"))
    for pointer in everything.xpath("//@target | //@corresp"):
        for target in pointer.split():
            assert target.startswith("#") and target[1:] in ids, target


def test_every_note_is_there_once_and_repetitions_and_misfit_headings_in_place(everything):
    notes = everything.xpath("//t:text//t:note", namespaces=NS)
    assert sorted(n.get(XML_ID) for n in notes) == sorted(tei.note_xml_id(n.id) for n in corpus.notes())
    for note in corpus.notes():
        (element,) = [n for n in notes if n.get(XML_ID) == tei.note_xml_id(note.id)]
        assert element.get("type") == note.kind and element.text == note.text
        assert element.get("target").split() == [f"#{tei.record_xml_id(r)}" for r in note.records]
    repeated = everything.xpath("//t:note[@type='repetition']", namespaces=NS)
    assert len(repeated) == 2
    for note in repeated:  # in the text, after the last paragraph printed before the repetition
        assert note.xpath("ancestor::t:body", namespaces=NS) and _local(note.getprevious()) == "p"
    assert repeated[0].getprevious().get("n") == "1936:22.6.c"
    (misfit,) = everything.xpath("//t:div[@xml:id='a2017-18']/t:note[@type='misfit-heading']", namespaces=NS)
    assert misfit.getprevious().text == "ARTIKEL 18 Controle van borden en kaarten"


def test_the_header_describes_the_source(everything):
    (header,) = everything.xpath("//t:TEI[@n='1936']/t:teiHeader", namespaces=NS)
    (bibl,) = header.xpath("t:fileDesc/t:sourceDesc/t:bibl", namespaces=NS)
    assert bibl.findtext(f"{T}title") == "DERDE TIJDVAK ~ HET BIEDEN."
    assert bibl.xpath("t:title[@type='desc']/text()", namespaces=NS)[0].startswith(
        "Dutch translation of the 1935 international code")
    assert bibl.xpath("t:date[@type='code']/@when", namespaces=NS) == ["1935"]
    assert bibl.xpath("t:date[@type='text']/@when", namespaces=NS) == ["1936"]
    assert bibl.xpath("t:idno[@type='page']/text()", namespaces=NS) == ["DERDE TIJDVAK:1936"]
    assert bibl.find(f"{T}publisher") is None  # unknown: said as unknown, never filled in
    assert bibl.xpath("t:note[@n='publisher']/@type", namespaces=NS) == ["unknown"]
    assert len(bibl.findall(f"{T}note")) == 14


def test_every_edition_carries_its_english_as_a_parallel_division(everything):
    """The project's English of every record (data/editions/<year>/translation.yaml) is in the export: one English
    division per text, one paragraph per record, each pointing at the Dutch paragraph it translates."""
    from bridgelaws.text import translation

    divisions = everything.xpath("//t:body/t:div[@type='translation']", namespaces=NS)
    assert len(divisions) == len(EDITIONS)
    english = {p.get("corresp"): p for d in divisions for p in d.iter(f"{T}p")}
    expected = {f"#r{r.id.replace(':', '-')}": r.id for r in corpus.records()}
    assert set(english) == set(expected)
    ids = set(everything.xpath("//@xml:id"))
    assert all(target[1:] in ids for target in english)
    record = "1936:22.6.c"
    assert "".join(english[f"#r{record.replace(':', '-')}"].itertext()).split() == \
        translation.english(record).split()


def test_the_english_is_a_parallel_division(data, tmp_path, schema):
    (data / "editions" / "2007" / "translation.yaml").write_text(
        'edition: "2007"\ntranslator: "a test fixture"\nrecords:\n'
        '  - {id: "2007:17.A", en: "Fixture English for 17.A."}\n'
        '  - {id: "2007:17.D.2", en: "Fixture English for 17.D.2."}\n', encoding="utf-8")
    datafiles.reset()
    document = export(tmp_path, "2007")
    assert schema.validate(document), schema.error_log
    (division,) = document.xpath("//t:body/t:div[@type='translation']", namespaces=NS)
    assert division.get(XML_LANG) == "en"
    assert division.findtext(f"{T}head") == "English: the project's translation, not a source text"
    english = {p.get("corresp"): p.text for p in division.iter(f"{T}p")}
    assert english == {"#r2007-17.A": "Fixture English for 17.A.", "#r2007-17.D.2": "Fixture English for 17.D.2."}
    assert [d.get("corresp") for d in division.findall(f"{T}div")] == ["#a2007-17"]
    ids = set(document.xpath("//@xml:id"))
    assert all(target[1:] in ids for target in english)


@pytest.mark.parametrize("breaking", [
    lambda d: d.xpath("//t:p[@xml:id='r2007-17.A']", namespaces=NS)[0].attrib.pop(XML_ID),
    lambda d: d.xpath("//t:p[@xml:id='r2007-17.B']", namespaces=NS)[0].set(XML_ID, "2007:17.B"),
    lambda d: etree.SubElement(d.xpath("//t:p[@xml:id='r2007-17.A']", namespaces=NS)[0], f"{T}hi"),
    lambda d: d.xpath("//t:ref[@type='external']", namespaces=NS)[0].set("target", "#r2007-17.A"),
    lambda d: d.xpath("//t:sourceDesc/t:bibl/t:idno[@type='page']", namespaces=NS)[0].getparent().remove(
        d.xpath("//t:sourceDesc/t:bibl/t:idno[@type='page']", namespaces=NS)[0]),
], ids=["p-without-id", "id-not-ncname", "unknown-element", "external-ref-with-target",
        "bibl-without-page"])
def test_a_broken_document_fails_the_schema(tmp_path, schema, breaking):
    document = export(tmp_path, "2007")
    assert schema.validate(document)
    broken = copy.deepcopy(document)
    breaking(broken)
    assert not schema.validate(broken)


@pytest.mark.parametrize("argv, fragment", [
    (["export-tei", "1999", "-o", "{tmp}/x.xml"], "unknown edition '1999'"),
    (["export-tei", "2007", "-o", "{tmp}/missing/x.xml"], "cannot write {tmp}/missing/x.xml"),
    (["export-tei", "2007", "-o", "{tmp}"], "cannot write {tmp}: it is a folder"),
    (["export-tei", "2007"], "the following arguments are required: -o/--output"),
])
def test_bad_arguments_are_one_line_exit_2_and_write_nothing(tmp_path, capsys, argv, fragment):
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and fragment.replace("{tmp}", str(tmp_path)) in err
    assert list(tmp_path.iterdir()) == []


def test_export_says_what_it_wrote(tmp_path, capsys):
    path = tmp_path / "2007.xml"
    assert main(["export-tei", "2007", "-o", str(path)]) == 0
    # the counts are those of the edition's files (data/editions/2007/), whatever they hold
    folder = Path(__file__).resolve().parents[1] / "data" / "editions" / "2007"
    text = json.loads((folder / "corpus.json").read_text(encoding="utf-8"))
    english = yaml.safe_load((folder / "translation.yaml").read_text(encoding="utf-8"))["records"]

    def counted(number, noun):
        return f"{number} {noun}" + ("" if number == 1 else "s")

    assert capsys.readouterr().out == (
        f"wrote {path}: a TEI document of 1 text (schema: bridgelaws/schemas/tei-bridgelaws.rng)\n"
        f"  2007: {counted(len(text['articles']), 'article')}, {counted(len(text['records']), 'paragraph')}, "
        f"{counted(len(text['notes']), 'note')}, {counted(len(text['references']), 'reference')}, "
        f"{len(english)} in English\n")


def test_overlapping_references_are_one_error_line_not_a_garbled_text(data, tmp_path, capsys):
    import json

    path = data / "editions" / "2007" / "corpus.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    text = next(r["text"] for r in raw["records"] if r["id"] == "2007:17.D.2")
    record_id = "2007:17.D.2"
    raw["references"] += [{"from": record_id, "quote": text[0:12], "target": "2007:99", "in_corpus": False},
                          {"from": record_id, "quote": text[6:20], "target": "2007:98", "in_corpus": False}]
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    datafiles.reset()
    code = main(["export-tei", "2007", "-o", str(tmp_path / "x.xml")])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "2007:17.D.2" in err and "overlap" in err, err
    assert not (tmp_path / "x.xml").exists()


def test_a_subheading_heads_its_own_section_only(everything):
    """2017 prints "E. Rangorde van de speelsoorten" above 18.E; 18.F (whose heading line the source
    lost) is not put under it, nor 20.F and 20.G under "E. Verbetering ..."."""
    def section_of(record_id):
        (p,) = everything.xpath(f"//t:p[@xml:id='{tei.record_xml_id(record_id)}']", namespaces=NS)
        parent = p.getparent()
        return parent.get("type"), parent.findtext(f"{T}head")

    assert section_of("2017:18.E") == ("subsection", "E. Rangorde van de speelsoorten")
    assert section_of("2017:18.F") == ("subsection", None)
    assert section_of("2017:20.F.3") == ("subsection", None) and section_of("2017:20.G.1") == ("subsection", None)
    assert section_of("2017:18.A") == ("article", "ARTIKEL 18 Controle van borden en kaarten")
    assert section_of("1936:22.3.a") == ("subsection", "Onvoldoend bod.")
    assert section_of("2007:17.D.3") == ("subsection", "D. Kaarten van een verkeerd bord")
