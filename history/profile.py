"""The profile page's games, results, rating and rating chart (settings.PROFILE_CONTEXT_PROVIDERS)."""

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from history.models import Rating
from history.player_games import player_stats, recent_games
from history.ratings import display

CHART_GAMES = 100  # the chart shows the rating over the most recent games


def profile_context(profile_user, request):
    changes = list(profile_user.rating_changes.order_by("-played_at", "-pk")[:CHART_GAMES])[::-1]
    return {
        **player_stats(profile_user),
        "rating": Rating.objects.filter(user=profile_user).first(),
        "recent_games": recent_games(profile_user, viewer=request.user),
        "rating_chart": rating_chart(changes),
        "chart_games": len(changes),
    }


def rating_chart(changes):
    """The rating chart's data (static/js/rating_chart.js draws it with Chart.js): the rating
    shown before the first of ``changes`` (oldest first) and after each, with the day of
    each game; None for no games. The same points fill the table shown beside the chart."""
    if not changes:
        return None
    first = changes[0]
    points = [{"when": _("before %(date)s") % {"date": _day(first)}, "rating": display(first.ordinal_before)}]
    points += [{"when": _day(change), "rating": display(change.ordinal_after)} for change in changes]
    return {
        "points": points,
        "labels": [point["when"] for point in points],
        "ratings": [point["rating"] for point in points],
        "x_title": _("Date"),
        "y_title": _("Rating"),
    }


def _day(change):
    return date_format(change.played_at, "SHORT_DATE_FORMAT")
