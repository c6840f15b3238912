"""The exercise set as a Moodle GIFT file and as an Anki deck.

One multiple-choice question per :class:`~bridgelaws.presentation.exercise_set.Question`: the exercise's title,
scenario and question, the question of its kind for one edition, the choices of its kind, exactly
one of them right (the engine's answer under the default layer), and as its feedback what that answer
rests on, its layer first (:func:`bridgelaws.presentation.views.quiz.evidence_text`): from the corpus, the article
and the verbatim Dutch quote; from outside it, "outside the corpus: paraphrase of ... from ..." and
the ruling's summary; for a gap, that it is one. The words come from the message catalogue, in
English or Dutch.

- GIFT (Moodle's import format, https://docs.moodle.org/en/GIFT_format): plain text, one question
  per paragraph, the characters ``~ = # { } :`` (and the backslash) escaped with a backslash.
- Anki: an ``.apkg`` written by the ``genanki`` library, with a stable deck id and model id per
  language and a note guid derived from the question's id, so that importing a newer export updates
  the notes instead of adding copies.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .exercise_set import Exercise, Question
from ..text.i18n import find_language, t
from .views.quiz import choice_text, evidence_text, scenario_line, situation, stem, title

#: Escaped in GIFT text with a backslash: its special characters, and the backslash itself first.
GIFT_SPECIAL = "\\~=#{}:"

#: Stable ids (Anki keys a deck and a note type by id; random ids would make every export a new
#: deck). One deck per language, one model for both.
ANKI_MODEL_ID = 1_607_392_413
ANKI_DECK_IDS = {"en": 2_059_400_211, "nl": 2_059_400_212}
#: The collection's time stamp: a fixed one, so that the same exercises give the same file.
ANKI_TIMESTAMP = 1_700_000_000.0
ANKI_FIELDS = ("Id", "Question", "Choices", "Answer", "Evidence")


def gift_escape(text: str) -> str:
    """``text`` with GIFT's special characters escaped and line breaks as spaces."""
    text = " ".join(text.split())
    return "".join("\\" + c if c in GIFT_SPECIAL else c for c in text)


def question_text(exercise: Exercise, question: Question, lang: str) -> str:
    """The whole question in words, as one line: title, scenario, the exercise's question, the stem."""
    return (f"{title(exercise, lang)}. {scenario_line(exercise, lang)}. {situation(exercise, lang)} "
            f"{stem(question, lang)}")


def gift(exercises: Sequence[Exercise], lang: str = "en") -> str:
    """The exercise set as a GIFT file (text)."""
    lang = find_language(lang)
    lines = [f"// {t('exercises.handout.title', lang)} (bridgelaws)", "",
             f"$CATEGORY: {t('exercises.export.category', lang)}", ""]
    for exercise in exercises:
        for question in exercise.questions:
            answers = []
            for choice in question.choices:
                words = gift_escape(choice_text(question, choice, lang))
                if choice == question.key:
                    answers.append(f"={words}#{gift_escape(evidence_text(question.evidence, lang))}")
                else:
                    answers.append(f"~{words}")
            lines.append(f"::{gift_escape(question.id)}::{gift_escape(question_text(exercise, question, lang))} "
                         f"{{{' '.join(answers)}}}")
            lines.append("")
    return "\n".join(lines)


def anki_fields(exercise: Exercise, question: Question, lang: str) -> list[str]:
    """The note's fields (HTML), in the order of :data:`ANKI_FIELDS`."""
    choices = "".join(f"<li>{escape(choice_text(question, c, lang))}</li>" for c in question.choices)
    return [escape(question.id),
            f"<b>{escape(title(exercise, lang))}</b><br>{escape(scenario_line(exercise, lang))}<br>"
            f"{escape(situation(exercise, lang))}<br><br>{escape(stem(question, lang))}",
            f"<ol type=\"a\">{choices}</ol>",
            escape(choice_text(question, question.key, lang)),
            escape(evidence_text(question.evidence, lang))]


def anki_deck(exercises: Sequence[Exercise], lang: str = "en") -> tuple[bytes, int]:
    """The exercise set as an Anki deck (``.apkg``, a zip archive) in memory, and its number of notes."""
    import io

    import genanki  # type: ignore[import-untyped]

    lang = find_language(lang)
    model = genanki.Model(
        ANKI_MODEL_ID, "bridgelaws exercise",
        fields=[{"name": name} for name in ANKI_FIELDS],
        templates=[{"name": "Card 1", "qfmt": "{{Question}}{{Choices}}",
                    "afmt": '{{FrontSide}}<hr id="answer"><b>{{Answer}}</b><br>{{Evidence}}'}])
    deck = genanki.Deck(ANKI_DECK_IDS[lang], t("exercises.export.deck", lang))
    count = 0
    for exercise in exercises:
        for question in exercise.questions:
            deck.add_note(genanki.Note(model=model, fields=anki_fields(exercise, question, lang),
                                       guid=genanki.guid_for("bridgelaws", lang, question.id),
                                       tags=["bridgelaws", exercise.case, question.edition]))
            count += 1
    out = io.BytesIO()
    genanki.Package(deck).write_to_file(out, timestamp=ANKI_TIMESTAMP)
    return out.getvalue(), count


def write_anki(exercises: Sequence[Exercise], path: str, lang: str = "en") -> int:
    """Write the exercise set as an Anki deck (``.apkg``) to ``path`` (complete or not at all, by
    :func:`bridgelaws.text._cliio.write_output`); the number of notes."""
    from ..text._cliio import write_output

    data, count = anki_deck(exercises, lang)
    write_output(path, data)
    return count
