"""Fixtures for the websocket tests: a real, committed database (the consumer reads it from
its own threads) and a fresh in-memory channel layer for each test's event loop."""

import pytest
from channels.layers import channel_layers
from django.db import connection

from tests.games.helpers import put_position
from tests.realtime.faults import own_backend, terminate_backends
from tests.realtime.servers import DaphneServer, database_url


@pytest.fixture(autouse=True)
def live_settings(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.memory_layer.InMemoryChannelLayer"}}
    settings.PRESENCE_BATCH_SECONDS = 0  # who comes and goes told at once (batches: their own test)
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def game(game):
    """amani (seat 0, to play) against baraka, in a known position."""
    put_position(game, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    return game


@pytest.fixture
def live_game(user, baraka):
    """A two-seat table's game, amani (seat 0, to play) against baraka, for tests that run
    daphne processes on a committed database."""
    from games.play.starts import start_game
    from games.play.tables import create_table, take_seat

    table = create_table(user, "Live table", 2, "friendly")
    take_seat(table, baraka)
    game = start_game(table, user)
    put_position(game, hands=("7H 5H 4C", "9H QD KC 5C"), discard=("7D",), turn=0)
    return game


@pytest.fixture(scope="module")
def daphne_logged(django_db_setup, tmp_path_factory):
    """A daphne process on the test database (and Redis when REDIS_URL is set), its output
    in a log file, for a module's tests."""
    log_path = tmp_path_factory.mktemp("daphne") / "daphne.log"
    with open(log_path, "w") as log:
        server = DaphneServer({"DATABASE_URL": database_url(connection.settings_dict)}, log=log).start()
        server.log_path = log_path
        yield server
        server.stop()


@pytest.fixture
def server(daphne_logged):
    """The module's daphne server; the test fails if the server logged an error or a
    traceback while it ran."""
    start = daphne_logged.log_path.stat().st_size
    yield daphne_logged
    with open(daphne_logged.log_path) as log:
        log.seek(start)
        written = log.read()
    assert "Traceback" not in written and "ERROR" not in written, written


@pytest.fixture
def end_backends(transactional_db):
    """End the test database's backends (a fault: tests/realtime/faults.py) but the test's
    own connection, which flushes the database afterwards: how many."""
    spare = own_backend()
    return lambda: terminate_backends(spare)
