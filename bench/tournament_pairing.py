"""Tournament pairing at 100 and 1,000 waiting players (issue 46).

Part 1 times the pairing itself (``tournaments.pairing.pair``, pure Python): the median
over repeated runs, for tables of 2, 4 and 5 seats, each player with points and last
opponents drawn at random. Part 2 times the write (``tournaments.writes.pairing.pair_if_due``)
on a throwaway database (see django_support; SQLite without DATABASE_URL): the players
waiting in a running tournament are seated at new tables whose games start, in one
transaction; it counts the queries (a database execute wrapper) and the wall time, and undoes
the tables between runs.

    .venv/bin/python bench/tournament_pairing.py
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi .venv/bin/python bench/tournament_pairing.py

Figures are reported in bench/README.md, never asserted.
"""

import argparse
import platform
import random
import statistics
from datetime import timedelta
from functools import partial

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone
from django_support import bench_database, describe_database, timed_ms

from games.models import Table
from tournaments.models import Entry, Tournament
from tournaments.pairing import Waiting, pair
from tournaments.writes.pairing import pair_if_due

DATABASE_NAME = "kadi_bench_tournament_pairing"
SIZES = (100, 1000)


class Counter:
    """A database execute wrapper counting the statements run."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def queue(count, seats, rng, now):
    return [
        Waiting(
            n,
            rng.randrange(0, 200),
            now - timedelta(seconds=rng.randrange(0, 120)),
            frozenset(rng.sample(range(count), seats - 1)) - {n},
        )
        for n in range(count)
    ]


def pure(repeats, rng):
    now = timezone.now()
    print(f"{'pairing (pure)':<32}{'players':>8}{'seats':>7}{'p50 ms':>10}{'max ms':>10}")
    for count in SIZES:
        for seats in (2, 4, 5):
            players = queue(count, seats, rng, now)
            run = partial(pair, players, seats, now, timedelta(seconds=30))
            times = [timed_ms(run)[0] for _ in range(repeats)]
            print(f"{'':<32}{count:>8}{seats:>7}{statistics.median(times):>10.2f}{max(times):>10.2f}")


def seed(count, seats, rng):
    """A running tournament of ``count`` players, all waiting since a minute ago."""
    User = get_user_model()
    start = timezone.now() - timedelta(minutes=5)
    tournament = Tournament.objects.create(
        name=f"Bench {count}x{seats}",
        starts_at=start,
        status=Tournament.Status.RUNNING,
        seats=seats,
        minutes=600,
    )
    users = User.objects.bulk_create(
        User(username=f"t{seats}-{count}-{n}", password="!") for n in range(count)
    )
    Entry.objects.bulk_create(
        Entry(tournament=tournament, user=user, points=rng.randrange(0, 200), waiting_since=start)
        for user in users
    )
    return tournament


def undo(tournament):
    Table.objects.filter(tournament_table__tournament=tournament).delete()
    Entry.objects.filter(tournament=tournament).update(
        table=None, waiting_since=timezone.now() - timedelta(minutes=1), last_opponents=[]
    )


def write(repeats, rng):
    print(describe_database())
    head = f"{'pair_if_due (write)':<32}{'players':>8}{'seats':>7}{'tables':>8}{'queries':>9}"
    print(f"{head}{'p50 ms':>10}{'ms/table':>10}")
    for count in SIZES:
        for seats in (2, 4):
            tournament = seed(count, seats, rng)
            times, queries = [], []
            for _ in range(repeats):
                counter = Counter()
                with connection.execute_wrapper(counter):
                    elapsed, made = timed_ms(partial(pair_if_due, tournament.pk))
                times.append(elapsed)
                queries.append(counter.count)
                undo(tournament)
            median = statistics.median(times)
            print(
                f"{'':<32}{count:>8}{seats:>7}{made:>8}{queries[0]:>9}{median:>10.0f}{median / made:>10.2f}"
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repeats", type=int, default=3, help="runs of the write per size (the pure pairing: x20)"
    )
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    rng = random.Random(46)
    pure(args.repeats * 20, rng)
    with bench_database(DATABASE_NAME):
        write(args.repeats, rng)


if __name__ == "__main__":
    main()
