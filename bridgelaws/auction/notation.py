"""The scenario notation: whitespace-separated tokens, read in order, parsed into events.

What each token means is written once, in :data:`TOKENS` below. The README's notation table and
notebook 02's are generated from it (``make regen``; :func:`markdown_table`), and the stepper's
typing hint lists its examples (:func:`hint`). Change the wording there, never in a copy.
"""

from __future__ import annotations

from functools import lru_cache

import re
from dataclasses import dataclass
from typing import Any

from .calls import Call, Seat, parse_call, parse_seat
from ..text.errors import BridgeLawsError

MARKS = ("^I", "^S")
_SUIT = "[SHDC♠♥♦♣]"
_RANK = "10|[AKQJT98765432]"
#: A card, its suit first (SK, S10, ♠K) or its rank first (KS, 10S, K♠); the suits' letters and the
#: ranks' have none in common, so either order reads one way.
_CARD_RE = re.compile(rf"(?P<suit>{_SUIT})(?P<rank>{_RANK})|(?P<rank_first>{_RANK})(?P<suit_last>{_SUIT})",
                      re.IGNORECASE)
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@dataclass(frozen=True)
class TokenDoc:
    """One row of the notation's documentation: example forms of a token and what it means."""

    forms: tuple[str, ...]  # examples, as typed
    meaning: str  # Markdown
    more: bool = False  # the forms are examples of a longer list ("…" follows them)
    hint: bool = False  # the first form is shown in the stepper's typing hint


TOKENS: tuple[TokenDoc, ...] = (
    TokenDoc(("1H", "P", "X", "XX"),
             "a call by the player whose turn it is (after a rectified irregularity: whoever the ruling "
             "says calls next)"),
    TokenDoc(("E:1H",),
             "a call by East, in turn or not; right after an irregular call, a call written with the "
             "seat of any other player than the offender is a call *over it* (it accepts it where the "
             "text says so, 1936:22.2 \"opvolgend een bieding\"); a call by the offender is his "
             "correction", hint=True),
    TokenDoc(("8C",), "a bid of more than seven"),
    TokenDoc(("W:!SK",),
             "West exposes the king of spades during the auction (`!SK` alone: the player to act), or "
             "after it has closed (then the seat is required; each edition's text rules it, or is silent); a card "
             "is written either way round, the ten as `10` or `T`, in any case: `!SK`, `!KS`, `!S10`, `!10S`, "
             "`!ST`",
             hint=True),
    TokenDoc(("W:!SK/seen", "W:!SK/said", "W:!S5/early"),
             "other ways West's card becomes known during the auction: East sees its face (`/seen`), "
             "West makes a remark that reveals it to East (`/said`), West plays it too early "
             "(`/early`); the seat is always the card's owner"),
    TokenDoc(("=2S", "N:=2S"),
             "the player who made the preceding call corrects it, in the same breath, to 2S: a slip of "
             "the tongue, before the next player calls, also right after the closing pass (1932:16 "
             "\"practisch in één adem herstelt\"; "
             "1936:22.1 leaves it to the other players to decide \"op het oogenblik zelf\": under 1936 "
             "`=` is taken as their decision that the call was unintended, an assumption)"),
    TokenDoc((">2S", "N:>2S"),
             "the player who made the preceding call changes it to 2S before the next player calls: a "
             "change of mind (`N:2S` right after North's own call: a change not stated to be a slip); "
             "after `N:[misinformed]`, North's change of his last call"),
    TokenDoc(("?", "E:?"),
             "the player to act (or East) asks for the previous calls to be repeated, at that moment "
             "(also after the auction has closed)"),
    TokenDoc(("S:[wrong-board]",),
             "South's last call was made with cards he took from a wrong board"),
    TokenDoc(("S:[misinformed]", "S:[misunderstood]"),
             "South made his last call after an opponent's mistaken explanation, or on what he himself "
             "misunderstood or misheard"),
    TokenDoc(("N:[own-explanation-wrong]", "N:[partner-explanation-wrong]"),
             "North realises that his own explanation was mistaken, or knows that his partner's was"),
    TokenDoc(("S:[comparable]",),
             "South's last call replaced a withdrawn call of his by a comparable call"),
    TokenDoc(("[incorrect-deal]", "S:[other-hand]", "[wrong-count]"),
             "found during the auction: the deal was incorrect; South picked up another player's hand "
             "and looked at it; one player holds more cards than he should and another fewer"),
    TokenDoc(("X@2H",),
             'a double that named the wrong bid ("doublet twee harten" over one heart); `XX@…` likewise',
             hint=True),
    TokenDoc(("^I", "^S"),
             "as in PBN 2.1: `^I` before a bid marks it insufficient and accepted (`1S ^I 1H`); `^S` "
             "stands in the place of a player skipped by the next call, made out of rotation and "
             "accepted (`1S ^S 2H`: East skipped, South bids)", hint=True),
    TokenDoc(("#cancel", "#keep"), "the choice the ruling offers, for the preceding irregular call",
             more=True),
    TokenDoc(("N:#cancel", "#consulted"),
             "who exercised the right (`N:#cancel`: North; a right exercised by the partner who does "
             "not hold it lapses, 1936:21.3), and that the partners consulted about it (`#consulted`: "
             "the right lapses, 1936:21.3)"),
)

