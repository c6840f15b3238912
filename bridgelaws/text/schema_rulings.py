"""The schema of the rulings (``data/rulings/<case>.yaml``, an edition's ``rulings.yaml``) and of the
supplementary layer (``sources.yaml``, ``supplement.yaml``, ``data/supplement/rulings/``).

Split from :mod:`bridgelaws.text.schema` (issue 23 §3); every name is still importable from there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .errors import BridgeLawsError
from .schema_base import (_ranks, Status, Role, Scope, Next, Deemed, Requires, Outcome, STATUSES, ROLES,
    SCOPES, ProfileDimension, PROFILE_DIMENSIONS, Loc, fields, listing, string, opt_string, strings, boolean,
    one_of, text, year_keys, _years)

# ------------------------------------------------------------------------------------ rulings


@dataclass(frozen=True)
class EngineNames:
    """The names a ruling gives that the engine must implement, so that a name it cannot act on is
    refused when the file is loaded: its conditions, each with the branch fields its predicate reads
    (:data:`bridgelaws.judging.conditions.CONDITIONS`), its effects (:data:`bridgelaws.judging.effects.EFFECTS`)
    and the offender's corrections (:data:`bridgelaws.judging.effects.CORRECTIONS`). The judging layer
    is above this one: it hands them down (:func:`names_from`) when it is imported, which
    ``import bridgelaws`` does (:mod:`bridgelaws.judging.answers`)."""

    conditions: Mapping[str, tuple[str, ...]]
    effects: tuple[str, ...]
    corrections: tuple[str, ...]

    @property
    def choices(self) -> tuple[str, ...]:
        """What an option may choose: an effect or a correction."""
        return self.effects + self.corrections


_ENGINE_NAMES: list[Callable[[], EngineNames]] = []


def names_from(names: Callable[[], EngineNames]) -> None:
    """Take the judging layer's :class:`EngineNames` (``names()`` gives them as they stand when a
    ruling is read; called once, when that layer is imported)."""
    _ENGINE_NAMES[:] = [names]


def engine_names() -> EngineNames:
    """The engine's names (:class:`EngineNames`), as the judging layer gives them."""
    if not _ENGINE_NAMES:
        raise BridgeLawsError("the engine's conditions and effects are not loaded: import bridgelaws.judging "
                              "(import bridgelaws does)")
    return _ENGINE_NAMES[0]()


@dataclass(frozen=True)
class BarSpec:
    who: Role
    scope: Scope


@dataclass(frozen=True)
class NextCallBar:
    """What the offender's own next call brings after his cancelled call out of rotation (2007/2017
    Law 31A2, 31B2): his partner barred for ``scope``, by ``article``."""

    denomination: str  # same / other / any
    scope: str
    article: str


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
    #: The dimensions of the ledger's profile that the option's assumption supplies (as a ruling's
    #: ``assumes``; data only: the profile compares an option by its choice); None: not said.
    assumes: tuple[ProfileDimension, ...] | None = None
    assumption_nl: str | None = None  # the Dutch of ``assumption`` (issue 25 §3)


#: The fields an entry and a branch share. A branch overrides the entry field by field, so the specs
#: remember which fields their file gave (``given``): an explicit null overrides too.
_COMMON = ("status", "articles", "references", "call_stands", "deemed", "barred", "options", "play",
           "assumption", "quote_nl", "quote_from", "summary_en", "summary_nl", "next", "acceptance", "requires",
           "outcome", "assumption_for_ranks", "assumption_for_count", "out_of_turn", "score", "unread", "assumes",
           "assumption_nl", "assumption_for_count_nl", "out_of_turn_nl", "play_nl", "lho_repeats", "partner_no_double",
           "repeat_if_rho_passes", "next_call_bars", "no_rectification")
