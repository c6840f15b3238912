"""What each edition's text prescribes for the cases: an entry turned into a :class:`Ruling`.

Each edition's entry of a case comes from :mod:`bridgelaws.judging.entries` (the catalogue of cases,
the files, and the one overlay by which a derived edition or a draft takes its base's entries); its
names are answered here too. This module turns an entry into a :class:`Ruling` for a concrete event:
roles such as "the offender's partner" become seats, and the branch whose condition holds is chosen;
with ``layer="supplement"``, a supplementary ruling (checked against the cases here,
:func:`supplement_rulings`) stands in for a silent or referenced corpus cell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..text import datafiles, schema
from ..text.i18n import t
from ..auction.calls import Seat
from .conditions import CONDITIONS
from ..auction.editions import EDITIONS, Edition, find_edition
from ..text.errors import BridgeLawsError
from .entries import (Case, case_ids, cases, corpus_spec, edition_rulings, entry, entry_of, find_case,
                      ruling_data, rulings_year, specs, verify_inherited_quote, where)
from .supplementary import supplement_rulings
from .ruling_effect import RulingEffect, ruling_effect
from ..text.schema import SCOPES, STATUSES, BranchSpec, RulingSpec
from ..text.vocabulary import Layer, Scope, Status

if TYPE_CHECKING:
    from .drafts import Proposal
    from ..supplement.supplement import Provenance

#: Where the data files are (see :mod:`bridgelaws.text.datafiles`); the loaders go through ``datafiles``.
DATA = datafiles.data_dir()
__all__ = ["SCOPES", "STATUSES", "Case", "Ruling", "cases", "case_ids", "find_case", "specs", "spec",
           "ruling_data", "entry", "branches", "generic_ruling", "resolve", "acceptance_data",
           "acceptance_ruling", "all_rulings", "rights_data", "rights_rules", "LAYERS", "check_layer",
           "corpus_spec", "edition_rulings", "verify_inherited_quote", "where", "supplement_rulings"]

#: The layers a ruling can be read from (``judge(..., layer=...)``): see :class:`~bridgelaws.text.vocabulary.Layer`.
LAYERS: tuple[str, ...] = tuple(layer.value for layer in Layer)

#: The engine's one default where a text is silent or only points elsewhere.
DEFAULT_ASSUMPTION = (
    "The text gives no rectification here: the engine lets the call stand as made and continues "
    "the auction in rotation after it. This is the engine's default, an assumption, not law.")
EVENT_ASSUMPTION = (
    "The text gives no rectification here: the engine lets the auction continue unchanged. This is "
    "the engine's default, an assumption, not law.")


@dataclass(frozen=True)
class SupplementGap:
    """A gap of the supplementary layer in one situation (a ``status: silent`` branch of a
    supplementary ruling, data/supplement/README.md): the corpus's answer stands, and this is the
    branch's own account of why, shown beside that answer as a note, never as its rectification."""

    article: str | None  # the branch's article, the supplementary entry read that leaves the situation out
    summary_en: str
    summary_nl: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"article": self.article, "summary_en": self.summary_en}


