"""Why a play is illegal, as a ``Refusal`` that names the rule (``None`` when it is legal).

Checked directly from the cards, without generating every legal move, so that ``apply``
stays cheap; the property tests hold it to the same answers as ``generate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from . import reasons
from .cards import (
    ACE,
    IS_JOKER,
    IS_PENALTY,
    IS_QUESTION,
    JACK,
    KING,
    RANK,
    RED_JOKER,
    SUIT,
    without,
)
from .generate import connected, effective_top, may_counter, may_deflect, penalty_card, starts_normally
from .refusal import Card, Rank, Refusal, Suit

if TYPE_CHECKING:
    from .rules import Rules
    from .state import State


def play_problem(state: State, cards: tuple[int, ...]) -> Refusal | None:
    """The rule a play of held ``cards`` (``transitions.cards_problem`` finds none) breaks
    in this position, or None."""
    pending = state.pending
    rules = state.rules
    first = cards[0]
    if state.drawn is not None:
        if first != state.drawn:
            return Refusal(reasons.NOT_THE_DRAWN_CARD, {"card": Card.of(state.drawn)})
        return _start_problem(state, first) or shape_problem(state, cards)
    if pending is None:
        return _start_problem(state, first) or shape_problem(state, cards)
    kind = pending[0]
    if kind == "jump":
        if rules.jump_cancel_by_ace and RANK[first] == ACE:
            return None if len(cards) == 1 else Refusal(reasons.ONE_ACE_AGAINST_JUMP)
        if not all(RANK[c] == JACK for c in cards):
            if rules.jump_cancel_by_ace:
                return Refusal(reasons.JUMP_ACCEPT_COUNTER_OR_ACE)
            return Refusal(reasons.JUMP_ACCEPT_OR_COUNTER)
        if not rules.jump_counter:
            return Refusal(reasons.JUMP_NO_COUNTER)
        return None
    if kind == "question":
        suit = pending[1]
        if SUIT[first] != suit and not IS_QUESTION[first] and not rules.derived.wild_answer[first]:
            return Refusal(reasons.ANSWER_QUESTION, {"suit": Suit.of(suit)})
        return shape_problem(state, cards)
    return _penalty_problem(state, cards)


def declaration_allowed(state: State, cards: tuple[int, ...]) -> bool:
    """Whether a play may name a suit (or, under ``ace_request``, a rank): it ends in an ace,
    except a lone cancelling ace."""
    if RANK[cards[-1]] != ACE:
        return False
    if state.pending is not None and state.pending[0] == "penalty":
        return state.rules.double_ace_declares and len(cards) > 1
    return True


def _start_problem(state: State, first: int) -> Refusal | None:
    if starts_normally(state, first):
        return None
    if state.rank is not None:  # an ace named a rank (ace_request)
        wild = state.rules.ace_wild
        template = reasons.NO_MATCH_NAMED_RANK_ACES_WILD if wild else reasons.NO_MATCH_NAMED_RANK
        return Refusal(template, {"card": Card.of(first), "rank": Rank.of(state.rank)})
    template = reasons.NO_MATCH_ACES_WILD if state.rules.ace_wild else reasons.NO_MATCH
    # a card that may not start has a suit and a top to match (``generate._may_start``)
    rank = Rank.of(RANK[cast(int, effective_top(state))])
    return Refusal(template, {"card": Card.of(first), "suit": Suit.of(cast(int, state.suit)), "rank": rank})


def _penalty_problem(state: State, cards: tuple[int, ...]) -> Refusal | None:
    rules = state.rules
    amount = cast(tuple, state.pending)[1]  # a penalty is pending
    top = penalty_card(state)
    first = cards[0]
    if RANK[first] == ACE:
        if not rules.ace_cancels_penalty:
            return Refusal(reasons.ACES_DO_NOT_CANCEL)
        if not all(RANK[c] == ACE for c in cards):
            return Refusal(reasons.CANCEL_WITH_ACES_ONLY)
        return None
    if rules.penalty_deflect != "none" and (RANK[first] == KING or RANK[first] == JACK):
        return _deflect_problem(rules, top, cards)
    if not IS_PENALTY[first]:
        return Refusal(reasons.OWE_CARDS, {"amount": amount})
    if not may_counter(rules.derived, top, first):
        if IS_JOKER[top] and rules.joker_colour_counter:
            template = reasons.RED_JOKER_COUNTER if top == RED_JOKER else reasons.BLACK_JOKER_COUNTER
            return Refusal(template, {"card": Card.of(first)})
        if rules.penalty_counter == "same-rank":
            return Refusal(reasons.SAME_RANK_COUNTER, {"card": Card.of(first), "top": Card.of(top)})
        return Refusal(reasons.RANK_OR_SUIT_COUNTER, {"card": Card.of(first), "top": Card.of(top)})
    if not all(IS_PENALTY[c] for c in cards):
        return Refusal(reasons.COUNTER_PENALTY_CARDS_ONLY)
    return shape_problem(state, cards)


def _deflect_problem(rules: Rules, top: int, cards: tuple[int, ...]) -> Refusal | None:
    """Why a play starting with a king or jack does not send the penalty on, or None."""
    card = cards[0]
    king = RANK[card] == KING
    if len(cards) > 1:
        return Refusal(reasons.ONE_KING_DEFLECTS if king else reasons.ONE_JACK_DEFLECTS)
    if may_deflect(rules.derived, top, card):
        return None
    if SUIT[card] != SUIT[top] and not IS_JOKER[top]:
        template = reasons.KING_DEFLECTS_IN_SUIT if king else reasons.JACK_DEFLECTS_IN_SUIT
        return Refusal(template, {"suit": Suit.of(cast(int, SUIT[top]))})  # top: no joker
    template = reasons.KING_DOES_NOT_DEFLECT if king else reasons.JACK_DOES_NOT_DEFLECT
    return Refusal(template, {"value": rules.penalty_deflect})


def lone_card_problem(state: State, cards: tuple[int, ...]) -> Refusal | None:
    """``lone_card_must_finish``: why a play may not leave its one remaining card, or None."""
    hand = state.hands[state.turn]
    if len(hand) - len(cards) != 1:
        return None
    left = without(hand, cards)[0]
    if state._derived.is_finishing[left]:
        return None
    return Refusal(reasons.LONE_CARD_CANNOT_FINISH, {"card": Card.of(left)})


def finishable(rules: Rules, hand: Sequence[int]) -> bool:
    """``declare_allowed: finishable``: whether ``hand`` could be played out as one winning
    play (a shape of RULES.md section 4 ending on a finishing card, no joker), whatever the
    top card."""
    if not hand or any(IS_JOKER[c] for c in hand):
        return False
    d = rules.derived
    if all(RANK[c] == RANK[hand[0]] for c in hand):
        return d.is_finishing[hand[0]]
    if all(IS_PENALTY[c] for c in hand):
        return len({d.combo_key[c] for c in hand}) == 1 and any(d.is_finishing[c] for c in hand)
    questions = [c for c in hand if IS_QUESTION[c]]
    answers = [c for c in hand if not IS_QUESTION[c]]
    if not questions:
        return False
    ends = _chain_ends(questions, d.consecutive_chains)
    if not answers:
        return any(d.is_finishing[q] for q in ends)
    if not (d.answers_in_play and all(d.is_answer[c] for c in answers)):
        return False
    if len({RANK[c] for c in answers}) != 1 or not d.is_finishing[answers[0]]:
        return False
    if d.wild_answer[answers[0]]:
        return bool(ends)
    if d.consecutive_chains:
        return any(SUIT[a] == SUIT[q] for a in answers for q in ends)
    return bool(ends) and any(SUIT[a] == SUIT[q] for a in answers for q in questions)


def can_finish(cards: Sequence[int], rules: Rules) -> bool:
    """Whether ``cards`` could all go in one winning play, wherever the play may start:
    one rank of ``finishing_ranks``, or (answered in the same play) questions linked by
    rank or suit followed by answers of one finishing rank, one of them of a question's suit.

    A quicker, narrower reading than ``finishable`` (no penalty combinations, no chain ends),
    which the bots weigh moves by; it decides no move's legality."""
    if not cards or any(IS_JOKER[c] for c in cards):
        return False
    questions = [c for c in cards if IS_QUESTION[c]]
    answers = [c for c in cards if not IS_QUESTION[c]]
    ranks = {RANK[c] for c in answers}
    if len(ranks) != 1 or not ranks <= rules.finishing_ranks:
        return False
    if not questions:
        return True
    return (
        rules.question_answered_by == "self"
        and ranks <= rules.answer_ranks
        and connected(questions)
        and any(SUIT[a] == SUIT[q] for a in answers for q in questions)
    )


