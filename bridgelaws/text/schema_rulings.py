"""The schema of the rulings (``data/rulings/<case>.yaml``, an edition's ``rulings.yaml``, and the
entries of ``data/supplement/rulings/``, which :mod:`bridgelaws.text.schema_supplement` reads).

Every name is also importable from :mod:`bridgelaws.text.schema`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, get_args

from .schema_base import (_ranks, Status, Role, Scope, Next, Deemed, Requires, Outcome, STATUSES, ROLES,
    SCOPES, ProfileDimension, PROFILE_DIMENSIONS, Loc, fields, listing, string, opt_string, strings, boolean,
    one_of, text, year_keys, _years)

# ------------------------------------------------------------------------------------ rulings


@dataclass(frozen=True, eq=False)
class EngineNames:
    """The names a ruling gives that the engine must implement, so that a name it cannot act on is
    refused when the file is loaded: its conditions, each with the branch fields its predicate reads
    (:data:`bridgelaws.judging.conditions.CONDITIONS`), its effects (:data:`bridgelaws.judging.effects.EFFECTS`)
    and the offender's corrections (:data:`bridgelaws.judging.effects.CORRECTIONS`). The judging layer,
    which reads the rulings for the engine, passes them to :func:`parse_ruling`
    (:func:`bridgelaws.judging.names.engine_names`); without them only the shape is checked."""

    conditions: Mapping[str, tuple[str, ...]]
    effects: tuple[str, ...]
    corrections: tuple[str, ...]

    @property
    def choices(self) -> tuple[str, ...]:
        """What an option may choose: an effect or a correction."""
        return self.effects + self.corrections


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
    assumption_nl: str | None = None  # the Dutch of ``assumption``


#: The fields an entry and a branch share. A branch overrides the entry field by field, so the specs
#: remember which fields their file gave (``given``): an explicit null overrides too.
_COMMON = ("status", "articles", "references", "call_stands", "deemed", "barred", "options", "play",
           "assumption", "quote_nl", "quote_from", "summary_en", "summary_nl", "next", "acceptance", "requires",
           "outcome", "assumption_for_ranks", "assumption_for_count", "out_of_turn", "score", "unread", "assumes",
           "assumption_nl", "assumption_for_count_nl", "out_of_turn_nl", "play_nl", "lho_repeats", "partner_no_double",
           "repeat_if_rho_passes", "next_call_bars", "no_rectification")
#: A Dutch text written beside an English one of the data, and that English.
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
    #: A Dutch summary written beside ``summary_en``: a summary of the same law text, in
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


def _option(value: object, loc: Loc, choices: tuple[str, ...] | None) -> OptionSpec:
    raw = fields(value, loc, ("by", "choice"),
                 ("text", "barred", "effect", "article", "default", "assumption", "assumption_nl", "assumes"))
    if raw.get("assumption_nl") is not None and raw.get("assumption") is None:
        raise loc.at("assumption_nl").error("a Dutch text needs the English it is written beside (assumption)")
    if "assumes" in raw and raw.get("assumption") is None:
        raise loc.at("assumes").error("says what the option's assumption supplies: the option has no 'assumption'")
    return OptionSpec(
        by=one_of(raw["by"], ROLES, loc.at("by")),  # type: ignore[arg-type]
        choice=string(raw["choice"], loc.at("choice")) if choices is None else one_of(raw["choice"], choices, loc.at("choice")),
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


def _common(raw: dict[str, Any], loc: Loc, choices: tuple[str, ...] | None) -> dict[str, Any]:
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


def _branch(value: object, loc: Loc, names: EngineNames | None) -> BranchSpec:
    raw = fields(value, loc, ("condition",), _BRANCH_FIELDS[1:])
    if names is None:
        condition = string(raw["condition"], loc.at("condition"))
    else:
        condition = one_of(raw["condition"], names.conditions, loc.at("condition"))
        for needed in names.conditions[condition]:
            if not raw.get(needed):
                raise loc.error(f"condition {condition!r} needs the field {needed!r}")
    return BranchSpec(
        condition=condition, article=opt_string(raw.get("article"), loc.at("article")),
        honours=_ranks(raw.get("honours"), loc.at("honours")),
        bar_from=opt_string(raw.get("bar_from"), loc.at("bar_from")),
        given=frozenset(k for k in raw if k in _COMMON), **_common(raw, loc, _choices(names)))


def _choices(names: EngineNames | None) -> tuple[str, ...] | None:
    """What an option may choose (the engine's effects and the offender's corrections), or None:
    not checked."""
    return None if names is None else names.choices


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


def parse_ruling(value: object, loc: Loc, names: EngineNames | None = None) -> RulingSpec:
    """One entry of the rulings, checked; with ``names`` (the judging layer's), also every condition,
    effect and correction it names against the engine's."""
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
                      **_common(raw, loc, _choices(names)))
    corrections = () if names is None else names.corrections
    _check_corrections(spec, spec, loc, corrections)
    for i, branch in enumerate(when):
        _check_corrections(spec, branch, loc.at("when").at(i), corrections)
    _check_assumes(spec, when, loc)
    if spec.status == "referenced" and not spec.references:
        raise loc.at("references").error("a referenced ruling must name the articles it points to")
    return spec


#: The one summary of an edition whose corpus is silent on a case and whose rulings file therefore
#: has no entry for it (``data/rulings/README.md``: silence is the default).
SILENT_SUMMARY = ("The {year} corpus excerpt does not treat this case (data/rulings/{case}.yaml has no "
                  "{year} entry: whoever added the edition or wrote this case's rulings read the excerpt "
                  "as silent here).")


def parse_rulings(value: object, name: str, case_id: str, names: EngineNames | None = None) -> dict[str, RulingSpec]:
    """``rulings/<case>.yaml``: one spec per registered edition, a missing one silent by default."""
    loc = Loc(name)
    raw = fields(value, loc, ("case", "rulings"))
    if str(raw["case"]) != case_id:
        raise loc.at("case").error(f"{raw['case']!r} does not match the file name ({case_id!r})")
    entries = year_keys(raw["rulings"], loc.at("rulings"), _years())
    result = {}
    for year in _years():
        if year in entries:
            result[year] = parse_ruling(entries[year], Loc(name, year), names)
        else:
            result[year] = RulingSpec(status="silent", summary_en=SILENT_SUMMARY.format(year=year, case=case_id),
                                      default=True, given=frozenset({"status", "summary_en"}))
    return result
