"""Compact card notation for long move lists: ``{{ "QH"|card_label }}`` -> "Q♥" in the suit's
colour, named in words for screen readers (the card pictures of ``games`` suit single moves)."""

from django import template
from django.utils.html import format_html

from games.presentation import card_face

register = template.Library()


@register.filter
def card_label(text):
    face = card_face(text)
    label = face["rank"] + face["symbol"] if not face["joker"] else "★"
    return format_html(
        '<span class="card-label card-label--{}" role="img" aria-label="{}" title="{}">{}</span>',
        face["color"], face["name"], face["name"], label,
    )
