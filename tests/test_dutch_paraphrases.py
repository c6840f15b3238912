"""Issue 35 §1: every article of the supplementary layer has its own Dutch paraphrase (``paraphrase_nl``),
in the edition's terms, read by the paraphrase guard against every source (the NBB's Dutch texts
among them), and shown where a Dutch reader meets the paraphrase."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from bridgelaws.supplement import shingles, supplement
from bridgelaws.text import corpus, datafiles

REPO = Path(__file__).resolve().parents[1]


def test_every_supplementary_article_has_a_dutch_paraphrase():
    articles = supplement.articles()
    assert len(articles) >= 180  # the four editions' layers: not a test over nothing
    missing = [a.id for a in articles if not a.paraphrase_nl]
    assert not missing, f"articles without paraphrase_nl: {missing}"
    same = [a.id for a in articles if a.paraphrase_nl == a.paraphrase_en]
    assert not same, f"paraphrase_nl is the English: {same}"


def test_the_guard_reads_every_dutch_paraphrase():
    labels = {label for label, _ in supplement.guarded_texts()}
    for article in supplement.articles():
        assert f"{article.id} paraphrase_nl" in labels
    assert supplement.field_language("paraphrase_nl") == "nl"


def test_a_dutch_paraphrase_copying_the_nbbs_2007_text_is_found(tmp_path):
    # The NBB's own Dutch 2007 Law 27B (keesboek-2007-27b, kind code-text, hashed): its words planted
    # into the Dutch paraphrase of 2007:27.B.2 must fail the guard.
    copy = tmp_path / "data"
    shutil.copytree(REPO / "data", copy)
    path = copy / "editions" / "2007" / "supplement.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    entry = next(a for a in raw["articles"] if a["id"] == "2007:27.B.2")
    entry["paraphrase_nl"] = "De voorspeelbeperkingen van artikel 26 kunnen van toepassingen zijn."
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with datafiles.override(copy):
        found = {(entry, source) for entry, source, _ in supplement.copied_runs()}
    assert ("2007:27.B.2 paraphrase_nl", "keesboek-2007-27b") in found


def test_no_dutch_paraphrase_copies_eight_words_of_the_corpus():
    # The verbatim Dutch texts of the five editions are not sources of the layer, but a paraphrase
    # is no place for their sentences either.
    known = set()
    for record in corpus.records():
        known |= shingles.shingle_hashes(record.text)
    copied = {a.id: shingles.shared(a.paraphrase_nl or "", known) for a in supplement.articles()}
    assert not {k: v for k, v in copied.items() if v}


# The Dutch terms of the edition concerned: 1932 and 1949 say "maat" (1932:15, 1936:19, 1949:26.a), 2007
# and 2017 "partner" (2007:17.D.2, 2017:20.F.1); 2007 and 2017 "doublet", "redoublet", "bod", "bieding".
_WRONG = {"1932": r"\bpartner", "1949": r"\bpartner", "2007": r"\bmaat\b", "2017": r"\bmaat\b"}


@pytest.mark.parametrize("year", sorted(_WRONG))
def test_the_dutch_paraphrase_uses_the_editions_word_for_partner(year):
    wrong = [a.id for a in supplement.articles(year) if re.search(_WRONG[year], a.paraphrase_nl or "")]
    assert not wrong


def test_no_english_call_names_in_the_dutch_paraphrases():
    english = re.compile(r"\b(double|redouble|pass|bid|call|partner's|opponent|director|declarer|dummy)\b")
    assert not [a.id for a in supplement.articles() if english.search(a.paraphrase_nl or "")]


def test_the_dutch_articles_table_shows_the_dutch_paraphrase():
    from bridgelaws.presentation.views.supplement import supplement_articles_table

    dutch = supplement_articles_table("2017", lang="nl")
    english = supplement_articles_table("2017")
    assert dutch.loc["2017:38.B", "paraphrase"] == supplement.article("2017:38.B").paraphrase_nl
    assert english.loc["2017:38.B", "paraphrase"] == supplement.article("2017:38.B").paraphrase_en


def test_a_dutch_listing_of_an_accepted_call_shows_the_dutch_paraphrase(capsys):
    # 2017 "1S 1H S:P": South calls over the insufficient bid and so accepts it (2017:27.A.1).
    from bridgelaws.interfaces.cli import main

    assert main(["--lang", "nl", "judge", "--edition", "2017", "1S 1H S:P"]) == 0
    out = capsys.readouterr().out
    assert supplement.article("2017:27.A.1").paraphrase_nl in out
    assert supplement.article("2017:27.A.1").paraphrase_en not in out


def test_article_of_a_supplementary_article_in_dutch_shows_the_dutch_paraphrase(capsys):
    from bridgelaws.interfaces.cli import main

    entry = supplement.article("2007:30.B.2.a")
    assert main(["--lang", "nl", "article", "2007:30.B.2.a"]) == 0
    out = capsys.readouterr().out
    assert entry.paraphrase_nl in out and entry.paraphrase_en not in out
    assert main(["article", "2007:30.B.2.a"]) == 0
    assert entry.paraphrase_en in capsys.readouterr().out
