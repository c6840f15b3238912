"""The ``bridgelaws`` command line. Every error: exit code 2 and one line on stderr."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from .errors import BridgeLawsError
from .vocabulary import DEFAULT_LAYER

if TYPE_CHECKING:
    from .bibliography import SourceMetadata
    from .corpus import Passage


#: The longest error line printed: a message quotes what the user gave, which may be a whole file.
MAX_ERROR_CHARS = 1000
#: Control characters (C0, DEL, C1) shown escaped, so that no input can move the cursor, recolour
#: or retitle the user's terminal through an error line.
_CONTROLS = {code: f"\\x{code:02x}" for code in [*range(0x20), *range(0x7f, 0xa0)]}
_CONTROLS.update({ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"})


#: The same escapes for a listing that shows what a draft wrote (``judge``, ``compare``, ``impact``):
#: every control character but the line feeds the listing is made of.
_SHOWN = {code: text for code, text in _CONTROLS.items() if code != ord("\n")}
#: For JSON: json.dumps escapes C0 itself; DEL and C1 (raw with ensure_ascii=False) become \u escapes.
_JSON_SHOWN = {code: f"\\u{code:04x}" for code in range(0x7f, 0xa0)}


def shown(text: str) -> str:
    """``text`` as a listing prints it: control characters escaped as in :func:`one_line` (so that a
    draft's text cannot move the cursor, recolour or retitle the terminal), line feeds kept."""
    return text.translate(_SHOWN)


class _Escaped:
    """Standard output through :func:`shown` (or, for JSON, DEL and C1 as ``\\u`` escapes)."""

    def __init__(self, stream: Any, table: dict[int, str]) -> None:
        self._stream, self._table = stream, table

    def write(self, text: str) -> int:
        return int(self._stream.write(text.translate(self._table)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _escaping(command: Any) -> Any:
    """A command whose listing shows a draft's text (its id, name, wording, reason, summary): what it
    prints goes through :class:`_Escaped` (issue 22: a draft is untrusted input)."""
    import functools

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        saved = sys.stdout
        sys.stdout = _Escaped(saved, _JSON_SHOWN if getattr(args, "json", False) else _SHOWN)
        try:
            code: int = command(args)
            return code
        finally:
            sys.stdout = saved

    return run


def one_line(error: object) -> str:
    """The message on one line, whatever the user typed into it: control characters escaped, and
    cut after :data:`MAX_ERROR_CHARS` characters, saying how many were left out."""
    text = str(error).translate(_CONTROLS)
    if len(text) > MAX_ERROR_CHARS:
        text = f"{text[:MAX_ERROR_CHARS]}... ({len(text) - MAX_ERROR_CHARS:,} more characters)"
    return text


PROG = "bridgelaws"

#: Options that take a comma list of editions, per command: ``--editions 1936 2017`` (a space
#: instead of the comma) is answered with "did you mean --editions 1936,2017?".
_LIST_OPTIONS = {"compare": "--editions", "matrix": "--editions", "handout": "--editions",
                 "count-auctions": "--edition", "coverage": "--edition", "pbn": "--edition"}


def _looks_like_editions(word: str) -> bool:
    """A word that reads as editions: years, ``all``, draft files, or a comma list of them."""
    import re

    parts = [part for part in word.split(",") if part]
    return bool(parts) and all(re.fullmatch(r"\d{4}|all|\S+\.ya?ml", part) for part in parts)


def _comma_list_hint(argv: list[str], command: str | None) -> str | None:
    """``compare: --editions 1936 2017: did you mean --editions 1936,2017? ...`` when editions
    follow a comma-list option as separate words; else None."""
    option = _LIST_OPTIONS.get(command or "")
    if option is None:
        return None
    for i, word in enumerate(argv):
        if word == option:
            values, rest = [], argv[i + 1:]
        elif word.startswith(option + "="):
            values, rest = [word[len(option) + 1:]], argv[i + 1:]
        else:
            continue
        for following in rest:
            if not _looks_like_editions(following):
                break
            values.append(following)
        if len(values) >= 2 and _looks_like_editions(values[0]):
            return (f"{command}: {option} {' '.join(values)}: did you mean {option} {','.join(values)}? "
                    f"(a comma list, without spaces)")
    return None


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not usage plus message
        # The line's own prefix is "bridgelaws: error:"; the message names the command, not the program.
        command = self.prog.removeprefix(PROG).strip()
        where = f"{command}: " if command else ""
        raise BridgeLawsError(f"{where}{message} (see {self.prog} --help)")

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        argv = sys.argv[1:] if args is None else [str(arg) for arg in args]
        commands = self._subcommands()
        command = next((word for word in argv if word in commands), None)
        hint = _comma_list_hint(argv, command)
        if hint:
            raise BridgeLawsError(hint)
        parsed, extras = self.parse_known_args(argv, namespace)
        if extras:
            named = getattr(parsed, "command", None)
            where = f"{named}: " if named else ""
            see = f"{PROG} {named} --help" if named else f"{PROG} --help"
            raise BridgeLawsError(f"{where}unrecognized arguments: {' '.join(extras)} (see {see})")
        return parsed

    def _subcommands(self) -> set[str]:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                return set(action.choices)
        return set()

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse drops an error of the write (``--help > /dev/full`` exited 0, silent): here it
        # reaches _run, which says it in one line with exit 2.
        if message:
            (file or sys.stderr).write(message)


def _cmd_editions(args: argparse.Namespace) -> int:
    from . import corpus
    from .bibliography import metadata
    from .editions import EDITIONS

    if args.json:
        print(json.dumps([_edition_dict(edition.year) for edition in EDITIONS], indent=2, ensure_ascii=False))
        return 0
    for edition in EDITIONS:
        source = corpus.source(edition.year)
        print(f"{edition.year}  {edition.code:<9} {edition.name}")
        print(f"      source {source.source_file} (page '{source.source_page}'), "
              f"{len(corpus.records(edition.year))} paragraphs")
        for line in _metadata_lines(metadata(edition.year)):
            print(f"      {line}")
        print(f"      all four pass -> {edition.all_pass_outcome} ({edition.rule('all-pass')})")
        if args.rules:
            for mechanic, description, basis in edition.rules():
                print(f"        {mechanic:<17} {basis}")
        else:
            for mechanic, basis in edition.inherited_rules():
                print(f"      inherits {mechanic}: {', '.join(basis.inherited)} from {basis.donor} - {basis.why}")
    return 0


def _metadata_lines(source: SourceMetadata) -> list[str]:
    """The bibliographic metadata of a source, in a few lines of ``bridgelaws editions``."""
    def value(name: str) -> str:
        field = getattr(source, name)
        return str(field.value) if field.known else "unknown"

    return [
        f"what: {value('description')}",
        f"code: {value('code')}, of {value('code_year')}; the text dated {value('dated')}; "
        f"language {value('language')}",
        f"printed title '{value('printed_title')}'; covers {value('covers')}",
        f"from {value('website')} ({value('website_address')}), retrieved {value('retrieved')}; "
        f"transcribed {value('transcribed')}",
        f"unknown: {', '.join(source.unknown()) or 'nothing'} (where each field comes from: editions --json)",
    ]


def _edition_dict(year: str) -> dict[str, Any]:
    """``editions --json``: one edition, its source and the source's metadata with where each field
    comes from (an unknown field says why)."""
    from . import corpus
    from .bibliography import metadata
    from .editions import find_edition

    edition = find_edition(year)
    return {
        "edition": edition.year, "code": edition.code, "name": edition.name,
        "paragraphs": len(corpus.records(year)), "all_four_pass": edition.all_pass_outcome,
        "inherits": [{"mechanic": mechanic, "articles": list(basis.inherited), "from": basis.donor,
                      "why": basis.why} for mechanic, basis in edition.inherited_rules()],
        "source": metadata(year).to_dict(),
    }


def _cmd_cite(args: argparse.Namespace) -> int:
    from .bibliography import cite

    sys.stdout.write(cite(args.id, args.format))
    return 0


def _cmd_export_tei(args: argparse.Namespace) -> int:
    """Write the corpus (one edition, or all) as TEI P5 XML, and say what the file holds."""
    from . import corpus, tei, translation

    tei.export(args.output, args.edition)
    years = corpus.EDITIONS if args.edition is None else (corpus.source(args.edition).edition,)
    def counted(number: int, noun: str) -> str:
        return f"{number} {noun}{'' if number == 1 else 's'}"

    parts = []
    for year in years:
        english = len(translation.translated(year))
        parts.append(f"{year}: {counted(len(corpus.source(year).articles), 'article')}, "
                     f"{counted(len(corpus.records(year)), 'paragraph')}, {counted(len(corpus.notes(year)), 'note')}, "
                     f"{counted(len(corpus.references(year)), 'reference')}, "
                     + (f"{english} in English" if english else "no English translation yet"))
    kind = "a teiCorpus of" if args.edition is None else "a TEI document of"
    print(f"wrote {args.output}: {kind} {counted(len(years), 'text')} "
          f"(schema: bridgelaws/schemas/tei-bridgelaws.rng)")
    for part in parts:
        print(f"  {part}")
    return 0


def _cmd_export_site(args: argparse.Namespace) -> int:
    """Write the static site (bridgelaws.static_site) and say what it holds and where to open it."""
    import time

    from .static_site import export

    started = time.perf_counter()
    summary = export(args.output, _lang(args), args.date)
    seconds = time.perf_counter() - started
    pages = sum(1 for name in summary.files if name.endswith(".html"))
    print(f"wrote {summary.directory}: {pages} pages ({summary.count('cases')} cases, "
          f"{summary.count('articles')} articles, {summary.count('scenarios')} scenario steps, "
          f"the index and the matrix) and one stylesheet in {seconds:.1f} s")
    print(f"  open {summary.directory / 'index.html'} in a browser, or put the directory on any web server")
    return 0


def _cmd_article(args: argparse.Namespace) -> int:
    from . import corpus

    passage = corpus.article(args.ref)
    if args.json:
        print(json.dumps(_passage_dict(passage), indent=2, ensure_ascii=False))
        return 0
    print(f"{passage.id}  {passage.heading or '(no heading)'}")
    if args.en:
        _print_english_header(passage)
    for record in passage.records:
        label = record.label if record.label else (f"[{record.restored_label}] " if record.restored_label else "")
        if record.title:
            print(f"  {record.title}")
            if args.en:
                _print_english(_title_english(record.id))
        print(f"  {record.id}: {label}{record.text}".replace("\n", "\n    "))
        if args.en:
            _print_english(_record_english(record.id), label)
    for note in passage.notes:
        print(f"  note ({note.kind}): {note.text}")
    for ref in passage.references:
        where = "in the corpus" if ref.in_corpus else "not in the corpus"
        print(f"  reference: '{ref.quote}' -> {ref.target} ({where})")
    return 0


# --- the project's English beside the Dutch (issue 12): `article --en`, and text_en in --json


def _record_english(record_id: str) -> str | None:
    from . import translation

    return translation.english(record_id)


def _title_english(record_id: str) -> str | None:
    from . import translation

    return translation.title_english(record_id)


def _print_english_header(passage: Passage) -> None:
    """The label once (the English below is the project's, not a source), then the heading's English."""
    from . import translation

    if not translation.translated(passage.edition):
        print(f"  (no English translation of the {passage.edition} text yet)")
        return
    print(f"  en = {translation.LABEL}")
    _print_english(translation.heading_english(passage.edition, passage.article))


def _print_english(english: str | None, label: str = "") -> None:
    """One English line under the Dutch it translates; nothing where there is no English."""
    if english:
        print(f"  en: {label}{english}".replace("\n", "\n    "))


def _passage_dict(passage: Passage) -> dict[str, Any]:
    from . import translation

    return {
        "id": passage.id, "edition": passage.edition, "heading": passage.heading,
        "heading_en": translation.heading_english(passage.edition, passage.article),
        "translation_label": translation.LABEL,
        "records": [{"id": r.id, "label": r.label, "restored_label": r.restored_label,
                     "title": r.title, "text": r.text,
                     "title_en": _title_english(r.id), "text_en": _record_english(r.id)}
                    for r in passage.records],
        "notes": [{"id": n.id, "kind": n.kind, "text": n.text} for n in passage.notes],
        "references": [{"from": r.from_id,
                        "quote": r.quote, "target": r.target, "in_corpus": r.in_corpus}
                       for r in passage.references],
    }


def _cmd_search(args: argparse.Namespace) -> int:
    from .translation import LABEL, dutch_terms, english, search

    hits = search(args.query, edition=args.edition, variants=not args.exact)
    forms = sorted({form.casefold() for hit in hits for form in hit.forms})
    terms = [] if any(hit.language == "nl" for hit in hits) else dutch_terms(args.query)
    if args.json:
        print(json.dumps({
            "query": args.query, "edition": args.edition, "spelling_variants": not args.exact,
            "records": len(hits), "forms": forms, "dutch_terms": [{"nl": nl, "en": en} for nl, en in terms],
            "hits": [{"id": hit.record_id, "where": hit.where, "fields": list(hit.fields),
                      "count": hit.count, "forms": list(hit.forms), "snippet": hit.snippet,
                      "marks": [list(mark) for mark in hit.marks], "highlighted": hit.highlighted(),
                      "match": hit.language, "text_en": english(hit.record_id)} for hit in hits],
        }, indent=2, ensure_ascii=False))
        return 0
    if not hits:
        print(f"no paragraph contains {args.query!r}")
    shown_label = False
    for hit in hits:
        where = "" if hit.where == "text" else f" ({hit.where})"
        if hit.language == "en":
            print(f"{hit.record_id}: match in the English (the project's translation, not a source text): "
                  f"{hit.highlighted()}")
            print(f"    nl: {corpus_text(hit.record_id)}".replace("\n", "\n        "))
            continue
        print(f"{hit.record_id}{where}: {hit.highlighted()}")
        text_en = english(hit.record_id)
        if text_en is not None:
            if not shown_label:
                print(f"    [{LABEL}]")
                shown_label = True
            print(f"    en: {text_en}".replace("\n", "\n        "))
    if terms:
        print(f"the glossary's Dutch for {args.query!r}: " + ", ".join(f"{nl} ({en})" for nl, en in terms))
    if hits:
        print(f"{len(hits)} paragraph{'s' if len(hits) != 1 else ''}; words matched: {', '.join(forms)}")
    return 0


def corpus_text(record_id: str) -> str:
    """The verbatim Dutch of a record (the search prints it under a match in the English)."""
    from . import corpus

    return corpus.record(record_id).text


def _cmd_diff(args: argparse.Namespace) -> int:
    from . import textdiff

    result = textdiff.diff(args.a, args.b)
    if args.json:
        print(json.dumps({
            "a": {"id": result.a.id, "label": result.a.label, "text": result.a.text},
            "b": {"id": result.b.id, "label": result.b.label, "text": result.b.text},
            "words_a": result.words_a, "words_b": result.words_b, "aligned": result.aligned,
            "spelling": result.spelling, "variant": result.variant, "deleted": result.deleted,
            "inserted": result.inserted,
            "similarity": round(result.similarity, 4),
            "pieces": [{"kind": p.kind, "a": p.old, "b": p.new} for p in result.pieces],
            "marked": textdiff.marked(result),
        }, indent=2, ensure_ascii=False))
        return 0
    print(f"a: {result.a.label}")
    print(f"b: {result.b.label}")
    print(textdiff.marked(result))
    print(f"similarity {result.similarity:.0%} = 2 x {result.aligned} aligned words / "
          f"({result.words_a} + {result.words_b} words); aligned: {result.spelling} in another spelling "
          f"~a→b~, {result.variant} another form of a glossary term ~~a→b~~; "
          f"{result.deleted} deleted [-...-], {result.inserted} inserted {{+...+}}")
    return 0


def _cmd_count(args: argparse.Namespace) -> int:
    from .counting import MODERN_COUNT, count_auctions
    from .editions import find_editions

    for edition in find_editions(args.edition):
        count = count_auctions(edition)
        same = "= the modern count" if count == MODERN_COUNT else "differs from the modern count"
        print(f"{edition.year}  {count:,}  ({same})")
    return 0


@_escaping
def _cmd_judge(args: argparse.Namespace) -> int:
    from .judging import judge
    from .present import describe
    from .render import judgement_outcome
    from .vocabulary import EventKind

    result = judge(args.tokens, args.edition, args.dealer, layer=args.layer)
    if args.json:
        print(result.to_json())
        return 0
    lang = _lang(args)
    if lang != "en":
        return _judge_in(result, lang)
    print(f"edition {result.edition.year}, dealer {result.dealer.full_name}")
    for event in result.events:
        line = f"  {event.index:>2}. {event.token:<8}"
        if event.kind is EventKind.MARK:
            line += f" marks call {event.applies_to} as accepted"
        elif event.kind is EventKind.OPTION:
            line += f" option chosen for call {event.applies_to}"
        elif event.case and event.ruling is not None:
            view = describe(event.ruling)
            line += f" {event.seat}: {event.case} - {event.reason}"
            line += f"\n             {view.status_name.upper()}" + (" (DRAFT)" if view.proposed is not None else "")
            if view.articles:
                line += f" [{view.articles}]"
            if event.effect:
                line += f": {event.effect}"
            for extra in (view.quote_line, view.proposed_line, view.outside_corpus, view.summary,
                          view.assumption_line):
                if extra is not None:
                    line += f"\n             {extra}"
        elif event.correction_of:
            line += f" {event.seat}: replaces call {event.correction_of}: {event.effect or ''}"
        else:
            line += f" {event.seat}"
        print(line)
    state = result.state
    print(judgement_outcome(result))
    if state["outcome"] == "open":
        for bar in state["barred"]:
            print(f"  {bar['seat']} must pass ({bar['scope']})")  # the scope's id, as in --json
        print(f"  legal calls: {' '.join(state['legal_calls'])}")
        if result.no_legal_call is not None:
            print(f"  {result.no_legal_call.text()}")
    return 0


@_escaping
def _cmd_compare(args: argparse.Namespace) -> int:
    from ._clilang import event_words
    from .divergence import token_readings
    from .present import assumption_line, call_stands_line, describe, quote_line, status_name
    from .tables import compare_divergences, compare_event_rows, compare_records, compare_results

    results = compare_results(args.tokens, args.editions, args.dealer, args.layer)
    if args.json:
        print(json.dumps(compare_records(results), indent=2, ensure_ascii=False))
        return 0
    if args.csv:
        import csv

        from .exports import spreadsheet_row
        from .tables import COMPARE_EVENT_COLUMNS

        # The csv module, not pandas: a column with empty cells (an edition with no event) keeps
        # its whole numbers whole ("2", not "2.0").
        event_rows = compare_event_rows(results)
        # A supplementary answer adds its layer, source and read date (tables._supplement_columns).
        added = [key for row in event_rows for key in row if key not in COMPARE_EVENT_COLUMNS]
        writer = csv.DictWriter(sys.stdout, fieldnames=[*COMPARE_EVENT_COLUMNS, *dict.fromkeys(added)],
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows(spreadsheet_row(row) for row in event_rows)
        return 0
    lang = _lang(args)
    if lang != "en":
        return _compare_in(args, results, lang)
    print(f'scenario "{args.tokens}", dealer {args.dealer}')
    found = compare_divergences(results)
    if found:
        print("the editions make different auctions of these tokens "
              "(whose call or card each is, and what it counts as):")
        for divergence in found:
            print(f"  {divergence.summary()}")
    for result in results:
        year = result.edition.year
        row = result.row()
        reads = [f"      reads {d.token} (token {d.index}) as {d.words[year]}" for d in found if year in d.words]
        print()
        if result.judgement is None:
            print(f"{year}  cannot continue: {row['error']}", *reads, sep="\n")
            continue
        if not result.events:
            print(f"{year}  no irregularity; {_state_line(row)}", *reads, sep="\n")
            continue
        calls = {r.index: r.call for r in token_readings(result.judgement.events)}
        for number, (event, ruling) in enumerate(result.events):
            view = describe(ruling)
            if number:
                print()
            draft = " (DRAFT)" if view.proposed is not None else ""
            print(f"{year}  {event.case}: {status_name(view.status).upper()}{draft}"
                  + (f"  [{view.articles}]" if view.articles else ""))
            what = event_words(event, calls)
            print(f"      token {event.index}: {what}" + (f" -> {event.effect}" if event.effect else ""))
            if ruling.call_stands is not None:
                print(f"      {call_stands_line(ruling.call_stands)}")
            for label, value in (("barred", view.bars_short), ("options", view.options_short),
                                 ("play", view.play_short)):
                if value not in (None, "-", ""):
                    print(f"      {label}: {value}")
            for extra in (quote_line(view.quote_nl), view.proposed_line, ruling.outside_corpus, view.summary,
                          assumption_line(view.assumption)):
                if extra is not None:
                    print(f"      {extra}")
        for line in reads:
            print(line)
        print(f"      then: {_state_line(row)}")
    return 0


def _lang(args: argparse.Namespace) -> str:
    """The language of the listing (``--lang``, else ``BRIDGELAWS_LANG``; :mod:`bridgelaws._clilang`)."""
    from ._clilang import language

    return language(args)


def _judge_in(result: Any, lang: str) -> int:
    from ._clilang import judge_listing

    return judge_listing(result, lang)


def _compare_in(args: argparse.Namespace, results: Any, lang: str) -> int:
    from ._clilang import compare_listing

    return compare_listing(args, results, lang)


def _matrix_shares_in(layer: str, editions: Any, lang: str) -> None:
    from ._clilang import matrix_shares

    matrix_shares(layer, editions, lang)


def _case_name(case_id: str, lang: str) -> str:
    from ._clilang import case_name

    return case_name(case_id, lang)


def _state_line(row: dict[str, Any]) -> str:
    if row["outcome"] == "open":
        return f"{row['next_to_call']} to call"
    if row["outcome"] == "contract":
        return f"contract {row['contract']}"
    outcome: str = row["outcome"]
    return outcome


def _cmd_matrix(args: argparse.Namespace) -> int:
    from .tables import matrix, matrix_coverage

    if args.format is not None:
        return _matrix_export(args)
    if args.output:
        raise BridgeLawsError("matrix: -o FILE goes with --format csv|json|xlsx|latex")

    if args.json:
        print(json.dumps(_matrix_json(args.layer, args.editions), indent=2, ensure_ascii=False))
        return 0
    lang = "en" if args.csv else _lang(args)  # --csv: a machine format, English whatever --lang says
    frame = matrix(detail=not args.status, layer=args.layer, editions=args.editions, lang=lang)
    if args.csv:
        from .exports import spreadsheet_cell

        # Every text cell, the editions' names and the cases' ids too, safe from a spreadsheet's formulas.
        safe = frame.map(spreadsheet_cell)
        safe.columns = [spreadsheet_cell(str(c)) for c in safe.columns]
        safe.index = [spreadsheet_cell(str(i)) for i in safe.index]
        safe.index.name = frame.index.name
        sys.stdout.write(safe.to_csv())
        return 0

    width = max(len(i) for i in frame.index)
    if args.status:
        column = max(len(str(v)) for v in [*frame.columns, *frame.to_numpy().ravel()])
        print(" " * width + "  " + "  ".join(f"{c:<{column}}" for c in frame.columns))
        for case, row in frame.iterrows():
            print(f"{case:<{width}}  " + "  ".join(f"{v:<{column}}" for v in row))
        print()
        layer = "corpus" if args.layer == "corpus" else "supplement"
        if lang != "en":
            _matrix_shares_in(layer, args.editions, lang)
            return 0
        print(f"cells holding a ruling ({'the corpus alone' if layer == 'corpus' else 'corpus or supplement'}):")
        for share in matrix_coverage(layer, args.editions):
            parts = f"{share['corpus']} corpus" + (f" + {share['supplement']} supplement" if layer != "corpus" else "")
            print(f"  {share['edition']}  {share['ruling']:>2} of {share['cells']}  "
                  f"{100 * share['ruling'] / share['cells']:5.1f} %  ({parts})")
        return 0
    for case, row in frame.iterrows():
        print(case if lang == "en" else f"{case}  ({_case_name(str(case), lang)})")
        for year, cell in row.items():
            print(f"   {year}  {cell}")
    return 0


@_escaping
def _cmd_impact(args: argparse.Namespace) -> int:
    """What a draft edition changes against its base (bridgelaws.impact)."""
    from .impact import impact, impact_html, impact_text

    from ._cliio import Progress
    from .distinguish import SPACES
    from .impact import write_impact_report

    if args.output is not None and os.path.splitext(args.output)[1].lower() not in (".html", ".htm", ".pdf"):
        raise BridgeLawsError(f"impact: -o {args.output!r} must end in .html or .pdf")
    progress = Progress("impact")
    try:
        report = impact(args.draft, max_tokens=args.max_tokens, space=SPACES[args.space], pbn=args.pbn,
                        progress=progress)
        if args.output is not None:
            kind = write_impact_report(args.output, report)
    finally:
        progress.done()
    if args.output is not None:
        print(f"wrote {args.output} (the impact report, {kind})")
        return 0
    if args.json:
        print(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
    elif args.html:
        print(impact_html(report))
    else:
        print(impact_text(report))
    return 0


def _cmd_coverage(args: argparse.Namespace) -> int:
    """The coverage table; with --edition, every record not modelled, with its reason and why."""
    from .coverage import coverage

    report = coverage(args.edition)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        return 0
    columns = [e.edition for e in report.editions]
    rows = report.table()
    if len(columns) == 1:  # the total column would repeat the one edition's
        rows = [(label, counts[:1]) for label, counts in rows]
    else:
        columns.append("all")
    width = max(len(label) for label, _ in rows)
    print(" " * width + "".join(f"{column:>7}" for column in columns))
    for label, counts in rows:
        print(f"{label:<{width}}" + "".join(f"{count:>7}" for count in counts))
    given = {item.reason for item in report.not_modelled}
    print()
    for reason, meaning in report.reasons:
        if reason in given:
            print(f"{reason}: {meaning}")
    if args.edition is not None:
        for part in report.editions:
            print()
            print(f"{part.edition}: not modelled")
            for item in part.not_modelled:
                print(f"  {item.id}  {item.reason}: {item.why}")
                for use in item.shown_in:
                    print(f"      shown in {use}")
    for line in report.problems():
        print(f"PROBLEM: {line}")
    return 0


def _matrix_export(args: argparse.Namespace) -> int:
    """``matrix --format csv|json|xlsx|latex [-o FILE]``: the tidy rows (bridgelaws.exports), to
    standard output or, complete or not at all, to FILE; a workbook only to a file."""
    from . import exports
    from ._cliio import write_output
    from .i18n import t

    if args.status:
        raise BridgeLawsError("matrix: --status and --format do not go together (--format exports every column)")
    if args.format == "xlsx" and not args.output:
        raise BridgeLawsError("matrix --format xlsx needs -o FILE.xlsx (a workbook is not text for the terminal)")
    lang = _lang(args)  # the headings of xlsx and LaTeX; CSV and JSON keep their column ids
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


def _cmd_handout(args: argparse.Namespace) -> int:
    """A scenario's comparison across editions as a handout: one self-contained HTML page, or a PDF
    printed from it by headless Chromium (bridgelaws.handout)."""
    from .handout import write_handout
    from .i18n import t

    lang = _lang(args)
    kind = write_handout(args.output, args.tokens, args.editions, args.dealer, lang, args.layer, english=args.english)
    print(t("print.cli.wrote", lang, path=args.output, what=t("print.cli.handout", lang, kind=kind)))
    return 0


def _matrix_json(layer: str, editions: Any = None) -> list[dict[str, Any]]:
    """``matrix --json``: per case and edition, the status, the layer, and for a supplementary
    cell its source, read date and the words that say it is outside the corpus."""
    from .present import status_name
    from .tables import matrix_cells

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


def _cmd_pbn(args: argparse.Namespace) -> int:
    """Read a PBN file as a stream: one game at a time, the report written as it goes (to stdout,
    or to --output through a temporary file that replaces FILE only when the run completes)."""
    import os

    from . import pbn
    from ._cliio import AtomicOutput, ReadProgress
    from .editions import find_editions

    editions = find_editions(args.edition)
    years = [edition.year for edition in editions]
    handle = pbn.open_file(args.file)  # read only: the input is never written
    output = None
    try:
        size = os.fstat(handle.fileno()).st_size
        output = AtomicOutput(args.output, handle.name) if args.output is not None else None
        stream = output.stream if output else sys.stdout
        progress = ReadProgress(args.file, size, handle, args.progress)
        table = pbn.ReportTable(years)
        if args.json:
            stream.write("[")
        else:
            stream.write(table.header() + "\n")
        games = problems = 0
        # A bad game is reported (one line on stderr) and the rest of the file is still read.
        for game in pbn.iter_games(handle, name=args.file, errors="keep"):
            games += 1
            try:
                if isinstance(game, BridgeLawsError):
                    raise game
                report = pbn.game_report(game, editions)
                _raise_if_unplayable(report)
            except BridgeLawsError as error:
                problems += 1
                progress.clear()
                print(f"bridgelaws: error: {one_line(error)}", file=sys.stderr)
            else:
                if args.json:
                    text = json.dumps(report, indent=2, ensure_ascii=False).replace("\n", "\n  ")
                    stream.write(("," if table.count else "") + "\n  " + text)
                    table.count += 1
                else:
                    stream.write("\n".join(table.game(report)) + "\n")
            progress.update(games)
        if args.json:
            stream.write("\n]\n" if table.count else "]\n")
        else:
            stream.write(table.summary() + "\n")
            if problems:
                stream.write(f"{problems} games could not be read (see the errors above)\n")
        if output:
            output.commit()
        progress.done(games)
        return 2 if problems else 0
    except BrokenPipeError:
        raise
    except OSError as exc:
        where = args.output if output else "the output"
        raise BridgeLawsError(f"cannot write {where}: {exc.strerror or exc}") from None
    finally:
        if output:
            output.abandon()  # nothing left behind unless committed
        handle.close()


def _cmd_ledger(args: argparse.Namespace) -> int:
    """The ledger of changes: between two editions, or between each edition and the next."""
    import csv
    import textwrap

    from . import ledger

    if (args.from_ is None) != (args.to is None):
        raise BridgeLawsError("ledger: give both --from and --to, or neither (then each edition and the next)")
    if args.counts:
        if args.from_ is not None or args.subject or args.across_gaps:
            raise BridgeLawsError("ledger: --counts counts every entry between consecutive editions; it takes no "
                                  "--from/--to, --subject or --across-gaps")
        print(ledger.counts_table(args.layer), end="")
        return 0
    subjects = [args.subject] if args.subject else None
    if args.across_gaps and args.from_ is not None:
        raise BridgeLawsError("ledger: --across-gaps compares the editions that rule on each subject; "
                              "it takes no --from/--to")
    if args.across_gaps:
        entries = ledger.all_across_gaps(args.layer, subjects)
    elif args.from_ is not None:
        entries = ledger.ledger(args.from_, args.to, args.layer, subjects)
    else:
        entries = ledger.consecutive(args.layer, subjects)
    if args.json:
        print(json.dumps([e.as_dict() for e in entries], indent=2, ensure_ascii=False))
        return 0
    if args.csv:
        from .exports import spreadsheet_row

        writer = csv.DictWriter(sys.stdout, fieldnames=ledger.COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(spreadsheet_row(e.row()) for e in entries)
        return 0
    width = max([len("subject")] + [len(e.subject) for e in entries])
    years = max([4] + [len(e.from_edition) for e in entries] + [len(e.to_edition) for e in entries])
    print(f"{'subject':<{width}}  {'kind':<8}  {'from':>{years}} -> {'to':<{years}}  change [layers]")
    for entry in entries:
        because = f" ({entry.because})" if entry.because else ""
        skipped = f" (across {', '.join(entry.skipped)})" if entry.skipped else ""
        layers = (f" [{entry.from_side.layer} -> {entry.to_side.layer}]"
                  if entry.from_side.rules and entry.to_side.rules else "")
        print(f"{entry.subject:<{width}}  {entry.kind:<8}  {entry.from_edition:>{years}} -> "
              f"{entry.to_edition:<{years}}  {entry.change}{because}{layers}{skipped}")
        moved = entry.profile_words()
        if moved:
            print(f"{'':<{width}}  profile: {moved}")
        if args.reasons:
            print(textwrap.fill(entry.reason, width=100, initial_indent="    ", subsequent_indent="    ",
                                break_on_hyphens=False, break_long_words=False))
    if args.subject and args.from_ is None:
        print()
        for kind in dict.fromkeys(e.kind for e in entries):
            print(ledger.history(args.subject, args.layer, kind).sentence())
    return 0


def _cmd_distinguish(args: argparse.Namespace) -> int:
    from .distinguish import search

    from .distinguish import SPACES

    from ._cliio import Progress

    progress = Progress("distinguish")
    try:
        found = search(args.a, args.b, max_tokens=args.max_tokens, layer=args.layer, dealer=args.dealer,
                       space=SPACES[args.space], progress=progress)
    finally:
        progress.done()
    if args.json:
        print(json.dumps([d.to_dict() for d in found.differences + found.later], indent=2, ensure_ascii=False))
        return 0
    years = (found.differences[0].a.edition, found.differences[0].b.edition) if found.differences else (args.a, args.b)
    print(f"{len(found.differences)} kind(s) of difference between {years[0]} and {years[1]}, shortest first "
          f"(up to {args.max_tokens} tokens, dealer {args.dealer}; {found.judged:,} scenarios judged)")
    for number, difference in enumerate(found.differences, start=1):
        print(f"{number:>3}. {' '.join(difference.scenario)}")
        print(f"     {difference.kind}")
        print(f"     {difference.difference}")
        print(f"     {difference.a.edition}: {difference.a.words()}")
        print(f"     {difference.b.edition}: {difference.b.words()}")
    if found.later:
        print()
        print(f"{len(found.later)} kind(s) of difference after a parting: the token after the shortest scenario "
              "of each parting (an acceptance, a correction, a right exercised, another player calling, or the "
              "next call read as another case)")
        for number, difference in enumerate(found.later, start=1):
            print(f"{number:>3}. {' '.join(difference.scenario)}")
            print(f"     {difference.kind}")
            print(f"     {difference.difference}")
            print(f"     {difference.a.edition}: {difference.a.words()}")
            print(f"     {difference.b.edition}: {difference.b.words()}")
    return 0


def _space_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--space", choices=["all", "calls"], default="all",
                        help="the scenarios searched: all (default: calls, exposures, changes, incidents, options) "
                             "or calls (calls in turn and out of rotation only: 4 tokens in seconds)")


def _max_tokens(text: str) -> int:
    from .distinguish import check_max_tokens

    # argparse turns a ValueError (BridgeLawsError is one) into "invalid value": say why instead.
    try:
        # ASCII digits only: int() also reads other scripts' digits ("٥", Arabic-Indic five, as 5).
        if not (text.strip().isascii() and text.strip().lstrip("+-").isdigit()):
            raise ValueError(text)
        value = int(text)
        check_max_tokens(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error) if isinstance(error, BridgeLawsError)
                                         else f"a whole number, not {text!r}") from None
    return value


def _layer_option(parser: argparse.ArgumentParser, both: bool = False) -> None:
    choices = ["corpus", "supplement"] + (["both"] if both else [])
    parser.add_argument(
        "--layer", choices=choices, default=str(DEFAULT_LAYER),
        help="supplement (the default): the best sourced answer: the verbatim corpus where the excerpt "
             "rules, else the sourced paraphrase of the full code (data/supplement/, marked as outside "
             "the corpus), else the gap; corpus: the verbatim corpus alone"
             + ("; both: the two side by side" if both else ""))


def _raise_if_unplayable(report: dict[str, Any]) -> None:
    """A game whose auction no edition chosen can replay (an irregular call without its PBN mark,
    a call after the end...) is a bad game of the file, reported as the games that cannot be read
    are: one line on stderr, counted, exit 2. (A game that only some editions cannot replay stays
    in the report, where those editions show the error.)"""
    errors = [entry["error"] for entry in report["editions"].values()]
    if errors and all(errors):
        raise BridgeLawsError(errors[0])


def _cmd_exercises(args: argparse.Namespace) -> int:
    """The exercise set (issue 13 §5): listed, or as a printable handout, a GIFT file or an Anki deck."""
    from .exercise_set import exercise_set

    lang = _lang(args)
    fmt = "html" if args.handout else args.format
    if args.key and fmt != "html":
        raise BridgeLawsError("--key goes with the handout (--handout or --format html)")
    found = exercise_set()
    if fmt == "anki":
        from ._cliio import write_output
        from .exercise_export import anki_deck

        if not args.output:
            raise BridgeLawsError("--format anki writes a file: give it with -o FILE.apkg")
        data, count = anki_deck(found, lang)
        write_output(args.output, data)
        print(f"{count} notes in {len(found)} exercises written to {args.output}", file=sys.stderr)
        return 0
    if fmt == "html":
        from .views.quiz import handout_html

        text = handout_html(found, key=args.key, lang=lang)
    elif fmt == "gift":
        from .exercise_export import gift

        text = gift(found, lang)
    else:
        lines = []
        for exercise in found:
            origin = "hand-written" if exercise.handwritten else "generated"
            lines.append(f"{exercise.id:<30} {exercise.case:<24} {len(exercise.questions):>2} questions ({origin})")
        text = "\n".join(lines) + "\n"
    if not args.output:
        sys.stdout.write(text)
        return 0
    from ._cliio import write_output

    write_output(args.output, text)
    return 0


#: Two worked examples per command, shown at the end of its ``--help`` (and the program's own).
#: tests/test_cli.py parses each of them; the command reference is docs/commands.md.
EXAMPLES: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    PROG: (('bridgelaws compare "1S 1H"', "an insufficient bid under all five editions, articles quoted"),
           ("bridgelaws matrix --status", "each case under each edition: ruled, referenced, supplement or a gap")),
    "editions": (("bridgelaws editions", "each edition, its source, and what it inherits where its text is silent"),
                 ("bridgelaws editions --rules", "every mechanic of each edition with the article(s) it rests on")),
    "cite": (("bridgelaws cite 1936:22.6.c", "a record cited as text, with its stable id and its source"),
             ("bridgelaws cite 2017:18.A --format bibtex", "the same for a reference manager: one @misc entry")),
    "export-tei": (("bridgelaws export-tei -o corpus.xml", "the five texts as one teiCorpus"),
                   ("bridgelaws export-tei 1936 -o 1936.xml", "the 1936 text alone")),
    "export-site": (("bridgelaws export-site -o site", "the matrix, the cases, the articles and the scenarios as HTML pages"),
                    ("bridgelaws export-site --lang nl --date 2026-12-01 -o site-nl",
                     "the same site in Dutch, dated (the same bytes on every run)")),
    "article": (("bridgelaws article 1936:22.3", "the verbatim Dutch of 1936 rule 22.3 and the records under it"),
                ("bridgelaws article 1936:22.6.c --en", "with the project's English under each Dutch paragraph")),
    "search": (("bridgelaws search doubleren --edition 1936", "finds the old spelling 'doubleeren' too"),
               ('bridgelaws search "pas*" --exact', "every word starting with 'pas', in the spelling asked for only")),
    "diff": (("bridgelaws diff 1932:14 1936:18", "the rule on passing, 1932 against 1936: words deleted and inserted"),
             ("bridgelaws diff doubling@1936 doubling@1949", "a topic's articles in two editions")),
    "count-auctions": (("bridgelaws count-auctions", "the number of complete legal auctions, every edition"),
                       ("bridgelaws count-auctions --edition 1949", "one edition")),
    "judge": (('bridgelaws judge --edition 2017 "1NT P 3NT P P P"', "a regular auction: contract and declarer"),
              ('bridgelaws judge --edition 1936 "1S 1H 2H"',
               "an insufficient bid made sufficient: West must pass once (1936:22.3.a)")),
    "compare": (('bridgelaws compare "1S 1H"', "an insufficient bid under all five editions, side by side"),
                ('bridgelaws compare --editions 1936,1949 --layer corpus "1S W:!SK"',
                 "West exposes the king of spades: the corpus alone, two editions")),
    "distinguish": (("bridgelaws distinguish 1936 1949", "one shortest scenario per kind of difference"),
                    ("bridgelaws distinguish 2007 2017 --max-tokens 3 --json", "a shorter search, as JSON")),
    "matrix": (("bridgelaws matrix --status", "the status of every case under every edition, and each edition's share"),
               ("bridgelaws matrix --format xlsx -o matrix.xlsx", "the tidy table for a paper, as an Excel workbook")),
    "handout": (('bridgelaws handout "1S 1H" -o handout.html', "one self-contained page to print"),
                ('bridgelaws handout --lang nl --editions 1936,2017 "1S W:!SK" -o handout.pdf',
                 "in Dutch, two editions, printed to PDF by headless Chromium")),
    "impact": (("bridgelaws impact data/drafts/1936-milder-insufficient-bid.yaml --max-tokens 2",
                "what the example draft changes against 1936, scenarios up to 2 tokens"),
               ("bridgelaws impact data/drafts/1936-with-2017-closing.yaml --space calls --html",
                "the other example draft as an HTML page, searching calls only")),
    "coverage": (("bridgelaws coverage", "how many records of each text the engine models, and why not the rest"),
                 ("bridgelaws coverage --edition 2017", "every 2017 record not modelled, with its reason")),
    "ledger": (("bridgelaws ledger --from 1936 --to 1949", "what became of every case and mechanic from 1936 to 1949"),
               ("bridgelaws ledger --across-gaps --subject misnamed-double",
                "one case, compared across the excerpts that are silent on it")),
    "exercises": (("bridgelaws exercises --handout --key -o exercises.html",
                   "the printable questions, then the key on its own page"),
                  ("bridgelaws exercises --format gift --lang nl -o oefeningen.gift",
                   "the questions in Dutch for Moodle (Question bank > Import > GIFT)")),
    "pbn": (("bridgelaws pbn games.pbn", "per game the recorded contract and each edition's"),
            ("bridgelaws pbn games.pbn --edition 1936,2017 --json -o report.json",
             "two editions, as JSON, written only when the whole file is read")),
}


def _examples_epilog(command: str) -> str:
    lines = ["examples:"]
    for line, what in EXAMPLES[command]:
        lines += [f"  {line}", f"      {what}"]
    return "\n".join(lines)


def _with_examples(parser: argparse.ArgumentParser, command: str) -> None:
    """The parser's --help: its description (wrapped here, as the raw formatter keeps it as given),
    then the command's two examples."""
    import textwrap

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    if parser.description:
        parser.description = "\n".join(textwrap.wrap(" ".join(parser.description.split()), 78))
    parser.epilog = _examples_epilog(command)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="The bidding rules of contract bridge in five editions of the Laws "
                     "(1932, 1936, 1949, 2007, 2017), read from their Dutch texts. Every answer is the best "
                     "sourced one: the verbatim corpus where the excerpt rules, else the sourced paraphrase "
                     "(outside the corpus), else the gap; --layer corpus gives the text alone. Every error: "
                     "exit code 2 and one line on stderr.")
    _with_examples(parser, PROG)
    _lang_option(parser, argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("editions", help="the editions, their sources, and what each inherits")
    p.add_argument("--rules", action="store_true", help="every mechanic with the article(s) it rests on")
    p.add_argument("--json", action="store_true",
                   help="every edition with its source's metadata, and where each field comes from")
    p.set_defaults(func=_cmd_editions)

    p = sub.add_parser("cite", help="a citation of an edition, an article or a record, with its stable id")
    p.add_argument("id", help="an edition (1936), an article (1936:22) or a record (1936:22.6.c)")
    p.add_argument("--format", choices=["text", "bibtex", "csl-json"], default="text")
    p.set_defaults(func=_cmd_cite)

    p = sub.add_parser("export-tei", help="the corpus as TEI P5 XML: one edition, or all of them as a teiCorpus")
    p.add_argument("edition", nargs="?", default=None, help="one edition (default: every edition)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="the XML file to write (it appears only when it is complete)")
    p.set_defaults(func=_cmd_export_tei)

    p = sub.add_parser("export-site", help="a static site (HTML, no program behind it): the matrix, the cases, "
                                          "the articles and the scenarios step by step")
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="a new or empty directory, or an earlier export (its files are replaced, no others)")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                   help="the generation date shown (default: SOURCE_DATE_EPOCH, else today)")
    p.set_defaults(func=_cmd_export_site)

    p = sub.add_parser("article", help="an article's verbatim text, with notes and references")
    p.add_argument("ref", help="an article id such as 1936:22.3")
    p.add_argument("--json", action="store_true",
                   help="as JSON; each record carries text_en, the project's English (null where absent)")
    p.add_argument("--en", action="store_true",
                   help="the project's English translation under each Dutch paragraph (not a source text)")
    p.set_defaults(func=_cmd_article)

    p = sub.add_parser("search", help="search the texts of every edition: whole words, any spelling")
    p.add_argument("query", metavar="WORDS",
                   help="a word or several (a phrase); * for any letters (pas* finds passen)")
    p.add_argument("--edition", default=None)
    p.add_argument("--exact", action="store_true",
                   help="the form asked for only (case and accents still ignored), no spelling variants")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_search)

    p = sub.add_parser("diff", help="what changed between two texts: words deleted, inserted, respelt")
    p.add_argument("a", metavar="ID", help="a record or article (1936:15), or a topic in one edition (doubling@1936)")
    p.add_argument("b", metavar="ID")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_diff)

    p = sub.add_parser("count-auctions", help="the exact number of complete legal auctions")
    p.add_argument("--edition", default=None, help="one edition, a comma list, or all (default)")
    p.set_defaults(func=_cmd_count)

    p = sub.add_parser("judge", help="play a scenario under one edition")
    p.add_argument("--edition", required=True)
    p.add_argument("--dealer", default="N")
    p.add_argument("--json", action="store_true")
    _layer_option(p)
    p.add_argument("tokens", help='the scenario, e.g. "1S 1H" or "P E:1H W:!SK"')
    p.set_defaults(func=_cmd_judge)

    p = sub.add_parser("compare", help="one scenario under several editions, side by side")
    p.add_argument("--dealer", default="N")
    p.add_argument("--editions", default=None, help="a comma list, or all (default)")
    _layer_option(p)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--csv", action="store_true")
    p.add_argument("tokens", help='the scenario, e.g. "1S 1H"')
    p.set_defaults(func=_cmd_compare)

    from .distinguish import DEFAULT_MAX_TOKENS, DEFAULT_SPACE, MAX_TOKENS

    p = sub.add_parser(
        "distinguish", help="the shortest scenarios on which two editions give a different result",
        description="The shortest scenarios on which editions A and B give a different result (a case, "
                    "status, bars, options, whether the call stands, who calls next, the final state), one "
                    "per kind of difference, shortest first, with the articles on both sides. The search is "
                    "breadth-first and exhaustive over this space: " + DEFAULT_SPACE.describe() + ". An "
                    "auction closed within the tokens gets one token more (what happens after the close). "
                    f"Size: {DEFAULT_SPACE.sequences(DEFAULT_MAX_TOKENS):,} scenarios of up to "
                    f"{DEFAULT_MAX_TOKENS} tokens (options aside), of which the search, extending only what "
                    "both editions agree on, judges 12,434 for 1936-1949 and 65,001 for 2007-2017, the "
                    "closest pair, with the default layer. After the partings, what the next token does "
                    "differently (an acceptance, a correction, a right exercised, who calls next) is listed "
                    "as kinds of its own. Time (make bench, measure distinguish, processor time): all ten "
                    "pairs up to 4 tokens in about 25 s, as one walk; one pair in a few seconds to about 12 s. "
                    "Each token more multiplies the space by about nine.")
    p.add_argument("a", metavar="A", help="an edition, e.g. 1936")
    p.add_argument("b", metavar="B", help="another edition, e.g. 1949")
    p.add_argument("--max-tokens", type=_max_tokens, default=DEFAULT_MAX_TOKENS, metavar="N",
                   help=f"the longest scenario tried (default {DEFAULT_MAX_TOKENS}, at most {MAX_TOKENS})")
    p.add_argument("--dealer", default="N", help="the dealer (fixed: other dealers give the same scenarios rotated)")
    _space_option(p)
    _layer_option(p)
    p.add_argument("--json", action="store_true",
                   help="a list of objects: scenario, dealer, kind, difference, and per edition its case, "
                        "status, articles")
    p.set_defaults(func=_cmd_distinguish)

    p = sub.add_parser("matrix", help="every case under every edition")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true")
    fmt.add_argument("--json", action="store_true",
                     help="per case and edition: status, layer, and for a supplementary cell its source and read date")
    fmt.add_argument("--format", choices=["csv", "json", "xlsx", "latex"], default=None,
                     help="the tidy table, one row per case and edition (case, names, edition, status, the short "
                          "ruling, articles, layer, the Dutch quote, ...), as CSV, JSON, Excel or a LaTeX longtable")
    p.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="with --format: write FILE (it appears only when complete); xlsx needs it")
    p.add_argument("--status", action="store_true",
                   help="only the status (ruled / referenced / not in the excerpt / supplement), and per "
                        "edition the share of cells holding a ruling")
    p.add_argument("--editions", default=None,
                   help="the columns: a comma list of editions or draft files (data/drafts/*.yaml), or all (default)")
    _layer_option(p, both=True)
    p.set_defaults(func=_cmd_matrix)

    p = sub.add_parser("handout", help="a scenario's comparison across editions as a handout: HTML, or PDF via Chromium")
    p.add_argument("tokens", metavar="SCENARIO", help='the scenario, e.g. "1S 1H"')
    p.add_argument("--dealer", default="N")
    p.add_argument("--editions", default=None, help="a comma list, or all (default)")
    _layer_option(p)
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="FILE.html (one self-contained page) or FILE.pdf (printed by headless Chromium)")
    p.add_argument("--english", action="store_true",
                   help="also the project's English of each quoted paragraph (off by default)")
    p.set_defaults(func=_cmd_handout)

    p = sub.add_parser("impact", help="what a draft edition (a .yaml file) changes against the edition it starts from")
    p.add_argument("draft", help="a draft file, e.g. data/drafts/1936-with-2017-closing.yaml")
    p.add_argument("--max-tokens", type=_max_tokens, default=4, metavar="N",
                   help="the length of the scenarios searched for a different behaviour (default 4)")
    _space_option(p)
    p.add_argument("--pbn", nargs="+", default=None, metavar="FILE",
                   help="PBN files whose recorded auctions are replayed under base and draft: how many end "
                        "differently (another outcome, contract or declarer)")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true")
    fmt.add_argument("--html", action="store_true", help="the report's sections as an HTML fragment, on stdout")
    fmt.add_argument("-o", "--output", default=None, metavar="FILE",
                     help="FILE.html (one self-contained, printable document: date, sources, redline, matrix "
                          "cells, scenarios with their articles, ledger, recorded auctions) or FILE.pdf "
                          "(the same, printed by headless Chromium)")
    p.set_defaults(func=_cmd_impact)

    p = sub.add_parser("coverage", help="which records of each text the engine models, and why not the rest")
    p.add_argument("--edition", default=None,
                   help="one edition or a comma list (default: all); also lists each record not modelled")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_coverage)

    p = sub.add_parser("ledger", help="what changed for every case and mechanic between editions")
    p.add_argument("--from", dest="from_", default=None, metavar="EDITION",
                   help="the earlier edition of the pair (with --to); default: each edition and the next")
    p.add_argument("--to", default=None, metavar="EDITION")
    p.add_argument("--subject", default=None,
                   help="one case or mechanic id; without --from/--to, also when it first and last appears")
    p.add_argument("--reasons", action="store_true", help="print each entry's reason under it")
    p.add_argument("--across-gaps", action="store_true",
                   help="compare each edition whose excerpt rules on a subject with the previous one that "
                        "does, skipping the excerpts that do not")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true",
                     help="a list of objects: subject, kind, from, to, change, because, reason, both sides")
    fmt.add_argument("--csv", action="store_true")
    fmt.add_argument("--counts", action="store_true",
                     help="how many entries between consecutive editions have each word, as a Markdown table "
                          "(the README's and docs/ledger.md's)")
    _layer_option(p)
    p.set_defaults(func=_cmd_ledger)

    p = sub.add_parser("exercises", help="the exercise set (every case): a list, a printable handout, GIFT or Anki")
    p.add_argument("--format", choices=["text", "html", "gift", "anki"], default="text",
                   help="text: the list (default); html: the printable handout; gift: Moodle's GIFT; "
                        "anki: an Anki deck (.apkg, needs -o)")
    p.add_argument("--handout", action="store_true", help="the printable handout (the same as --format html)")
    p.add_argument("--key", action="store_true", help="the handout's answer key, on a page of its own")
    p.add_argument("-o", "--output", default=None, help="write to this file (default: standard output)")
    p.set_defaults(func=_cmd_exercises)

    p = sub.add_parser("pbn", help="read a PBN file and compare its contracts with each edition")
    p.add_argument("file")
    p.add_argument("--edition", default=None, help="one edition, a comma list, or all (default)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--output", "-o", metavar="FILE", default=None,
                   help="write the report to FILE, which appears only when the run completes "
                        "(an interrupted run leaves no partial file)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress on stderr (default: for files of 2 MB and more)")
    p.set_defaults(func=_cmd_pbn)
    for name, command in sub.choices.items():  # --lang after the command too
        _lang_option(command)
        if not command.description:
            command.description = next(action.help for action in sub._choices_actions if action.dest == name)
        _with_examples(command, name)
    return parser


