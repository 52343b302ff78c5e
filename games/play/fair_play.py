"""Who may sit down to a rated game with people, and at a table that asks a finishing rate.

A rated game is barred by a restriction of ``accounts.restrictions.RATED`` (a moderator's ban,
or the fair-play pause written at a game's end). It is a rated game "with people" when its
table is rated and another person plays in it: a player under such a restriction still plays
bots, and at unrated tables. Every entry point asks here: a seat, a game started or played
again, a challenge, the quick game (a tournament's join asks ``rated_refusal``)."""

from django.utils.translation import gettext as _

from accounts import restrictions
from accounts.finishing_rate import finishing_rate
from accounts.models import User
from games.models import Table
from games.play.errors import ServiceError


def rated_refusal(user: User) -> str | None:
    """Why ``user`` may not play a rated game with people now (why and until when), or None."""
    return restrictions.refusal(user, restrictions.RATED)  # type: ignore[arg-type]  # str kinds; tuples to mypy without django-stubs


def check_rated(user: User) -> None:
    """Refuse ``user`` a rated game with people while a restriction bars it."""
    if refusal := rated_refusal(user):
        raise ServiceError(refusal, "rated_barred")


def check_seat(table: Table, user: User, seated: list[User]) -> None:
    """Refuse ``user`` a seat beside ``seated`` at ``table``: a rated table where another
    person sits, while rated games are barred to them; below the table's finishing rate."""
    if table.rated and any(_person(other) for other in seated if other.pk != user.pk):
        check_rated(user)
    if table.min_finishing_rate:
        rate = finishing_rate(user)
        if rate is not None and rate.percent < table.min_finishing_rate:
            words = _(
                "Your finishing rate is %(rate)d%%: this table asks for %(minimum)d%% at least"
                " (finish more of your games)."
            )
            values = {"rate": rate.percent, "minimum": table.min_finishing_rate}
            raise ServiceError(words % values, "finishing_rate")


def check_players(table: Table, users: list[User], by_user: User) -> None:
    """Refuse to start a rated game at ``table`` with ``users`` (see ``check_people``)."""
    if table.rated:
        check_people(users, by_user)


def check_people(users: list[User], by_user: User) -> None:
    """Refuse a rated game of ``users`` with people where one of them may not play it: the
    player asking (``by_user``) hears their own reason; the others, who."""
    if sum(1 for user in users if _person(user)) < 2:
        return
    for user in users:
        if not _person(user) or (refusal := rated_refusal(user)) is None:
            continue
        if user.pk == by_user.pk:
            raise ServiceError(refusal, "rated_barred")
        words = _("%(name)s may not play rated games now: play an unrated game, or without them.")
        raise ServiceError(words % {"name": user.name}, "rated_barred")


def _person(user: User) -> bool:
    return not user.is_bot and not user.is_guest
