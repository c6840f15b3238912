"""The project's English translation of the corpus records (issue 12), kept apart from the corpus.

The translation is the project's own work, never a source text: ``data/translations/<year>.yaml``
holds, for one edition, one English text per corpus record under the record's id. Views that show it
label it as the project's translation (:data:`LABEL`). An edition without a file has no translation
yet: :func:`english` returns ``None`` for its records, and no view invents one.
"""

from __future__ import annotations

from . import corpus, datafiles, schema

#: How every view names the English text: the project's translation, not a source.
LABEL = "English: the project's translation, not a source text"


@datafiles.cached
def _edition(edition: str) -> dict[str, str]:
    name = f"translations/{edition}.yaml"
    if not datafiles.exists(name):
        return {}
    return schema.parse_translation(datafiles.load(name), name, edition,
                                    {r.id for r in corpus.records(edition)})


def english(record_id: str) -> str | None:
    """The project's English for the record ``record_id`` (``"1936:22.6.c"``), or ``None`` where
    its edition has no translation yet. An unknown id is a one-line error (``corpus.record``)."""
    record = corpus.record(record_id)
    return _edition(record.edition).get(record.id)


def translated(edition: str) -> dict[str, str]:
    """Every translated record of ``edition``: ``{record id: English}``."""
    return dict(_edition(corpus.source(edition).edition))
