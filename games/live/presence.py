"""Who has a table open: a count of each user's open websockets there, and when they were
last seen (kept by the table consumer; read by the page and by the turn clock).

A crashed server never closes its sockets' counts, so a user counts as online only while
one of their sockets has also refreshed ``seen_at`` within ``PRESENCE_TIMEOUT_SECONDS``;
each open socket refreshes it every ``PRESENCE_HEARTBEAT_SECONDS``. Anonymous spectators
are not tracked.
"""

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db.models import F
from django.db.models.functions import Greatest

from games.models import Presence

DEFAULT_HEARTBEAT = 20
DEFAULT_TIMEOUT = 60
NEVER = datetime.min.replace(tzinfo=UTC)  # "last seen" of someone who never opened the table


def heartbeat_seconds():
    return getattr(settings, "PRESENCE_HEARTBEAT_SECONDS", DEFAULT_HEARTBEAT)


def _timeout():
    return timedelta(seconds=getattr(settings, "PRESENCE_TIMEOUT_SECONDS", DEFAULT_TIMEOUT))


def joined(table_id, user_id, now):
    """One more open socket of the user at the table; True when that brings them online."""
    was_online = user_id in online_user_ids(table_id, now)
    row, created = Presence.objects.get_or_create(
        table_id=table_id, user_id=user_id, defaults={"connections": 1, "seen_at": now}
    )
    if not created:
        Presence.objects.filter(pk=row.pk).update(connections=F("connections") + 1, seen_at=now)
    return not was_online


def left(table_id, user_id, now):
    """One socket fewer; True when the user is no longer online."""
    Presence.objects.filter(table_id=table_id, user_id=user_id).update(
        connections=Greatest(F("connections") - 1, 0), seen_at=now
    )
    return user_id not in online_user_ids(table_id, now)


def seen(table_id, user_id, now):
    """An open socket of the user's is alive."""
    Presence.objects.filter(table_id=table_id, user_id=user_id).update(seen_at=now)


def online_user_ids(table_id, now):
    return set(
        Presence.objects.filter(
            table_id=table_id, connections__gt=0, seen_at__gte=now - _timeout()
        ).values_list("user_id", flat=True)
    )


def gone_since(table_id, user_id, now):
    """None while the user is online at the table, else when they were last seen there
    (``NEVER`` if they never were)."""
    row = Presence.objects.filter(table_id=table_id, user_id=user_id).first()
    if row is None:
        return NEVER
    if row.connections > 0 and row.seen_at >= now - _timeout():
        return None
    return row.seen_at
