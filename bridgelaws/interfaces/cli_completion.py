"""Shell completion for the command line: ``bridgelaws completion bash`` prints a bash script (zsh:
``bridgelaws completion zsh``, the same script through zsh's bashcompinit), written from the parser
itself, so that every command, option and choice the parser has is completed and nothing else.

No package is needed at run time (argcomplete would start Python at every Tab): the script is plain
bash, and falls back to file names where it offers nothing (``-o default``)."""

from __future__ import annotations

import argparse
import shlex

SHELLS = ("bash", "zsh")

_HEAD = """\
# {prog} completion for {shell}: add this line to ~/.{rc}
#   eval "$({prog} completion {shell})"
"""

_FUNCTION = """\
_{name}() {{
    local cur prev command="" word
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    for word in "${{COMP_WORDS[@]:1:COMP_CWORD-1}}"; do
        case "$word" in
            {commands}) command="$word"; break ;;
        esac
    done
    local words=""
    case "$command $prev" in
{choices}
        *)
            case "$command" in
{options}
            esac ;;
    esac
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
}}
complete -o default -F _{name} {prog}
"""


def _option_words(parser: argparse.ArgumentParser) -> list[str]:
    return [option for action in parser._actions for option in action.option_strings
            if action.help is not argparse.SUPPRESS or option == "--lang"]


def _choices(parser: argparse.ArgumentParser) -> list[tuple[str, list[str]]]:
    found = []
    for action in parser._actions:
        if action.option_strings and action.choices and not isinstance(action, argparse._SubParsersAction):
            for option in action.option_strings:
                found.append((option, [str(choice) for choice in action.choices]))
    return found


def script(parser: argparse.ArgumentParser, shell: str = "bash") -> str:
    """The completion script of ``parser`` for ``shell`` (one of :data:`SHELLS`)."""
    prog = parser.prog
    sub = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    commands: dict[str, argparse.ArgumentParser] = dict(sub.choices)
    name = prog.replace("-", "_")
    choices = []
    for command, subparser in commands.items():
        for option, values in _choices(subparser):
            choices.append(f'        {shlex.quote(f"{command} {option}")}) words={shlex.quote(" ".join(values))} ;;')
    from ..auction.calls import Seat
    from ..text.i18n import LANGUAGES

    choices.append(f'        *" --lang") words={shlex.quote(" ".join(LANGUAGES))} ;;')
    choices.append(f'        *" --dealer") words={shlex.quote(" ".join(seat.name for seat in Seat))} ;;')
    options = [f'                "") words={shlex.quote(" ".join([*commands, *_option_words(parser)]))} ;;']
    for command, subparser in commands.items():
        options.append(f'                {shlex.quote(command)}) words={shlex.quote(" ".join(_option_words(subparser)))} ;;')
    head = _HEAD.format(prog=prog, shell=shell, rc="zshrc" if shell == "zsh" else "bashrc")
    if shell == "zsh":
        head += "autoload -U +X bashcompinit && bashcompinit\n"
    return head + _FUNCTION.format(name=name, prog=prog, commands="|".join(commands),
                                   choices="\n".join(choices), options="\n".join(options))
