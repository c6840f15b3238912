"""The toolkit of the schema (:mod:`bridgelaws.text.schema`): where a value sits (:class:`Loc`), the
checkers of a field's type, and the vocabularies of the rulings as ``Literal`` types.

Every name is also importable from :mod:`bridgelaws.text.schema`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from . import registry
from .errors import BridgeLawsError

Status = Literal["ruled", "referenced", "silent"]
#: Who a bar or an option names. There is no declarer during the auction, so no "declarer" role.
Role = Literal["offender", "partner", "side", "lho", "first-bidder"]
Scope = Literal["next-turn", "rest-of-auction"]
Next = Literal["offender", "proper", "rotation", "skipped"]
#: "P": deemed a pass; "same": deemed the double or redouble of the bid actually made.
Deemed = Literal["P", "same"]
#: "sufficient-bid": the replacement must be a sufficient bid (1936:22.3); "no-double": any legal call
#: but a double or redouble (2007/2017:27.B.3).
Requires = Literal["sufficient-bid", "no-double"]
Outcome = Literal["redeal", "next-deal", "passed-out"]  # see vocabulary.Outcome
CaseKind = Literal["call", "event", "situation"]
#: The dimensions of the ledger's profile of a ruling (:data:`bridgelaws.presentation.profile.DIMENSIONS`, in its
#: order): what an ``assumes`` may name (the dimensions an assumption of the engine supplies).
ProfileDimension = Literal["barred", "offender", "opponents", "call", "play", "score"]
Code = Literal["rubber", "duplicate"]

STATUSES: tuple[str, ...] = get_args(Status)
ROLES: tuple[str, ...] = get_args(Role)
SCOPES: tuple[str, ...] = get_args(Scope)
PROFILE_DIMENSIONS: tuple[str, ...] = get_args(ProfileDimension)


# ------------------------------------------------------------------------------------ the toolkit


@dataclass(frozen=True)
class Loc:
    """Where a value sits: the data file and the path of keys and indexes inside it."""

    file: str
    path: str = ""

    def at(self, key: str | int) -> Loc:
        if isinstance(key, int):
            return Loc(self.file, f"{self.path}[{key}]")
        return Loc(self.file, f"{self.path}.{key}" if self.path else str(key))

    def error(self, message: str) -> BridgeLawsError:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return BridgeLawsError(f"{where}: {' '.join(message.split())}")


def _type_name(value: object) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def fields(value: object, loc: Loc, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """``value`` as a mapping with exactly the known keys: a missing or unknown key is an error."""
    if not isinstance(value, Mapping):
        raise loc.error(f"expected a mapping, got {_type_name(value)}")
    required, optional = tuple(required), tuple(optional)
    known = required + optional
    for key in value:
        if key not in known:
            raise loc.at(str(key)).error(f"unknown field (known: {', '.join(known)})")
    for key in required:
        if key not in value:
            raise loc.error(f"missing field {key!r}")
    return dict(value)


def listing(value: object, loc: Loc) -> list[Any]:
    if not isinstance(value, list):
        raise loc.error(f"expected a list, got {_type_name(value)}")
    return value


def string(value: object, loc: Loc) -> str:
    # YAML reads an unquoted year as a number; ids and years are strings here.
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str) or not value.strip():
        raise loc.error(f"expected a non-empty string, got {_type_name(value)}")
    return value


def opt_string(value: object, loc: Loc) -> str | None:
    return None if value is None else string(value, loc)


def strings(value: object, loc: Loc) -> tuple[str, ...]:
    """A list of strings; null is an empty list."""
    if value is None:
        return ()
    return tuple(string(item, loc.at(i)) for i, item in enumerate(listing(value, loc)))


def boolean(value: object, loc: Loc) -> bool:
    if not isinstance(value, bool):
        raise loc.error(f"expected true or false, got {value!r}")
    return value


def one_of(value: object, choices: Iterable[str], loc: Loc) -> str:
    choices = tuple(choices)
    if value not in choices:
        raise loc.error(f"{value!r} is not one of {', '.join(choices)}")
    return str(value)


def text(value: object, loc: Loc) -> str:
    """Prose written over several lines in YAML, as one line."""
    return " ".join(string(value, loc).split())


def year_keys(value: object, loc: Loc, years: Iterable[str]) -> dict[str, Any]:
    """A mapping keyed by edition year, every key a registered edition."""
    if not isinstance(value, Mapping):
        raise loc.error(f"expected a mapping of editions, got {_type_name(value)}")
    years = tuple(years)
    result = {}
    for key, item in value.items():
        year = str(key)
        if year not in years:
            raise loc.at(year).error(f"{year!r} is not a registered edition ({', '.join(years)})")
        result[year] = item
    return result


def _years() -> tuple[str, ...]:
    return registry.years()


RANKS = "AKQJT98765432"


def _ranks(value: object, loc: Loc) -> str | None:
    """A string of ranks (``AKQJT``), or null."""
    if value is None:
        return None
    ranks = string(value, loc)
    for rank in ranks:
        if rank not in RANKS:
            raise loc.error(f"{rank!r} is not a rank (one of {', '.join(RANKS)})")
    return ranks
