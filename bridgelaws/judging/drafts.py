"""Draft editions: a committee's proposed changes to a registered edition, as a data file.

A draft (``data/drafts/*.yaml``, or any file a user names) says which edition it starts from
(``base``) and changes only what it changes, the way a reform overlays a tax-benefit system: the
ruling of a case (fields of an entry of ``data/rulings/<case>.yaml``; a case the base does not rule
gets a new ruling), the reading of the closing sentence (one of
:data:`bridgelaws.auction.editions.CLOSING_RULES`, or a count of passes), or the highest level of a bid.
Every change carries its ``wording`` (the proposed text, which is the draft's own and takes the
place of a verbatim quote) and a ``reason``.

:func:`load_draft` checks the file (schema errors name the file, the LINE and the field; a field the
engine would not act on for the case is refused, :mod:`bridgelaws.judging.draft_fields`) and gives a
:class:`DraftEdition`: an :class:`~bridgelaws.auction.editions.Edition` whose mechanics and rulings are the
base's, overlaid by the draft's. ``editions.find_edition("path/to/draft.yaml")`` returns it, so a
draft works wherever an edition does (judge, compare, matrix, the stepper). The engine reads a
draft's ruling through the one overlay of :mod:`bridgelaws.judging.entries` (a draft's entry of a case
is its change, the draft's fields over the base's entry, else the base's entry, as a derived edition's
is); the ruling it gives carries a :class:`Proposal`, which every view shows as
:data:`PROPOSED_LABEL`, never as a quote of a code. The file is read within bounds by
:mod:`bridgelaws.judging.draft_file`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..auction.calls import MAX_PARSED_LEVEL, PASS, Seat
from ..auction.editions import CLOSING_RULES, MECHANICS, Basis, Closing, Edition, PassMade, find_edition
from ..text.errors import BridgeLawsError
from ..text.vocabulary import ALL_PASS_OUTCOMES
from ..text.schema import RulingSpec, fields, listing, one_of, parse_ruling, string, text
from .draft_fields import check_fields
from .draft_file import MarkedLoc, read_draft
from .entries import Entry, case_ids, corpus_spec, find_case, kept_fields, over_base
from .names import engine_names

#: How every view names a draft's proposed text.
PROPOSED_LABEL = "proposed wording (draft, not a published text)"

#: The mechanics a draft can change, and the field that changes each.
CHANGEABLE_MECHANICS = {"end-of-auction": "closing", "bid-range": "max_level", "all-pass": "outcome"}
#: How a refusal names the rule a change of each mechanic sets.
_RULE_WORDS = {"bid-range": "the highest level", "all-pass": "what four passes lead to"}
#: The case whose ruling a draft restates when it changes a mechanic (that ruling quotes the base's
#: text on the rule the draft changes).
RESTATED_WITH = {"bid-range": "bid-above-seven", "all-pass": "all-pass"}

#: How many passes in rotation the never-close check tries: two whole rounds, after which the
#: passers repeat themselves.
CLOSE_CHECK_PASSES = 8

_TOP_FIELDS = ("draft", "name", "base", "changes")
_TOP_OPTIONAL = ("note", "rationale", "date", "sources")
_CHANGE_FIELDS = ("wording", "reason")
_CHANGE_OPTIONAL = ("case", "ruling", "closing", "mechanic", "max_level", "outcome")


@dataclass(frozen=True)
class Proposal:
    """A change's proposed text: shown as :data:`PROPOSED_LABEL` with its reason, never as a quote."""

    draft: str  # the draft's id
    provision: str  # the id the draft's rulings cite for it: "<draft>:<case or mechanic>"
    subject: str  # the case or mechanic it changes
    wording: str
    reason: str
    #: The words of ``wording`` the ruling rests on (a ``quote_nl`` given in the draft), or None.
    quote: str | None = None

    @property
    def line(self) -> str:
        """How the CLI prints it."""
        return f'{PROPOSED_LABEL}: "{self.wording}" (reason: {self.reason})'

    def as_dict(self) -> dict[str, Any]:
        return {"label": PROPOSED_LABEL, "draft": self.draft, "provision": self.provision,
                "wording": self.wording, "reason": self.reason, "quote": self.quote}


@dataclass(frozen=True)
class MechanicChange:
    mechanic: str
    proposal: Proposal
    closing: str | None = None  # a name of CLOSING_RULES
    passes: int | None = None  # closing by a count: N passes by N different players, each in turn
    max_level: int | None = None
    outcome: str | None = None  # what four passes lead to: one of ALL_PASS_OUTCOMES


