"""The exercise set: an exercise for every case of the catalogue, whose questions ask what the law
does, each key a field of the engine's ruling.

Every case of ``data/cases.yaml`` gets at least one exercise: the eight hand-written exercises of
``data/exercises.yaml`` (their own wording) cover the cases they raise, and every other case gets one
generated from its canonical scenario (``cases.yaml``'s ``scenario``). Nothing here is stored: each
question's key is a field of the ruling :func:`bridgelaws.judge` returns for the event of the case
under the default layer (:data:`bridgelaws.text.vocabulary.DEFAULT_LAYER`: the best sourced answer of each
edition: the corpus where its excerpt rules, else a sourced paraphrase from outside the corpus, else
the gap). The evidence shown with each answer names its layer: the corpus's articles and verbatim
quote, or "outside the corpus: paraphrase of ... from ..." with the sources.

The answer kinds (:class:`AnswerKind`), each a closed set of choices the engine tells apart. The
first six ask what the law does, and are asked only of a cell whose best answer rules (the corpus
rules, or a sourced supplementary ruling does):

- ``must-pass``: who must pass afterwards (nobody, a player at his next turn, a player for the rest of
  the auction, it depends on a choice the law offers; :attr:`bridgelaws.judging.ruling_effect.RulingEffect.must_pass`).
  Asked in the exercises of a case that bars a player under some edition; never answered "nobody"
  where the ruling carries an assumption (there the engine may apply less than the law says, as the
  bars of 2007 Law 31A that depend on a later call).
- ``call``: what becomes of the irregular call (it stands, it does not stand, it counts as a pass, it
  counts as a double of the bid actually made): the ruling's ``deemed`` and ``call_stands``.
- ``outcome``: what becomes of the deal (the same dealer deals again; not played, the next dealer
  deals; passed out, no redeal): the ruling's ``outcome``.
- ``next``: who calls next (the offender, replacing his call; the player whose turn it was; the player
  after the offender, as if the call had been in turn; the player who lost his turn): the ruling's
  ``next``, asked only where the ruling carries no assumption (who calls after a call 1936:22.6
  names is the engine's answer, not the text's).
- ``options``: who has a choice of rectification the law offers (the offender, by the call he
  replaces it with; an opponent of the offender): the ruling's ``options``, asked where there are some.
- ``acceptance``: who may accept the irregular call by calling over it (either opponent of the
  offender: 1936:22.2 as the engine reads it; only his left-hand opponent, in rotation: the later
  codes of the supplement): the ruling's ``acceptance``, asked where it names one (the evidence is the
  acceptance's own article).

No question is asked of a supplementary ruling marked ``unread`` (its source never reached the
situation it is applied to: 1932's bid or double at the right-hand opponent's turn, 1932's exposed
card; data/supplement/README.md): its answer is not the code's as read, so it is never a key
(:attr:`Exercise.unread` names those editions, and the quiz says why nothing is asked for them).

And one kind that asks what an excerpt covers, asked only of a gap (a cell silent or referenced in
both layers): ``status`` ("does the excerpt say?": it points to an article outside the excerpt, or it
is not in the excerpt). A gap is never asked as if "nothing happens" were its answer: the engine's
default there is an assumption, not law, and is never a key.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ..text import datafiles
from ..text.content import exercises as handwritten_exercises
from ..auction.calls import Seat
from ..auction.editions import EDITIONS
from ..text.errors import BridgeLawsError
from ..judging.judging import judge
from ..judging.ruling_effect import CallFate, Side
from ..judging.rulings import Ruling, acceptance_ruling, cases, find_case
from ..text.vocabulary import DEFAULT_LAYER, Layer, Outcome, Status

if TYPE_CHECKING:
    from ..supplement.supplement import Provenance


class AnswerKind(StrEnum):
    """The kinds of question (see the module's docstring)."""

    MUST_PASS = "must-pass"
    CALL = "call"
    OUTCOME = "outcome"
    NEXT = "next"
    OPTIONS = "options"
    ACCEPTANCE = "acceptance"
    STATUS = "status"


#: The kinds that ask what the law does: at least three quarters of the questions are of these kinds
#: (docs/decisions/2026-12-02-quiz-asks-the-law.md).
LAW_KINDS = frozenset({AnswerKind.MUST_PASS, AnswerKind.CALL, AnswerKind.OUTCOME, AnswerKind.NEXT,
                       AnswerKind.OPTIONS, AnswerKind.ACCEPTANCE})


#: The choices of each kind, in the order a student sees them. Each choice's words are the message
#: ``exercises.choice.<kind>.<choice>`` (data/messages/exercises.yaml).
CHOICES: dict[AnswerKind, tuple[str, ...]] = {
    AnswerKind.MUST_PASS: ("nobody", "next-turn", "rest-of-auction", "choice"),
    AnswerKind.CALL: ("stands", "cancelled", "deemed-pass", "deemed-double-of-bid-made"),
    AnswerKind.OUTCOME: (Outcome.REDEAL.value, Outcome.NEXT_DEAL.value, Outcome.PASSED_OUT.value),
    AnswerKind.NEXT: ("offender", "proper", "rotation", "skipped"),
    AnswerKind.OPTIONS: ("nobody", "offender", "opponent"),
    AnswerKind.ACCEPTANCE: ("nobody", "either-opponent", "lho"),
    # Asked only of a gap, where no sourced answer rules: the excerpt points elsewhere, or is silent.
    AnswerKind.STATUS: (Status.REFERENCED.value, Status.SILENT.value),
}




@dataclass(frozen=True)
class Evidence:
    """What the engine's answer rests on, and from which layer: the ruling's status, articles,
    verbatim quote (the corpus, ruled or referenced) and the articles outside the excerpt it points
    to; for a supplementary ruling (status ``supplement``) no quote but its sources (``provenance``:
    "outside the corpus: paraphrase of ... from ..."), and its summaries."""

    status: Status
    articles: tuple[str, ...]
    references: tuple[str, ...]
    quote_nl: str | None
    quote_from: str | None
    summary_en: str
    layer: Layer = Layer.CORPUS
    provenance: tuple[Provenance, ...] = ()
    summary_nl: str | None = None
    #: The corpus excerpt's own status where the answer comes from outside it (silent or referenced).
    corpus_status: Status | None = None

    def outside_corpus(self, lang: str = "en") -> str | None:
        """"outside the corpus: paraphrase of 2017:27.B.1 from ..." in ``lang``; None for the corpus."""
        if self.layer is not Layer.SUPPLEMENT:
            return None
        from ..supplement.supplement import provenance_line

        return provenance_line(self.provenance, lang)

    def summary(self, lang: str = "en") -> str:
        """The ruling's summary in ``lang`` where one is written, else the English one."""
        return (self.summary_nl if lang == "nl" and self.summary_nl else None) or self.summary_en


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
    #: The editions whose answer rules but rests on an assumption of the engine's for everything the
    #: quiz could ask (a bar the engine cannot apply, who calls next): nothing is asked for them.
    not_asked: tuple[str, ...] = ()
    #: The editions whose answer rules from a source never read for this situation (the ruling's
    #: ``unread``): nothing is asked for them.
    unread: tuple[str, ...] = ()


def call_key(ruling: Ruling) -> str | None:
    """What becomes of the irregular call under ``ruling``, a choice of ``CHOICES[CALL]``; None where
    the ruling does not say."""
    return _CALL_KEYS.get(ruling.effect.fate)


#: The quiz's words for the fate of the call (a fate the ruling does not say is not asked).
_CALL_KEYS = {CallFate.DEEMED_PASS: "deemed-pass", CallFate.DEEMED_SAME: "deemed-double-of-bid-made",
              CallFate.STANDS: "stands", CallFate.CANCELLED: "cancelled"}


def options_key(ruling: Ruling, offender: Seat | None) -> str | None:
    """Who has a choice the ruling offers (``offender`` made the irregular call), a choice of
    ``CHOICES[OPTIONS]``; None where it offers none."""
    effect = ruling.effect
    if not effect.options:
        return None
    if offender is None:
        raise BridgeLawsError(f"exercises: {ruling.case} {ruling.edition}: options, but no player made the event")
    sides = set()
    for option in effect.options:
        if option.side is Side.OFFENDER:
            sides.add("offender")
        elif option.side is Side.OPPONENT:
            sides.add("opponent")
        else:  # the offender's partner: no option of the data gives him one yet
            raise BridgeLawsError(f"exercises: {ruling.case} {ruling.edition}: an option for {option.by}, the "
                                  "offender's partner, which the quiz's choices do not name")
    if len(sides) > 1:
        raise BridgeLawsError(f"exercises: {ruling.case} {ruling.edition}: options for both sides")
    return sides.pop()


def acceptance_key(ruling: Ruling) -> str | None:
    """Who may accept the irregular call by calling over it, a choice of ``CHOICES[ACCEPTANCE]``; None
    where the ruling names no acceptance (the engine then applies none, but the law may: not asked).
    The engine's reading (``judging._calls_over``): under the corpus (1936:22.2) a call by either
    opponent of the offender; under the supplement's later codes, the left-hand opponent's alone
    (:attr:`bridgelaws.judging.ruling_effect.RulingEffect.accepted_by`)."""
    return ruling.effect.accepted_by


def _evidence(ruling: Ruling) -> Evidence:
    return Evidence(status=ruling.status, articles=tuple(ruling.articles), references=tuple(ruling.references),
                    quote_nl=ruling.quote_nl if ruling.status != Status.SILENT else None,
                    quote_from=ruling.quote_from if ruling.status != Status.SILENT else None,
                    summary_en=ruling.summary_en, layer=ruling.layer, provenance=tuple(ruling.provenance),
                    summary_nl=ruling.summary_nl, corpus_status=ruling.corpus_status)


def _acceptance_evidence(case: str, year: str, seat: Seat, ruling: Ruling) -> Evidence:
    """What an acceptance rests on: from the corpus, the acceptance's own article and verbatim quote
    (1936:22.2); from outside it, the acceptance article's source and the ruling's summary, which
    states the acceptance (in Dutch where one is written)."""
    if ruling.layer is not Layer.SUPPLEMENT:
        return _evidence(acceptance_ruling(case, year, seat, ruling))
    from ..supplement.supplement import provenance

    article = str(ruling.acceptance)
    return Evidence(status=ruling.status, articles=(article,), references=(), quote_nl=None, quote_from=None,
                    summary_en=ruling.summary_en, layer=Layer.SUPPLEMENT, provenance=(provenance(article),),
                    summary_nl=ruling.summary_nl, corpus_status=ruling.corpus_status)


def _bars_someone(rulings: Iterable[Ruling]) -> bool:
    return any(ruling.effect.must_pass not in ("nobody", "not-said") for ruling in rulings)


def _case_bars_someone(case: str) -> bool:
    """Whether the case's canonical scenario bars a player under some edition: then "who must pass"
    is asked in every exercise of the case (a low card exposed is worth asking about because an
    honour bars)."""
    scenario = find_case(case).scenario
    if not scenario:
        return False
    dealer = str(scenario.get("dealer", "N"))
    found = (case_ruling(scenario["tokens"], dealer, case, edition.year) for edition in EDITIONS)
    return _bars_someone(ruling for ruling in found if ruling is not None and ruling.rules)


def case_event(tokens: str, dealer: str, case: str, edition: str) -> tuple[Ruling, Seat | None] | None:
    """The ruling of the first event of ``case`` when ``edition`` judges the scenario under the default
    layer, with the seat of that event (None for an incident no player made); None when the scenario
    does not raise the case there."""
    result = judge(tokens, edition, dealer, layer=DEFAULT_LAYER)
    return next(((event.ruling, event.seat) for event in result.events
                 if event.case == case and event.ruling is not None), None)


def case_ruling(tokens: str, dealer: str, case: str, edition: str) -> Ruling | None:
    """The ruling of the first event of ``case`` when ``edition`` judges the scenario (the default
    layer: the best sourced answer); None when the scenario does not raise the case there."""
    found = case_event(tokens, dealer, case, edition)
    return None if found is None else found[0]


def first_case(tokens: str, dealer: str) -> str:
    """The case a hand-written exercise without ``case`` is about: the first event with a case,
    under the first edition (chronologically) in which the scenario raises one."""
    for edition in EDITIONS:
        found = next((event.case for event in judge(tokens, edition, dealer, layer=DEFAULT_LAYER).events if event.case),
                     None)
        if found:
            return found
    raise BridgeLawsError(f"exercises: the scenario {tokens!r} raises no case under any edition")


def build_exercise(exercise_id: str, case: str, tokens: str, dealer: str, handwritten: bool) -> Exercise:
    """The exercise's questions, from a fresh judgement of its scenario under every edition."""
    events = {edition.year: case_event(tokens, dealer, case, edition.year) for edition in EDITIONS}
    raised = {year: found for year, found in events.items() if found is not None}
    ask_must_pass = (_bars_someone(ruling for ruling, _ in raised.values() if ruling.rules)
                     or _case_bars_someone(case))
    questions: list[Question] = []
    not_asked: list[str] = []
    unread: list[str] = []
    for year, (ruling, seat) in raised.items():
        if ruling.rules and ruling.unread:
            unread.append(year)  # its source never reached this situation: no key
            continue
        if not ruling.rules:
            # A gap (silent or referenced in both layers): only "does the excerpt say?".
            questions.append(Question(exercise_id, year, AnswerKind.STATUS, str(ruling.status), _evidence(ruling)))
            continue
        asked = _law_questions(exercise_id, case, year, ruling, seat, ask_must_pass)
        if not asked:
            not_asked.append(year)
        questions += asked
    for question in questions:
        if question.key not in question.choices:  # a new value of the engine the choices do not offer yet
            raise BridgeLawsError(f"exercises: {question.id}: the engine's answer {question.key!r} is not "
                                  f"one of the choices {', '.join(question.choices)}")
    if not questions:
        raise BridgeLawsError(f"exercises: {exercise_id}: no question can be asked of its scenario")
    return Exercise(exercise_id, case, dealer, tokens, handwritten, tuple(questions),
                    tuple(year for year, found in events.items() if found is None), tuple(not_asked), tuple(unread))


def _law_questions(exercise_id: str, case: str, year: str, ruling: Ruling, seat: Seat | None,
                   ask_must_pass: bool) -> list[Question]:
    """The questions of what the law does, asked of a cell whose best answer rules: each key read
    from the ruling's effect (:class:`bridgelaws.judging.ruling_effect.RulingEffect`)."""
    effect = ruling.effect
    evidence = _evidence(ruling)
    passing = effect.must_pass
    passing_key = None if passing == "nobody" and ruling.assumption else passing
    keys: list[tuple[AnswerKind, str | None]] = [
        (AnswerKind.MUST_PASS, passing_key if ask_must_pass else None),
        (AnswerKind.CALL, call_key(ruling)),
        (AnswerKind.OUTCOME, None if effect.outcome is None else str(effect.outcome)),
        (AnswerKind.NEXT, None if effect.next is None or ruling.assumption else str(effect.next)),
        (AnswerKind.OPTIONS, options_key(ruling, seat))]
    asked = [Question(exercise_id, year, kind, key, evidence) for kind, key in keys if key is not None]
    accepted = acceptance_key(ruling)
    if accepted is not None and seat is not None:
        asked.append(Question(exercise_id, year, AnswerKind.ACCEPTANCE, accepted,
                              _acceptance_evidence(case, year, seat, ruling)))
    if not asked and passing_key is not None:
        # Nothing else to ask of a cell that rules: who must pass (a review bars no one).
        asked.append(Question(exercise_id, year, AnswerKind.MUST_PASS, passing_key, evidence))
    return asked


@datafiles.cached
def exercise_set() -> tuple[Exercise, ...]:
    """The hand-written exercises first (in their file's order), then one generated exercise for
    every case of the catalogue they do not cover (in the catalogue's order). Built once (each
    question judges its scenario); :func:`bridgelaws.text.datafiles.reset` forgets it with the data."""
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
    """The case's name in the catalogue (:meth:`bridgelaws.judging.rulings.Case.name`)."""
    return find_case(case).name(lang)
