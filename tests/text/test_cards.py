"""games.text.cards: a card's name in words and its face for a picture."""

import pytest

from games.text.cards import card_face, card_words


@pytest.mark.parametrize(
    "text, words",
    [("QH", "queen of hearts"), ("10S", "10 of spades"), ("AD", "ace of diamonds"), ("JKR", "red joker")],
)
def test_card_words(text, words):
    assert card_words(text) == words


def test_card_faces_have_colour_rank_and_symbol():
    ten = card_face("10D")
    assert (ten["rank"], ten["symbol"], ten["color"], ten["face"]) == ("10", "♦", "red", False)
    king = card_face("KC")
    assert (king["rank"], king["symbol"], king["color"], king["face"]) == ("K", "♣", "black", True)
    assert card_face("JKB")["joker"] and card_face("JKB")["color"] == "black"
    assert card_face("JKR")["color"] == "red"
