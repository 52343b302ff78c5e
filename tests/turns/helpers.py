"""Helpers of the turn-based tests: a turn-based game of two people, and the clock moved on
by giving the writes their ``now`` (no sleeps)."""

from datetime import timedelta

from django.utils import timezone

from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

DAY = 86400


def turn_game(owner, other, move_seconds=DAY, preset="friendly", name="Slow"):
    """A running game at a new turn-based table: ``owner`` (seat 0, to move) against ``other``."""
    table = create_table(owner, name, 2, preset, pace="turn", move_seconds=move_seconds)
    take_seat(table, other)
    return start_game(table, owner)


def reload(game):
    return Game.objects.select_related("table").get(pk=game.pk)


def past_deadline(game, seconds=1):
    """A ``now`` just after ``game``'s current deadline."""
    return reload(game).move_deadline + timedelta(seconds=seconds)


def soon():
    return timezone.now() + timedelta(seconds=5)
