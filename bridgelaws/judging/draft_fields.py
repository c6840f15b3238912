"""Which fields of a ruling a draft may give for a case: only those that take effect.

A field of a ruling either does something to the auction (:data:`ACTING`), and then only where the
engine reads it for that case, or is shown with the ruling (its card, the ledger, the impact report)
wherever the ruling is. The engine judges a case in one of a few ways (:func:`handling`): an
irregular call (:meth:`bridgelaws.judging.judging._Run._rule`), a pass after a missed turn
(``_skipped_turn``), a card exposed, a change of call, an incident
(:mod:`bridgelaws.judging.incidents`), or not at all (four passes, a call after the close: the ruling
is shown, the auction is what the edition's rules make it). :data:`ACTED_ON` says which acting
fields each way reads; a draft that gives another one for the case, or a value the engine does not
act on, is refused in one line naming the file, the line and the field (:func:`check_fields`), as
are the fields that have no meaning in a draft (:data:`NEVER_IN_A_DRAFT`). The reasons are recorded
in docs/decisions/2026-12-02-every-draft-field.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..auction.notation import INCIDENTS
from ..text.schema import RulingSpec
from .draft_file import MarkedLoc
from .entries import find_case

#: The fields of a ruling that do something to the auction (data/rulings/README.md), with the Dutch
#: written beside two of them (it goes where its English goes).
ACTING = ("call_stands", "deemed", "barred", "options", "next", "acceptance", "requires", "outcome",
          "lho_repeats", "partner_no_double", "repeat_if_rho_passes", "next_call_bars", "out_of_turn",
          "out_of_turn_nl", "assumption_for_ranks", "assumption_for_count", "assumption_for_count_nl")

_CALL = frozenset({"call_stands", "deemed", "barred", "options", "next", "acceptance", "requires",
                   "partner_no_double", "repeat_if_rho_passes", "next_call_bars", "out_of_turn", "out_of_turn_nl"})
_INCIDENT = frozenset({"call_stands", "next", "outcome", "lho_repeats"})
_CHANGE = frozenset({"call_stands", "barred"})

#: For each way the engine judges a case, the acting fields it reads, and how a refusal names it.
ACTED_ON: dict[str, tuple[frozenset[str], str]] = {
    "call": (_CALL, "an irregular call"),
    "skipped-pass": (frozenset({"call_stands", "next"}), "a pass after a missed turn, which only 'next: skipped' "
                                                         "cancels"),
    "exposure": (frozenset({"barred", "assumption_for_ranks", "assumption_for_count", "assumption_for_count_nl"}),
                 "a card exposed, which bars or not"),
    "change": (_CHANGE, "a change of call, made or not (call_stands) with its bars"),
    "change-or-incident": (_CHANGE | _INCIDENT, "a change of call or an incident"),
    "incident": (_INCIDENT, "an incident: a new deal (outcome), or the call cancelled and made again "
                            "(call_stands: false, next: offender) with lho_repeats"),
    "shown": (frozenset(), "shown only: the auction is what the edition's rules make it"),
}

_BY_CASE = {"all-pass": "shown", "call-after-close": "shown", "skipped-turn-at-end": "skipped-pass",
            "exposed-card": "exposure", "unintended-call": "change", "mistaken-explanation": "change-or-incident",
            "review-request": "incident"}

#: Why a draft's Dutch beside its own English is refused: a Dutch card finds that Dutch by the English
#: of the published texts' rulings (bridgelaws.presentation.present.dutch_assumptions, dutch_play).
_NOT_SHOWN = ("a Dutch card shows such Dutch only for the rulings of the published texts, so a draft's would not "
              "be shown (its summary_nl is)")

#: Fields that have no meaning in a draft's ruling, and why (``quote_from`` and a ``status`` other than
#: ``ruled`` are refused by :mod:`bridgelaws.judging.drafts` itself).
NEVER_IN_A_DRAFT = {
    "unread": "it says what a supplementary ruling's source never reached; a draft's ruling is its own "
              "wording, read whole",
    "no_rectification": "it marks a silent ruling whose article gives no rectification; a draft's ruling rules "
                        "(status 'ruled')",
    **{name: _NOT_SHOWN for name in ("assumption_nl", "play_nl", "out_of_turn_nl", "assumption_for_count_nl")},
}


#: A branch's field that only one condition reads (conditions.py, detect.py, incidents.py).
_BRANCH_ONLY = {"honours": "honour-or-several", "bar_from": "barred-under"}


def handling(case_id: str) -> str | None:
    """How the engine judges the case (a key of :data:`ACTED_ON`), or None for a case it does not know."""
    if case_id in _BY_CASE:
        return _BY_CASE[case_id]
    if case_id in {case for case, _ in INCIDENTS.values()}:
        return "incident"
    return "call" if find_case(case_id).kind == "call" else None


def _empty(value: Any) -> bool:
    """A value that sets nothing (a draft may clear a field of the base's ruling so)."""
    return value is None or value is False or (isinstance(value, (list, tuple, str, Mapping)) and not value)


def check_fields(case_id: str, raw: Mapping[str, Any], spec: RulingSpec, at: MarkedLoc) -> None:
    """Refuse a field of the draft's ruling of ``case_id`` (``raw``, as the file gives it; ``spec``, the
    ruling it makes over the base's) that cannot take effect: one with no meaning in a draft, one the
    engine does not read for this case, or a value it does not act on."""
    how = handling(case_id)
    if how is None:
        raise at.error(f"the engine does not know how to judge {case_id!r}: no field of its ruling can take effect")
    acted, words = ACTED_ON[how]
    parts = [(raw, at)] + [(branch, at.at("when").at(i)) for i, branch in enumerate(raw.get("when") or ())
                           if isinstance(branch, Mapping)]
    for number, (part, where) in enumerate(parts):
        _check_given(case_id, part, where, acted, words, branch=number > 0)
    for i, checked in enumerate((spec, *spec.when)):
        where = at if i == 0 else at.at("when").at(i - 1)
        _check_values(how, checked, spec, where)


def _check_given(case_id: str, part: Mapping[str, Any], where: MarkedLoc, acted: frozenset[str], words: str, *,
                 branch: bool) -> None:
    """The fields an entry or a branch of the draft gives: each one that sets something must take effect."""
    for name, value in part.items():
        if _empty(value):
            continue
        if name in NEVER_IN_A_DRAFT:
            raise where.at(name).error(f"a draft cannot give {name}: {NEVER_IN_A_DRAFT[name]}")
        if name in ACTING and name not in acted:
            raise where.at(name).error(f"the engine does not act on {name} for {case_id!r} ({words}): a draft's "
                                       "field that would have no effect is refused")
        if name == "options" and isinstance(value, list):
            for i, option in enumerate(value):
                if isinstance(option, Mapping) and not _empty(option.get("assumption_nl")):
                    raise where.at(name).at(i).at("assumption_nl").error(
                        f"a draft cannot give an option's assumption_nl: {NEVER_IN_A_DRAFT['assumption_nl']}")
        if branch and name in _BRANCH_ONLY and part.get("condition") != _BRANCH_ONLY[name]:
            raise where.at(name).error(f"{name} is read only on a branch whose condition is {_BRANCH_ONLY[name]!r}")


def _value(part: Any, spec: RulingSpec, name: str) -> Any:
    """A field of an entry or a branch as the engine reads it (a branch overrides the entry field by field)."""
    return getattr(part, name) if part is spec or name in part.given else getattr(spec, name)


def _check_values(how: str, part: Any, spec: RulingSpec, where: MarkedLoc) -> None:
    """The values of ``next``, ``call_stands`` and ``requires`` the engine acts on, for the way it judges the case."""
    after, stands = _value(part, spec, "next"), _value(part, spec, "call_stands")
    if how == "call" and _value(part, spec, "requires") and after != "offender":
        raise where.at("requires").error("the replacement's requirement takes effect only where the offender must "
                                         "replace his call (next: offender)")
    if how == "skipped-pass":
        if after not in (None, "skipped", "rotation"):
            raise where.at("next").error("after a missed turn the engine acts on 'next: skipped' (the passes since "
                                         f"cancelled) or 'next: rotation' (the pass stands), not {after!r}")
        if stands is not None and stands != (after != "skipped"):
            raise where.at("call_stands").error(
                "after a missed turn the pass is cancelled exactly where 'next: skipped' gives the turn back: "
                f"call_stands {str(stands).lower()} says otherwise")
    if how in ("incident", "change-or-incident") and after not in (None, "offender"):
        raise where.at("next").error(f"on an incident the engine acts only on 'next: offender' (the call made again), "
                                     f"not {after!r}")
    if how == "incident" and (stands is False) != (after == "offender"):
        raise where.at("call_stands" if after == "offender" else "next").error(
            "on an incident the call is cancelled and made again only with both 'call_stands: false' and "
            "'next: offender'")
    if how in ("incident", "change-or-incident") and _value(part, spec, "outcome") and after == "offender":
        raise where.at("outcome").error("a new deal ends the auction: the call is then not made again "
                                        "(give outcome, or call_stands: false with next: offender, not both)")
