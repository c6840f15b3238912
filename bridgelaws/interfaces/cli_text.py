"""The command line's listings of a ruling (``judge``, ``compare``, ``matrix``), in every language of
the interface: one renderer, its fixed words from the message catalogue (``data/messages/cli.yaml``,
``cards.yaml``).

What the engine and the data write in English (an event's reason, an effect it has no fixed words
for, a summary with no Dutch one written, an assumption, a divergence) is shown as it is; the quotes
are verbatim Dutch in every language. Where the English listing shows an id (a case, a scope, an
outcome, the dealer as given) and another language a name, the catalogue's text says which: the
English leaves the name out with ``{name:.0}`` (see ``data/messages/README.md``). Machine formats
(``--json``, ``--csv``) are not rendered here and never translated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..auction.calls import parse_seat
from ..judging.divergence import token_readings
from ..text.i18n import DEFAULT_LANGUAGE, t
from ..presentation.present import (bars_words, describe, effect_words, options_words, outcome_words, reason_words,
                                     who_name, wording)
from ..presentation.edition_words import case_name
from ..presentation.render import judgement_outcome, seat_name
from ..judging.rulings import find_case
from ..text.vocabulary import EventKind

if TYPE_CHECKING:
    import pandas as pd

    from ..auction.calls import Call
    from ..judging.judging import Judgement
    from ..presentation.present import RulingView
    from ..judging.records import EventRecord
    from ..judging.rulings import Ruling
    from ..presentation.tables import Comparison

#: The indent of the lines under a judged event, and under an edition's event in ``compare``.
_JUDGE_INDENT = " " * 13
_COMPARE_INDENT = " " * 6


def marked(found: tuple[str, str], lang: str) -> str:
    """A text the presenter gave with its language (``effect_words``, ``reason_words``): as it is,
    followed by the catalogue's "(not yet in ...)" where it is not in ``lang`` (the engine's English
    with no template), as the HTML cards mark it."""
    text, text_lang = found
    return text if text_lang == lang or not text else f"{text} {t('cards.not_in_language', lang)}"


def play_line(view: RulingView, lang: str) -> str:
    """A ruling's consequences for the play on one line, each in ``lang`` where its Dutch is written
    (``play_nl``), else the data's English, marked; "-" where there are none."""
    return "; ".join(marked(line, lang) for line in view.play_shown) or "-"


def case_label(case_id: str, lang: str, edition: str | None = None) -> str:
    """A case as a listing names it: its id (in Dutch its name, in ``edition``'s words, then the id)."""
    return t("cli.case", lang, case=case_id, name=case_name(case_id, lang, edition))


def _draft(view: RulingView, lang: str) -> str:
    """`` (DRAFT)`` after the status of a draft's ruling; "" for any other."""
    return f" ({t('cards.kind.draft', lang).upper()})" if view.proposed is not None else ""


def extras(view: RulingView, lang: str) -> list[str]:
    """The lines under a ruling: the quote, a draft's wording, the provenance of a supplementary
    ruling, the summary (marked where it is not in ``lang``), the assumption."""
    lines = []
    if view.quote_nl:
        lines.append(t("cli.quote", lang, quote=view.quote_nl))
    lines += [caution for badge in view.inherited for caution in badge.cautions]
    if view.proposed is not None:
        lines.append(t("cli.proposed", lang, label=t("cards.proposed_label", lang), wording=view.proposed,
                       reason=view.proposed_reason or ""))
    if view.outside_corpus is not None:
        lines.append(view.outside_corpus)
    if view.summary:
        lines.append(view.summary + (f" {view.summary_note}" if view.summary_note else ""))
    if view.supplement_gap is not None:
        lines.append(marked((view.supplement_gap, view.supplement_gap_lang), lang))
    if view.assumption:
        lines.append(t("cli.assumption", lang, assumption=marked(
            (view.assumption_shown or view.assumption, view.assumption_lang), lang)))
    return lines


# --------------------------------------------------------------------------------------------- judge


def _ruled_event(event: EventRecord, ruling: Ruling, seat: str, lang: str) -> str:
    """What follows the token of an event that got a ruling: who, the case, the reason, then the
    status, articles, effect and the lines under it."""
    view = describe(ruling, lang)
    year = ruling.edition
    line = (f" {seat}: {case_label(str(event.case), lang, year)} - "
            f"{marked(reason_words(event.reason or '', lang, year), lang)}")
    line += f"\n{_JUDGE_INDENT}{view.status_name.upper()}{_draft(view, lang)}"
    if view.articles:
        line += f" [{view.articles}]"
    if event.effect:
        line += f": {marked(effect_words(event.effect, lang, year), lang)}"
    for extra in extras(view, lang):
        line += f"\n{_JUDGE_INDENT}{extra}"
    return line


