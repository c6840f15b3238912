"""The package's one error class.

Every error a user can cause (a malformed call, an unknown edition or article, a broken PBN file)
is a :class:`BridgeLawsError` whose message is one line naming what was wrong and where.
"""


class BridgeLawsError(ValueError):
    """A user-facing error: one clear line, no traceback needed."""
