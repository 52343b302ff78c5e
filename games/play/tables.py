"""Tables, their seats and the bots seated at them, and the bots' accounts.

Each write runs in one transaction that locks the table's row, so that concurrent requests
are serialised, and announces the change once it commits. Site decisions (beyond RULES.md):
leaving a seat during a game one plays in resigns that game first; a bot cannot be removed
from a running game it plays in (who may add or remove bots is the views' call).
"""

from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import blocking, shown_text
from accounts.models import User, stored_bot_name
from games import bots, signals
from games.engine.rules import PRESETS, Rules
from games.models import MAX_SEATS, MIN_SEATS, Seat, Table, new_invite_token, pace_errors, seat_errors
from games.play.announce import announce
from games.play.errors import ServiceError, TooFast
from games.play.fair_play import check_seat
from games.play.moves import resign


def create_table(
    user: User,
    name: str,
    seat_count: int,
    preset: str,
    sit: bool = True,
    turn_timer_seconds: int | None = None,
    private: bool = False,
    spectators: str = Table.Spectators.LINK,  # type: ignore[assignment]  # a str; a tuple to mypy without django-stubs
    listed_in_history: bool = True,
    rule_overrides: dict[str, Any] | None = None,
    limited: bool = True,
    name_kind: str = "",
    pace: str = Table.Pace.LIVE,  # type: ignore[assignment]  # a str; a tuple to mypy without django-stubs
    move_seconds: int | None = None,
    rated: bool = True,
    min_finishing_rate: int | None = None,
    chat_off: bool = False,
) -> Table:
    """A new table created by ``user``, who takes its first seat unless ``sit`` is false;
    ``turn_timer_seconds``: the turn clock (None: none); ``private``: out of the lobby, seats
    through the invitation link, watched by ``spectators``, its finished games in public
    lists when ``listed_in_history``; ``rule_overrides``: options that differ from the preset,
    checked by the caller with the engine's ``Rules``. A player makes at most
    ``TABLES_PER_HOUR`` tables an hour: the lobby is everyone's (``TooFast``, see
    ``check_tables_made``); ``limited`` false: not refused for that, though the table counts
    (a challenge's, made when the other player accepts: its challenger was checked before).
    ``name_kind``: a name the site made (``Table.NameKind``), shown in each reader's language.
    ``pace``: real-time or turn-based, with ``move_seconds`` a move (``Table.Pace``); a seat at
    one more turn-based table than ``TURN_BASED_TABLES_PER_PLAYER`` is refused. ``rated`` false:
    its games change nobody's rating (an unrated tournament's tables). ``min_finishing_rate``:
    the finishing rate (percent) a player needs for a seat (``games.play.fair_play``).
    ``chat_off``: the table has no chat."""
    name = (name or "").strip()
    if not shown_text.shows_something(name):
        raise ServiceError(_("Give the table a name."))
    if shown_text.reorders(name):
        raise ServiceError(_("That name holds characters that would turn the text around it."))
    if len(name) > Table._meta.get_field("name").max_length:
        raise ServiceError(_("That name is too long."))
    if not isinstance(seat_count, int) or not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise ServiceError(
            _("A table has %(low)d to %(high)d seats.") % {"low": MIN_SEATS, "high": MAX_SEATS}
        )
    if preset not in PRESETS:
        raise ServiceError(_("Choose one of the rules presets."))
    try:
        rules = Rules.from_dict({"preset": preset, **(rule_overrides or {})})
    except (ValueError, TypeError) as error:
        words = _("This table's house rules are invalid: %(reason)s") % {"reason": error}
        raise ServiceError(words) from None
    if wrong := seat_errors(seat_count, rules):
        raise ServiceError(str(next(iter(wrong.values()))), "bad_terms")
    clock = turn_timer_seconds
    if clock is not None and not (isinstance(clock, int) and clock > 0):
        raise ServiceError(_("A turn clock is a number of seconds."))
    if spectators not in Table.Spectators.values:
        raise ServiceError(_("Choose who may watch the table."))
    if pace not in Table.Pace.values:
        raise ServiceError(_("A table is real-time or turn-based."), "bad_terms")
    if wrong := pace_errors(pace, move_seconds, turn_timer_seconds):
        raise ServiceError(str(next(iter(wrong.values()))), "bad_terms")
    if limited:
        check_tables_made(user)
    with transaction.atomic():
        if sit and pace == Table.Pace.TURN:
            check_turn_based_seats(user)
        table = Table.objects.create(
            name=name,
            seat_count=seat_count,
            preset=preset,
            created_by=user,
            turn_timer_seconds=turn_timer_seconds,
            private=bool(private),
            spectators=spectators,
            listed_in_history=bool(listed_in_history),
            rule_overrides=rule_overrides or {},
            name_kind=name_kind,
            pace=pace,
            move_seconds=move_seconds,
            rated=rated,
            min_finishing_rate=min_finishing_rate,
            chat_off=bool(chat_off),
        )
        if sit:
            Seat.objects.create(table=table, position=0, user=user)
    return table


def check_tables_made(user: User) -> None:
    """Refuse (``TooFast``) a player who made ``TABLES_PER_HOUR`` tables in the last hour,
    in a sentence saying so."""
    made = Table.objects.filter(created_by=user, created_at__gte=timezone.now() - timedelta(hours=1))
    limit = settings.TABLES_PER_HOUR
    if made.count() >= limit:
        raise TooFast(
            ngettext(
                "You have made %(count)d table in the last hour: wait a while before making another.",
                "You have made %(count)d tables in the last hour: wait a while before making another.",
                limit,
            )
            % {"count": limit}
        )


