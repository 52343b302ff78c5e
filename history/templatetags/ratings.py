"""Ratings for display on the scale of ``history.ratings.display``: ``{{ rating|rating_text }}``
("1512", "1480?" while provisional); for a RatingChange ``{{ change|rating_gain }}`` ("+12",
"−3", "±0") and ``{{ change|rating_after }}``; ``{{ gain|ordinal_gain }}`` for a sum of
ordinal changes."""

from django import template
from django.utils.formats import number_format

from history.ratings import NEWCOMER, display, display_change

register = template.Library()


@register.filter
def rating_text(rating):
    """A Rating in display points, with "?" while provisional (a newcomer's too)."""
    if not rating:
        return number_format(display(NEWCOMER.ordinal)) + "?"
    return number_format(display(rating.ordinal)) + ("?" if rating.provisional else "")


@register.filter
def rating_gain(change):
    """A RatingChange in display points, signed."""
    return signed_points(display_change(change.ordinal_before, change.ordinal_after))


@register.filter
def rating_after(change):
    """The rating a RatingChange left, in display points."""
    return number_format(display(change.ordinal_after))


@register.filter
def ordinal_gain(gain):
    """A sum of ordinal changes (the 30-day leaderboard's gain) in display points, signed."""
    return signed_points(display_change(0, gain))


def signed_points(points):
    if points == 0:
        return "±0"
    return ("+" if points > 0 else "−") + number_format(abs(points))
