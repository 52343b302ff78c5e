"""The public lobby lists the tables someone could join or watch with people (issue 44, point
6): a game of one person against bots (a guest's "Play bots now", running or finished) has no
seat to offer, so it is not listed; its player finds it in their history."""

import pytest
from django.urls import reverse

from games.models import Game
from games.pages.table import lobby_tables
from games.play import play_now
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat

pytestmark = pytest.mark.django_db


def listed():
    return [entry["table"].name for entry in lobby_tables()]


def test_a_guests_game_with_bots_is_not_listed_running_or_finished(client, make_user):
    guest = make_user("Guest-k3f9qz", is_guest=True)
    table = play_now.play_bots_now(guest, "random")
    assert listed() == []
    Game.objects.filter(table=table).update(status=Game.Status.FINISHED)
    assert listed() == []
    page = client.get(reverse("games:lobby")).text
    assert "Guest-k3f9qz" not in page and "No tables yet" in page


def test_one_persons_full_table_of_bots_is_not_listed_but_a_free_seat_or_two_are(user, baraka, make_user):
    alone = create_table(user, "Amani na bots", 2, "classic")
    add_bot(alone, "greedy")
    start_game(alone, user)
    open_seat = create_table(user, "Kiti wazi", 3, "classic")
    add_bot(open_seat, "greedy")  # one seat still free: someone may join
    two_people = create_table(baraka, "Wawili", 3, "classic")
    take_seat(two_people, make_user("chebet"))
    add_bot(two_people, "greedy")
    assert listed() == ["Wawili", "Kiti wazi"]
