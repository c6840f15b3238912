"""Issue 35 §2: each edition in its own words. A Dutch listing or card of an edition names the case
and gives the engine's reason in that edition's words where its text has its own (1932 "dubbelen",
"herdubbeld", "maat", "tegenspeler"; 1936's heading "Niet in volgorde bieden"); the 1936 and 1949
summaries say "maat" where their texts do; the 1936 insufficient-bid summary keeps 22.2's condition;
a card that takes clockwise rotation from 2007:17.C says so; and the stepper's and listings' awkward
Dutch is mended. Each test below fails on the code before the change."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from bridgelaws.auction.editions import EDITIONS
from bridgelaws.interfaces.cli import main
from bridgelaws.judging.rulings import find_case
from bridgelaws.text import corpus, i18n

REPO = Path(__file__).resolve().parents[1]


def _listing(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _corpus_text(year: str) -> str:
    """The edition's corpus file as stored (records, headings as printed, notes)."""
    return (REPO / "data" / "editions" / year / "corpus.json").read_text(encoding="utf-8")


# --- the mechanism: an override's English is the name or template it stands for ----------------------

def test_every_edition_override_keeps_the_english_it_stands_for():
    catalogue = i18n.catalogue()
    overrides = {k: m for k, m in catalogue.items() if k.startswith("editions.")}
    assert len(overrides) >= 15
    for key, message in overrides.items():
        _, year, rest = key.split(".", 2)
        assert year in {edition.year for edition in EDITIONS}, key  # an override names a registered edition
        if rest.startswith("case."):
            assert message.text("en") == find_case(rest[len("case."):]).name_en, key
        elif rest.startswith("cards.inherited_caution."):
            # A caution is a statement about the edition's text, not a word: where that statement
            # differs (1932's deal has a direction), its English differs too (Second reading R11).
            assert rest in catalogue and catalogue[rest].text("en") != message.text("en"), key
        else:
            assert rest in catalogue and catalogue[rest].text("en") == message.text("en"), key
        assert message.text("nl") != (catalogue[rest].text("nl") if rest in catalogue else ""), key


# Each edition's word, as its text has it (the corpus file) and as the override writes it.
@pytest.mark.parametrize("year, words", [
    ("1932", ["dubbelen", "herdubbelen", "gedubbeld", "dubbel", "herdubbel", "tegenspeler", "maat"]),
    ("1936", ["Niet in volgorde bieden", "doublet", "redoublet", "tegenspeler", "maat"]),
    ("1949", ["tegenstander", "maat"]),
])
def test_the_overrides_use_words_of_the_editions_text(year, words):
    text = _corpus_text(year)
    dutch = " ".join(m.text("nl") for k, m in i18n.catalogue().items() if k.startswith(f"editions.{year}."))
    for word in words:
        assert re.search(rf"\b{word}\b", text), (year, word)
        assert re.search(rf"\b{word}\b", dutch), (year, word)
    assert not re.search(r"\bpartner\b", dutch)


# --- case titles and reason lines per edition ------------------------------------------------------------

def test_1936_names_a_call_out_of_rotation_by_its_heading(capsys):
    out = _listing(capsys, "--lang", "nl", "judge", "--edition", "1936", "1S S:P")
    assert "Z: Niet in volgorde bieden: pas (pass-out-of-rotation)" in out
    assert "Pas voor de beurt" not in out
    out = _listing(capsys, "--lang", "nl", "judge", "--edition", "1936", "1S S:2S")
    assert "Niet in volgorde bieden: bod (bid-out-of-rotation)" in out
    # Other editions keep the catalogue's name; the English is unchanged.
    assert "Pas voor de beurt (pass-out-of-rotation)" in _listing(capsys, "--lang", "nl", "judge", "--edition", "2017",
                                                                   "1S S:P")
    assert "S: pass-out-of-rotation - " in _listing(capsys, "judge", "--edition", "1936", "1S S:P")


@pytest.mark.parametrize("scenario, title, reason", [
    ("1S X XX X", "Ontoelaatbaar dubbel of herdubbel", "het bod is herdubbeld en mag niet nog eens gedubbeld worden"),
    ("X", "Ontoelaatbaar dubbel of herdubbel", "er is geen bod om te dubbelen"),
    ("1S P X", "Ontoelaatbaar dubbel of herdubbel", "het laatste bod is door de maat gedaan, niet door een tegenspeler"),
])
def test_1932_says_dubbelen_and_herdubbeld(capsys, scenario, title, reason):
    out = _listing(capsys, "--lang", "nl", "judge", "--edition", "1932", scenario)
    line = next(x for x in out.splitlines() if "(inadmissible-double)" in x)
    assert f"{title} (inadmissible-double) - {reason} (1932:13" in line
    assert not re.search(r"doubl|partner|tegenstander", line.replace("(inadmissible-double)", ""))


def test_the_1932_card_in_a_view_is_titled_in_1932s_words():
    from bridgelaws.presentation import views

    html = views.matrix_card_html("inadmissible-double", "1932", lang="nl")
    assert "Ontoelaatbaar dubbel of herdubbel" in html and "Ontoelaatbaar doublet" not in html
    html = views.matrix_card_html("inadmissible-double", "2017", lang="nl")
    assert "Ontoelaatbaar doublet of redoublet" in html


# --- the summaries ------------------------------------------------------------------------------------------

