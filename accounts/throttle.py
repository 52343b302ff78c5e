"""Log-in throttling.

A username tried from one address is refused once it has LOGIN_FAILURE_LIMIT failed
attempts within the last LOGIN_FAILURE_WINDOW_SECONDS, until the oldest of them leaves the
window. Refused attempts are not counted, so a lockout ends on its own. Keying on the pair
(username, address) means nobody can lock another person out from elsewhere. Failures are
database rows, so the limit holds across server processes without a shared cache.

Atomic: an attempt first takes its pair's ``LoginThrottle`` row for update (a row lock on
PostgreSQL; the write lock on SQLite), counts the recent failures and, below the limit,
stores a failure at once; a right password deletes it afterwards. So a burst of parallel
attempts can never run past the limit while their passwords are being hashed (attempts in
flight count as failures until they succeed).

The address: REMOTE_ADDR, or behind ``TRUSTED_PROXY_COUNT`` proxies that each append the
address they saw to X-Forwarded-For, the entry the outermost of them appended (entries to
its left are whatever the client chose to send).
"""

import ipaddress
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import LoginFailure, LoginThrottle


class LockedOut(Exception):
    def __init__(self, remaining: timedelta):
        super().__init__(remaining)
        self.remaining = remaining


def _window() -> timedelta:
    return timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)


def client_address(request: HttpRequest | None) -> str | None:
    """The client's IP address as the outermost trusted proxy (or daphne) saw it, or None."""
    if request is None:
        return None
    proxies = settings.TRUSTED_PROXY_COUNT
    address = request.META.get("REMOTE_ADDR", "")
    if proxies:
        forwarded = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        address = forwarded[-proxies] if len(forwarded) >= proxies else ""
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


def _recent_failures(username: str, address: str | None):
    return LoginFailure.objects.filter(
        username=username, ip_address=address, created_at__gt=timezone.now() - _window()
    )


def _remaining(username: str, address: str | None) -> timedelta | None:
    times = list(
        _recent_failures(username, address)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[: settings.LOGIN_FAILURE_LIMIT]
    )
    if len(times) < settings.LOGIN_FAILURE_LIMIT:
        return None
    return times[-1] + _window() - timezone.now()


def lockout_remaining(request: HttpRequest | None, username: str) -> timedelta | None:
    """How long this username stays locked for this client, or None when it may try."""
    return _remaining(username, client_address(request))


def reserve_attempt(request: HttpRequest | None, username: str) -> None:
    """Count an attempt as a failure before its password is checked (``clear_failures``
    undoes that on success); raises ``LockedOut`` instead when the pair is locked out."""
    address = client_address(request)
    key = {"username": username, "address": address or ""}
    LoginThrottle.objects.get_or_create(**key)
    with transaction.atomic():
        # The update is the transaction's first statement: it serialises the pair's attempts.
        LoginThrottle.objects.filter(**key).update(attempts=F("attempts") + 1)
        remaining = _remaining(username, address)
        if remaining is not None:
            raise LockedOut(remaining)
        LoginFailure.objects.filter(created_at__lte=timezone.now() - _window()).delete()
        LoginFailure.objects.create(username=username, ip_address=address)


def clear_failures(request: HttpRequest | None, username: str) -> None:
    """Forget this client's failures for the username after a successful log-in."""
    _recent_failures(username, client_address(request)).delete()


def forget_quiet_pairs() -> int:
    """Delete the ``LoginThrottle`` rows of the pairs with no failure left in the window (one
    row stays for every pair that ever tried to log in otherwise); a pair's next attempt makes
    its row again. Returns how many were deleted. A daily job of the task engine (``timers.jobs``;
``manage.py prune_login_throttle`` by hand); two runs at once delete each row once."""
    recent = LoginFailure.objects.filter(created_at__gt=timezone.now() - _window())
    active = {(username, address or "") for username, address in recent.values_list("username", "ip_address")}
    rows = LoginThrottle.objects.filter(username__in={username for username, _ in active})
    pairs = rows.values_list("pk", "username", "address")
    keep = [pk for pk, username, address in pairs if (username, address) in active]
    return LoginThrottle.objects.exclude(pk__in=keep).delete()[0]
