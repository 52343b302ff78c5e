"""The production topology under faults for a few minutes (CI's PostgreSQL and Redis pass):
two daphne workers behind HAProxy (deploy/prod.py), six two-player tables whose players sit
on different workers, playing as fast as a quick person does, while the test database's
backends are terminated, the workers' Redis connections killed, Redis restarted, and a
worker killed with SIGKILL, a few times each. It then checks that every player caught up,
no move was lost or doubled, no page answered 500, the presence rows count exactly the open
sockets, and the servers logged no traceback; and it prints how long any player stayed
behind after each kind of fault (docs/scaling.md, "Faults").

A player is behind while another player of the table has been shown an event it has not;
the time is counted from that first showing, and charged to the latest fault before it.
The players act as the page does (static/js/live.js): they reconnect when their socket
closes, ask for a resync every 25 s and when a render skips an event number, and send an
unanswered move again after a reconnect (and after an error notice, as a person would)."""

import asyncio
import collections
import json
import os
import random
import shutil
import time
import urllib.request

import pytest
import websockets
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.utils import timezone

from bench.realtime import choose
from games import presence
from games.models import Game, Move, Presence
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.realtime.faults import RedisServer, kill_redis_clients
from tests.realtime.helpers import (
    Frame,
    Socket,
    launches_make_prod,
    needs_haproxy,
    needs_shared_stack,
    session_cookie,
)
from tests.realtime.servers import Topology, database_url

pytestmark = [pytest.mark.django_db(transaction=True), needs_shared_stack, launches_make_prod]

TABLES = 6
ROUNDS = 2  # faults of each kind
MOVES_BETWEEN = 6  # moves sent at every table before the next fault (the table plays again)
FAULT_EVERY = 14  # seconds at most for them: a table still silent then fails the test
SETTLE = settings.PRESENCE_TIMEOUT_SECONDS + 2 * settings.PRESENCE_HEARTBEAT_SECONDS  # after the last fault
THINK = 0.25  # seconds a player waits before a move
RESYNC_SECONDS = 25  # as the page (static/js/live.js)
CAUGHT_UP_WITHIN = 30  # seconds for the moves on their way to reach everyone: only a failure waits so long
PLAY_SHARE = 0.3  # of turns where a card follows: the players draw otherwise, so that games last
KINDS = ("database", "redis connections", "redis restart", "worker killed")


def needs_redis_server():
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed: CI runs it")
        pytest.skip("needs redis-server (its own, restarted by the test)")


class Watch:
    """When each player of each table was first shown each event (by the table's sync marker)."""

    def __init__(self):
        self.first = collections.defaultdict(dict)  # table -> {seq: monotonic time first shown}
        self.behind = collections.defaultdict(list)  # (table, seq) -> [lag of each other player]
        self.faults = []  # (monotonic time, kind)

    def shown(self, table, seen, seq):
        """A player of ``table`` was shown ``seq``, having seen ``seen`` before (it has now
        every event up to ``seq``)."""
        now = time.monotonic()
        for event in range(seen + 1, seq + 1):
            first = self.first[table].setdefault(event, now)
            self.behind[(table, event)].append(now - first)

    def longest_behind(self):
        """{fault kind: the longest any player stayed behind for an event first shown after it}."""
        longest = dict.fromkeys(KINDS, 0.0)
        for (table, event), lags in self.behind.items():
            first = self.first[table][event]
            before = [kind for at, kind in self.faults if at <= first]
            kind = before[-1] if before else "none"
            longest[kind] = max(longest.get(kind, 0.0), *lags)
        return longest


