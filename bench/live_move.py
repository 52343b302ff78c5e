"""What one move costs the server: CPU time and database queries per move at a live table
of four players and ``--spectators`` spectators, each with an open websocket (the site's
consumers in this process, the clients Channels' in-process communicators), from the move's
submission until every socket has its new frame and the turn clock has looked again.

    .venv/bin/python bench/live_move.py --moves 200 --spectators 2
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi_x REDIS_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python bench/live_move.py

CPU time is this process's (all threads: the consumers, the database threads, the clients,
which cost little); ``--profile FILE`` writes a cProfile of the moves.
"""

import asyncio
import cProfile
import json
import re
import time

import psycopg
from django.conf import settings
from django.db.backends.utils import CursorWrapper
from django.test import Client
from django_support import bench_database, describe_database
from seeded_games import PLAYERS, arguments, make_users

from bench.realtime import choose
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

SEQ = re.compile(r'id="table-sync"[^>]*data-seq="(\d*)"')
ACTION = re.compile(r'data-move-action="(\w+)"')


class QueryCount:
    """Every query of the process, whichever thread runs it: Django's, and the moves the
    event loop writes on its own connection (games.live.loop_statements)."""

    def __init__(self):
        self.count = 0
        original = CursorWrapper._execute_with_wrappers
        original_async = psycopg.AsyncCursor.execute

        def counted(cursor, *args, **kwargs):
            self.count += 1
            return original(cursor, *args, **kwargs)

        async def counted_async(cursor, *args, **kwargs):
            self.count += 1
            return await original_async(cursor, *args, **kwargs)

        CursorWrapper._execute_with_wrappers = counted
        psycopg.AsyncCursor.execute = counted_async


def make_table(spectators):
    users = make_users(spectators)
    people = users[:PLAYERS]
    table = create_table(people[0], "Bench", PLAYERS, "friendly")
    table.rule_overrides = {"max_turns": 5000}
    table.save()
    for person in people[1:]:
        take_seat(table, person)
    start_game(table, people[0])
    cookies = []
    for person in users:
        client = Client()
        client.force_login(person)
        cookies.append(f"sessionid={client.cookies['sessionid'].value}")
    return table.pk, cookies


async def play(table_id, cookies, moves, queries, profile):
    from channels.testing import WebsocketCommunicator

    from kadi_site.asgi import application

    sockets = []
    for cookie in cookies:
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie.encode())]
        socket = WebsocketCommunicator(application, f"/ws/t/{table_id}/", headers=headers)
        assert (await socket.connect(timeout=30))[0]
        sockets.append(socket)
    latest = [await socket.receive_from(timeout=30) for socket in sockets]

    async def settle(seq):
        """Every socket's frames until each has shown event ``seq``."""
        for n, socket in enumerate(sockets):
            while not (SEQ.search(latest[n]) and int(SEQ.search(latest[n]).group(1) or -1) >= seq):
                latest[n] = await socket.receive_from(timeout=30)

    seq = int(SEQ.search(latest[0]).group(1))
    cpu, count, started = time.process_time(), queries.count, time.perf_counter()
    if profile:
        profile.enable()
    played = 0
    for index in range(moves):
        mover = next((n for n in range(PLAYERS) if ACTION.search(latest[n])), None)
        if mover is None:  # the game is over
            break
        played += 1
        # Drawing while one may keeps the game going for any number of moves.
        move = "draw" if 'data-move-action="draw"' in latest[mover] else choose(latest[mover])
        message = {"type": "move", "move": move, "seq": seq, "client_move_id": f"m{index}"}
        await sockets[mover].send_to(text_data=json.dumps(message))
        seq += 1
        await settle(seq)
        seq = max(int(SEQ.search(frame).group(1)) for frame in latest)
    if profile:
        profile.disable()
    figures = played, time.process_time() - cpu, queries.count - count, time.perf_counter() - started
    for socket in sockets:
        await socket.disconnect()
    return figures


def main():
    profile_help = {"help": "write a cProfile of the moves to this file"}
    args = arguments(__doc__, moves=200, spectators=2, more=[("--profile", profile_help)])
    settings.LIVE_MESSAGE_BURST = 10**9  # a bench player moves faster than a person may
    with bench_database("kadi_bench_live_move"):
        table_id, cookies = make_table(args.spectators)
        queries = QueryCount()
        profile = cProfile.Profile() if args.profile else None
        moves, cpu, count, wall = asyncio.run(play(table_id, cookies, args.moves, queries, profile))
        if profile:
            profile.dump_stats(args.profile)
        print(
            f"{describe_database()}; {PLAYERS} players + {args.spectators} spectators; {moves} moves: "
            f"{cpu / moves * 1000:.1f} ms CPU and {count / moves:.1f} queries per move "
            f"({wall / moves * 1000:.1f} ms wall each)"
        )


if __name__ == "__main__":
    main()
