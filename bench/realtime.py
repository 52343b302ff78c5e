"""Live tables under load: N simulated players (websocket clients on loopback) play M
concurrent 4-player games against one daphne process, or (``--workers N``) against the
production topology: N daphne workers behind HAProxy (deploy/prod.py, ``make prod``).

Prints moves per second and the latency from a move's submission to its arrival at every
other player of the table (p50, p99), and beside it, in the same run, the round trip of a
bare Channels ``group_send`` echo (bench/echo.py) through the same server and layer, the
floor. Every player is a scripted person (no bots): after ``--think`` seconds (as a person
would pause) they play a card that follows the top card when they hold one, else draw (or
accept, or pass). Each pause is drawn at random within ``--spread`` of the think time, so the
tables do not move in lockstep (``--spread 0``: every player of every table moves at the same
instant, 50 moves at once each round). Every socket is open before the clock starts, and a
frame's arrival is timed as it is received, before it is read. The CPU time of the server and of the clients
(this process) during the games is printed too: they share the machine's cores.

    .venv/bin/python bench/realtime.py                      # SQLite file, in-memory layer
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi_bench REDIS_URL=redis://127.0.0.1:6379/1 \\
        .venv/bin/python bench/realtime.py --tables 50
    DATABASE_URL=... REDIS_URL=... .venv/bin/python bench/realtime.py --workers 2   # behind HAProxy

The server runs as in production (``DJANGO_DEBUG=0``). The database is made and migrated
(a SQLite file in a temporary folder by default); the run adds its own users and tables.
"""

import argparse
import asyncio
import gc
import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.disk_probe import DiskProbe  # noqa: E402

PLAYERS = 4
TURN_LIMIT = 120  # per game: games end by then
SEQ = re.compile(r'id="table-sync"[^>]*data-seq="(\d*)"')
ACTION = re.compile(r'data-move-action="(\w+)"')
HAND = re.compile(r'class="hand-card[^"]*" data-card="([^"]+)"')
TOP = re.compile(r'class="discard__top">\s*<span[^>]*data-card="([^"]+)"')
SUIT = re.compile(r'data-suit="([HDSC]?)"')
HANDSHAKES = asyncio.Semaphore(16)  # connections opened at once: daphne's listen queue is short
WILD = {"A", "JK", "Q", "8", "2", "3", "J", "K"}  # cards this simple player never leads with
DISK_STALL_SECONDS = 0.020  # a flush this slow counts as the disk's stall (--disk-probe)


IDLE_SECONDS = 5  # the server's CPU is read this long with every socket open before play


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def prepare_database(env):
    command = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def make_tables(count, run, spectators=0):
    """``count`` tables of four people each, games started, and ``spectators`` logged-in
    watchers each; returns [(table id, [players' cookies], [watchers' cookies])]."""
    from accounts.models import User
    from games.play.starts import start_game
    from games.play.tables import create_table, take_seat

    tables = []
    for t in range(count):
        people = [User.objects.create_user(f"b{run}-{t}-{n}", password=None) for n in range(PLAYERS)]
        table = create_table(people[0], f"Bench {run} {t}", PLAYERS, "friendly")
        table.rule_overrides = {"max_turns": TURN_LIMIT}
        table.save()
        for person in people[1:]:
            take_seat(table, person)
        start_game(table, people[0])
        watchers = [User.objects.create_user(f"w{run}-{t}-{n}", password=None) for n in range(spectators)]
        tables.append((table.pk, session_cookies(people), session_cookies(watchers)))
    return tables


def session_cookies(people):
    from django.test import Client

    cookies = []
    for person in people:
        client = Client()
        client.force_login(person)
        cookies.append(f"sessionid={client.cookies['sessionid'].value}")
    return cookies


def page_origin(url):
    """The origin of the page that would open the socket at ``url`` (the server checks it)."""
    parts = urlsplit(url)
    return f"{'https' if parts.scheme == 'wss' else 'http'}://{parts.netloc}"


async def connect(url, **options):
    """A websocket, opened a few at a time and retried: a busy server may drop a handshake."""
    for attempt in range(5):
        try:
            async with HANDSHAKES:
                return await websockets.connect(url, origin=page_origin(url), open_timeout=30, **options)
        except (OSError, websockets.InvalidHandshake, websockets.InvalidMessage):
            if attempt == 4:
                raise
            await asyncio.sleep(0.5 * (attempt + 1))


def choose(html):
    """A move from what the page shows: a card that follows, else accept, pass or draw."""
    actions = set(ACTION.findall(html))
    if "accept" in actions:
        return "accept"
    top, suit = TOP.search(html), SUIT.search(html)
    if "play" in actions and top and "draw" in actions:
        top_rank = top.group(1)[:-1]
        for card in HAND.findall(html):
            rank, card_suit = card[:-1], card[-1]
            if rank in WILD or card.startswith("JK"):
                continue
            if card_suit == (suit.group(1) if suit else "") or rank == top_rank:
                return card
    if "pass" in actions:
        return "pass"
    return "draw"


