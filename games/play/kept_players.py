"""The players of the games moved on in this process, kept from one move to the next, so
that a game's next move here reads no players.

A game's players (their rows, users and stand-ins) change only in a transaction that holds
the game's row lock and records a move, which moves its event number (``Game.seq``) on. So
the players a committed move leaves are those of the game at its new event number: kept
under it, they serve the next transaction here that locks the game at that very event, as
new objects. What the kept ones were handed to (the table's live reading) never sees a
later transaction's changes, nor the memo those of a transaction rolled back. A move made
through another process moves the event on: the table's live reading here, advanced by that
move's change or read afresh, keeps the players it holds (``games.live.readings``).
The key holds the game's seed beside its id, so that a database that hands out an id again
(a test's) is not mistaken for the game kept.
"""

import threading
from typing import Any

from cachetools import LRUCache

from accounts.models import User
from games.models import Game, GamePlayer
from games.play import row_values

KEPT_GAMES = 2000  # at most; the least recently used are let go first

# (game id, seed) -> (event number, [(player's values, user, stand-in)])
_kept: LRUCache[tuple[int, int], tuple[int, list[tuple[tuple[Any, ...], User, User | None]]]] = LRUCache(
    maxsize=KEPT_GAMES
)
_kept_lock = threading.Lock()  # the writes run in several threads; the cache is not thread-safe


def take(game: Game) -> list[GamePlayer] | None:
    """New objects of the players of ``game`` at its event number, by seat, if kept here;
    else None."""
    with _kept_lock:
        kept = _kept.get((game.pk, game.seed))
    if kept is None or kept[0] != game.seq:
        return None
    found = []
    for field_values, user, stand_in in kept[1]:
        player = row_values.from_values(GamePlayer, field_values)
        player.user, player.stand_in = user, stand_in
        found.append(player)
    return found


def keep(game: Game, players: list[GamePlayer]) -> None:
    """``game``'s players after its move committed; a game that ended is let go."""
    key = (game.pk, game.seed)
    if not game.is_running:
        with _kept_lock:
            _kept.pop(key, None)
        return
    values = (game.seq, [(row_values.values(p), p.user, p.stand_in) for p in players])
    with _kept_lock:
        _kept[key] = values
