"""The schema of the catalogue and the content files: cases, rights, acceptance, scenarios, topics,
glossary, translations, bibliography, exercises.

Every name is also importable from :mod:`bridgelaws.text.schema`.
"""

from __future__ import annotations

import string as _string_module
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, get_args

from .schema_base import (CaseKind, Loc, _type_name, fields, listing, string, opt_string, strings, one_of,
    text, year_keys, _years)
from .schema_supplement import _read_date

# ------------------------------------------------------------------------------------ cases


def _scenario(value: object, loc: Loc, extra: tuple[str, ...] = ()) -> dict[str, str]:
    raw = fields(value, loc, ("dealer", "tokens"), extra)
    one_of(raw["dealer"], ("N", "E", "S", "W"), loc.at("dealer"))
    for key in raw:
        string(raw[key], loc.at(key))
    return raw


def _variant(value: object, loc: Loc) -> dict[str, str]:
    """A case's variant: a scenario with its label in English and in Dutch (``label``, ``label_nl``:
    the interface shows the label of its language)."""
    raw = fields(value, loc, ("dealer", "tokens", "label", "label_nl"))
    return _scenario(raw, loc, ("label", "label_nl"))


def parse_cases(value: object, name: str = "cases.yaml") -> list[dict[str, Any]]:
    """``cases.yaml``: the catalogue; ids unique, a scenario or a situation for each."""
    loc = Loc(name)
    result = []
    seen: set[str] = set()
    for i, item in enumerate(listing(value, loc)):
        at = loc.at(i)
        raw = fields(item, at, ("id", "name_nl", "name_en", "kind", "description"),
                     ("scenario", "situation", "variants", "mechanics"))
        case_id = string(raw["id"], at.at("id"))
        at = Loc(name, case_id)
        if case_id in seen:
            raise at.at("id").error("the id is given twice")
        seen.add(case_id)
        if "scenario" not in raw and "situation" not in raw:
            raise at.error("missing field 'scenario' or 'situation'")
        result.append({
            "id": case_id, "name_nl": string(raw["name_nl"], at.at("name_nl")),
            "name_en": string(raw["name_en"], at.at("name_en")),
            "kind": one_of(raw["kind"], get_args(CaseKind), at.at("kind")),
            "description": text(raw["description"], at.at("description")),
            "scenario": _scenario(raw["scenario"], at.at("scenario")) if "scenario" in raw else None,
            "situation": string(raw["situation"], at.at("situation")) if "situation" in raw else None,
            "variants": tuple(_variant(v, at.at("variants").at(j))
                              for j, v in enumerate(listing(raw.get("variants") or [], at.at("variants")))),
            "mechanics": tuple(string(m, at.at("mechanics").at(j))
                               for j, m in enumerate(listing(raw.get("mechanics") or [], at.at("mechanics")))),
        })
    return result


#: The cards' ranks, as the notation writes them (an exposure token ``!SK``).
#: What an edition's text says about exercising a right a ruling gives (data/rights.yaml): the
#: keys, each ``{article, quote_nl}``.
RIGHTS_RULES = ("consulted", "wrong-partner", "choice-stands")


def parse_rights(value: object, name: str = "rights.yaml") -> dict[str, dict[str, dict[str, str]]]:
    loc = Loc(name)
    result: dict[str, dict[str, dict[str, str]]] = {}
    for year, item in year_keys(value, loc, _years()).items():
        at = loc.at(year)
        raw = fields(item, at, (), RIGHTS_RULES)
        result[year] = {}
        for rule, spec in raw.items():
            checked = fields(spec, at.at(rule), ("article", "quote_nl"))
            result[year][rule] = {"article": string(checked["article"], at.at(rule).at("article")),
                                  "quote_nl": string(checked["quote_nl"], at.at(rule).at("quote_nl"))}
    return result


#: The one placeholder an acceptance summary may hold: the player who called over the call.
ACCEPTANCE_PLACEHOLDERS = ("caller",)


def parse_acceptance(value: object, name: str = "acceptance.yaml") -> dict[str, dict[str, str]]:
    loc = Loc(name)
    result = {}
    for year, item in year_keys(value, loc, _years()).items():
        at = loc.at(year)
        raw = fields(item, at, ("article", "quote_nl", "summary_en"), ("summary_nl",))
        result[year] = {"article": string(raw["article"], at.at("article")),
                        "quote_nl": string(raw["quote_nl"], at.at("quote_nl")),
                        "summary_en": _acceptance_summary(raw["summary_en"], at.at("summary_en"))}
        if "summary_nl" in raw:  # the Dutch of the same summary, the same placeholder
            result[year]["summary_nl"] = _acceptance_summary(raw["summary_nl"], at.at("summary_nl"))
    return result


