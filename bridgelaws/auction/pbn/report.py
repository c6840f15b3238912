"""What each edition makes of a game's auction, compared with its tags: :func:`game_results`,
:func:`game_report` and the terminal table of reports."""

from __future__ import annotations

from typing import Any, Iterable, TypeAlias

from ...text import datafiles
from .. import fast
from ..auction import Contract
from ..calls import PASS, Seat
from ..editions import Edition, find_editions
from ...text.errors import BridgeLawsError
from .model import Game
from .replay import MAX_ALL_PASS

#: The editions a report covers, as :func:`bridgelaws.auction.editions.find_editions` takes them (None: all).
Editions: TypeAlias = "str | Iterable[str | int | Edition] | None"


def _compare(recorded: str | None, declarer_tag: str | None, auction_declarer: Seat | None,
             outcome: str | None, contract: Contract | None) -> dict[str, bool | None]:
    """Whether an edition's result agrees with the game's tags (read once per game by the caller:
    the Contract tag normalised, the Declarer tag, and the declarer the auction must have produced)."""
    if outcome is None or outcome == "open":
        return {"contract_agrees": None, "declarer_agrees": None, "agrees": None}
    if recorded in (None, "?") or (recorded != "Pass" and not recorded[0].isdigit()):
        contract_ok = None
    elif contract is None:
        contract_ok = recorded == "Pass"
    else:
        contract_ok = str(contract) == recorded
    if declarer_tag is None or declarer_tag == "?":
        declarer_ok = None
    elif declarer_tag == "":
        declarer_ok = contract is None
    else:
        declarer_ok = contract is not None and contract.declarer == auction_declarer
    known = [v for v in (contract_ok, declarer_ok) if v is not None]
    return {"contract_agrees": contract_ok, "declarer_agrees": declarer_ok,
            "agrees": all(known) if known else None}


def _plain_calls(game: Game) -> tuple[bytes, bool] | None:
    """(the game's calls as call indices, whether an AP follows them) when the auction has no
    irregularity marks, so that every call is in rotation from the dealer; None otherwise."""
    plain = game._plain
    if plain is not None and plain[0] is game.auction_tokens and plain[1] == game.tags.get("Dealer"):
        return plain[2], plain[3]
    if not game.has_auction or game.dealer is None:
        return None
    calls = bytearray()
    all_pass = False
    for token in game.auction_tokens:
        if token.marks:
            return None
        if token.kind == "call" and token.call is not None:
            calls.append(token.call.index)
        elif token.kind == "AP":
            all_pass = True  # the last call: the reader allows none after it
    return bytes(calls), all_pass


def _with_all_pass(calls: bytes, table: fast.Table) -> bytes | None:
    """``calls`` and the passes an AP after them stands for under the table's edition: passes until
    the auction is over. None when the calls are no regular auction under it, or the passes do not
    end it (the replay then says why)."""
    transitions, state, dead, outcomes = table.transitions, table.start, table.dead, table.outcomes
    for index in calls:
        state = transitions[state + index]
    passes = 0
    while state != dead and outcomes[state] == "open":
        if passes == MAX_ALL_PASS:
            return None
        state = transitions[state + PASS.index]
        passes += 1
    return None if state == dead else calls + bytes([PASS.index]) * passes


def _quick_results(calls: bytes, all_pass: bool, dealer: Seat,
                   chosen: tuple[Edition, ...]) -> list[fast.Result | None]:
    """fast.results for the calls (and the passes of an AP, as many as each edition needs)."""
    if not all_pass:
        return fast.results(calls, dealer, chosen)
    completed = [_with_all_pass(calls, fast.table(edition)) for edition in chosen]
    if completed[0] is not None and completed.count(completed[0]) == len(completed):
        return fast.results(completed[0], dealer, chosen)  # the editions agree on the passes
    return [None if done is None else fast.results(done, dealer, (edition,))[0]
            for done, edition in zip(completed, chosen)]


@datafiles.cached
def _registry_place() -> dict[int, int]:
    """Each registry edition's place in EDITIONS, by identity (see _chosen); read again after a reset."""
    return {id(edition): place for place, edition in enumerate(find_editions(None))}


