"""Ratings for display: ``{{ rating|rating_text }}`` ("12.3", "4.1?" while provisional) and
``{{ change|signed }}`` ("+1.2", "−0.4")."""

from django import template
from django.utils.formats import number_format

from history.ratings import NEWCOMER

register = template.Library()


@register.filter
def rating_text(rating):
    """A Rating's ordinal to one decimal, with "?" while provisional; a newcomer's without one."""
    if not rating:
        return number_format(NEWCOMER.ordinal, 1) + "?"
    return number_format(rating.ordinal, 1) + ("?" if rating.provisional else "")


@register.filter
def signed(value):
    """A change to one decimal with its sign ("−" for a loss)."""
    text = number_format(abs(value), 1)
    if text == number_format(0, 1):
        return "±" + text
    return ("+" if value > 0 else "−") + text
