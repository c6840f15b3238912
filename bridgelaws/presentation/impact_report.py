"""The impact report a committee hands out: ``bridgelaws impact DRAFT -o report.html|.pdf``.

Only the subjects the draft touches, the rest in one line; per changed subject, in plain words, the
rule before and after, the shortest example auction and its ruling under both, and the redline of
the changed article (against the corpus's text, or, where the base's rule lives in the supplementary
layer, against the project's paraphrase, labelled as one); the draft's own rationale, date and
sources (:class:`bridgelaws.judging.drafts.Draft`), the base's source without an unknown field; and
each recorded auction (``--pbn``) that ends differently, with its event, board, room and teams. Every
fixed word is a message of ``data/messages/impact.yaml`` (``lang``); the draft's own words are shown
as written, marked as the draft's (in Dutch, ``lang="en"`` where they are not translated)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from ..text.errors import BridgeLawsError
from ..text.i18n import t

if TYPE_CHECKING:
    from .impact import Impact, Redline


def number(n: int, lang: str) -> str:
    """A count with its thousands marked as the language marks them (1,160; 1.160)."""
    return f"{n:,}" if lang == "en" else f"{n:,}".replace(",", ".")


def _h(key: str, lang: str, **values: object) -> str:
    """A message with its values escaped."""
    return t(key, lang, **{k: escape(str(v)) for k, v in values.items()})


def _draft_words(text: str, lang: str, tag: str = "span") -> str:
    """The draft's own words, as written: under Dutch marked as untranslated (``lang="en"``)."""
    if lang == "en":
        return f'<{tag} class="bl-draft-words">{escape(text)}</{tag}>'
    return (f'<{tag} class="bl-draft-words" lang="en">{escape(text)}</{tag}> '
            f'<span class="bl-draft-words-note">({escape(t("impact.draft_words", lang))})</span>')


def _case_name(case_id: str, lang: str) -> str:
    from ..judging.rulings import find_case

    return find_case(case_id).name(lang)


def _base_source(base: str, lang: str) -> str:
    """The base edition's source in one line, its known fields only (never "unknown")."""
    from ..text.bibliography import citation

    try:
        found = citation(base)
    except BridgeLawsError:
        return ""
    s = found.source
    parts = [f'"{found.title}"']
    if s.description.known and lang == "en":
        parts.append(str(s.description.value))
    for field, key in ((s.dated, "impact.source.dated"), (s.code_year, "impact.source.code"),
                       (s.language, "impact.source.language")):
        if field.known:
            parts.append(t(key, lang, value=field.value))
    if s.website.known:
        site = str(s.website.value) + (f", {s.website_address.value}" if s.website_address.known else "")
        parts.append(t("impact.source.transcribed", lang, page=s.page, site=site))
    if s.retrieved.known:
        parts.append(t("impact.source.retrieved", lang, value=s.retrieved.value))
    return "; ".join(parts)


def _sources(report: Impact, lang: str) -> list[str]:
    draft, base = report.draft.draft, report.base.year
    items = []
    line = _base_source(base, lang)
    if line:
        items.append(f"<li>{_h('impact.source.base', lang, base=base, citation=line)}</li>")
    items += [f"<li>{_draft_words(source, lang)}</li>" for source in draft.sources]
    items.append(f"<li>{_h('impact.source.draft', lang, path=draft.path)}</li>")
    if not draft.sources:
        items.append(f"<li>{_h('impact.source.none', lang)}</li>")
    return [f"<h2>{_h('impact.h.sources', lang)}</h2>", '<ul class="bl-handout-sources">', *items, "</ul>"]


def _about(report: Impact, lang: str) -> list[str]:
    draft = report.draft.draft
    rows = [(t("impact.name", lang), _draft_words(draft.name, lang))]
    if draft.note:
        rows.append((t("impact.note", lang), _draft_words(draft.note, lang)))
    rows.append((t("impact.rationale", lang), _draft_words(draft.rationale, lang) if draft.rationale
                 else _h("impact.no_rationale", lang)))
    rows.append((t("impact.date", lang), escape(draft.date) if draft.date else _h("impact.no_date", lang)))
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in rows)
    return [f"<h2>{_h('impact.h.about', lang)}</h2>", f'<table class="bl-table bl-impact-about">{body}</table>']