def _chosen(editions: Editions) -> tuple[Edition, ...]:
    """find_editions(editions); but a tuple already in its form (registry editions, in order, each
    once, as find_editions returns them) is used as it is: a program that passes the same tuple for
    every game then keeps fast.results on its shortest path (the same tuple, no hashing)."""
    if type(editions) is tuple and editions:
        last = -1
        for edition in editions:
            place = _registry_place().get(id(edition), -1)
            if place <= last:
                return find_editions(editions)
            last = place
        return editions
    return find_editions(editions)


def game_results(game: Game, editions: Editions = None) -> dict[str, fast.Result | BridgeLawsError]:
    """What each edition makes of the game's auction: per year a
    :class:`bridgelaws.auction.fast.Result` (outcome, contract, declarer) or the :class:`BridgeLawsError`
    that :meth:`Game.auction` raises.

    The same as replaying :meth:`Game.auction` under each edition, and much faster for the usual
    auction (no irregularity marks): the calls are walked once through the editions' transition
    tables (:mod:`bridgelaws.auction.fast`); a game with marks, or one the tables refuse, is replayed.
    """
    chosen = _chosen(editions)
    plain = _plain_calls(game)
    dealer = game.dealer
    quick: list[fast.Result | None]
    if plain is None or dealer is None:
        quick = [None] * len(chosen)
    else:
        quick = _quick_results(plain[0], plain[1], dealer, chosen)
    return {edition.year: result if result is not None else _replayed(game, edition)
            for edition, result in zip(chosen, quick)}


def _replayed(game: Game, edition: Edition) -> fast.Result | BridgeLawsError:
    try:
        auction = game.auction(edition)
    except BridgeLawsError as exc:
        return exc
    return fast.Result(auction.outcome, auction.contract, auction.declarer)


def game_report(game: Game, editions: Editions = None) -> dict[str, Any]:
    """What the game records and what each edition's engine makes of its auction (JSON-ready).

    Keys: ``file``, ``game``, ``line``, ``board``, ``dealer``, ``auction`` (tokens as in the file,
    None without an auction section), ``recorded`` (``contract`` normalised; ``declarer_tag`` as
    written; ``declarer`` its seat; ``declarer_irregular`` whether it carries ``^``;
    ``auction_declarer`` the declarer the auction must have produced: for ``^X`` X's partner),
    ``editions`` (per year: ``outcome``, ``contract``, ``declarer``,
    ``contract_agrees``, ``declarer_agrees``, ``agrees``, ``error``) and ``agrees`` (True when every
    edition agrees with the tags, False when one does not, None when nothing can be compared).
    ``agrees`` is None for an edition when the auction is incomplete or a tag is absent / ``"?"``.
    """
    chosen = _chosen(editions)
    auction_declarer = game.auction_declarer
    recorded, declarer_tag, recorded_declarer = game.recorded_contract, game.declarer_tag, game.recorded_declarer
    report: dict[str, Any] = {
        "file": game.file,
        "game": game.number,
        "line": game.line,
        "board": game.board,
        "dealer": str(game.dealer) if game.dealer is not None else None,
        "auction": game.auction_strings if game.has_auction else None,
        "recorded": {
            "contract": recorded,
            "declarer_tag": declarer_tag,
            "declarer": str(recorded_declarer) if recorded_declarer is not None else None,
            "declarer_irregular": game.declarer_irregular,
            "auction_declarer": str(auction_declarer) if auction_declarer is not None else None,
        },
        "editions": {},
    }
    results = game_results(game, chosen) if game.has_auction else {}
    for edition in chosen:
        entry: dict[str, Any] = {"outcome": None, "contract": None, "declarer": None, "contract_agrees": None,
                 "declarer_agrees": None, "agrees": None, "error": None}
        result = results.get(edition.year)
        if isinstance(result, BridgeLawsError):
            entry["error"] = str(result)
            entry["agrees"] = False
        elif result is not None:
            contract = result.contract
            entry["outcome"] = result.outcome
            entry["contract"] = str(contract) if contract else None
            entry["declarer"] = str(contract.declarer) if contract else None
            entry.update(_compare(recorded, declarer_tag, auction_declarer, result.outcome, contract))
        report["editions"][edition.year] = entry
    values = [e["agrees"] for e in report["editions"].values()]
    report["agrees"] = (False if False in values else True if values and all(values) else None)
    return report


