"""The web app and the stepper in a real browser: Debian's Chromium driven by Playwright.

The test starts the app (Voila on app/bridgelaws.ipynb) and JupyterLab on free local ports, each in a
Jupyter environment of its own (tests/serving_helpers.py: nothing of ``~/.jupyter`` is read), plays a
scenario by clicking the bidding box, and asserts on what a user sees. Screenshots go to
``build/screenshots/`` (look at them after a run).
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from serving_helpers import SHOTS, free_port, start, stop
from data_examples import first_article, layer_statuses

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.browser

# The fixtures browser (Chromium, one per module), app_server and app_url (one Voila server per
# worker, shared by the browser test files) are in conftest.py.


def _open_app(browser, url):
    """The app with no address parameters, its example cleared (issue 25 §2: it opens on an example,
    tests/test_browser_app.py): an empty auction, as these tests play their own."""
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.goto(url, timeout=90_000)
    page.wait_for_selector('button[title="1S"]', timeout=90_000)
    page.locator('button:text-is("Start your own auction")').click(timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.bl-stepper .bl-card')", timeout=30_000)
    return page


def _view(page):
    """The stepper's view (the HTML widget that holds the panels)."""
    return page.locator(".widget-html-content:has(.bl-auction)").first


def test_app_plays_an_insufficient_bid_and_shows_each_editions_ruling(browser, app_url):
    page = _open_app(browser, app_url)
    # Dealer North: 1 spade, then East 1 heart, insufficient.
    page.click('button[title="1S"]')
    page.click('.widget-toggle-button:text-is("E")')
    page.click('button[title="1H"]')
    view = _view(page)
    view.locator("text=insufficient").first.wait_for(timeout=30_000)
    text = view.inner_text()
    # The grid shows both calls; every edition's ruling card carries its status and articles.
    assert "1\u2660" in text and "1\u2665" in text
    # The app opens on the best sourced answer: each edition's card has the status its entry has
    # under the default layer (a supplementary paraphrase where one answers a silent or referenced
    # excerpt) and names the entry's first record (the article a referenced excerpt points to), as
    # the rulings data say (tests/data_examples.py), not as the view says.
    expected = {year: (status, first_article("insufficient-bid", year))
                for year, status in layer_statuses("insufficient-bid").items()}
    assert expected["1936"] == ("ruled", "1936:22.3")  # the ruling played below
    cards = {year: page.locator(f'.bl-card[data-edition="{year}"][data-case="insufficient-bid"]')
             for year in expected}
    for year, (status, fragment) in expected.items():
        card = cards[year].first
        assert card.get_attribute("data-status") == status, year
        assert fragment.lower() in card.inner_text().lower(), (year, card.inner_text())
    page.screenshot(path=str(SHOTS / "app-insufficient-bid.png"), full_page=True)

    # East replaces it in turn (1936:22.3.a: lowest sufficient bid in hearts): West must pass once.
    page.click('.widget-toggle-button:text-is("in turn")')
    page.click('button[title="2H"]')
    page.wait_for_timeout(500)
    barred = page.locator('.bl-panel[data-edition="1936"] th.bl-barred')
    barred.first.wait_for(timeout=30_000)
    assert "West" in barred.first.inner_text() and "must pass" in barred.first.inner_text()
    page.screenshot(path=str(SHOTS / "app-barred-player.png"), full_page=True)
    page.goto("about:blank")  # leaving the page sends its kernel's shutdown (the server's cap: 5 a client)
    page.close()


