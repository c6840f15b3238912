"""What the layers below ask of the judging layer, handed down to them when this module is imported.

A lower layer never imports a higher one; where it needs an answer only the judging layer has, it
takes a function from it instead. This module hands them down on import, and ``import bridgelaws``
imports it (``bridgelaws/__init__.py``), so every entry point has them: the package's names, the
command line, the widgets, and a module imported on its own (importing ``bridgelaws.auction.editions``
runs ``bridgelaws/__init__.py`` first).

- the registry of editions (:mod:`bridgelaws.auction.editions`, :class:`~bridgelaws.auction.editions.Answers`)
  asks the outcome of four passes of a registered edition (its ruling on four passes states it), a
  draft read from its file (``find_edition("x.yaml")``), and a draft already read, by its id;
- the schema of the rulings (:mod:`bridgelaws.text.schema_rulings`,
  :class:`~bridgelaws.text.schema_rulings.EngineNames`) asks the names the engine implements: its
  conditions (with the fields each reads), its effects and the offender's corrections.

The modules that answer (rulings, drafts, conditions, effects) are imported when first asked, not
here: ``import bridgelaws`` stays cheap and reads no data (the rulings read the registry when they
are imported). No module of this folder imports this one, so this is not a way round a cycle.
"""

from __future__ import annotations

from ..auction.editions import Answers, Edition, answered_by, find_edition
from ..text.errors import BridgeLawsError
from ..text.schema_rulings import EngineNames, names_from
from ..text.vocabulary import ALL_PASS_OUTCOMES


def all_pass_outcome(year: str) -> str:
    """What four passes lead to in the registered edition ``year``: the ``outcome`` of its ruling on
    four passes (``data/rulings/all-pass.yaml``), or where that ruling states none, the outcome of the
    edition its all-pass rule is inherited from (the registry's ``inherit``)."""
    from . import rulings

    seen: list[str] = []
    while year not in seen:
        seen.append(year)
        outcome = rulings.spec("all-pass", year).outcome
        if outcome is not None:
            if outcome not in ALL_PASS_OUTCOMES:
                # "redeal" is the same dealer dealing again (a faulty deal), not an end of the auction.
                raise BridgeLawsError(f"{rulings.where('all-pass', year)}: {year}.outcome: {outcome!r} is not an "
                                      f"outcome of four passes (one of {', '.join(ALL_PASS_OUTCOMES)})")
            return outcome
        donor = find_edition(year).basis["all-pass"].donor
        if donor is None:
            break
        year = donor
    raise BridgeLawsError(
        f"rulings/all-pass.yaml: {seen[0]}: no outcome of four passes, in its ruling or in the "
        f"ruling of an edition its all-pass rule is inherited from ({', '.join(seen)})")


def load_draft(path: str) -> Edition:
    """The draft edition of the file at ``path`` (:func:`bridgelaws.judging.drafts.load_draft`)."""
    from . import drafts

    return drafts.load_draft(path)


def loaded_draft(draft_id: str) -> Edition | None:
    """The draft already read whose id is ``draft_id``, or None."""
    from . import drafts

    return drafts.loaded_draft(draft_id)


def engine_names() -> EngineNames:
    """The names of the engine's conditions (with the fields each reads), effects and corrections."""
    from . import conditions, effects

    return EngineNames(conditions={name: found.needs for name, found in conditions.CONDITIONS.items()},
                       effects=tuple(effects.EFFECTS), corrections=tuple(effects.CORRECTIONS))


answered_by(Answers(all_pass_outcome=all_pass_outcome, load_draft=load_draft, loaded_draft=loaded_draft))
names_from(engine_names)
