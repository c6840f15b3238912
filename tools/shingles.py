"""Write a source's shingle file: the hashes of its eight-word shingles, never its text (issue 21 §2).

    .venv/bin/python tools/shingles.py SOURCE-ID [SOURCE-ID ...]   # from /work/srccache/<id>.txt
    .venv/bin/python tools/shingles.py --all                       # every source with a cached text
    .venv/bin/python tools/shingles.py --cache DIR SOURCE-ID       # the raw texts are elsewhere
    .venv/bin/python tools/shingles.py --check                     # every entry against every file
    .venv/bin/python tools/shingles.py --out DIR SOURCE-ID         # write elsewhere (tests)
    .venv/bin/python tools/shingles.py --add SOURCE-ID             # a page read again: keep the old hashes too

The raw text of a source is what the search tool returned for its page (every excerpt of the page,
concatenated), saved outside the repository: it is never committed. This tool reads it and writes
``data/supplement/shingles/<source-id>.txt`` (sorted, de-duplicated 16-hex-digit hashes under a
two-line header), with the normalisation of :mod:`bridgelaws.supplement.shingles`, the same one
``tests/test_paraphrase_guard.py`` applies to the paraphrases. ``--check`` prints every eight-word run
an entry shares with a source (what the test fails on), with the words, for rewriting.

Errors are one line: an id that is not in any ``data/editions/<year>/sources.yaml``, a missing cached text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the checkout's bridgelaws, even when run outside the venv's install

from bridgelaws import BridgeLawsError
from bridgelaws.supplement import supplement  # noqa: E402
from bridgelaws.supplement.shingles import header, parse_shingle_file, shingle_hashes, write_shingle_file  # noqa: E402

CACHE = Path("/work/srccache")
OUT = REPO / "data" / "supplement" / "shingles"


def write(source_id: str, cache: Path, out: Path = OUT, add: bool = False) -> Path:
    if source_id not in supplement.sources():
        raise BridgeLawsError(f"{source_id!r} is not a source of data/editions/<year>/sources.yaml")
    raw = cache / f"{source_id}.txt"
    try:
        text = raw.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BridgeLawsError(f"{raw}: no cached text of {source_id} (save what the search tool returned there)") from None
    target = out / f"{source_id}.txt"
    if add and target.is_file():
        # A page read again whose returned text differs (shorter, or other excerpts): the hashes of
        # every reading are kept, so a run of an earlier reading stays guarded.
        old = parse_shingle_file(target.read_text(encoding="utf-8"), str(target), source_id)
        content = header(source_id) + "".join(f"{h}\n" for h in sorted(old | shingle_hashes(text)))
    else:
        content = write_shingle_file(source_id, text)
    out.mkdir(parents=True, exist_ok=True)
    target.write_text(content, encoding="utf-8")
    return target


def check() -> int:
    found = 0
    for entry, source_id, runs in supplement.copied_runs():
        found += 1
        print(f"{entry}: shares with {source_id}: " + " | ".join(runs))
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", metavar="SOURCE-ID")
    parser.add_argument("--all", action="store_true", help="every source with a cached text")
    parser.add_argument("--cache", type=Path, default=CACHE, help=f"where the raw texts are (default {CACHE})")
    parser.add_argument("--out", type=Path, default=OUT, help="where the shingle files go (default data/supplement/shingles)")
    parser.add_argument("--check", action="store_true", help="list the runs the entries share with the sources")
    parser.add_argument("--add", action="store_true", help="keep the hashes already in the file (a page read again)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            return check()
        ids = list(args.ids)
        if args.all:
            ids += [s for s in supplement.sources() if (args.cache / f"{s}.txt").is_file() and s not in ids]
        if not ids:
            parser.error("name a source id, or --all, or --check")
        for source_id in ids:
            target = write(source_id, args.cache, args.out, add=args.add)
            count = sum(1 for line in target.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))
            print(f"{target}: {count} shingles")
    except BridgeLawsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
