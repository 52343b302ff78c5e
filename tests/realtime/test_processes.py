"""Two daphne processes on one PostgreSQL and Redis: a move made through one reaches a
player connected to the other; a server killed mid-game loses nothing, and its client
reconnects and carries on. Clients are real websockets (the ``websockets`` library)."""

import asyncio
import os

import pytest
import websockets
from django.db import connection

from tests.realtime.helpers import Socket, needs_shared_stack, session_cookie
from tests.realtime.servers import DaphneServer, database_url

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack]


@pytest.fixture
def servers():
    env = {"DATABASE_URL": database_url(connection.settings_dict), "REDIS_URL": os.environ["REDIS_URL"]}
    started = [DaphneServer(env).start(), DaphneServer(env).start()]
    yield started
    for server in started:
        server.stop()


async def test_a_move_through_one_server_reaches_a_player_on_the_other(servers, live_game, user, baraka):
    one, other = servers
    amani = Socket(one, f"/ws/t/{live_game.table_id}/", await session_cookie(user))
    bara = Socket(other, f"/ws/t/{live_game.table_id}/", await session_cookie(baraka))
    assert (await amani.open()).sync == (live_game.pk, 0)
    await bara.open()

    await amani.move("7H", 0, "a1")

    frame = await bara.until(lambda f: f.sync == (live_game.pk, 1))
    assert frame.your_turn and frame.hand == ["9H", "5C", "KC", "QD"]
    await amani.ws.close()
    await bara.ws.close()


async def test_a_server_killed_mid_game_loses_nothing(servers, live_game, user, baraka):
    one, other = servers
    amani = Socket(one, f"/ws/t/{live_game.table_id}/", await session_cookie(user))
    bara = Socket(other, f"/ws/t/{live_game.table_id}/", await session_cookie(baraka))
    await amani.open()
    await bara.open()
    await amani.move("7H", 0, "a1")
    await bara.until(lambda f: f.sync == (live_game.pk, 1))

    await asyncio.to_thread(one.kill)
    with pytest.raises(websockets.ConnectionClosed):
        await amani.until(lambda f: False)  # whatever was on its way, then the closed socket
    await bara.move("9H", 1, "b1")  # the game goes on through the other server meanwhile
    await bara.until(lambda f: f.sync == (live_game.pk, 2))
    await asyncio.to_thread(one.start)  # the same port, a new process

    back = await amani.open()  # as htmx's websocket extension reconnects after a 1006
    assert back.sync == (live_game.pk, 2) and back.your_turn and back.hand == ["5H", "4C"]
    await amani.move("5H", 2, "a2")
    assert (await bara.until(lambda f: f.sync == (live_game.pk, 3))).your_turn
    await amani.ws.close()
    await bara.ws.close()
