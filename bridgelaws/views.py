"""Views for the notebooks and the widgets: pure functions that return HTML strings or DataFrames.

Nothing here decides a ruling: every answer comes from :func:`bridgelaws.judge`, the rulings
data (:mod:`bridgelaws.rulings`, :mod:`bridgelaws.tables`) and the corpus (:mod:`bridgelaws.corpus`).
The widgets (:mod:`bridgelaws.widgets`) only keep state and call these functions; the tests call
them directly. The HTML is deterministic: no random element ids, no memory addresses.

pandas is imported inside the functions that build DataFrames, so that ``import bridgelaws.views``
stays cheap.

The data files this module reads (``data/``):

- ``scenarios.yaml``: the stepper's prepared scenarios (name, dealer, tokens);
- ``topics.yaml``: topic -> the articles of each edition that treat it (a gap where none does);
- ``glossary.yaml``: Dutch terms with English, where they occur, and families of spelling variants;
- ``exercises.yaml``: exercises (scenarios and questions, never answers) and a short history whose
  every claim quotes its article.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import cache
from html import escape

from . import corpus
from .calls import ALL_CALLS, BIDS, Seat, parse_seat
from .editions import EDITIONS, Edition, find_edition, find_editions
from .errors import BridgeLawsError
from .judging import Judgement, judge
from .notation import parse_scenario
from .present import MUST_PASS_LABELS, STATUS_COLOURS, STATUS_LABELS, describe, must_pass_key, wording
from .render import auction_html, call_html, ruling_html
from .rulings import DATA, Ruling, cases, find_case
from .vocabulary import EventKind

YEARS = tuple(e.year for e in EDITIONS)

#: Turns a player loses to a bar "for the rest of the auction" in :func:`strictness`. The texts give
#: no number; three is the weight this project chose (a bar for the rest of a competitive auction
#: typically costs a player two to four turns). A bar "at his next turn" counts one turn.
REST_OF_AUCTION_TURNS = 3



# ------------------------------------------------------------------------------------ data files


#: Every view's HTML sits in a ``div.bl-view``: a sane line height inside ipywidgets' HTML widget
#: (which sets a 28px line height) and left-aligned text inside JupyterLab's output area.
_VIEW_STYLE = ("<style>.bl-view{line-height:1.4;text-align:left}"
               ".bl-view td,.bl-view th,.bl-view li{line-height:1.3}</style>")


def _view(html: str) -> str:
    return _VIEW_STYLE + '<div class="bl-view">' + html + "</div>"


def _yaml(name: str):
    import yaml

    path = DATA / name
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BridgeLawsError(f"data file missing: {path}") from None


def _key(text: str) -> str:
    return re.sub(r"[\s_\-']+", " ", str(text)).strip().casefold()


@cache
def _scenarios() -> tuple[dict, ...]:
    return tuple({"name": s["name"], "dealer": s["dealer"], "tokens": s["tokens"], "about": s.get("about", "")}
                 for s in _yaml("scenarios.yaml"))


def scenarios() -> list[dict]:
    """The stepper's prepared scenarios: ``{"name", "dealer", "tokens", "about"}``, in menu order."""
    return [dict(s) for s in _scenarios()]


def find_scenario(name: str) -> dict:
    for scenario in _scenarios():
        if _key(scenario["name"]) == _key(name):
            return dict(scenario)
    raise BridgeLawsError(
        f"unknown scenario {name!r}: one of {', '.join(s['name'] for s in _scenarios())}")


def scenarios_table():
    """The prepared scenarios as a DataFrame (name, dealer, tokens, what happens)."""
    import pandas as pd

    return pd.DataFrame(scenarios()).set_index("name")


@cache
def _topics() -> tuple[dict, ...]:
    result = []
    for topic in _yaml("topics.yaml"):
        articles = {str(k): list(v or []) for k, v in topic["articles"].items()}
        gaps = {str(k): " ".join(v.split()) for k, v in (topic.get("gap") or {}).items()}
        result.append({"id": topic["id"], "title": topic["title"], "articles": articles, "gap": gaps})
    return tuple(result)


def topics() -> list[dict]:
    """The topics of :func:`texts_side_by_side`: ``{"id", "title", "articles": {year: [ids]}, "gap"}``."""
    return [dict(t) for t in _topics()]


def find_topic(name: str) -> dict:
    """A topic by id or title, loosely: ``"four passes"``, ``"four-passes"``, ``"Doubling"``."""
    wanted = _key(name)
    for topic in _topics():
        if wanted in (_key(topic["id"]), _key(topic["title"])):
            return topic
    for topic in _topics():  # a word of the title: "exposed cards" -> "Cards exposed during ..."
        if wanted and all(word in _key(topic["title"]) + " " + _key(topic["id"]) for word in wanted.split()):
            return topic
    raise BridgeLawsError(f"unknown topic {name!r}: one of {', '.join(t['id'] for t in _topics())}")


def topics_table():
    """Topics x editions: the article ids of each edition (empty where the text has nothing)."""
    import pandas as pd

    rows = [{"topic": t["title"], **{y: ", ".join(t["articles"].get(y, [])) or "-" for y in YEARS}}
            for t in _topics()]
    return pd.DataFrame(rows).set_index("topic")


@cache
def _glossary() -> dict:
    return _yaml("glossary.yaml")


@cache
def _teaching() -> dict:
    return _yaml("exercises.yaml")


def exercises() -> list[dict]:
    """The exercises of notebook 05: ``{"id", "title", "dealer", "tokens", "question", "case"?}``."""
    return [{**e, "question": " ".join(e["question"].split())} for e in _teaching()["exercises"]]


def find_exercise(exercise_id: str) -> dict:
    for exercise in exercises():
        if _key(exercise["id"]) == _key(exercise_id):
            return exercise
    raise BridgeLawsError(
        f"unknown exercise {exercise_id!r}: one of {', '.join(e['id'] for e in exercises())}")


