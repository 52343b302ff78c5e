# Local development: `make run` serves the site, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv run test lint

venv: $(STAMP)

# Reinstalls only when requirements.txt is newer than the last install.
$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	touch $(STAMP)

run: venv
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/daphne -b 127.0.0.1 -p 8000 kadi_site.asgi:application

test: venv
	$(BIN)/pytest

lint: venv
	$(BIN)/ruff check .
