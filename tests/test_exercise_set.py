"""The exercise set (issue 13 §5, issue 25 §6): an exercise for every case, each key a fresh judgement
of its scenario under the default layer (the best sourced answer), at least three quarters of the
questions about what the law does, a gap only ever asked "does the excerpt say?", every answer
labelled with its layer, every quote verbatim in data/editions/<year>/corpus.json; the quiz's marks and score; the handout."""

from __future__ import annotations

import json
import re
from html import escape, unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bridgelaws.text import i18n
from bridgelaws import judge
from bridgelaws.text.content import exercises as handwritten
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.presentation.exercise_set import CHOICES, LAW_KINDS, AnswerKind, exercise_set
from bridgelaws.judging.rulings import case_ids
from bridgelaws.presentation.views import evidence_text, handout_html, quiz_html, quiz_score

EDITIONS_DATA = Path(__file__).resolve().parent.parent / "data" / "editions"
SET = exercise_set()


def corpus_text(record_id: str) -> str:
    """The text of a record and of the records under it, read from the JSON itself."""
    year = record_id.split(":")[0]
    records = json.loads((EDITIONS_DATA / year / "corpus.json").read_text(encoding="utf-8"))["records"]
    return "\n".join(r["text"] for r in records if r["id"] == record_id or r["id"].startswith(record_id + "."))


def expected_key(kind: AnswerKind, ruling, offender) -> str | None:
    """What the question of ``kind`` must answer, read from the ruling's own fields (not through the
    code under test); None where nothing is to be asked."""
    rules = ruling.status in ("ruled", "supplement")
    if kind is AnswerKind.STATUS:
        return None if rules else str(ruling.status)
    if not rules:
        return None  # a gap: never a question about what the law does
    if kind is AnswerKind.OUTCOME:
        return ruling.outcome
    if kind is AnswerKind.CALL:
        return {"P": "deemed-pass", "same": "deemed-double-of-bid-made"}.get(ruling.deemed) or (
            {True: "stands", False: "cancelled"}.get(ruling.call_stands))
    if kind is AnswerKind.NEXT:
        return None if ruling.assumption else ruling.next
    if kind is AnswerKind.OPTIONS:
        if not ruling.options:
            return None
        return {"offender" if o["by"] == str(offender) else "opponent" for o in ruling.options}.pop()
    if kind is AnswerKind.ACCEPTANCE:
        if not ruling.acceptance:
            return None
        return "lho" if ruling.layer == "supplement" else "either-opponent"
    bars = list(ruling.barred)
    chosen = [o for o in ruling.options if o["choice"] == ruling.chosen]
    if chosen:
        bars += chosen[0]["barred"]
    elif any(o["barred"] for o in ruling.options):
        return "choice"
    if not bars:
        return None if ruling.assumption else "nobody"
    return "rest-of-auction" if any(b["scope"] == "rest-of-auction" for b in bars) else "next-turn"


def test_every_case_has_an_exercise_and_the_handwritten_ones_stay():
    assert {e.case for e in SET} == set(case_ids())
    assert [e.id for e in SET if e.handwritten] == [e["id"] for e in handwritten()]
    assert len({e.id for e in SET}) == len(SET)
    # the case of each hand-written exercise, stated by hand
    cases = {e.id: e.case for e in SET if e.handwritten}
    assert cases == {"insufficient-bid": "insufficient-bid", "exposed-honour": "exposed-card",
                     "exposed-low-card": "exposed-card", "four-passes": "all-pass",
                     "double-partner": "inadmissible-double", "bid-out-of-rotation": "bid-out-of-rotation",
                     "misnamed-double": "misnamed-double", "skipped-turn": "skipped-turn-at-end"}