def history() -> list[dict]:
    """The history of notebook 05: ``{"edition", "claim", "article", "quote"}``, chronological."""
    return [{**h, "edition": str(h["edition"]), "claim": " ".join(h["claim"].split())}
            for h in _teaching()["history"]]


# ------------------------------------------------------------------------------------ text helpers


def fold(text: str) -> str:
    """Case- and accent-folded text (the corpus search's folding)."""
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


_WORD_RE = re.compile(r"\w+(?:[-'\u2019]\w+)*")


def words(text: str) -> list[str]:
    """The words of a text: letters and digits, joined by an inner hyphen or apostrophe."""
    return _WORD_RE.findall(text)


def _form_pattern(form: str) -> re.Pattern:
    body = r"\s+".join(re.escape(part) for part in fold(form).split())
    return re.compile(rf"(?<!\w){body}(?!\w)")


def _printed_fields(edition: str) -> list[tuple[str, str]]:
    """(where, text) for every heading (once per article), subheading and record text, in order."""
    return [(where, text) for _, where, text in corpus.printed_fields(str(edition))]


def count_form(form: str, edition: str) -> int:
    """How often ``form`` occurs as whole words in the edition's headings, subheadings and texts."""
    pattern = _form_pattern(form)
    return sum(len(pattern.findall(fold(text))) for _, text in _printed_fields(edition))


# ------------------------------------------------------------------------------------ stepper

_STEPPER_STYLE = (
    "<style>.bl-stepper{font-family:sans-serif;line-height:1.35;text-align:left}"
    ".bl-stepper td,.bl-stepper th{line-height:1.25}"
    ".bl-steps{margin:2px 0 8px 0;font-size:92%;line-height:1.9}"
    ".bl-tok{padding:1px 6px;margin:0 1px;border-radius:3px;border:1px solid #ccc;font-family:monospace;"
    "white-space:nowrap}.bl-tok.bl-done{background:#e3f2fd;border-color:#90caf9}"
    ".bl-tok.bl-todo{color:#999;border-style:dashed}"
    ".bl-panels{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}"
    ".bl-panel{flex:1 1 255px;min-width:255px;max-width:520px;border:1px solid #ddd;border-radius:6px;"
    "padding:6px 8px;background:#fff;box-sizing:border-box}"
    ".bl-panel-head{font-size:105%;margin-bottom:2px}"
    ".bl-code{font-size:75%;color:#fff;border-radius:3px;padding:0 5px;margin-left:4px;text-transform:uppercase}"
    ".bl-code.bl-rubber{background:#8d6e63}.bl-code.bl-duplicate{background:#00796b}"
    ".bl-panel-name{font-size:78%;color:#666;margin-bottom:4px}"
    ".bl-panel .bl-auction{font-size:88%}.bl-panel .bl-auction th,.bl-panel .bl-auction td{padding:2px 5px;"
    "text-align:center}.bl-panel .bl-card{text-align:left}"
    ".bl-must-pass{background:#f8d7da;border-radius:3px;padding:2px 6px;margin:3px 0;font-size:88%}"
    ".bl-error{background:#fdecea;border:1px solid #f5c2c7;color:#842029;border-radius:3px;padding:3px 6px;"
    "margin:4px 0;font-size:88%}"
    ".bl-to-act{font-size:85%;margin:4px 0 1px 0;color:#333}"
    ".bl-minibox{border-collapse:collapse;font-size:72%;margin:1px 0 4px 0}"
    ".bl-minibox.bl-minibox td{border:1px solid #e0e0e0;padding:0 3px;text-align:center;min-width:2.4em}"
    ".bl-minibox.bl-minibox td.bl-legal{background:#e8f5e9;color:#1b5e20;font-weight:bold}"
    ".bl-minibox.bl-minibox td.bl-not{color:#c4c4c4}.bl-minibox.bl-minibox td.bl-legal .bl-red{color:#c00}"
    ".bl-minibox.bl-minibox td.bl-not .bl-red{color:#e6b3b3}"
    ".bl-event{font-size:82%;color:#444;margin-top:6px;font-family:monospace}"
    ".bl-none{font-size:85%;color:#666;margin-top:4px}"
    ".bl-panel .bl-card{font-size:84%;max-width:none}</style>"
)


def token_list(tokens) -> list[str]:
    """A scenario as a list of tokens (a string is split on white space)."""
    if tokens is None:
        return []
    if isinstance(tokens, str):
        return tokens.split()
    return [str(t) for t in tokens]


def steps(tokens) -> list[list[str]]:
    """The scenario cut into steps: each call or exposed card with the marks and options after it.

    Raises :class:`BridgeLawsError` (naming the token) when a token cannot be read.
    """
    tokens = token_list(tokens)
    groups: list[list[str]] = []
    for event in parse_scenario(tokens):
        if event.kind in ("mark", "option"):
            groups[-1].append(event.token)
        else:
            groups.append([event.token])
    return groups


def tokens_at(tokens, step: int | None = None) -> list[str]:
    """The tokens of the first ``step`` steps (all of them for None)."""
    groups = steps(tokens)
    if step is None:
        step = len(groups)
    if not 0 <= step <= len(groups):
        raise BridgeLawsError(f"step {step} is outside the scenario, which has {len(groups)} steps")
    return [token for group in groups[:step] for token in group]


def judge_prefix(tokens, edition, dealer="N") -> tuple[Judgement | None, str | None, int]:
    """Judge ``tokens`` under ``edition``; if the edition cannot go on at some step, the judgement
    of the longest playable prefix and the error. Returns ``(judgement, error, steps_judged)``."""
    groups = steps(tokens)
    try:
        return judge([t for g in groups for t in g], edition, dealer), None, len(groups)
    except BridgeLawsError as error:
        message = str(error)
    for count in range(len(groups) - 1, -1, -1):
        try:
            return judge([t for g in groups[:count] for t in g], edition, dealer), message, count
        except BridgeLawsError:
            continue
    return None, message, 0


