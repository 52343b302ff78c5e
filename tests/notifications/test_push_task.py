"""A push goes through the task engine: the writer queues it on commit, a task cluster (a
``manage.py qcluster`` process on the test database) sends it to the player's browser."""

import pytest
from django.conf import settings

from notifications.models import Kind
from notifications.send import notify
from tests.notifications.test_push import check_vapid, subscribe
from tests.timers.helpers import Cluster, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_task_cluster_pushes_what_a_write_queued(user, browser, push_service, tmp_path):
    subscribe(user, browser, push_service.url("/push/amani"))
    notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="Baraka")  # committed: queued
    assert push_service.received == []
    names = ("VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY", "VAPID_SUBJECT")  # the test's pair, not a dev file's
    keys = {name: getattr(settings, name) for name in names}
    cluster = Cluster(tmp_path / "cluster.log", **keys).start()
    try:
        (request,) = wait_until(lambda: push_service.received, what="push from the task cluster")
    finally:
        cluster.stop()
    assert request["path"] == "/push/amani"
    check_vapid(request["headers"]["authorization"], push_service.url(""))
