"""The data files of the views (``data/``), loaded and looked up.

Moved here verbatim from the former ``views.py`` (its lines 71-173); they are being moved to
``bridgelaws/content.py`` in parallel, after which this module only re-exports them.
"""

from __future__ import annotations

import re
from functools import cache

from ..errors import BridgeLawsError
from ..rulings import DATA
from ._common import YEARS


def _yaml(name: str):
    import yaml

    path = DATA / name
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BridgeLawsError(f"data file missing: {path}") from None


def _key(text: str) -> str:
    return re.sub(r"[\s_\-']+", " ", str(text)).strip().casefold()


@cache
def _scenarios() -> tuple[dict, ...]:
    return tuple({"name": s["name"], "dealer": s["dealer"], "tokens": s["tokens"], "about": s.get("about", "")}
                 for s in _yaml("scenarios.yaml"))


def scenarios() -> list[dict]:
    """The stepper's prepared scenarios: ``{"name", "dealer", "tokens", "about"}``, in menu order."""
    return [dict(s) for s in _scenarios()]


def find_scenario(name: str) -> dict:
    for scenario in _scenarios():
        if _key(scenario["name"]) == _key(name):
            return dict(scenario)
    raise BridgeLawsError(
        f"unknown scenario {name!r}: one of {', '.join(s['name'] for s in _scenarios())}")


def scenarios_table():
    """The prepared scenarios as a DataFrame (name, dealer, tokens, what happens)."""
    import pandas as pd

    return pd.DataFrame(scenarios()).set_index("name")


@cache
def _topics() -> tuple[dict, ...]:
    result = []
    for topic in _yaml("topics.yaml"):
        articles = {str(k): list(v or []) for k, v in topic["articles"].items()}
        gaps = {str(k): " ".join(v.split()) for k, v in (topic.get("gap") or {}).items()}
        result.append({"id": topic["id"], "title": topic["title"], "articles": articles, "gap": gaps})
    return tuple(result)


def topics() -> list[dict]:
    """The topics of :func:`texts_side_by_side`: ``{"id", "title", "articles": {year: [ids]}, "gap"}``."""
    return [dict(t) for t in _topics()]


def find_topic(name: str) -> dict:
    """A topic by id or title, loosely: ``"four passes"``, ``"four-passes"``, ``"Doubling"``."""
    wanted = _key(name)
    for topic in _topics():
        if wanted in (_key(topic["id"]), _key(topic["title"])):
            return topic
    for topic in _topics():  # a word of the title: "exposed cards" -> "Cards exposed during ..."
        if wanted and all(word in _key(topic["title"]) + " " + _key(topic["id"]) for word in wanted.split()):
            return topic
    raise BridgeLawsError(f"unknown topic {name!r}: one of {', '.join(t['id'] for t in _topics())}")


def topics_table():
    """Topics x editions: the article ids of each edition (empty where the text has nothing)."""
    import pandas as pd

    rows = [{"topic": t["title"], **{y: ", ".join(t["articles"].get(y, [])) or "-" for y in YEARS}}
            for t in _topics()]
    return pd.DataFrame(rows).set_index("topic")


@cache
def _glossary() -> dict:
    return _yaml("glossary.yaml")


@cache
def _teaching() -> dict:
    return _yaml("exercises.yaml")


def exercises() -> list[dict]:
    """The exercises of notebook 05: ``{"id", "title", "dealer", "tokens", "question", "case"?}``."""
    return [{**e, "question": " ".join(e["question"].split())} for e in _teaching()["exercises"]]


def find_exercise(exercise_id: str) -> dict:
    for exercise in exercises():
        if _key(exercise["id"]) == _key(exercise_id):
            return exercise
    raise BridgeLawsError(
        f"unknown exercise {exercise_id!r}: one of {', '.join(e['id'] for e in exercises())}")


def history() -> list[dict]:
    """The history of notebook 05: ``{"edition", "claim", "article", "quote"}``, chronological."""
    return [{**h, "edition": str(h["edition"]), "claim": " ".join(h["claim"].split())}
            for h in _teaching()["history"]]
