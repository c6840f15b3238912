"""A ledger of changes between editions: for every case and every mechanic, what became of it from
one edition to another, computed from the rulings (``data/rulings/``), the registry
(``data/editions.yaml``) and the texts (``data/corpus/``), never written by hand.

Each entry (:class:`Entry`) compares one *subject* (a case of ``data/cases.yaml`` or a mechanic of
:data:`bridgelaws.editions.MECHANICS`) between edition ``from`` and edition ``to`` and says it in
one of seven words (:class:`Change`), with both sides' status, articles and quote and a reason in
words that names what was compared, so that a reader with the Dutch at hand can check it.

**What the words mean** (a *ruling* is a cell whose status is ``ruled``, or ``supplement`` with
``layer="supplement"``; *silent* means "not in this corpus excerpt", never "the code says nothing"):

- ``introduced``: ``from``'s excerpt does not treat the subject (``silent``), ``to``'s rules on it.
  Only of the excerpts: the full ``from`` code may treat it in an article outside the corpus.
- ``removed``: ``from``'s excerpt rules on it, ``to``'s does not treat it (``silent``); again only of
  the excerpts, never a claim that the ``to`` code dropped the rule.
- ``stricter``: both rule, and among the situations both rule on (below) at least one is stricter
  and none milder. *Stricter* is the project's strictness measure, :func:`bridgelaws.views.turns_barred`
  (turns a player loses to bars: next turn 1, rest of the auction
  :data:`bridgelaws.views.REST_OF_AUCTION_TURNS`, both players of a side counted), and beside it the
  rights the ruling gives the offender's opponents (options whose ``by`` is ``lho`` or
  ``first-bidder``): more of either is stricter. Both must not move in opposite directions.
  Differences the measure does not order (whether the call stands, what it is deemed, who calls
  next, an outcome, the offender's own choices, whether a call over it accepts it, consequences for
  the play) are listed in the reason and do not change the word.
- ``milder``: the same with "milder" and "stricter" exchanged.
- ``reworded``: in every situation either entry distinguishes, both rule with the same effect
  (every field above equal), and the wording differs: the quote, or the text of the cited
  articles, is not the same modulo spelling (:func:`same_wording`).
- ``unchanged``: the same effect in every situation, and the same quote and the same text of the
  cited articles modulo spelling.
- ``not comparable``, with its ground (:class:`Because`): ``silent`` (neither excerpt rules on it),
  ``referenced`` (one side only points to an article outside the corpus: the code treats it there,
  so nothing was introduced or removed, and its effect cannot be read), ``mixed`` (stricter in one
  situation or measure, milder in another: the data cannot weigh one against the other),
  ``unordered`` (the effect changed only in what the measure does not order, e.g. four passes lead
  to a new deal in one text and to a board passed out in the other), ``partly`` (the same effect
  where both rule, but a situation only one text rules on, or a mechanic one text states only in
  part, the rest inherited from another edition: an assumption), ``paraphrase`` (``layer=
  "supplement"``: the same effect, but one ruling is a paraphrase outside the corpus, whose wording
  cannot be set beside a verbatim text).

**Situations.** A ruling may depend on circumstances (its ``when`` branches, named by condition).
The situations compared are the conditions either entry names, each resolved in both editions the
way the engine resolves it (:func:`bridgelaws.rulings.generic_ruling`: an entry that does not name
the condition takes its ``otherwise`` branch, an entry without branches applies whole); an entry
with no branches on either side is one situation. Conditions are compared by name: where two
conditions could hold at once (an honour exposed early), the order of a file's branches is not
weighed, and the reason says per situation what was compared.

**Mechanics.** A mechanic is *ruled* by an edition's excerpt when the registry names at least one
article of its own for it, *silent* when the rule is wholly inherited from another edition (its
basis names only a donor's articles, an assumption). Its effect is the engine's behaviour
(:func:`behaviour`): which code implements the mechanic's hooks (an edition subclass may override
them) and the registry's data for it (the closing reading, for the end of the auction and for four
passes; the outcome of four passes; the highest level). A behaviour that differs is ``not comparable`` (``unordered``): the
strictness measure orders penalties, not the mechanics of a regular auction; the reason names the
change. The same behaviour with both sides' own articles and nothing inherited is ``unchanged`` or
``reworded`` by the wording of their own articles; with a part inherited on either side it is
``not comparable`` (``partly``).

**Supplement.** With ``layer="supplement"``, a silent or referenced corpus cell that has a
supplementary ruling (``data/supplement/``) counts as a ruling, of status ``supplement``; its
articles are supplementary entries and it has no quote.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .editions import MECHANICS, Edition, find_edition
from .errors import BridgeLawsError
from .rulings import Ruling, cases, check_layer, corpus_spec, find_case, generic_ruling, spec
from .vocabulary import Layer, Status, _Word

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Change", "Because", "SubjectKind", "Side", "Situation", "Entry", "CaseHistory", "CHANGES",
           "ledger", "consecutive", "compare_case", "compare_mechanic", "history", "behaviour",
           "normalised_words", "same_wording", "COLUMNS", "frame", "overview"]


class Change(_Word):
    """The seven words of the ledger (defined in the module's docstring)."""

    INTRODUCED = "introduced"
    REMOVED = "removed"
    STRICTER = "stricter"
    MILDER = "milder"
    REWORDED = "reworded"
    UNCHANGED = "unchanged"
    NOT_COMPARABLE = "not comparable"


#: The words, in the order the docstring defines them.
CHANGES: tuple[str, ...] = tuple(c.value for c in Change)


class Because(_Word):
    """Why an entry is ``not comparable``."""

    SILENT = "silent"
    REFERENCED = "referenced"
    MIXED = "mixed"
    UNORDERED = "unordered"
    PARTLY = "partly"
    PARAPHRASE = "paraphrase"


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

    @property
    def rules(self) -> bool:
        return self.status in (Status.RULED, Status.SUPPLEMENT)


@dataclass(frozen=True)
class Situation:
    """One situation of a case (a condition, or None for a ruling without branches) compared."""

    condition: str | None
    change: Change
    because: Because | None
    reason: str


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
                    "donor": s.donor}

        return {"subject": self.subject, "kind": self.kind, "from": self.from_edition, "to": self.to_edition,
                "change": self.change, "because": self.because, "reason": self.reason, "layer": self.layer,
                "from_side": side(self.from_side), "to_side": side(self.to_side),
                "situations": [{"condition": s.condition, "change": s.change, "because": s.because,
                                "reason": s.reason} for s in self.situations]}

    def row(self) -> dict[str, Any]:
        """A flat row (``ledger --csv``): the columns of :data:`COLUMNS`."""
        return {"subject": self.subject, "kind": self.kind, "from": self.from_edition, "to": self.to_edition,
                "change": self.change, "because": self.because or "", "layer": self.layer,
                "from_status": self.from_side.status, "to_status": self.to_side.status,
                "from_articles": " ".join(self.from_side.articles), "to_articles": " ".join(self.to_side.articles),
                "from_quote": self.from_side.quote_nl or "", "to_quote": self.to_side.quote_nl or "",
                "reason": self.reason}


