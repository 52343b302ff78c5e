"""Every write of the games app: tables, seats, bots, games and their moves.

Each function runs in one transaction and locks the row it changes (the table for seats,
the game for moves), so concurrent requests are serialised. A request the site refuses
raises ``ServiceError`` with a message for the user, and changes nothing.

Site decisions (beyond RULES.md):

- Leaving a seat during a game one plays in resigns that game first.
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
- A bot cannot be removed from a running game it plays in (who may add or remove bots is
  the views' call).
- The server applies a forced move at once: ``accept`` when it is the only legal move.
- The server also plays the turn of a player whose turn timer ran out, or who has had no
  page open at the table for ``AWAY_GRACE_SECONDS`` (draw, accept or pass, as for a
  leaver). After ``MISSED_TURNS_BEFORE_BOT`` such turns in a row a greedy bot takes over
  their seat: it plays out the game for them (they count as having left) and keeps the
  seat at the table.
- Every change is announced once it commits (``signals.table_changed``: the live layer tells
  the table's websockets), a game's with what changed, so that no viewer reads it again.
"""

import itertools
import logging
import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import blocking, written
from games import bots, kept_players, presence, signals
from games.engine import IllegalMove, Move, new_game
from games.engine.moves import ACCEPT
from games.engine.outcomes import outcome
from games.engine.results import final_places, misplay_penalty
from games.engine.rules import PRESETS
from games.models import MAX_SEATS, MIN_SEATS, ChatMessage, Game, GamePlayer, Seat, Table
from games.models import Move as MoveRow
from games.prepared import Prepared, PreparedInsert, PreparedInsertIfUpdated, PreparedUpdate
from games.refusals import explain, reason_code

logger = logging.getLogger(__name__)

DEFAULT_BOT_DELAY = 0.8  # seconds between a move and a bot's answer, unless settings.BOT_DELAY
FORCED_ACCEPT = Move(ACCEPT)
POSITION_FIELDS = ["state", "turn", "move_count", "seq", "updated_at"]  # a move in a running game
_NEW_MOVE = PreparedInsert(MoveRow)  # games.prepared: the move's statements, compiled once
_NEW_POSITION = PreparedUpdate(Game, POSITION_FIELDS)


class ServiceError(Exception):
    """A request the site refuses; ``str(error)`` is a translated message for the user, and
    ``code`` a stable name of the refusal for a program (the bot API's ``code``)."""

    code = "refused"

    def __init__(self, message, code=None):
        super().__init__(message)
        if code is not None:
            self.code = code


class StaleMove(ServiceError):
    """A move made against an older position (a stale page, a double click, a resend)."""

    code = "stale_move"


class TooFast(ServiceError):
    """More of something than a player may do in a while (tables made)."""


class NotNow(ServiceError):
    """A move or resignation at the wrong moment: not the player's turn, or the game is over."""


class MoveRefused(ServiceError):
    """A move the rules refuse here (``code`` "illegal_move"), or move text that cannot be
    read ("not_a_move"); ``rule`` names the reason (``games.refusals.reason_code``)."""

    def __init__(self, message, code, rule):
        super().__init__(message, code)
        self.rule = rule


# -- Tables and seats ---------------------------------------------------------------


DEFAULT_TABLES_PER_HOUR = 20  # tables a player may make within an hour, unless settings.TABLES_PER_HOUR


def create_table(user, name, seat_count, preset, sit=True, turn_timer_seconds=None):
    """A new table created by ``user``, who takes its first seat unless ``sit`` is false;
    ``turn_timer_seconds``: the turn clock (None: none). A player makes at most
    ``TABLES_PER_HOUR`` tables an hour: the lobby is everyone's (``TooFast``)."""
    name = (name or "").strip()
    if not written.shows_something(name):
        raise ServiceError(_("Give the table a name."))
    if written.reorders(name):
        raise ServiceError(_("That name holds characters that would turn the text around it."))
    if len(name) > Table._meta.get_field("name").max_length:
        raise ServiceError(_("That name is too long."))
    if not isinstance(seat_count, int) or not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise ServiceError(
            _("A table has %(low)d to %(high)d seats.") % {"low": MIN_SEATS, "high": MAX_SEATS}
        )
    if preset not in PRESETS:
        raise ServiceError(_("Choose one of the rules presets."))
    clock = turn_timer_seconds
    if clock is not None and not (isinstance(clock, int) and clock > 0):
        raise ServiceError(_("A turn clock is a number of seconds."))
    made = Table.objects.filter(created_by=user, created_at__gte=timezone.now() - timedelta(hours=1))
    limit = getattr(settings, "TABLES_PER_HOUR", DEFAULT_TABLES_PER_HOUR)
    if made.count() >= limit:
        raise TooFast(
            ngettext(
                "You have made %(count)d table in the last hour: wait a while before making another.",
                "You have made %(count)d tables in the last hour: wait a while before making another.",
                limit,
            )
            % {"count": limit}
        )
    with transaction.atomic():
        table = Table.objects.create(
            name=name,
            seat_count=seat_count,
            preset=preset,
            created_by=user,
            turn_timer_seconds=turn_timer_seconds,
        )
        if sit:
            Seat.objects.create(table=table, position=0, user=user)
    return table


