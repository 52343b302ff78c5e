"""Fixtures for the chat's tests: the websocket tests' in-memory channel layer, and a word
filter compiled afresh for each test (a transactional test's flush deletes the seeded words
without a signal)."""

import pytest

from games.models import ChatFilterWord
from games.play import chat_filter
from tests.realtime.conftest import daphne_logged, live_settings, server  # noqa: F401 - the websocket tests' own


@pytest.fixture(autouse=True)
def fresh_filter():
    chat_filter.forget()
    yield
    chat_filter.forget()


@pytest.fixture
def words(db):
    """The filter's lists, as a test knows them (the seeded ones may be flushed)."""
    for word, language in (("idiot", "en"), ("stupid", "en"), ("mjinga", "sw"), ("shut up", "en")):
        ChatFilterWord.objects.get_or_create(word=word, language=language)
