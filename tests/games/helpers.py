"""Helpers for tests that need a game in a known position."""

from games.engine import State
from tests.engine.helpers import position


def put_position(game, **kwargs):
    """Replace ``game``'s position by one built by hand (see tests.engine.helpers.position)."""
    state = State.from_dict(position(rules=game.rules, **kwargs))
    game.state = state.to_dict()
    game.turn = state.turn
    game.save()
    return state