def _side(side: dict[str, Any], lang: str) -> str:
    from .present import status_name

    if side.get("error"):
        return t("impact.cannot", lang, error=side["error"])
    return t("impact.side", lang, status=status_name(str(side.get("status")), lang),
             articles=", ".join(side.get("articles") or ()))


def _who(who: str, lang: str) -> str:
    """A seat ("W") or a role ("partner") in words."""
    from ..auction.calls import parse_seat
    from .present import who_name
    from .render import seat_name

    if who in ("N", "E", "S", "W"):
        return seat_name(parse_seat(who, ""), lang)
    return who_name(who, lang)


def _bar_words(bars: Any, lang: str) -> str:
    from ..text.words import wording

    found = [t("impact.bar", lang, who=_who(str(b.who if hasattr(b, "who") else b["seat"]), lang),
               when=wording(str(b.scope if hasattr(b, "scope") else b["scope"]), lang).duration) for b in bars]
    return ", ".join(found) if found else t("impact.no_bars", lang)


def ruling_words(ruling: Any, lang: str) -> str:
    """What a ruling lets the offender do, and who must pass after each choice, in plain words; a
    ruling without options in its matrix cell's words (:func:`bridgelaws.presentation.present.short_rectification`)."""
    from .present import choice_name, short_rectification

    effect = ruling.effect
    if not effect.options:
        return short_rectification(ruling, lang)
    found = []
    for option in effect.options:
        choice = option.text if lang == "en" and option.text else choice_name(option.choice, lang)
        found.append(t("impact.option", lang, by=_who(option.by, lang), choice=choice,
                       bars=_bar_words(option.bars, lang)))
    return "\n".join(found)


def _lines(text: str) -> str:
    """Text of several lines, escaped, one line under the other."""
    return "<br>".join(escape(line[:1].upper() + line[1:]) for line in text.split("\n"))


def _judged(tokens: str, edition: Any, dealer: str) -> Any:
    from ..judging.judging import judge

    try:
        return judge(tokens.split(), edition, dealer)
    except BridgeLawsError:
        return None


def auction_words(tokens: str, dealer: str, lang: str, edition: Any = None) -> str:
    """A scenario as its calls by seat, as ``edition`` (the base) judges it ("North 1C, East 1C
    (insufficient bid)"); where it cannot be judged, the notation as typed."""
    from .present import choice_name
    from .render import seat_name

    judged = _judged(tokens, edition, dealer) if edition is not None else None
    if judged is None:
        return tokens
    found = []
    for event in judged.events:
        kind = str(getattr(event.kind, "value", event.kind))
        if kind == "option" and event.choice:
            found.append(t("impact.token.option", lang, choice=choice_name(event.choice, lang)))
        elif kind == "call" and event.seat is not None:
            said = f"{seat_name(event.seat, lang)} {event.call if event.call is not None else event.token}"
            if event.correction_of is not None:
                said = t("impact.token.correction", lang, call=said)
            elif event.irregularity:
                said = f"{said} ({_case_name(event.irregularity, lang).lower()})"
            found.append(said)
        else:
            found.append(event.token)
    return ", ".join(found)


def _case_ruling(tokens: str, dealer: str, edition: Any, case_id: str, lang: str) -> str:
    judged = _judged(tokens, edition, dealer)
    if judged is None:
        return t("impact.result.error", lang)
    found = [ruling for event, ruling in judged.rulings if event.case == case_id]
    return ruling_words(found[-1], lang) if found else t("impact.no_ruling", lang)


def _example(report: Impact, case_id: str, lang: str) -> str:
    """The shortest scenario on which base and draft part over ``case_id``, with both rulings in words."""
    base = report.base.year
    found = [d for d in report.distinguishing or () if any(s.get("case") == case_id for s in d["editions"])]
    if not found:
        return f"<p>{_h('impact.no_example', lang, max=report.max_tokens)}</p>"
    item = min(found, key=lambda d: len(str(d["scenario"]).split()))
    a, b = item["editions"]
    tokens, dealer = str(item["scenario"]), str(item["dealer"])
    return (f"<p>{_h('impact.example_line', lang, scenario=auction_words(tokens, dealer, lang, report.base), notation=tokens)}</p>"
            '<table class="bl-table bl-impact-example">'
            f"<tr><th>{_h('impact.before', lang, base=base)}</th><td>{escape(_side(a, lang))}</td>"
            f"<td>{_lines(_case_ruling(tokens, dealer, report.base, case_id, lang))}</td></tr>"
            f"<tr><th>{_h('impact.after', lang)}</th><td>{escape(_side(b, lang))}</td>"
            f"<td>{_lines(_case_ruling(tokens, dealer, report.draft, case_id, lang))}</td></tr></table>")


