"""Who has a table open: a row per open websocket (or API game stream) of a logged-in user
there, with a heartbeat (kept by the table consumer and the streams; read by the page and by
the turn clock).

A socket's row is refreshed every ``PRESENCE_HEARTBEAT_SECONDS`` while it is open (for all
the sockets of a process at once: ``games.live.heartbeats``); a user counts as online while
one of their open rows was refreshed within ``PRESENCE_TIMEOUT_SECONDS``. A server that dies
takes no clean-up with it: its sockets' rows simply stop being refreshed, and its users go
offline on their own within the timeout (each other process's heartbeats notice it and tell
their tables: ``expired``). Nothing is counted, so no count can go wrong. A closed socket's
row stays, to say when the user was last seen there (the turn clock's away timer), until the
user's next socket at the table sweeps it (``joined``, ``left``). Anonymous spectators are
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
from datetime import UTC, datetime, timedelta

from cachetools import LRUCache
from django.conf import settings
from django.db.models import Q

from games.models import Presence

MEMO_SECONDS = 10  # at most: below the timeout less the heartbeat (see above)
HEARTBEAT_LAG = 0.1  # of the heartbeat: how late after it is due a row may be refreshed
SEEN_AT_ONCE = 500  # sockets whose rows one heartbeat statement refreshes; tables one read reads
EXPIRED_WITHIN = 2 * MEMO_SECONDS  # longer than a table's rows may go unkept here (``expired``)
NEVER = datetime.min.replace(tzinfo=UTC)  # "last seen" of someone who never opened the table


def heartbeat_seconds():
    return settings.PRESENCE_HEARTBEAT_SECONDS


def _timeout():
    return timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)


def _memo_seconds():
    """How long a copy of a table's rows is kept: ``MEMO_SECONDS``, or less where the
    timeout less the heartbeat (and its lag) is shorter (see above)."""
    return min(MEMO_SECONDS, _timeout().total_seconds() - heartbeat_seconds() * (1 + HEARTBEAT_LAG))


def joined(table_id, user_id, now, socket):
    """The user opened ``socket`` (its own key: a channel name, say) at the table; True when
    that brings them online. Their closed and expired rows there go."""
    was_online = user_id in online_user_ids(table_id, now)
    _sweep(table_id, user_id, now)
    Presence.objects.create(table_id=table_id, user_id=user_id, socket=socket, seen_at=now)
    forget(table_id)
    return not was_online


def left(table_id, user_id, now, socket):
    """``socket`` closed; True when the user is no longer online. Its row stays, closed, to
    say when they were last seen; their older closed and expired rows go."""
    _sweep(table_id, user_id, now, keep=socket)
    Presence.objects.filter(socket=socket).update(closed=True, seen_at=now)
    forget(table_id)
    return user_id not in online_user_ids(table_id, now)


def _sweep(table_id, user_id, now, keep=None):
    """Delete the user's rows at the table of sockets closed, or of a server that died (but
    ``keep``'s)."""
    stale = Q(closed=True) | Q(seen_at__lt=now - _timeout())
    Presence.objects.filter(stale, table_id=table_id, user_id=user_id).exclude(socket=keep).delete()


def seen_many(sockets, now):
    """These open sockets are alive: one statement for each ``SEEN_AT_ONCE`` of them."""
    sockets = list(sockets)
    for start in range(0, len(sockets), SEEN_AT_ONCE):
        Presence.objects.filter(socket__in=sockets[start : start + SEEN_AT_ONCE]).update(seen_at=now)


def online_user_ids(table_id, now):
    return set(
        Presence.objects.filter(table_id=table_id, closed=False, seen_at__gte=now - _timeout()).values_list(
            "user_id", flat=True
        )
    )


def open_tables(user_ids, now):
    """``{user id: ids of the tables they have open now}`` for those of ``user_ids`` online
    anywhere (the friends page): one query on the rows' user index, no copy kept."""
    found = {}
    rows = Presence.objects.filter(user_id__in=user_ids, closed=False, seen_at__gte=now - _timeout())
    for user_id, table_id in rows.values_list("user_id", "table_id"):
        found.setdefault(user_id, set()).add(table_id)
    return found


def gone_since(table_id, user_id, now, rows=None):
    """None while the user is online at the table, else when they were last seen there
    (``NEVER`` if they never were). ``rows``: the table's, as ``kept_rows`` gave them."""
    row = (_kept_rows(table_id) if rows is None else rows).get(user_id)
    if row is None:
        return NEVER
    open_seen_at, seen_at = row
    if open_seen_at is not None and open_seen_at >= now - _timeout():
        return None
    return seen_at


def expired(table_ids, now):
    """``(table id, user id, seen_at)`` of the users whose latest open socket at one of
    ``table_ids`` went unrefreshed past the timeout within the last ``EXPIRED_WITHIN``
    seconds, by the rows this process keeps: their server died (or lost the database), and
    the table should hear that they went."""
    latest, earliest = now - _timeout(), now - _timeout() - timedelta(seconds=EXPIRED_WITHIN)
    found = set()
    for table_id in table_ids:
        for user_id, (open_seen_at, _) in (kept_rows(table_id) or {}).items():
            if open_seen_at is not None and earliest <= open_seen_at < latest:
                found.add((table_id, user_id, open_seen_at))
    return found


MEMO_TABLES = 1000  # tables kept at most
# table id -> (monotonic time read, {user id: (latest seen_at of an open row or None, of any)})
_memo = LRUCache(maxsize=MEMO_TABLES)
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
    """Those of ``table_ids`` whose rows this process keeps in a copy past half its time, or
    does not keep."""
    now, half = time.monotonic(), _memo_seconds() / 2
    with _memo_lock:
        return [
            table_id for table_id in table_ids if table_id not in _memo or now - _memo[table_id][0] >= half
        ]


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
    for table_id, user_id, closed, seen_at in rows.values_list("table_id", "user_id", "closed", "seen_at"):
        open_seen_at, latest = fresh[table_id].get(user_id, (None, seen_at))
        if not closed and (open_seen_at is None or seen_at > open_seen_at):
            open_seen_at = seen_at
        fresh[table_id][user_id] = (open_seen_at, max(latest, seen_at))
    with _memo_lock:
        for table_id, kept in fresh.items():
            if _forgotten[table_id % len(_forgotten)] == generations[table_id]:
                _memo[table_id] = (read_at, kept)
    return fresh


def forget(table_id):
    """Someone came to the table or left it: the next question reads its rows afresh."""
    with _memo_lock:
        _memo.pop(table_id, None)
        _forgotten[table_id % len(_forgotten)] += 1
