"""The search bots (games.bots.search through games.bots): legal, reproducible, blind to hidden cards."""

import random
from itertools import islice

import pytest

from games.bots import LEVELS, analyse, choose_move, search
from games.bots.greedy import MOVE_LIMIT, candidate_moves, score
from games.bots.levels import BUDGETS
from games.engine import Rules, new_game
from games.engine.rules import PRESETS
from tests.engine.helpers import build, with_hidden_cards_redealt

SEARCH_LEVELS = tuple(BUDGETS)


def positions(preset, players, seed, count):
    """Positions along one game of greedy moves."""
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), players, seed, first=seed % players)
    out = []
    while not state.finished and len(out) < count:
        out.append(state)
        state = state.apply(choose_move(state, "greedy", rng))
    return out


def test_the_levels_run_weakest_to_strongest_and_end_with_the_search():
    assert LEVELS[:2] == ("random", "greedy") and LEVELS[2:] == SEARCH_LEVELS


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_the_search_plays_legal_moves_under_every_preset(preset, players):
    rng = random.Random(1)
    for state in positions(preset, players, players, 8)[::2]:
        move = choose_move(state, "clever", rng)
        assert move.with_declare(False) in state.legal_moves(), (str(move), state.to_dict())


def test_a_whole_game_of_search_moves_is_legal():
    rng = random.Random(2)
    state = new_game(Rules.preset("classic"), 2, 2)
    while not state.finished:
        level = "clever" if state.turn == 0 else "greedy"
        state = state.apply(choose_move(state, level, rng))  # apply refuses an illegal move
    assert state.finished


def test_a_seeded_rng_gives_the_same_choice():
    state = positions("classic", 3, 5, 6)[-1]
    for level in SEARCH_LEVELS:
        assert choose_move(state, level, random.Random(8)) == choose_move(state, level, random.Random(8))


@pytest.mark.parametrize("preset", ["classic", "friendly", "rulebook"])
def test_cards_the_bot_cannot_see_do_not_change_its_choice(preset):
    for state in positions(preset, 3, 11, 10)[1::3]:
        twin = with_hidden_cards_redealt(state, 99)
        assert twin.hands != state.hands and twin.view(state.turn) == state.view(state.turn)
        for level in SEARCH_LEVELS:
            assert analyse(state, level, random.Random(4)) == analyse(twin, level, random.Random(4))


def test_a_sure_win_is_found_and_rated_certain():
    state = build(hands=["7H", "4D 5D"], discard=["5H"], declared=[True, False])
    move, chance = analyse(state, "expert", random.Random(0))
    assert str(move) == "7H" and chance == 1.0


def test_the_win_chance_is_a_probability_from_the_movers_view():
    for state in positions("classic", 4, 3, 5):
        _, chance = analyse(state, "clever", random.Random(1))
        assert 0.0 <= chance <= 1.0


def test_only_search_levels_analyse():
    with pytest.raises(ValueError, match="does not search"):
        analyse(build(hands=["7H", "4D"], discard=["7D"]), "greedy", random.Random(0))


def test_the_best_mean_is_played_and_greedys_order_breaks_ties():
    deviations = 0
    for state in positions("classic", 2, 7, 12):
        candidates = candidate_moves(state)  # the mover's own cards and the public position only
        greedy = max(enumerate(candidates), key=lambda im: (score(state, im[1]), -im[0]))[1]
        analysis = search.analyse(state, "clever", random.Random(3))
        chances = {move: chance for move, chance, _ in analysis.moves}
        chosen = analysis.moves[0][0]
        assert chances[chosen] == max(chances.values())
        if chosen != greedy:
            deviations += 1
            assert chances[chosen] > chances[greedy]
    assert deviations  # the search does overrule greedy where it sees better


def test_a_hand_with_countless_plays_is_weighed_within_the_move_limit():
    """A friendly hand of questions, answers and a joker lists hundreds of thousands of
    orderings: every level weighs at most MOVE_LIMIT of them and plays a legal one."""
    rules = Rules.preset("friendly").to_dict()
    state = build(rules=rules, hands=["QH QS QD QC 8H 8S 8D 8C AH AS 4H 4S 5D JKR", "7C 9D"], discard=["6H"])
    assert len(list(islice(state.iter_legal_moves(), MOVE_LIMIT + 1))) > MOVE_LIMIT
    assert len(candidate_moves(state)) <= MOVE_LIMIT + 3  # plus drawing, passing, accepting
    for level in LEVELS:
        move = choose_move(state, level, random.Random(3))
        assert state.problem(move) is None, str(move)


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_the_search_plays_legal_moves_where_aces_name_ranks(level):
    """Issue 48: with ``ace_request`` the search's moves (and its playouts' light policy,
    which weighs a named rank by the cards of it kept) stay legal."""
    rng = random.Random(3)
    state = new_game(Rules.from_dict({"preset": "friendly", "ace_request": "either"}), 3, 4)
    for _ in range(6):
        if state.finished:
            break
        move = choose_move(state, level, rng)
        assert state.problem(move) is None, (str(move), state.to_dict())
        state = state.apply(move)
