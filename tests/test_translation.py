"""The project's English translation (issue 12 §1): every record translated, the glossary's English
used for every glossary term that occurs, slips read as the corpus notes read them, and the file's
schema (data/editions/translation.md).

The mutation tests break a writable copy of data/ (the ``data`` fixture) and check that the same
functions the main tests assert on then report the break, so the main tests can fail.
"""

from __future__ import annotations

import re

import pytest
from datacopy import edit_yaml

from bridgelaws import BridgeLawsError
from bridgelaws.text import corpus, datafiles, translation
from bridgelaws.text.content import _glossary
from bridgelaws.auction.editions import EDITIONS

YEARS = [e.year for e in EDITIONS]


def _one_line(excinfo) -> str:
    message = str(excinfo.value)
    assert "\n" not in message
    return message


# --- completeness and the glossary ----------------------------------------------------------------


@pytest.mark.parametrize("year", YEARS)
def test_every_record_has_a_translation(year):
    assert translation.untranslated_records(year) == []
    for record in corpus.records(year):
        english = translation.english(record.id)
        assert english and english.strip(), record.id
        assert english != record.text, record.id  # translated, not copied


@pytest.mark.parametrize("year", YEARS)
def test_every_glossary_term_is_rendered_by_its_glossary_english(year):
    assert [str(gap) for gap in translation.untranslated_terms(year)] == []


@pytest.mark.parametrize("year", YEARS)
def test_every_listed_exception_is_needed_and_has_a_reason(year):
    assert translation.needless_exceptions(year) == []
    for exception in translation.exceptions(year):
        assert len(exception.reason.split()) >= 5, exception


def test_the_scan_finds_terms_the_occurs_lists_do_not_name():
    """'overtreding' is listed for 2007 and 2017 only, but 1936:21.2 has it too ('een bepaalde
    overtreding'): the whole-word scan makes that record owe 'infraction'."""
    term = next(t for t in _glossary()["terms"] if t["nl"] == "overtreding")
    assert "1936:21.2" not in term["occurs"]
    assert translation.term_occurs(term, corpus.record("1936:21.2"))
    assert "infraction" in translation.english("1936:21.2")
    # whole words only: 'overtreder' (1936:22.3) is not 'overtreding', and 'onvoldoende bod'
    # (2017:18.D) is not 'voldoende bod'
    assert not translation.term_occurs(term, corpus.record("1936:22.3"))
    sufficient = next(t for t in _glossary()["terms"] if t["nl"] == "voldoende bod")
    assert not translation.term_occurs(sufficient, corpus.record("2017:18.D"))


def test_english_forms_and_inflections():
    terms = {t["nl"]: t for t in _glossary()["terms"]}
    assert translation.english_forms(terms["bieden"]) == ("bid",)
    assert translation.english_forms(terms["bieding"]) == ("call",)
    assert translation.english_forms(terms["trekken"]) == ("odd tricks",)
    assert translation.english_forms(terms["tegenspeler"]) == ("opponent", "defender")
    assert translation.renders("he doubled it", ("double",))
    assert translation.renders("in the bidding", ("bid",))
    assert translation.renders("two penalties", ("penalty",))
    assert translation.renders("after passing", ("pass",))
    assert translation.renders("the dealer deals", ("deal",))  # 'deals' is a form of 'deal'
    assert not translation.renders("the dealer", ("deal",))  # 'dealer' is another word
    assert not translation.renders("a trick", ("odd tricks",))


def test_a_removed_translation_is_reported(data):
    edit_yaml(data / "editions" / "1936" / "translation.yaml",
              lambda raw: raw.__setitem__("records", [r for r in raw["records"] if r["id"] != "1936:22.6.c"]))
    assert translation.untranslated_records("1936") == ["1936:22.6.c"]
    assert translation.english("1936:22.6.c") is None


def test_a_term_rendered_otherwise_is_reported_until_an_exception_is_listed(data):
    path = data / "editions" / "1932" / "translation.yaml"

    def reword(raw):
        entry = next(r for r in raw["records"] if r["id"] == "1932:12")
        entry["en"] = entry["en"].replace("denomination", "kind of play")

    edit_yaml(path, reword)
    gaps = translation.untranslated_terms("1932")
    assert [(g.record_id, g.term) for g in gaps] == [("1932:12", "spelsoort")]
    edit_yaml(path, lambda raw: raw.setdefault("exceptions", []).append(
        {"id": "1932:12", "term": "spelsoort", "reason": "a test: the word is rendered otherwise here"}))
    datafiles.reset()  # the file changed after it was read
    assert translation.untranslated_terms("1932") == []