def take_seat(table, user, position=None):
    """Seat ``user`` at ``position``, or at the first free seat. During a game the newcomer
    joins the next one."""
    with transaction.atomic():
        table = _locked_table(table)
        if user.is_bot:
            raise ServiceError(_("Bots are added with “add a bot”."))
        if table.seats.filter(user=user).exists():
            raise ServiceError(_("You already have a seat at this table."), "already_seated")
        if refusal := blocking.seat_refusal(table, user):
            raise ServiceError(refusal, "blocked")
        position = _free_position(table, position)
        return Seat.objects.create(table=table, position=position, user=user)


def leave_seat(table, user):
    """Free ``user``'s seat; during a game they play in, they resign it first."""
    with transaction.atomic():
        table = _locked_table(table)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise ServiceError(_("You have no seat at this table."))
        game = table.current_game()
        if game is not None and game.is_running and game.players.filter(user=user, left=False).exists():
            resign(game, user)
        seat.delete()


def add_bot(table, level, by_user=None):
    """Seat a bot of ``level`` (one of ``bots.LEVELS``) at the first free seat; ``by_user``,
    when given, must be seated at the table."""
    if level not in bots.LEVELS:
        raise ServiceError(_("There is no such bot."))
    with transaction.atomic():
        table = _locked_table(table)
        _require_seated(table, by_user)
        position = _free_position(table, None)
        return Seat.objects.create(table=table, position=position, user=_free_bot(table, level))


def remove_bot(table, position, by_user=None):
    """Free the seat of the bot at ``position``; not while it plays a running game.
    ``by_user``, when given, must be seated at the table."""
    with transaction.atomic():
        table = _locked_table(table)
        _require_seated(table, by_user)
        seat = table.seats.select_related("user").filter(position=position).first()
        if seat is None or not seat.user.is_bot:
            raise ServiceError(_("No bot sits there."))
        game = table.current_game()
        if game is not None and game.is_running and game.players.filter(user=seat.user).exists():
            raise ServiceError(_("A bot stays until the end of the game it plays."))
        seat.delete()


def _require_seated(table, user):
    if user is not None and not table.seats.filter(user=user).exists():
        raise ServiceError(_("Take a seat at this table first."))


def _locked_table(table):
    """The table row, locked until the end of the transaction (a write to the table follows,
    so its websockets hear of it once the transaction commits)."""
    table_id = table.pk if isinstance(table, Table) else table
    try:
        table = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError(_("There is no such table."), "no_such_table") from None
    _announce(table.pk)
    return table


def _announce(table_id, game=None, state=None):
    """Announce, once the transaction commits, that the table changed: ``game`` (locked by
    ``_locked_game``) moved on to ``state``, or (without them) something else. A failure to
    tell is logged, never raised."""
    for announcement in _announcements(table_id, game, state):
        transaction.on_commit(announcement, robust=True)


def _announce_now(table_id, game, state):
    """``_announce`` of a change written outside a transaction, from any thread (Django's
    ``on_commit`` asks the connection, which the event loop may not)."""
    for announcement in _announcements(table_id, game, state):
        try:
            announcement()
        except Exception:
            logger.exception("Could not announce the change at table %s", table_id)


def _announcements(table_id, game, state):
    change = None
    if game is not None:
        players = _players(game)
        change = signals.GameChange(game.base_seq, game, players, game.recorded, state or game.engine_state())
        yield partial(kept_players.keep, game, players)
    yield partial(signals.table_changed.send, sender=Table, table_id=table_id, change=change)


def _free_position(table, position):
    taken = set(table.seats.values_list("position", flat=True))
    if position is None:
        free = [p for p in range(table.seat_count) if p not in taken]
        if not free:
            raise ServiceError(_("This table is full."), "table_full")
        return free[0]
    if not isinstance(position, int) or not 0 <= position < table.seat_count:
        raise ServiceError(_("There is no such seat."), "no_such_seat")
    if position in taken:
        raise ServiceError(_("That seat is taken."), "seat_taken")
    return position


