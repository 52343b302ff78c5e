"""Hints in replays: at one of a player's own turns in a finished game, the strongest
bot's move and its estimated chance of winning, worked out from what that seat saw then
(its view, and its views of the earlier positions, for what the others' moves tell).

The analysis never gets the real position: it gets a position built from the seat's view
alone (``seat_position``), in which the cards the seat could not see (the other hands, the
draw pile) are dealt at random, and the seed is a new one. Hints are cached by game, step
and bot level: a finished game never changes.
"""

import random

from django.core.cache import cache

from games import bots
from games.engine.determinize import Observation
from history.replays import state_at

CACHE_SECONDS = 30 * 24 * 60 * 60


def seat_position(view, rng):
    """A position consistent with ``view`` (``State.view`` of the seat to move): the seat's
    hand, the discard pile and everything public as they are; the cards unseen by the seat
    dealt by ``rng`` to the other hands and the draw pile, in their sizes (after a
    reshuffle, as ``restocked`` allows), with a new seed."""
    return Observation(view).sample(rng)


def advice(view, level, rng, history=()):
    """``(move, win_chance)`` of a bot of ``level`` for the seat whose ``view`` (``State.view``
    of the seat to move) this is: it sees that view and nothing else, and the views it had
    of the game's earlier positions (``history``, as for ``bots.choose_move``)."""
    return bots.analyse(seat_position(view, rng), level, rng, history)


def strongest_level():
    return bots.LEVELS[-1]


def hint(game, seat, step, level=None):
    """``{"move", "win_chance", "level"}`` for ``seat`` at ``step`` of finished ``game``, or
    None when that seat was not to move then."""
    level = level or strongest_level()
    key = f"history:hint:{game.pk}:{step}:{level}"
    cached = cache.get(key)
    if cached is not None:
        return cached if cached.get("seat") == seat else None
    state = state_at(game, step)
    if state.finished or state.turn is None:
        found = {"seat": None}
    else:
        texts = list(game.moves.order_by("index").values_list("text", flat=True)[:step])
        history = bots.replayed_history(state, game.first_seat, texts)
        rng = random.Random(f"hint:{game.pk}:{step}:{level}")
        move, chance = advice(state.view(state.turn), level, rng, history)
        found = {"seat": state.turn, "move": str(move), "win_chance": chance, "level": level}
    cache.set(key, found, CACHE_SECONDS)
    return found if found["seat"] == seat else None
