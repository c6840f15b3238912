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
