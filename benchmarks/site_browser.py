"""The static site's stepper in the browser (``export-site --pyodide``): what one pupil downloads, how
long until the first ruling shows, on a first visit and a later (cached) one, and how long a click on
the bidding box takes. A benchmark, not a test: the figures depend on the machine and its load.

    make bench-site                                     # 3 first visits, 3 cached ones, 30 clicks
    .venv/bin/python benchmarks/site_browser.py --pyodide build/pyodide/node_modules/pyodide [--runs 3] [--json]

Exports the site with the stepper into a temporary folder and serves it with Python's plain
``http.server`` on 127.0.0.1 (no compression: what a USB stick and ``python3 -m http.server`` give).
Each first visit opens ``stepper.html?scenario=1S%201H`` in a new Chromium context (an empty cache);
the cached visit opens it again in the same context. The time to the first ruling is the page's own
``blTimings.first`` (milliseconds from the start of the navigation to the first view of the engine
put into the page, bridgelaws/static/stepper.js). Bytes: every response of a first visit, as sent
(no compression), and each file compressed with gzip -6 (what a web server that compresses sends).
A click: the bidding box's buttons pressed one after another, each from the press to the new view in
the page (the engine's call and the page's update; ``blTimings.actions``).

The peer, in the same run and so under the same load (``--no-peer`` leaves it out): the served app
started as ``make app`` does, one page opened, the seconds from the request to a bidding box that
answers a click (benchmarks/app_pages.py's measure of a page), three times.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bridgelaws.presentation import static_site  # noqa: E402

sys.path.insert(0, str(REPO / "tests"))
from serving_helpers import served_folder as served  # noqa: E402  (the test serves the site the same way)

CHROMIUM = os.environ.get("BRIDGELAWS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-renderer-backgrounding",
                 "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows"]
#: Calls pressed one after another: a regular auction, every one legal in turn.
CLICKS = ["1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3D", "3H", "3S", "3NT",
          "4C", "4D", "4H", "4S", "4NT", "5C", "5D", "5H", "5S", "5NT", "6C", "6D", "6H", "6S", "6NT"]


def _ready(page: Any) -> float:
    page.wait_for_function("['ready', 'failed'].includes(document.getElementById('bl-app').dataset.state)",
                           timeout=300_000)
    if page.get_attribute("#bl-app", "data-state") != "ready":
        raise SystemExit("the stepper did not load: " + page.inner_text("#bl-status"))
    found: dict[str, float] = page.evaluate("window.blTimings")
    return found["first"] / 1000


def _parts(page: Any) -> dict[str, float]:
    """Where the time to the first ruling went: Pyodide and the files loaded, the engine imported, the
    first view made (seconds from the start of the navigation)."""
    found: dict[str, float] = page.evaluate("window.blTimings")
    return {name: round(found[name] / 1000, 2) for name in ("loaded", "imported", "first")}


def measure(site: Path, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    first, cached, clicks, parts = [], [], [], []
    sent: dict[str, int] = {}
    with served(site) as root, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for run in range(runs):
            context = browser.new_context(viewport={"width": 1366, "height": 900})
            page = context.new_page()
            if run == 0:
                page.on("requestfinished", lambda request: sent.__setitem__(
                    request.url, request.sizes()["responseBodySize"]))
            page.goto(f"{root}/stepper.html?scenario=1S%201H")
            first.append(_ready(page))
            parts.append(_parts(page))
            if run == 0:
                for call in CLICKS:
                    before = page.evaluate("window.blTimings.actions.length")
                    started = time.perf_counter()
                    page.click(f'#bl-controls button[data-action="call"][data-value="{call}"]')
                    page.wait_for_function(f"window.blTimings.actions.length > {before}")
                    clicks.append((time.perf_counter() - started) * 1000)
                inside = [a["ms"] for a in page.evaluate("window.blTimings.actions")]
                # The pupil's side of the memory: the WebAssembly memory Pyodide holds after the clicks.
                heap = page.evaluate("window.blEngine.pyodide._module.HEAP8.length")
            again = context.new_page()
            again.goto(f"{root}/stepper.html?scenario=1S%201H")
            cached.append(_ready(again))
            parts.append(_parts(again))
            context.close()
        browser.close()
    files = {url.split(root + "/", 1)[1].split("?")[0] or "stepper.html": size for url, size in sent.items()}
    compressed = sum(len(gzip.compress((site / name).read_bytes(), 6)) for name in files if (site / name).is_file())
    return {
        "first_visit_s": first, "cached_visit_s": cached, "parts_s": parts,
        "click_ms": {"median": statistics.median(clicks), "max": max(clicks), "n": len(clicks)},
        "click_engine_ms": {"median": statistics.median(inside), "max": max(inside)},
        "wasm_memory_bytes": heap, "bytes_sent": sum(files.values()), "bytes_gzip": compressed, "files": len(files),
        "largest": sorted(files.items(), key=lambda item: -item[1])[:4],
        "load_average": os.getloadavg(), "cores": os.cpu_count(),
    }


def peer(runs: int) -> list[float]:
    """The served app's time to a usable bidding box, one page at a time, ``runs`` times."""
    import subprocess

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(REPO / "benchmarks"))
    import app_pages

    port = app_pages._free_port()
    url = f"http://127.0.0.1:{port}/"
    log = open(os.devnull, "w")
    process = subprocess.Popen(app_pages.voila_command(port=port), cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        app_pages.wait_until_up(url, process)
        times = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(runs):
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                times.append(app_pages._usable(page, url))
                page.goto("about:blank")
                page.close()
            browser.close()
        return times
    finally:
        app_pages.stop_server(process, log)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pyodide", required=True, help="the folder of the npm package pyodide")
    parser.add_argument("--runs", type=int, default=3, help="first visits (each with a cached one after it)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-peer", action="store_true", help="leave out the served app's figures")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        static_site.export(site, pyodide=args.pyodide)
        found = measure(site, args.runs)
    if not args.no_peer:
        found["peer_app_usable_s"] = peer(args.runs)
        found["load_average_after_peer"] = os.getloadavg()
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    mb = 1_000_000
    print(f"machine: {found['cores']} cores, load average {', '.join(f'{x:.2f}' for x in found['load_average'])}")
    print(f"first visit downloads {found['bytes_sent'] / mb:.1f} MB as served by http.server (uncompressed), "
          f"{found['bytes_gzip'] / mb:.1f} MB compressed with gzip ({found['files']} files; largest: "
          + ", ".join(f"{name} {size / mb:.1f} MB" for name, size in found["largest"]) + ")")
    print("first ruling, first visit (empty cache): " + ", ".join(f"{s:.1f} s" for s in found["first_visit_s"]))
    print("first ruling, later visit (cached):      " + ", ".join(f"{s:.1f} s" for s in found["cached_visit_s"]))
    print("  (each visit: Pyodide and the files loaded / the engine imported / the first view, in s: "
          + "; ".join(f"{p['loaded']} / {p['imported']} / {p['first']}" for p in found["parts_s"]) + ")")
    click, inside = found["click_ms"], found["click_engine_ms"]
    print(f"a click on the bidding box ({click['n']} calls): median {click['median']:.0f} ms, max {click['max']:.0f} ms "
          f"(press to new view, as Playwright sees it); in the page: median {inside['median']:.0f} ms, "
          f"max {inside['max']:.0f} ms")
    if "peer_app_usable_s" in found:
        print("the served app (make app), in the same run: a bidding box that answers a click after "
              + ", ".join(f"{s:.1f} s" for s in found["peer_app_usable_s"])
              + f" (load average then {found['load_average_after_peer'][0]:.2f})")
    print(f"the page's WebAssembly memory after the clicks: {found['wasm_memory_bytes'] / mb:.0f} MB "
          "(in the pupil's browser; the host holds nothing per pupil)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
