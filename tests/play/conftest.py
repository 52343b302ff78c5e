"""Fixtures of the writes' tests."""

import pytest

from games.play.starts import start_game
from games.play.tables import create_table, take_seat


@pytest.fixture
def three(user, baraka, chebet):
    """A running game of three people at a "friendly" table: amani (seat 0) to move."""
    table = create_table(user, "Jumps", 3, "friendly")
    take_seat(table, baraka)
    take_seat(table, chebet)
    return start_game(table, user)