class Pace:
    """How long players pause before a move: ``think`` seconds, give or take ``spread`` of it
    (uniformly; seeded, so that runs are alike)."""

    def __init__(self, think, spread, seed=4):
        self.think, self.spread = think, spread
        self.random = random.Random(seed)

    def pause(self):
        return self.think * self.random.uniform(1 - self.spread, 1 + self.spread)


class Table:
    def __init__(self):
        # (submitted at, event number it was made against, players yet to see it, the mover's seat)
        self.pending = None
        self.deliveries = []  # (submitted at, arrived at, event number it was made against, seat)
        self.own = []  # the mover's own frame of each move: (submitted at, arrived at)
        self.moves = 0
        self.over = 0


async def player(ws, table, seat, deadline, pace):
    move_ids = 0
    refused_at = None
    board = {}  # the top card and the suit as the page shows them: a delta leaves out what stays
    while time.monotonic() < deadline:
        try:
            html = await asyncio.wait_for(ws.recv(), timeout=deadline - time.monotonic())
        except TimeoutError:
            return
        arrived = time.perf_counter()
        found = SEQ.search(html)
        if not found or not found.group(1):
            continue
        seq = int(found.group(1))
        pending = table.pending
        if pending and seq > pending[1] and seat in pending[2]:
            pending[2].discard(seat)
            if seat == pending[3]:
                table.own.append((pending[0], arrived))
            else:
                table.deliveries.append((pending[0], arrived, pending[1], seat))
        if "results" in html:
            table.over += 1
            return
        for part, pattern in (("top", TOP), ("suit", SUIT)):
            shown = pattern.search(html)
            if shown:
                board[part] = shown.group(0)
        if not ACTION.search(html):
            continue
        refused = 'class="move-error"' in html  # this simple player misjudged: draw instead
        move = "draw" if refused and refused_at == seq else choose(html + "".join(board.values()))
        refused_at = seq
        await asyncio.sleep(pace.pause())
        move_ids += 1
        table.pending = (time.perf_counter(), seq, set(range(PLAYERS)), seat)
        table.moves += 1
        message = {"type": "move", "move": move, "seq": seq, "client_move_id": f"{seat}-{move_ids}"}
        await ws.send(json.dumps(message))


async def spectator(ws, deadline):
    """A watcher: takes every frame until the deadline (the server renders and sends them)."""
    while time.monotonic() < deadline:
        try:
            await asyncio.wait_for(ws.recv(), timeout=deadline - time.monotonic())
        except TimeoutError:
            return


async def echo_room(url, rounds, pace, latencies):
    """Four clients in a room take turns: each sends, and waits until the other three got it,
    pausing between messages as the players do between moves."""
    sockets = [await connect(url) for _ in range(PLAYERS)]
    try:
        for n in range(rounds):
            await asyncio.sleep(pace.pause())
            sender = sockets[n % PLAYERS]
            sent = time.perf_counter()
            await sender.send(str(n))
            for ws in sockets:
                while await ws.recv() != str(n):
                    pass
                if ws is not sender:
                    latencies.append(time.perf_counter() - sent)
    finally:
        for ws in sockets:
            await ws.close()


class CpuClock:
    """CPU seconds (user + system) of the server's processes (workers and balancer, if any)
    and of this one, the clients."""

    TICKS = os.sysconf("SC_CLK_TCK")

    def __init__(self, server_pids):
        self.stats = [Path(f"/proc/{pid}/stat") for pid in server_pids]
        self.started = self._read()

    def _read(self):
        ticks = 0
        for stat in self.stats:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
        return ticks, time.process_time()

    def spent(self):
        """(server, clients) CPU seconds since this clock was made."""
        (server, clients), (server0, clients0) = self._read(), self.started
        return (server - server0) / self.TICKS, clients - clients0


def resident_mb(pids):
    """Resident memory of these processes together, in MB."""
    kilobytes = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                kilobytes += int(line.split()[1])
    return kilobytes / 1024


