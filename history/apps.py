from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HistoryConfig(AppConfig):
    name = "history"
    verbose_name = _("History and ratings")

    def ready(self):
        from games.signals import game_finished
        from history.services import rate_finished_game, snapshot_finished_game

        game_finished.connect(rate_finished_game, dispatch_uid="history.rate_finished_game")
        game_finished.connect(snapshot_finished_game, dispatch_uid="history.snapshot_finished_game")
