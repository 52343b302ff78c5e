"""One-click unsubscribe links for the e-mails: a token signed with the site's secret
(``django.core.signing``, its own salt) naming the player, the kind (or "all") and a digest of
their e-mail address. It needs no log-in; it cannot be forged, altered to name another player
or kind, or used once the address changed."""

import hashlib

from django.core import signing
from django.utils.translation import gettext as _

from accounts.models import User
from notifications.models import SLOW_KINDS, Channel, Preference

SALT = "notifications.unsubscribe"
ALL = "all"


class Refused(Exception):
    """A token the site refuses; ``str(refusal)`` is the sentence for the visitor."""


def _address(user: User) -> str:
    return hashlib.sha256(user.email.strip().lower().encode()).hexdigest()[:16]


def token(user: User, kind: str = ALL) -> str:
    return signing.dumps({"u": user.pk, "k": kind, "e": _address(user)}, salt=SALT)


def read(value: str) -> tuple[User, str]:
    """The player and kind a token stops e-mails of, or ``Refused``."""
    try:
        data = signing.loads(str(value)[:500], salt=SALT)
        user = User.objects.get(pk=int(data["u"]), is_active=True)
        kind = str(data["k"])
    except (signing.BadSignature, KeyError, TypeError, ValueError, User.DoesNotExist):
        raise Refused(_("This unsubscribe link is not valid: use the one in your latest e-mail.")) from None
    if data.get("e") != _address(user) or (kind != ALL and kind not in SLOW_KINDS):
        raise Refused(_("This unsubscribe link is not valid: use the one in your latest e-mail.")) from None
    return user, kind


def stop(user: User, kind: str) -> None:
    """No more e-mails of ``kind`` (or of any kind) for ``user``."""
    Preference.objects.bulk_create([Preference(user=user)], ignore_conflicts=True)
    preference = Preference.objects.get(user=user)
    for each in SLOW_KINDS if kind == ALL else [kind]:
        preference.channels[f"{each}.{Channel.EMAIL}"] = False
    preference.save(update_fields=["channels"])
