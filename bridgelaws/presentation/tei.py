"""The corpus as TEI P5 XML, the convention of digital scholarly editions.

``bridgelaws export-tei [EDITION] -o FILE`` writes one ``TEI`` document for an edition, or a
``teiCorpus`` holding one per registered edition. The subset of TEI used is exactly what
``bridgelaws/schemas/tei-bridgelaws.rng`` (RELAX NG) allows; the tests validate every export against
it. Built with the standard library's :mod:`xml.etree.ElementTree` (no dependency).

How the corpus is encoded:

* **Header.** ``fileDesc/titleStmt`` (the printed title, the description of the text, who encoded
  it), ``publicationStmt`` (the project and the edition's id), ``sourceDesc/bibl`` (the source's
  metadata of each edition's ``bibliography`` (``data/editions/<year>/edition.yaml``): title, dates, publisher when known, the page and the file,
  and one ``note type="provenance"`` per field saying where it comes from, or ``note
  type="unknown"`` saying why it is not known), and ``encodingDesc/editorialDecl`` (these rules).
* **Ids.** A record id is not an XML name (``1936:22.6.c`` has a colon and may start with a digit),
  so ``xml:id`` maps it: ``r`` + the id with ``:`` as ``-`` (``r1936-22.6.c``); an article is
  ``a1936-22``, an edition's document ``e1936``, a note of the corpus ``n`` + its id
  (``n1936-slip-mits``). The corpus's own id is kept as ``@n`` on every record and article.
* **Text.** ``div type="original" xml:lang="nl"`` holds one ``div type="article"`` per article (its
  printed heading line as ``head``) and one ``p`` per record, in source order. The label printed
  before a record is its first child, ``<label>c) </label>``, exactly as printed (a restored label is
  not printed, so it has no ``label``: the id and its note say it). A subheading printed above a
  record opens a ``div type="subsection"`` with that ``head`` (1936 rule 22, the 2007 and 2017 section
  headings), which holds the records of that section (the first part of their id below the article);
  a later section whose heading the source does not print (2017 18.F, 20.F) is a subsection without a
  ``head``. A line break inside a paragraph is ``lb``. The chapter lines printed before the first
  article are ``head``s of the original division; the page name and the wiki's own line ("Uit
  Spelregels voor tafelarbiters") are ``fw`` (forme work), not the text's.
* **Readings.** Where a corpus note of kind ``slip`` gives the reading, the printed words are
  ``<choice><sic>printed</sic><corr>reading</corr></choice>``; for kind ``spelling``,
  ``<choice><orig>printed</orig><reg>reading</reg></choice>``, in every record the note names
  (matched as whole words). Choosing ``sic`` and ``orig`` gives back the verbatim text. A slip whose
  words partly overlap a cross-reference is narrowed to the characters that differ.
* **Cross-references** (the corpus's ``references``): ``<ref type="internal" target="#...">`` for a
  target in the corpus (a record, an article, or the records of a section that has none of its
  own), ``<ref type="external" cRef="2017:47.E">`` for one outside it (``cRef`` is the id in the
  speaking edition's numbering, as in the corpus). A phrase that names both kinds is an internal
  ``ref`` around an external one.
* **Notes.** Every corpus note once, as ``note`` with ``xml:id``, ``@type`` (its kind) and
  ``@target`` (its records): a repetition where the source repeats the text (after the last record
  before the repetition; the repeated words are not encoded twice), a misfit or missing heading at
  the start of its article, every other note in ``back``.
* **English.** Where the project has a translation (:mod:`bridgelaws.text.translation`), a parallel
  ``div type="translation" xml:lang="en"`` with one ``p`` per translated record whose ``@corresp``
  points to the Dutch ``p``; its ``head`` says it is the project's translation, not a source text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal

from ..text import corpus, translation
from ..text.bibliography import SourceMetadata, metadata
from ..text.errors import BridgeLawsError

__all__ = ["TEI_NS", "XML_NS", "record_xml_id", "article_xml_id", "note_xml_id", "edition_xml_id",
           "document", "export", "schema_path"]

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
_ID = f"{{{XML_NS}}}id"
_LANG = f"{{{XML_NS}}}lang"
#: The note kinds the text encodes as a choice, and the two elements of each.
_CHOICES = {"slip": ("sic", "corr"), "spelling": ("orig", "reg")}
#: Elements indented when written: the structure, never the content of a paragraph or a heading,
#: whose whitespace is text.
_STRUCTURE = {"teiCorpus", "TEI", "teiHeader", "fileDesc", "titleStmt", "respStmt", "publicationStmt",
              "sourceDesc", "bibl", "encodingDesc", "editorialDecl", "text", "body", "back", "div"}


def _tag(name: str) -> str:
    # Unqualified: the root declares the TEI namespace as the default (``xmlns``), which every
    # element inherits; ElementTree's own default_namespace refuses unqualified attributes.
    return name


def edition_xml_id(edition: str) -> str:
    return f"e{edition}"


def record_xml_id(record_id: str) -> str:
    """``1936:22.6.c`` -> ``r1936-22.6.c`` (an NCName: a letter first, no colon)."""
    return "r" + record_id.replace(":", "-")


def article_xml_id(article_id: str) -> str:
    """``1936:22`` -> ``a1936-22``."""
    return "a" + article_id.replace(":", "-")


def note_xml_id(note_id: str) -> str:
    """``1936-slip-mits`` -> ``n1936-slip-mits``."""
    return "n" + note_id


def schema_path() -> str:
    """The RELAX NG schema of the subset used, shipped with the package."""
    return str(resources.files("bridgelaws") / "schemas" / "tei-bridgelaws.rng")


#: Keyword arguments of :func:`_add` that are attributes of the XML namespace.
_XML_ATTRIBUTES = {"xml__id": _ID, "xml__lang": _LANG}


def _add(parent: ET.Element, name: str, text: str | None = None, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, _tag(name), {_XML_ATTRIBUTES.get(k, k): v for k, v in attributes.items()})
    if text is not None:
        element.text = text
    return element


# ------------------------------------------------------------------------------------ the header


def _header(parent: ET.Element, source: SourceMetadata, edition: str) -> None:
    header = _add(parent, "teiHeader")
    file_desc = _add(header, "fileDesc")
    title_stmt = _add(file_desc, "titleStmt")
    printed = source.printed_title
    _add(title_stmt, "title", str(printed.value) if printed.known else source.page)
    if source.description.known:
        _add(title_stmt, "title", f"{source.description.value}: an electronic transcription", type="desc")
    resp = _add(title_stmt, "respStmt")
    _add(resp, "resp", "transcription (data/editions/" + edition + "/corpus.json) and TEI encoding")
    _add(resp, "name", "the bridgelaws project")
    publication = _add(file_desc, "publicationStmt")
    _add(publication, "publisher", "the bridgelaws project")
    _add(publication, "idno", edition, type="bridgelaws")
    if source.transcribed.known:
        _add(publication, "date", f"transcribed {source.transcribed.value}", when=str(source.transcribed.value))
    bibl = _add(_add(file_desc, "sourceDesc"), "bibl")
    if printed.known:
        _add(bibl, "title", str(printed.value))
    if source.description.known:
        _add(bibl, "title", str(source.description.value), type="desc")
    if source.code_year.known:
        _add(bibl, "date", f"code of {source.code_year.value}", type="code", when=str(source.code_year.value))
    if source.dated.known:
        _add(bibl, "date", f"dated {source.dated.value}", type="text", when=str(source.dated.value))
    if source.publisher.known:
        _add(bibl, "publisher", str(source.publisher.value))
    _add(bibl, "idno", source.page, type="page")
    _add(bibl, "idno", source.source_file, type="file")
    for item in source.fields():
        if item.known:
            _add(bibl, "note", f"{item.value} (from: {item.said_in})", type="provenance", n=item.name)
        else:
            _add(bibl, "note", item.said_in, type="unknown", n=item.name)
    decl = _add(_add(header, "encodingDesc"), "editorialDecl")
    for paragraph in _EDITORIAL:
        _add(decl, "p", paragraph)


_EDITORIAL = (
    "A diplomatic transcription: every text as printed, with its slips and its old spelling; corrections "
    "and remarks are notes of the corpus (data/editions/corpus.md), never edits.",
    "xml:id: r + the record's id with ':' as '-' (1936:22.6.c is r1936-22.6.c); a + the article's id "
    "(a1936-22); n + the note's id. @n keeps the corpus id.",
    "label: the label as printed before a paragraph; a restored label is not printed and has no label "
    "(the id and a note of kind restored-label give it).",
    "choice/sic/corr: a slip and the editor's reading; choice/orig/reg: an old spelling and the later spelling "
    "that a note of the corpus gives for it. sic and orig are the text as printed.",
    "ref type=internal: a reference to records of the same text (@target); ref type=external: a reference "
    "to an article outside the corpus excerpt (@cRef: its id in the text's own numbering).",
)


# ------------------------------------------------------------------------------------ the text


@dataclass
class _Span:
    """A stretch of a record's text that an element wraps: a reference or a reading."""

    start: int
    end: int
    kind: Literal["ref", "choice"]
    rank: int  # the outer first when two spans are the same: a reference, a slip, a spelling
    attributes: dict[str, str] = field(default_factory=dict)
    inner_ref: dict[str, str] | None = None  # a reference naming targets inside and outside the corpus
    choice: tuple[str, str] = ("", "")  # element names: ("sic", "corr") or ("orig", "reg")
    reading: str = ""
    pattern: re.Pattern[str] | None = None
    children: list[_Span] = field(default_factory=list)


