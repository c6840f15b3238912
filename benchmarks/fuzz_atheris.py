"""Coverage-guided fuzzing with atheris (libFuzzer): the PBN reader, judge and the notation parser.

    .venv/bin/pip install -e '.[fuzz]'                                   # atheris (has a wheel for 3.11)
    .venv/bin/python benchmarks/fuzz_atheris.py pbn -max_total_time=600 -timeout=10
    .venv/bin/python benchmarks/fuzz_atheris.py judge -max_total_time=600 -timeout=10
    .venv/bin/python benchmarks/fuzz_atheris.py notation -atheris_runs=200000

Arguments after the target go to libFuzzer (-max_total_time, -timeout for a hang, -jobs, a corpus
folder to keep the inputs that found new paths). A crash is any exception other than
BridgeLawsError, a BridgeLawsError whose message is not one line, or (for pbn) a difference between
the fast reader and the line-by-line reader; libFuzzer writes the input to crash-<hash>.
The bounded property-based run of the same checks is part of `make test` (tests/test_fuzz.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

with atheris.instrument_imports(include=["bridgelaws"]):
    from bridgelaws import BridgeLawsError, judge
    from bridgelaws.auction import pbn
    from bridgelaws.auction.pbn import reading
    from bridgelaws.auction.editions import EDITIONS
    from bridgelaws.auction.notation import parse_scenario


def one_line(error: BridgeLawsError) -> None:
    if "\n" in str(error) or not str(error):
        raise AssertionError(f"not one line: {str(error)!r}")


def read(data: bytes, fast: bool) -> list:
    reading._FAST = fast
    try:
        out = []
        for item in pbn.iter_games(data, errors="keep"):
            if isinstance(item, BridgeLawsError):
                one_line(item)
                out.append(("error", str(item), item.line))
            else:
                out.append((item, item.line, pbn.game_report(item)))
        return out
    finally:
        reading._FAST = True


def target_pbn(data: bytes) -> None:
    if read(data, True) != read(data, False):
        raise AssertionError("the fast reader and the line-by-line reader differ")


def target_judge(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    edition = EDITIONS[provider.ConsumeIntInRange(0, 4)]
    dealer = "NESW"[provider.ConsumeIntInRange(0, 3)]
    text = provider.ConsumeUnicodeNoSurrogates(400)
    try:
        result = judge(text, edition, dealer)
        result.state
        result.to_json()
    except BridgeLawsError as error:
        one_line(error)


def target_notation(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    try:
        parse_scenario(provider.ConsumeUnicodeNoSurrogates(400))
    except BridgeLawsError as error:
        one_line(error)


TARGETS = {"pbn": target_pbn, "judge": target_judge, "notation": target_notation}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(TARGETS)}}} [libFuzzer options]")
    target = TARGETS[sys.argv.pop(1)]
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
