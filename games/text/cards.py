"""Card words and pictures: a card's name ("queen of hearts"), its face for a picture,
the active suit's symbol and colour, the player's hand order and the kinds of card for the
rules page. The engine speaks in card codes (``"QH"``); the pages in these words.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.cards import ACE, CARD_BY_TEXT, RANK, RANKS, SUIT, SUIT_SYMBOLS, SUITS
from games.engine.rules import Rules

RED_SUITS = "HD"

SUIT_WORDS = {
    "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"),
    "S": gettext_lazy("spades"),
    "C": gettext_lazy("clubs"),
}
RANK_WORDS = {
    "A": gettext_lazy("ace"),
    "J": gettext_lazy("jack"),
    "Q": gettext_lazy("queen"),
    "K": gettext_lazy("king"),
    "joker": gettext_lazy("joker"),
}

# A rank an ace names (``ace_request``), said as the cards asked for: "queens", "7s".
RANK_PLURAL_WORDS = {
    "A": gettext_lazy("aces"),
    "2": gettext_lazy("2s"),
    "3": gettext_lazy("3s"),
    "4": gettext_lazy("4s"),
    "5": gettext_lazy("5s"),
    "6": gettext_lazy("6s"),
    "7": gettext_lazy("7s"),
    "8": gettext_lazy("8s"),
    "9": gettext_lazy("9s"),
    "10": gettext_lazy("10s"),
    "J": gettext_lazy("jacks"),
    "Q": gettext_lazy("queens"),
    "K": gettext_lazy("kings"),
}
assert tuple(RANK_PLURAL_WORDS) == RANKS


def suit_symbol(suit):
    return SUIT_SYMBOLS[SUITS.index(suit)]


def rank_words(rank):
    """``"Q"`` -> "queen", ``"7"`` -> "7"."""
    return str(RANK_WORDS.get(rank, rank))


def split_card(text):
    """``"10H"`` -> ("10", "H"); a joker -> ("joker", None)."""
    if text.startswith("JK"):
        return "joker", None
    return text[:-1], text[-1]


def card_words(text):
    """Plain words for a card text: "queen of hearts", "red joker"."""
    if text == "JKR":
        return _("red joker")
    if text == "JKB":
        return _("black joker")
    rank, suit = split_card(text)
    return _("%(rank)s of %(suit)s") % {"rank": rank_words(rank), "suit": SUIT_WORDS[suit]}


def card_face(text):
    """What a card picture needs: rank, suit symbol, colour, name."""
    rank, suit = split_card(text)
    red = text == "JKR" or (suit is not None and suit in RED_SUITS)
    return {
        "text": text,
        "rank": rank,
        "symbol": suit_symbol(suit) if suit else "",
        "color": "red" if red else "black",
        "joker": suit is None,
        "face": rank in ("J", "Q", "K"),
        "name": card_words(text),
    }



def suit_info(suit):
    """The active suit for display, or None when any card may follow (after a joker)."""
    if suit is None:
        return None
    return {
        "code": suit,
        "symbol": suit_symbol(suit),
        "words": str(SUIT_WORDS[suit]),
        "red": suit in RED_SUITS,
    }


def rank_info(rank):
    """The rank an ace named (``ace_request``: "Q", "10") for display, or None."""
    if rank is None:
        return None
    return {"code": rank, "words": str(RANK_PLURAL_WORDS[rank])}


# Hands read left to right by suit in alternating colours, ranks from the ace up; jokers last.
HAND_SUIT_ORDER = (SUITS.index("S"), SUITS.index("H"), SUITS.index("C"), SUITS.index("D"))
HAND_ORDERS = ("suit", "rank")


def _hand_key(order):
    def key(text):
        card = CARD_BY_TEXT[text]
        if SUIT[card] is None:  # a joker
            return (1, len(RANKS), 0, text)
        suit = HAND_SUIT_ORDER.index(SUIT[card])
        return (0, suit, RANK[card], text) if order == "suit" else (0, RANK[card], suit, text)

    return key


def sorted_hand(hand, order="suit"):
    """A hand in the player's chosen order: ``"suit"`` (each suit together, ranks rising)
    or ``"rank"`` (each rank together); the jokers at the end either way."""
    return sorted(hand, key=_hand_key(order if order in HAND_ORDERS else "suit"))


def card_roles(rules: Rules) -> list[dict]:
    """The kinds of card, each with a few card pictures, for the rules page: said as
    ``rules`` play them (the page shows the default preset's; each option that changes what
    a card does changes its sentence, so the page never states one table's rule as all's)."""
    return [
        {"title": _("Answer cards: 4 5 6 7 9 10"), "text": _answer_role(rules),
         "cards": ("4H", "5D", "6S", "7C", "9H", "10S")},
        {"title": _("Questions: Q and 8"), "text": _question_role(rules), "cards": ("QH", "8S")},
        {"title": _("Jumps: J"), "text": _jump_role(rules), "cards": ("JD", "JC")},
        {"title": _("Kickbacks: K"), "text": _("A king reverses the direction of play."),
         "cards": ("KH", "KS")},
        {"title": _("Aces"), "text": _ace_role(rules), "cards": ("AS", "AH")},
        {"title": _("Penalty cards: 2, 3 and jokers"), "text": _penalty_role(rules),
         "cards": ("2H", "3C", "JKR", "JKB")},
    ]


def _answer_role(rules):
    if ACE in rules.finishing_ranks:
        return _("Plain cards: play them on the same suit or rank. Only they and aces can finish a game.")
    return _("Plain cards: play them on the same suit or rank. Only they can finish a game.")


def _question_role(rules):
    if rules.question_answered_by == "next":
        return _("A question is answered by the next player, with a card of its suit or another question.")
    return _("A question must be answered in the same play, by an answer card of its suit.")


def _jump_role(rules):
    if rules.jump_counter:
        return _(
            "A jack skips the next player; several jacks skip several. "
            "A jumped player may counter with jacks."
        )
    return _(
        "A jack skips the next player; several jacks skip several. A jumped player cannot counter."
    )


def _ace_role(rules):
    wild = _("Wild: an ace goes on any card and names the suit to follow.")
    plain = _("An ace goes on its suit or on another ace, and names the suit to follow.")
    said = str(wild if rules.ace_wild else plain)
    if rules.ace_cancels_penalty:
        said += " " + _("Aces also cancel a penalty.")
    return said


def _penalty_role(rules):
    return _(
        "The next player draws 2, 3 or %(n)d cards — unless they counter with a penalty card of their own."
    ) % {"n": rules.joker_draw}
