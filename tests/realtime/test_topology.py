"""The production topology (``make prod``: deploy/prod.py): two daphne workers behind HAProxy,
sharing only PostgreSQL and Redis. Players whose websockets the balancer gave to different
workers play moves both ways, chat, see each other leave, watch the turn clock play a turn
once, and carry on when one worker is killed and started again. Everything goes through the
balancer, as a browser's requests do.

The balancer sends a table's websockets to the worker its address picks; a table's players
still meet on two workers once one of them restarted (its tables went elsewhere meanwhile).
Here a socket reaches another worker with a query string, which the balancer's choice
counts and the site ignores."""

import asyncio
import os
import re
import urllib.request
from contextlib import asynccontextmanager

import pytest
import websockets
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection

from games.models import Game, GamePlayer, Move, Table
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import (
    WRITE_ALONE,
    Socket,
    launches_make_prod,
    needs_haproxy,
    needs_shared_stack,
    session_cookie,
    statements_by_loop_connection,
)
from tests.realtime.servers import Topology, database_url

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack, launches_make_prod]
TIMER = 4  # seconds: a turn timer short enough to wait for, long enough for amani's answer


@pytest.fixture(scope="module")
def topology(django_db_setup):
    needs_haproxy()
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "REDIS_URL": os.environ["REDIS_URL"],
        "DJANGO_DEBUG": "0",
        # The test's own key: the workers read the sessions this process signs.
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on loopback
    }
    started = Topology(env, workers=2, task_clusters=1).start()
    yield started
    started.stop()
    assert "Traceback" not in started.output(), started.output()
    for pid in started.cluster_pids.values():  # the cluster and every process of it stopped too
        with pytest.raises(ProcessLookupError):
            os.killpg(pid, 0)


def get(topology, path):
    """(status, headers, body) of a GET through the balancer."""
    with urllib.request.urlopen(topology.http_url + path, timeout=20) as response:
        return response.status, response.headers, response.read().decode()


@asynccontextmanager
async def seated(topology, table_id, *users):
    """The table open for each user, each websocket on another worker than the one before
    (their first frames received); closed at the end."""
    sockets = []
    try:
        for user in users:
            cookie = await session_cookie(user)
            for attempt in range(20):  # each address is hashed anew: two workers, a half chance each
                socket = Socket(topology, f"/ws/t/{table_id}/?attempt={attempt}", cookie)
                await socket.open()
                if not sockets or socket.worker != sockets[-1].worker:
                    break
                await socket.close()
            sockets.append(socket)
        assert {socket.worker for socket in sockets[:2]} == {"w1", "w2"}
        yield sockets
    finally:
        for socket in sockets:
            await socket.close()


@database_sync_to_async
def moves_of(game):
    """(seat, move text, who played it: "player" or "server") of every move, in order."""
    moves = Move.objects.filter(game=game).order_by("index")
    return [
        (seat, text, "player" if move_id else "server")
        for seat, text, move_id in moves.values_list("seat", "text", "client_move_id")
    ]


def database_now():
    with connection.cursor() as cursor:
        cursor.execute("SELECT now()")
        return cursor.fetchone()[0]


@database_sync_to_async
def missed_turns(game, seat):
    return GamePlayer.objects.get(game=game, seat=seat).missed_turns


def test_a_task_cluster_runs_beside_the_workers_and_comes_back_when_killed(topology):
    """``make prod`` starts the task cluster as its own process, after ``schedule_jobs``; killed,
    it is started again, and what it left (its sentinel and workers) is ended."""
    assert "kadi-prod: manage.py schedule_jobs" in topology.output()
    assert list(topology.cluster_pids) == [1]
    killed = topology.kill_cluster(1)
    again = topology.wait_for_cluster_restart(1, killed)
    os.kill(again, 0)  # alive (it raises if not)
    with pytest.raises(ProcessLookupError):
        os.killpg(killed, 0)  # nothing of the killed one is left


def test_pages_static_files_and_health_checks_through_the_balancer(topology):
    status, _, body = get(topology, "/healthz")
    assert (status, body) == (200, "ok")

    workers = [get(topology, "/")[1]["X-Kadi-Worker"] for _ in range(4)]
    assert set(workers) == {"w1", "w2"}  # the balancer shares requests out

    page = get(topology, "/")[2]
    stylesheet = re.search(r'href="(/static/[^"]+\.css)"', page)[1]
    assert re.search(r"\.[0-9a-f]{12}\.css$", stylesheet)  # collected, with its hash in the name
    status, headers, _ = get(topology, stylesheet)
    assert status == 200 and "immutable" in headers["Cache-Control"]


async def test_a_tables_sockets_share_a_worker_and_the_tables_spread_over_both(topology, user):
    make = database_sync_to_async(lambda n: create_table(user, f"Meza {n}", 2, "friendly"))
    tables = [await make(n) for n in range(16)]  # all on one worker: one chance in 2 ** 15
    cookie = await session_cookie(user)
    worker_of = {}
    for table in tables:
        for _ in range(2):
            socket = Socket(topology, f"/ws/t/{table.pk}/", cookie)
            await socket.open()
            await socket.close()
            assert worker_of.setdefault(table.pk, socket.worker) == socket.worker
    assert set(worker_of.values()) == {"w1", "w2"}


