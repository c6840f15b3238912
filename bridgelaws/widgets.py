"""Thin ipywidgets front ends for the notebooks. Each keeps a little state and shows the HTML of a
pure function of :mod:`bridgelaws.views`; every callback catches :class:`BridgeLawsError` and shows
its one-line message in the widget's message area, never a traceback.

:class:`AuctionStepper` is the auction stepper of notebook 02. Tests drive it as a user would::

    stepper = AuctionStepper()
    stepper.editions.value = ("1936", "1949")
    stepper.click("1S"); stepper.seat.value = "W"; stepper.click("X")   # West doubles out of turn
    stepper.step.value = 1                                              # back to the first call
    stepper.output_html                                                 # what the user sees

This module imports ipywidgets; ``import bridgelaws`` does not import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from . import views
from .calls import ALL_CALLS, BIDS, parse_call, parse_seat
from .editions import EDITIONS
from .errors import BridgeLawsError
from .exercise_set import Exercise
from .i18n import t
from .notation import hint, parse_card
from .render import seat_name
from .vocabulary import DEFAULT_LAYER
from .views._common import EditionNames, Tokens, _view

YEARS = tuple(e.year for e in EDITIONS)
#: The scenario menu's entry while the auction shown is not a prepared scenario (the user's own).
YOUR_AUCTION = "(your auction)"
_DEALER_OPTIONS = (("North", "N"), ("East", "E"), ("South", "S"), ("West", "W"))
#: The layer choice (issues 11, 21): the best sourced answer (the default: the corpus, else the sourced
#: supplement where the excerpt is silent, else the gap), or the verbatim corpus alone.
_LAYER_OPTIONS = (("best sourced", "supplement"), ("corpus only", "corpus"))


def _layer_toggle() -> widgets.ToggleButtons:
    return widgets.ToggleButtons(
        options=_LAYER_OPTIONS, value=str(DEFAULT_LAYER), description="Layer",
        tooltips=["the corpus where the excerpt rules; where it is silent, a sourced paraphrase of the full code, "
                  "marked as such; else the gap",
                  "the verbatim corpus alone"],
        style={"button_width": "110px"})


def _english_toggle() -> widgets.Checkbox:
    """Show the English of each quoted paragraph on the ruling cards (issue 12): the project's
    translation, shown beside the verbatim Dutch quote, never in its place."""
    return widgets.Checkbox(value=False, description="English of the quoted paragraph (the project's translation)",
                            indent=False, layout=widgets.Layout(width="auto"))


def _language_toggle(lang: str = "en") -> widgets.ToggleButtons:
    """The interface's language (issue 13 §6): every widget that offers it relabels its controls and
    redraws its view through :func:`bridgelaws.i18n.t` when it changes."""
    from .i18n import LANGUAGE_NAMES, LANGUAGES, find_language

    return widgets.ToggleButtons(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                                 value=find_language(lang), style={"button_width": "100px"})


class EditionChoice(widgets.Box):
    """The editions shown: one checkbox per edition offered (the registry's, then any draft named),
    so that a click adds or takes away one edition and leaves the others as they are (a
    SelectMultiple deselected all the others on a plain click).

    ``value`` is the tuple of the years ticked, in the order offered, as a SelectMultiple's was:
    ``choice.value = ("1936", "1949")`` ticks those two; an observer of ``value`` sees every change.
    A year not offered is refused (``traitlets.TraitError``)."""

    value = traitlets.Tuple()

    def __init__(self, options: tuple[str, ...], value: tuple[str, ...], *, vertical: bool = True,
                 lang: str = "en") -> None:
        self.options = tuple(options)
        names = {edition.year: edition.name for edition in EDITIONS}
        self.boxes: dict[str, widgets.Checkbox] = {
            year: widgets.Checkbox(value=year in value, description=year, indent=False,
                                   tooltip=names.get(year, year), layout=widgets.Layout(width="auto"))
            for year in self.options}
        self.label = widgets.Label(t("common.editions", lang))
        flow = "column" if vertical else "row wrap"
        super().__init__([self.label, *self.boxes.values()],
                         layout=widgets.Layout(flex_flow=flow, align_items="flex-start" if vertical else "center",
                                               grid_gap="0 12px"))
        self.add_class("bl-editions")
        self._syncing = False
        self.value = tuple(value)
        for box in self.boxes.values():
            box.observe(self._on_box, names="value")

    @traitlets.validate("value")
    def _valid(self, proposal: dict[str, Any]) -> tuple[str, ...]:
        wanted = tuple(str(year) for year in proposal["value"])
        unknown = [year for year in wanted if year not in self.options]
        if unknown:
            raise traitlets.TraitError(f"not an edition offered: {', '.join(unknown)} "
                                       f"(offered: {', '.join(self.options)})")
        return tuple(year for year in self.options if year in wanted)

    @traitlets.observe("value")
    def _on_value(self, change: dict[str, Any]) -> None:
        self._syncing = True
        try:
            for year, box in self.boxes.items():
                box.value = year in change["new"]
        finally:
            self._syncing = False

    def _on_box(self, _: Any) -> None:
        if not self._syncing:
            self.value = tuple(year for year, box in self.boxes.items() if box.value)


def _projector_toggle(lang: str = "en") -> widgets.Checkbox:
    """Projector mode (issue 13 §4): larger type for the back of a room; it adds the class
    ``bl-projector`` to the widget, which bridgelaws.css enlarges."""
    return widgets.Checkbox(value=False, description=t("stepper.projector", lang), indent=False,
                            tooltip=t("stepper.projector_tip", lang), layout=widgets.Layout(width="auto"))


def _follow_projector(owner: widgets.DOMWidget, toggle: widgets.Checkbox) -> None:
    def follow(change: dict[str, Any]) -> None:
        (owner.add_class if change["new"] else owner.remove_class)("bl-projector")

    toggle.observe(follow, names="value")


def _message(text: str, kind: str = "error") -> str:
    from html import escape

    colour = {"error": "#842029", "info": "#0b4f71"}[kind]
    background = {"error": "#fdecea", "info": "#e7f3fa"}[kind]
    return (f'<div style="font-family:sans-serif;font-size:14px;color:{colour};background:{background};'
            f'padding:2px 8px;border-radius:3px">{escape(text)}</div>')


#: The longest scenario the typed box accepts, in characters: the longest auction (319 calls) takes
#: about 720 with one space between calls, under 1,400 with every seat written (``N:1C``), which
#: leaves room for exposures, marks and options; a longer text would only make the page slow (each
#: step is a view of every edition shown) and is refused with a message.
MAX_TYPED_CHARS = 4000


def _typed_text(typed: str) -> str:
    """What a typed box holds, refused (BridgeLawsError, shown as the message) beyond the limit."""
    if len(typed) > MAX_TYPED_CHARS:
        raise BridgeLawsError(f"the typed scenario has {len(typed):,} characters; the box takes at most "
                              f"{MAX_TYPED_CHARS:,} (the longest auction, 319 calls, takes under 1,400)")
    return typed


class _HasLanguage:
    """A widget with a language switch, ``self.language`` (:func:`_language_toggle`)."""

    language: widgets.ToggleButtons

    @property
    def lang(self) -> str:
        lang: str = self.language.value
        return lang

    def set_language(self, lang: str) -> None:
        """Switch the widget to ``lang`` ("nl", "en", "Nederlands"...): as a click on the switch."""
        from .i18n import find_language

        self.language.value = find_language(lang)


class _Speaks(_HasLanguage):
    """A widget with a language switch (issue 13 §6): when ``self.language`` changes, :meth:`_relabel`
    sets the controls' words from the catalogue and :meth:`refresh` redraws the view in the new
    language. The quotes stay verbatim Dutch in every language."""

    #: True while the controls are relabelled: their observers must not redraw half-relabelled.
    _relabelling = False

    def _speak(self, lang: str) -> widgets.ToggleButtons:
        self.language = _language_toggle(lang)
        self.language.observe(lambda _: self._on_language(), names="value")
        self._relabel()
        return self.language

    def _on_language(self) -> None:
        self._relabel()
        self.refresh()

    def _relabel(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    def _relabelled(self, control: Any, options: list[tuple[str, Any]], same: Callable[[Any, Any], bool]) -> None:
        """Give ``control`` new option labels, keeping its value (``same``: whether an old and a new
        value are the same choice)."""
        old = control.value
        control.options = options
        control.value = next((value for _, value in options if same(value, old)), old)


def _seat_options(lang: str) -> list[tuple[str, str]]:
    from .i18n import t

    return [(t(f"common.seat.{seat}", lang), seat) for seat in "NESW"]


def _layer_options(lang: str) -> list[tuple[str, str]]:
    from .i18n import t

    return [(t("explorer.layer_supplement", lang), "supplement"), (t("explorer.layer_corpus", lang), "corpus")]


class _ShowsView:
    """The widgets whose whole output is one HTML widget, ``self.view``."""

    view: Any

    @property
    def output_html(self) -> str:
        html: str = self.view.value  # ipywidgets has no type annotations
        return html


class _Said(BridgeLawsError):
    """A message of the stepper's own, kept as a function of the language, so that a language
    switch shows it again in the new language."""

    def __init__(self, words: Callable[[str], str], lang: str) -> None:
        self.words = words
        super().__init__(words(lang))


class AuctionStepper(_Speaks, widgets.VBox):
    """Step through a scenario under one or more editions side by side.

    Controls: the dealer, the editions, a menu of prepared scenarios, a typed scenario, a bidding
    box (35 bids, Pass, X, XX) with a seat selector for calls out of turn, "expose a card", "call
    over it" (where an edition lets a call over an irregular call accept it), step back / forward,
    and a Play slider over the history. A click while stepped back replaces the later steps; a
    click while Play runs stops it and is not applied (the message says so), so that the later
    steps are never dropped by a click the user meant for the last step.

    The controls never disagree with the auction shown (issue 13 §4): the caller returns to "in
    turn" after every call, every error, a load and Clear; the typed box holds the whole scenario
    (the later steps too, when stepped back: *Apply* replays it; a refused Apply leaves what was
    typed, to be corrected); the scenario menu names the prepared scenario whose dealer and tokens
    are the ones shown, else "(your auction)" (or "(choose a prepared scenario)" with no calls).
    The editions are checkboxes (:class:`EditionChoice`). *Projector* enlarges the type.

    ``lang``: the language of the controls, the messages and the view ("en" or "nl", issue 13 §6),
    switched by ``self.language`` or :meth:`set_language`; a switch relabels every control and
    keeps every value (the scenario, the step, the editions, the caller's "", "N", "E", "S", "W").
    """

    def __init__(self, tokens: Tokens = "", dealer: str = "N", editions: EditionNames = YEARS,
                 scenario: str | None = None, layer: str = DEFAULT_LAYER, lang: str = "en") -> None:
        views.warm_up()
        self.tokens: list[str] = []
        self.layer = _layer_toggle()
        self.layer.value = layer
        self.english = _english_toggle()
        self._busy = False
        #: The message shown, when it is one of the stepper's own: its words in any language.
        self._said: tuple[Callable[[str], str], str] | None = None
        layout = widgets.Layout
        self.dealer = widgets.Dropdown(options=_DEALER_OPTIONS, value=str(parse_seat(dealer)),
                                       layout=layout(width="170px"))
        chosen = views.edition_years(editions)
        # A draft named among the editions (a path to its file) is offered beside the registry.
        offered = tuple(YEARS) + tuple(year for year in chosen if year not in YEARS)
        self.editions = EditionChoice(offered, chosen, lang=lang)
        self.projector = _projector_toggle(lang)
        # The words of every control are set by _relabel (from the catalogue, in ``lang``); the values
        # never change with the language. The buttons grow past their width for a longer word.
        self.scenario = widgets.Dropdown(options=self._scenario_options(lang), value="",
                                         layout=layout(width="400px"))
        self.typed = widgets.Text(layout=layout(width="400px"))
        self.apply_button = widgets.Button(layout=layout(width="auto", min_width="70px"))
        self.seat = widgets.ToggleButtons(options=self._caller_options(lang), value="",
                                          style={"button_width": "70px"})
        self.card = widgets.Text(value="SK", layout=layout(width="140px"))
        self.expose_button = widgets.Button(layout=layout(width="auto", min_width="120px"))
        self.accept_button = widgets.Button(layout=layout(width="auto", min_width="110px"), disabled=True)
        self.back_button = widgets.Button(layout=layout(width="auto", min_width="80px"))
        self.forward_button = widgets.Button(layout=layout(width="auto", min_width="90px"))
        self.clear_button = widgets.Button(layout=layout(width="auto", min_width="70px"))
        self.step = widgets.IntSlider(value=0, min=0, max=0, continuous_update=True, layout=layout(width="360px"))
        self.play = widgets.Play(value=0, min=0, max=0, interval=900)
        widgets.jslink((self.play, "value"), (self.step, "value"))
        # In the browser the link sets the slider from the Play's value when the page renders: the
        # Play is kept at the slider's step, or a stepper made holding a scenario would open at step 0.
        self.step.observe(lambda change: setattr(self.play, "value", change["new"]), names="value")
        self.message = widgets.HTML(value="")
        self.view = widgets.HTML(value="")

        self.buttons: dict[str, widgets.Button] = {}
        rows = [[c for c in ALL_CALLS[:3]]] + [list(BIDS[level * 5:level * 5 + 5]) for level in range(7)]
        box_rows = []
        for row in rows:
            row_widgets = []
            for call in row:
                button = widgets.Button(description=call.symbol(), tooltip=str(call),
                                        layout=layout(width="50px", height="26px", padding="0"))
                if call.is_red:
                    button.style.text_color = "#c00"
                button.on_click(lambda _, c=str(call): self.click(c))
                self.buttons[str(call)] = button
                row_widgets.append(button)
            box_rows.append(widgets.HBox(row_widgets))
        self.bidding_box = widgets.VBox(box_rows, layout=layout(margin="0 12px 0 0"))
        self.bidding_box.add_class("bl-bidbox")

        self.apply_button.on_click(lambda _: self.apply_typed())
        self.expose_button.on_click(lambda _: self.expose())
        self.accept_button.on_click(lambda _: self.accept())
        self.back_button.on_click(lambda _: self.back())
        self.forward_button.on_click(lambda _: self.forward())
        self.clear_button.on_click(lambda _: self.clear())
        self.scenario.observe(self._on_scenario, names="value")
        self.dealer.observe(lambda _: self._changed(), names="value")
        self.editions.observe(lambda _: self._changed(), names="value")
        self.step.observe(lambda _: self._changed(), names="value")
        self.layer.observe(lambda _: self._changed(), names="value")
        self.english.observe(lambda _: self._changed(), names="value")
        _follow_projector(self, self.projector)
        language = self._speak(lang)

        controls = widgets.VBox([
            language,
            widgets.HBox([self.scenario]),
            self.layer,
            self.english,
            self.projector,
            widgets.HBox([self.typed, self.apply_button]),
            self.seat,
            widgets.HBox([self.card, self.expose_button, self.accept_button]),
            widgets.HBox([self.back_button, self.forward_button, self.clear_button]),
            widgets.HBox([self.play, self.step]),
        ])
        # Wraps on a narrow screen (the controls under the bidding box) instead of running off it.
        top = widgets.HBox([widgets.VBox([self.dealer, self.editions]), self.bidding_box, controls],
                           layout=layout(flex_flow="row wrap"))
        super().__init__([top, self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        if scenario:
            self.load_scenario(scenario)
        else:
            self._try(lambda: self._commit(views.token_list(tokens)))
            if not self.view.value:
                self._commit([])

    # --- the language (issue 13 §6) ---------------------------------------------------------------------

    @staticmethod
    def _scenario_options(lang: str) -> list[tuple[str, str]]:
        """The scenario menu: the two blank entries, then the prepared scenarios (named as in their
        data file, in every language; the values are the names)."""
        names = [s["name"] for s in views.scenarios()]
        return ([(t("stepper_controls.choose_scenario", lang), ""), (t("stepper.your_auction", lang), YOUR_AUCTION)]
                + [(name, name) for name in names])

    @staticmethod
    def _caller_options(lang: str) -> list[tuple[str, str]]:
        """The caller selector: "in turn" (value "") and the four seats' letters (values N, E, S, W)."""
        return [(t("stepper_controls.in_turn", lang), ""), (t("stepper_controls.letter_N", lang), "N"),
                (t("stepper_controls.letter_E", lang), "E"), (t("stepper_controls.letter_S", lang), "S"),
                (t("stepper_controls.letter_W", lang), "W")]

    def _relabel(self) -> None:
        """Every control's words in ``self.lang``; the values, and so the auction shown, are kept (the
        observers do not act while the menus' options are replaced)."""
        lang = self.lang
        busy, self._busy = self._busy, True
        self._relabelling = True
        try:
            self._relabelled(self.dealer, _seat_options(lang), lambda new, old: new == old)
            self._relabelled(self.scenario, self._scenario_options(lang), lambda new, old: new == old)
            self._relabelled(self.seat, self._caller_options(lang), lambda new, old: new == old)
            self._relabelled(self.layer, _layer_options(lang), lambda new, old: new == old)
            self.dealer.description = t("common.dealer", lang)
            self.editions.label.value = t("common.editions", lang)
            self.scenario.description = t("common.scenario", lang)
            self.typed.description = t("stepper_controls.typed", lang)
            self.typed.placeholder = t("stepper_controls.typed_placeholder", lang, hint=hint())
            self.apply_button.description = t("stepper_controls.apply", lang)
            self.apply_button.tooltip = t("stepper_controls.apply_tip", lang)
            self.seat.description = t("stepper_controls.caller", lang)
            self.seat.tooltips = [t("stepper_controls.in_turn_tip", lang)] + [
                t("common.seat.N", lang), t("common.seat.E", lang), t("common.seat.S", lang), t("common.seat.W", lang)]
            self.card.description = t("stepper_controls.card", lang)
            self.expose_button.description = t("stepper_controls.expose", lang)
            self.expose_button.tooltip = t("stepper_controls.expose_tip", lang)
            self.accept_button.description = t("stepper_controls.call_over", lang)
            self.accept_button.tooltip = t("stepper_controls.call_over_tip", lang)
            self.back_button.description = t("stepper_controls.back", lang)
            self.forward_button.description = t("stepper_controls.forward", lang)
            self.clear_button.description = t("stepper_controls.clear", lang)
            self.step.description = t("stepper_controls.step", lang)
            self.play.description = t("stepper_controls.play", lang)
            self.layer.description = t("explorer.layer", lang)
            self.layer.tooltips = [t("stepper_controls.layer_supplement_tip", lang),
                                   t("stepper_controls.layer_corpus_tip", lang)]
            self.english.description = t("explorer.english", lang)
            self.projector.description = t("stepper.projector", lang)
            self.projector.tooltip = t("stepper.projector_tip", lang)
        finally:
            self._busy = busy
            self._relabelling = False

    def refresh(self) -> None:
        """Draw the view again (in the current language), and the stepper's own message with it; a
        message from elsewhere (a scenario's description, an engine's reason) is left as it is."""
        if self._busy:
            return  # while relabelling (or while another change is applied)
        try:
            self._refresh()
        except BridgeLawsError as error:
            self._show_error(error)
            return
        if self._said is not None:
            words, kind = self._said
            self.message.value = _message(words(self.lang), kind)

    def _say(self, words: Callable[[str], str], kind: str = "info") -> None:
        self._said = (words, kind)
        self.message.value = _message(words(self.lang), kind)

    def _show_error(self, error: BridgeLawsError) -> None:
        if isinstance(error, _Said):
            self._say(error.words, "error")
        else:
            self._said = None
            self.message.value = _message(str(error))

    # --- what the user sees -------------------------------------------------------------------------

    @property
    def output_html(self) -> str:
        """The current view: :func:`bridgelaws.views.stepper_html` of the shown steps."""
        html: str = self.view.value  # ipywidgets has no type annotations
        return html

    @property
    def shown_tokens(self) -> list[str]:
        """The tokens of the steps shown (up to the slider)."""
        return views.tokens_at(self.tokens, self.step.value)

    # --- actions ------------------------------------------------------------------------------------

    def click(self, call: str) -> None:
        """A bidding-box click: ``call`` by the seat selected (or the player to act)."""
        self._try(lambda: self._click(call))

    def _click(self, call: str) -> None:
        seat = self.seat.value
        self.seat.value = ""  # in turn again, whether the call is made or refused
        text = str(parse_call(call))
        self._append(f"{seat}:{text}" if seat else text)

    def expose(self, card: str | None = None) -> None:
        """The selected seat (or the player to act) exposes ``card`` (default: the Card box)."""
        self._try(lambda: self._expose(card))

    def _expose(self, card: str | None) -> None:
        seat = self.seat.value
        self.seat.value = ""  # in turn again, whether the card is exposed or refused
        card = parse_card(self.card.value if card is None else card, " (card to expose)")
        self._append(f"{seat}:!{card}" if seat else f"!{card}")

    def accept(self) -> None:
        """"Call over it": select the offender's left-hand opponent as the caller, so that his next
        call accepts the irregular call where an edition's text allows it (1936:22.2)."""
        self._try(self._accept)

    def _accept(self) -> None:
        offer = views.acceptance_offer(self.shown_tokens, self._years(), self.dealer.value, self.layer.value)
        if offer is None:
            raise _Said(lambda lang: t("stepper_controls.nothing_to_call_over", lang), self.lang)
        self.seat.value = offer["seat"]
        seat = parse_seat(offer["seat"])
        self._say(lambda lang: t("stepper_controls.now_choose", lang, seat=seat_name(seat, lang), token=offer["token"],
                                 editions=", ".join(offer["editions"]), articles=", ".join(offer["articles"])))

    def back(self) -> None:
        if self.step.value > 0:
            self.step.value -= 1

    def forward(self) -> None:
        if self.step.value < self.step.max:
            self.step.value += 1

    def clear(self) -> None:
        self._try(lambda: self._commit([]))

    def load_scenario(self, name: str) -> None:
        """Load a prepared scenario (dealer and tokens) and show its last step."""
        self._try(lambda: self._load(name))

    def _load(self, name: str) -> None:
        scenario = views.find_scenario(name)
        before = self.dealer.value
        self._busy = True
        try:
            self.dealer.value = scenario["dealer"]
            self.scenario.value = scenario["name"]
        finally:
            self._busy = False
        try:
            self._commit(views.token_list(scenario["tokens"]), check=True)
        except BridgeLawsError:
            # Refused (no edition shown can play it): the dealer and the menu show the auction shown.
            self._busy = True
            try:
                self.dealer.value = before
            finally:
                self._busy = False
            self._show_scenario()
            raise
        self.message.value = _message(f"{scenario['name']}: {scenario['about']}", "info")

    def apply_typed(self) -> None:
        """Play the scenario typed in the text box (at most :data:`MAX_TYPED_CHARS` characters)."""
        self._try(self._apply_typed)

    def _apply_typed(self) -> None:
        self._commit(views.token_list(_typed_text(self.typed.value)), check=True)

    # --- internals ----------------------------------------------------------------------------------

    def _years(self) -> tuple[str, ...]:
        return tuple(self.editions.value)

    def _try(self, action: Callable[[], None]) -> None:
        try:
            self._said = None
            self.message.value = ""
            action()
        except BridgeLawsError as error:
            self.seat.value = ""  # after an error the caller is the player to act again
            self._show_error(error)

    def _append(self, token: str) -> None:
        if self.play.playing:
            self.play.playing = False
            step, count = self.step.value, self.step.max
            raise _Said(lambda lang: t("stepper_controls.play_was_running", lang, step=step, count=count, token=token),
                        self.lang)
        self._commit(self.shown_tokens + [token], check=True)

    def _commit(self, tokens: list[str], check: bool = False) -> None:
        """Show ``tokens`` at their last step; refused (with the message) if no edition shown can
        play them."""
        groups = views.steps(tokens)  # raises on an unreadable token
        if check and tokens:
            errors = views.check_tokens(tokens, self._years(), self.dealer.value, self.layer.value)
            if errors and all(errors.values()):
                first = errors[next(iter(errors))]
                raise _Said(lambda lang: t("stepper_controls.no_edition_can_play", lang, error=first), self.lang)
        self.tokens = list(tokens)
        self._busy = True
        try:
            self.step.max = self.play.max = len(groups)
            self.step.value = len(groups)
            self.seat.value = ""
            self.typed.value = " ".join(self.tokens)
        finally:
            self._busy = False
        self._refresh()

    def _on_scenario(self, change: dict[str, Any]) -> None:
        if self._busy:
            return
        if change["new"] in ("", YOUR_AUCTION):
            self._show_scenario()  # the blank entries load nothing: the menu goes back to what is shown
        else:
            self.load_scenario(change["new"])

    def _show_scenario(self) -> None:
        """The menu names the prepared scenario shown (its dealer and all its tokens), else the
        blank entry that says whether there is an auction of the user's own."""
        current = self.scenario.value
        matching = [s["name"] for s in views.scenarios()
                    if s["dealer"] == self.dealer.value and views.token_list(s["tokens"]) == self.tokens]
        wanted = current if current in matching else (matching[0] if matching else
                                                      YOUR_AUCTION if self.tokens else "")
        if wanted != current:
            self._busy = True
            try:
                self.scenario.value = wanted
            finally:
                self._busy = False

    def _changed(self) -> None:
        if not self._busy:
            self._try(self._refresh)

    def _refresh(self) -> None:
        years = self._years()
        self._show_scenario()
        try:
            self.view.value = views.stepper_html(self.tokens, years, self.dealer.value, self.step.value,
                                                 self.layer.value, english=self.english.value, lang=self.lang)
        except BridgeLawsError:
            self.accept_button.disabled = True
            raise
        offer = views.acceptance_offer(self.shown_tokens, years, self.dealer.value, self.layer.value)
        self.accept_button.disabled = offer is None


class ExerciseCard(widgets.VBox):
    """An exercise of notebook 05: predict, per edition, whether the text rules and who must pass;
    "Reveal" shows the library's answer with the quote and marks each prediction."""

    def __init__(self, exercise: str | None = None):
        ids = [(e["title"], e["id"]) for e in views.exercises()]
        self.chooser = widgets.Dropdown(options=ids, value=exercise or ids[0][1], description="Exercise",
                                        layout=widgets.Layout(width="420px"))
        # Predictions start empty (issue 13 §5): a default answer would be a guess made for the student.
        status_options = [("(your prediction)", None)] + [(label, key) for key, label in views.STATUS_LABELS.items()]
        pass_options = [("(your prediction)", None)] + [(label, key) for key, label in views.MUST_PASS_LABELS.items()]
        self.status: dict[str, widgets.Dropdown] = {}
        self.must_pass: dict[str, widgets.Dropdown] = {}
        rows = []
        for year in YEARS:
            self.status[year] = widgets.Dropdown(options=status_options, value=None,
                                                 layout=widgets.Layout(width="330px"))
            self.must_pass[year] = widgets.Dropdown(options=pass_options, value=None,
                                                    layout=widgets.Layout(width="300px"))
            rows.append(widgets.HBox([widgets.Label(year, layout=widgets.Layout(width="50px")),
                                      self.status[year], self.must_pass[year]]))
        self.reveal_button = widgets.Button(description="Reveal", button_style="info")
        self.english = _english_toggle()
        self._revealed = False
        self.message = widgets.HTML()
        self.question = widgets.HTML()
        self.view = widgets.HTML()
        self.reveal_button.on_click(lambda _: self.reveal())
        self.chooser.observe(lambda _: self._show(False), names="value")
        self.english.observe(lambda _: self._show(self._revealed), names="value")
        super().__init__([self.chooser, self.question,
                          widgets.HTML("<b>Your prediction</b> (does the text rule on it? who must pass?)"),
                          widgets.VBox(rows), widgets.HBox([self.reveal_button, self.english]),
                          self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        self._show(False)

    @property
    def output_html(self) -> str:
        """The question, then the answer once revealed."""
        html: str = self.question.value + self.view.value  # ipywidgets has no type annotations
        return html

    def predictions(self) -> dict[str, dict[str, Any]]:
        return {y: {"status": self.status[y].value, "must_pass": self.must_pass[y].value} for y in YEARS}

    def reveal(self) -> None:
        self._show(True)

    def _show(self, reveal: bool) -> None:
        self._revealed = reveal
        try:
            self.message.value = ""
            self.question.value = views.exercise_html(self.chooser.value, reveal=False)
            self.view.value = views.exercise_html(self.chooser.value, reveal=reveal, question=False,
                                                  predictions=self.predictions() if reveal else None,
                                                  english=self.english.value)
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


class QuizCard(widgets.VBox):
    """The quiz of issue 13 §5 (issue 25 §6), usable in the app without code: choose an exercise (every
    case of the catalogue has one), answer its questions from menus that start empty, press "Check my
    answers": each answer is marked ✓ right or ✗ wrong beside its own question, with the library's
    answer and where it comes from (the corpus's article and Dutch quote, or "outside the corpus:
    paraphrase of ... from ..."), and the running score over the exercises checked so far is shown
    ("Score: 7 / 10"). A check with nothing answered is refused (nothing is revealed). The first check
    of an exercise is its score: the menus are then closed; "Try again" empties and opens them for
    practice, and a later check marks the answers without changing the score. "Start again" forgets
    every score. ``lang``: ``"en"`` or ``"nl"``; the language switch relabels everything.

        quiz = QuizCard(lang="nl")
        quiz.answer["insufficient-bid:1936:call"].value = "cancelled"
        quiz.check_button.click()
        quiz.score.value                   # "Score: 1 / 16"
    """

    def __init__(self, exercise: str | None = None, lang: str = "en") -> None:
        from .exercise_set import exercise_set
        from .i18n import find_language

        self.exercises: dict[str, Exercise] = {e.id: e for e in exercise_set()}
        self.lang = find_language(lang)
        self.language = _language_toggle(self.lang)
        first = exercise or next(iter(self.exercises))
        if first not in self.exercises:
            raise BridgeLawsError(f"unknown exercise {first!r}: one of {', '.join(self.exercises)}")
        self.chooser = widgets.Dropdown(options=self._chooser_options(), value=first,
                                        layout=widgets.Layout(width="520px"))
        self.check_button = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.retry_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.next_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.again_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.instructions = widgets.HTML()
        self.score = widgets.HTML()
        self.message = widgets.HTML()
        self.header = widgets.HTML()  # the exercise's title, scenario and question, above the menus
        self.view = widgets.HTML()  # once checked: this exercise's score, and whether the check counted
        self.questions = widgets.VBox()
        self.answer: dict[str, widgets.Dropdown] = {}
        #: Beside each question, once checked: its mark, the library's answer and what it rests on.
        self.feedback: dict[str, widgets.HTML] = {}
        #: The result of each exercise: its first check (a later check, after "Try again", does not count).
        self.results: dict[str, views.Score] = {}
        self.checked = False
        #: The answers of the check shown (the menus may be emptied for another try afterwards).
        self.checked_answers: dict[str, str | None] = {}
        self.check_button.on_click(lambda _: self.check())
        self.retry_button.on_click(lambda _: self.try_again())
        self.next_button.on_click(lambda _: self.next_exercise())
        self.again_button.on_click(lambda _: self.start_again())
        self.chooser.observe(lambda _: self._new_exercise(), names="value")
        self.language.observe(self._on_language, names="value")
        super().__init__([self.language, self.chooser, self.instructions, self.header, self.questions,
                          widgets.HBox([self.check_button, self.retry_button, self.next_button, self.again_button]),
                          self.score, self.message, self.view])
        self.add_class("bl-widget")
        self._label()
        self._new_exercise()

    # --- what the user sees -------------------------------------------------------------------------

    @property
    def output_html(self) -> str:
        """The exercise, then each question with (once checked) its mark beside it, then the
        exercise's score."""
        rows = "".join(f'<div data-question="{question_id}">{feedback.value}</div>'
                       for question_id, feedback in self.feedback.items())
        html: str = self.header.value + rows + self.view.value  # ipywidgets has no type annotations
        return html

    @property
    def exercise(self) -> Exercise:
        """The exercise chosen."""
        return self.exercises[self.chooser.value]

    @property
    def total(self) -> views.Score:
        """The running score over the exercises checked (each by its first check)."""
        found = views.Score(0, 0)
        for result in self.results.values():
            found = found + result
        return found

    @property
    def scored(self) -> bool:
        """Whether the chosen exercise has been scored (its first check)."""
        return self.exercise.id in self.results

    def answers(self) -> dict[str, str | None]:
        return {question_id: menu.value for question_id, menu in self.answer.items()}

    # --- actions ------------------------------------------------------------------------------------

    def check(self) -> None:
        """Mark every answer beside its question. Refused with nothing answered (nothing revealed);
        the exercise's first check is its score, a later one (after "Try again") is practice."""
        from .i18n import t

        if self.checked:  # the menus are closed until "Try again": a second click changes nothing
            return
        answers = self.answers()
        if all(value is None for value in answers.values()):
            self.message.value = _message(t("exercises.empty_check", self.lang), "info")
            return
        counted = not self.scored
        if counted:
            self.results[self.exercise.id] = views.quiz_score(self.exercise, answers)
        self.checked = True
        self.checked_answers = answers
        self.practice = not counted
        self._show()

    def try_again(self) -> None:
        """Empty and open the menus of the chosen exercise for another try, which does not score."""
        self._new_exercise()

    def next_exercise(self) -> None:
        ids = list(self.exercises)
        self.chooser.value = ids[(ids.index(self.chooser.value) + 1) % len(ids)]

    def start_again(self) -> None:
        """Forget every result and empty the answers."""
        self.results = {}
        self._new_exercise()

    # --- internals ----------------------------------------------------------------------------------

    def _chooser_options(self) -> list[tuple[str, str]]:
        return [(views.quiz_title(e, self.lang), e.id) for e in self.exercises.values()]

    def _label(self) -> None:
        from .i18n import t

        self.chooser.description = t("exercises.exercise", self.lang)
        self.check_button.description = t("exercises.check", self.lang)
        self.retry_button.description = t("exercises.retry", self.lang)
        self.next_button.description = t("exercises.next", self.lang)
        self.again_button.description = t("exercises.again", self.lang)
        self.language.description = t("common.language", self.lang)
        self.instructions.value = f"<p>{t('exercises.instructions', self.lang)}</p>"

    def _new_exercise(self) -> None:
        """Empty menus for the chosen exercise's questions: a prediction starts empty."""
        self.checked = False
        self.practice = False
        self.checked_answers = {}
        self._build_rows()
        self._show()

    def _build_rows(self) -> None:
        from .i18n import t

        self.answer = {}
        self.feedback = {}
        rows = []
        for question in self.exercise.questions:
            options = [(t("exercises.choose", self.lang), None)] + [
                (views.choice_text(question, choice, self.lang), choice) for choice in question.choices]
            menu = widgets.Dropdown(options=options, value=None, layout=widgets.Layout(width="420px"))
            self.answer[question.id] = menu
            label = widgets.Label(views.quiz_stem(question, self.lang), layout=widgets.Layout(width="380px"))
            feedback = widgets.HTML(layout=widgets.Layout(width="auto"))
            self.feedback[question.id] = feedback
            # The mark stands beside its own question, the library's answer under it.
            rows.append(widgets.HBox([label, menu, feedback], layout=widgets.Layout(align_items="flex-start")))
        self.questions.children = rows

    def set_language(self, lang: str) -> None:
        """Switch the quiz to ``lang``, keeping the answers given (as a click on its switch; the
        app's :class:`LanguageSwitch` calls it)."""
        from .i18n import find_language

        self.language.value = find_language(lang)

    def _on_language(self, change: dict[str, Any]) -> None:
        answers = self.answers()
        state = (self.checked, self.practice, self.checked_answers)
        self.lang = change["new"]
        self._label()
        current = self.chooser.value
        self.chooser.unobserve_all("value")
        self.chooser.options = self._chooser_options()
        self.chooser.value = current
        self.chooser.observe(lambda _: self._new_exercise(), names="value")
        self._build_rows()
        for question_id, value in answers.items():
            self.answer[question_id].value = value
        self.checked, self.practice, self.checked_answers = state
        self._show()

    def _show(self) -> None:
        from .i18n import t

        try:
            self.message.value = ""
            self.header.value = _view(views.exercise_header_html(self.exercise, self.lang))
            for question in self.exercise.questions:
                self.feedback[question.id].value = (
                    views.quiz_feedback_html(question, self.checked_answers.get(question.id), self.lang)
                    if self.checked else "")
                self.answer[question.id].disabled = self.checked
            if self.checked:
                result = views.quiz_score(self.exercise, self.checked_answers)
                note = t("exercises.not_scored" if self.practice else "exercises.scored", self.lang)
                self.view.value = (f'<div class="bl-quiz-score"><b>'
                                   f'{t("exercises.score_exercise", self.lang, right=result.right, asked=result.asked)}'
                                   f'</b> <span class="bl-quiz-counted" data-counted="{str(not self.practice).lower()}">'
                                   f'{note}</span></div>')
            else:
                self.view.value = ""
            self.retry_button.disabled = not self.checked
            self.check_button.disabled = self.checked
            self.score.value = f'<b class="bl-quiz-total">{self.total.text(self.lang)}</b>'
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


class CompareExplorer(_Speaks, _ShowsView, widgets.VBox):
    """Notebook 03: choose a case (or type an auction) and see it under every edition. A chosen case
    opens on its event: in each edition the card of that case comes first (the scenario may hold
    other irregularities, and an edition may read its tokens so that the case does not arise).

    The case menu shows the case while its scenario is the one compared, else "(type below)"; the
    editions are checkboxes (:class:`EditionChoice`); *Projector* enlarges the type. ``lang``: the
    language of the controls and the cards ("en" or "nl"), switched by ``self.language``."""

    def __init__(self, lang: str = "en") -> None:
        # The blank entry's value is "" (a Dropdown shows no entry at all for the value None).
        options: list[tuple[str, views.CaseExample | str]] = [("(type below)", "")]
        options += [(example.label, example) for example in views.case_examples()]
        self.case = widgets.Dropdown(options=options, value="", description="Case",
                                     layout=widgets.Layout(width="520px"))
        self.typed = widgets.Text(value="1S 1H", description="Auction", layout=widgets.Layout(width="400px"))
        self.dealer = widgets.Dropdown(options=_DEALER_OPTIONS, value="N", description="Dealer",
                                       layout=widgets.Layout(width="170px"))
        self.apply_button = widgets.Button(description="Compare")
        self.layer = _layer_toggle()
        self.english = _english_toggle()
        # The editions compared (all five by default; the page's address may choose fewer).
        self.editions = EditionChoice(YEARS, YEARS, vertical=False, lang=lang)
        self.projector = _projector_toggle(lang)
        # The handout (issue 13 §3) is built on a click only: it draws the comparison once more.
        self.handout_button = widgets.Button(description="Handout", layout=widgets.Layout(width="auto"))
        self.handout = widgets.HTML()
        self.handout_button.on_click(lambda _: self.make_handout())
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        self.case.observe(self._on_case, names="value")
        self.apply_button.on_click(lambda _: self.refresh())
        self.layer.observe(lambda _: self.refresh(), names="value")
        self.english.observe(lambda _: self.refresh(), names="value")
        self.editions.observe(lambda _: self.refresh(), names="value")
        _follow_projector(self, self.projector)
        language = self._speak(lang)
        super().__init__([language, self.case, widgets.HBox([self.typed, self.dealer, self.apply_button],
                                                            layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.editions, self.layer], layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.english, self.projector, self.handout_button, self.handout],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                          self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        self.refresh()

    def make_handout(self) -> None:
        """A link that saves the comparison shown as a handout (:func:`bridgelaws.handout.handout_link`:
        one printable HTML page with every quote, the English and the sources)."""
        from .handout import handout_link

        try:
            self.message.value = ""
            self.handout.value = handout_link(_typed_text(self.typed.value), tuple(self.editions.value),
                                              self.dealer.value, self.lang, self.layer.value)
        except BridgeLawsError as error:
            self.handout.value = ""
            self.message.value = _message(str(error))

    def _relabel(self) -> None:
        from .i18n import t

        lang = self.lang
        self._relabelling = True
        try:
            options: list[tuple[str, views.CaseExample | str]] = [(t("explorer.type_below", lang), "")]
            options += [(example.label, example) for example in views.case_examples(lang)]
            self._relabelled(self.case, options, lambda new, old: new == old or (
                isinstance(new, views.CaseExample) and isinstance(old, views.CaseExample)
                and (new.case, new.dealer, new.tokens) == (old.case, old.dealer, old.tokens)))
            self._relabelled(self.dealer, _seat_options(lang), lambda new, old: new == old)
            self._relabelled(self.layer, _layer_options(lang), lambda new, old: new == old)
            self.case.description = t("common.case", lang)
            self.typed.description = t("explorer.auction", lang)
            self.dealer.description = t("common.dealer", lang)
            self.apply_button.description = t("explorer.compare", lang)
            self.layer.description = t("explorer.layer", lang)
            self.english.description = t("explorer.english", lang)
            self.editions.label.value = t("common.editions", lang)
            self.projector.description = t("stepper.projector", lang)
            self.projector.tooltip = t("stepper.projector_tip", lang)
            self.handout_button.description = t("print.handout.button", lang)
            self.handout_button.tooltip = t("print.handout.button_tip", lang)
        finally:
            self._relabelling = False

    @property
    def focus(self) -> str | None:
        """The case the view opens on: the chosen case, while its scenario is the one shown."""
        example: views.CaseExample | str = self.case.value
        if not isinstance(example, views.CaseExample) or (
                (example.tokens.split(), example.dealer) != (self.typed.value.split(), self.dealer.value)):
            return None
        return example.case

    def _on_case(self, change: dict[str, Any]) -> None:
        example: views.CaseExample | str = change["new"]
        if isinstance(example, views.CaseExample) and not self._relabelling:
            self.dealer.value = example.dealer
            self.typed.value = example.tokens
            self.refresh()

    def refresh(self) -> None:
        if self._relabelling:
            return
        if self.case.value != "" and self.focus is None:
            self.case.value = ""  # another auction is compared: "(type below)", no case
        self.handout.value = ""  # a link made for what was shown before would hand out the wrong page
        try:
            self.message.value = ""
            self.view.value = views.compare_html(_typed_text(self.typed.value), tuple(self.editions.value),
                                                 self.dealer.value, self.layer.value, focus=self.focus,
                                                 english=self.english.value, lang=self.lang)
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


class TextsExplorer(_Speaks, _ShowsView, widgets.VBox):
    """Notebook 04: choose a topic and read every edition's articles side by side (``lang``: the
    language of the controls and the fixed words; the texts are verbatim Dutch)."""

    def __init__(self, topic: str = "doubling", lang: str = "en"):
        self.topic = widgets.Dropdown(options=[(t["title"], t["id"]) for t in views.topics()],
                                      value=views.find_topic(topic)["id"], description="Topic",
                                      layout=widgets.Layout(width="460px"))
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        self.topic.observe(lambda _: self.refresh(), names="value")
        super().__init__([self._speak(lang), self.topic, self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        self.refresh()

    def _relabel(self) -> None:
        from .i18n import t

        self.topic.description = t("explorer.topic", self.lang)

    def refresh(self) -> None:
        try:
            self.message.value = ""
            self.view.value = views.texts_side_by_side(self.topic.value, lang=self.lang)
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


class ParallelTextExplorer(_Speaks, _ShowsView, widgets.VBox):
    """Notebook 04: the Dutch and the project's English paragraph by paragraph, for a topic or, when
    an article id is typed, for that article (``views.topic_parallel_html``, ``views.parallel_html``)."""

    def __init__(self, topic: str = "doubling", article: str = "", lang: str = "en"):
        self.topic = widgets.Dropdown(options=[(t["title"], t["id"]) for t in views.topics()],
                                      value=views.find_topic(topic)["id"], description="Topic",
                                      layout=widgets.Layout(width="460px"))
        self.article = widgets.Text(value=article, placeholder="or an article id, e.g. 1936:22.6",
                                    description="Article", layout=widgets.Layout(width="320px"))
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        self.topic.observe(lambda _: self._on_topic(), names="value")
        self.article.observe(lambda _: self.refresh(), names="value")
        super().__init__([self._speak(lang), widgets.HBox([self.topic, self.article]), self.message, self.view])
        self.add_class("bl-widget")
        self.refresh()

    def _relabel(self) -> None:
        from .i18n import t

        self.topic.description = t("explorer.topic", self.lang)
        self.article.description = t("common.article", self.lang)
        self.article.placeholder = t("explorer.article_placeholder", self.lang)

    def _on_topic(self) -> None:
        if self.article.value:
            self.article.value = ""  # refreshes through the article's observer
        else:
            self.refresh()

    def refresh(self) -> None:
        try:
            self.message.value = ""
            ref = self.article.value.strip()
            self.view.value = (views.parallel_html(ref, lang=self.lang) if ref
                               else views.topic_parallel_html(self.topic.value, lang=self.lang))
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


class TextSearch(_Speaks, _ShowsView, widgets.VBox):
    """Notebook 04 and the app: search the five texts (whole words, ``*`` for any letters, every
    spelling unless *exact form* is ticked), one line per paragraph.

        search = TextSearch("doubleren")
        search.query.value = "pas*"; search.exact.value = True
        search.output_html                     # what the user sees
    """

    def __init__(self, query: str = "doubleren", lang: str = "en"):
        self.query = widgets.Text(value=query, description="Search", placeholder="a word, a phrase, pas*",
                                  continuous_update=False, layout=widgets.Layout(width="420px"))
        self.edition = widgets.Dropdown(options=[("all editions", "")] + [(y, y) for y in YEARS], value="",
                                        description="Edition")
        self.exact = widgets.Checkbox(value=False, description="exact form (no other spellings)", indent=False)
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        for control in (self.query, self.edition, self.exact):
            control.observe(lambda _: self.refresh(), names="value")
        super().__init__([self._speak(lang), widgets.HBox([self.query, self.edition, self.exact]), self.message,
                          self.view])
        self.add_class("bl-widget")
        self.refresh()

    def _relabel(self) -> None:
        from .i18n import t

        lang = self.lang
        self._relabelling = True
        try:
            self._relabelled(self.edition, [(t("explorer.all_editions", lang), "")] + [(y, y) for y in YEARS],
                             lambda new, old: new == old)
            self.query.description = t("explorer.search", lang)
            self.query.placeholder = t("explorer.search_placeholder", lang)
            self.edition.description = t("common.edition", lang)
            self.exact.description = t("explorer.exact", lang)
        finally:
            self._relabelling = False

    def refresh(self) -> None:
        if self._relabelling:
            return
        try:
            self.message.value = ""
            if not self.query.value.strip():
                self.view.value = ""
                return
            self.view.value = views.search_html(self.query.value, self.edition.value or None,
                                                variants=not self.exact.value, lang=self.lang)
        except BridgeLawsError as error:
            self.view.value = ""
            self.message.value = _message(str(error))


class LanguageSwitch(_HasLanguage, widgets.HBox):
    """The app's language switch (issue 13 §6): one switch at the top of the page that sets the
    language of every panel it follows. A panel follows it through :meth:`follow`, which returns the
    panel (to display it) and hides the panel's own switch; a panel that offers no language (no
    ``set_language``) is shown as it is.

        language = LanguageSwitch()          # first cell of the app
        language.follow(TextSearch())        # a later cell
        language.set_language("nl")          # as a click on "Nederlands"
    """

    def __init__(self, lang: str = "en") -> None:
        self.language = _language_toggle(lang)
        self.label = widgets.HTML()
        self.panels: list[Any] = []
        self.language.observe(lambda _: self._switch(), names="value")
        super().__init__([self.label, self.language])
        self.add_class("bl-widget")
        self._relabel()

    def follow(self, panel: Any) -> Any:
        if hasattr(panel, "set_language"):
            self.panels.append(panel)
            own = getattr(panel, "language", None)
            if own is not None:
                own.layout.display = "none"  # one switch on the page: this one
            panel.set_language(self.lang)
        return panel

    def _relabel(self) -> None:
        from .i18n import t

        self.label.value = f'<b style="font-family:sans-serif">{t("explorer.language_switch", self.lang)}</b>'

    def _switch(self) -> None:
        self._relabel()
        for panel in self.panels:
            panel.set_language(self.lang)


__all__ = ["AuctionStepper", "ExerciseCard", "QuizCard", "CompareExplorer", "LanguageSwitch", "TextsExplorer",
           "ParallelTextExplorer", "TextSearch"]
