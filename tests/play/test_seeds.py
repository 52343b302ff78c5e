"""The seeds games are dealt from (games.play.seeds): the operating system's on the site; a
named source's in the tests, the same on every run."""

import pytest

from games.play.seeds import drawn_from, new_seed
from tests.conftest import seeds_name
from tests.history.helpers import new_game

pytestmark = pytest.mark.django_db


def test_a_named_source_deals_the_same_games_every_time(user, baraka):
    with drawn_from("a name") as first:
        deals = [new_game(user, others=(baraka,)).state for _ in range(3)]
    with drawn_from("a name") as again:
        assert [new_game(user, others=(baraka,)).state for _ in range(3)] == deals
    assert first == again and len(set(first)) == 3
    with drawn_from("another name") as other:
        new_game(user, others=(baraka,))
    assert other[0] not in first


def test_without_a_named_source_nobody_can_foresee_a_seed():
    with drawn_from(None) as drawn:
        seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= seed < 2**63 for seed in seeds)
    assert drawn == []  # nothing is recorded of the operating system's seeds


def test_a_source_named_within_another_gives_it_back():
    with drawn_from("outer") as outer:
        first = new_seed()
        with drawn_from("inner"):
            new_seed()
        assert new_seed() != first and outer == [first, outer[1]]


def test_every_test_deals_from_its_own_name(request, user, baraka):
    """tests/conftest.py's ``game_seeds``: this test's games, whatever ran before it."""
    game = new_game(user, others=(baraka,))
    assert request.node.game_seeds == [game.seed]
    with drawn_from(seeds_name(request.node)) as same:
        assert new_game(user, others=(baraka,)).seed == game.seed == same[0]
