"""The schema of the corpus, the not-modelled list, the test cases of both layers and the spelling
rules.

Every name is also importable from :mod:`bridgelaws.text.schema`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, get_args

from .schema_base import (Code, STATUSES, SCOPES, Loc, _type_name, fields, listing, string, opt_string,
    strings, boolean, one_of, text, _years)
from .schema_supplement import _read_date
from .schema_content import _scenario

# ------------------------------------------------------------------------------------ not modelled

_REASON_RE = re.compile(r"^[a-z][a-z-]*$")
_RECORD_ID_RE = re.compile(r"^(\d{4}):\S+$")


@dataclass(frozen=True)
class NotModelledSpec:
    """One entry of ``not-modelled.yaml``: a corpus record the engine does not model, and why."""

    id: str
    reason: str  # one of the file's own ``reasons``
    why: str


@dataclass(frozen=True)
class NotModelledFile:
    """``not-modelled.yaml``: the vocabulary of reasons (in the file's order) and the entries."""

    reasons: tuple[tuple[str, str], ...]  # (reason, what it means)
    records: tuple[NotModelledSpec, ...]


def parse_not_modelled(value: object, name: str = "not-modelled.yaml") -> NotModelledFile:
    """``not-modelled.yaml``: every reason a word of the vocabulary, every id once and of a
    registered edition. Whether the id is a record of the corpus, and whether the engine cites it
    after all, is for :mod:`bridgelaws.judging.coverage` to report (it names every such id at once)."""
    loc = Loc(name)
    raw = fields(value, loc, ("reasons", "records"))
    if not isinstance(raw["reasons"], Mapping) or not raw["reasons"]:
        raise loc.at("reasons").error(f"expected a mapping of reasons, got {_type_name(raw['reasons'])}")
    reasons = []
    for key, meaning in raw["reasons"].items():
        at = loc.at("reasons").at(str(key))
        if not isinstance(key, str) or not _REASON_RE.match(key):
            raise at.error("a reason is a word in lower case, with hyphens")
        reasons.append((key, text(meaning, at)))
    known = tuple(key for key, _ in reasons)
    years = _years()
    entries: list[NotModelledSpec] = []
    seen: set[str] = set()
    for i, item in enumerate(listing(raw["records"], loc.at("records"))):
        checked = fields(item, loc.at("records").at(i), ("id", "reason", "why"))
        record_id = string(checked["id"], loc.at("records").at(i).at("id"))
        at = Loc(name, record_id)
        match = _RECORD_ID_RE.match(record_id)
        if not match:
            raise at.at("id").error("expected a record id such as '1936:22.3'")
        if match.group(1) not in years:
            raise at.at("id").error(f"{match.group(1)!r} is not a registered edition ({', '.join(years)})")
        if record_id in seen:
            raise at.at("id").error("the id is listed twice")
        seen.add(record_id)
        entries.append(NotModelledSpec(id=record_id, reason=one_of(checked["reason"], known, at.at("reason")),
                                       why=text(checked["why"], at.at("why"))))
    return NotModelledFile(reasons=tuple(reasons), records=tuple(entries))


# ------------------------------------------------------------------------------------ corpus

_CORPUS_TOP = ("edition", "year", "code", "title", "source_file", "source_page", "articles",
               "records", "layout", "notes", "references")
_LAYOUT_KINDS = {"line": (), "heading": (), "title": (), "record": (), "repeat": ("part", "note"),
                 "inline": ()}


def _layout(item: object, at: Loc) -> None:
    if not isinstance(item, Mapping) or not item:
        raise at.error(f"expected a layout item, got {_type_name(item)}")
    kind = next((k for k in _LAYOUT_KINDS if k in item), None)
    if kind is None:
        raise at.error(f"unknown layout item (one of {', '.join(_LAYOUT_KINDS)})")
    raw = fields(item, at, (kind,) + _LAYOUT_KINDS[kind])
    if kind == "inline":
        for j, part in enumerate(listing(raw["inline"], at.at("inline"))):
            _layout(part, at.at("inline").at(j))
    elif kind == "line":
        if not isinstance(raw["line"], str):
            raise at.at("line").error(f"expected a string, got {_type_name(raw['line'])}")
    else:
        string(raw[kind], at.at(kind))


#: The fields of a derived edition's ``corpus.json``: its own description, what its text changes
#: (``records``: each a record of the base, by its id read as the edition's, with its new text) and
#: leaves out (``removed``, ids); the rest is its base's (data/editions/corpus.md, "A derived text").
_CHANGES_TOP = ("edition", "year", "derives", "title", "source_file", "source_page", "records")
_CHANGES_OPTIONAL = ("removed",)


def parse_corpus_changes(value: object, name: str, edition: str, base: str) -> dict[str, Any]:
    """A derived edition's ``corpus.json``: its changes over the text of ``base``, checked for shape."""
    loc = Loc(name)
    raw = fields(value, loc, _CHANGES_TOP, _CHANGES_OPTIONAL)
    if str(raw["edition"]) != edition:
        raise loc.at("edition").error(f"{raw['edition']!r} does not match the file name ({edition!r})")
    if str(raw["derives"]) != base:
        raise loc.at("derives").error(f"{raw['derives']!r}: the edition derives from {base} (its edition.yaml)")
    for key in ("title", "source_file", "source_page"):
        string(raw[key], loc.at(key))
    for i, item in enumerate(listing(raw["records"], loc.at("records"))):
        rec = fields(item, loc.at("records").at(i), ("id", "text"))
        string(rec["id"], loc.at("records").at(i).at("id"))
        string(rec["text"], Loc(name, str(rec["id"])).at("text"))
    strings(raw.get("removed") or [], loc.at("removed"))
    return raw


def parse_corpus(value: object, name: str, edition: str) -> dict[str, Any]:
    """``editions/<edition>/corpus.json``: the shape ``data/editions/corpus.md`` documents."""
    loc = Loc(name)
    raw = fields(value, loc, _CORPUS_TOP)
    if str(raw["edition"]) != edition:
        raise loc.at("edition").error(f"{raw['edition']!r} does not match the file name ({edition!r})")
    if not isinstance(raw["year"], int) or str(raw["year"]) != edition:
        raise loc.at("year").error(f"expected the number {edition}, got {raw['year']!r}")
    one_of(raw["code"], get_args(Code), loc.at("code"))
    for key in ("title", "source_file", "source_page"):
        string(raw[key], loc.at(key))
    for i, item in enumerate(listing(raw["articles"], loc.at("articles"))):
        at = loc.at("articles").at(i)
        art = fields(item, at, ("article", "heading", "heading_line"))
        string(art["article"], at.at("article"))
        opt_string(art["heading"], at.at("heading"))
        opt_string(art["heading_line"], at.at("heading_line"))
    for i, item in enumerate(listing(raw["records"], loc.at("records"))):
        rec = fields(item, loc.at("records").at(i), ("id", "article", "label", "restored_label", "title", "text"))
        at = Loc(name, str(rec["id"]))
        for key in ("id", "article", "text"):
            string(rec[key], at.at(key))
        if not isinstance(rec["label"], str):
            raise at.at("label").error(f"expected a string, got {_type_name(rec['label'])}")
        opt_string(rec["restored_label"], at.at("restored_label"))
        opt_string(rec["title"], at.at("title"))
    for i, item in enumerate(listing(raw["layout"], loc.at("layout"))):
        _layout(item, loc.at("layout").at(i))
    for i, item in enumerate(listing(raw["notes"], loc.at("notes"))):
        note = fields(item, loc.at("notes").at(i), ("id", "kind", "records", "text"), ("verbatim", "reading"))
        at = Loc(name, str(note["id"]))
        one_of(note["kind"], ("repetition", "misfit-heading", "missing-heading", "restored-label", "slip",
                              "spelling", "other"), at.at("kind"))
        strings(note["records"], at.at("records"))
        string(note["text"], at.at("text"))
    for i, item in enumerate(listing(raw["references"], loc.at("references"))):
        at = loc.at("references").at(i)
        ref = fields(item, at, ("from", "quote", "target", "in_corpus"))
        for key in ("from", "quote", "target"):
            string(ref[key], at.at(key))
        boolean(ref["in_corpus"], at.at("in_corpus"))
    return raw


# ------------------------------------------------------------------------------------ test cases

#: The fields of ``expect`` in ``tests/cases/*.yaml`` (tests/cases/README.md). As in OpenFisca's
#: test runner, an unknown key is an error: a misspelt expectation would otherwise check nothing.
EXPECT_FIELDS = ("event", "case", "status", "articles_include", "references_include", "call_stands",
                 "assumption", "barred", "next_to_call", "outcome", "contract", "declarer", "duty", "words_include")
_RULING_EXPECT_FIELDS = ("status", "articles_include", "references_include", "call_stands", "assumption",
                         "words_include")


def _expect(value: object, at: Loc, known: tuple[str, ...], statuses: tuple[str, ...] = STATUSES) -> dict[str, Any]:
    raw = fields(value, at, (), known)
    if "status" in raw:
        one_of(raw["status"], statuses, at.at("status"))
    for key in ("articles_include", "references_include", "words_include"):
        if key in raw:
            strings(raw[key], at.at(key))
    for key in ("call_stands", "assumption"):
        if key in raw and raw[key] is not None:
            boolean(raw[key], at.at(key))
    if "event" in raw and (not isinstance(raw["event"], int) or isinstance(raw["event"], bool)):
        raise at.at("event").error(f"expected an event number, got {raw['event']!r}")
    if "event" in raw and "case" not in raw:
        raise at.error("an 'event' needs the 'case' it carries")
    for i, bar in enumerate(listing(raw.get("barred", []), at.at("barred"))):
        checked = fields(bar, at.at("barred").at(i), ("seat", "scope"))
        one_of(checked["seat"], ("N", "E", "S", "W"), at.at("barred").at(i).at("seat"))
        one_of(checked["scope"], SCOPES, at.at("barred").at(i).at("scope"))
    if raw.get("duty") is not None:
        duty = fields(raw["duty"], at.at("duty"), ("seat", "requirement"), ("call",))
        one_of(duty["seat"], ("N", "E", "S", "W"), at.at("duty").at("seat"))
        one_of(duty["requirement"], ("sufficient-bid", "no-double", "repeat", "any"), at.at("duty").at("requirement"))
    return raw


def parse_test_cases(value: object, name: str) -> list[dict[str, Any]]:
    """``tests/cases/<case>.yaml``: the entries as they are, once every field is known."""
    loc = Loc(name)
    entries = listing(value, loc)
    for i, item in enumerate(entries):
        at = loc.at(i)
        raw = fields(item, at, ("edition", "article", "decided_by", "expect"),
                     ("name", "note", "scenario", "situation", "ruling"))
        at = Loc(name, f"entry {i + 1} ({one_of(str(raw['edition']), _years(), at.at('edition'))})")
        for key in ("article", "decided_by"):
            string(raw[key], at.at(key))
        if ("scenario" in raw) == bool(raw.get("situation")):
            raise at.error("give either a 'scenario' or 'situation: true'")
        if "scenario" in raw:
            _scenario(raw["scenario"], at.at("scenario"))
        if "situation" in raw:
            boolean(raw["situation"], at.at("situation"))
        _expect(raw["expect"], at.at("expect"), EXPECT_FIELDS)
        if "ruling" in raw:
            _expect(raw["ruling"], at.at("ruling"), _RULING_EXPECT_FIELDS)
    return entries


def parse_supplement_test_cases(value: object, name: str) -> list[dict[str, Any]]:
    """``tests/supplement_cases/<case>.yaml``: like ``tests/cases`` (``expect``, ``ruling``), but an
    entry names the supplementary entry it follows (``follows``, an id of ``editions/<year>/supplement.yaml``)
    instead of a verbatim sentence: the expectation was read from that paraphrase. Its ``status`` may
    be ``supplement``."""
    loc = Loc(name)
    entries = listing(value, loc)
    statuses = STATUSES + ("supplement",)
    for i, item in enumerate(entries):
        at = loc.at(i)
        raw = fields(item, at, ("edition", "follows", "expect"), ("name", "note", "scenario", "situation", "ruling"))
        at = Loc(name, f"entry {i + 1} ({one_of(str(raw['edition']), _years(), at.at('edition'))})")
        for j, follows in enumerate(strings(raw["follows"] if isinstance(raw["follows"], list) else [raw["follows"]],
                                            at.at("follows"))):
            string(follows, at.at("follows").at(j))
        if ("scenario" in raw) == bool(raw.get("situation")):
            raise at.error("give either a 'scenario' or 'situation: true'")
        if "scenario" in raw:
            _scenario(raw["scenario"], at.at("scenario"))
        _expect(raw["expect"], at.at("expect"), EXPECT_FIELDS, statuses)
        if "ruling" in raw:
            _expect(raw["ruling"], at.at("ruling"), _RULING_EXPECT_FIELDS, statuses)
    return entries


# ------------------------------------------------------------------------------------ spelling rules


@dataclass(frozen=True)
class SpellingSource:
    """Where a spelling rule comes from: a page read, with its address and the day it was read."""

    id: str
    title: str
    publisher: str
    address: str
    read_at: str
    read: str
    says: str


@dataclass(frozen=True)
class SpellingRule:
    """One rule of ``spelling-rules.yaml``: a regular expression and its replacement, applied to a
    folded word, or a map of forms (``forms``: {new form: [old forms]}); with its sources and the
    corpus pairs (old, new) it joins."""

    id: str
    says: str
    sources: tuple[str, ...]
    pattern: re.Pattern[str] | None
    replace: str
    forms: tuple[tuple[str, str], ...]  # (old form, new form)
    examples: tuple[tuple[str, str], ...]

    def apply(self, word: str) -> str:
        if self.pattern is not None:
            return self.pattern.sub(self.replace, word)
        return dict(self.forms).get(word, word)


@dataclass(frozen=True)
class SpellingRules:
    sources: tuple[SpellingSource, ...]
    rules: tuple[SpellingRule, ...]


def parse_spelling_rules(value: object, name: str = "spelling-rules.yaml") -> SpellingRules:
    loc = Loc(name)
    raw = fields(value, loc, ("sources", "rules"))
    sources: dict[str, SpellingSource] = {}
    for i, item in enumerate(listing(raw["sources"], loc.at("sources"))):
        at = loc.at("sources").at(i)
        entry = fields(item, at, ("id", "title", "publisher", "address", "read_at", "read", "says"))
        source_id = string(entry["id"], at.at("id"))
        if source_id in sources:
            raise at.at("id").error(f"source {source_id!r} is listed twice")
        for key in ("address", "read_at"):
            if not string(entry[key], at.at(key)).startswith(("http://", "https://")):
                raise at.at(key).error(f"expected a web address, got {entry[key]!r}")
        sources[source_id] = SpellingSource(
            id=source_id, title=string(entry["title"], at.at("title")),
            publisher=string(entry["publisher"], at.at("publisher")), address=entry["address"],
            read_at=entry["read_at"], read=_read_date(entry["read"], at.at("read")),
            says=text(entry["says"], at.at("says")))
    rules: list[SpellingRule] = []
    for i, item in enumerate(listing(raw["rules"], loc.at("rules"))):
        entry = fields(item, loc.at("rules").at(i), ("id", "says", "sources", "examples"),
                       ("pattern", "replace", "forms"))
        at = Loc(name, f"rules.{string(entry['id'], loc.at('rules').at(i).at('id'))}")
        cited = strings(entry["sources"], at.at("sources"))
        for j, source_id in enumerate(cited):
            one_of(source_id, sources, at.at("sources").at(j))
        if not cited:
            raise at.at("sources").error("a rule needs at least one source")
        if ("pattern" in entry) == ("forms" in entry) or ("pattern" in entry) != ("replace" in entry):
            raise at.error("a rule has either 'pattern' and 'replace' or 'forms'")
        pattern: re.Pattern[str] | None = None
        forms: list[tuple[str, str]] = []
        if "pattern" in entry:
            try:
                pattern = re.compile(string(entry["pattern"], at.at("pattern")))
            except re.error as error:
                raise at.at("pattern").error(f"not a regular expression: {error}") from None
        else:
            mapping = entry["forms"]
            if not isinstance(mapping, Mapping) or not mapping:
                raise at.at("forms").error(f"expected a mapping new form: [old forms], got {_type_name(mapping)}")
            for new, olds in mapping.items():
                new_form = string(new, at.at("forms"))
                forms.extend((old, new_form) for old in strings(olds, at.at("forms").at(new_form)))
        examples = []
        for j, pair in enumerate(listing(entry["examples"], at.at("examples"))):
            words_ = strings(pair, at.at("examples").at(j))
            if len(words_) != 2:
                raise at.at("examples").at(j).error(f"expected a pair [old, new], got {pair!r}")
            examples.append((words_[0], words_[1]))
        if not examples:
            raise at.at("examples").error("a rule needs at least one example from the corpus")
        rules.append(SpellingRule(
            id=entry["id"], says=text(entry["says"], at.at("says")), sources=cited, pattern=pattern,
            replace=str(entry.get("replace", "")), forms=tuple(forms), examples=tuple(examples)))
    return SpellingRules(tuple(sources.values()), tuple(rules))
