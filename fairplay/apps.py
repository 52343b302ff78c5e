from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FairplayConfig(AppConfig):
    name = "fairplay"
    verbose_name = _("Fair play")

    def ready(self):
        from fairplay.writes import judge_finished_game
        from games.signals import game_finished

        game_finished.connect(judge_finished_game, dispatch_uid="fairplay.judge_finished_game")
