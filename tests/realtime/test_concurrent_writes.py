"""Writers at several tables at once (the threads of a server: HTTP requests, websocket
calls, turn clocks) each get their turn; on SQLite, which takes one writer at a time, too:
none is answered "database is locked"."""

import threading

import pytest
from django.db import connection

from games.play.moves import resign
from games.play.starts import start_game
from games.play.tables import create_table, take_seat

pytestmark = pytest.mark.django_db(transaction=True)
TABLES = 4
GAMES = 5


def test_starts_and_resignations_at_several_tables_at_once_all_succeed(make_user):
    pairs = [(make_user(f"a{n}"), make_user(f"b{n}")) for n in range(TABLES)]
    tables = [create_table(a, f"Table {n}", 2, "friendly") for n, (a, _b) in enumerate(pairs)]
    for table, (_a, b) in zip(tables, pairs, strict=True):
        take_seat(table, b)
    together = threading.Barrier(TABLES)
    failures = []

    def play(table, starter, leaver):
        try:
            together.wait()
            for _ in range(GAMES):
                game = start_game(table, starter)  # each a read, then writes
                resign(game, leaver)
        except Exception as error:  # every failure is the finding
            failures.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=play, args=(table, *pair)) for table, pair in zip(tables, pairs, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert failures == []
    assert sum(table.games.count() for table in tables) == TABLES * GAMES
