"""The engine's pure readings that the bots weigh moves by: ``validate.can_finish``,
``transitions.next_in_play`` and ``transitions.without``."""

import pytest

from games.engine import Rules
from games.engine.cards import parse_card, without
from games.engine.transitions import next_in_play
from games.engine.validate import can_finish

from .helpers import build


@pytest.mark.parametrize(
    ("preset", "cards", "expected"),
    [
        ("classic", "7H", True),
        ("classic", "7H 7S", True),
        ("classic", "AS", True),
        ("friendly", "AS", False),
        ("classic", "2H", False),
        ("friendly", "JKR", False),
        ("classic", "7H 9H", False),
        ("classic", "QH 8H 7H", True),
        ("classic", "QH 7S", False),
        ("classic", "QH 8C 7H", False),
        ("rulebook", "QH 7H", False),
        ("classic", "", False),
    ],
)
def test_can_finish(preset, cards, expected):
    assert can_finish([parse_card(c) for c in cards.split()], Rules.preset(preset)) is expected


OTHERS = ("4C 6C", "4D 6D", "4S 6S")


@pytest.mark.parametrize(
    ("direction", "placed", "expected"),
    [(1, None, 1), (-1, None, 3), (1, [0, 1, 0, 0], 2), (-1, [0, 0, 0, 2], 2), (1, [0, 1, 2, 0], 3)],
)
def test_next_in_play_skips_the_seats_out_of_play(direction, placed, expected):
    hands = ["5H", *OTHERS]
    if placed is not None:  # a seat out of play holds no cards
        hands = ["" if place else cards for cards, place in zip(hands, placed, strict=True)]
    state = build(rules="chains", hands=hands, discard=["7H"], direction=direction, placed=placed)
    assert next_in_play(state) == expected


def test_next_in_play_is_where_the_turn_passes():
    state = build(rules="chains", hands=["5H 9C", "", *OTHERS[1:]], discard=["7H"], placed=[0, 1, 0, 0])
    assert state.apply(next(m for m in state.legal_moves() if m.kind == "draw")).turn == next_in_play(state)


def test_without_keeps_the_rest_in_hand_order():
    hand = tuple(parse_card(c) for c in "5H 9C QS 7D".split())
    assert without(hand, (hand[1],)) == (hand[0], hand[2], hand[3])
    assert without(hand, (hand[3], hand[0])) == (hand[1], hand[2])
    assert without(hand, hand) == ()
