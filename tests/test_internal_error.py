"""A defect of the engine is an InternalError, never a user's refusal (docs/decisions/2026-12-02-internal-error.md):
``judge`` names the token, its position and the edition; the command line says it in one line that
blames bridgelaws, not the input, and exits 70, not 2. The engine is made to fail on purpose here (a
helper of the replacement replaced by one that raises), so the test holds whatever the law says."""

from __future__ import annotations

import pytest

from bridgelaws import BridgeLawsError, InternalError, judge
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.interfaces.cli import main
from bridgelaws.judging import judging


@pytest.fixture
def broken(monkeypatch):
    def fail(auction, original):
        raise ZeroDivisionError("planted")
    monkeypatch.setattr(judging, "_lowest_sufficient", fail)


def _replaced_somewhere() -> tuple[str, str]:
    """An edition and a scenario whose second bid is a replacement the engine works out (asked of the
    data: the first edition whose ruling on 1S 1H sets a duty to replace)."""
    for edition in EDITIONS:
        if judge("1S 1H", edition.year).duties:
            return edition.year, "1S 1H 2H"
    pytest.skip("no edition of the registry has the offender replace an insufficient bid")


def test_judge_names_the_token_and_position_of_a_defect(broken):
    year, scenario = _replaced_somewhere()
    with pytest.raises(InternalError) as caught:
        judge(scenario, year)
    assert not isinstance(caught.value, BridgeLawsError)
    assert "'2H' (position 3)" in str(caught.value) and year in str(caught.value)


def test_partial_judging_does_not_read_a_defect_as_a_refusal(broken):
    year, scenario = _replaced_somewhere()
    with pytest.raises(InternalError):
        judge(scenario, year, partial=True)


def test_the_command_line_says_a_defect_in_one_line_and_exits_70(broken, capsys):
    year, scenario = _replaced_somewhere()
    assert main(["judge", "--edition", year, scenario]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a defect of bridgelaws, not of your input" in err
    assert "Traceback" not in err and "error:" not in err
