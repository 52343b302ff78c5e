"""A misplay (a play the engine takes under ``misplay: penalty``, the cards staying in hand)
shows as one, with the cards drawn for it, in the table's move log, the replay and an
imported copy (issue 10, item 9)."""

import importlib
import re

import pytest
from django.apps import apps
from django.urls import reverse

from games.engine import Move
from games.models import Game
from games.models import Move as MoveRow
from games.play.moves import submit_move
from history.records import export_record
from history.services import import_game
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db


def misplay(game):
    """A single card of the player to move that the engine calls a misplay here, or None."""
    state = game.engine_state()
    return next((c for c in state.view(state.turn)["hand"] if state.problem(Move.parse(c)) is not None), None)


@pytest.fixture
def misplayed(user, baraka):
    """A classic game (misplay: penalty) whose first move was a misplay: (game, move row,
    card, cards drawn). Deals come from random seeds: the first with a misplay to make."""
    game = next(g for g in (new_game(user, "classic", others=(baraka,)) for _ in range(50)) if misplay(g))
    assert game.rules["misplay"] == "penalty"
    player = game.players.get(seat=game.turn).user
    card = misplay(game)
    hand_before = len(game.engine_state().hands[game.turn])
    row = submit_move(game.pk, player, card).row
    drawn = len(Game.objects.get(pk=game.pk).engine_state().hands[row.seat]) - hand_before
    return game, row, card, drawn


def words(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_move_log_shows_a_misplay_and_its_penalty(client, misplayed, user):
    game, row, card, drawn = misplayed
    assert row.penalty == drawn >= 1
    client.force_login(user)
    page = words(client.get(reverse("games:table", args=[game.table_id])).text)
    assert re.search(rf"misplayed {card[:-1]} ?\S* and drew {drawn} cards?\b", page), page


def test_the_replay_and_an_imported_copy_show_it_too(client, misplayed, admin_user):
    game, row, card, drawn = misplayed
    finished = play_to_the_end(game)
    misplays = list(finished.moves.exclude(penalty=None).values_list("index", "penalty"))
    assert misplays[:1] == [(row.index, drawn)]
    imported = import_game(export_record(finished), admin_user)
    for shown in (finished, imported):
        url = reverse("history:replay", args=[shown.pk]) + f"?step={row.index + 1}"
        page = words(client.get(url).text)
        assert re.search(rf"misplayed {card[:-1]}\S* and drew {drawn} cards?\b", page), page


def test_the_migration_marks_the_misplays_of_games_played_before_it(misplayed):
    game, row, card, drawn = misplayed
    MoveRow.objects.update(penalty=None)
    migration = importlib.import_module("games.migrations.0006_move_penalty")
    migration.mark_misplays(apps, None)
    assert list(MoveRow.objects.exclude(penalty=None).values_list("pk", "penalty")) == [(row.pk, drawn)]
