"""The names the engine implements, which a ruling may give: its conditions (with the branch fields
each reads), its effects and the offender's corrections.

The schema (:mod:`bridgelaws.text.schema_rulings`) checks a ruling's shape; the judging layer, which
reads the rulings for the engine, hands it these names so that a name the engine cannot act on is
refused when the file is loaded, not when a case is judged.
"""

from __future__ import annotations

from ..text import datafiles
from ..text.schema import EngineNames


@datafiles.cached
def engine_names() -> EngineNames:
    """The engine's conditions (with the fields each reads), effects and corrections (one object,
    kept: the loaders key their caches on it)."""
    # Imported here: the effects read the rulings, which are checked with these names.
    from . import conditions, effects

    return EngineNames(conditions={name: found.needs for name, found in conditions.CONDITIONS.items()},
                       effects=tuple(effects.EFFECTS), corrections=tuple(effects.CORRECTIONS))