@dataclass
class Ruling:
    """What one edition's text prescribes for one event. ``as_dict`` is the ``ruling`` of ``judge --json``."""

    case: str
    edition: str
    status: Status
    articles: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    call_stands: bool | None = None
    deemed: str | None = None
    barred: list[dict[str, Any]] = field(default_factory=list)  # [{"seat", "scope": Scope, "article"}]
    options: list[dict[str, Any]] = field(default_factory=list)  # [{"by", "choice", "barred", "effect"}]
    play: list[str] = field(default_factory=list)
    assumption: str | None = None
    quote_nl: str | None = None
    quote_from: str | None = None
    summary_en: str = ""
    #: The Dutch summary where one is written beside ``summary_en`` (data/rulings/*.yaml ``summary_nl``);
    #: not in :meth:`as_dict` (``--json`` keeps its fields).
    summary_nl: str | None = None
    next: str | None = None  # offender / proper / rotation / skipped (see data/rulings/README.md)
    acceptance: str | None = None
    requires: str | None = None
    lho_repeats: str | None = None  # the article obliging the left-hand opponent to repeat his call (2007:17.D.2)
    partner_no_double: str | None = None  # the article forbidding the partner a double at his next turn (2007:30.B.2.b)
    repeat_if_rho_passes: str | None = None  # 31A1: the article obliging the offender to repeat his call
    next_call_bars: tuple[Any, ...] = ()  # 31A2: what his next call brings (schema.NextCallBar)
    #: The quoted article treats this moment and gives no rectification (shown so, not "not in the excerpt").
    no_rectification: bool = False
    outcome: str | None = None
    condition: str | None = None
    accepted: bool = False
    assumption_for_ranks: str | None = None
    #: The assumption that applies instead when the branch holds only by the count of cards shown
    #: (at different moments), not by the card's rank (1936:23.b "twee of meer"; 1949:26.a.n1 says it).
    assumption_for_count: str | None = None
    chosen: str | None = None  # the option taken, once known
    #: ``corpus``, or ``supplement`` for a ruling from data/supplement/ (status ``supplement``): its
    #: articles are supplementary entries, ``provenance`` names their sources, and ``corpus_status``
    #: / ``corpus_summary`` say what the corpus excerpt itself does with the case.
    layer: Layer = Layer.CORPUS
    provenance: tuple[Provenance, ...] = ()
    corpus_status: Status | None = None
    corpus_summary: str | None = None
    #: For an edition made from a draft (:mod:`bridgelaws.judging.drafts`) that changes this case: the
    #: proposed wording and its reason (never a quote of a published text; ``quote_nl`` is None).
    proposal: Proposal | None = None
    #: Consequences for the score in words (an adjusted score, the director's discretion), as ``play``.
    score: list[str] = field(default_factory=list)
    #: What of the ruling its source never reached (data/supplement/rulings ``unread``), or None.
    unread: str | None = None
    #: The dimensions of the ledger's profile that ``assumption`` supplies (data/rulings ``assumes``);
    #: None where the data does not say (then every dimension the ruling leaves empty is the engine's).
    #: Not in :meth:`as_dict`.
    assumes: tuple[str, ...] | None = None
    #: The seat of the offender the roles were resolved for (:func:`resolve`), or None for a ruling
    #: with roles (:func:`generic_ruling`): whose options are whose (:func:`bridgelaws.judging.ruling_effect.ruling_effect`).
    #: Not compared and not in :meth:`as_dict`.
    offender: str | None = field(default=None, compare=False, repr=False)
    #: Where the supplementary layer has a gap branch for this situation (so this is the corpus's
    #: answer): that branch's note (:class:`SupplementGap`); None elsewhere.
    supplement_gap: SupplementGap | None = None
    #: The edition itself (a draft too), as the ruling was resolved for it: what a consumer reads
    #: further (its corpus entry, its rules) is read from this object, never found again by ``edition``,
    #: its id. Not compared and not in :meth:`as_dict`.
    law: Edition | None = field(default=None, compare=False, repr=False)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "status": self.status, "articles": list(self.articles), "references": list(self.references),
            "call_stands": self.call_stands, "deemed": self.deemed,
            "barred": [dict(b) for b in self.barred],
            "options": [dict(o) for o in self.options], "play": list(self.play),
            "assumption": self.assumption, "quote_nl": self.quote_nl, "quote_from": self.quote_from,
            "summary_en": self.summary_en, "chosen": self.chosen, "layer": self.layer,
        }
        if self.layer is Layer.SUPPLEMENT:
            first = self.provenance[0] if self.provenance else None
            data.update(source=first.source if first else None, read=first.read if first else None,
                        outside_corpus=self.outside_corpus,
                        sources=[p.as_dict() for p in self.provenance],
                        corpus_status=self.corpus_status, corpus_summary=self.corpus_summary)
        if self.proposal is not None:
            data["proposed"] = self.proposal.as_dict()
        if self.supplement_gap is not None:
            data["supplement_gap"] = self.supplement_gap.as_dict()
        return data

    @property
    def rules(self) -> bool:
        """True when the engine applies the ruling's rectification: the corpus rules, or (layer
        ``supplement``) a sourced supplementary ruling does."""
        return self.status in (Status.RULED, Status.SUPPLEMENT)

    @property
    def effect(self) -> RulingEffect:
        """What the ruling does, as it stands now (:func:`bridgelaws.judging.ruling_effect.ruling_effect`).

        Worked out once and kept until a field it reads is set again: the engine asks for it several
        times per call judged (the search for where two editions part asks hundreds of thousands of
        times). Every field it reads is part of the key, those the engine sets while judging
        (``chosen``, ``call_stands``) among them. A list field set to another list is seen (compared
        by value); a list changed in place is not (the package replaces these lists, never changes
        one in place)."""
        key = self._effect_key()
        kept = self.__dict__.get("_effect")
        if kept is None or kept[0] != key:
            kept = (key, ruling_effect(self))
            self.__dict__["_effect"] = kept
        return kept[1]

    def _effect_key(self) -> tuple[Any, ...]:
        return (self.status, self.layer, self.offender, self.chosen, self.call_stands, self.deemed, self.next,
                self.requires, self.acceptance, self.outcome, self.options, self.barred, self.play, self.score,
                self.lho_repeats, self.partner_no_double, self.repeat_if_rho_passes, self.next_call_bars)

    @property
    def outside_corpus(self) -> str | None:
        """``outside the corpus: paraphrase of ... from ..., read ...`` for a supplementary ruling."""
        if self.layer is not Layer.SUPPLEMENT:
            return None
        from ..supplement.supplement import provenance_line

        return provenance_line(self.provenance)

    @property
    def is_law(self) -> bool:
        """True when the edition's own text in the corpus rules (no assumption involved)."""
        return self.status == "ruled" and not self.assumption and self.proposal is None



