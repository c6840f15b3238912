"""The ledger's entry for a case (:func:`compare_case`): each situation (a condition either
edition's entry names) compared in both editions, the words combined (:func:`combine`). The rules
are in :mod:`bridgelaws.presentation.ledger`'s docstring and ``docs/ledger.md``."""

from __future__ import annotations

from typing import Sequence

from ..auction.editions import Edition
from ..judging.lookup import find_edition
from ..text.errors import BridgeLawsError
from .ledger_text import compare_wording, outside_references, resolves, rule_sentence
from .ledger_words import SAME_EFFECTS, Because, Change, Entry, Side, Situation, SubjectKind
from .profile import DIMENSIONS, Dimension
from ..judging.rulings import Ruling, check_layer, corpus_spec, find_case, generic_ruling, spec
from ..text.vocabulary import DEFAULT_LAYER, Layer, Status

__all__ = ["compare_case", "case_side", "combine"]


# --- cases -----------------------------------------------------------------------------------------


def _cell(ruling: Ruling) -> str:
    arts = ", ".join(ruling.articles) or "no article"
    quote = f' "{ruling.quote_nl}"' if ruling.quote_nl else ""
    return f"{arts}{quote}"


def _layer_words(ruling: Ruling) -> str:
    if ruling.layer is Layer.SUPPLEMENT:
        return "outside the corpus (a paraphrase)"
    return "a draft's proposal" if ruling.proposal is not None else "the corpus"


def _resolved(ruling: Ruling, asked: str | None) -> str:
    """Which branch the engine took for the situation ``asked``, when it is not the one named so."""
    if asked is None or ruling.condition is None or ruling.condition == asked:
        return ""  # no branches (the entry applies whole), or the branch named so
    branch = f"its {ruling.condition!r} branch"
    # "alone": the situation is the condition's name and nothing else of the event (no card, no
    # count), so a branch chosen by rank (1936:23.b's honour) is not taken here though the engine
    # takes it for a real event (tests/cases/exposed-card.yaml).
    return (f"the engine resolves {asked!r} alone (nothing else of the event known) in {ruling.edition} "
            f"to {branch} ({', '.join(ruling.articles) or 'no article'}); ")


def _assumption_words(ruling: Ruling) -> str:
    """The engine's assumption a compared ruling carries (data/rulings), named as such."""
    from ..judging.rulings import DEFAULT_ASSUMPTION

    if not ruling.assumption or ruling.assumption == DEFAULT_ASSUMPTION:
        return ""
    what = "rests here on" if ruling.rules else f"is {ruling.status} here by"
    return f"; {ruling.edition} {what} an assumption of the engine, not the text: {ruling.assumption}"


def _not_ruling_words(ruling: Ruling) -> str:
    situation = " (in this situation)" if ruling.condition else ""
    if ruling.status == Status.REFERENCED:
        return (f"{ruling.edition}{situation} only points to {', '.join(ruling.references) or 'an article'} "
                f"(not in the corpus)")
    gap = ruling.supplement_gap
    if gap is not None and gap.article:
        # A gap branch of the supplement that names what was read (data/supplement/README.md).
        return (f"{ruling.edition}{situation} is not in the excerpt, and in the supplementary layer {gap.article}, "
                f"as read, leaves this situation out; nothing read says what follows")
    return f"{ruling.edition}{situation} is not in the excerpt, nor in the supplementary layer"


def _side_words(side: Side) -> str:
    if side.rules:
        quote = f' "{side.quote_nl}"' if side.quote_nl else ""
        kind = "rules outside the corpus (a paraphrase)" if side.status == Status.SUPPLEMENT else "rules"
        return f"{side.edition} {kind} ({', '.join(side.articles) or 'no article'}{quote})"
    if side.status == Status.REFERENCED:
        return f"{side.edition} only points to {', '.join(side.references) or 'an article'} (not in the corpus)"
    return f"the {side.edition} excerpt is silent on it (not in the excerpt), and no source outside it was read"


def _assumed(side: Side) -> str:
    return (f" (an assumption of the engine, not the text: {side.assumption})"
            if side.rules and side.assumption else "")


