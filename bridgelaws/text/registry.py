"""The registry of editions as data: one folder per edition, ``data/editions/<year>/edition.yaml``.

What the texts and the data need of the registry, read here, below the mechanics: which editions
there are and in what order (:func:`years`), what each entry says with its ``derives`` resolved
(:func:`entries`: a derived edition's basis, class and highest level are its base's, the base's
article ids read as its own, :func:`remap`), and data keyed by edition given to a derived edition
that has none of its own (:func:`inherit_by_year`). The mechanics of each entry (its basis, closing
reading and class) are checked and built into editions by :mod:`bridgelaws.auction.editions`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import datafiles
from .errors import BridgeLawsError

#: The registry: one ``edition.yaml`` per edition's folder, ``data/editions/<year>/edition.yaml``
#: (read through :mod:`bridgelaws.text.datafiles`; :func:`registry_data` gathers them).
REGISTRY = "editions"
#: An edition's id, its folder's name: a year, which letters, digits or ``-`` may follow (``2017b``); it
#: begins every article id (``2017:22.B``), and is a part of file names and of the static site's addresses.
EDITION_ID = re.compile(r"[0-9]{4}[A-Za-z0-9-]*", re.ASCII)
#: The fields of an entry.
ENTRY_KEYS = frozenset({"year", "name", "name_nl", "class", "max_level", "basis", "derives", "bibliography",
                        "reasons"})


def entry_file(year: str) -> str:
    """The name of an edition's registry entry under ``data/``."""
    return datafiles.edition_file(year, "edition.yaml")


def problem(where: str, message: str) -> BridgeLawsError:
    """An error in an edition's entry: ``where`` is ``"<year>"`` or ``"<year>.<field>..."``."""
    year, _, rest = where.partition(".")
    return BridgeLawsError(f"{entry_file(year)}: {rest or 'top level'}: {message}")


def registry_data() -> dict[str, Any]:
    """The registry as the editions' folders give it: ``{"editions": [entry, ...]}``, each entry an
    ``edition.yaml`` with its ``year`` (the folder's name), in the folders' order."""
    found = []
    for year in datafiles.edition_folders():
        if not EDITION_ID.fullmatch(year):
            raise BridgeLawsError(f"{datafiles.edition_file(year, '')}: {year!r} is not an edition's id: an edition's "
                                  "folder is named by its year, four digits, which letters, digits or '-' may follow "
                                  "(2017b), with no space, dot or colon")
        entry = datafiles.load(entry_file(year))
        if not isinstance(entry, dict):
            raise problem(year, "expected a mapping (name, basis, bibliography, ...)")
        if "year" in entry and str(entry["year"]) != year:
            raise problem(f"{year}.year", f"{entry['year']!r}: the folder's name is the edition's year")
        found.append({"year": year, **entry})
    if not found:
        raise BridgeLawsError(f"{REGISTRY}/: no edition (expected a folder <year>/ with an edition.yaml, "
                              f"looked in {datafiles.data_dir()})")
    return {"editions": found}


def remap(value: Any, base: str, year: str) -> Any:
    """``value`` with every article id of ``base`` (``"2017:22.B"``, also inside a text) read as
    the same id of ``year`` (``"2025:22.B"``): what a derived edition inherits (see
    data/editions/README.md, ``derives``)."""
    if isinstance(value, str):
        return re.sub(rf"(?<![\w.:]){re.escape(base)}:(?=\w)", f"{year}:", value)
    if isinstance(value, list):
        return [remap(item, base, year) for item in value]
    if isinstance(value, dict):
        return {key: remap(item, base, year) for key, item in value.items()}
    return value


