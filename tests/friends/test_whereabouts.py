"""Where the people one follows are (games.whereabouts): online by their open sockets'
presence rows, the table of their running game first, else a table they have open."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import presence
from games.play.moves import resign
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from games.whereabouts import Whereabouts, whereabouts

pytestmark = pytest.mark.django_db


def test_someone_with_no_page_open_and_no_game_is_offline_and_nowhere(user, baraka):
    assert whereabouts(user, [baraka.pk]) == {baraka.pk: Whereabouts(online=False)}


def test_a_table_page_open_makes_them_online_there_with_a_seat_free(user, baraka, table):
    presence.joined(table.pk, baraka.pk, timezone.now(), "socket-1")

    found = whereabouts(user, [baraka.pk])[baraka.pk]

    assert found == Whereabouts(online=True, table=table, playing=False, seat_free=True)


def test_a_running_game_is_where_they_play_even_with_their_page_closed(user, baraka, chebet, make_user):
    table = create_table(baraka, "Mbili", 2, "classic")
    take_seat(table, chebet)
    start_game(table, baraka)
    elsewhere = create_table(user, "Kwingine", 3, "classic")
    now = timezone.now()
    presence.joined(elsewhere.pk, baraka.pk, now, "socket-1")  # watching another table meanwhile
    presence.joined(table.pk, chebet.pk, now, "socket-2")
    presence.left(table.pk, chebet.pk, now, "socket-2")

    found = whereabouts(user, [baraka.pk, chebet.pk])

    assert found[baraka.pk] == Whereabouts(online=True, table=table, playing=True, seat_free=False)
    assert found[chebet.pk] == Whereabouts(online=False, table=table, playing=True, seat_free=False)


def test_a_finished_game_is_no_longer_played(user, baraka, game):
    resign(game, baraka)

    assert whereabouts(user, [baraka.pk])[baraka.pk] == Whereabouts(online=False)


def test_a_socket_whose_server_died_does_not_count(user, baraka, table, settings):
    settings.PRESENCE_TIMEOUT_SECONDS = 12
    presence.joined(table.pk, baraka.pk, timezone.now() - timedelta(seconds=13), "socket-1")

    assert whereabouts(user, [baraka.pk])[baraka.pk] == Whereabouts(online=False)


def test_many_people_are_found_in_three_queries(user, make_user, django_assert_num_queries):
    people = [make_user(f"player{n}") for n in range(8)]
    now = timezone.now()
    for n, person in enumerate(people):
        table = create_table(person, f"Meza {n}", 2, "classic")
        if n % 2:
            presence.joined(table.pk, person.pk, now, f"socket-{n}")
        else:
            take_seat(table, make_user(f"other{n}"))
            start_game(table, person)

    with django_assert_num_queries(3):
        found = whereabouts(user, [person.pk for person in people])

    assert [where.playing for where in found.values()] == [True, False] * 4
    assert all(where.table is not None for where in found.values())
