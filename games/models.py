"""Tables, their seats, and the games played at them, stored move by move.

Writes go through ``games.play``; these models only describe the data. A game keeps
everything needed to replay it (frozen rules, player count, seed, first seat, moves) plus
the current engine position, so a move never needs a replay from the start.
"""

import hmac
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.engine import Rules, State
from games.engine.rules import DEFAULT_PRESET, PRESET_LABELS

# Up to ten seats: more than five play with two decks (the engine's ``Rules.max_players``).
MIN_SEATS, MAX_SEATS = 2, 10
# The presets' names translated; their msgids are marked where the pages show them
# (games.text.rules.PRESET_LABEL_WORDS), so the models import no words module.
PRESET_CHOICES = {preset: _(label) for preset, label in PRESET_LABELS.items()}


# A turn-based table's time per move (Table.move_seconds): 1 hour, 12 hours, 1 day, 3 days.
MOVE_SECONDS_CHOICES = (3600, 43200, 86400, 259200)

INVITE_TOKEN_BYTES = 24  # 192 bits: no address could guess one in a lifetime of tries


def new_invite_token() -> str:
    """A fresh, unguessable invitation token (URL-safe text)."""
    return secrets.token_urlsafe(INVITE_TOKEN_BYTES)


class TableQuerySet(models.QuerySet):
    def listed(self):
        """The tables the lobby lists, and so the ones a quick game may seat a player at
        (an imported record's table and a private table are kept out of both here)."""
        return self.filter(in_lobby=True, private=False)


def invite_opens(stored: str, token: object) -> bool:
    """Whether ``token`` is the invitation token ``stored`` (empty: the link is revoked),
    compared in constant time: a guess learns nothing from how long it took."""
    if not stored or not isinstance(token, str) or len(token) > 64:
        return False
    return hmac.compare_digest(stored.encode(), token.encode("utf-8", "replace"))


class HouseRules(models.Model):
    """A preset and the options that differ from it: a table's house rules, and the house
    rules of a tournament's tables."""

    preset = models.CharField(
        _("rules preset"), max_length=20, choices=PRESET_CHOICES, default=DEFAULT_PRESET
    )
    rule_overrides = models.JSONField(
        _("rule overrides"),
        default=dict,
        blank=True,
        help_text=_("House-rule options that differ from the preset."),
    )

    class Meta:
        abstract = True

    def rules(self) -> Rules:
        """The effective house rules: the preset plus the overrides (engine ``Rules``)."""
        return Rules.from_dict({"preset": self.preset, **self.rule_overrides})

    def clean(self):
        try:
            self.rules()
        except ValueError as error:
            raise ValidationError({"rule_overrides": str(error)}) from None


