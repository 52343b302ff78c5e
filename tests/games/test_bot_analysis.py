"""``bots.analyse``: a bot's move with its estimated win chance (the stand-in the search
bots replace: greedy's move, and a chance from the cards held)."""

import random

from games import bots
from games.engine import Rules, State, new_game
from tests.engine.helpers import position


def test_the_move_is_legal_and_the_chance_a_probability():
    for seed in range(20):
        state = new_game(Rules.preset("classic"), players=3, seed=seed)
        move, chance = bots.analyse(state, bots.LEVELS[-1], random.Random(seed))
        assert state.problem(move) is None and 0 <= chance <= 1


def test_a_winning_move_is_a_sure_win_and_fewer_cards_a_better_chance():
    rules = Rules.preset("friendly").to_dict()
    winning = State.from_dict(
        position(rules=rules, hands=("5H", "9D QD KC"), discard=("7H",), turn=0, declared=[True, False])
    )
    assert bots.analyse(winning, "greedy", random.Random(1)) == (winning.legal_moves()[0], 1.0)
    ahead = State.from_dict(position(rules=rules, hands=("5H 6S 9C", "9D QD KC 4S 4D 6D"), discard=("7D",)))
    behind = State.from_dict(position(rules=rules, hands=("5H 6S 9C 4S 4D 6D", "9D QD KC"), discard=("7D",)))
    chances = [bots.analyse(state, "greedy", random.Random(1))[1] for state in (ahead, behind)]
    assert chances[0] > chances[1]
