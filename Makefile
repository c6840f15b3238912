# Two commands do all the set-up: `make lab` and `make test`. Both create .venv when it is missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# Reinstall whenever pyproject.toml changes.
STAMP  := $(VENV)/.installed
# `make lab` and `make test` install everything: the core (PyYAML) and every extra of pyproject.toml but
# the benchmark's peers and the fuzzer (lab brings app, which brings tables).
EXTRAS := test,lab,exports
# The web app (`make app`) listens on 127.0.0.1 only and answers only to a local Host (app/voila.json); choose the port with `make app PORT=9000`.
PORT   ?= 8866
# Serving a classroom is an explicit choice: `make app HOST=0.0.0.0` (every interface) or HOST=<name>; a warning line is printed.
HOST   ?= 127.0.0.1
# The caps of the app: pages open at once, and from one address (a class behind one router shares one);
# `make app MAX_KERNELS=60 MAX_PER_ADDRESS=40` (0: no limit); empty: app/voila.json's (40 and 5).
MAX_KERNELS     ?=
MAX_PER_ADDRESS ?=
# An open page's kernel is shut down after 30 minutes without a message; `make app IDLE_MINUTES=100`
# keeps an idle page through a lesson (0: never).
IDLE_MINUTES    ?=
# The browser test drives Debian's Chromium (Playwright's own browser download is not used).
CHROMIUM ?= /usr/bin/chromium

.PHONY: lab test app install chromium pyodide site bench bench-impact bench-app bench-site fuzz sweep regen clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS)]'
	touch $(STAMP)

install: $(STAMP)

# Installs Debian's chromium when it is missing (the machines run as root), and its headless shell, which
# drives the browser tests' pages (tests/serving_helpers.py; the tests that measure layout use chromium).
# The shell is optional: where it cannot be installed (the attempt is made once: $(NO_SHELL)), the
# tests drive chromium; `make test HEADLESS_SHELL=` drives chromium without trying. apt-get installs
# the shell of chromium's own version, and may bring chromium up to the same version.
HEADLESS_SHELL ?= /usr/lib/chromium/chromium-headless-shell
NO_SHELL := build/.no-headless-shell
# A user who is not root cannot install: one line says what to install and how, and the tests run
# without it (those that need a browser skip, each with its reason).
chromium:
	@if [ ! -x $(CHROMIUM) ] && [ "$$(id -u)" != 0 ]; then \
	  echo "chromium is missing ($(CHROMIUM)) and only root can install it: sudo apt-get install chromium chromium-headless-shell (or run make test as root); the tests that need a browser are skipped, each with its reason"; \
	  exit 0; fi; \
	test -x $(CHROMIUM) || { echo "installing chromium (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; \
	test -x $(CHROMIUM) || { echo "chromium is missing and could not be installed"; exit 1; }
	@if [ -n "$(HEADLESS_SHELL)" ] && [ ! -x "$(HEADLESS_SHELL)" ] && [ ! -e $(NO_SHELL) ] && [ "$$(id -u)" = 0 ]; then \
	  echo "installing chromium-headless-shell (apt-get)"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; } || \
	  { mkdir -p build && touch $(NO_SHELL); \
	    echo "chromium-headless-shell could not be installed: the browser tests drive $(CHROMIUM) (slower)"; }; fi

# JOBS: pytest-xdist workers (`make test JOBS=1`: one worker). conftest.py shares the tests out: each
# test file whole on one worker (the app's browser tests one by one), the longest first.
# The package is compiled to bytecode first (both cores, about a second): the suite starts Python
# well over a hundred times (workers, kernels, servers, the command line), and where the environment
# sets PYTHONDONTWRITEBYTECODE each of them would otherwise compile what it imports of the package anew.
# For the same reason pytest would rewrite the asserts of every test module in each worker: the
# rewritten modules are written first, on both cores (tools/rewrite_tests.py, about 2 s).
JOBS ?= 2
test: $(STAMP) chromium pyodide
	$(PY) -m compileall -q -j 0 bridgelaws tests
	$(PY) tools/rewrite_tests.py --jobs $(JOBS)
	BRIDGELAWS_CHROMIUM=$(CHROMIUM) BRIDGELAWS_HEADLESS_SHELL=$(HEADLESS_SHELL) BRIDGELAWS_PYODIDE=$(PYODIDE) \
	  $(PY) -m pytest -n $(JOBS) --dist loadgroup

