"""Helpers of the writes' tests: a game read again, and a sensible move in it."""

import random

from games import bots
from games.models import Game


def reload(game):
    return Game.objects.get(pk=game.pk)


def good_move(game):
    """A sensible move for whoever is to play (a greedy bot's choice)."""
    return str(bots.choose_move(reload(game).engine_state(), "greedy", random.Random(0)))


def user_to_move(game):
    game = reload(game)
    return game.players.get(seat=game.turn).user
