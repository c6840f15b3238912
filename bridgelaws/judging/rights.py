"""The option a ruling's text offers, taken or not: which one a scenario's ``#choice`` names, how an
opponent's right was exercised (the edition's rules on rights, ``data/rights.yaml``: 1936:21.2,
21.3), and what the engine assumes where nothing was chosen. The options and whose they are come
from the ruling's effect (:class:`bridgelaws.judging.ruling_effect.RulingEffect`).

The control flow that calls it is
:class:`bridgelaws.judging.judging._Run`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rulings as rulings_data
from ..auction.calls import Seat
from ..text.errors import BridgeLawsError
from .judgement import _joined
from ..auction.notation import Event
from .ruling_effect import OptionEffect, RulingEffect
from .rulings import Ruling

if TYPE_CHECKING:
    from .judging import _Run

#: The option token that says the partners consulted about a right (1936:21.3): ``#consulted``.
CONSULTED = "consulted"


def choose(run: _Run, ruling: Ruling, choices: list[str], event: Event) -> OptionEffect | None:
    """The option taken: the one the scenario names (an opponent's right only while it has not
    lapsed), else the one the entry marks as the default (an assumption), else None (a right not
    exercised: an assumption too, said on the ruling)."""
    effect = ruling.effect
    if effect.rights:
        lapse = _exercise(run, effect, choices, event)
        if lapse is not None:
            ruling.assumption = _joined(ruling.assumption, lapse)
            return None
        choices = [c for c in choices if c != CONSULTED][:1]  # 21.2: the first choice stands
    if choices:
        option = effect.option(choices[0])
        if option is None:
            offered = ", ".join("#" + o.choice for o in effect.options) or "none"
            raise BridgeLawsError(
                f"option '#{choices[0]}' after {event.token!r} at position {event.index} is not offered "
                f"by {ruling.edition} for {ruling.case} (offered: {offered})")
        return option
    return _assumed(ruling, effect)


def _name(by: str) -> str:
    return Seat[by].full_name if by in "NESW" else by


def _assumed(ruling: Ruling, effect: RulingEffect) -> OptionEffect | None:
    """Nothing chosen: the offender's own options (1936:22.3) are chosen by his correction; an open
    right counts as not exercised; an entry's default option is assumed taken."""
    every = " or #".join(o.choice for o in effect.options)
    if effect.rights and not any(o.default for o in effect.options):
        right = effect.rights[0]
        unexercised = (
            f"The text gives {_name(right.by)} a right ({right.article}: {right.text}); none was chosen, so "
            "the engine assumes it is not exercised. An assumption, not law; choose with #"
            + " or #".join(o.choice for o in effect.rights) + ".")
        # The ruling's own assumption (a reading of its source) is kept before it.
        ruling.assumption = " ".join(filter(None, [ruling.assumption, unexercised]))
        return None
    for option in effect.options:
        if option.default:
            ruling.assumption = _joined(ruling.assumption, (
                f"The text leaves the choice to {_name(option.by)} ({option.article}); none was given, so the "
                f"engine assumes: {option.text}. An assumption, not law; choose with #{every}."))
            return option
    return None


def _exercise(run: _Run, effect: RulingEffect, choices: list[str], event: Event) -> str | None:
    """How an opponent's right was exercised, by the edition's rules on rights
    (``data/rights.yaml``; 1936:21.2, 21.3): the words of the lapse when the right lapsed, else
    None. A situation the edition's text does not treat is one error line, never a guess."""
    rules = rulings_data.rights_rules(run.edition)
    rights = effect.rights
    where = f"after {event.token!r} at position {event.index}"

    def rule(key: str, what: str) -> dict[str, str]:
        if key not in rules:
            raise BridgeLawsError(f"{what} {where}: the {run.edition.year} text (this corpus excerpt) "
                                  "says nothing about it")
        return rules[key]

    reading = (" The engine reads 21.3's \"een keus ... uit meerdere op te leggen straffen\" as covering "
               f"this right ({rights[0].article}: {rights[0].text}); that reading is an "
               "assumption, not law. The right not exercised, the ruling stands without it.")
    if CONSULTED in choices:
        found = rule("consulted", "'#consulted' (the partners consulted about the right)")
        return f"The right lapsed: {found['article']} \"{found['quote_nl']}\".{reading}"
    taken = [e for e in run.option_events if e.choice != CONSULTED]
    if len(taken) > 1:
        found = rule("choice-stands", f"a second choice {taken[1].token!r}")
        later = ", ".join(repr(e.token) for e in taken[1:])
        run.choice_note = (f"{later} without effect: the first choice stands "
                           f"({found['article']} \"{found['quote_nl']}\")")
    if taken and taken[0].seat is not None:
        holder = next((o.by for o in rights if o.choice == taken[0].choice), rights[0].by)
        holder_seat = Seat[holder] if holder in Seat.__members__ else None
        if holder_seat is not None and taken[0].seat != holder_seat:
            if taken[0].seat == holder_seat.partner:
                found = rule("wrong-partner", f"{taken[0].token!r} (the partner who does not hold the right)")
                return (f"{taken[0].seat.full_name} exercised the right of {holder_seat.full_name}: it lapsed, "
                        f"{found['article']} \"{found['quote_nl']}\".{reading}")
            raise BridgeLawsError(f"{taken[0].token!r} {where}: the right is {holder_seat.full_name}'s, "
                                  f"not {taken[0].seat.full_name}'s (of the offender's side)")
    return None
