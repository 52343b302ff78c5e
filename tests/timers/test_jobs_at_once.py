"""Each job is safe run twice at once (a task delivered again while a slow first copy still
runs, two clusters' runs overlapping): the writes take row locks and look again under them.
Two threads, each its own database connection, run the same job over the same due rows."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games import presence
from games.models import Challenge, Game, Table
from games.play import abandon, challenges, guest_cleanup, play_now
from games.play.challenges import Terms
from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from tests.timers.helpers import twice_at_once

pytestmark = pytest.mark.django_db(transaction=True)
ROWS = 12


def test_two_expiry_runs_at_once_expire_each_challenge_once(make_user):
    players = [make_user(f"p{n}") for n in range(ROWS + 1)]
    # a chain: nobody has too many waiting
    for challenger, challenged in zip(players[:-1], players[1:], strict=True):
        challenges.create(challenger, challenged, Terms("classic"))
    Challenge.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert sum(twice_at_once(challenges.expire_due)) == ROWS
    assert set(Challenge.objects.values_list("status", flat=True)) == {Challenge.Status.EXPIRED}


def test_two_guest_clean_ups_at_once_remove_each_guest_once(make_user):
    past = timezone.now() - timedelta(seconds=1)
    for n in range(ROWS):
        make_user(f"guest{n}", is_guest=True, guest_expires=past)
    assert sum(twice_at_once(guest_cleanup.prune_guests)) == ROWS
    assert not User.objects.filter(is_guest=True).exists()


def test_two_abandonment_sweeps_at_once_end_each_game_once(make_user):
    for n in range(ROWS):
        person = make_user(f"alone{n}")
        table = create_table(person, "Kimya", 2, "friendly")
        add_bot(table, "greedy")
        start_game(table, person)
    Game.objects.update(updated_at=timezone.now() - timedelta(hours=1))
    assert sum(twice_at_once(abandon.abandon_stale_games)) == ROWS
    assert set(Game.objects.values_list("status", flat=True)) == {Game.Status.ABANDONED}


def test_two_quick_game_fills_at_once_start_each_game_once(make_user):
    for n in range(ROWS):
        person = make_user(f"quick{n}", play_now_level="random")
        table = play_now.quick_game(person)
        presence.joined(table.pk, person.pk, timezone.now(), f"page-{n}")  # the page is open
    Table.objects.update(bots_fill_at=timezone.now() - timedelta(seconds=1))
    waiting = Table.objects.filter(bots_fill_at__isnull=False).count()  # four players a table
    assert waiting == ROWS // play_now.QUICK_GAME_SEATS
    assert sum(twice_at_once(play_now.fill_due_tables)) == waiting
    assert Game.objects.count() == waiting and not Table.objects.filter(bots_fill_at__isnull=False).exists()