def check_turn_based_seats(user: User) -> None:
    """Refuse (``ServiceError``) a seat at one more turn-based table to ``user``, who sits at
    ``TURN_BASED_TABLES_PER_PLAYER`` already, in a sentence naming them. Locks their row, so
    that two seats taken at once are counted one after the other (call it in a transaction)."""
    User.objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.TURN_BASED_TABLES_PER_PLAYER
    if Seat.objects.filter(user=user, table__pace=Table.Pace.TURN).count() >= limit:
        words = ngettext(
            "%(name)s already sits at %(count)d turn-based table, the most one may: "
            "leave one (once its game is over) first.",
            "%(name)s already sits at %(count)d turn-based tables, the most one may: "
            "leave one (once its game is over) first.",
            limit,
        )
        raise ServiceError(words % {"name": user.name, "count": limit}, "too_many_turn_based_tables")


def take_seat(table: Table | int, user: User, position: int | None = None, invited: bool = False) -> Seat:
    """Seat ``user`` at ``position``, or at the first free seat. During a game the newcomer
    joins the next one. At a private table only its owner, or someone ``invited`` (who used
    its invitation link), takes a seat."""
    with transaction.atomic():
        table = locked_table(table)
        if user.is_bot:
            raise ServiceError(_("Bots are added with “add a bot”."))
        if user.is_guest and table.created_by_id != user.pk:
            raise ServiceError(_("Guests play bots: sign up to play with people."), "guest")
        if table.seats.filter(user=user).exists():
            raise ServiceError(_("You already have a seat at this table."), "already_seated")
        if table.private and not invited and table.created_by_id != user.pk:
            raise ServiceError(
                _("This table is private: take a seat through its invitation link."), "private_table"
            )
        if refusal := blocking.seat_refusal(table, user):
            raise ServiceError(refusal, "blocked")
        check_seat(table, user, [seat.user for seat in table.seats.select_related("user")])
        position = _free_position(table, position)
        if table.turn_based:
            check_turn_based_seats(user)
        seat = Seat.objects.create(table=table, position=position, user=user)
        send = partial(signals.seat_taken.send, sender=Table, table=table, user_id=user.pk)
        transaction.on_commit(send, robust=True)
        return seat


def renew_invite(table: Table | int, user: User) -> Table:
    """A new invitation link for the table: the old one stops working at once. Only the
    table's owner or the staff."""
    return _set_invite(table, user, new_invite_token())


def revoke_invite(table: Table | int, user: User) -> Table:
    """No invitation link for the table until it is renewed. Only its owner or the staff."""
    return _set_invite(table, user, "")


def _set_invite(table: Table | int, user: User, token: str) -> Table:
    with transaction.atomic():
        table = locked_table(table)
        if not may_manage_invite(table, user):
            raise ServiceError(_("Only the table's owner can change its invitation link."), "not_owner")
        table.invite_token = token
        table.save(update_fields=["invite_token", "updated_at"])
    return table


def may_manage_invite(table: Table, user: User) -> bool:
    """Whether ``user`` may revoke and renew ``table``'s invitation link."""
    return user.is_authenticated and (user.is_staff or table.created_by_id == user.pk)


def leave_seat(table: Table | int, user: User) -> None:
    """Free ``user``'s seat; during a game they play in, they resign it first."""
    with transaction.atomic():
        table = locked_table(table)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise ServiceError(_("You have no seat at this table."))
        game = table.current_game()
        if game is not None and game.is_running and game.players.filter(user=user, left=False).exists():
            resign(game, user)
        seat.delete()


def add_bot(table: Table | int, level: str, by_user: User | None = None) -> Seat:
    """Seat a bot of ``level`` (one of ``bots.LEVELS``) at the first free seat; ``by_user``,
    when given, must be seated at the table."""
    if level not in bots.LEVELS:
        raise ServiceError(_("There is no such bot."))
    with transaction.atomic():
        table = locked_table(table)
        _require_seated(table, by_user)
        position = _free_position(table, None)
        return Seat.objects.create(table=table, position=position, user=free_bot(table, level))


def remove_bot(table: Table | int, position: int, by_user: User | None = None) -> None:
    """Free the seat of the bot at ``position``; not while it plays a running game.
    ``by_user``, when given, must be seated at the table."""
    with transaction.atomic():
        table = locked_table(table)
        _require_seated(table, by_user)
        seat = table.seats.select_related("user").filter(position=position).first()
        if seat is None or not seat.user.is_bot:
            raise ServiceError(_("No bot sits there."))
        game = table.current_game()
        if game is not None and game.is_running and game.players.filter(user=seat.user).exists():
            raise ServiceError(_("A bot stays until the end of the game it plays."))
        seat.delete()


def _require_seated(table: Table, user: User | None) -> None:
    if user is not None and not table.seats.filter(user=user).exists():
        raise ServiceError(_("Take a seat at this table first."))


def locked_table(table: Table | int) -> Table:
    """The table row, locked until the end of the transaction (a write to the table follows,
    so its websockets hear of it once the transaction commits)."""
    table_id = table.pk if isinstance(table, Table) else table
    try:
        locked = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError(_("There is no such table."), "no_such_table") from None
    announce(locked.pk)
    return locked


def _free_position(table: Table, position: int | None) -> int:
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


def bot_account(level: str, n: int = 1) -> User | None:
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
                bot = User.objects.create_bot(username, level, display_name=stored_bot_name(level, n))
        except IntegrityError:
            bot = User.objects.get(username=username)
    return bot if bot.bot_level == level else None


def free_bot(table: Table, level: str) -> User:
    """The bot account of ``level`` to seat at ``table``: the level's own, unless it sits
    there already."""
    seated = set(table.seats.values_list("user_id", flat=True))
    n = 0
    while True:
        n += 1
        bot = bot_account(level, n)
        if bot is not None and bot.pk not in seated:
            return bot
