"""The player's notifications, their settings and push devices, for the export of their own
data and its erasure (named in ``settings.OWN_DATA_SECTIONS`` and ``OWN_DATA_ERASERS``:
privacy imports nothing of notifications). A push device is its label and date only: its
endpoint and keys are the push service's secrets."""

from collections.abc import Iterator
from typing import Any

from notifications.models import Notification, Preference, PushSubscription

BATCH = 500


def notifications(user) -> Iterator[dict[str, Any]]:
    fields = ("kind", "params", "url", "created_at", "seen_at", "emailed_at")
    return Notification.objects.filter(user=user).order_by("pk").values(*fields).iterator(chunk_size=BATCH)


def notification_settings(user) -> dict[str, Any] | None:
    fields = ("channels", "email_interval", "quiet_start", "quiet_end", "time_zone", "language")
    return Preference.objects.filter(user=user).values(*fields).first()


def push_devices(user) -> list[dict[str, Any]]:
    return list(
        PushSubscription.objects.filter(user=user).order_by("created_at").values("label", "created_at")
    )


def erase(user) -> None:
    Notification.objects.filter(user=user).delete()
    Preference.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
