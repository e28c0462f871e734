# The two commands of the README: `make demo` and `make test`. Both build the virtual
# environment they need from nothing but Python 3.11+ and this repository.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: demo test lint typecheck docs bench strength clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.dev: pyproject.toml $(VENV)/.installed
	$(PIP) install -e '.[dev]'
	touch $@

demo: $(VENV)/.installed  ## watch bots play a seeded, narrated classic Mistigri match
	$(BIN)/cardgames demo classic-mistigri --seed 2026

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.dev
	$(BIN)/mypy

docs: $(VENV)/.dev
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir build/site

# Tests run last so that their summary line closes the output.
test: lint typecheck docs  ## every check: lint, types, docs build, then tests, doctests and examples
	$(BIN)/python -m pytest

bench: $(VENV)/.installed  ## random-play throughput per game; add RLCard's uno baseline with `pip install -e .[bench]`
	$(BIN)/python benchmarks/throughput.py

strength: $(VENV)/.installed  ## bot strength with 95% confidence intervals (several minutes)
	$(BIN)/python benchmarks/strength.py

clean:
	rm -rf $(VENV) build site .mypy_cache .ruff_cache .pytest_cache .hypothesis
