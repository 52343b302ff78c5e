"""Per-rules look-up tables (``Rules.derived``), shared by every state under those rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ACE, IDS, IS_JOKER, IS_PENALTY, IS_QUESTION, JOKER_RANK, RANK, SUIT, THREE, TWO

if TYPE_CHECKING:
    from .rules import Rules

# ``Derived.requests``: what an ace's request may name. NAMES_NOTHING is for plays that name
# nothing (a lone ace cancelling a penalty); the others follow the ``ace_request`` option.
NAMES_NOTHING, NAMES_SUIT, NAMES_RANK, NAMES_EITHER = 0, 1, 2, 3
REQUEST_KINDS = {"suit": NAMES_SUIT, "rank": NAMES_RANK, "either": NAMES_EITHER}
# The first row of ``Derived.may_follow`` for a named rank (rows 0-51: a suit and a top rank).
RANK_REQUEST_ROWS = 52


class Derived:
    """What move generation and moves ask of the rules on every turn: flat per-card tuples
    (over ``cards.IDS``: a second copy's number too), and the options read on every move,
    as plain values (C fields when compiled; each State holds its rules' Derived)."""

    __slots__ = (
        "is_answer",
        "is_finishing",
        "penalty_value",
        "answers_in_play",
        "combo_key",
        "same_suit_combos",
        "deck_size",
        "decks",
        "consecutive_chains",
        "voluntary_draw",
        "play_after_draw",
        "may_follow",
        "max_turns",
        "wild_answer",
        "play_on",
        "elimination_hand",
        "lone_card_must_finish",
        "missed_at_one_card",
        "jump_cancel_by_ace",
        "deflect_kings",
        "deflect_jacks",
        "joker_colour_counter",
        "counter_any",
        "counter_suit",
        "declare_finishable",
        "requests",
    )

    def __init__(self, rules: Rules) -> None:
        self.voluntary_draw = rules.voluntary_draw
        self.play_after_draw = rules.play_after_draw
        self.max_turns = rules.max_turns
        self.consecutive_chains = rules.question_chain == "consecutive"
        self.deck_size = 52 + rules.jokers  # the card numbers in use: 0 .. deck_size - 1
        self.decks = rules.decks
        self.is_answer = tuple(RANK[c] in rules.answer_ranks and not IS_QUESTION[c] for c in IDS)
        self.is_finishing = tuple(not IS_JOKER[c] and RANK[c] in rules.finishing_ranks for c in IDS)
        values = {TWO: 2, THREE: 3, JOKER_RANK: rules.joker_draw}
        self.penalty_value = tuple(values.get(RANK[c], 0) for c in IDS)
        self.answers_in_play = rules.question_answered_by == "self"
        # ace_answers: wild: an answering ace may be the first answer whatever its suit
        wild = rules.ace_answers == "wild"
        self.wild_answer = tuple(wild and RANK[c] == ACE and RANK[c] in rules.answer_ranks for c in IDS)
        self.jump_cancel_by_ace = rules.jump_cancel_by_ace
        self.deflect_kings = rules.penalty_deflect in ("king", "king-jack")
        self.deflect_jacks = rules.penalty_deflect in ("jack", "king-jack")
        self.joker_colour_counter = rules.joker_colour_counter
        self.counter_any = rules.penalty_counter == "any"
        self.counter_suit = rules.penalty_counter == "rank-or-suit"
        self.declare_finishable = rules.declare_allowed == "finishable"
        self.play_on = rules.play_on
        self.elimination_hand = rules.elimination_hand
        self.lone_card_must_finish = rules.lone_card_must_finish
        self.missed_at_one_card = (
            rules.niko_kadi and rules.niko_kadi_missed == "at-one-card" and rules.niko_kadi_penalty > 0
        )
        # Non-joker penalty cards in one combo share this key (None for jokers).
        key = RANK if rules.penalty_combo == "same-rank" else SUIT
        self.combo_key = tuple(None if IS_JOKER[c] else key[c] for c in IDS)
        self.same_suit_combos = rules.penalty_combo == "same-suit"
        # may_follow[suit * 13 + rank][c]: whether card c may begin a play on a card of
        # ``rank`` when the suit to follow is ``suit`` (RULES.md section 4; section 13's
        # penalty_start: any lets a 2 or 3 start on anything, as a joker always may).
        penalty_start = rules.penalty_start == "any"
        # Rows 52 + rank (``ace_request``): after an ace named ``rank``, a card of that rank
        # or one the table lets go on anything (a joker, an ace under ace_wild, a penalty
        # card under penalty_start: any); the ace's own suit and rank no longer match.
        self.may_follow = tuple(
            tuple(
                IS_JOKER[c]
                or SUIT[c] == suit
                or RANK[c] == rank
                or (rules.ace_wild and RANK[c] == ACE)
                or (penalty_start and IS_PENALTY[c])
                for c in IDS
            )
            for suit in range(4)
            for rank in range(13)
        ) + tuple(
            tuple(
                IS_JOKER[c]
                or RANK[c] == rank
                or (rules.ace_wild and RANK[c] == ACE)
                or (penalty_start and IS_PENALTY[c])
                for c in IDS
            )
            for rank in range(13)
        )
        # What a play ending in an ace may name (``ace_request``), a key of
        # ``generate.REQUESTS``: suits, ranks, or suits then ranks.
        self.requests = REQUEST_KINDS[rules.ace_request]