def _acceptance_summary(value: object, at: Loc) -> str:
    """An acceptance's summary: text whose only placeholder is ``{caller}``."""
    summary = string(value, at)
    try:
        names = [parsed[1] for parsed in _string_module.Formatter().parse(summary) if parsed[1] is not None]
    except ValueError as error:
        raise at.error(f"unbalanced braces: {error}") from None
    for placeholder in names:
        if placeholder not in ACCEPTANCE_PLACEHOLDERS:
            raise at.error(f"unknown placeholder {{{placeholder}}} (known: "
                           + ", ".join("{" + p + "}" for p in ACCEPTANCE_PLACEHOLDERS) + ")")
    return summary


# ------------------------------------------------------------------------------------ content


def parse_scenarios(value: object, name: str = "scenarios.yaml") -> list[dict[str, str]]:
    loc = Loc(name)
    result = []
    for i, item in enumerate(listing(value, loc)):
        # name_nl (the menu's Dutch label) is required, as a case's name_nl is; about_nl with about.
        raw = fields(item, loc.at(i), ("name", "name_nl", "dealer", "tokens"), ("about", "about_nl"))
        at = Loc(name, str(raw["name"]))
        if ("about" in raw) != ("about_nl" in raw):
            raise at.error("about and about_nl go together (the line in English and in Dutch)")
        result.append({"name": string(raw["name"], at.at("name")),
                       "name_nl": string(raw["name_nl"], at.at("name_nl")),
                       "dealer": one_of(raw["dealer"], ("N", "E", "S", "W"), at.at("dealer")),
                       "tokens": string(raw["tokens"], at.at("tokens")),
                       "about": string(raw["about"], at.at("about")) if "about" in raw else "",
                       "about_nl": string(raw["about_nl"], at.at("about_nl")) if "about_nl" in raw else ""})
    return result


def parse_topics(value: object, name: str = "topics.yaml") -> list[dict[str, Any]]:
    loc = Loc(name)
    result = []
    for i, item in enumerate(listing(value, loc)):
        raw = fields(item, loc.at(i), ("id", "title", "articles"), ("gap", "gap_nl", "title_nl"))
        at = Loc(name, string(raw["id"], loc.at(i).at("id")))
        articles = {year: list(strings(ids, at.at("articles").at(year)))
                    for year, ids in year_keys(raw["articles"], at.at("articles"), _years()).items()}
        gaps = {year: text(line, at.at("gap").at(year))
                for year, line in year_keys(raw.get("gap") or {}, at.at("gap"), _years()).items()}
        # gap_nl: the Dutch of a gap line, written by hand beside the English of that year
        gaps_nl = {year: text(line, at.at("gap_nl").at(year))
                   for year, line in year_keys(raw.get("gap_nl") or {}, at.at("gap_nl"), _years()).items()}
        for year in gaps_nl:
            if year not in gaps:
                raise at.at("gap_nl").at(year).error("a Dutch gap line needs the English gap line it is written beside (gap)")
        result.append({"id": raw["id"], "title": string(raw["title"], at.at("title")),
                       "title_nl": string(raw["title_nl"], at.at("title_nl")) if "title_nl" in raw else None,
                       "articles": articles, "gap": gaps, "gap_nl": gaps_nl})
    return result


def parse_glossary(value: object, name: str = "glossary.yaml") -> dict[str, list[dict[str, Any]]]:
    loc = Loc(name)
    raw = fields(value, loc, ("terms", "spelling"))
    for i, term in enumerate(listing(raw["terms"], loc.at("terms"))):
        at = loc.at("terms").at(i)
        checked = fields(term, at, ("nl", "en", "occurs"), ("note", "en_forms"))
        string(checked["nl"], at.at("nl"))
        string(checked["en"], at.at("en"))
        strings(checked["occurs"], at.at("occurs"))
        if "en_forms" in checked and not strings(checked["en_forms"], at.at("en_forms")):
            raise at.at("en_forms").error("give at least one English form, or leave the field out")
        opt_string(checked.get("note"), at.at("note"))
    for i, family in enumerate(listing(raw["spelling"], loc.at("spelling"))):
        at = loc.at("spelling").at(i)
        checked = fields(family, at, ("meaning", "forms"))
        string(checked["meaning"], at.at("meaning"))
        if not strings(checked["forms"], at.at("forms")):
            raise at.at("forms").error("a family needs at least one form")
    return raw


