"""A game locked to record moves, shared by every move-write path (a player's move, a
resignation, the server's turns): the move's row, the server's moves that follow (forced
accepts, leavers' turns), the new position, and the result when the game is over.

The game is read with its table (not locked): the table's turn clock and house rules as
they are now travel with the game's change. Its statements are compiled once
(``games.play.prepared``): building them was most of the CPU of a move's transaction.
"""

from collections.abc import Callable
from datetime import datetime

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games import bots, signals
from games.engine import Move, State
from games.engine.moves import ACCEPT
from games.engine.outcomes import outcome
from games.engine.results import final_places, misplay_penalty
from games.models import Game, GamePlayer
from games.models import Move as MoveRow
from games.play.announce import announce
from games.play.errors import ServiceError
from games.play.game_write import GameWrite
from games.play.prepared import Prepared, PreparedInsert, PreparedInsertIfUpdated, PreparedUpdate
from games.play.turn_time import begin_turn

FORCED_ACCEPT = Move(ACCEPT)
POSITION_FIELDS = ["state", "turn", "move_count", "seq", "updated_at"]  # a move in a running game
NEW_MOVE = PreparedInsert(MoveRow)
NEW_POSITION = PreparedUpdate(Game, POSITION_FIELDS)
# at a turn-based table, with the deadline of the turn that begins (never empty there)
NEW_TURN_POSITION = PreparedUpdate(Game, [*POSITION_FIELDS, "move_deadline"])
MOVE_AND_POSITION = PreparedInsertIfUpdated(
    NEW_POSITION, NEW_MOVE, guard="seq", related=("table", "updated_at")
)


class GameFinder:
    """A game found by one value (its id, or its table's for the latest game), with its
    table (not locked). ``read`` and ``lock`` (until the end of the transaction) give it
    ready to record moves (a ``GameWrite``)."""

    def __init__(
        self, games: Callable[[QuerySet[Game], int], QuerySet[Game]], missing: Callable[[], str]
    ) -> None:
        self._read = Prepared(lambda value: games(Game.objects.select_related("table"), value))
        self._lock = Prepared(
            lambda value: games(Game.objects.select_for_update(of=("self",)).select_related("table"), value)
        )
        self.missing = missing

    def read(self, value: int) -> GameWrite:
        return self._found(self._read.first(value))

    def lock(self, value: int) -> GameWrite:
        return self._found(self._lock.first(value))

    def _found(self, game: Game | None) -> GameWrite:
        if game is None:
            raise ServiceError(self.missing(), "no_such_game")
        return GameWrite.of(game)


GAME = GameFinder(lambda games, game_id: games.filter(pk=game_id), lambda: _("There is no such game."))
LATEST_GAME = GameFinder(
    lambda games, table_id: games.filter(table_id=table_id).order_by("-number"),
    lambda: _("No game is running at this table."),
)


def lock_game(game_id: int) -> GameWrite:
    """The game row, locked until the end of the transaction, ready to record moves."""
    return GAME.lock(game_id)


def player_to_move(write: GameWrite) -> GamePlayer | None:
    game = write.game
    if not game.is_running or game.turn is None:
        return None
    return write.players[game.turn]


def record(
    write: GameWrite,
    seat: int,
    move: Move,
    before: State,
    after: State,
    client_move_id: str = "",
    actor: str = MoveRow.Actor.PLAYER,  # type: ignore[assignment]  # a str; a tuple to mypy without django-stubs
    handed: bool = False,
) -> MoveRow:
    """Append ``move`` (from position ``before`` to ``after``) to the game's log, with the
    cards it drew and, for a misplay, its penalty, what it did (``outcome``) and who made
    it (``actor``; ``handed``: the seat goes to a stand-in after it); the caller saves the game."""
    row = move_row(write.game, seat, move, before, after, client_move_id)
    row.actor, row.handed_to_bot = actor, handed
    row = NEW_MOVE.save(row)
    write.recorded.append(row)
    return row


def move_row(game: Game, seat: int, move: Move, before: State, after: State, client_move_id: str) -> MoveRow:
    """The unsaved row of ``move`` by ``seat`` (see ``record``), counted in the game's
    move count and event number."""
    drew = len(after.hands[seat]) - len(before.hands[seat])
    penalty = misplay_penalty(before, move, after)
    row = MoveRow(
        game=game,
        index=game.move_count,
        seat=seat,
        text=str(move),
        client_move_id=client_move_id,
        drew=drew if drew > 0 else None,
        penalty=penalty,
        outcome=outcome(before, move, after).to_dict(),
    )
    game.move_count += 1
    game.seq += 1
    return row


def after_move(write: GameWrite, state: State, now: datetime | None = None) -> None:
    """Play the server's moves that follow (forced accepts, leavers' turns), store the new
    position (at a turn-based table, with the deadline of the turn that begins at ``now``),
    and the result when the game is over. Cost: the moves played, no replay."""
    game = write.game
    left = leavers(write)
    while (move := server_move(state, left)) is not None:
        after = state.apply(move)
        record(write, state.turn, move, state, after)
        state = after
    if state.finished:
        _finish(write, state)
        game.save()
    else:
        game.state = state.to_dict()
        game.turn = state.turn
        if game.table.turn_based:
            game.move_deadline = _turn_deadline(write, state.turn, now or timezone.now())
            NEW_TURN_POSITION.save(game)
        else:
            NEW_POSITION.save(game)
    announce(game.table_id, write, state)


def _turn_deadline(write: GameWrite, seat: int, now: datetime) -> datetime | None:
    """The deadline of the turn of ``seat`` beginning at ``now`` (``turn_time.begin_turn``)."""
    player = write.players[seat]
    mover = player.stand_in or player.user
    return begin_turn(write.game, write.game.table, mover.pk, mover.is_bot, now)


def continue_or_finish(write: GameWrite, state: State, now: datetime | None = None) -> None:
    """After a player left: go on while two or more remain and one is human, else end now."""
    remaining = [p for p in write.players if not p.left]
    if len(remaining) < 2 or all(p.user.is_bot for p in remaining):
        _finish(write, state)
        write.game.save()
        announce(write.game.table_id, write, state)
    else:
        after_move(write, state, now)


def leavers(write: GameWrite) -> set[int]:
    """The seats of the players who left the game with no stand-in to play for them."""
    return {p.seat for p in write.players if p.left and p.stand_in_id is None}


def server_move(state: State, left: set[int]) -> Move | None:
    """The move the server plays next in ``state`` (``left``: ``leavers``): a leaver's
    forfeit or a forced accept; None when a player is to move or the game is over."""
    if state.finished:
        return None
    if state.turn in left:
        return bots.forfeit_move(state)
    return FORCED_ACCEPT if state.only_move() == FORCED_ACCEPT else None


def _finish(write: GameWrite, state: State) -> None:
    """Store the final position and result (places, leavers last; the winner), and announce
    the end (``signals.game_finished``: history rates the game) in the same transaction."""
    game, players = write.game, write.players
    places = final_places(state, {p.seat for p in players if p.left})
    for player in players:  # a few rows: bulk_update's CASE expression cost several ms to compile
        player.place = places[player.seat]
        player.save(update_fields=["place"])
    firsts = [p.seat for p in players if p.place == 1]
    game.state = state.to_dict()
    game.turn = None
    game.move_deadline = None
    game.status = Game.Status.FINISHED
    game.winner = firsts[0] if len(firsts) == 1 else None
    game.finished_at = timezone.now()
    signals.game_finished.send(sender=Game, game=game)
