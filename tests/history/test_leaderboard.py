"""The leaderboard: who is ranked, the order, the 30-day view, and your own rank."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from games.engine import Rules
from games.models import Game, Table
from history import leaderboard
from history.models import Rating, RatingChange

pytestmark = pytest.mark.django_db

NOW = timezone.now()


def rated(username, ordinal, *, provisional=False, bot=False, days_ago=1, active=True, games=10):
    """A player with a rating (stored as record_result stores it) last used ``days_ago``."""
    users = get_user_model().objects
    user = users.create_bot(username, "greedy") if bot else users.create_user(username, is_active=active)
    return Rating.objects.create(
        user=user, mu=ordinal + 15, sigma=5, ordinal=ordinal, games=games,
        provisional=provisional, bot=bot, last_played=NOW - timedelta(days=days_ago),
    ).user


def a_finished_game():
    table = Table.objects.create(name="Somewhere")
    return Game.objects.create(
        table=table, number=1, rules=Rules.preset().to_dict(), player_count=2, seed=1, first_seat=0,
        state={}, status=Game.Status.FINISHED, finished_at=NOW,
    )


def gained(user, amount, days_ago):
    RatingChange.objects.create(
        game=a_finished_game(), user=user, place=1, played_at=NOW - timedelta(days=days_ago),
        mu_before=25, sigma_before=5, ordinal_before=10, mu_after=25, sigma_after=5,
        ordinal_after=10 + amount,
    )


def names(view, kind=leaderboard.EVERYONE):
    return [rating.user.username for rating in leaderboard.standings(view, kind, NOW).rows]


def recent_ids(kind):
    return [row["user"] for row in leaderboard.standings(leaderboard.RECENT, kind, NOW).rows]


def rank(user, view, kind=leaderboard.EVERYONE):
    return leaderboard.standings(view, kind, NOW).rank_of(user)


def test_all_time_ranks_established_active_players_by_rating():
    rated("middle", 20)
    rated("top", 30)
    rated("bottom", 10)
    rated("tied-later", 20)
    rated("newcomer", 50, provisional=True)
    rated("away", 40, days_ago=91)
    rated("closed", 45, active=False)
    rated("greedy-bot-1", 25, bot=True)
    assert names(leaderboard.ALL_TIME) == ["top", "greedy-bot-1", "middle", "tied-later", "bottom"]
    assert names(leaderboard.ALL_TIME, leaderboard.HUMANS) == ["top", "middle", "tied-later", "bottom"]
    assert names(leaderboard.ALL_TIME, leaderboard.BOTS) == ["greedy-bot-1"]


def test_your_rank_follows_the_order_and_the_filter():
    top, bot, middle = rated("top", 30), rated("greedy-bot-1", 25, bot=True), rated("middle", 20)
    newcomer = rated("newcomer", 50, provisional=True)
    tied = rated("tied-later", 20)
    assert rank(top, leaderboard.ALL_TIME) == 1
    assert rank(middle, leaderboard.ALL_TIME) == 3 and rank(tied, leaderboard.ALL_TIME) == 4
    assert rank(middle, leaderboard.ALL_TIME, leaderboard.HUMANS) == 2
    assert rank(bot, leaderboard.ALL_TIME, leaderboard.HUMANS) is None
    assert rank(newcomer, leaderboard.ALL_TIME) is None


def test_the_30_day_view_ranks_by_rating_gained_in_the_window():
    steady, spiky, old, newcomer, loser = (
        rated("steady", 10), rated("spiky", 30), rated("old", 40), rated("newcomer", 0, provisional=True),
        rated("loser", 5),
    )
    gained(steady, 2.0, days_ago=3)
    gained(steady, 3.0, days_ago=20)
    gained(spiky, 4.0, days_ago=1)
    gained(spiky, 9.0, days_ago=31)  # before the window
    gained(old, 50.0, days_ago=45)
    gained(newcomer, 20.0, days_ago=2)
    gained(loser, -1.5, days_ago=2)
    rows = leaderboard.standings(leaderboard.RECENT, now=NOW).rows
    ids = {user.pk: user.username for user in (steady, spiky, old, newcomer, loser)}
    assert [(ids[row["user"]], row["gain"], row["games"]) for row in rows] == [
        ("steady", pytest.approx(5.0), 2),
        ("spiky", pytest.approx(4.0), 1),
        ("loser", pytest.approx(-1.5), 1),
    ]
    assert rank(spiky, leaderboard.RECENT) == 2
    assert rank(old, leaderboard.RECENT) is None
    bot = rated("greedy-bot-1", 20, bot=True)
    gained(bot, 1.0, days_ago=1)
    assert recent_ids(leaderboard.BOTS) == [bot.pk]
    assert recent_ids(leaderboard.HUMANS) == [steady.pk, spiky.pk, loser.pk]


def test_the_30_day_standings_are_cached_for_a_minute():
    steady, late = rated("steady", 10), rated("late", 10)
    gained(steady, 2.0, days_ago=3)
    assert recent_ids(leaderboard.EVERYONE) == [steady.pk]
    gained(late, 5.0, days_ago=0)
    assert recent_ids(leaderboard.EVERYONE) == [steady.pk]  # until the cached rows expire
    cache.delete(leaderboard.RecentGains.cache_key(leaderboard.EVERYONE))
    assert recent_ids(leaderboard.EVERYONE) == [late.pk, steady.pk]


# -- The page -----------------------------------------------------------------------------


def test_the_page_lists_the_ranking_with_bots_marked(client):
    rated("top", 30)
    rated("greedy-bot-1", 25, bot=True)
    rated("newcomer", 50, provisional=True)
    html = client.get(reverse("history:leaderboard")).text  # the bot by its shown name (User.name)
    assert html.index(">top<") < html.index(">Greedy bot 1<")
    assert "newcomer" not in html
    row = html[html.index(">Greedy bot 1<"):]
    assert '<span class="badge">bot</span>' in row[: row.index("</tr>")]
    humans = client.get(reverse("history:leaderboard"), {"kind": "humans"}).text
    assert ">Greedy bot 1<" not in humans and ">top<" in humans


def test_your_rank_is_shown_with_a_link_to_its_page(client):
    for n in range(leaderboard.PAGE_SIZE + 5):
        rated(f"player-{n:02d}", 100 - n)
    you = get_user_model().objects.get(username=f"player-{leaderboard.PAGE_SIZE + 2:02d}")
    client.force_login(you)
    first = client.get(reverse("history:leaderboard")).text
    assert f"You are ranked #{leaderboard.PAGE_SIZE + 3}." in first
    assert 'href="?page=2"' in first and 'aria-current="true"' not in first
    second = client.get(reverse("history:leaderboard"), {"page": 2}).text
    mine = second[second.index('aria-current="true"'):]
    assert you.username in mine[: mine.index("</tr>")]


def test_a_provisional_player_is_told_why_they_are_not_ranked(client):
    rated("steady", 10)  # someone established: the newcomers are not shown in their stead
    client.force_login(rated("newcomer", 3, provisional=True, games=2))
    html = client.get(reverse("history:leaderboard")).text
    assert "is provisional: play a few more games to be ranked." in html


def test_the_30_day_view_on_the_page(client):
    gained(rated("steady", 10), 2.5, days_ago=3)
    html = client.get(reverse("history:leaderboard"), {"view": "30d"}).text
    assert "Rating gained in games that ended in the last 30 days." in html
    assert "+50" in html  # 2.5 ordinal points, 20 display points each


def test_an_unknown_view_falls_back_to_all_time(client):
    rated("top", 30)
    response = client.get(reverse("history:leaderboard"), {"view": "forever", "kind": "cats"})
    assert response.status_code == 200 and ">top<" in response.text


def test_provisional_ratings_are_shown_with_a_question_mark_when_asked_for(client):
    rated("middle", 20)
    rated("newcomer", 1.2, provisional=True, games=2)
    assert names(leaderboard.ALL_TIME) == ["middle"]
    with_new = leaderboard.standings(leaderboard.ALL_TIME, now=NOW, provisional=True).rows
    assert [rating.user.username for rating in with_new] == ["middle", "newcomer"]
    html = client.get(reverse("history:leaderboard"), {"provisional": "on"}).text
    assert "<td>1900</td>" in html and "<td>1524?</td>" in html  # 1500 + 20 × ordinal, rounded
    assert "1524?" not in client.get(reverse("history:leaderboard")).text


def test_a_new_site_shows_its_provisional_players_marked_rather_than_nobody(client):
    """Day one: rated games were played but nobody is established yet. The default ranking
    shows the provisional players, marked "?", and says why, without ticking anything."""
    rated("amani", 4, provisional=True, games=3)
    rated("baraka", 2, provisional=True, games=2)
    ranking = leaderboard.standings(leaderboard.ALL_TIME, now=NOW)
    assert ranking.newcomers and [rating.user.username for rating in ranking.rows] == ["amani", "baraka"]
    html = client.get(reverse("history:leaderboard")).text
    assert "Nobody is ranked here yet." not in html
    assert ">amani<" in html and "<td>1580?</td>" in html
    assert "Nobody has an established rating yet" in html
    client.cookies["django_language"] = "sw"
    swahili = client.get(reverse("history:leaderboard")).text
    assert ">amani<" in swahili and "Bado hakuna mwenye kiwango kilichothibitika" in swahili


def test_the_newcomers_leave_the_default_ranking_once_someone_is_established(client):
    rated("amani", 4, provisional=True, games=3)
    rated("steady", 10)
    ranking = leaderboard.standings(leaderboard.ALL_TIME, now=NOW)
    assert not ranking.newcomers and [rating.user.username for rating in ranking.rows] == ["steady"]
    assert "Nobody has an established rating yet" not in client.get(reverse("history:leaderboard")).text


def test_the_30_day_view_of_a_new_site_shows_its_newcomers_too(client):
    gained(rated("amani", 4, provisional=True, games=3), 1.5, days_ago=2)
    ranking = leaderboard.standings(leaderboard.RECENT, now=NOW)
    assert ranking.newcomers and [row["user"] for row in ranking.rows] == [
        get_user_model().objects.get(username="amani").pk
    ]


def test_a_site_with_no_rated_game_still_says_nobody_is_ranked(client):
    assert not leaderboard.standings(leaderboard.ALL_TIME, now=NOW).newcomers
    assert "Nobody is ranked here yet." in client.get(reverse("history:leaderboard")).text