#: The incident tokens (``[word]``): the case each states, and whether it needs a seat.
INCIDENTS: dict[str, tuple[str, bool]] = {
    "wrong-board": ("wrong-board", True),
    "misinformed": ("mistaken-explanation", True),
    "misunderstood": ("mistaken-explanation", True),
    "own-explanation-wrong": ("mistaken-explanation", True),
    "partner-explanation-wrong": ("mistaken-explanation", True),
    "comparable": ("comparable-call", True),
    "incorrect-deal": ("incorrect-deal", False),
    "other-hand": ("hand-of-another-player", True),
    "wrong-count": ("wrong-number-of-cards", False),
}
#: How a card becomes known during the auction (``!SK/seen``); no suffix: laid face up.
EXPOSURE_MANNERS = ("seen", "said", "early")
#: A change of call: ``=`` a slip corrected in the same breath, ``>`` a change of mind.
CHANGE_MANNERS = {"=": "slip", ">": "change-of-mind"}


def markdown_table() -> str:
    """The notation as a Markdown table (for the README and notebook 02), ending with a newline.

    >>> print(markdown_table().splitlines()[3])  # doctest: +ELLIPSIS
    | `E:1H` | a call by East, in turn or not; ... |
    """
    rows = ["| token | meaning |", "|---|---|"]
    for doc in TOKENS:
        forms = ", ".join(f"`{form}`" for form in doc.forms) + (", …" if doc.more else "")
        rows.append(f"| {forms} | {doc.meaning} |")
    return "\n".join(rows) + "\n"


def hint() -> str:
    """Examples of the tokens beyond plain calls, for a typing hint.

    >>> hint()
    'E:1H, W:!SK, X@2H, ^I'
    """
    return ", ".join(doc.forms[0] for doc in TOKENS if doc.hint)


@dataclass(frozen=True)
class Event:
    """One token of a scenario. ``index`` is the token's 1-based position."""

    index: int
    token: str
    kind: str  # "call", "exposure", "mark", "option", "change" or "incident"
    seat: Seat | None = None  # the seat written in the token; None: the player whose turn it is
    call: Call | None = None
    named: Call | None = None  # for X@2H: the bid the double named
    card: str | None = None  # for an exposure: "SK"
    mark: str | None = None  # "^I" or "^S"
    choice: str | None = None  # for an option token "#keep": "keep"
    #: how it happened: an exposure's "seen", "said", "early"; a change's "slip" or "change-of-mind";
    #: an incident's word ("wrong-board"; "review" for ``?``)
    manner: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "token": self.token, "kind": self.kind,
            "seat": str(self.seat) if self.seat is not None else None,
            "call": str(self.call) if self.call else None,
            "named": str(self.named) if self.named else None,
            "card": self.card, "mark": self.mark, "choice": self.choice,
        } | ({"manner": self.manner} if self.manner is not None else {})


