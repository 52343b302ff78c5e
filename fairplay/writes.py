"""Fair play's writes: at a game's end (``games.signals.game_finished``, inside the
transaction that ends it), each person's offence is stored with the game and their standing
moved on; an offence past the first in the window pauses their next rated game (an
``accounts`` PLAYBAN restriction, with its reason in words). Good games wear the count down."""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext, override

from accounts.models import Restriction, User
from fairplay import schedule
from fairplay.models import Offence, Standing
from fairplay.offences import counted, offences
from games.models import Game


def judge_finished_game(sender, game: Game, **kwargs) -> None:
    """A ``game_finished`` receiver: judge every person of a game that counts."""
    players = list(game.players.select_related("user"))
    if not counted(game, players):
        return
    found = offences(game, players)
    now = timezone.now()
    for player in players:
        if player.user.is_bot:
            continue
        kind = found.get(player.seat)
        if kind is None:
            good_game(player.user)
        else:
            offended(player.user, game, kind, now)


def offended(user: User, game: Game, kind: str, now: datetime) -> Restriction | None:
    """Store ``user``'s offence in ``game``, count it (offences older than the window are
    forgotten first), and pause their next rated game per ``schedule.pause``."""
    Offence.objects.create(user=user, game=game, kind=kind)
    standing = _standing(user)
    window = timedelta(days=settings.FAIRPLAY_WINDOW_DAYS)
    if standing.last_offence_at is not None and now - standing.last_offence_at > window:
        standing.count = 0
    standing.count += 1
    standing.clean_games = 0
    standing.last_offence_at = now
    standing.save()
    pause = schedule.pause(standing.count)
    if not pause:
        return None
    return Restriction.objects.create(
        user=user, kind=Restriction.Kind.PLAYBAN, until=now + pause, reason=reason(kind, standing.count)
    )


def good_game(user: User) -> None:
    """A game finished without an offence: every ``FAIRPLAY_CLEAN_GAMES`` of them in a row
    take one offence off the count."""
    standing = Standing.objects.select_for_update().filter(user=user, count__gt=0).first()
    if standing is None:  # nothing to wear down: no row written
        return
    standing.clean_games += 1
    if standing.clean_games >= settings.FAIRPLAY_CLEAN_GAMES:
        standing.count -= 1
        standing.clean_games = 0
    standing.save(update_fields=["count", "clean_games"])


def reason(kind: str, count: int) -> str:
    """The pause's reason in words (stored in the site's language: the row keeps one text)."""
    with override(settings.LANGUAGE_CODE):
        what = Offence.Kind(kind).label
        return gettext("%(what)s (fair play: %(count)d offences counted)") % {"what": what, "count": count}


def _standing(user: User) -> Standing:
    """The player's standing, locked until the end of the transaction (made at first)."""
    Standing.objects.get_or_create(user=user)
    return Standing.objects.select_for_update().get(user=user)
