"""The exercise set's exports (issue 13 §5, issue 25 §6: questions about what the law does, each answer
labelled with its layer), each read back: the GIFT file by a strict reader of the
GIFT grammar written here (no maintained GIFT parser is on PyPI: pygiftparser was last released in
2017, pygiftparserrgmf in 2022), the Anki deck by opening the .apkg (a zip holding an SQLite
collection) with zipfile and sqlite3; the handout through the command line."""

from __future__ import annotations

import json
import re
import sqlite3
import zipfile
from dataclasses import dataclass
from html import unescape

import pytest

from bridgelaws.interfaces.cli import main
from bridgelaws.presentation.exercise_export import ANKI_DECK_IDS, ANKI_FIELDS, ANKI_MODEL_ID, gift, gift_escape
from bridgelaws.presentation.exercise_set import LAW_KINDS, AnswerKind, exercise_set
from bridgelaws.text.i18n import t
from bridgelaws.supplement.supplement import provenance_line
from bridgelaws.presentation.views import choice_text

SET = exercise_set()
QUESTIONS = {q.id: (e, q) for e in SET for q in e.questions}
SPECIAL = "~=#{}:"


# --- a strict reader of GIFT (https://docs.moodle.org/en/GIFT_format), for the subset a multiple-choice
# file uses: comments (//), $CATEGORY, and questions "::title::text {=right#feedback ~wrong ...}" ------

@dataclass
class GiftAnswer:
    right: bool
    text: str
    feedback: str | None


@dataclass
class GiftQuestion:
    title: str
    text: str
    answers: list[GiftAnswer]


def _unescape(raw: str, where: str) -> str:
    """Undo GIFT's escapes; an unescaped special character is an error (it would have a meaning)."""
    out, i = [], 0
    while i < len(raw):
        c = raw[i]
        if c == "\\":
            assert i + 1 < len(raw), f"{where}: a backslash at the end"
            nxt = raw[i + 1]
            assert nxt in SPECIAL + "\\n", f"{where}: unknown escape \\{nxt}"
            out.append("\n" if nxt == "n" else nxt)
            i += 2
            continue
        assert c not in SPECIAL, f"{where}: unescaped {c!r} in {raw!r}"
        out.append(c)
        i += 1
    return "".join(out)


def _split_unescaped(raw: str, marks: str) -> list[tuple[str, str]]:
    """``raw`` cut before each unescaped character of ``marks``: [(mark, text)]."""
    parts: list[tuple[str, str]] = []
    current, mark, i = [], "", 0
    while i < len(raw):
        c = raw[i]
        if c == "\\":
            current.append(raw[i:i + 2])
            i += 2
            continue
        if c in marks:
            parts.append((mark, "".join(current)))
            current, mark = [], c
        else:
            current.append(c)
        i += 1
    parts.append((mark, "".join(current)))
    return parts


def read_gift(text: str) -> tuple[list[str], list[GiftQuestion]]:
    categories, questions = [], []
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if not line.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if not body:
            continue
        if body.startswith("$CATEGORY:"):
            categories.append(body[len("$CATEGORY:"):].strip())
            continue
        assert body.startswith("::"), body[:60]
        title_end = re.search(r"(?<!\\)::", body[2:])
        assert title_end, body[:60]
        title = _unescape(body[2:2 + title_end.start()], "title")
        rest = body[2 + title_end.end():]
        opens = [m.start() for m in re.finditer(r"(?<!\\)\{", rest)]
        closes = [m.start() for m in re.finditer(r"(?<!\\)\}", rest)]
        assert len(opens) == 1 and len(closes) == 1 and opens[0] < closes[0], f"{title}: one answer block"
        assert not rest[closes[0] + 1:].strip(), f"{title}: text after the answers"
        question_text = _unescape(rest[:opens[0]].strip(), f"{title}: text")
        answers = []
        for mark, raw in _split_unescaped(rest[opens[0] + 1:closes[0]], "=~"):
            if mark == "":
                assert not raw.strip(), f"{title}: text before the first answer"
                continue
            pieces = _split_unescaped(raw, "#")
            assert len(pieces) <= 2, f"{title}: more than one feedback"
            answer = _unescape(pieces[0][1].strip(), f"{title}: answer")
            feedback = _unescape(pieces[1][1].strip(), f"{title}: feedback") if len(pieces) == 2 else None
            answers.append(GiftAnswer(mark == "=", answer, feedback))
        questions.append(GiftQuestion(title, question_text, answers))
    return categories, questions


