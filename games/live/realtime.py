"""Telling a table's open websockets that something happened there: each table is a
Channels group, and every consumer of the table belongs to it.

A change says which game moved to which event number; after a game's move it also carries
what the move changed, packed for the processes other than this one
(``games.live.readings``): the rows as saved, server side only. Each consumer renders the
news for its own viewer (``games.live.frames``), so nothing rendered from another player's
view, or from the full position, is ever sent to a viewer. Chat lines are the same for
everyone and travel as HTML.

A logged-in viewer's sockets also belong to their account's group and their log-in
session's: a log-out, or the account's closing, closes them (``end_sockets``), as it ends
what the pages may do.
"""

import asyncio
import hashlib
import logging
import uuid
from functools import partial

import redis
from asgiref.sync import async_to_sync
from channels.layers import DEFAULT_CHANNEL_LAYER, InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.live import frames, readings
from games.live.channel_layer import running_loop
from games.live.publishing import GroupPublisher, in_background
from games.signals import challenge_changed, chat_line_shown, table_changed

logger = logging.getLogger(__name__)

PRESENCE_TABLES_KEPT = 10_000  # tables whose last announcement is remembered, before quiet ones are let go
_presence_told = {}  # table id -> (loop time it was last told who is there, the batch due or None)
_publishers = {}  # channel layer -> its GroupPublisher, or None


def table_group(table_id):
    return f"table.{table_id}"


def account_group(user_id):
    """Every live socket of an account (see ``end_sockets``)."""
    return f"account.{user_id}"


def token_group(token_id):
    """Every API stream opened with one token (api.streams)."""
    return f"token.{token_id}"


def challenges_group(user_id):
    """Every ``/ws/me/`` socket and API event stream of one player: their challenges changed."""
    return f"challenges.{user_id}"


def events_group(user_id):
    """Every API event stream of one player (api.streams): news for them that no table of
    theirs carries yet (a tournament seated them at a new table)."""
    return f"events.{user_id}"


def tell_all(groups, message):
    """``message`` to each of ``groups`` from synchronous code on any thread, in one hop to the
    event loop for them all (a tournament's pairing tells a thousand players at once); a
    failure is logged (whoever follows a group looks again at their next keep-alive)."""
    layer = get_channel_layer()
    try:
        if _publisher(layer) is not None or running_loop() is not None:
            for group in groups:
                _send_from_sync_code(layer, group, message)
        else:
            async_to_sync(_send_each)(layer, groups, message)
    except redis.RedisError as error:
        logger.warning("Could not tell %d groups: %r", len(groups), error)


async def _send_each(layer, groups, message):
    for group in groups:
        await layer.group_send(group, message)


def session_group(session_key):
    """Every live socket opened with one log-in session (named by a digest of its key)."""
    return f"session.{hashlib.sha256(session_key.encode()).hexdigest()[:40]}"


@receiver(table_changed, dispatch_uid="games.live.realtime")
def announce_change(sender, table_id, change, **kwargs):
    """A change at the table committed (``games.signals.table_changed``, sent from
    synchronous code): this process's reading moves on, and the table's group hears of it,
    from this thread when the layer is Redis's (``games.live.publishing``)."""
    layer = get_channel_layer()
    message, elsewhere = {"type": "table.changed", "game": None, "seq": None}, None
    if change is not None:
        readings.advance(table_id, change)
        message.update(game=change.game.pk, seq=change.game.seq)
        if not isinstance(layer, InMemoryChannelLayer):  # else every socket is in this process
            elsewhere = partial(_packed, change)
    try:
        _send_from_sync_code(layer, table_group(table_id), message, elsewhere)
    except redis.RedisError as error:  # the pages' resyncs catch up
        logger.warning("Could not tell table %s of its change: %r", table_id, error)


@receiver(challenge_changed, dispatch_uid="games.live.realtime.challenge")
def announce_challenge(sender, user_ids, **kwargs):
    """A challenge was made or decided (committed): both its players' sockets and streams look again."""
    for user_id in user_ids:
        try:
            message = {"type": "challenges.changed"}
            _send_from_sync_code(get_channel_layer(), challenges_group(user_id), message)
        except redis.RedisError as error:  # their pages see it on the next load
            logger.warning("Could not tell player %s of a challenge: %r", user_id, error)


@receiver(user_logged_out, dispatch_uid="games.live.realtime.logged_out")
def end_session_sockets(sender, request, user, **kwargs):
    """A log-out ends the session's open sockets too: they acted as the user who left."""
    if getattr(request, "session", None) is not None and request.session.session_key:
        end_sockets(session_group(request.session.session_key), "logged_out")


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.live.realtime.closed")
def end_closed_accounts_sockets(sender, instance, **kwargs):
    """An account deactivated (by the admin: banned) keeps no open socket."""
    if not instance.is_active:
        transaction.on_commit(partial(end_sockets, account_group(instance.pk), "closed"), robust=True)