@dataclass(frozen=True)
class Draft:
    id: str
    name: str
    base: str
    path: str
    note: str = ""
    #: The committee's own case for the draft, the day it is dated (YYYY-MM-DD) and the sources it
    #: rests on (optional fields; the impact report shows them).
    rationale: str = ""
    date: str = ""
    sources: tuple[str, ...] = ()
    #: Its change of each case it changes: the case's entry for the draft (:mod:`bridgelaws.judging.entries`),
    #: with its ``spec`` and ``proposal``.
    rulings: Mapping[str, Entry] = field(default_factory=dict)
    mechanics: Mapping[str, MechanicChange] = field(default_factory=dict)


class DraftEdition(Edition):
    """A registered edition with a draft's changes: its rulings are read through :attr:`draft`."""

    def __init__(self, record: Any, draft: Draft | None = None):
        super().__init__(record)
        if draft is None:
            raise BridgeLawsError("a DraftEdition is made by bridgelaws.judging.drafts.load_draft")
        self._draft = draft
        change = draft.mechanics.get("end-of-auction")
        self._passes = change.passes if change is not None else None

    @property
    def draft(self) -> Draft:
        return self._draft

    @property
    def code(self) -> str:
        return self.base.code if self.base is not None else ""

    def auction_ends(self, any_call: bool, passes_since: int) -> bool:
        if self._passes is None or not any_call:
            return super().auction_ends(any_call, passes_since)
        # N passes in rotation are N different players only while N is at most four.
        return self._passes <= 4 and passes_since >= self._passes

    def closing(self, last_caller: Seat | None, passes: Any, *, doubled: bool = False) -> Closing:
        if self._passes is None or last_caller is None:
            return super().closing(last_caller, passes, doubled=doubled)
        made: tuple[PassMade, ...] = tuple(passes)
        last = made[-self._passes:]
        closed = (len(made) >= self._passes and len({p.seat for p in last}) == self._passes
                  and all(p.in_turn for p in last))
        return Closing(closed, self.rule("end-of-auction"))

    def __repr__(self) -> str:
        return f"<DraftEdition {self.year} (base {self._draft.base}): {self.name}>"


# ------------------------------------------------------------------------------ the schema


def parse_draft(data: object, loc: MarkedLoc) -> Draft:
    """Check a draft file and resolve every change against its base edition."""
    raw = fields(data, loc, _TOP_FIELDS, _TOP_OPTIONAL)
    draft_id, base = _identity(raw, loc)
    rulings: dict[str, Entry] = {}
    mechanics: dict[str, MechanicChange] = {}
    changes = listing(raw["changes"], loc.at("changes"))
    if not changes:
        raise loc.at("changes").error("a draft changes at least one thing")
    # The cases whose ruling a change of a mechanic restates: their base's articles state the rule
    # the draft changes, so the draft's ruling does not keep them (it cites its own provision).
    rule_changed = {RESTATED_WITH[str(item.get("mechanic"))] for item in changes
                    if isinstance(item, Mapping) and str(item.get("mechanic")) in RESTATED_WITH}
    for number, item in enumerate(changes):
        at = loc.at("changes").at(number)
        change = fields(item, at, _CHANGE_FIELDS, _CHANGE_OPTIONAL)
        kinds = [k for k in ("case", "closing", "mechanic") if k in change]
        if len(kinds) != 1:
            raise at.error("a change names exactly one of 'case' (with 'ruling'), 'closing', or 'mechanic' "
                           "(with the field it sets)")
        wording = text(change["wording"], at.at("wording"))
        reason = text(change["reason"], at.at("reason"))
        if kinds[0] == "case":
            case_id = _changed_case(change, at)
            found = _ruling_change(change, at, base, Proposal(
                draft_id, f"{draft_id}:{case_id}", case_id, wording, reason), case_id in rule_changed)
            if case_id in rulings:
                raise at.at("case").error(f"case {case_id!r} is changed twice")
            rulings[case_id] = found
        else:
            mechanic = _changed_mechanic(change, at, kinds[0], mechanics)
            mechanics[mechanic] = _mechanic_change(change, at, draft_id, mechanic, wording, reason)
    for mechanic, case_id in RESTATED_WITH.items():
        if mechanic in mechanics and case_id not in rulings:
            where = next(loc.at("changes").at(i) for i, item in enumerate(changes) if item.get("mechanic") == mechanic)
            raise where.at(CHANGEABLE_MECHANICS[mechanic]).error(
                f"a draft that changes {_RULE_WORDS[mechanic]} also restates the ruling of {case_id!r} (the "
                f"{base.year} ruling quotes the {base.year} text on the rule it changes)")
    return Draft(id=draft_id, name=text(raw["name"], loc.at("name")), base=base.year, path=loc.file,
                 note=text(raw["note"], loc.at("note")) if raw.get("note") is not None else "",
                 rationale=text(raw["rationale"], loc.at("rationale")) if raw.get("rationale") is not None else "",
                 date=_date(raw.get("date"), loc.at("date")),
                 sources=tuple(text(s, loc.at("sources").at(i)) for i, s in enumerate(listing(raw["sources"], loc.at("sources"))))
                 if raw.get("sources") is not None else (),
                 rulings=rulings, mechanics=mechanics)


