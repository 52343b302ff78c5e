"""Why a play is illegal, in words that name the rule (``None`` when it is legal).

Checked directly from the cards, without generating every legal move, so that ``apply``
stays cheap; the property tests hold it to the same answers as ``generate``.
"""

from .cards import (
    ACE,
    CARD_TEXT,
    IS_JOKER,
    IS_PENALTY,
    IS_QUESTION,
    JACK,
    KING,
    RANK,
    RED_JOKER,
    SUIT,
    SUIT_NAMES,
    rank_text,
)
from .generate import connected, effective_top, may_counter, may_deflect, penalty_card, starts_normally


def play_problem(state, cards):
    """The rule a play of held, distinct ``cards`` breaks in this position, or None."""
    pending = state.pending
    rules = state.rules
    first = cards[0]
    if state.drawn is not None:
        if first != state.drawn:
            return (
                "after drawing you may only play a play that begins with the "
                f"card you drew ({CARD_TEXT[state.drawn]}), or pass"
            )
        return _start_problem(state, first) or shape_problem(state, cards)
    if pending is None:
        return _start_problem(state, first) or shape_problem(state, cards)
    kind = pending[0]
    if kind == "jump":
        if rules.jump_cancel_by_ace and RANK[first] == ACE:
            return None if len(cards) == 1 else "a jump is cancelled with one ace only (jump_cancel_by_ace)"
        if not all(RANK[c] == JACK for c in cards):
            if rules.jump_cancel_by_ace:
                return "a jump must be accepted, countered with jacks or cancelled with one ace"
            return "a jump must be accepted or countered with jacks"
        if not rules.jump_counter:
            return "jumps cannot be countered at this table (jump_counter is off): accept"
        return None
    if kind == "question":
        suit = pending[1]
        if SUIT[first] != suit and not IS_QUESTION[first] and not rules.derived.wild_answer[first]:
            return (
                f"a question in {SUIT_NAMES[suit]} must be answered with a "
                f"{SUIT_NAMES[suit][:-1]} or another question, or you draw"
            )
        return shape_problem(state, cards)
    return _penalty_problem(state, cards)


def declaration_allowed(state, cards):
    """Whether a play may name a suit: it ends in an ace, except a lone cancelling ace."""
    if RANK[cards[-1]] != ACE:
        return False
    if state.pending is not None and state.pending[0] == "penalty":
        return state.rules.double_ace_declares and len(cards) > 1
    return True


def _start_problem(state, first):
    if starts_normally(state, first):
        return None
    top = effective_top(state)
    return (
        f"{CARD_TEXT[first]} does not match: play a {SUIT_NAMES[state.suit][:-1]}, "
        f"a {rank_text(RANK[top])}" + (", an ace" if state.rules.ace_wild else "") + " or a joker"
    )


def _penalty_problem(state, cards):
    rules = state.rules
    amount = state.pending[1]
    top = penalty_card(state)
    first = cards[0]
    if RANK[first] == ACE:
        if not rules.ace_cancels_penalty:
            return "aces do not cancel penalties at this table (ace_cancels_penalty is off)"
        if not all(RANK[c] == ACE for c in cards):
            return "a penalty is cancelled with aces only"
        return None
    if rules.penalty_deflect != "none" and (RANK[first] == KING or RANK[first] == JACK):
        return _deflect_problem(rules, top, cards)
    if not IS_PENALTY[first]:
        return f"you owe {amount} cards: counter with a penalty card, cancel with an ace, or draw"
    if not may_counter(rules.derived, top, first):
        if IS_JOKER[top] and rules.joker_colour_counter:
            colours = "hearts or diamonds" if top == RED_JOKER else "spades or clubs"
            return (
                f"{CARD_TEXT[first]} cannot counter the {'red' if top == RED_JOKER else 'black'} "
                f"joker: only a 2 or 3 of {colours} does (joker_colour_counter)"
            )
        if rules.penalty_counter == "same-rank":
            return f"{_name(first)} cannot counter {_name(top)} under same-rank countering"
        return f"{_name(first)} cannot counter {_name(top)} under rank-or-suit countering: it shares neither"
    if not all(IS_PENALTY[c] for c in cards):
        return "a counter holds penalty cards only (2, 3 and jokers)"
    return shape_problem(state, cards)


