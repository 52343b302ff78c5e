"""News of every write, once it commits: ``games.signals.table_changed`` (the live layer tells
the table's websockets), a game's with what changed, so that no viewer reads it again. The
writes never import the live layer."""

import logging
from collections.abc import Callable, Iterator
from functools import partial

from django.db import transaction

from games import signals
from games.engine import State
from games.models import Table
from games.play import kept_players
from games.play.game_write import GameWrite

logger = logging.getLogger(__name__)


def announce(table_id: int, write: GameWrite | None = None, state: State | None = None) -> None:
    """Announce, once the transaction commits, that the table changed: the game of ``write``
    moved on to ``state``, or (without them) something else. A failure to tell is logged,
    never raised."""
    for announcement in _announcements(table_id, write, state):
        transaction.on_commit(announcement, robust=True)


def announce_now(table_id: int, write: GameWrite, state: State) -> None:
    """``announce`` of a change written outside a transaction, from any thread (Django's
    ``on_commit`` asks the connection, which the event loop may not)."""
    for announcement in _announcements(table_id, write, state):
        try:
            announcement()
        except Exception:
            logger.exception("Could not announce the change at table %s", table_id)


def _announcements(
    table_id: int, write: GameWrite | None, state: State | None
) -> Iterator[Callable[[], object]]:
    change = None
    if write is not None:
        game, players = write.game, write.players
        change = signals.GameChange(
            write.base_seq, game, players, write.recorded, state or game.engine_state()
        )
        yield partial(kept_players.keep, game, players)
    yield partial(signals.table_changed.send, sender=Table, table_id=table_id, change=change)
