"""On PostgreSQL the websockets' database work runs side by side: a move held up at one
table (its game row locked by another server mid-move) holds up no other table."""

import threading

import pytest
from channels.db import database_sync_to_async
from django.db import connection, transaction

from games.live import db_calls
from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import WAIT, open_client

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not db_calls.PARALLEL, reason="on SQLite the calls keep to one thread"),
]


@database_sync_to_async
def second_game(make_user):
    """Another table, chebet (to play) against dan."""
    chebet, dan = make_user("chebet"), make_user("dan")
    table = create_table(chebet, "Mtaani", 2, "friendly")
    take_seat(table, dan)
    game = start_game(table, chebet)
    put_position(game, hands=("8S 6H", "9C 10D"), discard=("6D",), turn=0)
    return chebet, game


@database_sync_to_async
def move_count(game):
    return Game.objects.get(pk=game.pk).move_count


class RowHolder(threading.Thread):
    """Holds a game's row lock, as another server process does in the middle of a move."""

    def __init__(self, game_id):
        super().__init__()
        self.game_id = game_id
        self.holding, self.release = threading.Event(), threading.Event()

    def run(self):
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=self.game_id)
                self.holding.set()
                self.release.wait(WAIT)
        finally:
            connection.close()


async def test_a_move_waiting_for_its_game_does_not_hold_up_another_table(game, user, make_user):
    chebet, other = await second_game(make_user)
    holder = RowHolder(game.pk)
    holder.start()
    assert holder.holding.wait(WAIT)
    amani = await open_client(game.table_id, user)
    player = await open_client(other.table_id, chebet)
    try:
        await amani.move("7H", seq=0)  # waits for the row lock
        await player.move("6H", seq=0)

        frame = await player.until(lambda f: f.sync == (other.pk, 1))
        assert frame.hand == ["8S"]
        assert await move_count(game) == 0  # still waiting

        holder.release.set()
        await amani.until(lambda f: f.sync == (game.pk, 1))
        assert await move_count(game) == 1
    finally:
        holder.release.set()
        holder.join()
        await amani.close()
        await player.close()