def test_the_reader_refuses_what_it_should():
    with pytest.raises(AssertionError, match="unescaped ':'"):
        read_gift("::a::b: c {=x ~y}")
    with pytest.raises(AssertionError, match="one answer block"):
        read_gift("::a::b {=x ~y} {=z}")
    assert read_gift("::a\\:1::b\\{c\\} {=x\\=y#f\\#1 ~z}")[1] == [
        GiftQuestion("a:1", "b{c}", [GiftAnswer(True, "x=y", "f#1"), GiftAnswer(False, "z", None)])]


def test_gift_escape_escapes_every_special_character():
    assert gift_escape("a~b=c#d{e}f:g\\h\nend") == "a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h end"


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_gift_reads_back_one_right_answer_each_the_engines(lang):
    categories, questions = read_gift(gift(SET, lang))
    assert categories == [t("exercises.export.category", lang)]
    assert [q.title for q in questions] == list(QUESTIONS)
    for read in questions:
        exercise, question = QUESTIONS[read.title]
        right = [a for a in read.answers if a.right]
        assert len(right) == 1, read.title
        assert right[0].text == choice_text(question, question.key, lang)
        assert [a.text for a in read.answers] == [choice_text(question, c, lang) for c in question.choices]
        assert right[0].feedback.startswith(layer_words(question, lang)), read.title
        if question.evidence.quote_nl:
            assert question.evidence.quote_nl in right[0].feedback
        elif question.evidence.status == "silent":
            assert t("exercises.evidence.silent", lang) in right[0].feedback
        assert exercise.tokens in read.text and t(f"exercises.stem.{question.kind}", lang,
                                                  edition=question.edition) in read.text


def layer_words(question, lang: str) -> str:
    """How an answer's feedback must begin: its layer, in ``lang``."""
    evidence = question.evidence
    if evidence.layer == "supplement":
        return provenance_line(evidence.provenance, lang)
    if question.kind is AnswerKind.STATUS:
        return t("exercises.evidence.gap", lang)
    return t("exercises.evidence.corpus", lang)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_gift_asks_mostly_what_the_law_does(lang):
    """Counted in the file read back, by the question's stem: at least three quarters ask what the
    law does; the rest ask of a gap "does the excerpt say?"."""
    _, questions = read_gift(gift(SET, lang))
    law_stems = {t(f"exercises.stem.{kind}", lang, edition="{edition}").split("{edition}")[1] for kind in LAW_KINDS}
    gap_stem = t("exercises.stem.status", lang, edition="{edition}").split("{edition}")[1]
    law = [q for q in questions if any(stem in q.text for stem in law_stems)]
    gaps = [q for q in questions if gap_stem in q.text]
    assert len(law) + len(gaps) == len(questions)
    # the goal of issue 25 §6 is set for its five editions (tests/test_exercise_set.py GOAL_EDITIONS)
    from test_exercise_set import GOAL_EDITIONS

    goal = [q for q in questions if q.title.split(":")[1] in GOAL_EDITIONS]
    assert 4 * len([q for q in goal if q in law]) >= 3 * len(goal), (len(law), len(goal))
    outside = t("cards.outside_corpus", lang, clauses="")
    assert any(a.feedback.startswith(outside) for q in law for a in q.answers if a.right)


def test_gift_through_the_command_line(tmp_path, capsys):
    path = tmp_path / "set.gift"
    assert main(["exercises", "--format", "gift", "--lang", "nl", "-o", str(path)]) == 0
    _, questions = read_gift(path.read_text(encoding="utf-8"))
    assert len(questions) == len(QUESTIONS)
    assert "Gever Noord" in questions[0].text


# --- Anki -----------------------------------------------------------------------------------------------