def _compare_presence(a: Side, b: Side) -> tuple[Change, Because | None, str]:
    """The word for a case that one edition at least does not rule on, in any layer, as a whole."""
    if a.rules and b.status == Status.REFERENCED:
        return Change.NOT_COMPARABLE, Because.REFERENCED, f"{_side_words(a)}; {_side_words(b)}, where the code treats it"
    if b.rules and a.status == Status.REFERENCED:
        return Change.NOT_COMPARABLE, Because.REFERENCED, f"{_side_words(a)}, where the code treats it; {_side_words(b)}"
    if a.rules or b.rules:
        return Change.NOT_COMPARABLE, Because.SILENT, (
            f"{_side_words(a)}{_assumed(a)}; {_side_words(b)}{_assumed(b)}: the {(b if a.rules else a).edition} "
            f"code may rule on it outside the excerpt, so where the excerpt stops is no change of law")
    because = Because.REFERENCED if Status.REFERENCED in (a.status, b.status) else Because.SILENT
    return Change.NOT_COMPARABLE, because, f"neither rules: {_side_words(a)}; {_side_words(b)}"


def _compare_rulings(a: Ruling, b: Ruling, asked: str | None = None
                     ) -> tuple[Change, Because | None, str, tuple[Dimension, ...]]:
    """The word for one situation (the branch each edition's engine takes), the reason, and the
    dimensions compared. The reason names which branch the engine resolves the situation to (where
    it is another), each side's layer, and the assumptions of the engine the rulings carry."""
    word, because, reason, dims = _compare_resolved(a, b)
    pointers = "" if word in SAME_EFFECTS else (_pointer_words(a) + _pointer_words(b))
    return word, because, (f"{_resolved(a, asked)}{_resolved(b, asked)}{reason}{pointers}"
                           f"{_assumption_words(a)}{_assumption_words(b)}"), dims


def _pointer_words(ruling: Ruling) -> str:
    """The articles outside the corpus that a compared ruling's cited text points to: what the
    profile cannot weigh (2017:19.A.3 "(artikel 16 ... kan van toepassing zijn)")."""
    if not ruling.rules or ruling.layer is Layer.SUPPLEMENT:
        return ""
    found = dict.fromkeys(f"'{r.quote}' ({r.target})" for r in outside_references(
        a for a in ruling.articles if resolves(a)))
    return (f"; {ruling.edition}'s cited text also points outside the corpus: {', '.join(found)}, which the "
            f"profile cannot weigh") if found else ""


Result = tuple[Change, Because | None, str, tuple[Dimension, ...]]


def _unread(a: Ruling, b: Ruling) -> Result | None:
    """A side whose source never reached this branch compares with nothing, ruling or not."""
    unread = [r for r in (a, b) if r.rules and r.unread]
    if not unread:
        return None
    return (Change.NOT_COMPARABLE, Because.UNREAD,
            "; ".join(f"{r.edition} rules outside the corpus ({_cell(r)}), but its source was never read "
                      f"for this: {r.unread}" for r in unread), ())


def _bounding_records(ruling: Ruling) -> list[str]:
    """For a situation a side does not rule on: the records of its own excerpt that its branch names
    (the branch's ``articles`` or ``article``), whose words treat the subject and leave the
    situation out (1932:13.4 "een onjuist aantal trekken"); [] where the branch names none: the
    situation sits in a gap of the excerpt."""
    branch = next((w for w in corpus_spec(ruling.case, ruling.law or ruling.edition).when if w.condition == ruling.condition), None)
    if branch is None:
        return []
    named = list(branch.articles) or ([branch.article] if branch.article else [])
    return [a for a in named if resolves(a)]


