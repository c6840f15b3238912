"""The ruling card and the views in Dutch (issue 13 §6): every key the cards and views build exists,
the English of the catalogue is the English the cards always printed, and a Dutch view has Dutch
fixed words and the same verbatim quotes as the English one. (That the English output is unchanged
byte for byte is checked by tests/test_golden.py and the README examples.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from bridgelaws.judging import drafts, effects
from bridgelaws.text import i18n, translation
from bridgelaws.presentation import present, views
from bridgelaws.auction.calls import Seat
from bridgelaws.text.errors import BridgeLawsError
from bridgelaws.presentation.render import judgement_html
from bridgelaws.judging.rulings import cases, find_case
from bridgelaws.text.schema import ROLES, CaseKind, parse_cases
from bridgelaws.text.vocabulary import Scope
from madeup import insufficient_bid_options

PACKAGE = Path(i18n.__file__).resolve().parents[1]


def _html_text_keys() -> list[tuple[str, str]]:
    """Every literal key passed to ``html_text(...)`` (render.html_text: t() for HTML)."""
    asked = []
    for file in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "html_text"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                asked.append((f"{file.relative_to(PACKAGE)}:{node.lineno}", node.args[0].value))
    return asked


def test_every_html_text_key_is_in_the_catalogue() -> None:
    asked = _html_text_keys()
    assert len(asked) > 20, "the scan found too few html_text calls"
    missing = [f"{where}: {key}" for where, key in asked if key not in i18n.catalogue()]
    assert not missing, missing


def _built_keys() -> list[str]:
    """Every key the cards and views build at run time (f"cards.status.{status}" ...)."""
    keys = [f"cards.status.{s}" for s in present.STATUS_NAMES] + ["cards.status.accepted", "cards.status.draft"]
    keys += [f"cards.status_label.{s}" for s in [*present.STATUS_LABELS, "supplement"]]
    keys += [f"cards.must_pass_label.{k}" for k in present.MUST_PASS_LABELS]
    keys += [f"cards.scope.{scope.value}.{field}" for scope in Scope
             for field in ("duration", "span", "brief", "tally", "this_turn", "grid")]
    keys += [f"cards.outcome.{outcome}" for outcome in present.OUTCOME_WORDS]
    keys += [f"cards.who.{who}" for who in [*ROLES, *(seat.name for seat in Seat)]]
    keys += [f"cards.seat.{seat.name}" for seat in Seat]
    keys += [f"cards.choice.{choice}" for choice in [*effects.EFFECTS, *effects.CORRECTIONS]]
    keys += [f"cards.next.{n}" for n in ("offender", "proper", "skipped")]
    keys += [f"cards.kind.{k}" for k in ("ruled", "supplement", "draft")]
    keys += [f"views.case_kind.{kind}" for kind in get_args(CaseKind)]
    return keys


def test_every_key_the_cards_build_is_in_the_catalogue() -> None:
    missing = [key for key in _built_keys() if key not in i18n.catalogue()]
    assert not missing, missing


def test_the_catalogues_english_is_the_english_the_cards_print() -> None:
    """present.py's constants stay the English of record (the CLI and tables read them); the
    catalogue must not drift from them."""
    t = i18n.t
    for status, name in present.STATUS_NAMES.items():
        assert t(f"cards.status.{status}", "en") == name
    for status, label in present.STATUS_LABELS.items():
        assert t(f"cards.status_label.{status}", "en") == label
    assert t("cards.status_label.supplement", "en") == present.SUPPLEMENT_LABEL
    assert t("cards.status_label.later-code", "en") == present.LATER_CODE_LABEL
    for key, label in present.MUST_PASS_LABELS.items():
        assert t(f"cards.must_pass_label.{key}", "en") == label
    for outcome, words in present.OUTCOME_WORDS.items():
        assert t(f"cards.outcome.{outcome}", "en") == words
    for scope, wording in present.SCOPE_WORDING.items():
        grid = t(f"cards.scope.{scope.value}.grid", "en")
        assert (wording.duration, wording.span, wording.brief, wording.tally, wording.this_turn, wording.grid) == (
            t(f"cards.scope.{scope.value}.duration", "en"), t(f"cards.scope.{scope.value}.span", "en"),
            t(f"cards.scope.{scope.value}.brief", "en"), t(f"cards.scope.{scope.value}.tally", "en"),
            t(f"cards.scope.{scope.value}.this_turn", "en"), "" if grid == "-" else grid)
        # and the Dutch wording is built from the catalogue, not the constants
        assert present.wording(scope, "nl").duration != wording.duration
    assert t("cards.translation_label", "en") == translation.LABEL
    assert t("cards.proposed_label", "en") == drafts.PROPOSED_LABEL
    for seat in Seat:
        assert t(f"cards.seat.{seat.name}", "en") == seat.full_name


def _quotes(html: str) -> list[str]:
    return re.findall(r'<blockquote lang="nl">.*?</blockquote>', html)


def _flat(html: str) -> str:
    return " ".join(html.split())


def _opening(summary: str) -> str:
    """The first eight words of a ruling's summary, as the HTML escapes them."""
    from html import escape
    return " ".join(escape(summary).split()[:8])


