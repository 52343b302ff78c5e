"""The API's NDJSON streams, read through Django's async test client: a seat's game stream
(its own view only, then every change), the event stream, and a client that goes away."""

import asyncio
import json
from contextlib import suppress

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient
from jsonschema import Draft202012Validator

from api import openapi
from api.feed import LEGAL_MOVES_LIMIT
from api.tokens import create_token, revoke_token
from games.models import Presence, Table
from games.play.moves import resign, submit_move
from games.play.starts import start_game
from games.play.tables import add_bot, create_table, leave_seat, take_seat
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 10  # seconds: a frame that has not come by then is not coming


def assert_documented(frame, schema):
    """``frame`` matches its schema in the OpenAPI document."""
    root = {"$ref": f"#/components/schemas/{schema}", "components": {"schemas": openapi.SCHEMAS}}
    Draft202012Validator(root).validate(frame)


class Stream:
    """An open NDJSON stream: ``next()`` is its next JSON line (keep-alive newlines skipped)."""

    def __init__(self, response):
        self.response = response
        self.chunks = aiter(response.streaming_content)
        self.keepalives = 0

    async def next(self):
        async with asyncio.timeout(WAIT):
            while True:
                chunk = await anext(self.chunks)
                if chunk == b"\n":
                    self.keepalives += 1
                    continue
                return json.loads(chunk)

    async def close(self):
        await self.chunks.aclose()


async def open_stream(path, token):
    response = await AsyncClient().get(path, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/x-ndjson"
    return Stream(response)


async def test_a_seat_sees_its_own_hand_then_each_change(game, user, baraka, token):
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    full = await stream.next()
    assert full["type"] == "gameFull" and full["seat"] == 0 and full["your_turn"]
    assert full["view"]["hand"] == ["7H", "5S", "4C"] and full["view"]["hand_sizes"] == [3, 3]
    assert set(full["legal_moves"]) >= {"7H", "draw"} and full["legal_moves_complete"]
    assert [p["username"] for p in full["players"]] == ["amani", "baraka"]
    assert_documented(full, "GameFrame")

    await sync_to_async(submit_move)(game.pk, user, "7H")
    mine = await stream.next()
    assert mine["type"] == "gameState" and mine["moves"] == [{"index": 0, "seat": 0, "move": "7H"}]
    assert not mine["your_turn"] and "legal_moves" not in mine
    await sync_to_async(submit_move)(game.pk, baraka, "9H")
    theirs = await stream.next()
    assert theirs["moves"] == [{"index": 1, "seat": 1, "move": "9H"}] and theirs["your_turn"]
    assert_documented(theirs, "GameFrame")
    await stream.close()


async def test_the_stream_never_holds_another_hand_the_pile_or_the_seed(game, token, baraka):
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    text = json.dumps(await stream.next())
    for hidden in ("9H", "QD", "KC", str(game.seed)):
        assert hidden not in text
    assert '"draw_pile"' not in text and '"seed"' not in text
    await stream.close()
    bara_token = await sync_to_async(create_token)(baraka, "b")
    theirs = await open_stream(f"/api/bot/game/stream/{game.pk}", bara_token[1])
    text = json.dumps(await theirs.next())
    assert not {"7H", "5S", "4C"} & set(json.loads(text)["view"]["hand"])
    assert '"5S"' not in text and '"4C"' not in text
    await theirs.close()


async def test_keep_alive_newlines_come_while_nothing_happens(game, token):
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    await stream.next()
    async with asyncio.timeout(WAIT):
        while stream.keepalives < 2:
            assert await anext(stream.chunks) == b"\n"
            stream.keepalives += 1
    await stream.close()


async def test_a_finished_game_streams_once_and_ends(game, user, token):
    await sync_to_async(resign)(game.pk, user)
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    full = await stream.next()
    assert full["status"] == "finished" and full["winner"] == 1
    with pytest.raises(StopAsyncIteration):
        await anext(stream.chunks)


async def test_a_game_deleted_while_its_stream_is_open_ends_the_stream(game, token):
    """The admin deletes the table: the stream ends (at its next look, a keep-alive's at the
    latest) rather than raising Game.DoesNotExist and leaving the response unfinished."""
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    await stream.next()

    await sync_to_async(Table.objects.filter(pk=game.table_id).delete)()

    async with asyncio.timeout(WAIT):
        assert [chunk async for chunk in stream.chunks if chunk != b"\n"] == []


async def test_revoking_a_token_ends_its_streams_and_no_other(game, user):
    """The owner revokes a token (its program was leaked, say): the streams it opened end
    at once, and another token's go on."""
    revoked, raw = await sync_to_async(create_token)(user, "leaked")
    kept = (await sync_to_async(create_token)(user, "kept"))[1]
    paths = (f"/api/bot/game/stream/{game.pk}", "/api/stream/event")
    doomed = [await open_stream(path, raw) for path in paths]
    going_on = await open_stream(f"/api/bot/game/stream/{game.pk}", kept)
    for stream in (*doomed, going_on):
        await stream.next()

    await sync_to_async(revoke_token)(user, revoked.pk)

    for stream in doomed:
        async with asyncio.timeout(WAIT):
            assert [chunk async for chunk in stream.chunks if chunk != b"\n"] == []
    await sync_to_async(submit_move)(game.pk, user, "7H")
    assert (await going_on.next())["moves"] == [{"index": 0, "seat": 0, "move": "7H"}]
    await going_on.close()


async def test_an_account_the_admin_deactivates_keeps_no_open_stream(game, user, token):
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    await stream.next()

    user.is_active = False
    await sync_to_async(user.save)()

    async with asyncio.timeout(WAIT):
        assert [chunk async for chunk in stream.chunks if chunk != b"\n"] == []


async def test_a_client_that_goes_away_leaves_nothing_behind(game, user, token):
    """The ASGI app itself, with a client that disconnects after the first line: the handler
    cancels the stream, which leaves the table's group and presence; no task is left."""
    from channels.layers import get_channel_layer

    from kadi_site.asgi import application

    sent, disconnect, requests = [], asyncio.Event(), [{"type": "http.request", "body": b""}]

    async def receive():
        if requests:
            return requests.pop()
        await disconnect.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
        if message.get("body", b"").strip():
            disconnect.set()

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
        "scheme": "http", "path": f"/api/bot/game/stream/{game.pk}", "raw_path": b"", "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"authorization", f"Bearer {token}".encode())],
        "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80),
    }
    before = asyncio.all_tasks()
    async with asyncio.timeout(WAIT):
        await application(scope, receive, send)
    assert sent[0]["status"] == 200 and b'"gameFull"' in sent[1]["body"]
    layer = get_channel_layer()
    assert not layer.groups.get(f"table.{game.table_id}") and not layer.groups.get(f"account.{user.pk}")
    assert await sync_to_async(Presence.objects.get)(user=user, table_id=game.table_id) is not None
    assert (await sync_to_async(Presence.objects.get)(user=user)).closed
    await asyncio.sleep(0)  # let cancelled tasks finish cancelling
    assert {t for t in asyncio.all_tasks() - before if not t.done()} == set()


