"""Log-in throttling.

A username tried from one address is refused once it has LOGIN_FAILURE_LIMIT failed
attempts within the last LOGIN_FAILURE_WINDOW_SECONDS, until the oldest of them leaves the
window. Refused attempts are not counted, so a lockout ends on its own. Keying on the pair
(username, address) means nobody can lock another person out from elsewhere. Failures are
database rows, so the limit holds across server processes without a shared cache.
"""

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import LoginFailure


def _window() -> timedelta:
    return timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)


def _client_address(request: HttpRequest | None) -> str | None:
    if request is None:
        return None
    return request.META.get("REMOTE_ADDR") or None


def _recent_failures(request: HttpRequest | None, username: str):
    return LoginFailure.objects.filter(
        username=username,
        ip_address=_client_address(request),
        created_at__gt=timezone.now() - _window(),
    )


def lockout_remaining(request: HttpRequest | None, username: str) -> timedelta | None:
    """How long this username stays locked for this client, or None when it may try."""
    times = list(
        _recent_failures(request, username)
        .order_by("-created_at")
        .values_list("created_at", flat=True)[: settings.LOGIN_FAILURE_LIMIT]
    )
    if len(times) < settings.LOGIN_FAILURE_LIMIT:
        return None
    return times[-1] + _window() - timezone.now()


def record_failure(request: HttpRequest | None, username: str) -> None:
    """Count a failed attempt, and forget attempts too old to matter any more."""
    LoginFailure.objects.filter(created_at__lte=timezone.now() - _window()).delete()
    LoginFailure.objects.create(username=username, ip_address=_client_address(request))


def clear_failures(request: HttpRequest | None, username: str) -> None:
    """Forget this client's failures for the username after a successful log-in."""
    _recent_failures(request, username).delete()
