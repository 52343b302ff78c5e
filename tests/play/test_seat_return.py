"""What a move did is stored with it, with who made it (games.play.recording), and a player whose seat a
stand-in bot took over takes it back (games.seat_return): only they, only while the game
runs and the stand-in holds their seat; a bot turn due before the return is not played."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import bots
from games.models import Game, GamePlayer, Move, Seat
from games.play import seat_return, server_turns
from games.play.errors import ServiceError
from games.play.moves import submit_move
from games.play.server_turns import next_server_turn, play_server_turn
from games.play.starts import start_game
from games.play.tables import add_bot, take_seat
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db


def test_a_move_stores_what_it_did_and_who_made_it(game, user):
    put_position(game, hands=("JH 5S 4C", "9H QD KC"), discard=("7H",), turn=0)
    row = submit_move(game.pk, user, "JH").row
    assert Move.objects.get(pk=row.pk).outcome == {"mover": 0, "jump": [1, 1]}
    assert row.actor == Move.Actor.PLAYER and not row.handed_to_bot
    forced = Move.objects.get(game=game, index=1)  # the forced accept the server played
    assert forced.text == "accept" and forced.outcome == {"mover": 1, "skipped": True}


@pytest.mark.django_db(transaction=True)  # outside a transaction, as a move is
def test_a_move_in_one_statement_stores_what_it_did_too(game, user):
    """On PostgreSQL a move that is the whole change is one statement (play.moves.one_statement_move)."""
    put_position(game, hands=("2D 5S 4C", "9H QD KC"), discard=("7D",), turn=0)
    row = submit_move(game.pk, user, "2D").row
    assert Move.objects.get(pk=row.pk).outcome == {"mover": 0, "penalty": [1, 2]}


def miss_turn(game):
    """The turn timer runs out on the player to move: the server plays for them."""
    game.table.turn_timer_seconds = 20
    game.table.save()
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=21))
    return play_server_turn(next_server_turn(game.table_id))


@pytest.fixture
def taken_over(table, user, baraka, settings):
    """amani (seat 0), baraka and a random bot; amani missed a turn with
    MISSED_TURNS_BEFORE_BOT at 1: a greedy bot plays for them."""
    settings.MISSED_TURNS_BEFORE_BOT = 1
    take_seat(table, baraka)
    add_bot(table, "random")
    game = start_game(table, user)
    put_position(game, hands=("7H 5S 4C", "9H QD KC", "4D 6D 10S"), discard=("7D",), turn=0)
    row = miss_turn(game)
    assert row.actor == Move.Actor.TIMER and row.handed_to_bot
    return game


def test_a_timed_out_turn_that_hands_the_seat_over_says_so(taken_over):
    player = GamePlayer.objects.get(game=taken_over, seat=0)
    assert player.left and player.stand_in.bot_level == "greedy"
    assert Seat.objects.get(table=taken_over.table, position=0).user_id == player.stand_in_id


def test_the_player_takes_their_seat_back(taken_over, user):
    seq = Game.objects.get(pk=taken_over.pk).seq
    seat_return.take_back(taken_over.table, user)
    player = GamePlayer.objects.get(game=taken_over, seat=0)
    assert (player.left, player.stand_in_id, player.missed_turns) == (False, None, 0)
    assert Seat.objects.get(table=taken_over.table, position=0).user_id == user.pk
    assert Game.objects.get(pk=taken_over.pk).seq == seq + 1  # kept players and readings refresh


def test_a_bot_turn_due_before_the_return_is_not_played(taken_over, user, baraka):
    game = Game.objects.get(pk=taken_over.pk)
    submit_move(game.pk, baraka, str(bots.forfeit_move(game.engine_state())))
    due = next_server_turn(game.table_id)
    assert due.reason == server_turns.BOT  # the stand-in's turn for seat 0
    seat_return.take_back(game.table, user)
    assert play_server_turn(due) is None
    assert not Move.objects.filter(game=game, seat=0, actor=Move.Actor.STAND_IN).exists()


def test_only_the_player_and_only_while_a_stand_in_holds_their_seat(taken_over, user, baraka):
    before = list(GamePlayer.objects.filter(game=taken_over).values())
    with pytest.raises(ServiceError):
        seat_return.take_back(taken_over.table, baraka)  # in play: no stand-in of theirs
    seat_return.take_back(taken_over.table, user)
    with pytest.raises(ServiceError):
        seat_return.take_back(taken_over.table, user)  # back already
    Game.objects.filter(pk=taken_over.pk).update(status=Game.Status.FINISHED)
    GamePlayer.objects.filter(game=taken_over, seat=0).update(left=True, stand_in=before[0]["stand_in_id"])
    with pytest.raises(ServiceError):
        seat_return.take_back(taken_over.table, user)  # the game is over


def test_the_page_offers_the_return_and_one_post_makes_it(taken_over, user, baraka):
    url = reverse("games:table", args=[taken_over.table_id])
    amani, bara = Client(enforce_csrf_checks=True), Client()
    amani.force_login(user)
    bara.force_login(baraka)
    page = amani.get(url).content.decode()
    assert "Take your seat back" in page and "Take your seat back" not in bara.get(url).content.decode()

    back_url = reverse("games:take_back_seat", args=[taken_over.table_id])
    assert amani.post(back_url).status_code == 403  # no CSRF token
    refused = bara.post(back_url, HTTP_HX_REQUEST="true")  # refused with a reason, nothing changed
    assert "No stand-in holds a seat of yours in this game." in refused.content.decode()
    assert GamePlayer.objects.get(game=taken_over, seat=0).left

    token = amani.cookies["csrftoken"].value
    amani.post(back_url, HTTP_X_CSRFTOKEN=token)
    assert not GamePlayer.objects.get(game=taken_over, seat=0).left
    assert "Take your seat back" not in amani.get(url).content.decode()
