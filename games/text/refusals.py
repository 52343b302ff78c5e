"""The engine's reasons for refusing a move, in the reader's language.

The engine refuses with a template of ``games.engine.reasons`` and its parameters (an
``IllegalMove``, or the ``Refusal`` that ``State.problem`` returns); ``engine_texts`` puts
the templates in the catalogue, and the cards, suits and ranks among the parameters are
put into words here.
"""

from django.utils.translation import gettext

from games.engine import reasons
from games.engine.refusal import Card, Rank, Suit
from games.text.cards import SUIT_WORDS, card_words, rank_words

# Each template's stable name for programs: its constant's name in ``reasons``, in lower case.
REASON_CODES = {
    template: name.lower() for name, template in vars(reasons).items() if template in reasons.templates()
}


def explain(refusal):
    """The reason of ``refusal`` (an IllegalMove or a Refusal) in the active language."""
    return gettext(refusal.template) % {name: words(value) for name, value in refusal.params.items()}


def reason_code(refusal):
    """The stable name of ``refusal``'s reason (the bot API's ``rule``), e.g. "not_held"."""
    return REASON_CODES[refusal.template]


def words(value):
    """One parameter of a refusal in the active language: a card, suit or rank in words."""
    if isinstance(value, Card):
        return card_words(value.code)
    if isinstance(value, Suit):
        return str(SUIT_WORDS[value.code])
    if isinstance(value, Rank):
        return rank_words(value.code)
    return value
