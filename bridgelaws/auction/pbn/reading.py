"""The entry points: :func:`iter_games` and :func:`read_games` read a source with the fast reader
(in pieces) or line by line with the reference reader."""

from __future__ import annotations

from typing import Iterator, Literal, overload

from ...text.errors import BridgeLawsError
from .fastpath import _PieceReader
from .model import Game
from .sources import PbnSource, _open_pieces, _open_source

# Both switches are module globals so that the tests can compare the two readers and pieces of any
# size (tests/test_large_input.py, tests/test_fuzz.py).

#: Size of the pieces a file is read in: memory stays bounded whatever the size of the file.
_PIECE_BYTES = 1 << 20


@overload
def iter_games(source: PbnSource, *, name: str | None = None,
               errors: Literal["raise"] = "raise") -> Iterator[Game]: ...
@overload
def iter_games(source: PbnSource, *, name: str | None = None,
               errors: str) -> Iterator[Game | BridgeLawsError]: ...


def iter_games(source: PbnSource, *, name: str | None = None,
               errors: str = "raise") -> Iterator[Game | BridgeLawsError]:
    """Read the games of a PBN file lazily, one at a time.

    ``source`` is a path (``str`` without a newline or ``[``, or ``os.PathLike``), PBN text, bytes, or
    an open file (text or binary). Only one game is held in memory at a time (a file is read in
    pieces of a megabyte). A problem raises :class:`BridgeLawsError`; with ``errors="keep"`` the error
    is yielded in place of the game (with attributes ``game_number``, ``board``, ``line`` and
    ``file``) and reading goes on with the next game.
    """
    if errors not in ("raise", "keep"):
        raise BridgeLawsError(f"errors must be 'raise' or 'keep', not {errors!r}")
    opened = _open_pieces(source, name, _PIECE_BYTES) if _FAST else None
    lines: Iterator[str] | None
    if opened is not None:
        pieces, display, closer = opened
        lines = None
    else:
        lines, display, closer = _open_source(source, name)
    reader = _PieceReader(display, errors)
    try:
        if lines is None:
            yield from reader.pieces(pieces)
        else:
            for lineno, line in enumerate(lines, start=1):
                result = reader.line(lineno, line)
                if result is not None:
                    yield result
        result = reader.end()
        if result is not None:
            yield result
    finally:
        if closer is not None:
            closer.close()


#: Read plain games with the fast reader (False: everything line by line, the reference).
_FAST = True


def read_games(source: PbnSource, *, name: str | None = None) -> list[Game]:
    """All games of a PBN file (see :func:`iter_games`)."""
    return list(iter_games(source, name=name))
