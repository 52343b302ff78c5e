# Local development: `make run` serves the site, `make test` runs the whole suite.
# Production on one machine: `make prod WORKERS=4` (README.md, "Production").
PYTHON ?= python3
WORKERS ?= 2
TASK_CLUSTERS ?= 1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled engine (Cython builds of games/engine's hot modules; the .py files stay the source).
ENGINE_BUILD := games/engine/_compiled/sources.sha256
ENGINE_SOURCES := $(wildcard games/engine/*.py games/engine/*.pxd)

# Translations: the catalogues' sources (.po) and their compiled .mo files are both committed,
# so a checkout serves Swahili without gettext's tools; `make messages` (needs gettext:
# `apt-get install gettext`) refreshes the sources from the code and compiles them.
LANGUAGES := sw
MESSAGES_IGNORE := --ignore=.venv --ignore=staticfiles --ignore=static/vendor --ignore=tests \
	--ignore=test-artifacts --ignore=node_modules --ignore=bench
ENGINE_TEXTS := games/engine_texts_extracted.py

.PHONY: venv run prod test lint typecheck messages

venv: $(STAMP) $(ENGINE_BUILD)

# Reinstalls only when requirements.txt is newer than the last install.
$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

# Rebuilds when an engine source changes; until then the engine runs its pure-Python modules.
$(ENGINE_BUILD): $(STAMP) setup_engine.py $(ENGINE_SOURCES)
	$(BIN)/python setup_engine.py

# Migrates, loads the demo, schedules the periodic jobs, then serves daphne on PORT with the
# task cluster beside it (deploy/dev.py); Ctrl-C stops both.
run: venv
	$(BIN)/python -m deploy.dev --port $(PORT)

# Migrates, collects the static files, schedules the periodic jobs, then WORKERS daphne
# processes behind HAProxy on PORT and TASK_CLUSTERS task clusters (manage.py qcluster).
prod: venv
	$(BIN)/python -m deploy.prod --workers $(WORKERS) --task-clusters $(TASK_CLUSTERS) --port $(PORT)

# TEST_SELECT: a -m expression (.ci/run's PostgreSQL pass: "not same_on_every_stack"); the
# engine's tests on its pure-Python twin run on the whole suite only (no database in them).
# TEST_WORKERS: pytest-xdist's processes (0: none, the suite in this one). Two per core: a
# worker spends about half its time waiting (for servers, browsers, timers), and one per core
# left the cores half idle (bench/README.md, "The test suite"). Each module's tests stay in one
# worker (tests/conftest.py); each worker has its own test database and Redis names
# (tests/workers.py).
TEST_WORKERS ?= $(shell echo $$((2 * $$(nproc))))
PYTEST := $(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup
test: venv
	$(PYTEST) --durations=25 $(if $(TEST_SELECT),-m "$(TEST_SELECT)")
	$(if $(TEST_SELECT),,KADI_PURE_ENGINE=1 $(PYTEST) tests/engine -q)

# lint-imports: the import contracts of pyproject.toml ([tool.importlinter]).
lint: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-logo

# mypy on the engine, the bots and the writes (pyproject.toml, [tool.mypy]).
typecheck: venv
	$(BIN)/mypy

messages: venv
	$(BIN)/python -m games.text.engine_texts $(ENGINE_TEXTS)
	for lang in $(LANGUAGES); do \
		$(BIN)/python manage.py makemessages --no-obsolete -l $$lang $(MESSAGES_IGNORE) && \
		$(BIN)/python manage.py makemessages --no-obsolete -d djangojs -l $$lang $(MESSAGES_IGNORE) || exit 1; \
	done; rm -f $(ENGINE_TEXTS)
	$(BIN)/python manage.py compilemessages $(foreach lang,$(LANGUAGES),-l $(lang))
