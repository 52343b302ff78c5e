"""The latest reading of each table in this process (``games.pages.table.read_table``),
shared by everything that serves the table here after a change: its sockets' renders
(``games.live.frames``) and its turn clock (``games.live.turn_clock``).

A game's move does not make anyone read the table again. The process that made the move
advances its reading with what the move changed (``advance``: the game row and its table
row, its players, the new moves and position, as ``games.play`` saved and read them),
and the table's group message carries the same change, packed (``pack``), to the other
processes, which advance theirs (``latest`` with ``change``). Only a process that keeps no
reading of the table one step before reads it from the database, as does any other change
(seats, a new game, the table's row saved), which is rare.

Renders may run in several threads (``games.live.db_calls``): the callers that get the same
news at once wait for one reading, under their table's lock.
"""

import pickle
import threading
import zlib
from dataclasses import dataclass, field

from cachetools import LRUCache

from games.models import Game, GamePlayer, Move, Table
from games.pages.table import MOVE_LOG_LENGTH, TableReading, read_table
from games.play import kept_players, row_values

READINGS_KEPT = 500  # tables whose latest reading this process keeps
# The fields a packed change holds: a server of another version (during a deploy) reads the table instead.
PACKED_MODELS = (Table, Game, GamePlayer, Move)
FIELDS = zlib.crc32(repr([[f.attname for f in m._meta.concrete_fields] for m in PACKED_MODELS]).encode())


@dataclass
class Latest:
    """A table's latest reading, and what was rendered from it (by ``games.live.frames``):
    ``renders`` for this reading only, ``fragments`` for any reading of the same game
    (kept from one reading to the next)."""

    reading: TableReading
    renders: dict = field(default_factory=dict)
    fragments: dict = field(default_factory=dict)


_kept = LRUCache(maxsize=READINGS_KEPT)  # table id -> Latest
_kept_lock = threading.Lock()  # guards _kept
_table_locks = tuple(threading.Lock() for _ in range(64))


def latest(table_id, news=None, reuse=False, change=None):
    """The table's reading: one kept already as new as ``news`` (a game's (id, event
    number)), or with ``reuse`` any kept one (for news that changes no game, such as
    someone coming or going); else the kept one advanced by ``change`` (``pack``'s bytes)
    when it is the step after it; else read from the database."""
    with _table_locks[table_id % len(_table_locks)]:
        found = _from_memory(table_id, news, reuse, change)
        return found or _keep(table_id, _with_players_kept(read_table(Table.objects.get(pk=table_id))))


def in_memory(table_id, news, change=None):
    """``latest(table_id, news, change=change)`` if it needs no database (and the table
    is not being read by another thread just now), else None: for the event loop."""
    lock = _table_locks[table_id % len(_table_locks)]
    if not lock.acquire(blocking=False):
        return None
    try:
        return _from_memory(table_id, news, False, change)
    finally:
        lock.release()


def _from_memory(table_id, news, reuse, change):
    """``latest`` without the database: the kept reading, or the kept one advanced by
    ``change``, or None. The caller holds the table's lock."""
    with _kept_lock:
        kept = _kept.get(table_id)
    if kept is None:
        return None
    if reuse or _as_new(kept.reading, news):
        return kept
    reading = _advanced_by(kept.reading, change) if change else None
    return _keep(table_id, _with_players_kept(reading)) if reading is not None else None


def advance(table_id, change):
    """After ``change`` (a ``signals.GameChange``) committed in this process: advance the
    table's kept reading, if it keeps the one before."""
    with _table_locks[table_id % len(_table_locks)]:
        with _kept_lock:
            kept = _kept.get(table_id)
        if kept is None:
            return
        # New rows, as another process makes from the change's message: the change's own
        # rows hold the game as it was written (its position, its players, the move rows
        # pointing back at it), which the move log would keep alive for a dozen moves.
        reading = _advanced(kept.reading, *_rows(_values(change), change.state))
        if reading is not None:
            _keep(table_id, reading)


