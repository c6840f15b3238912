"""The ``bridgelaws`` command line: the parser, its help and examples, and :func:`main`. Every
error: exit code 2 and one line on stderr.

The commands are in the modules beside this one, by group: :mod:`bridgelaws.interfaces.cli_corpus` (the
texts), :mod:`bridgelaws.interfaces.cli_auction` (scenarios judged), :mod:`bridgelaws.interfaces.cli_tables` (every case
tabulated), :mod:`bridgelaws.interfaces.cli_pbn`; the listings of a ruling, in every language, are
:mod:`bridgelaws.interfaces.cli_text`'s; what they share (the error line, escaping, the language) is
:mod:`bridgelaws.interfaces.cli_common`'s.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

from .cli_common import (MAX_ERROR_CHARS, PROG, ClosedOutput, error_words, internal, lang_of, missing_extra,
                         one_line, unwritten)
from ..text.errors import BridgeLawsError, InternalError
from ..text.vocabulary import DEFAULT_LAYER

__all__ = ["EXAMPLES", "MAX_ERROR_CHARS", "PROG", "build_parser", "main", "one_line"]


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


def _space_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--space", choices=["all", "calls"], default="all",
                        help="the scenarios searched: all (default: calls, exposures, changes, incidents, options) "
                             "or calls (calls in turn and out of rotation only: 4 tokens in seconds)")


def _dealer_option(parser: argparse.ArgumentParser,
                   help: str = "the dealer, who calls first: N (default), E, S or W") -> None:
    parser.add_argument("--dealer", default="N", metavar="SEAT", help=help)


def _max_tokens(text: str) -> int:
    from ..presentation.distinguish import check_max_tokens

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
    "completion": (("bridgelaws completion bash", "the bash script that completes commands, options and choices"),
                   ("bridgelaws completion zsh", "the same for zsh, through its bashcompinit")),
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


# The commands' modules are imported when a command runs, inside main()'s handling of errors: a
# broken registry of editions (read when they are imported) is then one line, and --help, which
# needs none of them, still works.
def _command(group: str, name: str) -> Any:
    def run(args: argparse.Namespace) -> int:
        from . import cli_auction, cli_corpus, cli_pbn, cli_tables

        module = {"corpus": cli_corpus, "auction": cli_auction, "tables": cli_tables, "pbn": cli_pbn}[group]
        return int(getattr(module, name)(args))
    return run


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The parser, its help in ``lang`` (:mod:`bridgelaws.interfaces.cli_help`)."""
    from ..text.i18n import t
    parser = _Parser(prog=PROG, description="The bidding rules of contract bridge in five editions of the Laws "
                     "(1932, 1936, 1949, 2007, 2017), read from their Dutch texts. Every answer is the best "
                     "sourced one: the verbatim corpus where the excerpt rules, else the sourced paraphrase "
                     "(outside the corpus), else the gap; --layer corpus gives the text alone. Every error of "
                     "the input: exit code 2 and one line on stderr (a defect of bridgelaws itself: exit code 70).")
    _with_examples(parser, PROG)
    _lang_option(parser, argparse.SUPPRESS)
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}",
                        help="the program's name and version, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("editions", help="the editions, their sources, and what each inherits")
    p.add_argument("--rules", action="store_true", help="every mechanic with the article(s) it rests on")
    p.add_argument("--json", action="store_true",
                   help="every edition with its source's metadata, and where each field comes from")
    p.set_defaults(func=_command("corpus", "cmd_editions"))

    p = sub.add_parser("cite", help="a citation of an edition, an article or a record, with its stable id")
    p.add_argument("id", help="an edition (1936), an article (1936:22) or a record (1936:22.6.c)")
    p.add_argument("--format", choices=["text", "bibtex", "csl-json"], default="text",
                   help="text (default), bibtex (one @misc entry) or csl-json (for Zotero and citeproc)")
    p.set_defaults(func=_command("corpus", "cmd_cite"))

    p = sub.add_parser("export-tei", help="the corpus as TEI P5 XML: one edition, or all of them as a teiCorpus")
    p.add_argument("edition", nargs="?", default=None, metavar="EDITION", help="one edition (default: every edition)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="the XML file to write (it appears only when it is complete)")
    p.set_defaults(func=_command("corpus", "cmd_export_tei"))

    p = sub.add_parser("export-site", help="a static site (HTML, no program behind it): the matrix, the cases, "
                                          "the articles and the scenarios step by step")
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="a new or empty directory, or an earlier export (its files are replaced, no others)")
    p.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                   help="the generation date shown (default: SOURCE_DATE_EPOCH, else today)")
    p.add_argument("--pyodide", default=None, metavar="DIR",
                   help="the folder of the npm package pyodide: the site also gets stepper.html, the stepper and "
                        "the comparison run in the browser, served by the site's host alone (make site)")
    p.set_defaults(func=_command("corpus", "cmd_export_site"))

    p = sub.add_parser("article", help="an article's verbatim text, with notes and references")
    p.add_argument("ref", help="an article id such as 1936:22.3")
    p.add_argument("--json", action="store_true",
                   help="as JSON; each record carries text_en, the project's English (null where absent)")
    p.add_argument("--en", action="store_true",
                   help="the project's English translation under each Dutch paragraph (not a source text)")
    p.set_defaults(func=_command("corpus", "cmd_article"))

    p = sub.add_parser("search", help="search the texts of every edition: whole words, any spelling")
    p.add_argument("query", metavar="WORDS",
                   help="a word or several (a phrase); * for any letters (pas* finds passen)")
    p.add_argument("--edition", default=None, help="one edition, a comma list, or all (default)")
    p.add_argument("--exact", action="store_true",
                   help="the form asked for only (case and accents still ignored), no spelling variants")
    p.add_argument("--json", action="store_true", help="the query, the forms it matched, and every paragraph found, as JSON")
    p.set_defaults(func=_command("corpus", "cmd_search"))

    p = sub.add_parser("diff", help="what changed between two texts: words deleted, inserted, respelt")
    p.add_argument("a", metavar="ID", help="a record or article (1936:15), or a topic in one edition (doubling@1936)")
    p.add_argument("b", metavar="ID", help="the other record, article or topic@edition, compared with the first")
    p.add_argument("--json", action="store_true", help="both texts and what changed between them, as JSON")
    p.set_defaults(func=_command("corpus", "cmd_diff"))

    p = sub.add_parser("count-auctions", help="the exact number of complete legal auctions")
    p.add_argument("--edition", default=None, help="one edition, a comma list, or all (default)")
    p.set_defaults(func=_command("auction", "cmd_count"))

    p = sub.add_parser("judge", help="play a scenario under one edition")
    p.add_argument("--edition", required=True,
                   help="the edition: a year (1932, 1936, 1949, 2007, 2017) or a draft file (data/drafts/*.yaml)")
    _dealer_option(p)
    p.add_argument("--json", action="store_true", help="every event with its case, ruling and articles, and the final state")
    _layer_option(p)
    p.add_argument("tokens", metavar="SCENARIO", help='the scenario, e.g. "1S 1H" or "P E:1H W:!SK"')
    p.set_defaults(func=_command("auction", "cmd_judge"))

    p = sub.add_parser("compare", help="one scenario under several editions, side by side")
    _dealer_option(p)
    p.add_argument("--editions", default=None, help="a comma list, or all (default)")
    _layer_option(p)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="per edition every event with its case, ruling and articles")
    fmt.add_argument("--csv", action="store_true", help="one row per edition and event")
    p.add_argument("tokens", metavar="SCENARIO", help='the scenario, e.g. "1S 1H"')
    p.set_defaults(func=_command("auction", "cmd_compare"))

    from ..presentation.distinguish import DEFAULT_MAX_TOKENS, DEFAULT_SPACE, MAX_TOKENS

    sequences = f"{DEFAULT_SPACE.sequences(DEFAULT_MAX_TOKENS):,}"
    p = sub.add_parser(
        "distinguish", help="the shortest scenarios on which two editions give a different result",
        description=t("cli_help.distinguish", lang, space=DEFAULT_SPACE.describe(), max_tokens=DEFAULT_MAX_TOKENS,
                      sequences=sequences if lang == "en" else sequences.replace(",", ".")))
    p.add_argument("a", metavar="A", help="an edition, e.g. 1936")
    p.add_argument("b", metavar="B", help="another edition, e.g. 1949")
    p.add_argument("--max-tokens", type=_max_tokens, default=DEFAULT_MAX_TOKENS, metavar="N",
                   help=t("cli_help.max_tokens", lang, default=DEFAULT_MAX_TOKENS, most=MAX_TOKENS))
    _dealer_option(p, "the dealer: N (default), E, S or W (fixed: other dealers give the same scenarios rotated)")
    _space_option(p)
    _layer_option(p)
    p.add_argument("--json", action="store_true",
                   help="a list of objects: scenario, dealer, kind, difference, and per edition its case, "
                        "status, articles")
    p.set_defaults(func=_command("auction", "cmd_distinguish"))

    p = sub.add_parser("matrix", help="every case under every edition")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="one row per case, one column per edition")
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
    p.set_defaults(func=_command("tables", "cmd_matrix"))

    p = sub.add_parser("handout", help="a scenario's comparison across editions as a handout: HTML, or PDF via Chromium")
    p.add_argument("tokens", metavar="SCENARIO", help='the scenario, e.g. "1S 1H"')
    _dealer_option(p)
    p.add_argument("--editions", default=None, help="a comma list, or all (default)")
    _layer_option(p)
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="FILE.html (one self-contained page) or FILE.pdf (printed by headless Chromium)")
    p.add_argument("--english", action="store_true",
                   help="also the project's English of each quoted paragraph (off by default)")
    p.set_defaults(func=_command("auction", "cmd_handout"))

    p = sub.add_parser("impact", help="what a draft edition (a .yaml file) changes against the edition it starts from")
    p.add_argument("draft", help="a draft file, e.g. data/drafts/1936-with-2017-closing.yaml")
    p.add_argument("--max-tokens", type=_max_tokens, default=4, metavar="N",
                   help="the length of the scenarios searched for a different behaviour (default 4)")
    _space_option(p)
    p.add_argument("--pbn", nargs="+", default=None, metavar="PATH",
                   help="PBN files, or folders of them (their *.pbn files), whose recorded auctions are replayed "
                        "under base and draft: how many end differently (another outcome, contract or declarer); "
                        "every path is checked before any work")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="the report as JSON")
    fmt.add_argument("--html", action="store_true", help="the report's sections as an HTML fragment, on stdout")
    fmt.add_argument("-o", "--output", default=None, metavar="FILE",
                     help="FILE.html (one self-contained, printable document in the --lang language: the draft, "
                          "each subject it changes before and after with its shortest example and the redline, "
                          "what differs later, the recorded auctions, the sources) or FILE.pdf (the same, "
                          "printed by headless Chromium)")
    p.set_defaults(func=_command("auction", "cmd_impact"))

    p = sub.add_parser("coverage", help="which records of each text the engine models, and why not the rest")
    p.add_argument("--edition", default=None,
                   help="one edition or a comma list (default: all); also lists each record not modelled")
    p.add_argument("--json", action="store_true", help="the counts, and each record not modelled with its reason, as JSON")
    p.set_defaults(func=_command("tables", "cmd_coverage"))

    p = sub.add_parser("ledger", help="what changed for every case and mechanic between editions",
                       description=t("cli_help.ledger", lang))
    p.add_argument("--from", dest="from_", default=None, metavar="EDITION",
                   help="the earlier edition of the pair (with --to); default: each edition and the next")
    p.add_argument("--to", default=None, metavar="EDITION", help="the later edition of the pair (with --from)")
    p.add_argument("--subject", default=None,
                   help="one case or mechanic id; without --from/--to, also when it first and last appears")
    p.add_argument("--reasons", action="store_true", help="print each entry's reason under it")
    p.add_argument("--across-gaps", action="store_true",
                   help="compare each edition whose excerpt rules on a subject with the previous one that "
                        "does, skipping the excerpts that do not")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true",
                     help="a list of objects: subject, kind, from, to, change, because, reason, both sides")
    fmt.add_argument("--csv", action="store_true", help="the same fields as --json, one row per entry")
    fmt.add_argument("--counts", action="store_true",
                     help="how many entries between consecutive editions have each word, as a Markdown table "
                          "(the README's and docs/ledger.md's)")
    _layer_option(p)
    p.set_defaults(func=_command("tables", "cmd_ledger"))

    p = sub.add_parser("exercises", help="the exercise set (every case): a list, a printable handout, GIFT or Anki")
    p.add_argument("--format", choices=["text", "html", "gift", "anki"], default="text",
                   help="text: the list (default); html: the printable handout; gift: Moodle's GIFT; "
                        "anki: an Anki deck (.apkg, needs -o)")
    p.add_argument("--handout", action="store_true", help="the printable handout (the same as --format html)")
    p.add_argument("--key", action="store_true", help="the handout's answer key, on a page of its own")
    p.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="write to FILE (default: standard output); a suffix that names another format than "
                        "the one written is refused; the handout to FILE.pdf is printed by headless Chromium")
    p.set_defaults(func=_command("auction", "cmd_exercises"))

    p = sub.add_parser("pbn", help="read a PBN file and compare its contracts with each edition")
    p.add_argument("file", metavar="FILE", help="a PBN file (PBN 2.1)")
    p.add_argument("--edition", default=None, help="one edition, a comma list, or all (default)")
    p.add_argument("--json", action="store_true", help="per game the recorded contract and each edition's, as JSON")
    p.add_argument("--output", "-o", metavar="FILE", default=None,
                   help="write the report to FILE, which appears only when the run completes "
                        "(an interrupted run leaves no partial file)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress on stderr (default: for files of 2 MB and more)")
    p.set_defaults(func=_command("pbn", "cmd_pbn"))

    p = sub.add_parser("completion", help="a shell completion script: eval \"$(bridgelaws completion bash)\" in ~/.bashrc")
    p.add_argument("shell", choices=["bash", "zsh"], help="the shell the script is for")
    p.set_defaults(func=_cmd_completion)
    for name, command in sub.choices.items():  # --lang after the command too
        _lang_option(command)
        if not command.description:
            command.description = next(action.help for action in sub._choices_actions if action.dest == name)
        _with_examples(command, name)
    from .cli_help import in_language

    in_language(parser, lang, EXAMPLES, PROG)
    return parser


