"""``manage.py schedule_jobs``: django-q2's schedules match ``timers.jobs.JOBS`` exactly, and
running it again changes nothing; every job's path names a function a worker can call."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from django.utils.module_loading import import_string
from django_q.models import Schedule

from timers.jobs import JOBS, Job
from timers.schedules import PREFIX, sync_schedules

pytestmark = pytest.mark.django_db


def ours():
    schedules = Schedule.objects.filter(name__startswith=PREFIX)
    return {s.func: (s.schedule_type, s.minutes, s.repeats) for s in schedules}


def test_schedule_jobs_makes_one_schedule_per_job_and_is_idempotent():
    first, second = StringIO(), StringIO()
    call_command("schedule_jobs", stdout=first)
    assert ours() == {job.path: (Schedule.MINUTES, job.minutes, -1) for job in JOBS}
    assert Schedule.objects.count() == len(JOBS)
    assert first.getvalue().count("Schedule created") == len(JOBS)

    call_command("schedule_jobs", stdout=second)
    assert second.getvalue().strip() == "The schedules match the jobs."
    assert Schedule.objects.count() == len(JOBS)


def test_a_changed_interval_is_updated_a_stale_job_deleted_and_other_schedules_left_alone():
    now = timezone.now()
    expiry, abandon = "games.play.challenges.expire_due", "games.play.abandon.abandon_stale_games"
    sync_schedules([Job(expiry, 60), Job(abandon, 600)])
    theirs = Schedule.objects.create(name="by hand", func=abandon, minutes=5)
    Schedule.objects.filter(func=expiry).update(next_run=now + timedelta(minutes=1))
    duplicate = Schedule.objects.get(func=expiry, name__startswith=PREFIX)
    duplicate.pk = None
    duplicate.save()  # two of one job (as two launchers racing without the lock could leave)

    changes = sync_schedules([Job(expiry, 180)], now=now)

    assert changes.updated == [expiry] and changes.created == []
    assert sorted(changes.deleted) == [abandon, expiry]
    assert ours() == {expiry: (Schedule.MINUTES, 3, -1)}
    kept = Schedule.objects.get(name__startswith=PREFIX)
    assert kept.next_run == now + timedelta(minutes=1)  # the run already planned, sooner than 3 minutes
    assert Schedule.objects.filter(pk=theirs.pk).exists()


def test_every_job_is_a_function_of_no_argument_run_at_most_once_a_minute():
    for job in JOBS:
        function = import_string(job.path)
        assert callable(function)
        function()  # nothing due in an empty database: each runs, writing nothing
    assert [Job("x.y", seconds).minutes for seconds in (1, 30, 60, 61, 3600)] == [1, 1, 1, 2, 60]
    assert len({job.path for job in JOBS}) == len(JOBS)
