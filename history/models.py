"""Ratings and their history, replay snapshots, and the marks of imported games.

Writes go through ``history.services``. Games themselves (and their players and moves)
stay in the games app; these rows only add to them.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Game
from history.ratings import NEWCOMER, display


class Rating(models.Model):
    """A player's current skill (openskill Plackett-Luce), updated when a rated game ends."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="rating",
    )
    mu = models.FloatField(_("mu"), default=NEWCOMER.mu)
    sigma = models.FloatField(_("sigma"), default=NEWCOMER.sigma)
    ordinal = models.FloatField(
        _("rating"), default=NEWCOMER.ordinal, help_text=_("The conservative rating: mu − 3 sigma.")
    )
    games = models.PositiveIntegerField(_("rated games"), default=0)
    provisional = models.BooleanField(_("provisional"), default=True)
    bot = models.BooleanField(_("bot"), default=False)
    last_played = models.DateTimeField(_("last rated game"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        indexes = [
            # The all-time leaderboard: established players by rating, in rank order.
            models.Index(
                fields=["-ordinal", "user"], condition=Q(provisional=False), name="rating_leaderboard"
            ),
        ]

    def __str__(self):
        return _("%(user)s: %(rating)d") % {"user": self.user, "rating": display(self.ordinal)}


class RatingChange(models.Model):
    """One player's rating before and after one rated game: the points of the rating chart."""

    # Looked up through the unique (game, user) and the (user, played_at) indexes.
    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="rating_changes", db_index=False
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="rating_changes",
        db_index=False,
    )
    place = models.PositiveSmallIntegerField(_("place"))
    played_at = models.DateTimeField(_("played"))
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    ordinal_before = models.FloatField(_("rating before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    ordinal_after = models.FloatField(_("rating after"))

    class Meta:
        ordering = ["played_at", "pk"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="ratingchange_unique_player"),
        ]
        indexes = [
            models.Index(fields=["user", "played_at"], name="ratingchange_user_played"),
            # The 30-day leaderboard sums each player's gains in a window (index-only on PostgreSQL).
            models.Index(
                fields=["played_at"],
                include=["user", "ordinal_before", "ordinal_after"],
                name="ratingchange_window",
            ),
        ]

    def __str__(self):
        return _("%(user)s in %(game)s: %(before)d → %(after)d") % {
            "user": self.user, "game": self.game,
            "before": display(self.ordinal_before), "after": display(self.ordinal_after),
        }


class GameSnapshot(models.Model):
    """The full position of a finished game after ``index`` moves, every few moves, so that
    any step of a replay costs a few engine moves rather than a replay from the start."""

    HIDDEN_FIELDS = ("state",)  # every hand: see games.admin_guard

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="snapshots")
    index = models.PositiveIntegerField(_("moves made"))
    state = models.JSONField(_("position"))

    class Meta:
        ordering = ["game", "index"]
        verbose_name = _("replay snapshot")
        verbose_name_plural = _("replay snapshots")
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="gamesnapshot_unique_index"),
        ]

    def __str__(self):
        return _("%(game)s after %(index)d moves") % {"game": self.game, "index": self.index}


class ImportedGame(models.Model):
    """Marks a game stored from an imported record: it was never played here and is not rated."""

    game = models.OneToOneField(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, primary_key=True, related_name="imported"
    )
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("imported by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)

    class Meta:
        verbose_name = _("imported game")
        verbose_name_plural = _("imported games")

    def __str__(self):
        return str(self.game)
