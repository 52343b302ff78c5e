"""Moves in words (``games.text.moves``) for templates: ``{% move_words move %}`` with card
chips, ``{% move_words move "labels" %}`` with compact card labels, and
``{% move_log_item move %}``, a line of a live table's move log."""

from django import template

from games.text.moves import move_log_item, move_words

register = template.Library()
register.simple_tag(move_words)
register.simple_tag(move_log_item)
