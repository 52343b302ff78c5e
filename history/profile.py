"""The profile page's games, results, rating and rating chart (settings.PROFILE_CONTEXT_PROVIDERS)."""

from history.charts import line_chart
from history.models import Rating
from history.player_games import player_stats, recent_games

CHART_GAMES = 100  # the chart shows the rating over the most recent games


def profile_context(profile_user, request):
    changes = list(profile_user.rating_changes.order_by("-played_at", "-pk")[:CHART_GAMES])[::-1]
    values = [changes[0].ordinal_before] + [change.ordinal_after for change in changes] if changes else []
    return {
        **player_stats(profile_user),
        "rating": Rating.objects.filter(user=profile_user).first(),
        "recent_games": recent_games(profile_user),
        "rating_chart": line_chart(values),
        "chart_games": len(changes),
    }
