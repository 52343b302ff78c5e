"""What a player may not do now, and why: the one place every write a restriction limits
asks (chat, a seat at a rated table, a challenge, a quick game, a tournament; the site's
pages and sockets for a site ban), and the pages read to tell the player.

A restriction is an ``accounts.models.Restriction`` row in force: not lifted, ``until``
still ahead. Several of one kind: the longest counts.
"""

from datetime import datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from accounts.models import Restriction, User

Kind = Restriction.Kind
RATED = (Kind.RATED_BAN, Kind.PLAYBAN)  # either keeps a player from rated games


def in_force(
    user: User, kinds: tuple[str, ...] | None = None, now: datetime | None = None
) -> list[Restriction]:
    """The player's restrictions in force (of ``kinds``, or all), the longest first."""
    if not getattr(user, "is_authenticated", False):
        return []
    rows = Restriction.objects.filter(user=user, lifted_at__isnull=True, until__gt=now or timezone.now())
    if kinds is not None:
        rows = rows.filter(kind__in=kinds)
    return list(rows.order_by("-until"))


def refusal(user: User, kinds: tuple[str, ...], now: datetime | None = None) -> str | None:
    """A sentence refusing what ``kinds`` forbid (why and until when), or None when none is in force."""
    found = in_force(user, kinds, now)
    return said(found[0]) if found else None


def said(restriction: Restriction) -> str:
    """The restriction in a sentence for its player: what, until when, and why."""
    until = date_format(timezone.localtime(restriction.until), "DATETIME_FORMAT")
    what = {
        Kind.MUTE: _("Your chat is muted until %(until)s: %(reason)s"),
        Kind.RATED_BAN: _("You may not play rated games until %(until)s: %(reason)s"),
        Kind.SITE_BAN: _("Your account is barred from the site until %(until)s: %(reason)s"),
        Kind.PLAYBAN: _("You may play your next rated game after %(until)s: %(reason)s"),
    }[restriction.kind]
    return what % {"until": until, "reason": restriction.reason}


def restricted(user_ids: set[int], kinds: tuple[str, ...], now: datetime | None = None) -> set[int]:
    """Which of ``user_ids`` a restriction of ``kinds`` holds now, in one query (a tournament's
    pairing leaves a thousand players' barred ones waiting)."""
    rows = Restriction.objects.filter(
        user__in=user_ids, kind__in=kinds, lifted_at__isnull=True, until__gt=now or timezone.now()
    )
    return set(rows.values_list("user_id", flat=True))