def bot_account(level, n=1):
    """The account ``<level>-bot-<n>``, created when first needed. ``n`` = 1 is the level's
    own account, under which it plays and is rated; a table seating two bots of one level
    (a user holds one seat per table) gives the second the next free ``n``. None when a
    human holds the name."""
    User = get_user_model()
    username = f"{level}-bot-{n}"
    bot = User.objects.filter(username=username).first()
    if bot is None:
        try:
            with transaction.atomic():  # a savepoint: another request may create it first
                bot = User.objects.create_bot(username, level, display_name=f"{level.capitalize()} bot {n}")
        except IntegrityError:
            bot = User.objects.get(username=username)
    return bot if bot.bot_level == level else None


def _free_bot(table, level):
    """The bot account of ``level`` to seat at ``table``: the level's own, unless it sits
    there already."""
    seated = set(table.seats.values_list("user_id", flat=True))
    for n in itertools.count(1):
        bot = bot_account(level, n)
        if bot is not None and bot.pk not in seated:
            return bot


# -- Starting games -------------------------------------------------------------------


def start_game(table, by_user):
    """Deal a new game to everyone seated, with the table's current rules frozen into it.

    Seat 0 starts a table's first game; later, the previous game's winner starts if they
    are still seated."""
    with transaction.atomic():
        table = _locked_table(table)
        seats = list(table.seats.select_related("user").order_by("position"))
        if not any(seat.user_id == by_user.pk for seat in seats):
            raise ServiceError(_("Take a seat to start a game."))
        previous = table.current_game()
        if previous is not None and previous.is_running:
            raise ServiceError(_("A game is already running at this table."))
        if len(seats) < MIN_SEATS:
            raise ServiceError(_("At least two players must be seated to start."))
        try:
            rules = table.rules()
        except ValueError as error:
            message = _("This table's house rules are invalid: %(reason)s") % {"reason": error}
            raise ServiceError(message) from None
        users = [seat.user for seat in seats]
        first = _first_player(previous, users)
        seed = secrets.randbits(63)
        state = new_game(rules, players=len(users), seed=seed, first=first)
        game = Game.objects.create(
            table=table,
            number=previous.number + 1 if previous else 1,
            rules=rules.to_dict(),
            preset=table.preset,
            player_count=len(users),
            seed=seed,
            first_seat=first,
            state=state.to_dict(),
            turn=state.turn,
        )
        GamePlayer.objects.bulk_create(
            GamePlayer(game=game, seat=index, user=user) for index, user in enumerate(users)
        )
        return game


def rematch(table, user):
    """``user`` offers to play again after the table's last game, or accepts the offer. The
    next game (its winner starts) begins once every seated player accepted (bots accept
    at once): then it is returned, else None."""
    with transaction.atomic():
        table = _locked_table(table)
        previous, seats = _rematch_parties(table, user)
        accepted = set(previous.rematch_accepted) | {user.pk} | {s.user_id for s in seats if s.user.is_bot}
        if all(seat.user_id in accepted for seat in seats):
            return start_game(table, user)
        previous.rematch_accepted = sorted(accepted)
        previous.rematch_declined_by = None
        previous.save(update_fields=["rematch_accepted", "rematch_declined_by"])
        _announce(table.pk)
        return None


def decline_rematch(table, user):
    """``user`` declines to play again: the offer is withdrawn (anyone may offer anew)."""
    with transaction.atomic():
        table = _locked_table(table)
        previous, _seats = _rematch_parties(table, user)
        previous.rematch_accepted = []
        previous.rematch_declined_by = user
        previous.save(update_fields=["rematch_accepted", "rematch_declined_by"])
        _announce(table.pk)


def _rematch_parties(table, user):
    """The table's finished last game and its seats, for ``user``, who must be seated."""
    previous = table.current_game()
    if previous is None:
        raise ServiceError(_("There is no game to play again yet."))
    if previous.is_running:
        raise ServiceError(_("A game is already running at this table."))
    seats = list(table.seats.select_related("user"))
    if not any(seat.user_id == user.pk for seat in seats):
        raise ServiceError(_("Take a seat to start a game."))
    return previous, seats


def _first_player(previous, users):
    if previous is None or previous.winner is None:
        return 0
    winner = previous.players.get(seat=previous.winner).user_id
    return next((index for index, user in enumerate(users) if user.pk == winner), 0)


# -- Moves ----------------------------------------------------------------------------