def test_the_comparison_in_dutch_has_dutch_fixed_words_and_the_same_quotes() -> None:
    # The excerpts alone: 1932 and 2017 only point elsewhere, 1949 and 2007 are silent.
    english = views.compare_html("1S 1H", focus="insufficient-bid", english=True, layer="corpus")
    dutch = views.compare_html("1S 1H", focus="insufficient-bid", english=True, lang="nl", layer="corpus")
    assert english == views.compare_html("1S 1H", focus="insufficient-bid", english=True, lang="en", layer="corpus")
    # the quotes are verbatim Dutch, the same in both
    assert _quotes(dutch) == _quotes(english)
    assert "&ldquo;moet het voldoende gemaakt worden in dezelfde of in een andere speelsoort&rdquo;" in dutch
    # the fixed words, the case name, the statuses and the seats are Dutch
    for words in ("Onvoldoende bod", "waar het bieden staat", "gever Noord", "geregeld", "niet in het uittreksel",
                  "doorverwezen", "de overtreder vervangt de bieding", "1936: Oost is aan de beurt",
                  "Engels: de vertaling van het project, geen brontekst (1936:22.3, de hele alinea)",
                  "Aanname, geen regel:", "keuze voor O: laagste voldoende bod in dezelfde speelsoort"):
        assert words in dutch, words
    for words in ("where the auction stands", "Insufficient bid", "not in the excerpt", "dealer North",
                  "Assumption, not law", "option for", "the whole paragraph", ">ruled<", "East to call"):
        assert words in english, words
        assert words not in dutch, words
    # the ruling's Dutch summary is shown, its English not (whatever 1936 rules: tests/cases/)
    from bridgelaws import judge
    ruling = judge("1S 1H", "1936", layer="corpus").events[1].ruling
    assert ruling.summary_nl and ruling.summary_en
    assert _opening(ruling.summary_nl) in _flat(dutch) and _opening(ruling.summary_en) in _flat(english)
    assert _opening(ruling.summary_en) not in _flat(dutch)
    assert "samenvatting" not in dutch and "Tenzij" not in english


def test_a_summary_with_no_dutch_is_shown_in_english_marked() -> None:
    # Every ruling of the data has its Dutch summary now (test_dutch_throughout): a card of a ruling
    # written without one.
    from dataclasses import replace

    from bridgelaws.judging.rulings import generic_ruling
    from bridgelaws.presentation.render import ruling_html

    ruling = replace(generic_ruling("exposed-card", "1936", "honour-or-several"), summary_nl=None)
    english, dutch = ruling_html(ruling), ruling_html(ruling, lang="nl")
    assert dutch.count("(nog geen Nederlandse samenvatting)") == 1
    assert f'<span lang="en">{_opening(ruling.summary_en)}' in _flat(dutch)
    assert "samenvatting" not in english and _quotes(dutch) == _quotes(english)


def test_a_dutch_summary_renders_only_its_own_english() -> None:
    """summary_nl needs summary_en beside it (a branch's Dutch alone would sit under the entry's
    English), and a branch that gives its own English without Dutch leaves the entry's Dutch out."""
    from bridgelaws.text.schema import Loc, parse_ruling
    from bridgelaws.judging.rulings import _summary_nl

    with pytest.raises(BridgeLawsError, match=r"summary_nl: a Dutch summary needs the English summary"):
        parse_ruling({"status": "ruled", "summary_en": "E", "when": [
            {"condition": "otherwise", "summary_nl": "N"}]}, Loc("x.yaml", "1936"))
    spec = parse_ruling({"status": "ruled", "summary_en": "E", "summary_nl": "N", "when": [
        {"condition": "otherwise", "summary_en": "E2"}]}, Loc("x.yaml", "1936"))
    merged = {**spec.values(), **spec.when[0].values()}
    assert merged["summary_en"] == "E2" and _summary_nl(merged, spec.when[0]) is None
    assert _summary_nl(spec.values(), None) == "N"


