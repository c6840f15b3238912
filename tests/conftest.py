"""Shared test helpers: where ../shared is, and a skip with a visible reason when it is not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/golden/ from the current output (then review it with git diff)")


def shared_dir() -> Path:
    override = os.environ.get("BRIDGELAWS_SHARED")
    return Path(override) if override else REPO.parent / "shared"


@pytest.fixture
def shared() -> Path:
    path = shared_dir()
    if not path.is_dir():
        pytest.skip(f"../shared is not beside the repository (looked for {path}); "
                    "set BRIDGELAWS_SHARED to run the tests on the real sources and corpora")
    return path


# --- OpenFisca-style test cases: tests/cases/<case>.yaml, one item per entry -------------------

def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".yaml" and file_path.parent.name == "cases" and file_path.parent.parent == REPO / "tests":
        return CaseFile.from_parent(parent, path=file_path)
    if file_path.suffix == ".yaml" and file_path.parent == REPO / "tests" / "supplement_cases":
        return SupplementCaseFile.from_parent(parent, path=file_path)
    return None


class CaseFile(pytest.File):
    def collect(self):
        import yaml

        from bridgelaws import BridgeLawsError
        from bridgelaws.text.schema import parse_test_cases

        # Checked like the package's own data: an unknown or misspelt field (in `expect` too) is a
        # one-line error at collection, never an expectation that silently checks nothing.
        try:
            entries = parse_test_cases(yaml.safe_load(self.path.read_text(encoding="utf-8")),
                                       f"tests/cases/{self.path.name}")
        except BridgeLawsError as error:
            raise self.CollectError(str(error)) from None
        for number, entry in enumerate(entries, start=1):
            label = entry.get("name", "").replace(" ", "-") or "main"
            yield CaseItem.from_parent(self, name=f"{entry['edition']}-{label}-{number}", entry=entry,
                                       case=self.path.stem)


class CaseItem(pytest.Item):
    def __init__(self, *, entry, case, **kwargs):
        super().__init__(**kwargs)
        self.entry = entry
        self.case = case

    def runtest(self):
        from bridgelaws.text import corpus
        from bridgelaws import judge
        from bridgelaws.judging.rulings import generic_ruling

        entry, expect = self.entry, self.entry["expect"]
        # The deciding sentence is quoted verbatim from the article the entry names.
        text = corpus.article(entry["article"]).text
        assert entry["decided_by"] in text, f"decided_by is not verbatim in {entry['article']}"
        if entry.get("situation"):
            check_ruling(generic_ruling(self.case, entry["edition"]), expect)
            return
        scenario = entry["scenario"]
        result = judge(scenario["tokens"], entry["edition"], scenario["dealer"], layer="corpus")
        state = result.state
        if "event" in expect:
            event = next(e for e in result.events if e.index == expect["event"])
            assert event.case == expect["case"], (event.case, expect["case"])
            ruling = event.ruling
            check_ruling(ruling, expect)
        if "ruling" in entry:
            check_ruling(generic_ruling(self.case, entry["edition"]), entry["ruling"])
        check_state(state, expect)

    def repr_failure(self, excinfo):
        return f"{self.case} / {self.entry['edition']} ({self.entry['article']}): {excinfo.getrepr(style='short')}"

    def reportinfo(self):
        return self.path, 0, f"{self.case}: {self.name}"


# --- the same for the supplementary layer: tests/supplement_cases/<case>.yaml ----------------------

class SupplementCaseFile(pytest.File):
    def collect(self):
        import yaml

        from bridgelaws import BridgeLawsError
        from bridgelaws.text.schema import parse_supplement_test_cases

        try:
            entries = parse_supplement_test_cases(yaml.safe_load(self.path.read_text(encoding="utf-8")),
                                                  f"tests/supplement_cases/{self.path.name}")
        except BridgeLawsError as error:
            raise self.CollectError(str(error)) from None
        for number, entry in enumerate(entries, start=1):
            label = entry.get("name", "").replace(" ", "-") or "main"
            yield SupplementCaseItem.from_parent(self, name=f"{entry['edition']}-{label}-{number}", entry=entry,
                                                 case=self.path.stem)


class SupplementCaseItem(CaseItem):
    def runtest(self):
        from bridgelaws import judge
        from bridgelaws.supplement import supplement
        from bridgelaws.judging.rulings import generic_ruling

        entry, expect = self.entry, self.entry["expect"]
        follows = entry["follows"] if isinstance(entry["follows"], list) else [entry["follows"]]
        # The entry the expectation was read from exists, with its source and paraphrase.
        for article_id in follows:
            found = supplement.article(article_id)
            assert found.edition == str(entry["edition"]) and found.paraphrase_en
        if entry.get("situation"):
            ruling = generic_ruling(self.case, entry["edition"], layer="supplement")
            check_ruling(ruling, expect)
            assert ruling.layer == "supplement" and set(follows) <= set(ruling.articles), ruling.articles
            return
        scenario = entry["scenario"]
        result = judge(scenario["tokens"], entry["edition"], scenario["dealer"], layer="supplement")
        state = result.state
        if "event" in expect:
            event = next(e for e in result.events if e.index == expect["event"])
            assert event.case == expect["case"], (event.case, expect["case"])
            check_ruling(event.ruling, expect)
        # Every entry followed is one a supplementary ruling of this scenario applied.
        named = {a for _, r in result.rulings if r.status == "supplement"
                 for a in [*r.articles, *(o["article"] for o in r.options if o["article"])]}
        assert set(follows) <= named, (follows, sorted(named))
        check_state(state, expect)

    def repr_failure(self, excinfo):
        return f"{self.case} / {self.entry['edition']} (follows {self.entry['follows']}): {excinfo.getrepr(style='short')}"


def check_state(state: dict, expect: dict) -> None:
    """The auction's state after the scenario: who calls, the outcome, the bars, the duty owed."""
    for key in ("next_to_call", "outcome", "contract", "declarer"):
        if key in expect:
            assert state[key] == expect[key], (key, state[key], expect[key])
    if "barred" in expect:
        assert state["barred"] == expect["barred"], (state["barred"], expect["barred"])
    if "duty" in expect:
        duties, wanted = state.get("duties", []), expect["duty"]
        if wanted is None:
            assert not duties, duties
        else:
            got = [{"seat": d["seat"], "requirement": d["requirement"] or "any",
                    **({"call": d["call"]} if "call" in wanted else {})} for d in duties]
            assert wanted in got, (got, wanted)