def test_app_shows_the_english_of_the_quoted_paragraph_on_request(browser, app_url):
    """Issue 12: the checkbox adds the project's English, labelled, under the verbatim Dutch quote."""
    page = _open_app(browser, app_url)
    page.click('button[title="1S"]')
    page.click('.widget-toggle-button:text-is("E")')
    page.click('button[title="1H"]')
    card = page.locator('.bl-card[data-edition="1936"][data-case="insufficient-bid"]').first
    card.wait_for(timeout=30_000)
    assert card.locator(".bl-english").count() == 0
    page.locator('.widget-checkbox:has-text("English of the quoted paragraph") input').first.check()
    english = page.locator('.bl-card[data-edition="1936"][data-case="insufficient-bid"] .bl-english').first
    english.wait_for(timeout=30_000)
    assert "the project's translation, not a source text" in english.inner_text()
    assert "insufficient bid" in english.inner_text()
    assert card.locator("blockquote").count() == 1 and card.locator(".bl-english").count() == 1  # the quote stays
    page.screenshot(path=str(SHOTS / "app-english.png"), full_page=True)
    page.goto("about:blank")  # leaving the page sends its kernel's shutdown (the server's cap: 5 a client)
    page.close()


def test_app_survives_misuse(browser, app_url):
    page = _open_app(browser, app_url)
    # A malformed typed scenario: a message, and the page keeps working.
    page.fill('input[placeholder^="type a scenario"]', "1S 1Q")
    page.click('button:text-is("Apply")')
    page.locator("text=1Q").first.wait_for(timeout=30_000)
    assert "position 2" in page.inner_text("body")
    # Issue 25 §2: the valid prefix (1S) is shown; cleared, so that the passes below pass the deal out.
    page.locator('.bl-stepper .bl-steps:has-text("step 1 of 1")').first.wait_for(timeout=30_000)
    page.click('button:text-is("Clear")')
    page.locator('.bl-stepper .bl-steps:has-text("step 0 of 0")').first.wait_for(timeout=30_000)
    # The same button many times quickly: Pass until the auction is over, and more.
    for _ in range(8):
        page.click('button[title="P"]', delay=0)
    page.wait_for_timeout(1500)
    body = page.inner_text("body")
    assert "Traceback" not in body
    assert "next dealer deals" in body or "passed out" in body
    # Clicking out of order: step back and call again; still no traceback, the grid updates.
    page.click('button:text-is("◀ Back")')
    page.click('button[title="1NT"]')  # stepped back: it asks before discarding the later steps
    page.click('button:text-is("Yes, discard")', timeout=30_000)
    page.wait_for_timeout(800)
    body = page.inner_text("body")
    assert "Traceback" not in body and "1NT" in body
    page.screenshot(path=str(SHOTS / "app-misuse.png"), full_page=True)
    page.goto("about:blank")  # leaving the page sends its kernel's shutdown (the server's cap: 5 a client)
    page.close()


def _wait_for_an_idle_kernel(api: str, seconds: float = 120) -> None:
    """Until the server runs a kernel that has started and is idle (JupyterLab's REST API)."""
    deadline = time.monotonic() + seconds
    kernels: list = []
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{api}/kernels", timeout=10) as response:
            kernels = json.loads(response.read())
        if any(kernel.get("execution_state") == "idle" for kernel in kernels):
            return
        time.sleep(0.2)
    raise AssertionError(f"no idle kernel within {seconds} s: {kernels}")


def test_stepper_renders_in_jupyterlab(browser, tmp_path):
    # Serve a copy of the notebooks, so that nothing the browser does can change the repository's.
    # The server's settings and workspaces are new and empty (serving_helpers.jupyter_env): a
    # workspace left in ~/.jupyter with other notebooks open would put them on the page too.
    work = tmp_path / "notebooks"
    shutil.copytree(REPO / "notebooks", work, ignore=shutil.ignore_patterns("*.py", ".ipynb_checkpoints"))
    port = free_port()
    log = tmp_path / "lab.log"
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
               "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=", "--allow-root",
               "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={work}",
               "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    process = start(command, f"http://127.0.0.1:{port}/api", log, work)
    try:
        page = browser.new_page(viewport={"width": 1500, "height": 1100})
        page.goto(f"http://127.0.0.1:{port}/lab/tree/02_auction_stepper.ipynb", timeout=90_000)
        page.wait_for_selector(".jp-Notebook", timeout=90_000)
        assert page.locator(".jp-Notebook").count() == 1, "only the notebook asked for is open"
        _wait_for_an_idle_kernel(f"http://127.0.0.1:{port}/api")  # the cells run once the kernel is up
        page.click("text=Run", timeout=30_000)
        page.click("text=Run All Cells", timeout=30_000)
        page.wait_for_selector('.jp-OutputArea button[title="1S"]', timeout=120_000)
        page.click('.jp-OutputArea button[title="1S"] >> nth=0')
        page.locator(".jp-OutputArea .bl-auction").first.wait_for(timeout=30_000)
        page.screenshot(path=str(SHOTS / "jupyterlab-stepper.png"), full_page=False)
        assert page.locator('.jp-OutputArea button[title="7NT"]').count() >= 1
        page.close()
    finally:
        stop(process)


