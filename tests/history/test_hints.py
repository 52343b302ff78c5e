"""Hints in replays: at a player's own turns of a finished game, the strongest bot's move
and win chance, from that seat's view only, on request, cached; for nobody else."""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from games import bots
from games.engine import Rules, new_game
from games.models import Game
from history.hints import advice, seat_position, strongest_level
from tests.engine.test_playout import after_a_reshuffle
from tests.history.helpers import new_game as new_table_game
from tests.history.helpers import play_to_the_end

HTMX = {"HTTP_HX_REQUEST": "true"}


def played(seed, moves, players=3, preset="classic"):
    """A position after ``moves`` greedy moves of a seeded deal (or the end, if sooner)."""
    state = new_game(Rules.preset(preset), players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished:
            break
        state = state.apply(bots.choose_move(state, "greedy", rng))
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40), players=st.integers(2, 5))
def test_the_position_built_from_a_view_shows_that_view(seed, moves, players):
    state = played(seed, moves, players)
    if state.finished:
        return
    view = state.view(state.turn)
    built = seat_position(view, random.Random(seed))
    assert built.view(state.turn) == view
    assert built.seed != state.seed


@pytest.mark.parametrize(("players", "seed"), [(2, 22), (4, 27)])
def test_the_position_built_after_a_reshuffle_keeps_what_it_restocked(players, seed):
    state = after_a_reshuffle(players, seed)
    view = state.view(state.turn)
    assert view["restocked"]
    assert seat_position(view, random.Random(seed)).view(state.turn) == view


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 30))
def test_the_advice_depends_on_the_view_alone(seed, moves):
    """Two positions a seat cannot tell apart (the unseen cards dealt otherwise) get the
    same advice: the real hidden cards never reach the analysis."""
    state = played(seed, moves)
    if state.finished:
        return
    view = state.view(state.turn)
    twin = seat_position(view, random.Random(seed + 1))  # the same view, other hidden cards
    assert twin.view(state.turn) == view
    level = strongest_level()
    assert advice(view, level, random.Random(7)) == advice(twin.view(state.turn), level, random.Random(7))


@pytest.fixture
def finished(user, baraka):
    cache.clear()
    return play_to_the_end(new_table_game(user, "classic", others=(baraka,)))


def turn_steps(game, seat):
    """The steps at which ``seat`` was to move."""
    return list(game.moves.filter(seat=seat).order_by("index").values_list("index", flat=True))


def hint_url(game, step):
    return reverse("history:replay_hint", args=[game.pk]) + f"?step={step}"


@pytest.mark.django_db
def test_a_player_gets_a_hint_at_their_own_turn_and_only_there(client, user, finished):
    client.force_login(user)
    mine, theirs = turn_steps(finished, 0)[0], turn_steps(finished, 1)[0]
    response = client.get(hint_url(finished, mine), **HTMX)
    assert response.status_code == 200 and "The strongest bot:" in response.content.decode()
    assert "chance of winning" in response.content.decode()
    other = client.get(hint_url(finished, theirs), **HTMX)
    assert other.status_code == 400 and "not your turn" in other.content.decode()


@pytest.mark.django_db
def test_hints_are_cached_by_game_step_and_level(client, user, baraka, finished):
    step = turn_steps(finished, 0)[-1]  # games are dealt at random: some are short
    client.force_login(user)
    with CaptureQueriesContext(connection) as first:
        client.get(hint_url(finished, step), **HTMX)
    cached = cache.get(f"history:hint:{finished.pk}:{step}:{strongest_level()}")
    assert cached["seat"] == 0 and 0 <= cached["win_chance"] <= 1
    with CaptureQueriesContext(connection) as second:
        again = client.get(hint_url(finished, step), **HTMX)
    assert f"about {round(100 * cached['win_chance'])}%" in again.content.decode()
    assert len(second) < len(first)  # no position read, no analysis
    client.force_login(baraka)  # the other seat is not told the cached hint
    assert client.get(hint_url(finished, step), **HTMX).status_code == 400


@pytest.mark.django_db
def test_no_hint_for_others_or_running_games(client, user, make_user, finished):
    step = turn_steps(finished, 0)[0]
    assert client.get(hint_url(finished, step)).status_code == 302  # log in first
    client.force_login(make_user("wanjiru"))
    assert client.get(hint_url(finished, step), **HTMX).status_code == 404
    running = new_table_game(user, bot_levels=("greedy",))
    client.force_login(user)
    assert client.get(hint_url(running, 0), **HTMX).status_code == 403
    assert Game.objects.get(pk=running.pk).is_running


@pytest.mark.django_db
def test_the_replay_offers_hints_to_its_players_at_their_turns(client, user, make_user, finished):
    replay = reverse("history:replay", args=[finished.pk])
    mine, theirs = turn_steps(finished, 0)[0], turn_steps(finished, 1)[0]
    client.force_login(user)
    page = client.get(replay, {"step": mine}).content.decode()
    assert "Show hints at my turns" in page and hint_url(finished, mine) not in page
    shown = client.get(replay, {"step": mine, "hints": "1"}).content.decode()
    assert "Hide hints" in shown and f'hx-get="{hint_url(finished, mine)}"' in shown
    assert 'data-query="&amp;hints=1"' in shown
    board = client.get(replay, {"step": theirs, "hints": "1"}, **HTMX).content.decode()
    assert "replay-hint" not in board
    client.force_login(make_user("wanjiru"))
    spectator = client.get(replay, {"step": mine, "hints": "1"}).content.decode()
    assert "Show hints" not in spectator and "replay-hint" not in spectator
