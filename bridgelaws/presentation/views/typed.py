"""What the app's widgets say and decide about a typed scenario, a call made while stepped back, and
the example the app opens on. Pure functions: the widgets only call them.

- :func:`read_typed`: the longest prefix of a typed scenario that can be shown (every token read, and
  some edition shown can play it), and one short line on the token that stopped it;
- :func:`token_problem`: what is wrong with one token, short and specific ("'Q' is not a suit: use
  C D H S NT"), in the interface's language, or None where only the reader's own message says it;
- :func:`discard_question`: the question asked before a call made while stepped back drops the later
  steps;
- :func:`example_scenario`: the prepared scenario the app opens on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ...auction.calls import parse_call, parse_seat
from ...text.content import find_scenario
from ...text.errors import BridgeLawsError
from ...text.i18n import t
from ...auction.notation import MARKS, ScenarioError, parse_card, parse_scenario
from ...text.vocabulary import DEFAULT_LAYER
from ._common import EditionNames, Tokens, token_list
from ...judging.lookup import find_editions
from .stepper import judge_prefix, steps

#: The prepared scenario (data/scenarios.yaml) the app opens on when its address has no parameters:
#: an insufficient bid, which the default layer answers in every edition of the registry (the
#: corpus of 1936 rules it, 1932's refers it, the others answer from the sourced supplement;
#: tests/test_app_opening.py checks that several editions answer it).
EXAMPLE_SCENARIO = "insufficient bid"

_BID = re.compile(r"([0-9])(.*)")


def example_scenario() -> dict[str, str]:
    """The prepared scenario the app opens on: ``{"name", "dealer", "tokens", "about"}``."""
    return find_scenario(EXAMPLE_SCENARIO)


def _call_problem(body: str) -> tuple[str, dict[str, str]] | None:
    """The message key and values for a call's body that does not read, or None."""
    match = _BID.fullmatch(body)
    if match is None:
        return None
    level, strain = match.groups()
    if not strain:
        return "app.typed.no_suit", {"text": body}
    try:
        parse_call("1" + strain)
    except BridgeLawsError:
        return "app.typed.not_a_suit", {"text": strain}
    if level == "0":
        return "app.typed.not_a_level", {"text": level}
    return None


def _reads_as_call(text: str) -> bool:
    try:
        parse_call(text)
    except BridgeLawsError:
        return False
    return True


def token_problem(token: str, lang: str = "en") -> str | None:
    """What is wrong with ``token``, in one short line in ``lang`` (a seat, a card, a level or a suit
    that does not read), or None when the token is none of these (the reader's message says it).

    >>> token_problem("1Q")
    "'Q' is not a suit: use C D H S NT"
    >>> token_problem("Q:1H", "nl")
    "'Q' is geen plaats: gebruik N O Z W (of N E S W)"
    """
    if token.upper() in MARKS:  # a mark is refused only where no call follows it
        return t("app.typed.mark_alone", lang)
    if re.fullmatch(r"(?:[^:]*:)?#[a-z][a-z-]*", token, re.IGNORECASE):  # a well-formed option out of place
        return t("app.typed.option_alone", lang)
    body = token
    if ":" in token:
        seat_text, body = token.split(":", 1)
        try:
            parse_seat(seat_text)
        except BridgeLawsError:
            return t("app.typed.not_a_seat", lang, text=seat_text)
    if body.startswith("!"):
        card = body[1:].partition("/")[0]
        try:
            parse_card(card)
        except BridgeLawsError:
            return t("app.typed.not_a_card", lang, text=card)
        return None
    found = _call_problem(body[1:] if body[:1] in "=>" else body)
    if found is None and re.fullmatch(r"[A-Za-z0-9]+", body) and not _reads_as_call(body):
        return t("app.typed.not_a_call", lang, text=body)  # no bid, no pass, double or redouble
    return None if found is None else t(found[0], lang, **found[1])


@dataclass(frozen=True)
class TypedReading:
    """A typed scenario as the stepper shows it: ``tokens``, the longest prefix that can be shown,
    and, when that is not all of it, ``problem(lang)``: one line on the token that stopped it."""

    tokens: list[str]
    problem: Callable[[str], str] | None = None


def _unreadable(tokens: list[str], error: ScenarioError) -> TypedReading:
    prefix = tokens[:error.index - 1]
    while prefix:  # a prefix that ends in a mark is no scenario: the mark waits for its call
        try:
            parse_scenario(prefix)
            break
        except BridgeLawsError:
            prefix = prefix[:-1]
    reason = str(error)

    def problem(lang: str) -> str:
        what = token_problem(error.token, lang) or reason
        return t("app.typed.token_refused", lang, token=error.token, index=error.index, problem=what)

    return TypedReading(prefix, problem)


def read_typed(typed: Tokens, editions: EditionNames = None, dealer: str = "N",
               layer: str = DEFAULT_LAYER) -> TypedReading:
    """The longest prefix of ``typed`` that the stepper can show: up to the first token that does
    not read (:class:`bridgelaws.auction.notation.ScenarioError`), and of those the whole steps that some
    edition shown can play (:func:`bridgelaws.presentation.views.stepper.judge_prefix`). A dealer or an edition
    that is not one raises, as for any view."""
    tokens = token_list(typed)
    try:
        parse_scenario(tokens)
    except ScenarioError as unreadable:
        return _unreadable(tokens, unreadable)
    groups = steps(tokens)
    refusals: list[tuple[int, str]] = []
    for edition in find_editions(editions):
        _, error, count = judge_prefix(tokens, edition, dealer, layer)
        if error is None:
            return TypedReading(tokens)
        refusals.append((count, error))
    played = max(count for count, _ in refusals)
    reason = next(message for count, message in refusals if count == played)  # the first edition that got furthest
    prefix = [token for group in groups[:played] for token in group]
    stopped = " ".join(groups[played]) if played < len(groups) else ""

    def problem(lang: str) -> str:
        return t("app.typed.step_refused", lang, token=stopped, index=played + 1, problem=reason)

    return TypedReading(prefix, problem)


def discard_question(later: list[str], token: str, lang: str = "en") -> str:
    """The question asked before ``token``, made while stepped back, drops the ``later`` steps
    (each step's tokens joined)."""
    key = "app.discard.question_one" if len(later) == 1 else "app.discard.question"
    return t(key, lang, count=len(later), later=" ".join(later), token=token)


def discarded_note(later: list[str], lang: str = "en") -> str:
    """What the line says once the later steps were dropped (an Undo beside it brings them back)."""
    key = "app.discard.done_one" if len(later) == 1 else "app.discard.done"
    return t(key, lang, count=len(later), later=" ".join(later))


__all__ = ["EXAMPLE_SCENARIO", "TypedReading", "discard_question", "discarded_note", "example_scenario",
           "read_typed", "token_problem"]
