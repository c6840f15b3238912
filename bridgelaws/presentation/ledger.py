"""A ledger of changes between editions: for every case and every mechanic, what became of it from
one edition to another, computed from the rulings (``data/rulings/``, and ``data/supplement/`` at the
default layer), the registry and the texts (``data/editions/<year>/``), never written
by hand. ``docs/ledger.md`` explains it for readers.

Each entry (:class:`Entry`) compares one *subject* (a case of ``data/cases.yaml`` or a mechanic of
:data:`bridgelaws.auction.editions.MECHANICS`) between edition ``from`` and edition ``to`` in one word
(:class:`Change`), with both sides' status, layer (``corpus``, ``supplement``, ``draft``), articles
and quote, the *profile* of the effect per dimension (:mod:`bridgelaws.presentation.profile`) and a reason that
names what was compared. A *ruling* is a cell whose status is ``ruled`` or ``supplement``, whatever
its layer: a paraphrase is compared like a verbatim text.

**The words.** The effect changed: ``stricter`` / ``milder`` (every dimension of the profile that
moves moves that way), ``mixed`` (the dimensions move apart, or one changes in a way no dimension
orders; each is named), ``introduced`` / ``removed`` (a situation, below, that one text rules on and
the other does not, while both rule on the subject and no dimension moves elsewhere). The same
effect in every dimension, none unknown (:mod:`bridgelaws.presentation.profile`; the same on the
dimensions known while another is only the engine's is not the same effect): ``unchanged`` (the sentences that carry the rule are the same modulo
spelling), ``reworded`` (they align on at least :data:`REWORDED_SIMILARITY`), ``rewritten`` (below
it: read both texts), ``same effect`` (one side at least is a paraphrase of ``data/supplement/``,
whose wording is the project's and is not compared). ``not comparable`` only where one side holds no
ruling in any layer (``silent``: not in the excerpt, and no source outside it read; ``referenced``:
the text only points outside the corpus), where a supplementary ruling's source was never read
for what is compared (``unread``: the ruling's ``unread`` field says what the source never reached),
or where a dimension of the profile is not known on both sides, one side's value being only the
engine's default or reading, and no dimension known moves (``assumption``:
:mod:`bridgelaws.presentation.profile`). Each entry says how many dimensions its word rests on
(:meth:`Entry.dimensions`).

**Sentences.** The sentence that carries a rule (:func:`rule_sentence`) is the sentence of the
corpus record ``quote_from`` that holds the ruling's ``quote_nl`` (all the sentences it touches); a
draft's is its quote or its wording; for a side without a quote (a mechanic), the sentence of its
cited articles that aligns best with the other side's (:func:`_best_sentence`). The rest of the
cited articles is named in the reason and does not decide the word.

**Situations.** A ruling may depend on circumstances (its ``when`` branches, named by condition).
The situations compared are the conditions either entry names, each resolved in both editions the
way the engine resolves it (:func:`bridgelaws.judging.rulings.generic_ruling`); the reason names a
situation the engine resolves to another branch. The entry's word combines its situations
(:func:`_combine`): the situations not comparable are left out; then the dimensions' words
(stricter, milder, mixed: one kind that word, several ``mixed``); else introduced / removed (both:
``mixed``); else the wording words, the weakest first (rewritten, same effect, reworded, unchanged).

**Introduced, removed.** A situation is introduced or removed only where the silent side's branch
names records of its own excerpt that leave it out (1932:13.4 for a wrong denomination), and the
other side gives it a rectification; a silent branch that names no record sits in a gap of the
excerpt: ``not comparable (silent)`` (:mod:`bridgelaws.presentation.ledger_cases`, ``docs/ledger.md``).

The module is split beside itself: :mod:`bridgelaws.presentation.ledger_words` (the words, the records),
:mod:`bridgelaws.presentation.ledger_text` (wording and sentences), :mod:`bridgelaws.presentation.ledger_cases` (a case's
entry); their public names are importable from here.

**Mechanics.** A mechanic is *ruled* by an edition's excerpt when the registry names at least one
article of its own for it, *silent* when it is wholly inherited, *referenced* when its own articles
only point outside the corpus (each sentence of each holds a reference to an article not in it, as
2007:17.E.1 "zoals bepaald in artikel 22") and the rest is inherited. Its effect is what the engine
does (:mod:`bridgelaws.presentation.ledger_mechanics`): per dimension of the mechanic, a fixed set of
probes put to each edition's rules, never the code that carries them. A dimension that differs makes
the word ``mixed`` (no dimension orders the mechanics of a regular auction); equal on every dimension,
the word is decided on the sentences of each side's own articles, any inherited part named as an
assumption. The reason says how many dimensions were compared and which differ, on how many probes.

**History.** :func:`history` says when a subject first appears in the excerpts, when it is last
seen, and when it last changed, read from :func:`across_gaps`: each edition whose excerpt rules on
the subject against the previous one that does, the editions between skipped and named.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Sequence

from ..auction.editions import MECHANICS, Edition
from ..judging.lookup import find_edition
from ..text.errors import BridgeLawsError
from .ledger_cases import case_side, combine, compare_case
from .ledger_mechanics import answers, compare_dimensions
from .ledger_text import (REWORDED_SIMILARITY, compare_wording, normalised_words, outside_references, rule_sentence,
                          same_wording, sentences, similarity)
from .ledger_words import (CHANGES, COLUMNS, EFFECT_CHANGES, SAME_EFFECTS, Because, Change, Entry, Side, Situation,
                           SubjectKind)
from ..judging.rulings import cases, check_layer
from ..text.vocabulary import DEFAULT_LAYER, Layer, Status

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Change", "Because", "SubjectKind", "Side", "Situation", "Entry", "CaseHistory", "CHANGES",
           "EFFECT_CHANGES", "SAME_EFFECTS", "ledger", "consecutive", "across_gaps", "all_across_gaps",
           "compare_case", "compare_mechanic", "history", "behaviour", "normalised_words", "same_wording",
           "similarity", "sentences", "rule_sentence", "REWORDED_SIMILARITY", "COLUMNS", "frame", "overview",
           "counts", "counts_table"]

#: The rule that combines a case's situations into one word (:func:`bridgelaws.presentation.ledger_cases.combine`).
_combine = combine


# --- mechanics -------------------------------------------------------------------------------------

def behaviour(edition: str | int | Edition, mechanic: str) -> tuple[tuple[str, str], ...]:
    """What the engine does for ``mechanic`` under ``edition``, per dimension
    (:mod:`bridgelaws.presentation.ledger_mechanics`): the dimension and, in words, how many of its
    probes give each answer (the answers themselves: :func:`~.ledger_mechanics.answers`)."""
    found = find_edition(edition)
    found.rule(mechanic)  # an unknown mechanic is an error
    pairs = []
    for name, got in answers(found, mechanic):
        tally: dict[str, int] = {}
        for value in got:
            tally[str(value)] = tally.get(str(value), 0) + 1
        pairs.append((name, ", ".join(f"{value}: {n}" for value, n in sorted(tally.items()))))
    return tuple(pairs)


def _only_points(articles: Sequence[str]) -> tuple[str, ...]:
    """The articles outside the corpus that ``articles`` point to, where every sentence of every one
    of them holds such a reference (the article only points elsewhere); () otherwise."""
    refs = outside_references(articles)
    if not articles or not refs:
        return ()
    from ..text import corpus

    for article in articles:
        quotes = [r.quote for r in refs if r.from_id == article or r.from_id.startswith(article + ".")]
        if not quotes or any(not any(q in sentence for q in quotes) for sentence in sentences(corpus.record(article).text)):
            return ()
    return tuple(dict.fromkeys(r.target for r in refs))


def _mechanic_side(edition: Edition, mechanic: str) -> Side:
    basis = edition.rule(mechanic)
    status = Status.RULED if basis.articles else Status.SILENT
    references: tuple[str, ...] = ()
    if basis.articles and basis.inherited:
        references = _only_points(basis.articles)
        if references:
            status = Status.REFERENCED
    return Side(edition=edition.year, status=str(status), articles=basis.articles, references=references,
                inherited=basis.inherited, donor=basis.donor)


def _basis_words(side: Side) -> str:
    own = f"{side.edition} states it in {', '.join(side.articles)}" if side.articles else \
        f"{side.edition}'s excerpt does not state it"
    if side.inherited:
        own += f" ({'the rest ' if side.articles else ''}inherited from {side.donor}: {', '.join(side.inherited)}, an assumption)"
    return own


def compare_mechanic(mechanic: str, from_: str | int | Edition, to: str | int | Edition) -> Entry:
    """The ledger's entry for a mechanic of a regular auction between two editions."""
    if mechanic not in MECHANICS:
        raise BridgeLawsError(f"unknown mechanic {mechanic!r}: one of {', '.join(MECHANICS)}")
    a, b = find_edition(from_), find_edition(to)
    side_a, side_b = _mechanic_side(a, mechanic), _mechanic_side(b, mechanic)
    compared = compare_dimensions(mechanic, a, b)
    moved = [d for d in compared if not d.same]
    count = f"{len(compared)} dimension{'s' if len(compared) > 1 else ''} of the engine's behaviour compared"
    detail = "; ".join(d.words((a.year, b.year)) for d in compared)
    engine = (f"{count}, {len(moved)} differ{'s' if len(moved) == 1 else ''}: {detail}" if moved else
              f"{count}, the same on each ({detail}; the engine's behaviour, so this is not a reading of the texts)")
    basis = f"{_basis_words(side_a)}; {_basis_words(side_b)}"

    def entry(change: Change, because: Because | None, reason: str) -> Entry:
        ruled = side_a.rules and side_b.rules
        return Entry(mechanic, SubjectKind.MECHANIC, change, because, reason, side_a, side_b,
                     mechanic_dimensions=len(compared) if ruled else None)

    pointing = [side for side in (side_a, side_b) if side.status == Status.REFERENCED]
    if pointing:
        words = "; ".join(f"{side.edition}'s {', '.join(side.articles)} only points to {', '.join(side.references)} "
                          f"(not in the corpus)" for side in pointing)
        return entry(Change.NOT_COMPARABLE, Because.REFERENCED,
                     f"{words}: the rule it points to is not in the excerpt, so no wording of it is compared; "
                     f"{basis}; {engine}")
    if not side_a.rules and not side_b.rules:
        return entry(Change.NOT_COMPARABLE, Because.SILENT, f"neither excerpt states it: {basis}; {engine}")
    if not side_a.rules or not side_b.rules:
        silent = a.year if not side_a.rules else b.year
        return entry(Change.NOT_COMPARABLE, Because.SILENT,
                     f"{basis}; the {silent} excerpt does not state it, and the {silent} code may state it "
                     f"outside the excerpt, so where the excerpt stops is no change of law; {engine}")
    if moved:
        return entry(Change.MIXED, None,
                     f"{basis}; {engine} (a difference of the mechanics of a regular auction, which no "
                     f"dimension of the profile orders: neither stricter nor milder)")
    inherited = ""
    if side_a.inherited or side_b.inherited:
        inherited = ("; part of it rests on inherited articles (an assumption of the engine, not the texts): "
                     "only each side's own articles are compared")
    word, because, reason = compare_wording(None, None, list(side_a.articles), list(side_b.articles), engine,
                                             (a.year, b.year))
    return entry(word, because, reason + inherited)


