"""Faults of the shared stack heal: PostgreSQL backends terminated under a running server
(as a database restart or failover does), Redis connections killed or Redis restarted, a
worker killed. Each is injected into the real stack (daphne processes, PostgreSQL, Redis);
nothing answers 500, no socket crashes, no player stays behind."""

import asyncio
import os
import time
import urllib.request
from contextlib import contextmanager

import pytest
from django.db import connection

from tests.realtime.faults import RedisServer, kill_redis_clients, terminate_own_backend
from tests.realtime.helpers import Socket, needs_shared_stack, session_cookie
from tests.realtime.servers import DaphneServer, database_url

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack]


@contextmanager
def logged_servers(tmp_path, redis_url, count):
    """``count`` daphne servers on the test database and the Redis at ``redis_url``, each
    logging to a file; fails if any of them logged a traceback or an error."""
    env = {"DATABASE_URL": database_url(connection.settings_dict), "REDIS_URL": redis_url}
    logs = [tmp_path / f"daphne-{n}.log" for n in range(count)]
    servers = []
    try:
        for path in logs:
            with open(path, "w") as log:
                servers.append(DaphneServer(env, log=log).start())
        yield servers
    finally:
        for server in servers:
            server.stop()
    for path in logs:
        written = path.read_text()
        assert "Traceback" not in written and "ERROR" not in written, written


@pytest.fixture
def daphne(tmp_path):
    with logged_servers(tmp_path, os.environ["REDIS_URL"], 1) as (server,):
        yield server


@pytest.fixture
def own_redis():
    """A Redis server of the test's own, which the test may stop and start."""
    server = RedisServer().start()
    yield server
    server.stop()


@pytest.fixture
def two_servers(tmp_path, own_redis):
    with logged_servers(tmp_path, own_redis.url, 2) as servers:
        yield servers


async def players_apart(servers, game, *users):
    """Each user's socket at the game's table, on one server after the other."""
    sockets = []
    for server, user in zip(servers, users, strict=True):
        socket = Socket(server, f"/ws/t/{game.table_id}/", await session_cookie(user))
        await socket.open()
        sockets.append(socket)
    return sockets


def status(server, path, cookie=None):
    request = urllib.request.Request(server.http_url + path, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


async def test_pages_sockets_and_moves_after_the_database_ended_every_connection(
    daphne, end_backends, live_game, user, baraka
):
    cookie = await session_cookie(user)
    table = f"/t/{live_game.table_id}/"
    amani = Socket(daphne, f"/ws/t/{live_game.table_id}/", cookie)
    bara = Socket(daphne, f"/ws/t/{live_game.table_id}/", await session_cookie(baraka))
    await amani.open()
    await bara.open()
    for _ in range(4):  # the pool holds several connections, each used once
        assert await asyncio.to_thread(status, daphne, table, cookie) == 200

    assert end_backends() > 0

    for _ in range(4):
        assert await asyncio.to_thread(status, daphne, table, cookie) == 200
    await amani.move("7H", 0, "a1")
    assert (await bara.until(lambda f: f.sync == (live_game.pk, 1))).your_turn
    assert end_backends() > 0
    await bara.move("9H", 1, "b1")  # on the event loop's own connection, ended too
    assert (await amani.until(lambda f: f.sync == (live_game.pk, 2))).your_turn
    assert end_backends() > 0
    await bara.close()  # the clean-up, on a dead connection too
    await amani.until(lambda f: "people" in f.ids and baraka.name not in f.online)
    await amani.close()


def test_a_request_whose_connection_dies_is_answered_503_with_a_clear_page(client, user, table, settings):
    """The test client keeps its connection from one request to the next (no pool check):
    the page's first query meets the ended backend."""
    settings.DEBUG_PROPAGATE_EXCEPTIONS = False
    client.force_login(user)
    assert client.get(f"/t/{table.pk}/").status_code == 200
    assert terminate_own_backend() == 1

    response = client.get(f"/t/{table.pk}/")

    assert response.status_code == 503 and response["Retry-After"] == "2"
    assert "Please try again in a moment." in response.content.decode()
    connection.close()  # the flush after the test takes a fresh one


async def test_a_move_crosses_servers_after_their_subscriptions_were_killed(
    two_servers, own_redis, live_game, user, baraka
):
    amani, bara = await players_apart(two_servers, live_game, user, baraka)
    assert kill_redis_clients(own_redis.url, "pubsub") == 2  # each server's subscriber

    await amani.move("7H", 0, "a1")
    assert (await bara.until(lambda f: f.sync == (live_game.pk, 1))).your_turn
    assert kill_redis_clients(own_redis.url, "normal") > 0  # the publishers' connections
    await bara.move("9H", 1, "b1")
    assert (await amani.until(lambda f: f.sync == (live_game.pk, 2))).your_turn
    await amani.close()
    await bara.close()


async def test_news_published_while_redis_was_down_reaches_the_other_server_once_it_is_back(
    two_servers, own_redis, live_game, user, baraka
):
    """The move's news is lost to the other server (Redis is down when it is published);
    that server's sockets catch up as soon as its subscription is back, not at the page's
    next resync (which these sockets never send)."""
    amani, bara = await players_apart(two_servers, live_game, user, baraka)
    await asyncio.to_thread(own_redis.stop)
    await amani.move("7H", 0, "a1")
    await amani.until(lambda f: f.sync == (live_game.pk, 1))  # from its own server, without Redis

    await asyncio.to_thread(own_redis.start)
    back = time.monotonic()
    assert (await bara.until(lambda f: f.sync == (live_game.pk, 1))).your_turn
    assert time.monotonic() - back < 3  # the subscriber tries every 0.1 s
    await bara.move("9H", 1, "b1")  # and news flows again both ways
    assert (await amani.until(lambda f: f.sync == (live_game.pk, 2))).your_turn
    await amani.close()
    await bara.close()


async def test_a_killed_servers_player_is_shown_gone_within_the_presence_timeout(
    two_servers, live_game, user, baraka, settings
):
    """No clean-up runs on a server killed with SIGKILL: baraka's socket's presence row
    expires on its own, and amani's server tells her table."""
    amani, bara = await players_apart(two_servers, live_game, user, baraka)
    await amani.until(lambda f: "people" in f.ids and f.online == {user.name, baraka.name})
    killed = time.monotonic()
    await asyncio.to_thread(two_servers[1].kill)

    await amani.until(lambda f: "people" in f.ids and f.online == {user.name})
    gone_within = settings.PRESENCE_TIMEOUT_SECONDS + settings.PRESENCE_HEARTBEAT_SECONDS
    assert time.monotonic() - killed < gone_within
    await amani.close()
