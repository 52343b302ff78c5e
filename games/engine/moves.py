"""Moves and their text form (RULES.md section 1)."""

from .cards import CARD_TEXT, SUITS, parse_card, parse_suit

PLAY, DRAW, ACCEPT, PASS, RESIGN = "play", "draw", "accept", "pass", "resign"
WORD_MOVES = (DRAW, ACCEPT, PASS)
SEAT_TEXTS = ("0", "1", "2", "3", "4")  # the seats of a game of at most five


class IllegalMove(ValueError):
    """A move the rules refuse; the message names the rule it breaks."""


class Move:
    """A play (cards in order, an optional declared suit) or draw / accept / pass, maybe with
    ``!``; or ``resign N``: seat N leaves the game, at any time, even out of turn (``seat``).

    Cards and the declared suit are small integers (see ``cards``); moves compare and hash
    by value, so they can be looked up in a set of legal moves. Never change a move: move
    generation shares one object per common move (read-only when compiled).
    """

    __slots__ = ("kind", "cards", "suit", "declare", "_key", "seat")

    def __init__(self, kind, cards=(), suit=None, declare=False, seat=None):
        self._set(kind, tuple(cards), suit, declare, seat)

    def _set(self, kind, cards, suit, declare, seat):
        self.kind = kind
        self.cards = cards
        self.suit = suit
        self.declare = declare
        self.seat = seat
        self._key = (kind, cards, suit, declare, seat)

    @classmethod
    def resign(cls, seat):
        return cls(RESIGN, seat=seat)

    @classmethod
    def play(cls, cards, suit=None, declare=False):
        return cls(PLAY, cards, suit, declare)

    @classmethod
    def parse(cls, text):
        """Read move text such as ``"QH 8H 4H !"``, ``"AH @S"`` or ``"draw !"``."""
        if not isinstance(text, str):
            raise IllegalMove("a move must be text")
        tokens = text.split()
        declare = bool(tokens) and tokens[-1] == "!"
        if declare:
            tokens.pop()
        if not tokens:
            raise IllegalMove(f'{text!r} is not a move: write cards like "7H 7S", or draw, accept or pass')
        if len(tokens) == 1 and tokens[0].lower() in WORD_MOVES:
            return cls(tokens[0].lower(), declare=declare)
        if tokens[0].lower() == RESIGN:
            return cls._parse_resign(text, tokens, declare)
        suit = None
        if tokens[-1].startswith("@"):
            try:
                suit = parse_suit(tokens.pop()[1:])
            except ValueError as error:
                raise IllegalMove(f"{text!r} is not a move: {error}") from None
        try:
            cards = tuple(parse_card(token) for token in tokens)
        except ValueError as error:
            raise IllegalMove(f"{text!r} is not a move: {error}") from None
        if not cards:
            raise IllegalMove(f'{text!r} is not a move: a suit is declared after an ace, like "AH @S"')
        return cls(PLAY, cards, suit, declare)

    @classmethod
    def _parse_resign(cls, text, tokens, declare):
        seat = tokens[1] if len(tokens) == 2 else ""
        if declare or seat not in SEAT_TEXTS:
            raise IllegalMove(f'{text!r} is not a move: a resignation names its seat, like "resign 2"')
        return cls(RESIGN, seat=int(seat))

    def with_declare(self, declare=True):
        move = Move.__new__(Move)
        move._set(self.kind, self.cards, self.suit, declare, self.seat)
        return move

    def __str__(self):
        if self.kind == RESIGN:
            return f"{RESIGN} {self.seat}"
        words = [CARD_TEXT[c] for c in self.cards] if self.kind == PLAY else [self.kind]
        if self.suit is not None:
            words.append("@" + SUITS[self.suit])
        if self.declare:
            words.append("!")
        return " ".join(words)

    def __repr__(self):
        return f"Move.parse({str(self)!r})"

    def __eq__(self, other):
        return isinstance(other, Move) and self._key == other._key

    def __hash__(self):
        return hash(self._key)


def play_move(cards, suit=None):
    """``Move(PLAY, cards, suit)`` for a tuple of cards, without a call through the class:
    a plain C call when compiled, for move generation, which builds many."""
    move = Move.__new__(Move)
    move._set(PLAY, cards, suit, False, None)
    return move
