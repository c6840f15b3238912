"""What a draft edition changes against its base: the impact report of ``bridgelaws impact``.

:func:`impact` compares a :class:`~bridgelaws.drafts.DraftEdition` with the registered edition it
starts from: the matrix cells that change (each case's canonical ruling, :func:`tables.canonical_ruling`:
status, what happens to the call, bars), how the strictness measure moves
(:func:`bridgelaws.views.turns_barred`, summed over the cases as in ``views.strictness_summary``),
a word-level redline of each changed ruling's proposed wording against the base's quote, and, where
:mod:`bridgelaws.distinguish` is present, the shortest scenarios that now behave differently.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from .drafts import PROPOSED_LABEL, DraftEdition, Proposal
from .editions import Edition, find_edition
from .errors import BridgeLawsError
from .rulings import Ruling, cases

if TYPE_CHECKING:
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

    def text(self) -> str:
        """``kept [-deleted-] {+inserted+}``, as ``wdiff`` prints it."""
        return " ".join(words if op == "=" else f"[-{words}-]" if op == "-" else f"{{+{words}+}}"
                        for op, words in self.pieces)

    def html(self) -> str:
        return " ".join(escape(words) if op == "=" else f"<del>{escape(words)}</del>" if op == "-"
                        else f"<ins>{escape(words)}</ins>" for op, words in self.pieces)

    def as_dict(self) -> dict[str, Any]:
        return {"subject": self.subject, "base_quote": self.base_quote, "base_source": self.base_source,
                "proposed": self.proposal.as_dict(), "redline": self.text(),
                "pieces": [{"op": op, "words": words} for op, words in self.pieces]}


@dataclass(frozen=True)
class Impact:
    draft: DraftEdition
    base: Edition
    cells: tuple[CellChange, ...]
    strictness: dict[str, int]  # {"base": turns, "draft": turns} over the cases where each text rules
    redlines: tuple[Redline, ...]
    #: The shortest scenarios that behave differently (from bridgelaws.distinguish), or None when
    #: that module is not available (``distinguishing_note`` says so).
    distinguishing: list[dict[str, Any]] | None = None
    distinguishing_note: str = ""
    max_tokens: int = DEFAULT_MAX_TOKENS
    mechanics: tuple[Proposal, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        draft = self.draft.draft
        return {"draft": draft.id, "name": draft.name, "base": self.base.year, "file": draft.path,
                "note": draft.note, "label": PROPOSED_LABEL,
                "mechanics": [p.as_dict() for p in self.mechanics],
                "cells": [c.as_dict() for c in self.cells],
                "strictness": {"measure": "turns barred (bridgelaws.views.turns_barred), summed over the cases",
                               **self.strictness},
                "redlines": [r.as_dict() for r in self.redlines],
                "distinguishing": self.distinguishing, "distinguishing_note": self.distinguishing_note,
                "max_tokens": self.max_tokens}


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def redline_pieces(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The word-level difference of ``new`` against ``old`` (difflib), deletions before insertions."""
    before, after = _words(old), _words(new)
    pieces: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
        if op == "equal":
            pieces.append(("=", " ".join(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(("-", " ".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(("+", " ".join(after[j1:j2])))
    return tuple(pieces)


def _cell(ruling: Ruling) -> str:
    from .present import short_rectification

    return short_rectification(ruling)


def _behaviour(ruling: Ruling) -> tuple[Any, ...]:
    """What a matrix cell says a ruling does: its status, what happens to the call, the bars."""
    options = tuple((o["by"], o["choice"], tuple((b["seat"], str(b["scope"])) for b in o["barred"]))
                    for o in ruling.options)
    bars = tuple((b["seat"], str(b["scope"])) for b in ruling.barred)
    return (str(ruling.status), ruling.call_stands, ruling.deemed, ruling.next, ruling.outcome, bars, options,
            tuple(ruling.play))


def _distinguishing(base: Edition, draft: Edition, max_tokens: int,
                    space: Space | None = None) -> tuple[list[dict[str, Any]] | None, str]:
    """The shortest scenarios on which base and draft part, from :mod:`bridgelaws.distinguish`
    (the one place that calls it)."""
    from .distinguish import CALLS_SPACE, DEFAULT_SPACE, distinguish

    chosen = space or DEFAULT_SPACE
    found = distinguish(base, draft, max_tokens=max_tokens, space=chosen)
    which = " of calls only" if chosen == CALLS_SPACE else ("" if chosen == DEFAULT_SPACE else " of a chosen space")
    return ([d.to_dict() for d in found],
            f"scenarios{which} up to {max_tokens} tokens (bridgelaws.distinguish)")


def impact(draft: str | Edition, *, max_tokens: int = DEFAULT_MAX_TOKENS, space: Space | None = None) -> Impact:
    """What ``draft`` (a draft file's path or a :class:`DraftEdition`) changes against its base.
    ``space``: the scenarios the distinguishing search tries (:data:`bridgelaws.distinguish.DEFAULT_SPACE`;
    ``CALLS_SPACE`` reaches 4 tokens in seconds where a draft changes what calls do)."""
    from .tables import canonical_ruling
    from .views import turns_barred

    edition = find_edition(draft)
    if not isinstance(edition, DraftEdition):
        raise BridgeLawsError(f"{edition.year} is not a draft: give the path of a draft file (data/drafts/*.yaml)")
    base = edition.base
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
        before = canonical_ruling(case_id, base)
        quote = before.quote_nl or ""
        redlines.append(Redline(case_id, quote, before.quote_from if quote else None, change.proposal,
                                redline_pieces(quote, change.proposal.wording)))
    found, note = _distinguishing(base, edition, max_tokens, space)
    return Impact(edition, base, tuple(changes), totals, tuple(redlines), found, note, max_tokens,
                  tuple(c.proposal for c in edition.draft.mechanics.values()))


# ------------------------------------------------------------------------------ output


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
    lines += ["", "strictness (turns barred, summed over the cases; bridgelaws.views.turns_barred):",
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
    if report.cells:
        rows = "".join(f"<tr><td>{escape(c.case)}</td><td>{escape(c.base_cell)}</td><td>{escape(c.draft_cell)}</td>"
                       f"<td>{_turns(c.base_turns)} &rarr; {_turns(c.draft_turns)}</td></tr>" for c in report.cells)
        parts.append(f'<table class="bl-table"><tr><th>case</th><th>{escape(report.base.year)}</th>'
                     f"<th>{escape(draft.id)}</th><th>turns barred</th></tr>{rows}</table>")
    else:
        parts.append("<p>none</p>")
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
