from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from games import signals
        from notifications import language, receivers
        from tournaments import signals as tournament_signals

        signals.turn_started.connect(receivers.your_turn, dispatch_uid="notifications.your_turn")
        signals.challenge_changed.connect(receivers.challenge, dispatch_uid="notifications.challenge")
        signals.game_finished.connect(receivers.game_over, dispatch_uid="notifications.game_over")
        signals.rematch_offered.connect(
            receivers.rematch_offered, dispatch_uid="notifications.rematch_offered"
        )
        signals.seat_taken.connect(receivers.friend_seated, dispatch_uid="notifications.friend_seated")
        tournament_signals.tournament_started.connect(
            receivers.tournament_started, dispatch_uid="notifications.tournament_started"
        )
        user_logged_in.connect(language.remember_on_log_in, dispatch_uid="notifications.language")
