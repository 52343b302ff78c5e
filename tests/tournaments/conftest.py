"""Fixtures of the tournaments' tests: a tournament starting now and players in it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments.models import Tournament
from tournaments.writes import entries


@pytest.fixture
def start():
    """In a minute: the start of the tournaments ``arena`` makes (the joins' own pairing,
    on their commit, finds nothing due: the tests pair at a time of their choosing)."""
    return timezone.now() + timedelta(minutes=1)


@pytest.fixture
def arena(start):
    """A public tournament starting at ``start`` (the pairing starts it)."""

    def make(name="Jioni", **fields):
        return Tournament.objects.create(**{"name": name, "starts_at": start, "preset": "friendly", **fields})

    return make


@pytest.fixture
def entrants(make_user, start):
    """``count`` new players entered into ``tournament`` (through its link), waiting since its start."""

    def enter(tournament, count, prefix="p"):
        players = [make_user(f"{prefix}{n}") for n in range(count)]
        for player in players:  # a private tournament's players came through its link
            entries.join(tournament.pk, player, token=tournament.invite_token, now=start)
        return players

    return enter
