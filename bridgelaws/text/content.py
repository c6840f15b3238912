"""The teaching content the notebooks and widgets show, read from ``data/`` and checked on load.

- ``scenarios.yaml``: the stepper's prepared scenarios (name, dealer, tokens);
- ``topics.yaml``: topic -> the articles of each edition that treat it (a gap where none does);
- ``glossary.yaml``: Dutch terms with English, where they occur, and families of spelling variants;
- ``exercises.yaml``: exercises (scenarios and questions, never answers) and a short history whose
  every claim quotes its article.

The schemas are in :mod:`bridgelaws.text.schema`; :mod:`bridgelaws.presentation.views` re-exports these functions.
"""

from __future__ import annotations

import re
from typing import Any

from . import datafiles, registry, schema
from .errors import BridgeLawsError

YEARS = registry.years()


def _key(text: str) -> str:
    return re.sub(r"[\s_\-']+", " ", str(text)).strip().casefold()


@datafiles.cached
def _scenarios() -> tuple[dict[str, Any], ...]:
    return tuple(schema.parse_scenarios(datafiles.load("scenarios.yaml")))


def scenarios() -> list[dict[str, Any]]:
    """The stepper's prepared scenarios: ``{"name", "name_nl", "dealer", "tokens", "about", "about_nl"}``, in
    menu order."""
    return [dict(s) for s in _scenarios()]


def scenario_name(scenario: dict[str, Any], lang: str = "en") -> str:
    """A prepared scenario's name in ``lang`` (``name_nl`` in Dutch)."""
    return str(scenario.get(f"name_{lang}") or scenario["name"]) if lang != "en" else str(scenario["name"])


def scenario_about(scenario: dict[str, Any], lang: str = "en") -> str:
    """What happens at the table in a prepared scenario, in ``lang`` (``about_nl`` in Dutch)."""
    return str(scenario.get(f"about_{lang}") or scenario["about"]) if lang != "en" else str(scenario["about"])


def find_scenario(name: str) -> dict[str, Any]:
    for scenario in _scenarios():
        if _key(scenario["name"]) == _key(name):
            return dict(scenario)
    raise BridgeLawsError(
        f"unknown scenario {name!r}: one of {', '.join(s['name'] for s in _scenarios())}")


def scenarios_table() -> Any:
    """The prepared scenarios as a DataFrame (name, dealer, tokens, what happens)."""
    import pandas as pd

    columns = ["name", "dealer", "tokens", "about"]  # the Dutch (name_nl, about_nl) is the interface's
    return pd.DataFrame(scenarios())[columns].set_index("name")


@datafiles.cached
def _topics() -> tuple[dict[str, Any], ...]:
    """The topics, a derived edition's articles and gap lines being its base's (ids read as its own)."""
    return tuple(dict(topic, articles=registry.inherit_by_year(topic["articles"]),
                      gap=registry.inherit_by_year(topic["gap"]), gap_nl=registry.inherit_by_year(topic["gap_nl"]))
                 for topic in schema.parse_topics(datafiles.load("topics.yaml")))


def topics() -> list[dict[str, Any]]:
    """The topics of :func:`texts_side_by_side`: ``{"id", "title", "articles": {year: [ids]}, "gap"}`` (and
    ``title_nl``, ``gap_nl``: the Dutch written beside them)."""
    return [dict(t) for t in _topics()]


def find_topic(name: str) -> dict[str, Any]:
    """A topic by id or title, loosely: ``"four passes"``, ``"four-passes"``, ``"Doubling"``."""
    wanted = _key(name)
    for topic in _topics():
        if wanted in (_key(topic["id"]), _key(topic["title"])):
            return topic
    for topic in _topics():  # a word of the title: "exposed cards" -> "Cards exposed during ..."
        if wanted and all(word in _key(topic["title"]) + " " + _key(topic["id"]) for word in wanted.split()):
            return topic
    raise BridgeLawsError(f"unknown topic {name!r}: one of {', '.join(t['id'] for t in _topics())}")


def topics_table() -> Any:
    """Topics x editions: the article ids of each edition (empty where the text has nothing)."""
    import pandas as pd

    rows = [{"topic": t["title"], **{y: ", ".join(t["articles"].get(y, [])) or "-" for y in YEARS}}
            for t in _topics()]
    return pd.DataFrame(rows).set_index("topic")


@datafiles.cached
def _glossary() -> dict[str, Any]:
    return schema.parse_glossary(datafiles.load("glossary.yaml"))


@datafiles.cached
def _teaching() -> dict[str, Any]:
    return schema.parse_exercises(datafiles.load("exercises.yaml"))


def exercises() -> list[dict[str, Any]]:
    """The exercises of notebook 05: ``{"id", "title", "dealer", "tokens", "question", "case"?}``."""
    return [{**e, "question": " ".join(e["question"].split())} for e in _teaching()["exercises"]]


def find_exercise(exercise_id: str) -> dict[str, Any]:
    for exercise in exercises():
        if _key(exercise["id"]) == _key(exercise_id):
            return exercise
    raise BridgeLawsError(
        f"unknown exercise {exercise_id!r}: one of {', '.join(e['id'] for e in exercises())}")


def history() -> list[dict[str, Any]]:
    """The history of notebook 05: ``{"edition", "claim", "article", "quote"}``, chronological."""
    return [{**h, "edition": str(h["edition"]), "claim": " ".join(h["claim"].split())}
            for h in _teaching()["history"]]