def _chain_ends(questions: Sequence[int], consecutive: bool) -> list[int]:
    """The cards on which a play of all ``questions`` may end (none when they form no chain)."""
    if not consecutive:
        return list(questions) if connected(questions) else []
    ends = set()
    count = len(questions)
    stack = [(1 << i, i) for i in range(count)]
    seen = set()
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        used, last = node
        if used == (1 << count) - 1:
            ends.add(questions[last])
            continue
        for i in range(count):
            a, b = questions[last], questions[i]
            if not used & (1 << i) and (RANK[a] == RANK[b] or SUIT[a] == SUIT[b]):
                stack.append((used | (1 << i), i))
    return list(ends)


def shape_problem(state: State, cards: tuple[int, ...]) -> Refusal | None:
    """None if the cards form one of the three shapes of RULES.md section 4, else why not."""
    if all(RANK[c] == RANK[cards[0]] for c in cards):
        return None
    if IS_QUESTION[cards[0]]:
        return _question_problem(state, cards)
    if IS_PENALTY[cards[0]] and all(IS_PENALTY[c] for c in cards):
        key = state.rules.derived.combo_key
        keys = {key[c] for c in cards} - {None}
        if len(keys) <= 1:
            return None
        combo = state.rules.penalty_combo
        template = reasons.COMBO_SAME_RANK if combo == "same-rank" else reasons.COMBO_SAME_SUIT
        return Refusal(template, {"value": combo})
    return Refusal(reasons.NO_SHAPE)


