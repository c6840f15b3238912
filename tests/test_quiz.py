"""The quiz widget (issue 13 §5, issue 25 §6), driven as a student drives it: choose answers from menus
that start empty, press "Check my answers", read the marks beside each question and the running score;
a check with nothing answered is refused, the first check of an exercise is its score, "Try again"
does not score; in English and in Dutch."""

from __future__ import annotations

import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

from bridgelaws.presentation.exercise_set import exercise_set  # noqa: E402
from bridgelaws.interfaces.widgets import QuizCard  # noqa: E402

SET = {e.id: e for e in exercise_set()}
KEYS = {q.id: q.key for e in SET.values() for q in e.questions}


def marks(html: str) -> list[str]:
    return re.findall(r'data-mark="(\w+)"', html)


def test_answers_start_empty_and_nothing_is_marked_before_check():
    quiz = QuizCard("four-passes")
    assert quiz.answer and all(menu.value is None for menu in quiz.answer.values())
    assert not marks(quiz.output_html) and "1932:11.2" not in quiz.output_html
    assert "Score: 0 / 0" in quiz.score.value


def test_an_empty_check_is_refused_and_reveals_nothing():
    quiz = QuizCard("four-passes")
    quiz.check_button.click()
    assert "Answer at least one question before checking" in quiz.message.value
    assert not marks(quiz.output_html) and "passed out, no redeal" not in quiz.output_html
    assert quiz.results == {} and "Score: 0 / 0" in quiz.score.value
    assert all(not menu.disabled for menu in quiz.answer.values())


def test_the_first_check_is_the_score_and_try_again_does_not_score():
    quiz = QuizCard("four-passes")
    asked = len(SET["four-passes"].questions)  # 1932, 1936, 1949, 2007, 2017: what becomes of the deal
    five = ("1932", "1936", "1949", "2007", "2017")  # the editions whose keys were read by hand below
    assert [q for q in quiz.answer if q.split(":")[1] in five] == [f"four-passes:{year}:outcome" for year in five]
    # by hand: 1932:11.2 and 1936:15 the next dealer deals; 1949:22, 2007 (outside the corpus, Law 22)
    # and 2017:22.B passed out, no redeal
    quiz.answer["four-passes:1932:outcome"].value = "next-deal"  # right
    quiz.answer["four-passes:1949:outcome"].value = "redeal"  # wrong
    quiz.check_button.click()
    html = quiz.output_html
    assert marks(html).count("right") == 1 and marks(html).count("wrong") == 1
    assert marks(html).count("unanswered") == asked - 2
    assert f"Score: 1 / {asked}" in quiz.score.value
    assert 'data-counted="true"' in quiz.view.value
    assert all(menu.disabled for menu in quiz.answer.values())  # the answers of the first check stand
    quiz.answer["four-passes:1949:outcome"].value = "passed-out"  # (a script may still set a menu)
    quiz.check_button.click()  # a second click changes nothing
    assert f"Score: 1 / {asked}" in quiz.score.value and quiz.results["four-passes"].right == 1
    quiz.retry_button.click()  # try again: empty, open menus, no marks
    assert all(menu.value is None and not menu.disabled for menu in quiz.answer.values())
    assert not marks(quiz.output_html)
    for question_id in quiz.answer:
        quiz.answer[question_id].value = KEYS[question_id]
    quiz.check_button.click()
    assert marks(quiz.output_html).count("right") == asked
    assert f"Score: 1 / {asked}" in quiz.score.value  # practice: the first check still counts
    assert 'data-counted="false"' in quiz.view.value and f"this exercise: {asked} / {asked}" in quiz.view.value
    quiz.next_button.click()  # the next exercise starts empty and unmarked; the score runs on
    assert quiz.chooser.value != "four-passes" and all(m.value is None for m in quiz.answer.values())
    assert not marks(quiz.output_html) and f"Score: 1 / {asked}" in quiz.score.value
    first = next(iter(quiz.answer))
    quiz.answer[first].value = KEYS[first]
    quiz.check_button.click()
    assert f"Score: 2 / {asked + len(quiz.answer)}" in quiz.score.value
    quiz.again_button.click()
    assert "Score: 0 / 0" in quiz.score.value


