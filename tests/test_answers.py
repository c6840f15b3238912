"""What the judging layer hands down to the layers below it (bridgelaws/judging/answers.py): the outcome
of four passes and drafts to the registry of editions, the engine's names to the schema of the rulings.
The layers below never import it; ``import bridgelaws`` does, so every entry point has the answers,
whichever module it imports first. The registry's data is read in the text layer (text/registry.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bridgelaws import BridgeLawsError
from bridgelaws.text import datafiles, registry
from bridgelaws.text.schema import Loc, parse_ruling

REPO = Path(__file__).resolve().parents[1]


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)


def test_a_module_imported_on_its_own_has_the_all_pass_outcome_and_drafts():
    # Only the auction layer's module is named: the package's __init__ runs first and wires the answers.
    # data/rulings/all-pass.yaml: 1936 "gaat het spel niet door" -> next-deal; 2017:22.B "ongespeeld in
    # het bord teruggestoken" -> passed-out; 2007 states no outcome and inherits all-pass from 2017.
    # data/drafts/1936-with-2017-closing.yaml: id 1936-2017-closing, base 1936, closing three-passes-no-lost-turn.
    done = _run("from bridgelaws.auction.editions import find_edition\n"
                "print(*(find_edition(y).all_pass_outcome for y in ('1936', '2007', '2017')))\n"
                "draft = find_edition('data/drafts/1936-with-2017-closing.yaml')\n"
                "print(draft.year, draft.record.closing, draft.all_pass_outcome, draft.draft is not None)\n"
                "print(find_edition('1936-2017-closing') is draft)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["next-deal passed-out passed-out",
                                        "1936-2017-closing three-passes-no-lost-turn next-deal True", "True"]


def test_the_schema_imported_on_its_own_checks_the_engine_s_condition_names():
    done = _run("from bridgelaws.text.schema import Loc, parse_ruling\n"
                "from bridgelaws import BridgeLawsError\n"
                "try:\n"
                "    parse_ruling({'status': 'ruled', 'summary_en': 'E', 'when': [{'condition': 'partner-bid'}]},"
                " Loc('rulings/x.yaml', '1936'))\n"
                "except BridgeLawsError as error:\n"
                "    print(error)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("rulings/x.yaml: 1936.when[0].condition: 'partner-bid' is not one of otherwise, ")
    assert "partners-bid" in done.stdout


def test_import_bridgelaws_reads_no_data_and_loads_no_rulings():
    done = _run("import sys, bridgelaws\n"
                "print(sorted({'yaml', 'bridgelaws.judging.rulings', 'bridgelaws.judging.drafts',"
                " 'bridgelaws.judging.judging'} & set(sys.modules)))")
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr


def test_a_correction_needs_the_offender_to_call_next_naming_file_entry_and_field():
    # effects.CORRECTIONS: the offender's replacing bid chooses it, so the ruling must say 'next: offender'.
    entry = {"status": "ruled", "summary_en": "E",
             "options": [{"by": "offender", "choice": "lowest-sufficient-same-denomination"}]}
    with pytest.raises(BridgeLawsError) as caught:
        parse_ruling(entry, Loc("rulings/x.yaml", "1936"))
    assert str(caught.value) == ("rulings/x.yaml: 1936.options[0].choice: 'lowest-sufficient-same-denomination' "
                                 "is a correction by the offender: it needs 'next: offender'")
    assert parse_ruling({**entry, "next": "offender"}, Loc("rulings/x.yaml", "1936")).options[0].choice == \
        "lowest-sufficient-same-denomination"


def test_the_text_layer_reads_the_registry_s_years_and_derivations():
    # Read from the files here, not through the package: the folders with an edition.yaml, by name.
    folders = sorted(path.parent.name for path in (datafiles.data_dir() / "editions").glob("*/edition.yaml"))
    assert registry.years() == tuple(folders)
    for year in folders:
        given = yaml.safe_load((datafiles.data_dir() / "editions" / year / "edition.yaml").read_text(encoding="utf-8"))
        assert registry.derives(year) == given.get("derives")
    with pytest.raises(BridgeLawsError, match=f"^unknown edition '1999': choose one of {', '.join(folders)}$"):
        registry.derives("1999")


def test_remap_reads_a_base_s_ids_as_the_derived_edition_s_and_leaves_others():
    value = {"articles": ["2017:22.B", "1936:15"], "text": "see 2017:22.A, not x2017:1"}
    assert registry.remap(value, "2017", "2025") == {"articles": ["2025:22.B", "1936:15"],
                                                     "text": "see 2025:22.A, not x2017:1"}