def submit_move(game_id, user, text, expected_move_count=None, client_move_id="", expected_seq=None):
    """Apply ``user``'s move ``text`` and return its ``Move`` row.

    ``expected_move_count`` is the move count the page showed, or ``expected_seq`` the event
    number it showed: a move made against an older position (a stale page, a double click)
    raises ``StaleMove``, as does a resent ``client_move_id``. The move row, the new position
    and, at the end, the result are saved atomically, against the game as it was read.
    Forced moves that follow are applied too. A misplay's row says the rule it broke
    (``row.broken_rule``, not stored).
    """
    return _submit(_GAME, game_id, user, text, expected_move_count, client_move_id, expected_seq)


def submit_table_move(table_id, user, text, client_move_id="", expected_seq=None, known=None):
    """``submit_move`` in the table's latest game (what a table's websocket knows): the
    game is found with its table in one query. ``known``: a function that gives the game
    with its table as this process last knew them, at the event number ``expected_seq``
    (copies), or None; tried before the database where a move can be written alone (see
    ``_submit``), and asked for only there."""
    return _submit(_LATEST_GAME, table_id, user, text, None, client_move_id, expected_seq, known)


def _submit(games, key, user, text, expected_move_count, client_move_id, expected_seq, known=None):
    """``submit_move`` of the game ``games`` finds by ``key``. A move that is the whole change
    (no forced move follows, the game goes on, no count of missed turns to clear) is written
    in one statement, on PostgreSQL, where no other change came first (``_write_alone``):
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
    game = None
    try:
        if connection.vendor == _WRITE_ALONE_ON and not connection.in_atomic_block:
            game, checked = _checked_known(known() if known else None, user, text, expected_seq)
            if game is None:
                game = games.read(key)
                checked = _checked_move(game, user, text, expected_move_count, expected_seq)
            row = _write_alone(game, *checked, client_move_id)
            if row is not None:
                return row
        with transaction.atomic():
            game = games.lock(key)
            player, before, move, state = _checked_move(game, user, text, expected_move_count, expected_seq)
            if player.missed_turns:
                player.missed_turns = 0
                player.save(update_fields=["missed_turns"])
            row = _record(game, player.seat, move, before, state, client_move_id)
            _after_move(game, state)
        _let_go(game)
        return row
    except (ServiceError, IntegrityError):
        if game is not None and client_move_id and _made_already(game, client_move_id):
            raise StaleMove(_("This move was already made."), "made_already") from None
        raise


def _checked_known(game, user, text, expected_seq):
    """``(game, checked move)`` on a game known already (see ``_submit``); (None, None)
    when there is none, or when the move is refused there: it is judged again on the game
    as read."""
    if game is None:
        return None, None
    try:
        return game, _checked_move(_ready(game), user, text, None, expected_seq)
    except ServiceError:
        return None, None


def _checked_move(game, user, text, expected_move_count, expected_seq):
    """``(player, before, move, after)``: ``user``'s move ``text`` in ``game``, or the
    refusal (``ServiceError``) of a move that is stale, out of turn or illegal."""
    _check_current(game, expected_move_count, expected_seq)
    player = next((p for p in _players(game) if p.user_id == user.pk), None)
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


def _write_alone(game, player, before, move, state, client_move_id):
    """The move's row and the new position written in one statement, if the move is all
    that changes and the game is still at the event number it was read at; else None (and
    nothing written). The game's players are unchanged while its event number is
    (``games.kept_players``), so the checks made on the read game still hold."""
    write = _alone(game, player, before, move, state, client_move_id)
    return None if write is None else write.save()


def move_alone(game, user, text, client_move_id, expected_seq):
    """For a socket's move made from the event loop (``games.live.loop_statements``):
    the ``AloneWrite`` of ``user``'s move ``text`` in ``game``, a copy of the game as this
    process knows it (``readings.game_at``), where the move can be written alone and
    nothing needs the database first; else None, and the move is made in a database thread
    (``submit_table_move``), which also words a refusal. Reads no database."""
    if connection.vendor != _WRITE_ALONE_ON or not _MOVE_AND_POSITION.compiled():
        return None
    players = kept_players.take(game)
    if players is None:
        return None
    game.players_by_seat = players
    game, checked = _checked_known(game, user, text, expected_seq)
    return None if game is None else _alone(game, *checked, client_move_id)


def _alone(game, player, before, move, state, client_move_id):
    """The ``AloneWrite`` of a checked move, if it is all that changes; else None."""
    if player.missed_turns or state.finished or _server_move(state, _leavers(game)) is not None:
        return None
    read_at = game.seq
    row = _move_row(game, player.seat, move, before, state, client_move_id)
    game.state, game.turn = state.to_dict(), state.turn
    return AloneWrite(game, row, state, read_at)


@dataclass
class AloneWrite:
    """A move that is the whole change, written in one statement outside any transaction,
    only if the game is still at the event number ``read_at`` it was read at: ``save``
    here, or ``statement`` on another connection and ``written_by`` its result. Either
    gives the move's row, announced, or None when something else changed the game first
    (the move is then to be made again under the game's lock)."""

    game: Game
    row: MoveRow
    state: object
    read_at: int

    def save(self):
        return self._written(_MOVE_AND_POSITION.save(self.game, self.read_at, self.row))

    def statement(self):
        """(SQL, values)."""
        return _MOVE_AND_POSITION.statement(self.game, self.read_at, self.row)

    def written_by(self, result):
        return self._written(_MOVE_AND_POSITION.made(self.row, result))

    def _written(self, made):
        if not made:
            return None
        self.game.recorded.append(self.row)
        _announce_now(self.game.table_id, self.game, self.state)
        _let_go(self.game)
        return self.row


def _let_go(game):
    """After a move is made and announced (its change holds what it announces): a
    player's, a bot's, the server's for an absent player, or a resignation. The game lets go
    of the rows that point back at it, its recorded moves and the players read with it.
    Else each move's objects (the game with its position, its players, its moves) wait for
    the garbage collector, whose young passes stall the process, rather than go with their
    last reference."""
    game.recorded = []
    game.__dict__.pop("players_by_seat", None)


def _check_current(game, expected_move_count, expected_seq):
    """Refuse a move made against an older position, or in a game that is over."""
    stale_count = expected_move_count is not None and expected_move_count != game.move_count
    if stale_count or (expected_seq is not None and expected_seq != game.seq):
        raise StaleMove(_("The game has moved on since your page was shown: this move was not made."))
    if not game.is_running:
        raise NotNow(_("This game is over."), "game_over")


def _made_already(game, client_move_id):
    return MoveRow.objects.filter(game_id=game.pk, client_move_id=client_move_id).exists()


def play_bot_move(game_id):
    """Play one move for the bot whose turn it is; None when it is not a bot's turn, or when
    the game moved on while the bot thought. The bot thinks before the game row is locked
    (a search bot takes a good part of a second), and its move is played only if the game
    is still where it was thought."""
    game = Game.objects.filter(pk=game_id).first()
    player = _player_to_move(game) if game is not None else None
    if player is None or not _bot_level(player):
        return None
    thought_at = game.seq
    move = _bot_choice(game, game.engine_state(), _bot_level(player))
    with transaction.atomic():
        game = _locked_game(game_id)
        row = None if game.seq != thought_at else _play_bot_turn(game, _player_to_move(game), str(move))
    _let_go(game)
    return row


def bot_move_due(game, now=None):
    """Whether a bot is to play in ``game`` and has waited ``BOT_DELAY`` since the last change."""
    player = _player_to_move(game)
    if player is None or not _bot_level(player):
        return False
    delay = timedelta(seconds=getattr(settings, "BOT_DELAY", DEFAULT_BOT_DELAY))
    return (now or timezone.now()) - game.updated_at >= delay


def advance_bots(game):
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


def resign(game, user):
    """``user`` gives up ``game``: they count as last, and the game may end (see above)."""
    with transaction.atomic():
        game = _locked_game(game.pk if isinstance(game, Game) else game)
        if not game.is_running:
            raise NotNow(_("This game is over."), "game_over")
        player = next((p for p in _players(game) if p.user_id == user.pk and not p.left), None)
        if player is None:
            raise ServiceError(_("You are not playing in this game."), "not_a_player")
        move = Move.resign(player.seat)
        before = game.engine_state()
        try:
            state = before.apply(move)
        except IllegalMove:  # out of play already: a winner under play_on, or eliminated
            raise ServiceError(_("Your game is over: you are no longer in play."), "out_of_play") from None
        player.left = True
        player.save(update_fields=["left"])
        _record(game, player.seat, move, before, state)
        _continue_or_finish(game, state)
    _let_go(game)


def _continue_or_finish(game, state):
    """After a player left: go on while two or more remain and one is human, else end now."""
    remaining = [p for p in _players(game) if not p.left]
    if len(remaining) < 2 or all(p.user.is_bot for p in remaining):
        _finish(game, state)
        game.save()
        _announce(game.table_id, game, state)
    else:
        _after_move(game, state)


def _locked_game(game_id):
    """The game row, locked until the end of the transaction, ready to record moves: its
    event number now (``base_seq``) and the moves recorded since (``recorded``), which
    ``_announce`` passes on."""
    return _GAME.lock(game_id)


class _Games:
    """A game found by one value (its id, or its table's for the latest game), with its
    table (not locked): the table's turn clock and house rules as they are now travel with
    the game's change. ``read`` and ``lock`` (until the end of the transaction) give it
    ready to record moves (``_ready``)."""

    def __init__(self, games, missing):
        self._read = Prepared(lambda value: games(Game.objects.select_related("table"), value))
        self._lock = Prepared(
            lambda value: games(Game.objects.select_for_update(of=("self",)).select_related("table"), value)
        )
        self.missing = missing

    def read(self, value):
        return self._found(self._read.first(value))

    def lock(self, value):
        return self._found(self._lock.first(value))

    def _found(self, game):
        if game is None:
            raise ServiceError(self.missing(), "no_such_game")
        return _ready(game)


_GAME = _Games(lambda games, game_id: games.filter(pk=game_id), lambda: _("There is no such game."))
_LATEST_GAME = _Games(
    lambda games, table_id: games.filter(table_id=table_id).order_by("-number"),
    lambda: _("No game is running at this table."),
)
_WRITE_ALONE_ON = "postgresql"  # ``_write_alone`` needs a data-modifying WITH
_MOVE_AND_POSITION = PreparedInsertIfUpdated(
    _NEW_POSITION, _NEW_MOVE, guard="seq", related=("table", "updated_at")
)


def _ready(game):
    game.base_seq = game.seq
    game.recorded = []
    return game


def _players(game):
    """The players of a locked game by seat, with their users and stand-ins: once per
    transaction, and changed in place; kept from the game's last move in this process, or
    read (``games.kept_players``)."""
    if not hasattr(game, "players_by_seat"):
        game.players_by_seat = kept_players.take(game) or list(
            game.players.select_related("user", "stand_in").order_by("seat")
        )
    return game.players_by_seat


def _player_to_move(game):
    if not game.is_running or game.turn is None:
        return None
    return _players(game)[game.turn]


def _bot_level(player):
    """The level of the bot playing ``player``'s turns (a bot, or a stand-in), or ""."""
    return player.stand_in.bot_level if player.stand_in else player.user.bot_level


def _play_bot_turn(game, player, move=None):
    """Play the bot's turn: ``move`` (text), thought outside the transaction from this very
    position (the caller checked the event number), or, without one, a move thought here."""
    state = game.engine_state()
    if move is None or state.problem(move) is not None:
        move = _bot_choice(game, state, _bot_level(player))
    else:
        move = Move.parse(move)
    after = state.apply(move)
    actor = MoveRow.Actor.STAND_IN if player.stand_in_id else MoveRow.Actor.PLAYER
    row = _record(game, player.seat, move, state, after, actor=actor)
    _after_move(game, after)
    return row


def _bot_choice(game, state, level):
    """The move a bot of ``level`` makes at ``state``, ``game``'s position, thought here; a
    search bot reads the game's moves so far (``game_moves``)."""
    history = bots.replayed_history(state, *game_moves(game.pk)) if bots.searches(level) else ()
    return bots.choose_move(state, level, random.Random(_bot_seed(game)), history)


def game_moves(game_id):
    """``(first seat, move texts)`` of a game so far, oldest first, for a search bot
    (``games.bots.pool.choose``); None before its first move. One query."""
    rows = list(
        MoveRow.objects.filter(game_id=game_id).order_by("index").values_list("game__first_seat", "text")
    )
    return (rows[0][0], [text for _, text in rows]) if rows else None


def _bot_seed(game):
    """The seed of the bot's choices at this move: the same wherever the move is thought."""
    return f"{game.seed}:{game.move_count}"


def _record(game, seat, move, before, after, client_move_id="", actor=MoveRow.Actor.PLAYER, handed=False):
    """Append ``move`` (from position ``before`` to ``after``) to the game's log, with the
    cards it drew and, for a misplay, its penalty, what it did (``outcome``) and who made
    it (``actor``; ``handed``: the seat goes to a stand-in after it); the caller saves the game."""
    row = _move_row(game, seat, move, before, after, client_move_id)
    row.actor, row.handed_to_bot = actor, handed
    row = _NEW_MOVE.save(row)
    game.recorded.append(row)
    return row


def _move_row(game, seat, move, before, after, client_move_id):
    """The unsaved row of ``move`` by ``seat`` (see ``_record``), counted in the game's
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
    row.broken_rule = before.problem(move) if penalty is not None else None
    game.move_count += 1
    game.seq += 1
    return row


def _after_move(game, state):
    """Play the server's moves that follow (forced accepts, leavers' turns), store the new
    position, and the result when the game is over. Cost: the moves played, no replay."""
    left = _leavers(game)
    while (move := _server_move(state, left)) is not None:
        after = state.apply(move)
        _record(game, state.turn, move, state, after)
        state = after
    if state.finished:
        _finish(game, state)
        game.save()
    else:
        game.state = state.to_dict()
        game.turn = state.turn
        _NEW_POSITION.save(game)
    _announce(game.table_id, game, state)


def _leavers(game):
    """The seats of the players who left the game with no stand-in to play for them."""
    return {p.seat for p in _players(game) if p.left and p.stand_in_id is None}


def _server_move(state, left):
    """The move the server plays next in ``state`` (``left``: ``_leavers``): a leaver's
    forfeit or a forced accept; None when a player is to move or the game is over."""
    if state.finished:
        return None
    if state.turn in left:
        return bots.forfeit_move(state)
    return FORCED_ACCEPT if state.only_move() == FORCED_ACCEPT else None


def _finish(game, state):
    """Store the final position and result (places, leavers last; the winner), and announce
    the end (``signals.game_finished``: history rates the game) in the same transaction."""
    players = _players(game)
    places = final_places(state, {p.seat for p in players if p.left})
    for player in players:  # a few rows: bulk_update's CASE expression cost several ms to compile
        player.place = places[player.seat]
        player.save(update_fields=["place"])
    firsts = [p.seat for p in players if p.place == 1]
    game.state = state.to_dict()
    game.turn = None
    game.status = Game.Status.FINISHED
    game.winner = firsts[0] if len(firsts) == 1 else None
    game.finished_at = timezone.now()
    signals.game_finished.send(sender=Game, game=game)


# -- Turns the server plays -----------------------------------------------------------

BOT, TIMER, AWAY = "bot", "timer", "away"
DEFAULT_AWAY_GRACE = 60  # seconds, unless settings.AWAY_GRACE_SECONDS
DEFAULT_MISSED_TURNS_BEFORE_BOT = 3


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
    think: tuple | None = None


def next_server_turn(table_id, now=None):
    """The next turn the server plays at the table, or None while it waits for a player
    (or for no one). Reads only."""
    game = Game.objects.select_related("table").filter(table_id=table_id).order_by("-number").first()
    return None if game is None else _server_turn(game, now or timezone.now())


def server_turn(game, players, now=None, presence_rows=None):
    """``next_server_turn`` for ``game`` read already with its ``players`` (with their users
    and stand-ins): reads only whether the player to move is away, unless given the table's
    ``presence_rows`` (``presence.kept_rows``)."""
    player = None
    if game.is_running and game.turn is not None:
        player = next(p for p in players if p.seat == game.turn)
    return _server_turn(game, now or timezone.now(), player, presence_rows)


def play_server_turn(turn, now=None, move=None):
    """Play ``turn`` (from ``next_server_turn``) if the game is still at its event number and
    the turn is due at ``now``; return the ``Move`` row, or None. Several servers may try
    the same turn: the row lock and the event number let exactly one play it. ``move``:
    a bot's move text, thought from ``turn.think`` (else the bot thinks here)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked_game(turn.game_id)
        row = _play_turn_if_due(game, turn.seq, now, move)
    _let_go(game)
    return row


