"""The commands of the ``bridgelaws`` command line that tabulate every case: ``matrix``,
``coverage``, ``ledger``. The matrix's text listing is :mod:`bridgelaws.interfaces.cli_text`'s, in the
language of the run."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from .cli_common import lang_of
from .cli_text import marked
from ..text.i18n import catalogue, t
from ..text.errors import BridgeLawsError

if TYPE_CHECKING:
    import pandas as pd

    from ..presentation.ledger import Entry


#: What ``matrix --format F -o FILE`` writes, and the suffixes that name it.
_MATRIX_FILES: dict[str, tuple[str, tuple[str, ...]]] = {
    "csv": ("CSV", (".csv",)), "json": ("JSON", (".json",)), "xlsx": ("an Excel workbook", (".xlsx",)),
    "latex": ("LaTeX", (".tex",))}


def cmd_matrix(args: argparse.Namespace) -> int:
    from .cli_text import matrix_cells, matrix_status
    from ..presentation.tables import matrix

    if args.format is not None:
        return _matrix_export(args)
    if args.output:
        raise BridgeLawsError("matrix: -o FILE goes with --format csv|json|xlsx|latex")
    if args.json:
        print(json.dumps(_matrix_json(args.layer, args.editions), indent=2, ensure_ascii=False))
        return 0
    lang = "en" if args.csv else lang_of(args)  # --csv: a machine format, English whatever --lang says
    frame = matrix(detail=not args.status, layer=args.layer, editions=args.editions, lang=lang)
    if args.csv:
        _matrix_csv(frame)
    elif args.status:
        matrix_status(frame, args.layer, args.editions, lang)
    else:
        matrix_cells(frame, lang)
    return 0


def _matrix_csv(frame: pd.DataFrame) -> None:
    """``matrix --csv``: every text cell, the editions' names and the cases' ids too, safe from a
    spreadsheet's formulas."""
    from ..presentation.exports import spreadsheet_cell

    safe = frame.map(spreadsheet_cell)
    safe.columns = [spreadsheet_cell(str(c)) for c in safe.columns]
    safe.index = [spreadsheet_cell(str(i)) for i in safe.index]
    safe.index.name = frame.index.name
    sys.stdout.write(safe.to_csv())


def _matrix_export(args: argparse.Namespace) -> int:
    """``matrix --format csv|json|xlsx|latex [-o FILE]``: the tidy rows (bridgelaws.presentation.exports), to
    standard output or, complete or not at all, to FILE; a workbook only to a file."""
    from ..presentation import exports
    from ..text._cliio import write_output

    if args.status:
        raise BridgeLawsError("matrix: --status and --format do not go together (--format exports every column)")
    if args.format == "xlsx" and not args.output:
        raise BridgeLawsError("matrix --format xlsx needs -o FILE.xlsx (a workbook is not text for the terminal)")
    from ..text._cliio import check_suffix

    check_suffix("matrix", args.output, *_MATRIX_FILES[args.format])
    lang = lang_of(args)  # the headings of xlsx and LaTeX; CSV and JSON keep their column ids
    rows = exports.matrix_rows(args.layer, args.editions)
    if args.format == "xlsx":
        write_output(args.output, exports.matrix_xlsx(rows, lang))
        print(t("print.cli.wrote", lang, path=args.output, what=t("print.cli.rows", lang, count=len(rows))))
        return 0
    text = {"csv": lambda: exports.matrix_csv(rows), "json": lambda: exports.matrix_json(rows, args.layer),
            "latex": lambda: exports.matrix_latex(rows, lang)}[args.format]()
    if args.output:
        write_output(args.output, text)
        print(t("print.cli.wrote", lang, path=args.output, what=t("print.cli.rows", lang, count=len(rows))))
    else:
        sys.stdout.write(text)
    return 0


