"""Removing guests whose time is over (``accounts.guests``; ``GUEST_KEEP_SECONDS``).

An expired guest's tables go with every game at them when no other person played there
(bots do not count); the guest's row goes once no game of anyone else's remembers them.
A guest who played with other people stays in those people's games: their row is kept,
closed (``is_active`` off: no session works, no page lists them) and no longer a guest
waiting to sign up. Run hourly by the task engine (``timers.jobs``; one indexed query when no
guest is due), or by hand with ``manage.py prune_guests``; two runs at once remove each guest
once (each takes the guest's row lock and looks again).
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
    due = User.objects.filter(is_guest=True, guest_expires__lte=now)
    for guest_id in due.values_list("pk", flat=True):
        with transaction.atomic():
            # under the guest's row lock, still due: another run at once may have taken them
            guest = due.select_for_update().filter(pk=guest_id).first()
            if guest is None:
                continue
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