async def run(server, tables, seconds, echo_rounds, echo_pace, pace, disk=None):
    echo = []
    started = time.perf_counter()
    rooms = [f"{server.ws_url}/bench/echo/{n}/" for n in range(len(tables))]
    cpu = CpuClock(server.process_ids())
    await asyncio.gather(*(echo_room(room, echo_rounds, echo_pace, echo) for room in rooms))
    echo_time, echo_cpu = time.perf_counter() - started, cpu.spent()

    memory_before = resident_mb(server.process_ids())
    started = time.perf_counter()
    sockets = await asyncio.gather(
        *(
            connect(f"{server.ws_url}/ws/t/{table_id}/", additional_headers={"Cookie": cookie})
            for table_id, players, watchers in tables
            for cookie in players + watchers
        )
    )
    connecting = time.perf_counter() - started, memory_before, resident_mb(server.process_ids())
    cpu = CpuClock(server.process_ids())
    await asyncio.sleep(IDLE_SECONDS)  # the sockets open, nothing played: heartbeats and the like
    idle = cpu.spent()[0] / IDLE_SECONDS

    states = [Table() for _ in tables]
    roles = [
        (state, seat)
        for state, (_, _, watchers) in zip(states, tables, strict=True)
        for seat in range(PLAYERS + len(watchers))
    ]
    if disk:
        disk.start()
    cpu = CpuClock(server.process_ids())
    deadline = time.monotonic() + seconds
    started = time.perf_counter()
    await asyncio.gather(
        *(
            player(ws, state, seat, deadline, pace) if seat < PLAYERS else spectator(ws, deadline)
            for ws, (state, seat) in zip(sockets, roles, strict=True)
        )
    )
    elapsed, spent = time.perf_counter() - started, cpu.spent()
    stalls = disk.stop() if disk else None
    # Closed once every client is done: a socket's clean-up on the server (its presence
    # written) does not compete with moves still timed.
    await asyncio.gather(*(ws.close() for ws in sockets))
    return echo, echo_time, echo_cpu, connecting, states, elapsed, spent, idle, stalls


def cpu_words(spent, elapsed):
    server, clients = spent
    return (
        f"CPU: server {server:.1f} s ({server / elapsed:.0%} of a core), "
        f"clients {clients:.1f} s ({clients / elapsed:.0%})"
    )


def write_deliveries(path, states):
    with path.open("w") as out:
        for number, state in enumerate(states):
            for sent, arrived, seq, seat in state.deliveries:
                delivery = {"table": number, "seq": seq, "seat": seat, "sent": sent, "arrived": arrived}
                out.write(json.dumps(delivery) + "\n")


def disk_report(folder, stalls, timed, echo_p99):
    """The disk's stalls during play (``--disk-probe``), and the move's p99 without the
    deliveries (``timed``: sent, arrived) that overlapped one: how much of the tail the disk made."""
    stalls = [(start, start + took) for start, took in stalls if took >= DISK_STALL_SECONDS]
    outside = [arrived - sent for sent, arrived in timed if not _overlaps(sent, arrived, stalls)]
    longest = max((end - start for start, end in stalls), default=0)
    p99 = percentile(outside, 99)
    print(
        f"disk (an 8 kB write and fdatasync every 5 ms in {folder}): {len(stalls)} flushes over "
        f"{DISK_STALL_SECONDS * 1000:.0f} ms during play, the longest {longest * 1000:.0f} ms; "
        f"move -> every other player outside them: {len(outside)} deliveries, p99 {p99 * 1000:.1f} ms, "
        f"{p99 / echo_p99:.1f}x the echo's p99"
    )


def _overlaps(start, end, spans):
    return any(span_start <= end and start <= span_end for span_start, span_end in spans)


def untimed_collector(function, *args):
    """``function(*args)`` with this process's garbage collector off, as ``timeit`` does: else
    its full passes (70 ms seen here, over the Django objects the set-up left) stall every
    client at once, and the frames that arrive meanwhile are timed late, then the moves the
    stalled players make go out together."""
    gc.collect()
    gc.disable()
    try:
        return function(*args)
    finally:
        gc.enable()


