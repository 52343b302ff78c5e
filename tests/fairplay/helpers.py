"""Games played for real through games.play, to the point where someone leaves, resigns or
lets their turns run out (people play what a greedy bot would: deterministic)."""

import random
from datetime import timedelta

from django.utils import timezone

from accounts.models import Restriction
from games import bots
from games.models import Game
from games.play.moves import submit_move
from games.play.server_turns import next_server_turn, play_bot_move, play_server_turn
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat

MOST_MOVES = 600  # a game that does not reach the position wanted by then fails its test


def reload(game):
    return Game.objects.select_related("table").get(pk=game.pk)


def two_people(first, second, rated=True, **fields):
    """A running game at a new two-seat table: ``first`` (seat 0) against ``second``."""
    table = create_table(first, "Haki", 2, "friendly", rated=rated, **fields)
    take_seat(table, second)
    return start_game(table, first)


def against_a_bot(user):
    """A running game of ``user`` against a greedy bot."""
    table = create_table(user, "Peke", 2, "friendly")
    add_bot(table, "greedy")
    return start_game(table, user)


def play_one(game):
    """The move of whoever is to play: a bot's own, a person's as a greedy bot would."""
    player = game.players.select_related("user").get(seat=game.turn)
    if player.user.is_bot:
        play_bot_move(game.pk)
    else:
        rng = random.Random(f"{game.seed}:{game.move_count}:person")
        submit_move(game.pk, player.user, str(bots.choose_move(game.engine_state(), "greedy", rng)))


def play_until(game, wanted):
    """Play ``game`` on until ``wanted(game)`` holds (it must, while the game runs)."""
    game = reload(game)
    for _ in range(MOST_MOVES):
        if wanted(game):
            return game
        assert game.is_running, "the game ended before the position wanted"
        play_one(game)
        game = reload(game)
    raise AssertionError("no such position within the moves tried")


def walk_out(game, seat):
    """Play ``game`` to its end, the server playing ``seat``'s turns (out of time) until a bot
    takes the seat."""
    while (game := reload(game)).is_running:
        if game.turn == seat and not game.players.get(seat=seat).left:
            turn = next_server_turn(game.table_id, now=game.updated_at.replace(year=game.updated_at.year + 1))
            play_server_turn(turn, now=turn.due)
        else:
            play_one(game)
    return game


def clocked_table(user, rated=True):
    return create_table(user, "Saa", 2, "friendly", turn_timer_seconds=15, rated=rated)


def hand_sizes(game):
    return [len(hand) for hand in reload(game).engine_state().hands]


def pause(user, minutes=60, kind=Restriction.Kind.PLAYBAN, reason="left three games while losing"):
    """A restriction of ``user`` in force for ``minutes``."""
    until = timezone.now() + timedelta(minutes=minutes)
    return Restriction.objects.create(user=user, kind=kind, until=until, reason=reason)