def check_layer(layer: str | Layer) -> Layer:
    """``layer`` as a :class:`Layer`; an unknown one is a clear error."""
    if layer not in LAYERS:
        raise BridgeLawsError(f"unknown layer {layer!r}: one of {', '.join(LAYERS)}")
    return Layer(layer)


def _supplement_spec(case_id: str, edition: str | int | Edition) -> RulingSpec | None:
    """The supplementary ruling standing in for a silent or referenced corpus cell, or None."""
    if corpus_spec(case_id, edition).status not in ("silent", "referenced"):
        return None
    return supplement_rulings(case_id).get(rulings_year(edition))


def spec(case_id: str, edition: str | int | Edition, layer: str | Layer = Layer.CORPUS) -> RulingSpec:
    """The entry the engine reads: the corpus's, or with ``layer="supplement"`` the supplementary
    ruling where the corpus cell is silent or referenced and one exists."""
    found_edition = edition if isinstance(edition, Edition) else find_edition(edition)
    key = (case_id, id(found_edition), layer)
    kept = _SPECS.get(key)
    if kept is not None and kept[0] is found_edition:
        return kept[1]
    chosen = None
    if check_layer(layer) is Layer.SUPPLEMENT:  # (an unknown layer raises here, and is never kept)
        chosen = _supplement_spec(case_id, found_edition)
    if chosen is None:
        chosen = corpus_spec(case_id, found_edition)
    _SPECS[key] = (found_edition, chosen)
    return chosen


#: :func:`spec`'s answers, kept as :data:`_BUILT` keeps the rulings (the specs are frozen).
_SPECS: dict[tuple[Any, ...], tuple[Edition, RulingSpec]] = {}
datafiles.on_reset(_SPECS.clear)


def branches(case_id: str, edition: str | int | Edition, layer: str | Layer = Layer.CORPUS) -> list[dict[str, Any]]:
    """The conditional branches of an entry ([] when its ruling does not depend on circumstances):
    ``{"condition": ...}`` per branch, in the file's order."""
    if (check_layer(layer) is Layer.SUPPLEMENT and _supplement_spec(case_id, edition) is not None
            or _proposal(case_id, edition) is not None):
        return [{"condition": b.condition} for b in spec(case_id, edition, layer).when]
    return list(entry(case_id, edition).get("when", ()))


def _proposal(case_id: str, edition: str | int | Edition) -> Proposal | None:
    """The proposal of a draft's change of the case (its entry, :func:`bridgelaws.judging.entries.entry_of`), or None."""
    own = entry_of(case_id, edition)
    return None if own is None else own.proposal


