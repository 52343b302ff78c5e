"""Fixtures for the bot API's tests: tokens, and a fresh in-memory channel layer per test
(the streams follow the tables' Channels groups)."""

import pytest
from channels.layers import channel_layers
from django.core.cache import cache

from tests.games.helpers import put_position


@pytest.fixture(autouse=True)
def api_settings(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.memory_layer.InMemoryChannelLayer"}}
    settings.API_KEEPALIVE_SECONDS = 0.2
    settings.PRESENCE_BATCH_SECONDS = 0  # who comes and goes told at once, no task left for later
    channel_layers.backends.clear()
    cache.clear()  # the rate limit's counts: token ids come round again after a rollback
    yield
    channel_layers.backends.clear()


@pytest.fixture
def token(user):
    """amani's API token (the token itself)."""
    from api.tokens import create_token

    return create_token(user, "my bot")[1]


@pytest.fixture
def auth(token):
    """Headers for the test client: amani's token."""
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


@pytest.fixture
def game(game):
    """amani (seat 0, to play) against baraka, in a known position."""
    put_position(game, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    return game