async def test_the_event_stream_tells_of_games_starting_and_finishing(table, user, baraka, token):
    await sync_to_async(take_seat)(table, baraka)
    stream = await open_stream("/api/stream/event", token)
    game = await sync_to_async(start_game)(table, baraka)
    start = await stream.next()
    assert start["type"] == "gameStart" and start["game"]["id"] == game.pk and start["game"]["seat"] == 0
    await sync_to_async(resign)(game.pk, baraka)
    finish = await stream.next()
    assert finish["type"] == "gameFinish" and finish["game"]["place"] == 1 and finish["game"]["winner"] == 0
    assert_documented(start, "Event")
    assert_documented(finish, "Event")
    await stream.close()


async def test_the_event_stream_opens_with_the_games_running(game, token):
    stream = await open_stream("/api/stream/event", token)
    assert (await stream.next())["game"]["id"] == game.pk
    await stream.close()


async def test_while_the_stream_is_open_bots_answer(user, token):
    """No table page is open: the game stream keeps the table's turn clock running."""

    def bot_game():
        table = create_table(user, "Against a bot", 2, "friendly")
        add_bot(table, "greedy", by_user=user)
        game = start_game(table, user)
        put_position(game, hands=("7H 5H 4C", "9H QD KC 5C"), discard=("7D",), turn=0)
        return game

    game = await sync_to_async(bot_game)()
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    assert (await stream.next())["your_turn"]
    await sync_to_async(submit_move)(game.pk, user, "7H")
    frames = [await stream.next()]
    while not frames[-1]["your_turn"]:
        frames.append(await stream.next())
    assert [m["seat"] for f in frames for m in f["moves"]] == [0, 1]
    await stream.close()


async def test_joining_through_the_api_then_a_game_start_is_an_event(table, user, make_user):
    guest = await sync_to_async(make_user)("wanjiru")
    token = (await sync_to_async(create_token)(guest, "bot"))[1]
    stream = await open_stream("/api/stream/event", token)
    headers = {"Authorization": f"Bearer {token}"}
    assert (await AsyncClient().post(f"/api/table/{table.pk}/join", headers=headers)).status_code == 200
    game = await sync_to_async(start_game)(table, user)
    start = await stream.next()
    assert start["type"] == "gameStart" and start["game"]["id"] == game.pk and start["game"]["seat"] == 1
    await stream.close()