def check_tokens(tokens, editions=None, dealer="N") -> dict[str, str | None]:
    """For each edition, None if the whole scenario plays, else the error message."""
    result = {}
    for edition in _chosen_editions(editions):
        try:
            judge(token_list(tokens), edition, dealer)
            result[edition.year] = None
        except BridgeLawsError as error:
            result[edition.year] = str(error)
    return result


def edition_years(editions=None) -> tuple[str, ...]:
    """The years of the chosen editions, chronologically (``None`` / ``"all"``: all five)."""
    return tuple(e.year for e in find_editions(editions))


def warm_up() -> None:
    """Load the rulings data and the corpus now (the first ruling of a case otherwise reads its YAML
    file on first use), so that a widget's first click is as fast as the others."""
    from .rulings import case_ids, ruling_data

    for case_id in case_ids():
        ruling_data(case_id)
    for year in YEARS:
        corpus.records(year)


def _chosen_editions(editions) -> tuple[Edition, ...]:
    return find_editions(editions)  # an empty choice is an error there


def legal_calls_html(auction, calls=None) -> str:
    """A small bidding box of the player to act: his legal calls highlighted, the others grey.
    ``calls``: the calls allowed now, when a ruling narrows them (a Judgement's ``legal_calls()``)."""
    if auction.is_over:
        return ""
    seat = auction.next_to_call
    allowed = tuple(auction.legal_calls() if calls is None else calls)
    legal = set(allowed)
    bar = auction.bar_of(seat)
    head = f"{seat.full_name} to call: {len(legal)} legal call{'s' if len(legal) != 1 else ''}"
    if bar is not None:
        head += f" (he must pass {wording(bar.scope).this_turn})"

    def cell(call) -> str:
        cls = "bl-legal" if call in legal else "bl-not"
        return f'<td class="{cls}">{call_html(call)}</td>'

    rows = ["<tr>" + "".join(cell(c) for c in ALL_CALLS[:3]) + '<td colspan="2"></td></tr>']
    for level in range(7):
        rows.append("<tr>" + "".join(cell(c) for c in BIDS[level * 5:level * 5 + 5]) + "</tr>")
    return (f'<div class="bl-to-act">{escape(head)}</div>'
            f'<table class="bl-minibox" data-legal="{" ".join(str(c) for c in allowed)}">'
            f'<tbody>{"".join(rows)}</tbody></table>')


def must_pass_html(auction) -> str:
    """Who must pass now and why (the strongest bar per player), or ''."""
    if auction.is_over:
        return ""
    parts = []
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        bar = auction.bar_of(seat)
        if bar is not None:
            source = f", {bar.article}" if bar.article else ""
            parts.append(f"<b>{seat.full_name}</b> ({wording(bar.scope).span}{escape(source)})")
    if not parts:
        return ""
    return '<div class="bl-must-pass">Must pass: ' + "; ".join(parts) + "</div>"


def panel_html(tokens, edition, dealer="N") -> str:
    """One edition's panel: the auction grid with barred players marked, who must pass, the legal
    calls of the player to act, and a ruling card for every irregularity so far."""
    edition = find_edition(edition)
    result, error, _ = judge_prefix(tokens, edition, dealer)
    parts = [f'<div class="bl-panel" data-edition="{edition.year}">',
             f'<div class="bl-panel-head"><b>{edition.year}</b>'
             f'<span class="bl-code bl-{edition.code}">{edition.code}</span></div>',
             f'<div class="bl-panel-name">{escape(edition.name)}</div>']
    if result is not None:
        parts.append(auction_html(result.auction))
        parts.append(must_pass_html(result.auction))
    if error:
        parts.append(f'<div class="bl-error"><b>{edition.year} cannot go on:</b> {escape(error)}</div>')
    if result is not None:
        parts.append(legal_calls_html(result.auction, result.legal_calls()))
        rulings = result.rulings
        if not rulings:
            parts.append('<div class="bl-none">No irregularity so far.</div>')
        for number, (event, ruling) in enumerate(rulings):
            effect = event.effect or ""
            parts.append(f'<div class="bl-event">{escape(event.token)} &rarr; {escape(effect)}</div>')
            parts.append(ruling_html(ruling, case_name=find_case(event.case).name_en, style=number == 0))
    parts.append("</div>")
    return "".join(parts)


def steps_html(tokens, step: int | None = None, dealer="N") -> str:
    """The scenario's tokens, the first ``step`` steps marked as played."""
    groups = steps(tokens)
    step = len(groups) if step is None else step
    seat = parse_seat(dealer, " (dealer)")
    spans = []
    for index, group in enumerate(groups):
        cls = "bl-done" if index < step else "bl-todo"
        spans.append(f'<span class="bl-tok {cls}">{escape(" ".join(group))}</span>')
    body = " ".join(spans) if spans else "<i>no calls yet</i>"
    return (f'<div class="bl-steps">Dealer <b>{seat.full_name}</b> &middot; step {step} of {len(groups)}: '
            f"{body}</div>")


def stepper_html(tokens, editions=None, dealer="N", step: int | None = None) -> str:
    """The auction stepper's view: the scenario with the current step, then one panel per edition
    (chronological), side by side. ``step`` is the number of steps shown (None: all of them).

    Raises :class:`BridgeLawsError` for an unreadable token, an unknown edition or dealer, or a step
    outside the scenario; an edition that cannot go on shows its error in its own panel.
    """
    chosen = _chosen_editions(editions)
    parse_seat(dealer, " (dealer)")
    shown = tokens_at(tokens, step)
    panels = "".join(panel_html(shown, edition, dealer) for edition in chosen)
    return (_STEPPER_STYLE + '<div class="bl-stepper">' + steps_html(tokens, step, dealer)
            + f'<div class="bl-panels">{panels}</div></div>')