def _one_side_rules(ruling: Ruling, other: Ruling, forward: bool) -> Result:
    """One side (``ruling``) rules on the situation, the other (``other``) does not, while both rule
    on the case: introduced / removed only where the other's text treats the subject in records of
    its own that leave the situation out, and ``ruling`` gives the situation a rectification; else
    not comparable (docs/ledger.md "Introduced and removed")."""
    from .profile import profile

    ours = f"{ruling.edition} rules ({_cell(ruling)})"
    if other.status == Status.REFERENCED:
        theirs = f"{_not_ruling_words(other)}, where the code treats it"
        return Change.NOT_COMPARABLE, Because.REFERENCED, f"{ours}; {theirs}" if not forward else f"{theirs}; {ours}", ()
    bounds = _bounding_records(other)
    if not bounds:
        theirs = (f"{_not_ruling_words(other)}: the situation sits in a gap of the {other.edition} excerpt (its "
                  f"entry names no record of the excerpt that reaches it), so nothing says the rule was absent")
        return Change.NOT_COMPARABLE, Because.SILENT, f"{theirs}; {ours}" if forward else f"{ours}; {theirs}", ()
    theirs = (f"{_not_ruling_words(other)}: {', '.join(bounds)} treat{'s' if len(bounds) == 1 else ''} the subject "
              f"and leave{'s' if len(bounds) == 1 else ''} this situation out, though {other.edition} rules on "
              f"the case in other situations")
    if profile(ruling).empty >= set(DIMENSIONS):
        return (Change.NOT_COMPARABLE, Because.SILENT,
                (f"{theirs}; {ours}" if forward else f"{ours}; {theirs}") + f", but {ruling.edition} gives this "
                f"situation no rectification in any dimension either (its rule here is the general one), so "
                f"nothing is {'introduced' if forward else 'removed'}", ())
    if forward:
        return Change.INTRODUCED, None, f"{theirs}; {ours}", ()
    return Change.REMOVED, None, f"{ours}; {theirs}", ()


def _compare_presence_of(a: Ruling, b: Ruling) -> Result:
    """One side at least does not rule on the situation."""
    silent_case = [r for r in (a, b) if not r.rules and r.status == Status.SILENT
                   and str(corpus_spec(r.case, r.law or r.edition).status) == str(Status.SILENT)]
    if silent_case and (a.rules or b.rules):
        # The excerpt does not treat the case at all and no source was read for this situation (a
        # gap of the supplement): nothing says the rule was absent, so it is neither introduced nor
        # removed here.
        return (Change.NOT_COMPARABLE, Because.SILENT,
                "; ".join(_not_ruling_words(r) + ("" if r.supplement_gap is not None and r.supplement_gap.article
                                                  else ", and no source read for the supplement covers this situation")
                          for r in silent_case) + "; "
                + "; ".join(f"{r.edition} rules ({_cell(r)})" for r in (a, b) if r.rules), ())
    if a.rules:
        return _one_side_rules(a, b, forward=False)
    if b.rules:
        return _one_side_rules(b, a, forward=True)
    because = Because.REFERENCED if Status.REFERENCED in (a.status, b.status) else Because.SILENT
    return (Change.NOT_COMPARABLE, because, f"neither rules: {_not_ruling_words(a)}; {_not_ruling_words(b)}", ())


def _compare_effects(a: Ruling, b: Ruling) -> Result:
    """Both sides rule: the profile decides; where it says nothing moves, the wording."""
    from .profile import compare as compare_profiles, known, word as profile_word, words as profile_words

    dims = compare_profiles(a, b)
    layers = f"{a.edition}: {_layer_words(a)}; {b.edition}: {_layer_words(b)}"
    if not any(known(d) for d in dims):
        return (Change.NOT_COMPARABLE, Because.ASSUMPTION,
                f"no dimension of the effect is known on both sides: {profile_words(dims)} ({layers})", dims)
    moved = profile_word(dims)
    if moved is not None:
        return Change(moved), None, f"{profile_words(dims)} ({layers})", dims
    unknown = profile_words(dims)  # only dimensions not compared are left here
    compared = ", ".join(f"{d.name}: {d.before}" if d.name == "barred" else d.name for d in dims if known(d))
    gaps = [d for d in dims if d.direction == "unknown"]
    if gaps:
        # Nothing known moves, but a dimension is not known on both sides: "the same effect" would
        # claim more than is known (insufficient-bid 1949 -> 2007 was the same on 1 of 6: docs/decisions/2026-12-02-ledger-words-known.md).
        return (Change.NOT_COMPARABLE, Because.ASSUMPTION,
                f"the same on the {sum(known(d) for d in dims)} of {len(dims)} dimensions known on both sides "
                f"({compared}), which is not the same effect: {len(gaps)} not known ({unknown}) ({layers})", dims)
    effect = f"the same effect in every dimension compared ({compared})" + (f"; {unknown}" if unknown else "")
    if a.layer is Layer.SUPPLEMENT or b.layer is Layer.SUPPLEMENT:
        return (Change.SAME_EFFECT, None,
                f"{effect}; {a.edition}: {_cell(a)}, {_layer_words(a)}; {b.edition}: {_cell(b)}, {_layer_words(b)}; "
                f"a paraphrase's wording is the project's, so the wording is not compared", dims)
    word, why, reason = compare_wording(rule_sentence(a), rule_sentence(b), list(a.articles),
                                        list(b.articles), effect, (a.edition, b.edition))
    return word, why, reason, dims


