"""Fixtures for the challenges' tests: English refusals, a fresh in-memory channel layer
per test (the /ws/me/ sockets and the API's event stream listen to it), and players."""

import pytest
from channels.layers import channel_layers
from django.core.cache import cache
from django.utils import translation


@pytest.fixture(autouse=True)
def challenge_settings(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.memory_layer.InMemoryChannelLayer"}}
    settings.API_KEEPALIVE_SECONDS = 0.2
    settings.PRESENCE_BATCH_SECONDS = 0
    settings.CHALLENGES_PER_HOUR = 20
    settings.CHALLENGE_EXPIRY_SECONDS = 300
    channel_layers.backends.clear()
    cache.clear()
    with translation.override("en"):
        yield
    channel_layers.backends.clear()


@pytest.fixture
def amani(user):
    return user


@pytest.fixture
def wanjiru(make_user):
    return make_user("wanjiru")


@pytest.fixture
def greedy_bot(db):
    from games.play.tables import bot_account

    return bot_account("greedy")
