"""A ledger of changes between editions: for every case and every mechanic, what became of it from
one edition to another, computed from the rulings (``data/rulings/``, and ``data/supplement/`` at the
default layer), the registry and the texts (``data/editions/<year>/``), never written
by hand. ``docs/ledger.md`` explains it for readers.

Each entry (:class:`Entry`) compares one *subject* (a case of ``data/cases.yaml`` or a mechanic of
:data:`bridgelaws.editions.MECHANICS`) between edition ``from`` and edition ``to`` in one word
(:class:`Change`), with both sides' status, layer (``corpus``, ``supplement``, ``draft``), articles
and quote, the *profile* of the effect per dimension (:mod:`bridgelaws.profile`) and a reason that
names what was compared. A *ruling* is a cell whose status is ``ruled`` or ``supplement``, whatever
its layer: a paraphrase is compared like a verbatim text.

**The words.** The effect changed: ``stricter`` / ``milder`` (every dimension of the profile that
moves moves that way), ``mixed`` (the dimensions move apart, or one changes in a way no dimension
orders; each is named), ``introduced`` / ``removed`` (a situation, below, that one text rules on and
the other does not, while both rule on the subject and no dimension moves elsewhere). The same
effect in every dimension: ``unchanged`` (the sentences that carry the rule are the same modulo
spelling), ``reworded`` (they align on at least :data:`REWORDED_SIMILARITY`), ``rewritten`` (below
it: read both texts), ``same effect`` (one side at least is a paraphrase of ``data/supplement/``,
whose wording is the project's and is not compared). ``not comparable`` only where one side holds no
ruling in any layer (``silent``: not in the excerpt, and no source outside it read; ``referenced``:
the text only points outside the corpus), or where a supplementary ruling's source was never read
for what is compared (``unread``: the ruling's ``unread`` field says what the source never reached).

**Sentences.** The sentence that carries a rule (:func:`rule_sentence`) is the sentence of the
corpus record ``quote_from`` that holds the ruling's ``quote_nl`` (all the sentences it touches); a
draft's is its quote or its wording; for a side without a quote (a mechanic), the sentence of its
cited articles that aligns best with the other side's (:func:`_best_sentence`). The rest of the
cited articles is named in the reason and does not decide the word.

**Situations.** A ruling may depend on circumstances (its ``when`` branches, named by condition).
The situations compared are the conditions either entry names, each resolved in both editions the
way the engine resolves it (:func:`bridgelaws.rulings.generic_ruling`); the reason names a
situation the engine resolves to another branch. The entry's word combines its situations
(:func:`_combine`): the situations not comparable are left out; then the dimensions' words
(stricter, milder, mixed: one kind that word, several ``mixed``); else introduced / removed (both:
``mixed``); else the wording words, the weakest first (rewritten, same effect, reworded, unchanged).

**Mechanics.** A mechanic is *ruled* by an edition's excerpt when the registry names at least one
article of its own for it, *silent* when it is wholly inherited. Its effect is the engine's
behaviour (:func:`behaviour`: the code of its hooks and the registry's data): a behaviour that
differs is ``mixed`` (no dimension of the profile orders the mechanics of a regular auction); an
equal one is decided on the sentences of each side's own articles, any inherited part named as an
assumption. One Edition class serves every edition, so an equal behaviour is never a reading of the
texts, and every reason says so.

**History.** :func:`history` says when a subject first appears in the excerpts, when it is last
seen, and when it last changed, read from :func:`across_gaps`: each edition whose excerpt rules on
the subject against the previous one that does, the editions between skipped and named.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .editions import MECHANICS, Edition, find_edition
from .errors import BridgeLawsError
from .profile import DIMENSIONS, Dimension
from .rulings import Ruling, cases, check_layer, corpus_spec, find_case, generic_ruling, spec
from .vocabulary import DEFAULT_LAYER, Layer, Status, _Word

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Change", "Because", "SubjectKind", "Side", "Situation", "Entry", "CaseHistory", "CHANGES",
           "ledger", "consecutive", "across_gaps", "all_across_gaps", "compare_case", "compare_mechanic", "history", "behaviour",
           "normalised_words", "same_wording", "similarity", "REWORDED_SIMILARITY", "COLUMNS", "frame", "overview"]


class Change(_Word):
    """The words of the ledger (defined in the module's docstring)."""

    INTRODUCED = "introduced"
    REMOVED = "removed"
    STRICTER = "stricter"
    MILDER = "milder"
    MIXED = "mixed"
    REWORDED = "reworded"
    REWRITTEN = "rewritten"
    UNCHANGED = "unchanged"
    SAME_EFFECT = "same effect"
    NOT_COMPARABLE = "not comparable"


#: The words, in the order the docstring defines them.
CHANGES: tuple[str, ...] = tuple(c.value for c in Change)

#: The words that say the effect changed (a situation added or taken away, or a dimension moved).
EFFECT_CHANGES = (Change.INTRODUCED, Change.REMOVED, Change.STRICTER, Change.MILDER, Change.MIXED)
#: The words that say the effect is the same (what differs is, at most, the wording).
SAME_EFFECTS = (Change.UNCHANGED, Change.REWORDED, Change.REWRITTEN, Change.SAME_EFFECT)


class Because(_Word):
    """Why an entry is ``not comparable``: one side holds no ruling (``silent``, ``referenced``), or
    a supplementary side's source was never read for the branch compared (``unread``)."""

    SILENT = "silent"
    REFERENCED = "referenced"
    UNREAD = "unread"


class SubjectKind(_Word):
    CASE = "case"
    MECHANIC = "mechanic"


@dataclass(frozen=True)
class Side:
    """One edition's cell for a subject: status, articles, quote (cases), inheritance (mechanics)."""

    edition: str
    status: str  # ruled / referenced / silent / supplement
    articles: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    quote_nl: str | None = None
    quote_from: str | None = None
    inherited: tuple[str, ...] = ()
    donor: str | None = None
    assumption: str | None = None  # the entry's assumption of the engine (data/rulings), if any

    @property
    def rules(self) -> bool:
        return self.status in (Status.RULED, Status.SUPPLEMENT)

    @property
    def layer(self) -> str:
        """``supplement`` for a paraphrase of data/supplement/, ``draft`` for a draft's ruling, else
        ``corpus`` (a verbatim text, or no ruling at all)."""
        if self.status == Status.SUPPLEMENT:
            return str(Layer.SUPPLEMENT)
        return "draft" if self.draft else str(Layer.CORPUS)

    draft: bool = False  # the side is a draft's proposed ruling (bridgelaws.drafts)


@dataclass(frozen=True)
class Situation:
    """One situation of a case (a condition, or None for a ruling without branches) compared."""

    condition: str | None
    change: Change
    because: Because | None
    reason: str
    #: The dimensions of the effect compared (:mod:`bridgelaws.profile`); empty where a side does not rule.
    profile: tuple[Dimension, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"condition": self.condition, "change": self.change, "because": self.because,
                "reason": self.reason, "profile": [d.as_dict() for d in self.profile]}


@dataclass(frozen=True)
class Entry:
    """One line of the ledger."""

    subject: str
    kind: SubjectKind
    change: Change
    because: Because | None
    reason: str
    from_side: Side
    to_side: Side
    layer: Layer = Layer.CORPUS
    situations: tuple[Situation, ...] = field(default=())
    #: For a comparison across gaps (:func:`across_gaps`): the editions between ``from`` and ``to``
    #: whose excerpt does not rule on the subject, skipped.
    skipped: tuple[str, ...] = ()

    @property
    def from_edition(self) -> str:
        return self.from_side.edition

    @property
    def to_edition(self) -> str:
        return self.to_side.edition

    def as_dict(self) -> dict[str, Any]:
        """The object ``ledger --json`` prints for the entry."""
        def side(s: Side) -> dict[str, Any]:
            return {"status": s.status, "articles": list(s.articles), "references": list(s.references),
                    "quote_nl": s.quote_nl, "quote_from": s.quote_from, "inherited": list(s.inherited),
                    "donor": s.donor, "layer": s.layer}

        return {"subject": self.subject, "kind": self.kind, "from": self.from_edition, "to": self.to_edition,
                "change": self.change, "because": self.because, "reason": self.reason, "layer": self.layer,
                "from_side": side(self.from_side), "to_side": side(self.to_side),
                "situations": [s.as_dict() for s in self.situations],
                "skipped": list(self.skipped), "profile": self.profile()}

    def profile(self) -> list[dict[str, Any]]:
        """Per dimension (:data:`bridgelaws.profile.DIMENSIONS`), its direction over the situations
        compared: the one direction they share, ``same`` if none moves, ``mixed`` if they move
        apart; with one situation, also its values (``from``, ``to``)."""
        found = []
        compared = [s for s in self.situations if s.profile]
        for name, label in DIMENSIONS.items():
            dims = [d for s in compared for d in s.profile if d.name == name]
            if not dims:
                continue
            moved = {d.direction for d in dims} - {"same", "unknown"}
            if not moved:
                direction = "unknown" if all(d.direction == "unknown" for d in dims) else "same"
            else:
                direction = moved.pop() if len(moved) == 1 else "mixed"
            item: dict[str, Any] = {"dimension": name, "label": label, "direction": direction}
            if len(compared) == 1:
                item.update({"from": dims[0].before, "to": dims[0].after})
            found.append(item)
        return found

    def profile_words(self) -> str:
        """The dimensions that move, in a line (the text output)."""
        return "; ".join(f"{d['dimension']} {d['direction']}" for d in self.profile()
                         if d["direction"] not in ("same", "unknown"))

    def row(self) -> dict[str, Any]:
        """A flat row (``ledger --csv``): the columns of :data:`COLUMNS`."""
        return {"subject": self.subject, "kind": self.kind, "from": self.from_edition, "to": self.to_edition,
                "change": self.change, "because": self.because or "", "layer": self.layer,
                "from_status": self.from_side.status, "to_status": self.to_side.status,
                "from_articles": " ".join(self.from_side.articles), "to_articles": " ".join(self.to_side.articles),
                "from_quote": self.from_side.quote_nl or "", "to_quote": self.to_side.quote_nl or "",
                "reason": self.reason, "from_layer": self.from_side.layer, "to_layer": self.to_side.layer,
                "profile": self.profile_words()}


#: The columns of ``ledger --csv``.
COLUMNS = ("subject", "kind", "from", "to", "change", "because", "layer", "from_status", "to_status",
           "from_articles", "to_articles", "from_quote", "to_quote", "reason", "from_layer", "to_layer", "profile")


# --- wording ---------------------------------------------------------------------------------------

#: ``reworded`` needs the sentences that carry the rule to align on at least this share of their
#: words (:attr:`bridgelaws.textdiff.Diff.similarity`, 2 * aligned / (words of a + words of b), on
#: the spelling's keys). Per sentence (issue 24) the real pairs nearest it align on 0.55 (rewritten:
#: double-cancelled 1949 / 2017) and 0.61 (reworded: contract and declarer 1932 / 1936); first-call
#: 1949 / 2007 (12 of the 14 words of 2007's sentence kept) on 0.65 (tests/test_ledger.py).
REWORDED_SIMILARITY = 0.6


def normalised_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` modulo spelling: each word's :func:`bridgelaws.spelling.spelling_key`
    (case and accents folded, the spelling rules of ``data/spelling-rules.yaml`` and the corpus's
    spelling notes applied; not the glossary's families, which join two forms of a term)."""
    from . import spelling

    return tuple(spelling.spelling_key(w) for w in spelling.words(text))


def same_wording(a: str, b: str) -> bool:
    """True when two Dutch texts are the same modulo spelling."""
    return normalised_words(a) == normalised_words(b)


def similarity(a: str, b: str) -> float:
    """How far two texts align: the project's text alignment (:func:`bridgelaws.textdiff.diff_texts`)."""
    from .textdiff import Text, diff_texts

    return diff_texts(Text("a", "a", a), Text("b", "b", b)).similarity


def _differences(a: str, b: str, most: int = 3) -> str:
    """Where two texts differ, modulo spelling, in a few words: "'16d' -> '16c'"."""
    left, right = normalised_words(a), normalised_words(b)
    ops = [op for op in difflib.SequenceMatcher(a=left, b=right, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not ops:
        return "no difference"
    if len(ops) > most:
        kept = sum(i2 - i1 for tag, i1, i2, _, _ in
                   difflib.SequenceMatcher(a=left, b=right, autojunk=False).get_opcodes() if tag == "equal")
        return f"{len(ops)} places differ ({kept} of {len(left)} words kept, modulo spelling)"

    def words(part: Sequence[str]) -> str:
        text = " ".join(part)
        return repr(text if len(text) <= 60 else text[:57] + "...")

    parts = []
    for tag, i1, i2, j1, j2 in ops:
        if tag == "replace":
            parts.append(f"{words(left[i1:i2])} -> {words(right[j1:j2])}")
        elif tag == "delete":
            parts.append(f"{words(left[i1:i2])} left out")
        else:
            parts.append(f"{words(right[j1:j2])} added")
    return "; ".join(parts)


def _outside_references(articles: Iterable[str]) -> list[Any]:
    """The references to articles outside the corpus that the cited records make."""
    from . import corpus

    wanted = list(articles)
    if not wanted:
        return []
    edition = wanted[0].split(":")[0]
    return [r for r in corpus.references(edition, in_corpus=False)
            if any(r.from_id == a or r.from_id.startswith(a + ".") for a in wanted)]


def _only_references_differ(text_a: str, text_b: str, articles_a: Sequence[str],
                            articles_b: Sequence[str]) -> str | None:
    """Where every word in which two texts differ lies inside a reference to an article outside the
    corpus (the corpus's ``references``), the words of the reason that say so; else None."""
    refs_a, refs_b = _outside_references(articles_a), _outside_references(articles_b)
    left, right = normalised_words(text_a), normalised_words(text_b)
    ops = [op for op in difflib.SequenceMatcher(a=left, b=right, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not ops:
        return None
    inside_a = {w for r in refs_a for w in normalised_words(r.quote)}
    inside_b = {w for r in refs_b for w in normalised_words(r.quote)}
    if not all(set(left[i1:i2]) <= inside_a and set(right[j1:j2]) <= inside_b for _, i1, i2, j1, j2 in ops):
        return None
    changed_a = [r for r in refs_a if set(normalised_words(r.quote)) & {w for _, i1, i2, _, _ in ops for w in left[i1:i2]}]
    changed_b = [r for r in refs_b if set(normalised_words(r.quote)) & {w for _, _, _, j1, j2 in ops for w in right[j1:j2]}]
    return ("the only difference is the number of an article outside the corpus: "
            + ", ".join(f"'{r.quote}' ({r.target})" for r in changed_a) + " -> "
            + ", ".join(f"'{r.quote}' ({r.target})" for r in changed_b))


def _record_text(record_id: str) -> str:
    from . import corpus

    try:
        return corpus.record(record_id).text
    except BridgeLawsError:
        return corpus.article(record_id).text


def _articles_text(articles: Iterable[str]) -> str:
    return "\n".join(_record_text(a) for a in articles)


# --- the sentences that carry the rule -------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\u00C0-\u00DD(\"'])")


def sentences(text: str) -> list[str]:
    """The sentences of a Dutch text (split after ``.``, ``!`` or ``?`` before a capital)."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def rule_sentence(ruling: Ruling) -> str | None:
    """The sentence that carries the ruling: for a draft, the words its ruling rests on (its quote,
    else its wording); else the sentence(s) of the corpus record ``quote_from`` that hold the quote;
    None for a ruling without a quote (a paraphrase, or a corpus entry that quotes nothing)."""
    if ruling.proposal is not None:
        return ruling.proposal.quote or ruling.proposal.wording
    if not ruling.quote_nl or not ruling.quote_from:
        return None
    try:
        text = _record_text(ruling.quote_from)
    except BridgeLawsError:
        return ruling.quote_nl
    start = text.find(ruling.quote_nl)
    if start < 0:
        return ruling.quote_nl
    end, found, position = start + len(ruling.quote_nl), [], 0
    for sentence in sentences(text):
        at = text.find(sentence, position)
        position = at + len(sentence)
        if at < end and position > start:
            found.append(sentence)
    return " ".join(found) or ruling.quote_nl


def _best_sentence(fixed: str | None, text: str, other: str | None, other_text: str) -> tuple[str, str]:
    """The pair of rule sentences compared: each side's own where it has one; where a side has none
    (a mechanic, a ruling without a quote), the sentence of its cited text that aligns best."""
    left = [fixed] if fixed else sentences(text) or [text]
    right = [other] if other else sentences(other_text) or [other_text]

    def ratio(pair: tuple[str, str]) -> float:
        return difflib.SequenceMatcher(a=normalised_words(pair[0]), b=normalised_words(pair[1]),
                                       autojunk=False).ratio()

    return max(((a, b) for a in left for b in right), key=ratio)


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
    from .rulings import DEFAULT_ASSUMPTION

    if not ruling.assumption or ruling.assumption == DEFAULT_ASSUMPTION:
        return ""
    what = "rests here on" if ruling.rules else f"is {ruling.status} here by"
    return f"; {ruling.edition} {what} an assumption of the engine, not the text: {ruling.assumption}"


def _not_ruling_words(ruling: Ruling) -> str:
    situation = " (in this situation)" if ruling.condition else ""
    if ruling.status == Status.REFERENCED:
        return (f"{ruling.edition}{situation} only points to {', '.join(ruling.references) or 'an article'} "
                f"(not in the corpus)")
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
    found = dict.fromkeys(f"'{r.quote}' ({r.target})" for r in _outside_references(
        a for a in ruling.articles if _resolves(a)))
    return (f"; {ruling.edition}'s cited text also points outside the corpus: {', '.join(found)}, which the "
            f"profile cannot weigh") if found else ""


def _compare_resolved(a: Ruling, b: Ruling) -> tuple[Change, Because | None, str, tuple[Dimension, ...]]:
    from .profile import compare as compare_profiles, word as profile_word, words as profile_words

    unread = [r for r in (a, b) if r.rules and r.unread]
    if unread:
        # A side whose source never reached this branch compares with nothing, ruling or not.
        return (Change.NOT_COMPARABLE, Because.UNREAD,
                "; ".join(f"{r.edition} rules outside the corpus ({_cell(r)}), but its source was never read "
                          f"for this: {r.unread}" for r in unread), ())
    silent_case = [r for r in (a, b) if not r.rules and r.status == Status.SILENT
                   and str(corpus_spec(r.case, r.edition).status) == str(Status.SILENT)]
    if silent_case and (a.rules or b.rules):
        # The excerpt does not treat the case at all and no source was read for this situation (a
        # gap of the supplement): nothing says the rule was absent, so it is neither introduced nor
        # removed here.
        return (Change.NOT_COMPARABLE, Because.SILENT,
                "; ".join(f"{_not_ruling_words(r)}, and no source read for the supplement covers this "
                          f"situation" for r in silent_case) + "; "
                + "; ".join(f"{r.edition} rules ({_cell(r)})" for r in (a, b) if r.rules), ())
    if not a.rules or not b.rules:
        if a.rules:
            if b.status == Status.REFERENCED:
                return (Change.NOT_COMPARABLE, Because.REFERENCED,
                        f"{a.edition} rules ({_cell(a)}); {_not_ruling_words(b)}, where the code treats it", ())
            return Change.REMOVED, None, (f"{a.edition} rules ({_cell(a)}); {_not_ruling_words(b)}, though "
                                          f"{b.edition} rules on the case in other situations"), ()
        if b.rules:
            if a.status == Status.REFERENCED:
                return (Change.NOT_COMPARABLE, Because.REFERENCED,
                        f"{_not_ruling_words(a)}, where the code treats it; {b.edition} rules ({_cell(b)})", ())
            return Change.INTRODUCED, None, (f"{_not_ruling_words(a)}, though {a.edition} rules on the case in "
                                             f"other situations; {b.edition} rules ({_cell(b)})"), ()
        because = Because.REFERENCED if Status.REFERENCED in (a.status, b.status) else Because.SILENT
        return (Change.NOT_COMPARABLE, because,
                f"neither rules: {_not_ruling_words(a)}; {_not_ruling_words(b)}", ())
    dims = compare_profiles(a, b)
    layers = f"{a.edition}: {_layer_words(a)}; {b.edition}: {_layer_words(b)}"
    moved = profile_word(dims)
    if moved is not None:
        return Change(moved), None, f"{profile_words(dims)} ({layers})", dims
    unknown = profile_words(dims)  # only dimensions recorded on one side are left here
    effect = f"the same effect in every dimension compared (barred: {dims[0].before})" + (
        f"; {unknown}" if unknown else "")
    if a.layer is Layer.SUPPLEMENT or b.layer is Layer.SUPPLEMENT:
        return (Change.SAME_EFFECT, None,
                f"{effect}; {a.edition}: {_cell(a)}, {_layer_words(a)}; {b.edition}: {_cell(b)}, {_layer_words(b)}; "
                f"a paraphrase's wording is the project's, so the wording is not compared", dims)
    word, why, reason = _compare_wording(rule_sentence(a), rule_sentence(b), list(a.articles),
                                         list(b.articles), effect, (a.edition, b.edition))
    return word, why, reason, dims


def _resolves(article: str) -> bool:
    try:
        _record_text(article)
    except BridgeLawsError:
        return False
    return True


def _compare_wording(rule_a: str | None, rule_b: str | None, articles_a: list[str], articles_b: list[str],
                     effect: str, editions: tuple[str, str] = ("", "")) -> tuple[Change, Because | None, str]:
    """Same effect: decided on the sentences that carry the rule (:func:`rule_sentence`; for a side
    without one, the sentence of its cited text that aligns best with the other side's):
    ``unchanged`` if they are the same modulo spelling, ``reworded`` if they align on at least
    :data:`REWORDED_SIMILARITY`, else ``rewritten``. The rest of the cited articles is named in
    the reason, and does not decide the word."""
    own_a = [x for x in articles_a if _resolves(x)]
    own_b = [x for x in articles_b if _resolves(x)]
    text_a, text_b = _articles_text(own_a), _articles_text(own_b)
    left, right = _best_sentence(rule_a, text_a, rule_b, text_b)
    cited = f"{', '.join(articles_a) or 'none'} and {', '.join(articles_b) or 'none'}"
    how = "" if rule_a and rule_b else " (for a side without a quote, its cited sentence that aligns best)"
    sentence = f'the sentences that carry the rule{how}: {editions[0]} "{left}", {editions[1]} "{right}"'
    rest = ("the rest of the cited articles is the same modulo spelling" if same_wording(text_a, text_b) else
            f"the cited articles' text as a whole ({cited}) differs: "
            f"{_only_references_differ(text_a, text_b, own_a, own_b) or _differences(text_a, text_b)}")
    if same_wording(left, right):
        return Change.UNCHANGED, None, f"{effect}; {sentence} are the same modulo spelling; {rest}"
    aligned = similarity(left, right)
    only = _only_references_differ(left, right, own_a, own_b)
    parts = f"{sentence} differ: {only or _differences(left, right)}; {rest}"
    measured = f"the sentences align on {aligned:.2f} (threshold {REWORDED_SIMILARITY})"
    if aligned >= REWORDED_SIMILARITY:
        return Change.REWORDED, None, f"{effect}; {parts}; {measured}"
    return (Change.REWRITTEN, None,
            f"{effect}, but the sentence was rewritten and its conditions may differ: read both texts; "
            f"{parts}; {measured}, below the threshold")


def _case_side(case_id: str, edition: Edition, layer: Layer) -> Side:
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
    side_a, side_b = _case_side(case_id, a, layer), _case_side(case_id, b, layer)
    if not (side_a.rules and side_b.rules):
        change, because, reason = _compare_presence(side_a, side_b)
        return Entry(case_id, SubjectKind.CASE, change, because, reason, side_a, side_b, layer)
    situations = []
    for condition in _conditions(case_id, (a, b), layer):
        ra = generic_ruling(case_id, a, condition, layer)
        rb = generic_ruling(case_id, b, condition, layer)
        word, why, reason, dims = _compare_rulings(ra, rb, condition)
        situations.append(Situation(condition, word, why, reason, dims))
    change, because = _combine(situations)
    if len(situations) == 1:
        reason = situations[0].reason
    else:
        reason = " | ".join(f"where {s.condition}: {s.change}"
                            + (f" ({s.because})" if s.because else "") + f": {s.reason}" for s in situations)
    return Entry(case_id, SubjectKind.CASE, change, because, reason, side_a, side_b, layer, tuple(situations))


def _combine(situations: Sequence[Situation]) -> tuple[Change, Because | None]:
    """One word for a case from its situations (the rules of the module's docstring)."""
    compared = [s for s in situations if s.change is not Change.NOT_COMPARABLE]
    if not compared:
        grounds = [s.because for s in situations]
        return Change.NOT_COMPARABLE, (Because.UNREAD if Because.UNREAD in grounds else grounds[0])
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


# --- mechanics -------------------------------------------------------------------------------------

#: The hooks of :class:`bridgelaws.editions.Edition` that implement each mechanic; a mechanic not
#: named here is implemented by the composed step itself (``check``, ``after``).
_HOOKS: dict[str, tuple[str, ...]] = {
    "bid-range": ("in_range",), "sufficiency": ("is_sufficient",), "double": ("may_double",),
    "redouble": ("may_redouble",), "end-of-auction": ("auction_ends", "closing"),
    "all-pass": ("auction_ends", "closing"), "declarer": ("declarer",),
}


def _owner(edition: Edition, hook: str) -> str:
    for cls in type(edition).__mro__:
        if hook in vars(cls):
            return f"{cls.__module__}.{cls.__qualname__}.{hook}"
    return hook


def behaviour(edition: str | int | Edition, mechanic: str) -> tuple[tuple[str, str], ...]:
    """How the engine carries out ``mechanic`` for ``edition``: the code of its hooks and the
    registry's data for it, as (what, value) pairs."""
    found = find_edition(edition)
    found.rule(mechanic)  # an unknown mechanic is an error
    pairs = [(f"code of {hook}", _owner(found, hook)) for hook in _HOOKS.get(mechanic, ("check", "after"))]
    if mechanic in ("end-of-auction", "all-pass"):
        # The closing reading also decides when four passes end the auction (1932:11.2's first round).
        pairs.append(("closing reading", found.record.closing or "the neutral count"))
    if mechanic == "all-pass":
        pairs.append(("all four pass", str(found.all_pass_outcome)))
    if mechanic == "bid-range":
        pairs.append(("highest level", str(found.max_level)))
    return tuple(pairs)


def _mechanic_side(edition: Edition, mechanic: str) -> Side:
    basis = edition.rule(mechanic)
    return Side(edition=edition.year, status=str(Status.RULED if basis.articles else Status.SILENT),
                articles=basis.articles, inherited=basis.inherited, donor=basis.donor)


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
    ba, bb = behaviour(a, mechanic), behaviour(b, mechanic)
    changed = [f"{what}: {x} -> {y}" for (what, x), (_, y) in zip(ba, bb) if x != y]
    engine = ("the engine's behaviour differs: " + "; ".join(changed)) if changed else (
        "the engine's behaviour is the same (one Edition class for every edition: equal by construction "
        "but for the closing reading, the outcome of four passes and the highest level, so this is not a "
        "reading of the texts)")
    basis = f"{_basis_words(side_a)}; {_basis_words(side_b)}"

    def entry(change: Change, because: Because | None, reason: str) -> Entry:
        return Entry(mechanic, SubjectKind.MECHANIC, change, because, reason, side_a, side_b)

    if not side_a.rules and not side_b.rules:
        return entry(Change.NOT_COMPARABLE, Because.SILENT, f"neither excerpt states it: {basis}; {engine}")
    if not side_a.rules or not side_b.rules:
        silent = a.year if not side_a.rules else b.year
        return entry(Change.NOT_COMPARABLE, Because.SILENT,
                     f"{basis}; the {silent} excerpt does not state it, and the {silent} code may state it "
                     f"outside the excerpt, so where the excerpt stops is no change of law; {engine}")
    if changed:
        return entry(Change.MIXED, None,
                     f"{basis}; {engine} (a difference of the mechanics of a regular auction, which no "
                     f"dimension of the profile orders: neither stricter nor milder)")
    inherited = ""
    if side_a.inherited or side_b.inherited:
        inherited = ("; part of it rests on inherited articles (an assumption of the engine, not the texts): "
                     "only each side's own articles are compared")
    word, because, reason = _compare_wording(None, None, list(side_a.articles), list(side_b.articles), engine,
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
    from .editions import EDITIONS

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
    from .editions import EDITIONS

    found_kind = _kind_of(subject, kind)
    layer = check_layer(layer)
    chain = [find_edition(e) for e in editions] if editions is not None else list(EDITIONS)

    def side(edition: Edition) -> Side:
        return (_case_side(subject, edition, layer) if found_kind is SubjectKind.CASE
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

    def sentence(self) -> str:
        if self.first_ruled is None:
            return f"{self.subject} ({self.kind}): no excerpt of the registry rules on it"
        ruled = ", ".join(e for e, status in self.statuses if status in (Status.RULED, Status.SUPPLEMENT))
        text = (f"{self.subject} ({self.kind}): first appears in the excerpts in {self.first_ruled}, last "
                f"seen in the excerpts in {self.last_ruled} (ruled on in {ruled}); ")
        if len(self.ruled_steps) == 0:
            text += "only one excerpt rules on it"
        elif self.last_changed is None:
            unknown = [e for e in self.ruled_steps if e.change is Change.NOT_COMPARABLE]
            text += ("no change the ledger can read between the editions whose excerpts rule on it" if unknown
                     else "no change between the editions whose excerpts rule on it")
        else:
            step = self.last_changed
            text += f"last changed {step.from_edition} -> {step.to_edition} ({step.change}"
            text += f", {step.because})" if step.because else ")"
            if step.skipped:
                text += f", across {', '.join(step.skipped)} (their excerpts do not rule on it: skipped)"
        if self.unknown_after:
            text += "; after that not comparable: " + ", ".join(
                f"{e.from_edition} -> {e.to_edition} ({e.because})" for e in self.unknown_after)
        if self.last_changed is None and self.ruled_steps and self.unknown_after == ():
            unknown = [e for e in self.ruled_steps if e.change is Change.NOT_COMPARABLE]
            if unknown:
                text += "; not comparable: " + ", ".join(
                    f"{e.from_edition} -> {e.to_edition} ({e.because})" for e in unknown)
        return text


def history(subject: str, layer: str | Layer = DEFAULT_LAYER, kind: str | None = None) -> CaseHistory:
    """The timeline of one case or mechanic across the registry's editions. ``kind``: ``case`` or
    ``mechanic``, for an id that is both (``all-pass``); by default a case if there is one."""
    from .editions import EDITIONS

    found_kind = _kind_of(subject, kind)
    layer = check_layer(layer)
    steps = tuple(e for e in consecutive(layer, [subject]) if e.kind == found_kind)
    if steps:
        sides = [steps[0].from_side] + [s.to_side for s in steps]
    else:  # one edition only
        edition = EDITIONS[0]
        sides = [_mechanic_side(edition, subject) if found_kind is SubjectKind.MECHANIC
                 else _case_side(subject, edition, layer)]
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