def acceptance_offer(tokens, editions=None, dealer="N") -> dict | None:
    """Whether the last step can be accepted by calling over it, in some shown edition.

    Returns ``{"seat", "token", "articles", "editions"}`` (the seat that calls over it: the
    offender's left-hand opponent) or None.
    """
    tokens = token_list(tokens)
    groups = steps(tokens)
    if not groups:
        return None
    last_index = len(tokens) - len(groups[-1]) + 1  # 1-based position of the last step's call
    offer = None
    for edition in _chosen_editions(editions):
        try:
            result = judge(tokens, edition, dealer)
        except BridgeLawsError:
            continue
        for event, ruling in result.rulings:
            if event.index == last_index and event.kind is EventKind.CALL and ruling.acceptance:
                seat = event.seat.lho
                if offer is None:
                    offer = {"seat": str(seat), "token": event.token, "articles": [], "editions": []}
                offer["editions"].append(edition.year)
                if ruling.acceptance not in offer["articles"]:
                    offer["articles"].append(ruling.acceptance)
    return offer


# ------------------------------------------------------------------------------------ notebook 01

#: CSS for the notebooks: text cells of DataFrames left-aligned and at the top, so that long Dutch
#: quotes and notes read well (JupyterLab right-aligns every table cell).
NOTEBOOK_CSS = (
    "<style>:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon table.dataframe td,"
    ":not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon table.dataframe tbody th"
    "{text-align:left;vertical-align:top}</style>"
)


def notebook_css() -> str:
    """The notebooks' table style (:data:`NOTEBOOK_CSS`), to display once at the top."""
    return NOTEBOOK_CSS



def _article_range(source) -> str:
    numbers = [a.article for a in source.articles if a.article.isdigit()]
    extra = [a.article for a in source.articles if not a.article.isdigit()]
    text = numbers[0] if len(numbers) == 1 else f"{numbers[0]}\u2013{numbers[-1]}"
    return text + "".join(f" + {e}" for e in extra)


def corpus_stats() -> list[dict]:
    """Plain data per edition (chronological): year, code, articles, records, words, notes, references."""
    rows = []
    for source in corpus.sources():
        recs = corpus.records(source.edition)
        refs = corpus.references(source.edition)
        rows.append({
            "edition": source.edition, "year": source.year, "code": source.code,
            "articles": len(source.articles), "article_range": _article_range(source),
            "records": len(recs), "words": sum(len(words(r.text)) for r in recs),
            "notes": len(source.notes), "slips": sum(n.kind == "slip" for n in source.notes),
            "references": len(refs), "outside_corpus": sum(not r.in_corpus for r in refs),
        })
    return rows


def editions_overview():
    """One row per edition: rubber or duplicate, what the source contains, its size, its notes and
    references, and what happens when all four pass. Words are counted in the record texts (the
    rules as printed, without headings)."""
    import pandas as pd

    stats = {row["edition"]: row for row in corpus_stats()}
    rows = []
    for source, edition in zip(corpus.sources(), EDITIONS):
        row = stats[source.edition]
        rows.append({
            "edition": source.edition, "game": source.code, "contents": source.title,
            "articles": row["article_range"], "n_articles": row["articles"], "paragraphs": row["records"],
            "words": row["words"], "notes": row["notes"], "references": row["references"],
            "outside_corpus": row["outside_corpus"], "all_four_pass": edition.all_pass_outcome,
        })
    return pd.DataFrame(rows).set_index("edition")


def articles_table(edition: str | None = None):
    """Every article (in source order, chronologically): its heading as printed, paragraphs, words."""
    import pandas as pd

    rows = []
    for source in corpus.sources():
        if edition is not None and source.edition != str(edition):
            continue
        for art in source.articles:
            recs = [r for r in corpus.records(source.edition) if r.article == art.article]
            rows.append({"edition": source.edition, "article": art.article,
                         "heading": art.heading if art.heading is not None else "(no heading)",
                         "paragraphs": len(recs), "words": sum(len(words(r.text)) for r in recs)})
    if not rows:
        raise BridgeLawsError(f"unknown edition {edition!r}: one of {', '.join(corpus.EDITIONS)}")
    return pd.DataFrame(rows).set_index(["edition", "article"])


def contents_html() -> str:
    """What each source contains: its title and its articles with their headings, as printed."""
    cols = []
    for source in corpus.sources():
        items = "".join(
            f"<li><b>{escape(a.article)}</b> {escape(a.heading) if a.heading else '<i>(no heading)</i>'}</li>"
            for a in source.articles)
        cols.append(f'<div class="bl-contents-col"><div><b>{source.edition}</b> '
                    f'<span class="bl-code bl-{source.code}">{source.code}</span></div>'
                    f'<div class="bl-contents-title">{escape(source.title)}</div><ul>{items}</ul></div>')
    style = ("<style>.bl-contents{display:flex;flex-wrap:wrap;gap:12px;font-family:sans-serif;font-size:85%}"
             ".bl-contents-col{flex:1 1 200px;min-width:200px;border:1px solid #ddd;border-radius:6px;padding:6px}"
             ".bl-contents-col ul{padding-left:1.2em;margin:4px 0}.bl-contents-title{color:#555;font-size:90%}"
             ".bl-code{font-size:75%;color:#fff;border-radius:3px;padding:0 5px;text-transform:uppercase}"
             ".bl-code.bl-rubber{background:#8d6e63}.bl-code.bl-duplicate{background:#00796b}</style>")
    return _view(style + '<div class="bl-contents">' + "".join(cols) + "</div>")


def notes_table(kind: str | None = None, edition: str | None = None):
    """The editorial notes (repetitions, misfit headings, slips, spelling...), chronologically."""
    import pandas as pd

    kinds = sorted({n.kind for n in corpus.notes()})
    if kind is not None and kind not in kinds:
        raise BridgeLawsError(f"unknown note kind {kind!r}: one of {', '.join(kinds)}")
    rows = [{"edition": n.edition, "kind": n.kind, "id": n.id, "records": ", ".join(n.records),
             "printed": n.verbatim or "", "reading": n.reading or "", "note": n.text}
            for n in corpus.notes(edition)
            if kind is None or n.kind == kind]
    columns = ["edition", "kind", "id", "records", "printed", "reading", "note"]
    return pd.DataFrame(rows, columns=columns).set_index("id")


