"""The API's NDJSON streams: async generators that follow tables' Channels groups.

Any message in a table's group means "this table may have changed": the stream re-reads
what it shows (``api.feed``) and sends what is new. ``paced`` sends a keep-alive newline
whenever ``API_KEEPALIVE_SECONDS`` pass without a line, whatever the stream is waiting
for: a busy table's messages that bring no news, a slow database. When the client goes
away, the ASGI handler cancels the generator at its ``await``; the ``finally`` blocks then
leave the groups and the table, so nothing is left behind.

While a seat's game stream is open, its player counts as at the table (``games.presence``)
and the table's turn clock runs in this process (``games.live.turn_clock``): bots answer, and
turn timers run, just as with the table page open.
"""

import asyncio
import json
import uuid
from contextlib import suppress

from channels.layers import get_channel_layer
from django.conf import settings
from django.dispatch import receiver
from django.utils import timezone

from api import feed
from api.tokens import token_revoked
from games import presence
from games.live import heartbeats, realtime, turn_clock
from games.live.db_calls import db_call
from games.models import Game
from tournaments.signals import tables_made

KEEPALIVE = b"\n"


def line(frame):
    return (json.dumps(frame, separators=(",", ":")) + "\n").encode()


async def paced(lines):
    """The lines of the async generator ``lines``, and a keep-alive newline whenever
    ``API_KEEPALIVE_SECONDS`` pass without a line: the next line is read in a task of its
    own, which the keep-alives do not disturb. Ends with ``lines``; closing it closes them."""
    loop = asyncio.get_running_loop()
    interval = settings.API_KEEPALIVE_SECONDS
    due = loop.time() + interval
    pending = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(lines))
            done, _ = await asyncio.wait({pending}, timeout=max(0, due - loop.time()))
            if done:
                got, pending = pending, None
                try:
                    chunk = got.result()
                except StopAsyncIteration:
                    return
            else:
                chunk = KEEPALIVE
            due = loop.time() + interval
            yield chunk
    finally:
        if pending is not None:  # the client went away: the reading's own finally blocks run
            pending.cancel()
            await asyncio.wait({pending})
            with suppress(asyncio.CancelledError, StopAsyncIteration):
                pending.result()
        await lines.aclose()


class TableNews:
    """A channel of this process in the groups of some tables: ``wait()`` returns the next
    message, or None after ``API_KEEPALIVE_SECONDS`` (time to look again)."""

    def __init__(self, user_id, token_id, events=False):
        self.layer = get_channel_layer()
        self.channel = None
        self.tables = set()
        # Where the stream hears that it may run no more: the account closed, the token revoked;
        # and with ``events`` (the event stream), that one of the player's challenges changed, or
        # that a tournament seated them at a new table.
        self.ending = (realtime.account_group(user_id), realtime.token_group(token_id))
        if events:
            self.ending += (realtime.challenges_group(user_id), realtime.events_group(user_id))

    async def watch(self, tables):
        """Follow exactly ``tables`` from now on."""
        if self.channel is None:
            self.channel = await self.layer.new_channel("api.")
            for group in self.ending:
                await self.layer.group_add(group, self.channel)
        for table_id in tables - self.tables:
            await self.layer.group_add(realtime.table_group(table_id), self.channel)
        for table_id in self.tables - tables:
            await self.layer.group_discard(realtime.table_group(table_id), self.channel)
        self.tables = set(tables)

    async def wait(self):
        try:
            async with asyncio.timeout(settings.API_KEEPALIVE_SECONDS):
                return await self.layer.receive(self.channel)
        except TimeoutError:
            return None

    async def close(self):
        if self.channel is not None:
            await self.watch(set())
            for group in self.ending:
                await self.layer.group_discard(group, self.channel)


@receiver(token_revoked, dispatch_uid="api.streams.token_revoked")
def end_token_streams(sender, token_id, **kwargs):
    realtime.end_sockets(realtime.token_group(token_id), "revoked")


@receiver(tables_made, dispatch_uid="api.streams.tables_made")
def tell_tournament_players(sender, tournament, user_ids, **kwargs):
    """A tournament seated these players at new tables, their games started (committed):
    their event streams look again, and say tournamentGameStart."""
    realtime.tell_all([realtime.events_group(user_id) for user_id in user_ids], {"type": "events.changed"})


def _ended(message):
    return message is not None and message.get("type") == "viewer.ended"


def game_stream(game_id, table_id, seat, user_id, token_id):
    """A seat's game, ``paced``: "gameFull", then a "gameState" for every change, until the
    game is over (or deleted, or the token revoked, or the account closed)."""
    return paced(_game_lines(game_id, table_id, seat, user_id, token_id))


async def _game_lines(game_id, table_id, seat, user_id, token_id):
    """``game_stream`` without keep-alives. It looks again at every keep-alive interval
    without a message: a message lost on the way (a channel layer may drop one) delays news
    by one interval at most."""
    news = TableNews(user_id, token_id)
    present = False
    try:
        await news.watch({table_id})  # before the first reading, so that no change is missed
        turn_clock.attach(table_id)
        socket = uuid.uuid4().hex  # the stream's presence row (games.presence)
        heartbeats.attach(table_id, socket)
        present = True
        if await db_call(presence.joined)(table_id, user_id, timezone.now(), socket):
            await realtime.announce_presence(table_id)
        frame, cursor = await db_call(feed.game_frame)(game_id, seat)
        yield line(frame)
        while frame is None or frame["status"] == "running":
            message = await news.wait()
            if _ended(message):
                return
            if message is not None and message.get("type") == "table.changed":
                turn_clock.wake(table_id, (message["game"], message["seq"]))
            try:
                frame, cursor = await db_call(feed.game_frame)(game_id, seat, cursor)
            except Game.DoesNotExist:  # deleted meanwhile (its table, by the admin): nothing to follow
                return
            if frame is not None:
                yield line(frame)
    finally:
        await news.close()
        if present:
            turn_clock.detach(table_id)
            heartbeats.detach(socket)
            if await db_call(presence.left)(table_id, user_id, timezone.now(), socket):
                await realtime.announce_presence(table_id)


def event_stream(user, token_id):
    """The player's events, ``paced``: "gameStart" for each game of theirs running when the
    stream opens and each one that starts later (a tournament's game: "tournamentGameStart"
    first, told as soon as its pairing seats them), "gameFinish" when one ends; "challenge" for
    each open challenge sent or received, then how it was decided (``feed.challenge_events``).
    It follows the tables where they hold a seat (looked up again with every message, and
    every keep-alive interval without one) and their challenges, until the token is revoked
    or the account closed."""
    return paced(_event_lines(user, token_id))


async def _event_lines(user, token_id):
    news = TableNews(user.pk, token_id, events=True)
    told = {}  # game id -> the status last told
    told_challenges = {}  # challenge key -> the status last told
    try:
        while True:
            challenge_events = await db_call(feed.challenge_events)(user, told_challenges)
            tables, events = await db_call(feed.player_events)(user, told)
            await news.watch(tables)
            for frame in challenge_events + events:
                yield line(frame)
            if _ended(await news.wait()):
                return
    finally:
        await news.close()
