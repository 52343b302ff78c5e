from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TimersConfig(AppConfig):
    name = "timers"
    verbose_name = _("Timers")
