"""The leaderboard: who is ranked, in what order, and at which rank a player stands.

Two views:

- all time: established players by their conservative rating (the ordinal), best first.
  Left out: provisional ratings, players with no rated game for ``INACTIVE_AFTER``, and
  closed accounts. Read a page at a time through the ``rating_leaderboard`` index.
- last 30 days: players by the rating they gained (the sum of their ordinal changes) in
  games that ended in the last ``WINDOW``; only players who played then, and not those
  whose rating is still provisional or whose account is closed. Summed in one query (an
  index-only scan of the window), kept a minute in the cache, paged and ranked in memory.

Ties keep a fixed order: the lower user id first. ``kind`` narrows to humans or bots;
``provisional`` adds the players whose rating is still provisional (shown with "?"), left
out by default as lichess and Board Game Arena leave them out. Until someone is established
(a new site: rated games played, nobody past the provisional games yet) a ranking without
them would be empty, so it shows the provisional players instead, marked: ``newcomers``.
"""

from datetime import timedelta

from django.core.cache import cache
from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from history.models import Rating, RatingChange

PAGE_SIZE = 50
INACTIVE_AFTER = timedelta(days=90)
WINDOW = timedelta(days=30)
RECENT_CACHE_SECONDS = 60
ALL_TIME, RECENT = "all", "30d"
EVERYONE, HUMANS, BOTS = "", "humans", "bots"


def standings(view, kind=EVERYONE, now=None, provisional=False):
    """The ranking for ``view`` (ALL_TIME or RECENT) and ``kind``, as of ``now``; with the
    provisional ratings too when ``provisional``, or when nobody established is in it (its
    ``newcomers`` then says so, for the page to explain the "?")."""
    now = now or timezone.now()
    ranking = RecentGains if view == RECENT else AllTime
    ranked = ranking(kind, now, provisional)
    if provisional or ranked.any():
        return ranked
    with_newcomers = ranking(kind, now, provisional=True)
    with_newcomers.newcomers = with_newcomers.any()
    return with_newcomers


class AllTime:
    """``rows``: the ranked Ratings, best first (a queryset: page it)."""

    newcomers = False  # provisional players shown because nobody established is ranked

    def __init__(self, kind, now, provisional=False):
        rows = Rating.objects.filter(last_played__gte=now - INACTIVE_AFTER, user__is_active=True)
        if not provisional:
            rows = rows.filter(provisional=False)
        self.rows = _of_kind(rows, kind, "bot").select_related("user").order_by("-ordinal", "user")

    def any(self):
        return self.rows.exists()

    def rank_of(self, user):
        """``user``'s rank (1 = first), or None when they are not ranked here."""
        mine = self.rows.filter(user=user.pk).first()
        if mine is None:
            return None
        ahead = Q(ordinal__gt=mine.ordinal) | Q(ordinal=mine.ordinal, user__lt=user.pk)
        return self.rows.filter(ahead).count() + 1

    def entries(self, rows, first_rank):
        """A page of ``rows`` for display, ranked from ``first_rank``."""
        return [{"rank": rank, "rating": rating} for rank, rating in enumerate(rows, start=first_rank)]


class RecentGains:
    """``rows``: dicts of ``user`` (an id), ``gain`` and ``games``, best first (a list).

    Summing the window takes one aggregate over every game in it, so the rows are cached
    for ``RECENT_CACHE_SECONDS``: the 30-day standings may lag that much behind."""

    newcomers = False  # as AllTime's

    def __init__(self, kind, now, provisional=False):
        key = self.cache_key(kind, provisional)
        rows = cache.get(key)
        if rows is None:
            rows = list(self.query(kind, now, provisional))
            cache.set(key, rows, RECENT_CACHE_SECONDS)
        self.rows = rows

    @staticmethod
    def cache_key(kind, provisional=False):
        return f"history:leaderboard:{RECENT}:{kind}:{int(provisional)}"

    @staticmethod
    def query(kind, now, provisional=False):
        changes = RatingChange.objects.filter(played_at__gte=now - WINDOW, user__is_active=True)
        if not provisional:
            changes = changes.filter(user__rating__provisional=False)
        return (
            _of_kind(changes, kind, "user__rating__bot")
            .values("user")
            .annotate(gain=Sum(F("ordinal_after") - F("ordinal_before")), games=Count("*"))
            .order_by("-gain", "user")
        )

    def any(self):
        return bool(self.rows)

    def rank_of(self, user):
        pk = user.pk  # once: ``request.user`` is a lazy object, slow to read in a loop
        return next((rank for rank, row in enumerate(self.rows, start=1) if row["user"] == pk), None)

    def entries(self, rows, first_rank):
        ratings = Rating.objects.select_related("user").in_bulk([row["user"] for row in rows])
        return [
            {"rank": rank, "rating": ratings[row["user"]], "gain": row["gain"], "games": row["games"]}
            for rank, row in enumerate(rows, start=first_rank)
        ]


def _of_kind(rows, kind, bot_field):
    if kind == HUMANS:
        return rows.filter(**{bot_field: False})
    if kind == BOTS:
        return rows.filter(**{bot_field: True})
    return rows