def serving(workers):
    if not workers:
        return "one daphne process"
    return f"{workers} daphne worker{'s' if workers > 1 else ''} behind HAProxy"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="concurrent 4-player games (default 50)")
    parser.add_argument("--seconds", type=float, default=30, help="how long the games run (default 30)")
    parser.add_argument("--echo-rounds", type=int, default=20, help="echo messages per room (default 20)")
    parser.add_argument(
        "--echo-think",
        type=float,
        default=None,
        help="seconds between a room's echo messages (default: --think; 0: as fast as they go)",
    )
    parser.add_argument(
        "--think", type=float, default=1.0, help="seconds a player waits before a move (default 1)"
    )
    parser.add_argument("--spectators", type=int, default=0, help="logged-in watchers per table (default 0)")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="run the production topology: this many daphne workers behind HAProxy (make prod); "
        "needs PostgreSQL and Redis (default 0: one daphne process, no balancer)",
    )
    parser.add_argument(
        "--spread",
        type=float,
        default=0.5,
        help="each wait is the think time give or take this share of it, at random (default 0.5)",
    )
    parser.add_argument(
        "--deliveries",
        type=Path,
        help="write every move's delivery to this file, a JSON line each: the table's number, the event "
        "number the move was made against, the seat it reached, when it was sent and when it arrived "
        "(time.perf_counter, the system's monotonic clock: a server-side trace can be laid beside it)",
    )
    parser.add_argument(
        "--disk-probe",
        type=Path,
        nargs="?",
        const=Path(tempfile.gettempdir()),
        metavar="FOLDER",
        help="time the disk's flushes in FOLDER (default: the temporary folder; best the database's "
        "own disk) during play, and report its stalls and the move's p99 outside them (bench/disk_probe.py)",
    )
    args = parser.parse_args()
    shared = os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("REDIS_URL")
    if args.workers and not shared:
        parser.error("--workers needs DATABASE_URL (PostgreSQL) and REDIS_URL: the workers share them")

    # As in production: DEBUG off (cached templates); websockets only, so no HTTPS redirect matters.
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="kadi_site.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
    )
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='kadi-bench-')}/bench.sqlite3"
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    from tests.realtime.servers import DaphneServer, Topology

    prepare_database(env)
    tables = make_tables(args.tables, run=int(time.time()), spectators=args.spectators)
    connection.close()
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[1]
    print(
        f"database: {connection.vendor}; channel layer: {layer}; "
        f"{args.tables} tables x {PLAYERS} players + {args.spectators} spectators, "
        f"think time {args.think} s +-{args.spread:.0%}; "
        f"{serving(args.workers)}; "
        f"{os.cpu_count()} CPUs (load average {os.getloadavg()[0]:.2f})"
    )

    log_path = Path(tempfile.mkdtemp(prefix="kadi-bench-")) / "server.log"
    print(f"server log: {log_path}")
    log = log_path.open("w")
    if args.workers:
        server = Topology(env, workers=args.workers, app="bench.echo:application", log=log).start()
    else:
        server = DaphneServer(env, app="bench.echo:application", log=log).start()
    try:
        echo_think = args.think if args.echo_think is None else args.echo_think
        paces = Pace(echo_think, args.spread), Pace(args.think, args.spread)
        disk = DiskProbe(args.disk_probe) if args.disk_probe else None
        playing = run(server, tables, args.seconds, args.echo_rounds, *paces, disk=disk)
        echo, echo_time, echo_cpu, connecting, states, elapsed, cpu, idle, stalls = untimed_collector(
            asyncio.run, playing
        )
        connect_time, memory_before, memory_after = connecting
    finally:
        server.stop()
        log.close()

    moves = sum(state.moves for state in states)
    timed = [(sent, arrived) for state in states for sent, arrived, _, _ in state.deliveries]
    latencies = [arrived - sent for sent, arrived in timed]
    if args.deliveries:
        write_deliveries(args.deliveries, states)
    print(
        f"group_send echo (floor), {echo_think} s between a room's messages: {len(echo)} deliveries "
        f"in {echo_time:.1f} s; p50 {percentile(echo, 50) * 1000:.1f} ms, "
        f"p99 {percentile(echo, 99) * 1000:.1f} ms; {cpu_words(echo_cpu, echo_time)}"
    )
    print(
        f"{len(tables) * PLAYERS} table sockets opened in {connect_time:.1f} s; server memory "
        f"{memory_before:.0f} MB before, {memory_after:.0f} MB with them open"
    )
    print(
        f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s; "
        f"games finished: {sum(1 for s in states if s.over)} of {len(states)}"
    )
    print(
        f"move -> every other player: {len(latencies)} deliveries; "
        f"p50 {percentile(latencies, 50) * 1000:.1f} ms, p99 {percentile(latencies, 99) * 1000:.1f} ms, "
        f"mean {statistics.fmean(latencies) * 1000:.1f} ms"
    )
    own = [arrived - sent for state in states for sent, arrived in state.own]
    print(
        f"move -> the mover's own frame: {len(own)} moves; p50 {percentile(own, 50) * 1000:.1f} ms, "
        f"p99 {percentile(own, 99) * 1000:.1f} ms"
    )
    print(f"{cpu_words(cpu, elapsed)}; server CPU per move: {cpu[0] / moves * 1000:.1f} ms")
    net = (cpu[0] - idle * elapsed) / moves * 1000
    print(f"server CPU, sockets open and no play: {idle:.1%} of a core; per move above it: {net:.1f} ms")
    print("bar (issue 4): p99 under 150 ms:", "met" if percentile(latencies, 99) < 0.150 else "NOT met")
    ratio = percentile(latencies, 99) / percentile(echo, 99)
    print(
        f"bar (issue 11): move p99 within 3x the echo's p99: {ratio:.1f}x,",
        "met" if ratio <= 3 else "NOT met",
    )
    if stalls is not None:
        disk_report(args.disk_probe, stalls, timed, percentile(echo, 99))


if __name__ == "__main__":
    main()
