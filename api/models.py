"""Personal API tokens: a program plays as its owner with ``Authorization: Bearer <token>``.

Only a SHA-256 digest of a token is stored (tokens are long random strings, so a fast
digest suffices, as for GitHub's); the token itself is shown once, when it is made.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_TOKENS_PER_USER = 20


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="api_tokens"
    )
    label = models.CharField(_("label"), max_length=60)
    digest = models.CharField(_("digest"), max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        _("prefix"),
        max_length=12,
        editable=False,
        help_text=_("The token's first characters, to recognise it."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self):
        return f"{self.label} ({self.prefix}…)"

    @property
    def is_active(self):
        return self.revoked_at is None
