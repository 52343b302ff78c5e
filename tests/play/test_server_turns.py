"""games.play.server_turns: the bots' turns, on a real database."""

import pytest
from django.db import connection
from django.db.models import F

from games.engine import replay
from games.models import Game
from games.play.moves import submit_move
from games.play.server_turns import (
    advance_bots,
    bot_move_due,
    play_bot_move,
)
from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from tests.games.helpers import put_position
from tests.play.helpers import good_move, reload

pytestmark = pytest.mark.django_db


def test_bots_play_their_turns_up_to_a_human(user):
    table = create_table(user, "Bots", 4, "classic")
    for level in ("greedy", "random", "greedy"):
        add_bot(table, level)
    game = start_game(table, user)
    assert play_bot_move(game.pk) is None  # the human starts
    submit_move(game.pk, user, good_move(game))
    rows = advance_bots(reload(game))
    game = reload(game)
    assert rows and all(row.seat != 0 for row in rows)
    assert not game.is_running or game.turn == 0
    assert not bot_move_due(game)


def test_a_game_against_three_bots_reaches_its_end(user):
    table = create_table(user, "Bots", 4, "classic")
    for _ in range(3):
        add_bot(table, "greedy")
    game = start_game(table, user)
    while reload(game).is_running:
        submit_move(game.pk, user, good_move(game))
        advance_bots(reload(game))
    game = reload(game)
    moves = list(game.moves.values_list("text", flat=True))
    state = game.engine_state()
    assert replay(game.engine_rules(), 4, game.seed, moves)[-1] == state
    assert game.status == Game.Status.FINISHED and game.winner == state.winner
    assert [p.place for p in game.players.all()] == state.places()


def test_bots_wait_for_the_bot_delay(user, settings):
    settings.BOT_DELAY = 3600
    table = create_table(user, "Slow", 2, "classic")
    add_bot(table, "random")
    game = start_game(table, user)
    submit_move(game.pk, user, "draw")
    game = reload(game)
    assert game.turn == 1 and not bot_move_due(game)
    assert advance_bots(game) == []
    settings.BOT_DELAY = 0
    assert bot_move_due(game)
    assert play_bot_move(game.pk).seat == 1


def test_a_search_bot_thinks_the_games_first_move_here(user):
    """No move yet: the search bot reads no history (found by mypy: ``*None`` was unpacked)."""
    table = create_table(user, "Clever first", 2, "classic")
    add_bot(table, "clever")
    game = start_game(table, user)
    put_position(game, hands=("4H 5H 6H", "4C 5C 6C"), discard=("9C",), turn=1)
    row = play_bot_move(game.pk)
    assert row is not None and row.seat == 1 and row.index == 0


def test_a_bot_move_is_not_played_once_the_game_moved_on_while_it_thought(user):
    """Another write moves the game on as the search bot reads the game's moves (a real
    statement, run as that query runs): the move thought is not played, nothing is written."""
    table = create_table(user, "Moved on", 2, "classic")
    add_bot(table, "clever")
    game = start_game(table, user)
    put_position(game, hands=("4H 5H 6H", "4C 5C 6C"), discard=("9C",), turn=1)
    moved_on = []

    def move_on(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not moved_on and 'FROM "games_move"' in sql and "first_seat" in sql:
            moved_on.append(Game.objects.filter(pk=game.pk).update(seq=F("seq") + 1))
        return result

    with connection.execute_wrapper(move_on):
        assert play_bot_move(game.pk) is None
    assert moved_on == [1]
    assert reload(game).move_count == 0 and not game.moves.exists()
