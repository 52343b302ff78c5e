"""The friends page and the follow and block buttons: POST only, with CSRF, for a player
who exists; every refusal a message on the page it came from, never a 500."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts import friends
from accounts.models import Block, Follow
from games import presence
from games.play.starts import start_game
from games.play.tables import bot_account, create_table, take_seat
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db


@pytest.fixture
def amani(client, user):
    client.force_login(user)
    return client


def test_following_from_the_profile_then_unfollowing(amani, user, baraka):
    page = amani.get("/accounts/u/baraka/").content.decode()
    assert 'action="/accounts/u/baraka/follow/"' in page

    response = amani.post("/accounts/u/baraka/follow/", {"next": "/accounts/u/baraka/"}, follow=True)

    assert response.redirect_chain == [("/accounts/u/baraka/", 302)]
    assert "You follow baraka." in response.content.decode()
    assert 'action="/accounts/u/baraka/unfollow/"' in response.content.decode()
    assert friends.is_following(user, baraka)

    amani.post("/accounts/u/baraka/unfollow/")
    assert not Follow.objects.exists()


def test_blocking_from_the_profile_hides_the_follow_button(amani, user, baraka):
    response = amani.post("/accounts/u/baraka/block/", follow=True)

    page = response.content.decode()
    assert "You blocked baraka." in page
    assert 'action="/accounts/u/baraka/unblock/"' in page and "/follow/" not in page
    assert friends.has_blocked(user, baraka)


def test_no_buttons_on_ones_own_page_a_bots_or_for_a_visitor(client, amani):
    assert "/follow/" not in amani.get("/accounts/u/amani/").content.decode()
    bot = bot_account("greedy")
    assert "/follow/" not in amani.get(f"/accounts/u/{bot.username}/").content.decode()
    assert "/follow/" not in Client().get("/accounts/u/amani/").content.decode()


@pytest.mark.parametrize("action", ["follow", "unfollow", "block", "unblock"])
def test_a_get_is_refused_and_changes_nothing(amani, baraka, action):
    response = amani.get(f"/accounts/u/baraka/{action}/")

    assert response.status_code == 405
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_a_post_without_the_csrf_token_is_refused(user, baraka):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)

    response = client.post("/accounts/u/baraka/follow/")

    assert response.status_code == 403
    assert not Follow.objects.exists()


def test_a_visitor_is_sent_to_log_in(client, baraka):
    response = client.post("/accounts/u/baraka/follow/")

    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.get("/accounts/friends/")["Location"].startswith("/accounts/login/")
    assert not Follow.objects.exists()


@pytest.mark.parametrize("username", ["nobody", "a%00b", "x" * 300])
def test_an_unknown_player_is_a_404_page_with_words(amani, username):
    response = amani.post(f"/accounts/u/{username}/follow/")

    assert response.status_code == 404
    assert "There is nothing at this address" in response.content.decode()


def test_a_closed_account_is_unknown(amani, baraka):
    baraka.is_active = False
    baraka.save()

    assert amani.post("/accounts/u/baraka/follow/").status_code == 404


@pytest.mark.parametrize("next_page", ["https://elsewhere.example/", "//elsewhere.example/", "javascript:x"])
def test_a_foreign_next_address_goes_to_the_profile(amani, baraka, next_page):
    response = amani.post("/accounts/u/baraka/follow/", {"next": next_page})

    assert response["Location"] == "/accounts/u/baraka/"


def test_a_refusal_is_a_message_on_the_page(amani, user):
    response = amani.post("/accounts/u/amani/follow/", follow=True)

    assert response.status_code == 200
    assert "You cannot follow yourself." in response.content.decode()


def test_a_blocked_player_is_refused_neutrally(client, user, baraka):
    friends.block(user, baraka)
    client.force_login(baraka)

    page = client.post("/accounts/u/amani/follow/", follow=True).content.decode()

    assert "You cannot follow this player." in page
    assert "blocked" not in page.lower()  # nothing says amani blocked him


def test_the_friends_page_shows_who_is_online_and_where_they_play(amani, user, baraka, chebet, make_user):
    for person in (baraka, chebet):
        friends.follow(user, person)
    friends.follow(baraka, user)
    friends.follow(make_user("wanjiru"), user)
    table = create_table(baraka, "Mbili", 2, "classic")
    take_seat(table, make_user("otieno"))
    start_game(table, baraka)
    presence.joined(table.pk, baraka.pk, timezone.now(), "socket-1")

    page = amani.get("/accounts/friends/").content.decode()

    friends_list, rest = page.split('aria-label="You follow"')
    assert "baraka" in friends_list and "online" in friends_list
    assert "playing at “Mbili”" in friends_list
    assert f'href="/t/{table.pk}/" class="friend-list__go">Watch “Mbili”' in friends_list
    following, followers = rest.split('aria-label="Following you"')
    assert "chebet" in following and "offline" in following
    assert "wanjiru" in followers and 'action="/accounts/u/wanjiru/follow/"' in followers


def test_the_friends_page_offers_to_join_a_table_with_a_free_seat(amani, user, baraka, table):
    friends.follow(user, baraka)
    presence.joined(table.pk, baraka.pk, timezone.now(), "socket-1")

    page = amani.get("/accounts/friends/").content.decode()

    assert "at “Kibanda”" in page and "Join “Kibanda”" in page


def test_the_friends_page_lists_the_blocked_with_an_unblock_button(amani, user, baraka):
    friends.block(user, baraka)

    page = amani.get("/accounts/friends/").content.decode()

    assert 'action="/accounts/u/baraka/unblock/"' in page


def test_an_empty_friends_page_says_how_to_make_friends(amani):
    page = amani.get("/accounts/friends/").content.decode()

    assert "No friends yet." in page and 'href="/leaderboard/"' in page


def test_the_header_links_to_the_friends_page(amani):
    assert 'href="/accounts/friends/">Friends</a>' in amani.get("/").content.decode()


def test_the_friends_page_is_in_swahili(amani, user, baraka):
    friends.follow(user, baraka)
    amani.cookies.load({"django_language": "sw"})
    page = amani.get("/accounts/friends/", HTTP_ACCEPT_LANGUAGE="sw").content.decode()
    assert 'lang="sw"' in page
    assert "Friends" not in page.split("<main", 1)[1]


def test_the_friends_page_costs_the_same_queries_for_two_friends_or_ten(amani, user, make_user):
    def queries_with(count):
        for n in range(count):
            person = make_user(f"rafiki{count}-{n}")
            friends.follow(user, person)
            friends.follow(person, user)
            table = create_table(person, f"Meza {count}-{n}", 3, "classic")
            presence.joined(table.pk, person.pk, timezone.now(), f"socket-{count}-{n}")
        with CaptureQueriesContext(connection) as queries:
            assert amani.get("/accounts/friends/").status_code == 200
        return len(queries)

    assert queries_with(2) == queries_with(8)


def test_the_leaderboard_offers_to_follow_the_players_not_followed_yet(amani, user, baraka, chebet):
    play_to_the_end(new_game(user, others=(baraka, chebet)))
    friends.follow(user, chebet)

    page = amani.get("/leaderboard/?provisional=on").content.decode()

    assert 'action="/accounts/u/baraka/follow/"' in page
    assert "/accounts/u/chebet/follow/" not in page  # followed already
    assert "/accounts/u/amani/follow/" not in page  # oneself
    assert "/follow/" not in Client().get("/leaderboard/?provisional=on").content.decode()  # a visitor


def test_following_from_the_leaderboard_comes_back_to_it(amani, baraka):
    response = amani.post("/accounts/u/baraka/follow/", {"next": "/leaderboard/?page=1"})

    assert response["Location"] == "/leaderboard/?page=1"
