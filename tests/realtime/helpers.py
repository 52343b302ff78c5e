"""Websocket clients for the table consumer, and reading the HTML frames they receive."""

import asyncio
import json
import os
import re
from html.parser import HTMLParser
from itertools import count

import pytest
import websockets
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client

from deploy.prod import find_haproxy
from games.live import loop_statements
from kadi_site.asgi import application

ORIGIN = (b"origin", b"http://127.0.0.1")
# For tests of several server processes: they can share only PostgreSQL and Redis.
needs_shared_stack = pytest.mark.skipif(
    not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), shared by several daphne processes; "
    ".ci/run runs the suite a second time with both",
)
# Tests running make prod's launcher (tests/realtime/servers.Topology), which collects the
# static files into the one staticfiles/ folder: one at a time under pytest-xdist.
launches_make_prod = pytest.mark.xdist_group("make-prod")


def needs_haproxy():
    """Skip without HAProxy, the balancer of ``make prod``; fail in CI, which installs it."""
    if find_haproxy() is None:
        if os.environ.get("CI"):
            pytest.fail("haproxy is not installed: .ci/run installs it (apt-get install haproxy)")
        pytest.skip("needs HAProxy (apt-get install haproxy; .ci/run installs it)")


HOST = (b"host", b"127.0.0.1")  # the page's own origin: the socket is opened where it was served
WAIT = 20  # seconds: only ever reached when a test fails
WRITE_ALONE = "WITH updated AS (UPDATE"  # the start of a move's statement (moves.OneStatementMove)
_ids = count(1)


def statements_by_loop_connection(since=None):
    """{backend pid: its last statement} of the connections the event loops made to this
    database (``games.live.loop_statements``): of those whose last statement started at
    ``since`` (the database's clock) or later, if given."""
    query = "SELECT pid, query FROM pg_stat_activity"
    query += " WHERE application_name = %s AND datname = current_database()"
    params = [loop_statements.APPLICATION_NAME]
    if since is not None:
        query += " AND query_start >= %s"
        params.append(since)
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return dict(cursor.fetchall())


@database_sync_to_async
def session_cookie(user):
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


class JsonSocket:
    """A page's listening socket at ``path`` (``/ws/me/``, a tournament's page) in this process;
    ``frames``: the JSON frames received."""

    def __init__(self, path, cookie=None, origin=ORIGIN):
        headers = [origin, HOST] + ([(b"cookie", cookie.encode())] if cookie else [])
        self.communicator = WebsocketCommunicator(application, path, headers=headers)
        self.frames = []

    async def receive(self):
        frame = json.loads(await self.communicator.receive_from(timeout=WAIT))
        self.frames.append(frame)
        return frame

    async def until(self, predicate):
        while not predicate(frame := await self.receive()):
            pass
        return frame


class Frame:
    """A received HTML frame: its elements' ids and attributes, and its text."""

    def __init__(self, html):
        self.html = html
        parser = _Collector()
        parser.feed(html)
        self.ids = parser.ids  # id -> attributes of the element
        self.cards = parser.cards  # every data-card value, in order
        self.hand = parser.hand  # data-card values of the viewer's hand buttons
        self.actions = parser.actions  # data-move-action values offered
        self.inputs = parser.inputs  # name -> value of hidden inputs

    @property
    def sync(self):
        """(game id, event number) of a table render, or None for other frames."""
        marker = self.ids.get("table-sync")
        if marker is None:
            return None
        game, seq = marker.get("data-game"), marker.get("data-seq")
        return (int(game) if game else None, int(seq) if seq else None)

    @property
    def your_turn(self):
        return bool(self.actions)

    def text(self):
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", self.html)).strip()

    @property
    def online(self):
        """Names marked online in a people frame."""
        return {
            line.split("online-dot")[1].split("</span>")[1].split("<span")[0].strip()
            for line in self.html.split('<li class="person person--online">')[1:]
        }

    def __repr__(self):
        return f"Frame({self.text()[:120]!r})"


def online(frame):
    """Names marked online in a people frame."""
    return {
        line.split("online-dot")[1].split("</span>")[1].split("<span")[0].strip()
        for line in frame.html.split('<li class="person person--online">')[1:]
    }


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.cards, self.hand, self.actions, self.inputs = {}, [], [], [], {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids[attrs["id"]] = attrs
        if "data-card" in attrs:
            self.cards.append(attrs["data-card"])
            if "hand-card" in attrs.get("class", "").split():
                self.hand.append(attrs["data-card"])
        if "data-move-action" in attrs:
            self.actions.append(attrs["data-move-action"])
        if tag == "input" and attrs.get("type") == "hidden" and "name" in attrs:
            self.inputs[attrs["name"]] = attrs.get("value", "")


class Client_:
    """One websocket at a table, as a page would open it; keeps every frame it received."""

    def __init__(self, table_id, cookie=None, path=None, headers=()):
        headers = [ORIGIN, HOST, *headers]
        if cookie:
            headers.append((b"cookie", cookie.encode()))
        self.communicator = WebsocketCommunicator(application, path or f"/ws/t/{table_id}/", headers=headers)
        self.frames = []

    async def connect(self):
        connected, code = await self.communicator.connect(timeout=WAIT)
        return connected, code

    async def receive(self, timeout=WAIT):
        frame = Frame(await self.communicator.receive_from(timeout=timeout))
        self.frames.append(frame)
        return frame

    async def until(self, predicate, timeout=WAIT):
        """Frames until one satisfies ``predicate``; returns that frame."""
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.receive(timeout=timeout)
                if predicate(frame):
                    return frame

    async def send(self, **message):
        await self.communicator.send_to(text_data=json.dumps(message))

    async def send_raw(self, text):
        await self.communicator.send_to(text_data=text)

    async def move(self, text, seq, client_move_id=None):
        await self.send(type="move", move=text, seq=seq, client_move_id=client_move_id or f"m{next(_ids)}")

    async def nothing_more(self):
        return await self.communicator.receive_nothing(timeout=0.05)

    async def close(self):
        await self.communicator.disconnect()


async def open_client(table_id, user=None, **kwargs):
    """A connected client at the table, with its first (full) frame received."""
    client = Client_(table_id, await session_cookie(user) if user else None, **kwargs)
    connected, code = await client.connect()
    assert connected, code
    await client.receive()
    return client


class Socket:
    """A real websocket client at ``path`` of a server in another process: a daphne server, or
    the balancer in front of several (``worker``: which one took it, from the balancer's
    ``X-Kadi-Worker`` header); opened from the server's own page unless ``origin`` says otherwise."""

    def __init__(self, server, path, cookie=None, origin=None, max_queue=16):
        self.url = f"{server.ws_url}{path}"
        self.headers = {"Cookie": cookie} if cookie else {}
        self.origin = origin or server.http_url
        self.max_queue = max_queue  # frames received and not read, before the client stops reading
        self.ws = self.worker = None

    async def open(self):
        """Connect; returns the first table render."""
        self.ws = await websockets.connect(
            self.url, origin=self.origin, additional_headers=self.headers, max_queue=self.max_queue
        )
        self.worker = self.ws.response.headers.get("X-Kadi-Worker")
        return await self.until(lambda f: f.sync is not None)

    async def until(self, predicate):
        async with asyncio.timeout(WAIT):
            while True:
                frame = Frame(await self.ws.recv())
                if predicate(frame):
                    return frame

    async def send(self, **message):
        await self.ws.send(json.dumps(message))

    async def move(self, text, seq, move_id):
        await self.send(type="move", move=text, seq=seq, client_move_id=move_id)

    async def close(self):
        await self.ws.close()