def _judge_event(event: EventRecord, lang: str) -> str:
    """One event of ``judge``: its number and token, then what it was."""
    line = f"  {event.index:>2}. {event.token:<8}"
    seat = who_name(str(event.seat), lang) if event.seat is not None else ""
    if event.kind is EventKind.MARK:
        return line + " " + t("cli.marks_accepted", lang, call=event.applies_to)
    if event.kind is EventKind.OPTION:
        return line + " " + t("cli.option_chosen", lang, call=event.applies_to)
    if event.case and event.ruling is not None:
        return line + _ruled_event(event, event.ruling, seat, lang)
    if event.correction_of and not event.effect:  # a replacement the ruling names no option for
        return line + f" {seat}: " + t("cli.replaces_plain", lang, call=event.correction_of)
    if event.correction_of:
        return line + f" {seat}: " + t("cli.replaces", lang, call=event.correction_of,
                                       effect=marked(effect_words(event.effect or "", lang), lang))
    return line + f" {seat}"


def judge_listing(result: Judgement, lang: str) -> None:
    """``bridgelaws judge``: each event, then where the auction stands, who must pass, the legal calls."""
    print(t("cli.judge_head", lang, edition=result.edition.year, dealer=seat_name(result.dealer, lang)))
    for event in result.events:
        print(_judge_event(event, lang))
    state = result.state
    print(judgement_outcome(result, lang))
    if state["outcome"] != "open":
        return
    for bar in state["barred"]:
        print("  " + t("cli.must_pass", lang, seat=who_name(bar["seat"], lang), scope=bar["scope"],
                       duration=wording(bar["scope"], lang).duration))
    for duty in state.get("duties", ()):
        print("  " + t(f"cli.must_{duty['kind'].replace('-', '_')}", lang, seat=who_name(duty["seat"], lang),
                       call=duty["call"] or "", articles=", ".join(duty["articles"])))
    print("  " + t("cli.legal_calls", lang, calls=" ".join(state["legal_calls"])))
    if result.no_legal_call is not None:
        print(f"  {result.no_legal_call.text()}")


# ------------------------------------------------------------------------------------------- compare


def state_line(row: dict[str, Any], lang: str) -> str:
    """Where an edition's auction stands after the scenario: who calls, the contract, or the outcome."""
    if row["outcome"] == "open":
        return t("cli.to_call", lang, seat=who_name(str(row["next_to_call"]), lang))
    if row["outcome"] == "contract":
        return t("cli.contract", lang, contract=row["contract"])
    outcome = str(row["outcome"])
    return t("cli.outcome", lang, outcome=outcome, words=outcome_words(outcome, lang))


def event_words(event: EventRecord, calls: dict[int, Call | None], lang: str = DEFAULT_LANGUAGE) -> str:
    """What a token of the compare listing is: a call or exposed card as the edition read it
    (in Dutch "1H van Oost", as the HTML says it); any other token (a change ``=2S``, a question
    ``?``, an incident ``S:[wrong-board]``) by its kind and the token as written, with its player
    when the token names one."""
    readings = token_readings([event])
    if readings:
        reading = readings[0]
        return reading.words(calls.get(reading.replaces) if reading.replaces else None, with_case=False,
                             lang=lang)
    named = event.token[1:2] == ":"  # "S:[wrong-board]"; "?" or "[incorrect-deal]" names no one
    if lang != DEFAULT_LANGUAGE:
        kind = t(f"cli.event_kind.{event.kind.value}", lang)
        return (t("cli.event_of", lang, kind=kind, token=event.token, seat=seat_name(event.seat, lang))
                if event.seat is not None and named else f"{kind} {event.token}")
    owner = f"{event.seat.full_name}'s " if event.seat is not None and named else ""
    return f"{owner}{event.kind.value} {event.token}"


