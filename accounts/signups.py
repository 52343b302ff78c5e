"""Sign-ups per address: at most SIGNUPS_PER_ADDRESS accounts are made from one address
within an hour, so that one client cannot fill the site with accounts.

Each sign-up is a row (``SignUp``: the address and the time), so the limit holds across
server processes; rows older than the window are deleted at the next sign-up. The address
is the log-in throttle's (``throttle.client_address``: the outermost trusted proxy's view).
Two sign-ups from one address at the same moment may both pass the count: a burst runs at
most a few over the limit, which is all the limit is for.
"""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from accounts.models import SignUp
from accounts.throttle import client_address

WINDOW = timedelta(hours=1)


def limit():
    return settings.SIGNUPS_PER_ADDRESS


def allowed(request):
    """Whether the request's address may make another account now."""
    since = timezone.now() - WINDOW
    return SignUp.objects.filter(ip_address=client_address(request), created_at__gt=since).count() < limit()


def record(request):
    """Count an account just made from the request's address (and forget the old ones)."""
    now = timezone.now()
    SignUp.objects.filter(created_at__lte=now - WINDOW).delete()
    SignUp.objects.create(ip_address=client_address(request), created_at=now)