def notes_summary():
    """Editions x note kinds: how many notes of each kind."""
    import pandas as pd

    kinds = sorted({n.kind for n in corpus.notes()})
    rows = [{"edition": s.edition, **{k: sum(n.kind == k for n in s.notes) for k in kinds}}
            for s in corpus.sources()]
    return pd.DataFrame(rows).set_index("edition")


def references_table(in_corpus: bool | None = False):
    """Cross-references in the texts (default: those that point outside the corpus)."""
    import pandas as pd

    rows = [{"edition": r.edition, "from": r.from_id, "quote": r.quote, "target": r.target,
             "in_corpus": r.in_corpus}
            for r in corpus.references(in_corpus=in_corpus)]
    return pd.DataFrame(rows, columns=["edition", "from", "quote", "target", "in_corpus"])


def outside_targets():
    """Per edition: the articles outside the corpus that its text points to, and how often."""
    import pandas as pd

    rows = []
    for source in corpus.sources():
        refs = corpus.references(source.edition, in_corpus=False)
        targets = []
        for ref in refs:
            if ref.target not in targets:
                targets.append(ref.target)
        rows.append({"edition": source.edition, "references": len(refs), "distinct_targets": len(targets),
                     "targets": ", ".join(t.split(":", 1)[1] for t in targets)})
    return pd.DataFrame(rows).set_index("edition")


# ------------------------------------------------------------------------------------ notebook 03


def case_scenario(case_id: str) -> dict | None:
    """The canonical scenario of a case (``{"dealer", "tokens"}``), or None for a situation."""
    case = find_case(case_id)
    return dict(case.scenario) if case.scenario else None


def case_choices() -> list[tuple[str, str]]:
    """(label, "dealer|tokens") for every case scenario and variant the notation can express."""
    choices = []
    for case in cases():
        if case.variants:
            for variant in case.variants:
                choices.append((f"{case.name_en}: {variant['label']}", f"{variant['dealer']}|{variant['tokens']}"))
        elif case.scenario:
            choices.append((case.name_en, f"{case.scenario.get('dealer', 'N')}|{case.scenario['tokens']}"))
    return choices


def compare_table(scenario, editions=None, dealer="N"):
    """The library's comparison (:func:`bridgelaws.tables.compare`), trimmed to the columns a
    reader needs first."""
    from .tables import compare

    frame = compare(" ".join(token_list(scenario)), editions, dealer)
    keep = [c for c in ("case", "status", "articles", "barred", "options", "summary_en", "next_to_call",
                        "outcome", "contract", "error") if c in frame]
    frame = frame[keep]
    if "error" in frame and frame["error"].isna().all():
        frame = frame.drop(columns="error")
    return frame


def compare_html(scenario, editions=None, dealer="N") -> str:
    """The scenario under each edition, one row per edition: the first irregularity's ruling as a
    card (article, Dutch quote, English summary, assumption flag) and where the auction stands."""
    from .render import outcome_text
    from .tables import compare_results

    tokens = token_list(scenario)
    parse_scenario(tokens)
    seat = parse_seat(dealer, " (dealer)")
    rows = []
    for result in compare_results(tokens, editions, seat):
        edition = result.edition
        if result.judgement is None:
            rows.append(f'<tr><th>{edition.year}</th><td colspan="3"><div class="bl-error">'
                        f"{escape(str(result.error))}</div></td></tr>")
            continue
        colour = STATUS_COLOURS["regular"]
        status = "regular"
        short = "no irregularity"
        card = ""
        if result.first is not None:
            event, ruling = result.first
            view = describe(ruling)
            status, colour, short = view.label, view.colour, view.short
            card = ruling_html(ruling, case_name=find_case(event.case).name_en, style=not rows)
            later = [f"{e.token}: {find_case(e.case).name_en} ({r.status})" for e, r in result.judgement.rulings[1:]]
            if later:
                card += f'<div class="bl-none">later: {escape("; ".join(later))}</div>'
        rows.append(
            f'<tr data-edition="{edition.year}" data-status="{status}"><th>{edition.year}<br>'
            f'<span class="bl-code bl-{edition.code}">{edition.code}</span></th>'
            f'<td><span class="bl-badge" style="background:{colour}">{escape(status)}</span>'
            f'<div class="bl-short">{escape(short)}</div></td><td>{card}</td>'
            f"<td>{escape(outcome_text(result.judgement.auction))}</td></tr>")
    style = ("<style>.bl-compare{border-collapse:collapse;font-family:sans-serif;font-size:90%}"
             ".bl-compare.bl-compare th,.bl-compare.bl-compare td{border-top:1px solid #ddd;padding:4px 8px;"
             "vertical-align:top;"
             "text-align:left}.bl-badge{color:#fff;border-radius:3px;padding:0 6px;font-size:85%;"
             "text-transform:uppercase}.bl-short{font-size:85%;color:#444;max-width:16em;margin-top:3px}"
             ".bl-code{font-size:70%;color:#fff;border-radius:3px;padding:0 4px;text-transform:uppercase}"
             ".bl-code.bl-rubber{background:#8d6e63}.bl-code.bl-duplicate{background:#00796b}"
             ".bl-error{background:#fdecea;border:1px solid #f5c2c7;color:#842029;padding:3px 6px}"
             ".bl-none{font-size:85%;color:#666}</style>")
    head = (f'<div style="font-family:sans-serif;margin-bottom:4px">Scenario <code>{escape(" ".join(tokens))}</code>, '
            f"dealer {seat.full_name}</div>")
    return _view(style + head + '<table class="bl-compare"><thead><tr><th>edition</th><th>status</th>'
                 "<th>ruling on the first irregularity</th><th>where the auction stands</th></tr></thead>"
                 f"<tbody>{''.join(rows)}</tbody></table>")


