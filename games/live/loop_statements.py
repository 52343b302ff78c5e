"""A socket's move written from the event loop, on an async connection of the loop's own.

A move that is the whole change is one statement (``services.AloneWrite``), made from the
game as this process knows it. Run in a database thread (``games.live.db_calls``), the
thread and the event loop took turns at the interpreter lock at each of its steps: the
hand-over to the thread, the statement's round trip, the news handed back to the loop, the
move's reply. On a loaded server each turn could wait for the other side's switch interval
(docs/scaling.md, "Eleventh round"). Here the loop checks the move, sends the statement
and goes on with other work while PostgreSQL runs it; the news is announced from the loop.

Anything else (SQLite, a game this process does not hold at the socket's event number, a
move refused, a move that is not the whole change, a statement that wrote nothing or
failed, the connection unavailable) returns None, and the move is made in a database
thread as before (``services.submit_table_move``), which words every refusal.

Each event loop has its own connection (psycopg's ``AsyncConnection`` in autocommit, made
as Django makes the site's: values bound on the server, the statement prepared), made on
first use and again once lost; it is closed with its loop. The loop's statements take
turns on it: a round trip of a fraction of a millisecond each.
"""

import asyncio
import logging
import weakref

import psycopg
from django.db import connections

from games import services

logger = logging.getLogger(__name__)

CONNECT_TIMEOUT_SECONDS = 5
APPLICATION_NAME = "kadi event loop"  # as pg_stat_activity shows the connections
_connections = {}  # event loop -> the task that made its AsyncConnection
_closing = weakref.WeakSet()  # the loops that close their connection as they close


def applies():
    """Whether moves may be written from the loop: PostgreSQL's only."""
    return connections["default"].vendor == "postgresql"


async def submit_move(game, user, text, client_move_id, expected_seq):
    """The move's row if written from the loop (see above), else None. Once sent, the
    statement runs to its end and its news goes out even if the socket closes meanwhile
    (a cancelled wait in the middle of a round trip would leave the connection unusable)."""
    write = services.move_alone(game, user, text, client_move_id, expected_seq)
    if write is None:
        return None
    return await asyncio.shield(asyncio.ensure_future(_written(write)))


async def _written(write):
    connection = None
    try:
        connection = await _connection()
        async with connection.cursor() as cursor:
            await cursor.execute(*write.statement())
            result = await cursor.fetchone()
    except psycopg.IntegrityError:  # a client move id used already: the thread says so
        return None
    except psycopg.Error as error:  # the database out of reach, say: the thread tries, and words it
        logger.warning("A move went to a database thread: %r", error)
        if connection is not None:
            await _let_go(connection)
        return None
    return write.written_by(result)


async def _connection():
    """The loop's connection: made on first use, and again once lost (the database
    restarted, say: the statement that found it lost went to a thread)."""
    loop = asyncio.get_running_loop()
    made = _connections.get(loop)
    if made is None or (made.done() and made.result().closed):
        made = _connections[loop] = loop.create_task(_connect())
        if loop not in _closing:
            _close_with(loop)
    try:
        return await asyncio.shield(made)
    except psycopg.Error:
        _connections.pop(loop, None)  # the next move tries again
        raise


async def _let_go(connection):
    """Close the loop's ``connection``, whatever state a failure left it in: the next move
    makes a new one."""
    loop = asyncio.get_running_loop()
    made = _connections.get(loop)
    if made is not None and made.done() and made.exception() is None and made.result() is connection:
        del _connections[loop]
    await connection.close()


async def _connect():
    """A connection made as Django makes the site's (``settings.DATABASES``: the server, its
    options, the adapters), but async, in autocommit, and named for ``pg_stat_activity``."""
    params = connections["default"].get_connection_params()
    params.pop("cursor_factory")  # Django's cursors are synchronous: psycopg's async one binds on the server
    params.setdefault("connect_timeout", CONNECT_TIMEOUT_SECONDS)
    params.setdefault("application_name", APPLICATION_NAME)
    return await psycopg.AsyncConnection.connect(autocommit=True, **params)


def _close_with(loop):
    """Close the loop's connection when the loop closes (its socket, from any thread)."""
    close = loop.close
    _closing.add(loop)

    def closing():
        made = _connections.pop(loop, None)
        if made is not None and made.done() and made.exception() is None:
            made.result().pgconn.finish()
        close()

    loop.close = closing
