"""The "Your turn" page (/waiting/) and the header's count: the games waiting for the
reader's move, most urgent first, with the time left in words (English and Swahili), a
link straight to the hand; the count in one query, none for a visitor."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from games.pages.waiting import time_left_words, waiting_count, waiting_games
from games.play.moves import submit_move
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.conftest import PASSWORD
from tests.turns.helpers import reload, turn_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(user, baraka, chebet):
    """amani's turn in a 1-day game, a 1-hour game, a real-time game; baraka's in a 3-day one."""
    day = turn_game(user, baraka, move_seconds=86400, name="Day")
    hour = turn_game(user, chebet, move_seconds=3600, name="Hour")
    live = create_table(user, "Live", 2, "friendly")
    take_seat(live, baraka)
    live_game = start_game(live, user)
    theirs = turn_game(user, baraka, move_seconds=259200, name="Theirs")
    submit_move(theirs.pk, user, "draw")  # now baraka's turn
    return day, hour, live_game, theirs


def test_the_waiting_games_come_most_urgent_first_with_their_time_left(user, four):
    day, hour, live, _theirs = four
    now = timezone.now()
    with CaptureQueriesContext(connection) as queries:
        waiting = waiting_games(user, now)
    assert len(queries) == 2
    assert [w.table_name for w in waiting] == ["Live", "Hour", "Day"]
    assert [w.opponents for w in waiting] == [["baraka"], ["chebet"], ["baraka"]]
    assert [w.url for w in waiting] == [f"/t/{g.table_id}/#hand" for g in (live, hour, day)]
    assert [w.time_left for w in waiting] == [
        "real-time: being played now",
        "59 minutes left",
        "23 hours left",
    ]


def test_the_count_is_one_query_and_none_for_a_visitor(user, baraka, four):
    from django.contrib.auth.models import AnonymousUser

    with CaptureQueriesContext(connection) as queries:
        assert waiting_count(user) == 3
    assert len(queries) == 1
    assert waiting_count(baraka) == 1
    with CaptureQueriesContext(connection) as queries:
        assert waiting_count(AnonymousUser()) == 0
    assert len(queries) == 0


@pytest.mark.parametrize(
    "left, en, sw",
    [
        (timedelta(seconds=-5), "time is up", "muda umekwisha"),
        (timedelta(seconds=1), "1 second left", "imebaki sekunde 1"),
        (timedelta(minutes=5, seconds=3), "5 minutes left", "zimebaki dakika 5"),
        (timedelta(hours=3, minutes=59), "3 hours left", "zimebaki saa 3"),
        (timedelta(hours=47), "47 hours left", "zimebaki saa 47"),
        (timedelta(days=2, hours=5), "2 days left", "zimebaki siku 2"),
        (timedelta(days=1, hours=1), "25 hours left", "zimebaki saa 25"),
    ],
)
def test_time_left_in_words_in_both_languages(left, en, sw):
    assert time_left_words(left) == en
    with translation.override("sw"):
        assert time_left_words(left) == sw


def test_the_page_and_the_header_list_them(client, user, four):
    client.login(username="amani", password=PASSWORD)
    page = client.get(reverse("games:waiting")).content.decode()
    assert page.index("Live") < page.index("Hour") < page.index("Day") and "Theirs" not in page
    assert f'href="/t/{four[1].table_id}/#hand"' in page
    assert "Your turn (3)" in client.get(reverse("games:lobby")).content.decode()
    client.cookies["django_language"] = "sw"
    page = client.get(reverse("games:waiting")).content.decode()
    assert "Zamu yako (3)" in page and "zimebaki saa 23" in page


def test_the_page_asks_a_visitor_to_log_in_and_says_when_nothing_waits(client, baraka):
    assert client.get(reverse("games:waiting")).status_code == 302
    client.login(username="baraka", password=PASSWORD)
    page = client.get(reverse("games:waiting")).content.decode()
    assert "No game is waiting for your move." in page and "Your turn (0)" in page


def test_a_game_leaves_the_list_once_moved(client, user, baraka):
    game = turn_game(user, baraka)
    assert waiting_count(user) == 1
    submit_move(game.pk, user, "draw")
    assert waiting_count(user) == 0 and waiting_count(baraka) == 1
    assert reload(game).turn == 1


def test_the_table_page_shows_a_turn_based_games_time_left_in_words(client, user, baraka):
    game = turn_game(user, baraka)
    client.login(username="amani", password=PASSWORD)
    page = client.get(reverse("games:table", args=(game.table_id,))).content.decode()
    assert "23 hours left" in page and "data-move-deadline" in page and 'id="hand"' in page
    assert "data-turn-clock" not in page