# --- the ledger ------------------------------------------------------------------------------------

def ledger(from_: str | int | Edition, to: str | int | Edition, layer: str | Layer = DEFAULT_LAYER,
           subjects: Iterable[str] | None = None) -> list[Entry]:
    """Every case (in the matrix's order), then every mechanic (in the registry's order), between
    two editions. ``subjects``: only these case or mechanic ids. Mechanics have no supplementary
    layer: they are the same in both layers."""
    a, b = find_edition(from_), find_edition(to)
    if a.year == b.year:
        raise BridgeLawsError(f"the ledger compares two editions: from and to are both {a.year}")
    layer = check_layer(layer)
    wanted = _subjects(subjects)
    entries = [compare_case(c.id, a, b, layer) for c in cases() if wanted is None or c.id in wanted]
    entries += [compare_mechanic(m, a, b) for m in MECHANICS if wanted is None or m in wanted]
    return entries


def _subjects(subjects: Iterable[str] | None) -> set[str] | None:
    if subjects is None:
        return None
    wanted = set(subjects)
    known = {c.id for c in cases()} | set(MECHANICS)
    unknown = sorted(wanted - known)
    if unknown:
        raise BridgeLawsError(f"unknown subject {unknown[0]!r}: a case id ({', '.join(c.id for c in cases())}) "
                              f"or a mechanic ({', '.join(MECHANICS)})")
    return wanted