def _word_pattern(words: str) -> re.Pattern[str]:
    """``words`` where they are not part of a longer word ("den" is not the end of "worden")."""
    pattern = re.escape(words)
    if re.match(r"\w", words[0]):
        pattern = r"(?<!\w)" + pattern
    if re.match(r"\w", words[-1]):
        pattern += r"(?!\w)"
    return re.compile(pattern)


def _target_ids(target: str) -> list[str]:
    """The xml:ids a target in the corpus points to: its record, its article, or the records under it."""
    edition, rest = target.split(":", 1)
    if rest == corpus.article(target).article:
        return [article_xml_id(target)]
    passage = corpus.article(target)
    if any(r.id == target for r in passage.records):
        return [record_xml_id(target)]
    return [record_xml_id(r.id) for r in passage.records]


def _reference_spans(record: corpus.Record) -> list[_Span]:
    """The record's references, one ``ref`` span per place its quote is found: internal (to the
    records they point to), external (a ``cRef``), or both nested."""
    groups: dict[str, list[corpus.Reference]] = {}
    for reference in corpus.references(record.edition):
        if reference.from_id == record.id:
            groups.setdefault(reference.quote, []).append(reference)
    spans: list[_Span] = []
    for quote, references in groups.items():
        inside = [t for r in references if r.in_corpus for t in _target_ids(r.target)]
        outside = [r.target for r in references if not r.in_corpus]
        if inside:
            attributes = {"type": "internal", "target": " ".join(f"#{i}" for i in dict.fromkeys(inside))}
            inner = {"type": "external", "cRef": " ".join(outside)} if outside else None
        else:
            attributes, inner = {"type": "external", "cRef": " ".join(outside)}, None
        for found in re.finditer(re.escape(quote), record.text):
            spans.append(_Span(found.start(), found.end(), "ref", 0, attributes, inner))
    return spans


