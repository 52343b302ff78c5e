"""Every socket of a busy table closing at once (a network blip, a restarting proxy) while a
move's frames are on their way, against a real daphne process (on PostgreSQL and Redis when
the suite runs on them): each close runs its cleanup, and the server logs no error. With the
list-based Redis layer, the burst of "gone" messages ran its connection pool dry; and a
frame sent to a socket closed meanwhile raised in the consumer."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from games.models import Presence
from tests.realtime.helpers import Socket, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
WATCHERS = 150  # more than a Redis connection pool's 100 connections
OPENING_AT_ONCE = 16  # daphne's listen queue is short


@database_sync_to_async
def watchers_online(table_id):
    return Presence.objects.filter(table_id=table_id, closed=False).count()


@database_sync_to_async
def make_watchers(user_model):
    return [user_model.objects.create_user(f"watcher{n}", password=None) for n in range(WATCHERS)]


async def test_every_socket_closing_at_once_leaves_no_error(server, live_game, user, django_user_model):
    path = f"/ws/t/{live_game.table_id}/"
    people = await make_watchers(django_user_model)
    # Watchers read nothing: the frames they are sent wait unread, however many (else a
    # client stops reading, and its close waits for the server's reply behind them).
    sockets = [Socket(server, path, await session_cookie(person), max_queue=None) for person in people]
    opening = asyncio.Semaphore(OPENING_AT_ONCE)

    async def open_socket(socket):
        async with opening:
            await socket.open()

    await asyncio.gather(*(open_socket(socket) for socket in sockets))
    amani = Socket(server, path, await session_cookie(user))
    await amani.open()

    await amani.move("7H", 0, "a1")
    await asyncio.gather(*(socket.ws.close() for socket in sockets))

    await amani.until(lambda f: f.sync == (live_game.pk, 1))
    async with asyncio.timeout(60):  # each close's cleanup: presence rows back to none online
        while await watchers_online(live_game.table_id) > 1:  # amani's socket stays
            await asyncio.sleep(0.1)
    await amani.close()
