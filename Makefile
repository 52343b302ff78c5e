# Local development: `make run` serves the site, `make test` runs the whole suite.
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled engine (Cython builds of games/engine's hot modules; the .py files stay the source).
ENGINE_BUILD := games/engine/_compiled/sources.sha256
ENGINE_SOURCES := $(wildcard games/engine/*.py games/engine/*.pxd)

.PHONY: venv run test lint

venv: $(STAMP) $(ENGINE_BUILD)

# Reinstalls only when requirements.txt is newer than the last install.
$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

# Rebuilds when an engine source changes; until then the engine runs its pure-Python modules.
$(ENGINE_BUILD): $(STAMP) setup_engine.py $(ENGINE_SOURCES)
	$(BIN)/python setup_engine.py

run: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/daphne -b 127.0.0.1 -p $(PORT) kadi_site.asgi:application

test: venv
	$(BIN)/pytest
	KADI_PURE_ENGINE=1 $(BIN)/pytest tests/engine -q

lint: venv
	$(BIN)/ruff check .