def generic_ruling(case_id: str, edition: str | int | Edition, condition: str | None = None,
                   layer: str | Layer = Layer.CORPUS) -> Ruling:
    """The ruling with roles, not seats (``offender``, ``partner``...): what the matrix shows."""
    return _build(case_id, find_edition(edition), condition, seats=None, layer=check_layer(layer))


def resolve(case_id: str, edition: str | int | Edition, *, condition: str | None = None, offender: Seat | None = None,
            first_bidder: Seat | None = None, layer: str | Layer = Layer.CORPUS) -> Ruling:
    """The ruling for an event: roles turned into seats, the branch for ``condition`` chosen.
    ``layer="supplement"``: where the corpus is silent or referenced, the supplementary ruling if
    there is one (status ``supplement``, with its provenance)."""
    found, chosen = find_edition(edition), check_layer(layer)
    bidder = None if offender is None else (first_bidder if first_bidder is not None else offender.lho)
    key = (case_id, id(found), condition, offender, bidder, chosen)
    built = _BUILT.get(key)
    if built is None or built[0] is not found:
        seats: dict[str, list[Seat]] | None = None
        if offender is not None:
            seats = {"offender": [offender], "partner": [offender.partner],
                     "side": [offender, offender.partner], "lho": [offender.lho],
                     "first-bidder": [bidder] if bidder is not None else []}
        built = (found, _build(case_id, found, condition, seats, layer=chosen))
        built[1].effect  # worked out once here: every fresh copy starts with it (and its key)
        _BUILT[key] = built
    return _fresh(built[1])


#: :func:`resolve`'s rulings, built once per (case, edition object, condition, seats, layer): the
#: judge asks for the same few rulings again and again (a search of ``distinguish`` judges tens of
#: thousands of scenarios). The edition is kept beside its ruling and compared by identity, so an
#: edition made up later (a draft, ``Edition.like``) never meets another's entry; cleared with the
#: data (:func:`bridgelaws.text.datafiles.reset`).
_BUILT: dict[tuple[Any, ...], tuple[Edition, Ruling]] = {}
datafiles.on_reset(_BUILT.clear)


def _fresh(ruling: Ruling) -> Ruling:
    """A copy of a memoised ruling that the judge may change (it sets ``chosen``, ``assumption``,
    ``call_stands``...): the object and its lists and their dicts are new, the strings shared."""
    fresh = object.__new__(Ruling)
    fresh.__dict__.update(ruling.__dict__)
    fresh.articles, fresh.references, fresh.play = list(ruling.articles), list(ruling.references), list(ruling.play)
    fresh.score = list(ruling.score)
    fresh.barred = [dict(bar) for bar in ruling.barred]
    fresh.options = [{**option, "barred": [dict(bar) for bar in option["barred"]]} for option in ruling.options]
    return fresh


def _branch(entry_spec: RulingSpec, condition: str | None) -> BranchSpec | None:
    """The branch for ``condition``; the ``otherwise`` branch when none names it."""
    chosen = None
    for branch in entry_spec.when:
        if branch.condition == condition:
            return branch
        if chosen is None and branch.condition == "otherwise":
            chosen = branch
    return chosen


def _summary_nl(merged: dict[str, Any], chosen: BranchSpec | None) -> str | None:
    """The Dutch summary, only where it renders the English one shown: a branch that gives its own
    English without a Dutch one leaves the entry's Dutch out."""
    if chosen is not None and "summary_en" in chosen.given and "summary_nl" not in chosen.given:
        return None
    summary: str | None = merged.get("summary_nl")
    return summary


def _offender_of(seats: dict[str, list[Seat]] | None) -> str | None:
    """The offender's seat of a ruling resolved for an event; None for a ruling with roles."""
    return None if seats is None else str(seats["offender"][0])


def _assumption(merged: dict[str, Any], chosen: BranchSpec | None, status: str) -> tuple[str | None, Any]:
    """The ruling's assumption and what it supplies (``assumes``): a branch's own assumption never
    takes the entry's ``assumes``; a ruling that does not rule takes the default assumption."""
    assumption, assumes = merged.get("assumption"), merged.get("assumes")
    if chosen is not None and "assumption" in chosen.given and "assumes" not in chosen.given:
        assumes = None
    if status != "ruled" and not assumption:
        return DEFAULT_ASSUMPTION, None
    return assumption, assumes if assumption else None


