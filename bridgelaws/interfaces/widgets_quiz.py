"""The exercises of notebook 05 (:class:`ExerciseCard`) and the quiz of the app and notebook 05
(:class:`QuizCard`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, LabelStyle

from ..presentation import views
from ..text.errors import BridgeLawsError
from ..presentation.exercise_set import Exercise, exercise_set
from ..text.i18n import find_language, t
from ..presentation.views._common import _view
from .widgets_common import YEARS, _english_toggle, _language_toggle, _Looks, _message


class ExerciseCard(widgets.VBox):
    """An exercise of notebook 05: predict, per edition, whether the text rules and who must pass;
    "Reveal" shows the library's answer with the quote and marks each prediction."""

    def __init__(self, exercise: str | None = None):
        ids = [(e["title"], e["id"]) for e in views.exercises()]
        self.chooser = widgets.Dropdown(options=ids, value=exercise or ids[0][1], description="Exercise",
                                        layout=widgets.Layout(width="420px"))
        # Predictions start empty: a default answer would be a guess made for the student.
        status_options = [("(your prediction)", None)] + [(label, key) for key, label in views.STATUS_LABELS.items()]
        pass_options = [("(your prediction)", None)] + [(label, key) for key, label in views.MUST_PASS_LABELS.items()]
        self.status: dict[str, widgets.Dropdown] = {}
        self.must_pass: dict[str, widgets.Dropdown] = {}
        # The rows' layouts and styles, shared (:class:`_Looks`): none is changed afterwards.
        looks = self.looks = _Looks()
        menu_style = looks.style(DescriptionStyle)
        rows = []
        for year in YEARS:
            self.status[year] = widgets.Dropdown(options=status_options, value=None,
                                                 layout=looks.layout(width="330px"), style=menu_style)
            self.must_pass[year] = widgets.Dropdown(options=pass_options, value=None,
                                                    layout=looks.layout(width="300px"), style=menu_style)
            label = widgets.Label(year, layout=looks.layout(width="50px"), style=looks.style(LabelStyle))
            rows.append(looks.hbox([label, self.status[year], self.must_pass[year]]))
        self.reveal_button = widgets.Button(description="Reveal", button_style="info")
        self.english = _english_toggle()
        self._revealed = False
        self.message = widgets.HTML()
        self.question = widgets.HTML()
        self.view = widgets.HTML()
        self.reveal_button.on_click(lambda _: self.reveal())
        self.chooser.observe(lambda _: self._show(False), names="value")
        self.english.observe(lambda _: self._show(self._revealed), names="value")
        super().__init__([self.chooser, self.question,
                          widgets.HTML("<b>Your prediction</b> (does the text rule on it? who must pass?)"),
                          widgets.VBox(rows), widgets.HBox([self.reveal_button, self.english]),
                          self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        self._show(False)

    @property
    def output_html(self) -> str:
        """The question, then the answer once revealed."""
        html: str = self.question.value + self.view.value  # ipywidgets has no type annotations
        return html

    def predictions(self) -> dict[str, dict[str, Any]]:
        return {y: {"status": self.status[y].value, "must_pass": self.must_pass[y].value} for y in YEARS}

    def reveal(self) -> None:
        self._show(True)

    def _show(self, reveal: bool) -> None:
        self._revealed = reveal
        try:
            self.message.value = ""
            self.question.value = views.exercise_html(self.chooser.value, reveal=False)
            self.view.value = views.exercise_html(self.chooser.value, reveal=reveal, question=False,
                                                  predictions=self.predictions() if reveal else None,
                                                  english=self.english.value)
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


class QuizCard(widgets.VBox):
    """The quiz of the exercise set, usable in the app without code: choose an exercise (every
    case of the catalogue has one), answer its questions from menus that start empty, press "Check my
    answers": each answer is marked ✓ right or ✗ wrong beside its own question, with the library's
    answer and where it comes from (the corpus's article and Dutch quote, or "outside the corpus:
    paraphrase of ... from ..."), and the running score over the exercises checked so far is shown
    ("Score: 7 / 10"). A check with nothing answered is refused (nothing is revealed). The first check
    of an exercise is its score: the menus are then closed; "Try again" empties and opens them for
    practice, and a later check marks the answers without changing the score. "Start again" forgets
    every score. ``lang``: ``"en"`` or ``"nl"``; the language switch relabels everything.

        quiz = QuizCard(lang="nl")
        quiz.answer["insufficient-bid:1936:call"].value = "cancelled"
        quiz.check_button.click()
        quiz.score.value                   # "Score: 1 / 16"
    """

    def __init__(self, exercise: str | None = None, lang: str = "en") -> None:
        self.exercises: dict[str, Exercise] = {e.id: e for e in exercise_set()}
        self.lang = find_language(lang)
        self.language = _language_toggle(self.lang)
        first = exercise or next(iter(self.exercises))
        if first not in self.exercises:
            raise BridgeLawsError(f"unknown exercise {first!r}: one of {', '.join(self.exercises)}")
        #: The layouts and styles the buttons, the panes and the question rows share, kept across the
        #: rows made again for each exercise and language (:class:`_Looks`): none is changed afterwards.
        looks = self.looks = _Looks()
        self.chooser = widgets.Dropdown(options=self._chooser_options(), value=first,
                                        layout=widgets.Layout(width="520px"))
        auto, plain = looks.layout(width="auto"), looks.style(widgets.ButtonStyle)
        self.check_button = widgets.Button(button_style="info", layout=auto, style=plain)
        self.retry_button = widgets.Button(layout=auto, style=plain)
        self.next_button = widgets.Button(layout=auto, style=plain)
        self.again_button = widgets.Button(layout=auto, style=plain)
        #: Shows the library's answers of the questions left unanswered at the check (until then only
        #: the answered questions' are shown: one answer given must not reveal the other fifteen).
        self.give_up_button = widgets.Button(layout=auto, style=plain)
        self.given_up = False
        self.instructions = looks.html()
        self.score = looks.html()
        self.message = looks.html()
        self.header = looks.html()  # the exercise's title, scenario and question, above the menus
        self.view = looks.html()  # once checked: this exercise's score, and whether the check counted
        self.questions = widgets.VBox()
        self.answer: dict[str, widgets.Dropdown] = {}
        #: Beside each question, once checked: its mark, the library's answer and what it rests on.
        self.feedback: dict[str, widgets.HTML] = {}
        #: The result of each exercise: its first check (a later check, after "Try again", does not count).
        self.results: dict[str, views.Score] = {}
        self.checked = False
        #: The answers of the check shown (the menus may be emptied for another try afterwards).
        self.checked_answers: dict[str, str | None] = {}
        self.check_button.on_click(lambda _: self.check())
        self.retry_button.on_click(lambda _: self.try_again())
        self.next_button.on_click(lambda _: self.next_exercise())
        self.again_button.on_click(lambda _: self.start_again())
        self.give_up_button.on_click(lambda _: self.give_up())
        self.chooser.observe(lambda _: self._new_exercise(), names="value")
        self.language.observe(self._on_language, names="value")
        super().__init__([self.language, self.chooser, self.instructions, self.header, self.questions,
                          looks.hbox([self.check_button, self.give_up_button, self.retry_button, self.next_button,
                                      self.again_button]),
                          self.score, self.message, self.view])
        self.add_class("bl-widget")
        self._label()
        self._new_exercise()

    # --- what the user sees -------------------------------------------------------------------------

    @property
    def output_html(self) -> str:
        """The exercise, then each question with (once checked) its mark beside it, then the
        exercise's score."""
        rows = "".join(f'<div data-question="{question_id}">{feedback.value}</div>'
                       for question_id, feedback in self.feedback.items())
        html: str = self.header.value + rows + self.view.value  # ipywidgets has no type annotations
        return html

    @property
    def exercise(self) -> Exercise:
        """The exercise chosen."""
        return self.exercises[self.chooser.value]

    @property
    def total(self) -> views.Score:
        """The running score over the exercises checked (each by its first check)."""
        found = views.Score(0, 0)
        for result in self.results.values():
            found = found + result
        return found

    @property
    def scored(self) -> bool:
        """Whether the chosen exercise has been scored (its first check)."""
        return self.exercise.id in self.results

    def answers(self) -> dict[str, str | None]:
        return {question_id: menu.value for question_id, menu in self.answer.items()}

    # --- actions ------------------------------------------------------------------------------------

    def check(self) -> None:
        """Mark every answer beside its question. Refused with nothing answered (nothing revealed);
        the exercise's first check is its score, a later one (after "Try again") is practice."""
        if self.checked:  # the menus are closed until "Try again": a second click changes nothing
            return
        answers = self.answers()
        if all(value is None for value in answers.values()):
            self.message.value = _message(t("exercises.empty_check", self.lang), "info")
            return
        counted = not self.scored
        if counted:
            self.results[self.exercise.id] = views.quiz_score(self.exercise, answers)
        self.checked = True
        self.checked_answers = answers
        self.practice = not counted
        self._show()

    def give_up(self) -> None:
        """After a check: show the library's answers of the questions left unanswered too."""
        if self.checked:
            self.given_up = True
            self._show()

    def try_again(self) -> None:
        """Empty and open the menus of the chosen exercise for another try, which does not score."""
        self._new_exercise()

    def next_exercise(self) -> None:
        ids = list(self.exercises)
        self.chooser.value = ids[(ids.index(self.chooser.value) + 1) % len(ids)]

    def start_again(self) -> None:
        """Forget every result and empty the answers."""
        self.results = {}
        self._new_exercise()

    # --- internals ----------------------------------------------------------------------------------

    def _chooser_options(self) -> list[tuple[str, str]]:
        return [(views.quiz_title(e, self.lang), e.id) for e in self.exercises.values()]

    def _label(self) -> None:
        self.chooser.description = t("exercises.exercise", self.lang)
        self.check_button.description = t("exercises.check", self.lang)
        self.retry_button.description = t("exercises.retry", self.lang)
        self.next_button.description = t("exercises.next", self.lang)
        self.again_button.description = t("exercises.again", self.lang)
        self.give_up_button.description = t("exercises.give_up", self.lang)
        self.language.description = t("common.language", self.lang)
        self.instructions.value = f"<p>{t('exercises.instructions', self.lang)}</p>"

    def _new_exercise(self) -> None:
        """Empty menus for the chosen exercise's questions: a prediction starts empty."""
        self.checked = False
        self.practice = False
        self.given_up = False
        self.checked_answers = {}
        self._build_rows()
        self._show()

    def _build_rows(self) -> None:
        self.answer = {}
        self.feedback = {}
        looks = self.looks
        rows = []
        for question in self.exercise.questions:
            options = [(t("exercises.choose", self.lang), None)] + [
                (views.choice_text(question, choice, self.lang), choice) for choice in question.choices]
            menu = widgets.Dropdown(options=options, value=None, layout=looks.layout(width="420px"),
                                    style=looks.style(DescriptionStyle))
            self.answer[question.id] = menu
            label = widgets.Label(views.quiz_stem(question, self.lang), layout=looks.layout(width="380px"),
                                  style=looks.style(LabelStyle))
            feedback = widgets.HTML(layout=looks.layout(width="auto"), style=looks.style(HTMLStyle))
            self.feedback[question.id] = feedback
            # The mark stands beside its own question, the library's answer under it.
            rows.append(widgets.HBox([label, menu, feedback], layout=looks.layout(align_items="flex-start")))
        self.questions.children = rows

    def set_language(self, lang: str) -> None:
        """Switch the quiz to ``lang``, keeping the answers given (as a click on its switch; the
        app's :class:`LanguageSwitch` calls it)."""
        self.language.value = find_language(lang)

    def _on_language(self, change: dict[str, Any]) -> None:
        answers = self.answers()
        state = (self.checked, self.practice, self.checked_answers, self.given_up)
        self.lang = change["new"]
        self._label()
        current = self.chooser.value
        self.chooser.unobserve_all("value")
        self.chooser.options = self._chooser_options()
        self.chooser.value = current
        self.chooser.observe(lambda _: self._new_exercise(), names="value")
        self._build_rows()
        for question_id, value in answers.items():
            self.answer[question_id].value = value
        self.checked, self.practice, self.checked_answers, self.given_up = state
        self._show()

    def _show(self) -> None:
        try:
            self.message.value = ""
            self.header.value = _view(views.exercise_header_html(self.exercise, self.lang))
            unanswered = False
            for question in self.exercise.questions:
                given = self.checked_answers.get(question.id)
                unanswered = unanswered or (self.checked and given is None)
                self.feedback[question.id].value = (
                    "" if not self.checked
                    else views.quiz_feedback_html(question, given, self.lang) if given is not None or self.given_up
                    else views.quiz_hidden_key_html(question, self.lang))
                self.answer[question.id].disabled = self.checked
            self.give_up_button.disabled = not unanswered or self.given_up
            if self.checked:
                result = views.quiz_score(self.exercise, self.checked_answers)
                note = t("exercises.not_scored" if self.practice else "exercises.scored", self.lang)
                self.view.value = (f'<div class="bl-quiz-score"><b>'
                                   f'{t("exercises.score_exercise", self.lang, right=result.right, asked=result.asked)}'
                                   f'</b> <span class="bl-quiz-counted" data-counted="{str(not self.practice).lower()}">'
                                   f'{note}</span></div>')
            else:
                self.view.value = ""
            self.retry_button.disabled = not self.checked
            self.check_button.disabled = self.checked
            self.score.value = f'<b class="bl-quiz-total">{self.total.text(self.lang)}</b>'
        except BridgeLawsError as error:
            self.message.value = _message(str(error))
