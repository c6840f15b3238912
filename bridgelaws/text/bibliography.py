"""What each source text is, as far as the sources say, and citations of an edition, an article or a
record.

The metadata live in each edition's ``data/editions/<year>/edition.yaml``, under ``bibliography``, with
the values the texts share in ``data/editions/common.yaml`` (schema: :func:`bridgelaws.text.schema.parse_bibliography`):
every field is a value with where the sources say it, or *unknown* with why. The page name and the
file name come from the corpus (``data/editions/<year>/corpus.json``), so they are never written twice.

A citation names the cited text by its stable id (``1936:22.6.c``, the corpus's own id), gives the
source's metadata, and says what the project added: a label the source does not print (a restored
label) or a heading that belongs elsewhere. Three formats: plain text, BibTeX (``@misc``, one entry)
and CSL-JSON (a list of one CSL item), for reference managers.

>>> metadata("1936").code_year.value
1935
>>> citation("1936:22.6.c").kind
'record'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from . import corpus, datafiles, registry, schema
from .errors import BridgeLawsError
from .i18n import DEFAULT_LANGUAGE, t
from .schema import BibliographicField

__all__ = ["SourceMetadata", "Citation", "FORMATS", "metadata", "citation", "cite", "citation_key"]

#: The formats of :func:`cite`.
FORMATS = ("text", "bibtex", "csl-json")
Format = Literal["text", "bibtex", "csl-json"]
Kind = Literal["edition", "article", "section", "record"]

#: Where the metadata of an edition without a bibliography in its edition.yaml would come from.
_NO_ENTRY = "the edition's edition.yaml has no bibliography"
#: The values several editions' bibliographies share (a field given as ``common``).
COMMON = "editions/common.yaml"


@dataclass(frozen=True)
class SourceMetadata:
    """The bibliographic metadata of one source text (an edition of the corpus)."""

    edition: str
    page: str  # the wiki page's name: the first line of the source file (corpus source_page)
    source_file: str  # the file in ../shared/sources/ (corpus source_file)
    game: str  # "rubber" or "duplicate" (corpus code)
    description: BibliographicField
    code: BibliographicField
    code_year: BibliographicField
    dated: BibliographicField
    language: BibliographicField
    printed_title: BibliographicField
    covers: BibliographicField
    publisher: BibliographicField
    translator: BibliographicField
    website: BibliographicField
    website_address: BibliographicField
    page_address: BibliographicField
    retrieved: BibliographicField
    transcribed: BibliographicField

    def fields(self) -> tuple[BibliographicField, ...]:
        """Every field of the bibliography, in its order."""
        return tuple(getattr(self, name) for name in schema.BIBLIOGRAPHY_FIELDS)

    def unknown(self) -> tuple[str, ...]:
        """The names of the fields the sources do not give."""
        return tuple(f.name for f in self.fields() if not f.known)

    def to_dict(self) -> dict[str, Any]:
        """For ``--json``: every field as ``{value, from}``, an unknown one as ``{value: null, unknown}``."""
        out: dict[str, Any] = {"edition": self.edition, "page": self.page, "source_file": self.source_file,
                               "game": self.game}
        for f in self.fields():
            out[f.name] = {"value": f.value, "from": f.said_in} if f.known else {"value": None, "unknown": f.said_in}
        return out


@datafiles.cached
def _parsed() -> dict[str, dict[str, BibliographicField]]:
    common = (schema.parse_bibliography_common(datafiles.load(COMMON)) if datafiles.exists(COMMON) else {})
    result = {}
    for year in registry.years():
        name = registry.entry_file(year)
        given = datafiles.load(name).get("bibliography")
        if given is not None:
            result[year] = schema.parse_bibliography(given, name, year, common)
    return result


def metadata(edition: str) -> SourceMetadata:
    """The metadata of ``edition``'s source text (an unknown edition is a one-line error)."""
    source = corpus.source(edition)
    given = _parsed().get(source.edition) or {
        name: BibliographicField(name, None, _NO_ENTRY) for name in schema.BIBLIOGRAPHY_FIELDS}
    return SourceMetadata(edition=source.edition, page=source.source_page, source_file=source.source_file,
                          game=source.code, **given)


# ------------------------------------------------------------------------------------ citations


@dataclass(frozen=True)
class Citation:
    """What a citation says: the cited text (by its stable id) and its source."""

    id: str  # "1936", "1936:22", "1936:22.6", "1936:22.6.c"
    kind: Kind
    edition: str
    title: str  # the cited text's own title (see :func:`citation`)
    label: str | None  # the label printed before a record ("c) "), None if none or not a record
    source: SourceMetadata
    remarks: tuple[str, ...]  # what the project added to the cited text: restored labels, misfit headings

    @property
    def key(self) -> str:
        return citation_key(self.id)


