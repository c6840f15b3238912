"""One presenter for a ruling: :func:`describe` turns a :class:`~bridgelaws.rulings.Ruling` into a
:class:`RulingView` of ready strings, and every wording of a status, a bar or an option is written
here once. The CLI, the tables, the HTML cards (:mod:`bridgelaws.render`) and the notebook views
all take their phrases from here, so a change of wording is made in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .i18n import DEFAULT_LANGUAGE, catalogue, t
from .vocabulary import Outcome, Scope, Status

if TYPE_CHECKING:
    from .rulings import Ruling

#: The colour of each status (and of a call with no irregularity, "regular") in cards and figures.
#: ``supplement`` (a paraphrase from outside the corpus) has a colour no corpus status uses.
STATUS_COLOURS = {"ruled": "#2e7d32", "referenced": "#ef6c00", "silent": "#757575", "supplement": "#6a1b9a",
                  "regular": "#1565c0"}
#: The colour of a status not in :data:`STATUS_COLOURS`.
OTHER_COLOUR = "#757575"

#: How each status is shown to a reader. The value ``silent`` (JSON, data) means *the corpus excerpt,
#: this edition's bidding chapter, does not treat the case*, never "the edition says nothing": the
#: full code may well treat it in an article outside the excerpt. So it is shown as "not in the
#: excerpt" wherever a person reads it (cards, tables, matrices, figures, exercises).
STATUS_NAMES = {"ruled": "ruled", "referenced": "referenced", "silent": "not in the excerpt",
                "supplement": "supplement", "regular": "regular"}

#: What each status means, in words (the matrix legend and the exercises).
STATUS_LABELS = {
    "ruled": "the text rules on it",
    "referenced": "the text points to an article outside the corpus",
    "silent": "not in the excerpt: the corpus (this edition's bidding chapter) does not treat it",
}
#: The legend of the supplementary layer's own status (shown only where that layer is on).
SUPPLEMENT_LABEL = ("outside the corpus: a paraphrase, in the project's words, of the full code's article "
                    "from a named source (data/supplement/); not the verbatim corpus")


def _words(prefix: str, name: str, lang: str) -> str:
    """The catalogue's ``prefix.name`` in ``lang``, or ``name`` itself where the catalogue has no
    such key (a status or role the catalogue does not know is shown as it is, as before)."""
    key = f"{prefix}.{name}"
    return t(key, lang) if key in catalogue() else name


def status_name(status: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The status as a reader sees it (:data:`STATUS_NAMES`): ``silent`` is "not in the excerpt"."""
    if lang == DEFAULT_LANGUAGE:
        return STATUS_NAMES.get(str(status), str(status))
    return _words("cards.status", str(status), lang)


