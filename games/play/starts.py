"""Starting a game at a table, and playing again after it: each in one transaction that
locks the table's row, announced once it commits."""

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.engine import new_game
from games.models import MIN_SEATS, Game, GamePlayer, Seat, Table
from games.play.announce import announce
from games.play.errors import ServiceError
from games.play.tables import locked_table


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
        previous.rematch_accepted = sorted(accepted)
        previous.rematch_declined_by = None
        previous.save(update_fields=["rematch_accepted", "rematch_declined_by"])
        announce(table.pk)
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