class Table(HouseRules):
    # The invitation token is the key to a private table: never shown or filtered in the
    # admin's lists (kadi_site.admin_guard), only on the table page of its owner and players.
    HIDDEN_FIELDS = ("invite_token",)

    class Spectators(models.TextChoices):
        LINK = "link", _("anyone with the link")
        PLAYERS = "players", _("players only")

    class NameKind(models.TextChoices):
        """How the table's name is made: by its owner (stored as typed), or generated from
        its owner's name, in the reader's language at display time (games.text.tables)."""

        OWN = "", _("named by its owner")
        BOTS = "bots", _("“… and the bots”")
        QUICK = "quick", _("“Quick game: …”")

    name = models.CharField(_("name"), max_length=80)
    # A generated name is also stored in ``name`` (the creator's language then): what the
    # admin searches, and what shows once the owner's account is gone.
    name_kind = models.CharField(
        _("kind of name"), max_length=10, choices=NameKind.choices, default="", blank=True
    )
    seat_count = models.PositiveSmallIntegerField(
        _("seats"),
        default=4,
        validators=[MinValueValidator(MIN_SEATS), MaxValueValidator(MAX_SEATS)],
    )
    turn_timer_seconds = models.PositiveIntegerField(
        _("turn timer (seconds)"), null=True, blank=True, help_text=_("Empty: no turn timer.")
    )

    class Pace(models.TextChoices):
        """Real-time (everyone at the table, a turn clock in seconds) or turn-based (a move
        within ``move_seconds``, the game spread over days: games.play.deadlines)."""

        LIVE = "live", _("real-time")
        TURN = "turn", _("turn-based")

    pace = models.CharField(_("pace"), max_length=4, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(
        _("time per move (seconds)"),
        null=True,
        blank=True,
        choices=[(3600, _("1 hour")), (43200, _("12 hours")), (86400, _("1 day")), (259200, _("3 days"))],
        help_text=_(
            "Turn-based tables only: 3600 (1 hour), 43200 (12 hours), 86400 (1 day) or 259200 (3 days)."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="created_tables",
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Moved on by every save (a bare queryset update must set it too): a move made on a game
    # this process keeps checks that its table is still as kept (games.play.moves._submit).
    updated_at = models.DateTimeField(_("changed"), auto_now=True)
    in_lobby = models.BooleanField(
        _("in the lobby"),
        default=True,
        help_text=_("Off for the tables of imported game records: they only hold history."),
    )
    private = models.BooleanField(
        _("private"),
        default=False,
        help_text=_("Not in the lobby; seats only through the invitation link."),
    )
    spectators = models.CharField(
        _("who may watch"),
        max_length=10,
        choices=Spectators.choices,
        default=Spectators.LINK,
        help_text=_("For a private table: who may watch its games."),
    )
    listed_in_history = models.BooleanField(
        _("games in public listings"),
        default=True,
        help_text=_("For a private table: whether its finished games appear in public game lists."),
    )
    rated = models.BooleanField(
        _("rated"),
        default=True,
        help_text=_("Its games change the players' ratings (off: a tournament's unrated tables)."),
    )
    min_finishing_rate = models.PositiveSmallIntegerField(
        _("lowest finishing rate (%)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_("A player who finished fewer of their last games is refused a seat. Empty: anyone."),
    )
    chat_off = models.BooleanField(
        _("chat turned off"),
        default=False,
        help_text=_("Its players and spectators see no chat and write none."),
    )
    invite_token = models.CharField(
        _("invitation token"),
        max_length=64,
        default=new_invite_token,
        blank=True,
        help_text=_("Empty: the invitation link is revoked."),
    )
    # A quick game's table (games.play.play_now) waits for people until then, and then fills
    # its free seats with bots and starts; empty once that happened (or for any other table).
    bots_fill_at = models.DateTimeField(_("bots fill the seats at"), null=True, blank=True, db_index=True)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.CheckConstraint(
                condition=Q(seat_count__gte=MIN_SEATS, seat_count__lte=MAX_SEATS),
                name="table_seat_count_2_to_10",
            ),
        ]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()  # the rules are valid past this line
        errors = pace_errors(self.pace, self.move_seconds, self.turn_timer_seconds)
        if self.seat_count is not None:
            errors.update(seat_errors(self.seat_count, self.rules()))
        if errors:
            raise ValidationError(errors)

    @property
    def turn_based(self) -> bool:
        return self.pace == self.Pace.TURN

    def invite_opens(self, token: str) -> bool:
        """Whether ``token`` is the table's invitation token now (a revoked link's table has
        none), compared in constant time: a guess learns nothing from how long it took."""
        return invite_opens(self.invite_token, token)

    def current_game(self):
        """The table's latest game, running or over, or None before its first game."""
        return self.games.order_by("-number").first()


def seat_errors(seat_count: int, rules: Rules) -> dict[str, str]:
    """What is wrong with a table's number of seats under its house rules, by field (empty:
    nothing): more than five seats play with two decks (the engine's ``Rules.max_players``)."""
    if seat_count > rules.max_players:
        words = _(
            "A table of %(seats)d seats plays with two decks: choose two decks in the house "
            "rules (one deck seats %(most)d at most)."
        )
        return {"seat_count": words % {"seats": seat_count, "most": rules.max_players}}
    return {}


def pace_errors(pace: str, move_seconds: int | None, turn_timer_seconds: int | None) -> dict[str, str]:
    """What is wrong with a table's pace, by field (empty: nothing): a turn-based table has
    one of ``MOVE_SECONDS_CHOICES`` and no turn clock in seconds; a real-time one no time per move."""
    if pace == Table.Pace.TURN:
        if move_seconds not in MOVE_SECONDS_CHOICES:
            words = _("A turn-based table needs a time per move: 1 hour, 12 hours, 1 day or 3 days.")
            return {"move_seconds": words}
        if turn_timer_seconds:
            return {"turn_timer_seconds": _("A turn-based table has no turn clock in seconds.")}
    elif move_seconds is not None:
        return {"move_seconds": _("Only a turn-based table has a time per move.")}
    return {}


class Seat(models.Model):
    table = models.ForeignKey(Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="seats"
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_unique_user"),
            models.CheckConstraint(condition=Q(position__lt=MAX_SEATS), name="seat_position_below_max"),
        ]

    def __str__(self):
        return _("%(table)s, seat %(position)d: %(user)s") % {
            "table": self.table,
            "position": self.position + 1,
            "user": self.user,
        }


class Game(models.Model):
    # Never shown, filtered or searched in the admin (games.admin_guard): the seed fixes
    # the deal, the state holds every hand.
    HIDDEN_FIELDS = ("seed", "state")

    class Status(models.TextChoices):
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    table = models.ForeignKey(Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField(_("number"), help_text=_("1 for the table's first game, and so on."))
    rules = models.JSONField(_("rules"), help_text=_("Every option, frozen when the game started."))
    preset = models.CharField(
        _("rules preset"),
        max_length=20,
        choices=PRESET_CHOICES,
        default=DEFAULT_PRESET,
        help_text=_("The table's preset when the game started (its rules may override it)."),
    )
    player_count = models.PositiveSmallIntegerField(_("players"))
    seed = models.BigIntegerField(_("seed"))
    first_seat = models.PositiveSmallIntegerField(_("first to play"))
    state = models.JSONField(
        _("position"), help_text=_("The engine's full position: never shown to players.")
    )
    move_count = models.PositiveIntegerField(_("moves"), default=0)
    seq = models.PositiveIntegerField(
        _("event number"), default=0, help_text=_("Grows by one with every change to the game.")
    )
    turn = models.PositiveSmallIntegerField(_("to play"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.RUNNING)
    winner = models.PositiveSmallIntegerField(_("winner's seat"), null=True, blank=True)
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last change"), auto_now=True)
    finished_at = models.DateTimeField(_("ended"), null=True, blank=True)
    # "Play again" after this game: who accepted (user ids; bots accept at once), and who
    # last declined (which withdrew the offer).
    rematch_accepted = models.JSONField(_("accepted to play again"), default=list, blank=True)
    rematch_declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("declined to play again"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # At a turn-based table: when the player to move runs out of time (games.play.deadlines);
    # empty at a real-time table, and once the game is over.
    move_deadline = models.DateTimeField(_("move due by"), null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_unique_number"),
            models.CheckConstraint(
                condition=Q(player_count__gte=MIN_SEATS, player_count__lte=MAX_SEATS),
                name="game_player_count_2_to_10",
            ),
        ]
        indexes = [models.Index(fields=["status", "updated_at"], name="game_status_updated")]

    def __str__(self):
        return _("%(table)s, game %(number)d") % {"table": self.table, "number": self.number}

    @property
    def is_running(self):
        return self.status == self.Status.RUNNING

    def engine_rules(self):
        return Rules.from_dict(self.rules)

    def engine_state(self):
        """The current position as an engine ``State`` (server side only: it holds every hand),
        read from ``state`` once while it is the same dict: reading checks every field, and a
        live move would read it at every move (a ``State`` is never changed in place)."""
        known = self.__dict__.get("_engine_state")
        if known is not None and known[0] is self.state:
            return known[1]
        state = State.from_dict(self.state)
        self.know_engine_state(state)
        return state

    def know_engine_state(self, state):
        """``state`` is the ``State`` of ``self.state`` (read or written from it already)."""
        self._engine_state = (self.state, state)


class GamePlayer(models.Model):
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("The engine's seat: 0 to players - 1."))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="game_players",
    )
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    left = models.BooleanField(_("left"), default=False, help_text=_("Resigned or left before the end."))
    timeouts = models.PositiveSmallIntegerField(
        _("timeouts"),
        default=0,
        help_text=_("Turn-based table: moves the server made for this player, out of time (in all)."),
    )
    missed_turns = models.PositiveSmallIntegerField(
        _("missed turns"),
        default=0,
        help_text=_("Turns in a row the server played for this player (out of time, or away)."),
    )
    stand_in = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("stand-in bot"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="stand_ins",
        help_text=_("The bot that took over this seat after repeated missed turns."),
    )

    class Meta:
        ordering = ["game", "seat"]
        verbose_name = _("player in a game")
        verbose_name_plural = _("players in games")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="gameplayer_unique_seat"),
            models.UniqueConstraint(fields=["game", "user"], name="gameplayer_unique_user"),
        ]

    def __str__(self):
        return _("%(user)s in %(game)s") % {"user": self.user, "game": self.game}


class Move(models.Model):
    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="moves")
    index = models.PositiveIntegerField(_("index"), help_text=_("0 for the game's first move, and so on."))
    seat = models.PositiveSmallIntegerField(_("seat"))
    text = models.CharField(_("move"), max_length=240)  # room for all 54 cards, a suit and "!"
    penalty = models.PositiveSmallIntegerField(
        _("misplay penalty"),
        null=True,
        blank=True,
        help_text=_("Cards drawn for a misplay (misplay: penalty); empty for a legal move."),
    )
    client_move_id = models.CharField(
        _("client move id"),
        max_length=64,
        blank=True,
        default="",
        help_text=_("Sent by the client so that a resent move is recognised."),
    )
    drew = models.PositiveSmallIntegerField(
        _("cards drawn"),
        null=True,
        blank=True,
        help_text=_("How many cards the move drew: a draw, or a misplay's penalty. Empty: none."),
    )
    outcome = models.JSONField(
        _("outcome"),
        null=True,
        blank=True,
        help_text=_("What the move did, to whom (games.engine.outcomes), read when it was made."),
    )

    class Actor(models.TextChoices):
        """Who made a move: what the engine cannot know, told after it ("the server played for
        juma: his time ran out")."""

        PLAYER = "player", _("the player")
        TIMER = "timer", _("the server, the turn timer having run out")
        AWAY = "away", _("the server, the player being away")
        STAND_IN = "stand_in", _("a stand-in bot")

    actor = models.CharField(_("made by"), max_length=8, choices=Actor.choices, default=Actor.PLAYER)
    handed_to_bot = models.BooleanField(
        _("seat handed to a bot"),
        default=False,
        help_text=_("After this move, missed, the player's seat went to a stand-in bot."),
    )
    created_at = models.DateTimeField(_("made"), auto_now_add=True)

    class Meta:
        ordering = ["game", "index"]
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="move_unique_index"),
            models.UniqueConstraint(
                fields=["game", "client_move_id"],
                condition=~Q(client_move_id=""),
                name="move_unique_client_id",
            ),
        ]

    def __str__(self):
        return f"{self.index + 1}. {self.text}"


