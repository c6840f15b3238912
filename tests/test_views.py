"""The notebooks' views (bridgelaws.presentation.views, bridgelaws.presentation.figures) and their data files.

Expected values come from reading the five texts and the rulings data, not from running the code:
the article that decides is named next to each assertion.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest
import yaml

from bridgelaws import BridgeLawsError
from bridgelaws.text import corpus, datafiles
from bridgelaws.presentation import views
from bridgelaws import judge
from bridgelaws.auction.editions import EDITIONS
from bridgelaws.judging.rulings import DATA, case_ids, generic_ruling, spec
from data_examples import layer_statuses, silent_cell
from madeup import NOT_LAW, insufficient_bid_options, set_branch

YEARS = tuple(e.year for e in EDITIONS)
#: The five editions whose expectations below were checked by hand against their texts.
FIVE = ("1932", "1936", "1949", "2007", "2017")


def _only(values: dict, years=FIVE) -> dict:
    return {year: values[year] for year in years}


def panels(html: str) -> dict[str, str]:
    """The HTML of each edition's panel in a stepper view, by year, in document order."""
    parts = re.split(r'(?=<div class="bl-panel" data-edition=")', html)
    found = {}
    for part in parts[1:]:
        year = re.match(r'<div class="bl-panel" data-edition="(\d{4})"', part).group(1)
        found[year] = part
    return found


# --- the data files ------------------------------------------------------------------------------


def test_prepared_scenarios_cover_the_issue_list():
    names = [s["name"] for s in views.scenarios()]
    for wanted in ("insufficient bid", "exposed honour", "four passes", "double of partner's bid",
                   "bid out of rotation"):
        assert wanted in names
    assert len(names) == len(set(names))


@pytest.mark.parametrize("scenario", views.scenarios(), ids=lambda s: s["name"])
def test_every_prepared_scenario_plays_under_every_edition(scenario):
    for year in YEARS:
        judge(scenario["tokens"], year, scenario["dealer"])  # raises if an edition cannot go on


def test_topics_resolve_and_gaps_are_explained():
    # As loaded: the file's entries, and a derived edition's inherited from its base.
    raw = views.topics()
    assert {"doubling", "insufficient-bid", "end-of-auction", "four-passes", "exposed-cards"} <= {t["id"] for t in raw}
    for topic in raw:
        assert set(map(str, topic["articles"])) == set(YEARS), topic["id"]
        for year, ids in topic["articles"].items():
            for ref in ids:
                assert ref.startswith(f"{year}:") and corpus.resolves(ref), (topic["id"], ref)
            if not ids:
                assert str(year) in {str(k) for k in (topic.get("gap") or {})}, (topic["id"], year)


def test_the_doubling_topic_is_the_one_the_brief_names():
    # 1932:13 "DUBBELEN EN HERDUBBELEN", 1936:17 "DOUBLEEREN EN REDOUBLEEREN", 1949:24 "Doublet en
    # redoublet", 2017:19 "Doublet en redoublet"; the 2007 corpus is Art. 17 only.
    topic = views.find_topic("doubling")
    assert topic["articles"]["1932"] == ["1932:13"]
    assert topic["articles"]["1936"] == ["1936:17"]
    assert topic["articles"]["1949"][0] == "1949:24"
    assert topic["articles"]["2017"] == ["2017:19"]
    assert topic["articles"]["2007"] == []


def _whole_word(term: str, text: str) -> bool:
    body = r"\s+".join(re.escape(p) for p in views.fold(term).split())
    return re.search(rf"(?<!\w){body}(?!\w)", views.fold(text)) is not None


def test_every_glossary_term_occurs_where_it_says():
    raw = yaml.safe_load((DATA / "glossary.yaml").read_text(encoding="utf-8"))
    assert len(raw["terms"]) >= 40
    for term in raw["terms"]:
        assert set(term) <= {"nl", "en", "occurs", "note", "en_forms"} and term["en"] and term["occurs"], term
        for ref in term["occurs"]:
            assert _whole_word(term["nl"], corpus.article(ref).text), (term["nl"], ref)


