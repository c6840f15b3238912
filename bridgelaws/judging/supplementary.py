"""The supplementary rulings as the engine reads them: checked against the cases, and inherited by
a derived edition from its base (the base's best-sourced ruling is the derived edition's too).

The supplementary layer (:mod:`bridgelaws.supplement.supplement`) reads and checks its files; what
they are checked against the cases, and what a derived edition takes of them, is the judging
layer's, here.
"""

from __future__ import annotations

from typing import Any

from ..text import datafiles, schema
from ..text.errors import BridgeLawsError
from ..text.i18n import t
from ..text.schema import RulingSpec
from .entries import find_case, refuse_outcome_of_four_passes, specs, where
from .names import engine_names


@datafiles.cached
def supplement_rulings(case_id: str) -> dict[str, RulingSpec]:
    """The supplementary rulings of a case, per edition (:func:`bridgelaws.supplement.supplement.rulings`),
    checked against the case: it is a case of ``cases.yaml``, the corpus cell each stands in for is
    ``silent`` or ``referenced`` (a supplement never overrides a corpus ruling), and a ruling on four
    passes states no outcome (the edition's rule does); a derived edition's are its base's."""
    from ..supplement import supplement

    find_case(case_id)
    name = f"{supplement.DIRECTORY}/rulings/{case_id}.yaml"
    parsed = _inherited_supplement(case_id, name, supplement.rulings(case_id, engine_names()))
    corpus = specs(case_id)
    for year, found in parsed.items():
        status = corpus[year].status
        if status not in ("silent", "referenced"):
            raise BridgeLawsError(
                f"{name}: {year}: the corpus ruling of {year} is {status!r} ({where(case_id, year)}): a "
                "supplementary ruling stands only where the corpus is silent or referenced")
        refuse_outcome_of_four_passes(case_id, found, f"{name}: {year}")
    return parsed


def _inherited_supplement(case_id: str, name: str, parsed: dict[str, RulingSpec]) -> dict[str, RulingSpec]:
    """``parsed`` with the supplementary rulings derived editions inherit (:func:`supplement_raw`), checked."""
    if not parsed:
        return parsed
    found = supplement_raw(case_id)
    return {**{year: schema.parse_ruling(entry, schema.Loc(name, year), engine_names())
               for year, entry in found.items() if year not in parsed}, **parsed}


@datafiles.cached
def supplement_raw(case_id: str) -> dict[str, Any]:
    """The supplementary rulings of a case as their file gives them, by edition, with every derived
    edition that gives none given its base's: a derived edition restates only what it changes, so
    the base's best-sourced ruling is its own too, its corpus ids read as the edition's, its
    supplementary articles (the base code's, read for the base) named as they are, and said so in
    its assumption. Only while the derived edition's corpus cell of the case is the base's (a
    supplementary ruling stands in for that cell: where the edition restates it, its own words
    answer); refused in one line where it rests on a record the derived text changes
    (:func:`bridgelaws.text.corpus.refuse_changed`)."""
    from ..supplement import supplement
    from ..text import corpus
    from ..text.registry import inherit_by_year
    from .entries import _given

    name = f"{supplement.DIRECTORY}/rulings/{case_id}.yaml"
    if not datafiles.exists(name):
        return {}
    raw = {str(year): entry for year, entry in (datafiles.load(name)["rulings"] or {}).items()}
    cells = _given(case_id)

    def read_as(entry: Any, base: str, year: str) -> Any:
        found = _read_as(entry, base, year, {r.id for r in corpus.records(base)})
        notes = {lang: t("cards.inherited_supplement", lang, base=base, edition=year) for lang in ("en", "nl")}
        _noted(found, notes)
        for branch in found.get("when") or ():
            if branch.get("assumption"):  # a branch's own assumption takes the entry's place
                _noted(branch, notes)
        return found

    def check(year: str, base: str, entry: Any) -> None:
        corpus.refuse_changed(year, f"the supplementary ruling of {case_id}", entry,
                              f"{case_id} in editions/{year}/rulings.yaml, from its text; or a supplementary ruling "
                              "read for its code")

    inherited = inherit_by_year(raw, check, read_as)
    # A derived edition that restates its corpus cell answers with its own words, not the base's supplement.
    return {year: entry for year, entry in inherited.items()
            if year in raw or cells.get(year) is None or cells[year].inherited_from is not None}


def _noted(entry: dict[str, Any], notes: dict[str, str]) -> None:
    """``entry``'s assumption (and its Dutch) with the note of its inheritance before it."""
    english, dutch = entry.get("assumption"), entry.get("assumption_nl")
    entry["assumption"] = f"{notes['en']} {english}" if english else notes["en"]
    if dutch or not english:
        entry["assumption_nl"] = f"{notes['nl']} {dutch}" if dutch else notes["nl"]


def _read_as(value: Any, base: str, year: str, ids: set[str]) -> Any:
    """``value`` with every id of a record of ``base``'s text (exactly) read as ``year``'s."""
    if isinstance(value, str):
        return year + value[len(base):] if value in ids else value
    if isinstance(value, list):
        return [_read_as(item, base, year, ids) for item in value]
    if isinstance(value, dict):
        return {key: _read_as(item, base, year, ids) for key, item in value.items()}
    return value


