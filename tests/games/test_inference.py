"""The search bots' opponent model (games.inference): deals agree with the plays the others made."""

import random

from games import search
from games.engine import State
from games.engine.determinize import Observation
from games.inference import agrees
from tests.engine.helpers import position

# seat 1 played 5H alone on 7H, holding two other cards: greedy would have shed a second 5 with it
PLAYED = {
    "move": "5H",
    "discard": ["7H"],
    "suit": "H",
    "pending": None,
    "declared": [False, False],
    "direction": 1,
    "hand_sizes": [2, 3],
}


def after_5h(other_hand, plays=(PLAYED,)):
    data = position(hands=["9D 4C", other_hand], discard=["7H", "5H"])
    data["plays"] = [[], list(plays)]
    return State.from_dict(data)


def test_a_deal_agrees_when_greedy_would_have_made_the_play():
    observation = Observation(after_5h("9C 10D").view(0))
    assert agrees(after_5h("9C 10D"), observation)
    assert agrees(after_5h("KS 10D"), observation)
    assert not agrees(after_5h("5S 10D"), observation)  # 5H 5S sheds two


def test_the_search_deals_agree_with_the_plays_when_they_can():
    observation = Observation(after_5h("9C 10D").view(0))
    rng = random.Random(3)
    assert all(agrees(search._deal(observation, rng), observation) for _ in range(30))


def test_a_play_no_deal_can_explain_still_gets_a_deal():
    impossible = {**PLAYED, "discard": ["7S"], "suit": "S"}  # 5H could not follow 7S
    observation = Observation(after_5h("9C 10D", [impossible]).view(0))
    deal = search._deal(observation, random.Random(4))
    assert not agrees(deal, observation) and State.from_dict(deal.to_dict()) == deal
