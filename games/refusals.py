"""The engine's reasons for refusing a move, in the reader's language.

The engine refuses with a template of ``games.engine.reasons`` and its parameters (an
``IllegalMove``, or the ``Refusal`` that ``State.problem`` returns); ``engine_texts`` puts
the templates in the catalogue, and the cards, suits and ranks among the parameters are
put into words here.
"""

from django.utils.translation import gettext

from games.engine.refusal import Card, Rank, Suit
from games.presentation import SUIT_WORDS, card_words, rank_words


def explain(refusal):
    """The reason of ``refusal`` (an IllegalMove or a Refusal) in the active language."""
    return gettext(refusal.template) % {name: words(value) for name, value in refusal.params.items()}


def words(value):
    """One parameter of a refusal in the active language: a card, suit or rank in words."""
    if isinstance(value, Card):
        return card_words(value.code)
    if isinstance(value, Suit):
        return str(SUIT_WORDS[value.code])
    if isinstance(value, Rank):
        return rank_words(value.code)
    return value
