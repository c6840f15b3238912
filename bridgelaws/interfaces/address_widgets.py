"""The page's address as the app's state: the web app opens the stepper and the
comparison explorer where its address says, and keeps the address in step with every change.

Reading: Voilà gives the kernel the page's query string as the environment variable
``QUERY_STRING`` (a CGI variable it sets for every page it serves). Writing: :class:`PageAddress`,
a small front-end widget (anywidget), calls ``history.replaceState`` whenever its ``query``
changes, and shows a "Copy link" button. It acts only in Voilà: in JupyterLab the address is the
lab's own, and it shows a note instead. What the address means, and its errors, are the pure
functions of :mod:`bridgelaws.presentation.views.address`; this module only wires them to the widgets::

    address = PageAddress.from_environment()
    language = language_from_address(address)     # the page's language switch, set to its lang
    stepper = stepper_from_address(address)       # an AuctionStepper showing the address's state
    explorer = explorer_from_address(address)     # a CompareExplorer likewise
"""

from __future__ import annotations

import os
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..text.errors import BridgeLawsError
from ..text.i18n import t
from ..presentation.views import case_examples
from ..presentation.views.address import (CompareAddress, StepperAddress, compare_query, language_query,
                                           parse_compare_address, parse_language_address, parse_stepper_address,
                                           stepper_query)
from ..text.i18n import DEFAULT_LANGUAGE
from .widgets_common import _message
from .widgets_explorers import CompareExplorer, LanguageSwitch
from .widgets_stepper import AuctionStepper

_ESM = r"""
function inVoila() {
  const config = document.getElementById("jupyter-config-data");
  try {
    return !!config && String(JSON.parse(config.textContent).appUrl || "").startsWith("voila");
  } catch (error) {
    return false;
  }
}

function copyText(text) {
  // navigator.clipboard needs a secure context (https or localhost); a classroom server on a
  // plain address has neither, so fall back on a selected text area.
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text).then(() => true, () => false);
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let done = false;
  try { done = document.execCommand("copy"); } catch (error) { done = false; }
  area.remove();
  return Promise.resolve(done);
}

function render({ model, el }) {
  el.classList.add("bl-address");
  if (!inVoila()) {
    el.innerHTML = '<span style="font-family:sans-serif;font-size:90%;color:#555"></span>';
    const outside = () => { el.firstChild.textContent = model.get("labels").outside || ""; };
    model.on("change:labels", outside);
    outside();
    return;
  }
  const button = document.createElement("button");
  button.className = "jupyter-widgets jupyter-button widget-button bl-copy-link";
  const label = () => {
    const labels = model.get("labels");
    button.textContent = labels.copy || "Copy link";
    button.title = labels.tip || "";
  };
  model.on("change:labels", label);
  label();
  const link = document.createElement("input");
  link.className = "bl-link";
  link.readOnly = true;
  link.style.cssText = "width:520px;margin-left:8px;font-family:monospace;font-size:12px";
  const note = document.createElement("span");
  note.className = "bl-copy-note";
  note.style.cssText = "margin-left:8px;font-family:sans-serif;font-size:90%;color:#0b4f71";
  el.append(button, link, note);

  const apply = () => {
    const query = model.get("query");
    const wanted = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
    if (wanted !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, "", wanted);
    }
    link.value = window.location.href;
    note.textContent = "";
  };
  button.addEventListener("click", () => {
    copyText(window.location.href).then((done) => {
      const labels = model.get("labels");
      note.textContent = done ? labels.copied : labels.by_hand;
      if (!done) { link.select(); }
    });
  });
  model.on("change:query", apply);
  apply();
  return () => model.off("change:query", apply);
}

export default { render };
"""