def _compare_resolved(a: Ruling, b: Ruling) -> Result:
    unread = _unread(a, b)
    if unread is not None:
        return unread
    if not a.rules or not b.rules:
        return _compare_presence_of(a, b)
    return _compare_effects(a, b)


def case_side(case_id: str, edition: Edition, layer: Layer) -> Side:
    """The entry as a whole (not one of its branches): its status is the entry's, or
    ``supplement`` where the supplementary layer stands in for the corpus cell."""
    entry = spec(case_id, edition, layer)
    status = str(entry.status)
    if layer is Layer.SUPPLEMENT and entry is not corpus_spec(case_id, edition):
        status = str(Status.SUPPLEMENT)
    quote, quote_from = entry.quote_nl, entry.quote_from
    if quote is None:  # the first branch that quotes
        branch = next((b for b in entry.when if b.quote_nl), None)
        if branch is not None:
            quote, quote_from = branch.quote_nl, branch.quote_from
    articles = tuple(dict.fromkeys([*entry.articles, *(b.article for b in entry.when if b.article)]))
    assumptions = [entry.assumption, *(f"where {b.condition}: {b.assumption}" for b in entry.when if b.assumption)]
    return Side(edition=edition.year, status=status, articles=articles,
                references=tuple(entry.references), quote_nl=quote, quote_from=quote_from,
                assumption="; ".join(a for a in assumptions if a) or None,
                draft=edition.draft is not None and case_id in edition.draft.rulings)


def _conditions(case_id: str, editions: Sequence[Edition], layer: Layer) -> list[str | None]:
    named: list[str | None] = []
    for edition in editions:
        for branch in spec(case_id, edition, layer).when:
            if branch.condition not in named:
                named.append(branch.condition)
    if "otherwise" in named:  # last, where the engine's files put it
        named.remove("otherwise")
        named.append("otherwise")
    return named or [None]


def compare_case(case_id: str, from_: str | int | Edition, to: str | int | Edition,
                 layer: str | Layer = DEFAULT_LAYER) -> Entry:
    """The ledger's entry for a case between two editions."""
    find_case(case_id)
    layer = check_layer(layer)
    a, b = find_edition(from_), find_edition(to)
    side_a, side_b = case_side(case_id, a, layer), case_side(case_id, b, layer)
    if not (side_a.rules and side_b.rules):
        change, because, reason = _compare_presence(side_a, side_b)
        return Entry(case_id, SubjectKind.CASE, change, because, reason, side_a, side_b, layer)
    situations = []
    for condition in _conditions(case_id, (a, b), layer):
        ra = generic_ruling(case_id, a, condition, layer)
        rb = generic_ruling(case_id, b, condition, layer)
        word, why, reason, dims = _compare_rulings(ra, rb, condition)
        situations.append(Situation(condition, word, why, reason, dims))
    change, because = combine(situations)
    if len(situations) == 1:
        reason = situations[0].reason
    else:
        reason = " | ".join(f"where {s.condition}: {s.change}"
                            + (f" ({s.because})" if s.because else "") + f": {s.reason}" for s in situations)
    return Entry(case_id, SubjectKind.CASE, change, because, reason, side_a, side_b, layer, tuple(situations))


def combine(situations: Sequence[Situation]) -> tuple[Change, Because | None]:
    """One word for a case from its situations (the rules of the module's docstring)."""
    compared = [s for s in situations if s.change is not Change.NOT_COMPARABLE]
    if not compared:
        grounds = [s.because for s in situations]
        first = next((g for g in (Because.UNREAD, Because.ASSUMPTION) if g in grounds), grounds[0])
        return Change.NOT_COMPARABLE, first
    # The dimensions first: a situation introduced or removed beside them is named in the reason.
    for kinds in ((Change.STRICTER, Change.MILDER, Change.MIXED), (Change.INTRODUCED, Change.REMOVED)):
        moved = {s.change for s in compared if s.change in kinds}
        if moved:
            return (moved.pop(), None) if len(moved) == 1 else (Change.MIXED, None)
    words = {s.change for s in compared}
    for word in (Change.REWRITTEN, Change.SAME_EFFECT, Change.REWORDED):
        if word in words:
            return word, None
    return Change.UNCHANGED, None

