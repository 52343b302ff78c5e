"""Offences counted at a game's end, from games played for real."""

import pytest

from fairplay.models import Offence, Standing
from games.models import Game
from games.play.deadlines import expire_due_turns
from games.play.moves import resign
from games.play.starts import start_game
from games.play.tables import add_bot, take_seat
from tests.fairplay.helpers import (
    clocked_table,
    hand_sizes,
    play_one,
    play_until,
    reload,
    two_people,
    walk_out,
)
from tests.turns.helpers import past_deadline, turn_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_rule_at_a_time(settings):
    """No draw is "big" unless a test says so: each test sees the rule it is about."""
    settings.FAIRPLAY_BIG_DRAW = 50


Kind = Offence.Kind


def losing(by):
    return lambda game: hand_sizes(game)[0] - hand_sizes(game)[1] > by


def offences():
    return list(Offence.objects.values_list("user__username", "kind"))


def test_leaving_a_game_one_is_losing_is_an_offence_stored_with_the_game(user, baraka, settings):
    settings.FAIRPLAY_LOSING_BY = 1
    game = play_until(two_people(user, baraka), losing(1))
    resign(game, user)
    assert reload(game).status == Game.Status.FINISHED
    assert offences() == [("amani", Kind.LEFT_LOSING)]
    assert Offence.objects.get().game_id == game.pk
    assert Standing.objects.get(user=user).count == 1


def test_leaving_a_game_one_is_not_losing_by_enough_is_no_offence(user, baraka, settings):
    settings.FAIRPLAY_LOSING_BY = 1
    game = play_until(two_people(user, baraka), lambda g: hand_sizes(g)[0] <= hand_sizes(g)[1])
    resign(game, user)
    assert reload(game).status == Game.Status.FINISHED
    assert offences() == []


def test_the_threshold_decides_whether_one_was_losing(user, baraka, settings):
    settings.FAIRPLAY_LOSING_BY = 1
    game = play_until(two_people(user, baraka), losing(1))
    gap = hand_sizes(game)[0] - hand_sizes(game)[1]
    settings.FAIRPLAY_LOSING_BY = gap  # "more than" the threshold: this gap is not enough
    resign(game, user)
    assert offences() == []


def test_resigning_right_after_a_big_draw_is_an_offence(user, baraka, settings):
    settings.FAIRPLAY_BIG_DRAW = 2

    def just_drew_big(game):
        last = game.moves.order_by("-index").first()
        return last is not None and last.seat == 0 and (last.drew or 0) >= 2

    game = play_until(two_people(user, baraka), just_drew_big)
    resign(game, user)
    assert offences() == [("amani", Kind.RESIGNED_AFTER_PENALTY)]


def test_letting_the_turns_run_out_at_a_turn_based_table_is_an_offence(user, baraka):
    game = turn_game(user, baraka)
    while (game := reload(game)).is_running:
        if game.turn == 0:
            expire_due_turns(past_deadline(game))
        else:
            play_one(game)
    amani = game.players.get(user=user)
    assert amani.left and amani.timeouts >= 2
    assert offences() == [("amani", Kind.TIMEOUTS)]


def test_walking_out_of_a_real_time_game_is_an_offence(user, baraka):
    table = clocked_table(user)
    take_seat(table, baraka)
    game = walk_out(start_game(table, user), seat=1)
    assert game.players.get(user=baraka).stand_in_id is not None
    assert offences() == [("baraka", Kind.TIMEOUTS)]


def test_games_with_bots_or_unrated_are_not_judged(user, baraka):
    with_a_bot = clocked_table(user)
    add_bot(with_a_bot, "greedy")
    unrated = clocked_table(user, rated=False)
    take_seat(unrated, baraka)
    for table in (with_a_bot, unrated):
        game = walk_out(start_game(table, user), seat=0)
        assert game.players.get(user=user).stand_in_id is not None
    assert offences() == []
