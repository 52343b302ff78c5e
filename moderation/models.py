"""Reports players make about one another, and what moderators did about them.

A report is read by moderators only (the ``moderation.moderate`` permission); its reporter
never learns the outcome's details. Every moderator's action is a ``ModerationAction`` row,
never edited: the log other moderators read. The restrictions an action makes are
``accounts.models.Restriction`` rows, which every write they limit reads.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Report(models.Model):
    """One player's report about another, with where it happened (a table, a game, a chat line)."""

    NOTE_MAX_LENGTH = 1000

    class Reason(models.TextChoices):
        ABUSIVE_CHAT = "abusive_chat", _("abusive chat")
        CHEATING = "cheating", _("cheating or collusion")
        STALLING = "stalling", _("stalling or quitting")
        OFFENSIVE_NAME = "offensive_name", _("offensive name")
        SPAM = "spam", _("spam")
        OTHER = "other", _("something else")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CLOSED = "closed", _("closed")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reporter"),
        on_delete=models.CASCADE,
        related_name="reports_made",
    )
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported player"),
        on_delete=models.CASCADE,
        related_name="reports_received",
    )
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    note = models.TextField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True)
    table = models.ForeignKey(
        "games.Table",
        verbose_name=_("table"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    game = models.ForeignKey(
        "games.Game",
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    chat_message = models.ForeignKey(
        "games.ChatMessage",
        verbose_name=_("chat line"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(_("made"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        permissions = [("moderate", _("Can moderate: read reports and act on players"))]
        indexes = [models.Index(fields=["reporter", "subject", "created_at"])]

    def __str__(self):
        return f"{self.reporter} → {self.subject}: {self.get_reason_display()}"


class ModerationAction(models.Model):
    """What a moderator did about a player (and a report), and why: the log, never edited."""

    class Kind(models.TextChoices):
        WARN = "warn", _("warning")
        MUTE = "mute", _("chat muted")
        RATED_BAN = "rated_ban", _("barred from rated games")
        SITE_BAN = "site_ban", _("barred from the site")
        CLOSE = "close", _("closed as unfounded")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("moderator"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="moderation_actions",
    )
    report = models.ForeignKey(
        Report,
        verbose_name=_("report"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="actions",
    )
    kind = models.CharField(_("action"), max_length=10, choices=Kind.choices)
    duration = models.DurationField(_("for"), null=True, blank=True)
    until = models.DateTimeField(
        _("until"), null=True, blank=True, help_text=_("A warning is shown until then.")
    )
    restriction = models.ForeignKey(
        "accounts.Restriction",
        verbose_name=_("restriction"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reason = models.CharField(_("reason shown to the player"), max_length=300, blank=True)
    private_note = models.TextField(_("private note"), max_length=2000, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")

    def __str__(self):
        return f"{self.moderator} → {self.subject}: {self.get_kind_display()}"
