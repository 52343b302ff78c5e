"""Fixtures for the websocket tests: a real, committed database (the consumer reads it from
its own threads) and a fresh in-memory channel layer for each test's event loop."""

import pytest
from channels.layers import channel_layers

from games import services
from tests.games.helpers import put_position


@pytest.fixture(autouse=True)
def live_settings(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def table(user):
    """A friendly table (misplays are refused) with ``user`` (amani) in seat 0."""
    return services.create_table(user, "Kibanda", 4, "friendly")


@pytest.fixture
def game(table, user, baraka):
    """amani (seat 0, to play) against baraka, in a known position."""
    services.take_seat(table, baraka)
    game = services.start_game(table, user)
    put_position(game, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    return game