def _tint(colour: str) -> str:
    return colour + "22"


def matrix_html(detail: bool = True) -> str:
    """Cases x editions, every cell coloured by status (ruled / referenced / silent), with the short
    rectification (``detail=False``: the status only). From :func:`bridgelaws.tables.matrix_cells`."""
    from .tables import matrix_cells

    cells = {(c["case"], c["edition"]): c for c in matrix_cells()}
    head = "".join(f"<th>{y}</th>" for y in YEARS)
    rows = []
    for case in cases():
        tds = []
        for year in YEARS:
            cell = cells[(case.id, year)]
            colour = STATUS_COLOURS[cell["status"]]
            text = cell["cell"] if detail else cell["status"]
            tds.append(f'<td class="bl-{cell["status"]}" data-status="{cell["status"]}" '
                       f'style="background:{_tint(colour)};border-left:4px solid {colour}">{escape(text)}</td>')
        rows.append(f'<tr data-case="{case.id}"><th>{escape(case.name_en)}<br><code>{case.id}</code>'
                    f'<br><span class="bl-kind">{case.kind}</span></th>{"".join(tds)}</tr>')
    legend = " ".join(
        f'<span style="background:{_tint(STATUS_COLOURS[s])};border-left:4px solid {STATUS_COLOURS[s]};'
        f'padding:1px 6px;margin-right:6px">{s}: {escape(STATUS_LABELS[s])}</span>' for s in STATUS_LABELS)
    style = ("<style>.bl-matrix{border-collapse:collapse;font-family:sans-serif;font-size:80%}"
             ".bl-matrix.bl-matrix th,.bl-matrix.bl-matrix td{border:1px solid #ddd;padding:3px 6px;"
             "vertical-align:top;text-align:left}"
             ".bl-matrix.bl-matrix thead th{background:#eee;text-align:center}.bl-matrix.bl-matrix td{max-width:15em}"
             ".bl-matrix .bl-kind{font-weight:normal;color:#777;font-size:90%}"
             ".bl-legend{font-family:sans-serif;font-size:85%;margin:4px 0}</style>")
    return _view(style + f'<div class="bl-legend">{legend}</div>'
                 f'<table class="bl-matrix"><thead><tr><th>case</th>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table>')


def status_counts():
    """Editions x statuses: how many cases each edition rules, references or is silent on."""
    import pandas as pd

    from .tables import matrix_cells

    cells = matrix_cells()
    rows = [{"edition": y, **{s: sum(1 for c in cells if c["edition"] == y and c["status"] == s)
                              for s in STATUS_LABELS}} for y in YEARS]
    return pd.DataFrame(rows).set_index("edition")


def _bar_turns(bars: list[dict]) -> int:
    total = 0
    for bar in bars:
        players = 2 if bar["seat"] == "side" else 1
        total += players * (1 if bar["scope"] == "next-turn" else REST_OF_AUCTION_TURNS)
    return total


def turns_barred(ruling: Ruling) -> int | None:
    """The strictness of one ruling in turns barred (None when the text does not rule).

    A bar at the next turn counts 1 turn per player, a bar for the rest of the auction
    :data:`REST_OF_AUCTION_TURNS`; a bar on the offender's side counts both players. Where the text
    lets the offender choose, his mildest choice counts; where it lets an opponent choose, the
    harshest. A ruling with no bar counts 0 (the call may still be cancelled or deemed a pass)."""
    if ruling.status != "ruled":
        return None
    total = _bar_turns(ruling.barred)
    mine = [_bar_turns(o["barred"]) for o in ruling.options if o["by"] == "offender"]
    theirs = [_bar_turns(o["barred"]) for o in ruling.options if o["by"] != "offender"]
    return total + (min(mine) if mine else 0) + (max(theirs) if theirs else 0)


def strictness():
    """Per case and edition: status, the bars of the canonical ruling, and the turns barred
    (:func:`turns_barred`; NaN where the text is silent or only points elsewhere: silence is not
    "no penalty"). Rows in matrix order, editions chronological."""
    import pandas as pd

    from .tables import describe_bars, matrix_cells

    rows = []
    for cell in matrix_cells():
        ruling = cell["ruling"]
        turns = turns_barred(ruling)
        rows.append({"case": cell["case"], "edition": cell["edition"], "year": int(cell["edition"]),
                     "status": cell["status"], "barred": describe_bars(ruling.barred),
                     "turns_barred": float("nan") if turns is None else float(turns)})
    return pd.DataFrame(rows)


def strictness_table():
    """Cases x editions: turns barred (NaN where the text does not rule)."""
    frame = strictness().pivot(index="case", columns="edition", values="turns_barred")
    frame = frame.loc[[c.id for c in cases()], list(YEARS)]
    frame.columns.name = None
    return frame


def strictness_summary():
    """Per edition: cases ruled, referenced and silent; turns barred in all, and per ruled case."""
    import pandas as pd

    frame = strictness()
    rows = []
    for year in YEARS:
        part = frame[frame["edition"] == year]
        ruled = part[part["status"] == "ruled"]
        rows.append({"edition": year, "ruled": len(ruled),
                     "referenced": int((part["status"] == "referenced").sum()),
                     "silent": int((part["status"] == "silent").sum()),
                     "cases_with_a_bar": int((ruled["turns_barred"] > 0).sum()),
                     "turns_barred": int(ruled["turns_barred"].sum()),
                     "turns_per_ruled_case": round(float(ruled["turns_barred"].mean()), 2) if len(ruled) else 0.0})
    return pd.DataFrame(rows).set_index("edition")


# ------------------------------------------------------------------------------------ notebook 04