def _dutch_fields(value, path=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _dutch_fields(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _dutch_fields(item, f"{path}[{i}]")
    elif isinstance(value, str) and re.search(r"_nl(\[\d+\])?$", path) and ".quote_nl" not in path:
        yield path, value


@pytest.mark.parametrize("year, wrong", [("1936", r"\bpartner|\btegenstander"), ("1949", r"\bpartner")])
def test_the_1936_and_1949_rulings_say_maat_and_tegenspeler_as_their_texts_do(year, wrong):
    found = []
    for path in sorted((REPO / "data" / "rulings").glob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        entry = (raw.get("rulings") or {}).get(year) or (raw.get("rulings") or {}).get(int(year))
        if isinstance(entry, dict):
            found += [f"{path.name} {p}" for p, text in _dutch_fields(entry) if re.search(wrong, text)]
    assert not found


def test_the_1936_insufficient_bid_summary_keeps_22_2s_condition():
    raw = yaml.safe_load((REPO / "data" / "rulings" / "insufficient-bid.yaml").read_text(encoding="utf-8"))
    entry = raw["rulings"]["1936"]
    condition = "vóórdat de niet-overtredende partij de aandacht op de onregelmatigheid vestigt"
    assert condition in corpus.record("1936:22.2").text
    assert condition in entry["summary_nl"] and condition in entry["summary_en"]
    assert "drew attention to the irregularity" in entry["summary_en"]


# --- the clockwise caution --------------------------------------------------------------------------------

@pytest.mark.parametrize("year", ["1936", "1949"])
def test_a_card_that_takes_clockwise_from_2007_says_so(capsys, year):
    from bridgelaws.presentation import views

    caution = f'Let op: het uittreksel van {year} zegt alleen "in volgorde", zonder richting'
    html = views.matrix_card_html("pass-out-of-rotation", year, lang="nl")
    assert caution.replace('"', "&quot;") in html
    assert "2007:17.C." in html
    out = _listing(capsys, "--lang", "nl", "judge", "--edition", year, "1S S:P")
    assert caution in out
    from bridgelaws.presentation import handout

    page = handout.handout_html("1S S:P", lang="nl")
    assert caution.replace('"', "&quot;") in page and "Niet in volgorde bieden: pas" in page
    # 2007 states it itself: no caution.
    assert "Let op" not in views.matrix_card_html("pass-out-of-rotation", "2007", lang="nl")
    assert "in volgorde" in _corpus_text(year) and "wijzers van de klok" in _corpus_text("2007")


def test_the_1932_caution_names_the_direction_of_its_deal(capsys):
    """Second reading R11: 1932 gives a direction for the deal (10(1)(d) "beginnende met den speler
    aan gevers linkerhand"); only for the bidding does it say just "in volgorde" (11.1)."""
    from bridgelaws.presentation import views

    nl = ('Let op: voor het bieden zegt het uittreksel van 1932 alleen "in volgorde" (11.1), zonder '
          'richting; alleen het geven begint "met den speler aan gevers linkerhand" (10(1)(d))')
    out = _listing(capsys, "--lang", "nl", "judge", "--edition", "1932", "1S S:P")
    assert nl in out and "het uittreksel van 1932 zegt alleen" not in out
    en = _listing(capsys, "judge", "--edition", "1932", "1S S:P")
    assert 'only the deal starts "met den speler aan gevers linkerhand"' in en
    html = views.matrix_card_html("pass-out-of-rotation", "1932", lang="nl")
    assert nl.replace('"', "&quot;") in html
    text = _corpus_text("1932")
    assert "beginnende met den speler aan gevers linkerhand" in text
    assert "moet elke speler in volgorde eene bieding doen" in text


def test_the_1936_insufficient_bid_is_made_sufficient(capsys):
    """Second reading R11: 1936:22.3 "moet het voldoende gemaakt worden", not "vervangen"."""
    out = _listing(capsys, "--lang", "nl", "judge", "--edition", "1936", "1S 1H")
    assert "de overtreder moet zijn bod voldoende maken" in out and "zijn bod vervangen" not in out
    assert "void: the offender must replace it" in _listing(capsys, "judge", "--edition", "1936", "1S 1H")
    assert "moet het voldoende gemaakt worden" in _corpus_text("1936")


# --- the awkward words ----------------------------------------------------------------------------------------

def test_a_token_is_a_step_in_dutch(capsys):
    out = _listing(capsys, "--lang", "nl", "compare", "--editions", "1936,2017", "1S 1H")
    assert "stap 2: 1H van Oost" in out and not re.search(r"\bteken\b", out)


@pytest.mark.parametrize("key, dutch", [
    ("stepper_controls.typed", "Eigen invoer"),
    ("stepper_controls.call_over", "Doe er een bieding na"),
    ("cli.token", "stap {index}: {what}"),
    ("exercises.library_answer", "het antwoord van het programma: {answer}"),
])
def test_the_awkward_dutch_is_mended(key, dutch):
    assert i18n.catalogue()[key].text("nl") == dutch


def test_no_dutch_message_keeps_the_awkward_words():
    awkward = re.compile(r"\bGetypt\b|\bBied daarna\b|\bteken\b|\btekens\b|antwoord van de bibliotheek")
    assert not [k for k, m in i18n.catalogue().items() if awkward.search(m.text("nl"))]


@pytest.mark.parametrize("case, year, line", [
    ("pass-out-of-rotation", "1936", "maat moet passen voor de rest van het bieden"),
    ("exposed-card", "1949", "maat moet passen bij zijn volgende beurt"),
    ("exposed-card", "2017", "partner moet passen bij zijn volgende beurt"),
])
def test_a_cards_bar_names_the_partner_in_the_editions_word(case, year, line):
    from bridgelaws.presentation import views

    html = views.matrix_card_html(case, year, lang="nl")
    assert line in html
    if year != "2017":
        assert "partner moet passen" not in html
