"""Every bot level plays legal moves on two decks (issue 48) at 6 and 10 seats, hands holding
both copies of a card included; the search samples deals with every card twice."""

import random
from collections import Counter

import pytest

from games.bots import LEVELS, choose_move
from games.engine import Rules, new_game
from games.engine.determinize import Observation

PRESETS = ("classic", "rulebook", "bomb-ni-bomb")
SEARCHED = 3  # positions per game where each search level chooses (each costs up to a second or three)


def two_decks(preset):
    return Rules.from_dict({"preset": preset, "decks": 2})


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [6, 10])
def test_random_and_greedy_play_whole_two_deck_games_legally(preset, players):
    for seed in range(2):
        rng = random.Random(seed)
        levels = [rng.choice(["greedy", "random"]) for _ in range(players)]
        state = new_game(two_decks(preset), players, seed, first=seed % players)
        while not state.finished:
            move = choose_move(state, levels[state.turn], rng)
            assert move.with_declare(False) in state.legal_moves(), (str(move), state.to_dict())
            state = state.apply(move)


def copied_positions(preset, players, seed):
    """``(state, history)`` along a greedy game on two decks, those whose mover holds both
    copies of a card first (the first of them searched), then the others."""
    rng = random.Random(seed)
    state = new_game(two_decks(preset), players, seed)
    history, found = [], []
    while not state.finished and len(history) < 300:
        found.append((not has_copies(state), len(history), state, list(history)))
        move = choose_move(state, "greedy", rng)
        history.append((state, move))
        state = state.apply(move)
    found.sort(key=lambda item: item[:2])
    return [(state, past) for _, _, state, past in found]


def has_copies(state):
    hand = state.hands[state.turn]
    return len(set(hand)) < len(hand)


@pytest.mark.parametrize("players", [6, 10])
@pytest.mark.parametrize("level", [level for level in LEVELS if level not in ("random", "greedy")])
def test_the_search_levels_play_legal_moves_on_two_decks(level, players):
    positions = next(
        found for seed in range(20) if has_copies((found := copied_positions("classic", players, seed))[0][0])
    )
    rng = random.Random(3)
    for state, history in positions[:SEARCHED]:
        move = choose_move(state, level, rng, history)
        assert move.with_declare(False) in state.legal_moves(), (str(move), state.to_dict())


def test_sampled_deals_hold_every_card_twice_and_keep_what_the_seat_sees():
    state = new_game(two_decks("classic"), 10, 4)
    rng = random.Random(4)
    for _ in range(15):
        state = state.apply(choose_move(state, "greedy", rng))
    assert not state.finished
    seat = state.turn
    observation = Observation(state.view(seat))
    for _ in range(5):
        deal = observation.sample(rng)
        every = [c for hand in deal.hands for c in hand] + list(deal.draw_pile) + list(deal.discard_pile)
        assert Counter(every) == Counter(list(range(54)) * 2)
        assert deal.view(seat) | {"turns": 0} == state.view(seat) | {"turns": 0}