def test_history_quotes_are_verbatim_and_chronological():
    entries = views.history()
    # Every edition read in its own right has a claim; one that derives from another may have none.
    own = {e.year for e in EDITIONS if e.record.derives is None}
    assert own <= {e["edition"] for e in entries} <= set(YEARS)
    assert [e["edition"] for e in entries] == sorted(e["edition"] for e in entries)
    for entry in entries:
        assert entry["article"].startswith(entry["edition"] + ":")
        assert entry["quote"] in corpus.article(entry["article"]).text, entry["article"]


def test_exercises_store_no_answers():
    raw = yaml.safe_load((DATA / "exercises.yaml").read_text(encoding="utf-8"))
    for exercise in raw["exercises"]:
        assert set(exercise) <= {"id", "title", "dealer", "tokens", "question", "case"}, exercise["id"]
        for year in YEARS:
            judge(exercise["tokens"], year, exercise["dealer"])


# --- steps and the stepper -----------------------------------------------------------------------


def test_steps_keep_marks_and_options_with_their_call():
    assert views.steps("1S W:!SK 1H ^I 2H") == [["1S"], ["W:!SK"], ["1H", "^I"], ["2H"]]
    assert views.steps("1S 7NT 8C #keep") == [["1S"], ["7NT"], ["8C", "#keep"]]
    assert views.tokens_at("1S 1H ^I 2H", 2) == ["1S", "1H", "^I"]
    assert views.steps("") == []


def test_a_step_outside_the_scenario_is_an_error():
    with pytest.raises(BridgeLawsError, match="step 3"):
        views.tokens_at("1S 1H", 3)
    with pytest.raises(BridgeLawsError, match="cannot read token"):
        views.steps("1S 1Q")


def test_stepper_shows_one_panel_per_edition_in_order():
    html = views.stepper_html("1S W:!SK", None, "N")
    assert list(panels(html)) == list(YEARS)
    html = views.stepper_html("1S W:!SK", ("2017", "1936"), "N")
    assert list(panels(html)) == ["1936", "2017"]


def test_stepper_exposed_honour_bars_partner_differently_in_1936_and_1949():
    found = panels(views.stepper_html("1S W:!SK", None, "N", layer="corpus"))  # the excerpts alone
    # 1936:23.b: the owner's partner must pass "telkens wanneer het zijn beurt is" (every turn).
    assert "1936:23.b" in found["1936"] and "Must pass: <b>East</b> (rest of the auction" in found["1936"]
    assert "telkens wanneer het zijn beurt is om te bieden" in found["1936"]
    # 1949:26.a: "de eerste maal dat het zijn beurt is" (his next turn only).
    assert "1949:26.a" in found["1949"] and "Must pass: <b>East</b> (next turn" in found["1949"]
    # East is to act and barred: his only legal call is a pass.
    assert 'data-legal="P"' in found["1936"] and 'data-legal="P"' in found["1949"]
    # 1932, 2007 and 2017 say nothing about a card exposed during the auction: assumption flag.
    for year in ("1932", "2007", "2017"):
        assert "Assumption, not law" in found[year] and "Must pass" not in found[year]


def test_stepper_step_shows_the_auction_so_far():
    found = panels(views.stepper_html("1S W:!SK", None, "N", step=1))
    assert all("No irregularity so far." in html for html in found.values())
    assert "step 1 of 2" in views.stepper_html("1S W:!SK", None, "N", step=1)


def test_an_edition_that_cannot_go_on_says_so_in_its_own_panel():
    # 1936:22.3: the insufficient bid "moet voldoende gemaakt worden"; a pass does not do that.
    found = panels(views.stepper_html("1S 1H P", None, "N"))
    assert "1936 cannot go on" in found["1936"] and "1936:22.3" in found["1936"]
    # The others as the data say (the default layer's entry of each edition): where the entry does
    # not require a sufficient bid, the pass is a correction or the 1H stands, and the auction goes on.
    for year in YEARS:
        if spec("insufficient-bid", year, "supplement").requires == "sufficient-bid":
            assert f"{year} cannot go on" in found[year], year
        else:
            assert "cannot go on" not in found[year], year


def test_stepper_bad_input_is_a_bridgelaws_error():
    with pytest.raises(BridgeLawsError):
        views.stepper_html("1S 1Q")
    with pytest.raises(BridgeLawsError, match="at least one"):
        views.stepper_html("1S", ())
    with pytest.raises(BridgeLawsError, match="seat"):
        views.stepper_html("1S", None, "Q")