def all_across_gaps(layer: str | Layer = DEFAULT_LAYER, subjects: Iterable[str] | None = None) -> list[Entry]:
    """:func:`across_gaps` for every case, then every mechanic (or only ``subjects``)."""
    wanted = _subjects(subjects)
    found = [e for c in cases() if wanted is None or c.id in wanted for e in across_gaps(c.id, layer, SubjectKind.CASE)]
    return found + [e for m in MECHANICS if wanted is None or m in wanted
                    for e in across_gaps(m, layer, SubjectKind.MECHANIC)]


def consecutive(layer: str | Layer = DEFAULT_LAYER, subjects: Iterable[str] | None = None,
                editions: Sequence[str | int | Edition] | None = None) -> list[Entry]:
    """The ledger between each edition of the registry (or of ``editions``) and the next."""
    from ..auction.editions import EDITIONS

    chain = [find_edition(e) for e in editions] if editions is not None else list(EDITIONS)
    return [entry for a, b in zip(chain, chain[1:]) for entry in ledger(a, b, layer, subjects)]


def _compare(subject: str, kind: SubjectKind, a: Edition, b: Edition, layer: Layer) -> Entry:
    return compare_case(subject, a, b, layer) if kind is SubjectKind.CASE else compare_mechanic(subject, a, b)


