"""The command line, called in-process (fast) and once as a real subprocess."""

import json
import subprocess
import sys

import pytest

from bridgelaws.interfaces.cli import main
from bridgelaws.auction.editions import EDITIONS


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_judge_json(capsys):
    code, out, err = run(capsys, "judge", "--edition", "1936", "--dealer", "N", "--json", "1S P 2S P P P")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["state"]["contract"] == "2S" and data["state"]["declarer"] == "N"


def test_judge_text_shows_the_outcome_with_its_article(capsys):
    code, out, _ = run(capsys, "judge", "--edition", "1932", "--dealer", "E", "P P P P")
    assert code == 0 and "the next dealer deals" in out and "1932:11.2" in out


def test_count_auctions(capsys):
    code, out, _ = run(capsys, "count-auctions", "--edition", "1949")
    assert code == 0
    assert "128,745,650,347,030,683,120,231,926,111,609,371,363,122,697,557" in out


@pytest.mark.parametrize("argv, fragment", [
    (["judge", "--edition", "1999", "P"], "unknown edition '1999'"),
    (["judge", "--edition", "1936", "--dealer", "Q", "P"], "unknown seat 'Q'"),
    (["judge", "--edition", "1936", "1S 1Q"], "'1Q' at position 2"),
    (["judge", "1S"], "required: --edition"),
    (["article", "1936:99"], "1936:99"),
    (["count-auctions", "--edition", "x"], "unknown edition 'x'"),
    (["nonsense"], "invalid choice"),
    (["pbn", "/nonexistent/file.pbn"], "/nonexistent/file.pbn"),
])
def test_every_error_is_exit_2_and_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("bridgelaws: error:") and fragment in err


def test_editions_lists_all_five_and_their_inheritances(capsys):
    code, out, _ = run(capsys, "editions")
    assert code == 0
    for edition in EDITIONS:
        assert f"\n{edition.year}  " in "\n" + out
    assert "inherits" in out and "from 2017" in out


def test_article_prints_verbatim_text(capsys):
    code, out, _ = run(capsys, "article", "1936:22.3")
    assert code == 0 and "het laagste voldoende bod van dezelfde speelsoort" in out
    assert "1936:22.3.a" in out


def test_search_finds_a_word(capsys):
    code, out, _ = run(capsys, "search", "herdubbeid")
    assert code == 0 and "1932:" in out


def test_module_entry_point_and_cheap_import():
    done = subprocess.run([sys.executable, "-m", "bridgelaws", "judge", "--edition", "2017", "1NT P P P"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "contract 1NT (2017:22.A), declarer North" in done.stdout
    probe = ("import sys, bridgelaws; heavy = {'pandas', 'matplotlib', 'ipywidgets'} & set(sys.modules); "
             "print(sorted(heavy))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]"


def test_a_line_break_typed_into_an_argument_stays_on_one_error_line(capsys):
    code, out, err = run(capsys, "judge", "--edition", "19\n36", "P")
    assert code == 2 and err.count("\n") == 1 and "19\\n36" in err
    code, out, err = run(capsys, "judge", "--edition", "1936", "P", "\n")
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["compare", "1S ZZ"], "bridgelaws: error: cannot read token 'ZZ' at position 2"),
    (["compare", "--json", "1S ZZ"], "bridgelaws: error: cannot read token 'ZZ' at position 2"),
    (["compare", "--dealer", "Q", "1S"], "bridgelaws: error: unknown seat 'Q' (dealer)"),
])
def test_compare_with_an_unreadable_scenario_is_one_line_and_exit_2_as_judge(capsys, argv, message):
    # A token no edition can read is not a per-edition result (issue 15, section 4).
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_an_error_line_is_bounded_whatever_the_input(capsys, tmp_path):
    # A 100,000-character token used to be echoed whole (issue 15, section 4).
    from bridgelaws.interfaces.cli import MAX_ERROR_CHARS

    code, out, err = run(capsys, "judge", "--edition", "2017", "1S " + "Z" * 100_000)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert len(err) < MAX_ERROR_CHARS + 100 and err.endswith("more characters)\n")
    game = tmp_path / "long.pbn"
    game.write_text('[Dealer "N"]\n[Auction "N"]\n1S ' + "Q" * 200_000 + "\n", encoding="ascii")
    code, _, err = run(capsys, "pbn", str(game))
    assert code == 2
    assert all(len(line) < MAX_ERROR_CHARS + 100 for line in err.splitlines())


def test_an_error_line_never_carries_terminal_control_codes():
    from bridgelaws.interfaces.cli import one_line

    line = one_line("bad token '\x1b]0;owned\x07\x1b[31m' \x9b2J")
    assert line == "bad token '\\x1b]0;owned\\x07\\x1b[31m' \\x9b2J"
    assert not any(ord(ch) < 0x20 or 0x7f <= ord(ch) < 0xa0 for ch in line)


def test_escaping_cannot_make_an_error_line_longer_than_the_bound():
    from bridgelaws.interfaces.cli import MAX_ERROR_CHARS, one_line

    assert len(one_line("\x1b" * 5000)) < MAX_ERROR_CHARS + 50