@receiver(post_delete, sender=settings.AUTH_USER_MODEL, dispatch_uid="games.live.realtime.deleted")
def end_deleted_accounts_sockets(sender, instance, **kwargs):
    transaction.on_commit(partial(end_sockets, account_group(instance.pk), "closed"), robust=True)


def end_sockets(group, reason):
    """Close every live socket of ``group`` (an account's, a session's, or an API token's
    streams), telling a page why (``reason``: "logged_out", "closed", "revoked"); from
    synchronous code."""
    try:
        _send_from_sync_code(get_channel_layer(), group, {"type": "viewer.ended", "reason": reason})
    except redis.RedisError as error:  # the sockets' own checks still refuse what the account may not do
        logger.warning("Could not close the sockets of %s: %r", group, error)


def _packed(change):
    return {"change": readings.pack(change)}


def _send_from_sync_code(layer, group, message, elsewhere=None):
    """``layer.group_send`` from synchronous code: from this very thread when the layer is
    Redis's (``games.live.publishing``: the entries ``elsewhere()`` gives go to the other
    processes only), else through the event loop; on the event loop's own thread (a move
    written there: ``games.live.loop_statements``), by a task of the loop."""
    publisher = _publisher(layer)
    if publisher is not None:
        publisher.group_send(group, message, elsewhere)
        return
    message = {**message, **(elsewhere() if elsewhere else {})}
    loop = running_loop()
    if loop is None:
        async_to_sync(layer.group_send)(group, message)
    else:  # on the event loop's thread (games.live.loop_statements)
        in_background(loop, layer.group_send(group, message), f"news of {group}")


def _publisher(layer):
    """The layer's ``GroupPublisher`` (made once per layer), or None."""
    if layer not in _publishers:
        _publishers[layer] = GroupPublisher.for_layer(layer, settings.CHANNEL_LAYERS[DEFAULT_CHANNEL_LAYER])
    return _publishers[layer]


async def announce_presence(table_id):
    """Someone came online at the table, or went away: the table's group hears of it now,
    or, within ``PRESENCE_BATCH_SECONDS`` of the last time it did, once at the end of that
    time for all who came or went meanwhile through this process. (Every socket of a table
    closing at once made as many announcements, each answered by every socket still open
    with the people frame: a burst of n² frames.)"""
    loop = asyncio.get_running_loop()
    last, due = _presence_told.get(table_id, (None, None))
    if due is not None and due.get_loop() is loop and not due.done():
        return  # told with the batch
    wait = 0 if last is None else last + _batch_seconds() - loop.time()
    if len(_presence_told) >= PRESENCE_TABLES_KEPT:
        _forget_quiet_tables(loop.time())
    if wait <= 0:
        _presence_told[table_id] = (loop.time(), None)
        await _tell_presence(table_id)
    else:
        _presence_told[table_id] = (last, loop.create_task(_tell_presence(table_id, after=wait)))


async def _tell_presence(table_id, after=0):
    """Tell the table's group who is there; ``after`` seconds from now, in a task of its own.
    A failure to tell is logged: the socket that came or went is not to fail for it."""
    message = {"type": "presence.changed", "news": uuid.uuid4().hex}  # news: its id (games.live.people)
    if after:
        await asyncio.sleep(after)
        _presence_told[table_id] = (asyncio.get_running_loop().time(), None)
    try:
        await get_channel_layer().group_send(table_group(table_id), message)
    except Exception as error:  # the channel layer is down: the pages' resyncs catch up
        logger.warning("Could not tell table %s who is there: %r", table_id, error)


def _forget_quiet_tables(now):
    """Let go of the tables told longer than a batch ago, with no batch due."""
    quiet = [
        table_id
        for table_id, (last, due) in _presence_told.items()
        if due is None and now - last >= _batch_seconds()
    ]
    for table_id in quiet:
        del _presence_told[table_id]


def _batch_seconds():
    return settings.PRESENCE_BATCH_SECONDS


async def announce_chat(table_id, html):
    """A new chat line, rendered (``games/live/chat_line.html``)."""
    await get_channel_layer().group_send(table_group(table_id), chat_news(html))


def chat_news(html):
    return {"type": "chat.message", "html": html}


@receiver(chat_line_shown, dispatch_uid="games.live.realtime.chat_line_shown")
def announce_shown_chat_line(sender, message, **kwargs):
    """Staff let a held chat line through (committed): the table sees it now, as any line."""
    try:
        news = chat_news(frames.chat_line(message))
        _send_from_sync_code(get_channel_layer(), table_group(message.table_id), news)
    except redis.RedisError as error:  # it shows to whoever opens the table next
        logger.warning("Could not show table %s a chat line: %r", message.table_id, error)
