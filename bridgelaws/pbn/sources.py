"""Where PBN text comes from: a path, text, bytes or an open file, read line by line (the reference
reader) or in pieces of whole lines (the fast reader), decoded as PBN files are written."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import IO, BinaryIO, Iterable, Iterator, TypeAlias, TypeGuard, cast

from ..errors import BridgeLawsError

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
            return _text_stream_lines(source), display, None
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
    for line in re.split(r"\r\n|\n|\r", text.removeprefix("\ufeff")):
        yield line


def _text_stream_lines(stream: Iterable[str]) -> Iterator[str]:
    for line in stream:
        yield line.rstrip("\r\n")


def _binary_lines(handle: Iterable[bytes], display: str) -> Iterator[str]:
    try:
        first = True
        for raw in handle:
            if first and raw[:3] == b"\xef\xbb\xbf":  # a UTF-8 byte order mark
                raw = raw[3:]
            first = False
            # CR LF and LF end lines; a lone CR (old Macintosh files) does too.
            for part in raw.rstrip(b"\r\n").split(b"\r"):
                yield _decode(part)
    except OSError as exc:
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: {exc.strerror or exc}") from None


_CR_RUN_BEFORE_LF = re.compile(rb"\r+(?=\n|\Z)")


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
    carry = b""
    bom_checked = False
    try:
        while True:
            data = handle.read(piece_bytes)
            final = not data
            buffer = carry + data if carry else data
            if not bom_checked and (len(buffer) >= 3 or final):
                bom_checked = True
                if buffer[:3] == b"\xef\xbb\xbf":
                    buffer = buffer[3:]
            if final:
                piece, carry = buffer, b""
            else:
                cut = buffer.rfind(b"\n") + 1
                if cut == 0:  # no line end yet: read on
                    carry = buffer
                    continue
                piece, carry = buffer[:cut], buffer[cut:]
            if b"\r" in piece:
                piece = _CR_RUN_BEFORE_LF.sub(b"", piece).replace(b"\r", b"\n")
            try:
                text = piece.decode("utf-8")
            except UnicodeDecodeError:
                text = "\n".join(_decode(part) for part in piece.split(b"\n"))
            if text:
                yield text
            if final:
                return
    except OSError as exc:
        raise BridgeLawsError(f"cannot read PBN file {_shown(display)}: {exc.strerror or exc}") from None
