"""What every command of the ``bridgelaws`` command line shares: the one error line (control
characters escaped, cut to a length), the escaping of a listing that shows a draft's text, and the
language of a run."""

from __future__ import annotations

import re

import argparse
import os
import sys
from typing import Any

from ._clilang import language
from ..text.errors import InternalError
from ..text.i18n import t


#: The longest error line printed: a message quotes what the user gave, which may be a whole file.
MAX_ERROR_CHARS = 1000
#: Control characters (C0, DEL, C1) shown escaped, so that no input can move the cursor, recolour
#: or retitle the user's terminal through an error line.
_CONTROLS = {code: f"\\x{code:02x}" for code in [*range(0x20), *range(0x7f, 0xa0)]}
_CONTROLS.update({ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"})
#: The bidirectional controls (embeddings, overrides, isolates, marks), which reorder what is shown
#: around them: escaped too (``\u202e``), in a listing and in JSON alike.
_BIDI = {code: f"\\u{code:04x}" for code in [0x061c, 0x200e, 0x200f, *range(0x202a, 0x202f), *range(0x2066, 0x206a)]}
_CONTROLS.update(_BIDI)


#: The same escapes for a listing that shows what a draft wrote (``judge``, ``compare``, ``impact``):
#: every control character but the line feeds the listing is made of.
_SHOWN = {code: text for code, text in _CONTROLS.items() if code != ord("\n")}
#: For JSON: json.dumps escapes C0 itself; DEL and C1 (raw with ensure_ascii=False) become \u escapes.
_JSON_SHOWN = {code: f"\\u{code:04x}" for code in range(0x7f, 0xa0)} | _BIDI


class _Escaped:
    """Standard output with :data:`_SHOWN`'s escapes (or, for JSON, DEL and C1 as ``\\u`` escapes)."""

    def __init__(self, stream: Any, table: dict[int, str]) -> None:
        self._stream, self._table = stream, table

    def write(self, text: str) -> int:
        return int(self._stream.write(text.translate(self._table)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def escaping(command: Any) -> Any:
    """A command whose listing shows a draft's text (its id, name, wording, reason, summary): what it
    prints goes through :class:`_Escaped` (a draft is untrusted input)."""
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


def lang_of(args: argparse.Namespace) -> str:
    """The language of the listing (``--lang``, else ``BRIDGELAWS_LANG``; :mod:`bridgelaws.interfaces._clilang`)."""
    return language(args)


#: The catalogue's patterns of an error message (``cli.err.*``), tried in this order.
_ERROR_PATTERNS = ("cli.err.required", "cli.err.unrecognized", "cli.err.choice", "cli.err.one_value",
                   "cli.err.value", "cli.err.edition", "cli.err.comma_list", "cli.err.extra", "cli.err.token",
                   "cli.err.article", "cli.err.corpus_edition", "cli.err.reference", "cli.err.record",
                   "cli.err.passage", "cli.err.search_word", "cli.err.key_handout", "cli.err.html_or_pdf")

#: The optional packages a command may need, and the extra of pyproject.toml that installs each: the
#: core (``pip install bridgelaws``) has PyYAML only. A command that imports one of them when it is
#: missing ends with one line naming the extra (:func:`missing_extra`); any other missing module is
#: an internal error and keeps its traceback.
MISSING_EXTRA = {"pandas": "tables", "matplotlib": "tables", "openpyxl": "exports", "genanki": "exports",
                 "ipywidgets": "app", "anywidget": "app", "traitlets": "app", "voila": "app",
                 "jupyter_server": "app", "jupyterlab": "lab"}


def missing_extra(error: ModuleNotFoundError, command: str | None) -> str | None:
    """The one line for a command that needs an extra that is not installed, or None when the missing
    module is none of :data:`MISSING_EXTRA`'s (an internal error)."""
    module = (error.name or "").split(".")[0]
    extra = MISSING_EXTRA.get(module)
    if extra is None:
        return None
    return t("cli.err.extra", "en", command=command or PROG, module=module, extra=extra)


def _pattern(key: str) -> re.Pattern[str]:
    """The English text of ``key`` as a pattern: each ``{placeholder}`` a named group."""
    english = t(key, "en")
    parts = re.split(r"\{(\w+)(?::[^}]*)?\}", english)
    seen: set[str] = set()
    body = ""
    for i, part in enumerate(parts):
        if i % 2 == 0:
            body += re.escape(part)
        else:  # a placeholder given twice matches the same words twice
            body += f"(?P={part})" if part in seen else f"(?P<{part}>.+?)"
            seen.add(part)
    return re.compile(body + "$")


def error_words(message: str, lang: str) -> str:
    """The error line's message in ``lang``: the command's name kept, the message read by the
    catalogue's patterns (``cli.err.*``) and said in ``lang``, the ``(see ... --help)`` pointer too;
    a message no pattern reads keeps its English, marked (``cli.err.english``). English: unchanged."""
    if lang == "en":
        return message
    see = re.fullmatch(r"(?P<message>.*) \(see (?P<help>.+) --help\)", message)
    core = see["message"] if see else message
    command = re.match(r"(?P<command>[a-z][a-z-]*): ", core)
    if command and command["command"] != "argument":
        prefix, core = command.group(0), core[command.end():]
    else:
        prefix = ""
    for key in _ERROR_PATTERNS:
        found = _pattern(key).match(core)
        if found:
            said = prefix + t(key, lang, **found.groupdict())
            break
    else:
        said = t("cli.err.english", lang, message=prefix + core)
    return t("cli.err.see", lang, message=said, help=see["help"]) if see else said


# --- what a run says when its output cannot be written, or when bridgelaws itself fails --------------

class ClosedOutput:
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
    stream = sys.__stdout__
    if stream is None or sys.stdout is not stream:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def unwritten(error: OSError | UnicodeEncodeError) -> int:
    """Output that could not be written: one line on stderr, exit 2 (a closed pipe: 0, quietly)."""
    if isinstance(error, BrokenPipeError):
        return 0
    _discard_unwritten_output()
    print(f"bridgelaws: error: {one_line(_output_error(error))}", file=sys.stderr)
    return 2


def internal(error: InternalError) -> int:
    """A defect of bridgelaws, not of the input: one line that says so, never dressed as the user's
    error, and exit 70 (EX_SOFTWARE) rather than a user error's 2."""
    print(f"{PROG}: {one_line(error)} (a defect of bridgelaws, not of your input: please report it "
          "with the command that caused it)", file=sys.stderr)
    return 70