def format_report_lines(reports: Iterable[dict[str, Any]]) -> list[str]:
    """A terminal table of :func:`game_report` dicts: one line per game, the auction below it, and a
    summary line. ``ok`` = the engine agrees with the tags, ``DIFF`` = it does not, ``-`` = cannot
    be compared (no auction, incomplete auction, tag absent)."""
    reports = list(reports)
    years: list[str] = []
    for report in reports:
        for year in report["editions"]:
            if year not in years:
                years.append(year)
    table = ReportTable(years)
    lines = [table.header()]
    for report in reports:
        lines.extend(table.game(report))
    lines.append(table.summary())
    return lines


def _cell(entry: dict[str, Any] | None, no_auction: bool) -> str:
    """One edition's column of a game's line: its contract and declarer or outcome, and whether it
    agrees with the tags; "-" where the game has no auction, "error" where the edition cannot replay it."""
    if entry is None or no_auction:
        return f"{'-':12}"
    if entry["error"]:
        return f"{'error':12}"
    result = f"{entry['contract']} {entry['declarer']}" if entry["contract"] else (entry["outcome"] or "-")
    mark = {True: "ok", False: "DIFF", None: "-"}[entry["agrees"]]
    return f"{result + ' ' + mark:12}"


class ReportTable:
    """:func:`format_report_lines` one game at a time, for a stream of reports: :meth:`header`,
    then :meth:`game` per report, then :meth:`summary`. Holds only the counts and the first
    :data:`SAMPLE` games that disagree (memory does not grow with the file)."""

    #: How many of the games that disagree the summary names (it says when there are more).
    SAMPLE = 20

    def __init__(self, years: Iterable[str]):
        self.years = list(years)
        self.count = 0
        self.agreeing = 0
        self.disagreeing = 0
        self.disagree: list[str] = []  # the first SAMPLE of them

    def header(self) -> str:
        return (f"{'game':>5} {'board':>5} {'dealer':6} {'recorded':10} "
                + " ".join(f"{year:12}" for year in self.years)).rstrip()

    def game(self, report: dict[str, Any]) -> list[str]:
        rec = report["recorded"]
        recorded = " ".join(x for x in (rec["contract"] or "", rec["declarer_tag"] or "") if x) or "-"
        cells = [_cell(report["editions"].get(year), report["auction"] is None) for year in self.years]
        lines = [f"{report['game']:>5} {report['board'] or '-':>5} {report['dealer'] or '-':6} "
                 f"{recorded:10} " + " ".join(cells).rstrip()]
        if report["auction"]:
            lines.append(f"{'':11} auction: {' '.join(report['auction'])}")
        errors = {entry["error"] for entry in report["editions"].values() if entry["error"]}
        for error in sorted(errors):
            lines.append(f"{'':11} error: {error}")
        self._count(report)
        return lines

    def _count(self, report: dict[str, Any]) -> None:
        """The game counted: agreeing, or disagreeing (the first :data:`SAMPLE` of those named)."""
        self.count += 1
        if report["agrees"] is True:
            self.agreeing += 1
        if report["agrees"] is False:
            self.disagreeing += 1
        if report["agrees"] is False and len(self.disagree) < self.SAMPLE:
            self.disagree.append(f"game {report['game']}" + (f" (board {report['board']})" if report["board"] else ""))

    def summary(self) -> str:
        summary = f"{self.count} games: {self.agreeing} agree with their tags under every edition"
        if self.disagreeing:
            summary += f"; {self.disagreeing} disagree: {', '.join(self.disagree)}"
            if self.disagreeing > len(self.disagree):
                summary += f" (the first {len(self.disagree)} shown)"
        return summary