#: The columns of ``ledger --csv``.
COLUMNS = ("subject", "kind", "from", "to", "change", "because", "layer", "from_status", "to_status",
           "from_articles", "to_articles", "from_quote", "to_quote", "reason")


# --- wording ---------------------------------------------------------------------------------------

# The 1947 spelling reform's regular changes, folded so that they do not count as rewording: a
# doubled vowel in an open syllable, before one consonant or a consonant and l/r ("grooter"/"groter",
# "doubleeren"/"doubleren", "oogenblik"/"ogenblik", "zoodra"/"zodra") or ending a word ("zoo"/"zo"), and "sch" after a vowel before "t" or at the end of a
# word ("vereischte"/"vereiste"). Case, accents, punctuation and line breaks are ignored too.
_OPEN_DOUBLE = re.compile(r"(aa|ee|oo|uu)(?=(?:[bcdfgkpt][lr]|[bcdfghjklmnpqrstvwxz])[aeiouy])")
_FINAL_DOUBLE = re.compile(r"(?<=\w)(aa|oo|uu)$")
_SCH = re.compile(r"(?<=[aeiou])sch(?=t|$)")


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).casefold()


def _respell(word: str) -> str:
    word = _OPEN_DOUBLE.sub(lambda m: m.group(1)[0], word)
    word = _FINAL_DOUBLE.sub(lambda m: m.group(1)[0], word)
    return _SCH.sub("s", word)


