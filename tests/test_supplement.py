"""The supplementary layer, "beyond the corpus" (issue 11).

Most tests run on the made-up layer of ``tests/fixtures/supplement/`` (Law 99 of a fictitious source:
not law), put into a copy of ``data/`` and read through ``datafiles.override``, so that they do not
depend on what ``data/supplement/`` holds. The checks of section 4 at the end read the real layer.
"""

from __future__ import annotations

from datacopy import copy_data, edit_yaml
from data_examples import silent_edition

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from bridgelaws import BridgeLawsError, judge
from bridgelaws.text import datafiles
from bridgelaws.supplement import supplement
from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.presentation.present import describe
from bridgelaws.presentation.render import ruling_html
from bridgelaws.judging.rulings import cases, corpus_spec, generic_ruling, resolve
from bridgelaws.presentation.tables import compare_rows, matrix, matrix_cells, matrix_coverage

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "supplement"
PROVENANCE_99A = ("outside the corpus: paraphrase of 2017:99.A from FIXTURE source (not law) (a commentary), "
                  "read 2026-11-30")


@pytest.fixture
def fixture_data(tmp_path):
    """data/ with the fixture layer in place of the real one (data/supplement/ and every edition's
    supplement.yaml and sources.yaml)."""
    copy = copy_data(tmp_path)
    shutil.rmtree(copy / "supplement", ignore_errors=True)
    for folder in (f for f in (copy / "editions").iterdir() if f.is_dir()):
        for name in ("supplement.yaml", "sources.yaml"):
            (folder / name).unlink(missing_ok=True)
    shutil.copytree(FIXTURE / "rulings", copy / "supplement" / "rulings")
    shutil.copytree(FIXTURE / "editions", copy / "editions", dirs_exist_ok=True)
    with datafiles.override(copy):
        yield copy


_edit = edit_yaml  # tests/datacopy.py