@dataclass(frozen=True)
class TranslationException:
    """A glossary term that occurs in a record but is not rendered there by its glossary English,
    with the reason (``exceptions:`` in ``editions/<year>/translation.yaml``)."""

    id: str  # the record
    term: str  # the glossary's ``nl``
    reason: str


@dataclass(frozen=True)
class TranslationFile:
    """One ``editions/<year>/translation.yaml``: the project's English per record, and optionally per
    printed subheading (``title_en``) and article heading, plus the listed glossary exceptions."""

    edition: str
    translator: str
    records: dict[str, str]
    titles: dict[str, str] = field(default_factory=dict)
    headings: dict[str, str] = field(default_factory=dict)
    exceptions: tuple[TranslationException, ...] = ()


def _lines(value: object, loc: Loc) -> str:
    """Prose whose line breaks mean something (a record printed over several lines keeps them in
    English): blanks inside each line collapsed, the lines kept."""
    return "\n".join(" ".join(line.split()) for line in string(value, loc).strip().split("\n"))


def parse_translation_file(value: object, name: str, edition: str, record_ids: set[str],
                           titled: set[str] | None = None, headed: set[str] | None = None,
                           terms: set[str] | None = None) -> TranslationFile:
    """``editions/<year>/translation.yaml``: ``{edition, translator, records: [{id, en, title_en?}],
    headings?: [{article, en}], exceptions?: [{id, term, reason}]}``. Each id is a record of that
    edition, translated once; ``title_en`` only on a record printed with a subheading (``titled``),
    a heading only for an article printed with one (``headed``); an exception names a record of the
    edition and a glossary term (``terms``)."""
    loc = Loc(name)
    raw = fields(value, loc, ("edition", "translator", "records"), ("headings", "exceptions"))
    if str(raw["edition"]) != edition:
        raise loc.at("edition").error(f"names edition {raw['edition']!r}, the file is for {edition}")
    translator = string(raw["translator"], loc.at("translator"))
    records: dict[str, str] = {}
    titles: dict[str, str] = {}
    for i, entry in enumerate(listing(raw["records"], loc.at("records"))):
        at = loc.at("records").at(i)
        checked = fields(entry, at, ("id", "en"), ("title_en",))
        record_id = string(checked["id"], at.at("id"))
        if record_id not in record_ids:
            raise at.at("id").error(f"{record_id!r} is not a record of the {edition} corpus")
        if record_id in records:
            raise at.at("id").error(f"{record_id!r} is translated twice")
        records[record_id] = _lines(checked["en"], at.at("en"))
        if "title_en" in checked:
            if titled is not None and record_id not in titled:
                raise at.at("title_en").error(f"{record_id!r} has no printed subheading to translate")
            titles[record_id] = text(checked["title_en"], at.at("title_en"))
    headings: dict[str, str] = {}
    for i, entry in enumerate(listing(raw.get("headings") or [], loc.at("headings"))):
        at = loc.at("headings").at(i)
        checked = fields(entry, at, ("article", "en"))
        article = string(checked["article"], at.at("article"))
        if headed is not None and article not in headed:
            raise at.at("article").error(
                f"{article!r} is not an article of the {edition} corpus with a printed heading")
        if article in headings:
            raise at.at("article").error(f"the heading of {article!r} is translated twice")
        headings[article] = text(checked["en"], at.at("en"))
    exceptions: list[TranslationException] = []
    for i, entry in enumerate(listing(raw.get("exceptions") or [], loc.at("exceptions"))):
        at = loc.at("exceptions").at(i)
        checked = fields(entry, at, ("id", "term", "reason"))
        record_id = string(checked["id"], at.at("id"))
        if record_id not in record_ids:
            raise at.at("id").error(f"{record_id!r} is not a record of the {edition} corpus")
        term = string(checked["term"], at.at("term"))
        if terms is not None and term not in terms:
            raise at.at("term").error(f"{term!r} is not a term of glossary.yaml")
        exception = TranslationException(record_id, term, text(checked["reason"], at.at("reason")))
        if any((e.id, e.term) == (record_id, term) for e in exceptions):
            raise at.error(f"{term!r} in {record_id!r} is listed twice")
        exceptions.append(exception)
    return TranslationFile(edition, translator, records, titles, headings, tuple(exceptions))


