# Two commands set up and run everything on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install test demo demo-headless run lint fmt typecheck bench bench-cluster docs locales clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,demo]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(PY) -m pytest

demo: $(STAMP)
	$(PY) -m bot demo

# Simulated members play VARIANT for HANDS hands; prints the transcript and the credit check.
VARIANT ?= coruscant-shift
HANDS ?= 3
demo-headless: $(STAMP)
	$(PY) -m bot demo --headless --variant $(VARIANT) --hands $(HANDS)

run: $(STAMP)
	$(PY) -m bot

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

fmt: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) bench/bots.py
	$(PY) bench/cards.py

# README's slash-command and variant tables, generated from the code.
docs: $(STAMP)
	$(PY) -m bot.docgen

# 1, 2 and 4 bot processes on one throwaway PostgreSQL (one killed mid-play), and SQLite.
bench-cluster: $(STAMP)
	$(PY) bench/cluster.py

# The translation catalogs: every marked text and every slash-command text into
# bot/locales/sabacc.pot, merged into each bot/locales/<locale>/LC_MESSAGES/sabacc.po (new texts
# arrive empty, changed ones fuzzy: tests/bot/test_i18n_catalogs.py fails until they are
# translated). The bot reads the .po files themselves; the compile step only checks them.
locales: $(STAMP)
	$(PY) -m bot.i18n.extract
	$(VENV)/bin/pybabel compile --statistics -d bot/locales -D sabacc

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
