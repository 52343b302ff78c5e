"""The table's websocket: who may connect and what each viewer sees, moves and their
refusals, malformed messages, the message budget, resync."""

import asyncio
import json

import pytest
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async

from games.live.consumers import TableConsumer
from games.models import Game
from games.play.starts import start_game
from games.play.tables import create_table, take_seat
from tests.games.helpers import put_position
from tests.realtime.helpers import Client_, open_client, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def reload(game):
    return Game.objects.get(pk=game.pk)


async def test_a_player_sees_their_own_hand_and_a_spectator_none(game, user, baraka, make_user):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    watcher = await open_client(game.table_id, await database_sync_to_async(make_user)("wanjiru"))
    anonymous = await open_client(game.table_id)

    assert amani.frames[0].hand == ["5S", "7H", "4C"] and amani.frames[0].your_turn  # sorted by suit
    assert bara.frames[0].hand == ["9H", "KC", "QD"] and not bara.frames[0].your_turn
    for spectator in (watcher, anonymous):
        frame = spectator.frames[0]
        assert frame.hand == [] and not frame.your_turn
        assert not {"7H", "5S", "4C", "9H", "QD", "KC"} & set(frame.cards)
        assert frame.sync == (game.pk, 0)
    assert "chat-text" in watcher.frames[0].ids and "chat-text" not in anonymous.frames[0].ids
    for client in (amani, bara, watcher, anonymous):
        await client.close()


async def test_no_socket_for_a_table_that_does_not_exist_or_another_site(table):
    missing = Client_(table.pk + 1000)
    assert (await missing.connect())[0] is False
    foreign = Client_(table.pk)
    foreign.communicator.scope["headers"] = [(b"origin", b"http://evil.example")]
    assert (await foreign.connect())[0] is False


async def test_a_move_reaches_every_viewer_rendered_for_each(game, user, baraka):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    watcher = await open_client(game.table_id)

    await amani.move("7H", seq=0)

    seen = [await client.until(lambda f: f.sync == (game.pk, 1)) for client in (amani, bara, watcher)]
    assert seen[0].hand == ["5S", "4C"] and not seen[0].your_turn
    assert seen[1].hand == ["9H", "KC", "QD"] and seen[1].your_turn
    assert seen[2].hand == [] and "7H" in seen[2].cards  # the new top card
    assert (await reload(game)).move_count == 1
    for client in (amani, bara, watcher):
        await client.close()


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2]",
        json.dumps({"type": "teleport"}),
        json.dumps({"type": "move", "move": "7H", "seq": 0}),  # no client move id
        json.dumps({"type": "move", "move": "7H", "seq": "zero", "client_move_id": "a"}),
        json.dumps({"type": "move", "move": "7H", "seq": -1, "client_move_id": "a"}),
        json.dumps({"type": "move", "move": "7H", "seq": 0, "client_move_id": "no spaces!"}),
        json.dumps({"type": "move", "move": "", "seq": 0, "client_move_id": "a"}),
        json.dumps({"type": "chat", "text": 5}),
        json.dumps({"type": "resync", "seq": True}),
        json.dumps({"type": "chat", "text": "x" * 5000}),
        None,  # a binary frame
    ],
)
async def test_a_malformed_message_gets_an_error_and_changes_nothing(game, user, raw):
    amani = await open_client(game.table_id, user)
    if raw is None:
        await amani.communicator.send_to(bytes_data=b"\x00\x01")
    else:
        await amani.send_raw(raw)
    reply = await amani.receive()
    assert "live-notice" in reply.ids and "notice-error" in reply.html
    assert (await reload(game)).move_count == 0
    assert await amani.nothing_more()
    await amani.close()


@pytest.mark.parametrize(
    ("who", "move", "reason"),
    [
        ("baraka", "9H", "It is not your turn."),
        ("wanjiru", "7H", "You are not playing in this game."),
        ("amani", "QD", "That move is not allowed"),  # a card from another hand
        ("amani", "9S", "That move is not allowed"),  # a card from the draw pile
        ("amani", "nonsense", "That move is not allowed"),
    ],
)
async def test_a_refused_move_is_explained_to_its_sender_alone(
    game, user, baraka, make_user, who, move, reason
):
    users = {"amani": user, "baraka": baraka, "wanjiru": await database_sync_to_async(make_user)("wanjiru")}
    sender = await open_client(game.table_id, users[who])
    other = await open_client(game.table_id, baraka if who == "amani" else user)

    await sender.move(move, seq=0)

    reply = await sender.until(lambda f: "table-area" in f.ids)
    assert reason in reply.text() and reply.sync == (game.pk, 0)
    assert (await reload(game)).move_count == 0
    assert await other.nothing_more()
    await sender.close()
    await other.close()


async def test_a_punished_misplay_names_the_rule_it_broke(game, user, baraka):
    classic = await database_sync_to_async(_classic_game)(user, baraka)
    sender = await open_client(classic.table_id, user)

    await sender.move("5S", seq=0)  # does not match the 7D on top

    reply = await sender.until(lambda f: "Misplay" in f.text())
    assert "5 of spades does not match" in reply.text() and reply.sync == (classic.pk, 1)
    assert (await reload(classic)).move_count == 1  # punished: the turn passed
    await sender.close()


def _classic_game(user, baraka):
    table = create_table(user, "Mtaa", 2, "classic")
    take_seat(table, baraka)
    game = start_game(table, user)
    put_position(game, hands=("7H 5S 4C", "KD QD 9C"), discard=("7D",))
    return game


