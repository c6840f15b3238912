"""The words of a bar, below the engine: who must pass and for how long, in English or in the
catalogue's language (:mod:`bridgelaws.text.i18n`). The judgement's records word their effects with
:func:`must_pass`; :mod:`bridgelaws.presentation.present` (which re-exports these names) words the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import DEFAULT_LANGUAGE, catalogue, t
from .vocabulary import Scope


def _words(prefix: str, name: str, lang: str) -> str:
    """The catalogue's ``prefix.name`` in ``lang``, or ``name`` itself where the catalogue has no
    such key (a status or role the catalogue does not know is shown as it is, as before)."""
    key = f"{prefix}.{name}"
    return t(key, lang) if key in catalogue() else name


def who_name(who: str, lang: str = DEFAULT_LANGUAGE, edition: str | None = None) -> str:
    """A role of the rulings (``offender``) or a seat's letter (``E``), as a card shows it: in
    English as it is, in Dutch ``overtreder``, ``O``; in ``edition``'s own word where the catalogue
    has one (``editions.1936.cards.who.partner``: "maat", data/messages/editions.yaml)."""
    if lang == DEFAULT_LANGUAGE:
        return str(who)
    own = f"editions.{edition}.cards.who.{who}"
    return t(own, lang) if edition is not None and own in catalogue() else _words("cards.who", str(who), lang)


@dataclass(frozen=True)
class ScopeWording:
    """How long a player must pass, in each form the outputs use."""

    duration: str  # after "must pass": a ruling card, the effect of an exposed card
    span: str  # "Must pass: East (next turn, ...)" in the stepper
    brief: str  # "Must pass: East (next turn)" under a judgement's grid
    tally: str  # "E barred 1 turn" in a matrix cell
    this_turn: str  # "East to call ... (he must pass this turn)" above the bidding box
    grid: str  # after "must pass" in the auction grid's header


SCOPE_WORDING = {
    Scope.NEXT_TURN: ScopeWording(duration="at his next turn", span="next turn", brief="next turn",
                                  tally="1 turn", this_turn="this turn", grid=" (1 turn)"),
    Scope.REST_OF_AUCTION: ScopeWording(duration="for the rest of the auction", span="rest of the auction",
                                        brief="rest of auction", tally="rest",
                                        this_turn="for the rest of the auction", grid=""),
}


def wording(scope: str, lang: str = DEFAULT_LANGUAGE) -> ScopeWording:
    """The wording of a bar's scope (``"next-turn"`` or ``"rest-of-auction"``)."""
    if lang == DEFAULT_LANGUAGE:
        return SCOPE_WORDING[Scope(scope)]
    key = f"cards.scope.{Scope(scope).value}"
    grid = t(f"{key}.grid", lang)
    return ScopeWording(duration=t(f"{key}.duration", lang), span=t(f"{key}.span", lang),
                        brief=t(f"{key}.brief", lang), tally=t(f"{key}.tally", lang),
                        this_turn=t(f"{key}.this_turn", lang), grid="" if grid == "-" else grid)


def must_pass(who: str, scope: str, lang: str = DEFAULT_LANGUAGE, edition: str | None = None) -> str:
    """``"East must pass at his next turn"`` (in ``edition``'s word for the role, :func:`who_name`)."""
    if lang == DEFAULT_LANGUAGE:
        return f"{who} must pass {wording(scope).duration}"
    return t("cards.must_pass", lang, who=who_name(who, lang, edition), duration=wording(scope, lang).duration)
