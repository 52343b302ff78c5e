"""A player's notifications, their preferences for them, and their browsers' push subscriptions.

A notification keeps only what its text needs (names, a table's name, a place, a link): never
a card. Its words are put together when read, in the reader's language (``notifications.texts``).
"""

import zoneinfo
from datetime import datetime, time

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn", _("Your turn (turn-based tables)")
    CHALLENGE = "challenge", _("A challenge for you")
    CHALLENGE_ANSWERED = "challenge_answered", _("Your challenge answered")
    GAME_OVER = "game_over", _("A game of yours ended")
    REMATCH_OFFERED = "rematch_offered", _("An offer to play again")
    FRIEND_SEATED = "friend_seated", _("A friend sat down at an open table")
    TOURNAMENT_STARTED = "tournament_started", _("A tournament you joined began")


class Channel(models.TextChoices):
    SITE = "site", _("On the site")
    PUSH = "push", _("Push (this browser or phone)")
    EMAIL = "email", _("E-mail")


# The slow kinds may go by e-mail: what still matters an hour or a day later (a move waiting
# at a turn-based table, a challenge and its answer, a result). A rematch offer, a friend
# sitting down or a tournament beginning (its first tables are made at once) is stale long
# before a batched e-mail arrives, so those go by site and push only.
SLOW_KINDS = (Kind.YOUR_TURN, Kind.CHALLENGE, Kind.CHALLENGE_ANSWERED, Kind.GAME_OVER)

# What a player who never opened the settings gets: everything on the site and by push;
# e-mail for what waits on them (a move, a challenge, its answer), not every result.
DEFAULTS = {
    (kind, channel): channel != Channel.EMAIL
    or kind in (Kind.YOUR_TURN, Kind.CHALLENGE, Kind.CHALLENGE_ANSWERED)
    for kind in Kind.values
    for channel in Channel.values
}


def channel_allowed(kind: str, channel: str) -> bool:
    """Whether ``kind`` may go by ``channel`` at all (e-mail is for the slow kinds only)."""
    return channel != Channel.EMAIL or kind in SLOW_KINDS


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="notifications",
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    params = models.JSONField(_("text parameters"), default=dict, blank=True)
    url = models.CharField(_("link"), max_length=200)
    # what this notification is about ("challenge:<key>", "game:<id>"...): a receiver called
    # twice for one event stores one notification
    ref = models.CharField(_("about"), max_length=60)
    listed = models.BooleanField(_("on the site's list"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    seen_at = models.DateTimeField(_("seen"), null=True, blank=True)
    emailed_at = models.DateTimeField(_("e-mailed"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        constraints = [models.UniqueConstraint(fields=["user", "kind", "ref"], name="notification_once")]
        indexes = [
            # the header's count of unseen notifications
            models.Index(fields=["user"], condition=Q(seen_at=None, listed=True), name="notification_unseen"),
            # the e-mail batch's look for players with something to send
            models.Index(
                fields=["created_at"], condition=Q(seen_at=None, emailed_at=None), name="notification_unsent"
            ),
        ]

    def __str__(self):
        return f"{self.user} · {self.kind} · {self.ref}"

    @staticmethod
    def turn_ref(game_id: int, move_count: int) -> str:
        """The ``ref`` of "your turn" in a game at a move: one notification a turn."""
        return f"turn:{game_id}:{move_count}"

    def turn_position(self) -> tuple[int, int] | None:
        """(game id, move count) of a "your turn", None for another kind."""
        if self.kind != Kind.YOUR_TURN:
            return None
        _turn, game_id, move_count = self.ref.split(":")
        return int(game_id), int(move_count)


class Preference(models.Model):
    """A player's notification settings. A player without a row has the defaults
    (``Preference.of``); the row is written when they save the settings, or when an e-mail
    batch first looks at them (its last e-mail's time lives here)."""

    class Interval(models.IntegerChoices):
        HOURLY = 3600, _("at most one an hour")
        SIX_HOURS = 6 * 3600, _("at most one every six hours")
        DAILY = 24 * 3600, _("at most one a day")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="notification_preference",
    )
    # "kind.channel": on or off, where the player changed the default (``DEFAULTS``)
    channels = models.JSONField(_("channels"), default=dict, blank=True)
    email_interval = models.PositiveIntegerField(
        _("e-mails"), choices=Interval.choices, default=Interval.HOURLY
    )
    quiet_start = models.TimeField(_("quiet hours from"), null=True, blank=True)
    quiet_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    time_zone = models.CharField(_("time zone"), max_length=64, default="Africa/Nairobi")
    # the language the player last used the site in: their notifications are written in it
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, default="en")
    last_emailed_at = models.DateTimeField(_("last e-mail"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification settings")
        verbose_name_plural = _("notification settings")

    def __str__(self):
        return str(self.user)

    @classmethod
    def of(cls, user) -> "Preference":
        """``user``'s preferences: their row, or the defaults (unsaved)."""
        return cls.objects.filter(user=user).first() or cls(user=user)

    def is_on(self, kind: str, channel: str) -> bool:
        if not channel_allowed(kind, channel):
            return False
        return bool(self.channels.get(f"{kind}.{channel}", DEFAULTS[(kind, channel)]))

    def quiet_at(self, moment: datetime) -> bool:
        """Whether ``moment`` (aware) falls in the quiet hours, read on the player's clock.
        Hours that cross midnight (22:00 to 07:00) are quiet from the start to the end."""
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return False
        try:
            zone = zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            zone = zoneinfo.ZoneInfo("UTC")
        local: time = moment.astimezone(zone).time()
        if self.quiet_start < self.quiet_end:
            return self.quiet_start <= local < self.quiet_end
        return local >= self.quiet_start or local < self.quiet_end


class PushSubscription(models.Model):
    """One browser's Web Push subscription (``PushSubscription.toJSON()``), as checked by
    ``notifications.subscriptions``. An endpoint belongs to one player: the last to subscribe
    on that browser."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
    )
    endpoint = models.URLField(_("endpoint"), max_length=1024, unique=True)
    p256dh = models.CharField(_("public key"), max_length=100)
    auth = models.CharField(_("auth secret"), max_length=40)
    label = models.CharField(_("device"), max_length=100, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_success_at = models.DateTimeField(_("last delivered"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self):
        return f"{self.user} · {self.label}"

    def info(self) -> dict:
        """The subscription as pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