async def test_a_stale_move_is_refused_with_a_fresh_render(game, user, baraka):
    amani = await open_client(game.table_id, user)
    await amani.move("7H", seq=0)
    await amani.until(lambda f: f.sync == (game.pk, 1))
    bara = await open_client(game.table_id, baraka)
    await bara.move("9H", seq=1)
    await amani.until(lambda f: f.sync == (game.pk, 2))

    await amani.move("5S", seq=1)  # made against the position before baraka's move

    reply = await amani.until(lambda f: "move-error" in f.ids)
    assert "The game has moved on" in reply.text() and reply.sync == (game.pk, 2)
    assert (await reload(game)).move_count == 2
    await amani.close()
    await bara.close()


async def test_a_resent_move_is_applied_once(game, user, baraka):
    amani = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)
    await amani.move("7H", seq=0, client_move_id="abc")
    await amani.until(lambda f: f.sync == (game.pk, 1))
    await bara.move("9H", seq=1, client_move_id="abc")  # another player's ids are their own
    await amani.until(lambda f: f.sync == (game.pk, 2))

    await amani.move("7H", seq=0, client_move_id="abc")

    reply = await amani.until(lambda f: "move-error" in f.ids)
    assert "This move was already made." in reply.text()
    assert (await reload(game)).move_count == 2
    await amani.close()
    await bara.close()


async def test_one_player_in_two_tabs_plays_once(game, user, baraka):
    tab1 = await open_client(game.table_id, user)
    tab2 = await open_client(game.table_id, user)
    bara = await open_client(game.table_id, baraka)

    # Two moves, each legal at event 0: whichever the server takes first is made.
    await asyncio.gather(tab1.move("7H", seq=0), tab2.move("draw", seq=0))

    told = [asyncio.create_task(tab.until(lambda f: "moved on" in f.text())) for tab in (tab1, tab2)]
    done, waiting = await asyncio.wait(told, return_when=asyncio.FIRST_COMPLETED)
    for task in waiting:
        task.cancel()
    assert len(done) == 1  # the slower tab is told, whichever it was
    game = await reload(game)
    assert game.move_count == 1 and game.turn == 1
    frame = await bara.until(lambda f: f.sync == (game.pk, 1))
    assert frame.your_turn
    for client in (tab1, tab2, bara):
        await client.close()


async def test_a_connection_over_its_message_budget_is_closed(game, user, settings):
    settings.LIVE_MESSAGE_BURST, settings.LIVE_MESSAGE_RATE = 5, 0.001
    amani = await open_client(game.table_id, user)
    for _ in range(5):
        await amani.send(type="resync", game=game.pk, seq=0)
        assert (await amani.receive()).sync == (game.pk, 0)

    await amani.send(type="resync", game=game.pk, seq=0)

    assert await amani.communicator.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": 4008,
        "reason": "too many messages",
    }


async def test_resync_is_answered_with_what_changed_or_that_nothing_did(game, user, baraka):
    amani = await open_client(game.table_id, user)
    await amani.send(type="resync", game=game.pk, seq=0)
    current = await amani.receive()
    assert current.sync == (game.pk, 0) and "table-area" not in current.ids

    await amani.move("7H", seq=0)
    await amani.until(lambda f: f.sync == (game.pk, 1))
    await amani.send(type="resync", game=game.pk, seq=0)  # as if the push had been lost
    fresh = await amani.receive()
    assert fresh.sync == (game.pk, 1) and fresh.hand == ["5S", "4C"] and "chat" in fresh.ids
    await amani.close()


async def test_reconnecting_brings_a_full_fresh_render(game, user, baraka):
    amani = await open_client(game.table_id, user)
    await amani.close()
    bara = await open_client(game.table_id, baraka)
    await bara.close()
    cookie = await session_cookie(user)
    again = Client_(game.table_id, cookie)
    assert (await again.connect())[0]
    frame = await again.receive()
    assert frame.sync == (game.pk, 0) and frame.hand == ["5S", "7H", "4C"]
    assert {"table-area", "people", "chat", "table-sync"} <= set(frame.ids)
    await again.close()



@pytest.mark.parametrize(
    ("cookie", "headers"),
    [("; django_language=sw", ()), ("", ((b"accept-language", b"sw-KE,sw;q=0.9,en;q=0.5"),))],
    ids=["language cookie", "accept-language"],
)
async def test_a_socket_speaks_its_pages_language(game, user, baraka, cookie, headers):
    """Frames and replies come in the language the page was served in."""
    amani = Client_(game.table_id, await session_cookie(user) + cookie, headers=headers)
    english = await open_client(game.table_id, baraka)
    assert (await amani.connect())[0]
    first = await amani.receive()
    assert "Kadi zako" in first.text() and "Your hand" not in first.text()

    await english.move("9H", seq=0)  # not baraka's turn: he is told in English
    assert "It is not your turn." in (await english.until(lambda f: "table-area" in f.ids)).text()
    await amani.move("7H", seq=0)
    after = await amani.until(lambda f: f.sync == (game.pk, 1))
    assert "Kadi zako" in after.text()
    await amani.move("5S", seq=1)  # baraka's turn now: amani is told in Swahili
    reply = await amani.until(lambda f: "table-area" in f.ids and "Si zamu yako" in f.text())
    assert "It is not your turn" not in reply.text()
    await amani.close()
    await english.close()


async def test_a_frame_for_a_socket_that_closed_meanwhile_is_dropped():
    """A change can reach a consumer just before its socket's close does; daphne refuses the
    frame with autobahn's ``Disconnected``, which must not crash the consumer."""

    async def closed_socket(message):
        raise Disconnected("Attempt to send on a closed protocol")

    consumer = TableConsumer()
    consumer.base_send = closed_socket

    await consumer.send("<div id='table-area'></div>")