def _date(value: object, loc: MarkedLoc) -> str:
    """A draft's date, YYYY-MM-DD (YAML reads an unquoted one as a date), or "" where none is given."""
    import datetime

    if value is None:
        return ""
    if isinstance(value, datetime.date):
        return value.isoformat()
    found = string(value, loc).strip()
    try:
        return datetime.date.fromisoformat(found).isoformat()
    except ValueError:
        raise loc.error(f"expected a date YYYY-MM-DD, got {found!r}") from None


def _identity(raw: dict[str, Any], loc: MarkedLoc) -> tuple[str, Edition]:
    """A draft's id (its own, not a registered edition's) and its base (a registered edition)."""
    from ..auction import editions

    draft_id = string(raw["draft"], loc.at("draft")).strip()
    registered = [e.year for e in editions.EDITIONS]
    if draft_id in registered or ":" in draft_id or any(c.isspace() for c in draft_id):
        raise loc.at("draft").error(f"{draft_id!r} cannot be a draft's id: give it a name of its own, without "
                                    f"spaces or ':', that is not a registered edition ({', '.join(registered)})")
    base_name = string(raw["base"], loc.at("base"))
    if base_name not in registered:
        raise loc.at("base").error(f"unknown base {base_name!r}: a draft starts from a registered edition "
                                   f"({', '.join(registered)})")
    return draft_id, find_edition(base_name)


def _changed_mechanic(change: dict[str, Any], at: MarkedLoc, kind: str,
                      mechanics: Mapping[str, MechanicChange]) -> str:
    """The mechanic a change of a mechanic names: one a draft can change, and not changed before."""
    if "ruling" in change:
        raise at.at("ruling").error("only a change of a case gives a ruling")
    mechanic = "end-of-auction" if kind == "closing" else one_of(change["mechanic"], MECHANICS, at.at("mechanic"))
    if mechanic not in CHANGEABLE_MECHANICS:
        raise at.at("mechanic").error(
            f"a draft cannot change {mechanic!r}: the engine codes that mechanic as a rule, not as data "
            f"(changeable: {', '.join(f'{m} ({f})' for m, f in CHANGEABLE_MECHANICS.items())})")
    if mechanic in mechanics:
        raise at.error(f"mechanic {mechanic!r} is changed twice")
    return mechanic