def _kind_of(subject: str, kind: str | None) -> SubjectKind:
    _subjects([subject])
    if kind is None:
        return SubjectKind.CASE if subject in {c.id for c in cases()} else SubjectKind.MECHANIC
    found = SubjectKind(kind)
    if (found is SubjectKind.MECHANIC) != (subject in MECHANICS) and found is SubjectKind.MECHANIC:
        raise BridgeLawsError(f"{subject!r} is not a {found}")
    if found is SubjectKind.CASE and subject not in {c.id for c in cases()}:
        raise BridgeLawsError(f"{subject!r} is not a {found}")
    return found


def across_gaps(subject: str, layer: str | Layer = DEFAULT_LAYER, kind: str | None = None,
                editions: Sequence[str | int | Edition] | None = None) -> list[Entry]:
    """The entries between each edition whose excerpt rules on ``subject`` and the previous edition
    whose excerpt rules on it, skipping the editions whose excerpt does not (each entry names them
    in ``skipped``): where an excerpt stops is never a step. ``kind`` as in :func:`history`."""
    from ..auction.editions import EDITIONS

    found_kind = _kind_of(subject, kind)
    layer = check_layer(layer)
    chain = [find_edition(e) for e in editions] if editions is not None else list(EDITIONS)

    def side(edition: Edition) -> Side:
        return (case_side(subject, edition, layer) if found_kind is SubjectKind.CASE
                else _mechanic_side(edition, subject))

    ruling = [i for i, edition in enumerate(chain) if side(edition).rules]
    entries = []
    for i, j in zip(ruling, ruling[1:]):
        found = _compare(subject, found_kind, chain[i], chain[j], layer)
        skipped = tuple(e.year for e in chain[i + 1:j])
        if skipped:
            gap = f"compared across {', '.join(skipped)}, whose excerpts do not rule on it (skipped); "
            found = replace(found, skipped=skipped, reason=gap + found.reason)
        entries.append(found)
    return entries


