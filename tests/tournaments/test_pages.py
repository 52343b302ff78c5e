"""The tournament pages (issue 46, points 4 and 7): the list's sections, a tournament's page
(standings in order with the fire mark, paginated past 50, the player's own rank on another
page, the games in progress with a watch link and nothing of their hands, the countdown,
the podium), private tournaments (the same 404 as a missing id; the invitation link opens
it), the entry's actions and a player's new tournament against hostile input (a clear
message, nothing changed), and the lobby's panel."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.page_states import a_tournament, entrant, tournament_game
from tournaments.models import Entry, Tournament, TournamentTable
from tournaments.pages import PAGE_SIZE

pytestmark = pytest.mark.django_db
Status = Tournament.Status


def page_of(client, tournament, **query):
    return client.get(reverse("tournaments:detail", args=[tournament.pk]), query)


def rows(response):
    """The standings' rows: (rank, name) in order."""
    html = response.content.decode()
    return re.findall(r'<tr data-player="\d+"[^>]*>\s*<td>(\d+)</td>\s*<td><a href="[^"]*">([^<]*)</a>', html)


def test_the_list_has_running_upcoming_and_finished_sections_of_public_tournaments(client, user):
    a_tournament("Asubuhi", Status.RUNNING)
    a_tournament("Jioni", Status.SCHEDULED)
    a_tournament("Jana", Status.FINISHED)
    a_tournament("Siri", Status.RUNNING, private=True)
    html = client.get(reverse("tournaments:list")).content.decode()
    running, upcoming, finished = (
        html.index(f'id="tournaments-{name}"') for name in ("running", "upcoming", "finished")
    )
    assert running < html.index("Asubuhi") < upcoming < html.index("Jioni") < finished < html.index("Jana")
    assert "Siri" not in html


def test_the_list_offers_a_join_to_a_player_not_in_the_tournament_yet(client, user):
    tournament = a_tournament("Asubuhi", Status.RUNNING)
    join = f'action="{reverse("tournaments:join", args=[tournament.pk])}"'
    client.force_login(user)
    assert join in client.get(reverse("tournaments:list")).content.decode()
    client.post(reverse("tournaments:join", args=[tournament.pk]))
    html = client.get(reverse("tournaments:list")).content.decode()
    assert join not in html and "you take part" in html


def test_the_header_links_to_the_tournaments(client):
    assert f'href="{reverse("tournaments:list")}"' in client.get(reverse("games:lobby")).content.decode()


def test_the_lobby_shows_the_running_and_next_tournaments_not_finished_or_private_ones(client):
    a_tournament("Asubuhi", Status.RUNNING)
    a_tournament("Jioni", Status.SCHEDULED)
    a_tournament("Jana", Status.FINISHED)
    a_tournament("Siri", Status.SCHEDULED, private=True)
    html = client.get(reverse("games:lobby")).content.decode()
    panel = html[html.index('id="lobby-tournaments"') :]
    assert "Asubuhi" in panel and "Jioni" in panel
    assert "Jana" not in panel and "Siri" not in html


def test_the_standings_rank_by_points_then_fewer_games_and_mark_a_streak_with_words(client, make_user):
    tournament = a_tournament(status=Status.RUNNING)
    entrant(tournament, make_user("amani"), points=12, games=3, streak=0)
    entrant(tournament, make_user("baraka"), points=24, games=2, streak=2)
    entrant(tournament, make_user("chebet"), points=12, games=2, streak=1)
    response = page_of(client, tournament)
    assert rows(response) == [("1", "baraka"), ("2", "chebet"), ("3", "amani")]
    html = response.content.decode()
    assert html.count('<span class="fire" aria-hidden="true">') == 1
    assert "on fire: 2 wins in a row" in html