def _cmd_completion(args: argparse.Namespace) -> int:
    from .cli_completion import script

    print(script(build_parser(), args.shell), end="")
    return 0


def _lang_option(parser: argparse.ArgumentParser, default: Any = argparse.SUPPRESS) -> None:
    """``--lang``, accepted before the command and after it (each subparser has it too; SUPPRESS
    keeps a subparser from overwriting the value given before the command)."""
    from ..text.i18n import t

    parser.add_argument("--lang", default=default, metavar="LANG", help=t("cli.lang_help", "en"))


def _interrupt(signum: int, frame: object) -> None:
    # SIGTERM and SIGHUP end a run as Ctrl-C does: through the same clean-up (no .part file left).
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    import signal

    from ._clilang import language_of_argv

    try:
        # its words are the catalogue's (data/messages/)
        parser = build_parser(language_of_argv(sys.argv[1:] if argv is None else [str(a) for a in argv]))
    except BridgeLawsError as error:
        print(_error_line(one_line(error), argv), file=sys.stderr)
        return 2
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


def _error_line(message: str, argv: list[str] | None) -> str:
    """``bridgelaws: error: ...``; under ``--lang nl`` ``bridgelaws: fout: ...``, the message said in
    Dutch where the catalogue reads it (:func:`bridgelaws.interfaces.cli_common.error_words`), else
    in English, marked."""
    from ._clilang import language_of_argv
    from ..text.i18n import t

    while message.startswith(f"{PROG}: "):  # the line has the prefix once, whatever raised it
        message = message[len(PROG) + 2:]
    try:
        lang = language_of_argv(sys.argv[1:] if argv is None else list(argv))
        return t("cli.error_prefix", lang, message=error_words(message, lang))
    except BridgeLawsError:  # the catalogue itself cannot be read (the data's folder): in English
        return f"{PROG}: error: {message}"


