"""One presenter for a ruling: :func:`describe` turns a :class:`~bridgelaws.judging.rulings.Ruling` into a
:class:`RulingView` of ready strings, and every wording of a status, a bar or an option is written
here once. The CLI, the tables, the HTML cards (:mod:`bridgelaws.presentation.render`) and the notebook views
all take their phrases from here, so a change of wording is made in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..judging.lookup import find_edition
from .edition_words import edition_key
from .engine_words import translate_assumption, translate_effect, translate_option, translate_reason
from ..text.errors import BridgeLawsError
from ..text.i18n import DEFAULT_LANGUAGE, catalogue, t
from ..judging.ruling_effect import BarEffect, CallFate
from ..judging.rulings import case_ids, specs
from ..supplement.supplement import rulings as supplement_rulings
from ..text import datafiles
from ..text.vocabulary import Outcome, Scope, Status
# The words of a bar below the engine (the judgement's records use them); re-exported here.
from ..text.words import SCOPE_WORDING as SCOPE_WORDING, ScopeWording as ScopeWording, _words
from ..text.words import must_pass as must_pass, who_name as who_name, wording as wording

if TYPE_CHECKING:
    from ..auction.editions import Edition
    from ..judging.rulings import Ruling

#: The colour of each status (and of a call with no irregularity, "regular") in cards and figures.
#: ``supplement`` (a paraphrase from outside the corpus) has a colour no corpus status uses, and
#: ``later-code`` (such a paraphrase of a later code standing in for the edition's own) another.
STATUS_COLOURS = {"ruled": "#2e7d32", "referenced": "#ef6c00", "silent": "#757575", "supplement": "#6a1b9a",
                  "later-code": "#8d3b72", "regular": "#1565c0"}
#: The colour of a status not in :data:`STATUS_COLOURS`.
OTHER_COLOUR = "#757575"

#: How each status is shown to a reader. The value ``silent`` (JSON, data) means *the corpus excerpt,
#: this edition's bidding chapter, does not treat the case*, never "the edition says nothing": the
#: full code may well treat it in an article outside the excerpt. So it is shown as "not in the
#: excerpt" wherever a person reads it (cards, tables, matrices, figures, exercises).
STATUS_NAMES = {"ruled": "ruled", "referenced": "referenced", "silent": "not in the excerpt",
                "supplement": "supplement", "later-code": "later code", "regular": "regular"}
#: The status shown for a supplementary ruling any of whose articles rests on a later code (a source of
#: kind ``later-code``: 1949's cells from the 1959 or 1975 Dutch code), so that a reader of the matrix,
#: the exports and the cards tells it from a paraphrase of the edition's own code at a glance. The
#: engine's status stays ``supplement`` (:func:`shown_status`); like it, it rules: never "no penalty".
LATER_CODE = "later-code"
#: The statuses of the supplementary layer, as shown: both hold a ruling.
SUPPLEMENTARY_STATUSES = ("supplement", LATER_CODE)

#: What each status means, in words (the matrix legend and the exercises).
STATUS_LABELS = {
    "ruled": "the text rules on it",
    "referenced": "the text points to an article outside the corpus",
    "silent": "not in the excerpt: the corpus (this edition's bidding chapter) does not treat it",
}
#: The legend of the supplementary layer's own status (shown only where that layer is on).
SUPPLEMENT_LABEL = ("outside the corpus: a paraphrase, in the project's words, of the full code's article "
                    "from a named source (data/supplement/); not the verbatim corpus")
#: The legend of a cell that rests on a later code.
LATER_CODE_LABEL = ("outside the corpus and not this edition's text: a paraphrase, in the project's words, of a "
                    "later code's article from a named source (data/supplement/), standing in for the edition's own")


def shown_status(ruling: Ruling) -> str:
    """The status a reader is shown for ``ruling``: :data:`LATER_CODE` for a supplementary ruling whose
    provenance names a source of kind ``later-code``, else the ruling's own status."""
    if ruling.status == Status.SUPPLEMENT and any(p.kind == "later-code" for p in ruling.provenance):
        return LATER_CODE
    return str(ruling.status)