class Player:
    """One player's page: a socket through the balancer, reopened when it closes."""

    def __init__(self, topology, table, cookie, attempt, watch, seed):
        self.topology, self.table, self.cookie, self.attempt = topology, table, cookie, attempt
        self.watch = watch
        self.random = random.Random(seed)
        self.socket = None
        self.seen = 0  # the latest event number shown
        self.unanswered = None  # (seq, message) of the move sent and not yet answered
        self.moves = 0
        self.reconnects = 0
        self.stop = asyncio.Event()
        self.quiet = False  # no more moves: only following

    async def play(self):
        while not self.stop.is_set():
            try:
                await self._open()
                await self._follow()
            except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError, TimeoutError):
                self.socket = None
                self.reconnects += 1
                await asyncio.sleep(0.2)  # as the page's websocket extension waits to reconnect

    async def _open(self):
        path = f"/ws/t/{self.table}/?attempt={self.attempt}"
        socket = Socket(self.topology, path, self.cookie)
        async with asyncio.timeout(10):
            frame = await socket.open()
        self.socket = socket
        await self._shown(frame, reconnected=True)

    async def _follow(self):
        resync_at = time.monotonic() + RESYNC_SECONDS
        while not self.stop.is_set():
            try:
                async with asyncio.timeout(min(1.0, max(0.01, resync_at - time.monotonic()))):
                    frame = Frame(await self.socket.ws.recv())
            except TimeoutError:
                if time.monotonic() >= resync_at:
                    await self._resync()
                    resync_at = time.monotonic() + RESYNC_SECONDS
                continue
            if frame.sync is None:
                if "notice" in frame.ids and self.unanswered is not None:  # "try again in a moment"
                    await self.socket.ws.send(self.unanswered[1])
                continue
            await self._shown(frame)

    async def _resync(self):
        await self.socket.send(type="resync", game=self.game, seq=self.seen)

    async def _shown(self, frame, reconnected=False):
        self.game, seq = frame.sync
        if seq is None:
            return
        if seq > self.seen:
            self.watch.shown(self.table, self.seen, seq)
            if not reconnected and seq > self.seen + 1:
                await self._resync()  # a skipped event: news may have been lost
            self.seen = seq
        if self.unanswered is not None and (self.unanswered[0] != seq or "move-error" in frame.ids):
            self.unanswered = None
        if self.unanswered is not None and reconnected:
            await self.socket.ws.send(self.unanswered[1])
        elif self.unanswered is None and frame.your_turn and not self.quiet:
            await asyncio.sleep(THINK)
            if self.quiet:  # quiet fell while this player thought: no move after it
                return
            move = choose(frame.html) if self.random.random() < PLAY_SHARE else None
            if move is None or move not in frame.hand and "draw" in frame.actions:
                move = "draw" if "draw" in frame.actions else choose(frame.html)
            self.moves += 1
            message = json.dumps(
                {"type": "move", "move": move, "seq": seq, "client_move_id": f"s{self.attempt}-{self.moves}"}
            )
            self.unanswered = (seq, message)
            await self.socket.ws.send(message)


class Pages:
    """The table pages fetched through the balancer meanwhile: every status seen."""

    def __init__(self, topology, tables, cookie):
        self.topology, self.tables, self.cookie = topology, tables, cookie
        self.statuses = collections.Counter()
        self.stop = asyncio.Event()

    def fetch(self, path):
        request = urllib.request.Request(self.topology.http_url + path, headers={"Cookie": self.cookie})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            return "no answer"

    async def run(self):
        while not self.stop.is_set():
            for table in self.tables:
                self.statuses[await asyncio.to_thread(self.fetch, f"/t/{table}/")] += 1
            await asyncio.sleep(0.5)


def make_tables(users):
    """Two-player tables with their games started: [(table id, (amani's, baraka's user))]."""
    tables = []
    for n in range(TABLES):
        first, second = users[2 * n], users[2 * n + 1]
        table = create_table(first, f"Soak {n}", 2, "friendly")
        take_seat(table, second)
        start_game(table, first)
        tables.append((table.pk, (first, second)))
    return tables


def open_presence_rows(table_ids):
    fresh = timezone.now() - presence._timeout()
    rows = Presence.objects.filter(table_id__in=table_ids, closed=False, seen_at__gte=fresh)
    return collections.Counter(rows.values_list("table_id", flat=True))


def moves_in_order(table_ids):
    """Whether every game's moves are numbered 0, 1, 2, ... with none missing or twice."""
    for game in Game.objects.filter(table_id__in=table_ids):
        indexes = list(Move.objects.filter(game=game).order_by("index").values_list("index", flat=True))
        if indexes != list(range(game.move_count)):
            return False
    return True


def positions(table_ids):
    return {table_id: Game.objects.filter(table_id=table_id).latest("number").seq for table_id in table_ids}


@pytest.fixture
def soak_redis():
    needs_redis_server()
    server = RedisServer().start()
    yield server
    server.stop()


