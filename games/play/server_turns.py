"""The turns the server plays: a bot's, and a player's whose turn timer ran out or who has
had no page open at the table for ``AWAY_GRACE_SECONDS`` (draw, accept or pass, as for a
leaver). After ``MISSED_TURNS_BEFORE_BOT`` such turns in a row a greedy bot takes over their
seat: it plays out the game for them (they count as having left) and keeps the seat at the
table. At a turn-based table only the bots' turns are played here: a player's time there is
a deadline in hours (``games.play.deadlines``), and no bot ever takes their seat.

A bot thinks outside any transaction (a search bot takes a good part of a second); its move
is played under the game's row lock only if the game is still at the event number it was
thought at, so that several servers trying the same turn play it once.
"""

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import bots, presence
from games.engine import Move, State
from games.models import Game, GamePlayer, Seat
from games.models import Move as MoveRow
from games.play.announce import announce
from games.play.game_write import GameWrite
from games.play.recording import after_move, continue_or_finish, lock_game, player_to_move, record
from games.play.tables import free_bot

BOT, TIMER, AWAY = "bot", "timer", "away"
# A table's presence rows (``presence.kept_rows``): user id -> (last seen with a page open or None, last seen)
PresenceRows = dict[int, tuple[datetime | None, datetime]]


@dataclass(frozen=True)
class ServerTurn:
    """A turn the server is to play at ``due``: a bot's (``BOT``), or a player's whose time
    ran out (``TIMER``) or who is away (``AWAY``), in ``game_id`` at event number ``seq``.
    A bot's turn carries ``think``: the ``games.bots.pool.choose`` arguments (position, level,
    seed) for thinking out of any transaction; the position is for the server only."""

    game_id: int
    seq: int
    due: datetime
    reason: str
    think: tuple[dict[str, Any], str, str] | None = None


def next_server_turn(table_id: int, now: datetime | None = None) -> ServerTurn | None:
    """The next turn the server plays at the table, or None while it waits for a player
    (or for no one). Reads only."""
    game = Game.objects.select_related("table").filter(table_id=table_id).order_by("-number").first()
    return (
        None
        if game is None
        else _server_turn(game, now or timezone.now(), player_to_move(GameWrite.of(game)))
    )


def server_turn(
    game: Game,
    players: list[GamePlayer],
    now: datetime | None = None,
    presence_rows: PresenceRows | None = None,
) -> ServerTurn | None:
    """``next_server_turn`` for ``game`` read already with its ``players`` (with their users
    and stand-ins): reads only whether the player to move is away, unless given the table's
    ``presence_rows`` (``presence.kept_rows``)."""
    player = None
    if game.is_running and game.turn is not None:
        player = next(p for p in players if p.seat == game.turn)
    return _server_turn(game, now or timezone.now(), player, presence_rows)


def play_server_turn(
    turn: ServerTurn, now: datetime | None = None, move: str | None = None
) -> MoveRow | None:
    """Play ``turn`` (from ``next_server_turn``) if the game is still at its event number and
    the turn is due at ``now``; return the ``Move`` row, or None. Several servers may try
    the same turn: the row lock and the event number let exactly one play it. ``move``:
    a bot's move text, thought from ``turn.think`` (else the bot thinks here)."""
    now = now or timezone.now()
    with transaction.atomic():
        return _play_turn_if_due(lock_game(turn.game_id), turn.seq, now, move)


def _play_turn_if_due(write: GameWrite, seq: int, now: datetime, move: str | None) -> MoveRow | None:
    """``play_server_turn`` on the game locked."""
    game, player = write.game, player_to_move(write)
    due = _server_turn(game, now, player)
    if game.seq != seq or due is None or player is None or due.due > now:
        return None
    if due.reason == BOT:
        return play_locked_bot_turn(write, player, move)
    state = game.engine_state()
    forfeit = bots.forfeit_move(state)
    after = state.apply(forfeit)
    player.missed_turns += 1
    handed = player.missed_turns >= missed_turns_before_bot()
    actor = MoveRow.Actor.TIMER if due.reason == TIMER else MoveRow.Actor.AWAY
    row = record(write, player.seat, forfeit, state, after, actor=actor, handed=handed)  # type: ignore[arg-type]
    if not handed:
        player.save(update_fields=["missed_turns"])
        after_move(write, after)
    else:
        _hand_to_bot(game, player)
        continue_or_finish(write, after)
    return row


def missed_turns_before_bot() -> int:
    """How many turns in a row the server plays for a player before a bot takes their seat."""
    return settings.MISSED_TURNS_BEFORE_BOT


