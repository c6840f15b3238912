"""The schema of every data file, checked when the file is loaded.

Each ``parse_*`` function takes what :func:`bridgelaws.datafiles.load` read and either returns it as
typed records (or as the checked plain data the callers already use) or raises one
:class:`BridgeLawsError` line naming the file, the entry and the field, e.g.::

    rulings/bid-above-seven.yaml: 1936.options[0].by: 'declarer' is not one of offender, partner, side, lho, first-bidder

A misspelt key is an error (never silently ignored), and so is a role, scope, status, condition or
effect outside the vocabulary below. The vocabulary of the rulings is documented for readers in
``data/rulings/README.md``; conditions and effects are checked against the engine's own registries
(:data:`bridgelaws.conditions.CONDITIONS`, :data:`bridgelaws.effects.EFFECTS`), so that a name the
engine cannot act on is refused at load time, not at judging time.
"""

from __future__ import annotations

import re
import string as _string_module
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .errors import BridgeLawsError

Status = Literal["ruled", "referenced", "silent"]
#: Who a bar or an option names. There is no declarer during the auction, so no "declarer" role.
Role = Literal["offender", "partner", "side", "lho", "first-bidder"]
Scope = Literal["next-turn", "rest-of-auction"]
Next = Literal["offender", "proper", "rotation", "skipped"]
#: "P": deemed a pass; "same": deemed the double or redouble of the bid actually made.
Deemed = Literal["P", "same"]
#: "sufficient-bid": the replacement must be a sufficient bid (1936:22.3); "no-double": any legal call
#: but a double or redouble (2007/2017:27.B.3).
Requires = Literal["sufficient-bid", "no-double"]
Outcome = Literal["redeal", "next-deal", "passed-out"]  # see vocabulary.Outcome
CaseKind = Literal["call", "event", "situation"]
Code = Literal["rubber", "duplicate"]

STATUSES: tuple[str, ...] = get_args(Status)
ROLES: tuple[str, ...] = get_args(Role)
SCOPES: tuple[str, ...] = get_args(Scope)


# ------------------------------------------------------------------------------------ the toolkit


@dataclass(frozen=True)
class Loc:
    """Where a value sits: the data file and the path of keys and indexes inside it."""

    file: str
    path: str = ""

    def at(self, key: str | int) -> Loc:
        if isinstance(key, int):
            return Loc(self.file, f"{self.path}[{key}]")
        return Loc(self.file, f"{self.path}.{key}" if self.path else str(key))

    def error(self, message: str) -> BridgeLawsError:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return BridgeLawsError(f"{where}: {' '.join(message.split())}")


def _type_name(value: object) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def fields(value: object, loc: Loc, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """``value`` as a mapping with exactly the known keys: a missing or unknown key is an error."""
    if not isinstance(value, Mapping):
        raise loc.error(f"expected a mapping, got {_type_name(value)}")
    required, optional = tuple(required), tuple(optional)
    known = required + optional
    for key in value:
        if key not in known:
            raise loc.at(str(key)).error(f"unknown field (known: {', '.join(known)})")
    for key in required:
        if key not in value:
            raise loc.error(f"missing field {key!r}")
    return dict(value)


def listing(value: object, loc: Loc) -> list[Any]:
    if not isinstance(value, list):
        raise loc.error(f"expected a list, got {_type_name(value)}")
    return value


def string(value: object, loc: Loc) -> str:
    # YAML reads an unquoted year as a number; ids and years are strings here.
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str) or not value.strip():
        raise loc.error(f"expected a non-empty string, got {_type_name(value)}")
    return value


def opt_string(value: object, loc: Loc) -> str | None:
    return None if value is None else string(value, loc)


def strings(value: object, loc: Loc) -> tuple[str, ...]:
    """A list of strings; null is an empty list."""
    if value is None:
        return ()
    return tuple(string(item, loc.at(i)) for i, item in enumerate(listing(value, loc)))


