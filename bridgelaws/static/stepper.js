// The static site's stepper and comparison (stepper.html, written by `bridgelaws export-site --pyodide DIR`).
// A thin front end: it loads Pyodide from this site (pyodide/), unpacks the package (engine/bridgelaws.zip)
// and writes the data bundle (engine/data.json) into Pyodide's file system, then hands each event of the
// page to bridgelaws.interfaces.browser_page and puts the HTML it returns into the page. Every word and
// every view is made in Python; nothing is fetched from another host.
"use strict";

(function () {
  const words = JSON.parse(document.getElementById("bl-words").textContent);
  const status = document.getElementById("bl-status");
  const app = document.getElementById("bl-app");
  const say = (text) => { status.textContent = text; };
  const region = (name) => document.getElementById("bl-" + name);
  // For the tests and the benchmark: when the first ruling was shown, and how long each action took.
  const timings = (window.blTimings = { actions: [] });
  let state = null;
  let engine = null;

  function show(result) {
    state = result.state;
    region("controls").innerHTML = result.controls;
    region("stepper").innerHTML = result.stepper;
    region("compare-controls").innerHTML = result.compare_controls;
    region("compare").innerHTML = result.compare;
    region("matrix").innerHTML = result.matrix;
    region("matrix-button").textContent = result.matrix_button;
    for (const [name, text] of Object.entries(result.titles)) region("title-" + name).textContent = text;
    say(result.message);
    document.documentElement.lang = result.lang;
    history.replaceState(null, "", "?" + result.query);
  }

  function send(action) {
    if (!engine) return;
    const started = performance.now();
    let result;
    try {
      result = JSON.parse(engine.page_action(JSON.stringify(state), JSON.stringify(action)));
    } catch (error) {  // an internal error of the engine: said as such, never as the user's
      say(words.internal.replace("{error}", String(error && error.message || error).trim().split("\n").pop()));
      app.dataset.state = "failed";
      return;
    }
    show(result);
    timings.actions.push({ action: action.action, ms: performance.now() - started });
    app.dataset.actions = String(timings.actions.length);
  }

  app.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || button.disabled) return;
    const action = button.dataset.action;
    send(action === "call" ? { action, call: button.dataset.value } : { action, value: button.dataset.value || "" });
  });
  app.addEventListener("change", (event) => {
    const field = event.target;
    if (field.matches("select[data-action]")) send({ action: field.dataset.action, value: field.value });
    if (field.matches("input[type=checkbox][data-action]")) {
      const values = [...app.querySelectorAll(`input[type=checkbox][data-action="${field.dataset.action}"]`)]
        .filter((box) => box.checked).map((box) => box.value);
      send({ action: field.dataset.action, values });
    }
  });
  app.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-action]");
    if (!form) return;
    event.preventDefault();
    send({ action: form.dataset.action, value: form.elements.typed.value });
  });

  async function boot() {
    timings.start = performance.now();
    if (location.protocol === "file:") {
      say(words.file_refused);
      app.dataset.state = "refused";
      return;
    }
    say(words.loading);
    const here = new URL(".", location.href);
    const [pyodide, archive, bundle] = await Promise.all([
      loadPyodide({ indexURL: new URL("pyodide/", here).href }),
      fetch(new URL("engine/bridgelaws.zip", here)).then((r) => { if (!r.ok) throw new Error(r.url + ": " + r.status); return r.arrayBuffer(); }),
      fetch(new URL("engine/data.json", here)).then((r) => { if (!r.ok) throw new Error(r.url + ": " + r.status); return r.text(); }),
    ]);
    timings.loaded = performance.now();
    pyodide.unpackArchive(archive, "zip", { extractDir: "/lib/bridgelaws-site" });
    pyodide.FS.writeFile("/lib/bridgelaws-site/bridgelaws/data.json", bundle);
    pyodide.runPython("import sys\nsys.path.insert(0, '/lib/bridgelaws-site')");
    engine = pyodide.pyimport("bridgelaws.interfaces.browser_page");
    timings.imported = performance.now();
    window.blEngine = { pyodide, page: engine };
    show(JSON.parse(engine.open_page(location.search, document.documentElement.lang)));
    timings.first = performance.now();
    app.dataset.state = "ready";
  }

  boot().catch((error) => {
    say(words.failed.replace("{error}", String(error && error.message || error)));
    app.dataset.state = "failed";
  });
})();
