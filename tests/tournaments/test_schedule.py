"""The tournaments' periodic job (tournaments.writes.schedule.run_due): starts, pairs, ends
and finishes what is due, and makes each recurring tournament's next occurrence once."""

from datetime import UTC, datetime, time, timedelta

import pytest

from games.models import Game
from tests.history.helpers import play_to_the_end
from tests.timers.helpers import twice_at_once
from tournaments.models import Entry, RecurringTournament, Tournament, TournamentTable
from tournaments.writes.schedule import occurrences, run_due

LATER = timedelta(seconds=60)
EVENING = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)  # 15:00 in Nairobi


def nightly(**fields):
    return RecurringTournament.objects.create(
        **{"name": "Usiku", "at": time(20, 0), "timezone": "Africa/Nairobi", "seats": 3, **fields}
    )


@pytest.mark.django_db
def test_a_due_tournament_is_started_and_paired(arena, entrants, start):
    tournament = arena(seats=2)
    entrants(tournament, 4)
    assert run_due(start - LATER) == 0
    run_due(start + LATER)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert TournamentTable.objects.filter(tournament=tournament).count() == 2


@pytest.mark.django_db
def test_past_its_end_a_tournament_makes_no_table_and_finishes_once_its_games_are_over(
    arena, entrants, start
):
    tournament = arena(seats=2, minutes=5)
    entrants(tournament, 3)
    run_due(start + LATER)
    game = TournamentTable.objects.get(tournament=tournament).game
    end = start + timedelta(minutes=6)
    run_due(end)
    run_due(end)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.ENDING
    assert TournamentTable.objects.count() == 1  # the third player was never paired again
    play_to_the_end(game)
    run_due(end)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    ranked = list(tournament.entries.order_by("rank").values_list("rank", "points", "games"))
    assert ranked == [(1, 12, 1), (2, 0, 0), (3, 0, 1)]  # equal points: fewer games first


@pytest.mark.django_db
def test_a_tournament_with_no_game_finishes_at_its_end(arena, entrants, start):
    tournament = arena(minutes=5)
    entrants(tournament, 1)
    run_due(start + timedelta(minutes=5))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert list(Entry.objects.values_list("rank", flat=True)) == [1]
    assert not Game.objects.exists()


def test_a_daily_occurrence_is_at_its_local_time():
    template = RecurringTournament(at=time(20, 0), timezone="Africa/Nairobi")
    assert occurrences(template, EVENING, EVENING + timedelta(days=1)) == [
        datetime(2026, 11, 28, 17, 0, tzinfo=UTC)
    ]
    assert len(occurrences(template, EVENING, EVENING + timedelta(days=3))) == 3


def test_a_weekly_occurrence_is_on_its_weekday_only():
    template = RecurringTournament(
        at=time(20, 0), timezone="Africa/Nairobi", every=RecurringTournament.Every.WEEK, weekday=6
    )
    assert occurrences(template, EVENING, EVENING + timedelta(days=7)) == [
        datetime(2026, 11, 29, 17, 0, tzinfo=UTC)  # Sunday
    ]


@pytest.mark.django_db
def test_a_recurring_tournament_makes_its_next_occurrence_once():
    template = nightly(rated=False, bots_allowed=True)
    nightly(name="Zamani", active=False)
    run_due(EVENING)
    run_due(EVENING + LATER)
    made = Tournament.objects.get()
    assert (made.name, made.recurrence, made.seats, made.rated, made.bots_allowed, made.private) == (
        "Usiku",
        template,
        3,
        False,
        True,
        False,
    )
    assert made.starts_at == datetime(2026, 11, 28, 17, 0, tzinfo=UTC)
    run_due(EVENING + timedelta(hours=6))  # past 20:00 Nairobi: the next evening's
    assert Tournament.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_runs_at_once_make_an_occurrence_once():
    nightly()
    twice_at_once(lambda: run_due(EVENING))
    assert Tournament.objects.count() == 1
