"""The language of a run of the command line (``--lang nl``, else ``BRIDGELAWS_LANG``).

The listings themselves, in every language, are :mod:`bridgelaws.interfaces.cli_text`; machine formats
(``--json``, ``--csv``) are never translated.
"""

from __future__ import annotations

import argparse
import os

from ..text.errors import BridgeLawsError
from ..text.i18n import DEFAULT_LANGUAGE, find_language

#: The environment variable that sets the CLI's language when ``--lang`` is not given.
LANG_VARIABLE = "BRIDGELAWS_LANG"


def language(args: argparse.Namespace) -> str:
    """The language of a run: ``--lang``, else :data:`LANG_VARIABLE`, else English; an unknown one
    is one line (exit 2)."""
    given = getattr(args, "lang", None)
    if given is None:
        given = os.environ.get(LANG_VARIABLE) or None
        if given is not None:
            try:
                return find_language(given)
            except Exception as error:
                raise BridgeLawsError(f"{LANG_VARIABLE}: {error}") from None
    return find_language(given)


def language_of_argv(argv: list[str]) -> str:
    """The language a command line asks for, read before it is parsed (for the prefix of a parse
    error); English where it asks for none or for an unknown one."""
    wanted: str | None = os.environ.get(LANG_VARIABLE) or None
    for number, word in enumerate(argv):
        if word == "--lang" and number + 1 < len(argv):
            wanted = argv[number + 1]
        elif word.startswith("--lang="):
            wanted = word.split("=", 1)[1]
    try:
        return find_language(wanted)
    except Exception:
        return DEFAULT_LANGUAGE
