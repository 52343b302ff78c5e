"""Greedy, the bots' rule of thumb: it scores every legal move and plays the best; the search
levels (``games.bots.search``) and the opponent model (``games.bots.inference``) weigh moves
with the same ``score``.

The rules of thumb: shed many cards, keep aces and jokers until they are needed, counter a
penalty rather than draw it, leave a hand that can finish on an answer card, and declare Niko
Kadi when the move leaves a hand able to finish on the next turn. They weigh the community
house rules (RULES.md section 13) where they change what a move is worth: a declaration the
table refuses is never made, a draw into ``elimination_hand`` is avoided, an ace that stops a
jump saves the turn, a win under ``play_on`` is a win, attacks aim at the next player in play.
"""

from itertools import islice
from random import Random

from games.engine import IllegalMove, State
from games.engine.cards import ACE, IS_JOKER, IS_PENALTY, IS_QUESTION, JACK, RANK, SUIT, without
from games.engine.moves import ACCEPT, DRAW, PASS, PLAY, Move
from games.engine.transitions import next_in_play
from games.engine.validate import can_finish

MOVE_LIMIT = 5000

# Greedy's weights, in cards: what a move is worth compared with shedding one card.
WIN = 1000.0
EMPTY_WITHOUT_WIN = -3.0  # an empty hand that did not win must draw next turn
DRAW_EXTRA = 0.5  # drawing costs the card and the tempo
KEEP_WILD = 2.0  # an ace or a joker spent
UNANSWERED_QUESTION = 1.0  # the card drawn for it
ATTACK = 0.5  # a penalty or jump on top hurts the next player
ATTACK_NEAR_FINISH = 2.0  # ... and more when they are about to finish
JUMP_AVOIDED = 1.5  # a play against a jump (jacks, a cancelling ace) keeps the turn
ELIMINATED = -WIN / 2  # a draw that reaches elimination_hand puts the bot out
FINISH_NEXT = 2.0  # the cards left can be played out in one winning play
SAME_SUIT_LEFT = 0.25  # per card left of the suit to follow: a play for next turn


def choose(state: State, rng: Random) -> Move:
    """Greedy's move in ``state``: the best ``score`` (``rng`` breaks ties), declaring Niko
    Kadi when it leaves a hand that can finish next turn (or, under ``niko_kadi_missed:
    at-one-card``, one card)."""
    moves = candidate_moves(state)
    move = max(moves, key=lambda m: (score(state, m), rng.random()))
    at_one_card = state.rules.niko_kadi_missed == "at-one-card" and cards_after(state, move) == 1
    return with_declaration(state, move, finishes_next(state, move) or (at_one_card and move.kind == PLAY))


def choose_at_random(state: State, rng: Random) -> Move:
    """Any legal move, declaring Niko Kadi when it leaves one card or none."""
    move = rng.choice(candidate_moves(state))
    return with_declaration(state, move, cards_after(state, move) <= 1)


def with_declaration(state: State, move: Move, wanted: bool) -> Move:
    """``move`` declaring Niko Kadi when ``wanted`` and the table allows it (``declare_allowed``)."""
    declaring = move.with_declare()
    return declaring if wanted and state.problem(declaring) is None else move


def candidate_moves(state: State) -> list[Move]:
    """The legal moves greedy weighs: at most ``MOVE_LIMIT`` of them (a hand full of questions
    and answers can have millions of orderings; the shorter plays come first), plus drawing."""
    moves = list(islice(state.iter_legal_moves(), MOVE_LIMIT))
    if len(moves) == MOVE_LIMIT:
        moves.extend(m for m in (Move(DRAW), Move(PASS), Move(ACCEPT)) if _is_legal(state, m))
    return moves


def _is_legal(state: State, move: Move) -> bool:
    try:
        state.apply(move)
    except IllegalMove:
        return False
    return True


def cards_after(state: State, move: Move) -> int:
    """How many cards the player holds after ``move`` (a draw counts as one card)."""
    held = len(state.hands[state.turn])
    if move.kind == PLAY:
        return held - len(move.cards)
    return held + (move.kind == DRAW)


def finishes_next(state: State, move: Move) -> bool:
    """Whether the hand ``move`` leaves could be played out on the mover's next turn."""
    hand = state.hands[state.turn]
    if move.kind == PLAY:
        return can_finish(without(hand, move.cards), state.rules)
    if move.kind == DRAW:
        return not hand  # the one card drawn may well finish
    return can_finish(hand, state.rules)


def score(state: State, move: Move) -> float:
    """Greedy's value of a legal ``move``: higher is better."""
    pending = state.pending
    hand = state.hands[state.turn]
    if move.kind == DRAW:
        owed = pending[1] if pending and pending[0] == "penalty" else 1
        limit = state.rules.elimination_hand
        return (ELIMINATED if limit and len(hand) + owed >= limit else 0) - owed - DRAW_EXTRA
    if move.kind != PLAY:  # accept a jump, or pass after a draw
        return -DRAW_EXTRA
    cards = move.cards
    rest = without(hand, cards)
    if not rest:
        after = state.apply(move)
        won = after.winner == state.turn or after.placed[state.turn]  # play_on: a later winner
        return WIN if won else EMPTY_WITHOUT_WIN
    value = len(cards) - KEEP_WILD * sum(1 for c in cards if RANK[c] == ACE or IS_JOKER[c])
    if pending and pending[0] == "penalty":
        value += pending[1]  # not drawn (countered, cancelled or sent on)
    elif pending and pending[0] == "jump":
        value += JUMP_AVOIDED
    last = cards[-1]
    if IS_QUESTION[last] and state.rules.question_answered_by == "self":
        value -= UNANSWERED_QUESTION
    if IS_PENALTY[last] or RANK[last] == JACK:
        next_hand = state.hands[next_in_play(state)]
        value += ATTACK + (ATTACK_NEAR_FINISH if len(next_hand) <= 2 else 0)
    if can_finish(rest, state.rules):
        value += FINISH_NEXT
    if move.rank is not None:  # ace_request: a rank is worth the cards of it kept, as a suit is
        return value + SAME_SUIT_LEFT * sum(1 for c in rest if RANK[c] == move.rank)
    suit = move.suit if move.suit is not None else SUIT[last]
    return value + SAME_SUIT_LEFT * sum(1 for c in rest if SUIT[c] == suit)
