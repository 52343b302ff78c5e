"""Ending the games left alone: unchanged for ``ABANDON_AFTER_SECONDS`` with no human player
(still in it) who has the table open. Abandoned games are not rated (docs/rules.md). A
turn-based table's game is never abandoned: it waits days, and its deadlines end it."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import presence
from games.models import Game, GamePlayer, Table
from games.play.announce import announce
from games.play.recording import lock_game


def abandon_stale_games(now: datetime | None = None) -> int:
    """End as abandoned every running game unchanged for ``ABANDON_AFTER_SECONDS`` with no
    human player (still in it) who has the table open. Abandoned games are not rated
    (docs/rules.md). Returns how many were abandoned. Cheap when none is due: one indexed
    query on (status, updated_at)."""
    now = now or timezone.now()
    after = timedelta(seconds=settings.ABANDON_AFTER_SECONDS)
    due = Game.objects.filter(status=Game.Status.RUNNING, updated_at__lt=now - after).exclude(
        table__pace=Table.Pace.TURN  # waits for its players for days: games.play.deadlines ends it
    )
    abandoned = 0
    for game_id, table_id in due.values_list("pk", "table_id"):
        humans = set(
            GamePlayer.objects.filter(game_id=game_id, left=False, user__bot_level="").values_list(
                "user_id", flat=True
            )
        )
        if humans & presence.online_user_ids(table_id, now):
            continue
        with transaction.atomic():
            write = lock_game(game_id)
            game = write.game
            if game.status != Game.Status.RUNNING or game.updated_at >= now - after:
                continue  # it moved meanwhile
            game.status = Game.Status.ABANDONED
            game.turn = None
            game.move_deadline = None
            game.finished_at = now
            game.seq += 1
            game.save()
            announce(table_id, write)
        abandoned += 1
    return abandoned
