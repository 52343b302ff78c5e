"""Play at once from the lobby: "Play bots now" and "Quick game" (issue 36).

Play bots now: a new table of the player's preferred rules, the player and bots of the
level they chose in the other seats, started. A quick game: a seat at another quick game's
table of the player's preferred rules still waiting for people, with a seat free; else a new
table of theirs that waits ``QUICK_GAME_WAIT_SECONDS`` for people (``Table.bots_fill_at``)
and then fills its free seats with bots and starts. Only such tables: a game starts there
within the promised wait, where a table whose owner must press Start may wait for ever
(issue 44). Seekers of one preset are served one at a time (``_one_seeker_at_a_time``), so
that two pressing at once meet at one table instead of making one each. The fill runs
on a server's heartbeat task (``fill_due_tables``, every second while it has a table open),
on the page's own timer (a POST), and once a minute on the task engine (``timers.jobs``:
the tables nobody has open give up on bots there): never on a GET. It fills only while a seated player
is there to play (their page open, or they asked): a table whose players closed the page
is left waiting, as any table nobody starts.
"""

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import bots, presence
from games.models import Table
from games.play import starts, tables
from games.play.errors import ServiceError
from games.play.fair_play import check_rated

BOTS_NOW_SEATS = 3  # the player and two bots: a full round comes back quickly
QUICK_GAME_SEATS = 4  # the lobby form's usual table
OPEN_TABLES_TRIED = 10  # a quick game tries this many open tables (a block may keep it from some)

# Any: its members are str at run time, tuples to mypy, which reads Django as Any (no django-stubs)
NameKind: Any = Table.NameKind


def play_bots_now(user: User, level: str) -> Table:
    """A new table of ``user``'s preferred rules with ``user`` and bots of ``level``, its
    game started; ``level`` is remembered as the player's choice."""
    if level not in bots.LEVELS:
        raise ServiceError(_("There is no such bot."))
    if user.play_now_level != level:
        user.play_now_level = level
        user.save(update_fields=["play_now_level"])
    with transaction.atomic():
        table = tables.create_table(
            user, _("%(name)s and the bots") % {"name": user.name}, BOTS_NOW_SEATS, user.preferred_preset,
            name_kind=NameKind.BOTS,
        )
        for _seat in range(1, BOTS_NOW_SEATS):
            tables.add_bot(table, level)
        starts.start_game(table, user)
    return table


def open_tables(preset: str) -> list[Table]:
    """The tables a quick game may seat a player at, the soonest to start first: other quick
    games' tables (``bots_fill_at`` set: they start with bots when it comes) with ``preset``
    that the lobby lists (``Table.objects.listed``), no game yet and a seat free."""
    candidates = Table.objects.listed().filter(preset=preset, games__isnull=True, bots_fill_at__isnull=False)
    return [
        table
        for table in candidates.prefetch_related("seats").order_by("bots_fill_at", "pk")[:OPEN_TABLES_TRIED]
        if len(table.seats.all()) < table.seat_count
    ]


def quick_game(user: User, now: datetime | None = None) -> Table:
    """Seat ``user`` at the first open quick-game table of their preferred rules, or make one
    that waits ``QUICK_GAME_WAIT_SECONDS`` and then fills with bots. A player already waiting
    at such a table is sent back to it."""
    check_may_seek(user)
    with transaction.atomic():
        _one_seeker_at_a_time(user.preferred_preset)
        waiting = Table.objects.filter(seats__user=user, games__isnull=True, bots_fill_at__isnull=False)
        if (waiting := waiting.first()) is not None:
            return waiting
        for table in open_tables(user.preferred_preset):
            try:
                tables.take_seat(table, user)
            except ServiceError:  # blocked there, say: the next one
                continue
            return table
        now = now or timezone.now()
        table = tables.create_table(
            user, _("Quick game: %(name)s") % {"name": user.name}, QUICK_GAME_SEATS, user.preferred_preset,
            name_kind=NameKind.QUICK,
        )
        table.bots_fill_at = now + timedelta(seconds=settings.QUICK_GAME_WAIT_SECONDS)
        table.save(update_fields=["bots_fill_at", "updated_at"])
    return table


def check_may_seek(user: User) -> None:
    """Refuse a quick game to a guest (they play bots only) and to a player barred from rated
    games: before anything asks them whether to leave the game they play for one."""
    if user.is_guest:
        raise ServiceError(_("Guests play bots: sign up to play with people."), "guest")
    check_rated(user)  # a quick game is rated, with people


def _one_seeker_at_a_time(preset: str) -> None:
    """Hold, until the transaction ends, the lock that quick games of ``preset`` take before
    looking for a table, so that the second of two seekers sees the table the first made and
    sits there. No row exists to lock before the first table is made: on PostgreSQL a
    transaction-level advisory lock keyed by the preset; SQLite's transactions begin by taking
    the database's one write lock (``transaction_mode`` IMMEDIATE), which serialises them."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s::text))", [f"kadi.quick_game.{preset}"])


def fill_with_bots(table_id: int, now: datetime | None = None, asked_by: User | None = None) -> bool:
    """When the quick game's wait is over, or a seated player asks (``asked_by``: from the
    page's timer, or its "start with bots" button): bots of the first seated player's chosen
    level take the free seats and the game starts (True). The heartbeat's fill needs a seated
    player with the table open; nobody there for another wait, the table gives up on bots
    and stays waiting, as any table."""
    now = now or timezone.now()
    table = Table.objects.filter(pk=table_id, bots_fill_at__isnull=False).first()
    if table is None or (asked_by is None and table.bots_fill_at > now):
        return False
    humans = list(User.objects.filter(seats__table=table, bot_level="").order_by("seats__position"))
    if asked_by is not None and asked_by.pk not in {human.pk for human in humans}:
        raise ServiceError(_("Take a seat at this table first."))
    online = presence.online_user_ids(table.pk, now)
    there = [u for u in humans if (asked_by is not None and u.pk == asked_by.pk) or u.pk in online]
    wait = timedelta(seconds=settings.QUICK_GAME_WAIT_SECONDS)
    if not there and table.bots_fill_at > now - wait:
        return False
    with transaction.atomic():
        table = tables.locked_table(table_id)
        if table.bots_fill_at is None:
            return False  # another server or request filled it meanwhile
        table.bots_fill_at = None
        table.save(update_fields=["bots_fill_at", "updated_at"])
        if not there or table.current_game() is not None:
            return False  # nobody to play, or someone started it by hand meanwhile
        for _seat in range(table.seats.count(), table.seat_count):
            tables.add_bot(table, humans[0].play_now_level)
        starts.start_game(table, there[0])
    return True


def fill_due_tables(now: datetime | None = None) -> int:
    """``fill_with_bots`` every quick-game table whose wait is over (a server's heartbeat task,
    the task engine: one indexed query when none is due). Two runs at once fill a table once:
    each looks again under the table's row lock. Returns how many started."""
    now = now or timezone.now()
    started = 0
    for table_id in Table.objects.filter(bots_fill_at__lte=now).values_list("pk", flat=True):
        try:
            started += fill_with_bots(table_id, now)
        except ServiceError:  # the seats changed meanwhile: the next heartbeat looks again
            continue
    return started


def seconds_to_fill(table: Table, now: datetime | None = None) -> int | None:
    """Whole seconds until the quick game's bots fill ``table`` (0: due), or None when it
    does not wait for them."""
    if table.bots_fill_at is None:
        return None
    left = (table.bots_fill_at - (now or timezone.now())).total_seconds()
    return max(0, int(left + 0.999))
