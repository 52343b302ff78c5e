"""Vacations (games.play.vacations): deadlines paused while a player is away, bounded in
length and in how soon another may follow; and the settings page's form."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Vacation
from games.play import vacations
from games.play.deadlines import expire_due_turns
from games.play.errors import ServiceError
from games.play.moves import submit_move
from tests.conftest import PASSWORD
from tests.turns.helpers import DAY, reload, turn_game

pytestmark = pytest.mark.django_db


def test_a_vacation_moves_the_deadlines_past_its_end_and_no_timeout_falls_meanwhile(user, baraka):
    game = turn_game(user, baraka)
    now = timezone.now()
    vacation = vacations.start(user, 5, now)
    game = reload(game)
    assert game.move_deadline == vacation.ends_at + timedelta(seconds=DAY)
    assert expire_due_turns(now + timedelta(days=5, hours=23)) == 0
    assert reload(game).move_count == 0
    assert expire_due_turns(game.move_deadline + timedelta(seconds=1)) == 1  # back, and out of time


def test_a_turn_that_begins_during_a_vacation_counts_from_its_end(user, baraka):
    game = turn_game(user, baraka)
    vacation = vacations.start(baraka, 3)
    submit_move(game.pk, user, "draw")
    game = reload(game)
    assert game.turn == 1 and game.move_deadline == vacation.ends_at + timedelta(seconds=DAY)


def test_a_deadline_due_during_a_vacation_moves_to_its_end(user, baraka):
    game = turn_game(user, baraka)
    now = timezone.now()
    Vacation.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=2))  # written elsewhere
    due = reload(game).move_deadline + timedelta(seconds=1)
    assert expire_due_turns(due) == 0
    assert reload(game).move_deadline == now + timedelta(days=2) + timedelta(seconds=DAY)


def test_coming_back_early_brings_the_deadlines_back_to_a_full_move(user, baraka):
    game = turn_game(user, baraka)
    start = timezone.now()
    vacations.start(user, 10, start)
    back = start + timedelta(days=1)
    vacations.stop(user, back)
    assert reload(game).move_deadline == back + timedelta(seconds=DAY)
    assert vacations.away_until(user.pk, back + timedelta(seconds=1)) is None


@pytest.mark.parametrize("days", [0, -1, 15, "3", 2.5, None])
def test_a_vacation_out_of_bounds_is_refused(user, days):
    with pytest.raises(ServiceError, match="A vacation lasts from 1 to 14 days"):
        vacations.start(user, days)
    assert not Vacation.objects.exists()


def test_one_vacation_at_a_time_and_not_too_soon_after_the_last(user):
    start = timezone.now()
    vacations.start(user, 4, start)
    with pytest.raises(ServiceError, match="on vacation already"):
        vacations.start(user, 1, start + timedelta(days=1))
    vacations.stop(user, start + timedelta(days=2))  # away 2 days: back 2 days before the next
    with pytest.raises(ServiceError, match="Your last vacation was recent") as refused:
        vacations.start(user, 1, start + timedelta(days=3, hours=23))
    assert refused.value.code == "vacation_too_soon"
    vacations.start(user, 1, start + timedelta(days=4))
    with pytest.raises(ServiceError, match="not on vacation"):
        vacations.stop(user, start + timedelta(days=6))


def test_the_settings_page_starts_and_ends_a_vacation_and_says_why_not(client, user):
    client.login(username="amani", password=PASSWORD)
    page = client.get(reverse("account_settings"))
    assert b"Start my vacation" in page.content
    answer = client.post(reverse("games:vacation"), {"action": "start", "days": "99"}, follow=True)
    assert "14" in answer.content.decode() and not Vacation.objects.exists()
    answer = client.post(reverse("games:vacation"), {"action": "start", "days": "zzz"}, follow=True)
    assert "whole number" in answer.content.decode() and not Vacation.objects.exists()
    answer = client.post(reverse("games:vacation"), {"action": "start"}, follow=True)
    assert "Say how many days" in answer.content.decode()
    answer = client.post(reverse("games:vacation"), {"action": "fly"}, follow=True)
    assert answer.status_code == 200 and not Vacation.objects.exists()
    answer = client.post(reverse("games:vacation"), {"action": "start", "days": "3"}, follow=True)
    assert "Your vacation has begun" in answer.content.decode() and "I am back" in answer.content.decode()
    answer = client.post(reverse("games:vacation"), {"action": "stop"}, follow=True)
    assert "Welcome back" in answer.content.decode() and vacations.current(user) is None


def test_the_vacation_form_says_it_in_swahili(client, user):
    client.login(username="amani", password=PASSWORD)
    client.cookies["django_language"] = "sw"
    page = client.get(reverse("account_settings")).content.decode()
    assert "Likizo" in page


def test_the_admin_lists_vacations_and_never_edits_one(admin_client, user):
    """A vacation moves deadlines when its player starts or ends it: the admin only reads."""
    vacation = vacations.start(user, 3)
    listed = admin_client.get(reverse("admin:games_vacation_changelist"))
    assert listed.status_code == 200 and user.username in listed.content.decode()
    assert admin_client.get(reverse("admin:games_vacation_add")).status_code == 403
    change = reverse("admin:games_vacation_change", args=[vacation.pk])
    assert admin_client.post(change, {"user": user.pk, "starts_at_0": "2020-01-01"}).status_code == 403
    assert Vacation.objects.get(pk=vacation.pk).ends_at == vacation.ends_at