def _mechanic_change(change: dict[str, Any], at: MarkedLoc, draft_id: str, mechanic: str,
                     wording: str, reason: str) -> MechanicChange:
    proposal = Proposal(draft_id, f"{draft_id}:{mechanic}", mechanic, wording, reason)
    wanted = CHANGEABLE_MECHANICS[mechanic]
    if wanted == "closing":
        for name in ("max_level", "outcome"):
            if name in change:
                raise at.at(name).error(f"only the {'bid-range' if name == 'max_level' else 'all-pass'} mechanic sets {name}")
        value = change.get("closing")
        if value is None:
            raise at.error("the end-of-auction mechanic is changed by 'closing: ...' alone (without 'mechanic')")
        if isinstance(value, Mapping):
            spec = fields(value, at.at("closing"), ("passes",))
            passes = spec["passes"]
            if isinstance(passes, bool) or not isinstance(passes, int) or passes < 1:
                raise at.at("closing").at("passes").error(f"expected a whole number of passes (1 or more), got {passes!r}")
            return MechanicChange(mechanic, proposal, passes=passes)
        name = one_of(value, CLOSING_RULES, at.at("closing"))
        return MechanicChange(mechanic, proposal, closing=name)
    if "closing" in change:
        raise at.at("closing").error("only the end-of-auction mechanic sets closing")
    for other, name in CHANGEABLE_MECHANICS.items():
        if other != mechanic and name in change:
            raise at.at(name).error(f"only the {other} mechanic sets {name}")
    if wanted == "outcome":
        outcome = change.get("outcome")
        if outcome not in ALL_PASS_OUTCOMES:
            why = (" (the same dealer dealing again, 'redeal', is the remedy of a faulty deal, not the end of an "
                   "auction)") if outcome == "redeal" else ""
            raise at.at("outcome").error(
                f"{outcome!r} is not what four passes can lead to: one of {', '.join(ALL_PASS_OUTCOMES)}{why}")
        return MechanicChange(mechanic, proposal, outcome=str(outcome))
    level = change.get("max_level")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= MAX_PARSED_LEVEL:
        raise at.at("max_level").error(f"expected a level from 1 to {MAX_PARSED_LEVEL}, got {level!r}")
    return MechanicChange(mechanic, proposal, max_level=level)


def _check_article(article: str | None, at: MarkedLoc, base: Edition) -> None:
    """A draft's ruling cites the base's records it keeps or amends: each must be one of them."""
    from ..text import corpus

    if article is None:
        return
    if not article.startswith(base.year + ":"):
        raise at.error(f"{article!r} is not a record of the base edition {base.year}")
    from ..supplement import supplement

    if corpus.resolves(article) or article in {entry.id for entry in supplement.articles(base.year)}:
        return
    try:
        corpus.record(article)
    except BridgeLawsError as error:
        raise at.error(str(error)) from None


def _check_articles(spec: RulingSpec, at: MarkedLoc, base: Edition) -> None:
    """Every record a draft's ruling cites (its articles, acceptance, options' and branches') is the base's."""
    for article in spec.articles:
        _check_article(article, at.at("articles"), base)
    _check_article(spec.acceptance, at.at("acceptance"), base)
    for i, option in enumerate(spec.options):
        _check_article(option.article, at.at("options").at(i).at("article"), base)
    for i, branch in enumerate(spec.when):
        _check_article(branch.article, at.at("when").at(i).at("article"), base)
        for article in branch.articles:
            _check_article(article, at.at("when").at(i).at("articles"), base)


def _changed_case(change: dict[str, Any], at: MarkedLoc) -> str:
    """The case a change of a case names: one of cases.yaml, with its ``ruling`` and no mechanic."""
    case_id = string(change["case"], at.at("case"))
    if case_id not in case_ids():
        raise at.at("case").error(f"unknown case {case_id!r}: one of {', '.join(case_ids())} "
                                  "(a draft rules on the cases of data/cases.yaml; a new kind of "
                                  "irregularity needs the engine to detect it)")
    for name in ("max_level", "outcome"):
        if name in change:
            raise at.at(name).error("a ruling change sets no mechanic")
    if "ruling" not in change:
        raise at.error("a change of a case gives its 'ruling'")
    return case_id


def _ruling_change(change: dict[str, Any], at: MarkedLoc, base: Edition, proposal: Proposal,
                   rule_changed: bool = False) -> Entry:
    """A draft's entry of a case: its fields over the base's entry (:func:`bridgelaws.judging.entries.over_base`),
    checked, citing the draft's provision first and quoting nothing but through its proposal. The
    base's entry is its best-sourced ruling: where its corpus is silent or referenced and a
    supplementary ruling answers, that ruling (whatever the layer read: a draft is not a text, and its
    ruling is one ruling, the kept fields labelled with their sources)."""
    case_id, ruling_at, raw = proposal.subject, at.at("ruling"), change["ruling"]
    if not isinstance(raw, Mapping):
        raise ruling_at.error("expected a mapping (the fields of an entry of data/rulings/<case>.yaml)")
    if "quote_from" in raw:
        raise ruling_at.at("quote_from").error(
            "a draft quotes only its own wording: give quote_nl (a part of 'wording') without quote_from")
    base_spec = corpus_spec(case_id, base)
    base_supplement = _base_supplement(case_id, base, base_spec)
    if base_supplement is None:
        _branches_restated(case_id, base, base_spec, raw, ruling_at, "")
        merged = over_base(case_id, base, raw)
    else:
        # The base answers the case from the supplementary layer (its best-sourced ruling): the draft
        # restates only what it changes of that ruling, whose other fields keep their sources.
        _branches_restated(case_id, base, base_supplement[0], raw, ruling_at, "supplementary ")
        merged = {**kept_fields(base_supplement[1], raw), **raw}
    if rule_changed:
        for key in ("articles", "references"):
            if key not in raw:
                merged.pop(key, None)
    spec, quote = _proposed(merged, ruling_at, proposal, base)
    check_fields(case_id, raw, spec, ruling_at)
    return Entry(raw, at.file, ruling_at.path, spec=spec, proposal=replace(proposal, quote=quote),
                 new=base_spec.status != "ruled")