def parse_card(text: str, where: str = "") -> str:
    """A card in either order, the ten as ``T`` or ``10``, in any case, to the two-character form.

    >>> [parse_card(card) for card in ("SK", "ks", "S10", "10S", "st", "TS", "♥q", "10♦")]
    ['SK', 'SK', 'ST', 'ST', 'ST', 'ST', 'HQ', 'DT']
    """
    match = _CARD_RE.fullmatch(text.strip())
    if not match:
        shown = text if len(text) <= 20 else text[:17] + "..."
        raise BridgeLawsError(f"cannot read card {shown!r}{where}: expected a suit S/H/D/C and a rank "
                              f"A K Q J 10 (or T) 9 ... 2, in either order, e.g. SK, KS, S10 or 10S")
    suit_text = match.group("suit") or match.group("suit_last")
    rank = (match.group("rank") or match.group("rank_first")).upper()
    suit = _SUIT_LETTER.get(suit_text, suit_text.upper())
    return suit + ("T" if rank == "10" else rank)


def parse_event(token: str, index: int) -> Event:
    """One token at (1-based) ``index`` as an :class:`Event` (frozen: a short token's reading is
    kept, :func:`_parse_event_kept`, for the judge reads the same few tokens again and again)."""
    if len(token) <= _KEPT_LENGTH:
        return _parse_event_kept(token, index)
    return _parse_event(token, index)


#: Tokens up to this length have their reading kept (at most :data:`_KEPT` of them): every token of
#: the notation is shorter; a longer one (a mistake, a hostile input) is read each time.
_KEPT_LENGTH = 40
_KEPT = 8192


@lru_cache(maxsize=_KEPT)
def _parse_event_kept(token: str, index: int) -> Event:
    return _parse_event(token, index)


def _parse_event(token: str, index: int) -> Event:
    where = f" at position {index}"
    if token.upper() in MARKS:
        return Event(index, token, "mark", mark=token.upper())
    if is_option_token(token):
        return _parse_option(token, index, where)
    seat = None
    body = token
    if ":" in token:
        seat_text, body = token.split(":", 1)
        seat = parse_seat(seat_text, f" in {token!r}{where}")
        if not body:
            raise BridgeLawsError(f"nothing after the seat in {token!r}{where}")
    if body.startswith("!"):
        return _parse_exposure(token, index, where, seat, body)
    if body[:1] in CHANGE_MANNERS:
        return _parse_change(token, index, where, seat, body)
    if body == "?":
        return Event(index, token, "incident", seat=seat, manner="review")
    if body.startswith("["):
        return _parse_incident(token, index, where, seat, body)
    if "@" in body:
        return _parse_named_double(token, index, where, seat, body)
    try:
        call = parse_call(body, index)
    except BridgeLawsError:
        raise BridgeLawsError(
            f"cannot read token {token!r}{where}: expected a call (1H, P, X, XX), "
            f"a seat and call (E:1H), an exposed card (W:!SK), X@2H, ^I or ^S, a change (=2S, >2S), "
            f"? or an incident like [wrong-board]") from None
    return Event(index, token, "call", seat=seat, call=call)


def is_option_token(token: str) -> bool:
    """Whether ``token`` is read as an option (``#keep``, ``W:#cancel``), which belongs to the call before it."""
    return "#" in token and (token.startswith("#") or re.fullmatch(r"[^:]*:#.*", token) is not None)


def _parse_option(token: str, index: int, where: str) -> Event:
    """``#cancel``, or ``W:#cancel``: the option taken by West (who exercised the right: 1936:21.3)."""
    seat_text, _, choice = token.rpartition("#")
    option_seat = parse_seat(seat_text[:-1], f" in {token!r}{where}") if seat_text else None
    choice = choice.lower()
    if not re.fullmatch(r"[a-z][a-z-]*", choice):
        raise BridgeLawsError(f"cannot read option {token!r}{where}: write it like #cancel, W:#cancel or #keep")
    return Event(index, token, "option", seat=option_seat, choice=choice)


def _parse_exposure(token: str, index: int, where: str, seat: Seat | None, body: str) -> Event:
    """``!SK``, ``!SK/seen``: a card exposed, and how it became known."""
    card_text, slash, manner = body[1:].partition("/")
    if slash and manner.lower() not in EXPOSURE_MANNERS:
        raise BridgeLawsError(
            f"cannot read {token!r}{where}: after '/' write how the card became known: "
            + ", ".join(EXPOSURE_MANNERS))
    return Event(index, token, "exposure", seat=seat, card=parse_card(card_text, f" in {token!r}{where}"),
                 manner=manner.lower() if slash else None)


