"""Moves over the table's websocket at a turn-based table: each writes the next player's
deadline (under the game's lock: never the one-statement path, whose position has none),
and the frames show the time left in words, not a clock in seconds."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def slow_game(user, baraka):
    table = create_table(user, "Polepole", 2, "friendly", pace="turn", move_seconds=3600)
    take_seat(table, baraka)
    game = start_game(table, user)
    put_position(game, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    return game


@database_sync_to_async
def deadline_and_turn(game):
    row = Game.objects.get(pk=game.pk)
    return row.move_deadline, row.turn


async def test_each_socket_move_sets_the_next_deadline(slow_game, user, baraka):
    amani = await open_client(slow_game.table_id, user)
    bara = await open_client(slow_game.table_id, baraka)
    for seq, (mover, watcher, move) in enumerate(((amani, bara, "7H"), (bara, amani, "9H"))):
        before = timezone.now()
        await mover.move(move, seq=seq)
        frame = await watcher.until(lambda f, seq=seq: f.sync == (slow_game.pk, seq + 1) and f.your_turn)
        assert "59 minutes left" in frame.text() and "data-move-deadline" in frame.html
        assert "data-turn-clock" not in frame.html and "None" not in frame.html
        deadline, turn = await deadline_and_turn(slow_game)
        assert turn == (seq + 1) % 2
        assert before + timedelta(hours=1) <= deadline <= timezone.now() + timedelta(hours=1)
    await amani.close()
    await bara.close()