def _matrix_json(layer: str, editions: Any = None) -> list[dict[str, Any]]:
    """``matrix --json``: per case and edition, the status, the layer, and for a supplementary
    cell its source, read date and the words that say it is outside the corpus."""
    from ..presentation.present import status_name
    from ..presentation.tables import matrix_cells

    layers = ("corpus", "supplement") if layer == "both" else (layer,)
    result = []
    for name in layers:
        for cell in matrix_cells(name, editions):
            ruling = cell["ruling"]
            item: dict[str, Any] = {"case": cell["case"], "edition": cell["edition"], "status": cell["status"],
                                    "status_name": status_name(cell["status"]), "layer": cell["layer"],
                                    "articles": list(ruling.articles), "references": list(ruling.references),
                                    "cell": cell["cell"]}
            if layer == "both":
                item["asked"] = name
            if ruling.provenance:
                first = ruling.provenance[0]
                item.update(source=first.source, source_title=first.source_title, read=first.read,
                            outside_corpus=ruling.outside_corpus, corpus_status=ruling.corpus_status,
                            sources=[p.as_dict() for p in ruling.provenance])
            if ruling.proposal is not None:
                item["proposed"] = ruling.proposal.as_dict()
            result.append(item)
    return result


def cmd_coverage(args: argparse.Namespace) -> int:
    """The coverage table; with --edition, every record not modelled, with its reason and why."""
    from ..judging.coverage import coverage

    report = coverage(args.edition)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        return 0
    lang = lang_of(args)
    columns = [e.edition for e in report.editions]
    rows = [(_coverage_label(label, lang), counts) for label, counts in report.table()]
    if len(columns) == 1:  # the total column would repeat the one edition's
        rows = [(label, counts[:1]) for label, counts in rows]
    else:
        columns.append(t("cli.coverage.all", lang))
    width = max(len(label) for label, _ in rows)
    print(" " * width + "".join(f"{column:>7}" for column in columns))
    for label, counts in rows:
        print(f"{label:<{width}}" + "".join(f"{count:>7}" for count in counts))
    given = {item.reason for item in report.not_modelled}
    print()
    for reason, meaning in report.reasons:
        if reason in given:
            print(f"{reason}: {marked((meaning, 'en'), lang)}")
    if args.edition is not None:
        for part in report.editions:
            print()
            print(t("cli.coverage.edition", lang, edition=part.edition))
            for item in part.not_modelled:
                print(f"  {item.id}  {item.reason}: {marked((item.why, 'en'), lang)}")
                for use in item.shown_in:
                    print("      " + t("cli.coverage.shown_in", lang, use=marked((str(use), "en"), lang)))
    for line in report.problems():
        print(t("cli.coverage.problem", lang, line=marked((line, "en"), lang)))
    return 0


def _coverage_label(label: str, lang: str) -> str:
    """A row of the coverage table in ``lang``: its fixed words from the catalogue; a reason (indented)
    is the id of data/not-modelled.yaml."""
    if label.startswith(" "):
        return label
    return t(f"cli.coverage.{label.replace(' ', '_')}", lang)


def _ledger_entries(args: argparse.Namespace) -> list[Entry]:
    """The entries ``ledger`` asks for: across the gaps, between two editions, or each edition and the next."""
    from ..presentation import ledger

    if (args.from_ is None) != (args.to is None):
        raise BridgeLawsError("ledger: give both --from and --to, or neither (then each edition and the next)")
    subjects = [args.subject] if args.subject else None
    if args.across_gaps and args.from_ is not None:
        raise BridgeLawsError("ledger: --across-gaps compares the editions that rule on each subject; "
                              "it takes no --from/--to")
    if args.across_gaps:
        return ledger.all_across_gaps(args.layer, subjects)
    if args.from_ is not None:
        return ledger.ledger(args.from_, args.to, args.layer, subjects)
    return ledger.consecutive(args.layer, subjects)


def _word(group: str, value: object, lang: str) -> str:
    """A word of the ledger (a change, a because, a layer, a kind, a dimension, a direction) in ``lang``:
    the catalogue's ``cli.<group>.<value>``, its English the value itself; a value the catalogue has no
    word for is shown as it is."""
    key = f"cli.{group}.{str(value).replace(' ', '_')}"
    return t(key, lang) if key in catalogue() else str(value)


