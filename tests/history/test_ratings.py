"""Ratings: openskill's Plackett-Luce from final places, written when a game ends."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import State
from games.models import Game, Table
from games.pages.table import read_table, table_context
from games.play.moves import resign, submit_move
from games.signals import game_finished
from history.models import Rating, RatingChange
from history.ratings import (
    NEWCOMER,
    PROVISIONAL_GAMES,
    PROVISIONAL_SIGMA,
    Skill,
    display,
    display_change,
    is_provisional,
    rate,
)
from tests.engine.helpers import position
from tests.games.helpers import put_position
from tests.history.helpers import new_game, play_to_the_end

# -- The pure model ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 10])  # up to ten seats with two decks
def test_better_places_gain_more(players):
    after = rate([NEWCOMER] * players, list(range(1, players + 1)))
    ordinals = [skill.ordinal for skill in after]
    assert ordinals == sorted(ordinals, reverse=True)
    assert after[0].mu > NEWCOMER.mu > after[-1].mu
    assert all(skill.sigma < NEWCOMER.sigma for skill in after)


def test_shared_places_are_ties():
    after = rate([NEWCOMER] * 4, [1, 2, 2, 4])
    assert after[1] == after[2]
    assert after[0].mu > after[1].mu > after[3].mu
    draw = rate([NEWCOMER] * 3, [1, 1, 1])
    assert {skill.mu for skill in draw} == {NEWCOMER.mu}


def test_an_upset_moves_ratings_more_than_the_expected_result():
    strong, weak = Skill(35.0, 4.0), Skill(20.0, 4.0)
    expected = rate([strong, weak], [1, 2])
    upset = rate([strong, weak], [2, 1])
    assert upset[1].mu - weak.mu > expected[0].mu - strong.mu > 0


def test_a_rated_game_needs_a_place_for_each_of_two_or_more_players():
    with pytest.raises(ValueError):
        rate([NEWCOMER], [1])
    with pytest.raises(ValueError):
        rate([NEWCOMER] * 2, [1])


def test_provisional_until_enough_games_and_certainty():
    assert is_provisional(PROVISIONAL_GAMES - 1, 5.0)
    assert is_provisional(PROVISIONAL_GAMES, NEWCOMER.sigma)
    assert not is_provisional(PROVISIONAL_GAMES, 7.0)


# -- Written in the transaction that ends a game ------------------------------------------

def changes_of(game):
    return {change.user.username: change for change in RatingChange.objects.filter(game=game)}


@pytest.mark.django_db
@pytest.mark.parametrize("bot_count", [1, 2, 3, 4])
def test_a_finished_game_rates_everyone_by_place(user, bot_count):
    game = play_to_the_end(new_game(user, bot_levels=("greedy",) * bot_count))
    players = list(game.players.select_related("user"))
    changes = changes_of(game)
    assert len(changes) == bot_count + 1
    for player in players:
        change = changes[player.user.username]
        rating = Rating.objects.get(user=player.user)
        assert change.place == player.place and change.played_at == game.finished_at
        assert (change.mu_before, change.sigma_before) == (NEWCOMER.mu, NEWCOMER.sigma)
        assert (rating.mu, rating.sigma) == (change.mu_after, change.sigma_after)
        assert rating.ordinal == change.ordinal_after
        assert rating.games == 1 and rating.provisional and rating.last_played == game.finished_at
        assert rating.bot == player.user.is_bot
    expected = rate([NEWCOMER] * len(players), [p.place for p in players])
    assert [changes[p.user.username].mu_after for p in players] == pytest.approx([s.mu for s in expected])


@pytest.mark.django_db
def test_the_next_game_starts_from_the_last_rating(user):
    first = play_to_the_end(new_game(user, bot_levels=("greedy",)))
    second = play_to_the_end(new_game(user, bot_levels=("greedy",)))
    before, after = changes_of(first)["amani"], changes_of(second)["amani"]
    assert (after.mu_before, after.sigma_before) == (before.mu_after, before.sigma_after)
    assert Rating.objects.get(user=user).games == 2


@pytest.mark.django_db
def test_a_leaver_is_rated_last(user, baraka, chebet):
    game = new_game(user, others=(baraka, chebet))
    resign(game, baraka)
    game = play_to_the_end(game)
    changes = changes_of(game)
    assert changes["baraka"].place == 3
    assert changes["baraka"].mu_after < min(changes["amani"].mu_after, changes["chebet"].mu_after)
    assert changes["baraka"].mu_after < NEWCOMER.mu


@pytest.mark.django_db
def test_equal_cards_after_resignations_are_a_tie(user):
    game = new_game(user, bot_levels=("greedy", "random"))
    put_position(game, hands=["4C 6C 9C", "9D 5D", "5S 6S"], discard=["7H"])
    resign(game, user)  # only bots remain: the game ends, placed by cards held
    changes = changes_of(Game.objects.get(pk=game.pk))
    assert [changes[name].place for name in ("amani", "greedy-bot-1", "random-bot-1")] == [3, 1, 1]
    assert changes["greedy-bot-1"].mu_after == changes["random-bot-1"].mu_after > NEWCOMER.mu
    assert changes["amani"].mu_after < NEWCOMER.mu


@pytest.mark.django_db
def test_a_game_that_hits_the_turn_limit_is_a_draw_for_all(user, baraka):
    game = new_game(user, others=(baraka,), rule_overrides={"max_turns": 50})
    near_the_limit = {**position(rules=game.rules, hands=["4C 6C", "9D 5D"], discard=["7H"]), "turns": 49}
    state = State.from_dict(near_the_limit)
    game.state, game.turn = state.to_dict(), state.turn
    game.save()
    submit_move(game.pk, user, "draw")
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.winner is None
    changes = changes_of(game)
    assert [changes[name].place for name in ("amani", "baraka")] == [1, 1]
    assert changes["amani"].mu_after == changes["baraka"].mu_after == NEWCOMER.mu
    assert changes["amani"].sigma_after < NEWCOMER.sigma


@pytest.mark.django_db
def test_provisional_for_the_first_games(user):
    for _ in range(PROVISIONAL_GAMES - 1):
        play_to_the_end(new_game(user, bot_levels=("greedy",)))
    assert Rating.objects.get(user=user).provisional
    play_to_the_end(new_game(user, bot_levels=("greedy",)))
    rating = Rating.objects.get(user=user)
    assert rating.games == PROVISIONAL_GAMES and rating.sigma <= PROVISIONAL_SIGMA
    assert not rating.provisional


@pytest.mark.django_db
def test_bots_are_rated_and_marked(user):
    play_to_the_end(new_game(user, bot_levels=("random",)))
    bot = get_user_model().objects.get(username="random-bot-1")
    assert Rating.objects.get(user=bot).bot and not Rating.objects.get(user=user).bot


def test_the_rating_commits_or_rolls_back_with_the_end_of_the_game(user, baraka):
    """history rates through games.signals.game_finished, inside the game's transaction: a
    receiver that fails undoes the last move, the game's end and the ratings."""
    def fail(sender, game, **kwargs):
        raise RuntimeError("no rating today")

    game = new_game(user, "friendly", others=(baraka,))
    game_finished.connect(fail)
    try:
        with pytest.raises(RuntimeError):
            play_to_the_end(game)
    finally:
        game_finished.disconnect(fail)
    game.refresh_from_db()
    assert game.is_running and game.moves.count() == game.move_count
    assert not RatingChange.objects.exists()
    finished = play_to_the_end(game)
    assert RatingChange.objects.filter(game=finished).count() == 2