# The static site's stepper runs the engine in the pupil's browser on Pyodide, from the npm package
# pinned in tools/pyodide/package-lock.json (npm ci; Debian's npm is installed when missing). The
# site carries its own copy: no page fetches anything from another host (docs/teachers.md).
PYODIDE := build/pyodide/node_modules/pyodide
$(PYODIDE)/package.json: tools/pyodide/package.json tools/pyodide/package-lock.json
	@command -v npm >/dev/null || { echo "installing npm (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	mkdir -p build/pyodide
	cp tools/pyodide/package.json tools/pyodide/package-lock.json build/pyodide/
	cd build/pyodide && npm ci --no-audit --no-fund --ignore-scripts --silent
	touch $@

pyodide: $(PYODIDE)/package.json

# The static site with the stepper in the browser: `make site` writes build/site (SITE=DIR, SITE_LANG=nl).
SITE ?= build/site
SITE_LANG ?= en
site: $(STAMP) pyodide
	$(PY) -m bridgelaws export-site -o $(SITE) --lang $(SITE_LANG) --pyodide $(PYODIDE)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks --ServerApp.ip=127.0.0.1 --allow-root

# app/voila.json: only requests whose Host is localhost or a loopback address are answered (a page of
# another site that rebinds its name to 127.0.0.1 gets 403, and opens no kernel); a closed page's kernel
# is shut down, one whose page never connected or has gone within a minute or two, at most 40 run at
# once and 5 for one address (`make app MAX_KERNELS=60 MAX_PER_ADDRESS=40`: no file edited); a refused
# page says so in the page's language. A busy PORT stops with one line. bridgelaws/interfaces/serving.py
# builds the Voila command (and, for another HOST, build/serve-HOST/voila.json with its Host check).
app: $(STAMP)
	$(PY) -m bridgelaws.interfaces.serving --host=$(HOST) --port=$(PORT)$(if $(MAX_KERNELS), --max-kernels=$(MAX_KERNELS))$(if $(MAX_PER_ADDRESS), --max-per-address=$(MAX_PER_ADDRESS))$(if $(IDLE_MINUTES), --idle-minutes=$(IDLE_MINUTES))

# Rebuild every generated file from its source, in this order: the golden files (tests/golden/), the
# command examples of README.md and docs/*.md and the notation tables (tools/regen_docs.py: from the CLI's real output
# and bridgelaws/auction/notation.py), then the eight notebooks (from notebooks/src/*.md, executed and
# cleaned) and the tidy app notebook (notebooks/build.py). On a clean tree it changes nothing; after
# a change to the engine, the data, the views or a notebook source, review `git diff` and commit it.
regen: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -o addopts=-ra tests/test_golden.py --update-golden
	$(PY) tools/regen_docs.py
	$(PY) notebooks/build.py

# The benchmark of issue 6 (benchmarks/README.md): installs the peers (the bench extra), then runs.
# `make bench BENCH=--quick` for fewer repeats; `make -s bench BENCH=--json > bench.json` for one JSON object.
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): pyproject.toml | $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS),bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(PY) benchmarks/run.py $(BENCH)
	$(PY) benchmarks/impact_time.py

# issue 33 §6: `impact` of a one-ruling draft with its report, processor time beside the fixed loop.
bench-impact: $(STAMP)
	$(PY) benchmarks/impact_time.py

# The served app for a class (issue 13): memory per open page and time until the bidding box is usable,
# with 1 and with PAGES pages open (benchmarks/app_pages.py; `make bench-app PAGES=5` for a quick run).
PAGES ?= 30
bench-app: $(STAMP) chromium
	BRIDGELAWS_CHROMIUM=$(CHROMIUM) $(PY) benchmarks/app_pages.py --pages $(PAGES) $(BENCH)

# The static site's stepper in Chromium (benchmarks/site_browser.py): bytes downloaded per pupil, time to
# the first ruling (a first visit and a cached one), a click on the bidding box; beside the served app's.
bench-site: $(STAMP) chromium pyodide
	BRIDGELAWS_CHROMIUM=$(CHROMIUM) $(PY) benchmarks/site_browser.py --pyodide $(PYODIDE) $(BENCH)

# The long fuzz run: about 50 times the examples of the bounded run in make test, new draws each time;
# with it, every ordered pair of the case catalogue and 2,000 random sequences of irregularities
# (tests/test_combinations.py), and every scenario of every pair's search judged by continuing its
# prefix and afresh, the same (tests/test_judge_on.py).
fuzz: $(STAMP)
	BRIDGELAWS_FUZZ=long $(PY) -m pytest -p no:cacheprovider -o addopts=-ra tests/test_fuzz.py tests/test_combinations.py tests/test_judge_on.py

# The sweep (tools/sweep.py): every scenario of up to 4 tokens over the whole notation, under every edition
# and shipped draft, at both layers; each must rule or be refused naming its token's position. Exit 1 on
# any internal error or unnamed refusal, with each class and one example. Both cores: `make sweep SWEEP=--jobs=1`
# for one; `SWEEP=--max-tokens=3` for a shorter run. A sample of it runs in make test (tests/test_sweep.py).
sweep: $(STAMP)
	$(PY) tools/sweep.py --calibrate $(SWEEP)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache
