"""'Play bots now' (games.play.play_now.play_bots_now): one POST from the lobby, logged in
or not, lands on a started table with bots of the chosen level."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games.models import Game, Table

pytestmark = pytest.mark.django_db


def test_a_player_plays_bots_at_the_level_chosen_with_their_rules_and_the_level_is_remembered(client, user):
    user.preferred_preset = "chains"
    user.save()
    client.force_login(user)

    response = client.post(reverse("games:play_bots_now"), {"level": "clever"})

    table = Table.objects.get()
    assert response.url == reverse("games:table", args=[table.pk])
    seats = list(table.seats.select_related("user").order_by("position"))
    assert [seat.user.bot_level for seat in seats] == ["", "clever", "clever"]
    assert seats[0].user == user and table.preset == "chains"
    game = Game.objects.get(table=table)
    assert game.is_running and game.player_count == 3
    user.refresh_from_db()
    assert user.play_now_level == "clever"
    lobby = client.get(reverse("games:lobby")).text
    assert '<option value="clever" selected>' in lobby


def test_a_new_player_is_offered_the_first_games_level(client):
    lobby = client.get(reverse("games:lobby")).text
    assert '<option value="greedy" selected>' in lobby
    assert "No account needed: you play as a guest." in lobby


def test_a_visitor_plays_as_a_guest_with_a_generated_name_and_no_password(guest_client):
    guest = User.objects.get(is_guest=True)
    assert re.fullmatch(r"Guest-[a-z0-9]{6}", guest.username)
    assert not guest.has_usable_password() and guest.guest_expires is not None
    table = Table.objects.get(seats__user=guest)
    assert Game.objects.get(table=table).is_running
    page = guest_client.get(guest_client.table_url).text
    assert "Playing as a guest" in page and "sign up</a> to keep your games" in page


def test_an_unknown_level_is_refused_with_a_sentence_and_makes_nothing(client, user):
    client.force_login(user)
    response = client.post(reverse("games:play_bots_now"), {"level": "grandmaster"})
    assert response.status_code == 400
    assert "Select a valid choice" in response.text
    assert not Table.objects.exists()


def test_a_visitor_without_a_csrf_token_is_refused_and_no_guest_is_made():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("games:play_bots_now"), {"level": "random"})
    assert response.status_code == 403
    assert not User.objects.exists() and not Table.objects.exists()


def test_many_guests_from_one_address_are_refused_with_429_and_a_sentence(settings):
    settings.SIGNUPS_PER_ADDRESS = 2
    answers = [
        Client(REMOTE_ADDR="203.0.113.5").post(reverse("games:play_bots_now"), {"level": "random"})
        for _ in range(3)
    ]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    assert "Too many players have started from your address in the last hour" in answers[2].text
    assert User.objects.filter(is_guest=True).count() == 2
    other = Client(REMOTE_ADDR="203.0.113.6").post(reverse("games:play_bots_now"), {"level": "random"})
    assert other.status_code == 302  # another address is not held back
