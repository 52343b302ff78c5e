"""The pause before the next rated game: its schedule, its escalation and its decay."""

from datetime import timedelta

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from accounts import restrictions
from accounts.models import Restriction
from fairplay import schedule
from fairplay.models import Offence, Standing
from fairplay.writes import good_game, offended
from games.play.errors import ServiceError
from games.play.moves import resign
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.fairplay.helpers import against_a_bot, clocked_table, two_people, walk_out
from tests.history.helpers import play_to_the_end

MINUTE = timedelta(minutes=1)
LEFT = Offence.Kind.LEFT_LOSING


def test_the_schedule_with_the_defaults():
    assert [schedule.pause(n) / MINUTE for n in range(0, 7)] == [0, 0, 10, 60, 360, 1440, 1440]


@given(
    base=st.integers(1, 600),
    growth=st.integers(1, 20),
    most=st.integers(1, 100_000),
    counts=st.lists(st.integers(0, 5000), min_size=2, max_size=5),
)
def test_the_pause_grows_with_the_count_up_to_the_most(base, growth, most, counts):
    terms = {"FAIRPLAY_PAUSE_MINUTES": base, "FAIRPLAY_PAUSE_GROWTH": growth}
    terms["FAIRPLAY_PAUSE_MAX_MINUTES"] = most
    with override_settings(**terms):
        low, high = sorted(counts)[0], sorted(counts)[-1]
        assert schedule.pause(low) <= schedule.pause(high) <= most * MINUTE
        assert schedule.pause(1) == timedelta(0)
        if high >= 2:
            assert schedule.pause(high) >= min(base, most) * MINUTE


def finished_games(user, count):
    """``count`` finished games of ``user`` (against a bot: the writes are given them)."""
    games = []
    for _ in range(count):
        game = against_a_bot(user)
        resign(game, user)
        games.append(game)
    return games


@pytest.mark.django_db
def test_offences_escalate_the_pause(user):
    now = timezone.now()
    pauses = [offended(user, game, LEFT, now) for game in finished_games(user, 3)]
    assert pauses[0] is None  # the first: a warning
    assert [(p.until - now) / MINUTE for p in pauses[1:]] == [10, 60]
    assert {p.kind for p in pauses[1:]} == {Restriction.Kind.PLAYBAN}
    assert pauses[2].reason == "left a game while losing (fair play: 3 offences counted)"
    assert pauses[2].created_by is None


@pytest.mark.django_db
def test_good_games_wear_the_count_down(user, settings):
    settings.FAIRPLAY_CLEAN_GAMES = 3
    now = timezone.now()
    for game in finished_games(user, 2):
        offended(user, game, LEFT, now)
    for _ in range(3):
        good_game(user)
    assert Standing.objects.get(user=user).count == 1
    offended(user, finished_games(user, 1)[0], LEFT, now)
    assert Standing.objects.get(user=user).count == 2  # a warning less: the 10 minutes again
    assert restrictions.in_force(user)[0].until == now + 10 * MINUTE


@pytest.mark.django_db
def test_an_offence_older_than_the_window_is_forgotten(user, settings):
    settings.FAIRPLAY_WINDOW_DAYS = 7
    first, second = finished_games(user, 2)
    offended(user, first, LEFT, timezone.now() - timedelta(days=8))
    assert offended(user, second, LEFT, timezone.now()) is None
    assert Standing.objects.get(user=user).count == 1


@pytest.mark.django_db
def test_two_games_walked_out_of_pause_the_next_rated_game(user, baraka, chebet):
    for _ in range(2):
        table = clocked_table(user)
        take_seat(table, baraka)
        walk_out(start_game(table, user), seat=0)
    (pause,) = restrictions.in_force(user, restrictions.RATED)
    assert pause.kind == Restriction.Kind.PLAYBAN
    table = create_table(chebet, "Jioni", 3, "friendly")
    with pytest.raises(ServiceError) as refused:
        take_seat(table, user)
    assert str(refused.value) == restrictions.said(pause)
    assert "let turns run out (fair play: 2 offences counted)" in str(refused.value)
    assert not table.seats.filter(user=user).exists()


@pytest.mark.django_db
def test_the_staff_read_offences_and_standings_in_the_admin(staff_client, user):
    offended(user, finished_games(user, 1)[0], LEFT, timezone.now())
    offences = staff_client.get(reverse("admin:fairplay_offence_changelist")).content.decode()
    assert "left a game while losing" in offences and "amani" in offences
    standings = staff_client.get(reverse("admin:fairplay_standing_changelist"))
    assert standings.status_code == 200 and "amani" in standings.content.decode()


@pytest.mark.django_db
def test_a_rated_game_finished_without_an_offence_wears_the_count_down(user, baraka, settings):
    settings.FAIRPLAY_CLEAN_GAMES = 1
    table = clocked_table(user)
    take_seat(table, baraka)
    walk_out(start_game(table, user), seat=0)
    assert Standing.objects.get(user=user).count == 1
    play_to_the_end(two_people(user, baraka))
    assert Standing.objects.get(user=user).count == 0
    assert not Standing.objects.filter(user=baraka).exists()  # nothing to wear down: no row
