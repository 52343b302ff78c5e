"""A player's own data (issue 47): the export of a player with 10,000 finished games.

Seeds a throwaway database (see django_support) with one player's games against another
(each of ``--moves`` moves, rated), then reads the export exactly as the download view
streams it (``privacy.export.chunks``) and prints the time it took, the Python memory it
held at its peak (tracemalloc, the database driver's rows included) and the bytes sent,
for a tenth of the games and for all of them: bounded memory means the two peaks are alike.

    .venv/bin/python bench/data_export.py                      # SQLite, 10,000 games
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kadi .venv/bin/python bench/data_export.py

Figures are reported in bench/README.md, never asserted.
"""

import argparse
import platform
import time
import tracemalloc

from django.contrib.auth import get_user_model
from django.utils import timezone
from django_support import bench_database, describe_database

from privacy.export import chunks
from tests.privacy.many_games import seed_finished_games

DATABASE_NAME = "kadi_bench_data_export"
MOVE_TEXTS = ("draw", "7H", "7S", "draw", "QH 4H", "4S", "draw", "KC", "KD", "AS")


def measure(user):
    """(seconds, peak bytes of Python memory, bytes written) of ``user``'s export: timed in
    one pass, its memory traced in another (tracing slows it down a few times)."""
    started = time.perf_counter()
    written = sum(len(chunk.encode()) for chunk in chunks(user, timezone.now()))
    seconds = time.perf_counter() - started
    tracemalloc.start()
    for _chunk in chunks(user, timezone.now()):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=40, help="moves per game")
    args = parser.parse_args()
    moves = [MOVE_TEXTS[i % len(MOVE_TEXTS)] for i in range(args.moves)]
    users = get_user_model().objects

    with bench_database(DATABASE_NAME):
        print(f"Database: {describe_database()}; Python {platform.python_version()}")
        print(f"{'games':>8} {'seconds':>8} {'peak MB':>8} {'MB sent':>8}")
        for count in (args.games // 10, args.games):
            player = users.create_user(f"player{count}", password="x")
            opponent = users.create_user(f"opponent{count}", password="x")
            seed_finished_games(player, opponent, count, moves)
            seconds, peak, written = measure(player)
            print(f"{count:>8,} {seconds:>8.2f} {peak / 2**20:>8.1f} {written / 2**20:>8.1f}")


if __name__ == "__main__":
    main()
