"""The tournaments' periodic job (``timers.jobs``): start and pair what is due, end what is
past its end, and make the recurring tournaments' next occurrences.

Each tournament is handled under its row lock, looked at again there, so the job is
idempotent and safe run twice at once; an occurrence is made once (the unique occurrence
constraint: a second maker's insert is refused and ignored).
"""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.models import RecurringTournament, Tournament
from tournaments.writes import finish, pairing, results

AHEAD = timedelta(days=1)  # how far ahead a recurring tournament's next occurrence is made
COPIED = (
    "name",
    "preset",
    "rule_overrides",
    "seats",
    "turn_timer_seconds",
    "minutes",
    "rated",
    "bots_allowed",
)


def run_due(now: datetime | None = None) -> int:
    """Everything due at ``now``; returns how many tables and tournaments it made or finished."""
    now = now or timezone.now()
    done = make_occurrences(now)
    live = Tournament.objects.filter(
        status__in=(Tournament.Status.RUNNING, Tournament.Status.ENDING)
    ) | Tournament.objects.filter(status=Tournament.Status.SCHEDULED, starts_at__lte=now)
    for tournament_id in live.values_list("pk", flat=True):
        done += pairing.pair_if_due(tournament_id, now)
        done += _end_if_over(tournament_id, now)
    return done


def _end_if_over(tournament_id: int, now: datetime) -> int:
    """Abandoned games counted for nobody; past the end, no new table, and finished once no
    game is left (``finish.finish_if_over``)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            return 0
        results.release_abandoned(tournament, now)
        return int(finish.finish_if_over(tournament, now))


def make_occurrences(now: datetime) -> int:
    """Each active recurring tournament's occurrences starting within ``AHEAD`` of ``now``,
    made once; returns how many were made."""
    made = 0
    for template in RecurringTournament.objects.filter(active=True):
        for starts_at in occurrences(template, now, now + AHEAD):
            fields = {name: getattr(template, name) for name in COPIED}
            try:
                with transaction.atomic():  # a savepoint: another run may have made it
                    Tournament.objects.create(
                        recurrence=template, starts_at=starts_at, private=False, **fields
                    )
            except IntegrityError:
                continue
            made += 1
    return made


def occurrences(template: RecurringTournament, after: datetime, until: datetime) -> list[datetime]:
    """The template's start times in ``(after, until]``: its local time ``at`` in its time
    zone each day (or on its weekday), as aware datetimes."""
    try:
        zone = ZoneInfo(template.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        return []  # the admin refuses it; an older row is skipped
    first = after.astimezone(zone).date() - timedelta(days=1)
    days = (first + timedelta(days=n) for n in range((until - after).days + 3))
    starts = [datetime.combine(day, _at(template), tzinfo=zone) for day in days]
    weekly = template.every == RecurringTournament.Every.WEEK
    return [
        start
        for start in starts
        if after < start <= until and not (weekly and start.weekday() != (template.weekday or 0))
    ]


def _at(template: RecurringTournament) -> time:
    return template.at.replace(tzinfo=None)