def _branches_restated(case_id: str, base: Edition, base_spec: RulingSpec, raw: Mapping[str, Any],
                       ruling_at: MarkedLoc, which: str) -> None:
    """A base branch would override the draft's fields, and its words speak of the base's text: where
    the base's ruling depends on the circumstances, the draft states every branch itself."""
    if base_spec.when and "when" not in raw:
        raise ruling_at.error(f"the {base.year} {which}ruling of {case_id!r} depends on the circumstances "
                              f"({', '.join(b.condition for b in base_spec.when)}): restate its branches under 'when'")


def _base_supplement(case_id: str, base: Edition, base_spec: RulingSpec) -> tuple[RulingSpec, dict[str, Any]] | None:
    """The base's supplementary ruling of the case (checked, and as its file gives it), where its
    corpus is silent or referenced and one exists; else None."""
    from .supplementary import supplement_raw, supplement_rulings

    if base_spec.status not in ("silent", "referenced"):
        return None
    found = supplement_rulings(case_id).get(base.year)
    if found is None:
        return None
    return found, dict(supplement_raw(case_id)[base.year])


def _proposed(merged_raw: dict[str, Any], ruling_at: MarkedLoc, proposal: Proposal,
              base: Edition) -> tuple[RulingSpec, str | None]:
    """A draft's ruling from its fields over a base's: checked, ruling (unless it says otherwise, which
    is refused), citing the draft's provision first, with no quote; and the words of the draft's
    wording it quotes (its ``quote_nl``), or None."""
    merged_raw = dict(merged_raw)
    merged_raw.setdefault("status", "ruled")  # the draft's wording rules, unless it says otherwise
    if "all-pass" in find_case(proposal.subject).mechanics and "outcome" in merged_raw:
        raise ruling_at.at("outcome").error(
            "what four passes lead to is the edition's rule, not a ruling's: change it with 'mechanic: all-pass' "
            "and 'outcome'")
    spec = parse_ruling(merged_raw, ruling_at, engine_names())
    if spec.status != "ruled":
        raise ruling_at.at("status").error("a draft's ruling rules: its status is 'ruled'")
    quoted = [(ruling_at, spec.quote_nl)] + [(ruling_at.at("when").at(i), b.quote_nl) for i, b in enumerate(spec.when)]
    for where, quote in quoted:
        if quote is not None and quote not in proposal.wording:
            raise where.at("quote_nl").error("the quote is not a part of the change's wording")
    _check_articles(spec, ruling_at, base)
    values = spec.values()
    values.update(quote_nl=None, quote_from=None, articles=(proposal.provision,) + tuple(values.get("articles", ())))
    when = tuple(replace(b, quote_nl=None, quote_from=None) for b in spec.when)
    return RulingSpec(when=when, given=frozenset(values), **values), spec.quote_nl


# ------------------------------------------------------------------------------ the edition


def _edition(draft: Draft, loc: MarkedLoc) -> DraftEdition:
    base = find_edition(draft.base)
    record = base.record
    basis = dict(record.basis)
    changes: dict[str, Any] = {"year": draft.id, "name": draft.name, "like": base.year,
                               "all_pass_outcome": base.all_pass_outcome, "class_path": None}
    for mechanic, change in draft.mechanics.items():
        basis[mechanic] = Basis(articles=(change.proposal.provision,))
        if change.closing is not None:
            changes["closing"] = change.closing
        if change.max_level is not None:
            changes["max_level"] = change.max_level
        if change.outcome is not None:
            changes["all_pass_outcome"] = change.outcome
    changes["basis"] = basis
    edition = DraftEdition(replace(record, **changes), draft)
    if type(base) is not Edition:
        raise loc.at("base").error(f"the base {base.year} has its own rules in code ({type(base).__name__}): "
                                   "a draft starts from an edition that differs from the others in data only")
    if "end-of-auction" in draft.mechanics:
        _check_closes(edition, _closing_loc(loc))
    return edition


