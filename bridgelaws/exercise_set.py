"""The exercise set of issue 13 §5: an exercise for every case of the catalogue, with questions whose
answers are the engine's rulings.

Every case of ``data/cases.yaml`` gets at least one exercise: the eight hand-written exercises of
``data/exercises.yaml`` (their own wording) cover the cases they raise, and every other case gets one
generated from its canonical scenario (``cases.yaml``'s ``scenario``). Nothing here is stored: each
question's key is a field of the ruling :func:`bridgelaws.judge` returns for the event of the case,
and the evidence shown with it is that ruling's articles and verbatim quote (silent: *not in this
excerpt*; referenced: the articles outside the excerpt it points to).

The answer kinds (:class:`AnswerKind`), each a closed set of choices the engine tells apart:

- ``status``: what the edition's excerpt does with the case: rules on it, points to an article outside
  the excerpt, or is silent (not in the excerpt). Asked for every edition in which the scenario raises
  the case.
- ``must-pass``: who must pass afterwards (nobody, a player at his next turn, a player for the rest of
  the auction, it depends on a choice the text offers; :func:`bridgelaws.present.must_pass_key`).
  Asked for the editions whose text rules, in exercises where some such edition bars a player or
  offers a choice that does.
- ``call``: what becomes of the irregular call (it stands, it does not stand, it counts as a pass, it
  counts as a double of the bid actually made): the ruling's ``deemed`` and ``call_stands``. Asked for
  the editions whose text rules and says one of these.
- ``outcome``: what becomes of the deal (the same dealer deals again; not played, the next dealer
  deals; passed out, no redeal): the ruling's ``outcome``. Asked for the editions whose text rules
  and names one.

Nothing is asked where the text is silent or only points elsewhere beyond the ``status``: the
engine's default there is an assumption, not law, and is never a key.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from . import datafiles
from .content import exercises as handwritten_exercises
from .editions import EDITIONS
from .errors import BridgeLawsError
from .judging import judge
from .present import must_pass_key
from .rulings import Ruling, cases, find_case
from .vocabulary import Layer, Outcome, Status


class AnswerKind(StrEnum):
    """The kinds of question (see the module's docstring)."""

    STATUS = "status"
    MUST_PASS = "must-pass"
    CALL = "call"
    OUTCOME = "outcome"


#: The choices of each kind, in the order a student sees them. Each choice's words are the message
#: ``exercises.choice.<kind>.<choice>`` (data/messages/exercises.yaml).
CHOICES: dict[AnswerKind, tuple[str, ...]] = {
    AnswerKind.STATUS: (Status.RULED.value, Status.REFERENCED.value, Status.SILENT.value),
    AnswerKind.MUST_PASS: ("nobody", "next-turn", "rest-of-auction", "choice"),
    AnswerKind.CALL: ("stands", "cancelled", "deemed-pass", "deemed-double-of-bid-made"),
    AnswerKind.OUTCOME: (Outcome.REDEAL.value, Outcome.NEXT_DEAL.value, Outcome.PASSED_OUT.value),
}


@dataclass(frozen=True)
class Evidence:
    """What the engine's answer rests on: the ruling's status, articles, verbatim quote (ruled or
    referenced) and the articles outside the excerpt it points to."""

    status: Status
    articles: tuple[str, ...]
    references: tuple[str, ...]
    quote_nl: str | None
    quote_from: str | None
    summary_en: str


@dataclass(frozen=True)
class Question:
    """One question of an exercise: what ``edition`` prescribes, of one kind; ``key`` is one of
    ``CHOICES[kind]``."""

    exercise: str
    edition: str
    kind: AnswerKind
    key: str
    evidence: Evidence

    @property
    def id(self) -> str:
        return f"{self.exercise}:{self.edition}:{self.kind}"

    @property
    def choices(self) -> tuple[str, ...]:
        return CHOICES[self.kind]


@dataclass(frozen=True)
class Exercise:
    """A scenario, the case it is about, and its questions (edition by edition, kind by kind).

    ``handwritten``: from ``data/exercises.yaml`` (its title and question are the messages
    ``exercises.story.<id>.title`` / ``.question``); otherwise generated from the case's canonical
    scenario. ``not_raised``: the editions in which the scenario does not raise the case (nothing is
    asked for them)."""

    id: str
    case: str
    dealer: str
    tokens: str
    handwritten: bool
    questions: tuple[Question, ...]
    not_raised: tuple[str, ...] = ()


def call_key(ruling: Ruling) -> str | None:
    """What becomes of the irregular call under ``ruling``, a choice of ``CHOICES[CALL]``; None where
    the ruling does not say."""
    if ruling.deemed == "P":
        return "deemed-pass"
    if ruling.deemed == "same":
        return "deemed-double-of-bid-made"
    if ruling.call_stands is True:
        return "stands"
    if ruling.call_stands is False:
        return "cancelled"
    return None


def _evidence(ruling: Ruling) -> Evidence:
    return Evidence(status=ruling.status, articles=tuple(ruling.articles), references=tuple(ruling.references),
                    quote_nl=ruling.quote_nl if ruling.status != Status.SILENT else None,
                    quote_from=ruling.quote_from if ruling.status != Status.SILENT else None,
                    summary_en=ruling.summary_en)


def _bars_someone(rulings: Iterable[Ruling]) -> bool:
    return any(must_pass_key(ruling) not in ("nobody", "not-said") for ruling in rulings)


def _case_bars_someone(case: str) -> bool:
    """Whether the case's canonical scenario bars a player under some edition: then "who must pass"
    is asked in every exercise of the case (a low card exposed is worth asking about because an
    honour bars)."""
    scenario = find_case(case).scenario
    if not scenario:
        return False
    dealer = str(scenario.get("dealer", "N"))
    found = (case_ruling(scenario["tokens"], dealer, case, edition.year) for edition in EDITIONS)
    return _bars_someone(ruling for ruling in found if ruling is not None and ruling.status == Status.RULED)


def case_ruling(tokens: str, dealer: str, case: str, edition: str) -> Ruling | None:
    """The ruling of the first event of ``case`` when ``edition`` judges the scenario; None when the
    scenario does not raise the case there."""
    # The exercises ask what each excerpt covers (ruled, referenced, silent): the corpus layer, named.
    result = judge(tokens, edition, dealer, layer=Layer.CORPUS)
    return next((event.ruling for event in result.events if event.case == case and event.ruling is not None), None)


def first_case(tokens: str, dealer: str) -> str:
    """The case a hand-written exercise without ``case`` is about: the first event with a case,
    under the first edition (chronologically) in which the scenario raises one."""
    for edition in EDITIONS:
        found = next((event.case for event in judge(tokens, edition, dealer, layer=Layer.CORPUS).events if event.case),
                     None)
        if found:
            return found
    raise BridgeLawsError(f"exercises: the scenario {tokens!r} raises no case under any edition")


def build_exercise(exercise_id: str, case: str, tokens: str, dealer: str, handwritten: bool) -> Exercise:
    """The exercise's questions, from a fresh judgement of its scenario under every edition."""
    rulings = {edition.year: case_ruling(tokens, dealer, case, edition.year) for edition in EDITIONS}
    raised = {year: ruling for year, ruling in rulings.items() if ruling is not None}
    ruled = {year: ruling for year, ruling in raised.items() if ruling.status == Status.RULED}
    ask_must_pass = _bars_someone(ruled.values()) or _case_bars_someone(case)
    questions: list[Question] = []
    for year, ruling in raised.items():
        evidence = _evidence(ruling)
        questions.append(Question(exercise_id, year, AnswerKind.STATUS, str(ruling.status), evidence))
        if year not in ruled:
            continue
        if ask_must_pass:
            questions.append(Question(exercise_id, year, AnswerKind.MUST_PASS, must_pass_key(ruling), evidence))
        what = call_key(ruling)
        if what is not None:
            questions.append(Question(exercise_id, year, AnswerKind.CALL, what, evidence))
        if ruling.outcome is not None:
            questions.append(Question(exercise_id, year, AnswerKind.OUTCOME, str(ruling.outcome), evidence))
    for question in questions:
        if question.key not in question.choices:  # a new value of the engine the choices do not offer yet
            raise BridgeLawsError(f"exercises: {question.id}: the engine's answer {question.key!r} is not "
                                  f"one of the choices {', '.join(question.choices)}")
    return Exercise(exercise_id, case, dealer, tokens, handwritten, tuple(questions),
                    tuple(year for year, ruling in rulings.items() if ruling is None))


@datafiles.cached
def exercise_set() -> tuple[Exercise, ...]:
    """The hand-written exercises first (in their file's order), then one generated exercise for
    every case of the catalogue they do not cover (in the catalogue's order). Built once (each
    question judges its scenario); :func:`bridgelaws.datafiles.reset` forgets it with the data."""
    found: list[Exercise] = []
    for entry in handwritten_exercises():
        dealer = str(entry.get("dealer", "N"))
        case = entry.get("case") or first_case(entry["tokens"], dealer)
        found.append(build_exercise(entry["id"], case, entry["tokens"], dealer, handwritten=True))
    covered = {exercise.case for exercise in found}
    for case in cases():
        if case.id in covered or not case.scenario:
            continue
        dealer = str(case.scenario.get("dealer", "N"))
        found.append(build_exercise(f"case-{case.id}", case.id, case.scenario["tokens"], dealer, handwritten=False))
    return tuple(found)


def find_exercise_in_set(exercise_id: str) -> Exercise:
    every = exercise_set()
    for exercise in every:
        if exercise.id == exercise_id:
            return exercise
    raise BridgeLawsError(f"unknown exercise {exercise_id!r}: one of {', '.join(e.id for e in every)}")


def case_name(case: str, lang: str) -> str:
    """The case's name in the catalogue (:meth:`bridgelaws.rulings.Case.name`)."""
    return find_case(case).name(lang)
