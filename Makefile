# Two commands on a fresh machine: `make serve` runs the app, `make test` runs every test.
# Each installs what it needs first, idempotently, and nothing is downloaded from the web: tools
# come from Rust's package registry, npm and Debian's packages only (and, for the live librdkafka
# check, the pinned confluent-kafka from PyPI), and Trunk runs offline.
# Over 300 lines: every target a fresh machine needs (its tools, the build, each test phase, the site, the bench, the live check) in the one file `make serve` and `make test` start from.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

TRUNK_VERSION := 0.21.14
# mdBook builds the book of `make site`: search only (an index built here, searched in the page),
# without its development server and file watcher.
MDBOOK_VERSION := 0.5.4
# wasm-bindgen-cli must be the exact version of the wasm-bindgen library in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"/\1/p;}' Cargo.lock)
# wasm-opt (npm binaryen) must be the version Trunk.toml names.
WASM_OPT_VERSION := $(shell sed -n 's/^wasm_opt = "version_\([0-9]*\)"/\1/p' Trunk.toml)
WASM := wasm32-unknown-unknown

TOOLS := $(CURDIR)/target/tools
CARGO_BIN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin
export PATH := $(TOOLS)/node_modules/.bin:$(CARGO_BIN):$(PATH)
export TRUNK_SKIP_VERSION_CHECK := true
export CHROMEDRIVER ?= /usr/bin/chromedriver

E2E := tests/e2e

PHONY_LIVE := live live-tools live-logs test-live
.PHONY: $(PHONY_LIVE) hunt check help serve test build lint test-core test-web test-e2e test-site screenshots bench size-floor fuzz test-browser tools tools-web tools-e2e browser site serve-site tools-site

help:
	@echo "make serve   build the four pages and serve them on http://127.0.0.1:8080 (installs what it needs)"
	@echo "make test    clippy, the core's tests and golden traces, the live librdkafka check, a release build, browser tests"
	@echo "make live    random schedules on real librdkafka consumers checked against the model (SEED, COUNT)"
	@echo "make check   every group schedule within bounds, breadth-first: each hazard holds or its shortest counterexample in target/check/ (MODEL, DEPTH, MEMBERS, PERTURBATIONS)"
	@echo "make hunt    random group schedules searched for hazards, each found shrunk to a group trace in target/hunt/ (SEED, COUNT)"
	@echo "make screenshots   the README's screenshots, light and dark"
	@echo "make bench   sizes (and their floors), page timings and the core's throughput, with targets (target/bench/)"
	@echo "make fuzz    a long fuzzing run (FUZZ_CASES=300000 by default)"
	@echo "make live-logs   run real librdkafka consumers against its mock cluster (tests/live/) and keep their logs in target/live/"
	@echo "make site    the static site in target/site/: the book (mdBook) with the app under app/, .br and .gz beside each file"
	@echo "make serve-site   build the site and serve it on http://127.0.0.1:8090/kip848-viz/ (SITE_PORT, SITE_PREFIX)"

# The four pages are four Trunk builds; a static server serves them together (no live reload:
# run `make serve` again after a change).
serve: build
	node build/serve.mjs --root dist --prefix / --port 8080

# Each phase in turn (BUILT=1: the build phase has run, the later ones do not build again), and
# how long each took, printed at the end.
# (site: the book with dist/ as its app; test-browser: test-e2e's and test-site's files together.)
PHASES := tools lint test-core test-live build test-web site test-browser
test:
	@mkdir -p target && : > target/phases.txt
	@for phase in $(PHASES); do \
		start=$$(date +%s); \
		$(MAKE) --no-print-directory $$phase BUILT=1 SITE_APP=dist || { echo "make test: $$phase failed"; exit 1; }; \
		echo "$$phase $$(( $$(date +%s) - start ))" >> target/phases.txt; \
	done
	@echo "make test: all passed, in (seconds):"
	@awk '{ printf "  %-10s %5d\n", $$1, $$2; total += $$2 } END { printf "  %-10s %5d\n", "total", total }' target/phases.txt

