"""The site's user model: people and bots alike, so history and ratings treat them the same."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.bots import levels as bot_levels
from games.models import DEFAULT_PRESET, PRESET_CHOICES


def site_bot_number(username: str, level: str) -> int | None:
    """The number ``n`` of one of the site's own bot accounts, ``<level>-bot-<n>``
    (``games.play.tables.bot_account``), or None for any other account."""
    prefix = f"{level}-bot-"
    number = username.removeprefix(prefix)
    if not level or number == username or not (number.isascii() and number.isdigit()):
        return None
    return int(number)


def stored_bot_name(level: str, n: int) -> str:
    """The name stored with a site bot's account: English, for the admin's search. Players
    read ``bot_name`` instead, in their own language."""
    return f"{level.capitalize()} bot {n}"


def bot_name(level: str, n: int) -> str:
    """A site bot's name in the reader's language, from its level and number: "Greedy bot 2",
    "Bot mlafi 2" (two bots of one level at a table are told apart by the number)."""
    label = capfirst(gettext(bot_levels.LABELS[level]))
    return pgettext("a bot's name: its level, then its number", "%(level)s %(n)d") % {"level": label, "n": n}


def short_bot_name(level: str, n: int) -> str:
    """A site bot's name where a phone's seat has room for ten characters or so: "Greedy 2",
    "Mlafi 2". The level's word and the number stay (two bots at a table differ by one or the
    other: "Greedy bo…" twice told nobody which was which); the word "bot" goes."""
    label = capfirst(gettext(bot_levels.SHORT_LABELS[level]))
    return pgettext("a bot's short name on a seat: its level, then its number", "%(level)s %(n)d") % {
        "level": label,
        "n": n,
    }


class KadiUserManager(UserManager):
    def create_bot(self, username: str, bot_level: str, display_name: str = "") -> "User":
        """Create a bot account; it has no usable password, so it can never log in."""
        bot = self.model(username=username, bot_level=bot_level, display_name=display_name)
        bot.set_unusable_password()
        bot.full_clean()
        bot.save()
        return bot


class User(AbstractUser):
    # HUMAN, then RANDOM, GREEDY, ... from games.bots.levels, where the levels are defined
    BotLevel = models.TextChoices(
        "BotLevel",
        [("HUMAN", ("", _("human")))]
        + [(level.name.upper(), (level.name, _(level.label))) for level in bot_levels.DEFINED],
    )

    display_name = models.CharField(
        _("display name"),
        max_length=40,
        blank=True,
        help_text=_("Shown to other players instead of your username. Leave empty to use the username."),
    )
    bot_level = models.CharField(
        _("bot level"),
        max_length=10,
        blank=True,
        default=BotLevel.HUMAN,
        choices=BotLevel.choices,
    )

    class HandOrder(models.TextChoices):
        SUIT = "suit", _("by suit, then rank")
        RANK = "rank", _("by rank")

    hand_order = models.CharField(
        _("order of your hand"), max_length=4, choices=HandOrder.choices, default=HandOrder.SUIT
    )
    turn_notification = models.BooleanField(
        _("a desktop notification when your turn comes while the table's tab is hidden"),
        default=False,
        help_text=_("Your browser asks you to allow notifications the first time."),
    )

    class ChallengesFrom(models.TextChoices):
        EVERYONE = "everyone", _("everyone")
        FRIENDS = "friends", _("friends only")
        NOBODY = "nobody", _("nobody")

    challenges_from = models.CharField(
        _("who may challenge you"),
        max_length=8,
        choices=ChallengesFrom.choices,
        default=ChallengesFrom.EVERYONE,
        help_text=_("Friends are players who follow you and whom you follow."),
    )
    chat_off = models.BooleanField(
        _("hide chat"),
        default=False,
        help_text=_("You see no table's chat and write in none."),
    )
    # Play at once (games.play.play_now): the rules a quick game looks for, and the bots'
    # level "Play bots now" seats, as the player last chose them.
    preferred_preset = models.CharField(
        _("rules you prefer"),
        max_length=20,
        choices=PRESET_CHOICES,
        default=DEFAULT_PRESET,
        help_text=_("A quick game seats you at a table with these rules."),
    )
    play_now_level = models.CharField(
        _("bots to play at once"), max_length=10, choices=bot_levels.CHOICES, default=bot_levels.FIRST_GAME
    )
    # A visitor playing without an account (accounts.guests): no usable password, never
    # rated, removed after guest_expires unless they sign up (which turns this row into theirs).
    is_guest = models.BooleanField(_("guest"), default=False)
    guest_expires = models.DateTimeField(_("guest until"), null=True, blank=True, db_index=True)
    # An account its player deleted (privacy.erasure): the row stays so that the games the
    # others played with them stay whole, named "Deleted player" in the reader's language.
    erased_at = models.DateTimeField(_("deleted"), null=True, blank=True)

    objects = KadiUserManager()

    @property
    def is_bot(self) -> bool:
        return self.bot_level != self.BotLevel.HUMAN

    @property
    def name(self) -> str:
        """The name shown to other players. The site's own bots are named at display time,
        in the reader's language, unless an admin gave one a name of its own."""
        if self.erased_at is not None:
            return gettext("Deleted player")
        number = self._named_bot_number()
        return bot_name(self.bot_level, number) if number is not None else self.display_name or self.username

    @property
    def short_name(self) -> str:
        """The name a seat shows, where a phone leaves it little room: ``short_bot_name`` for
        the site's own bots (named at display time, as ``name``), else ``name``."""
        number = self._named_bot_number()
        return short_bot_name(self.bot_level, number) if number is not None else self.name

    def _named_bot_number(self) -> int | None:
        """The number of one of the site's own bots that no admin renamed, else None."""
        number = site_bot_number(self.username, self.bot_level) if self.is_bot else None
        if number is not None and self.display_name in ("", stored_bot_name(self.bot_level, number)):
            return number
        return None

    def get_absolute_url(self) -> str:
        return reverse("profile", args=[self.username])