def test_a_needless_exception_is_reported(data):
    edit_yaml(data / "editions" / "1932" / "translation.yaml", lambda raw: raw.setdefault("exceptions", []).append(
        {"id": "1932:12", "term": "bod", "reason": "a test: listed although the bid is rendered"}))
    assert [(e.id, e.term) for e in translation.needless_exceptions("1932")] == [("1932:12", "bod")]


# --- structure and the corpus notes ---------------------------------------------------------------


@pytest.mark.parametrize("year", YEARS)
def test_the_translation_follows_the_corpus_order_and_lines(year):
    texts = translation.translated(year)
    assert list(texts) == [r.id for r in corpus.records(year)]
    for record in corpus.records(year):
        assert texts[record.id].count("\n") == record.text.count("\n"), record.id


@pytest.mark.parametrize("year", YEARS)
def test_every_slip_reading_is_given_in_brackets_where_it_is_translated(year):
    texts = translation.translated(year)
    for note in corpus.source(year).notes:
        if note.kind == "slip" and note.reading:
            for record_id in note.records:
                mark = f"[note {note.id}: printed “{note.verbatim}”, read “{note.reading}”]"
                assert mark in texts[record_id], (note.id, record_id)
    notes = {n.id: n for n in corpus.source(year).notes}
    for record_id, english in texts.items():
        for note_id in re.findall(r"\[note ([^:\]]+):", english):
            assert note_id in notes and record_id in notes[note_id].records, (record_id, note_id)


_ITALIC = re.compile(r"\*(\w[^*\n]*?)\*")  # not the footnote marker "*)"


@pytest.mark.parametrize("year", YEARS)
def test_italics_are_dutch_of_the_record_with_a_gloss(year):
    """*...* marks Dutch kept in the English: the words stand in the Dutch (record, subheading or
    heading), and a gloss follows in round brackets (or the italics are themselves inside one)."""
    for record in corpus.records(year):
        dutch = translation._fold(" ".join(filter(None, (record.text, record.title, record.heading))))
        english = " ".join(filter(None, (translation.english(record.id),
                                         translation.title_english(record.id),
                                         translation.heading_english(year, record.article))))
        for match in _ITALIC.finditer(english):
            assert translation._fold(match.group(1)) in dutch, (record.id, match.group(1))
            after = english[match.end():match.end() + 3]
            assert re.match(r"[\"”]? \(|,", after), (record.id, match.group(0), after)


def test_headings_and_subheadings_are_translated_where_printed():
    for year in YEARS:
        for article in corpus.source(year).articles:
            assert (translation.heading_english(year, article.article) is not None) == bool(article.heading), \
                (year, article.article)
        for record in corpus.records(year):
            assert (translation.title_english(record.id) is not None) == bool(record.title), record.id


def test_an_edition_without_a_file_has_no_english(data):
    (data / "editions" / "1949" / "translation.yaml").unlink()
    assert translation.english("1949:23") is None
    assert translation.translated("1949") == {}
    assert translation.untranslated_records("1949") == [r.id for r in corpus.records("1949")]
    assert translation.untranslated_terms("1949") == []


# --- the schema -----------------------------------------------------------------------------------


def _records(change):
    return lambda raw: change(raw["records"])