def status_label(status: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a status means, in words (the legends)."""
    if lang == DEFAULT_LANGUAGE:
        return SUPPLEMENT_LABEL if status == "supplement" else STATUS_LABELS.get(str(status), str(status))
    return _words("cards.status_label", str(status), lang)


def must_pass_label(key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Who must pass (a key of :data:`MUST_PASS_LABELS`), in words."""
    return MUST_PASS_LABELS[key] if lang == DEFAULT_LANGUAGE else t(f"cards.must_pass_label.{key}", lang)


def who_name(who: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A role of the rulings (``offender``) or a seat's letter (``E``), as a card shows it: in
    English as it is, in Dutch ``overtreder``, ``O``."""
    return str(who) if lang == DEFAULT_LANGUAGE else _words("cards.who", str(who), lang)


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


@dataclass(frozen=True)
class ScopeWording:
    """How long a player must pass, in each form the outputs use."""

    duration: str  # after "must pass": a ruling card, the effect of an exposed card
    span: str  # "Must pass: East (next turn, ...)" in the stepper
    brief: str  # "Must pass: East (next turn)" under a judgement's grid
    tally: str  # "E barred 1 turn" in a matrix cell
    this_turn: str  # "East to call ... (he must pass this turn)" above the bidding box
    grid: str  # after "must pass" in the auction grid's header


#: A ruling's ``outcome`` in a matrix cell. The two kinds of new deal stay apart (vocabulary.Outcome).
OUTCOME_WORDS: dict[str, str] = {
    Outcome.REDEAL: "the same dealer deals again",
    Outcome.NEXT_DEAL: "not played; the next dealer deals",
    Outcome.PASSED_OUT: "passed out, no redeal",
}

SCOPE_WORDING = {
    Scope.NEXT_TURN: ScopeWording(duration="at his next turn", span="next turn", brief="next turn",
                                  tally="1 turn", this_turn="this turn", grid=" (1 turn)"),
    Scope.REST_OF_AUCTION: ScopeWording(duration="for the rest of the auction", span="rest of the auction",
                                        brief="rest of auction", tally="rest",
                                        this_turn="for the rest of the auction", grid=""),
}


def wording(scope: str, lang: str = DEFAULT_LANGUAGE) -> ScopeWording:
    """The wording of a bar's scope (``"next-turn"`` or ``"rest-of-auction"``)."""
    if lang == DEFAULT_LANGUAGE:
        return SCOPE_WORDING[Scope(scope)]
    key = f"cards.scope.{Scope(scope).value}"
    grid = t(f"{key}.grid", lang)
    return ScopeWording(duration=t(f"{key}.duration", lang), span=t(f"{key}.span", lang),
                        brief=t(f"{key}.brief", lang), tally=t(f"{key}.tally", lang),
                        this_turn=t(f"{key}.this_turn", lang), grid="" if grid == "-" else grid)


def outcome_words(outcome: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A ruling's outcome in words (:data:`OUTCOME_WORDS`)."""
    if lang == DEFAULT_LANGUAGE:
        return OUTCOME_WORDS.get(outcome, outcome)
    return _words("cards.outcome", str(outcome), lang)


def must_pass(who: str, scope: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``"East must pass at his next turn"``."""
    if lang == DEFAULT_LANGUAGE:
        return f"{who} must pass {wording(scope).duration}"
    return t("cards.must_pass", lang, who=who_name(who, lang), duration=wording(scope, lang).duration)


def bars_short(barred: list[dict[str, Any]]) -> str:
    """``"E (next-turn), W (rest-of-auction)"``, or ``"-"``: the bars column of a comparison."""
    return ", ".join(f"{b['seat']} ({b['scope']})" for b in barred) or "-"


def options_short(options: list[dict[str, Any]]) -> str:
    """``"S: cancel the bid (bars N (rest-of-auction))"``, or ``"-"``: the options column."""
    return "; ".join(f"{o['by']}: {o['text'] or o['choice']}"
                     + (f" (bars {bars_short(o['barred'])})" if o["barred"] else "")
                     for o in options) or "-"


def _tallied(barred: list[dict[str, Any]], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    if lang == DEFAULT_LANGUAGE:
        return [f"{b['seat']} barred {wording(b['scope']).tally}" for b in barred]
    return [t("cards.barred", lang, who=who_name(b["seat"], lang), tally=wording(b["scope"], lang).tally)
            for b in barred]


def short_rectification(ruling: Ruling, lang: str = DEFAULT_LANGUAGE) -> str:
    """A terse description of a ruling for one matrix cell."""
    if ruling.status == Status.SILENT:
        return status_name("silent", lang)
    if ruling.status == Status.REFERENCED:
        return t("cards.referenced_short", lang, articles=", ".join(ruling.references))
    parts = []
    if ruling.outcome:
        parts.append(outcome_words(ruling.outcome, lang))
    if ruling.deemed == "P":
        parts.append(t("cards.deemed_pass", lang))
    elif ruling.deemed == "same":
        parts.append(t("cards.deemed_same", lang))
    elif ruling.call_stands is False:
        parts.append(t("cards.cancelled", lang))
    elif ruling.call_stands is True:
        parts.append(t("cards.stands", lang))
    if ruling.next in ("offender", "proper", "skipped"):
        parts.append(t(f"cards.next.{ruling.next}", lang))
    parts.extend(_tallied(ruling.barred, lang))
    for option in ruling.options:
        bars = ", ".join(_tallied(option["barred"], lang))
        parts.append(t("cards.may", lang, by=who_name(option["by"], lang), choice=choice_name(option["choice"], lang))
                     + (f" ({bars})" if bars else ""))
    if ruling.play:
        parts.append(t("cards.play_consequences", lang))
    if ruling.acceptance:
        parts.append(t("cards.unless_called_over", lang))
    head = ", ".join(ruling.articles[:1])
    name = "supplement" if ruling.status == Status.SUPPLEMENT else "ruled"
    if ruling.proposal is not None:
        name = "draft"
    name = t(f"cards.kind.{name}", lang)
    return f"{name} ({head}): " + "; ".join(parts) if parts else f"{name} ({head})"


#: The effects the engine writes in fixed words (bridgelaws.judging), each with its catalogue key
#: ``cards.effect.<key>``; a label may follow ("(assumption)", "(outside the corpus)": ``judging._label``).
_EFFECTS = {"stands": "stands", "the auction ends": "auction_ends",
            "stands; the auction is not over": "not_over", "no effect: the auction stays closed": "stays_closed",
            "the auction is not changed": "not_changed", "accepted: stands as if proper and in turn": "accepted"}
_EFFECT_LABELS = {" (assumption)": "cards.effect_label.assumption",
                  " (outside the corpus)": "cards.effect_label.outside_corpus"}


def effect_text(effect: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """An event's effect (``EventRecord.effect``, the engine's English) in ``lang``: the effects the
    engine writes in fixed words, with their label ("stands (assumption)": "blijft staan (aanname)");
    any other effect (it names seats and calls) as the engine wrote it."""
    if lang == DEFAULT_LANGUAGE or not effect:
        return effect
    base, label = effect, ""
    for suffix, key in _EFFECT_LABELS.items():
        if effect.endswith(suffix):
            base, label = effect[: -len(suffix)], " " + t(key, lang)
            break
    if base not in _EFFECTS:
        return effect
    return t(f"cards.effect.{_EFFECTS[base]}", lang) + label


def must_pass_key(ruling: Ruling) -> str:
    """Who must pass under the ruling: a key of :data:`MUST_PASS_LABELS`."""
    if not ruling.rules:
        return "not-said"
    bars = list(ruling.barred)
    chosen = next((o for o in ruling.options if o["choice"] == ruling.chosen), None)
    if chosen is not None:
        bars += chosen["barred"]
    elif any(o["barred"] for o in ruling.options):
        return "choice"
    if not bars:
        return "nobody"
    return "rest-of-auction" if any(b["scope"] == Scope.REST_OF_AUCTION for b in bars) else "next-turn"


@dataclass(frozen=True)
class OptionView:
    """An option the text offers, in words."""

    phrase: str  # "option for S: cancel the bid"
    chosen: bool  # the option taken, once known


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
    #: For a draft's ruling (:mod:`bridgelaws.drafts`): the proposed wording and the reason for it,
    #: shown as :data:`bridgelaws.drafts.PROPOSED_LABEL`, never as a quote.
    proposed: str | None = None
    proposed_reason: str | None = None
    #: The language of the card's fixed words (issue 13 §6), and of :attr:`summary`: where the
    #: ruling has no summary in ``lang``, the English one is shown with :attr:`summary_note` (never a
    #: machine translation), and :attr:`summary_lang` says the summary's own language.
    lang: str = DEFAULT_LANGUAGE
    summary_lang: str = DEFAULT_LANGUAGE
    summary_note: str | None = None

    @property
    def assumption_line(self) -> str | None:
        return assumption_line(self.assumption)


def assumption_line(assumption: str | None) -> str | None:
    """The assumption flag (the catalogue's ``cli.assumption`` in English), or None where the text
    itself rules."""
    return f"ASSUMPTION (not law): {assumption}" if assumption else None


@dataclass(frozen=True)
class QuotedEnglish:
    """The project's English of the record a ruling quotes (issue 12): shown beside the verbatim
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
    from . import translation

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
    ruling's summary in ``lang`` where one is written (:attr:`~bridgelaws.rulings.Ruling.summary_nl`)."""
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
    from .supplement import provenance_line

    return provenance_line(ruling.provenance, lang)


def describe(ruling: Ruling, lang: str = DEFAULT_LANGUAGE) -> RulingView:
    """The ruling in words (see :class:`RulingView`), its fixed words in ``lang``."""
    proposal = ruling.proposal
    if lang == DEFAULT_LANGUAGE:
        label = "accepted" if ruling.accepted else status_name(ruling.status)
        label = f"{label} (draft)" if proposal is not None else label
    else:
        label = t("cards.status.accepted", lang) if ruling.accepted else status_name(ruling.status, lang)
        label = t("cards.status.draft", lang, label=label) if proposal is not None else label
    summary, summary_lang, summary_note = _summary(ruling, lang)
    return RulingView(
        case=ruling.case, edition=ruling.edition, status=ruling.status,
        label=label,
        colour=STATUS_COLOURS.get(ruling.status, OTHER_COLOUR),
        articles=", ".join(ruling.articles), references=", ".join(ruling.references),
        quote_nl=ruling.quote_nl, quote_from=ruling.quote_from, summary=summary,
        bars=tuple(must_pass(str(bar["seat"]), bar["scope"], lang) for bar in ruling.barred),
        options=tuple(OptionView(_option_phrase(option, lang), ruling.chosen == option["choice"])
                      for option in ruling.options),
        play=tuple(ruling.play), bars_short=bars_short(ruling.barred),
        options_short=options_short(ruling.options), play_short="; ".join(ruling.play) or "-",
        short=short_rectification(ruling, lang), must_pass=must_pass_key(ruling), assumption=ruling.assumption,
        status_name=status_name(ruling.status, lang), outside_corpus=_outside_corpus(ruling, lang),
        corpus_status=None if ruling.corpus_status is None else status_name(ruling.corpus_status, lang),
        corpus_summary=ruling.corpus_summary,
        proposed=None if proposal is None else proposal.wording,
        proposed_reason=None if proposal is None else proposal.reason,
        lang=lang, summary_lang=summary_lang, summary_note=summary_note)
