"""Move notation (games.engine.Move.parse): well-formed text reads back to the same move,
and anything else is refused with the documented IllegalMove, never another exception."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import IllegalMove, Move
from tests.fuzz.strategies import FUZZ, move_texts, near_moves


def key(move):
    return (move.kind, move.cards, move.suit, move.declare)


@FUZZ
@given(move_texts())
def test_well_formed_moves_round_trip(text):
    move = Move.parse(text)
    assert key(Move.parse(str(move))) == key(move)
    assert str(Move.parse(str(move))) == str(move)


@FUZZ
@given(st.one_of(st.text(), near_moves))
def test_any_text_is_a_move_or_refused_with_illegal_move(text):
    try:
        move = Move.parse(text)
    except IllegalMove as refusal:
        assert str(refusal)
    else:
        assert key(Move.parse(str(move))) == key(move)


NOT_TEXT = st.one_of(
    st.none(), st.integers(), st.binary(), st.lists(st.text()), st.dictionaries(st.text(), st.text())
)


@FUZZ
@given(NOT_TEXT)
def test_what_is_not_text_is_refused(value):
    with pytest.raises(IllegalMove):
        Move.parse(value)