def citation_key(cited: str) -> str:
    """The BibTeX key and CSL id of a citation: ``bridgelaws-`` and the stable id with ``:`` as ``-``
    (``1936:22.6.c`` -> ``bridgelaws-1936-22.6.c``): letters, digits, ``.`` and ``-`` only."""
    return "bridgelaws-" + cited.replace(":", "-")


#: What a citation says of a heading the source prints over other text, or does not print.
_HEADING_REMARKS = {
    "misfit-heading": "the heading printed over this article belongs to another article (note {note})",
    "missing-heading": "the source prints no heading for this article (note {note})",
}


def citation(cited: str) -> Citation:
    """The citation of an edition (``"1936"``), an article (``"1936:22"``), a section with no record of
    its own (``"2017:21.B"``) or a record (``"1936:22.6.c"``, with the records under it)."""
    if not isinstance(cited, str):
        raise BridgeLawsError(f"cannot cite {cited!r}: expected an id such as 1936, 1936:22 or 1936:22.6.c")
    if ":" not in cited:
        source = metadata(cited)  # an unknown edition is the corpus's one-line error
        title = source.printed_title.value
        return Citation(id=source.edition, kind="edition", edition=source.edition,
                        title=str(title) if title is not None else source.page, label=None, source=source,
                        remarks=())
    passage = corpus.article(cited)  # an unknown or malformed id is the corpus's one-line error
    source = metadata(passage.edition)
    article_id = f"{passage.edition}:{passage.article}"
    own = next((r for r in passage.records if r.id == cited), None)
    kind: Kind = "article" if cited == article_id else ("record" if own is not None else "section")
    heading = passage.heading
    title = f"{heading} ({cited})" if heading else cited
    remarks = [_HEADING_REMARKS[n.kind].format(note=n.id) for n in passage.notes if n.kind in _HEADING_REMARKS]
    restored = [r for r in passage.records if r.restored_label]
    if restored:
        notes = sorted({n.id for n in passage.notes if n.kind == "restored-label"})
        remarks.append(
            f"not printed in the source, restored by the project: the labels of {', '.join(r.id for r in restored)}"
            + (f" (notes {', '.join(notes)})" if notes else ""))
    label = own.label if own is not None and own.label else None
    return Citation(id=cited, kind=kind, edition=passage.edition, title=title, label=label, source=source,
                    remarks=tuple(remarks))


def cite(cited: str, format: str = "text", lang: str = DEFAULT_LANGUAGE) -> str:
    """The citation of ``cited`` in ``format`` (one of :data:`FORMATS`), ending with a newline; the
    text format in ``lang`` (its English values marked in another language), the others in English."""
    if format not in FORMATS:
        raise BridgeLawsError(f"unknown citation format {format!r}: one of {', '.join(FORMATS)}")
    found = citation(cited)
    if format == "bibtex":
        return _bibtex(found)
    if format == "csl-json":
        return json.dumps([_csl(found)], indent=2, ensure_ascii=False) + "\n"
    return _text(found, lang)


def _value(field: BibliographicField) -> str:
    return str(field.value) if field.known else "unknown"


def _where(source: SourceMetadata) -> str:
    """Where the text was transcribed from: the page, the site and its address."""
    site = _value(source.website)
    if source.website_address.known:
        site += f", {source.website_address.value}"
    return f"wiki page \"{source.page}\" of {site}"


def _dates(source: SourceMetadata) -> str:
    dated = f"dated {source.dated.value}" if source.dated.known else "date of the text unknown"
    code = f"code of {source.code_year.value}" if source.code_year.known else "year of the code unknown"
    return f"{dated}; {code}"


def _text_value(field: BibliographicField, lang: str, english: bool = False) -> str:
    """A field of the text citation in ``lang``: "unknown" in words; ``english``: a value the
    bibliography writes in English, marked as such in another language."""
    if not field.known:
        return t("cli.cite.unknown", lang)
    value = str(field.value)
    return f"{value} {t('cards.not_in_language', lang)}" if english and lang != DEFAULT_LANGUAGE else value


def _text_dates(source: SourceMetadata, lang: str) -> str:
    """The date of the text and the year of the code, capitalised (``_dates`` in ``lang``)."""
    dated = (t("cli.cite.dated", lang, year=source.dated.value) if source.dated.known
             else t("cli.cite.dated_unknown", lang))
    code = (t("cli.cite.code", lang, year=source.code_year.value) if source.code_year.known
            else t("cli.cite.code_unknown", lang))
    return f"{dated}; {code}".capitalize()