@pytest.mark.parametrize("year, change, expected", [
    ("1936", _records(lambda records: records[3].__setitem__("id", "1936:99")),
     "editions/1936/translation.yaml: records[3].id: '1936:99' is not a record of the 1936 corpus"),
    ("1936", _records(lambda records: records.append(dict(records[0]))),
     "editions/1936/translation.yaml: records[47].id: '1936:15' is translated twice"),
    ("1949", lambda raw: raw.__setitem__("edition", "1936"),
     "editions/1949/translation.yaml: edition: names edition '1936', the file is for 1949"),
    ("1949", _records(lambda records: records[0].__setitem__("id", "1936:15")),
     "editions/1949/translation.yaml: records[0].id: '1936:15' is not a record of the 1949 corpus"),
    ("2017", _records(lambda records: records[0].__setitem__("tekst", "x")),
     "editions/2017/translation.yaml: records[0].tekst: unknown field (known: id, en, title_en)"),
    ("2017", _records(lambda records: records[0].__setitem__("title_en", "A title")),
     "editions/2017/translation.yaml: records[0].title_en: '2017:17.A' has no printed subheading to translate"),
    ("2017", lambda raw: raw["headings"].append({"article": "17", "en": "A heading"}),
     "editions/2017/translation.yaml: headings[6].article: '17' is not an article of the 2017 corpus with a printed heading"),
    ("2007", lambda raw: raw["exceptions"][0].__setitem__("term", "biedingen"),
     "editions/2007/translation.yaml: exceptions[0].term: 'biedingen' is not a term of glossary.yaml"),
    ("2007", lambda raw: raw["exceptions"][0].pop("reason"),
     "editions/2007/translation.yaml: exceptions[0]: missing field 'reason'"),
])
def test_the_schema_rejects_a_bad_entry_in_one_line(data, year, change, expected):
    edit_yaml(data / "editions" / year / "translation.yaml", change)
    with pytest.raises(BridgeLawsError) as excinfo:
        translation.translated(year)
    assert _one_line(excinfo) == expected


# --- shown beside the Dutch: the command line -------------------------------------------------------


def _run(capsys, *argv):
    from bridgelaws.interfaces.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_article_en_prints_each_english_paragraph_under_its_dutch_with_the_label(capsys):
    code, out, err = _run(capsys, "article", "1936:22.6.c", "--en")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[1] == f"  en = {translation.LABEL}"
    assert lines[2] == "  en: Incorrect calls"  # the heading "Onjuiste biedingen"
    dutch = next(i for i, line in enumerate(lines) if line.startswith("  1936:22.6.c: c) meer dan zeven trekken"))
    # checked by hand against the Dutch: "meer dan zeven trekken biedt, hetzij onopzettelijk, ..."
    assert lines[dutch + 1].startswith("  en: c) bids more than seven odd tricks, either unintentionally")
    assert lines[dutch + 1].endswith("may declare void the wrong call.")
    # without --en, no English at all
    code, out, _ = _run(capsys, "article", "1936:22.6.c")
    assert "en:" not in out and "odd tricks" not in out


def test_article_en_keeps_lines_and_titles(capsys):
    _, out, _ = _run(capsys, "article", "1936:22.1", "--en")
    lines = out.splitlines()
    title = lines.index("  Niet bedoelde bieding of spreekvergissing.")
    assert lines[title + 1] == "  en: Unintended call or slip of the tongue."
    _, out, _ = _run(capsys, "article", "1936:21.3", "--en")
    assert "\n    or about the question which of these penalties to impose;\n" in out


def test_article_json_carries_text_en_per_record(capsys):
    import json

    code, out, _ = _run(capsys, "article", "2017:19", "--json")
    data = json.loads(out)
    assert code == 0 and data["translation_label"] == translation.LABEL
    assert data["heading_en"] == "Double and redouble"
    for record in data["records"]:
        assert record["text_en"] == translation.english(record["id"]) and record["text_en"]
    by_id = {r["id"]: r for r in data["records"]}
    assert by_id["2017:19.C"]["title_en"] == "C. Superseding of a double or redouble"
    assert by_id["2017:19.A.1"]["title_en"] is None


def test_article_without_a_translation_shows_no_english(data, capsys):
    import json

    (data / "editions" / "1949" / "translation.yaml").unlink()
    _, out, _ = _run(capsys, "article", "1949:23", "--en")
    assert "(no English translation of the 1949 text yet)" in out and "en:" not in out
    _, out, _ = _run(capsys, "article", "1949:23", "--json")
    record = json.loads(out)["records"][0]
    assert record["text_en"] is None and record["title_en"] is None


# --- shown beside the Dutch: the ruling cards, the views, the widgets -------------------------------

_BOX = 'class="bl-english"'


def _bid_above_seven_1936():
    from bridgelaws import judge

    (event, ruling), = judge("1S P 8S", "1936", "N").rulings
    return ruling