def boolean(value: object, loc: Loc) -> bool:
    if not isinstance(value, bool):
        raise loc.error(f"expected true or false, got {value!r}")
    return value


def one_of(value: object, choices: Iterable[str], loc: Loc) -> str:
    choices = tuple(choices)
    if value not in choices:
        raise loc.error(f"{value!r} is not one of {', '.join(choices)}")
    return str(value)


def text(value: object, loc: Loc) -> str:
    """Prose written over several lines in YAML, as one line."""
    return " ".join(string(value, loc).split())


def year_keys(value: object, loc: Loc, years: Iterable[str]) -> dict[str, Any]:
    """A mapping keyed by edition year, every key a registered edition."""
    if not isinstance(value, Mapping):
        raise loc.error(f"expected a mapping of editions, got {_type_name(value)}")
    years = tuple(years)
    result = {}
    for key, item in value.items():
        year = str(key)
        if year not in years:
            raise loc.at(year).error(f"{year!r} is not a registered edition ({', '.join(years)})")
        result[year] = item
    return result


def _years() -> tuple[str, ...]:
    from .editions import EDITIONS

    return tuple(e.year for e in EDITIONS)


# ------------------------------------------------------------------------------------ rulings


@dataclass(frozen=True)
class BarSpec:
    who: Role
    scope: Scope


@dataclass(frozen=True)
class OptionSpec:
    by: Role
    choice: str  # an effect id of the engine (effects.EFFECTS) or a correction (effects.CORRECTIONS)
    text: str = ""
    barred: tuple[BarSpec, ...] = ()
    effect: str = ""  # in words, for readers
    article: str | None = None
    default: bool = False
    #: Where taking the option leaves a question the text does not answer (who calls after a call
    #: declared void, 1936:22.6.c), the engine's answer, shown as an assumption when it is chosen.
    assumption: str | None = None


#: The fields an entry and a branch share. A branch overrides the entry field by field, so the specs
#: remember which fields their file gave (``given``): an explicit null overrides too.
_COMMON = ("status", "articles", "references", "call_stands", "deemed", "barred", "options", "play",
           "assumption", "quote_nl", "quote_from", "summary_en", "summary_nl", "next", "acceptance", "requires",
           "outcome", "assumption_for_ranks", "assumption_for_count", "out_of_turn", "score", "unread")
_ENTRY_FIELDS = _COMMON + ("when",)
_BRANCH_FIELDS = ("condition", "article", "honours", "bar_from") + _COMMON


