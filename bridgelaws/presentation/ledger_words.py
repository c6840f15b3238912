"""The ledger's words and records (:mod:`bridgelaws.presentation.ledger`): the words of a change, the grounds of
``not comparable``, and the sides, situations and entries the ledger is made of. The words are
defined in :mod:`bridgelaws.presentation.ledger`'s docstring and in ``docs/ledger.md``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .profile import DIMENSIONS, Dimension
from ..text.vocabulary import Layer, Status, _Word

__all__ = ["Change", "Because", "SubjectKind", "Side", "Situation", "Entry", "CHANGES", "EFFECT_CHANGES",
           "SAME_EFFECTS", "COLUMNS"]


class Change(_Word):
    """The words of the ledger (defined in the module's docstring)."""

    INTRODUCED = "introduced"
    REMOVED = "removed"
    STRICTER = "stricter"
    MILDER = "milder"
    MIXED = "mixed"
    REWORDED = "reworded"
    REWRITTEN = "rewritten"
    UNCHANGED = "unchanged"
    SAME_EFFECT = "same effect"
    NOT_COMPARABLE = "not comparable"


#: The words, in the order the docstring defines them.
CHANGES: tuple[str, ...] = tuple(c.value for c in Change)

#: The words that say the effect changed (a situation added or taken away, or a dimension moved).
EFFECT_CHANGES = (Change.INTRODUCED, Change.REMOVED, Change.STRICTER, Change.MILDER, Change.MIXED)
#: The words that say the effect is the same (what differs is, at most, the wording).
SAME_EFFECTS = (Change.UNCHANGED, Change.REWORDED, Change.REWRITTEN, Change.SAME_EFFECT)


class Because(_Word):
    """Why an entry is ``not comparable``: one side holds no ruling (``silent``, ``referenced``), a
    supplementary side's source was never read for the branch compared (``unread``), or a dimension
    of the effect is not known on both sides because one side's value there is only the engine's
    default or reading, and no dimension known moves (``assumption``: the ruling rests there on an
    assumption of the engine); a mechanic's own articles that only point outside the corpus are
    ``referenced``."""

    SILENT = "silent"
    REFERENCED = "referenced"
    UNREAD = "unread"
    ASSUMPTION = "assumption"


class SubjectKind(_Word):
    CASE = "case"
    MECHANIC = "mechanic"


@dataclass(frozen=True)
class Side:
    """One edition's cell for a subject: status, articles, quote (cases), inheritance (mechanics)."""

    edition: str
    status: str  # ruled / referenced / silent / supplement
    articles: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    quote_nl: str | None = None
    quote_from: str | None = None
    inherited: tuple[str, ...] = ()
    donor: str | None = None
    assumption: str | None = None  # the entry's assumption of the engine (data/rulings), if any

    @property
    def rules(self) -> bool:
        return self.status in (Status.RULED, Status.SUPPLEMENT)

    @property
    def layer(self) -> str:
        """``supplement`` for a paraphrase of data/supplement/, ``draft`` for a draft's ruling, else
        ``corpus`` (a verbatim text, or no ruling at all)."""
        if self.status == Status.SUPPLEMENT:
            return str(Layer.SUPPLEMENT)
        return "draft" if self.draft else str(Layer.CORPUS)

    draft: bool = False  # the side is a draft's proposed ruling (bridgelaws.judging.drafts)


@dataclass(frozen=True)
class Situation:
    """One situation of a case (a condition, or None for a ruling without branches) compared."""

    condition: str | None
    change: Change
    because: Because | None
    reason: str
    #: The dimensions of the effect compared (:mod:`bridgelaws.presentation.profile`); empty where a side does not rule.
    profile: tuple[Dimension, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"condition": self.condition, "change": self.change, "because": self.because,
                "reason": self.reason, "profile": [d.as_dict() for d in self.profile]}


@dataclass(frozen=True)
class Entry:
    """One line of the ledger."""

    subject: str
    kind: SubjectKind
    change: Change
    because: Because | None
    reason: str
    from_side: Side
    to_side: Side
    layer: Layer = Layer.CORPUS
    situations: tuple[Situation, ...] = field(default=())
    #: For a comparison across gaps (:func:`across_gaps`): the editions between ``from`` and ``to``
    #: whose excerpt does not rule on the subject, skipped.
    skipped: tuple[str, ...] = ()
    #: A mechanic's dimensions (:mod:`bridgelaws.presentation.ledger_mechanics`): how many were
    #: compared; None for a case (its dimensions are its situations' profiles) or a side not ruling.
    mechanic_dimensions: int | None = None

    def dimensions(self) -> tuple[int, int] | None:
        """The dimensions the word rests on: (known on both sides, of how many); None where no effect
        was compared (a side holds no ruling). For a case, a dimension counts as known only where it
        is known in every situation that decided the word (those compared; all, where none was:
        :func:`bridgelaws.presentation.profile.known`)."""
        if self.mechanic_dimensions is not None:
            return self.mechanic_dimensions, self.mechanic_dimensions
        from .profile import known

        profiled = [s for s in self.situations if s.profile]
        if not profiled:
            return None
        # The situations that decided the word: those compared, unless none was.
        compared = [s.profile for s in profiled if s.change is not Change.NOT_COMPARABLE] or [s.profile for s in profiled]
        names = [name for name in DIMENSIONS if all(any(d.name == name and known(d) for d in p) for p in compared)]
        return len(names), len(DIMENSIONS)

    @property
    def from_edition(self) -> str:
        return self.from_side.edition

    @property
    def to_edition(self) -> str:
        return self.to_side.edition

    def as_dict(self) -> dict[str, Any]:
        """The object ``ledger --json`` prints for the entry."""
        def side(s: Side) -> dict[str, Any]:
            return {"status": s.status, "articles": list(s.articles), "references": list(s.references),
                    "quote_nl": s.quote_nl, "quote_from": s.quote_from, "inherited": list(s.inherited),
                    "donor": s.donor, "layer": s.layer}

        return {"subject": self.subject, "kind": self.kind, "from": self.from_edition, "to": self.to_edition,
                "change": self.change, "because": self.because, "reason": self.reason, "layer": self.layer,
                "from_side": side(self.from_side), "to_side": side(self.to_side),
                "situations": [s.as_dict() for s in self.situations],
                "skipped": list(self.skipped), "profile": self.profile(),
                "dimensions": self._dimensions_dict()}

    def _dimensions_dict(self) -> dict[str, int] | None:
        found = self.dimensions()
        return None if found is None else {"known": found[0], "of": found[1]}

    def profile(self) -> list[dict[str, Any]]:
        """Per dimension (:data:`bridgelaws.presentation.profile.DIMENSIONS`), its direction over the situations
        compared: the one direction they share, ``same`` if none moves, ``mixed`` if they move
        apart; with one situation, also its values (``from``, ``to``)."""
        found = []
        compared = [s for s in self.situations if s.profile]
        for name, label in DIMENSIONS.items():
            dims = [d for s in compared for d in s.profile if d.name == name]
            if not dims:
                continue
            moved = {d.direction for d in dims} - {"same", "unknown"}
            if not moved:
                direction = "unknown" if all(d.direction == "unknown" for d in dims) else "same"
            else:
                direction = moved.pop() if len(moved) == 1 else "mixed"
            item: dict[str, Any] = {"dimension": name, "label": label, "direction": direction}
            if len(compared) == 1:
                item.update({"from": dims[0].before, "to": dims[0].after})
            found.append(item)
        return found

    def profile_words(self) -> str:
        """The dimensions that move, in a line (the text output)."""
        return "; ".join(f"{d['dimension']} {d['direction']}" for d in self.profile()
                         if d["direction"] not in ("same", "unknown"))

    def row(self) -> dict[str, Any]:
        """A flat row (``ledger --csv``): the columns of :data:`COLUMNS`."""
        return {"subject": self.subject, "kind": self.kind, "from": self.from_edition, "to": self.to_edition,
                "change": self.change, "because": self.because or "", "layer": self.layer,
                "from_status": self.from_side.status, "to_status": self.to_side.status,
                "from_articles": " ".join(self.from_side.articles), "to_articles": " ".join(self.to_side.articles),
                "from_quote": self.from_side.quote_nl or "", "to_quote": self.to_side.quote_nl or "",
                "reason": self.reason, "from_layer": self.from_side.layer, "to_layer": self.to_side.layer,
                "profile": self.profile_words()}


#: The columns of ``ledger --csv``.
COLUMNS = ("subject", "kind", "from", "to", "change", "because", "layer", "from_status", "to_status",
           "from_articles", "to_articles", "from_quote", "to_quote", "reason", "from_layer", "to_layer", "profile")

