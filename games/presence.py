"""Who has a table open: a count of each user's open websockets there, and when they were
last seen (kept by the table consumer; read by the page and by the turn clock).

A crashed server never closes its sockets' counts, so a user counts as online only while
one of their sockets has also refreshed ``seen_at`` within ``PRESENCE_TIMEOUT_SECONDS``;
it is refreshed every ``PRESENCE_HEARTBEAT_SECONDS`` while they have a socket open (for
all the sockets of a process at once: ``games.live.heartbeats``). Anonymous spectators are
not tracked.

The turn clock asks after every move whether the player to move is away
(``gone_since``): that is answered from a copy of the table's rows kept in this process for
up to ``MEMO_SECONDS`` (less if the settings leave less room), and dropped at once when
someone comes or goes here or the table hears of it (``forget``). A kept ``seen_at`` is at
most that old: with the memo shorter than the timeout less the heartbeat (and its lag),
nobody online counts as gone because of it. The copies of the tables with sockets here are
read again before they expire, by the heartbeats' task (``aging``, ``read_again``).
"""

import threading
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from functools import reduce
from operator import or_

from django.conf import settings
from django.db.models import F, Q
from django.db.models.functions import Greatest

from games.models import Presence

DEFAULT_HEARTBEAT = 20
DEFAULT_TIMEOUT = 60
MEMO_SECONDS = 10  # at most: below the timeout less the heartbeat (see above)
HEARTBEAT_LAG = 0.1  # of the heartbeat: how late after it is due a row may be refreshed
SEEN_AT_ONCE = 200  # tables whose rows one heartbeat statement refreshes
NEVER = datetime.min.replace(tzinfo=UTC)  # "last seen" of someone who never opened the table


def heartbeat_seconds():
    return getattr(settings, "PRESENCE_HEARTBEAT_SECONDS", DEFAULT_HEARTBEAT)


def _timeout():
    return timedelta(seconds=getattr(settings, "PRESENCE_TIMEOUT_SECONDS", DEFAULT_TIMEOUT))


def _memo_seconds():
    """How long a copy of a table's rows is kept: ``MEMO_SECONDS``, or less where the
    timeout less the heartbeat (and its lag) is shorter (see above)."""
    return min(MEMO_SECONDS, _timeout().total_seconds() - heartbeat_seconds() * (1 + HEARTBEAT_LAG))


def joined(table_id, user_id, now):
    """One more open socket of the user at the table; True when that brings them online."""
    was_online = user_id in online_user_ids(table_id, now)
    row, created = Presence.objects.get_or_create(
        table_id=table_id, user_id=user_id, defaults={"connections": 1, "seen_at": now}
    )
    if not created:
        Presence.objects.filter(pk=row.pk).update(connections=F("connections") + 1, seen_at=now)
    forget(table_id)
    return not was_online


def left(table_id, user_id, now):
    """One socket fewer; True when the user is no longer online."""
    Presence.objects.filter(table_id=table_id, user_id=user_id).update(
        connections=Greatest(F("connections") - 1, 0), seen_at=now
    )
    forget(table_id)
    return user_id not in online_user_ids(table_id, now)


def seen_many(keys, now):
    """Open sockets of these users at these tables (``(table id, user id)`` pairs) are
    alive: one statement for them all, or for each ``SEEN_AT_ONCE`` tables of them (a
    condition per table: SQLite nests each in the next, a thousand at most)."""
    users = defaultdict(list)
    for table_id, user_id in keys:
        users[table_id].append(user_id)
    tables = list(users.items())
    for start in range(0, len(tables), SEEN_AT_ONCE):
        chunk = tables[start : start + SEEN_AT_ONCE]
        rows = reduce(or_, (Q(table_id=table_id, user_id__in=ids) for table_id, ids in chunk))
        Presence.objects.filter(rows).update(seen_at=now)


def online_user_ids(table_id, now):
    return set(
        Presence.objects.filter(
            table_id=table_id, connections__gt=0, seen_at__gte=now - _timeout()
        ).values_list("user_id", flat=True)
    )


def gone_since(table_id, user_id, now, rows=None):
    """None while the user is online at the table, else when they were last seen there
    (``NEVER`` if they never were). ``rows``: the table's, as ``kept_rows`` gave them."""
    row = (_kept_rows(table_id) if rows is None else rows).get(user_id)
    if row is None:
        return NEVER
    connections, seen_at = row
    if connections > 0 and seen_at >= now - _timeout():
        return None
    return seen_at


MEMO_TABLES = 1000  # tables kept at most
_memo = {}  # table id -> (monotonic time read, {user id: (connections, seen_at)})
_forgotten = [0] * 4096  # by table id modulo 4096: forgets so far (a read overtaken by one is not kept)
_memo_lock = threading.Lock()


def kept_rows(table_id):
    """The table's presence rows if this process keeps a copy of them young enough (see
    above), else None: reading them would take the database."""
    with _memo_lock:
        kept = _memo.get(table_id)
    if kept is not None and time.monotonic() - kept[0] < _memo_seconds():
        return kept[1]
    return None


def _kept_rows(table_id):
    """The table's presence rows, as kept in this process, or read and kept (see above)."""
    kept = kept_rows(table_id)
    if kept is not None:
        return kept
    return _read_and_keep([table_id])[table_id]


def aging(table_ids):
    """Those of ``table_ids`` whose rows this process keeps, in a copy past half its time."""
    now, half = time.monotonic(), _memo_seconds() / 2
    with _memo_lock:
        return [table_id for table_id in table_ids if table_id in _memo and now - _memo[table_id][0] >= half]


def read_again(table_ids):
    """Read the rows of ``table_ids`` afresh and keep them, in one query: the heartbeats'
    task does it for the tables whose copies age (``aging``), so that the turn clock's
    question after a move finds them kept, rather than a thread's hop and a query on the
    move's path."""
    for start in range(0, len(table_ids), SEEN_AT_ONCE):
        _read_and_keep(table_ids[start : start + SEEN_AT_ONCE])


def _read_and_keep(table_ids):
    """``{table id: its rows}``, read and kept, but for a table forgotten meanwhile (its
    read may predate the change that made it forgotten)."""
    with _memo_lock:
        generations = {table_id: _forgotten[table_id % len(_forgotten)] for table_id in table_ids}
    read_at = time.monotonic()
    fresh = {table_id: {} for table_id in table_ids}
    rows = Presence.objects.filter(table_id__in=table_ids)
    for table_id, user_id, connections, seen_at in rows.values_list(
        "table_id", "user_id", "connections", "seen_at"
    ):
        fresh[table_id][user_id] = (connections, seen_at)
    with _memo_lock:
        for table_id, kept in fresh.items():
            if _forgotten[table_id % len(_forgotten)] == generations[table_id]:
                if len(_memo) >= MEMO_TABLES and table_id not in _memo:
                    _memo.clear()
                _memo[table_id] = (read_at, kept)
    return fresh


def forget(table_id):
    """Someone came to the table or left it: the next question reads its rows afresh."""
    with _memo_lock:
        _memo.pop(table_id, None)
        _forgotten[table_id % len(_forgotten)] += 1
