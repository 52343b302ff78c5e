"""A player's finishing rate: of their last ``FINISHING_RATE_GAMES`` finished games played
here (imported records left out), the share they played to the end (did not leave). Shown on
their profile; a table's host may ask a minimum of it (``Table.min_finishing_rate``)."""

from dataclasses import dataclass

from django.conf import settings

from games.models import Game, GamePlayer


@dataclass(frozen=True)
class FinishingRate:
    finished: int
    played: int

    @property
    def percent(self) -> int:
        """The rate in whole percent, rounded down (a player is never rounded up to a minimum)."""
        return 100 * self.finished // self.played


def finishing_rate(user) -> FinishingRate | None:
    """``user``'s finishing rate over their last games, or None before their first game."""
    rows = GamePlayer.objects.filter(
        user=user, game__status=Game.Status.FINISHED, game__table__in_lobby=True
    ).order_by("-game__finished_at", "-game_id")
    left = list(rows.values_list("left", flat=True)[: settings.FINISHING_RATE_GAMES])
    if not left:
        return None
    return FinishingRate(finished=left.count(False), played=len(left))
