"""Outcomes and the return to a seat, live: the line saying what a move did reaches the other
players' move log over their sockets, and a player taking their seat back from a stand-in
is seen at once by everyone at the table."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.play.server_turns import next_server_turn, play_server_turn
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import open_client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("hands", "move", "said"),
    [
        (("2D 5S 4C", "9H QD KC"), "2D", "baraka draws 2 cards unless they counter."),
        (("JD 5S 4C", "9H QD KC"), "JD", "1 jump: baraka is skipped unless they answer with a jack."),
        (("QD 5S 4C", "9H 8C KC"), "QD", "Q ♦ and drew 1 card: the question went unanswered"),
    ],
)
async def test_what_a_move_did_reaches_the_other_players_move_log(game, user, baraka, hands, move, said):
    await database_sync_to_async(put_position)(game, hands=hands, discard=("7D",), turn=0)
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    await amani.move(move, seq=0)
    frame = await bara.until(lambda f: f.sync and f.sync[1] >= 1 and "move-log__list" in f.html)
    assert said in " ".join(frame.text().split())
    await amani.close()
    await bara.close()


@database_sync_to_async
def hand_seat_0_to_a_bot(user, baraka):
    """amani, baraka and a random bot at a table; amani's turn times out once with
    MISSED_TURNS_BEFORE_BOT at 1, so a greedy stand-in takes her seat."""
    table = create_table(user, "Kibanda", 3, "friendly")
    take_seat(table, baraka)
    add_bot(table, "random")
    game = start_game(table, user)
    put_position(game, hands=("7H 5S 4C", "9H QD KC", "4D 6D 10S"), discard=("7D",), turn=0)
    return game


@database_sync_to_async
def time_out(game):
    game.table.turn_timer_seconds = 20
    game.table.save()
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=21))
    return play_server_turn(next_server_turn(game.table_id))


@database_sync_to_async
def post_take_back(user, table_id):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("games:table", args=[table_id]))
    return client.post(reverse("games:take_back_seat", args=[table_id]),
                       HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value, HTTP_HX_REQUEST="true")


async def test_a_seat_taken_back_is_seen_by_everyone_at_once(user, baraka, settings):
    settings.MISSED_TURNS_BEFORE_BOT = 1
    game = await hand_seat_0_to_a_bot(user, baraka)
    bara = await open_client(game.table_id, baraka)
    assert (await time_out(game)).handed_to_bot
    amani = await open_client(game.table_id, user)
    assert "Take your seat back" in amani.frames[0].html
    seen = await bara.until(lambda f: 'data-seat="0"' in f.html and "player--left" in f.html)

    answer = await post_take_back(user, game.table_id)

    assert answer.status_code == 200
    back = await bara.until(lambda f: 'data-seat="0"' in f.html and "player--left" not in f.html)
    assert back.sync[1] > seen.sync[1]
    mine = await amani.until(lambda f: "table-area" in f.ids and "Take your seat back" not in f.html)
    assert "Take your seat back" not in mine.html
    await amani.close()
    await bara.close()
