"""The app's state in the page's address: pure functions from a query string to the
state of the stepper and of the comparison explorer, and back.

The stepper's parameters::

    ?scenario=1S%201H&dealer=N&editions=1936,2017&step=2&layer=supplement

``scenario``: the calls in the notation of the typed box (as ``bridgelaws judge`` takes them);
``dealer``: N, E, S or W; ``editions``: years, comma-separated (``all``: every edition), and the
shipped example drafts by their id or file name (never another file: :func:`shipped_drafts`); ``step``:
how many steps are shown (0 to the number of steps; absent: all of them); ``layer``: ``corpus``
(absent) or ``supplement``. The explorer's, on the same page, carry the prefix ``compare_``
(``compare_scenario``, ``compare_dealer``, ``compare_editions``, ``compare_layer``) and ``case``:
a case id of the catalogue, opened on its scenario when ``compare_scenario`` is absent. ``lang``
(``en``, absent, or ``nl``) is the language the page opens in.

A parameter that is absent takes the widget's default; a parameter the app does not know is left
alone (a link may carry what a mail program or a server adds). A malformed value raises
:class:`BridgeLawsError` naming the parameter and its value, in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qs, quote

from ...auction.calls import parse_seat
from ...text.errors import BridgeLawsError
from ._common import YEARS
from .compare import case_examples
from .stepper import edition_years, steps
from ...text.i18n import DEFAULT_LANGUAGE, LANGUAGES
from ...text.vocabulary import DEFAULT_LAYER

LAYERS = ("corpus", "supplement")
#: The longest scenario an address may carry, in characters: the typed box's limit
#: (``bridgelaws.interfaces.widgets.MAX_TYPED_CHARS``; the longest auction takes under 1,400).
MAX_SCENARIO_CHARS = 4000
#: What stays readable in an address: the separators of the notation are not escaped.
_SAFE = ",:!*"

STEPPER_KEYS = ("scenario", "dealer", "editions", "step", "layer")
COMPARE_KEYS = ("case", "compare_scenario", "compare_dealer", "compare_editions", "compare_layer")


@dataclass(frozen=True)
class StepperAddress:
    """What the stepper shows: the scenario's tokens, the dealer, the editions, the step (None: the
    last one) and the layer."""

    tokens: tuple[str, ...] = ()
    dealer: str = "N"
    editions: tuple[str, ...] = YEARS
    step: int | None = None
    layer: str = DEFAULT_LAYER


@dataclass(frozen=True)
class CompareAddress:
    """What the comparison explorer shows: the case chosen (None: a typed scenario), the scenario's
    tokens (None: the case's own scenario), the dealer (None: the case's), the editions and the layer."""

    case: str | None = None
    tokens: tuple[str, ...] | None = None
    dealer: str | None = None
    editions: tuple[str, ...] = YEARS
    layer: str = DEFAULT_LAYER


def _values(query: str, keys: tuple[str, ...]) -> dict[str, str]:
    """The values of ``keys`` in ``query`` (one each; a key given twice is refused)."""
    query = query[1:] if query.startswith("?") else query
    try:
        parsed = parse_qs(query, keep_blank_values=True, max_num_fields=200)
    except ValueError as error:
        raise BridgeLawsError(f"the page's address cannot be read: {error}") from None
    values = {}
    for key in keys:
        given = parsed.get(key, [])
        if len(given) > 1:
            raise BridgeLawsError(f"the page's address gives {key} {len(given)} times: give it once")
        if given:
            values[key] = given[0]
    return values


def _malformed(key: str, value: str, reason: str) -> BridgeLawsError:
    shown = value if len(value) <= 60 else value[:57] + "..."
    return BridgeLawsError(f"the page's address has {key}={shown!r}: {reason}")


def _tokens(key: str, value: str) -> tuple[str, ...]:
    if len(value) > MAX_SCENARIO_CHARS:
        raise _malformed(key, value, f"a scenario of {len(value):,} characters; at most {MAX_SCENARIO_CHARS:,}")
    if any(ch in value for ch in "\r\n\t\x00"):
        raise _malformed(key, value, "a scenario is one line of calls")
    try:
        steps(value)  # every token readable
    except BridgeLawsError as error:
        raise _malformed(key, value, str(error)) from None
    return tuple(value.split())


def _dealer(key: str, value: str) -> str:
    try:
        return str(parse_seat(value))
    except BridgeLawsError:
        raise _malformed(key, value, "the dealer is N, E, S or W") from None


def shipped_drafts() -> dict[str, str]:
    """The example drafts shipped with the package, as an address may name them: by their id (what
    the address writes, e.g. ``1936-milder-insufficient``) and by their file's name under ``data/``
    (``drafts/1936-milder-insufficient-bid.yaml``, also with ``data/`` before it), each mapped to
    that name under ``data/``."""
    from ...judging.drafts import example_drafts, load_example

    names: dict[str, str] = {}
    for name in example_drafts():
        names[load_example(name).year] = name
        names[name] = name
        names["data/" + name] = name
    return names


def _editions(key: str, value: str, *, drafts: bool = True) -> tuple[str, ...]:
    """The editions an address names: the registry's years (``all``: every one) and, with
    ``drafts``, the shipped example drafts by name. Nothing else: an address is typed by anyone,
    and a path would make the server open a file of its machine, so no file is opened,
    nor asked whether it exists, for a name that is not a shipped draft's."""
    if not value.strip():
        raise _malformed(key, value, f"choose at least one edition of {', '.join(YEARS)} (or all)")
    shipped = shipped_drafts() if drafts else {}
    names: list[str] = []
    for name in value.replace(",", " ").split():
        if name.lower() == "all":
            names.extend(year for year in YEARS if year not in names)
        elif name in YEARS:
            names.append(name)
        elif name in shipped:
            from ...judging.drafts import load_example

            names.append(load_example(shipped[name]).year)  # loaded: found again by its id
        else:
            offered = ", ".join(YEARS) + (f", or an example draft ({', '.join(sorted(n for n in shipped if '/' not in n))})"
                                         if shipped else "")
            shown = name if len(name) <= 40 else name[:37] + "..."
            raise _malformed(key, value, f"{shown!r} is not an edition {'of the app' if drafts else 'the comparison shows'}: "
                                         f"choose {offered}")
    try:
        return edition_years(names)
    except BridgeLawsError as error:
        raise _malformed(key, value, str(error)) from None


