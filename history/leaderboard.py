"""The leaderboard's queries: who is ranked, in what order, and at which rank a player stands.

Two views:

- all time: established players by their conservative rating (the ordinal), best first.
  Left out: provisional ratings, players with no rated game for ``INACTIVE_AFTER``, and
  closed accounts.
- last 30 days: players by the rating they gained (the sum of their ordinal changes) in
  games that ended in the last ``WINDOW``; only players who played then, and not those
  whose rating is still provisional.

Ties keep a fixed order: the lower user id first. ``kind`` narrows to humans or bots.
"""

from datetime import timedelta

from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from history.models import Rating, RatingChange

PAGE_SIZE = 50
INACTIVE_AFTER = timedelta(days=90)
WINDOW = timedelta(days=30)
ALL_TIME, RECENT = "all", "30d"
EVERYONE, HUMANS, BOTS = "", "humans", "bots"


def ranking(view, kind=EVERYONE, now=None):
    """The ranked rows, best first: Ratings (all time), or dicts of ``user`` (an id), ``gain``
    and ``games`` (30 days)."""
    now = now or timezone.now()
    if view == RECENT:
        return _recent(kind, now)
    return _all_time(kind, now)


def rank_of(user, view, kind=EVERYONE, now=None):
    """``user``'s rank in ``ranking(view, kind)`` (1 = first), or None when they are not in it."""
    rows = ranking(view, kind, now)
    if view == RECENT:
        mine = rows.filter(user=user.pk).first()
        if mine is None:
            return None
        gain = mine["gain"]
        return rows.filter(Q(gain__gt=gain) | Q(gain=gain, user__lt=user.pk)).count() + 1
    mine = rows.filter(user=user.pk).first()
    if mine is None:
        return None
    ahead = Q(ordinal__gt=mine.ordinal) | Q(ordinal=mine.ordinal, user__lt=user.pk)
    return rows.filter(ahead).count() + 1


def _all_time(kind, now):
    rows = Rating.objects.filter(
        provisional=False, last_played__gte=now - INACTIVE_AFTER, user__is_active=True
    )
    return _of_kind(rows, kind, "bot").select_related("user").order_by("-ordinal", "user")


def _recent(kind, now):
    changes = RatingChange.objects.filter(
        played_at__gte=now - WINDOW, user__rating__provisional=False, user__is_active=True
    )
    changes = _of_kind(changes, kind, "user__rating__bot")
    return (
        changes.values("user")
        .annotate(gain=Sum(F("ordinal_after") - F("ordinal_before")), games=Count("pk"))
        .order_by("-gain", "user")
    )


def _of_kind(rows, kind, bot_field):
    if kind == HUMANS:
        return rows.filter(**{bot_field: False})
    if kind == BOTS:
        return rows.filter(**{bot_field: True})
    return rows


def entries(view, rows, first_rank):
    """A page of ``ranking(view)`` rows for display, ranked from ``first_rank``."""
    if view == RECENT:
        ratings = Rating.objects.select_related("user").in_bulk([row["user"] for row in rows])
        return [
            {"rank": rank, "rating": ratings[row["user"]], "gain": row["gain"], "games": row["games"]}
            for rank, row in enumerate(rows, start=first_rank)
        ]
    return [{"rank": rank, "rating": rating} for rank, rating in enumerate(rows, start=first_rank)]
