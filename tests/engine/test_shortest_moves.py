"""``shortest_legal_moves``, the order of the bot API's ``legal_moves``: the plays by their
number of cards, fewest first, then draw, accept or pass; cut at a limit that keeps every
one-card play and word move, without listing the millions of orderings some hands have."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Rules, new_game
from games.engine.generate import shortest_legal_moves
from games.engine.moves import PLAY

from .helpers import build
from .test_properties import SLOW, choose, rules_dicts, seeds

QUEENS_AND_EIGHTS = "QH QS QD QC 8H 8S 8D 8C 4H 4S 5D 6H 7C 9D 10S KH"


def documented_order(moves):
    """``moves`` (the engine's order) in the documented one: plays by card count, then words."""
    plays = sorted((m for m in moves if m.kind == PLAY), key=lambda m: len(m.cards))
    return plays + [m for m in moves if m.kind != PLAY]


def texts(moves):
    return [str(m) for m in moves]


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(rules=rules_dicts(), players=st.integers(2, 5), seed=seeds, limit=st.integers(1, 12), data=st.data())
def test_every_position_lists_its_moves_shortest_first(rules, players, seed, limit, data):
    """Against the engine's whole list: in full, the same moves in the documented order;
    cut, its first plays, then every one-card play not among them, then the words."""
    state = new_game(Rules.from_dict(rules), players=players, seed=seed)
    while not state.finished:
        listed = state.legal_moves()
        expected = documented_order(listed)
        assert shortest_legal_moves(state, 10**6) == (expected, True)
        cut, complete = shortest_legal_moves(state, limit)
        plays = [m for m in expected if m.kind == PLAY]
        words = [m for m in expected if m.kind != PLAY]
        room = max(limit - len(words), sum(1 for m in plays if len(m.cards) == 1))
        assert cut == plays[:room] + words
        assert complete == (len(expected) == len(cut))
        state = state.apply(choose(state, listed, data))


def test_a_hand_of_queens_and_eights_keeps_its_single_plays_and_the_draw():
    """3,262 legal moves: cut at 200, the list holds the five one-card plays first, then the
    shortest runs, and the draw."""
    state = build(rules="classic", hands=[QUEENS_AND_EIGHTS, "2C 3C"], discard=["6D"])
    moves, complete = shortest_legal_moves(state, 200)
    assert not complete and len(moves) == 200
    assert texts(moves[:5]) == ["QD", "8D", "5D", "6H", "9D"] and str(moves[-1]) == "draw"
    counts = [len(m.cards) for m in moves[:-1]]
    assert counts == sorted(counts) and counts[-1] < 6
    every = documented_order(state.legal_moves())
    assert len(every) == 3262 and moves[:-1] == every[:199]


def test_a_hand_of_millions_of_orderings_lists_its_shortest_plays_at_once():
    """1.7 million legal moves (friendly: answers and a joker join the questions): the list is
    the same as the first of them all in the documented order, found without listing them."""
    state = build(rules="friendly", hands=["QH QS QD QC 8H 8S 8D 8C AH AS 4H 4S 5D JKR", "7C 9C"],
                  discard=["6H"])
    moves, complete = shortest_legal_moves(state, 200)
    assert not complete and len(moves) == 200 and str(moves[-1]) == "draw"
    singles = [m for m in moves if m.kind == PLAY and len(m.cards) == 1]
    assert texts(singles) == ["QH", "8H", *(f"A{s} @{t}" for s in "HS" for t in "HDSC"), "4H", "JKR"]
    counts = [len(m.cards) for m in moves[:-1]]
    assert counts == sorted(counts) and counts[-1] == 4