def _compare_event(year: str, event: EventRecord, ruling: Ruling, calls: dict[int, Call | None],
                   lang: str) -> None:
    """One event of an edition in ``compare``: the case and status, the token, then the ruling's lines."""
    view = describe(ruling, lang)
    print(f"{year}  {case_label(str(event.case), lang, ruling.edition)}: {view.status_name.upper()}{_draft(view, lang)}"
          + (f"  [{view.articles}]" if view.articles else ""))
    print(_COMPARE_INDENT + t("cli.token", lang, index=event.index, what=event_words(event, calls, lang))
          + (f" -> {marked(effect_words(event.effect, lang, ruling.edition), lang)}" if event.effect else ""))
    if ruling.call_stands is not None:
        print(_COMPARE_INDENT + t("cli.call_stands_yes" if ruling.call_stands else "cli.call_stands_no", lang))
    for label, value in (("cli.barred", bars_words(ruling.barred, lang)),
                         ("cli.options", options_words(ruling.options, lang)), ("cli.play", play_line(view, lang))):
        if value not in (None, "-", ""):
            print(f"{_COMPARE_INDENT}{t(label, lang)}: {value}")
    for extra in extras(view, lang):
        print(f"{_COMPARE_INDENT}{extra}")


def _compare_edition(result: Comparison, reads: list[str], lang: str) -> None:
    """One edition of ``compare``: its events (or why there are none), how it read the tokens the
    editions read differently, and where its auction stands."""
    year = result.edition.year
    row = result.row()
    print()
    if result.judgement is None:
        print(f"{year}  " + t("cli.cannot_continue", lang, error=row["error"]), *reads, sep="\n")
        return
    if not result.events:
        print(f"{year}  " + t("cli.no_irregularity", lang, state=state_line(row, lang)), *reads, sep="\n")
        return
    calls = {r.index: r.call for r in token_readings(result.judgement.events)}
    for number, (event, ruling) in enumerate(result.events):
        if number:
            print()
        _compare_event(year, event, ruling, calls, lang)
    for line in reads:
        print(line)
    print(_COMPARE_INDENT + t("cli.then", lang, state=state_line(row, lang)))


def compare_listing(tokens: str, dealer: str, results: list[Comparison], lang: str) -> None:
    """``bridgelaws compare``: the tokens the editions read differently, then each edition."""
    from ..presentation.tables import compare_divergences  # pandas: only when a comparison is listed

    print(t("cli.compare_head", lang, tokens=tokens, given=dealer, dealer=seat_name(parse_seat(dealer), lang)))
    found = compare_divergences(results)
    if found:
        print(t("cli.divergence_head", lang))
        for divergence in found:
            print(f"  {divergence.summary(lang)}")
    for result in results:
        year = result.edition.year
        reads = [_COMPARE_INDENT + t("cli.reads", lang, token=d.token, index=d.index, words=d.words_in(lang)[year])
                 for d in found if year in d.words]
        _compare_edition(result, reads, lang)


# -------------------------------------------------------------------------------------------- matrix


def matrix_shares(layer: str, editions: Any, lang: str) -> None:
    """The shares under ``matrix --status``: per edition, the cells that hold a ruling."""
    from ..presentation.tables import matrix_coverage

    print(t("cli.shares_corpus" if layer == "corpus" else "cli.shares_both", lang))
    for share in matrix_coverage(layer, editions):
        parts = t("cli.share_corpus", lang, count=share["corpus"]) + (
            " + " + t("cli.share_supplement", lang, count=share["supplement"])
            + " + " + t("cli.share_later_code", lang, count=share["later_code"]) if layer != "corpus" else "")
        ruling = f"{share['ruling']:>2}"
        print(f"  {share['edition']}  {t('cli.share', lang, ruling=ruling, cells=share['cells'])}  "
              f"{100 * share['ruling'] / share['cells']:5.1f} %  ({parts})")


def matrix_status(frame: pd.DataFrame, layer: str, editions: Any, lang: str) -> None:
    """``matrix --status``: the status of every cell, then each edition's share of rulings."""
    width = max(len(i) for i in frame.index)
    column = max(len(str(v)) for v in [*frame.columns, *frame.to_numpy().ravel()])
    print(" " * width + "  " + "  ".join(f"{c:<{column}}" for c in frame.columns))
    for case, row in frame.iterrows():
        print(f"{case:<{width}}  " + "  ".join(f"{v:<{column}}" for v in row))
    print()
    matrix_shares("corpus" if layer == "corpus" else "supplement", editions, lang)


def matrix_cells(frame: pd.DataFrame, lang: str) -> None:
    """``matrix``: every case, then its cell under each edition."""
    for case, row in frame.iterrows():
        print(t("cli.matrix_case", lang, case=case, name=find_case(str(case)).name(lang)))
        for year, cell in row.items():
            print(f"   {year}  {cell}")
