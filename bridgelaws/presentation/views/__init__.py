"""Views for the notebooks and the widgets: pure functions that return HTML strings or DataFrames.

Nothing here decides a ruling: every answer comes from :func:`bridgelaws.judge`, the rulings
data (:mod:`bridgelaws.judging.rulings`, :mod:`bridgelaws.presentation.tables`) and the corpus (:mod:`bridgelaws.text.corpus`).
The widgets (:mod:`bridgelaws.interfaces.widgets`) only keep state and call these functions; the tests call
them directly. The HTML is deterministic: no random element ids, no memory addresses. How a ruling
is worded comes from :mod:`bridgelaws.presentation.present`.

One module per concept; this package re-exports their public names:

- :mod:`~bridgelaws.presentation.views.stepper`: the auction stepper (steps, panels, legal calls, acceptance);
- :mod:`~bridgelaws.presentation.views.compare`: one scenario under every edition;
- :mod:`~bridgelaws.presentation.views.matrix`: every case under every edition, and the strictness in turns barred;
- :mod:`~bridgelaws.presentation.views.sources`: the sources, their contents, notes and references;
- :mod:`~bridgelaws.presentation.views.texts`: the texts side by side, spelling variants and the glossary;
- :mod:`~bridgelaws.presentation.views.search`: the search over the texts and the diff of two texts;
- :mod:`~bridgelaws.presentation.views.teaching`: exercises and the short history;
- :mod:`~bridgelaws.presentation.views.quiz`: the quiz (marks and score) and the printable handout with its key;
- :mod:`~bridgelaws.presentation.views.coverage`: how much of each text the engine models, and why not the rest.
- :mod:`~bridgelaws.presentation.views.supplement`: beyond the corpus: the supplementary layer's sources,
  articles and gaps, and a case with the corpus beside the sourced paraphrase.

pandas is imported inside the functions that build DataFrames, so that ``import bridgelaws.presentation.views``
stays cheap.

The data files the views read (``data/``):

- ``scenarios.yaml``: the stepper's prepared scenarios (name, dealer, tokens);
- ``topics.yaml``: topic -> the articles of each edition that treat it (a gap where none does);
- ``glossary.yaml``: Dutch terms with English, where they occur, and families of spelling variants;
- ``exercises.yaml``: exercises (scenarios and questions, never answers) and a short history whose
  every claim quotes its article.
"""

from __future__ import annotations

from ..present import MUST_PASS_LABELS, STATUS_LABELS, STATUS_NAMES, must_pass_key
from ._common import YEARS, token_list
from ...text.content import (exercises, find_exercise, find_scenario, find_topic, history, scenarios,
                       scenarios_table, topics, topics_table)
from .compare import CaseExample, case_choices, case_examples, case_scenario, compare_html, compare_table
from .matrix import (REST_OF_AUCTION_TURNS, MatrixCell, matrix_card_html, matrix_grid, matrix_html, status_counts, strictness, strictness_summary,
                     strictness_table, turns_barred)
from .sources import (NOTEBOOK_CSS, articles_table, contents_html, corpus_stats, editions_overview,
                      notebook_css, notes_summary, notes_table, outside_targets, references_table)
from .sources import bibliography_provenance, sources_bibliography
from .stepper import (acceptance_offer, check_tokens, edition_years, judge_prefix, legal_calls_html,
                      must_pass_html, panel_html, stepper_html, steps, steps_html, tokens_at, warm_up)
from .coverage import coverage_table, not_modelled_table, reasons_table
from .supplement import (layers_html, supplement_articles_table, supplement_gaps_table,
                         supplement_sources_table)
from .teaching import exercise_answers, exercise_html, history_html
from .quiz import Score, choice_text, evidence_text, exercise_header_html, handout_html, quiz_html
from .quiz import feedback_html as quiz_feedback_html
from .quiz import hidden_key_html as quiz_hidden_key_html
from .quiz import score as quiz_score, stem as quiz_stem, title as quiz_title
from .parallel import parallel_html, topic_parallel_html
from .typed import (EXAMPLE_SCENARIO, TypedReading, discard_question, discarded_note, example_scenario, read_typed,
                    token_problem)
from .search import diff_html, search_html
from .texts import (topic_options, changed_words, count_form, fold, glossary, spelling_evolution, texts_side_by_side,
                    words)

__all__ = [
    "CaseExample", "topic_options", "MUST_PASS_LABELS", "NOTEBOOK_CSS", "REST_OF_AUCTION_TURNS", "STATUS_LABELS", "YEARS",
    "acceptance_offer", "articles_table", "case_choices", "case_examples", "case_scenario", "changed_words",
    "check_tokens",
    "compare_html", "compare_table", "contents_html", "corpus_stats", "count_form", "edition_years",
    "editions_overview", "exercise_answers", "exercise_html", "exercises", "find_exercise", "find_scenario",
    "find_topic", "fold", "glossary", "history", "history_html", "judge_prefix", "legal_calls_html",
    "matrix_html", "must_pass_html", "must_pass_key", "notebook_css", "notes_summary", "notes_table",
    "outside_targets", "panel_html", "references_table", "scenarios", "scenarios_table", "spelling_evolution",
    "status_counts", "stepper_html", "steps", "steps_html", "strictness", "strictness_summary",
    "strictness_table", "texts_side_by_side", "token_list", "tokens_at", "topics", "topics_table",
    "turns_barred", "warm_up", "words",
    "coverage_table", "not_modelled_table", "reasons_table",
    "layers_html", "supplement_articles_table", "supplement_gaps_table", "supplement_sources_table", "STATUS_NAMES",
    "parallel_html", "topic_parallel_html",
    "bibliography_provenance", "sources_bibliography",
    "diff_html", "search_html",
    "EXAMPLE_SCENARIO", "TypedReading", "discard_question", "discarded_note", "example_scenario", "read_typed",
    "token_problem", "MatrixCell", "matrix_card_html", "matrix_grid",
    "Score", "choice_text", "evidence_text", "exercise_header_html", "handout_html", "quiz_feedback_html", "quiz_hidden_key_html", "quiz_html", "quiz_score", "quiz_stem", "quiz_title",
]
