from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = _("Bot API")

    def ready(self):
        from api import streams  # noqa: F401 - a revoked token's open streams end (token_revoked)
