"""The package's one error class.

Every error a user can cause (a malformed call, an unknown edition or article, a broken PBN file)
is a :class:`BridgeLawsError` whose message is one line naming what was wrong and where.
"""


class BridgeLawsError(ValueError):
    """A user-facing error: one clear line, no traceback needed."""

    # Set on the error of a PBN game that pbn.iter_games(errors="keep") yields in its place.
    file: str
    game_number: int
    board: str | None
    line: int


class InternalError(RuntimeError):
    """A defect of bridgelaws itself, not of the input: the engine met a state it should never reach.

    Deliberately not a :class:`BridgeLawsError`: a caller that reports a user's mistake in one line
    must not report this one as if the user had made it, and a search over scenarios
    (``distinguish``, the sweep) must stop on it rather than read it as "this edition cannot play
    the scenario". The message names the scenario's token and position where the defect showed.
    """