_TEXTS_STYLE = (
    "<style>.bl-texts{border-collapse:collapse;table-layout:fixed;width:100%;font-family:sans-serif;"
    "font-size:82%}.bl-texts.bl-texts th{background:#eee;border:1px solid #ddd;padding:3px;text-align:center}"
    ".bl-texts.bl-texts td{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left}"
    ".bl-texts .bl-rec{margin-bottom:6px}.bl-texts .bl-id{font-family:monospace;color:#555;font-size:90%}"
    ".bl-texts .bl-heading{font-variant:small-caps;color:#333}.bl-texts .bl-title{font-style:italic}"
    ".bl-texts mark{background:#ffe082;padding:0 1px}.bl-texts.bl-texts td.bl-gap{background:repeating-linear-gradient("
    "45deg,#fafafa,#fafafa 6px,#f0f0f0 6px,#f0f0f0 12px);color:#777}"
    ".bl-texts .bl-diffnote{font-size:88%;color:#666;border-bottom:1px dashed #ccc;margin-bottom:4px}"
    ".bl-code{font-size:75%;color:#fff;border-radius:3px;padding:0 4px;text-transform:uppercase}"
    ".bl-code.bl-rubber{background:#8d6e63}.bl-code.bl-duplicate{background:#00796b}</style>"
)


def _topic_records(topic: dict, year: str) -> list:
    seen, result = set(), []
    for ref in topic["articles"].get(year, []):
        for record in corpus.article(ref).records:
            if record.id not in seen:
                seen.add(record.id)
                result.append(record)
    return result


def changed_words(old: str, new: str) -> tuple[set[int], float]:
    """difflib on words (case-insensitive): the positions of the words of ``new`` that are not in
    ``old`` in the same order (inserted or replaced), and the similarity ratio of the two."""
    a = [fold(w) for w in words(old)]
    b = [fold(w) for w in words(new)]
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    changed: set[int] = set()
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            changed.update(range(j1, j2))
    return changed, matcher.ratio()


def _marked(text: str, changed: set[int], start: int) -> tuple[str, int]:
    out, position, index = [], 0, start
    for match in _WORD_RE.finditer(text):
        out.append(escape(text[position:match.start()]))
        word = escape(match.group())
        out.append(f"<mark>{word}</mark>" if index in changed else word)
        position = match.end()
        index += 1
    out.append(escape(text[position:]))
    return "".join(out).replace("\n", "<br>"), index


def texts_side_by_side(topic: str) -> str:
    """The articles of every edition on ``topic``, in columns (chronological). In each column the
    words that are new or changed against the previous edition that has the topic are highlighted
    (difflib on words, case-insensitive); an edition with nothing on the topic shows a gap."""
    topic = find_topic(topic)
    head, cells = [], []
    previous = None
    for source in corpus.sources():
        year = source.edition
        head.append(f'<th>{year} <span class="bl-code bl-{source.code}">{source.code}</span></th>')
        records = _topic_records(topic, year)
        if not records:
            gap = topic["gap"].get(year, "Nothing on this topic in this text.")
            cells.append(f'<td class="bl-gap" data-edition="{year}"><b>&mdash; not in this text &mdash;</b>'
                         f"<br>{escape(gap)}</td>")
            continue
        text = " ".join(r.text for r in records)
        if previous is None:
            changed, note = set(), "the first text on this topic: nothing to compare with"
        else:
            changed, ratio = changed_words(previous[1], text)
            note = (f"compared with {previous[0]}: {round(ratio * 100)}% of the words match; "
                    f"{len(changed)} new or changed words marked")
        parts = [f'<div class="bl-diffnote">{escape(note)}</div>']
        index = 0
        shown_articles = set()
        for record in records:
            piece = ['<div class="bl-rec">']
            if record.article not in shown_articles:
                shown_articles.add(record.article)
                heading = record.heading or ""
                piece.append(f'<div class="bl-heading">{escape(year)}:{escape(record.article)} {escape(heading)}</div>')
            piece.append(f'<span class="bl-id">{escape(record.id)}</span> ')
            if record.title:
                piece.append(f'<span class="bl-title">{escape(record.title)}</span><br>')
            marked, index = _marked(record.text, changed, index)
            piece.append(escape(record.label) + marked + "</div>")
            parts.append("".join(piece))
        cells.append(f'<td data-edition="{year}">{"".join(parts)}</td>')
        previous = (year, text)
    title = (f'<div style="font-family:sans-serif;margin:4px 0"><b>{escape(topic["title"])}</b> '
             '<span style="color:#777">(highlighted: words new or changed since the previous edition '
             "shown)</span></div>")
    return _view(_TEXTS_STYLE + title + f"<table class=\"bl-texts\"><thead><tr>{''.join(head)}</tr></thead>"
                 f"<tbody><tr>{''.join(cells)}</tr></tbody></table>")


def spelling_evolution():
    """Families of variant forms (dubbelen / doubleeren / doubleren, grooter / groter, ...) x
    editions: how often each form occurs (whole words, headings included, case-insensitive)."""
    import pandas as pd

    rows = []
    for family in _glossary()["spelling"]:
        for form in family["forms"]:
            rows.append({"meaning": family["meaning"], "form": form,
                         **{y: count_form(form, y) for y in YEARS}})
    return pd.DataFrame(rows).set_index(["meaning", "form"])


def glossary():
    """The Dutch-English glossary: term, English, the editions and records where it occurs."""
    import pandas as pd

    rows = []
    for term in _glossary()["terms"]:
        occurs = list(term["occurs"])
        editions = []
        for ref in occurs:
            year = ref.split(":", 1)[0]
            if year not in editions:
                editions.append(year)
        rows.append({"dutch": term["nl"], "english": term["en"], "editions": ", ".join(editions),
                     "occurs_in": ", ".join(occurs), "note": term.get("note", "")})
    return pd.DataFrame(rows).set_index("dutch")


# ------------------------------------------------------------------------------------ notebook 05


