"""Card words and pictures: a card's name ("queen of hearts"), its face for a picture,
the active suit's symbol and colour, the player's hand order and the kinds of card for the
rules page. The engine speaks in card codes (``"QH"``); the pages in these words.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.cards import CARD_BY_TEXT, RANK, RANKS, SUIT, SUIT_SYMBOLS, SUITS

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


CARD_ROLES = (
    (
        gettext_lazy("Answer cards: 4 5 6 7 9 10"),
        gettext_lazy("Plain cards: play them on the same suit or rank. Only they can finish a game."),
        ("4H", "5D", "6S", "7C", "9H", "10S"),
    ),
    (
        gettext_lazy("Questions: Q and 8"),
        gettext_lazy("A question must be answered by an answer card of its suit."),
        ("QH", "8S"),
    ),
    (
        gettext_lazy("Jumps: J"),
        gettext_lazy("A jack skips the next player; several jacks skip several."),
        ("JD", "JC"),
    ),
    (
        gettext_lazy("Kickbacks: K"),
        gettext_lazy("A king reverses the direction of play."),
        ("KH", "KS"),
    ),
    (
        gettext_lazy("Aces"),
        gettext_lazy(
            "Wild: an ace goes on any card and names the suit to follow. Aces also cancel a penalty."
        ),
        ("AS", "AH"),
    ),
    (
        gettext_lazy("Penalty cards: 2, 3 and jokers"),
        gettext_lazy(
            "The next player draws 2, 3 or 5 cards — unless they counter with a penalty card of their own."
        ),
        ("2H", "3C", "JKR", "JKB"),
    ),
)


def card_roles():
    """The kinds of card, each with a few card pictures, for the rules page."""
    return [{"title": title, "text": text, "cards": cards} for title, text, cards in CARD_ROLES]
