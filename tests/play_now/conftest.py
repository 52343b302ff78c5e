"""Fixtures of the play-at-once tests: each starts in English (a Swahili page leaves its
language active in the test's thread, where refusals are worded)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def guest_client():
    """A visitor who tapped "Play bots now": a guest, seated at a started table with bots."""
    client = Client(REMOTE_ADDR="198.51.100.20")
    response = client.post(reverse("games:play_bots_now"), {"level": "random"})
    assert response.status_code == 302, response.content
    client.table_url = response.url
    return client
