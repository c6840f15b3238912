"""Where the editions read the same tokens as different auctions.

The notation writes calls without saying who made them (``1S 1H 2H``): each edition's judge decides
who calls next, so the same token can be another player's call, or a call of another kind, under
another edition. Under 1936 the ``2H`` of ``1S 1H 2H`` is East's correction of his insufficient
``1H`` (22.3); under the editions that let the ``1H`` stand it is South's bid. Every later token
moves with it.

:func:`token_readings` says how one judgement read each call and exposed card: who made it and
in what role (a call in the auction, a correction of an earlier call, an irregularity of a named
case, an exposed card). :func:`divergences` compares those readings across editions and keeps the
tokens they read differently; :meth:`Divergence.note` says it in plain words, for one edition.

What is compared on purpose is the reading of a token, not the ruling on it: that East's ``1H``
stands in 1932 and is cancelled in 1936 is the difference the ruling cards show; that the next
token is then East's correction in one edition and South's bid in the other is what this module
adds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
import dataclasses
from dataclasses import dataclass

from ..auction.calls import Call, Seat
from ..text.i18n import DEFAULT_LANGUAGE, t
from .records import EventRecord
from .rulings import find_case
from ..text.vocabulary import EventKind, TokenRole

__all__ = ["Divergence", "TokenReading", "TokenRole", "divergences", "token_readings"]


@dataclass(frozen=True)
class TokenReading:
    """How one edition read one token: who made it, and as what."""

    index: int  # 1-based position of the token in the scenario
    token: str
    seat: Seat
    role: TokenRole
    call: Call | None = None  # calls: the call made
    card: str | None = None  # exposures: the card
    case: str | None = None  # the irregularity it raised (IRREGULAR, or a correction that is one)
    replaces: int | None = None  # CORRECTION: the position of the call it replaces

    @property
    def key(self) -> tuple[object, ...]:
        """What two editions must agree on to read the token alike."""
        return (self.seat, self.role, self.case, self.replaces)

    def words(self, replaced: Call | None = None, *, with_case: bool = True, lang: str = DEFAULT_LANGUAGE) -> str:
        """The reading in plain words: ``"South's 2H"``, ``"East's 2H, replacing his 1H (token 2)"``,
        ``"West's 3H (irregular: call by a player who must pass)"``, ``"West's exposed SK"``.
        ``replaced``: the call a correction replaces, when known; ``with_case=False`` leaves out the
        irregularity (where the case is said next to it). ``lang``: in Dutch, "2H van Oost" (the
        catalogue's ``views.reading.*``)."""
        if lang != DEFAULT_LANGUAGE:
            return self._words_in(replaced, with_case, lang)
        owner = f"{self.seat.full_name}'s"
        if self.role is TokenRole.EXPOSURE:
            return f"{owner} exposed {self.card}"
        text = f"{owner} {_call_words(self.call)}"
        if self.replaces is not None:
            what = f"his {_call_words(replaced)}" if replaced is not None else "his call"
            text += f", replacing {what} (token {self.replaces})"
        if self.case is not None and with_case:
            name = find_case(self.case).name_en
            text += f" (irregular: {name[:1].lower()}{name[1:]})"
        return text


    def _words_in(self, replaced: Call | None, with_case: bool, lang: str) -> str:
        seat = t(f"cards.seat.{self.seat.name}", lang)
        if self.role is TokenRole.EXPOSURE:
            return t("views.reading.exposed", lang, seat=seat, card=str(self.card))
        text = t("views.reading.call", lang, seat=seat, call=_call_words_in(self.call, lang))
        if self.replaces is not None:
            what = (t("views.reading.his_call", lang, call=_call_words_in(replaced, lang)) if replaced is not None
                    else t("views.reading.his_any_call", lang))
            text += t("views.reading.replacing", lang, what=what, token=self.replaces)
        if self.case is not None and with_case:
            name = find_case(self.case).name(lang)
            text += t("views.reading.irregular", lang, case=f"{name[:1].lower()}{name[1:]}")
        return text


def _call_words_in(call: Call | None, lang: str) -> str:
    if call is None:
        return t("views.reading.call_word", lang)
    if call.is_pass or call.is_double or call.is_redouble:
        return t(f"views.reading.{_call_words(call)}", lang)
    return str(call)


def _call_words(call: Call | None) -> str:
    if call is None:
        return "call"
    if call.is_pass:
        return "pass"
    if call.is_double:
        return "double"
    if call.is_redouble:
        return "redouble"
    return str(call)


def token_readings(events: Iterable[EventRecord]) -> list[TokenReading]:
    """How a judgement read its calls and exposed cards, in the order of the scenario (marks and
    options belong to the call they follow or precede and are not read on their own)."""
    readings = []
    for event in events:
        if event.seat is None:
            continue
        if event.kind is EventKind.EXPOSURE:
            readings.append(TokenReading(event.index, event.token, event.seat, TokenRole.EXPOSURE,
                                         card=event.card))
        elif event.kind is EventKind.CALL:
            if event.correction_of is not None:
                role = TokenRole.CORRECTION
            elif event.irregularity is not None:
                role = TokenRole.IRREGULAR
            else:
                role = TokenRole.CALL
            readings.append(TokenReading(event.index, event.token, event.seat, role, call=event.call,
                                         case=event.irregularity, replaces=event.correction_of))
    return readings


@dataclass(frozen=True)
class Divergence:
    """A token the editions read differently: each edition's reading of it, by year (only the
    editions that played it), and each reading in words."""

    index: int
    token: str
    readings: Mapping[str, TokenReading]
    words: Mapping[str, str]  # year -> the reading in words
    #: year -> the call a correction replaces (for the words in another language), where known
    replaced: Mapping[str, Call | None] = dataclasses.field(default_factory=dict)

    def words_in(self, lang: str) -> Mapping[str, str]:
        """:attr:`words` in ``lang``."""
        if lang == DEFAULT_LANGUAGE:
            return self.words
        return {year: r.words(self.replaced.get(year), lang=lang) for year, r in self.readings.items()}

    def groups(self, lang: str = DEFAULT_LANGUAGE) -> list[tuple[str, list[str]]]:
        """(the reading in words, the years that read it so), in the order of the first year."""
        grouped: dict[str, list[str]] = {}
        for year, text in self.words_in(lang).items():
            grouped.setdefault(text, []).append(year)
        return list(grouped.items())

    def note(self, year: str, lang: str = DEFAULT_LANGUAGE) -> str:
        """The divergence as ``year`` sees it, in plain words: ``"2H (token 3): here East's 2H,
        replacing his 1H (token 2); in 1932, 1949, 2007, 2017 South's 2H"``."""
        words = self.words_in(lang)
        here = words[year]
        same = [y for y in words if y != year and words[y] == here]
        if lang != DEFAULT_LANGUAGE:
            text = t("views.reading.here" if not same else "views.reading.here_and", lang, token=self.token,
                     index=self.index, same=", ".join(same), words=here)
            others = [t("views.reading.in", lang, years=", ".join(years), words=w)
                      for w, years in self.groups(lang) if w != here]
            return text + "; " + "; ".join(others)
        text = f"{self.token} (token {self.index}): here{' and in ' + ', '.join(same) if same else ''} {here}"
        others = [f"in {', '.join(years)} {words}" for words, years in self.groups() if words != here]
        return text + "; " + "; ".join(others)

    def summary(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The divergence for all editions at once: ``"2H (token 3): in 1932, 1949, 2007, 2017
        South's 2H; in 1936 East's 2H, replacing his 1H (token 2)"``."""
        if lang != DEFAULT_LANGUAGE:
            return (t("views.reading.token", lang, token=self.token, index=self.index) + "; ".join(
                t("views.reading.in", lang, years=", ".join(years), words=words) for words, years in self.groups(lang)))
        return (f"{self.token} (token {self.index}): "
                + "; ".join(f"in {', '.join(years)} {words}" for words, years in self.groups()))


def divergences(events_by_year: Mapping[str, Iterable[EventRecord]]) -> list[Divergence]:
    """The tokens that two or more of the given judgements (year -> its events; a judgement that
    stopped early gives the events it played) read differently, in the order of the scenario."""
    readings = {year: token_readings(events) for year, events in events_by_year.items()}
    calls = {year: {r.index: r.call for r in read} for year, read in readings.items()}
    by_token: dict[int, dict[str, TokenReading]] = {}
    for year, read in readings.items():
        for reading in read:
            by_token.setdefault(reading.index, {})[year] = reading
    found = []
    for index in sorted(by_token):
        per_year = by_token[index]
        if len(per_year) < 2 or len({r.key for r in per_year.values()}) < 2:
            continue
        words = {year: r.words(calls[year].get(r.replaces) if r.replaces is not None else None)
                 for year, r in per_year.items()}
        if len(set(words.values())) < 2:
            continue  # read differently only in what the words do not show: nothing to say
        token = next(iter(per_year.values())).token
        replaced = {year: calls[year].get(r.replaces) if r.replaces is not None else None
                    for year, r in per_year.items()}
        found.append(Divergence(index, token, per_year, words, replaced))
    return found
