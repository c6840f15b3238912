"""What the judge records for each event of a scenario: :class:`EventRecord`.

``judge --json`` prints :meth:`EventRecord.to_dict`, which keeps the keys and their order of the
original dict-based records exactly, so that the JSON documented in the README does not change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..auction.calls import Call, Seat
from .rulings import Ruling
from ..text.vocabulary import EventKind


@dataclass(frozen=True)
class EventRecord:
    """One event as judged: the token, who made it, the case it raised and the ruling applied."""

    index: int  # 1-based position of the token in the scenario
    seat: Seat | None  # who called or exposed the card; None for marks and options
    token: str
    kind: EventKind
    case: str | None = None  # the catalogue case, or None for a proper call
    ruling: Ruling | None = None
    mark: str | None = None  # marks: "^I" or "^S"
    choice: str | None = None  # the option taken (options; rulings that offer options)
    applies_to: int | None = None  # marks and options: the index of the call they belong to
    card: str | None = None  # exposures: the card, e.g. "SK"
    call: Call | None = None
    correction_of: int | None = None  # a replacement call: the index of the call it replaces
    irregularity: str | None = None  # the case detected for the call itself (None if proper)
    reason: str | None = None  # one line: why the call or card is irregular
    effect: str | None = None  # one line: what the ruling did to the auction
    #: The offender's replacement call (1936:22.3) made the choice after the ruling was shown; the
    #: JSON has always listed such a choice after the effect.
    chosen_by_correction: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The event as ``judge --json`` prints it (the keys present depend on the kind)."""
        data: dict[str, Any] = {
            "index": self.index, "seat": None if self.seat is None else str(self.seat),
            "token": self.token, "kind": self.kind, "case": self.case,
            "ruling": None if self.ruling is None else self.ruling.as_dict()}
        if self.kind in (EventKind.MARK, EventKind.OPTION):
            data.update(mark=self.mark, choice=self.choice, applies_to=self.applies_to)
        elif self.kind is EventKind.EXPOSURE:
            data.update(card=self.card, reason=self.reason, effect=self.effect)
        elif self.kind is EventKind.INCIDENT:
            data.update(reason=self.reason, effect=self.effect)
        else:
            data["call"] = None if self.call is None else str(self.call)
            if self.correction_of is not None:
                data["correction_of"] = self.correction_of
            data.update(irregularity=self.irregularity, reason=self.reason)
            if self.choice is not None and not self.chosen_by_correction:
                data["choice"] = self.choice
            if self.effect is not None:
                data["effect"] = self.effect
            if self.choice is not None and self.chosen_by_correction:
                data["choice"] = self.choice
        return data

    @classmethod
    def from_draft(cls, draft: dict[str, Any]) -> EventRecord:
        """The record of a draft the judge filled in while it played the scenario. (Filled in
        directly, not through ``__init__``: a search of ``distinguish`` makes over a million.)"""
        late = False
        if "choice" in draft and "effect" in draft:
            keys = list(draft)
            late = keys.index("choice") > keys.index("effect") and draft["kind"] == EventKind.CALL
        get = draft.get
        record = object.__new__(cls)
        object.__setattr__(record, "__dict__", {
            "index": draft["index"], "seat": draft["seat"], "token": draft["token"], "kind": _KINDS[draft["kind"]],
            "case": get("case"), "ruling": get("ruling"), "mark": get("mark"), "choice": get("choice"),
            "applies_to": get("applies_to"), "card": get("card"), "call": get("call"),
            "correction_of": get("correction_of"), "irregularity": get("irregularity"), "reason": get("reason"),
            "effect": get("effect"), "chosen_by_correction": late})
        return record


#: Each kind by its word (a draft's ``kind`` is the event's word, or the kind itself).
_KINDS: dict[str, EventKind] = {kind.value: kind for kind in EventKind}
