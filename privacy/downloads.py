"""Counting a player's downloads of their own data: at most ``OWN_DATA_EXPORTS_PER_HOUR``."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import ngettext

from accounts.models import User
from privacy.models import DataExport

WINDOW = timedelta(hours=1)


def start_download(user: User, now: datetime) -> str | None:
    """Count a download of ``user``'s data now, or say (a sentence) why not: too many this hour.
    The player's row is locked, so that two downloads at once count as two."""
    limit = settings.OWN_DATA_EXPORTS_PER_HOUR
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        if DataExport.objects.filter(user=user, created_at__gt=now - WINDOW).count() >= limit:
            return ngettext(
                "You may download your data %(count)d time an hour: try again later.",
                "You may download your data %(count)d times an hour: try again later.",
                limit,
            ) % {"count": limit}
        DataExport.objects.create(user=user, created_at=now)
    return None
