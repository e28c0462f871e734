# The two commands of the README: `make demo` and `make test`. Both build the virtual
# environments they need from nothing but Python 3.11+ and this repository.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check -q

# The Python versions the classifiers claim. `make test` runs pytest on each one present on
# this machine (each in its own .venv-X.Y; the primary one, $(PYTHON), in .venv) and says which
# it ran and which it skipped. Lint, types and docs run once, on the primary interpreter.
TEST_PYTHONS ?= 3.11 3.12 3.13
# What the other versions install: the test tools and every optional surface the tests cover.
OTHER_EXTRAS ?= test,simulate,pettingzoo,openspiel,web
PRIMARY = $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
interpreter = $(shell .ci/find-python $(1))
PRESENT = $(foreach v,$(TEST_PYTHONS),$(if $(call interpreter,$(v)),$(v)))
MISSING = $(filter-out $(PRESENT),$(TEST_PYTHONS))
OTHERS = $(filter-out $(PRIMARY),$(PRESENT))

.PHONY: demo test pytest lint typecheck docs bench strength clean

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

# The other versions run in the background while the primary one runs in the foreground (two
# cores go further this way); their logs follow, so pytest's summary line closes the output.
# The primary runs hypothesis's `ci` profile (500 examples a property); the others the `dev`
# profile (60), which keeps `make test` short; HYPOTHESIS_PROFILE_OTHERS=ci runs them in full.
pytest: $(VENV)/.dev $(foreach v,$(OTHERS),.venv-$(v)/.test)
	@echo "pytest on Python $(PRESENT); skipped (not on this machine): $(or $(MISSING),none)"
	@mkdir -p build
	@status=0; pids=""; \
	for v in $(OTHERS); do \
		HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE_OTHERS:-dev} .venv-$$v/bin/python -m pytest -p no:cacheprovider > build/pytest-$$v.log 2>&1 & \
		pids="$$pids $$!"; \
	done; \
	echo "== pytest on Python $(PRIMARY)"; \
	$(BIN)/python -m pytest || status=1; \
	set -- $$pids; \
	for v in $(OTHERS); do \
		wait $$1 || status=1; shift; \
		echo "== pytest on Python $$v"; cat build/pytest-$$v.log; \
	done; \
	exit $$status

# Tests run last so that their summary line closes the output.
test: lint typecheck docs  ## every check: lint, types, docs build, then tests on each Python
	@$(MAKE) --no-print-directory pytest

bench: $(VENV)/.bench  ## throughput against RLCard's uno and OpenSpiel's C++ games, JSON load and rejection speed
	$(BIN)/python benchmarks/throughput.py

strength: $(VENV)/.installed  ## bot strength with 95% confidence intervals (several minutes)
	$(BIN)/python benchmarks/strength.py

clean:
	rm -rf $(VENV) .venv-* build site .mypy_cache .ruff_cache .pytest_cache .hypothesis