def test_standings_are_paginated_by_50_and_the_player_sees_their_rank_on_page_two(client, make_user):
    tournament = a_tournament(status=Status.RUNNING)
    for number in range(60):
        entrant(tournament, make_user(f"player{number:02d}"), points=600 - number * 10, games=1)
    me = Entry.objects.get(tournament=tournament, user__username="player54")
    Entry.objects.filter(pk=me.pk).update(streak=3)
    client.force_login(me.user)

    first = page_of(client, tournament)
    assert len(rows(first)) == PAGE_SIZE and rows(first)[0] == ("1", "player00")
    assert "You are number 55, with 60 points from 1 game." in first.content.decode()
    assert "On fire: 3 wins in a row, points doubled." in first.content.decode()
    assert 'rel="next"' in first.content.decode()
    assert '<a href="?page=2">Show my place</a>' in first.content.decode()

    second = page_of(client, tournament, page=2)
    assert [rank for rank, _name in rows(second)] == [str(rank) for rank in range(51, 61)]
    mine = f'<tr data-player="{me.user_id}" class="leaderboard__you" aria-current="true">'
    assert mine in second.content.decode()
    assert "You are number 55" in second.content.decode() and "Show my place" not in second.content.decode()
    assert len(rows(page_of(client, tournament, page="nonsense"))) == PAGE_SIZE


def test_a_running_game_shows_its_players_and_a_watch_link_and_nothing_of_their_hands(client, make_user):
    tournament = a_tournament(status=Status.RUNNING)
    amani, baraka = make_user("amani"), make_user("baraka")
    for person in (amani, baraka):
        entrant(tournament, person)
    made = tournament_game(tournament, [amani, baraka])
    client.force_login(amani)
    html = page_of(client, tournament).content.decode()
    games = html[html.index('id="tournament-games"') :]
    assert "amani, baraka" in games
    assert reverse("games:join", args=[made.table_id, made.table.invite_token]) in games
    assert f'href="{reverse("games:table", args=[made.table_id])}"' in html  # "Go to your table"
    assert "data-card" not in html and str(made.game.seed) not in html and "draw_pile" not in html


def test_the_countdown_shows_the_start_then_the_next_pairing(client, make_user, settings):
    settings.TOURNAMENT_PAIRING_SECONDS = 10
    starts_at = timezone.now() + timedelta(minutes=4, seconds=5)
    tournament = a_tournament(status=Status.SCHEDULED, starts_at=starts_at, seats=2)
    html = page_of(client, tournament).content.decode()
    assert "Starts in" in html and re.search(r'data-countdown="next" data-seconds="24[45]">4:0[45]<', html)
    tournament.status = Status.RUNNING
    tournament.starts_at = timezone.now() - timedelta(minutes=1)
    tournament.save()
    for name in ("amani", "baraka"):
        entrant(tournament, make_user(name))
    html = page_of(client, tournament).content.decode()
    assert "Next tables in" in html and re.search(r'data-countdown="next" data-seconds="(9|10)"', html)
    assert re.search(r'data-countdown="end" data-seconds="\d+">59:\d\d<', html)


def test_a_finished_tournament_shows_its_podium(client, make_user):
    tournament = a_tournament(status=Status.FINISHED)
    for name, points in (("amani", 30), ("baraka", 50), ("chebet", 40), ("dede", 10)):
        entrant(tournament, make_user(name), points=points, games=4)
    html = page_of(client, tournament).content.decode()
    podium = html[html.index('id="podium-heading"') : html.index('id="standings-heading"')]
    assert [name for name in ("baraka", "chebet", "amani") if name in podium] == ["baraka", "chebet", "amani"]
    assert podium.index("baraka") < podium.index("chebet") < podium.index("amani") and "dede" not in podium
    assert "Join the tournament" not in html


def same_page(response, tournament_id):
    """A page's HTML without what differs on every page: its path and the masked CSRF token."""
    html = response.content.decode().replace(reverse("tournaments:detail", args=[tournament_id]), "")
    return re.sub(r'(X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+', "", html)


