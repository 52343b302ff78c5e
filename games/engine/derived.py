"""Per-rules look-up tables (``Rules.derived``), shared by every state under those rules."""

from .cards import IS_JOKER, IS_QUESTION, JOKER_RANK, RANK, SUIT, THREE, TWO


class Derived:
    """What move generation asks of the rules on every turn, as flat per-card tuples."""

    __slots__ = (
        "is_answer",
        "is_finishing",
        "penalty_value",
        "answers_in_play",
        "combo_key",
        "deck_size",
    )

    def __init__(self, rules):
        self.deck_size = 52 + rules.jokers
        self.is_answer = tuple(RANK[c] in rules.answer_ranks and not IS_QUESTION[c] for c in range(54))
        self.is_finishing = tuple(not IS_JOKER[c] and RANK[c] in rules.finishing_ranks for c in range(54))
        values = {TWO: 2, THREE: 3, JOKER_RANK: rules.joker_draw}
        self.penalty_value = tuple(values.get(RANK[c], 0) for c in range(54))
        self.answers_in_play = rules.question_answered_by == "self"
        # Non-joker penalty cards in one combo share this key (None for jokers).
        key = RANK if rules.penalty_combo == "same-rank" else SUIT
        self.combo_key = tuple(None if IS_JOKER[c] else key[c] for c in range(54))