#: A Dutch text written beside an English one of the data (issue 25 §3), and that English.
_DUTCH_BESIDE = {"assumption_nl": "assumption", "assumption_for_count_nl": "assumption_for_count",
                 "out_of_turn_nl": "out_of_turn"}
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
    #: The article that obliges the offender's left-hand opponent, who called over the cancelled call,
    #: to repeat that call once the offender has made his own cancelled call again (2007:17.D.2).
    lho_repeats: str | None = None
    #: The article that forbids the offender's partner to double or redouble at his next turn
    #: (2007:30.B.2.b).
    partner_no_double: str | None = None
    #: A call out of rotation, cancelled (2007/2017 Law 31): the article that obliges the offender to
    #: repeat his call if the right-hand opponent, at whose turn it was made, passes (31A1); and what
    #: the offender's own next call brings, the first entry whose ``denomination`` fits: once that
    #: opponent has acted instead (31A2), or at once where the call was made at another turn (31B2).
    repeat_if_rho_passes: str | None = None
    next_call_bars: tuple[NextCallBar, ...] = ()
    #: A silent ruling whose quoted article treats this very moment and gives no rectification for it
    #: (a review asked for out of turn: 1932:17.1.a, 1936:20, 2017:20.B): its card says so, not "not in
    #: the excerpt".
    no_rectification: bool = False
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
    #: The dimensions of the ledger's profile (:data:`PROFILE_DIMENSIONS`) that ``assumption``
    #: supplies: where the ruling gives nothing on one of them, that nothing is the engine's default,
    #: not the text's. ``()``: the assumption supplies no effect (it is about which branch applies,
    #: the reading of a term or of a source). None (not given): not said, so every dimension on which
    #: the ruling gives nothing is taken as the engine's (:mod:`bridgelaws.presentation.profile`).
    assumes: tuple[ProfileDimension, ...] | None = None
    #: The Dutch of ``assumption``, ``assumption_for_count`` and ``out_of_turn``, written beside the
    #: English in the project's own Dutch (never machine-translated): a Dutch card shows it.
    assumption_nl: str | None = None
    assumption_for_count_nl: str | None = None
    out_of_turn_nl: str | None = None
    #: The Dutch of ``play``, line by line (the same number of lines), written as ``assumption_nl`` is.
    play_nl: tuple[str, ...] = ()
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


def _next_call_bars(value: object, loc: Loc) -> tuple[NextCallBar, ...]:
    """``next_call_bars``: a list of ``{denomination, scope, article}``; ``denomination`` is ``same``
    (the offender's next call is a bid in the denomination of his call out of rotation), ``other``
    or ``any``; the partner is barred for ``scope``."""
    found = []
    for i, item in enumerate(listing(value or [], loc)):
        at = loc.at(i)
        raw = fields(item, at, ("denomination", "scope", "article"))
        found.append(NextCallBar(one_of(raw["denomination"], ("same", "other", "any"), at.at("denomination")),
                             one_of(raw["scope"], SCOPES, at.at("scope")), string(raw["article"], at.at("article"))))
    return tuple(found)


def _bar(value: object, loc: Loc) -> BarSpec:
    raw = fields(value, loc, ("who", "scope"))
    return BarSpec(who=one_of(raw["who"], ROLES, loc.at("who")),  # type: ignore[arg-type]
                   scope=one_of(raw["scope"], SCOPES, loc.at("scope")))  # type: ignore[arg-type]


def _bars(value: object, loc: Loc) -> tuple[BarSpec, ...]:
    if value is None:
        return ()
    return tuple(_bar(item, loc.at(i)) for i, item in enumerate(listing(value, loc)))


