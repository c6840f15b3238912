"""The ``bridgelaws`` command's entry point: Ctrl-C while the command line is still being imported
ends it as Ctrl-C during a command does (one line, exit 130), not with a traceback.

This module imports nothing but ``sys``: the window before it runs (the interpreter's own start)
is the only one left where Ctrl-C prints Python's traceback.
"""

import sys


def main() -> int:
    try:
        from .cli import main as command_line

        return command_line()
    except KeyboardInterrupt:  # while importing, or building the parser (main() handles the rest)
        print("bridgelaws: interrupted", file=sys.stderr)
        return 130