def _reading_spans(record: corpus.Record) -> list[_Span]:
    """The notes' readings of the record's words (a slip, an old spelling), one ``choice`` span each."""
    spans: list[_Span] = []
    for note in corpus.notes(record.edition):
        if note.kind not in _CHOICES or not note.verbatim or not note.reading or record.id not in note.records:
            continue
        pattern = _word_pattern(note.verbatim)
        for found in pattern.finditer(record.text):
            spans.append(_Span(found.start(), found.end(), "choice", 1 if note.kind == "slip" else 2,
                               choice=_CHOICES[note.kind], reading=note.reading, pattern=pattern))
    return spans


def _spans(record: corpus.Record) -> list[_Span]:
    text = record.text
    spans = _reference_spans(record) + _reading_spans(record)
    for span in spans:  # a reading that partly overlaps a reference keeps only what differs
        if span.kind == "choice" and any(_partly(span, other) for other in spans if other.kind == "ref"):
            _narrow(span, text)
    for number, span in enumerate(spans):  # what still overlaps cannot be nested: say so, never garble
        for other in spans[number + 1:]:
            if _partly(span, other):
                raise BridgeLawsError(
                    f"{record.id}: {text[span.start:span.end]!r} and {text[other.start:other.end]!r} overlap "
                    "(a reference or a note's words); TEI elements cannot overlap")
    return spans


