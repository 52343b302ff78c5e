"""Fixtures for the invitation links and private tables: every test starts in English (a
Swahili page leaves its language active in the test's thread)."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.play.tables import create_table


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def private_table(user):
    """amani's private table of three seats, she in seat 0; anyone with the link may watch,
    its games are not in public lists."""
    return create_table(user, "Nyumbani", 3, "friendly", private=True, listed_in_history=False)


def link(table):
    """The table's invitation link (a path)."""
    return reverse("games:join", args=[table.pk, table.invite_token])
