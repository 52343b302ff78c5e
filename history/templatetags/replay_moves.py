"""A replay's move list: ``{% move_list_items moves step %}``, each move in words with
compact card labels (``games.text.moves``) linking to the step it leads to, ``step``
marked. Built in Python: the list may run to thousands of moves."""

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from games.text.moves import LABELS, move_words

register = template.Library()
CURRENT = mark_safe(' aria-current="step"')


@register.simple_tag
def move_list_items(moves, step):
    return format_html_join(
        "\n",
        '<li value="{0}" data-move="{0}"{1}><a href="?step={0}">{2}</a></li>',
        ((move["number"], CURRENT if move["number"] == step else "", move_words(move, LABELS))
         for move in moves),
    )