def normalised_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` modulo spelling: case and accents folded, punctuation and whitespace
    ignored, the 1947 reform's regular changes folded (see the comment above)."""
    return tuple(_respell(w) for w in re.findall(r"\w+", _fold(text)))


def same_wording(a: str, b: str) -> bool:
    """True when two Dutch texts are the same modulo spelling."""
    return normalised_words(a) == normalised_words(b)


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


def _record_text(record_id: str) -> str:
    from . import corpus

    try:
        return corpus.record(record_id).text
    except BridgeLawsError:
        return corpus.article(record_id).text


def _articles_text(articles: Iterable[str]) -> str:
    return "\n".join(_record_text(a) for a in articles)


# --- cases -----------------------------------------------------------------------------------------

_OPPONENTS = ("lho", "first-bidder")


@dataclass(frozen=True)
class _Effect:
    """What a ruling does, as the ledger compares it."""

    turns: int
    rights: int
    unordered: tuple[tuple[str, str], ...]  # (what, value in words)
    bars: str
    rights_text: str


def _yes_no(value: bool | None) -> str:
    return "not said" if value is None else ("yes" if value else "no")


def _effect(ruling: Ruling) -> _Effect:
    from .present import bars_short, options_short
    from .views import turns_barred

    turns = turns_barred(ruling) or 0
    theirs = [o for o in ruling.options if o["by"] in _OPPONENTS]
    mine = sorted(f"{o['by']}: {o['choice']}" for o in ruling.options if o["by"] not in _OPPONENTS)
    unordered = (
        ("the call stands", _yes_no(ruling.call_stands)),
        ("the call is deemed", {"P": "a pass", "same": "the double/redouble of the bid made"}.get(str(ruling.deemed), "not said")),
        ("who calls next", ruling.next or "not said"),
        ("the replacement must be", ruling.requires or "not said"),
        ("outcome", str(ruling.outcome) if ruling.outcome else "none"),
        ("the offender's side's choices", ", ".join(mine) or "none"),
        ("a later call accepts it", "yes" if ruling.acceptance else "no"),
        ("consequences for the play", "given" if ruling.play else "none"),
    )
    return _Effect(turns, len(theirs), unordered, bars_short(ruling.barred),
                   options_short(theirs) if theirs else "none")


def _sign(a: int, b: int) -> int:
    return (b > a) - (b < a)


def _cell(ruling: Ruling) -> str:
    arts = ", ".join(ruling.articles) or "no article"
    quote = f' "{ruling.quote_nl}"' if ruling.quote_nl else ""
    return f"{arts}{quote}"


def _not_ruling_words(ruling: Ruling) -> str:
    situation = " (in this situation)" if ruling.condition else ""
    if ruling.status == Status.REFERENCED:
        return (f"{ruling.edition}{situation} only points to {', '.join(ruling.references) or 'an article'} "
                f"(not in the corpus)")
    return f"{ruling.edition}{situation} is not in the excerpt"


def _side_words(side: Side) -> str:
    if side.rules:
        quote = f' "{side.quote_nl}"' if side.quote_nl else ""
        kind = "rules outside the corpus (a paraphrase)" if side.status == Status.SUPPLEMENT else "rules"
        return f"{side.edition} {kind} ({', '.join(side.articles) or 'no article'}{quote})"
    if side.status == Status.REFERENCED:
        return f"{side.edition} only points to {', '.join(side.references) or 'an article'} (not in the corpus)"
    return f"{side.edition} is not in the excerpt"


def _compare_presence(a: Side, b: Side) -> tuple[Change, Because | None, str]:
    """The word for a case that one edition at least does not rule on, as a whole."""
    if a.rules and b.status == Status.REFERENCED:
        return Change.NOT_COMPARABLE, Because.REFERENCED, f"{_side_words(a)}; {_side_words(b)}, where the code treats it"
    if b.rules and a.status == Status.REFERENCED:
        return Change.NOT_COMPARABLE, Because.REFERENCED, f"{_side_words(a)}, where the code treats it; {_side_words(b)}"
    if a.rules:
        return Change.REMOVED, None, f"{_side_words(a)}; {_side_words(b)}"
    if b.rules:
        return Change.INTRODUCED, None, f"{_side_words(a)}; {_side_words(b)}"
    because = Because.REFERENCED if Status.REFERENCED in (a.status, b.status) else Because.SILENT
    return Change.NOT_COMPARABLE, because, f"neither rules: {_side_words(a)}; {_side_words(b)}"


def _compare_rulings(a: Ruling, b: Ruling) -> tuple[Change, Because | None, str]:
    """The word for one situation (the branch each edition's engine takes), and the reason."""
    if not a.rules or not b.rules:
        if a.rules:
            if b.status == Status.REFERENCED:
                return (Change.NOT_COMPARABLE, Because.REFERENCED,
                        f"{a.edition} rules ({_cell(a)}); {_not_ruling_words(b)}, where the code treats it")
            return Change.REMOVED, None, f"{a.edition} rules ({_cell(a)}); {_not_ruling_words(b)}"
        if b.rules:
            if a.status == Status.REFERENCED:
                return (Change.NOT_COMPARABLE, Because.REFERENCED,
                        f"{_not_ruling_words(a)}, where the code treats it; {b.edition} rules ({_cell(b)})")
            return Change.INTRODUCED, None, f"{_not_ruling_words(a)}; {b.edition} rules ({_cell(b)})"
        because = Because.REFERENCED if Status.REFERENCED in (a.status, b.status) else Because.SILENT
        return (Change.NOT_COMPARABLE, because,
                f"neither rules: {_not_ruling_words(a)}; {_not_ruling_words(b)}")
    ea, eb = _effect(a), _effect(b)
    moves = []
    if ea.turns != eb.turns:
        moves.append((_sign(ea.turns, eb.turns),
                      f"turns barred {ea.turns} -> {eb.turns} (bars {ea.bars} -> {eb.bars}, options included)"))
    if ea.rights != eb.rights:
        moves.append((_sign(ea.rights, eb.rights),
                      f"rights of the offender's opponents {ea.rights} -> {eb.rights} ({ea.rights_text} -> {eb.rights_text})"))
    others = [f"{what}: {x} -> {y}" for (what, x), (_, y) in zip(ea.unordered, eb.unordered) if x != y]
    also = f"; also (not ordered by the measure) {'; '.join(others)}" if others else ""
    directions = {d for d, _ in moves}
    measured = "; ".join(words for _, words in moves)
    if directions == {1, -1}:
        return Change.NOT_COMPARABLE, Because.MIXED, f"stricter and milder at once: {measured}{also}"
    if directions == {1}:
        return Change.STRICTER, None, f"{measured}{also}"
    if directions == {-1}:
        return Change.MILDER, None, f"{measured}{also}"
    if others:
        return (Change.NOT_COMPARABLE, Because.UNORDERED,
                f"same turns barred ({ea.turns}) and rights; the effect differs in what the measure does not "
                f"order: {'; '.join(others)}")
    if a.layer is Layer.SUPPLEMENT or b.layer is Layer.SUPPLEMENT:
        return (Change.NOT_COMPARABLE, Because.PARAPHRASE,
                f"the same effect (turns barred {ea.turns}; {a.edition}: {_cell(a)}; {b.edition}: {_cell(b)}); "
                f"one side at least is a paraphrase outside the corpus, whose wording cannot be compared")
    return _compare_wording(a.quote_nl or "", b.quote_nl or "", list(a.articles), list(b.articles),
                            f"the same effect (turns barred {ea.turns})", (a.edition, b.edition))


def _compare_wording(quote_a: str, quote_b: str, articles_a: list[str], articles_b: list[str],
                     effect: str, editions: tuple[str, str] = ("", "")) -> tuple[Change, Because | None, str]:
    text_a, text_b = _articles_text(articles_a), _articles_text(articles_b)
    same_quote = same_wording(quote_a, quote_b)
    same_text = same_wording(text_a, text_b)
    cited = f"{', '.join(articles_a) or 'none'} and {', '.join(articles_b) or 'none'}"
    if same_quote and same_text:
        quoted = "the quote and " if quote_a or quote_b else ""
        return (Change.UNCHANGED, None,
                f"{effect}; {quoted}the text of the cited articles ({cited}) are the same modulo spelling")
    parts = []
    if not same_quote:
        parts.append(f'the quote differs ({editions[0]} "{quote_a}", {editions[1]} "{quote_b}": '
                     f"{_differences(quote_a, quote_b)})")
    if not same_text:
        parts.append(f"the cited articles' text ({cited}) differs: {_differences(text_a, text_b)}")
    else:
        parts.append(f"the cited articles' text ({cited}) is the same modulo spelling")
    return Change.REWORDED, None, f"{effect}; " + "; ".join(parts)


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
    return Side(edition=edition.year, status=status, articles=articles,
                references=tuple(entry.references), quote_nl=quote, quote_from=quote_from)


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
                 layer: str | Layer = Layer.CORPUS) -> Entry:
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
        word, why, reason = _compare_rulings(ra, rb)
        situations.append(Situation(condition, word, why, reason))
    change, because = _combine(situations)
    if len(situations) == 1:
        reason = situations[0].reason
    else:
        reason = " | ".join(f"where {s.condition}: {s.change}"
                            + (f" ({s.because})" if s.because else "") + f": {s.reason}" for s in situations)
    return Entry(case_id, SubjectKind.CASE, change, because, reason, side_a, side_b, layer, tuple(situations))


def _combine(situations: Sequence[Situation]) -> tuple[Change, Because | None]:
    """One word for a case from its situations (the rules of the module's docstring)."""
    words = [s.change for s in situations]
    if len(set(words)) == 1 and len({s.because for s in situations}) == 1:
        return words[0], situations[0].because
    stricter = any(w is Change.STRICTER or s.because is Because.MIXED for w, s in zip(words, situations))
    milder = any(w is Change.MILDER or s.because is Because.MIXED for w, s in zip(words, situations))
    if stricter and milder:
        return Change.NOT_COMPARABLE, Because.MIXED
    if stricter:
        return Change.STRICTER, None
    if milder:
        return Change.MILDER, None
    if set(words) <= {Change.UNCHANGED, Change.REWORDED}:
        return Change.REWORDED, None
    if any(w in (Change.INTRODUCED, Change.REMOVED) or s.because in (Because.SILENT, Because.REFERENCED)
           for w, s in zip(words, situations)):
        return Change.NOT_COMPARABLE, Because.PARTLY
    if any(s.because is Because.UNORDERED for s in situations):
        return Change.NOT_COMPARABLE, Because.UNORDERED
    return Change.NOT_COMPARABLE, Because.PARAPHRASE


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
    engine = ("the engine's rule differs: " + "; ".join(changed)) if changed else "the engine's rule is the same"
    basis = f"{_basis_words(side_a)}; {_basis_words(side_b)}"

    def entry(change: Change, because: Because | None, reason: str) -> Entry:
        return Entry(mechanic, SubjectKind.MECHANIC, change, because, reason, side_a, side_b)

    if not side_a.rules and not side_b.rules:
        return entry(Change.NOT_COMPARABLE, Because.SILENT, f"neither excerpt states it: {basis}; {engine}")
    if not side_a.rules:
        return entry(Change.INTRODUCED, None, f"{basis}; {engine}")
    if not side_b.rules:
        return entry(Change.REMOVED, None, f"{basis}; {engine}")
    if changed:
        return entry(Change.NOT_COMPARABLE, Because.UNORDERED,
                     f"{basis}; {engine} (the strictness measure orders penalties, not this)")
    if side_a.inherited or side_b.inherited:
        return entry(Change.NOT_COMPARABLE, Because.PARTLY,
                     f"{basis}; {engine}, but part of it rests on inherited articles, so whether the texts "
                     f"say the same cannot be read from the corpus")
    word, _, reason = _compare_wording("", "", list(side_a.articles), list(side_b.articles), engine,
                                       (a.year, b.year))
    return entry(word, None, reason)


# --- the ledger ------------------------------------------------------------------------------------

def ledger(from_: str | int | Edition, to: str | int | Edition, layer: str | Layer = Layer.CORPUS,
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


def consecutive(layer: str | Layer = Layer.CORPUS, subjects: Iterable[str] | None = None,
                editions: Sequence[str | int | Edition] | None = None) -> list[Entry]:
    """The ledger between each edition of the registry (or of ``editions``) and the next."""
    from .editions import EDITIONS

    chain = [find_edition(e) for e in editions] if editions is not None else list(EDITIONS)
    return [entry for a, b in zip(chain, chain[1:]) for entry in ledger(a, b, layer, subjects)]


#: The steps that count as a change in :func:`history`: the word says what changed.
_CHANGED = (Change.INTRODUCED, Change.REMOVED, Change.STRICTER, Change.MILDER, Change.REWORDED)


def _is_change(entry: Entry) -> bool:
    return entry.change in _CHANGED or entry.because in (Because.MIXED, Because.UNORDERED)


@dataclass(frozen=True)
class CaseHistory:
    """When a subject's rule first appears in the excerpts, when it last changed, when it is last
    seen. A step counts as a change when its word is introduced, removed, stricter, milder or
    reworded, or not comparable because the effect changed (``mixed``, ``unordered``); the steps
    after it that the corpus cannot compare (silent, referenced, partly) are named, not counted."""

    subject: str
    kind: SubjectKind
    statuses: tuple[tuple[str, str], ...]  # (edition, status) in order
    steps: tuple[Entry, ...]  # between consecutive editions
    first_ruled: str | None
    last_ruled: str | None
    last_changed: Entry | None
    unknown_after: tuple[Entry, ...]  # steps after the last change that are not comparable

    def sentence(self) -> str:
        if self.first_ruled is None:
            return f"{self.subject} ({self.kind}): no excerpt of the registry rules on it"
        ruled = ", ".join(e for e, status in self.statuses if status in (Status.RULED, Status.SUPPLEMENT))
        text = (f"{self.subject} ({self.kind}): first in the {self.first_ruled} excerpt, last seen in "
                f"{self.last_ruled} (ruled on in {ruled}); ")
        if self.last_changed is None:
            text += "no change between consecutive editions"
        else:
            step = self.last_changed
            text += f"last changed {step.from_edition} -> {step.to_edition} ({step.change}"
            text += f", {step.because})" if step.because else ")"
        if self.unknown_after:
            text += "; after that not comparable: " + ", ".join(
                f"{e.from_edition} -> {e.to_edition} ({e.because})" for e in self.unknown_after)
        return text


def history(subject: str, layer: str | Layer = Layer.CORPUS, kind: str | None = None) -> CaseHistory:
    """The timeline of one case or mechanic across the registry's editions. ``kind``: ``case`` or
    ``mechanic``, for an id that is both (``all-pass``); by default a case if there is one."""
    from .editions import EDITIONS

    _subjects([subject])
    if kind is None:
        kind = SubjectKind.CASE if subject in {c.id for c in cases()} else SubjectKind.MECHANIC
    kind = SubjectKind(kind)
    steps = tuple(e for e in consecutive(layer, [subject]) if e.kind == kind)
    if steps:
        sides = [steps[0].from_side] + [s.to_side for s in steps]
    else:  # one edition only, or not a subject of this kind
        if (kind is SubjectKind.MECHANIC) != (subject in MECHANICS):
            raise BridgeLawsError(f"{subject!r} is not a {kind}")
        edition = EDITIONS[0]
        sides = [_mechanic_side(edition, subject) if kind is SubjectKind.MECHANIC
                 else _case_side(subject, edition, check_layer(layer))]
    ruled = [s.edition for s in sides if s.rules]
    moved = [i for i, s in enumerate(steps) if _is_change(s)]
    last = moved[-1] if moved else -1
    unknown = tuple(s for s in steps[last + 1:] if s.change is Change.NOT_COMPARABLE)
    return CaseHistory(subject, kind, tuple((s.edition, s.status) for s in sides), steps,
                       ruled[0] if ruled else None, ruled[-1] if ruled else None,
                       steps[last] if moved else None, unknown if moved else ())


# --- tables for the notebooks ----------------------------------------------------------------------

def frame(entries: Sequence[Entry]) -> "pd.DataFrame":
    """The entries as a table, one row each (the columns of :data:`COLUMNS`)."""
    import pandas as pd

    return pd.DataFrame([e.row() for e in entries], columns=list(COLUMNS))


def overview(layer: str | Layer = Layer.CORPUS, kind: str = SubjectKind.CASE) -> "pd.DataFrame":
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
