"""Why a play is illegal, in words that name the rule (``None`` when it is legal).

Checked directly from the cards, without generating every legal move, so that ``apply``
stays cheap; the property tests hold it to the same answers as ``generate``.
"""

from .cards import ACE, CARD_TEXT, IS_JOKER, IS_PENALTY, IS_QUESTION, JACK, RANK, SUIT, SUIT_NAMES, rank_text
from .generate import connected, effective_top, starts_normally


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
        if not all(RANK[c] == JACK for c in cards):
            return "a jump must be accepted or countered with jacks"
        if not rules.jump_counter:
            return "jumps cannot be countered at this table (jump_counter is off): accept"
        return None
    if kind == "question":
        suit = pending[1]
        if SUIT[first] != suit and not IS_QUESTION[first]:
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
    top = state.discard_pile[-1]
    first = cards[0]
    if RANK[first] == ACE:
        if not rules.ace_cancels_penalty:
            return "aces do not cancel penalties at this table (ace_cancels_penalty is off)"
        if not all(RANK[c] == ACE for c in cards):
            return "a penalty is cancelled with aces only"
        return None
    if not IS_PENALTY[first]:
        return f"you owe {amount} cards: counter with a penalty card, cancel with an ace, or draw"
    rule = rules.penalty_counter
    if RANK[first] != RANK[top]:
        if rule == "same-rank":
            return f"{_name(first)} cannot counter {_name(top)} under same-rank countering"
        if rule == "rank-or-suit" and not IS_JOKER[first] and SUIT[first] != SUIT[top]:
            return (
                f"{_name(first)} cannot counter {_name(top)} under rank-or-suit countering: it shares neither"
            )
    if not all(IS_PENALTY[c] for c in cards):
        return "a counter holds penalty cards only (2, 3 and jokers)"
    return shape_problem(state, cards)


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
            if SUIT[c] not in suits:
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
