"""What fair play keeps: each offence with its game, and each player's standing (the
offences still counted, and the good games since the last one: they wear the count down)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Offence(models.Model):
    """A player's unfair end of one game (``fairplay.offences`` says when a game counts)."""

    class Kind(models.TextChoices):
        LEFT_LOSING = "left_losing", _("left a game while losing")
        TIMEOUTS = "timeouts", _("let turns run out")
        RESIGNED_AFTER_PENALTY = "resigned_after_penalty", _("resigned right after a big draw")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="offences"
    )
    game = models.ForeignKey(
        "games.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="offences"
    )
    kind = models.CharField(_("kind"), max_length=30, choices=Kind.choices)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("fair-play offence")
        verbose_name_plural = _("fair-play offences")
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="offence_one_per_game")]

    def __str__(self):
        return f"{self.user}: {self.get_kind_display()}"


class Standing(models.Model):
    """A player's fair-play count: offences in the window, less one for every
    ``FAIRPLAY_CLEAN_GAMES`` games finished without an offence since."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="fair_play"
    )
    count = models.PositiveSmallIntegerField(_("offences counted"), default=0)
    clean_games = models.PositiveSmallIntegerField(_("good games since"), default=0)
    last_offence_at = models.DateTimeField(_("last offence"), null=True, blank=True)

    class Meta:
        verbose_name = _("fair-play standing")
        verbose_name_plural = _("fair-play standings")

    def __str__(self):
        return str(self.user)
