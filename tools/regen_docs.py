"""Rewrite the generated parts of the documentation from their one source (``make regen`` runs this).

    .venv/bin/python tools/regen_docs.py                     # rewrite in place; prints what changed
    .venv/bin/python tools/regen_docs.py --check             # change nothing; exit 1 if anything is stale
    .venv/bin/python tools/regen_docs.py docs/committees.md  # only the files named (with or without --check)

What it rewrites:

* in README.md and every docs/*.md, every block that starts with a "$ bridgelaws ..." line: the
  lines after it become what the command prints now (run in-process, as tests/test_readme.py runs
  it). A block without the "$ " (a command shown, not run) is left alone;
* the notation table (the Markdown table whose header is "| token | meaning |") in docs/notation.md
  and in notebook 02's source, from bridgelaws.auction.notation.TOKENS. notebooks/build.py then carries
  the notebook's table into the .ipynb (make regen runs it next).

Everything else in those files is left byte for byte as it is.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the checkout's bridgelaws, even when run outside the venv's install

from bridgelaws.auction import notation  # noqa: E402
from bridgelaws.interfaces.cli import main as cli_main  # noqa: E402

README = REPO / "README.md"
DOCS = REPO / "docs"
NOTATION_TABLES = (DOCS / "notation.md", REPO / "notebooks" / "src" / "02_auction_stepper.md")
# The same pattern as tests/test_readme.py: a fence, "$ bridgelaws ...", its output, a fence.
EXAMPLE = re.compile(r"(```\n\$ (bridgelaws [^\n]*)\n)(.*?)(```)", flags=re.S)
TABLE_HEADER = "| token | meaning |"


def command_output(command: str) -> str:
    """What ``bridgelaws ARGS`` prints on stdout; an error if it fails."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(shlex.split(command)[1:])
    if code != 0:
        raise SystemExit(f"example {command!r} exits with {code}: {err.getvalue().strip()}")
    text = out.getvalue()
    if not text.endswith("\n"):
        raise SystemExit(f"example {command!r}: its output does not end with a newline")
    return text


def with_examples(text: str) -> str:
    return EXAMPLE.sub(lambda m: m.group(1) + command_output(m.group(2)) + m.group(4), text)


def with_notation_table(text: str, path: Path) -> str:
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line == TABLE_HEADER]
    if len(starts) != 1:
        raise SystemExit(f"{path.relative_to(REPO)}: expected one notation table (a line {TABLE_HEADER!r}), "
                         f"found {len(starts)}")
    start = end = starts[0]
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    table = notation.markdown_table().rstrip("\n").split("\n")
    return "\n".join(lines[:start] + table + lines[end:])


def documents() -> list[Path]:
    """The files whose "$ bridgelaws" examples are real output: the README and every docs/*.md."""
    return [README, *sorted(DOCS.glob("*.md"))]


def examples(text: str) -> list[str]:
    """The commands of the "$ bridgelaws ..." blocks of one file, in order."""
    return [match.group(2) for match in EXAMPLE.finditer(text)]


def regenerated(only: list[Path] | None = None) -> dict[Path, str]:
    """Each file this script maintains (or those of ``only`` among them), with the text it should have."""
    paths = list(dict.fromkeys((*documents(), *NOTATION_TABLES)))
    if only is not None:
        wanted = {path.resolve() for path in only}
        unknown = wanted - {path.resolve() for path in paths}
        if unknown:
            raise SystemExit(f"not a file this script maintains: {', '.join(sorted(map(str, unknown)))} "
                             f"(README.md, docs/*.md, {NOTATION_TABLES[1].relative_to(REPO)})")
        paths = [path for path in paths if path.resolve() in wanted]
    texts = {path: path.read_text(encoding="utf-8") for path in paths}
    for path in texts:
        if path in documents():
            texts[path] = with_examples(texts[path])
        if path in NOTATION_TABLES:
            texts[path] = with_notation_table(texts[path], path)
    return texts


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [arg for arg in argv if arg != "--check"]
    if any(name.startswith("-") for name in names):
        print("usage: tools/regen_docs.py [--check] [FILE ...]", file=sys.stderr)
        return 2
    stale = []
    for path, text in regenerated([Path(name) for name in names] if names else None).items():
        if path.read_text(encoding="utf-8") != text:
            stale.append(path.relative_to(REPO))
            if not check:
                path.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if check else 'rewrote'} {path}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
