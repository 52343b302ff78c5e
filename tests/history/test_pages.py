"""History lists with filters and pages, game pages, and the profile's figures and chart."""

import json
import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.models import Game
from games.play.moves import resign
from history.models import Rating
from history.ratings import display
from history.views import HISTORY_PAGE_SIZE
from tests.games.helpers import put_position
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db

GAME_LINK = re.compile(r'class="history-game__title" href="/games/(\d+)/"')


def decided(winner, loser, preset="friendly"):
    """A finished two-player game between people: ``loser`` resigns."""
    players = sorted([winner, loser], key=lambda u: u.pk)
    game = new_game(players[0], preset, others=(players[1],))
    resign(game, loser)
    return Game.objects.get(pk=game.pk)


def listed(response):
    return [int(pk) for pk in GAME_LINK.findall(response.text)]


def ended_on(game, day):
    Game.objects.filter(pk=game.pk).update(finished_at=datetime(2025, 3, day, 12, tzinfo=UTC))


def test_a_visitor_sees_the_latest_games_and_the_leaderboard_link(client, user, baraka):
    games = [decided(user, baraka), decided(baraka, user)]
    response = client.get(reverse("history:mine"))
    assert response.status_code == 200
    assert listed(response) == [game.pk for game in reversed(games)]
    assert reverse("history:leaderboard") in response.text and "Import a game record" not in response.text


def test_staff_find_the_import_page_from_their_history(client, make_user):
    client.force_login(make_user("mkuu", is_staff=True))
    assert reverse("history:import") in client.get(reverse("history:mine")).text


def test_newest_first_in_pages(client, user, baraka):
    games = [decided(user, baraka) for _ in range(HISTORY_PAGE_SIZE + 3)]
    client.force_login(user)
    first = client.get(reverse("history:mine"))
    assert listed(first) == [game.pk for game in reversed(games)][:HISTORY_PAGE_SIZE]
    assert f"{HISTORY_PAGE_SIZE + 3} games" in first.text and "Page 1 of 2" in first.text
    second = client.get(reverse("history:mine"), {"page": 2})
    assert listed(second) == [game.pk for game in reversed(games[:3])]


def test_filter_by_result(client, user, baraka):
    won, lost = decided(user, baraka), decided(baraka, user)
    client.force_login(user)
    assert listed(client.get(reverse("history:mine"), {"result": "won"})) == [won.pk]
    assert listed(client.get(reverse("history:mine"), {"result": "lost"})) == [lost.pk]
    assert listed(client.get(reverse("history:mine"), {"result": "drawn"})) == []


def test_a_shared_first_place_is_a_draw(client, user):
    game = new_game(user, bot_levels=("greedy", "random"))
    put_position(game, hands=["4C 6C 9C", "9D 5D", "5S 6S"], discard=["7H"])
    resign(game, user)
    bot_history, your_history = (reverse("history:player", args=[name]) for name in ("greedy-bot-1", "amani"))
    assert listed(client.get(bot_history, {"result": "drawn"})) == [game.pk]
    assert listed(client.get(your_history, {"result": "lost"})) == [game.pk]


def test_filter_by_preset_opponent_and_dates(client, user, baraka, chebet):
    classic = decided(user, baraka, "classic")
    friendly = decided(user, chebet, "friendly")
    late = decided(chebet, user, "friendly")
    for game, day in ((classic, 3), (friendly, 10), (late, 20)):
        ended_on(game, day)
    client.force_login(user)
    mine = reverse("history:mine")
    assert listed(client.get(mine, {"preset": "classic"})) == [classic.pk]
    assert listed(client.get(mine, {"opponent": "CHEBET"})) == [late.pk, friendly.pk]
    assert listed(client.get(mine, {"opponent": "amani"})) == []  # not an opponent of themselves
    assert listed(client.get(mine, {"date_from": "2025-03-03", "date_to": "2025-03-10"})) == [
        friendly.pk, classic.pk,
    ]
    assert listed(client.get(mine, {"date_from": "2025-03-11"})) == [late.pk]
    bad = client.get(mine, {"date_from": "2025-03-11", "date_to": "2025-03-01"})
    assert "The first day comes after the last." in bad.text and listed(bad) == []