def test_a_private_tournament_is_the_same_404_as_a_missing_id_and_its_link_opens_it(client, make_user):
    owner, outsider = make_user("amani"), make_user("baraka")
    secret = a_tournament("Siri ya Amani", Status.RUNNING, private=True, created_by=owner)
    entrant(secret, owner)
    missing_id = secret.pk + 1000
    client.force_login(outsider)
    hidden, missing = page_of(client, secret), client.get(reverse("tournaments:detail", args=[missing_id]))
    assert hidden.status_code == missing.status_code == 404
    assert same_page(hidden, secret.pk) == same_page(missing, missing_id)
    assert page_of(client, secret, invite="wrong").status_code == 404
    for action in ("join", "pause", "withdraw", "pair"):
        assert client.post(reverse(f"tournaments:{action}", args=[secret.pk])).status_code == 404
    assert not Entry.objects.filter(user=outsider).exists()

    opened = page_of(client, secret, invite=secret.invite_token)
    assert opened.status_code == 200 and "Siri ya Amani" in opened.content.decode()
    assert f'name="invite" value="{secret.invite_token}"' in opened.content.decode()
    assert "Invitation link" not in opened.content.decode()  # shared by its entrants, not by a visitor
    response = client.post(reverse("tournaments:join", args=[secret.pk]), {"invite": secret.invite_token})
    assert response.status_code == 302 and Entry.objects.filter(tournament=secret, user=outsider).exists()
    assert "Invitation link" in page_of(client, secret).content.decode()  # now an entrant: no token needed


@pytest.mark.parametrize("tournament_id", [987654, 2**63, 10**30])
def test_guessed_ids_are_a_404_for_pages_and_actions(client, user, tournament_id):
    client.force_login(user)
    assert client.get(f"/tournaments/{tournament_id}/").status_code == 404
    for action in ("join", "pause", "resume", "withdraw", "pair"):
        assert client.post(f"/tournaments/{tournament_id}/{action}/").status_code == 404
    assert client.get("/tournaments/-1/").status_code == 404
    assert client.get("/tournaments/abc/").status_code == 404


def follow(client, tournament, action, **data):
    return client.post(reverse(f"tournaments:{action}", args=[tournament.pk]), data, follow=True)


def test_joining_twice_and_withdrawing_when_not_in_are_refused_with_a_message_and_change_nothing(
    client, user
):
    tournament = a_tournament(status=Status.RUNNING)
    client.force_login(user)
    withdrawn = follow(client, tournament, "withdraw")
    assert "You are not in this tournament." in withdrawn.content.decode()
    assert not Entry.objects.exists()
    assert "You are number 1," in follow(client, tournament, "join").content.decode()
    before = list(Entry.objects.values())
    seq = Tournament.objects.get(pk=tournament.pk).seq
    again = follow(client, tournament, "join")
    assert again.status_code == 200 and "You are in this tournament already." in again.content.decode()
    assert list(Entry.objects.values()) == before and Tournament.objects.get(pk=tournament.pk).seq == seq
    assert "You are taking part already." in follow(client, tournament, "resume").content.decode()


def test_pause_resume_and_withdraw_move_the_entry_and_a_finished_tournament_refuses(client, user):
    tournament = a_tournament(status=Status.RUNNING)
    client.force_login(user)
    follow(client, tournament, "join")
    assert "Come back" in follow(client, tournament, "pause").content.decode()
    assert Entry.objects.get(user=user).state == Entry.State.PAUSED
    follow(client, tournament, "resume")
    assert Entry.objects.get(user=user).state == Entry.State.IN
    html = follow(client, tournament, "withdraw").content.decode()
    assert "You have withdrawn" in html and Entry.objects.get(user=user).state == Entry.State.WITHDRAWN
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.FINISHED)
    assert "This tournament is over." in follow(client, tournament, "join").content.decode()
    assert Entry.objects.get(user=user).state == Entry.State.WITHDRAWN


def test_an_htmx_action_answers_with_the_live_part_and_its_refusal(client, user):
    tournament = a_tournament(status=Status.RUNNING)
    client.force_login(user)
    url = reverse("tournaments:join", args=[tournament.pk])
    joined = client.post(url, headers={"HX-Request": "true"})
    assert joined.status_code == 200 and 'id="tournament-standings"' in joined.content.decode()
    assert "<html" not in joined.content.decode()
    again = client.post(url, headers={"HX-Request": "true"})
    assert 'role="alert">You are in this tournament already.' in again.content.decode()