class ChatMessage(models.Model):
    """A line of a table's chat, from a seated player or a spectator."""

    MAX_LENGTH = 300

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="chat_messages"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("author"), on_delete=models.CASCADE, related_name="+"
    )
    class Status(models.TextChoices):
        """Shown to the table; held back by the word filter until staff review it; removed by staff."""

        SHOWN = "shown", _("shown")
        HELD = "held", _("held for review")
        REMOVED = "removed", _("removed")

    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.SHOWN)
    created_at = models.DateTimeField(_("sent"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["table", "pk"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")

    def __str__(self):
        return f"{self.user}: {self.text}"


class ChatFilterWord(models.Model):
    """A word the chat's filter holds back for review (``games.play.chat_filter``): a line
    that holds it as a whole word, in any case or with common letter substitutions."""

    class Language(models.TextChoices):
        ENGLISH = "en", _("English")
        SWAHILI = "sw", _("Swahili")

    word = models.CharField(_("word"), max_length=40)
    language = models.CharField(_("language"), max_length=2, choices=Language.choices)

    class Meta:
        ordering = ["language", "word"]
        verbose_name = _("chat filter word")
        verbose_name_plural = _("chat filter words")
        constraints = [models.UniqueConstraint(fields=["word", "language"], name="chat_filter_word_once")]

    def __str__(self):
        return self.word


class Presence(models.Model):
    """One open websocket (or API game stream) of a logged-in user at a table, kept by
    ``games.presence``: its server's heartbeat refreshes ``seen_at``, so a row not refreshed
    within the timeout is a socket whose server died, gone on its own. A closed socket's row
    stays (``closed``) to say when the user was last seen there, until they come again."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="presences"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    socket = models.CharField(_("socket"), max_length=64, unique=True)
    closed = models.BooleanField(_("closed"), default=False)
    seen_at = models.DateTimeField(_("last seen"))

    class Meta:
        verbose_name = _("presence")
        verbose_name_plural = _("presences")
        indexes = [models.Index(fields=["table", "user"], name="presence_table_user")]

    def __str__(self):
        return f"{self.user} at {self.table}"


def challenge_key() -> str:
    """A challenge's name in addresses: 16 random URL-safe characters, so that no one can
    guess another's challenge to act on it."""
    return secrets.token_urlsafe(12)


class Challenge(models.Model):
    """One player invites another (a person or a bot) to a game with these rules; accepting
    makes the table, seats both and the extra bots, and starts it (``games.play.challenges``).
    An open challenge past ``expires_at`` counts as expired even before a write marks it."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")
        EXPIRED = "expired", _("expired")

    key = models.CharField(_("key"), max_length=24, unique=True, default=challenge_key, editable=False)
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("challenger"),
        on_delete=models.CASCADE,
        related_name="challenges_made",
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("challenged player"),
        on_delete=models.CASCADE,
        related_name="challenges_received",
    )
    preset = models.CharField(
        _("rules preset"), max_length=20, choices=PRESET_CHOICES, default=DEFAULT_PRESET
    )
    rule_overrides = models.JSONField(_("house rule overrides"), default=dict, blank=True)
    turn_timer_seconds = models.PositiveIntegerField(_("turn timer (seconds)"), null=True, blank=True)
    # Set: the table is turn-based, with this time per move (Table.move_seconds); empty: real-time.
    move_seconds = models.PositiveIntegerField(_("time per move (seconds)"), null=True, blank=True)
    bot_levels = models.JSONField(
        _("extra bots"), default=list, blank=True, help_text=_("One level per bot.")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    table = models.ForeignKey(
        Table, verbose_name=_("table"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        indexes = [
            models.Index(fields=["challenged", "status"], name="challenge_challenged_status"),
            models.Index(fields=["challenger", "created_at"], name="challenge_challenger_created"),
            # the sweep's look for open challenges past their expiry (expire_due, a job of timers.jobs)
            models.Index(fields=["expires_at"], condition=Q(status="open"), name="challenge_open_expiry"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(challenger=models.F("challenged")), name="challenge_not_self"
            ),
        ]

    def __str__(self):
        return _("%(challenger)s challenges %(challenged)s") % {
            "challenger": self.challenger,
            "challenged": self.challenged,
        }

    def current_status(self, now) -> str:
        """The status at ``now``: an open challenge past its expiry is expired."""
        if self.status == self.Status.OPEN and now >= self.expires_at:
            return self.Status.EXPIRED
        return self.status


class Vacation(models.Model):
    """A player away from ``starts_at`` to ``ends_at`` (moved to when they came back, if
    earlier): their turn-based deadlines do not run out meanwhile (games.play.vacations)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE, related_name="vacations"
    )
    starts_at = models.DateTimeField(_("from"))
    ends_at = models.DateTimeField(_("until"))

    class Meta:
        ordering = ["user", "-starts_at"]
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        indexes = [models.Index(fields=["user", "ends_at"], name="vacation_user_ends")]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__gte=models.F("starts_at")), name="vacation_ends_after_start"
            ),
        ]

    def __str__(self):
        return _("%(user)s, away until %(until)s") % {"user": self.user, "until": self.ends_at}
