"""'Quick game' (games.play.play_now.quick_game): a seat at the first waiting quick game of the
player's rules, or a new table that fills with bots once QUICK_GAME_WAIT_SECONDS are over
(by a server's heartbeat, or by the page's timer: a POST); only such tables, which start
within that wait on their own."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Table
from games.play import play_now
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def chains_player(user):
    user.preferred_preset = "chains"
    user.play_now_level = "random"
    user.save()
    return user


def test_quick_game_seats_the_player_at_the_quick_game_that_starts_soonest_of_their_rules(
    client, chains_player, baraka, chebet, make_user
):
    later = _waiting(make_user("dawa"), 20)
    sooner = _waiting(make_user("eli"), 10)
    full = _waiting(make_user("fumo"), 5)
    for _seat in range(3):
        add_bot(full, "random")
    classic = _waiting(baraka, 5, "classic")
    hidden = _waiting(chebet, 5)
    Table.objects.filter(pk=hidden.pk).update(in_lobby=False)
    client.force_login(chains_player)

    response = client.post(reverse("games:quick_game"))

    assert response.url == reverse("games:table", args=[sooner.pk])
    assert sooner.seats.filter(user=chains_player).exists()
    assert Table.objects.filter(seats__user=chains_player).count() == 1
    assert later.seats.count() == classic.seats.count() == 1


def test_a_table_whose_owner_must_press_start_is_never_a_quick_game(client, chains_player, baraka):
    """Issue 44: a demo table waiting for its absent owner kept a quick game's player more
    than a minute; only tables that start on their own within the wait qualify."""
    demo = create_table(baraka, "Demo", 4, "chains")
    client.force_login(chains_player)

    response = client.post(reverse("games:quick_game"))

    table = Table.objects.get(seats__user=chains_player)
    assert table != demo and table.bots_fill_at is not None
    assert response.url == reverse("games:table", args=[table.pk])
    assert demo.seats.count() == 1


def _waiting(owner, seconds, preset="chains"):
    """A quick game's table of ``owner`` that fills with bots in ``seconds``."""
    table = create_table(owner, f"Quick game: {owner.username}", 4, preset)
    table.bots_fill_at = timezone.now() + timedelta(seconds=seconds)
    table.save()
    return table


def test_with_no_open_table_a_new_one_waits_and_the_page_counts_down(client, chains_player, settings):
    settings.QUICK_GAME_WAIT_SECONDS = 30
    client.force_login(chains_player)

    response = client.post(reverse("games:quick_game"))

    table = Table.objects.get()
    assert table.preset == "chains" and table.seats.get().user == chains_player
    assert timedelta(seconds=29) < table.bots_fill_at - timezone.now() <= timedelta(seconds=30)
    page = client.get(response.url).text
    assert "data-bots-fill" in page and 'role="timer"' in page and "Start with bots now" in page
    assert client.post(reverse("games:quick_game")).url == response.url  # a second tap: the same table


def test_the_pages_timer_fills_the_free_seats_with_the_players_bots_and_starts(client, chains_player):
    table = play_now.quick_game(chains_player)
    client.force_login(chains_player)

    client.post(reverse("games:fill_with_bots", args=[table.pk]))

    seats = list(table.seats.select_related("user").order_by("position"))
    assert [seat.user.bot_level for seat in seats] == ["", "random", "random", "random"]
    assert Game.objects.get(table=table).is_running
    table.refresh_from_db()
    assert table.bots_fill_at is None


def test_someone_not_seated_cannot_fill_a_table(client, chains_player, baraka):
    table = play_now.quick_game(chains_player)
    client.force_login(baraka)

    response = client.post(reverse("games:fill_with_bots", args=[table.pk]), follow=True)

    assert "Take a seat at this table first." in response.text
    assert not Game.objects.exists() and table.seats.count() == 1


def test_a_second_person_joins_the_waiting_table_and_bots_take_only_the_seats_left(
    client, chains_player, baraka
):
    table = play_now.quick_game(chains_player)
    baraka.preferred_preset = "chains"
    baraka.save()
    assert play_now.quick_game(baraka) == table
    client.force_login(baraka)

    client.post(reverse("games:fill_with_bots", args=[table.pk]))

    bot_levels = [seat.user.bot_level for seat in table.seats.select_related("user").order_by("position")]
    assert bot_levels == ["", "", "random", "random"]  # the first seated player's level


def test_without_anyone_at_the_table_the_heartbeats_fill_waits_then_gives_up(chains_player, settings):
    settings.QUICK_GAME_WAIT_SECONDS = 30
    table = play_now.quick_game(chains_player)  # and the player closed the page: no presence
    due = table.bots_fill_at

    assert play_now.fill_due_tables(due - timedelta(seconds=1)) == 0
    assert play_now.fill_due_tables(due + timedelta(seconds=1)) == 0  # nobody there: waits
    table.refresh_from_db()
    assert table.bots_fill_at == due
    assert play_now.fill_due_tables(due + timedelta(seconds=31)) == 0  # another wait: gives up
    table.refresh_from_db()
    assert table.bots_fill_at is None and not Game.objects.exists() and table.seats.count() == 1


def test_a_table_started_by_hand_meanwhile_is_not_filled(client, chains_player, baraka):
    table = play_now.quick_game(chains_player)
    take_seat(table, baraka)
    start_game(table, chains_player)
    client.force_login(chains_player)

    client.post(reverse("games:fill_with_bots", args=[table.pk]))

    assert table.seats.count() == 2 and Game.objects.count() == 1