def _option(value: object, loc: Loc, choices: tuple[str, ...]) -> OptionSpec:
    raw = fields(value, loc, ("by", "choice"),
                 ("text", "barred", "effect", "article", "default", "assumption", "assumption_nl", "assumes"))
    if raw.get("assumption_nl") is not None and raw.get("assumption") is None:
        raise loc.at("assumption_nl").error("a Dutch text needs the English it is written beside (assumption)")
    if "assumes" in raw and raw.get("assumption") is None:
        raise loc.at("assumes").error("says what the option's assumption supplies: the option has no 'assumption'")
    return OptionSpec(
        by=one_of(raw["by"], ROLES, loc.at("by")),  # type: ignore[arg-type]
        choice=one_of(raw["choice"], choices, loc.at("choice")),
        text=string(raw["text"], loc.at("text")) if "text" in raw else "",
        barred=_bars(raw.get("barred"), loc.at("barred")),
        effect=string(raw["effect"], loc.at("effect")) if "effect" in raw else "",
        article=opt_string(raw.get("article"), loc.at("article")),
        default=boolean(raw["default"], loc.at("default")) if "default" in raw else False,
        assumption=text(raw["assumption"], loc.at("assumption")) if raw.get("assumption") is not None else None,
        assumption_nl=(text(raw["assumption_nl"], loc.at("assumption_nl"))
                       if raw.get("assumption_nl") is not None else None),
        assumes=(_assumes(raw["assumes"], loc.at("assumes"))  # type: ignore[arg-type]
                 if "assumes" in raw else None))


def _assumes(value: Any, loc: Loc) -> tuple[str, ...]:
    """A list of the profile's dimensions, each once (``[]``: the assumption supplies none)."""
    names = tuple(one_of(item, PROFILE_DIMENSIONS, loc.at(i)) for i, item in enumerate(listing(value, loc)))
    for i, name in enumerate(names):
        if name in names[:i]:
            raise loc.at(i).error(f"{name!r} is named twice")
    return names


def _nullable(check: Callable[[Any, Loc], Any]) -> Callable[[Any, Loc], Any]:
    """``check``, or None for a null value."""
    return lambda v, at: None if v is None else check(v, at)


def _among(values: tuple[str, ...]) -> Callable[[Any, Loc], Any]:
    return lambda v, at: one_of(v, values, at)


def _texts(value: Any, loc: Loc) -> tuple[str, ...]:
    """A list of texts (null: none)."""
    return tuple(text(item, loc.at(i)) for i, item in enumerate(listing(value or [], loc)))


#: The check of each shared field of an entry or a branch but ``options`` (which reads the choices).
_CHECKS: dict[str, Callable[[Any, Loc], Any]] = {
    "status": _among(STATUSES), "articles": strings, "references": strings,
    "play": _texts, "score": _texts, "unread": _nullable(text),
    "call_stands": _nullable(boolean), "deemed": _nullable(_among(get_args(Deemed))), "barred": _bars,
    "assumption": _nullable(text), "summary_en": _nullable(text), "summary_nl": _nullable(text),
    "quote_nl": opt_string, "quote_from": opt_string, "acceptance": opt_string,
    "assumption_for_ranks": _ranks, "assumption_for_count": _nullable(text), "out_of_turn": _nullable(text),
    "next": _nullable(_among(get_args(Next))), "requires": _nullable(_among(get_args(Requires))),
    "outcome": _nullable(_among(get_args(Outcome))), "assumes": _assumes,
    "assumption_nl": _nullable(text), "assumption_for_count_nl": _nullable(text), "out_of_turn_nl": _nullable(text),
    "play_nl": _texts, "lho_repeats": opt_string, "partner_no_double": opt_string,
    "repeat_if_rho_passes": opt_string, "no_rectification": boolean, "next_call_bars": lambda value, at: _next_call_bars(value, at),
}


def _common(raw: dict[str, Any], loc: Loc, choices: tuple[str, ...]) -> dict[str, Any]:
    """The shared fields of an entry or a branch, checked; only the fields the file gave."""
    def options(value: Any, at: Loc) -> tuple[OptionSpec, ...]:
        return () if value is None else tuple(_option(item, at.at(i), choices)
                                              for i, item in enumerate(listing(value, at)))

    checks: dict[str, Callable[[Any, Loc], Any]] = {**_CHECKS, "options": options}
    if "summary_nl" in raw and "summary_en" not in raw:
        # A Dutch summary renders the English one beside it: given alone, a branch's Dutch would sit
        # under another spec's English.
        raise loc.at("summary_nl").error("a Dutch summary needs the English summary it renders beside it (summary_en)")
    for dutch, english in _DUTCH_BESIDE.items():
        if raw.get(dutch) is not None and raw.get(english) is None:
            raise loc.at(dutch).error(f"a Dutch text needs the English it is written beside ({english})")
    checked = {name: checks[name](raw[name], loc.at(name)) for name in _COMMON if name in raw}
    if "play_nl" in raw and len(checked["play_nl"]) != len(checked.get("play", ())):
        raise loc.at("play_nl").error(f"{len(checked['play_nl'])} Dutch lines beside {len(checked.get('play', ()))} "
                                      "of 'play': one Dutch line for each English one, in the same place")
    return checked


