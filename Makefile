# redouble: two commands on a fresh machine — `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: install play test lint typecheck unit browser terminal bench clean

$(STAMP): pyproject.toml hatch_build.py src/redouble/_accel.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

## The main job: play bridge (`make play PORT=8080` chooses the port).
PORT ?= 8000
play: install
	$(BIN)/redouble serve --port $(PORT)

## Everything CI checks: lint, strict typing, the tests (doctests, property and browser tests).
test: install browser terminal lint typecheck unit

lint: install
	$(BIN)/ruff check src tests bench

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest -n 2
	@echo "The engine core again in plain Python (the fall-back when _accel.c is not built):"
	REDOUBLE_PURE_PYTHON=1 $(BIN)/pytest -q tests/core src/redouble/auction.py src/redouble/play.py \
		src/redouble/state.py src/redouble/deal.py src/redouble/events.py

## Debian's Chromium for the browser tests (Playwright cannot download its own here).
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

## tmux for the terminal game's test (it types into `redouble play` and reads the screen).
terminal:
	@command -v tmux >/dev/null || (apt-get update -qq && apt-get install -y -qq tmux)

## Benchmarks against peers; results go to BENCHMARKS.md.
bench: install
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
