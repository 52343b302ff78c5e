"""The time per move at a turn-based table: the deadline a turn begins with, and the news
that it began (``games.signals.turn_started``, once the write commits).

A human's turn runs for the table's ``move_seconds`` from now, or from the end of their
vacation (``games.play.vacations``); a bot's turn is due after ``BOT_DELAY``, so that the
deadline sweep (``games.play.deadlines``) plays it even with no page open. A real-time table
has no deadline: its turn clock is the live layer's (``games.play.server_turns``).
"""

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction

from games import signals
from games.models import Game, Table
from games.play import vacations


def begin_turn(game: Game, table: Table, user_id: int, is_bot: bool, now: datetime) -> datetime | None:
    """The deadline of the turn of ``user_id`` beginning at ``now`` in ``game`` at ``table``
    (None at a real-time table); a human's is told with ``turn_started`` once committed."""
    if not table.turn_based:
        return None
    if is_bot:
        return now + timedelta(seconds=settings.BOT_DELAY)
    start = max(now, vacations.away_until(user_id, now) or now)
    deadline = start + timedelta(seconds=table.move_seconds)
    send = partial(signals.turn_started.send, sender=Game, game=game, user_id=user_id, deadline=deadline)
    transaction.on_commit(send, robust=True)
    return deadline
