"""Presence heartbeats of every socket and game stream of the process, written together.

While a logged-in viewer has a table open, their ``Presence`` row's ``seen_at`` is kept
fresh (``games.presence``): a row not refreshed within the timeout counts as gone, which is
how a crashed server's connections end. A write per socket every
``PRESENCE_HEARTBEAT_SECONDS``, each handed to a database thread, is at scale as many
writes as the moves, each a thread's turn at the interpreter lock beside the event loop's
frames (docs/scaling.md). Here one task of the process writes, once a second (or more
often, within ``presence.HEARTBEAT_LAG`` of a heartbeat), every row whose heartbeat is
due, in one statement (``presence.seen_many``); a viewer with several sockets at a table
is one row and one heartbeat. In the same hop it reads again, in one query, the rows this
process keeps of those tables whose copies age (``presence.aging``): the turn clock asks
them after every move, and a copy expired there cost that move a thread's hop and a query.
The task stops when the last one detaches.
"""

import asyncio
import logging

from django.utils import timezone

from games import presence
from games.live.db_calls import db_call

log = logging.getLogger(__name__)
TICK_SECONDS = 1.0

_due = {}  # (table id, user id) -> [connections attached, event loop time its heartbeat is due]
_task = None


def attach(table_id, user_id):
    """A connection of the user's is open at the table: keep their row fresh."""
    global _task
    loop = asyncio.get_running_loop()
    key = (table_id, user_id)
    if key in _due:
        _due[key][0] += 1
    else:
        _due[key] = [1, loop.time() + presence.heartbeat_seconds()]
    if _task is None or _task.done() or _task.get_loop() is not loop:  # a test's earlier loop, say
        _task = loop.create_task(_beat(), name="presence heartbeats")


def detach(table_id, user_id):
    """That connection closed. The last one to go stops the task (a connection attached
    next makes a new one)."""
    global _task
    key = (table_id, user_id)
    entry = _due.get(key)
    if entry is not None:
        entry[0] -= 1
        if entry[0] <= 0:
            del _due[key]
    if not _due and _task is not None:
        _task.cancel()
        _task = None


def attached():
    """The (table id, user id) pairs kept fresh now."""
    return set(_due)


async def _beat():
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(min(TICK_SECONDS, presence.heartbeat_seconds() * presence.HEARTBEAT_LAG))
        now = loop.time()
        due = [key for key, (_, when) in _due.items() if when <= now]
        aging = presence.aging({table_id for table_id, _ in _due})
        if not due and not aging:
            continue
        for key in due:
            _due[key][1] = now + presence.heartbeat_seconds()
        try:
            await db_call(_write_and_read)(due, aging, timezone.now())
        except Exception:  # a database hiccup: the next heartbeat, in time, tries again
            log.exception("presence heartbeats")


def _write_and_read(due, aging, now):
    """The heartbeats ``due``, then the tables' rows ``aging`` read again (with them)."""
    if due:
        presence.seen_many(due, now)
    if aging:
        presence.read_again(aging)