def test_the_display_scale_starts_newcomers_at_1500_and_rounds():
    assert display(NEWCOMER.ordinal) == 1500
    assert display(0.624) == 1512 and display(0.626) == 1513  # rounded, not truncated
    assert display(-0.15) == 1497 and display(-0.175) == 1497  # 1496.5 rounds half up
    assert display_change(0.0, 0.6) == 12 and display_change(1.0, 0.85) == -3


def test_a_rating_change_adds_up_to_the_ratings_shown():
    before, after = 0.33, 0.97  # 1506.6 -> 1519.4: shown 1507 -> 1519, so +12 (not +13)
    assert display(before) + display_change(before, after) == display(after)


@pytest.mark.django_db
def test_a_finished_games_viewers_share_one_reading_of_its_rating_changes(user, baraka, chebet):
    """The results every viewer of a finished table sees read the rating changes once."""
    game = play_to_the_end(new_game(user, others=(baraka, chebet)))
    reading = read_table(Table.objects.get(pk=game.table_id))
    with CaptureQueriesContext(connection) as queries:
        contexts = [table_context(reading.table, person, reading) for person in (user, baraka, chebet)]
    assert sum("history_ratingchange" in query["sql"] for query in queries.captured_queries) == 1
    players = [player for context in contexts for player in context["game"]["players"]]
    assert all(player["rating"]["change"].game_id == game.pk for player in players)
