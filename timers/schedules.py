"""Making django-q2's Schedule rows match ``timers.jobs.JOBS`` (``manage.py schedule_jobs``).

Ours are the schedules named ``timers:<path>``; any other (made in the admin, say) is left
alone. A new job is due at once; a changed interval keeps the run already planned, unless the
new interval brings it sooner; a job no longer listed loses its schedule. Run twice, or by two
launchers at once, it ends with one schedule per job: the whole write holds a lock (PostgreSQL:
an advisory lock; SQLite: the database's one writer, which a transaction takes when it begins).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.utils import timezone
from django_q.models import Schedule

from timers.jobs import JOBS, Job

PREFIX = "timers:"


@dataclass
class Changes:
    """The jobs' paths whose schedule was made, changed or removed."""

    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)


def schedule_name(job: Job) -> str:
    return PREFIX + job.path


def sync_schedules(jobs: Iterable[Job] = JOBS, now: datetime | None = None) -> Changes:
    """Create, update and delete our Schedule rows so that there is one per job of ``jobs``."""
    now = now or timezone.now()
    wanted = {schedule_name(job): job for job in jobs}
    changes = Changes()
    with transaction.atomic():
        _one_writer_at_a_time()
        kept = set()
        for schedule in Schedule.objects.filter(name__startswith=PREFIX).order_by("pk"):
            job = wanted.get(schedule.name)
            if job is None or schedule.name in kept:  # not a job any more, or a duplicate
                schedule.delete()
                changes.deleted.append(schedule.func)
                continue
            kept.add(schedule.name)
            if _update(schedule, job, now):
                changes.updated.append(job.path)
        for name, job in wanted.items():
            if name not in kept:
                Schedule.objects.create(
                    name=name,
                    func=job.path,
                    schedule_type=Schedule.MINUTES,
                    minutes=job.minutes,
                    repeats=-1,
                    next_run=now,
                )
                changes.created.append(job.path)
    return changes


def _update(schedule: Schedule, job: Job, now: datetime) -> bool:
    """Bring ``schedule`` in line with ``job``; whether anything changed."""
    interval = timedelta(minutes=job.minutes)
    target = {
        "func": job.path,
        "schedule_type": Schedule.MINUTES,
        "minutes": job.minutes,
        "repeats": -1,
        "args": None,
        "kwargs": None,
        "cluster": None,
    }
    if all(getattr(schedule, name) == value for name, value in target.items()):
        return False
    for name, value in target.items():
        setattr(schedule, name, value)
    if schedule.next_run is None or schedule.next_run > now + interval:
        schedule.next_run = now + interval
    schedule.save()
    return True


def _one_writer_at_a_time() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s::text))", ["kadi.timers.schedule_jobs"])
