"""A private table and its games: out of the lobby and of every public list, a 404 for
outsiders on every route (page, area, poll, actions, choice, API, game page, replay,
record), seen by its players; seats only through the link; spectators per its setting; its
games rated and in the players' own histories."""

import pytest
from channels.layers import channel_layers
from django.core.cache import cache
from django.urls import reverse

from api.tokens import create_token
from games.models import Seat, Table
from games.play.moves import resign
from games.play.starts import start_game
from games.play.tables import create_table, renew_invite, take_seat
from games.whereabouts import whereabouts
from history.models import RatingChange
from tests.invites.conftest import link

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def api_settings(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "games.live.memory_layer.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    cache.clear()  # the API's rate limit counts per token id; ids come round after a rollback
    yield
    channel_layers.backends.clear()


@pytest.fixture
def played(private_table, user, baraka):
    """amani and baraka's finished game at the private table (baraka resigned)."""
    take_seat(private_table, baraka, invited=True)
    game = start_game(private_table, user)
    resign(game, baraka)
    return game


def table_routes(table):
    pk = table.pk
    return {
        "get": [
            reverse("games:table", args=[pk]),
            reverse("games:table_area", args=[pk]),
            reverse("games:hand_choice", args=[pk]),
        ],
        "post": [
            reverse(name, args=[pk])
            for name in (
                "games:poll", "games:take_seat", "games:leave_seat", "games:add_bot", "games:start_game",
                "games:rematch", "games:move", "games:resign", "games:renew_invite", "games:revoke_invite",
            )
        ],
    }


def game_routes(game):
    return [reverse(name, args=[game.pk]) for name in ("history:game", "history:replay", "history:record")]


def test_a_private_table_is_not_in_the_lobby(client, private_table, table, user):
    client.force_login(user)  # even for its owner: the lobby is the public tables'
    lobby = client.get(reverse("games:lobby")).text
    assert "Kibanda" in lobby and "Nyumbani" not in lobby


def test_outsiders_get_a_404_on_every_route_and_players_see_it(client, private_table, baraka, make_user):
    missing = Table(pk=private_table.pk + 1000)
    for who in (None, make_user("otieno")):
        if who:
            client.force_login(who)
        for table in (private_table, missing):  # alike: nothing says the private table exists
            routes = table_routes(table)
            assert {client.get(path).status_code for path in routes["get"]} == {404}
            assert {client.post(path).status_code for path in routes["post"]} <= {404, 302}
        if who is None:  # a visitor is sent to log in by the actions, before any table is read
            continue
        assert {client.post(path).status_code for path in table_routes(private_table)["post"]} == {404}
    assert Seat.objects.filter(table=private_table).count() == 1 and not private_table.games.exists()
    client.force_login(baraka)
    client.post(link(private_table), {"action": "seat"})
    assert client.get(reverse("games:table", args=[private_table.pk])).status_code == 200


def test_the_seat_form_without_the_link_is_refused_with_a_sentence(client, private_table, make_user):
    client.force_login(make_user("dawa", is_staff=True))  # the staff see the table, yet seat by the link
    answer = client.post(reverse("games:take_seat", args=[private_table.pk]), follow=True)
    assert "This table is private: take a seat through its invitation link." in answer.text
    assert Seat.objects.filter(table=private_table).count() == 1


def test_spectators_with_the_link_watch_and_players_only_keeps_them_out(client, private_table, make_user):
    client.post(link(private_table), {"action": "watch"})  # a visitor, not logged in
    page = client.get(reverse("games:table", args=[private_table.pk]))
    assert page.status_code == 200 and "Nyumbani" in page.text
    Table.objects.filter(pk=private_table.pk).update(spectators=Table.Spectators.PLAYERS)
    assert client.get(reverse("games:table", args=[private_table.pk])).status_code == 404


def test_a_renewed_link_ends_what_the_old_one_granted(client, private_table, user, make_user):
    watcher = make_user("otieno")
    client.force_login(watcher)
    client.post(link(private_table), {"action": "watch"})
    assert client.get(reverse("games:table", args=[private_table.pk])).status_code == 200
    renew_invite(private_table, user)
    assert client.get(reverse("games:table", args=[private_table.pk])).status_code == 404
    assert client.post(reverse("games:take_seat", args=[private_table.pk])).status_code == 404
    assert not Seat.objects.filter(user=watcher).exists()


def test_its_games_are_rated_and_in_the_players_histories_only(client, played, user, baraka, make_user):
    assert RatingChange.objects.filter(game=played).count() == 2  # rated like any game
    finished_name = f"/games/{played.pk}/"
    client.force_login(baraka)
    assert finished_name in client.get(reverse("history:mine")).text
    assert finished_name in client.get(reverse("history:player", args=["amani"])).text  # he played it
    assert {client.get(path).status_code for path in game_routes(played)} == {200}

    client.force_login(make_user("otieno"))
    assert finished_name not in client.get(reverse("history:player", args=["amani"])).text
    assert finished_name not in client.get(reverse("profile", args=["amani"])).text
    assert {client.get(path).status_code for path in game_routes(played)} == {404}
    client.logout()
    assert finished_name not in client.get(reverse("history:mine")).text  # everyone's latest games
    assert {client.get(path).status_code for path in game_routes(played)} == {404}


def test_the_owner_may_list_its_games_publicly(client, played, make_user):
    Table.objects.filter(pk=played.table_id).update(listed_in_history=True)
    client.force_login(make_user("otieno"))
    assert f"/games/{played.pk}/" in client.get(reverse("history:player", args=["amani"])).text
    assert {client.get(path).status_code for path in game_routes(played)} == {200}
    table_page = client.get(reverse("games:table", args=[played.table_id]))
    assert table_page.status_code == 404  # the table itself stays private


def test_a_running_game_is_never_listed(client, private_table, user, baraka, make_user):
    Table.objects.filter(pk=private_table.pk).update(listed_in_history=True)
    take_seat(private_table, baraka, invited=True)
    game = start_game(private_table, user)
    client.force_login(make_user("otieno"))
    assert client.get(reverse("history:game", args=[game.pk])).status_code == 404


def test_whereabouts_point_only_the_players_to_it(private_table, user, baraka, make_user):
    take_seat(private_table, baraka, invited=True)
    start_game(private_table, user)
    outsider = make_user("otieno")
    assert whereabouts(outsider, [user.pk])[user.pk].table is None
    assert whereabouts(baraka, [user.pk])[user.pk].table == private_table
    public = create_table(make_user("juma"), "Wazi", 2, "friendly")
    take_seat(public, outsider)
    start_game(public, outsider)
    assert whereabouts(baraka, [outsider.pk])[outsider.pk].table == public


def test_the_api_cannot_join_a_private_table(client, private_table, make_user):
    auth = {"HTTP_AUTHORIZATION": f"Bearer {create_token(make_user('wanjiru'), 'x')[1]}"}
    refused = client.post(f"/api/table/{private_table.pk}/join", **auth)
    missing = client.post(f"/api/table/{private_table.pk + 1000}/join", **auth)
    assert refused.status_code == missing.status_code == 404
    assert refused.json() == missing.json() and refused.json()["code"] == "no_such_table"
    assert Seat.objects.filter(table=private_table).count() == 1
    owner = {"HTTP_AUTHORIZATION": f"Bearer {create_token(private_table.created_by, 'x')[1]}"}
    assert client.post(f"/api/table/{private_table.pk}/join", **owner).json()["code"] == "already_seated"


def test_the_create_table_form_makes_a_private_table(client, user):
    client.force_login(user)
    form = {"name": "Siri", "seat_count": 2, "preset": "friendly", "private": "on", "spectators": "players"}
    client.post(reverse("games:create_table"), form)
    table = Table.objects.get(name="Siri")
    assert table.private and table.spectators == "players" and not table.listed_in_history
    assert len(table.invite_token) >= 22