@pytest.mark.parametrize("exercise", SET, ids=lambda e: e.id)
def test_every_key_is_a_fresh_judgement_of_the_scenario(exercise):
    assert exercise.questions, exercise.id
    asked = {(q.edition, q.kind) for q in exercise.questions}
    assert len(asked) == len(exercise.questions)  # one question of each kind per edition
    for edition in EDITIONS:
        result = judge(exercise.tokens, edition, exercise.dealer)  # the default layer
        events = [e for e in result.events if e.case == exercise.case and e.ruling is not None]
        if not events:
            assert edition.year in exercise.not_raised
            assert not any(year == edition.year for year, _ in asked)
            continue
        ruling, offender = events[0].ruling, events[0].seat
        mine = [q for q in exercise.questions if q.edition == edition.year]
        if edition.year in exercise.not_asked:
            assert not mine and ruling.assumption, (exercise.id, edition.year)
        for question in mine:
            assert question.key in CHOICES[question.kind]
            assert question.key == expected_key(question.kind, ruling, offender), question.id
            evidence = question.evidence
            if question.kind is AnswerKind.ACCEPTANCE:  # the acceptance's own article
                assert evidence.articles[0].startswith(edition.year) and evidence.layer == ruling.layer
                continue
            assert evidence.status == ruling.status and evidence.articles == tuple(ruling.articles)
            assert evidence.layer == ruling.layer
            if ruling.status == "silent":
                assert evidence.quote_nl is None
            if ruling.status == "referenced":
                assert evidence.references and evidence.references == tuple(ruling.references)
            if ruling.layer == "supplement":
                assert evidence.quote_nl is None and evidence.provenance == tuple(ruling.provenance)


#: The editions issue 25 §6 set its goal for ("at least three quarters of the questions ask what the law
#: does", drawn from each edition's best answer). Named, as a test names the editions it is about: an
#: edition added later (the trial of issue 23: a made-up sixth edition, whose supplement is empty until
#: someone reads a source for it) asks mostly "does the excerpt say?", and is held to the rest below.
GOAL_EDITIONS = ("1932", "1936", "1949", "2007", "2017")


def test_three_quarters_ask_what_the_law_does_and_a_gap_is_only_a_gap():
    questions = [q for e in SET for q in e.questions]
    goal = [q for q in questions if q.edition in GOAL_EDITIONS]
    law = [q for q in goal if q.kind in LAW_KINDS]
    assert 4 * len(law) >= 3 * len(goal), (len(law), len(goal))
    law = [q for q in questions if q.kind in LAW_KINDS]
    for question in questions:
        rules = question.evidence.status in ("ruled", "supplement")
        # a law question only where the best answer rules; "does the excerpt say?" only of a gap
        assert rules == (question.kind is not AnswerKind.STATUS), question.id
        if question.kind is AnswerKind.STATUS:
            assert question.key in ("silent", "referenced")
    # the supplement's answers are asked too, each from outside the corpus
    assert any(q.evidence.layer == "supplement" for q in law)
    assert {q.kind for q in law} == set(LAW_KINDS)


def test_every_answer_is_labelled_with_its_layer():
    for exercise in SET:
        html = quiz_html(exercise, {}, checked=True)
        for question in exercise.questions:
            row = re.search(rf'<tr data-question="{re.escape(question.id)}">(.*?)</tr>', html).group(1)
            text = evidence_text(question.evidence)
            if question.evidence.layer == "supplement":
                assert 'data-layer="supplement"' in row and "outside the corpus: paraphrase of" in row
                assert text.startswith("outside the corpus: paraphrase of ")
                assert question.evidence.provenance[0].source_title in text
            elif question.kind is AnswerKind.STATUS:
                assert "a gap: no source read outside the corpus rules on it either" in row
            else:
                assert 'data-layer="corpus"' in row and text.startswith("from the corpus")


def test_every_quote_is_verbatim_in_the_corpus():
    quotes = [(q.evidence.quote_from, q.evidence.quote_nl) for e in SET for q in e.questions if q.evidence.quote_nl]
    assert len(quotes) > 20
    for source, quote in quotes:
        assert quote in corpus_text(source), (source, quote)