def _canonical_scenarios() -> list[tuple[str, str]]:
    from bridgelaws.text import datafiles

    cases = datafiles.load("cases.yaml")
    return [(case["scenario"]["tokens"], case["scenario"].get("dealer", "N")) for case in cases]


@pytest.mark.parametrize("tokens, dealer", [
    *_canonical_scenarios(),
    # Tokens that are not calls (finding 1 of the second reading of issue 9): each crashed the text
    # listing with an IndexError while --json, --csv and judge read them.
    ("1S N:=2S", "N"), ("1S N:>2S", "N"), ("1S ?", "N"), ("1S P P S:[wrong-board]", "N"),
    ("1S X S:[misinformed]", "N"), ("[incorrect-deal]", "N"), ("1S S:[other-hand]", "N")])
def test_compare_in_text_mode_lists_every_token_of_every_canonical_scenario(capsys, tokens, dealer):
    assert main(["compare", tokens, "--dealer", dealer]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f'scenario "{tokens}"')
    # Each token that is not a call is named as written, with its player when the token names one.
    if tokens == "1S S:[wrong-board]":
        assert "token 2: South's incident S:[wrong-board]" in out
    if tokens == "[incorrect-deal]":
        assert "token 1: incident [incorrect-deal]" in out


# --- Issue 25 §1: the error line names the command once, and --editions with spaces gets a hint.

@pytest.mark.parametrize("argv, line", [
    # A space instead of the comma: the second year was read as the scenario, the scenario left over.
    (["compare", "--editions", "1936", "2017", "1S 1H"],
     "bridgelaws: error: compare: --editions 1936 2017: did you mean --editions 1936,2017? "
     "(a comma list, without spaces)\n"),
    (["compare", "--editions", "1936", "2017"],
     "bridgelaws: error: compare: --editions 1936 2017: did you mean --editions 1936,2017? "
     "(a comma list, without spaces)\n"),
    (["matrix", "--status", "--editions", "1932", "1949", "2017"],
     "bridgelaws: error: matrix: --editions 1932 1949 2017: did you mean --editions 1932,1949,2017? "
     "(a comma list, without spaces)\n"),
    (["count-auctions", "--edition", "1936", "1949"],
     "bridgelaws: error: count-auctions: --edition 1936 1949: did you mean --edition 1936,1949? "
     "(a comma list, without spaces)\n"),
    (["--lang", "nl", "compare", "--editions", "1936", "2017", "1S 1H"],
     "bridgelaws: fout: compare: --editions 1936 2017: bedoelt u --editions 1936,2017? "
     "(een lijst met komma's, zonder spaties)\n"),
    (["judge", "--edition", "1936", "1S", "extra"],
     "bridgelaws: error: judge: unrecognized arguments: extra (see bridgelaws judge --help)\n"),
    (["compare", "--dealer"],
     "bridgelaws: error: compare: argument --dealer: expected one argument (see bridgelaws compare --help)\n"),
])
def test_an_argument_error_is_one_line_with_the_prefix_once(capsys, argv, line):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == line
    assert err.count("bridgelaws") == (2 if "--help" in line else 1)  # the prefix, and the help to read


def test_a_judge_edition_is_not_offered_as_a_comma_list(capsys):
    # judge takes one edition: no "did you mean" for it, the extra word is named instead.
    code, _, err = run(capsys, "judge", "--edition", "1936", "2017", "1S")
    assert code == 2 and "did you mean" not in err and "unrecognized arguments: 1S" in err


def test_the_comma_list_still_works(capsys):
    code, out, err = run(capsys, "compare", "--editions", "1936,2017", "--layer", "corpus", "1S 1H")
    assert code == 0 and err == ""
    assert "\n1936  insufficient-bid: RULED" in out and "\n2017  insufficient-bid: REFERENCED" in out
    assert "\n1932 " not in out


# --- Each --help ends with two worked examples, in plain text (no reStructuredText markup).

def _helps():
    from bridgelaws.interfaces.cli import build_parser

    parser = build_parser()
    subparsers = next(action for action in parser._actions if action.dest == "command")
    return {"bridgelaws": parser.format_help(),
            **{name: command.format_help() for name, command in subparsers.choices.items()}}


HELPS = _helps()


def test_every_command_has_help():
    assert set(HELPS) == {"bridgelaws", "editions", "cite", "export-tei", "export-site", "article", "search",
                          "diff", "count-auctions", "judge", "compare", "distinguish", "matrix", "handout",
                          "impact", "coverage", "ledger", "exercises", "pbn", "completion"}