def _layer(key: str, value: str) -> str:
    if value not in LAYERS:
        raise _malformed(key, value, f"the layer is {' or '.join(LAYERS)}")
    return value


def parse_stepper_address(query: str) -> StepperAddress:
    """The stepper's state in a query string (``?scenario=...&dealer=...``); see the module doc."""
    values = _values(query, STEPPER_KEYS)
    tokens = _tokens("scenario", values["scenario"]) if "scenario" in values else ()
    step = None
    if "step" in values:
        text = values["step"]
        count = len(steps(list(tokens)))
        if not (text.isascii() and text.isdigit()):
            raise _malformed("step", text, f"the step is a whole number from 0 to {count} (the steps of the scenario)")
        # A step past the last (a link with step=99, an auction shortened by hand) shows the last
        # one; a number of more than six digits is past every auction.
        step = count if len(text) > 6 else min(int(text), count)
    return StepperAddress(
        tokens=tokens,
        dealer=_dealer("dealer", values["dealer"]) if "dealer" in values else "N",
        editions=_editions("editions", values["editions"]) if "editions" in values else YEARS,
        step=step,
        layer=_layer("layer", values["layer"]) if "layer" in values else DEFAULT_LAYER,
    )


def parse_compare_address(query: str) -> CompareAddress:
    """The comparison explorer's state in a query string (``?case=...&compare_scenario=...``)."""
    values = _values(query, COMPARE_KEYS)
    case = values.get("case")
    if case is not None:
        known = list(dict.fromkeys(example.case for example in case_examples()))
        if case not in known:
            raise _malformed("case", case, f"no such case; the cases are {', '.join(known)}")
    return CompareAddress(
        case=case,
        tokens=_tokens("compare_scenario", values["compare_scenario"]) if "compare_scenario" in values else None,
        dealer=_dealer("compare_dealer", values["compare_dealer"]) if "compare_dealer" in values else None,
        # The explorer offers the registry's editions only (the stepper shows a draft beside them).
        editions=(_editions("compare_editions", values["compare_editions"], drafts=False)
                  if "compare_editions" in values else YEARS),
        layer=_layer("compare_layer", values["compare_layer"]) if "compare_layer" in values else DEFAULT_LAYER,
    )


def parse_language_address(query: str) -> str:
    """The page's language in a query string (``?lang=nl``, so that a Dutch teacher's link opens in
    Dutch): absent, English; else one of the catalogue's languages."""
    values = _values(query, ("lang",))
    if "lang" not in values:
        return DEFAULT_LANGUAGE
    if values["lang"] not in LANGUAGES:
        raise _malformed("lang", values["lang"], f"the language is {' or '.join(LANGUAGES)}")
    return values["lang"]


def language_query(lang: str) -> str:
    """The query string of the page's language (none for English, the default)."""
    return "" if lang == DEFAULT_LANGUAGE else _query({"lang": lang})


def _query(pairs: Mapping[str, str]) -> str:
    return "&".join(f"{key}={quote(value, safe=_SAFE)}" for key, value in pairs.items())


def stepper_query(state: StepperAddress) -> str:
    """The query string of the stepper's state: scenario (when there is one), dealer, editions, step
    (with a scenario), layer (when it is not the default, the best sourced answer). :func:`parse_stepper_address` reads it back."""
    pairs: dict[str, str] = {}
    if state.tokens:
        pairs["scenario"] = " ".join(state.tokens)
    pairs["dealer"] = state.dealer
    pairs["editions"] = ",".join(state.editions)
    if state.tokens:
        pairs["step"] = str(len(steps(list(state.tokens))) if state.step is None else state.step)
    if state.layer != DEFAULT_LAYER:
        pairs["layer"] = state.layer
    return _query(pairs)


def compare_query(state: CompareAddress) -> str:
    """The query string of the explorer's state (the ``case`` and the ``compare_`` parameters)."""
    pairs: dict[str, str] = {}
    if state.case is not None:
        pairs["case"] = state.case
    if state.tokens is not None:
        pairs["compare_scenario"] = " ".join(state.tokens)
    if state.dealer is not None:
        pairs["compare_dealer"] = state.dealer
    if state.editions != YEARS:
        pairs["compare_editions"] = ",".join(state.editions)
    if state.layer != DEFAULT_LAYER:
        pairs["compare_layer"] = state.layer
    return _query(pairs)


__all__ = ["CompareAddress", "StepperAddress", "compare_query", "language_query", "parse_compare_address",
           "parse_language_address", "parse_stepper_address", "shipped_drafts", "stepper_query"]
