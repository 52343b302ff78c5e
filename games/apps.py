from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from games import signals
        from games.live import realtime  # noqa: F401 - connects the live layer to table_changed
        from games.models import ChatFilterWord, Table
        from games.play import chat_filter

        post_save.connect(signals.table_saved, sender=Table, dispatch_uid="games.table_saved")
        for changed in (post_save, post_delete):  # the word filter compiles its lists again
            uid = f"games.chat_filter.{changed}"
            changed.connect(chat_filter.forget, sender=ChatFilterWord, dispatch_uid=uid)