def _play_turn_if_due(game, seq, now, move):
    """``play_server_turn`` on the game locked."""
    due = _server_turn(game, now)
    if game.seq != seq or due is None or due.due > now:
        return None
    player = _player_to_move(game)
    if due.reason == BOT:
        return _play_bot_turn(game, player, move)
    state = game.engine_state()
    move = bots.forfeit_move(state)
    after = state.apply(move)
    player.missed_turns += 1
    handed = player.missed_turns >= missed_turns_before_bot()
    actor = MoveRow.Actor.TIMER if due.reason == TIMER else MoveRow.Actor.AWAY
    row = _record(game, player.seat, move, state, after, actor=actor, handed=handed)
    if not handed:
        player.save(update_fields=["missed_turns"])
        _after_move(game, after)
    else:
        _hand_to_bot(game, player)
        _continue_or_finish(game, after)
    return row


def missed_turns_before_bot():
    """How many turns in a row the server plays for a player before a bot takes their seat."""
    return getattr(settings, "MISSED_TURNS_BEFORE_BOT", DEFAULT_MISSED_TURNS_BEFORE_BOT)


def _server_turn(game, now, player=None, presence_rows=None):
    player = player or _player_to_move(game)
    if player is None:
        return None
    started = game.updated_at
    if _bot_level(player):
        delay = timedelta(seconds=getattr(settings, "BOT_DELAY", DEFAULT_BOT_DELAY))
        think = (game.state, _bot_level(player), _bot_seed(game))
        return ServerTurn(game.pk, game.seq, started + delay, BOT, think)
    deadlines = []
    if game.table.turn_timer_seconds:
        deadlines.append((started + timedelta(seconds=game.table.turn_timer_seconds), TIMER))
    gone_since = presence.gone_since(game.table_id, player.user_id, now, presence_rows)
    if gone_since is not None:
        grace = timedelta(seconds=getattr(settings, "AWAY_GRACE_SECONDS", DEFAULT_AWAY_GRACE))
        deadlines.append((max(started, gone_since) + grace, AWAY))
    if not deadlines:
        return None
    due, reason = min(deadlines)
    return ServerTurn(game.pk, game.seq, due, reason)


