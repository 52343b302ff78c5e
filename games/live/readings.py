"""The latest reading of each table in this process (``games.table_page.read_table``),
shared by everything that serves the table here after a change: its sockets' renders
(``games.live.frames``) and its turn clock (``games.live.turn_clock``). A change at the
table costs one reading per process, whatever the number of its viewers.

Renders may run in several threads (``games.live.db_calls``): the callers that get the same
news at once wait for one reading, under their table's lock.
"""

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from games.models import Table
from games.table_page import TableReading, read_table

READINGS_KEPT = 500  # tables whose latest reading this process keeps


@dataclass
class Latest:
    """A table's latest reading, and what was rendered from it (by ``games.live.frames``)."""

    reading: TableReading
    renders: dict = field(default_factory=dict)


_kept = OrderedDict()  # table id -> Latest
_kept_lock = threading.Lock()  # guards _kept
_table_locks = tuple(threading.Lock() for _ in range(64))


def latest(table_id, news=None, reuse=False):
    """The table read from the database, or a reading kept already: one as new as ``news``
    (a game's (id, event number)), or with ``reuse`` any kept one (for news that changes
    no game, such as someone coming or going)."""
    with _table_locks[table_id % len(_table_locks)]:
        with _kept_lock:
            kept = _kept.get(table_id)
        if kept is not None and (reuse or _as_new(kept.reading, news)):
            return kept
        fresh = Latest(read_table(Table.objects.get(pk=table_id)))
        with _kept_lock:
            _kept[table_id] = fresh
            _kept.move_to_end(table_id)
            if len(_kept) > READINGS_KEPT:
                _kept.popitem(last=False)
        return fresh


def kept(table_id, news):
    """The reading kept of the table if it is as new as ``news``, else None; never reads
    the database (for the event loop)."""
    with _kept_lock:
        latest = _kept.get(table_id)
    return latest if latest is not None and _as_new(latest.reading, news) else None


def _as_new(reading, news):
    if not news or news[0] is None or reading.game is None or reading.game.pk != news[0]:
        return False
    return reading.game.seq >= news[1]
