"""A player whose seat went to a stand-in bot (``games.play.server_turns``, after missed turns)
takes it back, at once, while the game runs.

The return is a change of the game's players without a move, so it moves the game's event
number (``Game.seq``) on like one: the players kept per event (``games.play.kept_players``) and
the live readings, which take the players as unchanged while the event number is, are read
afresh; and a bot turn the turn clock has in hand for that seat, which carries the event
number it was due at, is no longer played (``games.play.server_turns.play_server_turn``).
"""

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Game, GamePlayer, Seat, Table
from games.play.announce import announce
from games.play.errors import ServiceError


def offered(players: list[GamePlayer], user: User | AnonymousUser) -> bool:
    """Whether ``user`` may take their seat back in a running game of ``players`` (read
    with their stand-ins): a stand-in bot plays for them."""
    return user.is_authenticated and any(p.user_id == user.pk and p.left and p.stand_in_id for p in players)


def take_back(table: Table, user: User) -> None:
    """``user`` takes back the seat a stand-in bot holds for them in the table's running game:
    they play again from their next turn, with no missed turn counted. Refused, changing
    nothing, when no game runs or no stand-in holds a seat of theirs."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(table=table).order_by("-number").first()
        if game is None or not game.is_running:
            raise ServiceError(_("No game is running at this table."), "no_game")
        held = _held_seat(table, game, user)
        if held is None:
            raise ServiceError(_("No stand-in holds a seat of yours in this game."), "no_stand_in")
        player, seat = held
        player.left, player.stand_in, player.missed_turns = False, None, 0
        player.save(update_fields=["left", "stand_in", "missed_turns"])
        Seat.objects.filter(pk=seat.pk).update(user=user)
        game.seq += 1
        game.save(update_fields=["seq", "updated_at"])
        announce(table.pk)


def _held_seat(table: Table, game: Game, user: User) -> tuple[GamePlayer, Seat] | None:
    """``(player, seat)``: ``user``'s player in ``game`` (locked) and the table's seat its
    stand-in holds, or None when no stand-in holds one (or the user sits elsewhere now)."""
    player = GamePlayer.objects.select_for_update().filter(game=game, user_id=user.pk).first()
    if player is None or not player.left or player.stand_in_id is None:
        return None
    seat = Seat.objects.filter(table=table, user_id=player.stand_in_id).first()
    if seat is None or Seat.objects.filter(table=table, user_id=user.pk).exists():
        return None
    return player, seat