def _external_address() -> str | None:
    """An address of this machine that is not loopback, or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            address = sock.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def _make_app_command(port: int) -> list[str]:
    """The command `make app PORT=port` runs (bridgelaws.interfaces.serving, which execs Voila)."""
    dry_run = subprocess.run(["make", "-s", "-n", "app", f"PORT={port}"], cwd=REPO, capture_output=True,
                             text=True, timeout=60)
    command = dry_run.stdout.strip().splitlines()[-1].split()
    assert command[1:4] == ["-m", "bridgelaws.interfaces.serving", "--host=127.0.0.1"], command
    command[0] = str(REPO / command[0]) if not Path(command[0]).is_absolute() else command[0]
    return command


@pytest.fixture(scope="module")
def make_app(tmp_path_factory):
    """The server `make app PORT=port` starts: (its port, its process). Started once for the two
    tests below."""
    port = free_port()
    command = _make_app_command(port)
    log = tmp_path_factory.mktemp("make-app") / "voila.log"
    # The static script answers as soon as the server listens, without starting a kernel.
    process = start(command, f"http://127.0.0.1:{port}/voila/static/voila.js", log, REPO)
    yield port, process
    stop(process)


def test_make_app_listens_on_localhost_only(make_app):
    port, _ = make_app
    address = _external_address()
    if address is None:
        pytest.skip("this machine has no address other than loopback to try")
    with socket.socket() as sock:
        sock.settimeout(3)
        assert sock.connect_ex((address, port)) != 0, f"the app answers on {address}:{port}"


def _status(url: str, host: str) -> int:
    request = urllib.request.Request(url, headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_make_app_answers_only_to_a_local_host_header(make_app):
    # Issue 15: a page of another site whose name is rebound to 127.0.0.1 (DNS rebinding) sends its
    # own name as Host: it must neither load the app nor reach the kernels.
    port, _ = make_app
    base = f"http://127.0.0.1:{port}"
    for foreign in (f"rebound.example:{port}", "rebound.example", f"192.0.2.7:{port}"):
        assert _status(f"{base}/", foreign) == 403, foreign
        assert _status(f"{base}/api/kernels", foreign) == 403, foreign
        assert _status(f"{base}/api/kernels/0/channels", foreign) == 403, foreign
    for local in (f"127.0.0.1:{port}", f"localhost:{port}"):
        assert _status(f"{base}/", local) == 200, local


def _status_following(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_nothing_but_the_app_is_served(app_url):
    base = app_url.rstrip("/")
    for path in ("/tree", "/voila/tree", "/api/contents", "/api/contents/bridgelaws.ipynb", "/voila/api/contents",
                 "/api/kernels", "/api/sessions", "/voila/files/bridgelaws.ipynb", "/voila/files/voila.json",
                 "/voila/files/../README.md", "/voila/render/bridgelaws.ipynb", "/lab", "/terminals/1"):
        assert _status_following(base + path) in (403, 404, 405), path


def test_the_address_opens_the_stepper_there_and_follows_every_change(browser, app_url):
    # Issue 13 §2: the link a teacher gives the class opens the stepper at that position.
    from urllib.parse import parse_qs, urlsplit

    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.goto(app_url + "?scenario=1S%201H&dealer=N&editions=1936,2017&step=2", timeout=120_000)
    page.wait_for_selector('button[title="1S"]', timeout=120_000)
    page.locator(".bl-copy-link").first.wait_for(timeout=60_000)
    view = _view(page)
    view.locator("text=insufficient").first.wait_for(timeout=60_000)
    panels = page.locator(".bl-panel[data-edition]")
    assert sorted({panels.nth(i).get_attribute("data-edition") for i in range(panels.count())}) == ["1936", "2017"]
    text = view.inner_text()
    assert "1\u2660" in text and "1\u2665" in text
    assert page.locator('.widget-slider:has-text("Step") .widget-readout').first.inner_text().strip() == "2"
    page.screenshot(path=str(SHOTS / "app-from-address.png"), full_page=False)

    # A click changes the address: East's 1H is replaced by 2H in turn, three steps now.
    page.click('button[title="2H"]')
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') === '3'", timeout=60_000)
    query = parse_qs(urlsplit(page.url).query)
    assert query["scenario"] == ["1S 1H 2H"] and query["editions"] == ["1936,2017"] and query["dealer"] == ["N"]
    # Copy link: the link box holds the page's address.
    page.click(".bl-copy-link >> nth=0")
    page.locator(".bl-copy-note >> nth=0").filter(has_text="Link copied").or_(
        page.locator(".bl-copy-note >> nth=0").filter(has_text="Copy the link")).wait_for(timeout=30_000)
    assert page.locator(".bl-link").first.input_value() == page.url
    # Reloading shows the same position.
    page.reload(timeout=120_000)
    page.wait_for_selector('button[title="1S"]', timeout=120_000)
    _view(page).locator("text=2\u2665").first.wait_for(timeout=60_000)
    assert page.locator('.widget-slider:has-text("Step") .widget-readout').first.inner_text().strip() == "3"
    page.goto("about:blank")
    page.close()


def test_a_malformed_address_shows_the_message_and_a_clean_stepper(browser, app_url):
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.goto(app_url + "?scenario=1S%201H&dealer=Q", timeout=120_000)
    page.wait_for_selector('button[title="1S"]', timeout=120_000)
    page.locator("text=the page's address has dealer='Q'").first.wait_for(timeout=60_000)
    body = page.inner_text("body")
    assert "Traceback" not in body
    assert page.locator('.widget-slider:has-text("Step") .widget-readout').first.inner_text().strip() == "0"
    page.goto("about:blank")
    page.close()


def _quiz_size() -> int:
    """The number of questions of the app's first exercise (insufficient-bid), counted from the set."""
    from bridgelaws.presentation.exercise_set import exercise_set

    return len(exercise_set()[0].questions)