def _partly(a: _Span, b: _Span) -> bool:
    inside = b.start <= a.start and a.end <= b.end
    around = a.start <= b.start and b.end <= a.end
    return a.start < b.end and b.start < a.end and not inside and not around


def _narrow(span: _Span, text: str) -> None:
    printed, reading = text[span.start:span.end], span.reading
    prefix = 0
    while prefix < min(len(printed), len(reading)) and printed[prefix] == reading[prefix]:
        prefix += 1
    suffix = 0
    while (suffix < min(len(printed), len(reading)) - prefix
           and printed[-1 - suffix] == reading[-1 - suffix]):
        suffix += 1
    span.start, span.end = span.start + prefix, span.end - suffix
    span.reading = reading[prefix:len(reading) - suffix]
    span.pattern = None  # the narrowed words are no longer a word to look for


def _tree(spans: list[_Span]) -> list[_Span]:
    """The spans nested: each under the smallest span that contains it."""
    top: list[_Span] = []
    stack: list[_Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end, s.rank)):
        while stack and not (stack[-1].start <= span.start and span.end <= stack[-1].end):
            stack.pop()
        (stack[-1].children if stack else top).append(span)
        stack.append(span)
    return top


def _append_text(parent: ET.Element, text: str) -> None:
    """``text`` at the end of ``parent``'s content, a line break as ``lb``."""
    for number, line in enumerate(text.split("\n")):
        if number:
            _add(parent, "lb")
        if not line:
            continue
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + line
        else:
            parent.text = (parent.text or "") + line


def _content(parent: ET.Element, text: str, start: int, end: int, spans: Sequence[_Span]) -> None:
    """The record's text from ``start`` to ``end`` into ``parent``, with its spans as elements."""
    at = start
    for span in spans:
        _append_text(parent, text[at:span.start])
        if span.kind == "ref":
            element = _add(parent, "ref", **span.attributes)
            if span.inner_ref is not None:
                element = _add(element, "ref", **span.inner_ref)
            _content(element, text, span.start, span.end, span.children)
        else:
            choice = _add(parent, "choice")
            _content(_add(choice, span.choice[0]), text, span.start, span.end, span.children)
            _reading(_add(choice, span.choice[1]), span.reading, span.children)
        at = span.end
    _append_text(parent, text[at:end])


def _reading(parent: ET.Element, reading: str, inner: Sequence[_Span]) -> None:
    """A reading, with the old spellings that its printed words had marked in it too."""
    found = sorted({(m.start(), m.end(), s.choice, s.reading)
                    for s in inner if s.kind == "choice" and s.pattern is not None
                    for m in s.pattern.finditer(reading)})
    at = 0
    for start, end, names, corrected in found:
        if start < at:
            continue
        _append_text(parent, reading[at:start])
        choice = _add(parent, "choice")
        _append_text(_add(choice, names[0]), reading[start:end])
        _append_text(_add(choice, names[1]), corrected)
        at = end
    _append_text(parent, reading[at:])


