"""Card pictures: ``{% card "QH" %}``, ``{% card_back %}`` (HTML and CSS, see static/css/cards.css),
and the buttons of a player's hand, ``{% hand_card entry your_turn %}``.

A card's picture depends only on the card, its size and the language (a hand's button on
the card, whether it was just drawn, is playable, and whose turn it is), so each is rendered
once per process and reused: a table page shows dozens, and live tables re-render them
after every move.
"""

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.translation import get_language

from games.presentation import card_face

register = template.Library()
PICTURES_KEPT = 1024  # 54 cards x 3 sizes, per language
HAND_CARDS_KEPT = 1296  # 54 cards x drawn or not x playable, not or unmarked x whose turn x 2 languages


@register.simple_tag
def card(text, size=""):
    """A face-up card; ``size`` is "" (normal), "small" or "large"."""
    return _card_picture(text, size, get_language())


@register.simple_tag
def card_back(size=""):
    return _card_back_picture(size, get_language())


@lru_cache(maxsize=PICTURES_KEPT)
def _card_picture(text, size, language):
    return render_to_string("games/partials/card.html", {"card": card_face(text), "size": size})


@lru_cache(maxsize=PICTURES_KEPT)
def _card_back_picture(size, language):
    return render_to_string("games/partials/card_back.html", {"size": size})


@register.simple_tag
def hand_card(entry, your_turn):
    """A card of the player's hand (an entry of ``describe_game``'s ``hand_cards``): a
    toggle button, disabled unless it is ``your_turn``."""
    return _hand_card(entry["text"], entry["drawn"], entry["playable"], bool(your_turn), get_language())


@lru_cache(maxsize=HAND_CARDS_KEPT)
def _hand_card(text, drawn, playable, your_turn, language):
    entry = {"text": text, "drawn": drawn, "playable": playable}
    return render_to_string("games/partials/hand_card.html", {"entry": entry, "your_turn": your_turn})
