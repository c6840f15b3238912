"""Draft editions: a committee's proposed changes to a registered edition, as a data file.

A draft (``data/drafts/*.yaml``, or any file a user names) says which edition it starts from
(``base``) and changes only what it changes, the way a reform overlays a tax-benefit system: the
ruling of a case (fields of an entry of ``data/rulings/<case>.yaml``; a case the base does not rule
gets a new ruling), the reading of the closing sentence (one of
:data:`bridgelaws.auction.editions.CLOSING_RULES`, or a count of passes), or the highest level of a bid.
Every change carries its ``wording`` (the proposed text, which is the draft's own and takes the
place of a verbatim quote) and a ``reason``.

:func:`load_draft` checks the file (schema errors name the file, the LINE and the field) and gives a
:class:`DraftEdition`: an :class:`~bridgelaws.auction.editions.Edition` whose mechanics and rulings are the
base's, overlaid by the draft's. ``editions.find_edition("path/to/draft.yaml")`` returns it, so a
draft works wherever an edition does (judge, compare, matrix, the stepper). The engine reads a
draft's ruling through :meth:`Edition.draft` (``rulings.corpus_spec``); the ruling it gives carries a
:class:`Proposal`, which every view shows as :data:`PROPOSED_LABEL`, never as a quote of a code.
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
from ..text.schema import Loc, RulingSpec, fields, listing, one_of, parse_ruling, string, text

#: How every view names a draft's proposed text.
PROPOSED_LABEL = "proposed wording (draft, not a published text)"

#: The mechanics a draft can change, and the field that changes each.
CHANGEABLE_MECHANICS = {"end-of-auction": "closing", "bid-range": "max_level"}

#: How many passes in rotation the never-close check tries: two whole rounds, after which the
#: passers repeat themselves.
CLOSE_CHECK_PASSES = 8

_TOP_FIELDS = ("draft", "name", "base", "changes")
_TOP_OPTIONAL = ("note",)
_CHANGE_FIELDS = ("wording", "reason")
_CHANGE_OPTIONAL = ("case", "ruling", "closing", "mechanic", "max_level")
#: The fields of a changed ruling that a draft never takes over from the base entry: the base's quote
#: (the draft's wording takes its place), its summary and its assumption (and ``assumes``): the base's text.
_NOT_INHERITED = ("quote_nl", "quote_from", "summary_en", "assumption", "assumption_nl", "assumes", "unread")


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
class RulingChange:
    """A draft's ruling of one case: the base's entry overlaid by the draft's fields."""

    case: str
    spec: RulingSpec
    proposal: Proposal
    new: bool  # the base's corpus does not rule on the case (silent or referenced)


@dataclass(frozen=True)
class MechanicChange:
    mechanic: str
    proposal: Proposal
    closing: str | None = None  # a name of CLOSING_RULES
    passes: int | None = None  # closing by a count: N passes by N different players, each in turn
    max_level: int | None = None


@dataclass(frozen=True)
class Draft:
    id: str
    name: str
    base: str
    path: str
    note: str = ""
    rulings: Mapping[str, RulingChange] = field(default_factory=dict)
    mechanics: Mapping[str, MechanicChange] = field(default_factory=dict)

    @property
    def proposals(self) -> list[Proposal]:
        """Every change's proposal, mechanics first, in the file's order."""
        return [c.proposal for c in self.mechanics.values()] + [c.proposal for c in self.rulings.values()]


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
    def base(self) -> Edition:
        return find_edition(self._draft.base)

    @property
    def code(self) -> str:
        return self.base.code

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


# ------------------------------------------------------------------------------ where a value sits


@dataclass(frozen=True)
class MarkedLoc(Loc):
    """A :class:`~bridgelaws.text.schema.Loc` that knows the line of each path of its file, so that an
    error names the file, the line and the field."""

    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    def at(self, key: str | int) -> MarkedLoc:
        plain = Loc.at(self, key)
        return MarkedLoc(plain.file, plain.path, self.lines)

    @property
    def line(self) -> int:
        path = self.path
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.lines.get("", 1)

    def error(self, message: str) -> BridgeLawsError:
        where = f"{self.file}: line {self.line}" + (f": {self.path}" if self.path else "")
        return BridgeLawsError(f"{where}: {' '.join(message.split())}")