def _paragraph(parent: ET.Element, record: corpus.Record) -> ET.Element:
    paragraph = _add(parent, "p", xml__id=record_xml_id(record.id), n=record.id)
    if record.label:
        _add(paragraph, "label", record.label)
    _content(paragraph, record.text, 0, len(record.text), _tree(_spans(record)))
    return paragraph


def _note(parent: ET.Element, note: corpus.Note) -> None:
    _add(parent, "note", note.text, xml__id=note_xml_id(note.id), type=note.kind,
         target=" ".join(f"#{record_xml_id(r)}" for r in note.records))


class _Original:
    """The Dutch text of one edition as TEI, built in the order of the source's layout: the lines
    before the first article, the articles (``div``), their subsections, paragraphs and notes."""

    def __init__(self, body: ET.Element, edition: str, source: SourceMetadata) -> None:
        self.edition, self.source = edition, source
        self.original = _add(body, "div", type="original", xml__lang="nl")
        self.site_line = f"Uit {source.website.value}" if source.website.known else None
        self.records = {r.id: r for r in corpus.records(edition)}
        self.articles = {a.article: a for a in corpus.source(edition).articles}
        self.notes = {n.id: n for n in corpus.notes(edition)}
        self.placed: set[str] = set()  # the ids of the notes placed
        self.article_div: ET.Element | None = None
        self.container: ET.Element | None = None  # the article, or its subsection
        self.section: str | None = None  # the first part of the id below the article of the open subsection
        self.last_paragraph_parent: ET.Element | None = None

    def open_article(self, number: str) -> ET.Element:
        article_id = f"{self.edition}:{number}"
        article_div = _add(self.original, "div", type="article", xml__id=article_xml_id(article_id), n=article_id)
        self.article_div = article_div
        line = self.articles[number].heading_line
        if line is not None:
            _add(article_div, "head", line)
        for note in self.notes.values():
            if note.kind in ("misfit-heading", "missing-heading") and any(
                    self.records[r].article == number for r in note.records if r in self.records):
                _note(article_div, note)
                self.placed.add(note.id)
        self.container, self.section = article_div, None
        return article_div

    def article_of(self, record: corpus.Record) -> ET.Element:
        """The article's ``div`` of ``record``: the open one, or a new one."""
        if self.article_div is None or self.article_div.get("n") != f"{self.edition}:{record.article}":
            return self.open_article(record.article)
        return self.article_div

    def line(self, index: int, line: str) -> None:
        """A line before the first article: the page's name, the site's line, or a heading."""
        if not line.strip() or self.article_div is not None:
            return
        if index == 0 and line == self.source.page:
            _add(self.original, "fw", line, type="page-name")
        elif line == self.site_line:
            _add(self.original, "fw", line, type="site")
        else:
            _add(self.original, "head", line)

    def title(self, record: corpus.Record) -> None:
        """A subheading: a subsection of the article opens."""
        article_div = self.article_of(record)
        self.container, self.section = _add(article_div, "div", type="subsection"), _section(record)
        _add(self.container, "head", record.title)

    def paragraph(self, record: corpus.Record) -> None:
        article_div = self.article_of(record)
        assert self.container is not None
        if self.section is not None and _section(record) != self.section:
            # a section whose heading the source does not print (2017 18.F after "E. ..."):
            # its own subsection, without a head, not the section above it
            self.container, self.section = _add(article_div, "div", type="subsection"), _section(record)
        _paragraph(self.container, record)
        self.last_paragraph_parent = self.container

    def part(self, index: int, part: dict[str, Any]) -> None:
        """One part of the layout."""
        if "line" in part:
            self.line(index, part["line"])
        elif "heading" in part:
            self.open_article(part["heading"].split(":", 1)[1])
        elif "title" in part:
            self.title(self.records[part["title"]])
        elif "record" in part:
            self.paragraph(self.records[part["record"]])
        elif "repeat" in part and part["note"] not in self.placed and self.last_paragraph_parent is not None:
            _note(self.last_paragraph_parent, self.notes[part["note"]])
            self.placed.add(part["note"])


