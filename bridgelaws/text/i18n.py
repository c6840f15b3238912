"""One message catalogue for the interface, in English and Dutch.

Every label, button, message and heading a user reads in the widgets, the app, the views and the CLI
is looked up here by key: ``t("stepper.dealer", "nl")``. The catalogue is the YAML files of
``data/messages/`` (one per part of the interface, so that the parts are kept apart), each checked on
load: every message has both languages, the same ``{placeholders}`` in each, and no key is defined
twice across the files. Law is never in the catalogue: the quotes stay verbatim Dutch, and the
English of a record comes from :mod:`bridgelaws.text.translation`.

A key that is not in the catalogue is a programming error (``KeyError``), found by the test that
reads every ``t("...")`` call in the package; a language that is not offered is a user's error, one
line (:func:`find_language`).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass

from . import datafiles
from .errors import BridgeLawsError
from .schema import Loc, fields, listing, string as _string

#: The languages of the interface, the first the default.
LANGUAGES: tuple[str, ...] = ("en", "nl")
#: How each language names itself in a language switch.
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "nl": "Nederlands"}
DEFAULT_LANGUAGE = LANGUAGES[0]
MESSAGES_DIR = "messages"
_KEY = re.compile(r"^[a-z0-9_]+(\.[A-Za-z0-9_-]+)+$")


@dataclass(frozen=True)
class Message:
    """One entry of the catalogue: its key, its text in every language, and the file it comes from."""

    key: str
    texts: Mapping[str, str]
    file: str

    def text(self, lang: str) -> str:
        return self.texts[lang]


def find_language(name: str | None) -> str:
    """The language code for ``name`` (``"nl"``, ``"NL"``, ``"Nederlands"``, ``"english"``); unknown:
    one line naming it and the choices."""
    if name is None:
        return DEFAULT_LANGUAGE
    wanted = str(name).strip().lower()
    for code in LANGUAGES:
        if wanted in (code, LANGUAGE_NAMES[code].lower()):
            return code
    raise BridgeLawsError(f"unknown language {name!r}: choose one of {', '.join(LANGUAGES)}")


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def parse_messages(value: object, name: str) -> dict[str, Message]:
    """``messages/<part>.yaml``: ``{messages: [{key, en, nl}]}``; every text non-empty, the same
    placeholders in every language, each key once and of the form ``part.name``."""
    loc = Loc(name)
    raw = fields(value, loc, ("messages",))
    found: dict[str, Message] = {}
    for i, entry in enumerate(listing(raw["messages"], loc.at("messages"))):
        at = loc.at("messages").at(i)
        checked = fields(entry, at, ("key", *LANGUAGES))
        key = _string(checked["key"], at.at("key"))
        if not _KEY.match(key):
            raise at.at("key").error(f"{key!r} is not a key of the form part.name (the part in lower case)")
        if key in found:
            raise at.at("key").error(f"{key!r} is defined twice")
        texts = {lang: _string(checked[lang], at.at(lang)) for lang in LANGUAGES}
        for lang, text in texts.items():
            if not text.strip():
                raise at.at(lang).error(f"{key!r} has an empty {LANGUAGE_NAMES[lang]} text")
        try:
            wanted = _placeholders(texts[DEFAULT_LANGUAGE])
            for lang in LANGUAGES[1:]:
                if _placeholders(texts[lang]) != wanted:
                    raise at.at(lang).error(
                        f"{key!r} has placeholders {sorted(_placeholders(texts[lang]))} in "
                        f"{LANGUAGE_NAMES[lang]} but {sorted(wanted)} in {LANGUAGE_NAMES[DEFAULT_LANGUAGE]}")
        except ValueError as exc:  # an unbalanced brace
            raise at.error(f"{key!r}: {exc}") from None
        found[key] = Message(key, texts, name)
    return found


@datafiles.cached
def catalogue() -> dict[str, Message]:
    """Every message of every file of ``data/messages/``; a key defined in two files is an error."""
    merged: dict[str, Message] = {}
    for name in datafiles.names(MESSAGES_DIR, ".yaml"):
        for key, message in parse_messages(datafiles.load(name), name).items():
            if key in merged:
                raise BridgeLawsError(f"{name}: messages: {key!r} is already defined in {merged[key].file}")
            merged[key] = message
    if not merged:
        raise BridgeLawsError(f"{MESSAGES_DIR}/: no message file (expected {MESSAGES_DIR}/*.yaml, looked in "
                              f"{datafiles.data_dir()})")
    return merged


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **values: object) -> str:
    """The text of ``key`` in ``lang``, with its ``{placeholders}`` filled from ``values``."""
    message = catalogue()[key]
    text = message.text(lang if lang in LANGUAGES else find_language(lang))
    return text.format(**values) if values else text
