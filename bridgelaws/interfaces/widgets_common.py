"""What the notebooks' widgets share (:mod:`bridgelaws.interfaces.widgets`): the toggles (layer, English,
language, projector), the editions' checkboxes, the message line, the typed box's limit, and the
language mix-ins. Every widget stays thin over the pure functions of :mod:`bridgelaws.presentation.views`."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets
# The style models ipywidgets does not name at its top level, for widgets given a shared one (_Looks).
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle, LabelStyle

from ..auction.editions import EDITIONS
from ..text.errors import BridgeLawsError
from ..text.i18n import LANGUAGE_NAMES, LANGUAGES, find_language, t
from ..text.vocabulary import DEFAULT_LAYER

YEARS = tuple(e.year for e in EDITIONS)
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
        style={"button_width": "auto"})


def _english_toggle() -> widgets.Checkbox:
    """Show the English of each quoted paragraph on the ruling cards: the project's
    translation, shown beside the verbatim Dutch quote, never in its place."""
    return widgets.Checkbox(value=False, description="English of the quoted paragraph (the project's translation)",
                            indent=False, layout=widgets.Layout(width="auto"))


def _language_toggle(lang: str = "en") -> widgets.ToggleButtons:
    """The interface's language: every widget that offers it relabels its controls and
    redraws its view through :func:`bridgelaws.text.i18n.t` when it changes."""
    return widgets.ToggleButtons(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                                 value=find_language(lang), style={"button_width": "100px"})


class _Looks:
    """The Layout and Style models that one panel's widgets share. ipywidgets makes a
    Layout and a Style model for every widget not given them: each is a comm message from the kernel
    and a model in the server's and the browser's widget manager, and a page made of a few hundred
    widgets paid for twice as many models again. Widgets made in bulk take theirs from here instead:
    one model per kind and distinct set of traits, kept per panel (a model belongs to one page's
    kernel, never to the module), so that a redraw reuses them rather than making more.

    Only for widgets whose layout and style no code changes after they are made: a widget whose
    ``.layout.display`` (or any other trait of its layout or style) is set later keeps its own, or
    the change would reach every widget sharing it."""

    def __init__(self) -> None:
        self._made: dict[tuple[Any, ...], widgets.Widget] = {}

    def layout(self, **traits: str) -> widgets.Layout:
        """The panel's Layout with these traits (``width="auto"``...; none: the default layout)."""
        made: widgets.Layout = self._shared(widgets.Layout, traits)
        return made

    def style(self, kind: type[widgets.Widget], **traits: str) -> Any:
        """The panel's Style model of ``kind`` (``widgets.ButtonStyle``...) with these traits."""
        return self._shared(kind, traits)

    def made(self) -> list[tuple[type[widgets.Widget], dict[str, str], widgets.Widget]]:
        """Every shared model: its kind, the traits it was made with, and the model."""
        return [(kind, dict(traits), model) for (kind, traits), model in self._made.items()]

    def _shared(self, kind: type[widgets.Widget], traits: dict[str, str]) -> Any:
        key = (kind, tuple(sorted(traits.items())))
        if key not in self._made:
            self._made[key] = kind(**traits)
        return self._made[key]

    def html(self, value: str = "") -> widgets.HTML:
        """An HTML widget with the panel's default layout and HTML style."""
        return widgets.HTML(value, layout=self.layout(), style=self.style(HTMLStyle))

    def hbox(self, children: list[Any]) -> widgets.HBox:
        """An HBox with the panel's default layout (a Box has no style model)."""
        return widgets.HBox(children, layout=self.layout())


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
        names = {edition.year: edition.title(lang)[0] for edition in EDITIONS}
        # One layout and one style for every checkbox (_Looks): none is changed afterwards.
        layout, style = widgets.Layout(width="auto"), CheckboxStyle()
        self.boxes: dict[str, widgets.Checkbox] = {
            year: widgets.Checkbox(value=year in value, description=year, indent=False,
                                   tooltip=names.get(year, year), layout=layout, style=style)
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

    def relabel(self, lang: str) -> None:
        """The label and each edition's name (its tooltip) in ``lang``."""
        self.label.value = t("common.editions", lang)
        names = {edition.year: edition.title(lang)[0] for edition in EDITIONS}
        for year, box in self.boxes.items():
            box.tooltip = names.get(year, year)

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
    """Projector mode: larger type for the back of a room; it adds the class
    ``bl-projector`` to the widget, which bridgelaws.css enlarges."""
    return widgets.Checkbox(value=False, description=t("stepper.projector", lang), indent=False,
                            tooltip=t("stepper.projector_tip", lang), layout=widgets.Layout(width="auto"))


def _follow_projector(owner: widgets.DOMWidget, toggle: widgets.Checkbox) -> None:
    def follow(change: dict[str, Any]) -> None:
        (owner.add_class if change["new"] else owner.remove_class)("bl-projector")

    toggle.observe(follow, names="value")


def _message(text: str, kind: str = "error") -> str:
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
        self.language.value = find_language(lang)


class _Speaks(_HasLanguage):
    """A widget with a language switch: when ``self.language`` changes, :meth:`_relabel`
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
    return [(t(f"common.seat.{seat}", lang), seat) for seat in "NESW"]


def _layer_options(lang: str) -> list[tuple[str, str]]:
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
