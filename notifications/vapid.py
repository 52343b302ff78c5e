"""The site's VAPID key pair, which signs every Web Push request. Push keys come from the
environment (``VAPID_PRIVATE_KEY``, ``VAPID_PUBLIC_KEY``, ``VAPID_SUBJECT``), made for you in
development: with none set and ``VAPID_DEV_KEY_FILE`` set (DEBUG), a pair is generated once
into that file, beside the development database and outside git. Without either, push is off.
"""

import base64
import functools
import os

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid, Vapid01


def _urlsafe(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@functools.cache
def _keys(private: str, public: str, dev_file: str) -> tuple[Vapid01, str] | None:
    if private:
        key = Vapid.from_string(private)
    elif dev_file:
        if not os.path.exists(dev_file):
            fresh = Vapid()
            fresh.generate_keys()
            fresh.save_key(dev_file)
        key = Vapid.from_file(dev_file)
    else:
        return None
    point = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return key, public or _urlsafe(point)


def keys() -> tuple[Vapid01, str] | None:
    """The signing key and the public key (URL-safe base64, the browser's
    ``applicationServerKey``), or None when push is off."""
    return _keys(
        settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY, str(settings.VAPID_DEV_KEY_FILE or "")
    )


def public_key() -> str:
    """The public key for ``pushManager.subscribe``; empty when push is off."""
    pair = keys()
    return pair[1] if pair else ""
