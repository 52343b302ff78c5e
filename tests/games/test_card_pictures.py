"""Suits are never told by colour alone: every card picture shows its suit's symbol beside
its rank, and names the card in words for screen readers, in each language."""

import re

import pytest
from django.utils import translation

from games.engine.cards import CARD_TEXT, SUIT_SYMBOLS, SUITS
from games.templatetags.cards import card


@pytest.mark.parametrize("language", ["en", "sw"])
def test_every_card_shows_its_suit_symbol_and_names_itself(language):
    with translation.override(language):
        for text in CARD_TEXT:
            html = str(card(text))
            name = re.search(r'aria-label="([^"]+)"', html).group(1)
            if text.startswith("JK"):
                assert "★" in html and "joker" in name
                continue
            rank, suit = text[:-1], text[-1]
            symbol = SUIT_SYMBOLS[SUITS.index(suit)]
            assert f'<span class="card__rank">{rank}</span>{symbol}' in html
            assert name != text and len(name.split()) >= 3  # "queen of hearts", "7 ya mioyo"
