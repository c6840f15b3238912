"""The engine's own English in another language: an event's effect and reason and the
engine's default assumptions, which :mod:`bridgelaws.judging.judging` writes in fixed English words with
seats, calls and articles filled in. Beside :mod:`bridgelaws.presentation.present` (the one presenter), which
asks here.

The templates are the catalogue's ``engine.*`` messages (``data/messages/engine.yaml``): the English
of each is matched, in full, against a part of the engine's text, and the Dutch is filled in with
the parts found (a seat in Dutch, a call or an article as written). A text is translated only where
every part of it matches a template: otherwise :func:`translate` gives ``None`` and the caller shows
the English as written, marked as English (never a mix of the two languages, never a machine
translation). What the rulings data write (an assumption of a ruling, a summary) is not here: a
Dutch summary is written beside the English in the data.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..text.i18n import DEFAULT_LANGUAGE, catalogue, t
from .edition_words import edition_key

__all__ = ["translate", "translate_assumption", "translate_effect", "translate_option", "translate_reason"]

_SEATS = {"North": "N", "East": "E", "South": "S", "West": "W"}
_SEAT = "|".join(_SEATS)
#: What each kind of placeholder matches in the engine's English (its name without a final digit).
_PATTERNS = {"seat": rf"(?:{_SEAT})", "call": r"[1-7](?:C|D|H|S|NT)|X|XX|P|[A-Z0-9]+",
             "card": r"[SHDC][AKQJT98765432]", "articles": r"[^()]+?", "year": r"\d{4}",
             "choices": r"#[\w-]+(?: or #[\w-]+)*", "option": r".+?", "refusal": r".+?",
             "marks": r"\^\w+(?: \^\w+)*", "tokens": r"'[^']+'(?:, '[^']+')*", "quote": r'[^"]+'}
#: The kinds whose value is itself matched against templates: ``engine.<prefix>.*``.
_NESTED = {"option": "option", "refusal": "refusal"}


def _kind(name: str) -> str:
    return name.rstrip("0123456789")


@lru_cache(maxsize=None)
def _templates(prefix: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """(the English template as a regular expression, its key) for every ``engine.<prefix>.*``
    message, the longest English first."""
    found = []
    for key, message in catalogue().items():
        if not key.startswith(f"engine.{prefix}."):
            continue
        english = message.text(DEFAULT_LANGUAGE)
        pattern, position = "", 0
        for match in re.finditer(r"\{(\w+)\}", english):
            pattern += re.escape(english[position:match.start()])
            pattern += f"(?P<{match.group(1)}>{_PATTERNS[_kind(match.group(1))]})"
            position = match.end()
        pattern += re.escape(english[position:])
        found.append((len(english), re.compile(pattern), key))
    return tuple((pattern, key) for _, pattern, key in sorted(found, key=lambda f: -f[0]))


def _value(name: str, value: str, lang: str, edition: str | None = None) -> str | None:
    kind = _kind(name)
    if kind == "seat":
        return t(f"cards.seat.{_SEATS[value]}", lang)
    if kind == "articles":
        for word in ("inherited", "not_say", "assumption"):
            value = value.replace(t(f"engine.articles.{word}", DEFAULT_LANGUAGE), t(f"engine.articles.{word}", lang))
        return value
    if kind == "choices":
        return value.replace(" or ", " of ") if lang == "nl" else value
    if kind in _NESTED:
        return _part(value, _NESTED[kind], lang, edition)
    return value


def _part(text: str, prefix: str, lang: str, edition: str | None = None) -> str | None:
    """``text`` matched in full against one of the ``engine.<prefix>.*`` templates, in ``lang`` (in the
    words of ``edition`` where it has its own: :mod:`bridgelaws.presentation.edition_words`)."""
    for pattern, key in _templates(prefix):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        values = {name: _value(name, value, lang, edition) for name, value in match.groupdict().items()}
        if any(value is None for value in values.values()):
            continue
        return t(edition_key(key, edition), lang, **values)
    return None


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at every ``separator`` outside parentheses (a reason's articles may hold one)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        if text[i] in "()":
            depth += 1 if text[i] == "(" else -1
        elif depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            start = i = i + len(separator)
            continue
        i += 1
    return [*parts, text[start:]]


def translate(text: str, prefix: str, separator: str, lang: str, edition: str | None = None) -> str | None:
    """``text`` in ``lang``, every ``separator``-separated part matched against the templates of
    ``prefix``; None where one part has no template (the caller shows the English, marked)."""
    if lang == DEFAULT_LANGUAGE or not text:
        return text
    parts = [_part(part, prefix, lang, edition) for part in _split(text, separator)]
    if any(part is None for part in parts):
        return None
    return separator.join(part for part in parts if part is not None)


_LABELS = {" (assumption)": "cards.effect_label.assumption", " (outside the corpus)": "cards.effect_label.outside_corpus"}


def translate_effect(effect: str, lang: str, edition: str | None = None) -> str | None:
    """An event's effect (``"void: East calls"``, ``"1S stands; the change is not made (assumption)"``)."""
    base, label = effect, ""
    for suffix, key in _LABELS.items():
        if effect.endswith(suffix):
            base, label = effect[: -len(suffix)], " " + t(key, lang)
            break
    found = translate(base, "effect", "; ", lang, edition)
    return None if found is None else found + label


def translate_reason(reason: str, lang: str, edition: str | None = None) -> str | None:
    """An event's reason (``"it is East's turn, not South's (2017:17.C)"``), in ``edition``'s words."""
    return translate(reason, "reason", "; ", lang, edition)


def translate_option(text: str, lang: str) -> str | None:
    """An option's text (the rulings' English, ``"any other sufficient bid"``) in ``lang``, whole."""
    if lang == DEFAULT_LANGUAGE or not text:
        return text
    return _part(text, "option", lang)


_SENTENCE = re.compile(r"(?<=[.)])\s+(?=[A-Z])")


def _pieces(text: str, known: dict[str, str]) -> list[tuple[str, str | None]]:
    """``text`` cut around the known English texts (the longest first): (a piece, its Dutch or None)."""
    pieces: list[tuple[str, str | None]] = [(text, None)]
    for english in sorted((e for e in known if e in text), key=len, reverse=True):
        cut: list[tuple[str, str | None]] = []
        for piece, dutch in pieces:
            if dutch is not None or english not in piece:
                cut.append((piece, dutch))
                continue
            before, _, after = piece.partition(english)
            cut += [(before.strip(), None)] * bool(before.strip()) + [(english, known[english])]
            cut += [(after.strip(), None)] * bool(after.strip())
        pieces = cut
    return pieces


def translate_assumption(assumption: str, lang: str, known: dict[str, str] | None = None) -> str | None:
    """An assumption made of the engine's own sentences (``rulings.DEFAULT_ASSUMPTION`` and the
    like), sentence by sentence, and of the data's assumptions with the Dutch written beside them
    (``known``: English to Dutch); None where one sentence is neither."""
    if lang == DEFAULT_LANGUAGE or not assumption:
        return assumption
    parts: list[str | None] = []
    for piece, dutch in _pieces(assumption.strip(), known or {}):
        parts += [dutch] if dutch is not None else [_part(s, "assumption", lang) for s in _SENTENCE.split(piece)]
    if any(part is None for part in parts):
        return None
    return " ".join(part for part in parts if part is not None)
