"""Guests: a visitor who plays bots at once, without an account (issue 36).

A guest is a ``User`` row with ``is_guest`` set, a generated name ("Guest-k3f9qz": random,
so not a name anyone can guess their way into, and with no usable password nobody logs in
as it anyway) and ``guest_expires``, logged in on the visitor's session. Guests are never
rated (``history.services``: a game with a guest is unrated for everyone), cannot chat,
follow, block, challenge or hold API tokens, and have no password to change. Signing up
while a guest turns that same row into a full account (``SignUpForm``), so the games
stay theirs. Guests made from one address count as its sign-ups (``accounts.signups``).
Expired guests are removed by ``games.play.guest_cleanup``.
"""

import secrets
import string
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import login
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import signups
from accounts.models import User

NAME_PREFIX = "Guest-"
NAME_ALPHABET = string.ascii_lowercase + string.digits
NAME_LENGTH = 6  # 36**6: two billion names


class TooMany(Exception):
    """Too many guests (and sign-ups) from one address this hour; ``str()``: the sentence."""


def start_guest(request: HttpRequest) -> User:
    """A new guest, logged in on ``request``'s session; refused (``TooMany``) past the
    address's hourly sign-ups."""
    if not signups.allowed(request):
        raise TooMany(_("Too many players have started from your address in the last hour: try again later."))
    guest = _new_guest()
    signups.record(request)
    login(request, guest, backend=settings.AUTHENTICATION_BACKENDS[0])
    return guest


def _new_guest() -> User:
    while True:
        name = NAME_PREFIX + "".join(secrets.choice(NAME_ALPHABET) for _ in range(NAME_LENGTH))
        guest = User(
            username=name,
            is_guest=True,
            guest_expires=timezone.now() + timedelta(seconds=settings.GUEST_KEEP_SECONDS),
        )
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError:  # the name is taken: draw another
            continue
        return guest


def is_guest(user) -> bool:
    """Whether ``user`` (a request's, maybe anonymous) plays as a guest."""
    return bool(getattr(user, "is_guest", False))


def refusal(user) -> str | None:
    """The sentence refusing a guest what only accounts may do, or None for an account."""
    if is_guest(user):
        return _("Guests cannot do that: sign up (it keeps your games) and try again.")
    return None
