"""Fixtures for the history tests: players, and bots that answer at once."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def no_bot_delay(settings):
    settings.BOT_DELAY = 0


@pytest.fixture(autouse=True)
def fresh_cache():
    """The 30-day leaderboard is cached; each test starts without another test's standings."""
    cache.clear()


@pytest.fixture
def baraka(make_user):
    return make_user("baraka")


@pytest.fixture
def chebet(make_user):
    return make_user("chebet")
