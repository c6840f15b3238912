"""The static site's stepper and comparison, run in the browser (``export-site --pyodide DIR``): the
files it needs are in the export and nowhere else, the page's actions do what the served app's controls
do, its address is the served app's, and in a real Chromium, served by a plain local ``http.server``
that is the only host the page may reach, the engine on Pyodide renders every catalogue scenario under
every edition, in English and Dutch, exactly as the native engine does.

Pyodide comes from the npm package pinned in tools/pyodide/package-lock.json (``make test`` installs
it and sets $BRIDGELAWS_PYODIDE); without it the tests that need it skip, saying so.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from bridgelaws.interfaces import browser_page
from bridgelaws.interfaces.cli import main
from bridgelaws.presentation import static_site
from bridgelaws.presentation.views.address import parse_stepper_address
from bridgelaws.text import bundle
from serving_helpers import served_folder

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "data"
PYODIDE = Path(os.environ.get("BRIDGELAWS_PYODIDE") or REPO / "build" / "pyodide" / "node_modules" / "pyodide")
LOCK = json.loads((REPO / "tools" / "pyodide" / "package-lock.json").read_text(encoding="utf-8"))
PINNED = LOCK["packages"]["node_modules/pyodide"]["version"]
YEARS = sorted(p.parent.name for p in (DATA / "editions").glob("*/edition.yaml"))
SCENARIOS = yaml.safe_load((DATA / "scenarios.yaml").read_text(encoding="utf-8"))

needs_pyodide = pytest.mark.skipif(not (PYODIDE / "pyodide.asm.wasm").is_file(),
                                   reason=f"no Pyodide at {PYODIDE}: `make pyodide` installs the pinned npm package")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.skip(f"no Pyodide at {PYODIDE}: `make pyodide` installs the pinned npm package")
    directory = tmp_path_factory.mktemp("stepper-site") / "out"
    static_site.export(directory, date="2026-12-02", pyodide=PYODIDE)
    return directory


# ------------------------------------------------------------------------------------ the export


@needs_pyodide
def test_the_export_holds_the_pinned_pyodide_the_package_and_the_bundle(site, tmp_path):
    assert json.loads((site / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"] == PINNED
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (site / "pyodide" / name).read_bytes() == (PYODIDE / name).read_bytes(), name
    names = zipfile.ZipFile(site / "engine" / "bridgelaws.zip").namelist()
    assert "bridgelaws/interfaces/browser_page.py" in names and "bridgelaws/text/bundle.py" in names
    assert not [n for n in names if n.startswith("bridgelaws/data/") or n.endswith((".pyc", "data.json"))]
    shipped = json.loads((site / "engine" / "data.json").read_text(encoding="utf-8"))
    assert shipped["fingerprint"] == bundle.fingerprint(DATA)  # the bundle of the data of this checkout
    page = (site / "stepper.html").read_text(encoding="utf-8")
    assert '<script src="pyodide/pyodide.js" defer></script>' in page and "default-src 'self'" in page
    # Nothing named by another host: no absolute address in an attribute of the page, none in the script.
    assert not re.search(r'(?:src|href|action)="(?:[a-z]+:)?//', page)
    assert not re.search(r"https?://", (site / "stepper.js").read_text(encoding="utf-8"))
    # Every page's navigation leads to it (relative links, from any folder).
    assert 'href="stepper.html"' in (site / "index.html").read_text(encoding="utf-8")
    assert 'href="../stepper.html"' in (site / "cases" / "all-pass.html").read_text(encoding="utf-8")
    # The same data give the same bytes (the archive's dates are fixed).
    again = tmp_path / "again"
    static_site.export(again, date="2026-12-02", pyodide=PYODIDE)
    for name in ("engine/bridgelaws.zip", "engine/data.json", "stepper.html", "stepper.js"):
        assert (again / name).read_bytes() == (site / name).read_bytes(), name


def test_a_folder_that_is_not_pyodide_is_one_line(tmp_path, capsys):
    (tmp_path / "pyo").mkdir()
    assert main(["export-site", "-o", str(tmp_path / "out"), "--pyodide", str(tmp_path / "pyo")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pyodide.js is missing: give the folder of the npm package pyodide" in err
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------------------------ the page's actions


def _do(state, *actions):
    for action in actions:
        state = browser_page.act(state, action)
    return state


def test_the_actions_step_back_discard_undo_and_say_a_bad_token_in_one_line():
    state = browser_page.start("scenario=1S%201H&step=1")
    assert state["tokens"] == ["1S", "1H"] and state["step"] == 1
    state = _do(state, {"action": "call", "call": "2H"})  # stepped back: the later step is dropped
    assert state["tokens"] == ["1S", "2H"] and state["message"] == "The 1 later step (1H) was discarded."
    state = _do(state, {"action": "undo"})
    assert state["tokens"] == ["1S", "1H"] and state["dropped"] is None
    state = _do(state, {"action": "seat", "value": "W"}, {"action": "call", "call": "X"})
    assert state["tokens"][-1] == "W:X" and state["seat"] == ""  # the caller returns to "in turn"
    state = _do(state, {"action": "lang", "value": "nl"}, {"action": "typed", "value": "1S 1H ZZ"})
    assert state["tokens"] == ["1S", "1H"] and state["typed"] == "1S 1H ZZ"
    assert state["message"].startswith("'ZZ' (positie 3): ") and "\n" not in state["message"]
    state = _do(state, {"action": "editions", "values": []})
    assert state["editions"] == YEARS and state["message"] == "kies ten minste één editie"


def test_the_address_is_the_served_apps():
    query = "scenario=1S%201H%202H&dealer=E&editions=1936,2017&step=2&layer=corpus&case=all-pass&lang=nl"
    state = browser_page.start(query)
    assert (state["tokens"], state["dealer"], state["editions"], state["step"], state["layer"], state["lang"]) == \
        (["1S", "1H", "2H"], "E", ["1936", "2017"], 2, "corpus", "nl")
    written = browser_page.query(state)
    served = parse_stepper_address(written)  # the served app's reading of the page's address
    assert (list(served.tokens), served.dealer, list(served.editions), served.step, served.layer) == \
        (["1S", "1H", "2H"], "E", ["1936", "2017"], 2, "corpus")
    assert "case=all-pass" in written and written.endswith("lang=nl")
    bad = browser_page.start("dealer=Q&scenario=1S")
    assert bad["tokens"] == [] and "dealer" in bad["message"] and "\n" not in bad["message"]


# ------------------------------------------------------------------------------------ in a real browser

#: Every catalogue scenario (data/scenarios.yaml, and every case's scenario and variants) under every
#: edition, in English and Dutch: the stepper's view at every step, and the comparison. Run as it is
#: natively and inside the page's Pyodide (about a second there); each view's SHA-256 is compared.
BATCH = """
import hashlib, json
from bridgelaws.presentation.views import compare_html, stepper_html, steps
from bridgelaws.presentation.views.compare import case_examples
from bridgelaws.text.content import scenarios
from bridgelaws.text.vocabulary import DEFAULT_LAYER

