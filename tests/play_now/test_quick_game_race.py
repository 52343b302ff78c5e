"""Players pressing "Quick game" at the same moment (issue 44: two landed at different
tables): the seekers of one preset are served one at a time, so the first makes the table
and the others sit at it. Real threads on a committed database: on PostgreSQL the advisory
lock decides, on SQLite the one writer."""

import threading

import pytest
from django.db import connection

from games.models import Table
from games.play import play_now

pytestmark = pytest.mark.django_db(transaction=True)
SEEKERS = play_now.QUICK_GAME_SEATS


def test_players_seeking_at_once_land_at_one_table(make_user):
    for round_ in range(3):
        players = [make_user(f"seeker{round_}x{n}") for n in range(SEEKERS)]
        together = threading.Barrier(SEEKERS)
        tables, failures = [], []

        def seek(player, together=together, tables=tables, failures=failures):
            try:
                together.wait()
                tables.append(play_now.quick_game(player).pk)
            except Exception as error:  # every failure is the finding
                failures.append(error)
            finally:
                connection.close()

        threads = [threading.Thread(target=seek, args=(player,)) for player in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert failures == [] and len(set(tables)) == 1 and len(tables) == SEEKERS
        table = Table.objects.get(pk=tables[0])
        assert {seat.user_id for seat in table.seats.all()} == {player.pk for player in players}
        assert table.bots_fill_at is not None
    assert Table.objects.count() == 3
