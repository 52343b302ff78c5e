"""What the player facing a pending jump or question may answer with, by the table's options.

The move log, the hand's preview and the table's status each say who must answer what; the
ways out differ between tables (``jump_counter``, ``jump_cancel_by_ace``, ``ace_answers``), so
each sentence is chosen from these answers, read from the same options the engine judges
with (``games.engine.generate``), never written for one preset.
"""

from games.engine.cards import ACE
from games.engine.rules import Rules

JACK_ANSWER, ACE_ANSWER = "jack", "ace"


def jump_answers(rules: Rules) -> frozenset[str]:
    """The cards a jumped player may play instead of being skipped: ``JACK_ANSWER`` (a
    counter, ``jump_counter``), ``ACE_ANSWER`` (``jump_cancel_by_ace``); empty: none."""
    allowed = {JACK_ANSWER: rules.jump_counter, ACE_ANSWER: rules.jump_cancel_by_ace}
    return frozenset(answer for answer, yes in allowed.items() if yes)


def ace_answers_any_question(rules: Rules) -> bool:
    """Whether an ace of any suit may answer a question (``ace_answers: wild`` where aces
    are answers), besides a card of its suit or another question."""
    return rules.ace_answers == "wild" and ACE in rules.answer_ranks
