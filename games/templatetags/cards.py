"""Card pictures: ``{% card "QH" %}``, ``{% card_back %}`` (HTML and CSS, see static/css/cards.css)."""

from django import template

from games.presentation import card_face

register = template.Library()


@register.inclusion_tag("games/partials/card.html")
def card(text, size=""):
    """A face-up card; ``size`` is "" (normal), "small" or "large"."""
    return {"card": card_face(text), "size": size}


@register.inclusion_tag("games/partials/card_back.html")
def card_back(size=""):
    return {"size": size}
