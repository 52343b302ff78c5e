"""What the games app announces to the layers built on it (games.play never imports them).

``game_finished`` is sent by ``games.play`` inside the transaction that ends a game,
with its places stored, so that a receiver's writes (history's rating) commit or roll back
with the game's end. Receivers take ``game``.

``table_changed`` is sent once a change at a table has committed (the live layer tells the
table's websockets). Receivers take ``table_id`` and ``change``: a ``GameChange`` when a
game moved on, None when anything else changed (seats, a game started, a rematch offer,
the table's own row saved: its turn clock or house rules changed in the admin).
"""

from dataclasses import dataclass
from functools import partial

from django.db import transaction
from django.dispatch import Signal

game_finished = Signal()
table_changed = Signal()
challenge_changed = Signal()  # a challenge was made or decided; receivers take ``user_ids`` (its two players)
turn_started = Signal()  # a player's turn began at a turn-based table; receivers take game, user_id, deadline
seat_taken = Signal()  # someone sat down at an open table; receivers take table, user_id
chat_line_shown = Signal()  # staff let a held chat line through (committed); receivers take ``message``
rematch_offered = Signal()  # a rematch was offered; receivers take table, game, user_id (who offered)


@dataclass(frozen=True)
class GameChange:
    """A game moved on from event ``base_seq`` to ``game.seq``: the game row as saved, its
    players by seat (with their users and stand-ins), the moves recorded (oldest first),
    and the new position (server side only: it holds every hand)."""

    base_seq: int
    game: object
    players: list
    moves: list
    state: object


def table_saved(sender, instance, created, **kwargs):
    """A ``post_save`` receiver for ``Table`` (connected in ``GamesConfig.ready``): an edited
    table announces itself once committed, so that its pages read it again."""
    if not created:
        send = partial(table_changed.send, sender=sender, table_id=instance.pk, change=None)
        transaction.on_commit(send, robust=True)