#: The steps that count as a change in :func:`history`: the word says what changed.
_CHANGED = (Change.INTRODUCED, Change.REMOVED, Change.STRICTER, Change.MILDER, Change.MIXED, Change.REWORDED,
            Change.REWRITTEN)


def _is_change(entry: Entry) -> bool:
    return entry.change in _CHANGED


@dataclass(frozen=True)
class CaseHistory:
    """When a subject's rule first appears in the excerpts, when it last changed, when it is last
    seen. ``steps`` are the entries between consecutive editions (for the timeline); the history is
    read from ``ruled_steps`` (:func:`across_gaps`: each edition whose excerpt rules on the subject
    against the previous one that does), so that an excerpt's silence is never a change. A step
    counts as a change when its word is stricter, milder or reworded, or not comparable because the
    effect changed (``mixed``, ``unordered``); the steps after it that cannot be compared
    (referenced, partly, rewritten, paraphrase) are named, not counted."""

    subject: str
    kind: SubjectKind
    statuses: tuple[tuple[str, str], ...]  # (edition, status) in order
    steps: tuple[Entry, ...]  # between consecutive editions
    first_ruled: str | None
    last_ruled: str | None
    last_changed: Entry | None
    unknown_after: tuple[Entry, ...]  # steps after the last change that are not comparable
    ruled_steps: tuple[Entry, ...] = ()  # across gaps: between the editions that rule on it

    def _last_change_words(self) -> str:
        if len(self.ruled_steps) == 0:
            return "only one excerpt rules on it"
        if self.last_changed is None:
            unknown = [e for e in self.ruled_steps if e.change is Change.NOT_COMPARABLE]
            return ("no change the ledger can read between the editions whose excerpts rule on it" if unknown
                    else "no change between the editions whose excerpts rule on it")
        step = self.last_changed
        text = f"last changed {step.from_edition} -> {step.to_edition} ({step.change}"
        text += f", {step.because})" if step.because else ")"
        if step.skipped:
            text += f", across {', '.join(step.skipped)} (their excerpts do not rule on it: skipped)"
        return text

    def _not_comparable_words(self) -> str:
        if self.unknown_after:
            return "; after that not comparable: " + ", ".join(
                f"{e.from_edition} -> {e.to_edition} ({e.because})" for e in self.unknown_after)
        if self.last_changed is None and self.ruled_steps:
            unknown = [e for e in self.ruled_steps if e.change is Change.NOT_COMPARABLE]
            if unknown:
                return "; not comparable: " + ", ".join(
                    f"{e.from_edition} -> {e.to_edition} ({e.because})" for e in unknown)
        return ""

    def sentence(self) -> str:
        if self.first_ruled is None:
            return f"{self.subject} ({self.kind}): no excerpt of the registry rules on it"
        ruled = ", ".join(e for e, status in self.statuses if status in (Status.RULED, Status.SUPPLEMENT))
        return (f"{self.subject} ({self.kind}): first appears in the excerpts in {self.first_ruled}, last "
                f"seen in the excerpts in {self.last_ruled} (ruled on in {ruled}); "
                f"{self._last_change_words()}{self._not_comparable_words()}")