def read_apkg(path):
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        assert "collection.anki2" in names, names
        collection = path.parent / "collection.anki2"
        collection.write_bytes(archive.read("collection.anki2"))
    connection = sqlite3.connect(collection)
    try:
        notes = connection.execute("SELECT guid, mid, flds, tags FROM notes").fetchall()
        decks, models = connection.execute("SELECT decks, models FROM col").fetchone()
        cards = connection.execute("SELECT did FROM cards").fetchall()
    finally:
        connection.close()
    return notes, json.loads(decks), json.loads(models), cards


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_anki_deck_reads_back(tmp_path, lang):
    path = tmp_path / f"set-{lang}.apkg"
    assert main(["exercises", "--format", "anki", "--lang", lang, "-o", str(path)]) == 0
    notes, decks, models, cards = read_apkg(path)
    deck = decks[str(ANKI_DECK_IDS[lang])]
    assert deck["name"] == t("exercises.export.deck", lang)
    assert [f["name"] for f in models[str(ANKI_MODEL_ID)]["flds"]] == list(ANKI_FIELDS)
    assert len(notes) == len(QUESTIONS) == len(cards)
    assert all(did == ANKI_DECK_IDS[lang] for (did,) in cards)
    seen = set()
    for guid, model_id, fields, tags in notes:
        assert model_id == ANKI_MODEL_ID
        note_id, question_html, choices_html, answer, evidence = fields.split("\x1f")
        exercise, question = QUESTIONS[unescape(note_id)]
        seen.add(question.id)
        assert unescape(answer) == choice_text(question, question.key, lang)
        assert [unescape(c) for c in re.findall(r"<li>(.*?)</li>", choices_html)] == [
            choice_text(question, c, lang) for c in question.choices]
        assert exercise.tokens in unescape(question_html)
        if question.evidence.quote_nl:
            assert question.evidence.quote_nl in unescape(evidence)
        assert unescape(evidence).startswith(layer_words(question, lang))
        assert exercise.case in tags.split()
    assert seen == set(QUESTIONS)
    # the guids are the questions' own: a second export gives the same notes
    again = tmp_path / "again.apkg"
    assert main(["exercises", "--format", "anki", "--lang", lang, "-o", str(again)]) == 0
    assert sorted(n[0] for n in read_apkg(again)[0]) == sorted(n[0] for n in notes)


def test_anki_needs_an_output_file(capsys):
    assert main(["exercises", "--format", "anki"]) == 2
    assert "give it with -o FILE.apkg" in capsys.readouterr().err


# --- the handout through the command line ------------------------------------------------------------

def test_handout_through_the_command_line(tmp_path):
    path = tmp_path / "handout.html"
    assert main(["exercises", "--handout", "--key", "--lang", "nl", "-o", str(path)]) == 0
    html = path.read_text(encoding="utf-8")
    assert "<script" not in html and 'lang="nl"' in html and "Antwoordsleutel" in html
    questions, key = html.split('<section class="bl-key"')
    assert key.startswith(' style="break-before:page"')
    for question_id, (_, question) in QUESTIONS.items():
        assert f'data-question="{question_id}"' in questions
        assert f'<li data-question="{question_id}" data-key="{question.key}">' in key
    # each answer of the key labelled with its layer, in Dutch
    assert key.count('data-layer="supplement"') == sum(q.evidence.layer == "supplement" for _, q in QUESTIONS.values())
    assert "buiten het corpus: parafrase van" in key and "uit het corpus" in key and "een leemte" in key
    no_key = tmp_path / "no-key.html"
    assert main(["exercises", "--handout", "-o", str(no_key)]) == 0
    assert "Answer key" not in no_key.read_text(encoding="utf-8")


@pytest.mark.parametrize("args,message", [
    (["--lang", "fr"], "unknown language 'fr': choose one of en, nl"),
    (["--format", "anki", "-o", "/nonexistent-folder/x.apkg"], "cannot write /nonexistent-folder/x.apkg: No such file"),
    (["--format", "gift", "--key"], "--key goes with the handout"),
])
def test_bad_arguments_are_one_line(capsys, args, message):
    assert main(["exercises", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
