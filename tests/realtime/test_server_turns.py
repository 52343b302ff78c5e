"""Turns the server plays (bots, players out of time or away, a bot taking over a seat),
resigning, and a new game reaching everyone. Time is controlled by moving the start of the
turn into the past, then waking the table's clock as any news at the table does."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import bots, presence, signals
from games.live import realtime
from games.models import Game, GamePlayer, Move, Seat, Table
from games.play.server_turns import AWAY, next_server_turn, play_server_turn
from games.play.starts import rematch, start_game
from games.play.tables import add_bot, create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import WAIT, open_client

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def reload(game):
    return Game.objects.get(pk=game.pk)


@database_sync_to_async
def turn_began(game, seconds_ago):
    """The current turn began ``seconds_ago``; the table hears of a change (its clock wakes)."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds_ago))
    signals.table_changed.send(sender=Table, table_id=game.table_id, change=None)


@database_sync_to_async
def player(game, seat):
    return GamePlayer.objects.select_related("stand_in").get(game=game, seat=seat)


@database_sync_to_async
def a_safe_move(game):
    """Draw, accept or pass (whichever is legal) in the game's current position."""
    return str(bots.forfeit_move(Game.objects.get(pk=game.pk).engine_state()))


@database_sync_to_async
def set_timer(table, seconds):
    table.turn_timer_seconds = seconds
    table.save()


async def test_bots_answer_at_once_and_their_moves_are_pushed(user):
    table = await database_sync_to_async(create_table)(user, "Bots", 3, "friendly")
    for level in ("greedy", "random"):
        await database_sync_to_async(add_bot)(table, level)
    game = await database_sync_to_async(start_game)(table, user)
    amani = await open_client(table.pk, user)
    frame = amani.frames[0]
    if not frame.your_turn:
        frame = await amani.until(lambda f: f.your_turn)

    await amani.move(await a_safe_move(game), seq=frame.sync[1])

    back = await amani.until(lambda f: f.your_turn or "results" in f.html)
    moves = Move.objects.filter(game=game)
    seats = await database_sync_to_async(lambda: set(moves.values_list("seat", flat=True)))()
    # A bot moved (not always both: a king from the first sends the turn straight back).
    assert seats & {1, 2} or (await reload(game)).status == Game.Status.FINISHED
    assert back.sync[1] == (await reload(game)).seq
    await amani.close()


async def test_a_player_out_of_time_has_their_turn_played(game, user, baraka):
    await set_timer(game.table, 30)
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)

    await turn_began(game, 29)
    assert (await amani.until(lambda f: "table-area" in f.ids)).your_turn  # not yet
    await turn_began(game, 31)

    pushed = await bara.until(lambda f: f.sync == (game.pk, 1))
    assert pushed.your_turn and "drew" in pushed.text()
    assert (await player(game, 0)).missed_turns == 1
    await amani.until(lambda f: f.sync == (game.pk, 1))

    await bara.move(await a_safe_move(game), seq=1)
    frame = await amani.until(lambda f: f.sync == (game.pk, 2))
    await amani.move(await a_safe_move(game), seq=frame.sync[1])  # amani is back
    await amani.until(lambda f: f.sync == (game.pk, 3))
    assert (await player(game, 0)).missed_turns == 0
    await amani.close()
    await bara.close()


async def test_a_player_away_past_the_grace_period_has_their_turn_played(game, user, settings):
    settings.AWAY_GRACE_SECONDS = 60
    amani = await open_client(game.table_id, user)  # baraka has no page open
    await amani.move("7H", seq=0)
    await amani.until(lambda f: f.sync == (game.pk, 1))

    await turn_began(game, 61)

    frame = await amani.until(lambda f: f.sync == (game.pk, 2))
    assert frame.your_turn and (await player(game, 1)).missed_turns == 1
    await amani.close()


def test_nobody_is_hurried_while_online_without_a_timer(game, user, baraka):
    now = timezone.now()
    presence.joined(game.table_id, user.pk, now, "amani-tab")  # amani, to play, has the table open
    assert next_server_turn(game.table_id, now) is None
    presence.left(game.table_id, user.pk, now, "amani-tab")
    away = next_server_turn(game.table_id, now)
    assert away.reason == AWAY and away.due >= now + timedelta(seconds=60)


