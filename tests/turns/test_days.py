"""A turn-based game played across days (the deadlines passed by giving ``expire_due_turns``
its ``now``, never by sleeping): a spectator follows it, and once over, its history page,
replay and ratings are those of any game."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.models import Move as MoveRow
from games.play.deadlines import expire_due_turns
from games.play.moves import submit_move
from tests.conftest import PASSWORD
from tests.play.helpers import good_move
from tests.turns.helpers import DAY, past_deadline, reload, turn_game

pytestmark = pytest.mark.django_db


def test_a_game_over_many_days_reads_like_any_other(user, baraka):
    game = turn_game(user, baraka, move_seconds=DAY)
    timed_out = set()
    spectator = Client()
    for move_number in range(400):
        game = reload(game)
        if not game.is_running:
            break
        if move_number in (3, 8):  # a day goes by without an answer: the server moves
            deadline = game.move_deadline
            assert expire_due_turns(deadline - timedelta(minutes=1)) == 0
            assert expire_due_turns(past_deadline(game)) == 1
            timed_out.add(game.turn)
            assert reload(game).move_deadline >= deadline + timedelta(seconds=DAY)  # the next day's
            continue
        mover = game.players.get(seat=game.turn).user
        submit_move(game.pk, mover, good_move(game))
        if move_number == 5:
            page = spectator.get(reverse("games:table", args=(game.table_id,)))
            assert page.status_code == 200 and 'id="hand"' not in page.text
    game = reload(game)
    assert game.status == Game.Status.FINISHED and game.move_deadline is None
    assert game.moves.filter(actor=MoveRow.Actor.TIMER).count() == 2
    assert {p.timeouts for p in game.players.all()} <= {0, 1, 2} and timed_out
    assert game.rating_changes.count() == 2  # rated: two people finished it
    client = Client()
    client.login(username="amani", password=PASSWORD)
    for name in ("history:game", "history:replay"):
        page = client.get(reverse(name, args=(game.pk,)))
        assert page.status_code == 200, name
    assert client.get(reverse("history:mine")).status_code == 200