def history(subject: str, layer: str | Layer = DEFAULT_LAYER, kind: str | None = None) -> CaseHistory:
    """The timeline of one case or mechanic across the registry's editions. ``kind``: ``case`` or
    ``mechanic``, for an id that is both (``all-pass``); by default a case if there is one."""
    from ..auction.editions import EDITIONS

    found_kind = _kind_of(subject, kind)
    layer = check_layer(layer)
    steps = tuple(e for e in consecutive(layer, [subject]) if e.kind == found_kind)
    if steps:
        sides = [steps[0].from_side] + [s.to_side for s in steps]
    else:  # one edition only
        edition = EDITIONS[0]
        sides = [_mechanic_side(edition, subject) if found_kind is SubjectKind.MECHANIC
                 else case_side(subject, edition, layer)]
    ruled = [s.edition for s in sides if s.rules]
    ruled_steps = tuple(across_gaps(subject, layer, found_kind))
    moved = [i for i, s in enumerate(ruled_steps) if _is_change(s)]
    last = moved[-1] if moved else -1
    unknown = tuple(s for s in ruled_steps[last + 1:] if s.change is Change.NOT_COMPARABLE)
    return CaseHistory(subject, found_kind, tuple((s.edition, s.status) for s in sides), steps,
                       ruled[0] if ruled else None, ruled[-1] if ruled else None,
                       ruled_steps[last] if moved else None, unknown if moved else (), ruled_steps)


# --- tables for the notebooks ----------------------------------------------------------------------

def frame(entries: Sequence[Entry]) -> "pd.DataFrame":
    """The entries as a table, one row each (the columns of :data:`COLUMNS`)."""
    import pandas as pd

    return pd.DataFrame([e.row() for e in entries], columns=list(COLUMNS))


def overview(layer: str | Layer = DEFAULT_LAYER, kind: str = SubjectKind.CASE) -> "pd.DataFrame":
    """Subjects x consecutive steps (``1932 -> 1936`` ...): the word of each step, with the ground
    of a ``not comparable`` in brackets. Rows in the matrix's (or the registry's) order."""
    import pandas as pd

    entries = [e for e in consecutive(layer) if e.kind == kind]
    rows: dict[str, dict[str, str]] = {}
    for e in entries:
        word = f"{e.change} ({e.because})" if e.because else str(e.change)
        rows.setdefault(e.subject, {})[f"{e.from_edition} -> {e.to_edition}"] = word
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = kind
    return table


# --- the counts (README.md, docs/ledger.md: ``bridgelaws ledger --counts``) -------------------------

def _label(entry: Entry) -> str:
    return f"{entry.change} ({entry.because})" if entry.because else str(entry.change)


def counts(entries: Iterable[Entry]) -> dict[tuple[str, str], int]:
    """How many entries have each word (``not comparable`` with its ground), per kind."""
    found: dict[tuple[str, str], int] = {}
    for entry in entries:
        key = (_label(entry), str(entry.kind))
        found[key] = found.get(key, 0) + 1
    return found


def _labels() -> list[str]:
    """Every word, in the docstring's order, ``not comparable`` once per ground."""
    return [w for w in CHANGES if w != Change.NOT_COMPARABLE] + [f"{Change.NOT_COMPARABLE} ({b})" for b in Because]


def counts_table(layer: str | Layer = DEFAULT_LAYER) -> str:
    """The counts of the ledger between consecutive editions as a Markdown table: per word, the cases,
    the mechanics and all at ``layer``; at the default layer also all at the corpus layer. Words no
    entry has are left out."""
    layer = check_layer(layer)
    entries = consecutive(layer)
    mine = counts(entries)
    other = counts(consecutive(Layer.CORPUS)) if layer is not Layer.CORPUS else None
    head = f"| word ({len(entries)} entries) | cases | mechanics | all |" + (" --layer corpus |" if other else "")
    lines = [head, "|---|---|---|---|" + ("---|" if other else "")]
    for label in _labels():
        case, mechanic = mine.get((label, SubjectKind.CASE), 0), mine.get((label, SubjectKind.MECHANIC), 0)
        corpus_all = sum(n for (word, _), n in (other or {}).items() if word == label)
        if case + mechanic + corpus_all == 0:
            continue
        lines.append(f"| {label} | {case} | {mechanic} | {case + mechanic} |" + (f" {corpus_all} |" if other else ""))
    return "\n".join(lines) + "\n"