def _state_words(tokens: str, dealer: str, edition: Any, lang: str) -> str:
    """Where a scenario leaves the auction: who must pass, or how it ended."""
    from ..judging.judging import strongest_bars

    judged = _judged(tokens, edition, dealer)
    if judged is None:
        return t("impact.cannot_play", lang)
    auction = judged.auction
    if auction.is_over:
        return result_words(auction, lang)
    from ..text.words import wording

    bars = strongest_bars(auction.bars)
    return "\n".join(t("impact.state_bar", lang, who=_who(str(b["seat"]), lang), when=wording(str(b["scope"]), lang).duration)
                     for b in bars) or t("impact.state_free", lang)


def _redline(report: Impact, redline: Redline, lang: str) -> str:
    if redline.base_layer == "supplement":
        head = _h("impact.redline.paraphrase", lang, record=redline.base_source, source=redline.paraphrase_source)
    elif redline.base_quote:
        head = _h("impact.redline.corpus", lang, record=redline.base_source)
    else:
        head = _h("impact.redline.none", lang)
    language = "en" if redline.base_layer == "supplement" else "nl"
    return (f"<h4>{_h('impact.h.redline', lang)}</h4><p>{head}</p>"
            f'<blockquote class="bl-redline" lang="{language}">{redline.html()}</blockquote>'
            f"<p><b>{_h('impact.reason', lang)}:</b> {_draft_words(redline.proposal.reason, lang)}</p>")


def _case_section(report: Impact, case_id: str, lang: str) -> list[str]:
    from .tables import canonical_ruling
    from .present import _summary

    base = report.base.year
    before, after = canonical_ruling(case_id, report.base), canonical_ruling(case_id, report.draft)
    text, _, note = _summary(before, lang)
    before_words = escape(text) if note is None else f'<span lang="en">{escape(text)}</span> {escape(note)}'
    # A draft's ruling gives its own summary (summary_en); a Dutch one inherited from the base speaks
    # of the base's rule, so the draft's English is shown, marked as the draft's own words.
    own_nl = after.summary_nl and after.summary_nl != before.summary_nl
    after_words = (escape(_summary(after, lang)[0]) if lang == "en" or own_nl
                   else _draft_words(after.summary_en, lang))
    parts = [f'<section class="bl-impact-case" data-case="{escape(case_id)}">',
             f"<h3>{escape(_case_name(case_id, lang))}</h3>",
             '<table class="bl-table bl-impact-before-after">'
             f"<tr><th></th><th>{_h('impact.before', lang, base=base)}</th><th>{_h('impact.after', lang)}</th></tr>"
             f"<tr><th>{_h('impact.in_words', lang)}</th><td>{before_words}</td><td>{after_words}</td></tr>"
             f"<tr><th>{_h('impact.in_short', lang)}</th>"
             f"<td>{_lines(ruling_words(before, lang))}</td><td>{_lines(ruling_words(after, lang))}</td></tr>"
             "</table>",
             f"<h4>{_h('impact.example', lang)}</h4>", _example(report, case_id, lang)]
    redline = next((r for r in report.redlines if r.subject == case_id), None)
    if redline is not None:
        parts.append(_redline(report, redline, lang))
    parts.append("</section>")
    return parts


