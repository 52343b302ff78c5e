"""Games played for real through games.play, for the history tests."""

import random

from games import bots
from games.models import Game
from games.play.moves import submit_move
from games.play.server_turns import play_bot_move
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat


def play_to_the_end(game, level="greedy"):
    """Play ``game`` through the writes until it ends: bots move themselves, and people
    play what a bot of ``level`` would (from a generator seeded by the move number)."""
    game = Game.objects.get(pk=game.pk)
    while game.is_running:
        player = game.players.select_related("user").get(seat=game.turn)
        if player.user.is_bot:
            play_bot_move(game.pk)
        else:
            rng = random.Random(f"{game.seed}:{game.move_count}:person")
            submit_move(game.pk, player.user, str(bots.choose_move(game.engine_state(), level, rng)))
        game = Game.objects.get(pk=game.pk)
    return game


def new_game(creator, preset="friendly", others=(), bot_levels=(), rule_overrides=None):
    """A started game at a new table: ``creator`` in seat 0, then the ``others``, then bots;
    ``rule_overrides`` are house rules set on the table (as in the admin)."""
    table = create_table(creator, f"{creator.username}'s table", 1 + len(others) + len(bot_levels), preset)
    if rule_overrides:
        table.rule_overrides = rule_overrides
        table.save()
    for other in others:
        take_seat(table, other)
    for level in bot_levels:
        add_bot(table, level)
    return start_game(table, creator)
