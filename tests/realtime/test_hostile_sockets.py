"""Hostile and broken websockets against a real daphne process, with real websocket
clients: each is refused or closed cleanly, the player it belonged to is gone for the
others, and the server logs no error. Daphne shares the test database (a SQLite file, or
PostgreSQL) and, when REDIS_URL is set, Redis."""


import pytest
import websockets
from channels.db import database_sync_to_async

from games.models import Game, Presence, Table
from tests.realtime.helpers import Socket, online, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def open_at(server, game, user=None):
    socket = Socket(server, f"/ws/t/{game.table_id}/", await session_cookie(user) if user else None)
    await socket.open()
    return socket


async def refused_handshake(socket):
    """The HTTP status with which the server refused the handshake."""
    with pytest.raises(websockets.InvalidStatus) as refusal:
        await socket.open()
    return refusal.value.response.status_code


def seq_of(game):
    return Game.objects.get(pk=game.pk).seq


async def test_a_flood_closes_the_socket_cleanly_and_its_player_is_gone(server, live_game, user, baraka):
    bara = await open_at(server, live_game, baraka)
    amani = await open_at(server, live_game, user)
    await bara.until(lambda f: online(f) == {user.name, baraka.name})

    for _ in range(60):  # far past the budget (a burst of 30)
        await amani.send(type="resync", game=live_game.pk, seq=0)

    with pytest.raises(websockets.ConnectionClosed) as closed:
        await amani.until(lambda f: False)
    assert closed.value.rcvd.code == 4008
    assert online(await bara.until(lambda f: "people" in f.ids)) == {baraka.name}
    assert not await database_sync_to_async(Presence.objects.filter(user=user, closed=False).exists)()
    await bara.ws.close()


async def test_a_message_over_the_size_limit_closes_the_socket_saying_so(server, live_game, user, baraka):
    bara = await open_at(server, live_game, baraka)
    amani = await open_at(server, live_game, user)
    await bara.until(lambda f: online(f) == {user.name, baraka.name})

    await amani.ws.send("x" * (2 * 1024 * 1024))  # past daphne's limit of 1 MB a message

    with pytest.raises(websockets.ConnectionClosed) as closed:
        await amani.until(lambda f: False)
    assert closed.value.rcvd.code == 1009  # message too big: told, not dropped
    assert online(await bara.until(lambda f: "people" in f.ids)) == {baraka.name}
    assert await database_sync_to_async(seq_of)(live_game) == 0
    await bara.ws.close()


@pytest.mark.parametrize(
    "raw",
    [
        "[" * 2000 + "]" * 2000,  # deeper than Python's parser recurses
        '{"type": "chat", "text": "\\ud800"}',  # a lone surrogate: no UTF-8 can carry it
        '{"type": "chat", "text": "a\\u0000b"}',  # NUL: PostgreSQL refuses it
        '{"type": "move", "move": "7H\\u0000", "seq": 0, "client_move_id": "a1"}',
        '{"type": "resync", "game": 99999999999999999999999, "seq": 0}',
    ],
)
async def test_a_hostile_message_is_refused_and_the_socket_lives_on(server, live_game, user, raw):
    amani = await open_at(server, live_game, user)

    await amani.ws.send(raw)

    refusal = await amani.until(lambda f: "notice-error" in f.html or "chat-error" in f.ids)
    assert refusal.sync is None
    await amani.send(type="resync", game=live_game.pk, seq=0)  # still open and answering
    assert (await amani.until(lambda f: f.sync is not None)).sync == (live_game.pk, 0)
    assert await database_sync_to_async(seq_of)(live_game) == 0
    await amani.ws.close()


@pytest.mark.parametrize("kind", ["move", "resign"])
async def test_an_anonymous_socket_may_not_play(server, live_game, kind):
    anonymous = await open_at(server, live_game)

    await anonymous.send(type=kind, move="7H", seq=0, client_move_id="a1")

    assert "Log in to play." in (await anonymous.until(lambda f: "Log in" in f.text())).text()
    assert await database_sync_to_async(seq_of)(live_game) == 0
    await anonymous.ws.close()


@pytest.mark.parametrize("path", ["/ws/nowhere/", "/ws/t/x/", "/ws/t/1/extra/"])
async def test_an_unknown_path_is_refused_cleanly(server, path):
    assert await refused_handshake(Socket(server, path)) == 403


async def test_a_table_that_does_not_exist_is_refused_cleanly(server, live_game):
    for table_id in (live_game.table_id + 1000, 0, 10**30):
        assert await refused_handshake(Socket(server, f"/ws/t/{table_id}/")) == 403


async def test_only_the_sites_own_origin_may_open_a_socket(server, live_game):
    path = f"/ws/t/{live_game.table_id}/"
    own = server.http_url
    for origin in (
        f"http://127.0.0.1:{server.port + 1}",  # another port of the same host
        own.replace("http://", "https://"),  # another scheme
        own.replace("127.0.0.1", "localhost"),  # another host, though an allowed one
        "null",
    ):
        assert await refused_handshake(Socket(server, path, origin=origin)) == 403, origin
    own_page = Socket(server, path, origin=own)
    assert (await own_page.open()).sync == (live_game.pk, 0)
    await own_page.ws.close()



async def test_a_table_deleted_while_its_sockets_are_open_closes_them(server, live_game, user, baraka):
    """The admin deletes a table: each open socket is told and closed (4004) at its next
    message or news, not torn down with a traceback (1011)."""
    amani = await open_at(server, live_game, user)
    bara = await open_at(server, live_game, baraka)
    await database_sync_to_async(Table.objects.filter(pk=live_game.table_id).delete)()

    await amani.send(type="resync", game=live_game.pk, seq=0)

    assert "This table no longer exists." in (await amani.until(lambda f: "no longer" in f.text())).text()
    for socket in (amani, bara):  # baraka's news: amani left
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await socket.until(lambda f: False)
        assert closed.value.rcvd.code == 4004
