"""Arenas: tournaments of Kadi tables, their entries, the tables they made and each counted result.

A tournament pairs tables, not pairs: whenever enough of its entries wait, its pairing
(``tournaments.pairing``, written by ``tournaments.writes``) seats them at new tables of
``seats`` seats made through ``games.play``; each game's end scores its players
(``tournaments.scoring``). Games never import this app: a tournament's table is a
``TournamentTable`` row here, and a finished game reaches it through ``games.signals``.
"""

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import MIN_SEATS, Game, HouseRules, Table, invite_opens, new_invite_token

NAIROBI = "Africa/Nairobi"

# A tournament's tables seat 2 to 5 (the arena's pairing and scoring are made for one deck's tables).
MAX_TABLE_SEATS = 5


class RulesFields(HouseRules):
    """What a tournament and its recurring template share: the tables' house rules, size and
    clock, and who may take part."""

    name = models.CharField(_("name"), max_length=80)
    seats = models.PositiveSmallIntegerField(
        _("seats per table"),
        default=4,
        validators=[MinValueValidator(MIN_SEATS), MaxValueValidator(MAX_TABLE_SEATS)],
    )
    turn_timer_seconds = models.PositiveIntegerField(
        _("turn clock (seconds)"), null=True, blank=True, default=30, help_text=_("Empty: no turn clock.")
    )
    minutes = models.PositiveIntegerField(
        _("duration (minutes)"), default=60, validators=[MinValueValidator(5), MaxValueValidator(7 * 24 * 60)]
    )
    rated = models.BooleanField(
        _("rated"), default=True, help_text=_("Its games change the players' ratings.")
    )
    bots_allowed = models.BooleanField(
        _("bots allowed"),
        default=False,
        help_text=_("Bot accounts may enter, and bots fill a table's free seats."),
    )

    class Meta:
        abstract = True


class RecurringTournament(RulesFields):
    """A staff template: a tournament made ahead of each occurrence (``tournaments.writes``'s
    periodic job), e.g. "every day at 20:00 Nairobi time"."""

    class Every(models.TextChoices):
        DAY = "day", _("every day")
        WEEK = "week", _("every week")

    every = models.CharField(_("repeats"), max_length=4, choices=Every.choices, default=Every.DAY)
    weekday = models.PositiveSmallIntegerField(
        _("weekday"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(6)],
        help_text=_("Weekly only: 0 Monday to 6 Sunday."),
    )
    at = models.TimeField(_("at"), help_text=_("Local time in the time zone below."))
    timezone = models.CharField(_("time zone"), max_length=64, default=NAIROBI)
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("recurring tournament")
        verbose_name_plural = _("recurring tournaments")

    def __str__(self):
        return self.name


class TournamentQuerySet(models.QuerySet):
    def listed(self):
        """Tournaments anyone may see in lists: not private."""
        return self.filter(private=False)


class Tournament(RulesFields):
    # The invitation token is the key to a private tournament: never shown or filtered in the
    # admin's lists (kadi_site.admin_guard), only to its creator and entrants.
    HIDDEN_FIELDS = ("invite_token",)

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("starts soon")
        RUNNING = "running", _("running")
        ENDING = "ending", _("last games finishing")  # past its end: no new tables, games running
        FINISHED = "finished", _("finished")

    starts_at = models.DateTimeField(_("starts"), db_index=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED)
    private = models.BooleanField(
        _("private"), default=False, help_text=_("Not listed; joined only through the invitation link.")
    )
    invite_token = models.CharField(
        _("invitation token"), max_length=64, default=new_invite_token, blank=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_tournaments",
    )
    recurrence = models.ForeignKey(
        RecurringTournament,
        verbose_name=_("made from"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Moved on by every write that changes the standings: the live pages' version.
    seq = models.PositiveIntegerField(_("standings version"), default=0)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-starts_at", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(seats__gte=MIN_SEATS, seats__lte=MAX_TABLE_SEATS), name="tournament_seats_2_to_5"
            ),
            models.UniqueConstraint(fields=["recurrence", "starts_at"], name="one_tournament_per_occurrence"),
        ]

    def __str__(self):
        return self.name

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.minutes)

    def invite_opens(self, token: str) -> bool:
        """Whether ``token`` is the tournament's invitation token (constant-time compare)."""
        return invite_opens(self.invite_token, token)


class Entry(models.Model):
    """A player in a tournament: in it, paused or withdrawn; the table they sit at (none:
    waiting to be paired, when in it); their running score."""

    class State(models.TextChoices):
        IN = "in", _("taking part")
        PAUSED = "paused", _("paused")
        WITHDRAWN = "withdrawn", _("withdrawn")

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="entries"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="tournament_entries",
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.IN)
    # The table the entry plays at now (a paused or withdrawn entry finishes its game there);
    # none: not at a table (waiting to be paired when in the tournament).
    table = models.ForeignKey(
        "TournamentTable",
        verbose_name=_("at table"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="entries",
    )
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)
    # Since when the entry waits for a table (the pairing's countdown starts from the oldest).
    waiting_since = models.DateTimeField(_("waiting since"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points"), default=0)
    games = models.PositiveIntegerField(_("games"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    streak = models.PositiveSmallIntegerField(_("wins in a row"), default=0)
    # When the points last grew: the last tie-break (whoever got there first ranks higher).
    scored_at = models.DateTimeField(_("last scored"), null=True, blank=True)
    # The user ids met at the entry's last table: the pairing avoids them where it can.
    last_opponents = models.JSONField(_("last opponents"), default=list, blank=True)
    rank = models.PositiveIntegerField(_("final place"), null=True, blank=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")]
        indexes = [
            models.Index(fields=["tournament", "state"]),
            models.Index(fields=["tournament", "-points"]),
        ]

    def __str__(self):
        return f"{self.user} @ {self.tournament}"


class TournamentTable(models.Model):
    """A table the pairing made (one game each): how a game knows its tournament."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="tables"
    )
    table = models.OneToOneField(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="tournament_table"
    )
    game = models.OneToOneField(
        Game,
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_table",
    )
    created_at = models.DateTimeField(_("made"), auto_now_add=True)
    counted = models.BooleanField(_("counted"), default=False, help_text=_("Its game ended and was scored."))

    class Meta:
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")

    def __str__(self):
        return str(self.table)


class Result(models.Model):
    """One entry's score for one game: its place among ``players``, the points, and whether
    the streak bonus doubled them."""

    entry = models.ForeignKey(
        Entry, verbose_name=_("entry"), on_delete=models.CASCADE, related_name="results"
    )
    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="tournament_results"
    )
    place = models.PositiveSmallIntegerField(_("place"))
    players = models.PositiveSmallIntegerField(_("players"))
    points = models.PositiveSmallIntegerField(_("points"))
    doubled = models.BooleanField(_("on a streak"), default=False)
    lost_by = models.CharField(
        _("lost by"),
        max_length=10,
        blank=True,
        default="",
        help_text=_("resigned, timeout or abandoned: no points."),
    )
    created_at = models.DateTimeField(_("scored"), auto_now_add=True)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [models.UniqueConstraint(fields=["entry", "game"], name="one_result_per_game")]

    def __str__(self):
        return f"{self.entry}: {self.points}"
