"""The quiz and the printable handout of the exercise set: pure functions
returning HTML.

Every word a student reads comes from the message catalogue (``t()``, data/messages/exercises.yaml),
in English or Dutch; the answers are the engine's (:mod:`bridgelaws.presentation.exercise_set`, the default layer),
each labelled with its layer: from the corpus, its article and the verbatim Dutch quote; from outside
the corpus, "outside the corpus: paraphrase of ... from ..." and the ruling's summary (Dutch where one
is written); for a gap, "not in this excerpt" and that no source outside it rules either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from ...auction.calls import parse_seat
from ..exercise_set import Evidence, Exercise, Question, case_name
from ...text.i18n import find_language, t
from ...text.vocabulary import Layer, Status
from ._common import _view

#: The colours of a mark; the mark is never colour alone (✓ / ✗ and a word go with it).
RIGHT_COLOUR = "#2e7d32"
WRONG_COLOUR = "#c62828"
UNANSWERED_COLOUR = "#616161"
LETTERS = "abcdefghij"


@dataclass(frozen=True)
class Score:
    """Right answers out of the questions asked."""

    right: int
    asked: int

    def __add__(self, other: Score) -> Score:
        return Score(self.right + other.right, self.asked + other.asked)

    def text(self, lang: str = "en") -> str:
        return t("exercises.score", lang, right=self.right, asked=self.asked)


def score(exercise: Exercise, answers: Mapping[str, str | None]) -> Score:
    """How many of ``exercise``'s questions ``answers`` (question id -> choice) gets right."""
    return Score(sum(1 for q in exercise.questions if answers.get(q.id) == q.key), len(exercise.questions))


def choice_text(question: Question, choice: str, lang: str = "en") -> str:
    """A choice in words: the message ``exercises.choice.<kind>.<choice>``."""
    return t(f"exercises.choice.{question.kind}.{choice}", lang)


def stem(question: Question, lang: str = "en") -> str:
    """The question in words: ``exercises.stem.<kind>`` with the edition."""
    return t(f"exercises.stem.{question.kind}", lang, edition=question.edition)


def feedback_html(question: Question, answer: str | None, lang: str = "en") -> str:
    """Beside a checked question: the mark, the answer given, the library's answer and what it rests
    on (its layer, article and quote or sources)."""
    given = choice_text(question, answer, lang) if answer is not None else "–"
    return (f'{mark_html(question, answer, lang)}<br>'
            f'{escape(t("exercises.your_answer", lang, answer=given))}<br>'
            f'<b>{escape(t("exercises.library_answer", lang, answer=choice_text(question, question.key, lang)))}</b>'
            f'{_evidence_html(question.evidence, lang)}')


def hidden_key_html(question: Question, lang: str = "en") -> str:
    """Beside a question left unanswered at a check, before the pupil gives up on it: "– not answered"
    and that the answer stays hidden (never the library's answer)."""
    return f'{mark_html(question, None, lang)}<br><i>{escape(t("exercises.key_hidden", lang))}</i>'


def title(exercise: Exercise, lang: str = "en") -> str:
    if exercise.handwritten:
        return t(f"exercises.story.{exercise.id}.title", lang)
    return case_name(exercise.case, lang)


def situation(exercise: Exercise, lang: str = "en") -> str:
    """The exercise's question in words: the hand-written one, or the generated one naming the case."""
    if exercise.handwritten:
        return t(f"exercises.story.{exercise.id}.question", lang)
    return t("exercises.generated_question", lang, case=case_name(exercise.case, lang))


def scenario_line(exercise: Exercise, lang: str = "en") -> str:
    dealer = t(f"common.seat.{parse_seat(exercise.dealer)}", lang)
    return t("exercises.scenario", lang, dealer=dealer, tokens=exercise.tokens)


def layer_label(evidence: Evidence, lang: str = "en") -> str:
    """Where the answer comes from, in words: "from the corpus", the line "outside the corpus:
    paraphrase of ... from ..." of a supplementary ruling, or "a gap" (silent or referenced in both
    layers: no sourced answer)."""
    if evidence.layer is Layer.SUPPLEMENT:
        return evidence.outside_corpus(lang) or ""
    if evidence.status in (Status.SILENT, Status.REFERENCED):
        return t("exercises.evidence.gap", lang)
    return t("exercises.evidence.corpus", lang)


