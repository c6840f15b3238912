"""What a draft edition changes against its base: the impact report of ``bridgelaws impact``.

:func:`impact` compares a :class:`~bridgelaws.judging.drafts.DraftEdition` with the registered edition it
starts from: the matrix cells that change (each case's canonical ruling, :func:`tables.canonical_ruling`:
status, what happens to the call, bars), how the strictness measure moves
(:func:`bridgelaws.presentation.views.turns_barred`, summed over the cases as in ``views.strictness_summary``),
a word-level redline of each changed ruling's proposed wording against the base's quote, and, where
:mod:`bridgelaws.presentation.distinguish` is present, the shortest scenarios that now behave differently.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from ..judging.drafts import PROPOSED_LABEL, DraftEdition, Proposal
from ..auction.editions import Edition
from ..judging.lookup import find_edition
from ..text.errors import BridgeLawsError, InternalError
from ..judging.rulings import Ruling, cases

if TYPE_CHECKING:
    from ..text._cliio import Progress
    from .distinguish import Space

#: The length of the scenarios searched for differences (``impact --max-tokens``).
DEFAULT_MAX_TOKENS = 4


@dataclass(frozen=True)
class CellChange:
    """One matrix cell (a case) that the draft changes."""

    case: str
    base_status: str
    draft_status: str
    base_cell: str  # the matrix cell in words (present.short_rectification)
    draft_cell: str
    base_turns: int | None  # turns barred (views.turns_barred; None where the text does not rule)
    draft_turns: int | None
    changed_by_draft: bool  # the draft changes this case's ruling (not only the auction around it)

    def as_dict(self) -> dict[str, Any]:
        return {"case": self.case, "base": {"status": self.base_status, "cell": self.base_cell,
                                            "turns_barred": self.base_turns},
                "draft": {"status": self.draft_status, "cell": self.draft_cell, "turns_barred": self.draft_turns},
                "changed_by_draft": self.changed_by_draft}


@dataclass(frozen=True)
class Redline:
    """A changed ruling's proposed wording against the base's quote, word by word."""

    subject: str
    base_quote: str  # "" where the base has no quote (it is silent, or the subject is a mechanic)
    base_source: str | None  # the record the base's quote is taken from
    proposal: Proposal
    #: (op, words): op is "=" (kept), "-" (deleted from the base's quote) or "+" (inserted).
    pieces: tuple[tuple[str, str], ...]
    #: "supplement" where the base's rule lives in the supplementary layer: ``base_quote`` is then the
    #: project's paraphrase of ``base_source`` (not the law's text), from ``paraphrase_source``.
    base_layer: str = "corpus"
    paraphrase_source: str = ""

    def text(self) -> str:
        """``kept [-deleted-] {+inserted+}``, as ``wdiff`` prints it."""
        return _spaced([words if op == "=" else f"[-{words}-]" if op == "-" else f"{{+{words}+}}"
                        for op, words in self.pieces], self.pieces)

    def html(self) -> str:
        return _spaced([escape(words) if op == "=" else f"<del>{escape(words)}</del>" if op == "-"
                        else f"<ins>{escape(words)}</ins>" for op, words in self.pieces], self.pieces)

    def as_dict(self) -> dict[str, Any]:
        return {"subject": self.subject, "base_quote": self.base_quote, "base_source": self.base_source,
                "base_layer": self.base_layer, "paraphrase_source": self.paraphrase_source,
                "proposed": self.proposal.as_dict(), "redline": self.text(),
                "pieces": [{"op": op, "words": words} for op, words in self.pieces]}


@dataclass(frozen=True)
class Impact:
    draft: DraftEdition
    base: Edition
    cells: tuple[CellChange, ...]
    strictness: dict[str, int]  # {"base": turns, "draft": turns} over the cases where each text rules
    redlines: tuple[Redline, ...]
    #: The shortest scenarios that behave differently (from bridgelaws.presentation.distinguish), or None when
    #: that module is not available (``distinguishing_note`` says so).
    distinguishing: list[dict[str, Any]] | None = None
    distinguishing_note: str = ""
    max_tokens: int = DEFAULT_MAX_TOKENS
    mechanics: tuple[Proposal, ...] = field(default=())
    #: What differs after each parting (bridgelaws.presentation.distinguish, stage "after"), as dicts.
    later: list[dict[str, Any]] = field(default_factory=list)
    #: The effect on recorded auctions (``--pbn``), or None when no file was given.
    auctions: RealAuctions | None = None

    def as_dict(self) -> dict[str, Any]:
        draft = self.draft.draft
        return {"draft": draft.id, "name": draft.name, "base": self.base.year, "file": draft.path,
                "note": draft.note, "label": PROPOSED_LABEL,
                "mechanics": [p.as_dict() for p in self.mechanics],
                "cells": [c.as_dict() for c in self.cells],
                "strictness": {"measure": "turns barred (bridgelaws.presentation.views.turns_barred), summed over the cases",
                               **self.strictness},
                "redlines": [r.as_dict() for r in self.redlines],
                "distinguishing": self.distinguishing, "distinguishing_note": self.distinguishing_note,
                "after_parting": self.later, "max_tokens": self.max_tokens,
                "auctions": None if self.auctions is None else self.auctions.as_dict()}


def _words(text: str) -> list[str]:
    """The words of ``text``, a mark of punctuation after a word a token of its own (so that
    "speelsoort" and "speelsoort;" are one word kept and one mark inserted)."""
    return re.findall(r"[^\s,;:.!?]+|[,;:.!?]+", text)


def _joined(words: list[str]) -> str:
    return re.sub(r" ([,;:.!?])", r"\1", " ".join(words))


def _spaced(pieces: list[str], kinds: tuple[tuple[str, str], ...]) -> str:
    """Pieces joined by a space, none before a piece that starts with a mark of punctuation."""
    out = ""
    for shown, (_, words) in zip(pieces, kinds):
        out += ("" if not out or words[:1] in ",;:.!?" else " ") + shown
    return out


def redline_pieces(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The word-level difference of ``new`` against ``old`` (difflib), deletions before insertions."""
    before, after = _words(old), _words(new)
    pieces: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
        if op == "equal":
            pieces.append(("=", _joined(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(("-", _joined(before[i1:i2])))
        if j2 > j1:
            pieces.append(("+", _joined(after[j1:j2])))
    return tuple(pieces)


def _cell(ruling: Ruling) -> str:
    from .present import short_rectification

    return short_rectification(ruling)


def _behaviour(ruling: Ruling) -> tuple[Any, ...]:
    """What a matrix cell says a ruling does: its status, what happens to the call, the bars."""
    effect = ruling.effect
    options = tuple((o.by, o.choice, tuple((b.who, str(b.scope)) for b in o.bars)) for o in effect.options)
    bars = tuple((b.who, str(b.scope)) for b in effect.bars)
    return (str(ruling.status), effect.call_stands, effect.deemed, effect.next, effect.outcome, bars, options,
            effect.play)


def _distinguishing(base: Edition, draft: Edition, max_tokens: int, space: Space | None = None,
                    progress: Progress | None = None) -> tuple[list[dict[str, Any]], str, list[dict[str, Any]]]:
    """The shortest scenarios on which base and draft part, and what differs after each parting,
    from :mod:`bridgelaws.presentation.distinguish` (the one place that calls it)."""
    from .distinguish import CALLS_SPACE, DEFAULT_SPACE, search

    chosen = space or DEFAULT_SPACE
    found = search(base, draft, max_tokens=max_tokens, space=chosen, progress=progress)
    which = " of calls only" if chosen == CALLS_SPACE else ("" if chosen == DEFAULT_SPACE else " of a chosen space")
    return ([d.to_dict() for d in found.differences],
            f"scenarios{which} up to {max_tokens} tokens (bridgelaws.presentation.distinguish; {found.judged:,} judged)",
            [d.to_dict() for d in found.later])


def _redline(case_id: str, before: Ruling, proposal: Proposal) -> Redline:
    """The proposal against the base's quote; where the base's rule is a supplementary one, against
    the project's paraphrase of its first supplementary article (labelled so in the report)."""
    if before.outside_corpus is not None and before.provenance:
        from ..supplement.supplement import article

        first = before.provenance[0]
        paraphrase = article(first.article).paraphrase_en
        return Redline(case_id, paraphrase, first.article, proposal, redline_pieces(paraphrase, proposal.wording),
                       "supplement", f"{first.source_title} ({first.address}, read {first.read})")
    quote = before.quote_nl or ""
    return Redline(case_id, quote, before.quote_from if quote else None, proposal, redline_pieces(quote, proposal.wording))


class _InLanguage:
    """The search's progress lines (:mod:`bridgelaws.presentation.distinguish` writes them in English)
    in ``lang``, passed on to ``progress``."""

    _LINE = re.compile(r"([\d,]+) scenarios judged, (\d+) of (\d+) tokens")

    def __init__(self, progress: Progress, lang: str) -> None:
        self.progress, self.lang = progress, lang

    def update(self, text: str, *, force: bool = False) -> None:
        from ..text.i18n import t

        found = self._LINE.fullmatch(text)
        if found is not None:
            count = found.group(1).replace(",", ".") if self.lang == "nl" else found.group(1)
            text = t("impact.progress.judged", self.lang, count=count, length=found.group(2), most=found.group(3))
        self.progress.update(text, force=force)

    def done(self) -> None:
        self.progress.done()


def _mechanic_redline(base: Edition, proposal: Proposal) -> Redline:
    """A changed mechanic's proposal against the text of the base's articles that state the rule."""
    from ..text.textdiff import text_of

    texts = []
    for article in base.rule(proposal.subject).articles:
        try:
            texts.append((article, text_of(article).text))
        except BridgeLawsError:  # an article the registry cannot show: left out, not invented
            continue
    quote = " ".join(text for _, text in texts)
    return Redline(proposal.subject, quote, ", ".join(a for a, _ in texts) or None, proposal,
                   redline_pieces(quote, proposal.wording))


def impact(draft: str | Edition, *, max_tokens: int = DEFAULT_MAX_TOKENS, space: Space | None = None,
           pbn: list[str] | tuple[str, ...] | None = None, progress: Progress | None = None,
           lang: str = "en") -> Impact:
    """What ``draft`` (a draft file's path or a :class:`DraftEdition`) changes against its base.
    ``space``: the scenarios the distinguishing search tries (:data:`bridgelaws.presentation.distinguish.DEFAULT_SPACE`;
    ``CALLS_SPACE`` reaches 4 tokens in seconds where a draft changes what calls do). ``pbn``: PBN
    files whose recorded auctions are replayed under base and draft (:func:`real_auctions`).
    ``progress``: where a long run says how far it is (:class:`bridgelaws.text._cliio.Progress`)."""
    from .tables import canonical_ruling
    from .views import turns_barred

    files = None if pbn is None else pbn_files(pbn, lang)  # every path checked before any work
    edition = find_edition(draft)
    if not isinstance(edition, DraftEdition):
        raise BridgeLawsError(f"{edition.year} is not a draft: give the path of a draft file (data/drafts/*.yaml)")
    base = edition.base
    if base is None:
        raise InternalError(f"the draft {edition.year} has no base edition")
    changes = []
    totals = {"base": 0, "draft": 0}
    for case in cases():
        before = canonical_ruling(case.id, base)
        after = canonical_ruling(case.id, edition)
        turns_before, turns_after = turns_barred(before), turns_barred(after)
        totals["base"] += turns_before or 0
        totals["draft"] += turns_after or 0
        if _behaviour(before) != _behaviour(after):
            changes.append(CellChange(case.id, str(before.status), str(after.status), _cell(before), _cell(after),
                                      turns_before, turns_after, case.id in edition.draft.rulings))
    redlines = []
    for case_id, change in edition.draft.rulings.items():
        proposal = change.proposal
        if proposal is None:  # never: a draft's entry of a case carries its proposal (drafts._ruling_change)
            continue
        redlines.append(_redline(case_id, canonical_ruling(case_id, base), proposal))
    redlines += [_mechanic_redline(base, change.proposal) for change in edition.draft.mechanics.values()]
    # the search reads only update(): the translating wrapper stands in for the Progress it wraps
    searching: Any = progress if progress is None or lang == "en" else _InLanguage(progress, lang)
    found, note, later = _distinguishing(base, edition, max_tokens, space, searching)
    auctions = None if files is None else real_auctions(base, edition, files, progress=progress, lang=lang)
    return Impact(edition, base, tuple(changes), totals, tuple(redlines), found, note, max_tokens,
                  tuple(c.proposal for c in edition.draft.mechanics.values()), later, auctions)


# ------------------------------------------------------------------------------ real auctions


@dataclass(frozen=True)
class RealAuctions:
    """What base and draft make of the auctions recorded in PBN files: how many end differently
    (another outcome, contract or declarer, or one edition cannot replay the auction), with the
    first :data:`EXAMPLES` of them."""

    files: tuple[str, ...]
    games: int  # games read
    auctions: int  # games with an auction (the ones replayed)
    changed: int
    unreadable: int  # games the reader could not read (not counted)
    #: Each: file, event, board, room, teams, base, draft (the end in words); "_base"/"_draft" the results.
    examples: tuple[dict[str, Any], ...]

    def as_dict(self) -> dict[str, Any]:
        return {"files": list(self.files), "games": self.games, "auctions": self.auctions, "changed": self.changed,
                "unreadable": self.unreadable,
                "examples": [{k: v for k, v in x.items() if not k.startswith("_")} for x in self.examples]}

    def sentence(self) -> str:
        unread = f"; {self.unreadable:,} game(s) could not be read" if self.unreadable else ""
        return (f"{self.changed:,} of {self.auctions:,} recorded auctions end differently "
                f"({len(self.files)} file(s), {self.games:,} games{unread})")


#: The changed auctions a report lists by name.
EXAMPLES = 20


def _result_words(result: Any) -> str:
    if isinstance(result, Exception):
        return f"cannot be replayed: {result}"
    words = str(result.outcome)
    if result.contract is not None:
        words += f" {result.contract}"
    if result.declarer is not None:
        words += f" by {result.declarer.full_name}"
    return words


def pbn_files(paths: list[str] | tuple[str, ...], lang: str = "en") -> tuple[str, ...]:
    """The PBN files ``--pbn`` names: each file as given, each folder's ``*.pbn`` files (any case of
    the suffix, sorted, not in subfolders). Every path is checked before any work: a missing path, or a
    folder with no PBN file, is one :class:`BridgeLawsError` line naming it, in ``lang``."""
    import os

    from ..text.i18n import t

    if not paths:
        raise BridgeLawsError("--pbn needs at least one PBN file or folder")
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            inside = sorted(os.path.join(path, name) for name in os.listdir(path)
                            if name.lower().endswith(".pbn") and os.path.isfile(os.path.join(path, name)))
            if not inside:
                raise BridgeLawsError(t("impact.pbn_empty", lang, path=path))
            found += inside
        elif os.path.isfile(path):
            if not os.access(path, os.R_OK):
                raise BridgeLawsError(t("impact.pbn_unreadable", lang, path=path))
            found.append(path)
        else:
            raise BridgeLawsError(t("impact.pbn_missing", lang, path=path))
    return tuple(found)


def _teams(tags: Any) -> str:
    home, visit = tags.get("HomeTeam"), tags.get("VisitTeam")
    return " - ".join(str(x) for x in (home, visit) if x) if (home or visit) else ""


def real_auctions(base: Edition, draft: Edition, files: list[str] | tuple[str, ...], *,
                  progress: Progress | None = None, lang: str = "en") -> RealAuctions:
    """Replay every recorded auction of ``files`` (PBN files or folders of them, :func:`pbn_files`)
    under ``base`` and ``draft`` (:func:`bridgelaws.auction.pbn.game_results`) and count those that end
    differently. A path that cannot be used is one :class:`BridgeLawsError` line, before any replay; a
    game that cannot be read is counted apart."""
    import os

    from ..auction import pbn as pbn_reader
    from ..text.i18n import t

    paths = pbn_files(files, lang)
    games = auctions = changed = unreadable = 0
    examples: list[dict[str, Any]] = []
    for path in paths:
        for game in pbn_reader.iter_games(path, errors="keep"):
            if isinstance(game, BridgeLawsError):
                unreadable += 1
                continue
            games += 1
            if not game.has_auction:
                continue
            auctions += 1
            results = pbn_reader.game_results(game, [base, draft])
            before, after = results[base.year], results[draft.year]
            if isinstance(before, Exception) or isinstance(after, Exception):
                differs = type(before) is not type(after) or str(before) != str(after)
            else:
                differs = before != after
            if differs:
                changed += 1
                if len(examples) < EXAMPLES:
                    tags = game.tags
                    examples.append({"file": os.path.basename(path), "event": str(tags.get("Event") or ""),
                                     "board": str(tags.get("Board", "?")), "room": str(tags.get("Room") or ""),
                                     "teams": _teams(tags), "base": _result_words(before),
                                     "draft": _result_words(after), "_base": before, "_draft": after})
            if progress is not None:
                progress.update(t("impact.progress.replayed", lang, count=f"{auctions:,}"))
    return RealAuctions(paths, games, auctions, changed, unreadable, tuple(examples))


# ------------------------------------------------------------------------------ output



def _cells_table(report: "Impact") -> str:
    """The matrix cells the draft changes, as a table (or "none"): the view and the report alike."""
    if not report.cells:
        return "<p>none</p>"
    rows = "".join(f"<tr><td>{escape(c.case)}</td><td>{escape(c.base_cell)}</td><td>{escape(c.draft_cell)}</td>"
                   f"<td>{_turns(c.base_turns)} &rarr; {_turns(c.draft_turns)}</td></tr>" for c in report.cells)
    return (f'<table class="bl-table"><tr><th>case</th><th>{escape(report.base.year)}</th>'
            f"<th>{escape(report.draft.draft.id)}</th><th>turns barred</th></tr>{rows}</table>")

def impact_text(report: Impact) -> str:
    draft = report.draft.draft
    lines = [f"draft {draft.id}: {draft.name}", f"  file {draft.path}, base {report.base.year}"]
    if draft.note:
        lines.append(f"  {draft.note}")
    for proposal in report.mechanics:
        lines += ["", f"mechanic {proposal.subject} changed ({proposal.provision})",
                  f"  {PROPOSED_LABEL}:", f'    "{proposal.wording}"', f"  reason: {proposal.reason}"]
    lines += ["", f"matrix cells that change ({len(report.cells)} of {len(cases())} cases):"]
    for cell in report.cells:
        why = "" if cell.changed_by_draft else " (the draft does not change this ruling; its scenario plays differently)"
        lines += [f"  {cell.case}{why}", f"    {report.base.year}: {cell.base_cell}",
                  f"    {draft.id}: {cell.draft_cell}"]
    if not report.cells:
        lines.append("  none")
    moved = report.strictness["draft"] - report.strictness["base"]
    lines += ["", "strictness (turns barred, summed over the cases; bridgelaws.presentation.views.turns_barred):",
              f"  {report.base.year}: {report.strictness['base']}   {draft.id}: {report.strictness['draft']}   "
              f"({moved:+d})"]
    for cell in report.cells:
        if cell.base_turns != cell.draft_turns:
            lines.append(f"  {cell.case}: {_turns(cell.base_turns)} -> {_turns(cell.draft_turns)}")
    lines += ["", "redline of the changed rulings ([-deleted from the base's quote-] {+inserted+}):"]
    for redline in report.redlines:
        source = f" ({redline.base_source})" if redline.base_source else " (the base has no quote)"
        lines += [f"  {redline.subject}{source}", f"    {redline.text()}", f"    reason: {redline.proposal.reason}"]
    lines += ["", f"shortest scenarios that now behave differently: {report.distinguishing_note}"]
    for item in report.distinguishing or ():
        lines.append(f"  {item.get('scenario')} (dealer {item.get('dealer')}): {item.get('difference')}")
    if report.distinguishing == []:
        lines.append("  none")
    if report.later:
        lines += ["", "what differs after each parting (the token after its shortest scenario):"]
        for item in report.later:
            lines.append(f"  {item.get('scenario')}: {item.get('category')}, after {item.get('follows')}")
            lines.append(f"    {item.get('difference')}")
    if report.auctions is not None:
        lines += ["", "recorded auctions (--pbn):", f"  {report.auctions.sentence()}"]
        for example in report.auctions.examples[:5]:
            lines.append(f"  {example['file']} board {example['board']}: {report.base.year} {example['base']}; "
                         f"{draft.id} {example['draft']}")
    return "\n".join(lines)


def _turns(turns: int | None) -> str:
    return "not ruled" if turns is None else str(turns)


def impact_html(report: Impact) -> str:
    """The report as HTML (the cards' stylesheet; a redline with <del> and <ins>)."""
    from .render import stylesheet

    draft = report.draft.draft
    parts = [stylesheet(), '<div class="bl-impact">',
             f"<h3>Draft {escape(draft.id)}: {escape(draft.name)}</h3>",
             f"<p>file {escape(draft.path)}, base {escape(report.base.year)}. {escape(draft.note)}</p>"]
    for proposal in report.mechanics:
        parts.append(f'<div class="bl-proposed"><b>{escape(PROPOSED_LABEL)}</b> ({escape(proposal.subject)}): '
                     f'<span lang="nl">{escape(proposal.wording)}</span><div>reason: {escape(proposal.reason)}</div></div>')
    parts.append(f"<h4>Matrix cells that change ({len(report.cells)} of {len(cases())})</h4>")
    parts.append(_cells_table(report))
    parts.append(f"<h4>Strictness</h4><p>turns barred, summed over the cases: {report.base.year} "
                 f"{report.strictness['base']}, draft {report.strictness['draft']}</p>")
    parts.append("<h4>Redline (against the base's quote)</h4>")
    for redline in report.redlines:
        source = f" ({escape(redline.base_source)})" if redline.base_source else " (the base has no quote)"
        parts.append(f'<div class="bl-redline"><b>{escape(redline.subject)}</b>{source}: '
                     f'<span lang="nl">{redline.html()}</span><div>reason: {escape(redline.proposal.reason)}</div></div>')
    parts.append(f"<h4>Shortest scenarios that now behave differently</h4><p>{escape(report.distinguishing_note)}</p>")
    if report.distinguishing:
        parts.append("<ul>" + "".join(f"<li><code>{escape(str(i.get('scenario')))}</code> (dealer "
                                      f"{escape(str(i.get('dealer')))}): {escape(str(i.get('difference')))}</li>"
                                      for i in report.distinguishing) + "</ul>")
    parts.append("</div>")
    return "".join(parts)


# ------------------------------------------------------------------------------ the report


def impact_report_html(report: Impact, *, generated: Any = None, lang: str = "en") -> str:
    """The impact report as one self-contained, printable HTML document in ``lang``
    (:func:`bridgelaws.presentation.impact_report.report_html`)."""
    from .impact_report import report_html

    return report_html(report, generated=generated, lang=lang)


def write_impact_report(path: str, report: Impact, *, generated: Any = None, lang: str = "en",
                        progress: Progress | None = None) -> str:
    """Write the report to ``path``: HTML for ``.html``/``.htm``, PDF for ``.pdf`` (printed by
    headless Chromium, :func:`bridgelaws.presentation.handout.handout_pdf`, with a progress line);
    complete or not at all (:func:`bridgelaws.text._cliio.write_output`). Returns the kind written
    ("HTML" or "PDF")."""
    import os

    from ..text._cliio import write_output
    from ..text.i18n import t
    from .handout import handout_pdf

    kind = os.path.splitext(path)[1].lower()
    if kind not in (".html", ".htm", ".pdf"):
        raise BridgeLawsError(f"impact: -o {path!r} must end in .html or .pdf")
    html = impact_report_html(report, generated=generated, lang=lang)
    if kind == ".pdf":
        if progress is not None:
            progress.update(t("impact.progress.pdf", lang), force=True)
        write_output(path, handout_pdf(html), source=report.draft.draft.path)
        return "PDF"
    write_output(path, html, source=report.draft.draft.path)
    return "HTML"