def parse_entries(raw: object) -> dict[str, dict[str, Any]]:
    """The entries of the registry (:func:`registry_data`), by year in its order, each checked for
    its id and its fields, with its ``derives`` resolved (:func:`_derived`)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("editions"), list) or not raw["editions"]:
        raise BridgeLawsError(f"{REGISTRY}/: expected at least one edition")
    entries: dict[str, dict[str, Any]] = {}
    for number, entry in enumerate(raw["editions"]):
        if not isinstance(entry, dict):
            raise BridgeLawsError(f"{REGISTRY}/: entry {number}: expected a mapping")
        year = entry.get("year")
        if not isinstance(year, str) or not year.strip():
            raise BridgeLawsError(f"{REGISTRY}/: entry {number}: expected the edition's id as a string, e.g. \"1936\"")
        unknown = set(entry) - ENTRY_KEYS
        if unknown:
            raise problem(year, f"unknown field {sorted(unknown)[0]!r}: one of "
                                f"{', '.join(sorted(ENTRY_KEYS - {'year'}))}")
        if year in entries:
            raise problem(f"{year}.year", f"edition {year} is listed twice")
        entries[year] = entry
    return _derived(entries)


def _derived(entries: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every entry with its ``derives`` resolved: a derived edition's basis (and class and highest
    level, unless it gives its own) is its base's, the base's article ids read as its own; a
    mechanic it names in its own ``basis`` replaces the base's."""
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(year: str, seen: tuple[str, ...]) -> dict[str, Any]:
        if year in resolved:
            return resolved[year]
        entry = entries[year]
        base = entry.get("derives")
        if base is None:
            resolved[year] = entry
            return entry
        base = str(base)
        if base not in entries or base == year:
            raise problem(f"{year}.derives", f"{base!r} is not another registered edition")
        if base in seen:
            raise problem(f"{year}.derives", f"derives from itself through {' -> '.join((*seen, base))}")
        base_entry = resolve(base, (*seen, base))
        own_basis = entry.get("basis") or {}
        if not isinstance(own_basis, dict):
            raise problem(f"{year}.basis", "expected a mapping of mechanics")
        merged = {key: value for key, value in base_entry.items() if key in ("class", "max_level")}
        merged.update(entry)
        merged["derives"] = base
        merged["basis"] = {**remap(base_entry["basis"], base, year), **own_basis}
        # The mechanics it takes from its base: each stands only on records its text keeps.
        merged["inherited_basis"] = tuple(m for m in base_entry["basis"] if m not in own_basis)
        resolved[year] = merged
        return merged

    for year in entries:
        resolve(year, (year,))
    return resolved


@datafiles.cached
def entries() -> dict[str, dict[str, Any]]:
    """The registered editions' entries, by year, in chronological order (:func:`parse_entries`)."""
    return parse_entries(registry_data())


def years() -> tuple[str, ...]:
    """The years of the registered editions (their folders' names), chronologically."""
    return tuple(entries())


def derives(year: str) -> str | None:
    """The registered edition ``year`` derives from (its ``derives``), or None."""
    entry = entries().get(year)
    if entry is None:
        raise BridgeLawsError(f"unknown edition {year!r}: choose one of {', '.join(years())}")
    base = entry.get("derives")
    return None if base is None else str(base)


def inherit_by_year(data: dict[str, Any], check: Callable[[str, str, Any], None] | None = None,
                    read_as: Callable[[Any, str, str], Any] | None = None) -> dict[str, Any]:
    """``data`` keyed by edition, with every derived edition that has no entry given its base's
    (through a chain of bases), the base's ids read as its own (``read_as(entry, base, year)``,
    by default :func:`remap`). ``check(year, base, entry)`` may refuse an inherited entry (a quote
    that no longer stands, a record the derived text changes) with an error. The one way a derived
    edition takes what it does not restate, for every file keyed by edition."""
    result = dict(data)
    for edition in years():
        chain: list[tuple[str, str]] = []
        year = edition
        while year not in result:
            base = derives(year)
            if base is None or any(base == derived for derived, _ in chain):
                break
            chain.append((year, base))
            year = base
        if year in result:
            for derived, base in reversed(chain):
                entry = (read_as or remap)(result[base], base, derived)
                if check is not None:
                    check(derived, base, entry)
                result[derived] = entry
    return result
