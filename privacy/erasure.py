"""Deleting an account (every write of it): the player's games stay for the others, under
"Deleted player", and their rating history stays, tied to nobody; everything else personal
goes.

First the player leaves their seats, resigns every game still running, answers their open
challenges and withdraws from their tournaments (each in its own transaction, as the player
would: the others play on). Then, in one transaction:
their API tokens are revoked (their open streams end once it commits) and removed; chat
lines, follows and blocks both ways, vacations and downloads removed, and what the other
apps keep (``privacy.registry.erasers``: notifications, push devices...); the account keeps
its row, with a new meaningless username, every personal field blank, no usable password,
inactive. Its inactivity closes its open sockets at the commit (``games.live.realtime``), and
its new password hash ends every session it had at their next request (Django checks a
session's hash of the password): the view logs the current one out at once.
"""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Block, Follow, User
from api.tokens import revoke_tokens
from games.models import Challenge, ChatMessage, Game, GamePlayer, Vacation
from games.play import challenges
from games.play.errors import ServiceError
from games.play.moves import resign
from games.play.tables import leave_seat
from privacy.models import DataExport
from privacy.registry import erasers
from tournaments.models import Entry
from tournaments.writes.entries import withdraw

ERASED_PREFIX = "deleted-"


class Refused(Exception):
    """An account this page does not delete; ``str()``: the sentence."""


def refusal(user: User) -> str | None:
    """Why ``user`` may not delete their account here, or None. A superuser could lock the
    site out of its own admin: another superuser takes the rights away first."""
    if user.is_superuser:
        return _(
            "A superuser account cannot be deleted here: ask another superuser to remove its rights first."
        )
    if user.is_guest or user.is_bot:
        return _("Only an account with a password can be deleted here.")
    return None


def erase_account(user: User) -> None:
    """Delete ``user``'s account as the module says; ``Refused`` with a sentence if it may not be."""
    if sentence := refusal(user):
        raise Refused(sentence)
    _leave_games(user)
    with transaction.atomic():
        revoke_tokens(user.api_tokens.all())
        user.api_tokens.all().delete()
        ChatMessage.objects.filter(user=user).delete()
        Follow.objects.filter(follower=user).delete()
        Follow.objects.filter(followed=user).delete()
        Block.objects.filter(blocker=user).delete()
        Block.objects.filter(blocked=user).delete()
        Vacation.objects.filter(user=user).delete()
        DataExport.objects.filter(user=user).delete()
        for erase in erasers():
            erase(user)
        _anonymise(user)


def _leave_games(user: User) -> None:
    """Leave every seat, resign every running game, answer every open challenge (withdrawn
    or declined) and withdraw from every tournament, each as the player would, so that
    nobody is told to wait for them (what ended meanwhile is left as it is)."""
    table_ids = list(user.seats.values_list("table_id", flat=True))
    running = GamePlayer.objects.filter(user=user, left=False, game__status=Game.Status.RUNNING)
    sent = Challenge.objects.filter(challenger=user, status=Challenge.Status.OPEN)
    received = Challenge.objects.filter(challenged=user, status=Challenge.Status.OPEN)
    entered = Entry.objects.filter(user=user, state__in=(Entry.State.IN, Entry.State.PAUSED))
    steps = [
        *((leave_seat, table_id) for table_id in table_ids),
        *((resign, game_id) for game_id in list(running.values_list("game_id", flat=True))),
        *((challenges.cancel, key) for key in list(sent.values_list("key", flat=True))),
        *((challenges.decline, key) for key in list(received.values_list("key", flat=True))),
        *(
            (withdraw, tournament_id)
            for tournament_id in list(entered.values_list("tournament_id", flat=True))
        ),
    ]
    for step, target in steps:
        try:
            step(target, user)
        except ServiceError:
            pass


def _anonymise(user: User) -> None:
    user.username = ERASED_PREFIX + secrets.token_hex(8)
    user.display_name = user.first_name = user.last_name = user.email = ""
    user.last_login = None
    user.set_unusable_password()
    user.is_active = user.is_staff = False
    user.erased_at = timezone.now()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
