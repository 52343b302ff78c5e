"""Web Push delivered to a real HTTP endpoint: signed with the site's VAPID key, encrypted
(aes128gcm) for the browser's keys, carrying exactly C4's payload; a gone endpoint is dropped."""

import base64
import json

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.utils import translation
from django_q.models import OrmQ

from notifications import push, vapid
from notifications.models import Kind, Preference, PushSubscription
from notifications.send import PUSH, notify

pytestmark = pytest.mark.django_db


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_vapid(header: str, audience: str) -> dict:
    """The claims of a ``vapid t=..., k=...`` Authorization header, its signature checked
    against the site's public key."""
    scheme, _, rest = header.partition(" ")
    assert scheme == "vapid"
    parts = dict(item.strip().split("=", 1) for item in rest.split(","))
    assert parts["k"] == vapid.public_key()
    head, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    decoded = json.loads(unb64(claims))
    assert decoded["aud"] == audience
    return decoded


def subscribe(user, browser, endpoint):
    info = browser.subscription(endpoint)
    return PushSubscription.objects.create(user=user, endpoint=endpoint, label="test", **info["keys"])


def test_a_notification_is_pushed_signed_and_encrypted_with_the_payload(
    user, browser, push_service, settings
):
    subscription = subscribe(user, browser, push_service.url("/push/amani"))
    Preference.objects.create(user=user, language="sw")
    notification = notify(user, Kind.CHALLENGE, "challenge:abc", "/challenges/", name="Baraka")

    assert push.deliver(notification.pk) == 1

    (request,) = push_service.received
    assert request["path"] == "/push/amani"
    assert request["headers"]["content-encoding"] == "aes128gcm"
    claims = check_vapid(request["headers"]["authorization"], push_service.url(""))
    assert claims["sub"] == settings.VAPID_SUBJECT
    data = http_ece.decrypt(request["body"], private_key=browser.private_key, auth_secret=browser.auth)
    with translation.override("sw"):
        expected_body = "Baraka anakupa changamoto ya mchezo."
    assert json.loads(data) == {
        "title": json.loads(data)["title"],
        "body": expected_body,
        "url": "/challenges/",
        "tag": "challenge:challenge:abc",
    }
    assert set(json.loads(data)) == {"title", "body", "url", "tag"}
    subscription.refresh_from_db()
    assert subscription.last_success_at is not None


@pytest.mark.parametrize("status", [404, 410])
def test_a_gone_endpoint_is_dropped(user, browser, push_service, status, caplog):
    subscribe(user, browser, push_service.url("/push/gone"))
    push_service.status = status
    notification = notify(user, Kind.GAME_OVER, "game:1", "/t/1/", place=1, players=2, table="Kibanda")

    assert push.deliver(notification.pk) == 0
    assert not PushSubscription.objects.filter(user=user).exists()
    assert "Traceback" not in caplog.text


def test_another_failure_keeps_the_subscription_in_one_log_line(user, browser, push_service, caplog):
    subscribe(user, browser, push_service.url("/push/busy"))
    push_service.status = 503
    notification = notify(user, Kind.GAME_OVER, "game:1", "/t/1/", place=2, players=2, table="Kibanda")

    assert push.deliver(notification.pk) == 0
    assert PushSubscription.objects.filter(user=user).exists()
    assert [r.levelname for r in caplog.records if r.name == "notifications.push"] == ["WARNING"]
    assert not any(r.exc_info for r in caplog.records)


def test_an_unreachable_service_is_one_log_line(user, browser, caplog):
    subscribe(user, browser, "http://127.0.0.1:9/push/nobody")  # the discard port: nothing listens
    notification = notify(user, Kind.GAME_OVER, "game:1", "/t/1/", place=2, players=2, table="Kibanda")

    assert push.deliver(notification.pk) == 0
    assert PushSubscription.objects.filter(user=user).exists()
    assert not any(r.exc_info for r in caplog.records)


def test_push_off_or_quiet_hours_send_nothing_but_the_list_keeps_it(
    user, browser, push_service, django_capture_on_commit_callbacks
):
    subscribe(user, browser, push_service.url("/push/amani"))
    Preference.objects.create(user=user, channels={"challenge.push": False})
    before = queued()
    with django_capture_on_commit_callbacks(execute=True):
        assert notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="Baraka") is not None
    assert pushes_queued(before) == []

    from datetime import time

    Preference.objects.filter(user=user).update(
        channels={}, quiet_start=time(0, 0), quiet_end=time(23, 59, 59)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert notify(user, Kind.CHALLENGE, "challenge:2", "/challenges/", name="Baraka") is not None
    assert pushes_queued(before) == []
    assert user.notifications.count() == 2


def pushes_queued(before):
    """The push tasks queued since ``before`` (``queued()`` then; a server process of another
    test may queue its own meanwhile): the notification each is for."""
    tasks = [task.task for task in OrmQ.objects.exclude(pk__in=before)]
    return [task["args"] for task in tasks if task["func"] == PUSH]


def queued():
    return set(OrmQ.objects.values_list("pk", flat=True))


def test_a_notification_is_queued_for_the_task_engine_once_its_write_commits(
    user, browser, push_service, django_capture_on_commit_callbacks
):
    subscribe(user, browser, push_service.url("/push/amani"))
    before = queued()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        notification = notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="Baraka")
        notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="Baraka")  # the same event again
    assert pushes_queued(before) == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert pushes_queued(before) == [(notification.pk,)]
    assert push_service.received == []  # sent by a task cluster, not the writer


def test_a_player_without_a_device_is_queued_no_push(user, django_capture_on_commit_callbacks):
    before = queued()
    with django_capture_on_commit_callbacks(execute=True):
        assert notify(user, Kind.CHALLENGE, "challenge:1", "/challenges/", name="Baraka") is not None
    assert pushes_queued(before) == []
