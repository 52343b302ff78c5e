"""The tournament points (tournaments.scoring): the worked examples of docs/rules.md, and
properties over every table size and streak."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.scoring import RESIGNED, TIMEOUT, place_points, score

SIZES = st.integers(min_value=2, max_value=5)


@pytest.mark.parametrize(
    ("players", "points"),
    [(2, [12, 0]), (3, [12, 6, 0]), (4, [12, 8, 4, 0]), (5, [12, 9, 6, 3, 0])],
)
def test_each_table_size_scores_its_places(players, points):
    assert [place_points(place, players) for place in range(1, players + 1)] == points


def test_the_worked_example_of_the_rules_page():
    """docs/rules.md: Amina wins a 4-seat table (12), then a 2-seat table (12), and is on
    fire: second of four next scores 16, and the streak is over (the game after is plain)."""
    first = score(1, 4, streak=0)
    second = score(1, 2, streak=first.streak)
    third = score(2, 4, streak=second.streak)
    fourth = score(1, 4, streak=third.streak)
    assert [s.points for s in (first, second, third, fourth)] == [12, 12, 16, 12]
    assert [s.doubled for s in (first, second, third, fourth)] == [False, False, True, False]
    assert [s.streak for s in (first, second, third, fourth)] == [1, 2, 0, 1]
    assert [score(3, 4, 0).points, score(1, 2, 0, lost_by=RESIGNED).points] == [4, 0]  # Baraka


def test_a_third_win_in_a_row_is_doubled_and_keeps_the_fire():
    third = score(1, 5, streak=2)
    assert (third.points, third.doubled, third.streak) == (24, True, 3)


@pytest.mark.parametrize("lost_by", [RESIGNED, TIMEOUT])
def test_a_resignation_or_a_timeout_scores_nothing_and_ends_the_streak(lost_by):
    lost = score(1, 4, streak=5, lost_by=lost_by)
    assert (lost.points, lost.doubled, lost.streak, lost.won) == (0, False, 0, False)


def test_a_place_outside_the_table_is_refused():
    for place, players in [(0, 4), (5, 4), (1, 1)]:
        with pytest.raises(ValueError):
            place_points(place, players)


@given(SIZES)
def test_every_table_size_is_worth_six_points_a_player_on_average(players):
    assert sum(place_points(place, players) for place in range(1, players + 1)) == 6 * players


@given(SIZES, st.data())
def test_a_better_place_scores_more(players, data):
    better = data.draw(st.integers(1, players - 1))
    worse = data.draw(st.integers(better + 1, players))
    assert place_points(better, players) > place_points(worse, players)
    assert place_points(1, players) == 12 and place_points(players, players) == 0


@given(SIZES, st.data(), st.integers(0, 20))
def test_points_are_doubled_only_on_a_streak_of_two_wins(players, data, streak):
    place = data.draw(st.integers(1, players))
    result = score(place, players, streak)
    plain = place_points(place, players)
    assert result.doubled == (streak >= 2 and plain > 0)
    assert result.points == plain * (2 if result.doubled else 1)
    assert result.streak == (streak + 1 if place == 1 else 0)


@given(SIZES, st.data(), st.integers(0, 20), st.sampled_from([RESIGNED, TIMEOUT]))
def test_a_leaver_scores_zero_whatever_their_place_and_streak(players, data, streak, lost_by):
    place = data.draw(st.integers(1, players))
    assert score(place, players, streak, lost_by).points == 0
