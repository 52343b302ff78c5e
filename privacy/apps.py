from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    """A player's own data: its download, the account's deletion, and staff's second factor."""

    name = "privacy"
    verbose_name = _("Privacy")