items = [(s["name"], s["tokens"], s["dealer"], None) for s in scenarios()]
items += [(e.label, e.tokens, e.dealer, e.case) for e in case_examples("en")]
views = {}
for lang in ("en", "nl"):
    for name, tokens, dealer, case in items:
        for step in range(len(steps(tokens)) + 1):
            views[f"{lang} stepper {name} step {step}"] = stepper_html(tokens, None, dealer, step, DEFAULT_LAYER,
                                                                       english=True, lang=lang)
        views[f"{lang} compare {name}"] = compare_html(tokens, None, dealer, DEFAULT_LAYER, focus=case, english=True,
                                                       lang=lang)
batch = json.dumps({key: hashlib.sha256(html.encode()).hexdigest() for key, html in views.items()})
"""


def _same_text(page, region: str, html: str) -> None:
    """The region's text as the browser shows it equals the text of ``html`` (the native view)."""
    shown, native = page.evaluate("""([region, html]) => {
        const scratch = document.createElement("div");
        scratch.className = "bl-view";
        scratch.innerHTML = html;
        document.body.appendChild(scratch);
        const pair = [document.querySelector(region).innerText, scratch.innerText];
        scratch.remove();
        return pair;
    }""", [region, browser_page._unstyled(html)])
    assert shown == native


def _wait(page, actions: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('bl-app').dataset.actions || 0) >= {actions}")


