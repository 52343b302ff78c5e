"""Pressing "Quick game" or "Play bots now" while playing a running game asks first, on a
page of its own (no script needed), saying what leaving does there (issue 44: players
walked out of their game without a word); pressed again on that page, it plays."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Table
from games.play import play_now
from games.play.server_turns import next_server_turn, play_server_turn
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(settings, user, baraka):
    """amani playing baraka at "Kibanda" (a game still running)."""
    settings.AWAY_GRACE_SECONDS = 60
    settings.MISSED_TURNS_BEFORE_BOT = 3
    table = create_table(user, "Kibanda", 2, "classic")
    take_seat(table, baraka)
    return start_game(table, user)


def test_quick_game_during_a_game_with_people_asks_first_and_says_what_leaving_does(client, user, playing):
    client.force_login(user)

    response = client.post(reverse("games:quick_game"))

    assert response.status_code == 200 and Table.objects.count() == 1
    page = response.text
    table_url = reverse("games:table", args=[playing.table_id])
    assert "Leave your game?" in page
    assert f'You are playing at <a href="{table_url}">Kibanda</a>.' in page
    assert "once you have been away 60 seconds on your turn, the server plays it for you." in page
    assert "After 3 such turns in a row a bot takes your seat" in page
    assert f'<a class="button" href="{table_url}">Back to your game</a>' in page
    assert f'action="{reverse("games:quick_game")}"' in page and 'name="leave" value="1"' in page

    response = client.post(reverse("games:quick_game"), {"leave": "1"})

    table = Table.objects.get(bots_fill_at__isnull=False)
    assert response.url == reverse("games:table", args=[table.pk])
    assert Game.objects.get(pk=playing.pk).is_running  # leaving writes nothing there


def test_play_bots_now_during_a_game_with_bots_asks_first_and_keeps_the_level_chosen(guest_client, settings):
    settings.ABANDON_AFTER_SECONDS = 1800

    response = guest_client.post(reverse("games:play_bots_now"), {"level": "clever"})

    assert response.status_code == 200 and Table.objects.count() == 1
    page = response.text
    assert "Only bots play with you: the game waits for you as it is, and ends as abandoned" in page
    assert "after 30 minutes left alone." in page
    assert '<input type="hidden" name="level" value="clever">' in page
    assert "Leave it and play bots" in page

    response = guest_client.post(reverse("games:play_bots_now"), {"level": "clever", "leave": "1"})

    table = Table.objects.get(pk=int(response.url.rstrip("/").rsplit("/", 1)[1]))
    assert [seat.user.bot_level for seat in table.seats.order_by("position")][1:] == ["clever", "clever"]
    assert Game.objects.filter(status=Game.Status.RUNNING).count() == 2


def test_nothing_is_asked_once_a_stand_in_plays_the_seat_or_the_game_is_over(
    client, user, baraka, playing, settings
):
    settings.MISSED_TURNS_BEFORE_BOT = 1
    put_position(playing, hands=("7H 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    Table.objects.filter(pk=playing.table_id).update(turn_timer_seconds=20)
    Game.objects.filter(pk=playing.pk).update(updated_at=timezone.now() - timedelta(seconds=21))
    assert play_server_turn(next_server_turn(playing.table_id)).handed_to_bot  # amani's timer ran out
    client.force_login(user)

    assert client.post(reverse("games:quick_game")).status_code == 302

    Game.objects.filter(pk=playing.pk).update(status=Game.Status.FINISHED)
    client.force_login(baraka)
    assert client.post(reverse("games:play_bots_now"), {"level": "random"}).status_code == 302


def test_a_player_waiting_for_a_quick_game_is_asked_nothing(client, user):
    play_now.quick_game(user)
    client.force_login(user)
    assert client.post(reverse("games:quick_game")).status_code == 302


def test_the_question_is_asked_in_swahili_too(client, user, playing):
    client.force_login(user)
    client.cookies["django_language"] = "sw"

    page = client.post(reverse("games:quick_game")).text

    assert "Uache mchezo wako?" in page and "Unacheza kwenye <a" in page
    assert "ukiwa haupo kwa sekunde 60 wakati wa zamu yako, seva inakuchezea zamu hiyo." in page
    assert "Baada ya zamu 3 kama hizo mfululizo bot inachukua kiti chako" in page
    assert "Rudi kwenye mchezo wako" in page and "Uache na utafute mchezo wa haraka" in page
