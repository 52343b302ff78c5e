"""Fixtures for the history tests: each starts with an empty cache."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_cache():
    """The 30-day leaderboard is cached; each test starts without another test's standings."""
    cache.clear()
