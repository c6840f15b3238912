"""A cell that rests on a later code is shown as its own status, ``later-code`` ("later code",
Dutch "latere code"), wherever a reader looks: ``matrix --status``, the matrix view and the app's
grid, the exports and the cards; it holds a ruling like ``supplement`` and is never counted as a gap.

The fixture layer of tests/test_supplement.py, its one source made a later code (``kind: later-code``):
the edition is the fixture's, not a claim about any real edition.
"""

from __future__ import annotations

import json

import pytest
import yaml

from bridgelaws import judge
from bridgelaws.interfaces.cli import main
from bridgelaws.presentation import exports, views
from bridgelaws.presentation.present import STATUS_COLOURS, describe, shown_status
from bridgelaws.presentation.tables import matrix, matrix_cells, matrix_coverage

from test_supplement import fixture_data  # noqa: F401  (the fixture layer)


@pytest.fixture
def later_code(fixture_data):  # noqa: F811
    path = fixture_data / "editions" / "2017" / "sources.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw["sources"][0]["kind"] = "later-code"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    yield fixture_data


def _supplementary(layer="supplement"):
    return [c for c in matrix_cells(layer) if c["layer"] == "supplement"]


def test_a_commentary_cell_stays_supplement(fixture_data):  # noqa: F811
    cells = _supplementary()
    assert cells and {c["status"] for c in cells} == {"supplement"}


def test_a_cell_resting_on_a_later_code_has_its_own_status(later_code):
    cells = _supplementary()
    assert cells and {c["status"] for c in cells} == {"later-code"}
    ruling = judge("1S 1H", "2017").events[1].ruling
    assert ruling.status == "supplement"  # the engine's status is unchanged ...
    assert shown_status(ruling) == "later-code"  # ... what a reader is shown is not
    view = describe(ruling)
    assert (view.label, view.status_name, view.colour) == ("later code", "later code", STATUS_COLOURS["later-code"])
    assert describe(ruling, "nl").status_name == "latere code"
    assert STATUS_COLOURS["later-code"] not in (STATUS_COLOURS["supplement"], STATUS_COLOURS["ruled"])


def test_the_matrix_and_its_shares_count_it_as_a_ruling_of_its_own(later_code):
    years = {c["edition"] for c in _supplementary()}
    coverage = {row["edition"]: row for row in matrix_coverage("supplement")}
    corpus = {row["edition"]: row for row in matrix_coverage("corpus")}
    for year in years:
        later = sum(1 for c in _supplementary() if c["edition"] == year)
        assert coverage[year]["later_code"] == later and coverage[year]["supplement"] == 0
        assert coverage[year]["ruling"] == corpus[year]["ruling"] + later  # never a gap
    frame = matrix(detail=False, layer="supplement")
    assert frame.loc["insufficient-bid", "2017"] == "later code"
    assert matrix(detail=False, layer="supplement", lang="nl").loc["insufficient-bid", "2017"] == "latere code"
    assert matrix(layer="supplement").loc["insufficient-bid", "2017"].startswith("later code (2017:99.A)")
    counts = views.status_counts("supplement")
    assert counts.loc["2017", "later-code"] == coverage["2017"]["later_code"]
    assert views.strictness_summary("supplement").loc["2017", "later-code"] == coverage["2017"]["later_code"]


def test_matrix_status_on_the_command_line_says_later_code(later_code, capsys):
    assert main(["matrix", "--status"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("insufficient-bid"))
    assert "later code" in row
    share = next(line for line in out.splitlines() if line.strip().startswith("2017 "))
    later = matrix_coverage("supplement")[-1]["later_code"]
    assert later > 0 and share.endswith(f"+ 0 supplement + {later} later code)"), share
    assert main(["matrix", "--status", "--lang", "nl"]) == 0
    assert "latere code" in capsys.readouterr().out
    assert main(["matrix", "--json"]) == 0
    cell = next(c for c in json.loads(capsys.readouterr().out)
                if c["case"] == "insufficient-bid" and c["edition"] == "2017")
    assert (cell["status"], cell["status_name"]) == ("later-code", "later code")


def test_the_views_the_app_and_the_exports_show_it(later_code):
    html = views.matrix_html(layer="supplement")
    assert 'data-status="later-code" data-layer="supplement"' in html
    assert "later code: outside the corpus and not this edition&#x27;s text" in html  # the legend
    assert "latere code" in views.matrix_html(layer="supplement", lang="nl")
    grid = {(c.case, c.edition): c for _, _, cells in views.matrix_grid("supplement") for c in cells}
    cell = grid[("insufficient-bid", "2017")]
    assert (cell.status, cell.name, cell.colour) == ("later-code", "later code", STATUS_COLOURS["later-code"])
    row = next(r for r in exports.matrix_rows("supplement") if (r.case, r.edition) == ("insufficient-bid", "2017"))
    assert (row.status, row.status_name) == ("later-code", "later code")
    assert "later-code" in exports.matrix_csv([row])
