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
"""

from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings

PARALLEL = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
THREADS = 3  # fewer than the connection pool's max_size (settings.DATABASES); see above

_executor = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="db-call") if PARALLEL else None


def db_call(func):
    """``func`` as a coroutine function that runs it in a database thread (see above)."""
    if PARALLEL:
        return database_sync_to_async(func, thread_sensitive=False, executor=_executor)
    return database_sync_to_async(func)