def _text(c: Citation, lang: str = DEFAULT_LANGUAGE) -> str:
    s = c.source
    description = _text_value(s.description, lang, english=True)
    dates = _text_dates(s, lang)
    if c.kind == "edition":
        lines = [f"\"{c.title}\", {description}. {dates}."]
    else:
        label = t("cli.cite.printed_label", lang, label=c.label.strip()) if c.label else ""
        printed_in = t("cli.cite.in", lang, title=_text_value(s.printed_title, lang), description=description)
        lines = [f"\"{c.title}\"{label}. {printed_in} {dates}."]
    lines.append(t("cli.cite.people", lang, publisher=_text_value(s.publisher, lang),
                   translator=_text_value(s.translator, lang), language=_text_value(s.language, lang)))
    site = _text_value(s.website, lang) + (f", {s.website_address.value}" if s.website_address.known else "")
    lines.append(t("cli.cite.transcribed", lang, where=t("cli.cite.where", lang, page=s.page, site=site),
                   file=s.source_file, retrieved=_text_value(s.retrieved, lang), edition=c.edition,
                   transcribed=_text_value(s.transcribed, lang)))
    for remark in c.remarks:
        shown = remark if lang == DEFAULT_LANGUAGE else f"{remark} {t('cards.not_in_language', lang)}"
        lines.append(t("cli.cite.note", lang, remark=shown))
    unknown = t("cli.cite.unknown_fields", lang, fields=", ".join(s.unknown())) if s.unknown() else ""
    lines.append(t("cli.cite.stable_id", lang, id=c.id) + unknown)
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------ BibTeX

#: LaTeX's special characters, as BibTeX fields must write them.
_LATEX = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "$": r"\$",
          "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def _latex(text: str) -> str:
    return "".join(_LATEX.get(c, c) for c in " ".join(text.split()))


def _bibtex(c: Citation) -> str:
    s = c.source
    fields: list[tuple[str, str]] = [("title", c.title)]
    if c.kind != "edition":
        fields.append(("booktitle", _value(s.printed_title)))
    fields.append(("howpublished", f"Transcribed from the {_where(s)}"))
    if s.dated.known:
        fields.append(("year", str(s.dated.value)))
    if s.publisher.known:
        fields.append(("publisher", str(s.publisher.value)))
    if s.language.known:
        fields.append(("language", str(s.language.value)))
    note = [f"{_value(s.description)}", _dates(s), f"bridgelaws id {c.id}"]
    if c.label:
        note.append(f"printed label {c.label.strip()}")
    note.extend(c.remarks)
    note.append(f"transcribed {_value(s.transcribed)}")
    if s.unknown():
        note.append(f"unknown: {', '.join(s.unknown())}")
    fields.append(("note", "; ".join(note)))
    body = ",\n".join(f"  {name} = {{{_latex(value)}}}" for name, value in fields)
    return f"@misc{{{c.key},\n{body}\n}}\n"


# ------------------------------------------------------------------------------------ CSL-JSON


def _date(year: object) -> dict[str, list[list[int]]]:
    return {"date-parts": [[int(str(year))]]}


def _csl(c: Citation) -> dict[str, Any]:
    """One CSL item (the variables of the CSL 1.0.2 data schema)."""
    s = c.source
    item: dict[str, Any] = {"id": c.key, "type": "document" if c.kind == "edition" else "chapter",
                            "title": c.title, "number": c.id}
    if c.kind != "edition":
        item["container-title"] = _value(s.printed_title)
    item["genre"] = _value(s.description)
    if s.language.known:
        item["language"] = str(s.language.value)
    if s.dated.known:
        item["issued"] = _date(s.dated.value)
    if s.code_year.known:
        item["original-date"] = _date(s.code_year.value)
    if s.publisher.known:
        item["publisher"] = str(s.publisher.value)
    if s.retrieved.known:
        item["accessed"] = {"date-parts": [[int(p) for p in str(s.retrieved.value).split("-")]]}
    if s.page_address.known:
        item["URL"] = str(s.page_address.value)
    item["archive"] = _value(s.website) + (f", {s.website_address.value}" if s.website_address.known else "")
    item["archive_location"] = s.page
    note = [f"bridgelaws id {c.id}"]
    if c.label:
        note.append(f"printed label {c.label.strip()}")
    note.extend(c.remarks)
    note.append(f"transcribed {_value(s.transcribed)} (data/editions/{c.edition}/corpus.json)")
    if s.unknown():
        note.append(f"unknown: {', '.join(s.unknown())}")
    item["note"] = "; ".join(note)
    return item
