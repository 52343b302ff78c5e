"""A socket's move written from the event loop, on an async connection of the loop's own.

A move that is the whole change is one statement (``moves.OneStatementMove``), made from the
game as this process knows it. Run in a database thread (``games.live.db_calls``), the
thread and the event loop took turns at the interpreter lock at each of its steps: the
hand-over to the thread, the statement's round trip, the news handed back to the loop, the
move's reply. On a loaded server each turn could wait for the other side's switch interval
(docs/scaling.md, "Eleventh round"). Here the loop checks the move, sends the statement
and goes on with other work while PostgreSQL runs it; the news is announced from the loop.

Anything else (SQLite, a game this process does not hold at the socket's event number, a
move refused, a move that is not the whole change, a statement that wrote nothing or
failed, the connection unavailable) returns None, and the move is made in a database
thread as before (``moves.submit_table_move``), which words every refusal.

Each event loop has a few connections of its own (psycopg's ``AsyncConnection`` in
autocommit, made as Django makes the site's: values bound on the server, the statement
prepared), up to ``CONNECTIONS_PER_LOOP``, made as statements need them and again once
lost, and closed with their loop. Each carries one statement at a time. With one
connection, moves that came together waited for each other: each statement's reply waits
for the loop's turn to read it (a few ms on a loaded loop, busy with other tables' frames)
before the next could go out. One move in eight found another's statement ahead of it;
behind two or more, a statement took 9 to 24 ms at the median and up to 54: a good part of
the move latency's tail (docs/scaling.md, "Sixteenth round").
"""

import asyncio
import contextlib
import logging

import psycopg
from django.db import connections

from games.play import moves

logger = logging.getLogger(__name__)

CONNECT_TIMEOUT_SECONDS = 5
CONNECTIONS_PER_LOOP = 4  # statements in flight at once from one event loop (see above)
APPLICATION_NAME = "kadi event loop"  # as pg_stat_activity shows the connections
_pools = {}  # event loop -> its LoopConnections


def applies():
    """Whether moves may be written from the loop: PostgreSQL's only."""
    return connections["default"].vendor == "postgresql"


async def submit_move(game, user, text, client_move_id, expected_seq):
    """The move's ``MoveWritten`` if written from the loop (see above), else None. Once sent, the
    statement runs to its end and its news goes out even if the socket closes meanwhile
    (a cancelled wait in the middle of a round trip would leave the connection unusable)."""
    write = moves.one_statement_move(game, user, text, client_move_id, expected_seq)
    if write is None:
        return None
    return await asyncio.shield(asyncio.ensure_future(_written(write)))


async def _written(write):
    try:
        async with _pool().lent() as connection, connection.cursor() as cursor:
            await cursor.execute(*write.statement())
            result = await cursor.fetchone()
    except psycopg.IntegrityError:  # a client move id used already: the thread says so
        return None
    except psycopg.Error as error:  # the database out of reach, say: the thread tries, and words it
        logger.warning("A move went to a database thread: %r", error)
        return None
    return write.written_by(result)


def _pool():
    """The running loop's ``LoopConnections``, made on first use."""
    loop = asyncio.get_running_loop()
    pool = _pools.get(loop)
    if pool is None:
        pool = _pools[loop] = LoopConnections()
        _close_with(loop, pool)
    return pool


class LoopConnections:
    """An event loop's connections: each lent to one statement at a time, the one used
    last first (so a quiet loop keeps to one), a new one made while fewer than
    ``CONNECTIONS_PER_LOOP`` are open and all are lent; a statement finding them all lent
    waits for one."""

    def __init__(self):
        self.free = []  # open and lent to no statement, the one given back last at the end
        self.open = set()  # every connection made and not closed: closed with the loop
        self.slots = asyncio.Semaphore(CONNECTIONS_PER_LOOP)

    @contextlib.asynccontextmanager
    async def lent(self):
        """A connection for one statement. Raises ``psycopg.Error`` when none can be made
        (the statement goes to a thread); a statement's failure other than a broken
        constraint closes the connection, whatever state it left it in, and a new one is
        made when needed."""
        async with self.slots:
            connection = self.free.pop() if self.free else None
            if connection is None:
                connection = await _connect()
                self.open.add(connection)
            try:
                yield connection
            except psycopg.IntegrityError:
                raise
            except psycopg.Error:
                await connection.close()
                raise
            finally:
                if connection.closed:
                    self.open.discard(connection)
                else:
                    self.free.append(connection)


async def _connect():
    """A connection made as Django makes the site's (``settings.DATABASES``: the server, its
    options, the adapters), but async, in autocommit, and named for ``pg_stat_activity``."""
    params = connections["default"].get_connection_params()
    params.pop("cursor_factory")  # Django's cursors are synchronous: psycopg's async one binds on the server
    params.setdefault("connect_timeout", CONNECT_TIMEOUT_SECONDS)
    params.setdefault("application_name", APPLICATION_NAME)
    return await psycopg.AsyncConnection.connect(autocommit=True, **params)


def _close_with(loop, pool):
    """Close ``pool``'s connections when ``loop`` closes (its socket, from any thread)."""
    close = loop.close

    def closing():
        if _pools.pop(loop, None) is pool:
            for connection in pool.open:
                connection.pgconn.finish()
        close()

    loop.close = closing