def status_name(status: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The status as a reader sees it (:data:`STATUS_NAMES`): ``silent`` is "not in the excerpt"."""
    if lang == DEFAULT_LANGUAGE:
        return STATUS_NAMES.get(str(status), str(status))
    return _words("cards.status", str(status), lang)


def status_label(status: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a status means, in words (the legends)."""
    if lang == DEFAULT_LANGUAGE:
        return {"supplement": SUPPLEMENT_LABEL, LATER_CODE: LATER_CODE_LABEL}.get(
            str(status), STATUS_LABELS.get(str(status), str(status)))
    return _words("cards.status_label", str(status), lang)


def must_pass_label(key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Who must pass (a key of :data:`MUST_PASS_LABELS`), in words."""
    return MUST_PASS_LABELS[key] if lang == DEFAULT_LANGUAGE else t(f"cards.must_pass_label.{key}", lang)


def choice_name(choice: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """An option's choice (an effect id): in English the id, in Dutch in words."""
    return str(choice) if lang == DEFAULT_LANGUAGE else _words("cards.choice", str(choice), lang)
#: Who must pass, in words: the answers of an exercise (see :attr:`RulingView.must_pass`).
MUST_PASS_LABELS = {
    "nobody": "nobody",
    "next-turn": "a player, at his next turn",
    "rest-of-auction": "a player, for the rest of the auction",
    "choice": "it depends on a choice the text offers",
    "not-said": "the text does not say",
}


#: A ruling's ``outcome`` in a matrix cell. The two kinds of new deal stay apart (vocabulary.Outcome).
OUTCOME_WORDS: dict[str, str] = {
    Outcome.REDEAL: "the same dealer deals again",
    Outcome.NEXT_DEAL: "not played; the next dealer deals",
    Outcome.PASSED_OUT: "passed out, no redeal",
}

def outcome_words(outcome: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A ruling's outcome in words (:data:`OUTCOME_WORDS`)."""
    if lang == DEFAULT_LANGUAGE:
        return OUTCOME_WORDS.get(outcome, outcome)
    return _words("cards.outcome", str(outcome), lang)


def bars_short(barred: list[dict[str, Any]]) -> str:
    """``"E (next-turn), W (rest-of-auction)"``, or ``"-"``: the bars column of a comparison."""
    return ", ".join(f"{b['seat']} ({b['scope']})" for b in barred) or "-"


def options_short(options: list[dict[str, Any]]) -> str:
    """``"S: cancel the bid (bars N (rest-of-auction))"``, or ``"-"``: the options column."""
    return "; ".join(f"{o['by']}: {o['text'] or o['choice']}"
                     + (f" (bars {bars_short(o['barred'])})" if o["barred"] else "")
                     for o in options) or "-"


def bars_words(barred: list[dict[str, Any]], lang: str = DEFAULT_LANGUAGE) -> str:
    """:func:`bars_short` in ``lang``: ``"W bij zijn volgende beurt"`` (a seat, or who, and the
    scope's duration); the English is :func:`bars_short` itself."""
    if lang == DEFAULT_LANGUAGE:
        return bars_short(barred)
    return ", ".join(f"{who_name(str(b['seat']), lang)} {wording(b['scope'], lang).duration}" for b in barred) or "-"


def options_words(options: list[dict[str, Any]], lang: str = DEFAULT_LANGUAGE) -> str:
    """:func:`options_short` in ``lang``: each option's text by the ``engine.option.*`` templates
    (the choice's own name where none has it, as the cards do), and whom it bars."""
    if lang == DEFAULT_LANGUAGE:
        return options_short(options)
    parts = []
    for option in options:
        text = translate_option(option["text"] or "", lang) or choice_name(option["choice"], lang)
        bars = ", ".join(must_pass(str(b["seat"]), b["scope"], lang) for b in option["barred"])
        parts.append(f"{who_name(str(option['by']), lang)}: {text}" + (f" ({bars})" if bars else ""))
    return "; ".join(parts) or "-"


def _tallied(barred: tuple[BarEffect, ...], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    if lang == DEFAULT_LANGUAGE:
        return [f"{b.who} barred {wording(b.scope).tally}" for b in barred]
    return [t("cards.barred", lang, who=who_name(b.who, lang), tally=wording(b.scope, lang).tally)
            for b in barred]


#: The words of a call's fate in a matrix cell (a fate the ruling does not say has none).
_FATE_KEYS = {CallFate.DEEMED_PASS: "cards.deemed_pass", CallFate.DEEMED_SAME: "cards.deemed_same",
              CallFate.CANCELLED: "cards.cancelled", CallFate.STANDS: "cards.stands"}


def short_rectification(ruling: Ruling, lang: str = DEFAULT_LANGUAGE) -> str:
    """A terse description of a ruling for one matrix cell."""
    if ruling.status == Status.SILENT:
        return status_name("silent", lang)
    if ruling.status == Status.REFERENCED:
        return t("cards.referenced_short", lang, articles=", ".join(ruling.references))
    effect = ruling.effect
    parts = []
    if effect.outcome:
        parts.append(outcome_words(effect.outcome, lang))
    if effect.fate in _FATE_KEYS:
        parts.append(t(_FATE_KEYS[effect.fate], lang))
    if effect.next in ("offender", "proper", "skipped"):
        parts.append(t(f"cards.next.{effect.next}", lang))
    parts.extend(_tallied(effect.bars, lang))
    for option in effect.options:
        bars = ", ".join(_tallied(option.bars, lang))
        parts.append(t("cards.may", lang, by=who_name(option.by, lang), choice=choice_name(option.choice, lang))
                     + (f" ({bars})" if bars else ""))
    if effect.play:
        parts.append(t("cards.play_consequences", lang))
    if effect.acceptance:
        parts.append(t("cards.unless_called_over", lang))
    head = ", ".join(ruling.articles[:1])
    name = shown_status(ruling) if ruling.status == Status.SUPPLEMENT else "ruled"
    if ruling.proposal is not None:
        name = "draft"
    name = t(f"cards.kind.{name}", lang)
    return f"{name} ({head}): " + "; ".join(parts) if parts else f"{name} ({head})"


#: The effects the engine writes in fixed words (bridgelaws.judging.judging), each with its catalogue key
#: ``cards.effect.<key>``; a label may follow ("(assumption)", "(outside the corpus)": ``judging._label``).
_EFFECTS = {"stands": "stands", "the auction ends": "auction_ends",
            "stands; the auction is not over": "not_over", "no effect: the auction stays closed": "stays_closed",
            "the auction is not changed": "not_changed", "accepted: stands as if proper and in turn": "accepted"}
_EFFECT_LABELS = {" (assumption)": "cards.effect_label.assumption",
                  " (outside the corpus)": "cards.effect_label.outside_corpus"}


def effect_text(effect: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """An event's effect (``EventRecord.effect``, the engine's English) in ``lang``: the effects the
    engine writes in fixed words, with their label ("stands (assumption)": "blijft staan (aanname)"),
    and those that name seats and calls (``"void: East calls"``: "nietig: Oost is aan de beurt",
    :mod:`bridgelaws.presentation.engine_words`); an effect with no template as the engine wrote it (see
    :func:`effect_lang`)."""
    return effect_words(effect, lang)[0]


def effect_words(effect: str, lang: str = DEFAULT_LANGUAGE, edition: str | None = None) -> tuple[str, str]:
    """(the effect in ``lang``, the language it is in): the engine's English where no template has it;
    in ``edition``'s own words where it has them (:mod:`bridgelaws.presentation.edition_words`)."""
    if lang == DEFAULT_LANGUAGE or not effect:
        return effect, lang
    base, label = effect, ""
    for suffix, key in _EFFECT_LABELS.items():
        if effect.endswith(suffix):
            base, label = effect[: -len(suffix)], " " + t(key, lang)
            break
    if base in _EFFECTS:
        return t(f"cards.effect.{_EFFECTS[base]}", lang) + label, lang
    found = translate_effect(effect, lang, edition)
    return (effect, DEFAULT_LANGUAGE) if found is None else (found, lang)


def reason_words(reason: str, lang: str = DEFAULT_LANGUAGE, edition: str | None = None) -> tuple[str, str]:
    """(an event's reason in ``lang``, the language it is in), in ``edition``'s own words where it has them."""
    if lang == DEFAULT_LANGUAGE or not reason:
        return reason, lang
    found = translate_reason(reason, lang, edition)
    return (reason, DEFAULT_LANGUAGE) if found is None else (found, lang)


@datafiles.cached
def dutch_assumptions() -> dict[str, str]:
    """The data's assumptions (``assumption``, ``assumption_for_count``, ``out_of_turn``, an option's
    ``assumption``), English to the Dutch written beside each (``*_nl``), from the corpus's rulings
    and the supplementary ones: the engine joins them with its own sentences, so a card finds them
    by their English inside what the engine wrote."""
    found: dict[str, str] = {}
    for case_id in case_ids():
        for entry in [*specs(case_id).values(), *supplement_rulings(case_id).values()]:
            for part in (entry, *entry.when):
                for english, dutch in ((part.assumption, part.assumption_nl),
                                       (part.assumption_for_count, part.assumption_for_count_nl),
                                       (part.out_of_turn, part.out_of_turn_nl),
                                       *((o.assumption, o.assumption_nl) for o in part.options)):
                    if english and dutch:
                        found[english] = dutch
    return found


@datafiles.cached
def dutch_play() -> dict[str, str]:
    """The data's consequences for the play (``play``), English to the Dutch written beside each line
    (``play_nl``), from the corpus's rulings and the supplementary ones (a draft's own lines have none)."""
    found: dict[str, str] = {}
    for case_id in case_ids():
        for entry in [*specs(case_id).values(), *supplement_rulings(case_id).values()]:
            for part in (entry, *entry.when):
                found.update(zip(part.play, part.play_nl))
    return found


def play_words(line: str, lang: str = DEFAULT_LANGUAGE) -> tuple[str, str]:
    """(a line of a ruling's ``play`` in ``lang``, the language it is in): the data's English where no
    Dutch is written beside it."""
    if lang == DEFAULT_LANGUAGE:
        return line, lang
    found = dutch_play().get(line) if lang == "nl" else None
    return (line, DEFAULT_LANGUAGE) if found is None else (found, lang)


def assumption_words(assumption: str | None, lang: str = DEFAULT_LANGUAGE) -> tuple[str | None, str]:
    """(an assumption in ``lang``, the language it is in): the engine's own sentences translated
    (:func:`bridgelaws.presentation.engine_words.translate_assumption`), a ruling's own assumption (the data's
    English) as written."""
    if lang == DEFAULT_LANGUAGE or not assumption:
        return assumption, DEFAULT_LANGUAGE
    found = translate_assumption(assumption, lang, dutch_assumptions() if lang == "nl" else {})
    return (assumption, DEFAULT_LANGUAGE) if found is None else (found, lang)


def must_pass_key(ruling: Ruling) -> str:
    """Who must pass under the ruling: a key of :data:`MUST_PASS_LABELS`
    (:attr:`bridgelaws.judging.ruling_effect.RulingEffect.must_pass`)."""
    return ruling.effect.must_pass


@dataclass(frozen=True)
class OptionView:
    """An option the text offers, in words."""

    phrase: str  # "option for S: cancel the bid"
    chosen: bool  # the option taken, once known


@dataclass(frozen=True)
class InheritedView:
    """A badge of a card whose case rests on mechanics the edition inherits from another edition
    (the registry's ``inherit``; the case's ``mechanics`` in cases.yaml): "rotation: inherited
    from 2007", with the donor's articles."""

    donor: str
    mechanics: tuple[str, ...]
    articles: tuple[str, ...]
    text: str  # the badge, in the card's language
    title: str  # what it means, with the donor's articles
    #: What the card must warn of, in its language, where the edition's text leaves open what the
    #: donor states (rotation: "in volgorde" with no direction, clockwise from 2007:17.C): the
    #: catalogue's ``cards.inherited_caution.<mechanic>``, one sentence per such mechanic.
    cautions: tuple[str, ...] = ()


def inherited(case_id: str, edition: str | Edition, lang: str = DEFAULT_LANGUAGE) -> tuple[InheritedView, ...]:
    """The badges "inherited from <year>" of a card of ``case_id`` in ``edition``: one per donor
    edition, for the case's mechanics the edition's own text does not state. None for
    a case that names no mechanic, or an edition not in the registry."""
    from ..judging.rulings import find_case

    try:
        found_edition = find_edition(edition)
        basis = found_edition.basis
        mechanics = find_case(case_id).mechanics
    except BridgeLawsError:
        return ()
    edition = found_edition.year
    donors: dict[str, list[str]] = {}
    for mechanic in mechanics:
        found = basis.get(mechanic)
        if found is not None and found.is_inherited and found.donor:
            donors.setdefault(found.donor, []).append(mechanic)
    badges = []
    for donor, names in donors.items():
        articles = tuple(dict.fromkeys(a for m in names for a in basis[m].inherited))
        what = ", ".join(t(f"cards.mechanic.{m}", lang) for m in names)
        cautions = tuple(t(edition_key(f"cards.inherited_caution.{m}", edition), lang, edition=edition,
                           articles=", ".join(basis[m].inherited))
                         for m in names if f"cards.inherited_caution.{m}" in catalogue())
        badges.append(InheritedView(donor, tuple(names), articles, t("cards.inherited", lang, what=what, donor=donor),
                                    t("cards.inherited_title", lang, articles=", ".join(articles)), cautions))
    return tuple(badges)


@dataclass(frozen=True)
class RulingView:
    """A ruling as ready strings: what every renderer of a ruling shows."""

    case: str
    edition: str
    status: Status
    label: str  # the status badge: the status, or "accepted" when a call over it accepted the call
    colour: str  # the status colour (:data:`STATUS_COLOURS`)
    articles: str  # "1936:22.3, 1936:22.3.a"; "" when none
    references: str  # articles outside the corpus the text points to; "" when none
    quote_nl: str | None
    quote_from: str | None
    summary: str
    bars: tuple[str, ...]  # "E must pass at his next turn"
    options: tuple[OptionView, ...]
    play: tuple[str, ...]
    bars_short: str  # the comparison's columns (see bars_short, options_short)
    options_short: str
    play_short: str
    short: str  # the matrix cell (short_rectification)
    must_pass: str  # a key of MUST_PASS_LABELS
    assumption: str | None
    #: The status as a reader sees it (:func:`status_name`): "not in the excerpt" for ``silent``.
    status_name: str = ""
    #: A supplementary ruling's provenance ("outside the corpus: paraphrase of ... from ..., read
    #: ..."); None for a corpus ruling. Shown apart from any quote, never inside one.
    outside_corpus: str | None = None
    #: For a supplementary ruling: what the corpus excerpt itself does ("not in the excerpt", "referenced: 2017:27").
    corpus_status: str | None = None
    corpus_summary: str | None = None
    #: For a draft's ruling (:mod:`bridgelaws.judging.drafts`): the proposed wording and the reason for it,
    #: shown as :data:`bridgelaws.judging.drafts.PROPOSED_LABEL`, never as a quote.
    proposed: str | None = None
    proposed_reason: str | None = None
    #: The language of the card's fixed words, and of :attr:`summary`: where the
    #: ruling has no summary in ``lang``, the English one is shown with :attr:`summary_note` (never a
    #: machine translation), and :attr:`summary_lang` says the summary's own language.
    lang: str = DEFAULT_LANGUAGE
    summary_lang: str = DEFAULT_LANGUAGE
    summary_note: str | None = None
    #: The badges of mechanics the edition inherits that the case rests on (:func:`inherited`).
    inherited: tuple[InheritedView, ...] = ()
    #: :attr:`assumption` in the card's language where the engine wrote it (:func:`assumption_words`),
    #: and the language it is in: a ruling's own assumption is the data's English, shown marked.
    assumption_shown: str | None = None
    assumption_lang: str = DEFAULT_LANGUAGE
    #: :attr:`play` in the card's language, each line with the language it is in (:func:`play_words`):
    #: a line with no Dutch written beside it is the data's English, shown marked.
    play_shown: tuple[tuple[str, str], ...] = ()
    #: Where the supplementary layer has a gap for the situation (so this is the corpus's answer):
    #: the gap branch's note with its label, and the language of its summary (:func:`supplement_gap`).
    supplement_gap: str | None = None
    supplement_gap_lang: str = DEFAULT_LANGUAGE

    @property
    def assumption_line(self) -> str | None:
        return assumption_line(self.assumption)


def assumption_line(assumption: str | None) -> str | None:
    """The assumption flag (the catalogue's ``cli.assumption`` in English), or None where the text
    itself rules."""
    return f"ASSUMPTION (not law): {assumption}" if assumption else None


@dataclass(frozen=True)
class QuotedEnglish:
    """The project's English of the record a ruling quotes: shown beside the verbatim
    Dutch quote on request, never in its place. The quote is a part of the record; the English is
    of the whole record, since a translation cannot be cut at the Dutch quote's words."""

    record_id: str
    text: str
    label: str  # translation.LABEL: the project's translation, not a source text

    @property
    def line(self) -> str:
        return f"{self.label} ({self.record_id}, the whole paragraph): {self.text}"


def quoted_english(view: RulingView) -> QuotedEnglish | None:
    """The English of the record ``view`` quotes, or None: no quote (silent, supplementary), or no
    translation of that record."""
    from ..text import translation

    if not view.quote_nl or not view.quote_from:
        return None
    text = translation.english(view.quote_from)
    return None if text is None else QuotedEnglish(view.quote_from, text, translation.LABEL)


def _option_phrase(option: dict[str, Any], lang: str) -> str:
    if lang == DEFAULT_LANGUAGE:
        return f"option for {option['by']}: {option['text'] or option['choice']}"
    # The option's text is the rulings' English (data/rulings/); in another language the choice's
    # own words stand in for it, so that the card does not mix languages in one phrase.
    return t("cards.option", lang, by=who_name(option["by"], lang), text=choice_name(option["choice"], lang))


def _summary(ruling: Ruling, lang: str) -> tuple[str, str, str | None]:
    """(summary, its language, the note saying it is not in ``lang``): the English summary, or the
    ruling's summary in ``lang`` where one is written (:attr:`~bridgelaws.judging.rulings.Ruling.summary_nl`)."""
    if lang == DEFAULT_LANGUAGE:
        return ruling.summary_en, DEFAULT_LANGUAGE, None
    written = ruling.summary_nl if lang == "nl" else None
    if written:
        return written, lang, None
    return ruling.summary_en, DEFAULT_LANGUAGE, t("cards.no_dutch_summary", lang)


def _outside_corpus(ruling: Ruling, lang: str) -> str | None:
    """The provenance line of a supplementary ruling in ``lang`` (:attr:`Ruling.outside_corpus` is
    the English one); None for the corpus."""
    if ruling.outside_corpus is None:
        return None
    from ..supplement.supplement import provenance_line

    return provenance_line(ruling.provenance, lang)


def supplement_gap(ruling: Ruling, lang: str) -> tuple[str | None, str]:
    """The note of a gap branch of the supplementary layer (:attr:`Ruling.supplement_gap`), labelled
    as a gap of the layer with its article, and the language of its summary (the English where no
    Dutch is written); (None, ``lang``) where there is none."""
    gap = ruling.supplement_gap
    if gap is None:
        return None, lang
    written = gap.summary_nl if lang == "nl" else None
    summary, summary_lang = (written, lang) if written else (gap.summary_en, DEFAULT_LANGUAGE)
    label = (t("cards.supplement_gap", lang, article=gap.article) if gap.article
             else t("cards.supplement_gap_plain", lang))
    return f"{label}{summary}", summary_lang


def shown_status_name(ruling: Ruling, lang: str = DEFAULT_LANGUAGE) -> str:
    """The status of a ruling in the words its card shows (:func:`shown_status`): a ``silent`` ruling
    that quotes the article it rests on (the excerpt treats the moment but gives no rectification:
    1936:20, 2017:20.B: the entry's ``no_rectification``) says so, never "not in the excerpt" above a
    quote from that very excerpt. Where the quoted article does not treat the moment (a card exposed
    after the close), the card still says "not in the excerpt"."""
    if str(ruling.status) == "silent" and ruling.no_rectification and ruling.quote_nl:
        return t("cards.status.silent_quoted", lang)
    return status_name(shown_status(ruling), lang)


def describe(ruling: Ruling, lang: str = DEFAULT_LANGUAGE) -> RulingView:
    """The ruling in words (see :class:`RulingView`), its fixed words in ``lang``."""
    proposal = ruling.proposal
    if lang == DEFAULT_LANGUAGE:
        label = "accepted" if ruling.accepted else shown_status_name(ruling)
        label = f"{label} (draft)" if proposal is not None else label
    else:
        label = t("cards.status.accepted", lang) if ruling.accepted else shown_status_name(ruling, lang)
        label = t("cards.status.draft", lang, label=label) if proposal is not None else label
    summary, summary_lang, summary_note = _summary(ruling, lang)
    shown_assumption, shown_assumption_lang = assumption_words(ruling.assumption, lang)
    gap, gap_lang = supplement_gap(ruling, lang)
    return RulingView(
        case=ruling.case, edition=ruling.edition, status=ruling.status,
        label=label,
        colour=STATUS_COLOURS.get(shown_status(ruling), OTHER_COLOUR),
        articles=", ".join(ruling.articles), references=", ".join(ruling.references),
        quote_nl=ruling.quote_nl, quote_from=ruling.quote_from, summary=summary,
        bars=tuple(must_pass(str(bar["seat"]), bar["scope"], lang, ruling.edition) for bar in ruling.barred),
        options=tuple(OptionView(_option_phrase(option, lang), ruling.chosen == option["choice"])
                      for option in ruling.options),
        play=tuple(ruling.play), bars_short=bars_short(ruling.barred),
        options_short=options_short(ruling.options), play_short="; ".join(ruling.play) or "-",
        short=short_rectification(ruling, lang), must_pass=must_pass_key(ruling), assumption=ruling.assumption,
        status_name=shown_status_name(ruling, lang), outside_corpus=_outside_corpus(ruling, lang),
        corpus_status=None if ruling.corpus_status is None else status_name(ruling.corpus_status, lang),
        corpus_summary=ruling.corpus_summary,
        proposed=None if proposal is None else proposal.wording,
        proposed_reason=None if proposal is None else proposal.reason,
        lang=lang, summary_lang=summary_lang, summary_note=summary_note,
        inherited=inherited(ruling.case, ruling.law or ruling.edition, lang),
        assumption_shown=shown_assumption, assumption_lang=shown_assumption_lang,
        play_shown=tuple(play_words(line, lang) for line in ruling.play),
        supplement_gap=gap, supplement_gap_lang=gap_lang)
