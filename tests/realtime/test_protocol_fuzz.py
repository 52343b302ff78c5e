"""Property-based tests of the table's websocket protocol (hypothesis): whatever frames a
client sends, the socket answers each, stays open, logs no error, and no game changes
except by a move or resignation the protocol accepted. Against a real consumer (in this
process) and a real daphne server (real websocket clients, its log read)."""

import asyncio
import json
import logging

import pytest
from channels.layers import channel_layers
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.live.protocol import KINDS, ProtocolError, parse
from games.models import Game
from tests.realtime.helpers import WAIT, Client_, Socket, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ANY_CHARACTER = st.characters(codec=None, exclude_categories=())  # surrogates and controls too

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(ANY_CHARACTER, max_size=30)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
fields = {
    "move": json_values | st.sampled_from(["draw", "7H", "accept", "pass", "QD 8H !", "x" * 300]),
    "seq": json_values | st.sampled_from([0, "0", 1, -1, "", 10**30]),
    "client_move_id": json_values | st.from_regex(r"[A-Za-z0-9_-]{1,45}", fullmatch=True),
    "text": json_values,
    "game": json_values,
    "HEADERS": json_values,
}
messages = st.fixed_dictionaries(
    {"type": st.sampled_from([*KINDS, "teleport", ""]) | json_values}, optional=fields
).map(json.dumps)
frames = st.one_of(
    messages,
    json_values.map(json.dumps),
    st.text(ANY_CHARACTER, max_size=200).filter(lambda text: not _has_surrogate(text)),
    st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth),
    st.binary(max_size=64),
)


def _has_surrogate(text):
    """A websocket text frame is UTF-8: a client cannot send a raw lone surrogate (only
    its JSON escape, which ``messages`` makes)."""
    return any(0xD800 <= ord(char) <= 0xDFFF for char in text)


def acts(frame):
    """Whether the protocol accepts ``frame`` as a move or resignation (which may change a game)."""
    try:
        return isinstance(frame, str) and parse(frame).kind in ("move", "resign")
    except ProtocolError:
        return False


def positions():
    return list(Game.objects.order_by("pk").values_list("pk", "seq", "move_count"))


KNOWN = [  # what crashed consumers before (issue 10), tried first
    "[" * 2000 + "]" * 2000,
    '{"type": "chat", "text": "\\ud800"}',
    '{"type": "chat", "text": "a\\u0000b"}',
    '{"type": "move", "move": "draw", "seq": 0, "client_move_id": "a1"}',  # anonymous: TypeError
    '{"type": "resign"}',
]


@FUZZ
@given(sent=st.lists(frames, min_size=1, max_size=5), logged_in=st.booleans())
@example(sent=KNOWN[:3], logged_in=True)
@example(sent=KNOWN[3:], logged_in=False)
def test_any_frames_against_a_consumer(sent, logged_in, live_game, user, caplog):
    before = positions()
    cookie = asyncio.run(session_cookie(user)) if logged_in else None
    channel_layers.backends.clear()  # the in-memory layer belongs to one event loop

    async def exchange():
        client = Client_(live_game.table_id, cookie)
        assert (await client.connect())[0]
        await client.receive()
        for frame in sent:
            kind = "bytes" if isinstance(frame, bytes) else "text"
            await client.communicator.send_input({"type": "websocket.receive", kind: frame})
            await client.receive()  # every frame is answered (a crash raises here)
        await client.send(type="resync", game=0, seq=0)
        await client.until(lambda f: f.sync is not None)  # and the socket is still open
        await client.close()

    with caplog.at_level(logging.ERROR):
        asyncio.run(exchange())
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    if not any(acts(frame) for frame in sent):
        assert positions() == before


@FUZZ
@given(sent=st.lists(frames, min_size=1, max_size=5))
@example(sent=KNOWN[:3])
def test_any_frames_against_daphne(sent, server, live_game, user):
    before = positions()
    cookie = asyncio.run(session_cookie(user))

    async def exchange():
        socket = Socket(server, f"/ws/t/{live_game.table_id}/", cookie)
        await socket.open()
        for frame in sent:
            await socket.ws.send(frame)
            await asyncio.wait_for(socket.ws.recv(), WAIT)
        await socket.send(type="resync", game=0, seq=0)
        await socket.until(lambda f: f.sync is not None)
        await socket.ws.close()

    asyncio.run(exchange())
    if not any(acts(frame) for frame in sent):
        assert positions() == before
