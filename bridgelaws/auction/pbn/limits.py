"""The limits of the PBN reader: what one line, one tag value and one game may hold.

PBN 2.1 says a line has at most 255 characters (2.4). Files written by other programs break that
rule (long comments, long tag values), so the reader is lenient, up to these limits; beyond them the
game is one error line and reading goes on with the next game. The limits keep the memory of every
reading path bounded by design whatever a file holds (a line without end, ``/dev/zero``, a game of
gigabytes): docs/performance.md (hostile input) gives the measured peaks.
"""

#: The longest line the reader accepts, in characters (PBN: 255). A longer line is never held whole:
#: the reader keeps its first :data:`KEPT_LINE_BYTES` bytes, enough to know it is too long.
MAX_LINE_CHARS = 1 << 16
#: The longest tag value the reader accepts, in characters (between the quotes, as written).
MAX_TAG_VALUE_CHARS = 1 << 14
#: The longest game the reader accepts, in characters (its lines and their line ends).
MAX_GAME_CHARS = 1 << 20
#: What is kept of a line longer than the limit: more bytes than the longest accepted line can take
#: in UTF-8 (4 bytes a character), so that the kept part, decoded, is still too long.
KEPT_LINE_BYTES = 4 * (MAX_LINE_CHARS + 1)
#: The most irregularity marks an error line repeats; a longer run is shown by its start and count
#: (a game may hold a run of some 300,000 '^S' within :data:`MAX_GAME_CHARS`).
SHOWN_MARKS = 4


def shown_marks(marks: "list[str] | tuple[str, ...]") -> str:
    """Marks for a one-line message: all of them, or the first few and how many there are."""
    if len(marks) <= SHOWN_MARKS:
        return " ".join(marks)
    return f"{' '.join(marks[:SHOWN_MARKS])} ... ({len(marks):,} marks)"