class PageAddress(anywidget.AnyWidget):
    """The page's address: ``query`` is written to it (``history.replaceState``) in Voilà; a
    "Copy link" button and the link beside it. ``initial`` is the query the page was opened with.

    Each linked widget owns a part of the query (:meth:`set_part`); the parts are joined in the
    order the widgets were linked."""

    _esm = _ESM
    query = traitlets.Unicode("").tag(sync=True)
    #: The words the page shows (the button, its tip, the notes), in the page's language.
    labels = traitlets.Dict().tag(sync=True)

    def __init__(self, initial: str = "", lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_language(lang)
        self.initial = initial[1:] if initial.startswith("?") else initial
        self._parts: dict[str, str] = {}

    @classmethod
    def from_environment(cls) -> PageAddress:
        """The address Voilà opened the page with (``QUERY_STRING``; empty outside Voilà)."""
        return cls(os.environ.get("QUERY_STRING", ""))

    def set_language(self, lang: str) -> None:
        """The button's words and notes in ``lang`` (the page's switch reaches it through the stepper)."""
        self.labels = {name: t(f"app.address.{name}", lang) for name in ("copy", "tip", "copied", "by_hand", "outside")}

    def set_part(self, name: str, query: str) -> None:
        self._parts[name] = query
        self.query = "&".join(part for part in self._parts.values() if part)


def language_from_address(address: PageAddress) -> LanguageSwitch:
    """The page's :class:`LanguageSwitch`, set to the address's ``lang`` (a Dutch teacher's link,
    ``?lang=nl``, opens in Dutch), and writing the language to the address on every switch, so that
    the link copied keeps it. An unknown ``lang``: English, and the one-line message beside the switch."""
    try:
        lang, error = parse_language_address(address.initial), None
    except BridgeLawsError as refused:
        lang, error = DEFAULT_LANGUAGE, str(refused)
    switch = LanguageSwitch(lang)

    def write(_: Any = None) -> None:
        address.set_part("lang", language_query(switch.lang))

    switch.language.observe(write, names="value")
    write()
    if error:
        switch.children = (*switch.children, widgets.HTML(_message(error)))
    return switch


def stepper_state(stepper: AuctionStepper) -> StepperAddress:
    """What the stepper shows, as an address."""
    return StepperAddress(tokens=tuple(stepper.tokens), dealer=str(stepper.dealer.value),
                          editions=tuple(stepper.editions.value), step=int(stepper.step.value),
                          layer=str(stepper.layer.value))


def _beyond_language(query: str) -> bool:
    """Whether ``query`` holds anything but ``lang`` (a parameter, or words that are none)."""
    from urllib.parse import parse_qsl

    parts = parse_qsl(query, keep_blank_values=True)
    return bool(query) and (not parts or any(name != "lang" for name, _ in parts))


def stepper_from_address(address: PageAddress) -> AuctionStepper:
    """An :class:`AuctionStepper` showing the state in ``address.initial``, and writing its state to
    the address on every change. A malformed address: the one-line message, and a clean stepper.
    An address with no parameters but the language (``?lang=nl``, a Dutch teacher's link): the
    example (:meth:`AuctionStepper.show_example`), an irregularity compared across every edition,
    with one button to start one's own auction."""
    try:
        state = parse_stepper_address(address.initial)
        error = None
    except BridgeLawsError as refused:
        state, error = StepperAddress(), str(refused)
    stepper = AuctionStepper(dealer=state.dealer, editions=state.editions, layer=state.layer)
    if state.tokens:
        stepper.apply_text(" ".join(state.tokens))  # the part that can be shown, and the message on the rest
        if stepper.tokens and state.step is not None:
            stepper.step.value = min(state.step, stepper.step.max)
    elif not _beyond_language(address.initial):
        stepper.show_example()
    if error:
        stepper.message.value = _message(error)
    # (The stepper keeps its Play widget at the slider's step itself: the page opens at that step.)

    def write(_: Any = None) -> None:
        address.set_part("stepper", stepper_query(stepper_state(stepper)))

    for control in (stepper.view, stepper.dealer, stepper.editions, stepper.step, stepper.layer):
        control.observe(write, names="value")
    write()
    stepper.children = (*stepper.children[:1], address, *stepper.children[1:])
    address.set_language(stepper.lang)
    stepper.language.observe(lambda change: address.set_language(change["new"]), names="value")
    return stepper


def explorer_state(explorer: CompareExplorer) -> CompareAddress:
    """What the explorer shows, as an address: the case while its scenario is shown, else the
    typed scenario and dealer."""
    years = tuple(explorer.editions.value)
    if explorer.focus is not None:
        return CompareAddress(case=explorer.focus, editions=years, layer=str(explorer.layer.value),
                              tokens=tuple(str(explorer.typed.value).split()), dealer=str(explorer.dealer.value))
    return CompareAddress(tokens=tuple(str(explorer.typed.value).split()), dealer=str(explorer.dealer.value),
                          editions=years, layer=str(explorer.layer.value))


def explorer_from_address(address: PageAddress) -> CompareExplorer:
    """A :class:`CompareExplorer` showing the state in ``address.initial`` (the ``case`` and
    ``compare_`` parameters), writing its state to the address on every change."""
    explorer = CompareExplorer()
    default = explorer_state(explorer)  # as it opens: the address then carries no part of it
    try:
        state = parse_compare_address(address.initial)
    except BridgeLawsError as refused:
        explorer.message.value = _message(str(refused))
        state = None
    if state is not None:
        try:
            explorer.editions.value = state.editions
        except traitlets.TraitError:  # an edition the explorer does not offer: the parser refuses drafts
            explorer.message.value = _message(f"the page's address has compare_editions="
                                              f"{','.join(state.editions)!r}: the comparison shows "
                                              f"{', '.join(explorer.editions.options)}")
            state = CompareAddress(layer=state.layer, case=state.case, tokens=state.tokens, dealer=state.dealer)
        explorer.layer.value = state.layer
        if state.case is not None:
            examples = [e for e in case_examples() if e.case == state.case]
            chosen = next((e for e in examples if state.tokens is not None
                           and (tuple(e.tokens.split()), e.dealer) == (state.tokens, state.dealer or e.dealer)),
                          examples[0] if state.tokens is None else None)
            if chosen is not None:
                explorer.case.value = chosen
        if state.tokens is not None and explorer.focus is None:
            explorer.typed.value = " ".join(state.tokens)
            explorer.dealer.value = state.dealer or "N"
            explorer.refresh()

    def write(_: Any = None) -> None:
        state = explorer_state(explorer)
        address.set_part("compare", "" if state == default else compare_query(state))

    for control in (explorer.view, explorer.dealer, explorer.layer, explorer.case, explorer.editions):
        control.observe(write, names="value")
    write()
    explorer.children = (*explorer.children[:3], address, *explorer.children[3:])
    return explorer


__all__ = ["PageAddress", "explorer_from_address", "explorer_state", "language_from_address", "stepper_from_address",
           "stepper_state"]