async def arrivals(stream, seconds):
    """The times (from now) at which the stream's chunks, keep-alives included, arrive for
    ``seconds``."""
    loop = asyncio.get_running_loop()
    start, times = loop.time(), []
    with suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            while True:
                await anext(stream.chunks)
                times.append(loop.time() - start)
    return times


@pytest.mark.parametrize("path", ["/api/stream/event", "game"])
async def test_a_stream_at_a_busy_table_sends_a_line_every_interval(settings, table, game, make_user, token,
                                                                     path):
    """Seats change again and again at the table, with no news for the stream: it sends a
    keep-alive every API_KEEPALIVE_SECONDS all the same (they once only reset its timer)."""
    settings.API_KEEPALIVE_SECONDS = 0.5
    visitors = [await sync_to_async(make_user)(f"visitor{n}") for n in range(2)]
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}" if path == "game" else path, token)
    await stream.next()
    busy = True

    async def change_seats():
        while busy:
            for visitor in visitors:
                await sync_to_async(take_seat)(table, visitor)
                await sync_to_async(leave_seat)(table, visitor)

    changing = asyncio.create_task(change_seats())
    try:
        times = await arrivals(stream, 3)
    finally:
        busy = False
        await changing
    gaps = [later - earlier for earlier, later in zip([0, *times], times, strict=False)]
    assert len(times) >= 3 and max(gaps) < 1.5, gaps
    await stream.close()


async def test_legal_moves_carry_an_aces_ranks_where_the_table_names_them(game, user, token):
    """Issue 48 (``ace_request: either``): the frame lists the ace's suits, then its ranks; a
    rank named through the API is played, and the view says which rank is asked for."""
    game.rules = {**game.rules, "ace_request": "either"}
    await sync_to_async(put_position)(game, hands=("AS 7H", "9C QD KC"), discard=("9S",), turn=0)
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    full = await stream.next()
    aces = [move for move in full["legal_moves"] if move.startswith("AS @")]
    ranks = ("A", *map(str, range(2, 11)), "J", "Q", "K")
    assert aces == [f"AS @{word}" for word in ("H", "D", "S", "C", *ranks)]
    assert full["view"]["rank"] is None
    assert_documented(full, "GameFrame")
    await sync_to_async(submit_move)(game.pk, user, "AS @Q")
    after = await stream.next()
    await stream.close()
    assert after["moves"][-1]["move"] == "AS @Q"
    assert after["view"]["rank"] == "Q" and after["view"]["suit"] is None


async def test_legal_moves_come_shortest_first_and_a_cut_list_says_so(game, token):
    """A hand of questions, answers, aces and a joker with 1.7 million legal moves: the
    frame lists the one-card plays, then the shortest runs, then the draw, and says that
    the list is cut and how to send a longer play (in the request's language)."""
    hand = "QH QS QD QC 8H 8S 8D 8C AH AS 4H 4S 5D JKR"
    await sync_to_async(put_position)(game, hands=(hand, "7C 9C"), discard=("6H",), turn=0)
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    full = await stream.next()
    await stream.close()
    legal = full["legal_moves"]
    counts = [len(move.split()) - ("@" in move) for move in legal[:-1]]
    assert len(legal) == LEGAL_MOVES_LIMIT and legal[-1] == "draw" and counts == sorted(counts)
    assert legal[:2] == ["QH", "8H"] and {"4H", "JKR", "AS @C"} <= set(legal[:12])
    assert not full["legal_moves_complete"] and "QH-QS-8S-8C" in full["legal_moves_note"]
    assert_documented(full, "GameFrame")
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "sw"}
    response = await AsyncClient().get(f"/api/bot/game/stream/{game.pk}", headers=headers)
    stream = Stream(response)
    swahili = await stream.next()
    await stream.close()
    note = swahili["legal_moves_note"]
    assert note != full["legal_moves_note"] and "QH-QS-8S-8C" in note


async def test_a_short_list_is_complete_and_in_the_documented_order(game, token):
    await sync_to_async(put_position)(game, hands=("7S 7D 5D", "9H QD KC"), discard=("7H",), turn=0)
    stream = await open_stream(f"/api/bot/game/stream/{game.pk}", token)
    full = await stream.next()
    assert full["legal_moves"] == ["7S", "7D", "7S 7D", "7D 7S", "draw"]
    assert full["legal_moves_complete"] and "legal_moves_note" not in full
    await stream.close()