def test_the_app_runs_a_scored_quiz_without_code_showing(browser, app_url):
    """Issue 13 §5, issue 25 §6: the quiz in the app: answers start empty, a check with nothing
    answered is refused, "Check my answers" marks each answer ✓ / ✗ beside its own question with the
    library's answer and its layer, the first check is the score; no code is shown."""
    page = _open_app(browser, app_url)
    check = page.locator('button:text-is("Check my answers")')
    check.wait_for(timeout=90_000)
    assert "QuizCard" not in page.inner_text("body")  # Voila shows the widgets, never the code
    check.click()  # nothing answered: refused, nothing revealed
    page.locator("text=Answer at least one question before checking").first.wait_for(timeout=30_000)
    assert page.locator(".bl-mark").count() == 0
    row = page.locator('.widget-hbox:has(.widget-label:text-is("1936: what becomes of the irregular call?"))')
    menu = row.locator("select").first
    assert menu.input_value() == ""  # no option chosen: nothing is predicted
    menu.select_option(label="it does not stand (cancelled, or to be replaced)")  # 1936:22.3
    check.click()
    asked = _quiz_size()
    page.locator(f"text=Score: 1 / {asked}").first.wait_for(timeout=30_000)
    assert page.locator(".bl-mark").count() == asked
    assert row.locator(".bl-right").count() == 1  # the mark beside its own question
    assert "1936:22.3" in row.inner_text() and "from the corpus" in row.inner_text()
    # only the answered question's answer is shown; the rest when the pupil gives up on them
    assert page.locator("text=the answer stays hidden").count() == asked - 1
    page.locator('button:text-is("Show the other answers")').click()
    page.locator("text=the answer stays hidden").first.wait_for(state="detached", timeout=30_000)
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "app-quiz.png"), full_page=True)
    page.goto("about:blank")  # leaving the page sends its kernel's shutdown (the server's cap: 5 a client)
    page.close()


