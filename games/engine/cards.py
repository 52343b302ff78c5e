"""Cards as small integers, so that move generation is table look-ups.

Card ``c`` in 0..51 is rank ``c % 13`` (0 = ace … 12 = king) of suit ``c // 13``
(0 = hearts, 1 = diamonds, 2 = spades, 3 = clubs); 52 is the red joker ``JKR`` and
53 the black joker ``JKB``.

With two decks (the ``decks`` option) both copies of a card are the same number: hands,
piles and plays are multisets. Move generation alone tells the copies apart, numbering the
second copy in a hand ``c + TWIN`` (``twin_ids``), so that the per-card tables below (which
run over both numberings) find every play once per ordering of distinct copies; the moves it
lists name real cards again.
"""

SUITS = "HDSC"
SUIT_NAMES = ("hearts", "diamonds", "spades", "clubs")
SUIT_SYMBOLS = "♥♦♠♣"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_RANK = 13  # the rank index both jokers share
RED_JOKER, BLACK_JOKER = 52, 53
JOKERS = (RED_JOKER, BLACK_JOKER)

ACE, TWO, THREE, EIGHT, JACK, QUEEN, KING = 0, 1, 2, 7, 10, 11, 12
PLAIN_RANKS = frozenset({3, 4, 5, 6, 8, 9})  # 4 5 6 7 9 10: the only legal start card
QUESTION_RANKS = frozenset({EIGHT, QUEEN})
PENALTY_RANKS = frozenset({TWO, THREE, JOKER_RANK})

TWIN = 54  # move generation numbers a hand's second copy of card c as c + TWIN
IDS = range(2 * TWIN)  # every number move generation reads the card tables by

CARD_TEXT = tuple(r + s for s in SUITS for r in RANKS) + ("JKR", "JKB")
CARD_BY_TEXT = {text: card for card, text in enumerate(CARD_TEXT)}
RANK = (tuple(c % 13 for c in range(52)) + (JOKER_RANK, JOKER_RANK)) * 2
SUIT = (tuple(c // 13 for c in range(52)) + (None, None)) * 2
IS_QUESTION = tuple(RANK[c] in QUESTION_RANKS for c in IDS)
IS_PENALTY = tuple(RANK[c] in PENALTY_RANKS for c in IDS)
IS_JOKER = tuple(c % TWIN >= 52 for c in IDS)
# SAME_RANK[c][o]: whether card o is another card of c's rank (a look-up, not a comparison);
# a twin (c + TWIN) is another card of c's rank
SAME_RANK = tuple(tuple(o != c and RANK[o] == RANK[c] for o in IDS) for c in IDS)


def deck(jokers: int, decks: int = 1) -> list[int]:
    """The cards of a fresh pack: 52, or 54 with the two jokers, per deck (two decks hold
    every card twice)."""
    return list(range(52 + jokers)) * decks


def twin_ids(hand: tuple[int, ...]) -> tuple[int, ...]:
    """``hand`` with each second copy of a card numbered ``c + TWIN`` (see the module's
    docstring): for move generation, which then sees every copy as a card of its own."""
    seen: set[int] = set()
    ids = []
    for c in hand:
        if c in seen:
            ids.append(c + TWIN)
        else:
            seen.add(c)
            ids.append(c)
    return tuple(ids)


def without(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """``hand`` less the ``cards`` played from it (one copy per card named), in hand order;
    ValueError when ``hand`` does not hold them."""
    if len(cards) == 1:  # the commonest play: two slices
        at = hand.index(cards[0])
        return hand[:at] + hand[at + 1 :]
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return tuple(rest)


def copies_short(hand: tuple[int, ...], cards: tuple[int, ...]) -> int | None:
    """The first card that ``cards`` names more often than ``hand`` holds it, or None."""
    for c in cards:
        if cards.count(c) > hand.count(c):
            return c
    return None


def parse_card(text: str) -> int:
    """``"10H"`` -> 9; raises ``ValueError`` for anything that is not a card."""
    try:
        return CARD_BY_TEXT[text.upper()]
    except KeyError:
        raise ValueError(f"{text!r} is not a card (write rank then suit, like 10H, QS or JKR)") from None


def parse_suit(text: str) -> int:
    index = SUITS.find(text.upper()) if len(text) == 1 else -1
    if index < 0:
        raise ValueError(f"{text!r} is not a suit (one of H D S C)")
    return index


def parse_request(text: str) -> tuple[int | None, int | None]:
    """What an ace's request token names, as ``(suit, rank)`` with one of them None:
    ``"H"`` -> (0, None), ``"Q"`` -> (None, 11), ``"10"`` -> (None, 9). The suit letters
    H D S C are no rank's text, so a token never names both; raises ``ValueError``."""
    upper = text.upper()
    if len(upper) == 1 and upper in SUITS:
        return SUITS.index(upper), None
    if upper in RANKS:
        return None, RANKS.index(upper)
    raise ValueError(f"{text!r} is neither a suit (H D S C) nor a rank (A 2 3 ... 10 J Q K)")


def rank_of_text(text: str) -> int:
    """``"10"`` -> 9, ``"joker"`` -> JOKER_RANK."""
    if text == "joker":
        return JOKER_RANK
    try:
        return RANKS.index(str(text).upper())
    except ValueError:
        raise ValueError(f"{text!r} is not a rank") from None


def rank_text(rank: int) -> str:
    return "joker" if rank == JOKER_RANK else RANKS[rank]

