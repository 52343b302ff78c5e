"""Faults of the shared stack heal: PostgreSQL backends terminated under a running server
(as a database restart or failover does), Redis connections killed or Redis restarted, a
worker killed. Each is injected into the real stack (daphne processes, PostgreSQL, Redis);
nothing answers 500, no socket crashes, no player stays behind."""

import asyncio
import os
import urllib.request

import pytest
from django.db import connection

from tests.realtime.faults import own_backend, terminate_backends
from tests.realtime.helpers import Socket, needs_shared_stack, session_cookie
from tests.realtime.servers import DaphneServer, database_url

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack]


@pytest.fixture
def daphne(tmp_path):
    """A daphne server on the test database and Redis; the test fails if it logged a traceback."""
    env = {"DATABASE_URL": database_url(connection.settings_dict), "REDIS_URL": os.environ["REDIS_URL"]}
    log_path = tmp_path / "daphne.log"
    with open(log_path, "w") as log:
        server = DaphneServer(env, log=log).start()
        yield server
        server.stop()
    written = log_path.read_text()
    assert "Traceback" not in written and "ERROR" not in written, written


@pytest.fixture
def end_backends(transactional_db):
    """End the test database's backends but the test's own connection: how many."""
    spare = own_backend()
    return lambda **options: terminate_backends(spare, **options)


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
    spare_none = 0  # the test's own connection is the one to end
    assert terminate_backends(spare_none) > 0

    response = client.get(f"/t/{table.pk}/")

    assert response.status_code == 503 and response["Retry-After"] == "2"
    assert "Please try again in a moment." in response.content.decode()
    connection.close()  # the flush after the test takes a fresh one
