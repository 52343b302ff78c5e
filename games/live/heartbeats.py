"""Presence heartbeats of every socket and game stream of the process, written together.

While a logged-in viewer has a table open, each of their sockets' ``Presence`` rows has its
``seen_at`` kept fresh (``games.presence``): a row not refreshed within the timeout counts
as gone, which is how a dead server's sockets end. A write per socket every
``PRESENCE_HEARTBEAT_SECONDS``, each handed to a database thread, is at scale as many
writes as the moves, each a thread's turn at the interpreter lock beside the event loop's
frames (docs/scaling.md). Here one task of the process writes, once a second (or more
often, within ``presence.HEARTBEAT_LAG`` of a heartbeat), every row whose heartbeat is
due, in one statement (``presence.seen_many``). In the same hop it reads again, in one
query, the rows of the tables with sockets here whose copies age or are not kept
(``presence.aging``): the turn clock asks them after every move, and a copy expired there
cost that move a thread's hop and a query. From those copies it sees who went without a
goodbye (another server died: ``presence.expired``) and tells their tables, whose pages
then show them gone. The task stops when the last one detaches.

Every tick the same task fills the quick games whose wait is over with bots
(``games.play.play_now``): the wait is counted down on the player's page in seconds, and the
task engine's sweep (``timers.jobs``, once a minute) is too coarse for that. The other
deadlines (games left alone, expired guests, challenges past their expiry) are the task
engine's alone: they fire whether or not any server has a table open.
"""

import asyncio
import logging

from django.utils import timezone

from games import presence
from games.live import realtime
from games.live.db_calls import db_call
from games.play import play_now

log = logging.getLogger(__name__)
TICK_SECONDS = 1.0

_due = {}  # socket key -> [its table id, event loop time its heartbeat is due]
_told = set()  # the expiries (presence.expired) told to their tables
_task = None


def attach(table_id, socket):
    """``socket`` (its presence row's key) is open at the table: keep its row fresh."""
    global _task
    loop = asyncio.get_running_loop()
    _due[socket] = [table_id, loop.time() + presence.heartbeat_seconds()]
    if _task is None or _task.done() or _task.get_loop() is not loop:  # a test's earlier loop, say
        _task = loop.create_task(_beat(), name="presence heartbeats")


def detach(socket):
    """That socket closed. The last one to go stops the task (a socket attached next makes
    a new one)."""
    global _task
    _due.pop(socket, None)
    if not _due and _task is not None:
        _task.cancel()
        _task = None


def attached():
    """The socket keys kept fresh now."""
    return set(_due)


async def _beat():
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(min(TICK_SECONDS, presence.heartbeat_seconds() * presence.HEARTBEAT_LAG))
        now, wall = loop.time(), timezone.now()
        await _fill_quick_games()
        tables = {table_id for table_id, _ in _due.values()}
        await _tell_expired(tables, wall)
        due = [socket for socket, (_, when) in _due.items() if when <= now]
        aging = presence.aging(tables)
        if not due and not aging:
            continue
        for socket in due:
            _due[socket][1] = now + presence.heartbeat_seconds()
        try:
            await db_call(_write_and_read)(due, aging, wall)
        except Exception:  # a database hiccup: the next heartbeat, in time, tries again
            log.exception("presence heartbeats")


async def _fill_quick_games():
    try:
        await db_call(play_now.fill_due_tables)()
    except Exception:  # a database hiccup: the next tick tries again
        log.exception("quick games' bots")


async def _tell_expired(tables, now):
    """Tell each of ``tables`` where someone went without a goodbye (``presence.expired``), once."""
    expired = presence.expired(tables, now)
    for table_id in {table_id for table_id, _, _ in expired - _told}:
        presence.forget(table_id)
        try:
            await realtime.announce_presence(table_id)
        except Exception as error:  # the channel layer is down: the pages' resyncs catch up
            log.warning("Could not tell table %s who went: %r", table_id, error)
    _told.intersection_update(expired)
    _told.update(expired)


def _write_and_read(due, aging, now):
    """The heartbeats ``due``, then the tables' rows ``aging`` read again (with them)."""
    if due:
        presence.seen_many(due, now)
    if aging:
        presence.read_again(aging)