def _layered(case_id: str, edition: Edition, condition: str | None,
             layer: Layer) -> tuple[RulingSpec, RulingSpec | None, SupplementGap | None]:
    """The entry a ruling is built from, the same entry when it is a supplementary one (else None),
    and the supplement's gap for the situation where it has one (else None)."""
    supplementary = _supplement_spec(case_id, edition) if layer is Layer.SUPPLEMENT else None
    gap = None
    if supplementary is not None:
        branch = _branch(supplementary, condition)
        if branch is not None and branch.status == "silent":
            # A gap of the sources for this situation (data/supplement/README.md): the corpus's answer,
            # with the gap branch's own note beside it.
            gap = SupplementGap(branch.article, branch.summary_en or "", branch.summary_nl)
            supplementary = None
    return supplementary or corpus_spec(case_id, edition), supplementary, gap


def _merged(entry_spec: RulingSpec, chosen: BranchSpec | None) -> dict[str, Any]:
    """The entry's fields, overridden field by field by the chosen branch's."""
    merged = entry_spec.values()
    if chosen is None:
        return merged
    merged.update(chosen.values())
    if chosen.articles:
        arts = list(chosen.articles)
    else:
        # The branch's article, then the entry's others, leaving out the other branches' articles.
        siblings = {b.article for b in entry_spec.when} - {None}
        arts = [a for a in entry_spec.articles if a not in siblings]
        if chosen.article:
            arts = [chosen.article] + [a for a in arts if a != chosen.article]
    merged["articles"] = arts
    return merged


def _who(seats: dict[str, list[Seat]] | None) -> Callable[[str], list[str]]:
    """A role (``offender``, ``partner``...) as the seats it names, or as itself for a ruling with roles."""
    def who(role: str) -> list[str]:
        return [role] if seats is None else [str(s) for s in seats[role]]
    return who


def _bars(merged: dict[str, Any], chosen: BranchSpec | None, articles: list[str],
          who: Callable[[str], list[str]]) -> list[dict[str, Any]]:
    bar_article = chosen.article if chosen is not None else None
    first = articles[0] if articles else None
    return [{"seat": seat, "scope": Scope(bar.scope), "article": bar_article or first}
            for bar in merged.get("barred") or () for seat in who(bar.who)]


def _options(merged: dict[str, Any], who: Callable[[str], list[str]]) -> list[dict[str, Any]]:
    return [{
        "by": who(option.by)[0], "choice": option.choice, "text": option.text,
        "barred": [{"seat": seat, "scope": Scope(b.scope)} for b in option.barred for seat in who(b.who)],
        "effect": option.effect, "article": option.article, "default": option.default,
        "assumption": option.assumption,
    } for option in merged.get("options") or ()]


def _outside(case_id: str, edition: Edition, articles: list[str], options: list[dict[str, Any]],
             supplementary: RulingSpec | None) -> dict[str, Any]:
    """What a ruling says beyond its fields: a supplementary ruling's layer, provenance and the
    corpus's own answer; a draft's changed ruling, its proposal (:func:`bridgelaws.judging.entries.entry_of`)."""
    from ..supplement import supplement

    if supplementary is None:
        proposal = _proposal(case_id, edition)
        if proposal is None:
            return {}
        outside = [a for a in dict.fromkeys(articles + [o["article"] for o in options if o["article"]])
                   if a in supplement.article_ids()]
        if not outside:
            return {"proposal": proposal}
        # A draft's ruling over its base's supplementary ruling: the fields it keeps rest on sources
        # outside the corpus, named as a supplementary ruling's are; the corpus's own answer is the base's.
        corpus = corpus_spec(case_id, edition.base or edition)
        return {"proposal": proposal, "layer": Layer.SUPPLEMENT,
                "provenance": tuple(supplement.provenance(a) for a in outside),
                "corpus_status": Status(str(corpus.status)), "corpus_summary": corpus.summary_en}

    corpus = corpus_spec(case_id, edition)
    named = list(dict.fromkeys(articles + [o["article"] for o in options if o["article"]]))
    return {"layer": Layer.SUPPLEMENT, "provenance": tuple(supplement.provenance(a) for a in named),
            "corpus_status": Status(str(corpus.status)), "corpus_summary": corpus.summary_en}


