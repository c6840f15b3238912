"""The auction stepper of notebook 02 and the app (:class:`AuctionStepper`). Tests drive it as a
user would::

    stepper = AuctionStepper()
    stepper.editions.value = ("1936", "1949")
    stepper.click("1S"); stepper.seat.value = "W"; stepper.click("X")   # West doubles out of turn
    stepper.step.value = 1                                              # back to the first call
    stepper.output_html                                                 # what the user sees
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..presentation import views
from ..auction.calls import ALL_CALLS, BIDS, parse_call, parse_seat
from ..text.errors import BridgeLawsError
from ..text.i18n import t
from ..auction.editions import Edition
from ..auction.notation import hint, parse_card
from ..judging.lookup import find_editions
from ..presentation.render import seat_name
from ..presentation.views._common import EditionNames, Tokens
from ..text.vocabulary import DEFAULT_LAYER
from .widgets_common import (_DEALER_OPTIONS, YEARS, EditionChoice, _english_toggle, _follow_projector,
                             _layer_options, _layer_toggle, _Looks, _message, _projector_toggle, _Said,
                             _seat_options, _Speaks, _typed_text)

#: The scenario menu's entry while the auction shown is not a prepared scenario (the user's own).
YOUR_AUCTION = "(your auction)"


class AuctionStepper(_Speaks, widgets.VBox):
    """Step through a scenario under one or more editions side by side.

    Controls: the dealer, the editions, a menu of prepared scenarios, a typed scenario, a bidding
    box (35 bids, Pass, X, XX) with a seat selector for calls out of turn, "expose a card", "call
    over it" (where an edition lets a call over an irregular call accept it), step back / forward,
    and a Play slider over the history. A click while stepped back asks first ("Discard the 2 later
    steps (...) and add 2S?": *Yes* / *No*, :attr:`pending`), and *Undo* brings the dropped steps
    back (:attr:`undoable`); a click while Play runs stops it and is not applied (the message says
    so), so that the later steps are never dropped by a click the user meant for the last step.

    :meth:`show_example` shows the example the app opens on with a line on it and
    *Start your own auction* (:meth:`start_own`), which clears it; any change of the auction takes
    the line away.

    The controls never disagree with the auction shown: the caller returns to "in
    turn" after every call, every error, a load and Clear; the typed box holds the whole scenario
    (the later steps too, when stepped back: *Apply*, or Enter in the box, replays it; where a token
    does not read, or no edition shown can play a step, the part before it is shown, the message
    names the token in one line and the box keeps what was typed, to be corrected:
    :func:`bridgelaws.presentation.views.read_typed`); the scenario menu names the prepared scenario whose dealer and tokens
    are the ones shown, else "(your auction)" (or "(choose a prepared scenario)" with no calls).
    The editions are checkboxes (:class:`EditionChoice`). *Projector* enlarges the type.

    ``lang``: the language of the controls, the messages and the view ("en" or "nl"),
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
        #: The layouts and styles the bidding box, the plain boxes, the HTML panes and the buttons
        #: share (:class:`_Looks`); the rows and buttons whose ``layout.display`` changes
        #: (:meth:`_show_rows`) keep their own layouts.
        looks = self.looks = _Looks()
        plain = looks.style(widgets.ButtonStyle)
        self.dealer = widgets.Dropdown(options=_DEALER_OPTIONS, value=str(parse_seat(dealer)),
                                       layout=layout(width="170px"))
        chosen = tuple(edition.year for edition in find_editions(editions))
        # A draft named among the editions (a path to its file) is offered beside the registry.
        offered = tuple(YEARS) + tuple(year for year in chosen if year not in YEARS)
        self.editions = EditionChoice(offered, chosen, lang=lang)
        self.projector = _projector_toggle(lang)
        # The words of every control are set by _relabel (from the catalogue, in ``lang``); the values
        # never change with the language. The buttons grow past their width for a longer word.
        self.scenario = widgets.Dropdown(options=self._scenario_options(lang), value="",
                                         layout=layout(width="400px"))
        # Enter applies what was typed: the value is sent on Enter (or when the box loses
        # the focus), never on each key (ipywidgets 8: continuous_update=False, not on_submit).
        self.typed = widgets.Text(layout=layout(width="400px"), continuous_update=False)
        self.apply_button = widgets.Button(layout=layout(width="auto", min_width="70px"), style=plain)
        self.seat = widgets.ToggleButtons(options=self._caller_options(lang), value="",
                                          style={"button_width": "auto"})
        self.card = widgets.Text(value="SK", layout=layout(width="140px"))
        self.expose_button = widgets.Button(layout=layout(width="auto", min_width="120px"), style=plain)
        self.accept_button = widgets.Button(layout=layout(width="auto", min_width="110px"), style=plain,
                                            disabled=True)
        self.back_button = widgets.Button(layout=layout(width="auto", min_width="80px"), style=plain)
        self.forward_button = widgets.Button(layout=layout(width="auto", min_width="90px"), style=plain)
        self.clear_button = widgets.Button(layout=layout(width="auto", min_width="70px"), style=plain)
        self.step = widgets.IntSlider(value=0, min=0, max=0, continuous_update=True, layout=layout(width="360px"))
        self.play = widgets.Play(value=0, min=0, max=0, interval=900)
        widgets.jslink((self.play, "value"), (self.step, "value"))
        # In the browser the link sets the slider from the Play's value when the page renders: the
        # Play is kept at the slider's step, or a stepper made holding a scenario would open at step 0.
        self.step.observe(lambda change: setattr(self.play, "value", change["new"]), names="value")
        self.message = looks.html()
        self.view = looks.html()
        # The example the app opens on: a line on it and one button that clears it.
        self.example_text = looks.html()
        self.start_own_button = widgets.Button(button_style="primary", layout=looks.layout(width="auto"), style=plain)
        self.example_row = widgets.HBox([self.example_text, self.start_own_button],
                                         layout=layout(display="none", align_items="center", flex_flow="row wrap"))
        self.example_row.add_class("bl-example")
        #: Whether the example is shown (until the auction changes).
        self.example_shown = False
        # A call made while stepped back asks before it drops the later steps, and can be undone.
        self.confirm_text = looks.html()
        # Their own layouts: _show_rows shows and hides each of them.
        self.yes_button = widgets.Button(button_style="warning", layout=layout(width="auto"), style=plain)
        self.no_button = widgets.Button(layout=layout(width="auto"), style=plain)
        self.undo_button = widgets.Button(layout=layout(width="auto"), style=plain)
        self.confirm_row = widgets.HBox([self.confirm_text, self.yes_button, self.no_button, self.undo_button],
                                        layout=layout(display="none", align_items="center", flex_flow="row wrap"))
        self.confirm_row.add_class("bl-confirm")
        #: The call waiting for a Yes or No (asked while stepped back), and the steps it would drop.
        self.pending: str | None = None
        #: What Undo brings back (the tokens and the step before the later steps were dropped), and
        #: the steps dropped.
        self.undoable: tuple[list[str], int, list[str]] | None = None

        self.buttons: dict[str, widgets.Button] = {}
        rows = [[c for c in ALL_CALLS[:3]]] + [list(BIDS[level * 5:level * 5 + 5]) for level in range(7)]
        box_rows = []
        for row in rows:
            row_widgets = []
            for call in row:
                # One layout for the 38 buttons, one style for the red suits' and one for the others.
                button = widgets.Button(description=call.symbol(), tooltip=str(call),
                                        layout=looks.layout(width="50px", height="26px", padding="0"),
                                        style=looks.style(widgets.ButtonStyle, text_color="#c00") if call.is_red
                                        else plain)
                button.on_click(lambda _, c=str(call): self.click(c))
                self.buttons[str(call)] = button
                row_widgets.append(button)
            box_rows.append(looks.hbox(row_widgets))
        self.bidding_box = widgets.VBox(box_rows, layout=layout(margin="0 12px 0 0"))
        self.bidding_box.add_class("bl-bidbox")

        self.apply_button.on_click(lambda _: self.apply_typed())
        self.typed.observe(self._on_typed, names="value")
        self.start_own_button.on_click(lambda _: self.start_own())
        self.yes_button.on_click(lambda _: self.confirm_discard())
        self.no_button.on_click(lambda _: self.keep_later())
        self.undo_button.on_click(lambda _: self.undo())
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
            looks.hbox([self.scenario]),
            self.layer,
            self.english,
            self.projector,
            looks.hbox([self.typed, self.apply_button]),
            self.seat,
            looks.hbox([self.card, self.expose_button, self.accept_button]),
            looks.hbox([self.back_button, self.forward_button, self.clear_button]),
            looks.hbox([self.play, self.step]),
        ], layout=looks.layout())
        # Wraps on a narrow screen (the controls under the bidding box) instead of running off it.
        top = widgets.HBox([widgets.VBox([self.dealer, self.editions], layout=looks.layout()), self.bidding_box,
                            controls],
                           layout=layout(flex_flow="row wrap"))
        super().__init__([self.example_row, top, self.confirm_row, self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        if scenario:
            self.load_scenario(scenario)
        else:
            self._try(lambda: self._commit(views.token_list(tokens)))
            if not self.view.value:
                self._commit([])

    # --- the language ---------------------------------------------------------------------

    @staticmethod
    def _scenario_options(lang: str) -> list[tuple[str, str]]:
        """The scenario menu: the two blank entries, then the prepared scenarios (named in ``lang``:
        ``name_nl`` in Dutch; the values are the English names, the same in every language)."""
        from ..text.content import scenario_name

        return ([(t("stepper_controls.choose_scenario", lang), ""), (t("stepper.your_auction", lang), YOUR_AUCTION)]
                + [(scenario_name(s, lang), s["name"]) for s in views.scenarios()])

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
            self.editions.relabel(lang)
            self.buttons["P"].description = t("stepper_controls.pass", lang)
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
            self.start_own_button.description = t("app.example.start_own", lang)
            self.start_own_button.tooltip = t("app.example.start_own_tip", lang)
            self.yes_button.description = t("app.discard.yes", lang)
            self.no_button.description = t("app.discard.no", lang)
            self.undo_button.description = t("app.discard.undo", lang)
            self._show_rows()
        finally:
            self._busy = busy
            self._relabelling = False

    def _show_rows(self) -> None:
        """The example's line and the confirm row, in ``self.lang``, shown only while they apply."""
        lang = self.lang
        self.example_row.layout.display = "flex" if self.example_shown else "none"
        from ..text.content import scenario_about

        self.example_text.value = (_message(t("app.example.banner", lang, about=scenario_about(views.example_scenario(), lang),
                                              editions=", ".join(self._years())), "info")
                                   if self.example_shown else "")
        if self.pending is not None:
            later = [" ".join(group) for group in views.steps(self.tokens)[self.step.value:]]
            words = views.discard_question(later, self.pending, lang)
        elif self.undoable is not None:
            words = views.discarded_note(self.undoable[2], lang)
        else:
            words = ""
        self.confirm_text.value = _message(words, "info") if words else ""
        self.confirm_row.layout.display = "flex" if words else "none"
        for button in (self.yes_button, self.no_button):
            button.layout.display = None if self.pending is not None else "none"
        self.undo_button.layout.display = None if self.pending is None and self.undoable is not None else "none"

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
        """The current view: :func:`bridgelaws.presentation.views.stepper_html` of the shown steps."""
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
        offer = views.acceptance_offer(self.shown_tokens, self._editions(), self.dealer.value, self.layer.value)
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

    def show_example(self) -> None:
        """Show the example the app opens on (:func:`bridgelaws.presentation.views.example_scenario`) at its last
        step, with a line on it and the button "Start your own auction"."""
        busy, self._busy = self._busy, True
        try:
            self.editions.value = YEARS  # every edition of the registry
        finally:
            self._busy = busy
        self._try(lambda: self._load(views.example_scenario()["name"]))
        self.example_shown = bool(self.tokens)
        self.message.value = ""  # the example's own line says what it is
        self._show_rows()

    def start_own(self) -> None:
        """"Start your own auction": the example (or whatever is shown) cleared, the box empty."""
        self.clear()

    def confirm_discard(self) -> None:
        """Yes: make the waiting call, dropping the later steps; Undo brings them back."""
        if self.pending is None:
            return
        token, before, step = self.pending, list(self.tokens), int(self.step.value)
        later = [" ".join(group) for group in views.steps(before)[step:]]
        self.pending = None
        self._try(lambda: self._commit(self.shown_tokens + [token], check=True))
        if self.tokens != before:
            self.undoable = (before, step, later)
        self._show_rows()

    def keep_later(self) -> None:
        """No: the waiting call is not made; the later steps stay."""
        self.pending = None
        self._show_rows()

    def undo(self) -> None:
        """Bring back the steps a call made while stepped back dropped, at the step it was made at."""
        if self.undoable is None:
            return
        tokens, step, _ = self.undoable
        self._try(lambda: self._commit(tokens))
        self.step.value = step
        self._show_rows()

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
        """The longest prefix that can be shown is applied; a token that stops it is named in one
        line, and the box keeps what was typed, to be corrected (:func:`bridgelaws.presentation.views.read_typed`)."""
        typed = _typed_text(self.typed.value)
        reading = views.read_typed(typed, self._editions(), self.dealer.value, self.layer.value)
        self._commit(reading.tokens)
        if reading.problem is not None:
            self._set_typed(typed)
            raise _Said(reading.problem, self.lang)

    def apply_text(self, text: str) -> None:
        """Put ``text`` in the typed box and apply it (as typing it and pressing Enter)."""
        self._set_typed(text)
        self.apply_typed()

    def _on_typed(self, change: dict[str, Any]) -> None:
        """Enter in the typed box (its value is sent then): apply it."""
        if not self._busy and not self._relabelling:
            self.apply_typed()

    def _set_typed(self, text: str) -> None:
        busy, self._busy = self._busy, True
        try:
            self.typed.value = text
        finally:
            self._busy = busy

    # --- internals ----------------------------------------------------------------------------------

    def _years(self) -> tuple[str, ...]:
        return tuple(self.editions.value)

    def _editions(self) -> tuple[Edition, ...]:
        """The editions chosen, resolved here, where the choice comes in (the views are handed the
        editions themselves, never their names)."""
        return find_editions(self._years()) if self._years() else ()

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
        if self.step.value < self.step.max:  # stepped back: ask before the later steps are dropped
            self.pending = token
            self._show_rows()
            return
        self._commit(self.shown_tokens + [token], check=True)

    def _commit(self, tokens: list[str], check: bool = False) -> None:
        """Show ``tokens`` at their last step; refused (with the message) if no edition shown can
        play them."""
        groups = views.steps(tokens)  # raises on an unreadable token
        if check and tokens:
            errors = views.check_tokens(tokens, self._editions(), self.dealer.value, self.layer.value)
            if errors and all(errors.values()):
                first = errors[next(iter(errors))]
                raise _Said(lambda lang: t("stepper_controls.no_edition_can_play", lang, error=first), self.lang)
        self.tokens = list(tokens)
        # The example's line, a question waiting and an Undo belong to the auction that was shown.
        self.example_shown = False
        self.pending = None
        self.undoable = None
        self._busy = True
        try:
            self.step.max = self.play.max = len(groups)
            self.step.value = len(groups)
            self.seat.value = ""
            self.typed.value = " ".join(self.tokens)
        finally:
            self._busy = False
        self._show_rows()
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
            if self.pending is not None:  # the question was about the step it was asked at
                self.pending = None
                self._show_rows()
            self._try(self._refresh)

    def _refresh(self) -> None:
        years = self._editions()
        self._show_scenario()
        try:
            self.view.value = views.stepper_html(self.tokens, years, self.dealer.value, self.step.value,
                                                 self.layer.value, english=self.english.value, lang=self.lang)
        except BridgeLawsError:
            self.accept_button.disabled = True
            raise
        offer = views.acceptance_offer(self.shown_tokens, years, self.dealer.value, self.layer.value)
        self.accept_button.disabled = offer is None
