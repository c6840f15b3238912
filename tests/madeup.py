"""Made-up rulings a test writes into its copy of ``data/`` (the ``data`` fixture of conftest.py), so
that a test of the machinery does not depend on what a real edition rules: what an edition rules is
asserted once, in the YAML case tests beside its ruling (tests/cases/README.md). A made-up ruling
quotes its edition's text verbatim (the loader checks it) and says in its own words that it is not law."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datacopy import edit_yaml

NOT_LAW = "a made-up ruling written by a test, not law"


def set_branch(data: Path, case: str, year: str, condition: str, branch: dict[str, Any],
               supplement: bool = False) -> None:
    """Replace the branch ``condition`` of ``case``'s ruling for ``year`` by ``branch``, in the copy."""
    folder = data / "supplement" / "rulings" if supplement else data / "rulings"

    def change(raw: dict[str, Any]) -> None:
        branches = raw["rulings"][year]["when"]
        index = next(i for i, b in enumerate(branches) if b["condition"] == condition)
        branches[index] = {"condition": condition, **branch}

    edit_yaml(folder / f"{case}.yaml", change)


def low_card_pair(data: Path) -> None:
    """exposed-card's ``otherwise`` branch (a single low card) written for 1936 and 1949: 1936 bars no one
    and gives declarer a lead restriction or a penalty card; 1949 bars no one, gives nothing for the
    play, and rests on an assumption that only says which branch applies (``assumes: []``)."""
    set_branch(data, "exposed-card", "1936", "otherwise", {
        "article": "1936:23.a", "quote_from": "1936:23.a",
        "quote_nl": "mag de leider verhinderen, dat wordt uitgekomen in de kleur van een dergelijke kaart",
        "barred": [],
        "play": [f"declarer may ban a lead of the suit or take the card as a penalty card ({NOT_LAW})"],
        "play_nl": [f"de leider mag een uitkomst verbieden of de kaart als strafkaart nemen ({NOT_LAW})"],
        "summary_en": f"Branch one of the pair ({NOT_LAW}).",
        "summary_nl": f"Tak een van het paar ({NOT_LAW})."})
    set_branch(data, "exposed-card", "1949", "otherwise", {
        "article": "1949:26.b", "quote_from": "1949:26.b",
        "quote_nl": "een enkele kaart, lager dan de boer en niet te vroeg gespeeld, dan bestaat er geen straf.",
        "barred": [],
        "assumption": f"Which branch applies is taken for granted ({NOT_LAW}).",
        "assumption_nl": f"Welke tak geldt, wordt aangenomen ({NOT_LAW}).",
        "assumes": [],
        "summary_en": f"Branch two of the pair ({NOT_LAW}).",
        "summary_nl": f"Tak twee van het paar ({NOT_LAW})."})


def made_up_play(data: Path, case: str, year: str, condition: str, supplement: bool = False) -> tuple[str, str]:
    """The branch ``condition`` keeps what it rules, with a made-up play line in each language;
    returns (English, Dutch)."""
    english, dutch = f"a made-up play line for {year} ({NOT_LAW})", f"een verzonnen speelregel voor {year} (geen regel)"
    folder = data / "supplement" / "rulings" if supplement else data / "rulings"

    def change(raw: dict[str, Any]) -> None:
        branch = next(b for b in raw["rulings"][year]["when"] if b["condition"] == condition)
        branch["play"], branch["play_nl"] = [english], [dutch]

    edit_yaml(folder / f"{case}.yaml", change)
    return english, dutch


def insufficient_bid_options(data: Path, year: str = "1936") -> None:
    """The two options of ``year``'s ruling on an insufficient bid written by the test: the lowest
    sufficient bid in the same denomination bars the partner at his next turn, any other sufficient
    bid for the rest of the auction (1936's today; the test no longer depends on it)."""
    def change(raw: dict[str, Any]) -> None:
        first, other = raw["rulings"][year]["options"]
        first["barred"] = [{"who": "partner", "scope": "next-turn"}]
        other["barred"] = [{"who": "partner", "scope": "rest-of-auction"}]

    edit_yaml(data / "rulings" / "insufficient-bid.yaml", change)