def _outcome(case_id: str, edition: Edition, merged: dict[str, Any], status: Status) -> str | None:
    """What the ruling leads to: its ``outcome``; for a ruling on four passes that rules, the
    edition's own rule (:attr:`~bridgelaws.auction.editions.Edition.all_pass_outcome`), which its entry never restates."""
    if "all-pass" in find_case(case_id).mechanics:
        return edition.all_pass_outcome if status in (Status.RULED, Status.SUPPLEMENT) else None
    found: str | None = merged.get("outcome")
    return found


def _build(case_id: str, edition: Edition, condition: str | None,
           seats: dict[str, list[Seat]] | None, layer: Layer = Layer.CORPUS) -> Ruling:
    if condition is not None and condition not in CONDITIONS:
        # Never a silent fallback to the `otherwise` branch.
        raise BridgeLawsError(f"unknown condition {condition!r}: one of {', '.join(CONDITIONS)}")
    entry_spec, supplementary, gap = _layered(case_id, edition, condition, layer)
    chosen = _branch(entry_spec, condition)
    merged = _merged(entry_spec, chosen)
    status = Status.SUPPLEMENT if supplementary is not None else Status(merged["status"])
    who = _who(seats)
    articles = list(merged.get("articles") or ())
    options = _options(merged, who)
    assumption, assumes = _assumption(merged, chosen, merged["status"])
    return Ruling(
        law=edition, **_outside(case_id, edition, articles, options, supplementary),
        case=case_id, edition=edition.year, status=status, articles=articles,
        references=list(merged.get("references") or ()),
        call_stands=merged.get("call_stands") if status in ("ruled", "supplement") else None,
        deemed=merged.get("deemed"), barred=_bars(merged, chosen, articles, who), options=options,
        play=list(merged.get("play") or ()), assumption=assumption,
        quote_nl=merged.get("quote_nl"), quote_from=merged.get("quote_from"),
        summary_en=merged.get("summary_en") or "", summary_nl=_summary_nl(merged, chosen),
        next=merged.get("next"),
        acceptance=merged.get("acceptance"), requires=merged.get("requires"),
        lho_repeats=merged.get("lho_repeats"), partner_no_double=merged.get("partner_no_double"),
        repeat_if_rho_passes=merged.get("repeat_if_rho_passes"), next_call_bars=tuple(merged.get("next_call_bars") or ()),
        no_rectification=bool(merged.get("no_rectification")),
        outcome=_outcome(case_id, edition, merged, status), condition=chosen.condition if chosen else None,
        assumption_for_ranks=merged.get("assumption_for_ranks"),
        assumption_for_count=merged.get("assumption_for_count"),
        score=list(merged.get("score") or ()), unread=merged.get("unread"),
        assumes=assumes, offender=_offender_of(seats), supplement_gap=gap,
    )


@datafiles.cached
def acceptance_data() -> dict[str, dict[str, str]]:
    """``data/acceptance.yaml``: per edition, the article, quote and summary of an acceptance."""
    return _derive_by_year(schema.parse_acceptance(datafiles.load("acceptance.yaml")), "the acceptance",
                           lambda data: [(data["article"], data["quote_nl"])], "acceptance.yaml")