def _server_turn(
    game: Game, now: datetime, player: GamePlayer | None, presence_rows: PresenceRows | None = None
) -> ServerTurn | None:
    if player is None:
        return None
    started = game.updated_at
    if _bot_level(player):
        delay = timedelta(seconds=settings.BOT_DELAY)
        think = (game.state, _bot_level(player), _bot_seed(game))
        return ServerTurn(game.pk, game.seq, started + delay, BOT, think)
    if game.table.turn_based:  # no clock in seconds, no away clock: games.play.deadlines
        return None
    deadlines = []
    if game.table.turn_timer_seconds:
        deadlines.append((started + timedelta(seconds=game.table.turn_timer_seconds), TIMER))
    gone_since = presence.gone_since(game.table_id, player.user_id, now, presence_rows)
    if gone_since is not None:
        grace = timedelta(seconds=settings.AWAY_GRACE_SECONDS)
        deadlines.append((max(started, gone_since) + grace, AWAY))
    if not deadlines:
        return None
    due, reason = min(deadlines)
    return ServerTurn(game.pk, game.seq, due, reason)


def _hand_to_bot(game: Game, player: GamePlayer) -> None:
    """A greedy bot plays out ``player``'s game (they count as having left) and takes their
    seat at the table (news of the seats, so that every page shows who sits there now)."""
    bot = free_bot(game.table, "greedy")
    player.left = True
    player.stand_in = bot
    player.save(update_fields=["missed_turns", "left", "stand_in"])
    Seat.objects.filter(table_id=game.table_id, user_id=player.user_id).update(user=bot)
    announce(game.table_id)


def _bot_level(player: GamePlayer) -> str:
    """The level of the bot playing ``player``'s turns (a bot, or a stand-in), or ""."""
    return player.stand_in.bot_level if player.stand_in else player.user.bot_level


def play_locked_bot_turn(
    write: GameWrite, player: GamePlayer, thought: str | None = None, now: datetime | None = None
) -> MoveRow:
    """Play the bot's turn in the locked game: ``thought`` (a move text), thought outside the
    transaction from this very position (the caller checked the event number), or, without
    one, a move thought here; the next turn begins at ``now``."""
    state = write.game.engine_state()
    if thought is None or state.problem(thought) is not None:
        move = _bot_choice(write.game, state, _bot_level(player))
    else:
        move = Move.parse(thought)
    after = state.apply(move)
    actor = MoveRow.Actor.STAND_IN if player.stand_in_id else MoveRow.Actor.PLAYER
    row = record(write, player.seat, move, state, after, actor=actor)  # type: ignore[arg-type]
    after_move(write, after, now)
    return row


def _bot_choice(game: Game, state: State, level: str) -> Move:
    """The move a bot of ``level`` makes at ``state``, ``game``'s position, thought here; a
    search bot reads the game's moves so far (``game_moves``)."""
    moves = game_moves(game.pk) if bots.searches(level) else None
    history = bots.replayed_history(state, *moves) if moves else ()
    return bots.choose_move(state, level, random.Random(_bot_seed(game)), history)


def game_moves(game_id: int) -> tuple[int, list[str]] | None:
    """``(first seat, move texts)`` of a game so far, oldest first, for a search bot
    (``games.bots.pool.choose``); None before its first move. One query."""
    rows = list(
        MoveRow.objects.filter(game_id=game_id).order_by("index").values_list("game__first_seat", "text")
    )
    return (rows[0][0], [text for _, text in rows]) if rows else None


def _bot_seed(game: Game) -> str:
    """The seed of the bot's choices at this move: the same wherever the move is thought."""
    return f"{game.seed}:{game.move_count}"


def play_bot_move(game_id: int) -> MoveRow | None:
    """Play one move for the bot whose turn it is; None when it is not a bot's turn, or when
    the game moved on while the bot thought. The bot thinks before the game row is locked
    (a search bot takes a good part of a second), and its move is played only if the game
    is still where it was thought."""
    game = Game.objects.filter(pk=game_id).first()
    player = player_to_move(GameWrite.of(game)) if game is not None else None
    if player is None or not _bot_level(player):
        return None
    thought_at = game.seq
    move = _bot_choice(game, game.engine_state(), _bot_level(player))
    with transaction.atomic():
        write = lock_game(game_id)
        mover = player_to_move(write) if write.game.seq == thought_at else None
        if mover is None:  # the game moved on (else the bot it was thought for is to move)
            return None
        return play_locked_bot_turn(write, mover, str(move))


def bot_move_due(game: Game, now: datetime | None = None) -> bool:
    """Whether a bot is to play in ``game`` and has waited ``BOT_DELAY`` since the last change."""
    player = player_to_move(GameWrite.of(game))
    if player is None or not _bot_level(player):
        return False
    delay = timedelta(seconds=settings.BOT_DELAY)
    return (now or timezone.now()) - game.updated_at >= delay


def advance_bots(game: Game) -> list[MoveRow]:
    """Play the bot moves that are due (for a page poll): one per ``BOT_DELAY``, or, with no
    delay, every bot move up to a human's turn. Returns the new ``Move`` rows."""
    rows = []
    while bot_move_due(game):
        row = play_bot_move(game.pk)
        if row is None:
            break
        rows.append(row)
        game.refresh_from_db()
    return rows