def _profile_words(entry: Entry, lang: str) -> str:
    """The dimensions that move, in a line (``Entry.profile_words`` in ``lang``)."""
    return "; ".join(f"{_word('dimension', d['dimension'], lang)} {_word('direction', d['direction'], lang)}"
                     for d in entry.profile() if d["direction"] not in ("same", "unknown"))


def _ledger_line(entry: Entry, widths: tuple[int, int, int], lang: str) -> str:
    """One entry of the ledger's listing: subject, kind, the editions, the change and why."""
    width, kind_width, years = widths
    because = f" ({_word('because', entry.because, lang)})" if entry.because else ""
    skipped = f" ({t('cli.ledger.across', lang, editions=', '.join(entry.skipped))})" if entry.skipped else ""
    layers = (f" [{_word('layer', entry.from_side.layer, lang)} -> {_word('layer', entry.to_side.layer, lang)}]"
              if entry.from_side.rules and entry.to_side.rules else "")
    return (f"{entry.subject:<{width}}  {_word('ledger.kind', entry.kind, lang):<{kind_width}}  "
            f"{entry.from_edition:>{years}} -> {entry.to_edition:<{years}}  "
            f"{_word('change', entry.change, lang)}{because}{layers}{_dimensions(entry, lang)}{skipped}")


def _dimensions(entry: Entry, lang: str) -> str:
    """How many dimensions the word rests on (`` (5 of 6 dimensions known)``); "" where none was compared."""
    found = entry.dimensions()
    return "" if found is None else f" ({t('cli.ledger.dimensions', lang, known=found[0], of=found[1])})"


def _ledger_listing(args: argparse.Namespace, entries: list[Entry]) -> None:
    """The ledger as text: one line per entry (its profile and reason under it, the reason English,
    marked in another language), then, for one subject over every edition, when it first and last
    appears."""
    import textwrap

    from ..presentation import ledger

    lang = lang_of(args)
    heads = {name: t(f"cli.ledger.{name}", lang) for name in ("subject", "kind", "from", "to", "change")}
    width = max([len(heads["subject"])] + [len(e.subject) for e in entries])
    kind_width = max([8, len(heads["kind"])] + [len(_word("ledger.kind", kind, lang)) for kind in ("case", "mechanic")])
    years = max([4, len(heads["from"]), len(heads["to"])] + [len(e.from_edition) for e in entries]
                + [len(e.to_edition) for e in entries])
    print(f"{heads['subject']:<{width}}  {heads['kind']:<{kind_width}}  {heads['from']:>{years}} -> "
          f"{heads['to']:<{years}}  {heads['change']}")
    for entry in entries:
        print(_ledger_line(entry, (width, kind_width, years), lang))
        moved = _profile_words(entry, lang)
        if moved:
            print(f"{'':<{width}}  {t('cli.ledger.profile', lang, moved=moved)}")
        if args.reasons:
            print(textwrap.fill(marked((entry.reason, "en"), lang), width=100, initial_indent="    ",
                                subsequent_indent="    ", break_on_hyphens=False, break_long_words=False))
    if args.subject and args.from_ is None:
        print()
        for kind in dict.fromkeys(e.kind for e in entries):
            print(marked((ledger.history(args.subject, args.layer, kind).sentence(), "en"), lang))


def cmd_ledger(args: argparse.Namespace) -> int:
    """The ledger of changes: between two editions, or between each edition and the next."""
    from ..presentation import ledger

    if args.counts:
        if args.from_ is not None or args.subject or args.across_gaps:
            raise BridgeLawsError("ledger: --counts counts every entry between consecutive editions; it takes no "
                                  "--from/--to, --subject or --across-gaps")
        print(ledger.counts_table(args.layer), end="")
        return 0
    entries = _ledger_entries(args)
    if args.json:
        print(json.dumps([e.as_dict() for e in entries], indent=2, ensure_ascii=False))
    elif args.csv:
        import csv

        from ..presentation.exports import spreadsheet_row

        writer = csv.DictWriter(sys.stdout, fieldnames=ledger.COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(spreadsheet_row(e.row()) for e in entries)
    else:
        _ledger_listing(args, entries)
    return 0
