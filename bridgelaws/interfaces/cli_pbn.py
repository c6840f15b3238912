"""The ``bridgelaws pbn`` command: a PBN file read as a stream, each game's recorded contract beside
each edition's, the report written as it goes."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import IO, TYPE_CHECKING, Any

from .cli_common import one_line
from ..text.errors import BridgeLawsError

if TYPE_CHECKING:
    from ..text._cliio import ReadProgress
    from ..auction.editions import Edition
    from ..auction.pbn import ReportTable


def _raise_if_unplayable(report: dict[str, Any]) -> None:
    """A game whose auction no edition chosen can replay (an irregular call without its PBN mark,
    a call after the end...) is a bad game of the file, reported as the games that cannot be read
    are: one line on stderr, counted, exit 2. (A game that only some editions cannot replay stays
    in the report, where those editions show the error.)"""
    errors = [entry["error"] for entry in report["editions"].values()]
    if errors and all(errors):
        raise BridgeLawsError(errors[0])


def _write_games(args: argparse.Namespace, handle: Any, editions: tuple[Edition, ...], stream: IO[str],
                 table: ReportTable, progress: ReadProgress) -> tuple[int, int]:
    """Every game of the file, reported as it is read: (games read, games that could not be).
    A bad game is reported (one line on stderr) and the rest of the file is still read."""
    from ..auction import pbn

    games = problems = 0
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
    return games, problems


def cmd_pbn(args: argparse.Namespace) -> int:
    """Read a PBN file as a stream: one game at a time, the report written as it goes (to stdout,
    or to --output through a temporary file that replaces FILE only when the run completes)."""
    from ..auction import pbn
    from ..text._cliio import AtomicOutput, ReadProgress
    from ..judging.lookup import find_editions

    from ..text._cliio import check_suffix, refuse_input

    if args.output is not None:  # the input file first: never overwritten, whatever its suffix
        refuse_input(args.output, args.file)
    check_suffix("pbn", args.output, *(("JSON", (".json",)) if args.json else ("a text report", (".txt",))))
    editions = find_editions(args.edition)
    handle = pbn.open_file(args.file)  # read only: the input is never written
    output = None
    try:
        size = os.fstat(handle.fileno()).st_size
        output = AtomicOutput(args.output, handle.name) if args.output is not None else None
        stream = output.stream if output else sys.stdout
        progress = ReadProgress(args.file, size, handle, args.progress)
        table = pbn.ReportTable([edition.year for edition in editions])
        stream.write("[" if args.json else table.header() + "\n")
        games, problems = _write_games(args, handle, editions, stream, table, progress)
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
