"""The catalogue of cases and what each edition's text prescribes for them, as data.

``data/cases.yaml`` lists the cases; ``data/rulings/<case>.yaml`` holds, per edition, the ruling
read from that edition's own text (see ``data/rulings/README.md`` for the fields). This module loads
them and turns an entry into a :class:`Ruling` for a concrete event: roles such as "the offender's
partner" become seats, and the branch whose condition holds is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .calls import Seat
from .editions import EDITIONS, find_edition
from .errors import BridgeLawsError
from .vocabulary import Scope, Status

DATA = Path(__file__).resolve().parent.parent / "data"
STATUSES = tuple(Status)
SCOPES = tuple(Scope)

#: The engine's one default where a text is silent or only points elsewhere.
DEFAULT_ASSUMPTION = (
    "The text gives no rectification here: the engine lets the call stand as made and continues "
    "the auction in rotation after it. This is the engine's default, an assumption, not law.")
EVENT_ASSUMPTION = (
    "The text gives no rectification here: the engine lets the auction continue unchanged. This is "
    "the engine's default, an assumption, not law.")


@dataclass(frozen=True)
class Case:
    id: str
    name_nl: str
    name_en: str
    kind: str  # "call", "event" or "situation"
    description: str
    scenario: dict | None  # {"dealer", "tokens"} for cases the notation can express
    situation: str | None
    variants: tuple = ()


@dataclass
class Ruling:
    """What one edition's text prescribes for one event. ``as_dict`` is the ``ruling`` of ``judge --json``."""

    case: str
    edition: str
    status: Status
    articles: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    call_stands: bool | None = None
    deemed: str | None = None
    barred: list[dict] = field(default_factory=list)  # [{"seat", "scope": Scope, "article"}]
    options: list[dict] = field(default_factory=list)  # [{"by", "choice", "barred", "effect"}]
    play: list[str] = field(default_factory=list)
    assumption: str | None = None
    quote_nl: str | None = None
    quote_from: str | None = None
    summary_en: str = ""
    next: str | None = None  # offender / proper / rotation / skipped (see data/rulings/README.md)
    acceptance: str | None = None
    requires: str | None = None
    outcome: str | None = None
    condition: str | None = None
    accepted: bool = False
    assumption_for_ranks: str | None = None
    chosen: str | None = None  # the option taken, once known

    def as_dict(self) -> dict:
        return {
            "status": self.status, "articles": list(self.articles), "references": list(self.references),
            "call_stands": self.call_stands, "deemed": self.deemed,
            "barred": [dict(b) for b in self.barred],
            "options": [dict(o) for o in self.options], "play": list(self.play),
            "assumption": self.assumption, "quote_nl": self.quote_nl, "quote_from": self.quote_from,
            "summary_en": self.summary_en, "chosen": self.chosen,
        }

    @property
    def is_law(self) -> bool:
        """True when the edition's own text rules (no assumption involved)."""
        return self.status == "ruled" and not self.assumption

    def _repr_html_(self) -> str:
        from .render import ruling_html

        return ruling_html(self)


@cache
def cases() -> tuple[Case, ...]:
    """The catalogue, in the order of the matrix rows."""
    import yaml

    raw = yaml.safe_load((DATA / "cases.yaml").read_text(encoding="utf-8"))
    return tuple(Case(id=c["id"], name_nl=c["name_nl"], name_en=c["name_en"], kind=c["kind"],
                      description=" ".join(c["description"].split()), scenario=c.get("scenario"),
                      situation=c.get("situation"), variants=tuple(c.get("variants", ())))
                 for c in raw)


def case_ids() -> tuple[str, ...]:
    return tuple(c.id for c in cases())


def find_case(case_id: str) -> Case:
    for case in cases():
        if case.id == case_id:
            return case
    raise BridgeLawsError(f"unknown case {case_id!r}: one of {', '.join(case_ids())}")


@cache
def ruling_data(case_id: str) -> dict:
    """The raw per-edition entries of one case (``data/rulings/<case>.yaml``)."""
    import yaml

    find_case(case_id)
    path = DATA / "rulings" / f"{case_id}.yaml"
    if not path.exists():
        raise BridgeLawsError(f"no rulings file for case {case_id!r} ({path.name} is missing)")
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {str(year): entry for year, entry in raw["rulings"].items()}


def entry(case_id: str, edition) -> dict:
    edition = find_edition(edition)
    data = ruling_data(case_id)
    if edition.year not in data:
        raise BridgeLawsError(f"the rulings of case {case_id!r} have no entry for {edition.year}")
    return data[edition.year]


def branches(case_id: str, edition) -> list[dict]:
    """The conditional branches of an entry ([] when its ruling does not depend on circumstances)."""
    return list(entry(case_id, edition).get("when", ()))


def _text(value) -> str | None:
    return " ".join(value.split()) if isinstance(value, str) else value


