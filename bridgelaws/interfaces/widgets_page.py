"""The app page's own words as a widget that follows the page's language switch: its title and
introduction, each section's heading and text, and "How to use this page"
(``data/messages/page.yaml``). The app notebook shows each section as
``language.follow(PageText("matrix"))``: it has no markdown of its own, which Voilà would render once,
in one language."""

from __future__ import annotations

import re
from html import escape

import ipywidgets as widgets

from ..text.i18n import catalogue, find_language, t

#: The sections of the page, each a heading and its text's keys (``page.<section>.*``).
SECTIONS = ("title", "compare", "matrix", "search", "quiz", "howto")

_MARKUP = re.compile(r"\*([^*\n]+)\*|`([^`\n]+)`")


def markup_html(text: str) -> str:
    """``text`` escaped, with ``*x*`` in italics and ```x``` as code (the notebook's markdown)."""
    parts, at = [], 0
    for found in _MARKUP.finditer(text):
        parts.append(escape(text[at:found.start()]))
        parts.append(f"<em>{escape(found.group(1))}</em>" if found.group(1) is not None
                     else f"<code>{escape(found.group(2))}</code>")
        at = found.end()
    return "".join(parts) + escape(text[at:])


def section_html(section: str, lang: str = "en") -> str:
    """A section of the page in ``lang``: its heading (the title a level above the others) and its
    paragraphs."""
    if section not in SECTIONS:
        raise ValueError(f"no section {section!r} of the page: one of {', '.join(SECTIONS)}")
    level = 1 if section == "title" else 2
    keys = sorted(key for key in catalogue() if key.startswith(f"page.{section}.") and key != f"page.{section}.heading")
    paragraphs = "".join(f"<p>{markup_html(t(key, lang))}</p>" for key in keys)
    return (f'<div class="bl-page-text" lang="{lang}"><h{level}>{escape(t(f"page.{section}.heading", lang))}'
            f"</h{level}>{paragraphs}</div>")


class PageText(widgets.HTML):
    """One section of the app page (:data:`SECTIONS`) in the page's language: ``set_language`` (the
    page's :class:`LanguageSwitch` calls it) redraws it."""

    def __init__(self, section: str, lang: str = "en") -> None:
        self.section = section
        self.lang = find_language(lang)
        super().__init__(section_html(section, self.lang))

    def set_language(self, lang: str) -> None:
        self.lang = find_language(lang)
        self.value = section_html(self.section, self.lang)
