"""Reading a draft file within bounds (a draft is untrusted input), and where each of its
values sits: :func:`read_draft` gives the document and a :class:`MarkedLoc` whose errors name the
file, the LINE and the field. What the document says is checked by :mod:`bridgelaws.judging.drafts`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..text.errors import BridgeLawsError
from ..text.schema import Loc

__all__ = ["MAX_ALIASES", "MAX_DEPTH", "MAX_DRAFT_BYTES", "MAX_NODES", "MAX_NUMBER_CHARS", "MarkedLoc", "read_draft"]


# ------------------------------------------------------------------------------ where a value sits


@dataclass(frozen=True)
class MarkedLoc(Loc):
    """A :class:`~bridgelaws.text.schema.Loc` that knows the line of each path of its file, so that an
    error names the file, the line and the field."""

    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    def at(self, key: str | int) -> MarkedLoc:
        plain = Loc.at(self, key)
        return MarkedLoc(plain.file, plain.path, self.lines)

    @property
    def line(self) -> int:
        path = self.path
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.lines.get("", 1)

    def error(self, message: str) -> BridgeLawsError:
        where = f"{self.file}: line {self.line}" + (f": {self.path}" if self.path else "")
        return BridgeLawsError(f"{where}: {' '.join(message.split())}")


def _lines(node: Any, path: str, lines: dict[str, int], seen: set[int] | None = None) -> None:
    """The line (1-based) of every key and list item under ``node``, by its path. A node reached a
    second time (through an alias) is not walked again: its first path keeps its lines, so that the
    bookkeeping never expands an alias (an alias bomb expanded here exhausted memory)."""
    import yaml

    seen = set() if seen is None else seen
    lines.setdefault(path, node.start_mark.line + 1)
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = str(key.value)
            child = f"{path}.{name}" if path else name
            lines[child] = key.start_mark.line + 1
            _lines(value, child, lines, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = f"{path}[{index}]"
            lines[child] = item.start_mark.line + 1
            _lines(item, child, lines, seen)


#: The bounds of a draft file (a draft is untrusted input). A draft is a few kilobytes
#: (the examples in data/drafts/ are under 3 KB); every bound is far above what a real one needs, and
#: each is checked before the part it protects runs, so that no file can make the reader use more
#: than a few megabytes or more than a moment.
#: The most bytes read; a larger file (or one that keeps growing) is refused.
MAX_DRAFT_BYTES = 128 * 1024
#: The deepest nesting of mappings and lists (a draft needs about ten: changes, ruling, when, options, barred).
MAX_DEPTH = 32
#: The most aliases (``*name``) a draft may use; an alias bomb needs dozens.
MAX_ALIASES = 16
#: The most nodes the document holds with every alias counted as often as it is used.
MAX_NODES = 100_000
#: The longest number (in characters): a level, a count of passes.
MAX_NUMBER_CHARS = 32

_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _read_source(path: Path, name: str) -> str:
    """The text of a draft file, read as a regular file of at most :data:`MAX_DRAFT_BYTES`: a
    device, a FIFO, a socket or a folder is refused before it is read (``/dev/zero`` named x.yaml
    would be endless, a FIFO would wait for ever)."""
    import stat

    def not_regular(mode: int) -> BridgeLawsError:
        kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
                else "not a regular file")
        return BridgeLawsError(f"{name}: cannot read the draft: it is {kind}, not a file")

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise BridgeLawsError(f"{name}: no such draft file") from None
    except OSError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise not_regular(mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: a FIFO put in its place meanwhile does not wait
    except OSError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise not_regular(info.st_mode)
        too_big = BridgeLawsError(f"{name}: the draft file is larger than {MAX_DRAFT_BYTES:,} bytes "
                                  "(a draft is a few kilobytes)")
        if info.st_size > MAX_DRAFT_BYTES:
            raise too_big
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_DRAFT_BYTES:
            chunk = os.read(fd, MAX_DRAFT_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_DRAFT_BYTES:
            raise too_big
    except OSError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BridgeLawsError(f"{name}: cannot read the draft: not UTF-8 (byte {exc.start + 1})") from None


#: The characters that reorder the text shown around them (embeddings, overrides, isolates, marks):
#: in a draft's text they could make a ruling read otherwise than it is written, in the terminal,
#: in JSON and in HTML alike; a draft of Dutch and English laws needs none.
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _check_events(source: str, name: str) -> None:
    """Walk the file's YAML events (the parser keeps no tree and does not recurse) and refuse, before
    anything is built: nesting deeper than :data:`MAX_DEPTH`, more than :data:`MAX_ALIASES` aliases,
    a number longer than :data:`MAX_NUMBER_CHARS` characters, a bidirectional control character
    (:data:`BIDI_CONTROLS`) in a value or a key."""
    import yaml

    def refused(event: Any, what: str) -> BridgeLawsError:
        return BridgeLawsError(f"{name}: line {event.start_mark.line + 1}: {what}")

    resolver = yaml.SafeLoader("")  # how a plain scalar is read (int, float, ...)
    depth = aliases = 0
    for event in yaml.parse(source, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise refused(event, f"nested more than {MAX_DEPTH} deep (a draft needs about ten levels)")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise refused(event, f"more than {MAX_ALIASES} aliases (*name; a draft needs none)")
        elif isinstance(event, yaml.ScalarEvent) and BIDI_CONTROLS.search(event.value):
            control = BIDI_CONTROLS.search(event.value).group()  # type: ignore[union-attr]
            raise refused(event, f"a bidirectional control character U+{ord(control):04X} (it makes a text read in "
                                 "another order than it is written; a draft's text needs none)")
        elif isinstance(event, yaml.ScalarEvent) and len(event.value) > MAX_NUMBER_CHARS:
            tag = event.tag if event.tag not in (None, "!") else (
                resolver.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
                if event.implicit[0] else None)
            if tag in _NUMBER_TAGS or tag in ("!!int", "!!float"):
                raise refused(event, f"a number of {len(event.value):,} characters (at most {MAX_NUMBER_CHARS})")


def _check_size(root: Any, name: str) -> None:
    """Refuse a document whose nodes, every alias counted as often as it is used, are more than
    :data:`MAX_NODES` (an alias bomb), or that holds itself (``&a [*a]``). Counted once per node."""
    import yaml

    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: Any) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise BridgeLawsError(f"{name}: line {node.start_mark.line + 1}: an alias refers to a mapping or "
                                  "list that holds it")
        open_nodes.add(key)
        total = 1
        if isinstance(node, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            total += sum(size(item) for item in node.value)
        open_nodes.discard(key)
        sizes[key] = total = min(total, MAX_NODES + 1)
        return total

    if size(root) > MAX_NODES:
        raise BridgeLawsError(f"{name}: the draft holds more than {MAX_NODES:,} values once its aliases are "
                              "expanded (an alias bomb?)")


def read_draft(path: Path, name: str) -> tuple[Any, MarkedLoc]:
    """The document of a draft file (read within the bounds above) and where each of its values sits."""
    import yaml

    source = _read_source(path, name)
    try:
        _check_events(source, name)
        node = yaml.compose(source, Loader=yaml.SafeLoader)
        if node is None:
            data = None
        else:
            _check_size(node, name)
            data = yaml.SafeLoader("").construct_document(node)  # the tree already composed, not parsed again
    except BridgeLawsError:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f": line {mark.line + 1}" if mark is not None else ""
        raise BridgeLawsError(f"{name}{where}: not valid YAML: {getattr(exc, 'problem', None) or exc}") from None
    except (ValueError, OverflowError, RecursionError, MemoryError) as exc:  # beyond what the checks foresaw
        raise BridgeLawsError(f"{name}: cannot read the draft: {type(exc).__name__}") from None
    lines: dict[str, int] = {}
    if node is not None:
        _lines(node, "", lines)
    return data, MarkedLoc(name, "", lines)