def _lines(node: Any, path: str, lines: dict[str, int], seen: set[int] | None = None) -> None:
    """The line (1-based) of every key and list item under ``node``, by its path. A node reached a
    second time (through an alias) is not walked again: its first path keeps its lines, so that the
    bookkeeping never expands an alias (issue 22: an alias bomb expanded here exhausted memory)."""
    import yaml

    seen = set() if seen is None else seen
    lines.setdefault(path, node.start_mark.line + 1)
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = str(key.value)
            child = f"{path}.{name}" if path else name
            lines[child] = key.start_mark.line + 1
            _lines(value, child, lines, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = f"{path}[{index}]"
            lines[child] = item.start_mark.line + 1
            _lines(item, child, lines, seen)


#: The bounds of a draft file (issue 22: a draft is untrusted input). A draft is a few kilobytes
#: (the examples in data/drafts/ are under 3 KB); every bound is far above what a real one needs, and
#: each is checked before the part it protects runs, so that no file can make the reader use more
#: than a few megabytes or more than a moment.
#: The most bytes read; a larger file (or one that keeps growing) is refused.
MAX_DRAFT_BYTES = 128 * 1024
#: The deepest nesting of mappings and lists (a draft needs about ten: changes, ruling, when, options, barred).
MAX_DEPTH = 32
#: The most aliases (``*name``) a draft may use; an alias bomb needs dozens.
MAX_ALIASES = 16
#: The most nodes the document holds with every alias counted as often as it is used.
MAX_NODES = 100_000
#: The longest number (in characters): a level, a count of passes.
MAX_NUMBER_CHARS = 32

_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _read_source(path: Path, name: str) -> str:
    """The text of a draft file, read as a regular file of at most :data:`MAX_DRAFT_BYTES`: a
    device, a FIFO, a socket or a folder is refused before it is read (``/dev/zero`` named x.yaml
    would be endless, a FIFO would wait for ever)."""
    import stat

    def not_regular(mode: int) -> BridgeLawsError:
        kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
                else "not a regular file")
        return BridgeLawsError(f"{name}: cannot read the draft: it is {kind}, not a file")

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise BridgeLawsError(f"{name}: no such draft file") from None
    except OSError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise not_regular(mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: a FIFO put in its place meanwhile does not wait
    except OSError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise not_regular(info.st_mode)
        too_big = BridgeLawsError(f"{name}: the draft file is larger than {MAX_DRAFT_BYTES:,} bytes "
                                  "(a draft is a few kilobytes)")
        if info.st_size > MAX_DRAFT_BYTES:
            raise too_big
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_DRAFT_BYTES:
            chunk = os.read(fd, MAX_DRAFT_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_DRAFT_BYTES:
            raise too_big
    except OSError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: not UTF-8 (byte {exc.start + 1})") from None


def _check_events(source: str, name: str) -> None:
    """Walk the file's YAML events (the parser keeps no tree and does not recurse) and refuse, before
    anything is built: nesting deeper than :data:`MAX_DEPTH`, more than :data:`MAX_ALIASES` aliases,
    a number longer than :data:`MAX_NUMBER_CHARS` characters."""
    import yaml

    def refused(event: Any, what: str) -> BridgeLawsError:
        return BridgeLawsError(f"{name}: line {event.start_mark.line + 1}: {what}")

    resolver = yaml.SafeLoader("")  # how a plain scalar is read (int, float, ...)
    depth = aliases = 0
    for event in yaml.parse(source, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise refused(event, f"nested more than {MAX_DEPTH} deep (a draft needs about ten levels)")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise refused(event, f"more than {MAX_ALIASES} aliases (*name; a draft needs none)")
        elif isinstance(event, yaml.ScalarEvent) and len(event.value) > MAX_NUMBER_CHARS:
            tag = event.tag if event.tag not in (None, "!") else (
                resolver.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
                if event.implicit[0] else None)
            if tag in _NUMBER_TAGS or tag in ("!!int", "!!float"):
                raise refused(event, f"a number of {len(event.value):,} characters (at most {MAX_NUMBER_CHARS})")


def _check_size(root: Any, name: str) -> None:
    """Refuse a document whose nodes, every alias counted as often as it is used, are more than
    :data:`MAX_NODES` (an alias bomb), or that holds itself (``&a [*a]``). Counted once per node."""
    import yaml

    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: Any) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise BridgeLawsError(f"{name}: line {node.start_mark.line + 1}: an alias refers to a mapping or "
                                  "list that holds it")
        open_nodes.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(item) for item in node.value)
        open_nodes.discard(key)
        sizes[key] = total = min(total, MAX_NODES + 1)
        return total

    if size(root) > MAX_NODES:
        raise BridgeLawsError(f"{name}: the draft holds more than {MAX_NODES:,} values once its aliases are "
                              "expanded (an alias bomb?)")


def _read(path: Path, name: str) -> tuple[Any, MarkedLoc]:
    import yaml

    source = _read_source(path, name)
    try:
        _check_events(source, name)
        node = yaml.compose(source, Loader=yaml.SafeLoader)
        if node is None:
            data = None
        else:
            _check_size(node, name)
            data = yaml.SafeLoader("").construct_document(node)  # the tree already composed, not parsed again
    except BridgeLawsError:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f": line {mark.line + 1}" if mark is not None else ""
        raise BridgeLawsError(f"{name}{where}: not valid YAML: {getattr(exc, 'problem', None) or exc}") from None
    except (ValueError, OverflowError, RecursionError, MemoryError) as exc:  # beyond what the checks foresaw
        raise BridgeLawsError(f"{name}: cannot read the draft: {type(exc).__name__}") from None
    lines: dict[str, int] = {}
    if node is not None:
        _lines(node, "", lines)
    return data, MarkedLoc(name, "", lines)


# ------------------------------------------------------------------------------ the schema


def parse_draft(data: object, loc: MarkedLoc) -> Draft:
    """Check a draft file and resolve every change against its base edition."""
    from ..text import corpus
    from ..auction import editions

    raw = fields(data, loc, _TOP_FIELDS, _TOP_OPTIONAL)
    draft_id = string(raw["draft"], loc.at("draft")).strip()
    registered = [e.year for e in editions.EDITIONS]
    if draft_id in registered or ":" in draft_id or any(c.isspace() for c in draft_id):
        raise loc.at("draft").error(f"{draft_id!r} cannot be a draft's id: give it a name of its own, without "
                                    f"spaces or ':', that is not a registered edition ({', '.join(registered)})")
    base_name = string(raw["base"], loc.at("base"))
    if base_name not in registered:
        raise loc.at("base").error(f"unknown base {base_name!r}: a draft starts from a registered edition "
                                   f"({', '.join(registered)})")
    base = find_edition(base_name)
    rulings: dict[str, RulingChange] = {}
    mechanics: dict[str, MechanicChange] = {}
    changes = listing(raw["changes"], loc.at("changes"))
    if not changes:
        raise loc.at("changes").error("a draft changes at least one thing")
    for number, item in enumerate(changes):
        at = loc.at("changes").at(number)
        change = fields(item, at, _CHANGE_FIELDS, _CHANGE_OPTIONAL)
        kinds = [k for k in ("case", "closing", "mechanic") if k in change]
        if len(kinds) != 1:
            raise at.error("a change names exactly one of 'case' (with 'ruling'), 'closing', or 'mechanic' "
                           "(with the field it sets)")
        wording = text(change["wording"], at.at("wording"))
        reason = text(change["reason"], at.at("reason"))
        kind = kinds[0]
        if kind == "case":
            found = _ruling_change(change, at, draft_id, base, wording, reason, corpus)
            if found.case in rulings:
                raise at.at("case").error(f"case {found.case!r} is changed twice")
            rulings[found.case] = found
            continue
        if "ruling" in change:
            raise at.at("ruling").error("only a change of a case gives a ruling")
        mechanic = "end-of-auction" if kind == "closing" else one_of(
            change["mechanic"], MECHANICS, at.at("mechanic"))
        if mechanic not in CHANGEABLE_MECHANICS:
            raise at.at("mechanic").error(
                f"a draft cannot change {mechanic!r}: the engine codes that mechanic as a rule, not as data "
                f"(changeable: {', '.join(f'{m} ({f})' for m, f in CHANGEABLE_MECHANICS.items())})")
        if mechanic in mechanics:
            raise at.error(f"mechanic {mechanic!r} is changed twice")
        mechanics[mechanic] = _mechanic_change(change, at, draft_id, mechanic, wording, reason)
    level = mechanics.get("bid-range")
    if level is not None and "bid-above-seven" not in rulings:
        where = next(loc.at("changes").at(i) for i, item in enumerate(changes) if item.get("mechanic") == "bid-range")
        raise where.at("max_level").error(
            f"a draft that changes the highest level also restates the ruling of 'bid-above-seven' (the "
            f"{base.year} ruling quotes the {base.year} text on the level it sets)")
    return Draft(id=draft_id, name=text(raw["name"], loc.at("name")), base=base.year, path=loc.file,
                 note=text(raw["note"], loc.at("note")) if raw.get("note") is not None else "",
                 rulings=rulings, mechanics=mechanics)


def _mechanic_change(change: dict[str, Any], at: MarkedLoc, draft_id: str, mechanic: str,
                     wording: str, reason: str) -> MechanicChange:
    proposal = Proposal(draft_id, f"{draft_id}:{mechanic}", mechanic, wording, reason)
    wanted = CHANGEABLE_MECHANICS[mechanic]
    if wanted == "closing":
        if "max_level" in change:
            raise at.at("max_level").error("only the bid-range mechanic sets max_level")
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
    level = change.get("max_level")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= MAX_PARSED_LEVEL:
        raise at.at("max_level").error(f"expected a level from 1 to {MAX_PARSED_LEVEL}, got {level!r}")
    return MechanicChange(mechanic, proposal, max_level=level)


def _check_article(article: str | None, at: MarkedLoc, base: Edition, corpus: Any) -> None:
    """A draft's ruling cites the base's records it keeps or amends: each must be one of them."""
    if article is None:
        return
    if not article.startswith(base.year + ":"):
        raise at.error(f"{article!r} is not a record of the base edition {base.year}")
    try:
        corpus.record(article)
    except BridgeLawsError as error:
        raise at.error(str(error)) from None


def _ruling_change(change: dict[str, Any], at: MarkedLoc, draft_id: str, base: Edition, wording: str,
                   reason: str, corpus: Any) -> RulingChange:
    from . import rulings

    case_id = string(change["case"], at.at("case"))
    if case_id not in rulings.case_ids():
        raise at.at("case").error(f"unknown case {case_id!r}: one of {', '.join(rulings.case_ids())} "
                                  "(a draft rules on the cases of data/cases.yaml; a new kind of "
                                  "irregularity needs the engine to detect it)")
    if "max_level" in change:
        raise at.at("max_level").error("a ruling change sets no mechanic")
    if "ruling" not in change:
        raise at.error("a change of a case gives its 'ruling'")
    ruling_at = at.at("ruling")
    raw = change["ruling"]
    if not isinstance(raw, Mapping):
        raise ruling_at.error("expected a mapping (the fields of an entry of data/rulings/<case>.yaml)")
    if "quote_from" in raw:
        raise ruling_at.at("quote_from").error(
            "a draft quotes only its own wording: give quote_nl (a part of 'wording') without quote_from")
    base_spec = rulings.corpus_spec(case_id, base)
    new = base_spec.status != "ruled"
    merged_raw: dict[str, Any] = {}
    if base_spec.when and "when" not in raw:
        # A base branch overrides the entry field by field, and its summary, quote and assumption
        # speak of the base's text: the draft states every branch itself.
        raise ruling_at.error(f"the {base.year} ruling of {case_id!r} depends on the circumstances "
                              f"({', '.join(b.condition for b in base_spec.when)}): restate its branches under 'when'")
    if not new:
        # The overlay: the base's entry, less what speaks of the base's own text, under the draft's fields.
        merged_raw = {k: v for k, v in rulings.entry(case_id, base).items() if k not in _NOT_INHERITED}
    merged_raw.update(raw)
    merged_raw.setdefault("status", "ruled")  # the draft's wording rules, unless it says otherwise
    spec = parse_ruling(merged_raw, ruling_at)
    if spec.status != "ruled":
        raise ruling_at.at("status").error("a draft's ruling rules: its status is 'ruled'")
    quoted = [(ruling_at, spec.quote_nl)] + [(ruling_at.at("when").at(i), b.quote_nl) for i, b in enumerate(spec.when)]
    for where, quote in quoted:
        if quote is not None and quote not in wording:
            raise where.at("quote_nl").error("the quote is not a part of the change's wording")
    for article in spec.articles:
        _check_article(article, ruling_at.at("articles"), base, corpus)
    _check_article(spec.acceptance, ruling_at.at("acceptance"), base, corpus)
    for i, option in enumerate(spec.options):
        _check_article(option.article, ruling_at.at("options").at(i).at("article"), base, corpus)
    for i, branch in enumerate(spec.when):
        _check_article(branch.article, ruling_at.at("when").at(i).at("article"), base, corpus)
        for article in branch.articles:
            _check_article(article, ruling_at.at("when").at(i).at("articles"), base, corpus)
    provision = f"{draft_id}:{case_id}"
    values = spec.values()
    values.update(quote_nl=None, quote_from=None, articles=(provision,) + tuple(values.get("articles", ())))
    when = tuple(replace(b, quote_nl=None, quote_from=None) for b in spec.when)
    merged = RulingSpec(when=when, given=frozenset(values), **values)
    proposal = Proposal(draft_id, provision, case_id, wording, reason, quote=spec.quote_nl)
    return RulingChange(case_id, merged, proposal, new)


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
    all_pass = draft.rulings.get("all-pass")
    if all_pass is not None and all_pass.spec.outcome is not None:
        changes["all_pass_outcome"] = all_pass.spec.outcome
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


def is_draft_path(name: object) -> bool:
    """True for what names a draft file rather than an edition: a path ending in .yaml or .yml."""
    return isinstance(name, (str, os.PathLike)) and str(name).strip().lower().endswith((".yaml", ".yml"))


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
        data, loc = _read(file, name)
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
