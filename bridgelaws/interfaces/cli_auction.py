"""The commands of the ``bridgelaws`` command line that judge scenarios: ``count-auctions``,
``judge``, ``compare``, ``distinguish``, ``handout``, ``impact``, ``exercises``. Their listings of
a ruling are :mod:`bridgelaws.interfaces.cli_text`'s, in the language of the run."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from .cli_common import escaping, lang_of
from .cli_text import marked
from ..auction.calls import parse_seat
from ..presentation.present import status_name, who_name
from ..presentation.render import seat_name
from ..text.i18n import t
from ..text.errors import BridgeLawsError

if TYPE_CHECKING:
    from ..presentation.distinguish import Difference
    from ..presentation.distinguish_results import Side
    from ..presentation.tables import Comparison


def cmd_count(args: argparse.Namespace) -> int:
    from ..auction.counting import MODERN_COUNT, count_auctions
    from ..judging.lookup import find_editions

    lang = lang_of(args)
    for edition in find_editions(args.edition):
        count = count_auctions(edition)
        same = t("cli.count.modern" if count == MODERN_COUNT else "cli.count.not_modern", lang)
        print(f"{edition.year}  {count:,}  ({same})")
    return 0


@escaping
def cmd_judge(args: argparse.Namespace) -> int:
    from .cli_text import judge_listing
    from ..judging.judging import judge

    result = judge(args.tokens, args.edition, args.dealer, layer=args.layer)
    if args.json:
        print(result.to_json())
        return 0
    judge_listing(result, lang_of(args))
    return 0


def _compare_csv(results: list[Comparison]) -> None:
    """``compare --csv``: one row per edition and event (tables.COMPARE_EVENT_COLUMNS)."""
    import csv

    from ..presentation.exports import spreadsheet_row
    from ..presentation.tables import COMPARE_EVENT_COLUMNS, compare_event_rows

    # The csv module, not pandas: a column with empty cells (an edition with no event) keeps
    # its whole numbers whole ("2", not "2.0").
    event_rows = compare_event_rows(results)
    # A supplementary answer adds its layer, source and read date (tables._supplement_columns).
    added = [key for row in event_rows for key in row if key not in COMPARE_EVENT_COLUMNS]
    writer = csv.DictWriter(sys.stdout, fieldnames=[*COMPARE_EVENT_COLUMNS, *dict.fromkeys(added)],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(spreadsheet_row(row) for row in event_rows)


@escaping
def cmd_compare(args: argparse.Namespace) -> int:
    from .cli_text import compare_listing
    from ..presentation.tables import compare_records, compare_results

    results = compare_results(args.tokens, args.editions, args.dealer, args.layer)
    if args.json:
        print(json.dumps(compare_records(results), indent=2, ensure_ascii=False))
    elif args.csv:
        _compare_csv(results)
    else:
        compare_listing(args.tokens, args.dealer, results, lang_of(args))
    return 0


@escaping
def cmd_impact(args: argparse.Namespace) -> int:
    """What a draft edition changes against its base (bridgelaws.presentation.impact)."""
    from ..text._cliio import Progress, refuse_input
    from ..presentation.distinguish import SPACES
    from ..presentation.impact import impact, impact_html, impact_text, write_impact_report

    if args.output is not None and os.path.splitext(args.output)[1].lower() not in (".html", ".htm", ".pdf"):
        raise BridgeLawsError(f"impact: -o {args.output!r} must end in .html or .pdf")
    if args.output is not None:  # before the work: the PBN file or the draft is never replaced by the report
        refuse_input(args.output, *(args.pbn or ()), args.draft)
    language = lang_of(args)
    if language != "en" and args.output is None and not args.json:  # the listing; the report (-o) is Dutch
        print(t("cli.impact.english_only", language), file=sys.stderr)
    progress = Progress("impact")
    try:
        report = impact(args.draft, max_tokens=args.max_tokens, space=SPACES[args.space], pbn=args.pbn,
                        progress=progress, lang=language)
        if args.output is not None:
            kind = write_impact_report(args.output, report, lang=language, progress=progress)
    finally:
        progress.done()
    if args.output is not None:
        print(t("impact.wrote", language, path=args.output, kind=kind))
        return 0
    if args.json:
        print(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
    elif args.html:
        print(impact_html(report))
    else:
        print(impact_text(report))
    return 0


def cmd_handout(args: argparse.Namespace) -> int:
    """A scenario's comparison across editions as a handout: one self-contained HTML page, or a PDF
    printed from it by headless Chromium (bridgelaws.presentation.handout)."""
    from ..presentation.handout import write_handout

    language = lang_of(args)
    kind = write_handout(args.output, args.tokens, args.editions, args.dealer, language, args.layer,
                         english=args.english)
    print(t("print.cli.wrote", language, path=args.output, what=t("print.cli.handout", language, kind=kind)))
    return 0


def _side_words(side: Side, lang: str) -> str:
    """One edition's line of a difference (``Side.words`` in ``lang``): who called, the case, the
    status, the articles; where the edition cannot go on, why (the engine's English, marked)."""
    if side.error is not None:
        return t("cli.distinguish.cannot_go_on", lang, error=marked((side.error, "en"), lang))
    case = side.case or t("cli.distinguish.proper_call", lang)
    by = f"{who_name(side.seat, lang)}: " if side.seat else ""
    return f"{by}{case}, {status_name(side.status, lang)}" + (f" ({', '.join(side.articles)})" if side.articles else "")


def _print_differences(differences: list[Difference], lang: str) -> None:
    """The numbered differences of ``distinguish``: scenario, kind, difference (generated English,
    marked in another language), each side's words."""
    for number, difference in enumerate(differences, start=1):
        print(f"{number:>3}. {' '.join(difference.scenario)}")
        print(f"     {marked((difference.kind, 'en'), lang)}")
        print(f"     {marked((difference.difference, 'en'), lang)}")
        print(f"     {difference.a.edition}: {_side_words(difference.a, lang)}")
        print(f"     {difference.b.edition}: {_side_words(difference.b, lang)}")


def cmd_distinguish(args: argparse.Namespace) -> int:
    from ..text._cliio import Progress
    from ..presentation.distinguish import SPACES, search

    progress = Progress("distinguish")
    try:
        found = search(args.a, args.b, max_tokens=args.max_tokens, layer=args.layer, dealer=args.dealer,
                       space=SPACES[args.space], progress=progress)
    finally:
        progress.done()
    if args.json:
        print(json.dumps([d.to_dict() for d in found.differences + found.later], indent=2, ensure_ascii=False))
        return 0
    lang = lang_of(args)
    years = (found.differences[0].a.edition, found.differences[0].b.edition) if found.differences else (args.a, args.b)
    judged = f"{found.judged:,}" if lang == "en" else f"{found.judged:,}".replace(",", ".")
    print(t("cli.distinguish.head", lang, count=len(found.differences), a=years[0], b=years[1], tokens=args.max_tokens,
            given=args.dealer, dealer=seat_name(parse_seat(args.dealer), lang), judged=judged))
    _print_differences(found.differences, lang)
    if found.later:
        print()
        print(t("cli.distinguish.later", lang, count=len(found.later)))
        _print_differences(found.later, lang)
    return 0


def cmd_exercises(args: argparse.Namespace) -> int:
    """The exercise set: listed, or as a printable handout, a GIFT file or an Anki deck."""
    from ..presentation.exercise_set import exercise_set

    lang = lang_of(args)
    fmt = "html" if args.handout else args.format
    if args.key and fmt != "html":
        raise BridgeLawsError("--key goes with the handout (--handout or --format html)")
    from ..text._cliio import check_suffix

    pdf = fmt == "html" and bool(args.output) and os.path.splitext(args.output)[1].lower() == ".pdf"
    check_suffix("exercises", args.output, *_EXERCISE_FILES[fmt])
    found = exercise_set()
    if fmt == "anki":
        from ..text._cliio import write_output
        from ..presentation.exercise_export import anki_deck

        if not args.output:
            raise BridgeLawsError("--format anki writes a file: give it with -o FILE.apkg")
        data, count = anki_deck(found, lang)
        write_output(args.output, data)
        print(f"{count} notes in {len(found)} exercises written to {args.output}", file=sys.stderr)
        return 0
    if fmt == "html":
        from ..presentation.views.quiz import handout_html

        text = handout_html(found, key=args.key, lang=lang)
    elif fmt == "gift":
        from ..presentation.exercise_export import gift

        text = gift(found, lang)
    else:
        lines = []
        for exercise in found:
            origin = t("cli.exercises.handwritten" if exercise.handwritten else "cli.exercises.generated", lang)
            questions = t("cli.exercises.questions", lang, count=f"{len(exercise.questions):>2}", origin=origin)
            lines.append(f"{exercise.id:<30} {exercise.case:<24} {questions}")
        text = "\n".join(lines) + "\n"
    if not args.output:
        sys.stdout.write(text)
        return 0
    from ..text._cliio import write_output

    if pdf:
        from ..presentation.handout import handout_pdf

        write_output(args.output, handout_pdf(text))
    else:
        write_output(args.output, text)
    return 0


#: What ``exercises -o FILE`` writes in each format, and the suffixes that name it.
_EXERCISE_FILES: dict[str, tuple[str, tuple[str, ...]]] = {
    "text": ("text", (".txt",)), "html": ("HTML or PDF", (".html", ".htm", ".pdf")),
    "gift": ("GIFT", (".gift", ".txt")), "anki": ("an Anki deck", (".apkg",))}
