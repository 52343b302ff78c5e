"""Seating a tournament's waiting players (tournaments.writes.pairing.pair_if_due): the
tables and games it makes, once across workers, and nothing half made by a killed one."""

import subprocess
import sys
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import Restriction, User
from deploy.prod import ROOT
from games.models import Game, Seat, Table
from tests.timers.helpers import cluster_env, twice_at_once, wait_until
from tournaments import signals
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.queue import waiting
from tournaments.writes import entries
from tournaments.writes.pairing import pair_if_due

LATER = timedelta(seconds=60)


@pytest.mark.django_db
def test_a_private_tournaments_tables_are_private_and_do_not_name_it(arena, entrants, start):
    tournament = arena(seats=2, private=True)
    entrants(tournament, 2)
    assert pair_if_due(tournament.pk, start + LATER) == 1
    table = TournamentTable.objects.select_related("table").get(tournament=tournament).table
    assert (table.private, table.in_lobby, table.name) == (True, False, "Tournament table 1")


@pytest.mark.django_db
def test_the_start_pairs_the_waiting_players_at_started_games(arena, entrants, start):
    tournament = arena(seats=3, rated=False, turn_timer_seconds=15)
    players = entrants(tournament, 7)
    assert pair_if_due(tournament.pk, start + LATER) == 2
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    made = list(TournamentTable.objects.filter(tournament=tournament).select_related("table", "game"))
    assert [m.table.name for m in made] == ["Jioni · table 1", "Jioni · table 2"]
    for m in made:
        table = m.table
        assert (table.private, table.in_lobby, table.rated, table.seat_count, table.turn_timer_seconds) == (
            False,  # a public tournament's games are anyone's to watch ...
            False,  # ... and its tables' seats are no one's to take from the lobby
            False,
            3,
            15,
        )
        assert table.spectators == Table.Spectators.LINK and table.preset == "friendly"
        assert m.game.is_running and m.game.player_count == 3
        seated = set(m.game.players.values_list("user_id", flat=True))
        assert set(Entry.objects.filter(table=m).values_list("user_id", flat=True)) == seated
        for entry in Entry.objects.filter(table=m):
            assert entry.waiting_since is None
    assert waiting(tournament).count() == 1  # the last to come waits
    assert (
        Counter(Seat.objects.filter(user__in=players).values_list("user_id", flat=True)).most_common(1)[0][1]
        == 1
    )


@pytest.mark.django_db
def test_nothing_is_paired_before_the_start_or_before_the_pairing_is_due(arena, entrants, start):
    tournament = arena()
    entrants(tournament, 3)
    Entry.objects.update(waiting_since=start - LATER)  # joined before the start
    late = entrants(tournament, 1, "late")[0]
    Entry.objects.filter(user=late).update(waiting_since=start + timedelta(seconds=5))
    assert pair_if_due(tournament.pk, start - timedelta(seconds=1)) == 0
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SCHEDULED
    assert pair_if_due(tournament.pk, start) == 1  # at the start, the latecomer too
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


@pytest.mark.django_db
def test_bots_fill_a_table_only_where_the_tournament_allows_them(arena, entrants, start):
    closed, open_ = arena("Bila roboti", seats=4), arena("Na roboti", seats=4, bots_allowed=True)
    entrants(closed, 2, "c")
    entrants(open_, 2, "o")
    assert pair_if_due(closed.pk, start + LATER) == 0
    assert pair_if_due(open_.pk, start + timedelta(seconds=10)) == 0  # not waited long enough
    assert pair_if_due(open_.pk, start + LATER) == 1
    game = Game.objects.get(table__tournament_table__tournament=open_)
    assert sorted(p.user.is_bot for p in game.players.select_related("user")) == [False, False, True, True]


@pytest.mark.django_db
def test_a_player_barred_from_rated_games_waits_at_a_rated_tournament_only(arena, entrants, start):
    rated, unrated = arena("Alama", seats=2), arena("Bila alama", seats=2, rated=False)
    barred, *others = entrants(rated, 3, "r")
    entries.join(unrated.pk, barred, now=start)
    entries.join(unrated.pk, others[0], now=start)
    Restriction.objects.create(
        user=barred, kind=Restriction.Kind.PLAYBAN, until=start + timedelta(hours=1), reason="left a game"
    )
    assert pair_if_due(rated.pk, start + LATER) == 1
    assert list(waiting(rated).values_list("user_id", flat=True)) == [barred.pk]  # the pause runs out first
    assert pair_if_due(unrated.pk, start + LATER) == 1  # an unrated tournament is no rated game