def evidence_text(evidence: Evidence, lang: str = "en") -> str:
    """What the answer rests on, as plain text, its layer first: from the corpus, the articles and
    the verbatim quote; from outside it, the sources and the ruling's summary; for a gap, "not in this
    excerpt" (or the articles it points to) and that no sourced answer exists."""
    parts = [layer_label(evidence, lang)]
    if evidence.status == Status.SILENT:
        parts.append(t("exercises.evidence.silent", lang))
    elif evidence.status == Status.REFERENCED:
        parts.append(t("exercises.evidence.referenced", lang, references=", ".join(evidence.references)))
    if evidence.layer is Layer.SUPPLEMENT:
        parts.append(evidence.summary(lang))
    elif evidence.quote_nl:
        parts.append(f"{evidence.quote_from}: “{evidence.quote_nl}”")
    elif evidence.status == Status.RULED:
        parts.append(t("exercises.evidence.articles", lang, articles=", ".join(evidence.articles)))
    return "; ".join(part for part in parts if part)


def _evidence_html(evidence: Evidence, lang: str) -> str:
    parts = [f'<span class="bl-layer" data-layer="{escape(str(evidence.layer))}">'
             f'{escape(layer_label(evidence, lang))}</span>']
    if evidence.status == Status.SILENT:
        parts.append(escape(t("exercises.evidence.silent", lang)))
    elif evidence.status == Status.REFERENCED:
        parts.append(escape(t("exercises.evidence.referenced", lang, references=", ".join(evidence.references))))
    if evidence.layer is Layer.SUPPLEMENT:
        summary_lang = lang if lang == "nl" and evidence.summary_nl else "en"
        parts.append(f'<span class="bl-articles">[{escape(", ".join(evidence.articles))}]</span> '
                     f'<span lang="{summary_lang}">{escape(evidence.summary(lang))}</span>')
    elif evidence.quote_nl:
        parts.append(f'<span class="bl-articles">[{escape(evidence.quote_from or "")}]</span> '
                     f'<q lang="nl">{escape(evidence.quote_nl)}</q>')
    elif evidence.status == Status.RULED:
        parts.append(f'<span class="bl-articles">[{escape(", ".join(evidence.articles))}]</span>')
    return f'<div class="bl-evidence">{"<br>".join(parts)}</div>'


def mark_html(question: Question, answer: str | None, lang: str = "en") -> str:
    """✓ right / ✗ wrong / – not answered, in colour and in words."""
    if answer is None:
        colour, sign, word, kind = UNANSWERED_COLOUR, "–", t("exercises.unanswered", lang), "unanswered"
    elif answer == question.key:
        colour, sign, word, kind = RIGHT_COLOUR, "✓", t("exercises.right", lang), "right"
    else:
        colour, sign, word, kind = WRONG_COLOUR, "✗", t("exercises.wrong", lang), "wrong"
    return (f'<span class="bl-mark bl-{kind}" data-mark="{kind}" style="color:{colour};font-weight:bold">'
            f'{sign} {escape(word)}</span>')


def exercise_header_html(exercise: Exercise, lang: str = "en") -> str:
    """The title, the scenario and the question of an exercise."""
    lang = find_language(lang)
    parts = [f'<h4 style="margin:4px 0">{escape(title(exercise, lang))}</h4>',
             f'<div>{escape(scenario_line(exercise, lang))}</div>',
             f'<p style="margin:4px 0">{escape(situation(exercise, lang))}</p>']
    if exercise.not_raised:
        parts.append(f'<p style="margin:4px 0;color:{UNANSWERED_COLOUR}">'
                     f'{escape(t("exercises.not_raised", lang, editions=", ".join(exercise.not_raised)))}</p>')
    if exercise.not_asked:
        parts.append(f'<p style="margin:4px 0;color:{UNANSWERED_COLOUR}">'
                     f'{escape(t("exercises.not_asked", lang, editions=", ".join(exercise.not_asked)))}</p>')
    if exercise.unread:
        parts.append(f'<p style="margin:4px 0;color:{UNANSWERED_COLOUR}">'
                     f'{escape(t("exercises.unread", lang, editions=", ".join(exercise.unread)))}</p>')
    return "".join(parts)