def _lang_option(parser: argparse.ArgumentParser, default: Any = argparse.SUPPRESS) -> None:
    """``--lang``, accepted before the command and after it (each subparser has it too; SUPPRESS
    keeps a subparser from overwriting the value given before the command)."""
    from .i18n import t

    parser.add_argument("--lang", default=default, metavar="LANG", help=t("cli.lang_help", "en"))


def _interrupt(signum: int, frame: object) -> None:
    # SIGTERM and SIGHUP end a run as Ctrl-C does: through the same clean-up (no .part file left).
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    import signal

    parser = build_parser()
    previous: dict[int, object] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            try:
                previous[number] = signal.signal(number, _interrupt)
            except ValueError:  # not the main thread (main() called from a library's thread)
                pass
    try:
        return _run(parser, argv)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)  # type: ignore[arg-type]


class _ClosedOutput:
    """Standard output when the shell closed it (``>&-``: sys.stdout is None, and print() would
    write nothing and say nothing): every write fails as a write to a closed file does."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "standard output is closed")

    def flush(self) -> None:
        pass


def _output_error(error: OSError | UnicodeEncodeError) -> str:
    """The one line for output that cannot be written (a full device, a closed stdout, an encoding
    that cannot show a character of the text)."""
    if isinstance(error, UnicodeEncodeError):
        character = error.object[error.start:error.end]
        hint = ("a file name that is not UTF-8 cannot be written into the report"
                if any(0xdc80 <= ord(c) <= 0xdcff for c in character)
                else "set PYTHONIOENCODING=utf-8, or write the report with --output (pbn)")
        return (f"cannot write the output: the encoding {error.encoding} cannot show the character "
                f"{ascii(character)} ({hint})")
    import errno

    if error.errno == errno.EBADF:
        return "cannot write the output: standard output is closed"
    if error.errno in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EPIPE):
        return f"cannot write the output: {error.strerror or error}"
    where = f" ({error.filename})" if error.filename else ""
    return f"{error.strerror or error}{where}"


def _discard_unwritten_output() -> None:
    """After a failed write to the real standard output: what is still buffered would fail again
    when the interpreter exits (a second message and exit code 120), so it goes to /dev/null."""
    import os

    stream = sys.__stdout__
    if stream is None or sys.stdout is not stream:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _error_line(message: str, argv: list[str] | None) -> str:
    """``bridgelaws: error: ...``; under ``--lang nl`` ``bridgelaws: fout: ...`` (the message itself
    stays as the library words it)."""
    from ._clilang import language_of_argv
    from .i18n import t

    lang = language_of_argv(sys.argv[1:] if argv is None else list(argv))
    while message.startswith(f"{PROG}: "):  # the line has the prefix once, whatever raised it
        message = message[len(PROG) + 2:]
    return f"{PROG}: error: {message}" if lang == "en" else t("cli.error_prefix", lang, message=message)


def _unwritten(error: OSError | UnicodeEncodeError) -> int:
    """Output that could not be written: one line on stderr, exit 2 (a closed pipe: 0, quietly)."""
    if isinstance(error, BrokenPipeError):
        return 0
    _discard_unwritten_output()
    print(f"bridgelaws: error: {one_line(_output_error(error))}", file=sys.stderr)
    return 2


def _run(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    closed = sys.stdout is None
    if closed:
        sys.stdout = _ClosedOutput()
    try:
        args = parser.parse_args(argv)
        _lang(args)  # an unknown --lang (or BRIDGELAWS_LANG) is one line, whatever the command
        if not getattr(args, "func", None):
            parser.print_help()
            sys.stdout.flush()
            return 0
        code: int = args.func(args)
        sys.stdout.flush()  # a full device says so here, while one line and exit 2 can still be given
        return code
    except BridgeLawsError as error:
        print(_error_line(one_line(error), argv), file=sys.stderr)
        return 2
    except (UnicodeEncodeError, OSError) as error:
        return _unwritten(error)
    except SystemExit:
        # argparse's --help (exit 0) or usage error (exit 2): what it printed is flushed here, where
        # a full device can still be one line and exit 2 (at the interpreter's exit it was silent).
        try:
            sys.stdout.flush()
        except (UnicodeEncodeError, OSError) as error:
            return _unwritten(error)
        raise
    except KeyboardInterrupt:
        print("bridgelaws: interrupted", file=sys.stderr)
        return 130
    finally:
        if closed:
            sys.stdout = None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
