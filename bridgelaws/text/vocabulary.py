"""The closed vocabularies that travel from the engine to the views, as string-valued enums.

They are ``StrEnum``s: a member is equal to its string (``Status.RULED == "ruled"``), prints as it
(``f"{Status.RULED}"`` is ``ruled``) and is written to JSON as it, so outputs stay plain text while
the code can name the values it compares against.
"""

from __future__ import annotations

from enum import StrEnum


class _Word(StrEnum):
    # The repr is the string's own, so that a state or a ruling shown as a dict reads as before:
    # {'seat': 'W', 'scope': 'next-turn'}, not {'seat': 'W', 'scope': <Scope.NEXT_TURN: 'next-turn'>}.
    def __repr__(self) -> str:
        return repr(self.value)


class Status(_Word):
    """What an edition's own text does with a case."""

    RULED = "ruled"  # the text prescribes a rectification
    REFERENCED = "referenced"  # the text only points to an article outside the corpus
    SILENT = "silent"  # the corpus excerpt (the edition's bidding chapter) does not treat it
    #: Only with ``layer="supplement"``: the corpus excerpt is silent or only points elsewhere, and a
    #: paraphrase of the full code from a named source (``data/supplement/``) rules. Never law read
    #: from the corpus: every such ruling carries its source and the date it was read.
    SUPPLEMENT = "supplement"


class Layer(_Word):
    """Which texts the engine rules from (``judge(..., layer=...)``, ``--layer`` on the CLI)."""

    CORPUS = "corpus"  # the verbatim corpus alone: the text-only view (``--layer corpus``)
    SUPPLEMENT = "supplement"  # the best sourced answer (the default): the corpus where the excerpt rules,
    # else a sourced paraphrase of data/supplement/ (its own status and label), else the gap


#: The layer every entry point reads unless told otherwise: the best sourced answer. The
#: verbatim corpus where the excerpt rules; else the labelled paraphrase of the full code from a named
#: source; else the gap, with what was searched. ``Layer.CORPUS`` keeps the text-only view (see
#: docs/decisions/2026-12-02-default-layer-supplementary.md).
DEFAULT_LAYER = Layer.SUPPLEMENT


class Scope(_Word):
    """How long a barred player must pass."""

    NEXT_TURN = "next-turn"
    REST_OF_AUCTION = "rest-of-auction"


class Outcome(_Word):
    """Where an auction stands (:attr:`bridgelaws.Auction.outcome`), and what a ruling on the deal
    or on four passes leads to (a ruling's ``outcome``). Two kinds of new deal are kept apart:"""

    OPEN = "open"
    CONTRACT = "contract"
    # The hand is not played and the next dealer deals the next hand: 1932:11.2 "de speler wiens
    # beurt het is om te geven, geeft met het andere spel", 1936:15 "de speler, die aan de beurt
    # komt, geeft" (all four passed).
    NEXT_DEAL = "next-deal"
    PASSED_OUT = "passed-out"  # all four passed, and the board is not played (1949:22, 2017:22.B)
    # The same dealer deals the same hand again: 1932:10 "door denzelfden speler met hetzelfde spel
    # opnieuw worden gegeven", 1936:24 "opnieuw worden gegeven door denzelfden gever" (a faulty
    # deal). Never the end of an auction.
    REDEAL = "redeal"


#: The outcomes four passes can have (an edition's ``all_pass_outcome``).
ALL_PASS_OUTCOMES = (Outcome.NEXT_DEAL, Outcome.PASSED_OUT)


class Effect(_Word):
    """What a call did to the auction (:attr:`bridgelaws.auction.auction.Entry.effect`)."""

    MADE = "made"  # it counts as made
    VOID = "void"  # cancelled: it counts for nothing
    DEEMED = "deemed"  # it counts as another call (``Entry.deemed``)


class EventKind(_Word):
    """The kinds of token in the scenario notation (:mod:`bridgelaws.auction.notation`)."""

    CALL = "call"
    EXPOSURE = "exposure"  # a card exposed during the auction
    MARK = "mark"  # a PBN mark (^I, ^S) recording an acceptance at the table
    OPTION = "option"  # ``#choice``: the option taken where the text offers one
    CHANGE = "change"  # ``=2S``/``>2S``: the player changes the call he has just made
    INCIDENT = "incident"  # ``?``, ``S:[wrong-board]``...: something that is not a call


class TokenRole(_Word):
    """What a token is in the auction an edition made of a scenario (:mod:`bridgelaws.judging.divergence`)."""

    CALL = "call"  # a proper call, in the auction
    CORRECTION = "correction"  # the offender's replacement of an earlier call of his
    IRREGULAR = "irregular"  # an irregular call (its case names which irregularity)
    EXPOSURE = "exposure"  # a card exposed during the auction
