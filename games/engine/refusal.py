"""Why the rules refuse a move, as data: a ``Refusal`` pairs a template of ``reasons`` with
its parameters, so that the site can say it in the reader's language.

Parameters that are cards, suits or ranks are wrapped (``Card``, ``Suit``, ``Rank``) for the
site to put into words; numbers, quoted move text and rule option values are plain. In
English (``str``) a card reads as its text ("QH"), a suit as its name ("hearts"), a rank as
its text ("10", "K", "joker").
"""

from typing import Any

from .cards import CARD_TEXT, SUIT_NAMES, SUITS, rank_text


class Refusal:
    """A template of ``reasons`` and its parameters (a dict); ``str`` gives the English."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, params: dict[str, Any] | None = None) -> None:
        self.template = template
        self.params = {} if params is None else params

    def __str__(self) -> str:
        return self.template % self.params

    def __repr__(self) -> str:
        return f"Refusal({self.template!r}, {self.params!r})"


class Word:
    """A parameter the site puts into words: ``code`` is its text in the engine's notation."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        self.code = code

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r})"


class Card(Word):
    """A card: "QH", "10S", "JKR"."""

    __slots__ = ()

    @classmethod
    def of(cls, card: int) -> "Card":
        return cls(CARD_TEXT[card])


class Suit(Word):
    """A suit by its letter, one of H D S C; English names it ("hearts")."""

    __slots__ = ()

    @classmethod
    def of(cls, suit: int) -> "Suit":
        return cls(SUITS[suit])

    def __str__(self) -> str:
        return SUIT_NAMES[SUITS.index(self.code)]


class Rank(Word):
    """A rank: "A", "10", "K", or "joker"."""

    __slots__ = ()

    @classmethod
    def of(cls, rank: int) -> "Rank":
        return cls(rank_text(rank))
