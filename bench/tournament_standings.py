"""The cost of a tournament's standings update pushed to 1,000 watchers (issue 46).

Seeds a throwaway database (see django_support) with a running tournament of ``--entries``
players, opens ``--watchers`` sockets on its page (``/ws/tournament/<id>/``, through the
site's ASGI application and channel layer: in memory, or Redis with REDIS_URL), then makes
``--updates`` standings changes (a new player joins, through ``tournaments.writes.entries``)
and times, for each, from the join's commit to the frame at the last watcher. The shared
part (head, first page of standings, games, podium) is rendered once per change and
language (``tournaments.live.shared``); each watcher's frame adds only their own line. It
also times one shared render alone, and one watcher's own part, to show what rendering
the standings once per watcher would cost. Prints milliseconds and bytes; asserts nothing.

    .venv/bin/python bench/tournament_standings.py
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/tournament_standings.py --watchers 1000 --updates 20
"""

import argparse
import asyncio
import os
import platform
import random
import time
from datetime import timedelta

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.utils import timezone
from django_support import SUMMARY_HEADER, bench_database, describe_database, summary, timed_ms

from kadi_site.asgi import application
from tournaments import live
from tournaments.models import Entry, Tournament
from tournaments.writes import entries

DATABASE_NAME = "kadi_bench_tournament"
HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
WAIT = 120  # seconds: only reached when something is broken


def seed(count, rng):
    """A running tournament of ``count`` players with scores."""
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"player-{n:05d}", password="!") for n in range(count)])
    now = timezone.now()
    tournament = Tournament.objects.create(
        name="Bench Cup", status=Tournament.Status.RUNNING, starts_at=now - timedelta(minutes=5)
    )
    Entry.objects.bulk_create(
        [
            Entry(
                tournament=tournament,
                user=user,
                points=(points := rng.randrange(0, 120)),
                games=rng.randrange(0, 12),
                streak=rng.randrange(0, 4),
                scored_at=now if points else None,
            )
            for user in users
        ]
    )
    return tournament


async def watch(tournament, watchers):
    pages = []
    for _ in range(watchers):
        page = WebsocketCommunicator(application, f"/ws/tournament/{tournament.pk}/", headers=HEADERS)
        connected, _code = await page.connect(timeout=WAIT)
        assert connected, "the socket was refused"
        await page.receive_from(timeout=WAIT)
        pages.append(page)
    return pages


async def push(pages, newcomer, tournament_id):
    """One join: ms from the start of the write to its commit, and to the frame at the last
    watcher; the bytes of each frame."""
    start = time.perf_counter()
    await database_sync_to_async(entries.join)(tournament_id, newcomer)
    committed = time.perf_counter()
    frames = await asyncio.gather(*(page.receive_from(timeout=WAIT) for page in pages))
    done = time.perf_counter()
    return (committed - start) * 1000, (done - committed) * 1000, [len(frame.encode()) for frame in frames]


async def run(tournament, newcomers, watchers):
    start = time.perf_counter()
    pages = await watch(tournament, watchers)
    opened = (time.perf_counter() - start) * 1000
    writes, fan_outs, sizes = [], [], []
    renders_before = len(live._renders)
    for newcomer in newcomers:
        write, fan_out, frame_sizes = await push(pages, newcomer, tournament.pk)
        writes.append(write)
        fan_outs.append(fan_out)
        sizes.append(frame_sizes)
    renders = len(live._renders) - renders_before
    for page in pages:
        await page.disconnect()
    return opened, writes, fan_outs, sizes, renders


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=1000, help="players in the tournament")
    parser.add_argument("--watchers", type=int, default=1000, help="sockets open on its page")
    parser.add_argument("--updates", type=int, default=20, help="standings changes pushed")
    parser.add_argument("--seed", type=int, default=46)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    with bench_database(DATABASE_NAME):
        tournament = seed(options.entries, rng)
        User = get_user_model()
        newcomers = [User.objects.create_user(f"newcomer-{n}") for n in range(options.updates)]
        render_ms = [timed_ms(lambda: live._render(tournament.pk, "en"))[0] for _ in range(20)]
        shared = live._render(tournament.pk, "en")
        opened, writes, fan_outs, sizes, renders = asyncio.run(run(tournament, newcomers, options.watchers))
        layer = "Redis" if os.environ.get("REDIS_URL") else "in memory"
        print(f"{platform.python_implementation()} {platform.python_version()}, {describe_database()}")
        print(f"channel layer {layer}; {options.entries} players, {options.watchers} watchers")
        print(f"opening the {options.watchers} sockets: {opened:.0f} ms")
        print(SUMMARY_HEADER)
        print(summary("one shared render (head, 50 lines, games)", render_ms))
        print(summary("join: write to commit", writes))
        print(summary(f"commit to the frame at all {options.watchers}", fan_outs))
        per_frame = [size for each in sizes for size in each]
        shared_bytes = sum(len(html.encode()) for html in shared.html.values())
        print(f"shared renders made for {options.updates} changes: {renders} (one per change and language)")
        print(
            f"bytes per frame: median {sorted(per_frame)[len(per_frame) // 2]}, max {max(per_frame)};"
            f" shared part {shared_bytes}; per change to all watchers {sum(sizes[-1])}"
        )
        median_render = sorted(render_ms)[len(render_ms) // 2]
        print(
            f"rendering the shared part once per watcher instead would cost about"
            f" {median_render * options.watchers:.0f} ms of CPU per change"
        )


if __name__ == "__main__":
    main()
