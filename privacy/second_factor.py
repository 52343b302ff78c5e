"""Staff's second factor: a TOTP device (django-otp) set up on a settings page, and the admin
refused to a staff session not verified with it while ``STAFF_REQUIRE_2FA`` is on.

Setting up writes nothing until it is done: the page shows a new key (an otpauth:// address
and its QR code) and carries it, signed for that user and ``SETUP_SECONDS``, in its form; the
code the app then shows saves the device, replacing the user's older one, and verifies the
session. A staff member with no device who opens the admin is sent to set one up; one with
a device, to the page asking its code.
"""

import time

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.http import HttpRequest
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django_otp import login as otp_login
from django_otp import user_has_device
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from django_otp.util import random_hex

from accounts.models import User

DEVICE_NAME = "Kadi"
SETUP_SECONDS = 15 * 60  # how long a key shown stays good for its confirmation
SALT = "privacy.second_factor.setup"


def new_device(user: User) -> tuple[TOTPDevice, str]:
    """A new key for ``user``, as an unsaved device (its ``config_url`` for the app) and the
    signed form of the key that the confirmation posts back."""
    key = random_hex(20)
    return TOTPDevice(user=user, name=DEVICE_NAME, key=key), signing.dumps([user.pk, key], salt=SALT)


def shown_device(user: User, signed: str) -> TOTPDevice | None:
    """The unsaved device of a key this user was shown lately, or None (forged, someone
    else's, or too old)."""
    try:
        user_id, key = signing.loads(signed, salt=SALT, max_age=SETUP_SECONDS)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return TOTPDevice(user=user, name=DEVICE_NAME, key=key) if user_id == user.pk else None


def confirm(request: HttpRequest, device: TOTPDevice, code: str) -> str | None:
    """Save ``device`` (unsaved, from ``shown_device``) once ``code`` is one of its codes now,
    replacing the user's older devices, and verify the session with it; else the sentence."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time()
    if not totp.verify(int(code), device.tolerance):
        return _("That code is not the one your app shows now: try the next one.")
    device.last_t = totp.t()  # the code just used is not good again
    with transaction.atomic():
        TOTPDevice.objects.filter(user=device.user).delete()
        device.save()
    otp_login(request, device)
    return None


def verify(request: HttpRequest, code: str) -> str | None:
    """Verify the session with a code of the user's confirmed device; else the sentence."""
    device = TOTPDevice.objects.filter(user=request.user, confirmed=True).first()
    if device is None:
        return _("You have no second factor yet: set one up first.")
    if refusal := _refusal(device, code):
        return refusal
    otp_login(request, device)
    return None


def _refusal(device: TOTPDevice, code: str) -> str | None:
    """Why ``code`` does not verify ``device``, or None. After a wrong code django-otp makes
    the next wait (twice as long after each), so that six digits cannot be guessed."""
    allowed, _details = device.verify_is_allowed()
    if not allowed:
        return _("Too many wrong codes: wait a few seconds, then type the code your app shows.")
    if not device.verify_token(code):
        return _("That code is not the one your app shows now: try the next one.")
    return None


def erase(user: User) -> None:
    """A deleted account's devices go with it (``OWN_DATA_ERASERS``)."""
    TOTPDevice.objects.filter(user=user).delete()


class AdminSecondFactorMiddleware:
    """With ``STAFF_REQUIRE_2FA``, the admin's pages (but its log-in and log-out) answer a staff
    session not verified with a second factor by the page that verifies it (or sets it up)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.STAFF_REQUIRE_2FA and self._needs_second_factor(request):
            page = "second_factor_verify" if user_has_device(request.user) else "second_factor_setup"
            return redirect(reverse(page) + "?" + urlencode({"next": request.get_full_path()}))
        return self.get_response(request)

    @staticmethod
    def _needs_second_factor(request: HttpRequest) -> bool:
        admin = reverse("admin:index")
        open_pages = (reverse("admin:login"), reverse("admin:logout"))
        if not request.path.startswith(admin) or request.path in open_pages:
            return False  # the path first: other pages read no user here (their views do)
        user = request.user
        return user.is_authenticated and user.is_staff and not user.is_verified()