def _parse_change(token: str, index: int, where: str, seat: Seat | None, body: str) -> Event:
    """``=2S`` (a slip) or ``>2S`` (a change of mind)."""
    try:
        call = parse_call(body[1:], index)
    except BridgeLawsError:
        raise BridgeLawsError(
            f"cannot read change of call {token!r}{where}: write the new call after "
            f"'{body[0]}', e.g. {body[0]}2S") from None
    return Event(index, token, "change", seat=seat, call=call, manner=CHANGE_MANNERS[body[0]])


def _parse_incident(token: str, index: int, where: str, seat: Seat | None, body: str) -> Event:
    """``[wrong-board]``, ``S:[other-hand]``: an incident, with the seat it needs."""
    word = body[1:-1].lower() if body.endswith("]") else ""
    if word not in INCIDENTS:
        raise BridgeLawsError(
            f"cannot read incident {token!r}{where}: one of "
            + ", ".join(f"[{name}]" for name in INCIDENTS))
    if INCIDENTS[word][1] and seat is None:
        raise BridgeLawsError(
            f"incident {token!r}{where} needs the seat of the player concerned, e.g. S:[{word}]")
    return Event(index, token, "incident", seat=seat, manner=word)


def _parse_named_double(token: str, index: int, where: str, seat: Seat | None, body: str) -> Event:
    """``X@2H``: a double (or redouble) that named a bid."""
    call_text, named_text = body.split("@", 1)
    call = parse_call(call_text, index)
    if not (call.is_double or call.is_redouble):
        raise BridgeLawsError(
            f"only a double or redouble can name a bid: {token!r}{where}")
    named = parse_call(named_text, index)
    if not named.is_bid:
        raise BridgeLawsError(f"{token!r}{where}: after '@' write the bid that was named, e.g. X@2H")
    return Event(index, token, "call", seat=seat, call=call, named=named)


class ScenarioError(BridgeLawsError):
    """A scenario that does not read: the message names the token and its position, which are also
    kept as ``token`` and ``index`` (1-based), so that a reader can keep the tokens before it."""

    def __init__(self, message: str, token: str = "", index: int = 0) -> None:
        super().__init__(message)
        self.token = token
        self.index = index


def parse_scenario(text: str | list[str] | tuple[str, ...]) -> list[Event]:
    """Parse a scenario (a string, or a list of tokens) into events, in order.

    A mark (``^I``/``^S``) must precede a call, as in PBN 2.1; an option (``#keep``) must follow one.
    Raises :class:`ScenarioError` (a :class:`BridgeLawsError`) naming the token and its position.
    """
    if not isinstance(text, (str, list, tuple)):
        raise BridgeLawsError(f"a scenario is text or a list of tokens, not {type(text).__name__}")
    tokens = text.split() if isinstance(text, str) else [str(t) for t in text]
    return parse_more([], tokens)


def parse_more(events: list[Event], tokens: list[str] | tuple[str, ...]) -> list[Event]:
    """The events of a scenario whose first tokens read as ``events`` and whose next ones are
    ``tokens``: :func:`parse_scenario` of the whole, reading only ``tokens`` (a search that
    continues a scenario token by token reads each token once). ``events`` is not changed."""
    events = list(events)
    for index, token in enumerate(tokens, start=len(events) + 1):
        try:
            event = parse_event(token, index)
        except BridgeLawsError as error:
            raise ScenarioError(str(error), token, index) from None
        if event.kind == "option" and (not events or events[-1].kind not in ("call", "option")):
            raise ScenarioError(f"option {token!r} at position {index} must follow a call", token, index)
        if events and events[-1].kind == "mark" and event.kind not in ("mark", "call"):
            mark = events[-1]
            raise ScenarioError(f"mark {mark.token!r} at position {mark.index} must precede a call",
                                mark.token, mark.index)
        events.append(event)
    if events and events[-1].kind == "mark":
        mark = events[-1]
        raise ScenarioError(f"mark {mark.token!r} at position {mark.index} must precede a call", mark.token, mark.index)
    return events