class LoginFailure(models.Model):
    """One failed log-in attempt, kept for the throttling window (see accounts/throttle.py)."""

    username = models.CharField(max_length=150)
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["username", "ip_address", "created_at"])]
        verbose_name = _("failed log-in")
        verbose_name_plural = _("failed log-ins")

    def __str__(self) -> str:
        return _("%(username)s from %(address)s") % {"username": self.username, "address": self.ip_address}


class LoginThrottle(models.Model):
    """One row per (username, address) that tried to log in: locked for update while an
    attempt is counted, so that parallel attempts are counted one after another."""

    username = models.CharField(max_length=150)
    address = models.CharField(max_length=45, blank=True)  # "" when unknown
    attempts = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["username", "address"], name="loginthrottle_unique_pair")
        ]

    def __str__(self) -> str:
        return f"{self.username} @ {self.address}"


class SignUp(models.Model):
    """An account made from an address, kept for the sign-up window (accounts/signups.py)."""

    ip_address = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["ip_address", "created_at"])]
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")

    def __str__(self) -> str:
        return _("a sign-up from %(address)s") % {"address": self.ip_address}


class Follow(models.Model):
    """``follower`` follows ``followed``; two who follow each other are friends
    (accounts/friends.py writes and reads them)."""

    follower = models.ForeignKey(
        User, verbose_name=_("follower"), on_delete=models.CASCADE, related_name="following"
    )
    followed = models.ForeignKey(
        User, verbose_name=_("followed"), on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(_("since"), default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_unique_pair"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="follow_not_self"
            ),
        ]
        indexes = [models.Index(fields=["follower", "created_at"], name="follow_follower_created")]
        verbose_name = _("follow")
        verbose_name_plural = _("follows")

    def __str__(self) -> str:
        return _("%(follower)s follows %(followed)s") % {"follower": self.follower, "followed": self.followed}


class Block(models.Model):
    """``blocker`` blocked ``blocked``: no follow either way, no chat from them and no seat
    for them at the blocker's tables (accounts/blocks.py)."""

    blocker = models.ForeignKey(
        User, verbose_name=_("blocker"), on_delete=models.CASCADE, related_name="blocks_made"
    )
    blocked = models.ForeignKey(
        User, verbose_name=_("blocked player"), on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(_("since"), default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_unique_pair"),
            models.CheckConstraint(condition=~models.Q(blocker=models.F("blocked")), name="block_not_self"),
        ]
        verbose_name = _("block")
        verbose_name_plural = _("blocks")

    def __str__(self) -> str:
        return _("%(blocker)s blocked %(blocked)s") % {"blocker": self.blocker, "blocked": self.blocked}


class Restriction(models.Model):
    """What a player may not do until a time, and why (shown to them on every page where it
    applies): chat muted, rated games barred (a moderator's ban, or the fair-play pause),
    the site barred. Written by the moderation app (and the fairplay app's pause); read by every
    write it limits through ``accounts.restrictions`` (games never import moderation)."""

    class Kind(models.TextChoices):
        MUTE = "mute", _("chat muted")
        RATED_BAN = "rated_ban", _("barred from rated games")
        SITE_BAN = "site_ban", _("barred from the site")
        PLAYBAN = "playban", _("a pause before the next rated game")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="restrictions",
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    until = models.DateTimeField(_("until"), db_index=True)
    reason = models.CharField(_("reason shown to the player"), max_length=300)
    created_at = models.DateTimeField(_("from"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("Empty: the site (the fair-play pause)."),
    )
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("restriction")
        verbose_name_plural = _("restrictions")
        indexes = [models.Index(fields=["user", "kind", "until"])]

    def __str__(self):
        return f"{self.user}: {self.get_kind_display()}"
