"""The running games a player would walk away from by starting another at once ("Play bots
now", "Quick game"), and what walking away does to each, in words: the lobby's buttons ask
first (issue 44: players left their game without a word). Reads only; leaving writes
nothing: the game goes on as for any player who closed its page."""

import math
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils.translation import ngettext

from accounts.models import User
from games.models import Game, GamePlayer, Table


@dataclass(frozen=True)
class GameInPlay:
    """A running game ``user`` still plays in person: its table's name and address, and what
    becomes of it without them (``consequences``, sentences)."""

    table_name: str
    url: str
    consequences: list[str]


def games_in_play(user: User) -> list[GameInPlay]:
    """The running games ``user`` plays in at a real-time table, their seat not left nor held
    by a stand-in bot, newest first (none for a visitor)."""
    if not user.is_authenticated:
        return []
    others = GamePlayer.objects.filter(game=OuterRef("game"), left=False, user__bot_level="")
    others = others.exclude(user=user)
    mine = (
        GamePlayer.objects.filter(user=user, left=False, game__status=Game.Status.RUNNING)
        .exclude(game__table__pace=Table.Pace.TURN)  # made to be left between moves: it waits
        .annotate(with_people=Exists(others))
        .select_related("game__table")
        .order_by("-game__created_at")
    )
    return [
        GameInPlay(
            table_name=player.game.table.name,
            url=reverse("games:table", args=[player.game.table_id]),
            consequences=_with_people() if player.with_people else _with_bots(),
        )
        for player in mine
    ]


def _with_people() -> list[str]:
    """Others play on: the server plays the absent player's turns, then a stand-in bot takes
    the seat (``games.play.server_turns``), which they may take back (``seat_return``)."""
    grace = math.ceil(settings.AWAY_GRACE_SECONDS)
    missed = settings.MISSED_TURNS_BEFORE_BOT
    return [
        ngettext(
            "The game goes on without you: once you have been away %(count)d second on your turn, "
            "the server plays it for you.",
            "The game goes on without you: once you have been away %(count)d seconds on your "
            "turn, the server plays it for you.",
            grace,
        )
        % {"count": grace},
        ngettext(
            "After %(count)d such turn in a row a bot takes your seat, and you count as having "
            "left the game unless you come back and take it back.",
            "After %(count)d such turns in a row a bot takes your seat, and you count as having "
            "left the game unless you come back and take it back.",
            missed,
        )
        % {"count": missed},
    ]


def _with_bots() -> list[str]:
    """Only bots play on: nothing plays the turns of a table nobody has open, so the game
    waits, until the sweep ends it as abandoned (``games.play.abandon``)."""
    minutes = math.ceil(settings.ABANDON_AFTER_SECONDS / 60)
    return [
        ngettext(
            "Only bots play with you: the game waits for you as it is, and ends as abandoned, "
            "unrated, after %(count)d minute left alone.",
            "Only bots play with you: the game waits for you as it is, and ends as abandoned, "
            "unrated, after %(count)d minutes left alone.",
            minutes,
        )
        % {"count": minutes}
    ]
