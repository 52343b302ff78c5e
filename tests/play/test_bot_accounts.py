"""Each bot level plays under its own account, made once and reused by every table, so its
rating gathers every game it plays; a second bot of a level at one table gets another."""

import pytest
from django.contrib.auth import get_user_model

from games import bots
from games.play.tables import bot_account
from history import leaderboard
from history.models import Rating
from tests.history.helpers import new_game, play_to_the_end

pytestmark = pytest.mark.django_db


def test_each_level_has_one_account_made_once():
    for level in bots.LEVELS:
        account = bot_account(level)
        assert account.bot_level == level and account.is_bot and not account.has_usable_password()
        assert bot_account(level) == account
    assert get_user_model().objects.filter(bot_level__in=bots.LEVELS).count() == len(bots.LEVELS)


def test_every_table_seats_the_levels_own_account(user, baraka):
    one = new_game(user, bot_levels=("greedy",))
    other = new_game(baraka, bot_levels=("greedy",))
    own = bot_account("greedy")
    assert one.players.get(seat=1).user == other.players.get(seat=1).user == own


def test_a_second_bot_of_a_level_at_one_table_gets_another_account(user):
    game = new_game(user, bot_levels=("greedy", "greedy"))
    first, second = (game.players.get(seat=seat).user for seat in (1, 2))
    assert first == bot_account("greedy") and second.username == "greedy-bot-2"


def test_a_human_holding_the_name_is_skipped(make_user, user):
    make_user("random-bot-1")
    assert bot_account("random") is None
    assert new_game(user, bot_levels=("random",)).players.get(seat=1).user.username == "random-bot-2"


def test_the_levels_rating_gathers_its_games_at_every_table(user, baraka):
    for creator in (user, baraka, user):
        play_to_the_end(new_game(creator, bot_levels=("random",)))
    rating = Rating.objects.get(user=bot_account("random"))
    assert rating.bot and rating.games == 3


def test_the_bots_ranking_lists_the_level_accounts(user):
    for _ in range(6):
        play_to_the_end(new_game(user, bot_levels=("greedy",)))
    ranked = [r.user for r in leaderboard.standings(leaderboard.ALL_TIME, leaderboard.BOTS).rows]
    humans = [r.user for r in leaderboard.standings(leaderboard.ALL_TIME, leaderboard.HUMANS).rows]
    assert not Rating.objects.get(user=bot_account("greedy")).provisional
    assert bot_account("greedy") in ranked
    assert bot_account("greedy") not in humans