@pytest.mark.parametrize("command", sorted(HELPS))
def test_help_ends_with_two_examples_that_parse(command):
    import re
    import shlex

    from bridgelaws.interfaces.cli import build_parser

    text = HELPS[command]
    assert "\nexamples:\n" in text
    tail = text.rsplit("\nexamples:\n", 1)[1].rstrip("\n").split("\n")
    assert len(tail) == 4, tail  # two examples, each a command line and a line saying what it shows
    lines, whats = tail[0::2], tail[1::2]
    for line, what in zip(lines, whats):
        assert line.startswith("  bridgelaws ") and what.startswith("      ") and what.strip()
        assert len(line) <= 80 and len(what) <= 80
        if command != "bridgelaws":
            assert re.search(rf"^  bridgelaws {re.escape(command)}( |$)", line), line
        # Each example is a call the parser accepts (it is not run here: some take minutes).
        args = build_parser().parse_args(shlex.split(line)[1:])
        assert args.command


@pytest.mark.parametrize("command", sorted(HELPS))
def test_help_has_no_restructuredtext_markup(command):
    import re

    text = HELPS[command]
    assert "``" not in text
    assert not re.search(r":(func|mod|class|meth|data|attr|ref|doc):`", text)


def test_the_examples_in_help_run(capsys, tmp_path, monkeypatch):
    # The quick ones are run (the search, the site and the drafts' impact take long; their options parse above).
    import shlex

    from bridgelaws.interfaces.cli import EXAMPLES

    monkeypatch.chdir(tmp_path)
    quick = {"editions", "cite", "article", "diff", "judge", "compare", "coverage", "matrix"}
    for command in sorted(quick):
        for line, _ in EXAMPLES[command]:
            code, out, err = run(capsys, *shlex.split(line)[1:])
            assert code == 0 and err == "" and out, (line, err)


def test_version_prints_the_packages_version(capsys):
    import bridgelaws

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"bridgelaws {bridgelaws.__version__}\n"


def test_every_option_and_argument_of_every_command_has_help():
    import argparse

    from bridgelaws.interfaces.cli import build_parser

    parser = build_parser()
    subparsers = next(action for action in parser._actions if action.dest == "command")
    missing = [f"{name} {action.option_strings or action.dest}"
               for name, command in [("bridgelaws", parser), *subparsers.choices.items()]
               for action in command._actions
               if not isinstance(action, argparse._SubParsersAction)
               and (action.help is None or (action.help != argparse.SUPPRESS and not action.help.strip()))]
    assert missing == []
    assert "the dealer, who calls first" in HELPS["judge"] and "a draft file" in HELPS["judge"]


def _complete(shell_script: str, words: list[str]) -> list[str]:
    """What the completion script offers for the command line ``words`` (the last is being typed)."""
    import shutil
    import subprocess

    if shutil.which("bash") is None:
        pytest.skip("no bash on this machine: the completion script cannot be run")
    line = " ".join(f"'{word}'" for word in words)
    program = (f"{shell_script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; _bridgelaws; "
               f"printf '%s\\n' \"${{COMPREPLY[@]}}\"")
    done = subprocess.run(["bash", "-c", program], capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_the_bash_completion_offers_commands_options_and_choices(capsys):
    assert main(["completion", "bash"]) == 0
    script = capsys.readouterr().out
    assert script.rstrip().endswith("complete -o default -F _bridgelaws bridgelaws")
    assert _complete(script, ["bridgelaws", "ju"]) == ["judge"]
    assert sorted(_complete(script, ["bridgelaws", "--lang", "nl", "co"])) == ["compare", "completion",
                                                                               "count-auctions", "coverage"]
    assert _complete(script, ["bridgelaws", "judge", "--ed"]) == ["--edition"]
    assert _complete(script, ["bridgelaws", "matrix", "--format", ""]) == ["csv", "json", "xlsx", "latex"]
    assert _complete(script, ["bridgelaws", "judge", "--dealer", ""]) == ["N", "E", "S", "W"]
    assert _complete(script, ["bridgelaws", "--lang", ""]) == ["en", "nl"]
    assert main(["completion", "zsh"]) == 0
    assert "bashcompinit" in capsys.readouterr().out


def test_article_shows_a_supplementary_article_labelled_as_such(capsys):
    # Before, `article 2007:30.B.2.a` refused it ("unknown article"): the id is the supplementary
    # layer's, not the corpus's. The article is asked of the data.
    from bridgelaws.supplement.supplement import articles, provenance

    entry = articles()[0]
    code, out, err = run(capsys, "article", entry.id)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{entry.id}  {entry.title_en}"
    assert "not an article of the corpus" in lines[1] and "never a quote" in lines[1]
    source = provenance(entry.id)
    assert lines[2].startswith(f"  outside the corpus: paraphrase of {entry.id} from {source.source_title}")
    assert lines[3] == f"  {entry.paraphrase_en}"
    code, out, _ = run(capsys, "--lang", "nl", "article", entry.id)
    assert code == 0 and "geen artikel van het corpus" in out and "(nog niet in het Nederlands)" in out
    code, out, _ = run(capsys, "article", entry.id, "--json")
    assert json.loads(out)["layer"] == "supplement" and json.loads(out)["provenance"]["source"] == source.source
    code, _, err = run(capsys, "article", f"{entry.edition}:999.Z")
    assert code == 2 and err.startswith(f"bridgelaws: error: unknown article '{entry.edition}:999.Z'")
