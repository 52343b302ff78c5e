"""Moves and their text form (RULES.md section 1)."""

from __future__ import annotations

from collections.abc import Iterable

from . import reasons
from .cards import CARD_TEXT, RANKS, SUITS, parse_card, parse_request
from .refusal import Refusal

PLAY, DRAW, ACCEPT, PASS, RESIGN = "play", "draw", "accept", "pass", "resign"
WORD_MOVES = (DRAW, ACCEPT, PASS)
SEAT_TEXTS = tuple(str(seat) for seat in range(10))  # the seats of a game of at most ten


class IllegalMove(ValueError):
    """A move the rules refuse, for a ``Refusal``: ``template`` (one of ``reasons``) and
    ``params`` name the rule it breaks; ``str`` gives the English sentence."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.template = refusal.template
        self.params = refusal.params


def _not_a_move(template: str, text: str, token: str | None = None) -> IllegalMove:
    params = {"text": repr(text)} if token is None else {"text": repr(text), "token": repr(token)}
    return IllegalMove(Refusal(template, params))


class Move:
    """A play (cards in order, an optional request: the suit or, under ``ace_request``, the
    rank its last ace names) or draw / accept / pass, maybe with ``!``; or ``resign N``: seat
    N leaves the game, at any time, even out of turn (``seat``).

    Cards and the request (``suit`` 0–3 or ``rank`` 0–12, at most one of them) are small
    integers (see ``cards``); moves compare and hash
    by value, so they can be looked up in a set of legal moves. Never change a move: move
    generation shares one object per common move (read-only when compiled).
    """

    __slots__ = ("kind", "cards", "suit", "declare", "_key", "seat", "rank")

    def __init__(
        self,
        kind: str,
        cards: Iterable[int] = (),
        suit: int | None = None,
        declare: bool = False,
        seat: int | None = None,
        rank: int | None = None,
    ) -> None:
        self._set(kind, tuple(cards), suit, declare, seat, rank)

    def _set(
        self,
        kind: str,
        cards: tuple[int, ...],
        suit: int | None,
        declare: bool,
        seat: int | None,
        rank: int | None = None,
    ) -> None:
        self.kind = kind
        self.cards = cards
        self.suit = suit
        self.declare = declare
        self.seat = seat
        self.rank = rank
        self._key = (kind, cards, suit, declare, seat, rank)

    @classmethod
    def resign(cls, seat: int) -> Move:
        return cls(RESIGN, seat=seat)

    @classmethod
    def play(
        cls, cards: Iterable[int], suit: int | None = None, declare: bool = False, rank: int | None = None
    ) -> Move:
        return cls(PLAY, cards, suit, declare, None, rank)

    @classmethod
    def parse(cls, text: object) -> Move:
        """Read move text such as ``"QH 8H 4H !"``, ``"AH @S"``, ``"AH @Q"`` or ``"draw !"``."""
        if not isinstance(text, str):
            raise IllegalMove(Refusal(reasons.NOT_TEXT))
        tokens = text.split()
        declare = bool(tokens) and tokens[-1] == "!"
        if declare:
            tokens.pop()
        if not tokens:
            raise _not_a_move(reasons.EMPTY_MOVE, text)
        if len(tokens) == 1 and tokens[0].lower() in WORD_MOVES:
            return cls(tokens[0].lower(), declare=declare)
        if tokens[0].lower() == RESIGN:
            return cls._parse_resign(text, tokens, declare)
        suit = rank = None
        if tokens[-1].startswith("@"):
            token = tokens.pop()[1:]
            try:
                suit, rank = parse_request(token)
            except ValueError:
                raise _not_a_move(reasons.NOT_A_REQUEST, text, token) from None
        cards = []
        for token in tokens:
            try:
                cards.append(parse_card(token))
            except ValueError:
                raise _not_a_move(reasons.NOT_A_CARD, text, token) from None
        if not cards:
            raise _not_a_move(reasons.SUIT_WITHOUT_CARDS, text)
        return cls(PLAY, tuple(cards), suit, declare, None, rank)

    @classmethod
    def _parse_resign(cls, text: str, tokens: list[str], declare: bool) -> Move:
        seat = tokens[1] if len(tokens) == 2 else ""
        if declare or seat not in SEAT_TEXTS:
            raise _not_a_move(reasons.RESIGN_WITHOUT_SEAT, text)
        return cls(RESIGN, seat=int(seat))

    def with_declare(self, declare: bool = True) -> Move:
        move = Move.__new__(Move)
        move._set(self.kind, self.cards, self.suit, declare, self.seat, self.rank)
        return move

    def __str__(self) -> str:
        if self.kind == RESIGN:
            return f"{RESIGN} {self.seat}"
        words = [CARD_TEXT[c] for c in self.cards] if self.kind == PLAY else [self.kind]
        if self.suit is not None:
            words.append("@" + SUITS[self.suit])
        elif self.rank is not None:
            words.append("@" + RANKS[self.rank])
        if self.declare:
            words.append("!")
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)


def play_move(cards: tuple[int, ...], suit: int | None = None, rank: int | None = None) -> Move:
    """``Move(PLAY, cards, suit, rank=rank)`` for a tuple of cards, without a call through the
    class: a plain C call when compiled, for move generation, which builds many."""
    move = Move.__new__(Move)
    move._set(PLAY, cards, suit, False, None, rank)
    return move
