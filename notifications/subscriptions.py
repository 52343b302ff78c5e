"""A browser's push subscription, checked and stored (the write behind the subscribe and
unsubscribe requests of static/js/notifications.js).

The JSON must be ``PushSubscription.toJSON()``'s shape: an https endpoint on one of the push
services' hosts (``PUSH_SERVICE_HOSTS``: the site only ever posts to those), a P-256 public key
(65 bytes, uncompressed) and a 16-byte auth secret, both URL-safe base64. A player keeps at
most ``PUSH_SUBSCRIPTIONS_PER_PLAYER`` browsers: subscribing one more drops their oldest
(the new one is the device in their hand; the oldest is likely a phone they no longer use).
"""

import base64
import binascii
import json
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from notifications.models import PushSubscription

MAX_BODY = 4096  # bytes: a real subscription is well under 1 KB


class Refused(Exception):
    """A subscription the site refuses; ``str(refusal)`` is the sentence for the player."""


def host_allowed(host: str) -> bool:
    """Whether ``host`` is a push service's (an entry "*.example.com" allows its subdomains)."""
    host = host.lower().rstrip(".")
    for allowed in settings.PUSH_SERVICE_HOSTS:
        allowed = allowed.lower()
        if host == allowed or (allowed.startswith("*.") and host.endswith(allowed[1:])):
            return True
    return False


def _key(value: object, size: int) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise Refused(_("This browser's push keys are not valid."))
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise Refused(_("This browser's push keys are not valid.")) from None
    if len(raw) != size or (size == 65 and raw[0] != 4):
        raise Refused(_("This browser's push keys are not valid."))
    return value.rstrip("=")


def parse(body: bytes) -> dict:
    """The checked endpoint and keys of a subscription's JSON, or ``Refused``."""
    if len(body) > MAX_BODY:
        raise Refused(_("That subscription is too long."))
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise Refused(_("That is not a push subscription.")) from None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("endpoint"), str)
        or not isinstance(data.get("keys"), dict)
    ):
        raise Refused(_("That is not a push subscription."))
    endpoint = data["endpoint"]
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
    except ValueError:
        raise Refused(_("That is not a push subscription.")) from None
    if (
        len(endpoint) > 1024
        or parts.scheme != "https"
        or parts.username
        or parts.password
        or not host_allowed(host)
    ):
        raise Refused(_("That push service is not one this site sends to."))
    keys = data["keys"]
    return {"endpoint": endpoint, "p256dh": _key(keys.get("p256dh"), 65), "auth": _key(keys.get("auth"), 16)}


def subscribe(user: User, body: bytes, label: str = "") -> PushSubscription:
    """Store ``user``'s browser subscription (the same endpoint again: its keys are renewed,
    and it is theirs now), dropping their oldest beyond the cap."""
    fields = parse(body)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one subscribe at a time per player
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=fields.pop("endpoint"), defaults={**fields, "user": user, "label": label[:100]}
        )
        keep = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")[
            : settings.PUSH_SUBSCRIPTIONS_PER_PLAYER
        ]
        PushSubscription.objects.filter(user=user).exclude(
            pk__in=list(keep.values_list("pk", flat=True))
        ).delete()
    return subscription


def unsubscribe(user: User, endpoint: str) -> int:
    """Forget ``user``'s subscription at ``endpoint`` (another player's is left alone)."""
    return PushSubscription.objects.filter(user=user, endpoint=str(endpoint)[:1024]).delete()[0]


def remove(user: User, subscription_id: int) -> int:
    """Forget ``user``'s device ``subscription_id`` (the settings' "remove")."""
    return PushSubscription.objects.filter(user=user, pk=subscription_id).delete()[0]


def device_label(user_agent: str) -> str:
    """A short name for a browser, from its User-Agent ("Firefox on Android"), for the list of
    devices: words the player recognises, not the whole header."""
    agent = str(user_agent)[:500]
    browser = next(
        (
            name
            for token, name in (
                ("Edg/", "Edge"),
                ("Firefox/", "Firefox"),
                ("Chrome/", "Chrome"),
                ("Safari/", "Safari"),
            )
            if token in agent
        ),
        "",
    )
    system = next(
        (
            name
            for token, name in (
                ("Android", "Android"),
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Windows", "Windows"),
                ("Mac OS", "macOS"),
                ("Linux", "Linux"),
            )
            if token in agent
        ),
        "",
    )
    return " · ".join(part for part in (browser, system) if part)