def game_at(table_id, seq):
    """Copies of the table's game kept here and of its table, if the game is running at
    event number ``seq`` (else None): for a move made on it (``moves.submit_table_move``,
    whose statement checks that both are still as kept)."""
    with _kept_lock:
        kept = _kept.get(table_id)
    game = kept.reading.game if kept is not None else None
    if game is None or seq is None or game.seq != seq or not game.is_running:
        return None
    copy = row_values.from_values(Game, row_values.values(game))
    copy.know_engine_state(kept.reading.state)
    copy.table = row_values.from_values(Table, row_values.values(kept.reading.table))
    return copy


def pack(change):
    """``change`` as bytes for the other processes: the rows' field values, no objects."""
    return pickle.dumps(_values(change), protocol=pickle.HIGHEST_PROTOCOL)


def _values(change):
    players = [row_values.values(player) for player in change.players]
    moves = [row_values.values(move) for move in change.moves]
    game = change.game
    return FIELDS, change.base_seq, row_values.values(game.table), row_values.values(game), players, moves


def _advanced_by(reading, packed):
    """``reading`` advanced by a packed change, or None when it cannot be: not the step
    after it, or packed by a server whose models differ (during a deploy)."""
    unpacked = _unpack(packed)
    return _advanced(reading, *unpacked) if unpacked is not None else None


def _unpack(packed):
    """The rows of a packed change (see ``pack``, and ``_rows``)."""
    return _rows(pickle.loads(packed))  # our servers' bytes, through Redis


def _rows(values, state=None):
    """New rows of a change from its ``_values``, and ``state``, its position if known: what
    ``_advanced`` takes. None if they are another server's, whose models have other fields."""
    fields, base_seq, table, game, players, moves = values
    if fields != FIELDS:
        return None
    game = row_values.from_values(Game, game)
    game.table = row_values.from_values(Table, table)
    if state is not None:
        game.know_engine_state(state)
    players = [row_values.from_values(GamePlayer, values) for values in players]
    moves = [row_values.from_values(Move, values) for values in moves]
    return base_seq, game, players, moves, state


def _advanced(reading, base_seq, game, players, moves, state):
    """``reading`` after a game's change from event ``base_seq``, or None when ``reading``
    is not the game at that event, or the players' people changed (a stand-in came)."""
    before = reading.game
    if before is None or (before.pk, before.seq) != (game.pk, base_seq):
        return None
    if len(players) != len(reading.players):
        return None
    for player, old in zip(players, reading.players, strict=True):
        if (player.user_id, player.stand_in_id) != (old.user_id, old.stand_in_id):
            return None
        player.user, player.stand_in = old.user, old.stand_in
    recent = [*reversed(moves), *reading.moves][:MOVE_LOG_LENGTH]
    return TableReading(game.table, reading.seats, game, players, recent, state or game.engine_state())


def _with_players_kept(reading):
    """``reading``, its game's players kept for the game's next move here (``games.play.kept_players``),
    as a move made here keeps them: else a game's first move in this process, and each move
    after one made through another process, read them under the game's lock in a database
    thread, where the event loop would have written the move alone (``games.live.loop_statements``).
    Players read a moment after their game may be a move newer than it, never older: kept
    under the game's event number, they then serve no move, whose game is past that event."""
    if reading.game is not None:
        kept_players.keep(reading.game, reading.players)
    return reading


def _keep(table_id, reading):
    with _kept_lock:
        before = _kept.get(table_id)
        same_game = before is not None and _game_id(before.reading) == _game_id(reading) is not None
        fresh = Latest(reading, fragments=before.fragments if same_game else {})
        _kept[table_id] = fresh
    return fresh


def _game_id(reading):
    return reading.game.pk if reading.game is not None else None


def _as_new(reading, news):
    if not news or news[0] is None or reading.game is None or reading.game.pk != news[0]:
        return False
    return reading.game.seq >= news[1]