def test_the_preset_filter_uses_the_preset_a_game_was_played_under(client, user, baraka):
    game = decided(user, baraka, "classic")
    game.table.preset = "friendly"  # later edits to the table do not rewrite its history
    game.table.save()
    client.force_login(user)
    mine = reverse("history:mine")
    assert listed(client.get(mine, {"preset": "classic"})) == [game.pk]
    assert listed(client.get(mine, {"preset": "friendly"})) == []


def test_page_links_keep_the_filters(client, user, baraka):
    for _ in range(HISTORY_PAGE_SIZE + 1):
        decided(user, baraka)
    client.force_login(user)
    html = client.get(reverse("history:mine"), {"result": "won"}).text
    assert 'href="?result=won&amp;page=2"' in html


def test_anyone_may_read_a_players_history(client, user, baraka):
    game = decided(user, baraka)
    response = client.get(reverse("history:player", args=["baraka"]))
    assert listed(response) == [game.pk] and "Games of baraka" in response.text
    assert client.get(reverse("history:player", args=["nobody"])).status_code == 404


# -- A game's page ------------------------------------------------------------------------


def test_a_finished_games_page(client, user, baraka):
    game = play_to_the_end(new_game(user, "friendly", others=(baraka,)))
    html = client.get(reverse("history:game", args=[game.pk])).text
    winner = game.players.get(seat=game.winner).user if game.winner is not None else None
    assert (f"{winner.name} won." if winner else "No winner") in html
    assert "Friendly" in html and "Nobody needs to declare" in html  # the rules in words
    assert f"<dt>Moves</dt><dd>{game.move_count}</dd>" in html and "<dt>Duration</dt>" in html
    assert re.search(r"<dt>Duration</dt><dd>\d+ seconds?</dd>", html), "a quick game's length in seconds"
    assert reverse("history:replay", args=[game.pk]) in html
    assert reverse("history:record", args=[game.pk]) in html
    shown = re.findall(r'data-card="([^"]+)"', html)
    assert sorted(shown) == sorted(card for hand in game.state["hands"] for card in hand)
    assert re.search(r'class="rating-change"[^>]*>[+−±]\d', html)
    after = game.rating_changes.first()
    assert f'title="Rating after this game">{display(after.ordinal_after)}</span>' in html


def test_a_running_games_page_hides_the_hands(client, user, baraka):
    game = new_game(user, others=(baraka,))
    html = client.get(reverse("history:game", args=[game.pk])).text
    assert "This game is still being played." in html
    assert "data-card" not in html
    assert reverse("history:replay", args=[game.pk]) not in html
    assert reverse("games:table", args=[game.table_id]) in html


# -- The profile --------------------------------------------------------------------------


def test_the_profile_shows_results_rating_and_chart(client, user, baraka, chebet):
    decided(user, baraka)
    decided(user, chebet)
    decided(baraka, user)
    html = client.get(reverse("profile", args=["amani"])).text
    rating = Rating.objects.get(user=user)
    assert "<dt>Games played</dt><dd>3</dd>" in html and "<dt>Wins</dt><dd>2</dd>" in html
    assert "<dt>Win rate</dt><dd>67 %</dd>" in html
    assert "<dt>Average place</dt><dd>1.33</dd>" in html
    assert f"<dd>{display(rating.ordinal)}? " in html and "(provisional)" in html
    data = re.search(r'<script id="rating-chart-data" type="application/json">(.+?)</script>', html)
    chart = json.loads(data.group(1))
    assert len(chart["ratings"]) == 4  # the start, then after each of the three games
    assert chart["ratings"][0] == 1500 and chart["ratings"][-1] == display(rating.ordinal)
    assert chart["labels"][0].startswith("before ") and chart["x_title"] == "Date"
    assert html.count("<tr><td>") == 4  # the same points as a table
    assert "Rating after each of the last 3 rated games." in html
    assert len(GAME_LINK.findall(html)) == 3


def test_a_newcomers_profile_has_no_chart(client, user):
    html = client.get(reverse("profile", args=["amani"])).text
    assert "rating-chart-data" not in html and "No games yet." in html and "<dd>1500? " in html
