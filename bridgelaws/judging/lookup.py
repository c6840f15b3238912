"""An edition found by its name, drafts included: where a name from a user becomes an edition.

The auction layer knows the registered editions (:func:`bridgelaws.auction.editions.find_edition`);
a draft is a file the judging layer reads (:mod:`bridgelaws.judging.drafts`). Here both are found, so
a name is resolved once, where it comes in, and every layer below is handed the edition itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..auction import editions as _editions
from ..auction.editions import Edition
from .drafts import load_draft, loaded_draft


def find_edition(name: str | int | Edition) -> Edition:
    """The edition named ``name``: a registered one (``"1936"``, ``1936``, ``"36"``), a draft read
    from its file (a path ending in ``.yaml``, :func:`bridgelaws.judging.drafts.load_draft`), a draft
    read before, by its id, or ``name`` itself when it is an edition already; a clear error otherwise."""
    if isinstance(name, Edition):
        return name
    if isinstance(name, str):
        text = name.strip()
        if text.lower().endswith((".yaml", ".yml")):
            return load_draft(text)
        loaded = loaded_draft(text)
        if loaded is not None:
            return loaded
    return _editions.find_edition(name)


def find_editions(names: str | Iterable[str | int | Edition] | None) -> tuple[Edition, ...]:
    """Several editions, drafts included: :func:`bridgelaws.auction.editions.find_editions` with
    each name found by :func:`find_edition`."""
    named = _editions.edition_names(names)
    if named is None:
        return _editions.find_editions(None)
    return _editions.find_editions([find_edition(name) for name in named])
