"""The invitation link: the page and its "Take a seat" button, the log-in and sign-up round
trips back to the seat, a full table, revoking and renewing, the limit per address, a
blocked player."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from accounts import friends
from games.models import Seat, Table
from games.play.tables import take_seat
from tests.conftest import PASSWORD
from tests.invites.conftest import link

pytestmark = pytest.mark.django_db
GONE = "This invitation link no longer works; ask for a new one."


def seated(table, user):
    return Seat.objects.filter(table=table, user=user).exists()


def test_the_link_seats_a_logged_in_visitor_with_one_tap(client, private_table, baraka):
    client.force_login(baraka)
    page = client.get(link(private_table))
    assert page.status_code == 200
    assert "Take a seat" in page.text and "Invitation to “Nyumbani”" in page.text
    assert not seated(private_table, baraka)  # the page alone seats nobody
    answer = client.post(link(private_table), {"action": "seat"})
    assert answer.status_code == 302 and answer.url == reverse("games:table", args=[private_table.pk])
    assert seated(private_table, baraka)
    assert "You took a seat at “Nyumbani”." in client.get(answer.url).text


def test_a_visitor_logs_in_and_comes_back_to_the_seat(client, private_table, baraka):
    page = client.get(link(private_table))
    login = f"{reverse('login')}?next={link(private_table)}"
    assert "Take a seat" not in page.text and login in page.text
    assert client.post(link(private_table), {"action": "seat"}).url.startswith(reverse("login"))
    log_in = {"username": "baraka", "password": PASSWORD, "next": link(private_table)}
    answer = client.post(reverse("login"), log_in)
    assert answer.url == link(private_table)
    client.post(answer.url, {"action": "seat"})
    assert seated(private_table, baraka)


def test_a_newcomer_signs_up_and_comes_back_to_the_seat(client, private_table, django_user_model):
    signup = client.get(f"{reverse('signup')}?next={link(private_table)}")
    assert f'name="next" value="{link(private_table)}"' in signup.text
    form = {"username": "zawadi", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    answer = client.post(reverse("signup"), {**form, "next": link(private_table)})
    assert answer.status_code == 302 and answer.url == link(private_table)
    client.post(answer.url, {"action": "seat"})
    assert seated(private_table, django_user_model.objects.get(username="zawadi"))


def test_signup_goes_nowhere_outside_the_site(client):
    form = {"username": "zawadi", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    answer = client.post(reverse("signup"), {**form, "next": "https://evil.example/"})
    assert answer.status_code == 302 and "evil" not in answer.url


def test_the_owner_revokes_and_renews_the_link(client, private_table, user, baraka, make_user):
    old = link(private_table)
    client.force_login(baraka)
    client.post(reverse("games:revoke_invite", args=[private_table.pk]))  # not his table: 404 for him
    assert Table.objects.get(pk=private_table.pk).invite_token == private_table.invite_token

    client.force_login(user)
    page = client.get(reverse("games:table", args=[private_table.pk]))
    assert "Copy link" in page.text and old in page.text
    client.post(reverse("games:revoke_invite", args=[private_table.pk]))
    table = Table.objects.get(pk=private_table.pk)
    assert table.invite_token == ""
    assert "The invitation link is revoked." in client.get(reverse("games:table", args=[table.pk])).text

    client.force_login(baraka)
    refused = client.get(old)
    assert refused.status_code == 404 and GONE in refused.text
    assert client.post(old, {"action": "seat"}).status_code == 404 and not seated(table, baraka)

    client.force_login(make_user("dawa", is_staff=True))  # the staff may renew it too
    client.post(reverse("games:renew_invite", args=[table.pk]))
    table.refresh_from_db()
    assert len(table.invite_token) >= 22  # 128 bits and more, URL-safe
    client.force_login(baraka)
    assert client.get(old).status_code == 404
    client.post(link(table), {"action": "seat"})
    assert seated(table, baraka)


def test_a_seated_player_sees_the_link_but_cannot_revoke_it(client, private_table, baraka):
    take_seat(private_table, baraka, invited=True)
    client.force_login(baraka)
    page = client.get(reverse("games:table", args=[private_table.pk]))
    assert link(private_table) in page.text and "Revoke link" not in page.text
    answer = client.post(reverse("games:revoke_invite", args=[private_table.pk]), follow=True)
    assert "owner can change its invitation link." in answer.text
    assert Table.objects.get(pk=private_table.pk).invite_token == private_table.invite_token


def test_a_full_table_lets_the_visitor_watch(client, private_table, baraka, chebet, make_user):
    take_seat(private_table, baraka, invited=True)
    take_seat(private_table, chebet, invited=True)
    otieno = make_user("otieno")
    client.force_login(otieno)
    assert "The table is full: you may watch its game." in client.get(link(private_table)).text
    answer = client.post(link(private_table), {"action": "seat"}, follow=True)
    assert "The table is full: you are watching its game." in answer.text
    assert answer.redirect_chain[-1][0] == reverse("games:table", args=[private_table.pk])
    assert not seated(private_table, otieno)


def test_a_full_players_only_table_says_so(client, private_table, baraka, chebet, make_user):
    Table.objects.filter(pk=private_table.pk).update(spectators=Table.Spectators.PLAYERS)
    take_seat(private_table, baraka, invited=True)
    take_seat(private_table, chebet, invited=True)
    client.force_login(make_user("otieno"))
    page = client.get(link(private_table))
    assert "The table is full, and only its players may watch." in page.text and "Watch" not in page.text
    answer = client.post(link(private_table), {"action": "seat"})
    assert answer.status_code == 409 and "only its players may watch" in answer.text
    assert client.post(link(private_table), {"action": "watch"}).status_code == 403
    assert client.get(reverse("games:table", args=[private_table.pk])).status_code == 404


def test_a_blocked_player_is_refused_a_seat_through_the_link(client, private_table, user, baraka):
    friends.block(user, baraka)
    client.force_login(baraka)
    answer = client.post(link(private_table), {"action": "seat"})
    assert answer.status_code == 409 and "notice-error" in answer.text
    assert not seated(private_table, baraka)
    assert client.get(reverse("games:table", args=[private_table.pk])).status_code == 404  # no grant kept


def test_opening_links_is_limited_per_address(client, private_table, settings):
    settings.INVITE_OPENINGS_PER_WINDOW = 3
    cache.clear()
    wrong = reverse("games:join", args=[private_table.pk, "x" * 32])
    assert [client.get(wrong).status_code for _ in range(3)] == [404] * 3
    refused = client.get(link(private_table))  # even the right token, once over the limit
    assert refused.status_code == 429 and "Too many invitation links" in refused.text
    assert client.post(link(private_table), {"action": "watch"}).status_code == 429
    assert client.get(link(private_table), REMOTE_ADDR="10.0.0.9").status_code == 200  # another address
    cache.clear()


def test_the_token_is_long_and_each_table_has_its_own(private_table, user):
    from games.play.tables import create_table

    other = create_table(user, "Another", 2, "friendly", private=True)
    assert len(private_table.invite_token) >= 22 and private_table.invite_token != other.invite_token


def test_the_invitation_pages_speak_swahili(client, private_table, user, baraka):
    swahili = {"HTTP_ACCEPT_LANGUAGE": "sw-KE,sw;q=0.9"}
    client.force_login(baraka)
    page = client.get(link(private_table), **swahili)
    assert "Kaa kitini" in page.text and "Mwaliko kwenye “Nyumbani”" in page.text
    gone = client.get(reverse("games:join", args=[private_table.pk, "nope"]), **swahili)
    assert gone.status_code == 404 and "Kiungo hiki cha mwaliko hakifanyi kazi tena; omba kipya." in gone.text
    client.force_login(user)
    table = client.get(reverse("games:table", args=[private_table.pk]), **swahili)
    assert "Nakili kiungo" in table.text and "Futa kiungo" in table.text