def _mechanic_section(report: Impact, proposal: Any, lang: str) -> list[str]:
    """A changed mechanic: the base's rule and the proposal, the redline against the base's articles,
    and the shortest scenario that now ends otherwise."""
    redline = next(r for r in report.redlines if r.subject == proposal.subject)
    base = report.base.year
    changed = [d for d in report.distinguishing or () if not any(s.get("case") in report.draft.draft.rulings
                                                                  for s in d["editions"])]
    parts = ['<section class="bl-impact-case">', f"<h3>{escape(proposal.subject)}</h3>",
             f"<h4>{_h('impact.example', lang)}</h4>"]
    if changed:
        item = min(changed, key=lambda d: len(str(d["scenario"]).split()))
        tokens, dealer = str(item["scenario"]), str(item["dealer"])
        parts += [f"<p>{_h('impact.example_line', lang, scenario=auction_words(tokens, dealer, lang, report.base), notation=tokens)}</p>",
                  '<table class="bl-table bl-impact-example">'
                  f"<tr><th>{_h('impact.before', lang, base=base)}</th><td>{_lines(_state_words(tokens, dealer, report.base, lang))}</td></tr>"
                  f"<tr><th>{_h('impact.after', lang)}</th><td>{_lines(_state_words(tokens, dealer, report.draft, lang))}</td></tr></table>"]
    else:
        parts.append(f"<p>{_h('impact.no_example', lang, max=report.max_tokens)}</p>")
    parts += [_redline(report, redline, lang), "</section>"]
    return parts


def touched(report: Impact) -> list[str]:
    """The subjects the draft touches: the cases it changes, those whose cell moves, its mechanics."""
    draft = report.draft.draft
    found = list(draft.rulings)
    found += [c.case for c in report.cells if c.case not in found]
    return found


def _changes(report: Impact, lang: str) -> list[str]:
    from ..judging.rulings import cases

    from ..auction.edition_records import MECHANICS

    subjects = touched(report)
    mechanics = list(report.mechanics)
    total = len(cases()) + len(MECHANICS)
    names = [_case_name(c, lang) for c in subjects] + [p.subject for p in mechanics]
    rest = total - len(names)
    parts = [f"<h2>{_h('impact.h.changes', lang)}</h2>",
             f"<p>{_h('impact.summary', lang, count=len(names), total=total, names=', '.join(names))} "
             + (_h("impact.unchanged_one", lang) if rest == 1 else _h("impact.unchanged", lang, count=rest)) + "</p>"]
    for proposal in mechanics:
        parts += _mechanic_section(report, proposal, lang)
    for case_id in subjects:
        parts += _case_section(report, case_id, lang)
    parts.append(f"<p>{_h('impact.strictness', lang, base=report.base.year, before=report.strictness['base'], after=report.strictness['draft'])}</p>")
    return parts


def _later(report: Impact, lang: str) -> list[str]:
    """What differs after each parting: the next call, and where each leaves the auction."""
    if not report.later:
        return []
    base = report.base.year
    rows = []
    for item in report.later:
        tokens, dealer = str(item["scenario"]), str(item["dealer"])
        rows.append(f"<li>{_h('impact.later_line', lang, scenario=auction_words(tokens, dealer, lang, report.base), notation=tokens)}"
                    f'<table class="bl-table bl-impact-example">'
                    f"<tr><th>{_h('impact.before', lang, base=base)}</th><td>{_lines(_state_words(tokens, dealer, report.base, lang))}</td></tr>"
                    f"<tr><th>{_h('impact.after', lang)}</th><td>{_lines(_state_words(tokens, dealer, report.draft, lang))}</td></tr>"
                    "</table></li>")
    return [f"<h2>{_h('impact.h.later', lang)}</h2>", f"<p>{_h('impact.later_intro', lang)}</p>",
            f'<ol class="bl-impact-scenarios">{"".join(rows)}</ol>',
            f"<p>{_h('impact.searched', lang, max=report.max_tokens, judged=_judged_count(report, lang))}</p>"]


def _judged_count(report: Impact, lang: str) -> str:
    import re

    found = re.search(r"([\d,]+) judged", report.distinguishing_note)
    return number(int(found.group(1).replace(",", "")), lang) if found else "?"


def result_words(result: Any, lang: str) -> str:
    """A replayed auction's end in words (:func:`bridgelaws.auction.pbn.game_results`)."""
    if isinstance(result, Exception):
        return f"{t('impact.result.error', lang)}: {result}"
    declarer_seat = getattr(result, "declarer", None)
    if result.outcome == "contract" and result.contract is not None:
        declarer = declarer_seat.full_name if declarer_seat is not None else "?"
        if lang != "en" and declarer_seat is not None:
            from .render import seat_name

            declarer = seat_name(declarer_seat, lang)
        return t("impact.result.contract", lang, contract=result.contract, declarer=declarer)
    if result.outcome == "open":
        return t("impact.result.open", lang)
    if result.outcome == "passed-out":
        return t("impact.result.passed", lang)
    return t("impact.result.other", lang, outcome=result.outcome)


