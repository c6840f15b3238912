"""The explorers of notebooks 03 and 04 and the app: the comparison (:class:`CompareExplorer`), the
texts side by side and in parallel, the search, and the app's one language switch
(:class:`LanguageSwitch`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..judging.lookup import find_editions
from ..presentation import views
from ..text.errors import BridgeLawsError
from ..presentation.handout import handout_link
from ..text.i18n import t
from .widgets_common import (_DEALER_OPTIONS, YEARS, EditionChoice, _english_toggle, _follow_projector,
                             _HasLanguage, _language_toggle, _layer_options, _layer_toggle, _message,
                             _projector_toggle, _seat_options, _ShowsView, _Speaks, _typed_text)


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
        # Enter compares what was typed (its value is sent on Enter, or when the box loses the focus).
        self.typed = widgets.Text(value="1S 1H", description="Auction", layout=widgets.Layout(width="400px"),
                                  continuous_update=False)
        self._loading = False
        self.dealer = widgets.Dropdown(options=_DEALER_OPTIONS, value="N", description="Dealer",
                                       layout=widgets.Layout(width="170px"))
        self.apply_button = widgets.Button(description="Compare")
        self.layer = _layer_toggle()
        self.english = _english_toggle()
        # The editions compared (all five by default; the page's address may choose fewer).
        self.editions = EditionChoice(YEARS, YEARS, vertical=False, lang=lang)
        self.projector = _projector_toggle(lang)
        # The handout (one click saves it): a link worded and drawn as a
        # button, made again with every comparison shown (a few milliseconds: the page is built, not
        # printed), so that it always hands out what is on the screen.
        self.handout = widgets.HTML()
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        self.case.observe(self._on_case, names="value")
        self.typed.observe(self._on_typed, names="value")
        self.apply_button.on_click(lambda _: self.refresh())
        self.layer.observe(lambda _: self.refresh(), names="value")
        self.english.observe(lambda _: self.refresh(), names="value")
        self.editions.observe(lambda _: self.refresh(), names="value")
        _follow_projector(self, self.projector)
        language = self._speak(lang)
        super().__init__([language, self.case, widgets.HBox([self.typed, self.dealer, self.apply_button],
                                                            layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.editions, self.layer], layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.english, self.projector, self.handout],
                                       layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                          self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        self.refresh()

    def _chosen(self) -> tuple[Any, ...]:
        """The editions chosen, resolved here, where the choice comes in (the views are handed the
        editions themselves); none chosen is the views' one-line error, as before."""
        years = tuple(self.editions.value)
        return find_editions(years) if years else years

    def make_handout(self) -> None:
        """The link that saves the comparison shown as a handout (:func:`bridgelaws.presentation.handout.handout_link`:
        one printable HTML page with every quote and the sources), worded as the Handout button.
        Empty while the comparison cannot be drawn (its message says why)."""
        self.handout.value = handout_link(_typed_text(self.typed.value), self._chosen(),
                                          self.dealer.value, self.lang, self.layer.value,
                                          label=t("print.handout.button", self.lang),
                                          tip=t("print.handout.button_tip", self.lang))

    def _relabel(self) -> None:
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
            self.editions.relabel(lang)
            self.projector.description = t("stepper.projector", lang)
            self.projector.tooltip = t("stepper.projector_tip", lang)
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

    def _on_typed(self, change: dict[str, Any]) -> None:
        """Enter in the typed box (its value is sent then): compare it."""
        if not self._loading:
            self.refresh()

    def _on_case(self, change: dict[str, Any]) -> None:
        example: views.CaseExample | str = change["new"]
        if isinstance(example, views.CaseExample) and not self._relabelling:
            self._loading = True
            try:
                self.dealer.value = example.dealer
                self.typed.value = example.tokens
            finally:
                self._loading = False
            self.refresh()

    def refresh(self) -> None:
        if self._relabelling:
            return
        if self.case.value != "" and self.focus is None:
            self.case.value = ""  # another auction is compared: "(type below)", no case
        self.handout.value = ""  # a link made for what was shown before would hand out the wrong page
        try:
            self.message.value = ""
            self.view.value = views.compare_html(_typed_text(self.typed.value), self._chosen(),
                                                 self.dealer.value, self.layer.value, focus=self.focus,
                                                 english=self.english.value, lang=self.lang)
            self.make_handout()
        except BridgeLawsError as error:
            self.message.value = _message(str(error))


def _relabel_topics(owner: Any, menu: widgets.Dropdown, lang: str) -> None:
    """The topic menu in ``lang``, its chosen topic kept (the same ids, other labels). The owner's
    ``_relabelling`` is set meanwhile: its observers must not take the passing change of topic for a
    reader's choice."""
    menu.description = t("explorer.topic", lang)
    options = views.topic_options(lang)
    if list(menu.options) != options:
        chosen, was = menu.value, owner._relabelling
        owner._relabelling = True
        try:
            menu.options = options  # resets the choice to the first topic: set it back
            menu.value = chosen
        finally:
            owner._relabelling = was


class TextsExplorer(_Speaks, _ShowsView, widgets.VBox):
    """Notebook 04: choose a topic and read every edition's articles side by side (``lang``: the
    language of the controls and the fixed words; the texts are verbatim Dutch)."""

    def __init__(self, topic: str = "doubling", lang: str = "en"):
        self.topic = widgets.Dropdown(options=views.topic_options(lang),
                                      value=views.find_topic(topic)["id"], description="Topic",
                                      layout=widgets.Layout(width="460px"))
        self.message = widgets.HTML()
        self.view = widgets.HTML()
        self.topic.observe(lambda _: None if self._relabelling else self.refresh(), names="value")
        super().__init__([self._speak(lang), self.topic, self.message, self.view])
        self.add_class("bl-widget")  # 14px controls (bridgelaws.css)
        self.refresh()

    def _relabel(self) -> None:
        _relabel_topics(self, self.topic, self.lang)

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
        self.topic = widgets.Dropdown(options=views.topic_options(lang),
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
        _relabel_topics(self, self.topic, self.lang)
        self.article.description = t("common.article", self.lang)
        self.article.placeholder = t("explorer.article_placeholder", self.lang)

    def _on_topic(self) -> None:
        if self._relabelling:
            return  # the menu relabelled in another language, the same topic chosen
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
    """The app's language switch: one switch at the top of the page that sets the
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
        self.label.value = f'<b style="font-family:sans-serif">{t("explorer.language_switch", self.lang)}</b>'

    def _switch(self) -> None:
        self._relabel()
        for panel in self.panels:
            panel.set_language(self.lang)
