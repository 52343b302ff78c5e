"""Making a turn-based table on the site: the lobby's form, the challenge form and the
admin (whose house rules keep working); bad input gets a sentence and makes nothing."""

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Challenge, Table
from games.play import challenges
from games.play.tables import create_table
from tests.conftest import PASSWORD
from tests.games.test_admin import change_url, form_data

pytestmark = pytest.mark.django_db
NEW_TABLE = {"name": "Polepole", "seat_count": "2", "preset": "classic"}


@pytest.fixture
def player(client, user):
    client.login(username="amani", password=PASSWORD)
    return client


def test_the_lobby_form_offers_the_pace_and_makes_a_turn_based_table(player):
    page = player.get(reverse("games:lobby")).content.decode()
    assert 'name="pace"' in page and "1 day a move" in page
    answer = player.post(
        reverse("games:create_table"), {**NEW_TABLE, "pace": "turn", "move_seconds": "86400"}
    )
    table = Table.objects.get()
    assert answer.status_code == 302 and (table.pace, table.move_seconds) == ("turn", 86400)


@pytest.mark.parametrize(
    "fields, sentence",
    [
        ({"pace": "turn"}, "A turn-based table needs a time per move"),
        ({"pace": "turn", "move_seconds": "86400", "turn_timer_seconds": "30"}, "no turn clock in seconds"),
        ({"pace": "live", "move_seconds": "3600"}, "Only a turn-based table has a time per move"),
        ({"pace": "fast"}, "Select a valid choice"),
        ({"pace": "turn", "move_seconds": "60"}, "Select a valid choice"),
    ],
)
def test_the_lobby_form_refuses_a_bad_pace_with_a_sentence(player, fields, sentence):
    answer = player.post(reverse("games:create_table"), {**NEW_TABLE, **fields})
    assert answer.status_code == 400 and sentence in answer.content.decode()
    assert not Table.objects.exists()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pace=st.text(max_size=8), move_seconds=st.text(max_size=8))
def test_any_posted_pace_is_answered_without_a_500(user, pace, move_seconds):
    client = Client()
    client.force_login(user)
    before = Table.objects.count()
    answer = client.post(
        reverse("games:create_table"), {**NEW_TABLE, "pace": pace, "move_seconds": move_seconds}
    )
    assert answer.status_code in (302, 400)
    if answer.status_code == 400:
        assert Table.objects.count() == before


def test_the_challenge_form_sends_a_turn_based_challenge(player, baraka):
    url = reverse("games:new_challenge", args=("baraka",))
    assert 'name="move_seconds"' in player.get(url).content.decode()
    answer = player.post(
        url, {"preset": "classic", "pace": "turn", "move_seconds": "43200", "house_rules": ""}
    )
    assert answer.status_code == 302 and Challenge.objects.get().move_seconds == 43200
    refused = player.post(url, {"preset": "classic", "pace": "turn"})
    assert refused.status_code == 400 and "needs a time per move" in refused.content.decode()


@pytest.fixture
def admin_client(client, make_user):
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    return client


def test_the_admin_sets_the_pace_and_refuses_nonsense_beside_the_house_rules(admin_client, user):
    table = create_table(user, "Kibanda", 3, "friendly")
    page = admin_client.get(change_url(table))
    refused = admin_client.post(change_url(table), form_data(page, pace="turn", rule_hand_size="5"))
    assert refused.status_code == 200 and "A turn-based table needs a time per move" in refused.text
    table.refresh_from_db()
    assert (table.pace, table.rule_overrides) == ("live", {})
    saved = admin_client.post(
        change_url(table), form_data(page, pace="turn", move_seconds="259200", rule_hand_size="5")
    )
    assert saved.status_code == 302
    table.refresh_from_db()
    assert (table.pace, table.move_seconds, table.rule_overrides) == ("turn", 259200, {"hand_size": 5})


def test_the_challenges_page_says_a_turn_based_challenges_time_per_move(player, user, baraka):
    challenges.create(user, baraka, challenges.Terms("classic", pace="turn", move_seconds=86400))
    assert "turn clock: 1 day a move" in player.get(reverse("games:challenges")).content.decode()


def test_the_lobby_and_the_rules_page_say_what_a_turn_based_table_is(client, user):
    create_table(user, "Polepole", 2, "classic", pace="turn", move_seconds=43200)
    assert "Turn-based, 12 hours a move" in client.get(reverse("games:lobby")).content.decode()
    rules = client.get(reverse("games:rules")).content.decode()
    assert "Turn-based tables" in rules and "third timeout in a game the server resigns" in rules
    client.cookies["django_language"] = "sw"
    assert "Zamu kwa zamu, saa 12 kwa hatua" in client.get(reverse("games:lobby")).content.decode()
    assert "Meza za zamu kwa zamu" in client.get(reverse("games:rules")).content.decode()