def exercise_answers(exercise) -> list[dict]:
    """The library's answer to an exercise, one dict per edition (chronological): the status of the
    text, who must pass (a key of :data:`MUST_PASS_LABELS`), the effect, and the ruling itself."""
    if isinstance(exercise, str):
        exercise = find_exercise(exercise)
    answers = []
    for edition in EDITIONS:
        result = judge(exercise["tokens"], edition, exercise.get("dealer", "N"))
        rulings = result.rulings
        wanted = exercise.get("case")
        pick = next(((e, r) for e, r in rulings if e.case == wanted), None) if wanted else None
        if pick is None and rulings:
            pick = rulings[0]
        if pick is None:
            answers.append({"edition": edition.year, "status": "regular", "must_pass": "nobody", "effect": "",
                            "case": None, "ruling": None, "judgement": result})
            continue
        event, ruling = pick
        answers.append({"edition": edition.year, "status": ruling.status, "must_pass": must_pass_key(ruling),
                        "effect": event.effect or "", "case": event.case, "ruling": ruling,
                        "judgement": result})
    return answers


def exercise_html(exercise, reveal: bool | str = "details", predictions: dict | None = None,
                  question: bool = True) -> str:
    """An exercise: the scenario and the question, then the library's answer per edition (the
    ruling card with article id, Dutch quote, English summary and assumption flag).

    ``reveal``: ``"details"`` puts the answer behind a "Reveal" disclosure (works without a kernel),
    True shows it, False hides it. ``predictions`` (``{year: {"status", "must_pass"}}``) marks each
    prediction right or wrong. ``question=False`` leaves out the title, scenario and question.
    """
    from .render import outcome_text

    if isinstance(exercise, str):
        exercise = find_exercise(exercise)
    dealer = parse_seat(exercise.get("dealer", "N"))
    parts = [f'<div class="bl-exercise" data-exercise="{escape(exercise["id"])}">']
    if question:
        parts += [f'<h4 style="margin:4px 0">{escape(exercise["title"])}</h4>',
                  f'<div>Dealer {dealer.full_name}; the calls in the scenario notation: '
                  f'<code>{escape(exercise["tokens"])}</code></div>',
                  f'<p style="margin:4px 0">{escape(exercise["question"])}</p>']
    elif not reveal:
        return ""
    if reveal:
        answers = exercise_answers(exercise)
        rows = []
        for number, answer in enumerate(answers):
            year = answer["edition"]
            verdict = ""
            if predictions and year in predictions:
                guess = predictions[year]
                right_status = guess.get("status") == answer["status"]
                right_pass = guess.get("must_pass") == answer["must_pass"]
                verdict = (f'<div class="bl-verdict">your prediction: {"&#10003;" if right_status else "&#10007;"} '
                           f'{escape(STATUS_LABELS.get(guess.get("status"), str(guess.get("status"))))}; '
                           f'{"&#10003;" if right_pass else "&#10007;"} must pass: '
                           f'{escape(MUST_PASS_LABELS.get(guess.get("must_pass"), str(guess.get("must_pass"))))}</div>')
            ruling = answer["ruling"]
            card = (ruling_html(ruling, case_name=find_case(answer["case"]).name_en, style=number == 0)
                    if ruling is not None else '<div class="bl-none">no irregularity</div>')
            label = STATUS_LABELS.get(answer["status"], answer["status"])
            rows.append(
                f'<tr data-edition="{year}"><th>{year}</th><td><b>{escape(label)}</b><br>'
                f'must pass: {escape(MUST_PASS_LABELS[answer["must_pass"]])}<br>'
                f'<span class="bl-effect">{escape(answer["effect"])}</span><br>'
                f'<span class="bl-effect">{escape(outcome_text(answer["judgement"].auction))}</span>{verdict}</td>'
                f"<td>{card}</td></tr>")
        table = ('<table class="bl-answers"><thead><tr><th>edition</th><th>the library says</th>'
                 f"<th>ruling</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
        if reveal == "details":
            table = f"<details><summary>Reveal the library's answer</summary>{table}</details>"
        parts.append(table)
    parts.append("</div>")
    style = ("<style>.bl-exercise{font-family:sans-serif;font-size:92%;border:1px solid #ddd;border-radius:6px;"
             "padding:6px 10px;margin:8px 0}.bl-exercise summary{cursor:pointer;color:#1565c0;font-weight:bold}"
             ".bl-answers{border-collapse:collapse}"
             ".bl-answers.bl-answers th,.bl-answers.bl-answers td{border-top:1px solid #ddd;"
             "padding:4px 8px;vertical-align:top;text-align:left}.bl-effect{color:#555;font-size:90%}"
             ".bl-verdict{margin-top:4px;background:#f1f8e9;padding:2px 4px}.bl-none{color:#666}</style>")
    return _view(style + "".join(parts))


def history_html() -> str:
    """The short history of the rules of the auction: every claim with its article and the verbatim
    quote from it. Raises :class:`BridgeLawsError` if a quote is not in its article."""
    items = []
    for entry in history():
        text = corpus.article(entry["article"]).text
        if entry["quote"] not in text:
            raise BridgeLawsError(
                f"history: the quote for {entry['article']} is not in that article: {entry['quote']!r}")
        items.append(f'<li data-article="{escape(entry["article"])}"><b>{escape(entry["edition"])}</b> '
                     f'{escape(entry["claim"])} <span class="bl-articles">[{escape(entry["article"])}]</span>'
                     f'<blockquote lang="nl">&ldquo;{escape(entry["quote"])}&rdquo;</blockquote></li>')
    style = ("<style>.bl-history{font-family:sans-serif;font-size:92%}.bl-history li{margin-bottom:6px}"
             ".bl-history .bl-articles{font-family:monospace;color:#555}.bl-history blockquote{margin:2px 0 0 0;"
             "padding-left:8px;border-left:3px solid #ddd;font-style:italic;color:#333}</style>")
    return _view(style + '<ol class="bl-history">' + "".join(items) + "</ol>")