def quiz_html(exercise: Exercise, answers: Mapping[str, str | None] | None = None, checked: bool = False,
              lang: str = "en", *, header: bool = True) -> str:
    """An exercise as a quiz: its questions, and once ``checked`` each of ``answers`` (question id ->
    choice, None when not answered) marked right or wrong beside the library's answer with its
    article and quote, and the exercise's score. ``header=False`` leaves out the title, scenario and
    question (the quiz widget shows them above its menus)."""
    lang = find_language(lang)
    answers = answers or {}
    rows = []
    for question in exercise.questions:
        answer = answers.get(question.id)
        cells = [f'<td>{escape(stem(question, lang))}</td>']
        if checked:
            cells.append(f'<td>{feedback_html(question, answer, lang)}</td>')
        rows.append(f'<tr data-question="{escape(question.id)}">{"".join(cells)}</tr>')
    parts = [f'<div class="bl-quiz" data-exercise="{escape(exercise.id)}" lang="{lang}">',
             exercise_header_html(exercise, lang) if header else "",
             f'<table class="bl-quiz-questions"><tbody>{"".join(rows)}</tbody></table>']
    if checked:
        result = score(exercise, answers)
        parts.append(f'<div class="bl-quiz-score"><b>'
                     f'{escape(t("exercises.score_exercise", lang, right=result.right, asked=result.asked))}</b></div>')
    parts.append("</div>")
    return _view("".join(parts))


_HANDOUT_CSS = """
body { font-family: sans-serif; font-size: 14px; margin: 2em; }
h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 1.4em; }
.bl-question { break-inside: avoid; margin: 0.6em 0; }
.bl-question ol { list-style: lower-alpha; margin: 0.2em 0 0.2em 1.2em; }
.bl-key { break-before: page; }
.bl-key li { margin: 0.4em 0; break-inside: avoid; }
q[lang="nl"] { font-style: italic; }
.bl-articles { color: #555; }
@page { size: A4; margin: 18mm; }
"""


def numbered(exercises: Iterable[Exercise]) -> list[tuple[int, Exercise, Question]]:
    """Every question of ``exercises``, numbered from 1 in the order of the handout."""
    found = []
    number = 0
    for exercise in exercises:
        for question in exercise.questions:
            number += 1
            found.append((number, exercise, question))
    return found


def handout_html(exercises: Sequence[Exercise], key: bool = True, lang: str = "en") -> str:
    """A self-contained printable page (no scripts, no external files): every exercise with its
    questions and lettered choices, then, with ``key``, the answer key on a page of its own
    (``break-before: page``) with the article and the verbatim quote of each answer."""
    lang = find_language(lang)
    numbers = numbered(exercises)
    body = [f"<h1>{escape(t('exercises.handout.title', lang))}</h1>",
            f"<p>{escape(t('exercises.handout.intro', lang))}</p>"]
    for exercise in exercises:
        body.append(f'<section class="bl-exercise" data-exercise="{escape(exercise.id)}">'
                    f"{exercise_header_html(exercise, lang)}")
        for number, owner, question in numbers:
            if owner is not exercise:
                continue
            choices = "".join(f"<li>{escape(choice_text(question, choice, lang))}</li>" for choice in question.choices)
            body.append(f'<div class="bl-question" data-question="{escape(question.id)}">'
                        f"<b>{number}.</b> {escape(stem(question, lang))}<ol>{choices}</ol></div>")
        body.append("</section>")
    if key:
        items = []
        for number, _, question in numbers:
            letter = LETTERS[question.choices.index(question.key)]
            line = t("exercises.handout.answer", lang, number=number, letter=letter,
                     answer=choice_text(question, question.key, lang))
            items.append(f'<li data-question="{escape(question.id)}" data-key="{escape(question.key)}">'
                         f"{escape(line)}{_evidence_html(question.evidence, lang)}</li>")
        body.append(f'<section class="bl-key" style="break-before:page">'
                    f"<h2>{escape(t('exercises.handout.key', lang))}</h2>"
                    f'<ul style="list-style:none;padding-left:0">{"".join(items)}</ul></section>')
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{escape(t('exercises.handout.title', lang))}</title><style>{_HANDOUT_CSS}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")


__all__ = ["Score", "score", "quiz_html", "handout_html", "mark_html", "evidence_text", "choice_text", "stem",
           "title", "situation", "scenario_line", "numbered", "exercise_header_html", "feedback_html", "layer_label"]
