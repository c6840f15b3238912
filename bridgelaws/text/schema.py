"""The schema of every data file, checked when the file is loaded.

Each ``parse_*`` function takes what :func:`bridgelaws.text.datafiles.load` read and either returns it as
typed records (or as the checked plain data the callers already use) or raises one
:class:`BridgeLawsError` line naming the file, the entry and the field, e.g.::

    rulings/bid-above-seven.yaml: 1936.options[0].by: 'declarer' is not one of offender, partner, side, lho, first-bidder

A misspelt key is an error (never silently ignored), and so is a role, scope, status, condition or
effect outside the vocabulary below. The vocabulary of the rulings is documented for readers in
``data/rulings/README.md``; conditions and effects are checked against the engine's own registries
(:data:`bridgelaws.judging.conditions.CONDITIONS`, :data:`bridgelaws.judging.effects.EFFECTS`, handed
down by the judging layer: :class:`EngineNames`), so that a name the engine cannot act on is refused
at load time, not at judging time.
"""

from __future__ import annotations

from .schema_base import (RANKS, Status, Role, Scope, Next, Deemed, Requires, Outcome, CaseKind, Code,
    STATUSES, ROLES, SCOPES, ProfileDimension, PROFILE_DIMENSIONS, Loc, fields, listing, string,
    opt_string, strings, boolean, one_of, text, year_keys)
from .schema_rulings import (BarSpec, OptionSpec, BranchSpec,
    RulingSpec, EngineNames, parse_ruling, SILENT_SUMMARY, parse_rulings)
from .schema_supplement import (SourceKind, SOURCE_KINDS, SupplementSource,
    SupplementArticle, SupplementGap, parse_supplement_sources, parse_supplement_edition,
    supplement_ids, parse_supplement_rulings, ShingleExemption, parse_shingle_exemptions, WHERE_WORDS, TERM_WORDS)
from .schema_content import (parse_cases, RIGHTS_RULES, parse_rights,
    ACCEPTANCE_PLACEHOLDERS, parse_acceptance, parse_scenarios, parse_topics, parse_glossary,
    TranslationException, TranslationFile, parse_translation_file,
    BIBLIOGRAPHY_FIELDS, BibliographicField, parse_bibliography, parse_bibliography_common, parse_exercises)
from .schema_files import (NotModelledSpec, NotModelledFile, parse_not_modelled,
    parse_corpus, parse_corpus_changes, EXPECT_FIELDS, parse_test_cases, parse_supplement_test_cases, SpellingSource,
    SpellingRule, SpellingRules, parse_spelling_rules)

#: Every name of the schema, wherever its module: importable from here.
__all__ = ["Status", "Role", "Scope", "Next", "Deemed", "Requires", "Outcome", "CaseKind", "Code", "STATUSES",
           "ROLES", "SCOPES", "ProfileDimension", "PROFILE_DIMENSIONS", "Loc", "fields", "listing",
           "string", "opt_string", "strings",
           "boolean", "one_of", "text", "year_keys", "BarSpec", "OptionSpec", "BranchSpec", "RulingSpec", "EngineNames",
           "parse_ruling", "SILENT_SUMMARY", "parse_rulings", "SourceKind", "SOURCE_KINDS", "SupplementSource",
           "SupplementArticle", "SupplementGap", "parse_supplement_sources",
           "parse_supplement_edition", "supplement_ids", "parse_supplement_rulings", "ShingleExemption",
           "parse_shingle_exemptions", "WHERE_WORDS", "TERM_WORDS", "parse_cases", "RANKS", "RIGHTS_RULES", "parse_rights",
           "ACCEPTANCE_PLACEHOLDERS", "parse_acceptance", "parse_scenarios", "parse_topics", "parse_glossary",
           "TranslationException", "TranslationFile", "parse_translation_file", "BIBLIOGRAPHY_FIELDS",
           "BibliographicField", "parse_bibliography",
           "parse_bibliography_common", "parse_exercises", "NotModelledSpec",
           "NotModelledFile", "parse_not_modelled", "parse_corpus", "parse_corpus_changes",
           "EXPECT_FIELDS", "parse_test_cases",
           "parse_supplement_test_cases", "SpellingSource", "SpellingRule", "SpellingRules",
           "parse_spelling_rules"]
