"""Build engine positions by hand and read them back, for the engine tests.

A test names only the cards that matter (hands, the discard pile, the next cards to be
drawn); ``position`` puts every other card of the deck into the draw pile in a fixed
order, so that each position is complete (RULES.md section 1: 52 or 54 cards, each twice
under ``decks: 2``).
"""

import random
from collections import Counter

from games.engine import Move, Rules, State

SUITS = "HDSC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = ("JKR", "JKB")
FULL_DECK = tuple(rank + suit for suit in SUITS for rank in RANKS) + JOKERS
TOP = object()  # default for ``suit``: the top card's suit


def deck(jokers):
    """Every card text of a deck of 52 (no jokers) or 54 cards, in a fixed order."""
    return FULL_DECK[: 52 + jokers]


def rules_of(rules):
    """``Rules`` for a preset name or a dict of a preset plus overrides."""
    return Rules.from_dict({"preset": rules} if isinstance(rules, str) else rules)


def cards(text):
    """``"QH 8H"`` -> ``["QH", "8H"]``; a list is returned as it is."""
    return text.split() if isinstance(text, str) else list(text)


def suit_of(card):
    return None if card in JOKERS else card[-1]


def penalty(amount):
    return {"kind": "penalty", "amount": amount}


def jump(count, by):
    return {"kind": "jump", "count": count, "by": by}


def question(suit):
    return {"kind": "question", "suit": suit}


def position(
    rules="classic",
    hands=("", ""),
    discard=("7H",),
    draws=(),
    draw_pile=None,
    turn=0,
    direction=1,
    suit=TOP,
    pending=None,
    declared=None,
    drawn=None,
    placed=None,
    winner=None,
    rank=None,
):
    """A complete position dict in the format ``State.from_dict`` reads.

    ``hands`` gives each seat's cards, ``discard`` the discard pile bottom to top.
    ``draws`` are the next cards to be drawn, first drawn first; every card not named
    goes under them in the draw pile. With ``draw_pile`` (bottom to top) the draw pile is
    exactly that and the unnamed cards go to the bottom of the discard pile instead.
    """
    hands = [cards(hand) for hand in hands]
    discard = cards(discard)
    named = [card for hand in hands for card in hand] + discard + cards(draws) + cards(draw_pile or ())
    decks = rules_of(rules).decks
    repeated = [card for card, count in Counter(named).items() if count > decks]
    assert not repeated, f"the test names {repeated} more often than {decks} deck(s) hold them"
    rest = list((Counter(deck(rules_of(rules).jokers) * decks) - Counter(named)).elements())
    if draw_pile is None:
        pile = rest + list(reversed(cards(draws)))
    else:
        pile = cards(draw_pile)
        discard = rest + discard
    return {
        "rules": rules,
        "hands": hands,
        "draw_pile": pile,
        "discard_pile": discard,
        "turn": turn,
        "direction": direction,
        "suit": suit_of(discard[-1]) if suit is TOP else suit,
        "pending": pending,
        "declared": list(declared) if declared is not None else [False] * len(hands),
        "drawn": drawn,
        **({} if placed is None else {"placed": list(placed)}),
        **({} if winner is None else {"winner": winner}),
        **({} if rank is None else {"rank": rank}),  # a rank an ace named (ace_request)
    }


def build(**kwargs):
    """The ``State`` of ``position(**kwargs)``."""
    return State.from_dict(position(**kwargs))


def play(state, text):
    """Apply the move written as ``text``; return the new state."""
    return state.apply(Move.parse(text))


def play_all(state, texts):
    for text in texts:
        state = play(state, text)
    return state


def legal(state):
    """The legal moves as a set of move texts."""
    return {str(move) for move in state.legal_moves()}


def hand(state, seat):
    return state.to_dict()["hands"][seat]


def every_card(data):
    """All card texts of a position dict: hands, then draw pile, then discard pile."""
    return [card for hand in data["hands"] for card in hand] + data["draw_pile"] + data["discard_pile"]


def with_hidden_cards_redealt(state, seed):
    """The same position but for what the player to move cannot see: the other hands (same
    sizes) and the draw pile dealt again from the same cards, and another seed. After a
    reshuffle the draw pile holds only restocked cards: the others stay in the hands."""
    data = state.to_dict()
    mover = state.turn
    hidden = [c for seat, hand in enumerate(data["hands"]) if seat != mover for c in hand] + data["draw_pile"]
    rng = random.Random(seed)
    rng.shuffle(hidden)
    if data["restocked"]:
        held = [c for c in hidden if c not in data["restocked"]]
        free = [c for c in hidden if c in data["restocked"]]
        places = len(hidden) - len(data["draw_pile"]) - len(held)
        hidden = held + free[:places]
        rng.shuffle(hidden)
        hidden += free[places:]
    for seat, hand in enumerate(data["hands"]):
        if seat != mover:
            data["hands"][seat], hidden = hidden[: len(hand)], hidden[len(hand) :]
    data["draw_pile"], data["seed"] = hidden, data["seed"] + seed
    return State.from_dict(data)