def _original(body: ET.Element, edition: str, source: SourceMetadata) -> set[str]:
    """The Dutch text; returns the ids of the notes placed in it."""
    raw = corpus._raw(edition)  # the layout: where the source prints lines, headings and repetitions
    built = _Original(body, edition, source)
    for index, item in enumerate(raw["layout"]):
        for part in item["inline"] if "inline" in item else [item]:
            built.part(index, part)
    return built.placed


def _section(record: corpus.Record) -> str:
    """The first part of a record's id below its article: the section a subheading opens
    (``2017:18.E`` -> ``E``, ``1936:22.3.a`` -> ``3``)."""
    parts = record.id.split(":", 1)[1].split(".")
    return parts[1] if len(parts) > 1 else ""


def _translation(body: ET.Element, edition: str) -> None:
    english = translation.translated(edition)
    if not english:
        return
    division = _add(body, "div", type="translation", xml__lang="en")
    _add(division, "head", translation.LABEL)
    current: ET.Element | None = None
    for record in corpus.records(edition):
        if record.id not in english:
            continue
        article_id = f"{edition}:{record.article}"
        if current is None or current.get("corresp") != f"#{article_xml_id(article_id)}":
            current = _add(division, "div", type="article", corresp=f"#{article_xml_id(article_id)}")
        _append_text(_add(current, "p", corresp=f"#{record_xml_id(record.id)}"), english[record.id])


def _document(edition: str) -> ET.Element:
    source = metadata(edition)
    tei = ET.Element(_tag("TEI"), {_ID: edition_xml_id(edition), _LANG: "nl", "n": edition})
    _header(tei, source, edition)
    text = _add(tei, "text")
    body = _add(text, "body")
    placed = _original(body, edition, source)
    _translation(body, edition)
    rest = [n for n in corpus.notes(edition) if n.id not in placed]
    if rest:
        notes = _add(_add(text, "back"), "div", type="notes")
        for note in rest:
            _note(notes, note)
    return tei


def _corpus_document(editions: Iterable[str]) -> ET.Element:
    years = list(editions)
    root = ET.Element(_tag("teiCorpus"), {_LANG: "nl"})
    header = _add(root, "teiHeader")
    file_desc = _add(header, "fileDesc")
    title_stmt = _add(file_desc, "titleStmt")
    _add(title_stmt, "title", f"The Dutch texts of the bidding rules of contract bridge: {', '.join(years)}")
    resp = _add(title_stmt, "respStmt")
    _add(resp, "resp", "transcription and TEI encoding")
    _add(resp, "name", "the bridgelaws project")
    publication = _add(file_desc, "publicationStmt")
    _add(publication, "publisher", "the bridgelaws project")
    _add(publication, "idno", "bridgelaws", type="bridgelaws")
    _add(_add(file_desc, "sourceDesc"), "p", "Each text's source is described in its own header.")
    for year in years:
        root.append(_document(year))
    return root


def _indent(element: ET.Element, level: int = 0) -> None:
    """Line breaks and indentation between structural elements only (never inside a paragraph)."""
    if element.tag.split("}")[-1] not in _STRUCTURE or not len(element) or (element.text or "").strip():
        return
    inner = "\n" + "  " * (level + 1)
    element.text = inner
    for child in element:
        _indent(child, level + 1)
        if not (child.tail or "").strip():
            child.tail = inner
    element[-1].tail = "\n" + "  " * level


def document(edition: str | None = None) -> str:
    """The TEI XML of ``edition`` (a ``TEI`` document), or of every registered edition (a
    ``teiCorpus``), with its XML declaration."""
    if edition is None:
        root = _corpus_document(corpus.EDITIONS)
    else:
        root = _document(corpus.source(edition).edition)  # an unknown edition: the corpus's error
    root.set("xmlns", TEI_NS)
    _indent(root)
    xml = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + xml + "\n"


def export(path: str, edition: str | None = None) -> None:
    """Write :func:`document` to ``path`` (written whole or not at all)."""
    from ..text._cliio import write_output

    text = document(edition)  # every error about the data or the edition before the file is touched
    write_output(path, text)

