"""Fixtures for the log-in tests against a real daphne server (tests/accounts/servers.py)."""

import pytest
from django.db import connection

from tests.accounts.servers import manage
from tests.realtime.servers import database_url


@pytest.fixture
def server_database_url(transactional_db, tmp_path):
    """The server's DATABASE_URL: the committed test database on PostgreSQL, a file on SQLite."""
    if connection.vendor == "postgresql":
        return database_url(connection.settings_dict)
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    manage(url, "migrate", "--noinput")
    return url


@pytest.fixture
def daphne_log(tmp_path):
    path = tmp_path / "daphne.log"
    with open(path, "w") as log:
        yield log, path