#: The fields of every edition's ``bibliography`` (``editions/<year>/edition.yaml``), in the order the views show them (the file's
#: header says what each means). Each is ``{value, from}`` or ``{unknown}``.
BIBLIOGRAPHY_FIELDS: tuple[str, ...] = (
    "description", "code", "code_year", "dated", "language", "printed_title", "covers", "publisher",
    "translator", "website", "website_address", "page_address", "retrieved", "transcribed")
_YEAR_FIELDS = ("code_year", "dated")
_DATE_FIELDS = ("retrieved", "transcribed")


@dataclass(frozen=True)
class BibliographicField:
    """One field of a source's metadata: its value and where the sources say it, or why it is unknown."""

    name: str
    value: str | int | None  # None: the sources do not say
    said_in: str  # where the value comes from; for an unknown field, why it is unknown

    @property
    def known(self) -> bool:
        return self.value is not None


def _bibliographic_field(name: str, raw: object, at: Loc) -> BibliographicField:
    if isinstance(raw, Mapping) and "unknown" in raw:
        entry = fields(raw, at, ("unknown",))
        return BibliographicField(name, None, text(entry["unknown"], at.at("unknown")))
    entry = fields(raw, at, ("value", "from"))
    value: str | int
    if name in _YEAR_FIELDS:
        if not isinstance(entry["value"], int) or isinstance(entry["value"], bool) or not 1000 <= entry["value"] <= 9999:
            raise at.at("value").error(f"expected a year (a number of four digits), got {entry['value']!r}")
        value = entry["value"]
    elif name in _DATE_FIELDS:
        value = _read_date(entry["value"], at.at("value"))
    else:
        value = string(entry["value"], at.at("value"))
    return BibliographicField(name, value, text(entry["from"], at.at("from")))


def parse_bibliography(value: object, name: str, edition: str,
                       common: Mapping[str, Any] | None = None) -> dict[str, BibliographicField]:
    """The ``bibliography`` of an edition's ``edition.yaml`` (``name``): every field of
    BIBLIOGRAPHY_FIELDS, in that order; a field given as ``common`` is the same field of
    ``editions/common.yaml`` (``common``). Returns ``{field name: BibliographicField}``."""
    loc = Loc(name, "bibliography")
    if not isinstance(value, Mapping):
        raise loc.error(f"expected a mapping of the fields {', '.join(BIBLIOGRAPHY_FIELDS)}, got {_type_name(value)}")
    entry = fields(value, loc, BIBLIOGRAPHY_FIELDS)
    result = {}
    for key in BIBLIOGRAPHY_FIELDS:
        given = entry[key]
        if given == "common":
            if not common or key not in common:
                raise loc.at(key).error(f"'common', but editions/common.yaml gives no {key!r}")
            given = common[key]
        result[key] = _bibliographic_field(key, given, loc.at(key))
    return result


def parse_bibliography_common(value: object, name: str = "editions/common.yaml") -> dict[str, Any]:
    """``editions/common.yaml``: ``{bibliography: {field: value}}``, the values several editions share."""
    loc = Loc(name)
    raw = fields(value, loc, (), ("bibliography",))
    common = raw.get("bibliography") or {}
    if not isinstance(common, Mapping):
        raise loc.at("bibliography").error(f"expected a mapping of fields, got {_type_name(common)}")
    for key, item in common.items():
        if key not in BIBLIOGRAPHY_FIELDS:
            raise loc.at("bibliography").at(str(key)).error(f"unknown field: one of {', '.join(BIBLIOGRAPHY_FIELDS)}")
        _bibliographic_field(key, item, loc.at("bibliography").at(key))
    return dict(common)


def parse_exercises(value: object, name: str = "exercises.yaml") -> dict[str, list[dict[str, Any]]]:
    loc = Loc(name)
    raw = fields(value, loc, ("exercises", "history"))
    for i, exercise in enumerate(listing(raw["exercises"], loc.at("exercises"))):
        at = loc.at("exercises").at(i)
        checked = fields(exercise, at, ("id", "title", "dealer", "tokens", "question"), ("case",))
        for key in ("id", "title", "tokens", "question"):
            string(checked[key], at.at(key))
        one_of(checked["dealer"], ("N", "E", "S", "W"), at.at("dealer"))
        opt_string(checked.get("case"), at.at("case"))
    for i, item in enumerate(listing(raw["history"], loc.at("history"))):
        at = loc.at("history").at(i)
        checked = fields(item, at, ("edition", "claim", "article", "quote"))
        one_of(str(checked["edition"]), _years(), at.at("edition"))
        for key in ("claim", "article", "quote"):
            string(checked[key], at.at(key))
    return raw