def _question_problem(state: State, cards: tuple[int, ...]) -> Refusal | None:
    rules = state.rules
    n = 0
    while n < len(cards) and IS_QUESTION[cards[n]]:
        n += 1
    questions, answers = cards[:n], cards[n:]
    if rules.question_chain == "consecutive":
        for a, b in zip(questions, questions[1:], strict=False):
            if RANK[a] != RANK[b] and SUIT[a] != SUIT[b]:
                return Refusal(reasons.QUESTION_DOES_NOT_FOLLOW, {"card": Card.of(b), "before": Card.of(a)})
    elif not connected(questions):
        return Refusal(reasons.QUESTIONS_NOT_GROUPED)
    if not answers:
        return None
    if not rules.derived.answers_in_play:
        return Refusal(reasons.QUESTIONS_ONLY)
    d = rules.derived
    if rules.question_chain == "consecutive":
        suits = {SUIT[questions[-1]]}
    else:
        suits = {SUIT[q] for q in questions}
    rank = None
    for c in answers:
        if IS_QUESTION[c]:
            return Refusal(reasons.QUESTION_AFTER_ANSWER, {"card": Card.of(c)})
        if not d.is_answer[c]:
            return Refusal(reasons.NOT_AN_ANSWER, {"card": Card.of(c)})
        if IS_JOKER[c]:
            continue
        if rank is None:
            if SUIT[c] not in suits and not d.wild_answer[c]:
                if rules.question_chain == "consecutive":
                    template = reasons.ANSWER_LAST_QUESTION_SUIT
                else:
                    template = reasons.ANSWER_SOME_QUESTION_SUIT
                return Refusal(template, {"card": Card.of(c)})
            rank = RANK[c]
        elif RANK[c] != rank:
            return Refusal(reasons.ANSWERS_SHARE_RANK, {"card": Card.of(c), "rank": Rank.of(rank)})
    return None