def test_each_mark_stands_beside_its_own_question():
    quiz = QuizCard("double-partner")
    quiz.answer["double-partner:1936:call"].value = "deemed-pass"  # 1936:22.6.b "geacht te hebben gepast"
    quiz.answer["double-partner:2007:call"].value = "stands"  # wrong: outside the corpus, 2007 Law 36
    quiz.check_button.click()
    for row, question in zip(quiz.questions.children, SET["double-partner"].questions):
        label, menu, feedback = row.children
        assert menu is quiz.answer[question.id] and feedback is quiz.feedback[question.id]
        assert label.value.startswith(question.edition)
        assert len(marks(feedback.value)) == 1  # its own mark, and only its own
    assert "✓ right" in quiz.feedback["double-partner:1936:call"].value
    assert "1936:22.6.b" in quiz.feedback["double-partner:1936:call"].value
    wrong = quiz.feedback["double-partner:2007:call"].value
    assert "✗ wrong" in wrong and "outside the corpus: paraphrase of 2007:" in wrong
    gap = quiz.feedback["double-partner:1932:status"].value
    assert "– not answered" in gap and "a gap" not in gap  # unanswered: its answer stays hidden
    quiz.give_up_button.click()
    gap = quiz.feedback["double-partner:1932:status"].value
    assert "– not answered" in gap and "a gap" in gap


def test_one_answer_checked_shows_the_key_of_that_question_only_until_the_pupil_gives_up():
    # Before, one answer and "Check my answers" showed the library's answer of all 16 questions.
    quiz = QuizCard("insufficient-bid")
    questions = SET["insufficient-bid"].questions
    assert len(questions) > 2
    assert quiz.give_up_button.disabled  # nothing checked: nothing to give up on
    quiz.answer["insufficient-bid:1936:call"].value = "cancelled"
    quiz.check_button.click()
    shown = [q.id for q in questions if "the library's answer" in unescape(quiz.feedback[q.id].value)]
    assert shown == ["insufficient-bid:1936:call"]
    hidden = [q.id for q in questions if "the answer stays hidden" in quiz.feedback[q.id].value]
    assert len(hidden) == len(questions) - 1
    assert "1936:22.3" in quiz.feedback["insufficient-bid:1936:call"].value
    assert "2017:27" not in quiz.output_html  # 2017's answer (outside the corpus, Law 27) not given away
    assert not quiz.give_up_button.disabled
    quiz.give_up_button.click()
    assert all("the library's answer" in unescape(quiz.feedback[q.id].value) for q in questions)
    assert "2017:27" in quiz.output_html and quiz.give_up_button.disabled
    assert marks(quiz.output_html).count("right") == 1  # giving up scores nothing
    quiz.language.value = "nl"  # the switch keeps what was shown
    assert all("het antwoord van het programma" in quiz.feedback[q.id].value for q in questions)
    quiz.retry_button.click()  # another try hides them again
    quiz.answer["insufficient-bid:1936:call"].value = "cancelled"
    quiz.check_button.click()
    assert "blijft verborgen" in quiz.feedback["insufficient-bid:2017:call"].value
    assert quiz.give_up_button.description == "Toon de overige antwoorden"


def test_the_quiz_runs_in_dutch_and_switches_language_keeping_the_answers():
    quiz = QuizCard("insufficient-bid", lang="nl")
    asked = len(SET["insufficient-bid"].questions)
    assert quiz.check_button.description == "Controleer mijn antwoorden"
    assert quiz.retry_button.description == "Nog eens proberen"
    assert "Gever Noord" in quiz.output_html
    quiz.check_button.click()
    assert "Beantwoord eerst minstens één vraag" in quiz.message.value
    quiz.answer["insufficient-bid:1936:call"].value = "cancelled"  # 1936:22.3 "moet het voldoende gemaakt worden"
    quiz.check_button.click()
    assert f"Score: 1 / {asked}" in quiz.score.value and "✓ goed" in quiz.output_html
    assert "buiten het corpus: parafrase van 2017:" not in quiz.output_html  # not answered: hidden
    quiz.give_up_button.click()
    assert "buiten het corpus: parafrase van 2017:" in quiz.output_html
    quiz.language.value = "en"
    assert quiz.check_button.description == "Check my answers"
    assert quiz.answer["insufficient-bid:1936:call"].value == "cancelled"
    assert "✓ right" in quiz.output_html and "Dealer North" in quiz.output_html
    assert f"Score: 1 / {asked}" in quiz.score.value
