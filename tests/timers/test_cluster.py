"""The task engine in real processes (``manage.py qcluster`` on the test's database): a due
deadline fires with no page open, a periodic run is enqueued once however many clusters look,
and a task whose cluster is killed mid-run is delivered again and completed by another.

On SQLite as on PostgreSQL: django-q2's scheduler claims the due schedules in one transaction
(``select_for_update``), which PostgreSQL turns into row locks and SQLite, whose transactions
here begin by taking its one write lock (``transaction_mode`` IMMEDIATE), into one scheduler
at a time; either way the second cluster reads the schedules the first moved on."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_q.models import OrmQ, Schedule, Success, Task
from django_q.tasks import async_task

from games.models import Challenge
from games.play import challenges
from games.play.challenges import Terms
from tests.timers.helpers import Cluster, wait_until

pytestmark = pytest.mark.django_db(transaction=True)
SCHEDULES = 40  # due at once, for two clusters' schedulers to claim


def test_a_due_challenge_expires_with_no_page_open(tmp_path, make_user):
    challenge = challenges.create(make_user("amani"), make_user("wanjiru"), Terms("classic"))
    Challenge.objects.filter(pk=challenge.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    call_command("schedule_jobs")
    cluster = Cluster(tmp_path / "cluster.log").start()
    try:
        wait_until(
            lambda: Challenge.objects.get(pk=challenge.pk).status == Challenge.Status.EXPIRED,
            what=f"expiry by the cluster:\n{cluster.output()}",
        )
        ran = wait_until(lambda: Success.objects.filter(func="games.play.challenges.expire_due").first())
        assert ran.result == 1  # this run wrote it, no page or socket did
    finally:
        cluster.stop()
    assert "Traceback" not in cluster.output(), cluster.output()


def test_two_clusters_enqueue_each_periodic_run_once(tmp_path):
    past = timezone.now() - timedelta(minutes=1)
    names = [f"once-{number}" for number in range(SCHEDULES)]
    for name in names:
        Schedule.objects.create(
            name=name, func="tests.timers.jobs.note", args=repr((str(tmp_path), name)),
            schedule_type=Schedule.MINUTES, minutes=60, repeats=-1, next_run=past,
        )
    clusters = [Cluster(tmp_path / f"cluster-{n}.log").start() for n in (1, 2)]
    try:
        wait_until(lambda: all(cluster.running() for cluster in clusters), what="two clusters running")
        wait_until(lambda: Success.objects.filter(group__in=names).count() >= SCHEDULES, what="every run")
    finally:
        for cluster in clusters:  # each finishes its scheduler's pass and the tasks it holds
            cluster.stop()
    runs = (tmp_path / "notes").read_text().split()
    assert sorted(runs) == sorted(names)  # each schedule ran once, in one cluster or the other
    assert Task.objects.filter(group__in=names).count() == SCHEDULES
    assert not OrmQ.objects.exists()  # and no second copy waits in the queue
    assert all(schedule.next_run > timezone.now() for schedule in Schedule.objects.filter(name__in=names))


def test_a_task_whose_cluster_is_killed_mid_run_is_delivered_again_and_completed(tmp_path):
    """The first cluster takes the task and is killed while it runs: nothing acknowledged it,
    so after ``TASK_RETRY_SECONDS`` the broker hands it to the next cluster, which completes it."""
    retry = {"TASK_TIMEOUT_SECONDS": "2", "TASK_RETRY_SECONDS": "3"}
    task_id = async_task("tests.timers.jobs.hold", str(tmp_path))
    started = tmp_path / "started"
    first = Cluster(tmp_path / "first.log", **retry).start()
    try:
        # the line, not the file: the file exists from ``open`` on, before the line is flushed
        wait_until(lambda: started.exists() and started.read_text(), what="the task's started line")
    finally:
        first.kill()
    assert OrmQ.objects.count() == 1 and not Task.objects.exists()  # not acknowledged, no result
    (tmp_path / "release").touch()
    second = Cluster(tmp_path / "second.log", **retry).start()
    try:
        done = wait_until(lambda: Success.objects.filter(id=task_id).first(), what="the task delivered again")
    finally:
        second.stop()
    assert done.result == "released"
    assert started.read_text().split() == ["started", "started"]  # the killed run, then the second
    assert not OrmQ.objects.exists()  # acknowledged: not delivered a third time
