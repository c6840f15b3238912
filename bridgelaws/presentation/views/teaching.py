"""For teaching: exercises (predict, then reveal the library's answer per edition) and a short
history whose every claim quotes its article."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from ...text import corpus
from ...auction.calls import parse_seat
from ...auction.editions import EDITIONS
from ...text.errors import BridgeLawsError
from ...judging.judging import judge
from ..present import MUST_PASS_LABELS, STATUS_LABELS, must_pass_key
from ..render import ruling_html
from ...judging.rulings import find_case
from ._common import _view
from ...text.content import find_exercise, history
from ...text.vocabulary import Layer


def exercise_answers(exercise: str | dict[str, Any]) -> list[dict[str, Any]]:
    """The library's answer to an exercise, one dict per edition (chronological): the status of the
    text, who must pass (a key of :data:`MUST_PASS_LABELS`), the effect, and the ruling itself."""
    if isinstance(exercise, str):
        exercise = find_exercise(exercise)
    answers: list[dict[str, Any]] = []
    for edition in EDITIONS:
        # The exercises ask what each excerpt covers (as exercise_set does): the corpus layer, named.
        result = judge(exercise["tokens"], edition, exercise.get("dealer", "N"), layer=Layer.CORPUS)
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


def _marked(guess: str | None, right: str, labels: Mapping[str, str]) -> str:
    """A prediction marked: &#10003; right, &#10007; wrong, or "not answered" (no mark: a prediction
    left empty is neither)."""
    if guess is None:
        return "&ndash; not answered"
    return f'{"&#10003;" if guess == right else "&#10007;"} {escape(labels.get(guess, str(guess)))}'


def exercise_html(exercise: str | dict[str, Any], reveal: bool | str = "details",
                  predictions: dict[str, Any] | None = None,
                  question: bool = True, *, english: bool = False) -> str:
    """An exercise: the scenario and the question, then the library's answer per edition (the
    ruling card with article id, Dutch quote, English summary and assumption flag).

    ``reveal``: ``"details"`` puts the answer behind a "Reveal" disclosure (works without a kernel),
    True shows it, False hides it. ``predictions`` (``{year: {"status", "must_pass"}}``) marks each
    prediction right or wrong. ``question=False`` leaves out the title, scenario and question.
    ``english``: each card also shows the project's English of the paragraph it quotes.
    """
    from ..render import outcome_text

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
        for answer in answers:
            year = answer["edition"]
            verdict = ""
            if predictions and year in predictions:
                guess = predictions[year]
                verdict = (f'<div class="bl-verdict">your prediction: '
                           f'{_marked(guess.get("status"), answer["status"], STATUS_LABELS)}; must pass: '
                           f'{_marked(guess.get("must_pass"), answer["must_pass"], MUST_PASS_LABELS)}</div>')
            ruling = answer["ruling"]
            card = (ruling_html(ruling, case_name=find_case(answer["case"]).name_en, style=False, english=english)
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
    return _view("".join(parts))


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
    return _view('<ol class="bl-history">' + "".join(items) + "</ol>")
