"""The command line's ``--help`` in the language of the run (``--lang nl``): every help text, the
commands' descriptions, the examples' lines and argparse's own headings, from the catalogue's
``data/messages/cli_help.yaml``. The parser is written in English (:mod:`bridgelaws.interfaces.cli`);
each help text is looked up by its words there, so that the parser stays the one place that says
what an option does, and a help text with no Dutch entry is found by the test that reads them all
(``tests/test_cli_lang.py``)."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from ..text.i18n import DEFAULT_LANGUAGE, catalogue, t

#: The catalogue's part of the help texts looked up by their English words.
PART = "cli_help.t"


def _words(text: str) -> str:
    return " ".join(text.split())


def help_table(lang: str) -> dict[str, str]:
    """English help text (its words, one space between them) -> its text in ``lang``."""
    return {_words(message.text(DEFAULT_LANGUAGE)): message.text(lang)
            for key, message in catalogue().items() if key.startswith(PART)}


def every_help(parser: argparse.ArgumentParser) -> list[str]:
    """Every help text of ``parser`` and its commands (not argparse's SUPPRESS), in English."""
    found = []
    for command in [parser, *commands(parser).values()]:
        found += [action.help for action in command._actions
                  if action.help and action.help != argparse.SUPPRESS
                  and not isinstance(action, argparse._SubParsersAction)]
    found += [action.help for action in _subparsers(parser)._choices_actions if action.help]
    return found


def _subparsers(parser: argparse.ArgumentParser) -> Any:
    return next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))


def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return dict(_subparsers(parser).choices)


def formatter(lang: str) -> type[argparse.HelpFormatter]:
    """The help formatter (the description kept as written) whose usage line starts in ``lang``."""
    prefix = t("cli_help.usage", lang)

    class Formatter(argparse.RawDescriptionHelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, prefix if prefix is not None else _prefix)

    _prefix = prefix
    return Formatter


def in_language(parser: argparse.ArgumentParser, lang: str,
                examples: dict[str, tuple[tuple[str, str], tuple[str, str]]], program: str) -> None:
    """Say ``parser``'s help in ``lang``, in place: each help text, description, the examples' lines
    (their command lines kept) and argparse's headings. English: nothing changes."""
    if lang == DEFAULT_LANGUAGE:
        return
    table = help_table(lang)

    def say(text: str | None) -> str | None:
        return table.get(_words(text), text) if text else text

    for name, command in [(program, parser), *commands(parser).items()]:
        for action in command._actions:
            if action.help and action.help != argparse.SUPPRESS:
                action.help = say(action.help)
        command._positionals.title = t("cli_help.positionals", lang)
        command._optionals.title = t("cli_help.options", lang)
        if command.description:
            command.description = "\n".join(textwrap.wrap(say(_words(command.description)) or "", 78))
        lines = [t("cli_help.examples", lang)]
        for line, what in examples[name]:
            lines += [f"  {line}", f"      {say(what)}"]
        command.epilog = "\n".join(lines)
        command.formatter_class = formatter(lang)
    for action in _subparsers(parser)._choices_actions:
        action.help = say(action.help)