def test_stepper_html_is_deterministic():
    first = views.stepper_html("1S 1H 2H P 3H", None, "N")
    assert first == views.stepper_html("1S 1H 2H P 3H", None, "N")
    assert not re.search(r"0x[0-9a-fA-F]{6,}", first)
    assert not re.search(r'\sid="', first)


def test_acceptance_is_offered_only_where_the_text_has_it():
    # 1936:22.2: a call over the irregular call accepts it; the other texts have no such rule.
    offer = views.acceptance_offer("1S 1H", None, "N", layer="corpus")
    assert offer == {"seat": "S", "token": "1H", "articles": ["1936:22.2"], "editions": ["1936"]}
    assert views.acceptance_offer("1S 1H", ("1949", "2017"), "N", layer="corpus") is None
    assert views.acceptance_offer("1S", None, "N") is None


# --- notebook 01 ---------------------------------------------------------------------------------


def test_the_sources_bibliography_names_each_text_for_what_it_is():
    frame = views.sources_bibliography()
    assert list(frame.index) == list(YEARS)
    assert frame.loc["1936", "description"].startswith("Dutch translation of the 1935 international code")
    assert frame.loc["1936", "code_year"] == 1935 and frame.loc["1936", "dated"] == 1936
    assert frame.loc["2017", "dated"] == "unknown" and set(frame["publisher"]) == {"unknown"}
    assert frame.loc["1936", "page"] == "DERDE TIJDVAK:1936"
    provenance = views.bibliography_provenance("1936")
    assert provenance.loc[("1936", "publisher"), "value"] == "unknown"
    assert "README" in provenance.loc[("1936", "code_year"), "from (or why unknown)"]


def test_editions_overview_reads_the_sources():
    frame = views.editions_overview()
    assert list(frame.index) == list(YEARS)
    frame = frame.loc[list(FIVE)]
    assert list(frame["game"]) == ["rubber", "rubber", "duplicate", "duplicate", "duplicate"]
    # 1932 rules 10-17, 1936 rules 15-24 and Speelmanieren, 1949 Art. 21-26, 2007 Art. 17, 2017 Art. 17-23.
    assert list(frame["n_articles"]) == [8, 11, 6, 1, 7]
    assert frame.loc["1936", "articles"] == "15\u201324 + Speelmanieren"
    # 1949: 21, 22, 23, 24, 25, 26, 26.a, 26.b and the footnote 26.a.n1.
    assert frame.loc["1949", "paragraphs"] == 9
    # 1932:11.2 and 1936:15 deal again; 1949:22 and 2017:22.B do not.
    assert list(frame["all_four_pass"]) == ["next-deal", "next-deal", "passed-out", "passed-out", "passed-out"]
    assert (frame["words"] > 300).all()


def test_words_are_counted_as_printed():
    assert views.words("en. indien") == ["en", "indien"]
    assert views.words("toe-kennen of niet") == ["toe-kennen", "of", "niet"]


def test_articles_table_keeps_the_missing_heading():
    table = views.articles_table("2017")
    assert table.loc[("2017", "17"), "heading"] == "(no heading)"  # note 2017-missing-heading-17
    assert table.loc[("2017", "18"), "heading"] == "Controle van borden en kaarten"  # the misfit heading


def test_notes_by_kind():
    assert {n for n in views.notes_table("repetition").index if n[:4] in FIVE} == {"1936-repeated-22", "1936-repeated-24"}
    assert set(views.notes_table("misfit-heading").index) & {f"{y}-misfit-heading-18" for y in FIVE} == \
        {"2017-misfit-heading-18"}
    slips = views.notes_table("slip")
    assert "herdubbeid" in set(slips["printed"])
    with pytest.raises(BridgeLawsError, match="unknown note kind"):
        views.notes_table("typo")
    summary = views.notes_summary()
    assert int(summary.loc["1936", "repetition"]) == 2


def test_references_outside_the_corpus():
    targets = views.outside_targets()
    assert targets.loc["1949", "targets"] == "94"  # 1949:25 "art. 94"
    assert targets.loc["2007", "targets"] == "90, 22, 16.D"  # 17.D.4, 17.E.1, 17.E.2
    table = views.references_table(in_corpus=False)
    assert not table["in_corpus"].any()
    assert "zie regel 40 - onvoldoend bod" in set(table["quote"])


# --- notebook 03 ---------------------------------------------------------------------------------


def test_matrix_html_colours_every_cell_by_status():
    html = views.matrix_html(layer="corpus")  # the statuses of the excerpts
    rows = re.findall(r'<tr data-case="([a-z-]+)">(.*?)</tr>', html)
    assert [case for case, _ in rows] == list(case_ids())
    statuses = {case: [dict(zip(YEARS, re.findall(r'data-status="(\w+)"', body)))[y] for y in FIVE]
                for case, body in rows}
    # exposed card: 1936:23 and 1949:26 rule; the other texts are silent.
    assert statuses["exposed-card"] == ["silent", "ruled", "ruled", "silent", "silent"]
    # all pass: 2007:17.E.1 only points to its Art. 22.
    assert statuses["all-pass"] == ["ruled", "ruled", "ruled", "referenced", "ruled"]


def test_status_counts_add_up():
    counts = views.status_counts()
    assert (counts.sum(axis=1) == len(case_ids())).all()


def test_turns_barred(data):
    insufficient_bid_options(data)  # the options' bars written by the test (1936's: tests/cases/)
    # 1936:23.b partner every turn (3); 1949:26.a partner at his next turn (1).
    assert views.turns_barred(generic_ruling("exposed-card", "1936", "honour-or-several")) == 3
    assert views.turns_barred(generic_ruling("exposed-card", "1949", "honour-or-several")) == 1
    # 1936:22.3.a: the offender's mildest choice, the lowest sufficient bid, bars partner once.
    assert views.turns_barred(generic_ruling("insufficient-bid", "1936")) == 1
    # 1936:22.6.b: "zijn partij moet passen, telkens": both players, every turn.
    assert views.turns_barred(generic_ruling("inadmissible-double", "1936", "partners-bid")) == 6
    case_id, year = silent_cell()  # a cell whose excerpt is silent (asked of the data)
    assert views.turns_barred(generic_ruling(case_id, year)) is None, (case_id, year)  # silent, not zero


def test_strictness_table_shape_and_silence():
    table = views.strictness_table("corpus")  # the excerpts alone
    assert list(table.columns) == list(YEARS) and list(table.index) == list(case_ids())
    assert math.isnan(table.loc["insufficient-bid", "2017"])  # 2017:18.D refers to Art. 27
    assert table.loc["exposed-card", "1949"] == 1
    summary = views.strictness_summary("corpus")
    assert summary.loc["1936", "turns_barred"] == summary["turns_barred"].max()


def test_compare_html_and_table():
    html = views.compare_html("1S 1H", layer="corpus")  # the excerpts alone
    rows = re.findall(r'<tr data-edition="(\d{4})" data-status="(\w+)"', html)
    assert [year for year, _ in rows] == list(YEARS)
    # Each edition's status is its corpus entry's (data/rulings/insufficient-bid.yaml), not the view's.
    assert dict(rows) == layer_statuses("insufficient-bid", YEARS, layer="corpus")
    assert dict(rows)["1936"] == "ruled"  # 1936:22.3, quoted below
    assert "moet het voldoende gemaakt worden" in html  # 1936:22.3
    table = views.compare_table("1S 1H", layer="corpus")
    assert list(table.index) == list(YEARS) and "summary_en" in table


def test_case_choices_play():
    choices = views.case_choices()
    assert any(label.startswith("Insufficient bid") for label, _ in choices)
    for _, value in choices:
        dealer, tokens = value.split("|", 1)
        views.compare_html(tokens, None, dealer)


# --- notebook 04 ---------------------------------------------------------------------------------


def test_changed_words():
    changed, ratio = views.changed_words("een grooter aantal", "een groter aantal")
    assert changed == {1} and 0 < ratio < 1
    assert views.changed_words("Pas", "pas")[0] == set()  # case-insensitive


def test_texts_side_by_side_highlights_changes_and_shows_gaps():
    html = views.texts_side_by_side("doubling")
    cells = dict(re.findall(r'<td (?:class="bl-gap" )?data-edition="(\d{4})">(.*?)</td>', html, flags=re.S))
    assert list(cells) == list(YEARS)
    assert "not in this text" in cells["2007"]
    assert "<ins>" not in cells["1932"] and "<del>" not in cells["1932"]
    # 1932:13.1 "dubbelen", 1936:17 "doubleeren": another form of the term (the glossary's family),
    # aligned, not a change; 1936:17 "redoubleeren", 1949:24 "redoubleren": another spelling.
    assert '<span class="bl-variant" title="dubbelen">doubleeren</span>' in cells["1936"]
    assert '<span class="bl-spelling" title="redoubleeren">redoubleren</span>' in cells["1949"]
    # 1932:13.1 "Hij is niet verplicht het bod dat hij dubbelt of herdubbelt te noemen" is not in 1936:17
    assert re.search(r"<del>[^<]*Hij is niet verplicht het bod dat hij dubbelt", cells["1936"])
    assert "<ins>mits</ins>" in cells["1936"]  # 1932 "als dit gedaan werd", 1936 "mits dit gedaan wordt"
    assert "compared with 1932: similarity" in cells["1936"]
    assert "1949:24" in cells["1949"] and "1949:25" in cells["1949"]


def test_find_topic_is_forgiving_but_not_vague():
    assert views.find_topic("four passes")["id"] == "four-passes"
    assert views.find_topic("Exposed cards")["id"] == "exposed-cards"
    assert views.find_topic("end of the auction")["id"] == "end-of-auction"
    with pytest.raises(BridgeLawsError, match="unknown topic"):
        views.find_topic("trumps")


def test_spelling_evolution_counts():
    table = views.spelling_evolution()
    row = lambda form: {y: int(v) for y, v in table.xs(form, level="form").iloc[0].items()}  # noqa: E731
    assert _only(row("grooter")) == {"1932": 1, "1936": 1, "1949": 0, "2007": 0, "2017": 0}  # 1932:12, 1936:16
    assert _only(row("groter")) == {"1932": 0, "1936": 0, "1949": 1, "2007": 0, "2017": 1}  # 1949:23, 2017:18.B
    assert row("herdubbeid")["1932"] == 4  # 13.2, 13.3, 13.4, 17.2 (note 1932-herdubbeid)
    assert _only(row("doubleren")) == {"1932": 0, "1936": 0, "1949": 1, "2007": 0, "2017": 3}  # 1949:24; 2017:19.A.1-3
    doubleeren = _only(row("doubleeren"))
    assert doubleeren["1936"] >= 4 and sum(doubleeren.values()) == doubleeren["1936"]


def test_glossary_frame():
    frame = views.glossary()
    assert frame.loc["leider", "english"] == "declarer"
    assert frame.loc["doubleeren", "editions"] == "1936"


# --- notebook 05 ---------------------------------------------------------------------------------


def test_exercise_answers_come_from_the_library(data):
    # The answer follows the ruling as written: each bar written into the made-up 1949 branch of a
    # single low card (tests/madeup.py) is the answer's must_pass (what 1949 really rules is asserted
    # in tests/cases/exposed-card.yaml).
    for barred, expected in (([], "nobody"), ([{"who": "partner", "scope": "next-turn"}], "next-turn"),
                             ([{"who": "partner", "scope": "rest-of-auction"}], "rest-of-auction")):
        with datafiles.override(data):  # read the copy afresh after each change
            set_branch(data, "exposed-card", "1949", "otherwise", {
                "article": "1949:26.b", "quote_from": "1949:26.b",
                "quote_nl": "een enkele kaart, lager dan de boer en niet te vroeg gespeeld, dan bestaat er geen straf.",
                "barred": barred, "summary_en": f"A single low card ({NOT_LAW}).",
                "summary_nl": f"Een enkele lage kaart ({NOT_LAW})."})
            low = {a["edition"]: a for a in views.exercise_answers("exposed-low-card")}
            assert (low["1949"]["case"], low["1949"]["must_pass"]) == ("exposed-card", expected)
            assert low["1949"]["ruling"].summary_en == f"A single low card ({NOT_LAW})."
    # An exercise that names its case is answered with that case wherever the judgement holds it.
    exercise = views.find_exercise("skipped-turn")
    for answer in views.exercise_answers(exercise):
        cases = {event.case for event, _ in answer["judgement"].rulings}
        if exercise["case"] in cases:
            assert answer["case"] == exercise["case"]
    assert any(answer["case"] == exercise["case"] for answer in views.exercise_answers(exercise))