def test_a_barred_player_in_dutch(data: Any) -> None:
    insufficient_bid_options(data)  # the options' bars written by the test (1936's: tests/cases/)
    from bridgelaws import judge

    judgement = judge("1S 1H 2H", edition="1936")
    dutch = judgement_html(judgement, lang="nl")
    english = judgement_html(judgement)
    assert "Must pass: <b>W</b> (next turn)" in english
    assert "Moet passen: <b>W</b> (volgende beurt)" in dutch
    assert "West \u2014 moet passen (1 beurt)" in dutch and "West \u2014 must pass (1 turn)" in english
    assert "Noord (gever)" in dutch and "<b>(gekozen)</b>" in dutch and "<b>(chosen)</b>" in english
    assert _quotes(dutch) == _quotes(english)


def test_the_matrix_in_dutch(data: Any) -> None:
    insufficient_bid_options(data)  # the options' bars written by the test (1936's: tests/cases/)
    dutch = views.matrix_html(lang="nl", layer="both")
    assert "<th>geval</th>" in dutch and "<th>case</th>" not in dutch
    assert "geregeld: de tekst regelt het" in dutch
    assert "Onvoldoende bod" in dutch and "buiten het corpus" in dutch
    assert "overtreder mag: laagste voldoende bod in dezelfde speelsoort (partner moet passen: 1 beurt)" in dutch
    assert views.matrix_html() == views.matrix_html(lang="en")


@pytest.mark.parametrize("render", [
    lambda lang: views.texts_side_by_side("doubling", lang=lang),
    lambda lang: views.topic_parallel_html("doubling", lang=lang),
    lambda lang: views.parallel_html("1936:22", lang=lang),
    lambda lang: views.search_html("doubleren", lang=lang),
    lambda lang: views.diff_html("1936:22.3", "1949:23", lang=lang),
    lambda lang: views.contents_html(lang=lang),
    lambda lang: views.layers_html("insufficient-bid", lang=lang),
])
def test_the_text_views_in_dutch_change_only_fixed_words(render: object) -> None:
    english, dutch = render("en"), render("nl")  # type: ignore[operator]
    assert english != dutch
    # every Dutch text of the corpus shown in English is shown in Dutch too
    for quoted in re.findall(r'<td lang="nl">(.*?)</td>', english):
        assert quoted in dutch


def test_every_case_and_variant_has_a_dutch_name() -> None:
    for case in cases():
        assert case.name("nl") == case.name_nl and case.name("en") == case.name_en
        assert case.name_nl.strip() and case.name_nl != case.name_en, case.id
        for variant in case.variants:
            assert Case_label(variant, "nl") and Case_label(variant, "nl") != Case_label(variant, "en"), variant
    labels = dict(views.case_choices("nl"))
    assert "Pas voor de beurt: na het eerste bod" in labels
    assert dict(views.case_choices()) == dict(views.case_choices("en"))
    assert find_case("insufficient-bid").name("nl") == "Onvoldoende bod"  # 2017:18.D's spelling


def Case_label(variant: dict[str, str], lang: str) -> str:
    return find_case("insufficient-bid").variant_label(variant, lang)


def test_a_variant_without_a_dutch_label_is_one_line() -> None:
    data = [{"id": "x", "name_nl": "X", "name_en": "X", "kind": "call", "description": "d",
             "scenario": {"dealer": "N", "tokens": "1S"}, "variants": [{"label": "a", "dealer": "N", "tokens": "1S"}]}]
    with pytest.raises(BridgeLawsError, match=r"^cases\.yaml: x\.variants\[0\]: missing field 'label_nl'") as caught:
        parse_cases(data)
    assert "\n" not in str(caught.value)


# --- the supplementary layer in Dutch (issue 25 §3) ------------------------------------------------------

def _supplement_summaries():
    """(file, path, node) for every entry and branch of data/supplement/rulings that has a summary_en,
    read from the YAML files themselves."""
    import yaml

    found = []
    folder = PACKAGE.parent / "data" / "supplement" / "rulings"
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for year, entry in data["rulings"].items():
            for where, node in [(year, entry)] + [(f"{year}.when[{i}]", b) for i, b in enumerate(entry.get("when") or [])]:
                if "summary_en" in node:
                    found.append((path.name, where, node))
    return found


