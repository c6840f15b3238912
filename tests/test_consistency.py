"""Issue 21 §1: every ruling does what it says, in every case, edition, layer and catalogue scenario.

Every scenario the project has (the case catalogue and its variants, the stepper's scenarios, the
exercises, the test cases of both layers, and a few probes of whose turn it was and how a card became
known) is judged under every edition of the registry and in both layers, one event at a time. After
each event that a ruling rules on, four things are checked:

1. **No forbidden call is open or accepted.** A barred player's legal calls are a pass alone, and a call
   he makes other than a pass never stands as a proper call; while an offender owes a replacement, no
   call the ruling's requirement forbids is listed; a replacement the requirement forbids never stands.
2. **The structured fields are what the engine applies.** Every bar of the ruling (and of the option
   chosen) is in force after the event and no other bar is added by it; the call's fate (``call_stands``,
   ``deemed``), who calls next (``next``), a change of call made or not, a new deal (``outcome``).
3. **The summary's statements have a structured field.** The summary is cut into clauses; a clause
   that names a circumstance the engine can tell (whose turn it was, how a card became known, a slip
   or a change of mind, before or after the first bid) speaks only of that circumstance, the others of
   every event. In the clauses that speak of this event: a bar "for the rest of the auction" or "at his
   next turn", "the first call stands", a double or redouble "not allowed" as replacement, a new deal,
   each needs its field (a bar, an option's bar, ``call_stands``, ``requires``, an option or
   ``outcome``). A clause that is conditional ("if", "unless") may instead be named in the ruling's
   assumption as not applied.
4. **What the engine applies is what the summary says.** A bar the event imposes (not by an option)
   is stated without condition by a clause that speaks of this event; a change of call the engine makes
   is stated as a replacement; a ruling applied to a card the token says was led too early or made
   known by a remark speaks of that (its summary or the text it cites); the summary of the ruling
   applied never excludes in words what the token states ("not a premature lead").

The expected values are not taken from the code: they are the ruling's own fields and words (its
fields read once, as :class:`bridgelaws.judging.ruling_effect.RulingEffect`: what the engine must apply).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from bridgelaws.text import corpus
from bridgelaws import judge
from bridgelaws.judging import rulings
from bridgelaws.supplement import supplement
from bridgelaws.auction.calls import PASS, Seat
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.text.errors import BridgeLawsError
from bridgelaws.auction.notation import parse_scenario
from bridgelaws.judging.ruling_effect import CallFate

REPO = Path(__file__).resolve().parents[1]

#: Probes: inputs, not expectations. Calls out of rotation at each player's turn, cards made known
#: in each manner, changes of call of each kind, replacements of an insufficient bid.
PROBES = (
    "S:P", "E:P", "W:P", "1S S:P", "1S W:P", "1S P N:P",
    "S:1S", "E:1S", "W:1S", "1S S:2S", "1S W:2S", "1S P N:2S", "1S P P S:2S",
    "1S W:X", "1S P W:X", "1S P W:X P W:X", "1S P W:X 2S",
    "1S W:!SK", "1S W:!S5", "1S W:!S5/early", "1S W:!SQ/early", "1S W:!S5/said", "1S W:!SQ/said",
    "1S W:!S5/seen", "1S W:!SK/seen", "1S W:!S5/said W:!S4",
    "1S N:=2S", "1S N:>2S P P P", "1S N:>P P P P", "1S N:2S", "1S P N:=P",
    "1S 1H X", "1S 1H X 2H", "1S 1H P", "1S 1H 2H", "1S 1H 3H", "1S 1H E:2H",
)


def _catalogue() -> list[tuple[str, str, frozenset[str]]]:
    """(dealer, tokens, where it comes from) for every scenario the project has, once each."""
    found: dict[tuple[str, str], set[str]] = {}

    def add(dealer: Any, tokens: Any, origin: str) -> None:
        if tokens:
            found.setdefault((str(dealer or "N"), str(tokens)), set()).add(origin)

    for case in rulings.cases():
        if case.scenario:
            add(case.scenario["dealer"], case.scenario["tokens"], f"cases.yaml:{case.id}")
        for variant in case.variants:
            add(variant.get("dealer"), variant.get("tokens"), f"cases.yaml:{case.id}")
    for item in yaml.safe_load((REPO / "data" / "scenarios.yaml").read_text(encoding="utf-8")):
        add(item["dealer"], item["tokens"], "scenarios.yaml")
    for item in yaml.safe_load((REPO / "data" / "exercises.yaml").read_text(encoding="utf-8"))["exercises"]:
        add(item["dealer"], item["tokens"], "exercises.yaml")
    for folder in ("cases", "supplement_cases"):
        for path in sorted((REPO / "tests" / folder).glob("*.yaml")):
            for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or ():
                scenario = entry.get("scenario")
                if scenario:
                    add(scenario["dealer"], scenario["tokens"], f"tests/{folder}/{path.name}")
    for tokens in PROBES:
        add("N", tokens, "probe")
    return [(dealer, tokens, frozenset(origins)) for (dealer, tokens), origins in found.items()]


SCENARIOS = _catalogue()
LAYERS = rulings.LAYERS

# --- the words of a summary -----------------------------------------------------------------------

#: Circumstances the engine can tell, by family: the phrases that name each in a summary.
CIRCUMSTANCES: dict[str, dict[str, str]] = {
    "turn": {
        "rho": r"right-hand opponent's (?:turn|or)",
        "partner": r"\bpartner's(?: or (?:at )?(?:the )?left-hand opponent's)? turn|at (?:the )?partner's or",
        "lho": r"(?:partner's or (?:at )?(?:the )?)?left-hand opponent's turn",
    },
    "manner": {
        "early": r"premature|too early|te vroeg|led prematurely",
        "said": r"\bremark",
        "slip": r"\bslip|mechanical error",
        "change-of-mind": r"deliberate|change of mind|changes? his mind",
    },
    "bid-made": {
        "before-bid": r"before any (?:player had )?bid|before the first bid|no bid has been made",
        "after-bid": r"after (?:a|some player has|the first) bid",
    },
}
#: Words that qualify a circumstance and are not a condition on what happens later.
QUALIFIERS = (r"if the offender had not yet called|without having called before|if he had not (?:yet )?called|"
              # the acceptance by a call over the irregular call, which the engine applies on its own
              r"unless (?:another call has followed|an opponent of the offender has already called over it|"
              r"another player has called over it)|"
              r"unless it has ended")
CONDITIONAL = r"(?<!as )\bif\b|\bunless\b|\bshould\b|\botherwise\b"
_BARS = r"(?:\bpass(?:es)?|\bbarr(?:ed|ing)|\bbars?)\b[^;]*?"
#: Statements, each with the field that must hold it.
STATEMENTS = {
    "bar-rest": _BARS + r"(?:rest of the auction|every time it is his turn|whenever it is his turn|"
                        r"each time it is his turn)",
    "bar-next": _BARS + r"(?:next turn|first turn(?! to play)|first time it is his turn|in that round|once\b|"
                        r"at his turn)",
    "first-call-stands": r"(?:first|original) call (?:stands|remains)|the change is not made",
    "no-double-replacement": r"double or redouble (?:is|are) not allowed|double or redouble may not",
    "new-deal": r"(?<!no )new deal",
    "replaced": r"replace|in its place|counts as corrected|is corrected",
}
NEGATED_MANNER = {
    "early": r"not (?:a )?premature|not led prematurely|not played too early|niet te vroeg",
}
#: Words by which a ruling, or the text it cites, speaks of how a card became known.
MANNER_WORDS = {"said": r"remark|opmerking|kenbaar|\bnamed\b"}
#: Words by which an assumption says the engine does not apply what a clause states.
NOT_APPLIED = r"records the cancellation only|not applied|does not apply|applies nothing|no effect for|" \
              r"cannot judge|are stated in words|stated in words|not modelled|only what the engine"


def clauses(summary: str) -> list[tuple[str, dict[str, set[str]], bool]]:
    """The summary's clauses (cut at ``;`` and ``,``) with the circumstances each names, and whether
    it is said under a condition. A clause that names no circumstance inherits those of the clause
    before it in the same sentence, one that begins with "or" adds its own to them; a condition
    ("if he acts, ...") holds to the next ``;``."""
    result: list[tuple[str, dict[str, set[str]], bool]] = []
    for sentence in re.split(r"(?<=[.)])\s+(?=[A-Z])", " ".join(summary.split())):
        inherited: dict[str, set[str]] = {}
        for part in sentence.split(";"):
            conditional = False
            for clause in part.split(","):
                named = {family: {name for name, pattern in names.items() if re.search(pattern, clause, re.I)}
                         for family, names in CIRCUMSTANCES.items()}
                named = {family: found for family, found in named.items() if found}
                if not named:
                    named = inherited
                elif clause.strip().lower().startswith("or "):
                    # "At partner's turn, or at the left-hand opponent's turn ..., the partner must
                    # pass": the alternatives share what follows.
                    named = {family: named.get(family, set()) | inherited.get(family, set())
                             for family in {*named, *inherited}}
                inherited = named
                plain = re.sub(QUALIFIERS, "", clause, flags=re.I)
                conditional = conditional or bool(re.search(CONDITIONAL, plain, re.I))
                result.append((clause, named, conditional))
    return result


def relevant(clause_circumstances: dict[str, set[str]], event: dict[str, str]) -> bool:
    """A clause speaks of the event unless it names, in some family, only circumstances the event
    does not have (an event without a circumstance of that family: no clause of the family speaks
    of it)."""
    return all(event.get(family) in names for family, names in clause_circumstances.items())


def statements(clause: str) -> set[str]:
    """The statements of a clause."""
    plain = re.sub(QUALIFIERS, "", clause, flags=re.I)
    return {name for name, pattern in STATEMENTS.items() if re.search(pattern, plain, re.I)}


# --- judging one event at a time --------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _judged(tokens: tuple[str, ...], edition: str, dealer: str, layer: str):
    return judge(list(tokens), edition, dealer, layer=layer, partial=True)


def _steps(tokens: list[str]) -> list[int]:
    """The prefix lengths to judge: after each event, with the option tokens that follow it."""
    events = parse_scenario(tokens)
    ends = []
    for position, event in enumerate(events):
        if event.kind in ("option", "mark"):
            continue
        end = position + 1
        while end < len(events) and events[end].kind == "option":
            end += 1
        ends.append(end)
    return ends


def _circumstances(event, before) -> dict[str, str]:
    """What the engine can tell of the event: whose turn it was (a call out of rotation), how it
    happened (the token's manner), whether a bid had been made."""
    found: dict[str, str] = {}
    auction = before.auction
    if event.case and event.case.endswith("out-of-rotation") and not auction.is_over:
        turn = auction.state.next_seat
        seat = event.seat
        found["turn"] = {seat.rho: "rho", seat.partner: "partner", seat.lho: "lho"}.get(turn, "")
    if event.token_manner:
        found["manner"] = event.token_manner
    found["bid-made"] = "after-bid" if auction.last_bid is not None else "before-bid"
    return found


class _Event:
    """An event record with the manner its token states."""

    def __init__(self, record, manner):
        self.record, self.token_manner = record, manner

    def __getattr__(self, name):
        return getattr(self.record, name)


def _entry_summary(case: str, edition: str, layer: str) -> str:
    return rulings.spec(case, edition, layer).summary_en or ""


def _cited_texts(ruling) -> str:
    texts = []
    for article in [*ruling.articles, *(o["article"] for o in ruling.options if o["article"])]:
        try:
            texts.append(supplement.article(article).paraphrase_en if ruling.layer == "supplement"
                         else corpus.article(article).text)
        except BridgeLawsError:
            continue
    return " ".join(texts)


def _bar_set(bars) -> set[tuple[Seat, str]]:
    return {(bar.seat, str(bar.scope)) for bar in bars}


def _holds_bar(bars, seat: Seat, scope: str) -> bool:
    held = _bar_set(bars)
    return (seat, scope) in held or (seat, "rest-of-auction") in held


def _forbids(requirement: str | None, call) -> bool:
    if requirement == "sufficient-bid":
        return not call.is_bid
    if requirement == "no-double":
        return call.is_double or call.is_redouble
    return False


def check(dealer: str, tokens: str, edition: str, layer: str) -> list[str]:
    """Every inconsistency of one scenario under one edition and layer, one line each."""
    problems: list[str] = []
    events = parse_scenario(tokens)
    words = [e.token for e in events]
    manners = {e.index: e.manner for e in events}
    previous = _judged((), edition, dealer, layer)
    for end in _steps(words):
        now = _judged(tuple(words[:end]), edition, dealer, layer)
        if now.error is not None:
            break
        where = f"{edition} {layer} {tokens!r} after {words[end - 1]!r}"
        problems += [f"{where}: {p}" for p in _check_forbidden(now)]
        index = next(e.index for e in reversed(events[:end]) if e.kind not in ("option", "mark"))
        record = next((r for r in reversed(now.events) if r.index == index), None)
        if record is not None:
            event = _Event(record, manners.get(index))
            problems += [f"{where}: {p}" for p in _check_event(event, previous, now, edition, layer)]
        previous = now
    return problems


def _check_forbidden(now) -> list[str]:
    """1. No call a ruling forbids is listed as legal."""
    problems = []
    auction = now.auction
    for index, entry in enumerate(auction.history):
        # A call a bar forbade never stands as a proper call.
        barred = [bar for bar in auction.state_before(index).bars if bar.seat == entry.seat]
        counted = entry.counts_as
        if barred and counted is not None and not counted.is_pass and entry.irregularity is None:
            problems.append(f"{entry.seat.full_name}'s {entry.call} stands as proper, though he had to pass "
                            f"({barred[0].article})")
    if now.ended is not None or auction.is_over:
        return problems
    legal = now.legal_calls()
    seat = auction.next_to_call
    bar = auction.bar_of(seat)
    if bar is not None and any(not call.is_pass for call in legal):
        problems.append(f"{seat.full_name} must pass ({bar.article}), but other calls are listed as legal")
    listed = [str(call) for call in legal if _forbids(now.pending_requirement, call)]
    if listed:
        problems.append(f"the replacement must be {now.pending_requirement}, but {' '.join(listed)} are listed as legal")
    return problems


def _check_event(event, previous, now, edition: str, layer: str) -> list[str]:
    problems: list[str] = []
    ruling = event.ruling
    if event.correction_of is not None and ruling is None:
        return _check_correction(event, previous, now)
    if ruling is None or not ruling.rules or ruling.accepted:
        return problems
    before, after = previous.auction, now.auction
    open_after = now.ended is None and not after.is_over
    # A bar in force at an earlier state that comes back when calls are taken back (a call cancelled
    # with the calls after it) is restored, not imposed by this event.
    earlier = {bar for index in range(len(before)) for bar in before.state_before(index).bars}
    new_bars = [bar for bar in after.bars if bar not in before.bars and bar not in earlier] if open_after else []
    # What the ruling does, as one value (bridgelaws.judging.ruling_effect): its fields, read once.
    effect = ruling.effect
    chosen = effect.chosen
    # 2. The structured fields are what the engine applies.
    if open_after:
        for bar in effect.bars_in_force:
            if not _holds_bar(after.bars, Seat[bar.who], str(bar.scope)):
                problems.append(f"the ruling bars {bar.who} ({bar.scope}), the engine does not")
        given = {(Seat[b.who], str(b.scope)) for b in effect.bars_in_force}
        for bar in new_bars:
            if (bar.seat, str(bar.scope)) not in given:
                problems.append(f"the engine bars {bar.seat} ({bar.scope}), the ruling does not")
    if event.kind == "call" and event.irregularity and event.correction_of is None:
        entry = next((e for e in reversed(after.history) if e.seat == event.seat and e.call == event.call), None)
        keeps = chosen is not None and chosen.choice == "keep"
        if entry is not None:
            if effect.call_stands is False and not keeps and entry.counts_as == event.call:
                problems.append(f"the ruling says the call does not stand, the engine counts {event.call}")
            if effect.call_stands is True and entry.counts_as != event.call:
                problems.append(f"the ruling says the call stands, the engine counts {entry.counts_as}")
            if effect.fate is CallFate.DEEMED_PASS and entry.counts_as != PASS:
                problems.append(f"the ruling deems it a pass, the engine counts {entry.counts_as}")
        void = effect.call_stands is False or (chosen is not None and chosen.choice == "cancel")
        # A call that also accepted the irregular call before it (1936:22.2) moves the turn first: the
        # player "whose turn it was" is then the one after the accepted call, not before.events' one.
        accepted_before = {e.index for e in previous.events if (e.effect or "").startswith("accepted")}
        accepted_now = any((e.effect or "").startswith("accepted") and e.index not in accepted_before
                           for e in now.events if e.index < event.index)
        if open_after and void and not keeps and not accepted_now and effect.next in ("offender", "proper"):
            expected = event.seat if effect.next == "offender" else before.next_to_call
            if after.next_to_call != expected:
                problems.append(f"the ruling gives the turn to the {effect.next} ({expected}), "
                                f"the engine to {after.next_to_call}")
    changed = None
    if event.case in ("unintended-call", "mistaken-explanation") and event.call is not None:
        last = next((e for e in reversed(after.history) if e.seat == event.seat and e.counts_as is not None), None)
        was = next((e for e in reversed(before.history) if e.seat == event.seat and e.counts_as is not None), None)
        # A "change" to the very call he made changes nothing either way.
        same = was is not None and was.counts_as == event.call
        changed = not same and last is not None and last.counts_as == event.call
        if effect.call_stands is False and not changed and not same:
            problems.append(f"the ruling makes the change to {event.call}, the engine does not")
        if effect.call_stands is not False and changed:
            problems.append(f"the ruling does not make the change, the engine does ({event.call})")
    if effect.outcome and event.kind == "incident" and (now.ended is None or now.ended[0] != effect.outcome):
        problems.append(f"the ruling ends the auction ({effect.outcome}), the engine does not")
    # 3. and 4. The summary and the fields say the same.
    # A branch's own summary speaks of the branch's situation; the entry's summary speaks of every
    # event of the case, clause by clause.
    entry_summary = _entry_summary(event.case, edition, layer)
    own = ruling.condition is not None and ruling.summary_en != entry_summary
    circumstances = _circumstances(event, previous)
    stated: dict[str, list[bool]] = {}
    for text in [ruling.summary_en]:
        for clause, named, conditional in clauses(text):
            if own or relevant(named, circumstances):
                for name in statements(clause):
                    stated.setdefault(name, []).append(conditional)
    all_bars = [*effect.bars, *(b for o in effect.options for b in o.bars)]
    # A bar that the offender's own later call brings (Law 31A2) has its field too.
    scopes = {str(b.scope) for b in all_bars} | {str(r.scope) for r in effect.next_call_bars}
    disclaimed = bool(ruling.assumption and re.search(NOT_APPLIED, ruling.assumption, re.I))
    fields = {
        "bar-rest": "rest-of-auction" in scopes,
        "bar-next": "next-turn" in scopes,
        "first-call-stands": effect.call_stands is not False,
        "no-double-replacement": effect.requires == "no-double" or effect.option("double-or-redouble") is not None,
        "new-deal": bool(effect.outcome) or effect.option("redeal") is not None,
    }
    for name, conditionals in stated.items():
        if name not in fields or fields[name]:
            continue
        if all(conditionals) and disclaimed:
            continue  # said, conditionally, and named by the assumption as not applied
        if name == "new-deal" and disclaimed and "new deal" in (ruling.assumption or ""):
            continue
        if name == "first-call-stands" and event.case not in ("unintended-call", "mistaken-explanation"):
            continue
        problems.append(f"the summary states {name} for this event, the ruling has no field for it")
    for bar in new_bars:
        if chosen is not None and (bar.seat, str(bar.scope)) in {(Seat[b.who], str(b.scope)) for b in chosen.bars}:
            continue
        name = "bar-rest" if bar.scope == "rest-of-auction" else "bar-next"
        if False in stated.get(name, []):
            continue
        problems.append(f"the engine bars {bar.seat} ({bar.scope}); no clause of the summary that speaks "
                        f"of this event states it without a condition")
    if changed and False not in stated.get("replaced", []):
        problems.append("the engine makes the change; no clause of the summary that speaks of this event says so")
    manner = event.token_manner
    if manner in NEGATED_MANNER and re.search(NEGATED_MANNER[manner], ruling.summary_en, re.I):
        problems.append(f"the token says {manner}; the summary applied excludes it")
    if event.kind == "exposure" and manner in MANNER_WORDS:
        spoken = " ".join([ruling.summary_en, entry_summary, _cited_texts(ruling)])
        if not re.search(MANNER_WORDS[manner], spoken, re.I):
            problems.append(f"the token says {manner}; neither the ruling nor the text it cites speaks of it")
    return problems


def _check_correction(event, previous, now) -> list[str]:
    """The offender's replacement: the option it chose is applied, and a replacement the ruling
    forbids never stands."""
    problems = []
    original = next((r for r in now.events if r.index == event.correction_of), None)
    if original is None or original.ruling is None:
        return problems
    ruling = original.ruling
    effect = ruling.effect
    entry = next((e for e in reversed(now.auction.history) if e.seat == event.seat and e.call == event.call), None)
    if _forbids(effect.requires, event.call) and entry is not None and entry.counts_as == event.call:
        problems.append(f"{event.call} stands as the replacement, which the ruling forbids ({effect.requires})")
    texts = ruling.summary_en
    if re.search(STATEMENTS["no-double-replacement"], texts, re.I) and (event.call.is_double or event.call.is_redouble) \
            and entry is not None and entry.counts_as == event.call:
        problems.append(f"{event.call} stands as the replacement; the summary says a double or redouble is not allowed")
    chosen = effect.chosen
    if chosen is not None and now.ended is None and not now.auction.is_over:
        for bar in chosen.bars:
            if not _holds_bar(now.auction.bars, Seat[bar.who], str(bar.scope)):
                problems.append(f"the option {chosen.choice} bars {bar.who} ({bar.scope}), the engine does not")
    return problems


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("edition", [e.year for e in EDITIONS])
def test_rulings_do_what_they_say(edition, layer):
    problems = [p for dealer, tokens, _ in SCENARIOS for p in check(dealer, tokens, edition, layer)]
    assert not problems, "\n".join(problems)


def test_the_catalogue_is_read():
    # The check reads every source of scenarios (a file moved would otherwise check nothing).
    origins = {origin.split(":")[0] for _, _, found in SCENARIOS for origin in found}
    assert {"cases.yaml", "scenarios.yaml", "exercises.yaml", "probe"} <= origins
    assert any(o.startswith("tests/cases/") for o in origins)
    assert any(o.startswith("tests/supplement_cases/") for o in origins)


# --- the check itself catches the errors of issue 21 §1, put back into a copy of the data -------------

def _check_with(data, case: str, year: str, change, tokens: str) -> list[str]:
    from datacopy import edit_yaml

    edit_yaml(data / "supplement" / "rulings" / f"{case}.yaml", lambda raw: change(raw["rulings"][year]))
    _judged.cache_clear()
    try:
        return check("N", tokens, year, "supplement")
    finally:
        _judged.cache_clear()


def test_the_check_catches_a_bar_the_summary_gives_only_at_another_turn(data):
    # 2007 double out of rotation as it was: 32A's bar applied at every turn.
    def unbranch(entry):
        entry.pop("when")
        entry["barred"] = [{"who": "partner", "scope": "rest-of-auction"}]
    problems = _check_with(data, "double-out-of-rotation", "2007", unbranch, "1S P W:X")
    assert any("the engine bars E (rest-of-auction); no clause" in p for p in problems), problems


def test_the_check_catches_a_replacement_the_summary_forbids(data):
    # 2017 insufficient bid as it was: no field says that a double may not replace the bid.
    def unforbid(entry):
        entry.pop("requires")
        entry["options"] = [o for o in entry["options"] if o["choice"] != "double-or-redouble"]
    problems = _check_with(data, "insufficient-bid", "2017", unforbid, "1S 1H X")
    assert any("no-double-replacement" in p and "no field" in p for p in problems), problems
    assert any("X stands as the replacement" in p for p in problems), problems


def test_the_check_catches_a_change_the_summary_refuses(data):
    # 2017 change of call as it was: every change made, a change of mind too.
    def unbranch(entry):
        entry.pop("when")
    problems = _check_with(data, "unintended-call", "2017", unbranch, "1S N:>2S P P P")
    assert any("first-call-stands" in p for p in problems), problems


def test_the_check_catches_a_token_the_branch_applied_excludes(data):
    # 2017 exposed card as it was: no branch for a premature lead, which 24A excludes.
    def no_early(entry):
        entry["when"] = [b for b in entry["when"] if b["condition"] != "early"]
    problems = _check_with(data, "exposed-card", "2017", no_early, "1S W:!S5/early")
    assert any("the token says early; the summary applied excludes it" in p for p in problems), problems


def test_clauses_keep_each_circumstance_with_what_it_says():
    found = clauses("Made at partner's turn, the partner must pass for the rest of the auction (32A); made at "
                    "the right-hand opponent's turn, the offender repeats it if that opponent passes, and "
                    "otherwise his partner must pass for the rest of the auction (32B).")
    said = [(named.get("turn"), conditional) for clause, named, conditional in found
            if "bar-rest" in statements(clause)]
    assert said == [({"partner"}, False), ({"rho"}, True)]