# One Trunk build per page (Trunk builds one wasm module per HTML entry): the member view
# (index.html), the group view, the review view and the log importer. Those three are rendered from
# index.html (assets/pages/pages.json, build/pages.mjs) so that the four heads are one. Each page
# loads only its own wasm; they share the core, the stylesheets, boot.js and the browser's saved
# sessions. dist/ holds all four.
PAGES := index.html target/html/group.html target/html/review.html target/html/import.html target/html/live.html
build: tools-web tools-e2e
	cargo fetch --locked
	rm -rf target/pages && mkdir -p target/pages
	node build/pages.mjs target/html
	# Two pages at a time: a warm build's time is wasm-bindgen and wasm-opt, one core each (the four
	# took 68 s against 104 s one after another, the modules byte for byte the same). A page's
	# Trunk output is printed if its build fails.
	printf '%s\n' $(PAGES) | xargs -P2 -I{} sh -c 'name=$$(basename {} .html); \
		trunk build {} --release true --dist target/pages/$$name > target/pages/$$name.log 2>&1 \
			|| { cat target/pages/$$name.log; echo "trunk build {} failed"; exit 1; }; \
		if [ $$name != index ]; then mv target/pages/$$name/index.html target/pages/$$name/$$name.html; fi'
	rm -rf dist && mkdir -p dist
	for page in target/pages/*/; do cp -R $$page. dist/; done
	# The live steps' module has no page of its own: build/live.mjs points the book's steps at it.
	rm dist/live.html
	# With no injected loader Trunk leaves its build directive in the page: dead markup (and, for
	# the rendered pages, a path outside the site).
	sed -i '/<link data-trunk rel="rust"/d' dist/*.html
	# The stylesheets and scripts minified (Trunk would also minify the HTML the steps below read).
	node build/minify.mjs dist
	# Beside each module an xz copy (a fifth fewer bytes than gzip) and its decoder, and in each
	# page's head the choice of the two by how far the host is (build/xz.mjs).
	node build/xz.mjs dist
	# Each page's stylesheets and shell.js inside it, by hash in its policy: its snapshot is painted
	# with the page, not after three more requests (build/inline.mjs).
	node build/inline.mjs dist
	# The seed model the app cites (docs/seed-model.md) as a page beside the app's pages.
	node build/seed-page.mjs docs/seed-model.md dist/seed-model.html
	# The member, group and review pages' first paint: a snapshot of each one's own first render (tests/e2e/shell.mjs), taken
	# in headless Chromium when it is there (make tools); without it the page paints when the wasm runs.
	@if [ -x "$${CHROMIUM:-/usr/bin/chromium}" ] && [ -d $(E2E)/node_modules/playwright-core ]; then \
		cd $(E2E) && node shell.mjs; \
	else \
		echo "no Chromium or playwright-core (make tools): index.html ships without its first-paint snapshot"; \
	fi

lint: tools-web
	cargo fmt --all --check
	cargo clippy --locked -p kip848-core --all-targets -- -D warnings
	cargo clippy --locked -p kip848-core --all-targets --features test-model -- -D warnings
	cargo clippy --locked -p kip848-viz --target $(WASM) --all-targets --all-features -- -D warnings
	cargo clippy --locked -p kip848-size-floor --target $(WASM) -- -D warnings

test-core:
	cargo test --locked -p kip848-core
	# The test-only fourth model: a folder and one registry line put it in every view.
	cargo test --locked -p kip848-core --features test-model --test registry

test-web: tools
	cargo test --locked -p kip848-viz --target $(WASM)

# Browser test files run two at a time: they mostly wait on their pages (one at a time took 14
# minutes on 2026-12-03, two at a time 8.4, all passing). Those that measure time (the hunt's long
# tasks, how soon a page's head arrived) run alone after the others: three at a time failed them.
E2E_TIMED := hunt.test.mjs module.test.mjs
# The longest files first, so that two at a time do not end with one long file alone: frames
# 290 s, check 160, trunk serve 158 (a development build), layout 141, first-minutes 95 (a run of
# 2026-12-07; the site's spec, 235 s, goes first in test-browser).
E2E_LONGEST := frames.test.mjs check.test.mjs serve.test.mjs layout.test.mjs first-minutes.test.mjs
E2E_FILES = $(E2E_LONGEST) $(filter-out $(E2E_TIMED) $(E2E_LONGEST),$(notdir $(wildcard $(E2E)/*.test.mjs)))
browser_tests = cd $(E2E) && node --test --test-concurrency=2 $(1) && node --test --test-concurrency=1 $(E2E_TIMED)

# End to end: the release build in dist/, served under a sub-path, in headless Chromium.
test-e2e: tools $(if $(BUILT),,build)
	$(call browser_tests,$(E2E_FILES))

# The built site (the book with the app under app/) in headless Chromium, under a sub-path.
test-site: tools $(if $(BUILT),,build)
	$(MAKE) site SITE_APP=dist
	cd $(E2E) && node --test --test-concurrency=1 ./site.spec.mjs

# make test's last phase: the end-to-end files and the site's together, against the site its
# previous phase built from dist/ (make site SITE_APP=dist).
test-browser: tools $(if $(BUILT),,build)
	$(if $(BUILT),,$(MAKE) site SITE_APP=dist)
	$(call browser_tests,site.spec.mjs $(E2E_FILES))

screenshots: tools build
	cd $(E2E) && node screenshots.mjs

# librdkafka, run for real (tests/live/): a venv with the pinned confluent-kafka from PyPI (its wheel
# bundles librdkafka 2.15.0), and the scenarios whose logs core/tests/logs/librdkafka/ holds.
LIVE_VENV := target/live-venv
CONFLUENT_KAFKA := $(shell sed -n 's/^confluent-kafka==//p' tests/live/requirements.txt)
live-tools:
	@if ! $(LIVE_VENV)/bin/python -c "import confluent_kafka, sys; sys.exit(confluent_kafka.version() != '$(CONFLUENT_KAFKA)')" 2>/dev/null; then \
		echo "installing confluent-kafka $(CONFLUENT_KAFKA) from PyPI into $(LIVE_VENV)"; \
		python3 -m venv $(LIVE_VENV); \
		$(LIVE_VENV)/bin/pip install --quiet -r tests/live/requirements.txt; \
	fi

# The live check: each scenario run on real librdkafka consumers (the mock cluster, no broker),
# each consumer's log followed on the librdkafka model; every join state, heartbeat and callback
# must agree (tests/live/live.py). m_api_disabled is left out: its consumer never sends a
# heartbeat (a librdkafka quirk the model does not have), so there is nothing to follow.
# Where cargo put kip848-import (CARGO_TARGET_DIR moves it).
IMPORT_BIN = $(or $(CARGO_TARGET_DIR),target)/debug/kip848-import
LIVE_SCENARIOS := a_join_close,b_second_join,c_fenced,c2_unknown_member,d_retriable,e_fatal_authz,e2_fatal_unsupported_version,f_static_close,g_manual_target,h_empty_member,i_max_poll,j_session_timeout,k_unsubscribe,l_duplicate_instance,n_unsubscribe_while_part_is_revoked
# Beside the scenarios, a few random schedules from a seed drawn at each run (printed first, and
# with the consumer's own log lines on a disagreement): LIVE_SEED=N makes a run repeatable.
LIVE_SEED ?= draw
LIVE_RANDOM ?= 4
test-live: live-tools
	cargo build --locked -q -p kip848-core --bin kip848-import
	$(LIVE_VENV)/bin/python tests/live/live.py --scenarios $(LIVE_SCENARIOS) --seed $(LIVE_SEED) --count $(LIVE_RANDOM) --jobs 2 --out target/live/check --import-bin $(IMPORT_BIN)

# Random schedules (tests/live/schedules.py) checked the same way: make live SEED=1 COUNT=200.
SEED ?= 1
COUNT ?= 200
live: live-tools
	cargo build --locked -q -p kip848-core --bin kip848-import
	$(LIVE_VENV)/bin/python tests/live/live.py --seed $(SEED) --count $(COUNT) --jobs 2 --out target/live/random --import-bin $(IMPORT_BIN)

# The bounded check: every schedule of a group of MEMBERS members of MODEL (seed, kafka,
# librdkafka, or a list) within DEPTH moves and PERTURBATIONS disturbances, on topics t and u of
# one partition each; the result as JSON, each counterexample a group trace in target/check/.
# These bounds close, so the default depth is no bound at all ("exhausted": true): about 20 s for
# seed members, 4 minutes and 2.5 GB for the Java client's on these machines.
MODEL ?= seed
DEPTH ?= 1000
MEMBERS ?= 2
PERTURBATIONS ?= 1
# CHOICES=1: a group of seed members once per combination of the seed design's open choices,
# the table of combinations by properties (counterexamples in target/check/choices/<n>/), to 40
# moves unless DEPTH is given: four combinations never close (their group epoch rises without
# end), so to the end would not finish. `kip848-check --combination N` runs one row alone.
CHOICES ?=
# CHECK_SECONDS=S, CHECK_MEMORY=MB: end the check there with what it found (bounds too large to
# close); by default it ends only once three quarters of the machine's memory is held.
CHECK_SECONDS ?=
CHECK_MEMORY ?=
check:
	cargo run --locked --profile native -q -p kip848-core --bin kip848-check -- --depth $(if $(CHOICES),$(if $(filter command line,$(origin DEPTH)),$(DEPTH),40),$(DEPTH)) --members $(MEMBERS) --perturbations $(PERTURBATIONS) \
		$(if $(CHECK_SECONDS),--seconds $(CHECK_SECONDS)) $(if $(CHECK_MEMORY),--memory $(CHECK_MEMORY)) \
		$(if $(CHOICES),--choices --out target/check/choices,--model $(MODEL) --out target/check/$(MODEL))

# The hazard hunt: COUNT random group schedules from SEED, each hazard found shrunk to a group
# trace in target/hunt/.
hunt:
	cargo run --locked --release -q -p kip848-core --bin kip848-hunt -- --schedules $(COUNT) --seed $(SEED) --out target/hunt

live-logs: live-tools
	$(LIVE_VENV)/bin/python tests/live/harness.py b_second_join --log-mode stderr --suffix _stderr --out target/live
	$(LIVE_VENV)/bin/python tests/live/harness.py c_fenced --out target/live
	@echo "the runs are in target/live/ (core/tests/logs/librdkafka/README.md says which file is which)"

# A long fuzzing run of the trace parser, the link decoder, the log importer and the machine (make test runs a short one).
fuzz:
	FUZZ_CASES=$${FUZZ_CASES:-300000} cargo test --locked --release -p kip848-core --test fuzz

# Performance: criterion natively, then the release build in headless Chromium; prints the table
# and writes target/bench/report.json. Never part of `make test`.
bench: tools build size-floor
	$(MAKE) site SITE_APP=dist
	# The member page with the bench's hooks (the `bench` feature): what the in-page timings use.
	trunk build index.html --release true --features bench --dist target/bench/hooks
	cargo bench --locked -p kip848-core --bench machine
	cargo build --locked --profile native -q -p kip848-core --bin kip848-check
	cd $(E2E) && node bench.mjs

# The floors under the transfer budget (tests/size-floor): the emptiest Leptos page, and that page
# holding the core the app needs, built with the app's profile and optimised as Trunk does (-Oz).
FLOOR := target/bench/floor
size-floor: tools-web
	cargo build --locked --release --target $(WASM) -p kip848-size-floor --bins
	mkdir -p $(FLOOR)
	for page in empty-page core-page seed-page; do \
		wasm-bindgen --target web --no-typescript --out-dir $(FLOOR) target/$(WASM)/release/$$page.wasm; \
		wasm-opt -Oz $(FLOOR)/$${page}_bg.wasm --output=$(FLOOR)/$${page}_bg.wasm; \
	done

# The site: the book at the root of target/site/ and the app's release build under app/. Static files
# with relative addresses only, so it works from any sub-path of any static host. The glossary chapter
# is generated from the app's own definitions; tests/site/check.mjs fails the build on an outside
# resource, a dead relative link, or a live step that does not show what assets/book/embeds.json says
# (checked against kip848-replay --frames); then every text asset gets .br and .gz copies.
# SITE_APP=DIR takes the app from DIR (an existing release build) instead of running `make build`.
SITE := target/site
SITE_APP ?=
SITE_PREFIX ?= /kip848-viz/
SITE_PORT ?= 8090
REPLAY = $(or $(CARGO_TARGET_DIR),target)/debug/kip848-replay

site: tools-site $(if $(SITE_APP),,build)
	cargo build --locked --quiet -p kip848-core --bin kip848-replay
	rm -rf $(SITE) target/book
	mkdir -p target/book
	cp -R assets/book/. target/book/
	rm -rf target/mdbook-theme
	mdbook init target/mdbook-theme --theme --force --title theme --ignore none > /dev/null
	node build/theme.mjs target/mdbook-theme/theme target/book/theme
	$(REPLAY) --sources > target/book/sources.jsonl
	$(REPLAY) --glossary | node build/glossary.mjs assets/book/src/chapters/glossary.md target/book/sources.jsonl > target/book/src/chapters/glossary.md
	# The seed model the app implements, as a chapter of its own; every chapter's footnotes from the
	# app's source registry (build/sources.mjs).
	cp docs/seed-model.md target/book/src/chapters/seed-model.md
	node build/sources.mjs target/book/src/README.md target/book/src/chapters/*.md < target/book/sources.jsonl
	mdbook build target/book --dest-dir $(CURDIR)/$(SITE)
	mkdir -p $(SITE)/app
	cp -R $(or $(SITE_APP),dist)/. $(SITE)/app/
	# Each live step painted before its code: a snapshot page per step (build/live.mjs), taken in
	# headless Chromium when it is there (make tools); without it the steps open the app pages.
	@if [ -x "$${CHROMIUM:-/usr/bin/chromium}" ] && [ -d $(E2E)/node_modules/playwright-core ]; then \
		node build/live.mjs --site $(SITE); \
	else \
		echo "no Chromium or playwright-core (make tools): the live steps ship without first-paint snapshots"; \
	fi
	node tests/site/check.mjs --site $(SITE) --replay $(REPLAY)
	node build/compress.mjs $(SITE)

serve-site: site
	node build/serve.mjs --root $(SITE) --prefix $(SITE_PREFIX) --port $(SITE_PORT)

# ---- tools: each step checks before it installs ----

tools-site:
	@if [ "$$(mdbook --version 2>/dev/null)" != "mdbook v$(MDBOOK_VERSION)" ]; then \
		echo "installing mdbook $(MDBOOK_VERSION) from Rust's package registry (a few minutes)"; \
		cargo install --locked mdbook --version $(MDBOOK_VERSION) --no-default-features --features search --force; \
	fi

tools: tools-web tools-e2e browser

# playwright-core drives the system Chromium (it never downloads a browser); axe-core checks
# accessibility; marked renders the book's seed-model page; esbuild minifies the shipped CSS and JS
# (its binary comes in its npm package for this platform; the other platforms' optional packages
# are not installed, and not checked). Reinstalled when any package differs from package-lock.json.
tools-e2e:
	@if ! (cd $(E2E) && node -e "const locked = require('./package-lock.json').packages; \
		for (const [dir, p] of Object.entries(locked)) if (dir && !(p.optional && !require('fs').existsSync(dir)) \
			&& require('./' + dir + '/package.json').version !== p.version) process.exit(1)") 2>/dev/null; then \
		echo "installing the end-to-end tests' npm packages: playwright-core, axe-core, marked, esbuild, xz-decompress (no browser download)"; \
		cd $(E2E) && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund; \
	fi

tools-web:
	@rustup target list --installed | grep -qx $(WASM) || rustup target add $(WASM)
	@if [ "$$(trunk --version 2>/dev/null)" != "trunk $(TRUNK_VERSION)" ]; then \
		echo "installing trunk $(TRUNK_VERSION) from Rust's package registry (a few minutes)"; \
		cargo install --locked trunk --version $(TRUNK_VERSION) --no-default-features; \
	fi
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (the version Cargo.lock pins)"; \
		cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --no-default-features --force; \
	fi
	@if ! wasm-opt --version 2>/dev/null | grep -q "version $(WASM_OPT_VERSION)"; then \
		echo "installing wasm-opt $(WASM_OPT_VERSION) (npm binaryen) into $(TOOLS)"; \
		mkdir -p $(TOOLS); \
		npm install --prefix $(TOOLS) --no-save --no-audit --no-fund binaryen@$(WASM_OPT_VERSION); \
	fi

browser:
	@if [ -x /usr/bin/chromium ] && [ -x $(CHROMEDRIVER) ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "installing chromium and chromium-driver from Debian"; \
		apt-get install -y --no-install-recommends chromium chromium-driver \
			|| { apt-get update && apt-get install -y --no-install-recommends chromium chromium-driver; }; \
	else \
		echo "The browser tests need Debian's chromium and chromium-driver. Run as root, or:"; \
		echo "  sudo apt-get install -y --no-install-recommends chromium chromium-driver"; \
		exit 1; \
	fi