def test_some_keys_by_hand():
    """Read against the Dutch and the supplement's paraphrases:
    - 1936:22.6.b "dan wordt de overtreder geacht te hebben gepast, en zijn partij moet passen,
      telkens wanneer het haar beurt is om te bieden": the double of partner's bid counts as a pass,
      the side passes for the rest of the auction;
    - 1949:22 "Het feit, dat geen enkele speler een bod heeft gedaan is geen reden voor een nieuwe
      gift", 2017:22.B "Er mag niet opnieuw gegeven worden": passed out; 1932:11.2 "de speler wiens
      beurt het is om te geven, geeft" and 1936:15 "de speler, die aan de beurt komt, geeft": the next
      dealer deals; 2007 (outside the corpus, Law 22 read in Norwegian, supplement 2007:22.B): the
      hands go back into the board unplayed, no new deal;
    - 1936:22.3 "moet het voldoende gemaakt worden ... indien de overtreder kiest": the insufficient
      bid does not stand, the offender replaces it and chooses; 22.2 "gaat het bieden voort, alsof":
      a call over it accepts it (by either opponent, the engine's reading of the heading);
    - 2017 insufficient bid (supplement 2017:27.A.1): the left-hand opponent may accept it by calling;
    - 2007/2017 bid above seven (supplement 2007:38, 2017:35.C/38): a pass takes its place, both of
      the offending side pass for the rest of the auction;
    - 1932:11.2 / 1936:22.3: the 1932 excerpt only points elsewhere for an insufficient bid, a gap."""
    keys = {q.id: q.key for e in SET for q in e.questions}
    assert keys["double-partner:1936:call"] == "deemed-pass"
    assert keys["double-partner:1936:must-pass"] == "rest-of-auction"
    assert keys["four-passes:1949:outcome"] == keys["four-passes:2017:outcome"] == "passed-out"
    assert keys["four-passes:2007:outcome"] == "passed-out"
    assert keys["four-passes:1932:outcome"] == keys["four-passes:1936:outcome"] == "next-deal"
    assert keys["insufficient-bid:1932:status"] == "referenced"
    assert keys["insufficient-bid:1936:call"] == "cancelled"
    assert keys["insufficient-bid:1936:next"] == "offender"
    assert keys["insufficient-bid:1936:options"] == "offender"
    assert keys["insufficient-bid:1936:acceptance"] == "either-opponent"
    assert keys["insufficient-bid:2017:acceptance"] == "lho"
    assert keys["case-bid-above-seven:2017:call"] == "deemed-pass"
    assert keys["case-bid-above-seven:2007:must-pass"] == "rest-of-auction"
    assert keys["exposed-honour:1936:must-pass"] == "rest-of-auction"
    assert keys["exposed-honour:1949:must-pass"] == "next-turn"
    # a gap is asked as a gap, never "what happens"
    assert "four-passes:2007:status" not in keys and "double-partner:1932:call" not in keys
    assert keys["double-partner:1932:status"] == "silent"


def test_every_choice_and_stem_has_both_languages():
    for kind, choices in CHOICES.items():
        assert f"exercises.stem.{kind}" in i18n.catalogue()
        for choice in choices:
            assert f"exercises.choice.{kind}.{choice}" in i18n.catalogue()
    for entry in handwritten():  # the English is the data file's, word for word
        assert i18n.t(f"exercises.story.{entry['id']}.title") == entry["title"]
        assert i18n.t(f"exercises.story.{entry['id']}.question") == entry["question"]
        assert i18n.t(f"exercises.story.{entry['id']}.question", "nl") != entry["question"]


# --- the quiz view -----------------------------------------------------------------------------------

def marks(html: str) -> list[str]:
    return re.findall(r'data-mark="(\w+)"', html)


def test_quiz_html_marks_right_and_wrong_with_signs_not_colour_alone():
    exercise = next(e for e in SET if e.id == "four-passes")
    before = quiz_html(exercise)
    assert not marks(before) and "1932:11.2" not in before
    answers = {q.id: q.key for q in exercise.questions}
    wrong = "four-passes:1949:outcome"
    answers[wrong] = "redeal"
    del answers["four-passes:2017:outcome"]
    html = quiz_html(exercise, answers, checked=True)
    assert marks(html).count("right") == len(exercise.questions) - 2
    row = re.search(rf'<tr data-question="{wrong}">(.*?)</tr>', html).group(1)
    assert "✗ wrong" in row and "#c62828" in row and "passed out, no redeal" in row
    assert "1949:22" in row  # the article the answer rests on, with its quote
    assert "✓ right" in html and "– not answered" in html
    assert quiz_score(exercise, answers).right == len(exercise.questions) - 2
    assert f"this exercise: {len(exercise.questions) - 2} / {len(exercise.questions)}" in html