async def test_after_three_missed_turns_a_bot_takes_over_the_seat(user, baraka):
    table = await database_sync_to_async(create_table)(user, "Kibanda", 3, "friendly")
    await database_sync_to_async(take_seat)(table, baraka)
    await database_sync_to_async(add_bot)(table, "random")
    game = await database_sync_to_async(start_game)(table, user)
    await set_timer(table, 20)
    bara = await open_client(table.pk, baraka)

    while (await player(game, 0)).stand_in is None:
        current = await reload(game)
        assert current.is_running
        if current.turn == 1:
            await bara.move(await a_safe_move(game), seq=current.seq)
        elif current.turn == 0:
            await turn_began(game, 21)
        await bara.until(lambda f, seq=current.seq: f.sync and f.sync[1] > seq)

    amani = await player(game, 0)
    assert amani.left and amani.stand_in.bot_level == "greedy" and amani.missed_turns == 3
    seat = await database_sync_to_async(Seat.objects.get)(table=table, position=0)
    assert seat.user_id == amani.stand_in_id
    # The bot now plays seat 0 by itself, no timer needed: wait for its first move.
    taken_over = await database_sync_to_async(Move.objects.filter(game=game).count)()
    while not await database_sync_to_async(
        Move.objects.filter(game=game, seat=0, index__gte=taken_over).exists
    )():
        current = await reload(game)
        if not current.is_running:
            break
        if current.turn == 1:
            await bara.move(await a_safe_move(game), seq=current.seq)
        await bara.until(lambda f, seq=current.seq: f.sync and f.sync[1] > seq)
    await bara.close()


async def test_a_bot_taking_over_a_seat_is_news_of_the_seats(game):
    """Every page at the table then shows the bot in the seat (its people panel)."""
    layer = get_channel_layer()
    await layer.group_add(realtime.table_group(game.table_id), "listener")
    await set_timer(game.table, 20)
    saved = await asyncio.wait_for(layer.receive("listener"), WAIT)  # a saved table is news too
    assert saved == {"type": "table.changed", "game": None, "seq": None}
    await database_sync_to_async(
        lambda: GamePlayer.objects.filter(game=game, seat=0).update(missed_turns=2)
    )()
    await database_sync_to_async(  # the turn began long ago, told to no one
        lambda: Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=21))
    )()
    turn = await database_sync_to_async(next_server_turn)(game.table_id)

    await database_sync_to_async(play_server_turn)(turn)

    news = [await asyncio.wait_for(layer.receive("listener"), WAIT) for _ in range(2)]
    assert {"type": "table.changed", "game": None, "seq": None} in news  # the seats
    assert {"type": "table.changed", "game": game.pk, "seq": turn.seq + 1} in news
    assert (await player(game, 0)).stand_in is not None


async def test_a_resignation_reaches_everyone(user, baraka, make_user):
    wanjiru = await database_sync_to_async(make_user)("wanjiru")
    table = await database_sync_to_async(create_table)(user, "Kibanda", 3, "friendly")
    for person in (baraka, wanjiru):
        await database_sync_to_async(take_seat)(table, person)
    game = await database_sync_to_async(start_game)(table, user)
    amani = await open_client(table.pk, user)
    bara = await open_client(table.pk, baraka)

    await amani.send(type="resign")

    frame = await bara.until(lambda f: f.sync and f.sync[1] >= 1)  # the server may play her turn too
    assert "left" in frame.text() and (await player(game, 0)).left
    assert (await amani.until(lambda f: f.sync and f.sync[1] >= 1)).hand == []
    await amani.send(type="resign")
    assert "You are not playing in this game." in (await amani.receive()).text()
    await amani.close()
    await bara.close()


async def test_a_rematch_brings_everyone_into_the_next_game(game, user, baraka):
    await database_sync_to_async(put_position)(game, hands=("7H", "9H QD KC"), discard=("7D",), turn=0)
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    await amani.move("7H", seq=0)
    over = await bara.until(lambda f: "results" in f.html)
    assert over.sync == (game.pk, 1)

    await database_sync_to_async(rematch)(game.table, user)  # amani offers; baraka accepts:

    def rematch_over_http():
        client = Client()
        client.force_login(baraka)
        return client.post(reverse("games:rematch", args=[game.table_id]), HTTP_HX_REQUEST="true")

    assert (await database_sync_to_async(rematch_over_http)()).status_code == 200

    next_game = await database_sync_to_async(lambda: game.table.current_game())()
    assert next_game.pk != game.pk
    for client in (amani, bara):
        frame = await client.until(lambda f: f.sync and f.sync[0] == next_game.pk)
        assert len(frame.hand) > 0 and "results" not in frame.html
    await amani.close()
    await bara.close()