def _branch(value: object, loc: Loc, names: EngineNames) -> BranchSpec:
    raw = fields(value, loc, ("condition",), _BRANCH_FIELDS[1:])
    condition = one_of(raw["condition"], names.conditions, loc.at("condition"))
    for needed in names.conditions[condition]:
        if not raw.get(needed):
            raise loc.error(f"condition {condition!r} needs the field {needed!r}")
    return BranchSpec(
        condition=condition, article=opt_string(raw.get("article"), loc.at("article")),
        honours=_ranks(raw.get("honours"), loc.at("honours")),
        bar_from=opt_string(raw.get("bar_from"), loc.at("bar_from")),
        given=frozenset(k for k in raw if k in _COMMON), **_common(raw, loc, names.choices))


def _choices() -> tuple[str, ...]:
    """What an option may choose: the engine's effects and the offender's corrections."""
    return engine_names().choices


def _check_corrections(entry: RulingSpec, part: _Common, loc: Loc, corrections: tuple[str, ...]) -> None:
    """An offender's correction (one of ``corrections``, effects.CORRECTIONS) is an option only where he must
    replace his call (``next: offender``): his replacing bid is what chooses it."""
    options = part.options if "options" in part.given else entry.options
    after = part.next if "next" in part.given else entry.next
    for i, option in enumerate(options):
        if option.choice in corrections and after != "offender":
            raise loc.at("options").at(i).at("choice").error(
                f"{option.choice!r} is a correction by the offender: it needs 'next: offender'")


def _check_assumes(spec: RulingSpec, when: tuple[BranchSpec, ...], loc: Loc) -> None:
    """``assumes`` says what an assumption supplies: only beside one (the entry's, or for a branch its
    own or the entry's it inherits)."""
    if "assumes" in spec.given and not spec.assumption:
        raise loc.at("assumes").error("says what the assumption supplies: the entry has no 'assumption'")
    for i, branch in enumerate(when):
        own = branch.assumption if "assumption" in branch.given else spec.assumption
        if "assumes" in branch.given and not own:
            raise loc.at("when").at(i).at("assumes").error(
                "says what the assumption supplies: the branch has no 'assumption' (nor inherits one)")


def parse_ruling(value: object, loc: Loc) -> RulingSpec:
    names = engine_names()
    raw = fields(value, loc, ("status", "summary_en"), _ENTRY_FIELDS)
    when = tuple(_branch(item, loc.at("when").at(i), names)
                 for i, item in enumerate(listing(raw.get("when") or [], loc.at("when"))))
    conditions = [b.condition for b in when]
    for i, name in enumerate(conditions):
        if name in conditions[:i]:
            raise loc.at("when").at(i).at("condition").error(f"{name!r} is given twice")
    if when and "otherwise" not in conditions:
        raise loc.at("when").error("no branch has condition 'otherwise'")
    spec = RulingSpec(when=when, given=frozenset(k for k in raw if k in _COMMON),
                      **_common(raw, loc, names.choices))
    _check_corrections(spec, spec, loc, names.corrections)
    for i, branch in enumerate(when):
        _check_corrections(spec, branch, loc.at("when").at(i), names.corrections)
    _check_assumes(spec, when, loc)
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
    note: str | None = None  # what the place in the source does not say (a text cut short, a numbering)