def _hand_to_bot(game, player):
    """A greedy bot plays out ``player``'s game (they count as having left) and takes their
    seat at the table (news of the seats, so that every page shows who sits there now)."""
    bot = _free_bot(game.table, "greedy")
    player.left = True
    player.stand_in = bot
    player.save(update_fields=["missed_turns", "left", "stand_in"])
    Seat.objects.filter(table_id=game.table_id, user_id=player.user_id).update(user=bot)
    _announce(game.table_id)


# -- Abandoned games ------------------------------------------------------------------

DEFAULT_ABANDON_AFTER = 30 * 60  # seconds, unless settings.ABANDON_AFTER_SECONDS


def abandon_stale_games(now=None):
    """End as abandoned every running game unchanged for ``ABANDON_AFTER_SECONDS`` with no
    human player (still in it) who has the table open. Abandoned games are not rated
    (docs/rules.md). Returns how many were abandoned. Cheap when none is due: one indexed
    query on (status, updated_at)."""
    now = now or timezone.now()
    after = timedelta(seconds=getattr(settings, "ABANDON_AFTER_SECONDS", DEFAULT_ABANDON_AFTER))
    due = Game.objects.filter(status=Game.Status.RUNNING, updated_at__lt=now - after)
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
            game = _locked_game(game_id)
            if game.status != Game.Status.RUNNING or game.updated_at >= now - after:
                continue  # it moved meanwhile
            game.status = Game.Status.ABANDONED
            game.turn = None
            game.finished_at = now
            game.seq += 1
            game.save()
            _announce(table_id, game)
        abandoned += 1
    return abandoned


