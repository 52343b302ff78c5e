"""What privacy keeps: when a player downloaded their data (the hourly limit counts them)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class DataExport(models.Model):
    """One download of a player's own data, counted against ``OWN_DATA_EXPORTS_PER_HOUR``
    (an export reads every game: a heavy query nobody should run in a loop)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(_("downloaded"), default=timezone.now)

    class Meta:
        verbose_name = _("download of own data")
        verbose_name_plural = _("downloads of own data")
        indexes = [models.Index(fields=["user", "created_at"], name="dataexport_user_created")]

    def __str__(self):
        return f"{self.user_id} {self.created_at:%Y-%m-%d %H:%M}"