def test_a_card_shows_the_english_of_the_quoted_paragraph_only_when_asked():
    from bridgelaws.presentation.present import describe, quoted_english
    from bridgelaws.presentation.render import ruling_html

    ruling = _bid_above_seven_1936()
    view = describe(ruling)
    quoted = quoted_english(view)
    assert quoted is not None and quoted.record_id == view.quote_from == "1936:22.6.c"
    assert quoted.text == translation.english("1936:22.6.c") and quoted.label == translation.LABEL
    plain = ruling_html(ruling, style=False)
    assert _BOX not in plain and "odd tricks" not in plain
    card = ruling_html(ruling, style=False, english=True)
    # the Dutch quote stays verbatim, first; the English is a labelled addition after it
    quote = '<blockquote lang="nl">&ldquo;meer dan zeven trekken biedt, hetzij onopzettelijk'
    assert quote in card and quote in plain
    assert card.index(quote) < card.index(_BOX)
    assert "English: the project&#x27;s translation, not a source text (1936:22.6.c, the whole paragraph):" in card
    assert "bids more than seven odd tricks" in card
    assert '<i lang="nl">tijdvak</i> (period)' in card  # Dutch kept in italics
    # the rest of the card is the same with or without the English
    start = card.index(f"<div {_BOX}")
    assert card[:start] + card[card.index("</div>", start) + len("</div>"):] == plain


def test_a_card_without_a_quote_or_without_a_translation_shows_no_english(data):
    from bridgelaws import judge
    from bridgelaws.presentation.present import describe, quoted_english
    from bridgelaws.presentation.render import ruling_html

    silent = next(r for _, r in judge("1S P 8S", "1932", "N").rulings)
    assert describe(silent).quote_nl is None and quoted_english(describe(silent)) is None
    assert _BOX not in ruling_html(silent, style=False, english=True)
    (data / "editions" / "1936" / "translation.yaml").unlink()
    ruling = _bid_above_seven_1936()
    assert quoted_english(describe(ruling)) is None
    assert _BOX not in ruling_html(ruling, style=False, english=True)


def test_the_views_pass_the_english_toggle_to_the_cards():
    from bridgelaws.presentation import views

    for html in (views.stepper_html("1S P 8S", ("1936",), english=True),
                 views.compare_html("1S P 8S", ("1936",), english=True),
                 views.panel_html("1S P 8S", "1936", english=True)):
        assert html.count(_BOX) == 1
    for html in (views.stepper_html("1S P 8S", ("1936",)), views.compare_html("1S P 8S", ("1936",))):
        assert _BOX not in html


def test_the_parallel_view_puts_each_records_english_beside_its_dutch():
    from bridgelaws.presentation import views

    html = views.parallel_html("1936:22.6")
    assert translation.LABEL.replace("'", "&#x27;") in html
    for record in corpus.article("1936:22.6").records:
        row = html[html.index(f'data-record="{record.id}"'):]
        row = row[:row.index("</tr>")]
        dutch, english = row.split('<td lang="en">')
        assert record.text.split(",")[0][:30] in dutch
        assert "bids more than seven" in english if record.id == "1936:22.6.c" else True
    assert "Rarely occurring incorrect calls." in html and "Incorrect calls" in html
    topic = views.topic_parallel_html("doubling")
    for year in YEARS:
        assert f'data-edition="{year}"' in topic


def test_the_parallel_view_says_so_where_there_is_no_english(data):
    from bridgelaws.presentation import views

    (data / "editions" / "2007" / "translation.yaml").unlink()
    html = views.parallel_html("2007:17")
    assert html.count("(no English translation of this paragraph yet)") == len(corpus.article("2007:17").records)


def test_the_widgets_toggle_the_english_on_the_cards():
    pytest.importorskip("ipywidgets")
    from bridgelaws.interfaces.widgets import AuctionStepper, CompareExplorer, ExerciseCard, ParallelTextExplorer

    stepper = AuctionStepper("1S P 8S", editions=("1936",))
    assert _BOX not in stepper.output_html
    stepper.english.value = True
    assert stepper.output_html.count(_BOX) == 1
    explorer = CompareExplorer()
    explorer.typed.value = "1S P 8S"
    explorer.refresh()
    before = explorer.output_html.count(_BOX)
    explorer.english.value = True
    assert before == 0 and explorer.output_html.count(_BOX) >= 1
    card = ExerciseCard()
    card.reveal()
    card.english.value = True
    assert _BOX in card.output_html  # the revealed answer stays revealed, with the English
    parallel = ParallelTextExplorer("insufficient bid", article="1936:22.6")
    assert 'data-record="1936:22.6.c"' in parallel.output_html
    parallel.article.value = "1999:1"
    assert "unknown edition" in parallel.message.value
