"""A socket's move written from the event loop, on PostgreSQL (``games.live.loop_statements``):
on the loop's own connection when the process holds the game and the move is the whole
change; in a database thread otherwise, or when that connection fails."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games.live import loop_statements
from games.models import Game
from tests.realtime.helpers import open_client

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the loop writes moves on PostgreSQL only"),
]
WRITE_ALONE = "WITH updated AS (UPDATE"  # the start of a move's statement (services.AloneWrite)


def statements_by_loop_connection():
    """{backend pid: its last statement} of the connections the event loops made to this database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, query FROM pg_stat_activity"
            " WHERE application_name = %s AND datname = current_database()",
            [loop_statements.APPLICATION_NAME],
        )
        return dict(cursor.fetchall())


async def last_statement_of_this_loops_connection():
    """(backend pid, last statement) of the running loop's connection (the sockets' loop)."""
    pid = (await loop_statements._connection()).info.backend_pid
    return pid, (await database_sync_to_async(statements_by_loop_connection)())[pid]


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
    pid, statement = await last_statement_of_this_loops_connection()
    assert statement.startswith(WRITE_ALONE)
    await terminate(pid)  # as a restart of the database would

    await amani.move("draw", seq=2)  # the statement fails: the move is made in a database thread
    await bara.until(lambda f: f.sync == (game.pk, 3))
    await bara.move("draw", seq=3)  # written by the loop's new connection
    await amani.until(lambda f: f.sync == (game.pk, 4))

    assert await move_count(game) == 4
    new_pid, statement = await last_statement_of_this_loops_connection()
    assert new_pid != pid and statement.startswith(WRITE_ALONE)
    await amani.close()
    await bara.close()


def test_a_loops_connection_closes_with_the_loop():
    loop = asyncio.new_event_loop()
    try:
        made = loop.run_until_complete(loop_statements._connection())
        assert made.info.backend_pid in statements_by_loop_connection() and not made.closed
    finally:
        loop.close()
    assert made.closed