def _add_source(data, year):
    """The fixture's source, as a source of ``year`` too (``editions/<year>/sources.yaml``)."""
    raw = yaml.safe_load((data / "editions" / "2017" / "sources.yaml").read_text(encoding="utf-8"))
    source = dict(raw["sources"][0], id=f"fixture-{year}", edition=year)
    (data / "editions" / year / "sources.yaml").write_text(
        yaml.safe_dump({"sources": [source]}, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _error(excinfo) -> str:
    message = str(excinfo.value)
    assert "\n" not in message
    return message


def _cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- the engine: the layer is applied only when asked ---------------------------------------------


def test_the_best_sourced_layer_is_the_default_and_the_corpus_one_option_away(fixture_data):
    # Issue 21 §3: where the excerpt only points elsewhere (2017:18.D, "zie artikel 27"), the default
    # answer is the sourced paraphrase (the fixture's 2017:99.A), labelled as outside the corpus.
    ruling = judge("1S 1H", "2017").events[1].ruling
    assert ruling.status == "supplement" and ruling.layer == "supplement" and ruling.provenance != ()
    # --layer corpus: the text-only view, as before.
    ruling = judge("1S 1H", "2017", layer="corpus").events[1].ruling
    assert ruling.status == "referenced" and ruling.layer == "corpus" and ruling.provenance == ()
    assert judge("1S 1H", "2017", layer="corpus").state["barred"] == []


def test_the_supplement_layer_applies_a_supplementary_ruling_like_a_ruling(fixture_data):
    result = judge("1S 1H", "2017", layer="supplement")
    ruling = result.events[1].ruling
    assert ruling.status == "supplement" and ruling.layer == "supplement"
    assert ruling.articles == ["2017:99.A"] and ruling.quote_nl is None and ruling.quote_from is None
    assert ruling.corpus_status == "referenced"  # what the corpus itself does with the case
    # The engine applied it: the bar on the partner, and the offender must replace his bid.
    assert result.state["barred"] == [{"seat": "W", "scope": "next-turn"}]
    assert result.state["next_to_call"] == "E"
    assert all(call != "P" for call in result.state["legal_calls"])  # requires: sufficient-bid
    assert ruling.outside_corpus == PROVENANCE_99A


def test_a_supplementary_acceptance_names_its_own_article(fixture_data):
    ruling = judge("1S 1H S:2H", "2017", layer="supplement").events[1].ruling
    assert ruling.accepted and ruling.status == "supplement" and ruling.articles == ["2017:99.C"]
    assert "2017:99.C" in ruling.outside_corpus


def test_a_supplementary_event_ruling_bars_as_the_entry_says(fixture_data):
    result = judge("1S W:!SK", "2017", layer="supplement")
    assert result.events[1].ruling.status == "supplement"
    assert result.state["barred"] == [{"seat": "E", "scope": "next-turn"}]


def test_a_corpus_ruling_is_never_replaced(fixture_data):
    # 1936 rules on an insufficient bid; the fixture has no 1936 entry, and the layer changes nothing.
    assert resolve("insufficient-bid", "1936", layer="supplement").status == "ruled"
    # Nor where the corpus is silent and no supplementary ruling answers (asked of the data).
    year = silent_edition("insufficient-bid", supplement=False)
    assert generic_ruling("insufficient-bid", year, layer="supplement").status == "silent", year


def test_an_unknown_layer_is_one_clear_line(fixture_data):
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("1S 1H", "2017", layer="full")
    assert _error(excinfo) == "unknown layer 'full': one of corpus, supplement"


def test_judge_json_marks_the_layer_and_the_source(fixture_data, capsys):
    code, out, _ = _cli(capsys, "judge", "--edition", "2017", "--layer", "supplement", "--json", "1S 1H")
    ruling = json.loads(out)["events"][1]["ruling"]
    assert code == 0 and ruling["status"] == "supplement" and ruling["layer"] == "supplement"
    assert ruling["source"] == "fixture-2017" and ruling["read"] == "2026-11-30"
    assert ruling["quote_nl"] is None and ruling["outside_corpus"] == PROVENANCE_99A
    code, out, _ = _cli(capsys, "judge", "--edition", "2017", "--layer", "corpus", "--json", "1S 1H")
    assert json.loads(out)["events"][1]["ruling"]["layer"] == "corpus"
    code, out, _ = _cli(capsys, "judge", "--edition", "2017", "--json", "1S 1H")
    assert json.loads(out)["events"][1]["ruling"]["layer"] == "supplement"  # the default


def test_judge_text_says_outside_the_corpus_never_as_a_quote(fixture_data, capsys):
    code, out, _ = _cli(capsys, "judge", "--edition", "2017", "--layer", "supplement", "1S 1H")
    assert code == 0 and "SUPPLEMENT [2017:99.A]" in out and PROVENANCE_99A in out
    assert 'text: "' not in out


# --- what a reader sees ---------------------------------------------------------------------------


def test_the_card_has_its_own_status_colour_and_provenance_box(fixture_data):
    ruling = judge("1S 1H", "2017", layer="supplement").events[1].ruling
    html = ruling_html(ruling, style=False)
    assert 'data-status="supplement"' in html and "--bl-status:#6a1b9a" in html
    assert '<div class="bl-outside">In the corpus: referenced. <b>' + PROVENANCE_99A in html
    assert "<blockquote" not in html  # never mixed into a verbatim quote
    view = describe(ruling)
    assert view.label == "supplement" and view.short.startswith("supplement (2017:99.A)")


def test_compare_rows_carry_layer_source_and_read(fixture_data, capsys):
    row = compare_rows("1S 1H", ["2017"], layer="supplement")[0]
    assert row["status"] == "supplement" and row["layer"] == "supplement"
    assert row["source"] == "fixture-2017" and row["read"] == "2026-11-30" and row["quote_nl"] is None
    assert "layer" not in compare_rows("1S 1H", ["2017"], layer="corpus")[0]  # the corpus rows are as before
    assert compare_rows("1S 1H", ["2017"])[0]["layer"] == "supplement"  # the default: the best sourced
    code, out, _ = _cli(capsys, "compare", "--editions", "2017", "--layer", "supplement", "--csv", "1S 1H")
    assert code == 0 and "outside_corpus" in out.splitlines()[0] and PROVENANCE_99A in out


def test_matrix_json_per_case_and_edition(fixture_data, capsys):
    code, out, _ = _cli(capsys, "matrix", "--layer", "supplement", "--json")
    cells = json.loads(out)
    assert code == 0 and len(cells) == len(cases()) * len(EDITIONS)
    by_key = {(c["case"], c["edition"]): c for c in cells}
    cell = by_key[("insufficient-bid", "2017")]
    assert (cell["status"], cell["layer"], cell["source"], cell["read"]) == (
        "supplement", "supplement", "fixture-2017", "2026-11-30")
    plain = by_key[("insufficient-bid", silent_edition("insufficient-bid", supplement=False))]
    assert (plain["status"], plain["layer"], plain["status_name"]) == ("silent", "corpus", "not in the excerpt")
    assert "source" not in plain
    assert all({"status", "layer"} <= set(c) for c in cells)


def test_matrix_status_reports_the_share_of_cells_holding_a_ruling(fixture_data, capsys):
    coverage = {row["edition"]: row for row in matrix_coverage("supplement")}
    corpus_only = {row["edition"]: row for row in matrix_coverage("corpus")}
    assert coverage["2017"]["supplement"] == 2 and coverage["2017"]["corpus"] == corpus_only["2017"]["corpus"]
    assert coverage["2017"]["ruling"] == corpus_only["2017"]["ruling"] + 2
    code, out, _ = _cli(capsys, "matrix", "--layer", "supplement", "--status")
    line = next(line for line in out.splitlines() if line.strip().startswith("2017 "))
    total = coverage["2017"]["cells"]
    ruled = coverage["2017"]["ruling"]
    assert re.search(rf"2017\s+{ruled} of {total}\s+{100 * ruled / total:.1f} %", line), line


def test_the_matrix_shows_both_layers_side_by_side(fixture_data):
    frame = matrix(detail=False, layer="both")
    assert list(frame.columns[:2]) == ["1932", "1932 supplement"]
    assert frame.loc["insufficient-bid", "2017"] == "referenced"
    assert frame.loc["insufficient-bid", "2017 supplement"] == "supplement"
    assert frame.loc["insufficient-bid", "1936 supplement"] == ""
    detail = matrix(layer="supplement")
    assert PROVENANCE_99A in detail.loc["insufficient-bid", "2017"]


def test_the_matrix_view_and_figures_take_the_layer(fixture_data):
    from bridgelaws.presentation import figures, views

    html = views.matrix_html(layer="both")
    assert 'data-status="supplement" data-layer="supplement"' in html and "outside the corpus" in html
    assert views.status_counts("supplement").loc["2017", "supplement"] == 2
    assert "supplement" not in views.status_counts("corpus").columns
    assert views.status_counts().loc["2017", "supplement"] == 2  # the default counts the supplement
    assert views.strictness_table("supplement").loc["insufficient-bid", "2017"] == 1
    title = figures.strictness_figure("supplement").get_suptitle()
    assert "supplement" in title and "corpus alone" in figures.strictness_figure("corpus").get_suptitle()
    assert figures.strictness_figure().get_suptitle() == title  # the default layer is the best sourced


def test_the_stepper_shows_the_layer(fixture_data):
    from bridgelaws.presentation import views

    html = views.stepper_html("1S 1H", ["2017"], layer="supplement")
    assert "bl-outside-banner" in html and PROVENANCE_99A in html
    assert 'class="bl-outside' not in views.stepper_html("1S 1H", ["2017"], layer="corpus")
    assert "bl-outside-banner" in views.stepper_html("1S 1H", ["2017"])  # the default


def test_the_stepper_widget_has_a_layer_toggle(fixture_data):
    pytest.importorskip("ipywidgets")
    from bridgelaws.interfaces.widgets import AuctionStepper, CompareExplorer

    stepper = AuctionStepper("1S 1H", editions=("2017",))
    assert stepper.layer.value == "supplement" and PROVENANCE_99A in stepper.output_html  # the default
    stepper.layer.value = "corpus"
    assert 'class="bl-outside' not in stepper.output_html
    explorer = CompareExplorer()
    assert explorer.layer.value == "supplement"
    explorer.layer.value = "corpus"
    explorer.layer.value = "supplement"
    assert PROVENANCE_99A in explorer.output_html


# --- the schema: one line naming file, entry and field --------------------------------------------


def test_a_quote_in_a_supplementary_ruling_is_refused(fixture_data):
    _edit(fixture_data / "supplement" / "rulings" / "insufficient-bid.yaml",
          lambda raw: raw["rulings"]["2017"].update(quote_nl="Het is een overtreding"))
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("1S 1H", "2017", layer="supplement")
    assert _error(excinfo).startswith("supplement/rulings/insufficient-bid.yaml: 2017.quote_nl: never allowed")


def test_a_supplementary_ruling_names_only_articles_with_an_entry(fixture_data):
    _edit(fixture_data / "supplement" / "rulings" / "insufficient-bid.yaml",
          lambda raw: raw["rulings"]["2017"].update(articles=["2017:99.A", "2017:27.B"]))
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("1S 1H", "2017", layer="supplement")
    assert _error(excinfo) == ("supplement/rulings/insufficient-bid.yaml: 2017.articles[1]: '2017:27.B' has no "
                               "entry in editions/2017/supplement.yaml")


def test_a_supplementary_ruling_stands_only_where_the_corpus_is_silent_or_referenced(fixture_data):
    def change(raw):
        raw["rulings"]["1936"] = dict(raw["rulings"]["2017"])

    _edit(fixture_data / "supplement" / "rulings" / "insufficient-bid.yaml", change)
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("1S 1H", "2017", layer="supplement")
    # The article check comes first: 1936 has no entry 2017:99.A.
    assert "1936.articles[0]" in _error(excinfo)
    shutil.copy(fixture_data / "editions" / "2017" / "supplement.yaml", fixture_data / "editions" / "1936" / "supplement.yaml")
    _edit(fixture_data / "editions" / "1936" / "supplement.yaml", lambda raw: raw.update(
        edition="1936", articles=[dict(a, id=a["id"].replace("2017", "1936"), source="fixture-1936")
                                  for a in raw["articles"]]))
    _add_source(fixture_data, "1936")
    _edit(fixture_data / "supplement" / "rulings" / "insufficient-bid.yaml", lambda raw: raw["rulings"]["1936"].update(
        articles=["1936:99.A"], acceptance="1936:99.C"))
    datafiles.reset()
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("1S 1H", "2017", layer="supplement")
    assert _error(excinfo).startswith("supplement/rulings/insufficient-bid.yaml: 1936: the corpus ruling of 1936 "
                                      "is 'ruled'")


@pytest.mark.parametrize("field, value, message", [
    ("source", "nowhere", "editions/2017/supplement.yaml: 2017:99.A.source: 'nowhere' is not a source of "
                          "editions/2017/sources.yaml"),
    ("id", "2017:18.D", "editions/2017/supplement.yaml: 2017:18.D.id: is an id of the corpus: the supplement "
                        "holds only articles outside it"),
    ("id", "1936:27", "editions/2017/supplement.yaml: 1936:27.id: an id of this file starts with '2017:'"),
])
def test_a_bad_supplementary_entry_is_one_line(fixture_data, field, value, message):
    _edit(fixture_data / "editions" / "2017" / "supplement.yaml", lambda raw: raw["articles"][0].update({field: value}))
    with pytest.raises(BridgeLawsError) as excinfo:
        supplement.articles("2017")
    assert _error(excinfo).startswith(message)


@pytest.mark.parametrize("field", ["source", "paraphrase_en", "where"])
def test_an_entry_without_its_source_place_or_paraphrase_is_refused(fixture_data, field):
    _edit(fixture_data / "editions" / "2017" / "supplement.yaml", lambda raw: raw["articles"][0].pop(field))
    with pytest.raises(BridgeLawsError) as excinfo:
        supplement.articles("2017")
    assert _error(excinfo) == f"editions/2017/supplement.yaml: articles[0]: missing field {field!r}"


@pytest.mark.parametrize("field, value, message", [
    ("kind", "memory", "editions/2017/sources.yaml: fixture-2017.kind: 'memory' is not one of code-text, "
                       "retyped, translation, later-code, commentary"),
    ("read", "30-11-2026", "editions/2017/sources.yaml: fixture-2017.read: expected a date YYYY-MM-DD"),
    ("read", None, "editions/2017/sources.yaml: fixture-2017.read: expected a date YYYY-MM-DD"),
])
def test_a_bad_source_is_one_line(fixture_data, field, value, message):
    _edit(fixture_data / "editions" / "2017" / "sources.yaml", lambda raw: raw["sources"][0].update({field: value}))
    with pytest.raises(BridgeLawsError) as excinfo:
        supplement.sources()
    assert _error(excinfo).startswith(message)


def test_without_a_supplement_the_layer_is_the_corpus(fixture_data):
    shutil.rmtree(fixture_data / "supplement")
    for name in ("supplement.yaml", "sources.yaml"):
        (fixture_data / "editions" / "2017" / name).unlink()
    datafiles.reset()
    assert judge("1S 1H", "2017", layer="supplement").events[1].ruling.status == "referenced"
    assert supplement.articles() == () and supplement.gaps() == ()


# --- section 1: "silent" reads as what it is ------------------------------------------------------


def _silent_in_both_layers() -> tuple[str, str, str, str]:
    """A (case, edition, dealer, tokens) whose cell is silent with the supplement too, found in the
    data (never a literal year): the first case scenario of the catalogue that raises it."""
    from bridgelaws.presentation.tables import matrix_cells
    from bridgelaws.presentation.views import case_examples

    silent = {(c["case"], c["edition"]) for c in matrix_cells() if c["status"] == "silent"}
    for example in case_examples():
        for case, year in sorted(silent):
            if example.case == case and any(e.case == case for e in judge(example.tokens, year, example.dealer).events):
                return case, year, example.dealer, example.tokens
    raise AssertionError("no cell is silent in both layers")


def test_silent_is_shown_as_not_in_the_excerpt_and_kept_in_json(capsys):
    case, year, dealer, tokens = _silent_in_both_layers()
    code, out, _ = _cli(capsys, "judge", "--edition", year, "--dealer", dealer, tokens)
    assert "NOT IN THE EXCERPT" in out and "SILENT" not in out
    code, out, _ = _cli(capsys, "judge", "--edition", year, "--dealer", dealer, "--json", tokens)
    found = [e["ruling"] for e in json.loads(out)["events"] if e.get("case") == case]
    assert found and found[0]["status"] == "silent"  # the value is stable
    code, out, _ = _cli(capsys, "matrix", "--status")
    assert "not in the excerpt" in out and " silent " not in out
    html = ruling_html(generic_ruling(case, year), style=False)
    assert '<span class="bl-status">not in the excerpt</span>' in html and 'data-status="silent"' in html


# --- section 4: the real layer, data/supplement/ --------------------------------------------------

REAL = REPO / "data" / "supplement"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="data/supplement/ is not in this checkout")


@needs_real
def test_every_real_entry_has_a_source_kind_read_date_and_paraphrase():
    sources = supplement.sources()
    entries = supplement.articles()
    assert entries, "data/supplement/ holds no article"
    for entry in entries:
        source = sources[entry.source]
        assert source.kind in ("code-text", "retyped", "translation", "later-code", "commentary"), entry.id
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", source.read), entry.id
        assert source.title and source.address and entry.paraphrase_en.strip() and entry.where, entry.id
        assert source.edition == entry.edition, entry.id


@needs_real
def test_every_real_supplementary_ruling_names_articles_with_an_entry_and_fills_a_silent_cell():
    known = {entry.id for entry in supplement.articles()}
    for case in cases():
        for year, spec in supplement.rulings(case.id).items():
            named = list(spec.articles) + [o.article for o in spec.options if o.article]
            named += [spec.acceptance] if spec.acceptance else []
            assert named and set(named) <= known, (case.id, year, set(named) - known)
            assert corpus_spec(case.id, year).status in ("silent", "referenced"), (case.id, year)
            assert spec.quote_nl is None and spec.quote_from is None


@needs_real
def test_every_real_supplementary_cell_is_marked_in_the_matrix():
    for cell in matrix_cells("supplement"):
        ruling = cell["ruling"]
        if cell["layer"] == "supplement":
            assert ruling.status == "supplement" and ruling.provenance and ruling.quote_nl is None
            assert "outside the corpus: paraphrase of" in cell["cell"]
        else:
            assert ruling.status in ("ruled", "referenced", "silent") and not ruling.provenance


@needs_real
def test_every_real_gap_says_what_was_searched():
    for gap in supplement.gaps():
        assert gap.subject.strip() and gap.searched.strip()


def test_a_supplementary_ruling_on_four_passes_states_no_outcome(fixture_data):
    (fixture_data / "supplement" / "rulings" / "all-pass.yaml").write_text(
        'case: all-pass\nrulings:\n  "2007":\n    status: ruled\n    articles: ["2017:99.A"]\n'
        '    outcome: redeal\n    summary_en: FIXTURE, not law.\n', encoding="utf-8")
    # 2007's corpus only points to its Art. 22 (referenced); its four passes end as 2017's do.
    shutil.copy(fixture_data / "editions" / "2017" / "supplement.yaml", fixture_data / "editions" / "2007" / "supplement.yaml")
    _edit(fixture_data / "editions" / "2007" / "supplement.yaml", lambda raw: raw.update(
        edition="2007", articles=[dict(a, id=a["id"].replace("2017", "2007"), source="fixture-2007")
                                  for a in raw["articles"]]))
    _add_source(fixture_data, "2007")
    _edit(fixture_data / "supplement" / "rulings" / "all-pass.yaml",
          lambda raw: raw["rulings"]["2007"].update(articles=["2007:99.A"]))
    datafiles.reset()
    with pytest.raises(BridgeLawsError) as excinfo:
        judge("P P P P", "2007", layer="supplement")
    assert _error(excinfo) == ("supplement/rulings/all-pass.yaml: 2007.outcome: what four passes lead to is the "
                               "edition's rule, not a ruling's: the registry's basis.all-pass.outcome (a draft: a change "
                               "with 'mechanic: all-pass' and 'outcome')")


@needs_real
def test_every_real_ruling_resting_on_a_later_code_says_so():
    """A ruling whose articles come from a later code says, in its summary and its assumption, that it
    rests on a later code and not on the edition's own text (issue 21, section 4)."""
    sources = supplement.sources()
    by_id = {entry.id: entry for entry in supplement.articles()}
    found = 0
    for case in cases():
        for year, spec in supplement.rulings(case.id).items():
            named = set(spec.articles) | {o.article for o in spec.options if o.article}
            for branch in spec.when:
                named |= set(branch.articles or ()) | ({branch.article} if branch.article else set())
            if not any(sources[by_id[a].source].kind == "later-code" for a in named if a in by_id):
                continue
            found += 1
            texts = [spec.summary_en, spec.assumption or ""]
            texts += [t for b in spec.when for t in (b.summary_en or "", b.assumption or "")]
            for text in (t for t in texts if t):
                assert "later code" in text and f"not the {year} text" in text, (case.id, year, text)
    assert found, "no real ruling rests on a later code"


def test_a_gap_in_a_branch_of_a_supplementary_ruling_leaves_the_corpus_answer():
    """Second reading (issue 21), finding 6: the 1975 Art. 20 read for 1949 speaks of a review at one's
    turn only; at another moment the supplement has a gap (a branch with status 'silent'), and the
    answer is the corpus's, never a supplementary status without a rule read."""
    spec = supplement.rulings("review-request")["1949"]
    gaps = {b.condition for b in spec.when if b.status == "silent"}
    assert gaps == {"after-close", "not-at-turn"}
    at_other_moment = judge("1S W:?", "1949").events[1].ruling  # West asks at East's turn
    assert at_other_moment.status == "silent" and at_other_moment.layer == "corpus"
    at_his_turn = judge("1S ?", "1949").events[1].ruling  # East asks at his own turn: Art. 20 read
    assert at_his_turn.status == "supplement"


def test_gaps_of_the_second_reading_of_the_engine_leave_the_corpus_answer():
    """Second reading of the engine (issue 21), findings 10, 16, 22, 23: where the sources read say
    nothing of a situation, the supplement has a gap there and the corpus's answer stands."""
    def status(tokens: str, year: str, index: int) -> str:
        ruling = judge(tokens, year).events[index].ruling
        assert ruling is not None
        return str(ruling.status)

    for year in ("2007", "2017"):
        assert status("1S W:!S5/said", year, 1) == "silent"  # a remark: Law 24 is about a card seen
        assert status("1S W:!S5/early", year, 1) == "supplement"  # 24B: a premature lead
        assert status("1S P P P W:!SK", year, 4) != "supplement"  # after the close: Law 24 does not speak
    assert status("1S P P P W:!SK", "1932", 4) == "silent"  # rule 43 is "tijdens het bieden"
    # 1932 rule 39 read only before any bid for partner's or LHO's turn; the column's RHO rule for any call.
    assert status("S:1S", "1932", 0) == "supplement"  # before any bid, at partner's turn
    assert status("1C W:1S", "1932", 1) == "silent"  # after a bid, at partner's turn: a gap
    assert status("1C P W:X", "1932", 2) == "supplement"  # a double at RHO's turn: the column's rule
