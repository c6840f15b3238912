"""Plumbing of the command line: an output file written atomically (the one writer of every ``-o``),
and progress on stderr."""

from __future__ import annotations

import os
import stat
import sys
from typing import IO, Any

from .errors import BridgeLawsError


#: The temporary file of an output is named ``.<name>.<random>.part`` beside it.
PART_SUFFIX = ".part"


class AtomicOutput:
    """A file written under a temporary name beside ``path`` and renamed to ``path`` only by
    :meth:`commit` (``os.replace``): an interrupted or failed run leaves ``path`` as it was (absent,
    or the old file, with its mode). :meth:`abandon` (always call it, e.g. in a ``finally``) removes
    the temporary file unless committed. ``source``: the input's path, which is never overwritten.
    ``binary``: the stream takes bytes (a workbook, a PDF, a deck), else text (UTF-8, ``\\n``).

    What is not a regular file is never replaced by one: a symbolic link is written through (its
    target is replaced, the link stays), and a device, a FIFO or a socket (``/dev/null``, a pipe) is
    written to directly, as a shell's ``>`` would.

    The temporary file is locked (``flock``) while its run lives: a run killed outright (SIGKILL,
    a power cut) leaves it unlocked, and the next run that writes the same name removes it
    (:func:`remove_stale_parts`); a run still writing keeps its own."""

    def __init__(self, path: str, source: str | None = None, *, binary: bool = False):
        import tempfile

        if not path:
            raise BridgeLawsError("--output needs a file name (it was empty)")
        self.path = path
        self.target = os.path.realpath(path)  # through symbolic links: the link itself stays
        if os.path.isdir(self.target):
            raise BridgeLawsError(f"cannot write {path}: it is a folder")
        refuse_input(path, source)
        self.committed = False
        self.temp: str | None = None
        self.stream: IO[Any]
        if _descriptor_or_device(path):  # /dev/stdout into a pipe: realpath names no file
            self.target = path
        try:
            existing = os.stat(self.target)
        except FileNotFoundError:
            existing = None
        except OSError as exc:
            raise BridgeLawsError(f"cannot write {path}: {exc.strerror or exc}") from None
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            try:
                if binary:
                    self.stream = open(self.target, "wb")
                else:
                    self.stream = open(self.target, "w", encoding="utf-8", newline="\n")
            except OSError as exc:
                raise BridgeLawsError(f"cannot write {path}: {exc.strerror or exc}") from None
            return
        directory = os.path.dirname(self.target)
        prefix = part_prefix(self.target)
        try:
            fd, self.temp = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=PART_SUFFIX)
        except OSError as exc:
            raise BridgeLawsError(f"cannot write {path}: {exc.strerror or exc}") from None
        _lock(fd)
        remove_stale_parts(self.target, keep=self.temp)
        if existing is not None:
            mode = stat.S_IMODE(existing.st_mode)  # the replaced file keeps its mode
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask  # as an ordinary new file, not mkstemp's 0600
        os.fchmod(fd, mode)
        if binary:
            self.stream = os.fdopen(fd, "wb")
        else:
            self.stream = os.fdopen(fd, "w", encoding="utf-8", newline="\n")

    def commit(self) -> None:
        self.stream.flush()
        if self.temp is None:  # a device or a FIFO, written to directly
            self.stream.close()
            self.committed = True
            return
        os.fsync(self.stream.fileno())
        os.replace(self.temp, self.target)  # before close: the lock is held until the name is gone
        self.committed = True
        self.stream.close()

    def abandon(self) -> None:
        if self.committed:
            return
        if self.temp is not None:
            try:
                os.unlink(self.temp)  # before close, while the lock still says the file is ours
            except OSError:
                pass
        try:
            self.stream.close()
        except OSError:
            pass


#: The formats a file's suffix names: a writer refuses a file whose suffix names another format
#: than the one it writes (HTML into ``exercises.pdf``); a suffix not listed here names none.
SUFFIX_FORMATS: dict[str, str] = {
    ".html": "HTML", ".htm": "HTML", ".pdf": "PDF", ".json": "JSON", ".csv": "CSV", ".tsv": "TSV",
    ".xlsx": "an Excel workbook", ".xls": "an Excel workbook", ".ods": "a spreadsheet", ".tex": "LaTeX",
    ".xml": "XML", ".gift": "GIFT", ".apkg": "an Anki deck", ".txt": "text", ".md": "Markdown",
    ".pbn": "PBN", ".yaml": "YAML", ".yml": "YAML", ".png": "PNG", ".svg": "SVG", ".zip": "a zip archive",
}