def acceptance_ruling(case_id: str, edition: str | int | Edition, offender: Seat,
                      ruling: Ruling | None = None, *, caller: Seat | None = None) -> Ruling:
    """The ruling when a call over the irregular call accepted it (1936:22.2); ``caller`` is the
    player who called over it (None when only a PBN mark records the acceptance). For a
    supplementary ``ruling`` whose ``acceptance`` names a supplementary article, that article's
    acceptance."""
    from ..supplement import supplement

    edition = find_edition(edition)
    if ruling is not None and ruling.layer is Layer.SUPPLEMENT and ruling.acceptance in supplement.article_ids():

        entry_ = supplement.article(ruling.acceptance)
        return Ruling(
            case=case_id, edition=edition.year, law=edition, status=Status.SUPPLEMENT, articles=[entry_.id],
            call_stands=True, accepted=True, next="rotation",
            summary_en=t("cards.accepted_by_call", "en", paraphrase=entry_.paraphrase_en, article=entry_.id,
                         caller=caller.full_name if caller is not None else "A later player"),
            summary_nl=t("cards.accepted_by_call", "nl", paraphrase=supplement.paraphrase(entry_, "nl")[0], article=entry_.id,
                         caller=t(f"common.seat.{caller}", "nl") if caller is not None else "Een latere speler"),
            layer=Layer.SUPPLEMENT, provenance=(supplement.provenance(entry_.id),),
            corpus_status=ruling.corpus_status, corpus_summary=ruling.corpus_summary)
    base_data = acceptance_data().get(rulings_year(edition))
    if (ruling is not None and ruling.proposal is not None and ruling.acceptance
            and (base_data is None or base_data["article"] != ruling.acceptance)):
        # A draft's ruling names an acceptance its base's text does not give: the draft's provision
        # rules, citing the base's record it names (the base's own acceptance keeps its quote).
        who = caller.full_name if caller is not None else "A later player"
        return Ruling(
            case=case_id, edition=edition.year, law=edition, status=Status.RULED,
            articles=[ruling.proposal.provision, ruling.acceptance], call_stands=True, accepted=True,
            next="rotation", proposal=ruling.proposal,
            summary_en=(f"{who} called over the irregular call, which accepts it under the draft's ruling "
                        f"(acceptance: {ruling.acceptance}): the auction continues as if it had been proper "
                        "and in turn; no rectification."))
    data = acceptance_data().get(rulings_year(edition))
    if data is None:
        raise BridgeLawsError(f"the {edition.year} text lets no call over an irregular call accept it")
    return Ruling(
        case=case_id, edition=edition.year, law=edition, status=Status.RULED, articles=[data["article"]],
        call_stands=True, quote_nl=data["quote_nl"], quote_from=data["article"], accepted=True,
        next="rotation", summary_en=" ".join(data["summary_en"].split()).format(
            caller=caller.full_name if caller is not None else "A later player"),
        summary_nl=" ".join(data["summary_nl"].split()).format(
            caller=t(f"common.seat.{caller}", "nl") if caller is not None else "Een latere speler")
        if "summary_nl" in data else None)


@datafiles.cached
def rights_data() -> dict[str, dict[str, dict[str, str]]]:
    """``data/rights.yaml``: per edition, what its text says about exercising a right a ruling
    gives (1936:21.2, 21.3), as ``{rule: {"article", "quote_nl"}}``."""
    return _derive_by_year(schema.parse_rights(datafiles.load("rights.yaml")), "the rule on rights",
                           lambda data: [(rule["article"], rule["quote_nl"]) for rule in data.values()], "rights.yaml")


def rights_rules(edition: str | int | Edition) -> dict[str, dict[str, str]]:
    """The rules on exercising rights of ``edition`` ({} where its text gives none)."""
    return rights_data().get(rulings_year(edition), {})


def _derive_by_year(data: dict[str, Any], what: str, quotes: Any, what_file: str) -> dict[str, Any]:
    """``data`` keyed by edition, each derived edition without an entry given its base's, loaded only
    while its quotes stand in the edition's text (:func:`bridgelaws.text.registry.inherit_by_year`)."""
    from ..text.registry import inherit_by_year

    from ..text import corpus

    def check(year: str, base: str, entry: Any) -> None:
        for article, quote in quotes(entry):
            verify_inherited_quote(year, base, what, article, quote)
        corpus.refuse_changed(year, what, entry, f"its own entry in {what_file}")

    return inherit_by_year(data, check)


def all_rulings(layer: str | Layer = Layer.CORPUS) -> list[Ruling]:
    """Every (case, edition) pair with its generic ruling; every branch for conditional entries."""
    result: list[Ruling] = []
    for case in cases():
        for edition in EDITIONS:
            conds: list[str | None] = [b.condition for b in spec(case.id, edition, layer).when] or [None]
            result.extend(generic_ruling(case.id, edition, c, layer) for c in conds)
    return result