def _closing_loc(loc: MarkedLoc) -> MarkedLoc:
    """Where the change of the closing rule sits in the file (its ``closing`` field)."""
    for path, _ in sorted(loc.lines.items(), key=lambda item: item[1]):
        if path.startswith("changes[") and path.endswith(".closing") and path.count(".") == 1:
            return MarkedLoc(loc.file, path, loc.lines)
    return loc


def never_closes(edition: Edition) -> str | None:
    """Why the edition's closing rule can never close an auction, or None when it can.

    *Can never close*: after a bid, no run of passes in rotation (up to :data:`CLOSE_CHECK_PASSES`,
    two whole rounds) ends the auction, by the regular step or by the closing sentence; or, with no
    bid, no such run of passes ends it. A rule that closes only after an irregularity would leave
    every regular auction open for ever."""
    from ..auction.editions import START

    bid = next(c for c in edition.proper_calls(START) if c.is_bid)
    for label, first in (("after a bid", bid), ("with no bid", None)):
        position = START if first is None else edition.after(START, first)
        made: list[PassMade] = []
        seat = Seat.N if first is None else Seat.E
        closed = False
        for _ in range(CLOSE_CHECK_PASSES):
            made.append(PassMade(seat, seat))
            position = edition.after(position, PASS)
            closing = edition.closing(Seat.N if first is not None else None, made)
            if position.over or closing.over:
                closed = True
                break
            seat = seat.lho
        if not closed:
            return (f"{label}, {CLOSE_CHECK_PASSES} passes in rotation never end the auction "
                    "(a closing rule must close a regular auction)")
    return None


def _check_closes(edition: Edition, loc: MarkedLoc) -> None:
    problem = never_closes(edition)
    if problem is not None:
        raise loc.error(f"this closing rule can never close: {problem}")


# ------------------------------------------------------------------------------ loading

_loaded: dict[tuple[str, str, int, int], DraftEdition] = {}


def load_draft(path: str | os.PathLike[str]) -> DraftEdition:
    """The draft edition of the file at ``path`` (checked; one error line naming the file, the line
    and the field). The same file, unchanged, gives the same object. ``data/drafts/X.yaml`` names a
    shipped example wherever the command runs (and in an installed wheel)."""
    name = str(path).strip()
    file = Path(name)
    if not file.exists() and (name.startswith("data/") or file.name == name):
        from ..text import datafiles

        # data/drafts/X.yaml, or a bare X.yaml not in the working folder: a shipped example.
        shipped = datafiles.path(name.removeprefix("data/") if name.startswith("data/") else f"drafts/{name}")
        file = shipped if shipped.exists() or name.startswith("data/") else file
    return _load(file, name)


def load_example(name: str) -> DraftEdition:
    """A shipped example by its name under ``data/`` (``"drafts/X.yaml"``), named so in its errors
    as every data file is."""
    from ..text import datafiles

    return _load(datafiles.path(name), name)


def _load(file: Path, name: str) -> DraftEdition:
    try:
        stat = file.stat()
        # The name as given too: the reports show it, and must not depend on how an earlier call named the file.
        key = (name, str(file.resolve()), stat.st_mtime_ns, stat.st_size)
    except OSError:
        raise BridgeLawsError(f"{name}: no such draft file") from None
    found = _loaded.get(key)
    if found is None:
        data, loc = read_draft(file, name)
        found = _loaded[key] = _edition(parse_draft(data, loc), loc)
    return found


def loaded_draft(draft_id: str) -> DraftEdition | None:
    """The draft of this id loaded last in this process (so that a view that keeps editions by
    their id finds it again), or None."""
    return next((edition for edition in reversed(_loaded.values()) if edition.year == draft_id), None)


def example_drafts() -> list[str]:
    """The example drafts shipped in ``data/drafts/`` (hypothetical, not law), by their names under
    ``data/`` (for :func:`load_example`)."""
    from ..text import datafiles

    folder = datafiles.path("drafts")
    return [f"drafts/{p.name}" for p in sorted(folder.glob("*.yaml"))] if folder.is_dir() else []