# -- Table chat -------------------------------------------------------------------------

DEFAULT_CHAT_BURST = 5  # messages per user and table within CHAT_WINDOW_SECONDS
DEFAULT_CHAT_WINDOW = 10


def post_chat(table_id, user, text, now=None):
    """Add ``user``'s line to a table's chat and return the ``ChatMessage``; refuses lines
    with nothing visible (zero-width characters alone), overlong lines and more than
    ``CHAT_BURST`` lines per ``CHAT_WINDOW_SECONDS``."""
    text = (text or "").strip()
    # A socket's user is as it was when the socket opened: the account may be closed since.
    if not user.is_authenticated or not get_user_model().objects.filter(pk=user.pk, is_active=True).exists():
        raise ServiceError(_("Log in to chat."))
    if not written.shows_something(text):
        raise ServiceError(_("Write something first."))
    if written.reorders(text):
        raise ServiceError(_("That line holds characters that would turn the text around it."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            _("A message has at most %(count)d characters.") % {"count": ChatMessage.MAX_LENGTH}
        )
    if not Table.objects.filter(pk=table_id).exists():
        raise ServiceError(_("There is no such table."))
    if refusal := blocking.chat_refusal(table_id, user):
        raise ServiceError(refusal, "blocked")
    window = timedelta(seconds=getattr(settings, "CHAT_WINDOW_SECONDS", DEFAULT_CHAT_WINDOW))
    recent = ChatMessage.objects.filter(
        table_id=table_id, user=user, created_at__gte=(now or timezone.now()) - window
    )
    if recent.count() >= getattr(settings, "CHAT_BURST", DEFAULT_CHAT_BURST):
        raise ServiceError(_("You are sending messages too fast: wait a few seconds."))
    return ChatMessage.objects.create(table_id=table_id, user=user, text=text)
