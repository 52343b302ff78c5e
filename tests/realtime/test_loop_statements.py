"""A socket's move written from the event loop, on PostgreSQL (``games.live.loop_statements``):
on one of the loop's own connections when the process holds the game and the move is the
whole change; in a database thread otherwise, or when that connection fails."""

import asyncio

import psycopg
import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games.live import loop_statements
from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import WRITE_ALONE, open_client, statements_by_loop_connection
from tests.realtime.servers import database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the loop writes moves on PostgreSQL only"),
]


async def last_statement_of_the_loops_connection():
    """(backend pid, last statement) of the one connection the event loops hold (the sockets'
    loop: moves one after another need no second)."""
    ((pid, statement),) = (await database_sync_to_async(statements_by_loop_connection)()).items()
    return pid, statement


@database_sync_to_async
def loop_statement_waiting_for_a_lock():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
            " AND datname = current_database() AND wait_event_type = 'Lock'",
            [loop_statements.APPLICATION_NAME],
        )
        return cursor.fetchone()[0] > 0


@database_sync_to_async
def terminate(pid):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])


@database_sync_to_async
def move_count(game):
    return Game.objects.get(pk=game.pk).move_count


async def test_a_move_is_written_by_the_loops_own_connection_and_survives_losing_it(game, user, baraka):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    await amani.move("7H", seq=0)
    await bara.until(lambda f: f.sync == (game.pk, 1))
    await bara.move("9H", seq=1)  # on the game as kept after this process's move: written by the loop

    await amani.until(lambda f: f.sync == (game.pk, 2) and f.your_turn)
    pid, statement = await last_statement_of_the_loops_connection()
    assert statement.startswith(WRITE_ALONE)
    await terminate(pid)  # as a restart of the database would

    await amani.move("draw", seq=2)  # the statement fails: the move is made in a database thread
    await bara.until(lambda f: f.sync == (game.pk, 3))
    await bara.move("draw", seq=3)  # written by the loop's new connection
    await amani.until(lambda f: f.sync == (game.pk, 4))

    assert await move_count(game) == 4
    new_pid, statement = await last_statement_of_the_loops_connection()
    assert new_pid != pid and statement.startswith(WRITE_ALONE)
    await amani.close()
    await bara.close()


async def test_a_games_first_move_in_the_process_is_written_by_the_loop(game, user, baraka):
    """No move of the game was made here before: its players come from the table's reading,
    read when the page opened (``games.live.readings``)."""
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    await amani.move("7H", seq=0)
    await bara.until(lambda f: f.sync == (game.pk, 1))

    _, statement = await last_statement_of_the_loops_connection()
    assert statement.startswith(WRITE_ALONE)
    assert await move_count(game) == 1
    await amani.close()
    await bara.close()


@pytest.fixture
def second_game(chebet, baraka):
    """chebet (seat 0, to play) against baraka at a second table."""
    table = create_table(chebet, "Mezani", 2, "friendly")
    take_seat(table, baraka)
    game = start_game(table, chebet)
    put_position(game, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    return game


async def test_a_move_waiting_for_its_game_holds_up_no_other_tables_move(
    game, second_game, user, baraka, chebet
):
    tables = []
    for first, table_game in ((user, game), (chebet, second_game)):
        opener = await open_client(table_game.table_id, first)
        other = await open_client(table_game.table_id, baraka)
        await opener.move("7H", seq=0)
        await other.until(lambda f, table_game=table_game: f.sync == (table_game.pk, 1))
        tables.append((opener, other))
    (amani, bara), (chebet_client, bara_there) = tables

    holder = await psycopg.AsyncConnection.connect(database_url(connection.settings_dict))
    try:
        async with holder.transaction():  # the first game's row locked, as a long transaction would
            await holder.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
            await bara.move("9H", seq=1)  # written by the loop: its statement waits for the lock
            async with asyncio.timeout(10):
                while not await loop_statement_waiting_for_a_lock():
                    await asyncio.sleep(0.01)
            await bara_there.move("9H", seq=1)  # the other table's move goes out meanwhile
            await chebet_client.until(lambda f: f.sync == (second_game.pk, 2))
    finally:
        await holder.close()
    await amani.until(lambda f: f.sync == (game.pk, 2))  # and the first, once its game is free

    assert await move_count(game) == 2 and await move_count(second_game) == 2
    for client in (amani, bara, chebet_client, bara_there):
        await client.close()


def test_a_loops_connections_close_with_the_loop():
    loop = asyncio.new_event_loop()

    async def two_at_once():
        pool = loop_statements._pool()
        async with pool.lent() as first, pool.lent() as second:
            return first, second

    try:
        made = loop.run_until_complete(two_at_once())
        pids = {made_one.info.backend_pid for made_one in made}
        assert len(pids) == 2 and pids <= set(statements_by_loop_connection())
        assert not any(made_one.closed for made_one in made)
    finally:
        loop.close()
    assert all(made_one.closed for made_one in made)