def test_actions_are_posts_for_logged_in_players_and_guests_are_told_to_sign_up(client, make_user):
    tournament = a_tournament(status=Status.RUNNING)
    url = reverse("tournaments:join", args=[tournament.pk])
    assert client.post(url).url.startswith(reverse("login"))
    client.force_login(make_user("Guest-abc", is_guest=True))
    assert client.get(url).status_code == 405
    assert "Sign up to play in tournaments." in client.post(url, follow=True).content.decode()
    assert not Entry.objects.exists()


GOOD = {
    "name": "Usiku",
    "preset": "classic",
    "seats": "4",
    "turn_timer_seconds": "30",
    "starts_in": "15",
    "minutes": "60",
    "rated": "on",
}


def test_a_player_makes_a_private_tournament_and_its_page_shows_the_link_to_share(client, user):
    client.force_login(user)
    assert client.get(reverse("tournaments:new")).status_code == 200
    response = client.post(reverse("tournaments:new"), GOOD)
    tournament = Tournament.objects.get()
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert tournament.private and tournament.created_by == user and tournament.name == "Usiku"
    assert timedelta(minutes=14) < tournament.starts_at - timezone.now() <= timedelta(minutes=15)
    html = client.get(response.url).content.decode()
    assert "Your tournament is ready: share its invitation link." in html
    assert f"?invite={tournament.invite_token}" in html
    assert "You are number 1" in html
    assert "Usiku" not in client.get(reverse("tournaments:list")).content.decode()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": "   "}, "This field is required."),
        ({"name": "x" * 81}, "Ensure this value has at most 80 characters"),
        ({"name": "a\u202eb"}, "That name holds characters that would turn the text around it."),
        ({"seats": "9"}, "Select a valid choice."),
        ({"seats": "many"}, "Select a valid choice."),
        ({"turn_timer_seconds": "45"}, "Select a valid choice."),
        ({"starts_in": "-60"}, "Select a valid choice."),
        ({"minutes": "1"}, "Select a valid choice."),
        ({"preset": "poker"}, "Select a valid choice."),
    ],
)
def test_bad_new_tournament_forms_are_refused_with_a_message_and_make_nothing(client, user, changes, message):
    client.force_login(user)
    response = client.post(reverse("tournaments:new"), {**GOOD, **changes})
    assert response.status_code == 400 and message in response.content.decode()
    assert not Tournament.objects.exists()


def test_new_tournaments_are_rate_limited_and_guests_are_refused(client, user, make_user, settings):
    settings.TOURNAMENTS_PER_DAY = 1
    client.force_login(user)
    client.post(reverse("tournaments:new"), GOOD)
    refused = client.post(reverse("tournaments:new"), GOOD)
    assert refused.status_code == 429
    assert (
        "You have made 1 tournament in the last day: wait before making another." in refused.content.decode()
    )
    assert Tournament.objects.count() == 1
    client.force_login(make_user("Guest-abc", is_guest=True))
    guest = client.post(reverse("tournaments:new"), GOOD)
    assert guest.status_code == 400 and "Sign up to make a tournament." in guest.content.decode()
    assert Tournament.objects.count() == 1


def test_the_countdowns_pairing_call_makes_the_due_tables(client, make_user, settings):
    settings.TOURNAMENT_PAIRING_SECONDS = 0
    tournament = a_tournament(status=Status.RUNNING, seats=2)
    for name in ("amani", "baraka"):
        entrant(tournament, make_user(name))
    Entry.objects.update(waiting_since=timezone.now() - timedelta(minutes=1))
    response = client.post(reverse("tournaments:pair", args=[tournament.pk]))
    assert response.status_code == 204
    assert TournamentTable.objects.filter(tournament=tournament).count() == 1
    assert client.get(reverse("tournaments:pair", args=[tournament.pk])).status_code == 405
