"""Fixtures for the history tests: players, and bots that answer at once."""

import pytest


@pytest.fixture(autouse=True)
def no_bot_delay(settings):
    settings.BOT_DELAY = 0


@pytest.fixture
def baraka(make_user):
    return make_user("baraka")


@pytest.fixture
def chebet(make_user):
    return make_user("chebet")
