"""Removing guests whose time is over (``accounts.guests``; ``GUEST_KEEP_SECONDS``).

An expired guest's tables go with every game at them when no other person played there
(bots do not count); the guest's row goes once no game of anyone else's remembers them.
A guest who played with other people stays in those people's games: their row is kept,
closed (``is_active`` off: no session works, no page lists them) and no longer a guest
waiting to sign up. Run daily by ``manage.py prune_guests`` (cron) and by the abandonment
sweep of each server (one indexed query when no guest is due).
"""

from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import User
from games.models import GamePlayer, Seat, Table


def prune_guests(now: datetime | None = None) -> int:
    """Remove (or close) the guests expired at ``now``; returns how many were removed."""
    now = now or timezone.now()
    removed = 0
    for guest in User.objects.filter(is_guest=True, guest_expires__lte=now):
        with transaction.atomic():
            _tables_of_their_own(guest).delete()
            if GamePlayer.objects.filter(user=guest).exists():
                guest.is_active = False
                guest.is_guest = False
                guest.guest_expires = None
                guest.save(update_fields=["is_active", "is_guest", "guest_expires"])
            else:
                guest.delete()
                removed += 1
    return removed


def _tables_of_their_own(guest: User) -> QuerySet[Table]:
    """The tables where ``guest`` sat, played or made, and no other person ever played or sits."""
    theirs = Table.objects.filter(Q(seats__user=guest) | Q(games__players__user=guest) | Q(created_by=guest))
    people = GamePlayer.objects.filter(user__bot_level="").exclude(user=guest).values("game__table")
    seated = Seat.objects.filter(user__bot_level="").exclude(user=guest).values("table")
    return Table.objects.filter(pk__in=theirs.values("pk")).exclude(pk__in=people).exclude(pk__in=seated)
