"""A player's move and resignation, the writes a game's play is made of.

A move is written under the game's row lock, in one transaction, with the server's moves
that follow (``games.play.recording``). A move that is the whole change is written, on
PostgreSQL, in one statement with no transaction (``OneStatementMove``), if the game is
still at the event number it was read at.

Site decisions (beyond RULES.md):

- A resignation is a move of the game (``resign N``, RULES.md section 13 as the engine
  reads it): the seat leaves play and takes the last place still free, and the engine
  passes it over. The game goes on while two or more players remain and one of them is
  human; otherwise it ends at once and the players who remain are placed by the cards
  they hold. (Games stored before resignations were moves have leavers still in play in
  the engine: the server plays their turns with ``bots.forfeit_move``, as it does for a
  seat a stand-in bot took over.)
- Places come from the engine (``State.places``, or ``State.standing`` for a game ended
  early), with the players who left but are still in play in the engine after everyone
  else; the winner is the player alone in first place.
- The server applies a forced move at once: ``accept`` when it is the only legal move.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine import IllegalMove, Move, State
from games.engine.refusal import Refusal
from games.models import Game, GamePlayer
from games.models import Move as MoveRow
from games.play import kept_players
from games.play.announce import announce_now
from games.play.errors import MoveRefused, NotNow, ServiceError, StaleMove
from games.play.game_write import GameWrite
from games.play.recording import (
    GAME,
    LATEST_GAME,
    MOVE_AND_POSITION,
    GameFinder,
    after_move,
    continue_or_finish,
    leavers,
    lock_game,
    move_row,
    record,
    server_move,
)
from games.text.refusals import explain, reason_code

ONE_STATEMENT_ON = "postgresql"  # a move in one statement needs a data-modifying WITH


@dataclass(frozen=True)
class MoveWritten:
    """What a player's move write hands on to whoever asked (a page, a socket, the API):
    the move's row and, for a misplay the table's rules punish, the rule it broke
    (``State.problem``, not stored)."""

    row: MoveRow
    broken_rule: Refusal | None = None


def submit_move(
    game_id: int,
    user: User,
    text: str,
    expected_move_count: int | None = None,
    client_move_id: str = "",
    expected_seq: int | None = None,
) -> MoveWritten:
    """Apply ``user``'s move ``text``: its ``MoveWritten``.

    ``expected_move_count`` is the move count the page showed, or ``expected_seq`` the event
    number it showed: a move made against an older position (a stale page, a double click)
    raises ``StaleMove``, as does a resent ``client_move_id``. The move row, the new position
    and, at the end, the result are saved atomically, against the game as it was read.
    Forced moves that follow are applied too.
    """
    return _submit(GAME, game_id, user, text, expected_move_count, client_move_id, expected_seq)


def submit_table_move(
    table_id: int,
    user: User,
    text: str,
    client_move_id: str = "",
    expected_seq: int | None = None,
    known: Callable[[], Game | None] | None = None,
) -> MoveWritten:
    """``submit_move`` in the table's latest game (what a table's websocket knows): the
    game is found with its table in one query. ``known``: a function that gives the game
    with its table as this process last knew them, at the event number ``expected_seq``
    (copies), or None; tried before the database where a move can be written in one statement (see
    ``_submit``), and asked for only there."""
    return _submit(LATEST_GAME, table_id, user, text, None, client_move_id, expected_seq, known)


def _submit(
    games: GameFinder,
    key: int,
    user: User,
    text: str,
    expected_move_count: int | None,
    client_move_id: str,
    expected_seq: int | None,
    known: Callable[[], Game | None] | None = None,
) -> MoveWritten:
    """``submit_move`` of the game ``games`` finds by ``key``. A move that is the whole change
    (no forced move follows, the game goes on, no count of missed turns to clear) is written
    in one statement, on PostgreSQL, where no other change came first (``_write_in_one_statement``):
    two round trips in all, with no transaction. Otherwise, or if something else changed
    the game meanwhile, the game is locked and the move made again, in a transaction.

    A game ``known`` already (``submit_table_move``) saves the first round trip: the
    statement checks the game's event number and its table's last change, so if either
    moved on since, nothing is written and the move is made under the lock (the change
    carries the table's row as it is now: its turn clock, its house rules). A move refused
    on the known game is judged again on the game as read, so that every refusal says what
    the database holds.

    A client move id used already is caught by its unique constraint when the move's row is
    written, or by the refusal of a move sent again (no query beforehand): the move is
    refused as made already."""
    write = None
    try:
        if connection.vendor == ONE_STATEMENT_ON and not connection.in_atomic_block:
            write, checked = _checked_known(known() if known else None, user, text, expected_seq)
            if write is None:
                write = games.read(key)
                checked = _checked_move(write, user, text, expected_move_count, expected_seq)
            written = _write_in_one_statement(write, checked, client_move_id)
            if written is not None:
                return written
        with transaction.atomic():
            write = games.lock(key)
            player, before, move, state = _checked_move(write, user, text, expected_move_count, expected_seq)
            if player.missed_turns:
                player.missed_turns = 0
                player.save(update_fields=["missed_turns"])
            row = record(write, player.seat, move, before, state, client_move_id)
            after_move(write, state)
        return MoveWritten(row, _broken_rule(before, move, row))
    except (ServiceError, IntegrityError):
        if write is not None and client_move_id and _made_already(write.game, client_move_id):
            raise StaleMove(_("This move was already made."), "made_already") from None
        raise


def _broken_rule(before: State, move: Move, row: MoveRow) -> Refusal | None:
    return before.problem(move) if row.penalty is not None else None


# A checked move: the player, the position before, the move, the position after (``_checked_move``).
Checked = tuple[GamePlayer, State, Move, State]


def _checked_known(
    game: Game | None,
    user: User,
    text: str,
    expected_seq: int | None,
    players: list[GamePlayer] | None = None,
) -> tuple[GameWrite | None, Any]:
    """``(GameWrite, checked move)`` on a game known already (see ``_submit``), with its
    ``players`` if known; (None, None) when there is none, or when the move is refused
    there: it is judged again on the game as read."""
    if game is None:
        return None, None
    write = GameWrite.of(game, players)
    try:
        return write, _checked_move(write, user, text, None, expected_seq)
    except ServiceError:
        return None, None


def _checked_move(
    write: GameWrite, user: User, text: str, expected_move_count: int | None, expected_seq: int | None
) -> Checked:
    """``(player, before, move, after)``: ``user``'s move ``text`` in the game of ``write``,
    or the refusal (``ServiceError``) of a move that is stale, out of turn or illegal."""
    game = write.game
    _check_current(game, expected_move_count, expected_seq)
    player = next((p for p in write.players if p.user_id == user.pk), None)
    if player is None:
        raise ServiceError(_("You are not playing in this game."), "not_a_player")
    if player.left:
        raise ServiceError(_("You have left this game."), "left_game")
    if game.turn != player.seat:
        raise NotNow(_("It is not your turn."), "not_your_turn")
    before = game.engine_state()
    move = None
    try:
        move = Move.parse(text)
        return player, before, move, before.apply(move)
    except IllegalMove as error:
        message = _("That move is not allowed: %(reason)s") % {"reason": explain(error)}
        kind = "not_a_move" if move is None else "illegal_move"
        raise MoveRefused(message, kind, reason_code(error)) from None


def _write_in_one_statement(write: GameWrite, checked: Checked, client_move_id: str) -> MoveWritten | None:
    """The move's row and the new position written in one statement, if the move is all
    that changes and the game is still at the event number it was read at; else None (and
    nothing written). The game's players are unchanged while its event number is
    (``games.play.kept_players``), so the checks made on the read game still hold."""
    statement = _one_statement(write, checked, client_move_id)
    return None if statement is None else statement.save()


def one_statement_move(
    game: Game, user: User, text: str, client_move_id: str, expected_seq: int
) -> "OneStatementMove | None":
    """For a socket's move made from the event loop (``games.live.loop_statements``):
    the ``OneStatementMove`` of ``user``'s move ``text`` in ``game``, a copy of the game as this
    process knows it (``readings.game_at``), where the move can be written in one statement and
    nothing needs the database first; else None, and the move is made in a database thread
    (``submit_table_move``), which also words a refusal. Reads no database."""
    if connection.vendor != ONE_STATEMENT_ON or not MOVE_AND_POSITION.compiled():
        return None
    players = kept_players.take(game)
    if players is None:
        return None
    write, checked = _checked_known(game, user, text, expected_seq, players)
    return None if write is None else _one_statement(write, checked, client_move_id)


def _one_statement(write: GameWrite, checked: Checked, client_move_id: str) -> "OneStatementMove | None":
    """The ``OneStatementMove`` of a checked move, if it is all that changes; else None."""
    player, before, move, state = checked
    if player.missed_turns or state.finished or server_move(state, leavers(write)) is not None:
        return None
    if write.game.table.turn_based:  # the next turn's deadline is written under the lock
        return None
    game = write.game
    row = move_row(game, player.seat, move, before, state, client_move_id)
    game.state, game.turn = state.to_dict(), state.turn
    return OneStatementMove(write, row, state, _broken_rule(before, move, row))


@dataclass
class OneStatementMove:
    """A move that is the whole change, written in one statement outside any transaction,
    only if the game is still at the event number it was read at: ``save``
    here, or ``statement`` on another connection and ``written_by`` its result. Either
    gives the move's ``MoveWritten``, announced, or None when something else changed the
    game first (the move is then to be made again under the game's lock)."""

    write: GameWrite
    row: MoveRow
    state: State
    broken_rule: Refusal | None

    def save(self) -> MoveWritten | None:
        return self._written(MOVE_AND_POSITION.save(self.write.game, self.write.base_seq, self.row))

    def statement(self) -> tuple[str, list[Any]]:
        """(SQL, values)."""
        return MOVE_AND_POSITION.statement(self.write.game, self.write.base_seq, self.row)

    def written_by(self, result: Sequence[Any] | None) -> MoveWritten | None:
        return self._written(MOVE_AND_POSITION.made(self.row, result))

    def _written(self, made: bool) -> MoveWritten | None:
        if not made:
            return None
        self.write.recorded.append(self.row)
        announce_now(self.write.game.table_id, self.write, self.state)
        return MoveWritten(self.row, self.broken_rule)


def _check_current(game: Game, expected_move_count: int | None, expected_seq: int | None) -> None:
    """Refuse a move made against an older position, or in a game that is over."""
    stale_count = expected_move_count is not None and expected_move_count != game.move_count
    if stale_count or (expected_seq is not None and expected_seq != game.seq):
        raise StaleMove(_("The game has moved on since your page was shown: this move was not made."))
    if not game.is_running:
        raise NotNow(_("This game is over."), "game_over")


def _made_already(game: Game, client_move_id: str) -> bool:
    return MoveRow.objects.filter(game_id=game.pk, client_move_id=client_move_id).exists()


def resign(game: Game | int, user: User) -> None:
    """``user`` gives up ``game``: they count as last, and the game may end (see above)."""
    with transaction.atomic():
        write = lock_game(game.pk if isinstance(game, Game) else game)
        if not write.game.is_running:
            raise NotNow(_("This game is over."), "game_over")
        player = next((p for p in write.players if p.user_id == user.pk and not p.left), None)
        if player is None:
            raise ServiceError(_("You are not playing in this game."), "not_a_player")
        resign_locked(write, player)


def resign_locked(
    write: GameWrite, player: GamePlayer, actor: str = MoveRow.Actor.PLAYER, now: datetime | None = None  # type: ignore[assignment]
) -> MoveRow:
    """``player`` (in play) resigns the running game of ``write``, locked: the ``resign`` move,
    made by ``actor`` (the server's, for a player out of time too often), recorded at ``now``."""
    move = Move.resign(player.seat)
    before = write.game.engine_state()
    try:
        state = before.apply(move)
    except IllegalMove:  # out of play already: a winner under play_on, or eliminated
        raise ServiceError(_("Your game is over: you are no longer in play."), "out_of_play") from None
    player.left = True
    player.save(update_fields=["left"])
    row = record(write, player.seat, move, before, state, actor=actor)
    continue_or_finish(write, state, now)
    return row