def check_suffix(command: str, path: str | None, writes: str, suffixes: tuple[str, ...]) -> None:
    """Refuse, in one line, an output file whose suffix names another format than ``writes`` (the
    format written, shown in the line), which ``suffixes`` name; no file, no suffix or one that names
    no format: written as asked."""
    if not path:
        return
    suffix = os.path.splitext(path)[1].lower()
    if suffix in SUFFIX_FORMATS and suffix not in suffixes:
        raise BridgeLawsError(f"{command}: -o {path}: a {suffix} file is {SUFFIX_FORMATS[suffix]}, but this "
                              f"writes {writes}: give a file ending in {' or '.join(suffixes)}")


def refuse_input(path: str, *sources: str | None) -> None:
    """One line if ``path`` is one of the input files ``sources`` (the same file by any name): the
    input is never overwritten."""
    for source in sources:
        try:
            same = source is not None and os.path.exists(path) and os.path.samefile(path, source)
        except OSError:
            same = False
        if same:
            raise BridgeLawsError(f"--output {path} is the input file: the input is never overwritten")


def _descriptor_or_device(path: str) -> bool:
    """A path under ``/dev/`` or ``/proc/`` (``/dev/stdout``, ``/dev/fd/3``, ``/proc/self/fd/1``, a
    device): opened as it is named, as the shell's ``>`` opens it; through ``realpath`` a descriptor
    that is a pipe names no file (``/proc/123/fd/pipe:[4567]``)."""
    return os.path.abspath(path).startswith(("/dev/", "/proc/"))


#: The longest file name (bytes) of the usual file systems (ext4, xfs, btrfs, tmpfs).
NAME_MAX = 255
#: What ``mkstemp`` adds between the prefix and the suffix.
_RANDOM_CHARS = 8


def part_prefix(target: str) -> str:
    """The start of the temporary file's name: ``.<name>.``; when that would make the temporary name
    longer than the file system allows (a name of 241 to 255 bytes), the name is cut and a digest of
    the whole of it follows (``.<start of name>~<digest>.``), so that the name and its temporary
    file are both possible."""
    name = os.path.basename(target)
    prefix = f".{name}."
    room = NAME_MAX - _RANDOM_CHARS - len(PART_SUFFIX)
    if len(os.fsencode(prefix)) <= room:
        return prefix
    import hashlib

    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:12]
    cut = name
    while len(os.fsencode(f".{cut}~{digest}.")) > room:
        cut = cut[:-1]
    return f".{cut}~{digest}."


def write_output(path: str, data: str | bytes, source: str | None = None) -> None:
    """The one way a command writes its ``-o FILE``: ``data`` (text as UTF-8, or bytes) written
    whole or not at all, by the rules of :class:`AtomicOutput` (a device or a FIFO written to, a
    symbolic link followed, neither ever replaced; a regular file replaced atomically, keeping its
    mode). A path that cannot be written is one :class:`BridgeLawsError` line."""
    output = AtomicOutput(path, source, binary=isinstance(data, bytes))
    try:
        output.stream.write(data)
        output.commit()
    except BrokenPipeError:  # -o /dev/stdout into `head`: the reader has had enough, as on stdout
        raise
    except OSError as exc:
        raise BridgeLawsError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        output.abandon()


def _lock(fd: int) -> None:
    """Mark a temporary file as in use for as long as this process holds it open."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Windows: a stale temporary file stays there
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # pragma: no cover - a file system without locks
        pass


def remove_stale_parts(target: str, keep: str | None = None) -> list[str]:
    """Remove the temporary files (``.<name>.*.part``) that earlier runs writing ``target`` left
    behind when they were killed: a regular file that no living run holds locked. Returns the
    names removed. Without ``fcntl`` (Windows) nothing is removed."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover
        return []
    directory = os.path.dirname(target) or "."
    prefix = part_prefix(target)
    removed: list[str] = []
    try:
        names = [n for n in os.listdir(directory) if n.startswith(prefix) and n.endswith(PART_SUFFIX)]
    except OSError:
        return removed
    for name in names:
        path = os.path.join(directory, name)
        if keep is not None and os.path.abspath(path) == os.path.abspath(keep):
            continue
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:  # a link, gone, or not ours to read
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # held: a run still writing it
                continue
            same = os.stat(path, follow_symlinks=False)
            if (same.st_dev, same.st_ino) == (os.fstat(fd).st_dev, os.fstat(fd).st_ino):
                os.unlink(path)
                removed.append(name)
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed


