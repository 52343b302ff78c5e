"""What a deadline costs on the task engine (issue 45): the work of one due item in each
periodic job of ``timers.jobs`` (queries and CPU), and how many pending deadlines one task
cluster with one worker process gets through per second.

Part 1 runs each sweep in this process over N due items (challenges past their expiry, guests
past their keep, running games left alone) and over none, counting its queries (a
database execute wrapper) and its CPU time. Part 2 starts ``manage.py qcluster`` (one worker) on
the same database, then, timed from the enqueue to the last row written: N due challenges
expired by one task of ``expire_due`` (a sweep: deadlines per second), and T separate tasks of
a sweep with nothing due (the engine's own cost per task: tasks per second).

    .venv/bin/python bench/deadlines.py                       # SQLite in a temporary file
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi .venv/bin/python bench/deadlines.py
    ... --items 1000 --tasks 200

Figures are reported on issue 45 and in bench/README.md, never asserted.
"""

import argparse
import logging
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from django.db import connection
from django.utils import timezone
from django_support import ROOT, bench_database, describe_database

from accounts.models import User
from games.models import Challenge, Game
from games.play import abandon, challenges, guest_cleanup
from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from tests.realtime.servers import database_url

DATABASE_NAME = "kadi_bench_deadlines"
logging.getLogger("django-q").setLevel(logging.WARNING)  # this process only enqueues: no line per task
WITHIN = 300  # seconds at most for the cluster to drain what it was given


def players(count, prefix):
    return User.objects.bulk_create(User(username=f"{prefix}{n}") for n in range(count))


def due_challenges(count):
    """``count`` open challenges, each between two new players, past their expiry."""
    people = players(2 * count, f"c{time.monotonic_ns()}-")
    past = timezone.now() - timedelta(seconds=1)
    Challenge.objects.bulk_create(
        Challenge(challenger=people[2 * n], challenged=people[2 * n + 1], preset="classic", expires_at=past)
        for n in range(count)
    )


def due_guests(count):
    past = timezone.now() - timedelta(seconds=1)
    User.objects.bulk_create(
        User(username=f"g{time.monotonic_ns()}-{n}", is_guest=True, guest_expires=past) for n in range(count)
    )


def due_games(count):
    """``count`` running games of a player against a bot, unchanged for a day."""
    for person in players(count, f"a{time.monotonic_ns()}-"):
        table = create_table(person, "Alone", 2, "friendly")
        add_bot(table, "greedy")
        start_game(table, person)
    Game.objects.filter(status=Game.Status.RUNNING).update(updated_at=timezone.now() - timedelta(days=1))


def measured(sweep):
    """(items written, queries, CPU seconds) of one run of ``sweep``."""
    queries = 0

    def count(execute, sql, params, many, context):
        nonlocal queries
        queries += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        cpu = time.process_time()
        written = sweep()
        cpu = time.process_time() - cpu
    return written, queries, cpu


SWEEPS = [
    ("challenge expiry", challenges.expire_due, due_challenges),
    ("guest clean-up", guest_cleanup.prune_guests, due_guests),
    ("abandonment", abandon.abandon_stale_games, due_games),
]


def part_one(items):
    print(f"\nPart 1: one run of each sweep in this process, over {items} due items and over none")
    print(f"{'sweep':<20}{'due':>6}{'written':>9}{'queries':>9}{'CPU ms':>9}{'queries/item':>14}", end="")
    print(f"{'CPU ms/item':>13}")
    for name, sweep, make_due in SWEEPS:
        _, empty_queries, empty_cpu = measured(sweep)
        print(f"{name:<20}{0:>6}{0:>9}{empty_queries:>9}{empty_cpu * 1000:>9.2f}{'':>14}{'':>13}")
        make_due(items)
        written, queries, cpu = measured(sweep)
        per_item = (queries - empty_queries) / max(written, 1)
        cpu_per_item = (cpu - empty_cpu) * 1000 / max(written, 1)
        print(f"{name:<20}{items:>6}{written:>9}{queries:>9}{cpu * 1000:>9.1f}", end="")
        print(f"{per_item:>14.2f}{cpu_per_item:>13.3f}")


def drained(condition):
    """Seconds until ``condition()`` holds (polled), or raise after WITHIN."""
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > WITHIN:
            raise RuntimeError("the cluster did not drain its tasks in time")
        time.sleep(0.01)  # polled: the cluster writes in another process
    return time.perf_counter() - start


def part_two(items, tasks, log):
    # django-q2 reads its settings when imported: after django_support set Django up
    from django_q.models import OrmQ, Success
    from django_q.tasks import async_task

    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "TASK_WORKERS": "1",
        "PGAPPNAME": "kadi bench cluster",
    }
    with open(log, "wb") as output:
        command = [sys.executable, "manage.py", "qcluster"]
        cluster = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        drained(lambda: "running." in Path(log).read_text())
        print(f"\nPart 2: one task cluster, one worker process ({connection.vendor})")
        Challenge.objects.all().delete()
        due_challenges(items)
        async_task("games.play.challenges.expire_due")
        seconds = drained(lambda: not Challenge.objects.filter(status=Challenge.Status.OPEN).exists())
        rate = items / seconds
        print(f"  {items} due challenges expired by one task: {seconds:.2f} s, {rate:,.0f} deadlines/s")
        Success.objects.all().delete()
        start = time.perf_counter()
        for _ in range(tasks):
            async_task("games.play.guest_cleanup.prune_guests")
        enqueued = time.perf_counter() - start
        seconds = drained(lambda: Success.objects.count() >= tasks and not OrmQ.objects.exists())
        print(
            f"  {tasks} tasks of a sweep with nothing due: enqueued in {enqueued:.2f} s, run in "
            f"{seconds:.2f} s: {tasks / seconds:,.1f} tasks/s ({seconds / tasks * 1000:.1f} ms a task)"
        )
    finally:
        cluster.terminate()
        cluster.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=500, help="due items per sweep (default 500)")
    parser.add_argument("--tasks", type=int, default=100, help="separate tasks in part 2 (default 100)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="kadi-bench-deadlines-")
    sqlite = connection.vendor == "sqlite"
    name = str(Path(folder) / "bench.sqlite3") if sqlite else DATABASE_NAME
    try:
        # SQLite: a file (keep), so that the cluster's processes share it; removed with the folder.
        with bench_database(name, keep=sqlite):
            print(f"{platform.python_implementation()} {platform.python_version()}, {describe_database()}")
            print(f"load average: {os.getloadavg()}")
            part_one(args.items)
            part_two(args.items, args.tasks, Path(folder) / "cluster.log")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
