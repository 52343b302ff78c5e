"""Guests (accounts.guests): what they may not do, each refused with a sentence; their games
unrated; signing up keeps them; expired guests removed (manage.py prune_guests)."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from accounts import friends
from accounts.models import Follow, User
from api.models import ApiToken
from games.models import ChatMessage, Game, Table
from games.play import errors, play_now
from games.play.chat import post_chat
from games.play.moves import resign
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, leave_seat, take_seat
from history.models import Rating, RatingChange
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest(guest_client):
    return User.objects.get(is_guest=True)


def test_a_guest_cannot_chat(guest):
    table = Table.objects.get(seats__user=guest)
    with pytest.raises(errors.ServiceError, match="Guests cannot chat: sign up to chat at the tables."):
        post_chat(table.pk, guest, "Habari!")
    assert not ChatMessage.objects.exists()


def test_a_guest_cannot_make_an_api_token(guest_client, guest):
    page = guest_client.get(reverse("api_tokens")).text
    assert "Guests have no API tokens" in page and 'name="label"' not in page
    response = guest_client.post(reverse("api_tokens"), {"label": "my bot"}, follow=True)
    assert "Guests have no API tokens: sign up to make one." in response.text
    assert not ApiToken.objects.exists()


def test_a_guest_cannot_follow_and_nobody_follows_a_guest(guest_client, guest, baraka):
    response = guest_client.post(reverse("follow", args=[baraka.username]), follow=True)
    assert "Guests cannot do that: sign up" in response.text
    with pytest.raises(friends.Refused, match="Guests only play bots"):
        friends.follow(baraka, guest)
    assert not Follow.objects.exists()


def test_a_guest_plays_bots_only_not_with_people(guest_client, guest, baraka):
    response = guest_client.post(reverse("games:quick_game"))
    assert response.status_code == 400 and "Guests play bots: sign up to play with people." in response.text
    table = create_table(baraka, "Baraza", 4, "classic")
    with pytest.raises(errors.ServiceError, match="Guests play bots"):
        take_seat(table, guest)
    assert not Table.objects.filter(seats__user=guest).exclude(created_by=guest).exists()


@pytest.mark.parametrize("page", ["password_change", "password_change_done", "friends"])
def test_account_pages_a_guest_has_no_use_for_send_them_to_sign_up_with_a_sentence(guest_client, page):
    response = guest_client.get(reverse(page), follow=True)
    assert response.redirect_chain[-1][0] == reverse("signup")
    sentence = "A guest has no password" if page.startswith("password") else "Guests cannot do that"
    assert sentence in response.text


def test_a_game_with_a_guest_is_rated_for_nobody(guest, baraka):
    table = create_table(guest, "Guest's table", 2, "classic")
    take_seat(table, baraka)  # a person may sit at a guest's table
    game = start_game(table, guest)
    resign(game, guest)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not RatingChange.objects.filter(game=game).exists()
    assert not Rating.objects.filter(user__in=[guest, baraka]).exists()


def test_a_game_without_a_guest_is_still_rated(user, baraka):
    table = create_table(user, "Baraza", 2, "classic")
    take_seat(table, baraka)
    resign(start_game(table, user), baraka)
    assert RatingChange.objects.count() == 2


def test_signing_up_as_a_guest_makes_that_same_row_an_account_with_its_games(guest_client, guest):
    game = Game.objects.get(players__user=guest)
    resign(game, guest)

    response = guest_client.post(
        reverse("signup"), {"username": "wanjiku", "password1": PASSWORD, "password2": PASSWORD}, follow=True
    )

    account = User.objects.get(username="wanjiku")
    assert account.pk == guest.pk and not account.is_guest and account.guest_expires is None
    assert account.check_password(PASSWORD) and account.is_active
    assert "Playing as a guest" not in response.text
    history = guest_client.get(reverse("history:mine")).text
    assert reverse("history:game", args=[game.pk]) in history
    assert not User.objects.filter(is_guest=True).exists()


def test_a_guest_name_cannot_be_taken_as_a_username(client):
    response = client.post(
        reverse("signup"), {"username": "Guest-abc123", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.context["form"].has_error("username", "guest")
    assert not User.objects.exists()


def test_prune_guests_removes_the_expired_with_the_tables_only_they_played_at(
    guest_client, guest, baraka, chebet, make_user
):
    kept = make_user("mgeni", is_guest=True, guest_expires=timezone.now() + timedelta(days=1))
    shared = create_table(guest, "With a person", 3, "classic")
    take_seat(shared, baraka)
    add_bot(shared, "random")
    resign(start_game(shared, guest), guest)
    played_then_left = create_table(guest, "Played, then left", 2, "classic")
    take_seat(played_then_left, chebet)
    start_game(played_then_left, guest)
    leave_seat(played_then_left, chebet)  # resigns: chebet's game, no longer seated
    lonely = make_user("mpweke", is_guest=True)
    lonely_table = play_now.play_bots_now(lonely, "random")
    User.objects.filter(pk__in=[guest.pk, lonely.pk]).update(
        guest_expires=timezone.now() - timedelta(seconds=1)
    )
    bots_table = Table.objects.get(created_by=guest, name__endswith="and the bots")

    call_command("prune_guests")

    assert not User.objects.filter(pk=lonely.pk).exists()
    assert not Table.objects.filter(pk__in=[lonely_table.pk, bots_table.pk]).exists()
    guest.refresh_from_db()  # baraka's game remembers them: kept, closed, no more a guest
    assert (guest.is_active, guest.is_guest) == (False, False)
    assert Game.objects.filter(table=shared).exists() and Game.objects.filter(table=played_then_left).exists()
    kept.refresh_from_db()
    assert kept.is_guest and kept.is_active
    assert guest_client.get(reverse("games:lobby")).context["user"].is_anonymous  # their session ends


def test_a_guest_has_no_create_table_form_and_its_post_is_refused(guest_client, guest, client, user):
    create_form = f'action="{reverse("games:create_table")}"'
    client.force_login(user)
    assert create_form in client.get(reverse("games:lobby")).content.decode()
    lobby = guest_client.get(reverse("games:lobby")).content.decode()
    assert create_form not in lobby and "Guests play bots" in lobby
    assert f'action="{reverse("games:play_bots_now")}"' in lobby
    tables = Table.objects.count()
    response = guest_client.post(
        reverse("games:create_table"), {"name": "Guest table", "seat_count": 2, "preset": "classic"}
    )
    assert response.status_code == 403
    assert "Guests cannot do that: sign up (it keeps your games) and try again." in response.content.decode()
    assert Table.objects.count() == tables