def check_ruling(ruling, expect: dict) -> None:
    if "status" in expect:
        assert ruling.status == expect["status"], (ruling.status, expect["status"])
    for article in expect.get("articles_include", ()):
        assert article in ruling.articles, (article, ruling.articles)
    for reference in expect.get("references_include", ()):
        assert reference in ruling.references, (reference, ruling.references)
    if "call_stands" in expect:
        assert ruling.call_stands == expect["call_stands"], (ruling.call_stands, expect["call_stands"])
    if "assumption" in expect:
        assert bool(ruling.assumption) == expect["assumption"], ruling.assumption
    # words the ruling's summary (English or Dutch) or its assumption must hold, read from its article
    said = " ".join(" ".join(text.split()) for text in (ruling.summary_en, ruling.summary_nl, ruling.assumption)
                    if text)
    for words in expect.get("words_include", ()):
        assert words in said, (words, said)


def _count_by_enumeration(auction) -> int:
    """Every complete auction reachable from ``auction``, by trying every legal call (slow: for
    editions with a handful of bids, to check counting and the step against brute force)."""
    if auction.is_over:
        return 1
    total = 0
    for call in auction.legal_calls():
        auction.call(call)
        total += _count_by_enumeration(auction)
        auction.undo()
    return total


@pytest.fixture
def count_by_enumeration():
    return _count_by_enumeration


@pytest.fixture
def data(tmp_path):
    """A writable copy of data/ that the package reads for the duration of the test."""
    from bridgelaws.text import datafiles
    from datacopy import copy_data

    copy = copy_data(tmp_path)
    with datafiles.override(copy):
        yield copy


# --- the browser tests' Chromium and app server (tests/serving_helpers.py) ---------------------------

@pytest.fixture(scope="module")
def _playwright():
    """Playwright, one per test module (a module that drives Playwright itself never overlaps another's)."""
    from playwright.sync_api import sync_playwright
    from serving_helpers import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        yield playwright


def _launched(playwright, path: str):
    from serving_helpers import CHROMIUM_ARGS

    if not Path(path).exists():
        pytest.skip(f"no Chromium at {path}: `make test` installs Debian's chromium")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)


@pytest.fixture(scope="module")
def browser(_playwright):
    """The browser that drives the pages: Debian's headless shell of Chromium where it is installed
    (serving_helpers.PAGES_BROWSER), one per test module."""
    from serving_helpers import PAGES_BROWSER

    launched = _launched(_playwright, PAGES_BROWSER)
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def users_browser(_playwright):
    """Debian's Chromium as users run it ($BRIDGELAWS_CHROMIUM), for the tests that measure what a
    reader sees: widths, overflow and printed pages (its default fonts are not the shell's)."""
    from serving_helpers import CHROMIUM

    launched = _launched(_playwright, CHROMIUM)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory):
    """The app as `make app` serves it (bridgelaws.interfaces.serving's command and app/voila.json): the URL and
    the server's process. One server for every browser test a worker runs: each page load starts a
    kernel of its own, so the tests share nothing but the server."""
    from bridgelaws.interfaces.serving import voila_command
    from serving_helpers import free_port, start, stop

    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    # The static script answers as soon as the server listens, without starting a kernel.
    process = start(voila_command(port=port), f"http://127.0.0.1:{port}/voila/static/voila.js", log, REPO)
    yield f"http://127.0.0.1:{port}/", process
    stop(process)


@pytest.fixture(scope="session")
def app_url(app_server):
    return app_server[0]


def pytest_report_header(config):
    from serving_helpers import PAGES_BROWSER

    return f"browser tests drive: {PAGES_BROWSER}"
