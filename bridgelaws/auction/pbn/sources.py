"""Where PBN text comes from: a path, text, bytes or an open file, read line by line (the reference
reader) or in pieces of whole lines (the fast reader), decoded as PBN files are written."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import IO, BinaryIO, Iterable, Iterator, TypeAlias, TypeGuard, cast

from ...text.errors import BridgeLawsError
from .limits import KEPT_LINE_BYTES

#: What PBN is read from: a path (``str`` without a newline or ``[``, or ``os.PathLike``), PBN text,
#: bytes, or an open file (text or binary).
PbnSource: TypeAlias = "str | bytes | os.PathLike[str] | IO[str] | IO[bytes]"
#: (the text, the name shown in messages, the file to close or None).
_Opened: TypeAlias = "tuple[Iterator[str], str, IO[bytes] | None]"


def _shown(name: str) -> str:
    """A file name for a one-line message: as it is, or quoted when it holds a line break or
    another character that is not printable."""
    return name if name.isprintable() else repr(name)


def _open_source(source: PbnSource, name: str | None) -> _Opened:
    """(iterator over the lines' text, display name, file to close or None): the line-by-line
    reading, which every source supports (see :func:`_open_pieces` for the fast one)."""
    if isinstance(source, bytes):
        text = _decode(source)
        return _text_lines(text), name or "<text>", None
    if _is_path(source):
        display = name or str(source)
        handle = open_file(source, display)
        return _binary_lines(handle, display), display, handle
    if isinstance(source, str):
        return _text_lines(source), name or "<text>", None
    if hasattr(source, "read"):
        display = name or str(getattr(source, "name", "<stream>"))
        if isinstance(source, io.TextIOBase):
            return _text_stream_lines(cast("IO[str]", source)), display, None
        return _binary_lines(cast("IO[bytes]", source), display), display, None
    raise BridgeLawsError(f"cannot read PBN from {type(source).__name__}: give a path, text or a file")


def _is_path(source: object) -> TypeGuard[str | os.PathLike[str]]:
    return isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and "[" not in source and bool(source.strip()))


def open_file(source: str | os.PathLike[str], display: str | None = None) -> BinaryIO:
    """``source`` (a path) opened for reading in binary; a BridgeLawsError that names the file when
    it cannot be opened (the command line opens its input with it too)."""
    display = str(source) if display is None else display
    try:
        return open(Path(source), "rb")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None


def _decode(data: bytes) -> str:
    # PBN is ISO 8859/1 (2.2); many modern files are UTF-8. Read UTF-8 when it decodes, else Latin-1.
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _text_lines(text: str) -> Iterator[str]:
    # Only CR LF, LF and CR end a line: str.splitlines() would also split on characters like
    # \x85 or \x1c, which may occur inside strings and comments. A byte order mark is no text.
    # One line at a time (re.split would make a second copy of the whole text as a list of lines).
    text = text.removeprefix("\ufeff")
    pos = 0
    for end in _LINE_END.finditer(text):
        yield text[pos:end.start()]
        pos = end.end()
    yield text[pos:]


_LINE_END = re.compile(r"\r\n|\n|\r")


def _text_stream_lines(stream: IO[str]) -> Iterator[str]:
    # A line longer than the reader's limit is not held whole: its start is kept (the reader reports
    # it as too long) and the rest is read past.
    while True:
        line = stream.readline(KEPT_LINE_BYTES)
        if not line:
            return
        if len(line) == KEPT_LINE_BYTES and line[-1] not in "\r\n":
            while True:
                rest = stream.readline(KEPT_LINE_BYTES)
                if not rest or rest[-1] in "\r\n":
                    break
        yield line.rstrip("\r\n")


def _binary_lines(handle: IO[bytes], display: str) -> Iterator[str]:
    # The lines of the pieces of _byte_chunks (CR LF, LF and a lone CR end a line), each decoded as
    # UTF-8 when it is UTF-8, else as Latin-1.
    for chunk in _byte_chunks(handle, display, 1 << 20):
        lines = chunk.split(b"\n")
        if chunk.endswith(b"\n"):
            lines.pop()
        for line in lines:
            yield _decode(line)


_CR_RUN_BEFORE_LF = re.compile(rb"\r+(?=\n)")
_CR_RUN_AT_END = re.compile(rb"\r+(?=\n|\Z)")
_BYTE_LINE_END = re.compile(rb"[\r\n]")


def _open_pieces(source: PbnSource, name: str | None, piece_bytes: int) -> _Opened | None:
    """(iterator over pieces of text, display name, file to close or None), or None for a source
    that is read line by line only (a text stream)."""
    if isinstance(source, bytes):
        return _str_pieces(_decode(source)), name or "<text>", None
    if _is_path(source):
        display = name or str(source)
        handle = open_file(source, display)
        return _byte_pieces(handle, display, piece_bytes), display, handle
    if isinstance(source, str):
        return _str_pieces(source), name or "<text>", None
    if hasattr(source, "read") and not isinstance(source, io.TextIOBase):
        display = name or str(getattr(source, "name", "<stream>"))
        return _byte_pieces(cast("IO[bytes]", source), display, piece_bytes), display, None
    return None


def _str_pieces(text: str) -> Iterator[str]:
    # As _text_lines: CR LF, LF and CR end lines.
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text:
        yield text


def _byte_pieces(handle: IO[bytes], display: str, piece_bytes: int) -> Iterator[str]:
    # As _binary_lines: each line without the CRs and LF that end it, split at a lone CR, decoded
    # as UTF-8 when it is UTF-8, else as Latin-1.
    for chunk in _byte_chunks(handle, display, piece_bytes):
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError:
            text = "\n".join(_decode(part) for part in chunk.split(b"\n"))
        if text:
            yield text


def _byte_chunks(handle: IO[bytes], display: str, piece_bytes: int) -> Iterator[bytes]:
    """The bytes of ``handle`` in pieces of whole lines, every line end made a LF: CR LF and LF end
    a line, and so does a lone CR (old Macintosh files); a run of CRs before a LF is one line end.
    Whatever the file holds, no more than a piece and a line's kept start are held: a line longer
    than the limit keeps its first :data:`KEPT_LINE_BYTES` bytes (the reader then reports it) and
    the rest is read past, so that a file without line ends (CR-only text, ``/dev/zero``) cannot
    fill the memory."""
    carry = b""
    bom_checked = False
    skipping = False  # reading past the rest of a line that is too long
    try:
        while True:
            data = handle.read(piece_bytes)
            final = not data
            if skipping and data:
                found = _BYTE_LINE_END.search(data)
                if found is None:
                    continue
                data = data[found.start():]
                skipping = False
            buffer = carry + data if carry else data
            if not bom_checked and (len(buffer) >= 3 or final):
                bom_checked = True
                if buffer[:3] == b"\xef\xbb\xbf":
                    buffer = buffer[3:]
            if final:
                piece, carry = buffer, b""
            else:
                # The last line end, but not in a run of CRs at the very end: a LF may follow it in
                # the next read (a CR LF, or a run of CRs before a LF, is one line end).
                last_text = len(buffer.rstrip(b"\r"))
                cut = max(buffer.rfind(b"\n"), buffer.rfind(b"\r", 0, last_text)) + 1
                piece, carry = buffer[:cut], buffer[cut:]
                if len(carry) > KEPT_LINE_BYTES:  # a line too long: keep its start, read past the rest
                    carry, skipping = carry[:KEPT_LINE_BYTES], True
                if not piece:
                    continue
            if b"\r" in piece:
                piece = (_CR_RUN_AT_END if final else _CR_RUN_BEFORE_LF).sub(b"", piece).replace(b"\r", b"\n")
            if piece:
                yield piece
            if final:
                return
    except OSError as exc:
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: {exc.strerror or exc}") from None