@dataclass(frozen=True)
class _Common:
    status: Status | None = None
    articles: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    call_stands: bool | None = None
    deemed: Deemed | None = None
    barred: tuple[BarSpec, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    play: tuple[str, ...] = ()
    assumption: str | None = None
    quote_nl: str | None = None
    quote_from: str | None = None
    summary_en: str | None = None
    #: A Dutch summary written beside ``summary_en`` (issue 13 §6): a summary of the same law text, in
    #: the project's Dutch, never a machine translation; where there is none the Dutch card shows the
    #: English one, marked.
    summary_nl: str | None = None
    next: Next | None = None
    acceptance: str | None = None
    requires: Requires | None = None
    outcome: Outcome | None = None
    assumption_for_ranks: str | None = None
    assumption_for_count: str | None = None
    #: Where the text names the call whatever turn it was made at (1936:22.6 has no "op zijn beurt"
    #: or "in goede volgorde"): a call out of rotation that is this case is ruled by this entry, not
    #: by the edition's ruling on calls out of rotation, and this text, the engine's answer to who
    #: calls next then (the text does not say), is shown as an assumption.
    out_of_turn: str | None = None
    #: Consequences for the score (an adjusted score, the director's discretion), in words, as ``play``.
    score: tuple[str, ...] = ()
    #: What of this ruling its source never reached (a supplementary ruling whose source was not read
    #: for the branch the engine applies it to), in words: the ledger compares nothing there.
    unread: str | None = None
    given: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def values(self) -> dict[str, Any]:
        """The fields the file gave, by name (what a branch overrides)."""
        return {name: getattr(self, name) for name in self.given}


@dataclass(frozen=True)
class BranchSpec(_Common):
    """One branch of a ruling that depends on the circumstances (``when``)."""

    condition: str = "otherwise"  # a name in conditions.CONDITIONS
    article: str | None = None  # the branch's deciding article
    honours: str | None = None  # the ranks that count as honours ("AKQJT"), for honour-or-several
    bar_from: str | None = None  # the article prefix of the bars the branch covers ("1936:22")


@dataclass(frozen=True)
class RulingSpec(_Common):
    """What one edition's text prescribes for one case: an entry of ``data/rulings/<case>.yaml``."""

    when: tuple[BranchSpec, ...] = ()
    default: bool = False  # True: no entry in the file, the silence default of the loader


def _bar(value: object, loc: Loc) -> BarSpec:
    raw = fields(value, loc, ("who", "scope"))
    return BarSpec(who=one_of(raw["who"], ROLES, loc.at("who")),  # type: ignore[arg-type]
                   scope=one_of(raw["scope"], SCOPES, loc.at("scope")))  # type: ignore[arg-type]


def _bars(value: object, loc: Loc) -> tuple[BarSpec, ...]:
    if value is None:
        return ()
    return tuple(_bar(item, loc.at(i)) for i, item in enumerate(listing(value, loc)))


def _option(value: object, loc: Loc, choices: tuple[str, ...]) -> OptionSpec:
    raw = fields(value, loc, ("by", "choice"), ("text", "barred", "effect", "article", "default", "assumption"))
    return OptionSpec(
        by=one_of(raw["by"], ROLES, loc.at("by")),  # type: ignore[arg-type]
        choice=one_of(raw["choice"], choices, loc.at("choice")),
        text=string(raw["text"], loc.at("text")) if "text" in raw else "",
        barred=_bars(raw.get("barred"), loc.at("barred")),
        effect=string(raw["effect"], loc.at("effect")) if "effect" in raw else "",
        article=opt_string(raw.get("article"), loc.at("article")),
        default=boolean(raw["default"], loc.at("default")) if "default" in raw else False,
        assumption=text(raw["assumption"], loc.at("assumption")) if raw.get("assumption") is not None else None)


def _common(raw: dict[str, Any], loc: Loc, choices: tuple[str, ...]) -> dict[str, Any]:
    """The shared fields of an entry or a branch, checked; only the fields the file gave."""
    checks: dict[str, Callable[[Any, Loc], Any]] = {
        "status": lambda v, at: one_of(v, STATUSES, at),
        "articles": strings, "references": strings,
        "play": lambda v, at: tuple(text(item, at.at(i)) for i, item in enumerate(listing(v or [], at))),
        "score": lambda v, at: tuple(text(item, at.at(i)) for i, item in enumerate(listing(v or [], at))),
        "unread": lambda v, at: None if v is None else text(v, at),
        "call_stands": lambda v, at: None if v is None else boolean(v, at),
        "deemed": lambda v, at: None if v is None else one_of(v, get_args(Deemed), at),
        "barred": _bars,
        "options": lambda v, at: () if v is None else tuple(
            _option(item, at.at(i), choices) for i, item in enumerate(listing(v, at))),
        "assumption": lambda v, at: None if v is None else text(v, at),
        "summary_en": lambda v, at: None if v is None else text(v, at),
        "summary_nl": lambda v, at: None if v is None else text(v, at),
        "quote_nl": opt_string, "quote_from": opt_string, "acceptance": opt_string,
        "assumption_for_ranks": _ranks,
        "assumption_for_count": lambda v, at: None if v is None else text(v, at),
        "out_of_turn": lambda v, at: None if v is None else text(v, at),
        "next": lambda v, at: None if v is None else one_of(v, get_args(Next), at),
        "requires": lambda v, at: None if v is None else one_of(v, get_args(Requires), at),
        "outcome": lambda v, at: None if v is None else one_of(v, get_args(Outcome), at),
    }
    if "summary_nl" in raw and "summary_en" not in raw:
        # A Dutch summary renders the English one beside it: given alone, a branch's Dutch would sit
        # under another spec's English.
        raise loc.at("summary_nl").error("a Dutch summary needs the English summary it renders beside it (summary_en)")
    return {name: checks[name](raw[name], loc.at(name)) for name in _COMMON if name in raw}


def _branch(value: object, loc: Loc, choices: tuple[str, ...]) -> BranchSpec:
    from .conditions import CONDITIONS

    raw = fields(value, loc, ("condition",), _BRANCH_FIELDS[1:])
    condition = one_of(raw["condition"], CONDITIONS, loc.at("condition"))
    for needed in CONDITIONS[condition].needs:
        if not raw.get(needed):
            raise loc.error(f"condition {condition!r} needs the field {needed!r}")
    return BranchSpec(
        condition=condition, article=opt_string(raw.get("article"), loc.at("article")),
        honours=_ranks(raw.get("honours"), loc.at("honours")),
        bar_from=opt_string(raw.get("bar_from"), loc.at("bar_from")),
        given=frozenset(k for k in raw if k in _COMMON), **_common(raw, loc, choices))


def _choices() -> tuple[str, ...]:
    # The engine's registries; imported late because the engine itself loads the rulings.
    from .effects import CORRECTIONS, EFFECTS

    return tuple(EFFECTS) + tuple(CORRECTIONS)


def _check_corrections(entry: RulingSpec, part: _Common, loc: Loc) -> None:
    """An offender's correction (a key of effects.CORRECTIONS) is an option only where he must
    replace his call (``next: offender``): his replacing bid is what chooses it."""
    from .effects import CORRECTIONS

    options = part.options if "options" in part.given else entry.options
    after = part.next if "next" in part.given else entry.next
    for i, option in enumerate(options):
        if option.choice in CORRECTIONS and after != "offender":
            raise loc.at("options").at(i).at("choice").error(
                f"{option.choice!r} is a correction by the offender: it needs 'next: offender'")


def parse_ruling(value: object, loc: Loc) -> RulingSpec:
    choices = _choices()
    raw = fields(value, loc, ("status", "summary_en"), _ENTRY_FIELDS)
    when = tuple(_branch(item, loc.at("when").at(i), choices)
                 for i, item in enumerate(listing(raw.get("when") or [], loc.at("when"))))
    conditions = [b.condition for b in when]
    for i, name in enumerate(conditions):
        if name in conditions[:i]:
            raise loc.at("when").at(i).at("condition").error(f"{name!r} is given twice")
    if when and "otherwise" not in conditions:
        raise loc.at("when").error("no branch has condition 'otherwise'")
    spec = RulingSpec(when=when, given=frozenset(k for k in raw if k in _COMMON),
                      **_common(raw, loc, choices))
    _check_corrections(spec, spec, loc)
    for i, branch in enumerate(when):
        _check_corrections(spec, branch, loc.at("when").at(i))
    if spec.status == "referenced" and not spec.references:
        raise loc.at("references").error("a referenced ruling must name the articles it points to")
    return spec


#: The one summary of an edition whose corpus is silent on a case and whose rulings file therefore
#: has no entry for it (``data/rulings/README.md``: silence is the default).
SILENT_SUMMARY = ("The {year} corpus excerpt does not treat this case (data/rulings/{case}.yaml has no "
                  "{year} entry: whoever added the edition or wrote this case's rulings read the excerpt "
                  "as silent here).")


def parse_rulings(value: object, name: str, case_id: str) -> dict[str, RulingSpec]:
    """``rulings/<case>.yaml``: one spec per registered edition, a missing one silent by default."""
    loc = Loc(name)
    raw = fields(value, loc, ("case", "rulings"))
    if str(raw["case"]) != case_id:
        raise loc.at("case").error(f"{raw['case']!r} does not match the file name ({case_id!r})")
    entries = year_keys(raw["rulings"], loc.at("rulings"), _years())
    result = {}
    for year in _years():
        if year in entries:
            result[year] = parse_ruling(entries[year], Loc(name, year))
        else:
            result[year] = RulingSpec(status="silent", summary_en=SILENT_SUMMARY.format(year=year, case=case_id),
                                      default=True, given=frozenset({"status", "summary_en"}))
    return result


# ------------------------------------------------------------------------------------ the supplement

#: The kinds of source of the supplementary layer (``data/editions/<year>/sources.yaml``).
SourceKind = Literal["code-text", "retyped", "translation", "later-code", "commentary"]
SOURCE_KINDS: tuple[str, ...] = get_args(SourceKind)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: Fields a corpus ruling has and a supplementary ruling never may: the verbatim layer is the corpus.
_VERBATIM_FIELDS = ("quote_nl", "quote_from")


@dataclass(frozen=True)
class SupplementSource:
    """A source actually read for the supplementary layer: an entry of ``editions/<year>/sources.yaml``."""

    id: str
    edition: str
    title: str
    address: str
    kind: SourceKind
    read: str  # the date it was read, YYYY-MM-DD
    note: str | None = None


@dataclass(frozen=True)
class SupplementArticle:
    """An article outside the corpus, in the project's own words: an entry of ``editions/<year>/supplement.yaml``."""

    id: str  # "2017:27.B.1.a": the edition, then the article's own structure; never a corpus id
    edition: str
    title_en: str
    source: str  # a SupplementSource id
    where: str  # where in the source
    paraphrase_en: str
    terms_nl: tuple[str, ...] = ()  # short quoted terms, at most


@dataclass(frozen=True)
class SupplementGap:
    """Where no source could be found: what is missing and what was searched."""

    edition: str
    subject: str
    searched: str


def _read_date(value: object, loc: Loc) -> str:
    # YAML reads an unquoted 2026-11-30 as a date; both spellings mean the same day.
    import datetime

    if isinstance(value, datetime.date):
        return value.isoformat()
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise loc.error(f"expected a date YYYY-MM-DD, got {value!r}")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise loc.error(f"{value!r} is not a date") from None
    return value


def parse_supplement_sources(value: object, name: str = "editions/<year>/sources.yaml",
                             edition: str | None = None,
                             known: Mapping[str, SupplementSource] | None = None) -> dict[str, SupplementSource]:
    """``editions/<year>/sources.yaml``: ``{sources: [...]}``, ids unique (also among the sources
    already ``known``, of the other editions), every source of the folder's ``edition``."""
    loc = Loc(name)
    raw = fields(value, loc, ("sources",))
    result: dict[str, SupplementSource] = dict(known or {})
    years = _years() if edition is None else (edition,)
    for i, item in enumerate(listing(raw["sources"], loc.at("sources"))):
        at = loc.at("sources").at(i)
        entry = fields(item, at, ("id", "edition", "title", "address", "kind", "read"), ("note",))
        source_id = string(entry["id"], at.at("id"))
        at = Loc(name, source_id)
        if source_id in result:
            raise at.at("id").error("the id is given twice")
        result[source_id] = SupplementSource(
            id=source_id, edition=one_of(str(entry["edition"]), years, at.at("edition")),
            title=text(entry["title"], at.at("title")), address=string(entry["address"], at.at("address")),
            kind=one_of(entry["kind"], SOURCE_KINDS, at.at("kind")),  # type: ignore[arg-type]
            read=_read_date(entry["read"], at.at("read")),
            note=None if entry.get("note") is None else text(entry["note"], at.at("note")))
    return result


def parse_supplement_edition(value: object, name: str, year: str, sources: Mapping[str, SupplementSource],
                             in_corpus: Callable[[str], bool] = lambda _: False
                             ) -> tuple[tuple[SupplementArticle, ...], tuple[SupplementGap, ...]]:
    """``editions/<year>/supplement.yaml``: the articles outside the corpus, each with a source of the same
    edition, a place in it and a paraphrase; and the gaps, each saying what was searched."""
    loc = Loc(name)
    raw = fields(value, loc, ("edition",), ("articles", "gaps"))
    if str(raw["edition"]) != year:
        raise loc.at("edition").error(f"{raw['edition']!r} does not match the file name ({year!r})")
    articles: list[SupplementArticle] = []
    seen: set[str] = set()
    for i, item in enumerate(listing(raw.get("articles") or [], loc.at("articles"))):
        at = loc.at("articles").at(i)
        entry = fields(item, at, ("id", "title_en", "source", "where", "paraphrase_en"), ("terms_nl",))
        article_id = string(entry["id"], at.at("id"))
        at = Loc(name, article_id)
        if not article_id.startswith(f"{year}:") or article_id == f"{year}:":
            raise at.at("id").error(f"an id of this file starts with '{year}:' (e.g. '{year}:27.B.1.a')")
        if in_corpus(article_id):
            raise at.at("id").error("is an id of the corpus: the supplement holds only articles outside it")
        if article_id in seen:
            raise at.at("id").error("the id is given twice")
        seen.add(article_id)
        source_id = string(entry["source"], at.at("source"))
        source = sources.get(source_id)
        if source is None:
            raise at.at("source").error(f"{source_id!r} is not a source of editions/{year}/sources.yaml")
        if source.edition != year:
            raise at.at("source").error(f"{source_id!r} is a source of {source.edition}, not of {year}")
        articles.append(SupplementArticle(
            id=article_id, edition=year, title_en=text(entry["title_en"], at.at("title_en")), source=source_id,
            where=text(entry["where"], at.at("where")),
            paraphrase_en=text(entry["paraphrase_en"], at.at("paraphrase_en")),
            terms_nl=strings(entry.get("terms_nl"), at.at("terms_nl"))))
    gaps = []
    for i, item in enumerate(listing(raw.get("gaps") or [], loc.at("gaps"))):
        at = loc.at("gaps").at(i)
        entry = fields(item, at, ("subject", "searched"))
        gaps.append(SupplementGap(edition=year, subject=text(entry["subject"], at.at("subject")),
                                  searched=text(entry["searched"], at.at("searched"))))
    return tuple(articles), tuple(gaps)


def _supplement_ids(spec: RulingSpec) -> list[tuple[Loc, str]]:
    """Every article id a ruling names, with where it is named (relative paths)."""
    named: list[tuple[Loc, str]] = []

    def add(part: _Common, at: Loc) -> None:
        named.extend((at.at("articles").at(i), a) for i, a in enumerate(part.articles))
        if part.acceptance:
            named.append((at.at("acceptance"), part.acceptance))
        named.extend((at.at("options").at(i).at("article"), o.article)
                     for i, o in enumerate(part.options) if o.article)

    add(spec, Loc(""))
    for i, branch in enumerate(spec.when):
        at = Loc("").at("when").at(i)
        add(branch, at)
        if branch.article:
            named.append((at.at("article"), branch.article))
    return named


def parse_supplement_rulings(value: object, name: str, case_id: str,
                             articles: Mapping[str, Iterable[str]]) -> dict[str, RulingSpec]:
    """``supplement/rulings/<case>.yaml``: per edition, a ruling like a corpus ruling, but its
    articles are ids of supplementary entries (``articles``: per edition, the ids that have one),
    it must rule (``status: ruled``), and it has no quote: the verbatim layer is the corpus alone.
    Only the editions the file lists (no silence default: a missing edition has no supplement)."""
    loc = Loc(name)
    raw = fields(value, loc, ("case", "rulings"))
    if str(raw["case"]) != case_id:
        raise loc.at("case").error(f"{raw['case']!r} does not match the file name ({case_id!r})")
    result: dict[str, RulingSpec] = {}
    for year, item in year_keys(raw["rulings"], loc.at("rulings"), _years()).items():
        at = Loc(name, year)
        if isinstance(item, Mapping):
            for key in _VERBATIM_FIELDS:
                if key in item:
                    raise at.at(key).error("never allowed in the supplement: the verbatim layer is the corpus "
                                           "alone (write the paraphrase in editions/<year>/supplement.yaml)")
            for i, branch in enumerate(item.get("when") or []):
                for key in _VERBATIM_FIELDS:
                    if isinstance(branch, Mapping) and key in branch:
                        raise at.at("when").at(i).at(key).error("never allowed in the supplement: the "
                                                                "verbatim layer is the corpus alone")
        spec = parse_ruling(item, at)
        # A branch may be a gap ('silent': the sources read say nothing of that situation; the corpus
        # then answers it), never 'referenced'; the entry itself must rule.
        if spec.status != "ruled" or any(b.status not in (None, "ruled", "silent") for b in spec.when):
            raise at.at("status").error("a supplementary ruling must rule ('ruled'); where the sources "
                                        "give no rectification, write a gap in editions/<year>/supplement.yaml")
        if not spec.articles:
            raise at.at("articles").error("a supplementary ruling names the supplementary articles it follows")
        known = frozenset(articles.get(year, ()))
        for where, article_id in _supplement_ids(spec):
            if article_id not in known:
                raise Loc(name, f"{year}.{where.path}").error(
                    f"{article_id!r} has no entry in editions/{year}/supplement.yaml")
        result[year] = spec
    return result


@dataclass(frozen=True)
class ShingleExemption:
    """A source of the layer without a shingle file (``supplement/shingles/exempt.yaml``): why, and the
    queries tried to have its page returned again."""

    source: str
    reason: str
    searched: str


def parse_shingle_exemptions(value: object, name: str,
                             sources: Mapping[str, SupplementSource]) -> dict[str, ShingleExemption]:
    """``supplement/shingles/exempt.yaml``: ``{exempt: [{source, reason, searched}]}``, each source
    of ``sources.yaml`` and given once."""
    loc = Loc(name)
    raw = fields(value, loc, ("exempt",))
    result: dict[str, ShingleExemption] = {}
    for i, item in enumerate(listing(raw["exempt"] or [], loc.at("exempt"))):
        at = loc.at("exempt").at(i)
        entry = fields(item, at, ("source", "reason", "searched"))
        source_id = string(entry["source"], at.at("source"))
        at = Loc(name, source_id)
        if source_id not in sources:
            raise at.at("source").error(f"{source_id!r} is not a source of the layer (editions/<year>/sources.yaml)")
        if source_id in result:
            raise at.at("source").error("the source is exempted twice")
        result[source_id] = ShingleExemption(source=source_id, reason=text(entry["reason"], at.at("reason")),
                                             searched=text(entry["searched"], at.at("searched")))
    return result


# ------------------------------------------------------------------------------------ cases


def _scenario(value: object, loc: Loc, extra: tuple[str, ...] = ()) -> dict[str, str]:
    raw = fields(value, loc, ("dealer", "tokens"), extra)
    one_of(raw["dealer"], ("N", "E", "S", "W"), loc.at("dealer"))
    for key in raw:
        string(raw[key], loc.at(key))
    return raw


def _variant(value: object, loc: Loc) -> dict[str, str]:
    """A case's variant: a scenario with its label in English and in Dutch (``label``, ``label_nl``:
    the interface shows the label of its language, issue 13 §6)."""
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
RANKS = "AKQJT98765432"


def _ranks(value: object, loc: Loc) -> str | None:
    """A string of ranks (``AKQJT``), or null."""
    if value is None:
        return None
    ranks = string(value, loc)
    for rank in ranks:
        if rank not in RANKS:
            raise loc.error(f"{rank!r} is not a rank (one of {', '.join(RANKS)})")
    return ranks


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
        raw = fields(item, at, ("article", "quote_nl", "summary_en"))
        summary = string(raw["summary_en"], at.at("summary_en"))
        try:
            names = [parsed[1] for parsed in _string_module.Formatter().parse(summary) if parsed[1] is not None]
        except ValueError as error:
            raise at.at("summary_en").error(f"unbalanced braces: {error}") from None
        for placeholder in names:
            if placeholder not in ACCEPTANCE_PLACEHOLDERS:
                raise at.at("summary_en").error(
                    f"unknown placeholder {{{placeholder}}} (known: "
                    + ", ".join("{" + p + "}" for p in ACCEPTANCE_PLACEHOLDERS) + ")")
        result[year] = {"article": string(raw["article"], at.at("article")),
                        "quote_nl": string(raw["quote_nl"], at.at("quote_nl")),
                        "summary_en": summary}
    return result


# ------------------------------------------------------------------------------------ content


def parse_scenarios(value: object, name: str = "scenarios.yaml") -> list[dict[str, str]]:
    loc = Loc(name)
    result = []
    for i, item in enumerate(listing(value, loc)):
        raw = fields(item, loc.at(i), ("name", "dealer", "tokens"), ("about",))
        at = Loc(name, str(raw["name"]))
        result.append({"name": string(raw["name"], at.at("name")),
                       "dealer": one_of(raw["dealer"], ("N", "E", "S", "W"), at.at("dealer")),
                       "tokens": string(raw["tokens"], at.at("tokens")),
                       "about": string(raw["about"], at.at("about")) if "about" in raw else ""})
    return result


def parse_topics(value: object, name: str = "topics.yaml") -> list[dict[str, Any]]:
    loc = Loc(name)
    result = []
    for i, item in enumerate(listing(value, loc)):
        raw = fields(item, loc.at(i), ("id", "title", "articles"), ("gap", "title_nl"))
        at = Loc(name, string(raw["id"], loc.at(i).at("id")))
        articles = {year: list(strings(ids, at.at("articles").at(year)))
                    for year, ids in year_keys(raw["articles"], at.at("articles"), _years()).items()}
        gaps = {year: text(line, at.at("gap").at(year))
                for year, line in year_keys(raw.get("gap") or {}, at.at("gap"), _years()).items()}
        result.append({"id": raw["id"], "title": string(raw["title"], at.at("title")),
                       "title_nl": string(raw["title_nl"], at.at("title_nl")) if "title_nl" in raw else None,
                       "articles": articles, "gap": gaps})
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


def parse_translation(value: object, name: str, edition: str, record_ids: set[str]) -> dict[str, str]:
    """``editions/<year>/translation.yaml`` checked as :func:`parse_translation_file` does (without the
    corpus's titles and headings or the glossary to check against); returns ``{record id: English}``."""
    return parse_translation_file(value, name, edition, record_ids).records


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
    after all, is for :mod:`bridgelaws.coverage` to report (it names every such id at once)."""
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
                 "assumption", "barred", "next_to_call", "outcome", "contract", "declarer")
_RULING_EXPECT_FIELDS = ("status", "articles_include", "references_include", "call_stands", "assumption")


def _expect(value: object, at: Loc, known: tuple[str, ...], statuses: tuple[str, ...] = STATUSES) -> dict[str, Any]:
    raw = fields(value, at, (), known)
    if "status" in raw:
        one_of(raw["status"], statuses, at.at("status"))
    for key in ("articles_include", "references_include"):
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
