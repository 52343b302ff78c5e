from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from games.signals import game_finished
        from tournaments import live  # noqa: F401 - connects the live pages to standings_changed
        from tournaments.writes.results import game_finished as score_game

        game_finished.connect(score_game, dispatch_uid="tournaments.score_game")