def test_every_supplementary_summary_has_a_dutch_one_beside_it() -> None:
    found = _supplement_summaries()
    assert len(found) > 50  # 81 when written; counted from the files
    missing = [f"{name} {where}" for name, where, node in found if not node.get("summary_nl")]
    assert not missing, missing
    for name, where, node in found:
        dutch = node["summary_nl"]
        # written Dutch, not the English copied: the article references stay, the English words go
        assert dutch != node["summary_en"] and " the " not in f" {dutch} " and " of the " not in dutch, (name, where)
        for reference in re.findall(r"\b\d{2}[A-E]\d?(?:\([a-d]\))?", node["summary_en"]):
            assert reference in dutch, (name, where, reference)


def test_a_supplementary_card_in_dutch_has_its_dutch_summary_and_provenance() -> None:
    from bridgelaws import judge
    from bridgelaws.presentation.render import ruling_html

    ruling = next(e.ruling for e in judge("1S 1H", "2017").events if e.case == "insufficient-bid")
    assert ruling.layer == "supplement" and ruling.summary_nl  # the default layer: 2017 Law 27
    html = ruling_html(ruling, lang="nl")
    assert _opening(ruling.summary_nl) in _flat(html)
    assert "buiten het corpus: parafrase van 2017:27.B" in html and "gelezen 2026-12-01" in html
    assert "de tekst van de code, overgetypt door een derde" in html  # the source's kind, in Dutch
    assert "outside the corpus" not in html and "paraphrase of" not in html and "retyping" not in html
    assert i18n.t("cards.no_dutch_summary", "nl") not in html
    english = ruling_html(ruling)
    assert "outside the corpus: paraphrase of 2017:27.B" in english and "retyping of the code" in english


def test_the_supplements_provenance_line_is_the_same_english_and_dutch_in_every_kind() -> None:
    from bridgelaws.supplement import supplement

    kinds = {s.kind for s in supplement.sources().values()}
    assert kinds <= {"code-text", "retyped", "translation", "later-code", "commentary"}
    for kind in kinds:  # every kind a source has, worded in both languages
        assert f"cards.source_kind.{kind}" in i18n.catalogue()
    provenance = supplement.provenance("2017:27.A.1")
    line = supplement.provenance_line([provenance])
    assert line == (f"outside the corpus: paraphrase of 2017:27.A.1 from {provenance.source_title} "
                    f"(a third party's retyping of the code's text), read {provenance.read}")
    assert supplement.provenance_line([provenance], "nl") == (
        f"buiten het corpus: parafrase van 2017:27.A.1 uit {provenance.source_title} "
        f"(de tekst van de code, overgetypt door een derde), gelezen {provenance.read}")


@pytest.mark.parametrize("effect,dutch", [
    ("stands (assumption)", "blijft staan (aanname)"),
    ("no effect: the auction stays closed (outside the corpus)", "geen gevolg: het bieden blijft gesloten (buiten het corpus)"),
    ("no effect: the auction stays closed (assumption)", "geen gevolg: het bieden blijft gesloten (aanname)"),
    ("the auction is not changed (assumption)", "het bieden verandert niet (aanname)"),
    ("E must pass at his next turn", "E must pass at his next turn"),  # names seats: as the engine wrote it
])
def test_the_engines_fixed_effects_in_dutch(effect, dutch) -> None:
    assert present.effect_text(effect, "nl") == dutch and present.effect_text(effect) == effect


def test_stands_assumption_and_the_supplement_are_dutch_in_the_views(capsys) -> None:
    from bridgelaws import judge
    from bridgelaws.interfaces.cli import main

    # 1932 is not in the excerpt on a double of partner's bid (1932:13), and no source outside it rules
    result = judge("1S P X", "1932")
    assert [e.effect for e in result.events if e.case] == ["stands (assumption)"]
    html = views.compare_html("1S P X", lang="nl")
    assert "blijft staan (aanname)" in html and "stands (assumption)" not in html
    assert main(["judge", "--edition", "1932", "--lang", "nl", "1S P X"]) == 0
    out = capsys.readouterr().out
    assert "blijft staan (aanname)" in out and "stands (assumption)" not in out
    matrix = views.matrix_html(detail=True, lang="nl")
    assert "buiten het corpus: parafrase van" in matrix and "outside the corpus" not in matrix
