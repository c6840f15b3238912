"""The stepper and the comparison of the static site, run in the pupil's browser (Pyodide).

``bridgelaws export-site`` writes ``stepper.html``: a thin script (``bridgelaws/static/stepper.js``)
that loads Pyodide from the site, unpacks the package and the data bundle into its file system, and
then only hands the page's events to :func:`act` and puts what it returns into the page. Everything
the page shows is made here, in Python, from the engine's own views (:func:`stepper_html`,
:func:`compare_html`, :func:`matrix_html`) and the catalogue's words: the controls too, each with a
``data-action`` the script sends back. No ipywidgets, no kernel, no server.

The state is a JSON object (:class:`dict`), held by the page; the address carries the same
parameters as the served app (:mod:`bridgelaws.presentation.views.address`: ``scenario``, ``dealer``,
``editions``, ``step``, ``layer``, ``case`` and the ``compare_`` ones), and ``lang``, which the
served app leaves alone, so one link opens the same view in both.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Any

from ..auction.calls import ALL_CALLS
from ..presentation.views import compare_html, matrix_html, read_typed, stepper_html, steps
from ..presentation.views.address import (CompareAddress, StepperAddress, compare_query, parse_compare_address,
                                          parse_stepper_address, stepper_query)
from ..presentation.views.compare import case_examples
from ..presentation.render import stylesheet
from ..text.content import scenarios
from ..text import datafiles
from ..text.errors import BridgeLawsError
from ..text.i18n import LANGUAGES, t
from ..presentation.views._common import YEARS
from ..text.vocabulary import DEFAULT_LAYER

State = dict[str, Any]
SEATS = ("N", "E", "S", "W")


def _one_line(error: BridgeLawsError) -> str:
    return " ".join(str(error).split())


def start(query: str, lang: str = "en") -> State:
    """The state a page opens on: its address read as the served app reads it; a malformed
    parameter is one line in the message, and the rest of the address still applies."""
    query = query.lstrip("?")
    state: State = {"tokens": [], "dealer": "N", "editions": list(YEARS), "step": None, "layer": DEFAULT_LAYER,
                    "lang": lang, "seat": "", "dropped": None, "message": None, "typed": None,
                    "case": None, "compare_tokens": None, "compare_dealer": None,
                    "compare_editions": list(YEARS), "compare_layer": DEFAULT_LAYER, "matrix": False}
    from urllib.parse import parse_qs

    asked = parse_qs(query).get("lang", [lang])[-1]
    if asked in LANGUAGES:
        state["lang"] = asked
    problems = []
    try:
        address = parse_stepper_address(query)
    except BridgeLawsError as error:
        problems.append(_one_line(error))
        address = StepperAddress()
    state.update(tokens=list(address.tokens), dealer=address.dealer, editions=list(address.editions),
                 step=address.step, layer=address.layer)
    try:
        wanted = parse_compare_address(query)
    except BridgeLawsError as error:
        problems.append(_one_line(error))
        wanted = CompareAddress()
    state.update(case=wanted.case, compare_tokens=None if wanted.tokens is None else list(wanted.tokens),
                 compare_dealer=wanted.dealer, compare_editions=list(wanted.editions), compare_layer=wanted.layer)
    if state["step"] is not None and state["step"] >= len(steps(state["tokens"])):
        state["step"] = None
    state["message"] = " ".join(problems) or None
    return state


def _count(state: State) -> int:
    return len(steps(state["tokens"]))


def _shown(state: State) -> list[str]:
    step = state["step"]
    groups = steps(state["tokens"])
    return [token for group in (groups if step is None else groups[:step]) for token in group]


def _add(state: State, token: str) -> None:
    """A call from the bidding box: added after the step shown; the later steps, if any, are dropped
    (Undo brings them back)."""
    groups = steps(state["tokens"])
    shown = _shown(state)
    later = groups[len(steps(shown)):]
    reading = read_typed(shown + [token], state["editions"], state["dealer"], state["layer"])
    if reading.problem is not None:
        state["message"] = reading.problem(state["lang"])
        return
    if later:
        state["dropped"] = list(state["tokens"])
        key = "app.discard.done_one" if len(later) == 1 else "app.discard.done"
        state["message"] = t(key, state["lang"], count=len(later), later=" ".join(" ".join(g) for g in later))
    else:
        state["dropped"] = None
    state["tokens"], state["step"], state["seat"], state["typed"] = shown + [token], None, "", None


def _typed(state: State, text: str) -> None:
    reading = read_typed(text, state["editions"], state["dealer"], state["layer"])
    state["tokens"], state["step"], state["dropped"] = list(reading.tokens), None, None
    if reading.problem is not None:
        state["message"], state["typed"] = reading.problem(state["lang"]), text
    else:
        state["typed"] = None


def _move(state: State, by: int) -> None:
    count = _count(state)
    step = (count if state["step"] is None else state["step"]) + by
    step = max(0, min(count, step))
    state["step"] = None if step == count else step


def _editions(state: State, values: list[str], key: str) -> None:
    chosen = [year for year in YEARS if year in values]
    if not chosen:
        state["message"] = t("site.app.no_edition", state["lang"])
        return
    state[key] = chosen


def _scenario(state: State, name: str) -> None:
    for scenario in scenarios():
        if scenario["name"] == name:
            state.update(tokens=scenario["tokens"].split(), dealer=scenario["dealer"], step=None, dropped=None,
                         typed=None)
            return


def _compare_case(state: State, value: str) -> None:
    if not value:
        state.update(case=None, compare_tokens=None, compare_dealer=None)
        return
    index = int(value)
    example = case_examples(state["lang"])[index]
    state.update(case=example.case, compare_tokens=example.tokens.split(), compare_dealer=example.dealer)


def _compare_typed(state: State, text: str) -> None:
    from ..auction.notation import parse_scenario

    tokens = text.split()
    parse_scenario(tokens)  # an unreadable token: one line (BridgeLawsError)
    state.update(compare_tokens=tokens, case=None)


_ACTIONS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "call": lambda state, a: _add(state, a["call"] if not state["seat"] else f"{state['seat']}:{a['call']}"),
    "typed": lambda state, a: _typed(state, a["value"]),
    "back": lambda state, a: _move(state, -1),
    "forward": lambda state, a: _move(state, 1),
    "undo": lambda state, a: state.update(tokens=state["dropped"] or state["tokens"], dropped=None, step=None),
    "clear": lambda state, a: state.update(tokens=[], step=None, dropped=None, typed=None),
    "seat": lambda state, a: state.update(seat=a["value"] if a["value"] in SEATS else ""),
    "dealer": lambda state, a: state.update(dealer=a["value"] if a["value"] in SEATS else "N"),
    "layer": lambda state, a: state.update(layer=a["value"], compare_layer=a["value"]),
    "lang": lambda state, a: state.update(lang=a["value"] if a["value"] in LANGUAGES else state["lang"]),
    "editions": lambda state, a: _editions(state, a["values"], "editions"),
    "scenario": lambda state, a: _scenario(state, a["value"]),
    "compare_case": lambda state, a: _compare_case(state, a["value"]),
    "compare_typed": lambda state, a: _compare_typed(state, a["value"]),
    "matrix": lambda state, a: state.update(matrix=not state["matrix"]),
}


def act(state: State, action: dict[str, Any]) -> State:
    """The state after one action of the page (a click, a typed scenario, a choice)."""
    state = dict(state, message=None)
    kind = action.get("action")
    if kind not in _ACTIONS:
        raise BridgeLawsError(f"the page sent an unknown action {kind!r}")
    try:
        _ACTIONS[kind](state, action)
    except BridgeLawsError as error:
        state["message"] = _one_line(error)
    return state


def query(state: State) -> str:
    """The page's address for ``state``: the served app's parameters, then ``lang``."""
    stepper = stepper_query(StepperAddress(tuple(state["tokens"]), state["dealer"], tuple(state["editions"]),
                                           state["step"], state["layer"]))
    compare = compare_query(CompareAddress(state["case"], None if state["compare_tokens"] is None
                                           else tuple(state["compare_tokens"]), state["compare_dealer"],
                                           tuple(state["compare_editions"]), state["compare_layer"]))
    return "&".join(part for part in (stepper, compare, f"lang={state['lang']}") if part)


# ------------------------------------------------------------------------------------ what the page shows


def _button(action: str, text: str, *, value: str = "", title: str = "", pressed: bool = False,
            disabled: bool = False) -> str:
    attributes = f' data-action="{action}"' + (f' data-value="{escape(value)}"' if value else "")
    attributes += f' title="{escape(title)}"' if title else ""
    attributes += ' aria-pressed="true"' if pressed else ""
    attributes += " disabled" if disabled else ""
    return f'<button type="button"{attributes}>{escape(text)}</button>'


def _select(action: str, label: str, options: list[tuple[str, str]], chosen: str) -> str:
    items = "".join(f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>{escape(text)}</option>'
                    for text, value in options)
    return f'<label>{escape(label)} <select data-action="{action}">{items}</select></label>'


def _bidding_box(state: State) -> str:
    lang = state["lang"]
    rows = []
    # The labels as the served app's bidding box has them (the suit symbols), the notation's token as the value.
    for level in "1234567":
        rows.append("".join(_button("call", call.symbol(), value=str(call), title=str(call)) for call in ALL_CALLS
                            if str(call).startswith(level)))
    rows.append("".join(_button("call", call.symbol(), value=str(call), title=str(call)) for call in ALL_CALLS
                        if str(call)[0] not in "1234567"))
    seats = [(t("stepper_controls.in_turn", lang), "")] + [(t(f"stepper_controls.letter_{s}", lang), s) for s in SEATS]
    caller = _select("seat", t("stepper_controls.caller", lang), seats, state["seat"])
    return ('<div class="bl-box">' + "".join(f'<div class="bl-box-row">{row}</div>' for row in rows)
            + f"</div><p>{caller}</p>")


def controls_html(state: State) -> str:
    """The stepper's controls, in the page's language: each sends its ``data-action``."""
    lang = state["lang"]
    count = _count(state)
    step = count if state["step"] is None else state["step"]
    typed = state["typed"] if state["typed"] is not None else " ".join(state["tokens"])
    scenario_options = [(t("stepper_controls.choose_scenario", lang), "")] + [
        (s["name"], s["name"]) for s in scenarios()]
    current = next((s["name"] for s in scenarios()
                    if s["tokens"].split() == state["tokens"] and s["dealer"] == state["dealer"]), "")
    editions = "".join(f'<label><input type="checkbox" data-action="editions" value="{year}"'
                       f'{" checked" if year in state["editions"] else ""}> {year}</label> ' for year in YEARS)
    layers = [(t("explorer.layer_supplement", lang), "supplement"), (t("explorer.layer_corpus", lang), "corpus")]
    dealers = [(t(f"stepper_controls.letter_{s}", lang), s) for s in SEATS]
    languages = [("English", "en"), ("Nederlands", "nl")]
    parts = [
        "<p>" + _select("lang", t("common.language", lang), languages, lang) + " "
        + _select("layer", t("explorer.layer", lang), layers, state["layer"]) + " "
        + _select("dealer", t("common.dealer", lang), dealers, state["dealer"]) + "</p>",
        f"<p>{escape(t('common.editions', lang))}: {editions}</p>",
        "<p>" + _select("scenario", t("common.scenario", lang), scenario_options, current) + "</p>",
        f'<form data-action="typed"><label>{escape(t("stepper_controls.typed", lang))} '
        f'<input name="typed" size="48" value="{escape(typed)}"></label> '
        f'<button type="submit">{escape(t("stepper_controls.apply", lang))}</button></form>',
        _bidding_box(state),
        "<p>" + _button("back", t("stepper_controls.back", lang), disabled=step == 0)
        + _button("forward", t("stepper_controls.forward", lang), disabled=step >= count)
        + _button("undo", t("app.discard.undo", lang), disabled=not state["dropped"])
        + _button("clear", t("stepper_controls.clear", lang), disabled=not state["tokens"])
        + f' <span class="bl-step">{escape(t("stepper_controls.step", lang))} {step} / {count}</span></p>',
    ]
    return "".join(parts)


def compare_controls_html(state: State) -> str:
    lang = state["lang"]
    examples = case_examples(lang)
    chosen = ""
    for index, example in enumerate(examples):
        if example.case == state["case"] and example.tokens.split() == (state["compare_tokens"] or []):
            chosen = str(index)
            break
    options = [(t("explorer.type_below", lang), "")] + [(e.label, str(i)) for i, e in enumerate(examples)]
    typed = " ".join(state["compare_tokens"] or [])
    return ("<p>" + _select("compare_case", t("common.case", lang), options, chosen) + "</p>"
            f'<form data-action="compare_typed"><label>{escape(t("explorer.auction", lang))} '
            f'<input name="typed" size="48" value="{escape(typed)}"></label> '
            f'<button type="submit">{escape(t("explorer.compare", lang))}</button></form>')


def _compare_view(state: State) -> str:
    tokens = state["compare_tokens"]
    dealer = state["compare_dealer"] or "N"
    if tokens is None and state["case"] is not None:
        example = next(e for e in case_examples(state["lang"]) if e.case == state["case"])
        tokens, dealer = example.tokens.split(), state["compare_dealer"] or example.dealer
    if not tokens:
        return ""
    return compare_html(tokens, state["compare_editions"], dealer, state["compare_layer"], focus=state["case"],
                        english=True, lang=state["lang"])


def _unstyled(html: str) -> str:
    return html.replace(stylesheet(), "")


@datafiles.cached
def _matrix(layer: str, lang: str) -> str:
    """The matrix, made once per layer and language (every action re-renders the page's regions)."""
    return _unstyled(matrix_html(detail=True, layer=layer, lang=lang))


def render(state: State) -> dict[str, Any]:
    """What the page shows for ``state``: each region's HTML, the message, the address."""
    lang = state["lang"]
    try:
        view = stepper_html(state["tokens"], state["editions"], state["dealer"], state["step"], state["layer"],
                            english=True, lang=lang)
    except BridgeLawsError as error:
        view, state = "", dict(state, message=_one_line(error))
    try:
        compared = _compare_view(state)
    except BridgeLawsError as error:
        compared, state = "", dict(state, message=_one_line(error))
    return {
        "state": state, "lang": lang, "query": query(state), "message": state["message"] or "",
        "controls": controls_html(state), "stepper": _unstyled(view),
        "compare_controls": compare_controls_html(state), "compare": _unstyled(compared),
        "matrix": _matrix(state["layer"], lang) if state["matrix"] else "",
        "matrix_button": t("site.app.matrix_hide" if state["matrix"] else "site.app.matrix_show", lang),
        "titles": {"stepper": t("site.app.stepper", lang), "compare": t("site.app.compare", lang),
                   "matrix": t("site.nav.matrix", lang)},
    }


def open_page(query_string: str, lang: str = "en") -> str:
    """For the page's script: the JSON of :func:`render` for the page's address."""
    return json.dumps(render(start(query_string, lang)))


def page_action(state_json: str, action_json: str) -> str:
    """For the page's script: the JSON of :func:`render` after one action."""
    return json.dumps(render(act(json.loads(state_json), json.loads(action_json))))