async def test_players_on_different_workers_play_chat_and_see_each_other_leave(
    topology, live_game, user, baraka
):
    async with seated(topology, live_game.table_id, user, baraka) as (amani, bara):
        await amani.move("7H", 0, "a1")
        assert (await bara.until(lambda f: f.sync == (live_game.pk, 1))).your_turn
        await bara.move("9H", 1, "b1")
        frame = await amani.until(lambda f: f.sync == (live_game.pk, 2))
        assert frame.your_turn and frame.hand == ["5H", "4C"]

        await bara.send(type="chat", text="Habari kutoka upande mwingine")
        line = await amani.until(lambda f: "chat-log" in f.ids)
        assert "Habari kutoka upande mwingine" in line.text()

        await bara.close()  # baraka closes his page: his worker says so to amani's
        people = await amani.until(lambda f: "people" in f.ids and baraka.name not in f.online)
        assert people.online == {user.name}
    assert await moves_of(live_game) == [(0, "7H", "player"), (1, "9H", "player")]


async def test_a_workers_move_after_the_other_workers_is_written_by_its_event_loop(
    topology, live_game, user, baraka
):
    """On the game's players as the worker's reading of the table holds them, advanced by
    the other worker's move (``games.live.readings``): no players read under the game's lock
    in a database thread."""
    async with seated(topology, live_game.table_id, user, baraka) as (amani, bara):
        # A worker's first move ever may go to a database thread, which prepares the statement.
        await amani.move("7H", 0, "a1")
        await bara.until(lambda f: f.sync == (live_game.pk, 1))
        await bara.move("9H", 1, "b1")
        await amani.until(lambda f: f.sync == (live_game.pk, 2))

        started = await database_sync_to_async(database_now)()
        await amani.move("draw", 2, "a2")
        await bara.until(lambda f: f.sync == (live_game.pk, 3))
        await bara.move("draw", 3, "b2")
        await amani.until(lambda f: f.sync == (live_game.pk, 4))
        written = await database_sync_to_async(statements_by_loop_connection)(started)
    assert [statement.startswith(WRITE_ALONE) for statement in written.values()] == [True, True]
    assert [text for _, text, _ in await moves_of(live_game)] == ["7H", "9H", "draw", "draw"]


async def test_a_bots_turn_is_played_once_with_the_table_open_on_both_workers(topology, user, baraka):
    """Both workers' turn clocks see the bot's turn come due at the same moment."""
    table = await database_sync_to_async(create_table)(user, "Bots", 3, "friendly")
    await database_sync_to_async(take_seat)(table, baraka)
    await database_sync_to_async(add_bot)(table, "greedy")
    game = await database_sync_to_async(start_game)(table, user)
    await database_sync_to_async(put_position)(
        game, hands=("7H 5H 4C", "9H QD KC 5C", "9S 6C 4D"), discard=("7D",), turn=0
    )
    async with seated(topology, table.pk, user, baraka) as (amani, bara):
        await amani.move("7H", 0, "a1")
        await bara.until(lambda f: f.sync == (game.pk, 1))
        await bara.move("9H", 1, "b1")

        assert (await amani.until(lambda f: f.sync == (game.pk, 3))).your_turn  # after the bot's move
        await bara.until(lambda f: f.sync == (game.pk, 3))
    assert await moves_of(game) == [(0, "7H", "player"), (1, "9H", "player"), (2, "9S", "server")]
    assert (await database_sync_to_async(Game.objects.get)(pk=game.pk)).seq == 3


async def test_a_turn_timer_runs_out_once_with_the_table_open_on_both_workers(
    topology, live_game, user, baraka
):
    """Both workers' turn clocks see baraka's time run out at the same moment: his turn is
    played once (a draw), and amani's turn that follows is hers to play."""
    async with seated(topology, live_game.table_id, user, baraka) as (amani, bara):
        # The saved table is news: both workers read it again; amani's move starts baraka's time.
        await database_sync_to_async(set_timer)(live_game.table_id, TIMER)  # as the admin does
        await amani.move("7H", 0, "a1")

        played = await bara.until(lambda f: f.sync == (live_game.pk, 2))  # TIMER seconds later
        assert "drew" in played.text() and not played.your_turn
        assert (await amani.until(lambda f: f.sync == (live_game.pk, 2))).your_turn
        await amani.move("5H", 2, "a2")
        await bara.until(lambda f: f.sync == (live_game.pk, 3))
    assert await moves_of(live_game) == [(0, "7H", "player"), (1, "draw", "server"), (0, "5H", "player")]
    assert await missed_turns(live_game, 1) == 1


async def test_a_worker_killed_mid_game_is_started_again_and_nothing_is_lost(
    topology, live_game, user, baraka
):
    async with seated(topology, live_game.table_id, user, baraka) as (amani, bara):
        await amani.move("7H", 0, "a1")
        await bara.until(lambda f: f.sync == (live_game.pk, 1))
        amanis_worker = int(amani.worker.removeprefix("w"))

        old_pid = await asyncio.to_thread(topology.kill_worker, amanis_worker)
        with pytest.raises(websockets.ConnectionClosed):
            await amani.until(lambda f: False)  # whatever was on its way, then the closed socket
        await bara.move("9H", 1, "b1")  # the game goes on through the other worker meanwhile
        await bara.until(lambda f: f.sync == (live_game.pk, 2))
        assert await asyncio.to_thread(topology.wait_for_restart, amanis_worker, old_pid) != old_pid

        back = await amani.open()  # as the page's websocket reconnects after a 1006
        assert back.sync == (live_game.pk, 2) and back.your_turn and back.hand == ["5H", "4C"]
        await amani.move("5H", 2, "a2")
        assert (await bara.until(lambda f: f.sync == (live_game.pk, 3))).your_turn
    assert await moves_of(live_game) == [(0, "7H", "player"), (1, "9H", "player"), (0, "5H", "player")]


def set_timer(table_id, seconds):
    table = Table.objects.get(pk=table_id)
    table.turn_timer_seconds = seconds
    table.save()