class ReadProgress:
    """Progress on stderr while a big file is read (the command line's ``pbn``): on a terminal one
    line updated in place, else a line every few seconds; and a last line with the count and the
    time. ``handle``: the open input (its position tells how far); ``mode``: None (auto: files of
    2 MB and more), True or False."""

    BIG = 2 << 20

    def __init__(self, name: str, size: int, handle: IO[bytes], mode: bool | None) -> None:
        import time

        self.name, self.size, self.handle = name, size, handle
        self.on = (size >= self.BIG) if mode is None else mode
        self.tty = self.on and sys.stderr.isatty()
        self.start = self.last = time.monotonic()
        self.every = 0.1 if self.tty else 5.0
        self.shown = False

    def _line(self, games: int) -> str:
        try:
            done = min(self.handle.tell(), self.size)
        except (OSError, ValueError):
            done = 0
        share = f" ({100 * done // self.size}%)" if self.size else ""
        return f"bridgelaws: {self.name}: {games:,} games, {done / 1e6:.1f} of {self.size / 1e6:.1f} MB{share}"

    def update(self, games: int) -> None:
        if not self.on or games % 256:
            return
        import time

        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        if self.tty:
            sys.stderr.write("\r" + self._line(games) + "\x1b[K")
            self.shown = True
        else:
            print(self._line(games), file=sys.stderr)
        sys.stderr.flush()

    def clear(self) -> None:
        """Before an error line: end the line updated in place."""
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            self.shown = False

    def done(self, games: int) -> None:
        if not self.on:
            return
        import time

        self.clear()
        print(f"bridgelaws: {self.name}: read {games:,} games ({self.size / 1e6:.1f} MB) in "
              f"{time.monotonic() - self.start:.1f} s", file=sys.stderr)


class Progress:
    """A progress line on stderr for a run that may take long (``distinguish``, ``impact``): nothing
    for its first ``after`` seconds (2), then on a terminal one line updated in place (at most ten
    times a second), cleared by :meth:`done`. When stderr is not a terminal (a pipe, a log, a test's
    capture) nothing is written, unless ``enabled=True`` or ``$BRIDGELAWS_PROGRESS=1``: then a full
    line every ``every`` seconds (5), so that a log is not flooded."""

    def __init__(self, label: str, *, after: float = 2.0, every: float | None = None, stream: IO[str] | None = None,
                 enabled: bool | None = None) -> None:
        import time

        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        try:
            self.tty = bool(self.stream.isatty())
        except (AttributeError, ValueError):
            self.tty = False
        if enabled is None:
            enabled = self.tty or os.environ.get("BRIDGELAWS_PROGRESS") == "1"
        self.enabled = enabled
        self.after = after
        self.every = every if every is not None else (0.1 if self.tty else 5.0)
        self.start = time.monotonic()
        self.last = float("-inf")
        self.shown = False
        self.lines = 0  # lines written (a test reads it)

    def update(self, text: str, *, force: bool = False) -> None:
        """Show ``text``; ``force``: now, whatever the time since the start or the last line (a step
        that starts and then takes long without a word, such as printing a PDF)."""
        if not self.enabled:
            return
        import time

        now = time.monotonic()
        if not force and (now - self.start < self.after or now - self.last < self.every):
            return
        self.last = now
        line = f"bridgelaws: {self.label}: {text} ({now - self.start:.0f} s)"
        if self.tty:
            self.stream.write("\r" + line + "\x1b[K")
            self.shown = True
        else:
            self.stream.write(line + "\n")
        self.lines += 1
        self.stream.flush()

    def done(self) -> None:
        """End the line updated in place (before the result or an error line is printed)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
