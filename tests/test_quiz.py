"""The quiz widget (issue 13 §5), driven as a student drives it: choose answers from menus that start
empty, press "Check my answers", read the marks and the running score; in English and in Dutch."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from bridgelaws.exercise_set import exercise_set  # noqa: E402
from bridgelaws.widgets import QuizCard  # noqa: E402

KEYS = {q.id: q.key for e in exercise_set() for q in e.questions}
#: The editions whose questions the counts below were checked for by hand; a later edition adds its own.
FIVE = ("1932", "1936", "1949", "2007", "2017")


def _of_five(questions) -> list[str]:
    return [q for q in questions if q.split(":")[1] in FIVE]


def marks(html: str) -> list[str]:
    return re.findall(r'data-mark="(\w+)"', html)


def test_answers_start_empty_and_nothing_is_marked_before_check():
    quiz = QuizCard("four-passes")
    assert quiz.answer and all(menu.value is None for menu in quiz.answer.values())
    assert not marks(quiz.output_html) and "1932:11.2" not in quiz.output_html
    assert "Score: 0 / 0" in quiz.score.value


def test_check_marks_each_answer_and_keeps_a_running_score():
    quiz = QuizCard("four-passes")
    questions = list(quiz.answer)
    assert len(_of_five(questions)) == 9
    for question_id in _of_five(questions)[:7]:
        quiz.answer[question_id].value = KEYS[question_id]
    quiz.answer["four-passes:1949:outcome"].value = "redeal"  # wrong: 1949:22, passed out
    quiz.check_button.click()
    html = quiz.output_html
    assert marks(html).count("right") == 6 and marks(html).count("wrong") == 1
    assert marks(html).count("unanswered") == len(questions) - 7
    assert f"Score: 6 / {len(questions)}" in quiz.score.value
    row = re.search(r'<tr data-question="four-passes:1949:outcome">(.*?)</tr>', html).group(1)
    assert "✗ wrong" in row and "1949:22" in row
    quiz.next_button.click()  # the next exercise starts empty; the score runs on
    assert quiz.chooser.value != "four-passes" and all(m.value is None for m in quiz.answer.values())
    assert not marks(quiz.output_html) and f"Score: 6 / {len(questions)}" in quiz.score.value
    first = next(iter(quiz.answer))
    quiz.answer[first].value = KEYS[first]
    quiz.check_button.click()
    asked = len(questions) + len(quiz.answer)
    assert f"Score: 7 / {asked}" in quiz.score.value
    quiz.again_button.click()
    assert "Score: 0 / 0" in quiz.score.value


def test_the_quiz_runs_in_dutch_and_switches_language_keeping_the_answers():
    quiz = QuizCard("insufficient-bid", lang="nl")
    assert quiz.check_button.description == "Controleer mijn antwoorden"
    assert "Gever Noord" in quiz.output_html
    quiz.answer["insufficient-bid:1936:status"].value = "ruled"
    quiz.check_button.click()
    assert len(_of_five(quiz.answer)) == 7
    assert f"Score: 1 / {len(quiz.answer)}" in quiz.score.value and "✓ goed" in quiz.output_html
    quiz.language.value = "en"
    assert quiz.check_button.description == "Check my answers"
    assert quiz.answer["insufficient-bid:1936:status"].value == "ruled"
    assert "✓ right" in quiz.output_html and "Dealer North" in quiz.output_html