@pytest.mark.django_db
def test_a_tournament_past_its_end_makes_no_table(arena, entrants, start):
    tournament = arena(minutes=5)
    entrants(tournament, 4)
    assert pair_if_due(tournament.pk, start + timedelta(minutes=6)) == 0
    assert not TournamentTable.objects.exists()


@pytest.mark.django_db
def test_the_start_and_the_tables_are_announced_once_committed(
    arena, entrants, start, django_capture_on_commit_callbacks
):
    tournament = arena(seats=2)
    players = entrants(tournament, 2)
    heard = []

    def started(sender, tournament, user_ids, **kwargs):
        heard.append(("started", sorted(user_ids)))

    def made(sender, tournament, user_ids, **kwargs):
        heard.append(("table", sorted(user_ids)))

    signals.tournament_started.connect(started)
    signals.tables_made.connect(made)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            pair_if_due(tournament.pk, start + LATER)
    finally:
        signals.tournament_started.disconnect(started)
        signals.tables_made.disconnect(made)
    ids = sorted(p.pk for p in players)
    assert heard == [("started", ids), ("table", ids)]


@pytest.mark.django_db(transaction=True)
def test_two_workers_pairing_at_once_seat_everyone_once(arena, entrants, start):
    tournament = arena(seats=2)
    players = entrants(tournament, 12)
    made = twice_at_once(lambda: pair_if_due(tournament.pk, start + LATER))
    assert sorted(made) == [0, 6]
    seats = Counter(Seat.objects.filter(user__in=players).values_list("user_id", flat=True))
    assert set(seats) == {p.pk for p in players} and set(seats.values()) == {1}
    assert Game.objects.count() == TournamentTable.objects.count() == 6


PAIR = (
    "import django; django.setup(); from tournaments.writes.pairing import pair_if_due; pair_if_due({}, {})"
)


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_pairing_leaves_nothing_half_made(arena, entrants, start):
    """The worker is held mid-pairing on a real lock: its second table needs a bot account
    this test is creating in a transaction of its own; it is killed there, its first table made."""
    if connection.vendor != "postgresql":
        pytest.skip("another process shares the database on PostgreSQL only")
    tournament = arena(seats=4, bots_allowed=True)
    entrants(tournament, 6)  # a full table, then two with bots
    at = start + LATER
    script = PAIR.format(tournament.pk, f"__import__('datetime').datetime.fromisoformat('{at.isoformat()}')")
    env = cluster_env(PGAPPNAME="kadi killed pairing")
    with transaction.atomic():
        User.objects.create_bot("greedy-bot-1", "greedy")  # uncommitted: the worker's insert waits on it
        worker = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env)
        try:
            with connection.cursor() as cursor:

                def held():
                    cursor.execute("SELECT pg_stat_clear_snapshot()")  # a transaction sees one snapshot else
                    cursor.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
                        " AND wait_event_type = 'Lock'",
                        ["kadi killed pairing"],
                    )
                    return cursor.fetchone()[0] == 1

                wait_until(held, what="the worker held mid-pairing")
        finally:
            worker.kill()
            worker.wait()
        transaction.set_rollback(True)
    assert not Table.objects.exists() and not TournamentTable.objects.exists()
    assert waiting(tournament).count() == 6
    assert pair_if_due(tournament.pk, at) == 2
    assert waiting(tournament).count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_join_or_a_return_from_a_pause_pairs_on_its_commit_when_a_pairing_is_due(arena, make_user):
    tournament = arena(seats=2, starts_at=timezone.now() - LATER)
    first, second, third = make_user("kwanza"), make_user("pili"), make_user("tatu")
    entries.join(tournament.pk, first, now=timezone.now() - LATER)  # starts it; alone, nobody to meet
    assert not TournamentTable.objects.exists()
    entries.join(tournament.pk, second)  # the first has waited past the pairing's delay
    assert TournamentTable.objects.get().entries.count() == 2
    entries.join(tournament.pk, third, now=timezone.now() - LATER)
    entries.pause(tournament.pk, third)
    Entry.objects.filter(user__in=[first, second]).update(table=None, waiting_since=timezone.now() - LATER)
    assert TournamentTable.objects.count() == 1
    entries.resume(tournament.pk, third)
    assert TournamentTable.objects.count() == 2
