"""Moves in words with compact cards, for replays whose move list may run to thousands.

``{{ "QH"|card_label }}`` is "Q♥" in the suit's colour, named in words for screen
readers (the card pictures of ``games`` suit single moves, not long lists).
``{% move_text move %}`` is one move; ``{% move_list_items moves step %}`` the list's
items, each linking to the step it leads to, with ``step`` marked. Both are built in
Python: a template per item costs tens of milliseconds over a long game.
"""

from django import template
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presentation import card_face

register = template.Library()


@register.filter
def card_label(text):
    face = card_face(text)
    label = "★" if face["joker"] else face["rank"] + face["symbol"]
    return format_html(
        '<span class="card-label card-label--{}" role="img" aria-label="{}" title="{}">{}</span>',
        face["color"], face["name"], face["name"], label,
    )


@register.simple_tag
def move_text(move):
    """One entry of ``history.replays.move_list``: who, and what they did."""
    parts = [format_html('<span class="move-text__name">{}</span>', move["name"]), *_what(move)]
    if move["niko_kadi"]:
        parts.append(format_html('<span class="niko-flag">{}</span>', _("Niko Kadi!")))
    return mark_safe(" ".join(conditional_escape(part) for part in parts))


def _what(move):
    kind = move["kind"]
    if kind in ("play", "misplay"):
        cards = format_html_join(" ", "{}", ((card_label(card),) for card in move["cards"]))
        if kind == "misplay":
            yield _("misplayed")
        yield format_html('<span class="move-text__cards">{}</span>', cards)
        if kind == "misplay":
            drew = ngettext("— drew %(n)d", "— drew %(n)d", move["penalty"]) % {"n": move["penalty"]}
            yield format_html('<span class="move-text__penalty">{}</span>', drew)
        if move["suit"]:
            asks = _("asks for %(suit)s") % {"suit": move["suit"]["words"]}
            yield format_html('<span class="move-text__suit">{}</span>', asks)
    elif kind == "draw" and move["drew"]:
        yield ngettext("drew %(n)d card", "drew %(n)d cards", move["drew"]) % {"n": move["drew"]}
    elif kind == "draw":
        yield _("drew")
    elif kind == "accept":
        yield _("was skipped")
    elif kind == "resign":
        yield _("resigned")
    else:
        yield _("passed")


CURRENT = mark_safe(' aria-current="step"')


@register.simple_tag
def move_list_items(moves, step):
    return format_html_join(
        "\n",
        '<li value="{0}" data-move="{0}"{1}><a href="?step={0}" class="move-text">{2}</a></li>',
        ((move["number"], CURRENT if move["number"] == step else "", move_text(move)) for move in moves),
    )