def _deflect_problem(rules, top, cards):
    """Why a play starting with a king or jack does not send the penalty on, or None."""
    card = cards[0]
    word = "king" if RANK[card] == KING else "jack"
    if len(cards) > 1:
        return f"a penalty is sent on with one {word} alone (penalty_deflect)"
    if may_deflect(rules.derived, top, card):
        return None
    if SUIT[card] != SUIT[top] and not IS_JOKER[top]:
        suit = SUIT_NAMES[SUIT[top]]
        return f"a {word} sends a penalty on only in the penalty card's suit, {suit} (penalty_deflect)"
    return f"a {word} does not send a penalty on at this table (penalty_deflect: {rules.penalty_deflect})"


def lone_card_problem(state, cards):
    """``lone_card_must_finish``: why a play may not leave its one remaining card, or None."""
    hand = state.hands[state.turn]
    if len(hand) - len(cards) != 1:
        return None
    left = [c for c in hand if c not in cards][0]
    if state._derived.is_finishing[left]:
        return None
    return (
        f"this play would leave you holding only {CARD_TEXT[left]}, which cannot finish "
        "(lone_card_must_finish)"
    )


def finishable(rules, hand):
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


def _chain_ends(questions, consecutive):
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


def _name(card):
    return "a joker" if IS_JOKER[card] else f"a {rank_text(RANK[card])}"


def shape_problem(state, cards):
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
        what = "rank" if state.rules.penalty_combo == "same-rank" else "suit"
        return (
            f"2s, 3s and jokers played together must share a {what} "
            f"(penalty_combo: {state.rules.penalty_combo})"
        )
    return (
        "these cards do not form a play: cards of one rank, questions then answers, "
        "or 2s, 3s and jokers together"
    )


def _question_problem(state, cards):
    rules = state.rules
    n = 0
    while n < len(cards) and IS_QUESTION[cards[n]]:
        n += 1
    questions, answers = cards[:n], cards[n:]
    if rules.question_chain == "consecutive":
        for a, b in zip(questions, questions[1:], strict=False):
            if RANK[a] != RANK[b] and SUIT[a] != SUIT[b]:
                return (
                    f"{CARD_TEXT[b]} does not follow {CARD_TEXT[a]}: each question "
                    "must share a rank or suit with the one before it"
                )
    elif not connected(questions):
        return "the questions must form one group, each sharing a rank or suit with another"
    if not answers:
        return None
    if not rules.derived.answers_in_play:
        return "questions are answered by the next player at this table: play questions only"
    d = rules.derived
    if rules.question_chain == "consecutive":
        suits = {SUIT[questions[-1]]}
    else:
        suits = {SUIT[q] for q in questions}
    rank = None
    for c in answers:
        if IS_QUESTION[c]:
            return f"{CARD_TEXT[c]} is a question: questions come before the answers"
        if not d.is_answer[c]:
            return f"{CARD_TEXT[c]} cannot answer a question at this table"
        if IS_JOKER[c]:
            continue
        if rank is None:
            if SUIT[c] not in suits and not d.wild_answer[c]:
                where = (
                    "the last question's suit"
                    if rules.question_chain == "consecutive"
                    else "the suit of one of the questions"
                )
                return f"{CARD_TEXT[c]} cannot answer: the first answer must be of {where}"
            rank = RANK[c]
        elif RANK[c] != rank:
            return (
                f"{CARD_TEXT[c]} cannot follow the answer {rank_text(rank)}: further answers share its rank"
            )
    return None
