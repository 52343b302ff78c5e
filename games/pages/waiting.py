"""The games waiting for a player's move ("Your turn"): the page at ``/waiting/`` and the
count in every page's header.

Most urgent first: real-time games before turn-based ones (their clock runs in seconds,
and a game with no clock is being played now), then by deadline. ``waiting_games`` reads in
two queries, whatever the number of games; ``waiting_count`` in one indexed COUNT.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import F, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.models import Game, GamePlayer
from games.text.tables import table_title

HAND_ANCHOR = "hand"  # the table page's hand (templates/games/partials/hand.html), focused on arrival


@dataclass(frozen=True)
class WaitingGame:
    """A game waiting for the reader's move: its table (name, address of the hand), the other
    players' names, and when the move is due (None: a real-time game with no clock)."""

    table_id: int
    table_name: str
    url: str
    opponents: list[str]
    turn_based: bool
    deadline: datetime | None
    time_left: str


def _mine(user: User) -> QuerySet[GamePlayer]:
    """The user's seats in running games whose turn is theirs (still in play, no stand-in)."""
    return GamePlayer.objects.filter(
        user=user, left=False, stand_in__isnull=True, game__status=Game.Status.RUNNING, game__turn=F("seat")
    )


def waiting_count(user: User) -> int:
    """How many games wait for ``user``'s move: one COUNT (the player's index), 0 for anyone
    not signed in, with no query."""
    if not user.is_authenticated or user.is_bot:
        return 0
    return _mine(user).count()


def waiting_games(user: User, now: datetime | None = None) -> list[WaitingGame]:
    """The games waiting for ``user``'s move, most urgent first (see above). Two queries."""
    if not user.is_authenticated or user.is_bot:
        return []
    now = now or timezone.now()
    seats = list(_mine(user).select_related("game__table__created_by"))
    names: dict[int, list[str]] = {}
    others = GamePlayer.objects.filter(game_id__in=[s.game_id for s in seats]).exclude(user=user)
    for other in others.select_related("user").order_by("game_id", "seat"):
        names.setdefault(other.game_id, []).append(other.user.name)
    waiting = [_waiting(seat.game, names.get(seat.game_id, []), now) for seat in seats]
    far = now + timedelta(days=3650)
    waiting.sort(key=lambda w: (w.turn_based, w.deadline or (now if not w.turn_based else far)))
    return waiting


def _waiting(game: Game, opponents: list[str], now: datetime) -> WaitingGame:
    table = game.table
    deadline = game.move_deadline
    if not table.turn_based and table.turn_timer_seconds:
        deadline = game.updated_at + timedelta(seconds=table.turn_timer_seconds)
    owner = table.created_by.name if table.created_by_id else None
    return WaitingGame(
        table_id=table.pk,
        table_name=table_title(table.name_kind, table.name, owner),
        url=reverse("games:table", args=(table.pk,)) + "#" + HAND_ANCHOR,
        opponents=opponents,
        turn_based=table.turn_based,
        deadline=deadline,
        time_left=time_left_words(deadline - now) if deadline else _("real-time: being played now"),
    )


def time_left_words(left: timedelta) -> str:
    """Time left in words, rounded down to its largest unit: "3 hours left", "2 days left",
    "45 seconds left"; "time is up" once it has run out (the server moves any moment)."""
    seconds = int(left.total_seconds())
    if seconds <= 0:
        return _("time is up")
    if seconds < 60:
        return ngettext("%(n)d second left", "%(n)d seconds left", seconds) % {"n": seconds}
    if seconds < 3600:
        minutes = seconds // 60
        return ngettext("%(n)d minute left", "%(n)d minutes left", minutes) % {"n": minutes}
    if seconds < 2 * 86400:
        hours = seconds // 3600
        return ngettext("%(n)d hour left", "%(n)d hours left", hours) % {"n": hours}
    days = seconds // 86400
    return ngettext("%(n)d day left", "%(n)d days left", days) % {"n": days}