@pytest.fixture
def soak_topology(soak_redis, tmp_path):
    needs_haproxy()
    env = {
        "DATABASE_URL": database_url(connection.settings_dict),
        "REDIS_URL": soak_redis.url,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
    }
    with open(tmp_path / "prod.log", "w") as log:
        started = Topology(env, workers=2, log=log).start()
        yield started
        started.stop()


async def test_soak_faults_of_every_kind_heal(
    soak_topology, soak_redis, end_backends, django_user_model, capsys
):
    topology = soak_topology
    make_user = database_sync_to_async(
        lambda n: django_user_model.objects.create_user(f"soak{n}", password=None)
    )
    users = [await make_user(n) for n in range(2 * TABLES)]
    tables = await database_sync_to_async(make_tables)(users)
    table_ids = [table for table, _ in tables]
    watch = Watch()
    players = []
    for table, people in tables:
        for seat, person in enumerate(people):  # seat 0 and seat 1 hashed to different workers
            players.append(
                Player(topology, table, await session_cookie(person), seat, watch, seed=len(players))
            )
    pages = Pages(topology, table_ids, await session_cookie(users[0]))
    running = [asyncio.create_task(player.play()) for player in players] + [asyncio.create_task(pages.run())]

    async def fault(kind, number):
        if kind == "database":
            await asyncio.to_thread(end_backends)
        elif kind == "redis connections":
            await asyncio.to_thread(kill_redis_clients, soak_redis.url, "pubsub")
            await asyncio.to_thread(kill_redis_clients, soak_redis.url, "normal")
        elif kind == "redis restart":
            await asyncio.to_thread(soak_redis.restart, 1.0)
        else:
            worker = 1 + number % 2
            old = await asyncio.to_thread(topology.kill_worker, worker)
            await asyncio.to_thread(topology.wait_for_restart, worker, old)

    def sent():
        return {table: sum(p.moves for p in players if p.table == table) for table in table_ids}

    async def every_table_plays(after):
        """Until every table has sent ``MOVES_BETWEEN`` moves since ``after`` (by moves, not
        by time: the soak is as long as healing takes, and no longer)."""
        deadline = time.monotonic() + FAULT_EVERY
        while any(sent()[table] - after[table] < MOVES_BETWEEN for table in table_ids):
            assert time.monotonic() < deadline, ("tables silent after the fault", sent(), after)
            await asyncio.sleep(0.1)

    async def everyone_caught_up():
        """The tables' latest event numbers once no move is on its way and every player has
        been shown its table's (polled: the moves sent before the quiet arrive when they do)."""
        deadline = time.monotonic() + CAUGHT_UP_WITHIN
        while True:
            final = await database_sync_to_async(positions)(table_ids)
            settled = all(p.unanswered is None and p.seen == final[p.table] for p in players)
            if settled or time.monotonic() > deadline:
                return final
            await asyncio.sleep(0.1)

    try:
        await every_table_plays(sent())  # play before the first fault
        for number in range(ROUNDS):
            for kind in KINDS:
                watch.faults.append((time.monotonic(), kind))
                await fault(kind, number)
                await every_table_plays(sent())
        await asyncio.sleep(SETTLE)
        counted = await database_sync_to_async(open_presence_rows)(table_ids)  # every socket still open
        for player in players:
            player.quiet = True
        final = await everyone_caught_up()
        for player in players:
            player.stop.set()
        pages.stop.set()
        await asyncio.wait_for(asyncio.gather(*running), timeout=30)
    finally:
        for task in running:
            task.cancel()
        for player in players:
            if player.socket is not None:
                await player.socket.close()

    longest = watch.longest_behind()
    with capsys.disabled():  # in CI's log too
        print(
            f"\nsoak: {sum(p.moves for p in players)} moves, {sum(p.reconnects for p in players)} reconnects"
        )
        print("longest behind after each fault: " + ", ".join(f"{k} {v:.2f} s" for k, v in longest.items()))
        print(f"page statuses: {dict(pages.statuses)}")
    assert all(player.seen == final[player.table] for player in players), (
        [(p.table, p.seen) for p in players],
        final,
    )
    assert await database_sync_to_async(moves_in_order)(table_ids)
    assert 500 not in pages.statuses and pages.statuses[200] > 0
    assert counted == {table: 2 for table in table_ids}  # a row each, none left by a killed worker
    assert all(seconds < 10 for seconds in longest.values()), longest
    assert "Traceback" not in topology.output(), topology.output()
