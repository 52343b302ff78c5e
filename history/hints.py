"""Hints in replays: at one of a player's own turns in a finished game, the strongest
bot's move and its estimated chance of winning, worked out from what that seat saw then.

The analysis never gets the real position: it gets a position built from the seat's view
alone (``seat_position``), in which the cards the seat could not see (the other hands, the
draw pile) are dealt at random, and the seed is a new one. Hints are cached by game, step
and bot level: a finished game never changes.
"""

import random

from django.core.cache import cache

from games import bots
from games.engine import State
from games.engine.cards import CARD_TEXT, deck, parse_card
from history.replays import state_at

CACHE_SECONDS = 30 * 24 * 60 * 60
# What a seat's view holds of the position as it is (the rest is its own hand and sizes).
PUBLIC = ("rules", "discard_pile", "turn", "direction", "suit", "pending", "declared", "drawn", "turns")


def seat_position(view, rng):
    """A position consistent with ``view`` (``State.view`` of the seat to move): the seat's
    hand, the discard pile and everything public as they are; the cards unseen by the seat
    dealt by ``rng`` to the other hands and the draw pile, in their sizes."""
    seat = view["you"]
    own = [parse_card(text) for text in view["hand"]]
    seen = set(own) | {parse_card(text) for text in view["discard_pile"]}
    unseen = [card for card in deck(view["rules"]["jokers"]) if card not in seen]
    rng.shuffle(unseen)
    hands = []
    for player, size in enumerate(view["hand_sizes"]):
        hands.append(own if player == seat else [unseen.pop() for _ in range(size)])
    position = {key: view[key] for key in PUBLIC}
    position.update(
        hands=[[CARD_TEXT[card] for card in hand] for hand in hands],
        draw_pile=[CARD_TEXT[card] for card in unseen],
        seed=rng.getrandbits(63),
    )
    return State.from_dict(position)


def advice(view, level, rng):
    """``(move, win_chance)`` of a bot of ``level`` for the seat whose ``view`` (``State.view``
    of the seat to move) this is: it sees that view and nothing else."""
    return bots.analyse(seat_position(view, rng), level, rng)


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
        move, chance = advice(state.view(state.turn), level, random.Random(f"hint:{game.pk}:{step}:{level}"))
        found = {"seat": state.turn, "move": str(move), "win_chance": chance, "level": level}
    cache.set(key, found, CACHE_SECONDS)
    return found if found["seat"] == seat else None