def generic_ruling(case_id: str, edition, condition: str | None = None) -> Ruling:
    """The ruling with roles, not seats (``offender``, ``partner``...): what the matrix shows."""
    return _build(case_id, find_edition(edition), condition, seats=None)


def resolve(case_id: str, edition, *, condition: str | None = None, offender: Seat | None = None,
            first_bidder: Seat | None = None) -> Ruling:
    """The ruling for an event: roles turned into seats, the branch for ``condition`` chosen."""
    seats = None
    if offender is not None:
        seats = {"offender": [offender], "partner": [offender.partner],
                 "side": [offender, offender.partner], "lho": [offender.lho],
                 "first-bidder": [first_bidder if first_bidder is not None else offender.lho]}
    return _build(case_id, find_edition(edition), condition, seats)


def _build(case_id: str, edition, condition: str | None, seats: dict | None) -> Ruling:
    raw = dict(entry(case_id, edition))
    chosen = None
    for branch in raw.pop("when", ()):
        if branch["condition"] == condition or (chosen is None and branch["condition"] == "otherwise"):
            chosen = branch
            if branch["condition"] == condition:
                break
    merged = dict(raw)
    siblings = {b.get("article") for b in entry(case_id, edition).get("when", ())} - {None}
    if chosen is not None:
        for key, value in chosen.items():
            if key == "article":
                continue
            merged[key] = value
        # The branch's deciding article goes first, then the others the entry names.
        if chosen.get("articles"):
            arts = list(chosen["articles"])
        else:
            # The branch's article, then the entry's others, leaving out the other branches' articles.
            arts = [a for a in raw.get("articles") or [] if a not in siblings]
            if chosen.get("article"):
                arts = [chosen["article"]] + [a for a in arts if a != chosen["article"]]
        merged["articles"] = arts
    status = merged.get("status")
    if status not in STATUSES:
        raise BridgeLawsError(f"case {case_id!r}, {edition.year}: bad status {status!r}")

    def who(role: str) -> list[str]:
        if seats is None:
            return [role]
        return [str(s) for s in seats[role]]

    barred = [{"seat": seat, "scope": Scope(bar["scope"]), "article": chosen.get("article") if chosen else None}
              for bar in merged.get("barred", []) or [] for seat in who(bar["who"])]
    for bar in barred:
        bar["article"] = bar["article"] or (merged.get("articles") or [None])[0]
    options = []
    for option in merged.get("options", []) or []:
        options.append({
            "by": who(option["by"])[0], "choice": option["choice"], "text": option.get("text", ""),
            "barred": [{"seat": seat, "scope": Scope(b["scope"])} for b in option.get("barred", [])
                       for seat in who(b["who"])],
            "effect": option.get("effect", ""), "article": option.get("article"),
            "default": bool(option.get("default", False)),
        })
    assumption = _text(merged.get("assumption"))
    if status != "ruled" and not assumption:
        assumption = DEFAULT_ASSUMPTION
    return Ruling(
        case=case_id, edition=edition.year, status=Status(status),
        articles=list(merged.get("articles", []) or []),
        references=list(merged.get("references", []) or []),
        call_stands=merged.get("call_stands") if status == "ruled" else None,
        deemed=merged.get("deemed"), barred=barred, options=options,
        play=[_text(p) for p in merged.get("play", []) or []],
        assumption=assumption, quote_nl=merged.get("quote_nl"), quote_from=merged.get("quote_from"),
        summary_en=_text(merged.get("summary_en", "")), next=merged.get("next"),
        acceptance=merged.get("acceptance"), requires=merged.get("requires"),
        outcome=merged.get("outcome"), condition=chosen["condition"] if chosen else None,
        assumption_for_ranks=merged.get("assumption_for_ranks"),
    )


@cache
def acceptance_data() -> dict:
    """``data/acceptance.yaml``: per edition, the article, quote and summary of an acceptance."""
    import yaml

    raw = yaml.safe_load((DATA / "acceptance.yaml").read_text(encoding="utf-8"))
    return {str(year): entry for year, entry in raw.items()}


def acceptance_ruling(case_id: str, edition, offender: Seat) -> Ruling:
    """The ruling when a call over the irregular call accepted it (1936:22.2)."""
    edition = find_edition(edition)
    data = acceptance_data().get(edition.year)
    if data is None:
        raise BridgeLawsError(f"the {edition.year} text lets no call over an irregular call accept it")
    return Ruling(
        case=case_id, edition=edition.year, status=Status.RULED, articles=[data["article"]],
        call_stands=True, quote_nl=data["quote_nl"], quote_from=data["article"], accepted=True,
        next="rotation", summary_en=_text(data["summary_en"]).format(lho=offender.lho.full_name))


def all_rulings() -> list[Ruling]:
    """Every (case, edition) pair with its generic ruling; every branch for conditional entries."""
    result = []
    for case in cases():
        for edition in EDITIONS:
            conds = [b["condition"] for b in branches(case.id, edition)] or [None]
            result.extend(generic_ruling(case.id, edition, c) for c in conds)
    return result
