"""Who follows and who blocked whom: every write of those relations, and their reads.

Two players who follow each other are friends. A block ends the follows both ways and
keeps the blocked player from following again; what else it forbids at a table is
``accounts.blocking``'s. A refusal raises ``Refused`` with a sentence for the player. A
blocked player is told no more than that they cannot follow: never that they were blocked.

Following and blocking are limited per hour (``FOLLOWS_PER_HOUR``, ``BLOCKS_PER_HOUR``):
each is a row, and a script following everyone would fill the table.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import guests
from accounts.models import Block, Follow, User


class Refused(Exception):
    """A follow or block the site refuses; ``str(refusal)`` is the sentence for the player."""


def follow(user: User, target: User) -> Follow:
    """``user`` follows ``target`` (again: nothing changes). Not oneself, not a bot, not
    across a block, at most ``FOLLOWS_PER_HOUR`` new follows an hour."""
    _check_other_person(
        user, target, _("You cannot follow yourself."), _("Bots play anyone: no need to follow them.")
    )
    with transaction.atomic():
        _lock_pair(user, target)
        if Block.objects.filter(blocker=user, blocked=target).exists():
            raise Refused(_("You blocked this player: unblock them first to follow them."))
        if Block.objects.filter(blocker=target, blocked=user).exists():
            raise Refused(_("You cannot follow this player."))
        return _add_once(
            Follow,
            {"follower": user, "followed": target},
            settings.FOLLOWS_PER_HOUR,
            lambda limit: ngettext(
                "You have followed %(count)d player in the last hour: wait before following more.",
                "You have followed %(count)d players in the last hour: wait before following more.",
                limit,
            ),
        )


def unfollow(user: User, target: User) -> None:
    """``user`` no longer follows ``target`` (nothing happens if they did not)."""
    Follow.objects.filter(follower=user, followed=target).delete()


def block(user: User, target: User) -> Block:
    """``user`` blocks ``target`` (again: nothing changes); the follows between them end.
    Not oneself, not a bot (a bot never chats nor takes a seat by itself)."""
    _check_other_person(
        user, target, _("You cannot block yourself."), _("A bot only plays: there is nothing to block.")
    )
    with transaction.atomic():
        _lock_pair(user, target)
        Follow.objects.filter(_between(user, target, "follower", "followed")).delete()
        return _add_once(
            Block,
            {"blocker": user, "blocked": target},
            settings.BLOCKS_PER_HOUR,
            lambda limit: ngettext(
                "You have blocked %(count)d player in the last hour: wait before blocking more.",
                "You have blocked %(count)d players in the last hour: wait before blocking more.",
                limit,
            ),
        )


def unblock(user: User, target: User) -> None:
    """``user`` no longer blocks ``target``; the follows that the block ended stay ended."""
    Block.objects.filter(blocker=user, blocked=target).delete()


def blocked_either_way(a: User, b: User) -> bool:
    """Whether one of the two blocked the other: what keeps them apart (challenges too)."""
    return Block.objects.filter(_between(a, b, "blocker", "blocked")).exists()


def is_following(user: User, target: User) -> bool:
    return user.is_authenticated and Follow.objects.filter(follower=user, followed=target).exists()


def followed_ids(user: User) -> set[int]:
    """The ids of those ``user`` follows (none for a visitor): the leaderboard's rows offer
    to follow the others."""
    if not user.is_authenticated:
        return set()
    return set(Follow.objects.filter(follower=user).values_list("followed_id", flat=True))


def has_blocked(user: User, target: User) -> bool:
    return user.is_authenticated and Block.objects.filter(blocker=user, blocked=target).exists()


@dataclass(frozen=True)
class Relations:
    """A player's circle, each list ordered by name: friends (both follow), those they
    follow who do not follow back, those who follow them and are not followed back, and
    those they blocked."""

    friends: list[User]
    following: list[User]
    followers: list[User]
    blocked: list[User]


def relations(user: User) -> Relations:
    """``user``'s circle, in four queries whatever its size (see ``Relations``)."""
    following = _by_name(User.objects.filter(followers__follower=user, is_active=True))
    follower_ids = set(Follow.objects.filter(followed=user).values_list("follower_id", flat=True))
    following_ids = {person.pk for person in following}
    followers = _by_name(User.objects.filter(pk__in=follower_ids - following_ids, is_active=True))
    return Relations(
        friends=[person for person in following if person.pk in follower_ids],
        following=[person for person in following if person.pk not in follower_ids],
        followers=followers,
        blocked=_by_name(User.objects.filter(pk__in=Block.objects.filter(blocker=user).values("blocked"))),
    )


def _by_name(users: QuerySet) -> list[User]:
    return sorted(users, key=lambda person: person.name.casefold())


def _between(a: User, b: User, one: str, other: str) -> Q:
    return Q(**{one: a, other: b}) | Q(**{one: b, other: a})


def _check_other_person(user: User, target: User, yourself: str, bot: str) -> None:
    if refusal := guests.refusal(user):
        raise Refused(refusal)
    if target.pk == user.pk:
        raise Refused(yourself)
    if target.is_guest:
        raise Refused(_("Guests only play bots: there is no one to follow or block."))
    if target.is_bot:
        raise Refused(bot)


def _lock_pair(a: User, b: User) -> None:
    """Lock both players' rows, in the order of their ids: a follow and a block between the
    same two then take turns, so no follow slips in beside a block made at the same moment
    (on SQLite every write transaction takes its turn already)."""
    list(User.objects.select_for_update().filter(pk__in=[a.pk, b.pk]).order_by("pk").values_list("pk"))


def _add_once(model: type[Follow | Block], pair: dict, limit: int, too_many: Callable[[int], str]):
    """The row of ``pair`` (its maker first): the one there, else a new one unless the
    maker made ``limit`` rows of ``model`` in the last hour (refused with ``too_many(limit)``)."""
    with transaction.atomic():
        existing = model.objects.filter(**pair).first()
        if existing is not None:
            return existing
        maker_field, maker = next(iter(pair.items()))
        since = timezone.now() - timedelta(hours=1)
        if model.objects.filter(**{maker_field: maker}, created_at__gte=since).count() >= limit:
            raise Refused(too_many(limit) % {"count": limit})
        return model.objects.get_or_create(**pair)[0]
