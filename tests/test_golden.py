"""Golden files for the compare and matrix outputs. Regenerate with ``pytest --update-golden``,
then read the change in ``git diff tests/golden`` before committing it."""

from pathlib import Path

import pytest

from bridgelaws.interfaces.cli import main

GOLDEN = Path(__file__).parent / "golden"
SCENARIOS = {
    "compare-insufficient-bid": ["compare", "--dealer", "N", "1S 1H"],
    "compare-exposed-honour": ["compare", "--dealer", "N", "1S W:!SK"],
    "compare-four-passes": ["compare", "--dealer", "N", "P P P P"],
    "compare-double-of-partners-bid": ["compare", "--dealer", "N", "1S P X"],
    "compare-bid-out-of-rotation": ["compare", "--dealer", "N", "1S S:2S"],
    # Two irregularities under 1936, and tokens the editions read as different calls (issue 9, section 3).
    "compare-call-when-barred": ["compare", "--dealer", "N", "1S 1H 2H P 3H"],
    "matrix": ["matrix"],
    "matrix-status": ["matrix", "--status"],
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_output_matches_the_golden_file(name, capsys, request):
    assert main(SCENARIOS[name]) == 0
    out = capsys.readouterr().out
    path = GOLDEN / f"{name}.txt"
    if request.config.getoption("--update-golden"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(out, encoding="utf-8")
    assert path.exists(), f"{path.name} missing: run pytest --update-golden and review the diff"
    assert out == path.read_text(encoding="utf-8")


def test_matrix_csv_matches_the_golden_file(capsys, request):
    assert main(["matrix", "--csv"]) == 0
    out = capsys.readouterr().out
    path = GOLDEN / "matrix.csv"
    if request.config.getoption("--update-golden"):
        path.write_text(out, encoding="utf-8")
    assert out == path.read_text(encoding="utf-8")
