"""Database work awaited from async code (the table's websocket consumers and turn clocks).

Channels' ``database_sync_to_async`` runs every call in one shared thread by default, so on
a busy server each call queues behind all the others. PostgreSQL takes many writers at
once (a game's moves are still serialised by its row lock), so there the calls run side by
side in a pool of threads of this process, each borrowing a pooled connection for the call
and giving it back at the end. SQLite takes one writer at a time: there they keep to the
one thread.

A few threads, not many: each thread that has work competes with the event loop for the
interpreter lock and for the two cores, and the loop's frames then wait. With 8 threads a
loaded server's move latency p99 was 42-45 ms, with 2 to 4 threads 31-37 ms, in alternated
runs (bench/realtime.py, PostgreSQL + Redis, 50 tables, think 1 s; docs/scaling.md, ninth
round).

The threads are this module's, for the life of the process, rather than each event loop's
default executor: with those, the test suite's short-lived loops left pooled connections
checked out until the pool ran dry.

A call whose connection died under it (the server restarted or ended the backend between
the pool's check and the call, or in the middle of the call) runs once more, on a fresh
connection: its transaction, if any, was rolled back with the connection, and a move run
twice is still made once (its client move id). A second failure is the caller's to word.
"""

from concurrent.futures import ThreadPoolExecutor
from functools import wraps

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection

PARALLEL = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
THREADS = 3  # fewer than the connection pool's max_size (settings.DATABASES); see above

_executor = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="db-call") if PARALLEL else None


def db_call(func):
    """``func`` as a coroutine function that runs it in a database thread (see above)."""
    if PARALLEL:
        return database_sync_to_async(once_more_if_lost(func), thread_sensitive=False, executor=_executor)
    return database_sync_to_async(func)


def once_more_if_lost(func):
    """``func``, run once more on a fresh connection if its connection died under it (see above)."""

    @wraps(func)
    def call(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except (OperationalError, InterfaceError):
            if not connection_lost():
                raise
            connection.close()  # back to the pool, which drops it: the next use takes a fresh one
            return func(*args, **kwargs)

    return call


def connection_lost() -> bool:
    """Whether this thread's connection died (outside any transaction of the caller's)."""
    raw = connection.connection
    return not connection.in_atomic_block and (raw is None or raw.closed or raw.broken)
