"""A player's vacation: their turn-based deadlines do not run out while they are away.

The rule (docs/rules.md, "Turn-based tables"): a vacation starts now and lasts at most
``VACATION_MAX_DAYS`` days. While it lasts, every game waiting for the player's move gets
its deadline moved to the vacation's end plus the table's full time per move (and a turn
that begins meanwhile starts counting at its end): they come back to a full move's time.
Coming back early ends it now and brings those deadlines back to now plus a full move's
time. A new vacation may start only once the player has been back at least as long as the
last one lasted: else vacations end to end would pause a game for good and keep the others
at the table waiting with no end (lichess bounds its own the same way: a cap per absence and
time back in between).
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.models import Game, Table, Vacation
from games.play.announce import announce
from games.play.errors import ServiceError


def away_until(user_id: int, now: datetime) -> datetime | None:
    """When the vacation ``user_id`` is on at ``now`` ends, or None. One indexed query."""
    current = Vacation.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now)
    return current.order_by("-ends_at").values_list("ends_at", flat=True).first()


def current(user: User, now: datetime | None = None) -> Vacation | None:
    """The vacation ``user`` is on now, or None."""
    now = now or timezone.now()
    return (
        Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now).order_by("-ends_at").first()
    )


def start(user: User, days: int, now: datetime | None = None) -> Vacation:
    """``user`` goes away for ``days`` days from ``now``: refused (``ServiceError``) past
    ``VACATION_MAX_DAYS``, while on vacation already, and too soon after the last one."""
    now = now or timezone.now()
    most = settings.VACATION_MAX_DAYS
    if type(days) is not int or not 1 <= days <= most:
        words = ngettext(
            "A vacation lasts from 1 to %(most)d day.", "A vacation lasts from 1 to %(most)d days.", most
        )
        raise ServiceError(words % {"most": most}, "bad_vacation")
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # two at once: one after the other
        last = Vacation.objects.filter(user=user, starts_at__lte=now).order_by("-ends_at").first()
        if last is not None and last.ends_at > now:
            raise ServiceError(_("You are on vacation already."), "on_vacation")
        if last is not None and now < last.ends_at + (last.ends_at - last.starts_at):
            back_by = formats.date_format(
                timezone.localtime(last.ends_at + (last.ends_at - last.starts_at)), "SHORT_DATETIME_FORMAT"
            )
            words = _("Your last vacation was recent: you may take another from %(when)s.")
            raise ServiceError(words % {"when": back_by}, "vacation_too_soon")
        vacation = Vacation.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=days))
        _move_deadlines(user, vacation.ends_at, later_only=True)
    return vacation


def stop(user: User, now: datetime | None = None) -> None:
    """``user`` is back: their vacation ends now (refused when they are on none)."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = (
            Vacation.objects.select_for_update()
            .filter(user=user, starts_at__lte=now, ends_at__gt=now)
            .order_by("-ends_at")
            .first()
        )
        if vacation is None:
            raise ServiceError(_("You are not on vacation."), "not_on_vacation")
        vacation.ends_at = now
        vacation.save(update_fields=["ends_at"])
        _move_deadlines(user, now, later_only=False)


def _move_deadlines(user: User, back: datetime, later_only: bool) -> None:
    """Set the deadline of each game waiting for ``user``'s move at a turn-based table to
    ``back`` plus its table's time per move: only where that is later (``later_only``: a
    vacation begins), else where it is earlier (they came back early). Locks each game."""
    waiting = (
        Game.objects.select_for_update(of=("self",))
        .select_related("table")
        .filter(
            status=Game.Status.RUNNING,
            move_deadline__isnull=False,
            table__pace=Table.Pace.TURN,
            players__user=user,
            players__seat=F("turn"),
        )
    )
    for game in waiting:
        deadline = back + timedelta(seconds=game.table.move_seconds)
        if (deadline > game.move_deadline) == later_only and deadline != game.move_deadline:
            game.move_deadline = deadline
            game.save(update_fields=["move_deadline"])
            announce(game.table_id)  # its pages read it again: the time left they show moved