def test_the_app_in_dutch_runs_the_quiz_and_keeps_the_quotes(users_browser, app_url):
    """Issue 13 §6, "run a scored quiz in Dutch": the page's one language switch turns the panels
    that follow it to Dutch (labels, case names, the quiz's questions and answers, the supplement's
    labels); the quoted texts stay verbatim Dutch; a right answer scores."""
    page = _open_app(users_browser, app_url)
    page.locator('button:text-is("Check my answers")').wait_for(timeout=90_000)
    page.locator('.widget-toggle-buttons:visible button:text-is("Nederlands")').first.click()
    check = page.locator('button:text-is("Controleer mijn antwoorden")')
    check.wait_for(timeout=30_000)
    page.locator("text=Taal van de hele pagina:").first.wait_for(timeout=10_000)
    # Issue 25 §3: no button's Dutch label is cut off ("aan d..."): every visible button's words fit it.
    cut = page.evaluate("""() => Array.from(document.querySelectorAll('button'))
        .filter(b => b.offsetParent !== null && b.innerText.trim() && b.scrollWidth > b.clientWidth + 1)
        .map(b => b.innerText.trim())""")
    assert cut == [], cut
    row = page.locator('.widget-hbox:has(.widget-label:text-is("1936: wat gebeurt er met de onregelmatige bieding?"))')
    menu = row.locator("select").first
    assert menu.input_value() == ""
    menu.select_option(label="de bieding blijft niet staan (geannuleerd, of moet worden vervangen)")
    check.click()
    page.locator(f"text=Score: 1 / {_quiz_size()}").first.wait_for(timeout=30_000)
    text = row.inner_text()
    assert "1936:22.3" in text and "moet het voldoende gemaakt worden" in text  # the quote, verbatim
    page.locator('button:text-is("Toon de overige antwoorden")').click()
    page.locator("text=het antwoord blijft verborgen").first.wait_for(state="detached", timeout=30_000)
    assert "buiten het corpus: parafrase van 2017:" in page.inner_text("body")
    assert "Onvoldoende bod" in page.inner_text("body")  # the case's Dutch name (data/cases.yaml)
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "app-quiz-nl.png"), full_page=False)
    page.goto("about:blank")  # leaving the page sends its kernel's shutdown (the server's cap: 5 a client)
    page.close()


def test_the_apps_comparison_hands_out_a_printable_page(browser, app_url):
    """Issue 13 §3 in the app, issue 25 §5: one click on *Handout* under the comparison saves the page."""
    page = _open_app(browser, app_url)
    link = page.locator('a.bl-handout-link:text-is("Handout")').first
    link.wait_for(timeout=90_000)
    assert link.get_attribute("download") == "handout-1S-1H.html"
    with page.expect_download(timeout=30_000) as download:
        link.click()
    saved = download.value
    assert saved.suggested_filename == "handout-1S-1H.html"
    text = Path(saved.path()).read_text(encoding="utf-8")
    assert "moet het voldoende gemaakt worden" in text  # 1936:22.3, verbatim
    page.goto("about:blank")  # leaving the page sends its kernel's shutdown (the server's cap: 5 a client)
    page.close()
