"""A player barred from rated games (the fair-play pause, or a moderator's ban) is refused
every rated game with people, in a sentence saying until when and why, with nothing
changed; bots and unrated tables stay open to them."""

import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import restrictions
from accounts.models import Restriction
from api.tokens import create_token
from games.models import Challenge, Game, Seat, Table
from games.play import challenges
from games.play.errors import ServiceError
from games.play.moves import resign
from games.play.starts import rematch, start_game
from games.play.tables import add_bot, create_table, take_seat
from tests.fairplay.helpers import pause, two_people
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

WHY = "left three games while losing"
SAID = "You may play your next rated game after"


def said(user):
    return restrictions.refusal(user, restrictions.RATED)


def bearer(user):
    return {"HTTP_AUTHORIZATION": f"Bearer {create_token(user, 'my bot')[1]}"}


@pytest.fixture
def barakas_table(baraka):
    return create_table(baraka, "Baraza", 4, "friendly")


def test_a_seat_at_a_rated_table_with_people_is_refused(paused, barakas_table):
    with pytest.raises(ServiceError) as refused:
        take_seat(barakas_table, paused)
    assert str(refused.value) == said(paused) and SAID in str(refused.value) and WHY in str(refused.value)
    assert not Seat.objects.filter(user=paused).exists()


def test_a_moderators_ban_from_rated_games_is_refused_too(user, barakas_table):
    pause(user, kind=Restriction.Kind.RATED_BAN, reason="insults")
    with pytest.raises(ServiceError, match="You may not play rated games until .*: insults"):
        take_seat(barakas_table, user)


def test_the_table_page_form_tells_why(client, paused, barakas_table):
    client.force_login(paused)
    response = client.post(reverse("games:take_seat", args=(barakas_table.pk,)), follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and SAID in page and WHY in page
    assert not Seat.objects.filter(user=paused).exists()


def test_the_api_join_is_refused(client, paused, barakas_table):
    response = client.post(reverse("api_join", args=(barakas_table.pk,)), **bearer(paused))
    assert response.status_code == 409
    assert response.json() == {"error": said(paused), "code": "rated_barred"}
    assert not Seat.objects.filter(user=paused).exists()


def test_bots_and_unrated_tables_stay_open(paused, baraka, client):
    own = create_table(paused, "Peke", 2, "friendly")
    add_bot(own, "greedy")
    assert start_game(own, paused).is_running
    unrated = create_table(baraka, "Bila alama", 2, "friendly", rated=False)
    take_seat(unrated, paused)
    assert start_game(unrated, baraka).is_running
    response = client.post(
        reverse("api_create_table"),
        json.dumps({"preset": "friendly", "bots": ["greedy"]}),
        content_type="application/json",
        **bearer(paused),
    )
    assert response.status_code == 200 and response.json()["game"] is not None


def test_an_api_table_with_seats_left_for_people_is_refused(client, paused):
    body = json.dumps({"preset": "friendly", "seats": 3, "bots": ["greedy"]})
    answer = client.post(reverse("api_create_table"), body, content_type="application/json", **bearer(paused))
    assert answer.status_code == 409 and answer.json() == {"error": said(paused), "code": "rated_barred"}
    assert not Table.objects.exists()


def test_a_rated_game_is_not_started_with_a_barred_player(user, baraka):
    table = create_table(user, "Kibanda", 2, "friendly")
    take_seat(table, baraka)
    pause(user)
    with pytest.raises(ServiceError) as refused:
        start_game(table, user)
    assert str(refused.value) == said(user)
    with pytest.raises(ServiceError, match="amani may not play rated games now"):
        start_game(table, baraka)  # the other player hears who, not why
    assert not Game.objects.exists()


def test_no_rematch_with_a_barred_player(user, baraka):
    game = two_people(user, baraka)
    resign(game, baraka)
    pause(user)
    rematch(game.table, baraka)
    with pytest.raises(ServiceError) as refused:
        rematch(game.table, user)
    assert str(refused.value) == said(user)
    assert Game.objects.count() == 1


def test_a_challenge_to_a_person_is_refused_on_the_page_and_the_api(client, paused, baraka):
    client.force_login(paused)
    page = client.get(reverse("games:new_challenge", args=("baraka",)))
    assert page.status_code == 403 and WHY in page.content.decode()
    posted = client.post(reverse("games:new_challenge", args=("baraka",)), {"preset": "friendly"})
    assert posted.status_code == 403 and WHY in posted.content.decode()
    answer = client.post(
        reverse("api_challenge", args=("baraka",)), "{}", content_type="application/json", **bearer(paused)
    )
    assert answer.status_code == 409 and answer.json()["error"] == said(paused)
    assert not Challenge.objects.exists()


def test_a_challenge_to_a_bot_is_still_played(paused):
    bot = add_bot(create_table(paused, "Kwa bot", 2, "friendly"), "greedy").user
    made = challenges.create(paused, bot, challenges.Terms(preset="friendly"))
    assert made.table.current_game().is_running


def test_accepting_a_challenge_is_refused_to_a_barred_player_and_with_one(user, baraka, chebet):
    to_amani = challenges.create(baraka, user, challenges.Terms(preset="friendly"))
    from_amani = challenges.create(user, chebet, challenges.Terms(preset="friendly"))
    pause(user)
    with pytest.raises(ServiceError) as refused:
        challenges.accept(to_amani.key, user)
    assert str(refused.value) == said(user)
    with pytest.raises(ServiceError, match="amani may not play rated games now"):
        challenges.accept(from_amani.key, chebet)
    assert not Table.objects.filter(seats__user=chebet).exists()
    assert set(Challenge.objects.values_list("status", flat=True)) == {Challenge.Status.OPEN}


def test_the_quick_game_is_refused(client, paused):
    client.force_login(paused)
    response = client.post(reverse("games:quick_game"))
    assert response.status_code < 500 and WHY in response.content.decode()
    assert not Table.objects.exists()


def tournament(name, **fields):
    starts = timezone.now() + timedelta(minutes=1)
    return Tournament.objects.create(name=name, starts_at=starts, preset="friendly", **fields)


def test_a_rated_tournament_is_refused_and_an_unrated_one_is_not(client, paused):
    rated, unrated = tournament("Jioni", bots_allowed=True), tournament("Asubuhi", rated=False)
    client.force_login(paused)
    response = client.post(reverse("tournaments:join", args=(rated.pk,)), follow=True)
    assert response.status_code < 500 and WHY in response.content.decode()
    assert not Entry.objects.filter(tournament=rated).exists()
    address = reverse("api_join_tournament", args=(rated.pk,))
    answer = client.post(address, "{}", content_type="application/json", **bearer(paused))
    assert answer.status_code == 409 and answer.json()["error"] == said(paused)
    client.post(reverse("tournaments:join", args=(unrated.pk,)))
    assert Entry.objects.filter(tournament=unrated, user=paused).exists()


def test_a_lifted_or_past_pause_refuses_nothing(user, barakas_table):
    restriction = pause(user)
    restriction.lifted_at = restriction.created_at
    restriction.save()
    take_seat(barakas_table, user)
    assert Seat.objects.filter(user=user).exists()
