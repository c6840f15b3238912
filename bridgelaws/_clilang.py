"""The CLI's listings in a language other than English (``--lang nl``; issue 13 §6).

The English listings of :mod:`bridgelaws.cli` stay as they are, word for word (the documentation and the
tests read them); the listings here are the same listings with their fixed words from the message
catalogue (``data/messages/cli.yaml``, ``cards.yaml``). What the engine and the data write in English
(an event's reason and effect, a summary with no Dutch one written, an assumption) is shown as it is;
the quotes are verbatim Dutch in every language. Machine formats (``--json``, ``--csv``) are never
translated.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from .i18n import DEFAULT_LANGUAGE, find_language, t

if TYPE_CHECKING:
    from .calls import Call
    from .judging import Judgement
    from .present import RulingView
    from .records import EventRecord
    from .tables import Comparison

#: The environment variable that sets the CLI's language when ``--lang`` is not given.
LANG_VARIABLE = "BRIDGELAWS_LANG"


def language(args: argparse.Namespace) -> str:
    """The language of a run: ``--lang``, else :data:`LANG_VARIABLE`, else English; an unknown one
    is one line (exit 2)."""
    given = getattr(args, "lang", None)
    if given is None:
        given = os.environ.get(LANG_VARIABLE) or None
        if given is not None:
            try:
                return find_language(given)
            except Exception as error:
                from .errors import BridgeLawsError

                raise BridgeLawsError(f"{LANG_VARIABLE}: {error}") from None
    return find_language(given)


def language_of_argv(argv: list[str]) -> str:
    """The language a command line asks for, read before it is parsed (for the prefix of a parse
    error); English where it asks for none or for an unknown one."""
    wanted: str | None = os.environ.get(LANG_VARIABLE) or None
    for number, word in enumerate(argv):
        if word == "--lang" and number + 1 < len(argv):
            wanted = argv[number + 1]
        elif word.startswith("--lang="):
            wanted = word.split("=", 1)[1]
    try:
        return find_language(wanted)
    except Exception:
        return DEFAULT_LANGUAGE


def _extras(view: RulingView, lang: str) -> list[str]:
    """The lines under a ruling: the quote, a draft's wording, the provenance of a supplementary
    ruling, the summary (marked where it is not in ``lang``), the assumption."""
    lines = []
    if view.quote_nl:
        lines.append(t("cli.quote", lang, quote=view.quote_nl))
    if view.proposed is not None:
        lines.append(t("cli.proposed", lang, label=t("cards.proposed_label", lang), wording=view.proposed,
                       reason=view.proposed_reason or ""))
    if view.outside_corpus is not None:
        lines.append(view.outside_corpus)
    if view.summary:
        lines.append(view.summary + (f" {view.summary_note}" if view.summary_note else ""))
    if view.assumption:
        lines.append(t("cli.assumption", lang, assumption=view.assumption_shown or view.assumption))
    return lines


def judge_listing(result: Judgement, lang: str) -> int:
    """``bridgelaws judge`` in ``lang``."""
    from .present import describe, effect_text, reason_words, who_name, wording
    from .render import judgement_outcome, seat_name
    from .rulings import find_case
    from .vocabulary import EventKind

    print(t("cli.judge_head", lang, edition=result.edition.year, dealer=seat_name(result.dealer, lang)))
    for event in result.events:
        line = f"  {event.index:>2}. {event.token:<8}"
        seat = who_name(str(event.seat), lang) if event.seat is not None else ""
        if event.kind is EventKind.MARK:
            line += " " + t("cli.marks_accepted", lang, call=event.applies_to)
        elif event.kind is EventKind.OPTION:
            line += " " + t("cli.option_chosen", lang, call=event.applies_to)
        elif event.case and event.ruling is not None:
            view = describe(event.ruling, lang)
            line += f" {seat}: {find_case(event.case).name(lang)} ({event.case}) - {reason_words(event.reason or '', lang)[0]}"
            line += f"\n             {view.status_name.upper()}" + (
                f" ({t('cards.kind.draft', lang).upper()})" if view.proposed is not None else "")
            if view.articles:
                line += f" [{view.articles}]"
            if event.effect:
                line += f": {effect_text(event.effect, lang)}"
            for extra in _extras(view, lang):
                line += f"\n             {extra}"
        elif event.correction_of:
            line += f" {seat}: " + t("cli.replaces", lang, call=event.correction_of, effect=effect_text(event.effect or "", lang))
        else:
            line += f" {seat}"
        print(line)
    state = result.state
    print(judgement_outcome(result, lang))
    if state["outcome"] == "open":
        for bar in state["barred"]:
            print("  " + t("cards.must_pass", lang, who=who_name(bar["seat"], lang),
                           duration=wording(bar["scope"], lang).duration))
        print("  " + t("cli.legal_calls", lang, calls=" ".join(state["legal_calls"])))
        if result.no_legal_call is not None:
            print(f"  {result.no_legal_call.text()}")
    return 0


def _state_line(row: dict[str, Any], lang: str) -> str:
    from .present import outcome_words, who_name

    if row["outcome"] == "open":
        return t("cli.to_call", lang, seat=who_name(str(row["next_to_call"]), lang))
    if row["outcome"] == "contract":
        return t("cli.contract", lang, contract=row["contract"])
    return outcome_words(str(row["outcome"]), lang)


def compare_listing(args: argparse.Namespace, results: list[Comparison], lang: str) -> int:
    """``bridgelaws compare`` in ``lang``."""
    from .calls import parse_seat
    from .divergence import token_readings
    from .present import describe, effect_text
    from .render import seat_name
    from .rulings import find_case
    from .tables import compare_divergences

    print(t("cli.compare_head", lang, tokens=args.tokens, dealer=seat_name(parse_seat(args.dealer), lang)))
    found = compare_divergences(results)
    if found:
        print(t("cli.divergence_head", lang))
        for divergence in found:
            print(f"  {divergence.summary()}")
    for result in results:
        year = result.edition.year
        row = result.row()
        reads = ["      " + t("cli.reads", lang, token=d.token, index=d.index, words=d.words[year])
                 for d in found if year in d.words]
        print()
        if result.judgement is None:
            print(f"{year}  " + t("cli.cannot_continue", lang, error=row["error"]), *reads, sep="\n")
            continue
        if not result.events:
            print(f"{year}  " + t("cli.no_irregularity", lang, state=_state_line(row, lang)), *reads, sep="\n")
            continue
        calls = {r.index: r.call for r in token_readings(result.judgement.events)}
        for number, (event, ruling) in enumerate(result.events):
            view = describe(ruling, lang)
            if number:
                print()
            draft = f" ({t('cards.kind.draft', lang).upper()})" if view.proposed is not None else ""
            print(f"{year}  {find_case(str(event.case)).name(lang)} ({event.case}): {view.status_name.upper()}{draft}"
                  + (f"  [{view.articles}]" if view.articles else ""))
            what = event_words(event, calls)
            print("      " + t("cli.token", lang, index=event.index, what=what)
                  + (f" -> {effect_text(event.effect, lang)}" if event.effect else ""))
            if ruling.call_stands is not None:
                print("      " + t("cli.call_stands_yes" if ruling.call_stands else "cli.call_stands_no", lang))
            for label, value in (("cli.barred", view.bars_short), ("cli.options", view.options_short),
                                 ("cli.play", view.play_short)):
                if value not in (None, "-", ""):
                    print(f"      {t(label, lang)}: {value}")
            for extra in _extras(view, lang):
                print(f"      {extra}")
        for line in reads:
            print(line)
        print("      " + t("cli.then", lang, state=_state_line(row, lang)))
    return 0


def matrix_shares(layer: str, editions: Any, lang: str) -> None:
    """The shares under ``matrix --status`` in ``lang``."""
    from .tables import matrix_coverage

    print(t("cli.shares_corpus" if layer == "corpus" else "cli.shares_both", lang))
    for share in matrix_coverage(layer, editions):
        parts = t("cli.share_corpus", lang, count=share["corpus"]) + (
            " + " + t("cli.share_supplement", lang, count=share["supplement"]) if layer != "corpus" else "")
        ruling = f"{share['ruling']:>2}"
        print(f"  {share['edition']}  {t('cli.share', lang, ruling=ruling, cells=share['cells'])}  "
              f"{100 * share['ruling'] / share['cells']:5.1f} %  ({parts})")


def case_name(case_id: str, lang: str) -> str:
    from .rulings import find_case

    return find_case(case_id).name(lang)


def event_words(event: EventRecord, calls: dict[int, Call | None]) -> str:
    """What a token of the compare listing is: a call or exposed card as the edition read it;
    any other token (a change ``=2S``, a question ``?``, an incident ``S:[wrong-board]``) by its
    kind and the token as written, with its player when the token names one."""
    from .divergence import token_readings

    readings = token_readings([event])
    if readings:
        reading = readings[0]
        return reading.words(calls.get(reading.replaces) if reading.replaces else None, with_case=False)
    named = event.token[1:2] == ":"  # "S:[wrong-board]"; "?" or "[incorrect-deal]" names no one
    owner = f"{event.seat.full_name}'s " if event.seat is not None and named else ""
    return f"{owner}{event.kind.value} {event.token}"
