"""Two accepts of one challenge at once (a double click, two tabs, the page and a bot):
the row lock lets one make the table; the other is refused as a replayed accept. Real
threads on a committed database: on PostgreSQL the lock decides, on SQLite the one writer."""

import threading

import pytest
from django.db import connection

from games.models import Challenge, Game, Table
from games.play import challenges
from games.play.errors import ServiceError

pytestmark = pytest.mark.django_db(transaction=True)
TRIES = 4


def test_a_double_accept_makes_one_table(amani, wanjiru):
    for _ in range(3):
        challenge = challenges.create(amani, wanjiru, challenges.Terms("classic", bot_levels=("greedy",)))
        together = threading.Barrier(TRIES)
        tables, refusals, failures = [], [], []

        def accept(
            challenge=challenge, together=together, tables=tables, refusals=refusals, failures=failures
        ):
            try:
                together.wait()
                tables.append(challenges.accept(challenge.key, wanjiru).table_id)
            except ServiceError as refusal:
                refusals.append(refusal.code)
            except Exception as error:  # every other failure is the finding
                failures.append(error)
            finally:
                connection.close()

        threads = [threading.Thread(target=accept) for _ in range(TRIES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert failures == [] and len(tables) == 1
        assert refusals == ["challenge_decided"] * (TRIES - 1)
        assert Challenge.objects.get(pk=challenge.pk).table_id == tables[0]
    assert Table.objects.count() == Game.objects.count() == 3
