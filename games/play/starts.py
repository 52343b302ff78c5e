"""Starting a game at a table, and playing again after it: each in one transaction that
locks the table's row, announced once it commits; and many new tables started at once
(``start_tables``, a tournament's pairing). The first person to ask to play again is
also told on commit (``games.signals.rematch_offered``: the others are notified)."""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import blocking
from accounts.models import User
from games import signals
from games.engine import Rules, new_game
from games.models import MAX_SEATS, MIN_SEATS, Game, GamePlayer, Seat, Table
from games.play.announce import announce
from games.play.errors import ServiceError
from games.play.fair_play import check_players
from games.play.seeds import new_seed
from games.play.tables import bot_account, locked_table
from games.play.turn_time import begin_turn


def start_game(table: Table | int, by_user: User) -> Game:
    """Deal a new game to everyone seated, with the table's current rules frozen into it.

    Seat 0 starts a table's first game; later, the previous game's winner starts if they
    are still seated."""
    with transaction.atomic():
        table = locked_table(table)
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
        check_players(table, users, by_user)
        first = _first_player(previous, users)
        seed = new_seed()
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
        if table.turn_based:
            mover = users[state.turn]
            game.move_deadline = begin_turn(game, table, mover.pk, mover.is_bot, timezone.now())
            game.save(update_fields=["move_deadline"])
        return game


def rematch(table: Table | int, user: User) -> Game | None:
    """``user`` offers to play again after the table's last game, or accepts the offer. The
    next game (its winner starts) begins once every seated player accepted (bots accept
    at once): then it is returned, else None."""
    with transaction.atomic():
        table = locked_table(table)
        previous, seats = _rematch_parties(table, user)
        accepted = set(previous.rematch_accepted) | {user.pk} | {s.user_id for s in seats if s.user.is_bot}
        if all(seat.user_id in accepted for seat in seats):
            return start_game(table, user)
        bot_ids = {s.user_id for s in seats if s.user.is_bot}
        offered = not set(previous.rematch_accepted) - bot_ids  # no person had asked yet
        previous.rematch_accepted = sorted(accepted)
        previous.rematch_declined_by = None
        previous.save(update_fields=["rematch_accepted", "rematch_declined_by"])
        announce(table.pk)
        if offered:
            offer = {"table": table, "game": previous, "user_id": user.pk}
            send = partial(signals.rematch_offered.send, sender=Game, **offer)
            transaction.on_commit(send, robust=True)
        return None


def decline_rematch(table: Table | int, user: User) -> None:
    """``user`` declines to play again: the offer is withdrawn (anyone may offer anew)."""
    with transaction.atomic():
        table = locked_table(table)
        previous, _seats = _rematch_parties(table, user)
        previous.rematch_accepted = []
        previous.rematch_declined_by = user
        previous.save(update_fields=["rematch_accepted", "rematch_declined_by"])
        announce(table.pk)


def _rematch_parties(table: Table, user: User) -> tuple[Game, list[Seat]]:
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


def _first_player(previous: Game | None, users: list[User]) -> int:
    if previous is None or previous.winner is None:
        return 0
    winner = previous.players.get(seat=previous.winner).user_id
    return next((index for index, user in enumerate(users) if user.pk == winner), 0)


@dataclass(frozen=True)
class NewTable:
    """A table ``start_tables`` makes: its name, its players in seat order (its first player
    owns it), then ``bots`` bots of ``bot_level``."""

    name: str
    users: Sequence[User]
    bots: int = 0
    bot_level: str = "greedy"


@dataclass(frozen=True)
class TableTerms:
    """What every table of one ``start_tables`` call shares."""

    preset: str
    rule_overrides: dict[str, Any]
    turn_timer_seconds: int | None
    rated: bool = True
    private: bool = True


def start_tables(new: Sequence[NewTable], terms: TableTerms) -> list[Game | None]:
    """Many real-time tables out of the lobby at once (``terms.private``: also seated and
    watched only through their invitation links), each seated and its first game dealt, in a
    few statements whatever their number: a tournament's pairing seats a thousand players in
    one transaction (the one-table writes cost some 40 statements a table). A table two of
    whose players blocked one another is not made (None in its place). Call it in a transaction."""
    try:
        rules = Rules.from_dict({"preset": terms.preset, **terms.rule_overrides})
    except ValueError as error:
        message = _("This table's house rules are invalid: %(reason)s") % {"reason": error}
        raise ServiceError(message) from None
    blocked = blocking.blocked_pairs({user.pk for table in new for user in table.users})
    made = [
        table
        for table in new
        if MIN_SEATS <= len(table.users) + table.bots <= MAX_SEATS
        and not any((a.pk, b.pk) in blocked for a in table.users for b in table.users)
    ]
    most_bots = max((table.bots for table in made), default=0)
    bots = {
        level: [bot_account(level, n) for n in range(1, most_bots + 1)]
        for level in {table.bot_level for table in made if table.bots}
    }
    rows = Table.objects.bulk_create(
        Table(
            name=table.name,
            seat_count=len(table.users) + table.bots,
            preset=terms.preset,
            rule_overrides=dict(terms.rule_overrides),
            turn_timer_seconds=terms.turn_timer_seconds,
            private=terms.private,
            in_lobby=False,
            rated=terms.rated,
            created_by=table.users[0],
        )
        for table in made
    )
    seated = [
        [*table.users, *bots[table.bot_level][: table.bots]] if table.bots else list(table.users)
        for table in made
    ]
    Seat.objects.bulk_create(
        Seat(table=row, position=position, user=user)
        for row, users in zip(rows, seated, strict=True)
        for position, user in enumerate(users)
    )
    games = []
    for row, users in zip(rows, seated, strict=True):
        seed = new_seed()
        state = new_game(rules, players=len(users), seed=seed, first=0)
        games.append(
            Game(
                table=row,
                number=1,
                rules=rules.to_dict(),
                preset=terms.preset,
                player_count=len(users),
                seed=seed,
                first_seat=0,
                state=state.to_dict(),
                turn=state.turn,
            )
        )
    Game.objects.bulk_create(games)
    GamePlayer.objects.bulk_create(
        GamePlayer(game=game, seat=index, user=user)
        for game, users in zip(games, seated, strict=True)
        for index, user in enumerate(users)
    )
    started = dict(zip((id(table) for table in made), games, strict=True))
    return [started.get(id(table)) for table in new]