#: The most words a ``where`` may have: it names the source's heading, never quotes a sentence.
WHERE_WORDS = 12
#: A quoted term (``terms_nl``) stays under the paraphrase guard's run of eight words.
TERM_WORDS = 7


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
                             in_corpus: Callable[[str], bool] = lambda _: False,
                             count_words: Callable[[str], int] = lambda s: len(s.split())
                             ) -> tuple[tuple[SupplementArticle, ...], tuple[SupplementGap, ...]]:
    """``editions/<year>/supplement.yaml``: the articles outside the corpus, each with a source of the same
    edition, a place in it (at most ``WHERE_WORDS`` words) and a paraphrase, quoted terms of at most
    ``TERM_WORDS`` words each; and the gaps, each saying what was searched. ``count_words`` counts as
    the paraphrase guard does (:func:`bridgelaws.supplement.shingles.words`)."""
    loc = Loc(name)
    raw = fields(value, loc, ("edition",), ("articles", "gaps"))
    if str(raw["edition"]) != year:
        raise loc.at("edition").error(f"{raw['edition']!r} does not match the file name ({year!r})")
    articles: list[SupplementArticle] = []
    seen: set[str] = set()
    for i, item in enumerate(listing(raw.get("articles") or [], loc.at("articles"))):
        at = loc.at("articles").at(i)
        entry = fields(item, at, ("id", "title_en", "source", "where", "paraphrase_en"), ("terms_nl", "note"))
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
        where = text(entry["where"], at.at("where"))
        if count_words(where) > WHERE_WORDS:
            raise at.at("where").error(f"{count_words(where)} words: a place names the source's heading in at most "
                                       f"{WHERE_WORDS} words, never quotes a sentence (say more in 'note')")
        terms = strings(entry.get("terms_nl"), at.at("terms_nl"))
        for k, term in enumerate(terms):
            if count_words(term) > TERM_WORDS:
                raise at.at("terms_nl").at(k).error(f"{count_words(term)} words: a quoted term has at most "
                                                    f"{TERM_WORDS} words (the paraphrase guard's run is eight)")
        articles.append(SupplementArticle(
            id=article_id, edition=year, title_en=text(entry["title_en"], at.at("title_en")), source=source_id,
            where=where, paraphrase_en=text(entry["paraphrase_en"], at.at("paraphrase_en")), terms_nl=terms,
            note=None if entry.get("note") is None else text(entry["note"], at.at("note"))))
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
    language: str = "en"  # the language of the source's text: no field in it may rest on the source
    tried: str = ""  # the date the queries were last tried, YYYY-MM-DD


#: The languages a source of the layer may be written in, as ``exempt.yaml`` names them.
SOURCE_LANGUAGES = ("en", "nl", "it", "no", "pl", "de", "da", "fr", "el")


def parse_shingle_exemptions(value: object, name: str,
                             sources: Mapping[str, SupplementSource]) -> dict[str, ShingleExemption]:
    """``supplement/shingles/exempt.yaml``: ``{exempt: [{source, language, tried, reason, searched}]}``,
    each source of ``sources.yaml`` and given once, ``searched`` quoting the queries tried (``"..."``).
    Whether an entry in the source's language rests on it is the guard's check
    (:func:`bridgelaws.supplement.supplement.exemption_problems`)."""
    loc = Loc(name)
    raw = fields(value, loc, ("exempt",))
    result: dict[str, ShingleExemption] = {}
    for i, item in enumerate(listing(raw["exempt"] or [], loc.at("exempt"))):
        at = loc.at("exempt").at(i)
        entry = fields(item, at, ("source", "language", "tried", "reason", "searched"))
        source_id = string(entry["source"], at.at("source"))
        at = Loc(name, source_id)
        if source_id not in sources:
            raise at.at("source").error(f"{source_id!r} is not a source of the layer (editions/<year>/sources.yaml)")
        if source_id in result:
            raise at.at("source").error("the source is exempted twice")
        searched = text(entry["searched"], at.at("searched"))
        if searched.count('"') < 2:
            raise at.at("searched").error('quote every query tried ("...") and where: an exemption is only for '
                                          "a source that could not be read again")
        result[source_id] = ShingleExemption(source=source_id, reason=text(entry["reason"], at.at("reason")),
                                             searched=searched,
                                             language=one_of(entry["language"], SOURCE_LANGUAGES, at.at("language")),
                                             tried=_read_date(entry["tried"], at.at("tried")))
    return result
