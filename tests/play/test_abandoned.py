"""Games nobody plays any more end as abandoned: unrated, shown so in the history."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games import presence
from games.models import Game
from games.play.abandon import abandon_stale_games
from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from history.models import RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def quiet_game(user, settings):
    settings.ABANDON_AFTER_SECONDS = 600
    table = create_table(user, "Kimya", 2, "friendly")
    add_bot(table, "greedy")
    game = start_game(table, user)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=601))
    return game


def test_a_game_left_alone_is_abandoned_and_not_rated(quiet_game, client, user):
    assert abandon_stale_games() == 1
    game = Game.objects.get(pk=quiet_game.pk)
    assert game.status == Game.Status.ABANDONED and game.finished_at is not None and game.turn is None
    assert not RatingChange.objects.filter(game=game).exists()
    assert abandon_stale_games() == 0
    client.force_login(user)
    history = client.get(reverse("history:mine")).text
    assert "abandoned" in history and reverse("history:game", args=[game.pk]) in history
    table_page = client.get(reverse("games:table", args=[game.table_id])).text
    assert "This game was abandoned" in table_page


def test_a_game_someone_has_open_or_that_moved_lately_goes_on(quiet_game, user, settings):
    presence.joined(quiet_game.table_id, user.pk, timezone.now(), "amani-tab")
    assert abandon_stale_games() == 0
    presence.left(quiet_game.table_id, user.pk, timezone.now(), "amani-tab")
    settings.ABANDON_AFTER_SECONDS = 3600
    assert abandon_stale_games() == 0
    assert Game.objects.get(pk=quiet_game.pk).status == Game.Status.RUNNING


def test_the_command_abandons_them_and_the_lobby_only_reads(quiet_game, client):
    client.get(reverse("games:lobby"))
    assert Game.objects.get(pk=quiet_game.pk).status == Game.Status.RUNNING
    out = StringIO()
    call_command("abandon_games", stdout=out)
    assert "Games abandoned: 1" in out.getvalue()
    assert Game.objects.get(pk=quiet_game.pk).status == Game.Status.ABANDONED
