"""Web Push delivery: one notification to each of its player's browsers (pywebpush, VAPID).

``deliver`` runs on commit of the write that made the notification, with a short timeout per
browser (``PUSH_TIMEOUT_SECONDS``): a slow push service delays the request that caused it by
that much per device, never the move's transaction, and a failure is one log line. It takes
only the notification's id, so it can run as a task of the task engine as it is.

A push service's 404 or 410 means the subscription is gone: it is deleted. Any other failure
keeps it (the service may be down for a while).
"""

import json
import logging

import requests
from django.conf import settings
from django.utils import timezone, translation
from pywebpush import WebPushException, webpush

from notifications import texts, vapid
from notifications.models import Notification, Preference, PushSubscription

log = logging.getLogger(__name__)
GONE = (404, 410)


def payload(notification: Notification) -> dict:
    """What the service worker shows (C4): the title, the sentence, the link, and a tag (a
    newer notification of the same thing replaces the older one on the device)."""
    with translation.override(Preference.of(notification.user).language):
        return {
            "title": texts.title(notification),
            "body": texts.body(notification),
            "url": notification.url,
            "tag": f"{notification.kind}:{notification.ref}",
        }


def deliver(notification_id: int) -> int:
    """Push notification ``notification_id`` to its player's browsers; how many took it."""
    pair = vapid.keys()
    notification = Notification.objects.select_related("user").filter(pk=notification_id).first()
    if pair is None or notification is None:
        return 0
    key, _public = pair
    data = json.dumps(payload(notification))
    delivered = 0
    for subscription in PushSubscription.objects.filter(user_id=notification.user_id):
        try:
            webpush(
                subscription.info(),
                data=data,
                vapid_private_key=key,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                timeout=settings.PUSH_TIMEOUT_SECONDS,
                ttl=settings.PUSH_TTL_SECONDS,
            )
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in GONE:
                subscription.delete()
                log.info("push subscription %s is gone (%s): deleted", subscription.pk, status)
            else:
                log.warning("push to subscription %s failed: %s", subscription.pk, status or error)
            continue
        except requests.RequestException as error:
            log.warning("push to subscription %s failed: %s", subscription.pk, type(error).__name__)
            continue
        PushSubscription.objects.filter(pk=subscription.pk).update(last_success_at=timezone.now())
        delivered += 1
    return delivered