#: Per command, the arguments that name editions of the engine: each is resolved here, once, into
#: the edition (``one``) or the editions (``list``) themselves, and every layer below is handed the
#: objects, never a name to find again (a draft file is read here too).
_EDITION_ARGUMENTS = {
    "judge": {"edition": "one"}, "distinguish": {"a": "one", "b": "one"}, "impact": {"draft": "one"},
    "ledger": {"from_": "one", "to": "one"}, "compare": {"editions": "list"}, "matrix": {"editions": "list"},
    "handout": {"editions": "list"}, "count-auctions": {"edition": "list"}, "coverage": {"edition": "list"},
    "pbn": {"edition": "list"}}


def _resolve_editions(args: argparse.Namespace) -> None:
    from ..judging.lookup import find_edition, find_editions

    for name, kind in _EDITION_ARGUMENTS.get(getattr(args, "command", None) or "", {}).items():
        value = getattr(args, name, None)
        if isinstance(value, str):
            setattr(args, name, find_edition(value) if kind == "one" else find_editions(value))


def _run(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    closed = sys.stdout is None
    if closed:
        sys.stdout = ClosedOutput()
    command: str | None = None
    try:
        args = parser.parse_args(argv)
        command = getattr(args, "command", None)
        lang_of(args)  # an unknown --lang (or BRIDGELAWS_LANG) is one line, whatever the command
        _resolve_editions(args)
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
    except InternalError as error:
        return internal(error)
    except (UnicodeEncodeError, OSError) as error:
        return unwritten(error)
    except ModuleNotFoundError as error:  # an optional package (an extra) the command needs
        line = missing_extra(error, command)
        if line is None:
            if os.environ.get("BRIDGELAWS_TRACEBACK"):
                raise
            return internal(InternalError(f"internal error: {type(error).__name__}: {error}"))
        print(_error_line(line, argv), file=sys.stderr)
        return 2
    except SystemExit:
        # argparse's --help (exit 0) or usage error (exit 2): what it printed is flushed here, where
        # a full device can still be one line and exit 2 (at the interpreter's exit it was silent).
        try:
            sys.stdout.flush()
        except (UnicodeEncodeError, OSError) as error:
            return unwritten(error)
        raise
    except KeyboardInterrupt:
        print("bridgelaws: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # any other defect: the same one line (BRIDGELAWS_TRACEBACK=1 shows it whole)
        if os.environ.get("BRIDGELAWS_TRACEBACK"):
            raise
        return internal(InternalError(f"internal error: {type(error).__name__}: {error}"))
    finally:
        if closed:
            sys.stdout = None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