def test_exercise_html_reveal_modes():
    hidden = views.exercise_html("four-passes", reveal=False)
    assert 'class="bl-card"' not in hidden and "P P P P" in hidden
    details = views.exercise_html("four-passes")
    assert "<details>" in details and "Er mag niet opnieuw gegeven worden." in details  # 2017:22.B
    marked = views.exercise_html("four-passes", reveal=True,
                                 predictions={"1932": {"status": "ruled", "must_pass": "nobody"},
                                              "2007": {"status": "ruled", "must_pass": "nobody"}})
    assert "<details>" not in marked
    assert marked.count("your prediction") == 2
    assert "&#10007; the text rules on it" in marked  # 2007:17.E.1 only points to its Art. 22
    answer_only = views.exercise_html("four-passes", reveal=True, question=False)
    assert "Nobody bids" not in answer_only and 'class="bl-card"' in answer_only
    assert views.exercise_html("four-passes", reveal=False, question=False) == ""


def test_history_html_lists_every_claim():
    html = views.history_html()
    assert html.count("<li ") == len(views.history())
    assert "1949:22" in html and "geen reden voor een nieuwe gift" in html


# --- cheap import and figures --------------------------------------------------------------------


def test_importing_views_and_figures_stays_cheap():
    probe = ("import sys, bridgelaws.presentation.views, bridgelaws.presentation.figures; "
             "print(sorted({'pandas', 'matplotlib', 'ipywidgets'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


@pytest.mark.parametrize("name", ["timeline", "sizes", "status_over_time", "strictness_figure"])
def test_figures_draw_and_save_deterministically(name, tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    from bridgelaws.presentation import figures

    fig = getattr(figures, name)()
    assert fig.axes
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    figures.save(fig, first)
    figures.save(getattr(figures, name)(), second)
    assert first.read_bytes() == second.read_bytes()
    svg = tmp_path / "a.svg"
    figures.save(fig, svg)
    assert "<dc:date>" not in svg.read_text(encoding="utf-8")


def test_strictness_figure_is_chronological():
    import matplotlib

    matplotlib.use("Agg")
    from bridgelaws.presentation import figures

    fig = figures.strictness_figure()
    for ax in fig.axes[:2]:
        labels = [t.get_text().split("\n")[0] for t in ax.get_xticklabels()]
        assert labels == list(YEARS)


# --- one stylesheet ------------------------------------------------------------------------------


@pytest.mark.parametrize("html", [
    views.stepper_html("1S W:!SK"), views.compare_html("1S 1H"), views.matrix_html(), views.contents_html(),
    views.texts_side_by_side("doubling"), views.exercise_html("four-passes", reveal=True), views.history_html(),
    views.panel_html("1S 1H", "1936"), views.notebook_css(),
], ids=["stepper", "compare", "matrix", "contents", "texts", "exercise", "history", "panel", "notebook"])
def test_every_view_carries_the_one_stylesheet_once(html):
    from bridgelaws.presentation.render import stylesheet

    assert html.startswith(stylesheet()) and html.count("<style>") == 1


@pytest.mark.parametrize("tokens", ["1S 1H P", "1S ^I 2H P", "1S 1H ^I 2H", "1S 1H ^I P", "7S 8C #nonsense",
                                    "1S P P P P", "1S W:!SK 1H P", "1S 1H 2H P 3H"])
def test_judge_prefix_is_the_longest_playable_prefix_of_whole_steps(tokens):
    groups = views.steps(tokens)
    for year in YEARS:
        result, error, count = views.judge_prefix(tokens, year, "N")
        for expected in range(len(groups), -1, -1):  # every prefix, longest first
            try:
                wanted = judge([t for g in groups[:expected] for t in g], year, "N")
                break
            except BridgeLawsError:
                continue
        assert count == expected and (error is None) == (expected == len(groups))
        assert result is not None and result.to_json() == wanted.to_json()


def test_the_matrix_legend_names_each_status_once():
    # The label of "silent" begins with its name; the legend printed "not in the excerpt: not in the excerpt: ...".
    for lang in ("en", "nl"):
        html = views.matrix_html(lang=lang)
        assert "not in the excerpt: not in the excerpt" not in html
        assert "niet in het uittreksel: niet in het uittreksel" not in html
    assert "not in the excerpt: the corpus" in views.matrix_html()
    assert "ruled: the text rules on it" in views.matrix_html()
