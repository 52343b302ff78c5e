from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from django.db.models.signals import post_save

        from games import signals
        from games.live import realtime  # noqa: F401 - connects the live layer to table_changed
        from games.models import Table

        post_save.connect(signals.table_saved, sender=Table, dispatch_uid="games.table_saved")