def _auctions(report: Impact, lang: str) -> list[str]:
    parts = [f"<h2>{_h('impact.h.auctions', lang)}</h2>"]
    found = report.auctions
    if found is None:
        return parts + [f"<p>{_h('impact.no_pbn', lang)}</p>"]
    unread = _h("impact.unread", lang, count=found.unreadable) if found.unreadable else ""
    parts.append(f"<p>{t('impact.auctions_sentence', lang, changed=number(found.changed, lang), auctions=number(found.auctions, lang), files=len(found.files), games=number(found.games, lang), unread=unread)}</p>")
    if not found.examples:
        return parts + [f"<p>{_h('impact.auctions_none', lang)}</p>"]
    head = "".join(f"<th>{_h(k, lang, base=report.base.year)}</th>" for k in
                   ("impact.col.event", "impact.col.board", "impact.col.room", "impact.col.teams",
                    "impact.col.base", "impact.col.draft"))
    rows = "".join("<tr>" + "".join(f"<td>{escape(str(x.get(k, '')))}</td>" for k in ("event", "board", "room", "teams"))
                   + f"<td>{escape(result_words(x['_base'], lang))}</td>"
                   f"<td>{escape(result_words(x['_draft'], lang))}</td></tr>" for x in found.examples)
    parts.append(f'<table class="bl-table bl-impact-auctions"><tr>{head}</tr>{rows}</table>')
    if found.changed > len(found.examples):
        parts.append(f"<p>{_h('impact.first', lang, shown=len(found.examples), changed=number(found.changed, lang))}</p>")
    return parts


#: The report's own layout: the row labels keep their width, before and after share the rest.
_STYLE = ("<style>.bl-impact-report table.bl-table{width:100%;table-layout:fixed;border-collapse:collapse}"
          ".bl-impact-report table.bl-table th,.bl-impact-report table.bl-table td{vertical-align:top;"
          "text-align:left;padding:2px 6px;overflow-wrap:anywhere}"
          ".bl-impact-about th,.bl-impact-before-after tr>th:first-child,.bl-impact-example th{width:9em}"
          ".bl-impact-auctions th,.bl-impact-auctions td{font-size:90%}"
          ".bl-redline del{color:#a00}.bl-redline ins{color:#060}"
          ".bl-impact-case{break-inside:auto;margin-bottom:1em}"
          ".bl-draft-words-note{font-style:italic;color:#555}</style>")


def report_html(report: Impact, *, generated: Any = None, lang: str = "en") -> str:
    """The report as one self-contained, printable HTML document in ``lang`` (it loads nothing:
    :data:`bridgelaws.presentation.handout.CONTENT_SECURITY_POLICY` first in its head)."""
    import datetime

    from .handout import _POLICY_META
    from .render import stylesheet

    draft = report.draft.draft
    when = (generated or datetime.date.today()).isoformat()
    title = t("impact.title", lang, draft=draft.id)
    parts = ["<!DOCTYPE html>", f'<html lang="{escape(lang)}">', '<head><meta charset="utf-8">', _POLICY_META,
             f"<title>{escape(title)}</title>", stylesheet(), _STYLE, "</head>",
             '<body class="bl-handout bl-impact-report">', f"<h1>{escape(title)}</h1>",
             f'<p class="bl-handout-meta">{_h("impact.meta", lang, when=when, path=draft.path, base=report.base.year)}</p>',
             f'<p class="bl-handout-note">{_h("impact.not_law", lang)}</p>']
    parts += _about(report, lang)
    parts += _changes(report, lang)
    parts += _later(report, lang)
    parts += _auctions(report, lang)
    parts += _sources(report, lang)
    parts += [f'<p class="bl-handout-meta">{_h("impact.footer", lang, when=when)}</p>', "</body>", "</html>"]
    return "\n".join(parts) + "\n"