@pytest.mark.browser
@needs_pyodide
def test_in_chromium_the_stepper_runs_with_no_other_host_and_renders_as_the_native_engine(site, browser):
    from bridgelaws.presentation.views import compare_html, stepper_html

    foreign: list[str] = []
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    with served_folder(site) as root:
        def only_ours(route):
            if route.request.url.startswith(root + "/"):
                route.continue_()
            else:
                foreign.append(route.request.url)
                route.abort()

        context.route("**/*", only_ours)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{root}/stepper.html?scenario=1S%201H&case=insufficient-bid")
        page.wait_for_function("['ready', 'failed'].includes(document.getElementById('bl-app').dataset.state)",
                               timeout=120_000)
        assert page.get_attribute("#bl-app", "data-state") == "ready", page.inner_text("#bl-status")
        # The first view: README's 1S 1H, every edition; 1936 rules on it (1936:22.3).
        assert page.locator("#bl-stepper .bl-panel").count() == len(YEARS)
        panel_1936 = page.locator('#bl-stepper .bl-panel[data-edition="1936"]').inner_text()
        assert "RULED" in panel_1936 and "1936:22.3" in panel_1936
        _same_text(page, "#bl-stepper", stepper_html("1S 1H", None, "N", None, english=True, lang="en"))
        _same_text(page, "#bl-compare", compare_html("1S 1H", None, "N", focus="insufficient-bid", english=True))

        # Back, a call while stepped back (the later step dropped, said), Undo.
        page.click('#bl-controls button[data-action="back"]')
        _wait(page, 1)
        assert "step=1" in page.url
        page.click('#bl-controls button[data-action="call"][data-value="2H"]')
        _wait(page, 2)
        assert page.inner_text("#bl-status") == "The 1 later step (1H) was discarded."
        page.click('#bl-controls button[data-action="undo"]')
        _wait(page, 3)
        assert "scenario=1S%201H&" in page.url and "step=2" in page.url
        # A call out of turn: West doubles (the caller selector), then the caller is "in turn" again.
        page.select_option('#bl-controls select[data-action="seat"]', "W")
        _wait(page, 4)
        page.click('#bl-controls button[data-action="call"][data-value="X"]')
        _wait(page, 5)
        assert "W:X" in parse_stepper_address(urlsplit(page.url).query).tokens
        assert page.input_value('#bl-controls select[data-action="seat"]') == ""
        # A typed scenario with a token that does not read: one line, the box keeps what was typed.
        page.fill('#bl-controls input[name="typed"]', "1S 1H ZZ")
        page.press('#bl-controls input[name="typed"]', "Enter")
        _wait(page, 6)
        assert page.inner_text("#bl-status").startswith("'ZZ' (position 3): 'ZZ' is not a call")
        assert page.input_value('#bl-controls input[name="typed"]') == "1S 1H ZZ"
        # Editions, the layer, the language: the view and the address follow.
        page.uncheck('#bl-controls input[value="1932"]')
        _wait(page, 7)
        assert page.locator("#bl-stepper .bl-panel").count() == len(YEARS) - 1
        page.select_option('#bl-controls select[data-action="layer"]', "corpus")
        _wait(page, 8)
        page.select_option('#bl-controls select[data-action="lang"]', "nl")
        _wait(page, 9)
        address = parse_stepper_address(urlsplit(page.url).query)
        assert (address.tokens, address.editions, address.layer) == (("1S", "1H"), tuple(YEARS[1:]), "corpus")
        assert page.evaluate("document.documentElement.lang") == "nl"
        _same_text(page, "#bl-stepper", stepper_html("1S 1H", YEARS[1:], "N", None, "corpus", english=True, lang="nl"))
        # The comparison: a case chosen from the catalogue.
        page.select_option('#bl-compare-controls select[data-action="compare_case"]', label="Alle vier passen")
        _wait(page, 10)
        assert "case=all-pass" in page.url
        # The matrix of the chosen layer: one row per case.
        page.click("#bl-matrix-button")
        _wait(page, 11)
        cases = yaml.safe_load((DATA / "cases.yaml").read_text(encoding="utf-8"))
        cases = cases["cases"] if isinstance(cases, dict) else cases
        assert page.locator("#bl-matrix table.bl-matrix tbody tr").count() == len(cases)
        # The same address opens the same view in a new page.
        reopened = context.new_page()
        reopened.goto(page.url)
        reopened.wait_for_function("document.getElementById('bl-app').dataset.state === 'ready'", timeout=120_000)
        assert reopened.inner_text("#bl-stepper") == page.inner_text("#bl-stepper")
        assert reopened.inner_text("#bl-compare") == page.inner_text("#bl-compare")
        reopened.close()

        # Every catalogue scenario under every edition, English and Dutch, in one go inside Pyodide.
        in_browser = json.loads(page.evaluate("code => { const py = window.blEngine.pyodide; py.runPython(code); "
                                              "return py.globals.get('batch'); }", BATCH))
        native: dict[str, object] = {}
        exec(BATCH, native)
        expected = json.loads(native["batch"])
        steps_in_all = sum(len(native["steps"](tokens)) + 1 for _, tokens, _, _ in native["items"])
        assert len(expected) == 2 * (steps_in_all + len(native["items"])) and len(native["items"]) > len(SCENARIOS)
        different = [key for key in expected if in_browser.get(key) != expected[key]]
        assert not different, different[:5]
        assert set(in_browser) == set(expected)
    context.close()
    assert foreign == [], foreign
    assert errors == [], errors


@pytest.mark.browser
@needs_pyodide
def test_opened_from_disk_the_page_says_why_it_cannot_run(site, browser):
    context = browser.new_context()
    page = context.new_page()
    page.goto((site / "stepper.html").as_uri())
    page.wait_for_function("document.getElementById('bl-app').dataset.state === 'refused'", timeout=30_000)
    assert page.inner_text("#bl-status").startswith("This page cannot run from a file opened from disk (file://)")
    context.close()
