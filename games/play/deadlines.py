"""Turn-based deadlines: the server moves for a player whose time per move ran out.

``expire_due_turns`` is a periodic job (timers/jobs.py): plain, idempotent and safe to run
in several workers at once. Each due game is locked on its own (``skip_locked`` where the
database has it: a game another worker holds is that worker's), and its deadline and event
number are read again under the lock, so a turn is played once. For the player to move it
makes the rules' safe move (``games.bots.forfeit_move``, the one the server makes for a
leaver: accept a penalty or a jump, else draw, else pass) and counts a timeout; at their
``TURN_BASED_TIMEOUTS_BEFORE_RESIGN``-th timeout in the game it resigns for them instead.
A player on vacation (``games.play.vacations``) is not timed out: their deadline moves to
the vacation's end plus a full move's time. A bot's turn (due ``BOT_DELAY`` after the move
before it) is played here too, so a turn-based game goes on with no page open.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from games import bots
from games.models import Game
from games.models import Move as MoveRow
from games.play import vacations
from games.play.announce import announce
from games.play.game_write import GameWrite
from games.play.moves import resign_locked
from games.play.recording import after_move, player_to_move, record
from games.play.server_turns import play_locked_bot_turn

BATCH = 200  # due games taken in one run; the next run takes the rest


def expire_due_turns(now: datetime | None = None) -> int:
    """Play every turn whose deadline has passed at ``now``: returns how many moves were
    made. Cheap when none is due: one indexed query on ``move_deadline``."""
    now = now or timezone.now()
    due = Game.objects.filter(status=Game.Status.RUNNING, move_deadline__lte=now).order_by("move_deadline")
    made = 0
    for game_id in list(due.values_list("pk", flat=True)[:BATCH]):
        with transaction.atomic():
            write = _locked(game_id)
            if write is not None and _expire(write, now):
                made += 1
    return made


def _locked(game_id: int) -> GameWrite | None:
    """The game, locked until the end of the transaction, ready to record moves; None when
    another transaction holds it (it is expiring it: the deadline is its to play)."""
    skip = connection.features.has_select_for_update_skip_locked
    games = Game.objects.select_for_update(of=("self",), skip_locked=skip).select_related("table")
    game = games.filter(pk=game_id).first()
    return None if game is None else GameWrite.of(game)


def _expire(write: GameWrite, now: datetime) -> bool:
    """The move the server makes for the player to move in the locked game whose deadline
    passed, if it still has (read again under the lock); whether one was made."""
    game = write.game
    if not game.is_running or game.move_deadline is None or game.move_deadline > now:
        return False  # played (or ended) meanwhile
    player = player_to_move(write)
    if player is None:
        return False
    if player.stand_in_id or player.user.is_bot:
        play_locked_bot_turn(write, player, now=now)
        return True
    back = vacations.away_until(player.user_id, now)
    if back is not None:
        game.move_deadline = back + timedelta(seconds=game.table.move_seconds)
        game.save(update_fields=["move_deadline"])
        announce(game.table_id)
        return False
    player.timeouts += 1
    player.save(update_fields=["timeouts"])
    if player.timeouts >= settings.TURN_BASED_TIMEOUTS_BEFORE_RESIGN:
        resign_locked(write, player, MoveRow.Actor.TIMER, now)  # type: ignore[arg-type]
        return True
    state = game.engine_state()
    safe = bots.forfeit_move(state)
    after = state.apply(safe)
    record(write, player.seat, safe, state, after, actor=MoveRow.Actor.TIMER)  # type: ignore[arg-type]
    after_move(write, after, now)
    return True
