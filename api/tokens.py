"""Making, checking and revoking API tokens (every write to ``ApiToken``)."""

import hashlib
import re
import secrets
from datetime import timedelta
from functools import partial

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _

from api.models import MAX_TOKENS_PER_USER, ApiToken

TOKEN_PREFIX = "kadi_"
SHOWN_PREFIX = len(TOKEN_PREFIX) + 4
MAX_TOKEN_LENGTH = 100  # longer Authorization values are refused unread
LAST_USED_EVERY = timedelta(minutes=1)  # last_used_at is written at most this often
# Sent once a revocation committed, with ``token_id``: its open streams end (api.streams).
token_revoked = Signal()
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f]")  # NUL too, which PostgreSQL refuses


class TokenError(Exception):
    """A token request the site refuses; ``str(error)`` is a translated message."""


def digest(raw):
    return hashlib.sha256(raw.encode()).hexdigest()


def create_token(user, label):
    """A new token of ``user``'s: returns (row, the token itself, which is never stored)."""
    label = (label or "").strip()
    if not label:
        raise TokenError(_("Give the token a label."))
    if len(label) > ApiToken._meta.get_field("label").max_length:
        raise TokenError(_("That label is too long."))
    if CONTROL_CHARACTERS.search(label):
        raise TokenError(_("That label holds characters that are not text."))
    if user.is_bot:
        raise TokenError(_("Bots have no API tokens."))
    if user.is_guest:
        raise TokenError(_("Guests have no API tokens: sign up to make one."))
    with transaction.atomic():
        if ApiToken.objects.filter(user=user, revoked_at=None).count() >= MAX_TOKENS_PER_USER:
            raise TokenError(
                _("You have %(count)d tokens: revoke one first.") % {"count": MAX_TOKENS_PER_USER}
            )
        raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
        row = ApiToken.objects.create(user=user, label=label, digest=digest(raw), prefix=raw[:SHOWN_PREFIX])
    return row, raw


def revoke_token(user, token_id):
    """Revoke one of ``user``'s tokens; another's token is as good as none."""
    if not revoke_tokens(ApiToken.objects.filter(user=user, pk=token_id)):
        raise TokenError(_("There is no such token."))


def revoke_tokens(tokens):
    """Revoke those of ``tokens`` (a query) not revoked yet, and say how many; once that is
    committed, ``token_revoked`` ends their open streams."""
    ids = list(tokens.filter(revoked_at=None).values_list("pk", flat=True))
    revoked = ApiToken.objects.filter(pk__in=ids, revoked_at=None).update(revoked_at=timezone.now())
    for token_id in ids:
        transaction.on_commit(partial(token_revoked.send, sender=ApiToken, token_id=token_id), robust=True)
    return revoked


def authenticate(raw, now=None):
    """The active token ``raw`` is, with its user, or None; notes when it was used."""
    if not raw or len(raw) > MAX_TOKEN_LENGTH or not raw.startswith(TOKEN_PREFIX):
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest(raw), revoked_at=None, user__is_active=True, user__is_guest=False)
        .first()
    )
    if token is None:
        return None
    now = now or timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