def test_quiz_html_in_dutch():
    exercise = next(e for e in SET if e.id == "insufficient-bid")
    html = quiz_html(exercise, {q.id: q.key for q in exercise.questions}, checked=True, lang="nl")
    assert "Gever Noord" in html and "✓ goed" in html and "Eén harten over één schoppen" in html
    assert "moet het voldoende gemaakt worden" in html  # the quote stays verbatim Dutch
    assert "buiten het corpus: parafrase van 2017:27." in html and "uit het corpus" in html
    # the Dutch summary of the 2017 supplementary ruling, written beside the English (issue 25 §3)
    summary = next(e.ruling for e in judge(exercise.tokens, "2017", exercise.dealer).events if e.case == "insufficient-bid").summary_nl
    assert summary and " ".join(escape(summary).split()[:10]) in " ".join(html.split())
    for exercise in SET:  # every exercise: nothing English but the sources' own titles
        html = quiz_html(exercise, {q.id: q.key for q in exercise.questions}, checked=True, lang="nl")
        text = re.sub(r"<[^>]+>", " ", unescape(html.split("</style>")[-1]))
        for question in exercise.questions:
            for source in question.evidence.provenance:
                text = text.replace(source.source_title, " ")
        assert " the " not in text and "Outside the corpus" not in text, exercise.id


def test_generated_exercise_names_its_case_and_says_where_it_does_not_arise():
    exercise = next(e for e in SET if e.case == "call-when-barred")
    html = quiz_html(exercise)
    assert "Call by a player who must pass" in html
    # Read in the five texts; an edition after 2017 may join the list.
    assert re.search(r"Under 1932, 1949, 2007, 2017(, \d{4})* this scenario does not raise the case", html), html


# --- the handout -------------------------------------------------------------------------------------

class _Handout(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.key_style = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        if attrs.get("class") == "bl-key":
            self.key_style = attrs.get("style") or ""


def test_handout_has_every_question_then_a_key_on_its_own_page():
    html = handout_html(SET, key=True)
    parser = _Handout()
    parser.feed(html)
    assert "script" not in parser.tags and "link" not in parser.tags and "img" not in parser.tags
    assert "break-before:page" in parser.key_style
    questions, key = html.split('<section class="bl-key"')
    for exercise in SET:
        for question in exercise.questions:
            assert f'data-question="{question.id}"' in questions
            item = re.search(rf'<li data-question="{re.escape(question.id)}" data-key="([^"]+)">', key)
            assert item and item.group(1) == question.key
    assert "1936:22.3" in key and "moet het voldoende gemaakt worden" in key
    assert "1936:22.3" not in questions  # the answers are not on the question pages
    without = handout_html(SET, key=False)
    assert "bl-key" not in without.split("</style>")[1]


def test_quiz_and_handout_have_no_text_below_14px():
    from test_readable import too_small  # the projector rule of issue 12 §5, the same scan

    exercise = next(e for e in SET if e.id == "four-passes")
    assert too_small(quiz_html(exercise, {q.id: q.key for q in exercise.questions}, checked=True)) == []
    assert too_small(handout_html(SET, key=True, lang="nl")) == []


def test_no_question_is_asked_of_a_ruling_whose_source_was_never_read():
    """"1S S:2S": South bids at East's turn, his right-hand opponent's. 1932's answer is the
    supplement's (data/supplement/rulings/bid-out-of-rotation.yaml), from a 1933 column; its
    ``unread`` says rule 39 was returned only up to the first sentence of 39(1), so the code's rule at
    the right-hand opponent's turn was never read. Nothing is asked for 1932, and the quiz says why;
    1936 (22.5, the corpus) is still asked. Every exercise leaves out every edition whose ruling is
    marked ``unread``."""
    exercise = next(e for e in SET if e.id == "bid-out-of-rotation")
    assert exercise.unread == ("1932",)
    assert not [q for q in exercise.questions if q.edition == "1932"]
    assert [q for q in exercise.questions if q.edition == "1936"]
    header = quiz_html(exercise)
    assert ("Under 1932 the library&#x27;s answer rests on a source that was never read for this situation, "
            "so nothing is asked for them.") in header
    for found in SET:
        for edition in EDITIONS:
            events = [e for e in judge(found.tokens, edition, found.dealer).events
                      if e.case == found.case and e.ruling is not None]
            if events and events[0].ruling.rules and events[0].ruling.unread:
                assert edition.year in found.unread, (found.id, edition.year)
                assert not [q for q in found.questions if q.edition == edition.year]
