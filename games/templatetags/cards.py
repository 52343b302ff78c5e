"""Card pictures: ``{% card "QH" %}``, ``{% card_back %}`` (HTML and CSS, see static/css/cards.css),
the discard pile, ``{% discard_pile under top %}``, and the buttons of a player's hand,
``{% hand_cards entries your_turn %}``.

A card's picture depends only on the card, its size and the language (a hand's button on
the card, whether it was just drawn, is playable, and whose turn it is), so each is rendered
once per process and reused: a table page shows dozens, and live tables re-render them
after every move.
"""

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.text.cards import card_face

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
def discard_pile(under, top):
    """The discard pile: the cards ``under`` the ``top`` one, then the top card, large. Joined
    here rather than by a template loop: a live table sets in a new pile after most plays."""
    language = get_language()
    pictures = (_card_picture(text, "", language) for text in under)
    shown = "".join(f'<span class="discard__under">{picture}</span>' for picture in pictures)
    top_card = _card_picture(top, "large", language)
    return mark_safe(f'{shown}<span class="discard__top">{top_card}</span>')  # pictures rendered: escaped


@register.simple_tag
def hand_cards(entries, your_turn):
    """The cards of a player's hand (``describe_game``'s ``hand_cards``), each a toggle button,
    disabled unless it is ``your_turn``, or a line saying there are none. Joined here rather
    than by a template loop: a live table sets a new hand in after most moves."""
    if not entries:
        return format_html('<p class="muted">{}</p>', _("You hold no cards: draw when your turn comes."))
    language, your_turn = get_language(), bool(your_turn)
    buttons = (_hand_card(e["text"], e["drawn"], e["playable"], your_turn, language) for e in entries)
    return mark_safe("".join(buttons))  # each rendered from the template: escaped already


@lru_cache(maxsize=HAND_CARDS_KEPT)
def _hand_card(text, drawn, playable, your_turn, language):
    entry = {"text": text, "drawn": drawn, "playable": playable}
    return render_to_string("games/partials/hand_card.html", {"entry": entry, "your_turn": your_turn})
