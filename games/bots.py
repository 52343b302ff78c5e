"""How bots choose their moves: pure Python over an engine ``State``, no Django, no database.

``random`` plays any legal move. ``greedy`` scores every legal move with a few rules of
thumb (shed many cards, keep aces and jokers until they are needed, counter a penalty
rather than draw it, leave a hand that can finish on an answer card) and declares Niko
Kadi when its move leaves it able to finish on its next turn. Both weigh the community
house rules (RULES.md section 13) where they change what a move is worth: a declaration
the table refuses is never made, a draw into ``elimination_hand`` is avoided, an ace
that stops a jump saves the turn, a win under ``play_on`` is a win, attacks aim at the
next player in play. ``clever`` and ``expert`` search (``games.search``: Monte Carlo
playouts of greedy's best moves over deals sampled from what the bot has seen, and agreeing
with what the others did, ``games.inference``), with 400 and 1500 playouts a move.
"""

from itertools import islice

from games.engine import IllegalMove, replay
from games.engine.cards import ACE, IS_JOKER, IS_PENALTY, IS_QUESTION, JACK, RANK, SUIT
from games.engine.generate import connected
from games.engine.moves import ACCEPT, DRAW, PASS, PLAY, Move

LEVELS = ("random", "greedy", "clever", "expert")  # weakest first
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


def choose_move(state, level, rng, history=()):
    """The move a bot of ``level`` makes in ``state`` (whose turn it is); ``rng`` is a
    ``random.Random``, so a seeded one makes the choice reproducible. ``history``: the
    ``(position, move)`` pairs that led to ``state``, oldest first, which the search levels
    read (through the mover's view) to infer the others' hands.

    A hand full of questions and answers can have millions of legal orderings, so a bot
    weighs at most ``MOVE_LIMIT`` of them (the shorter plays come first), plus drawing."""
    moves = _candidate_moves(state)
    if level == "random":
        move = rng.choice(moves)
        return _declared(state, move, _cards_after(state, move) <= 1)
    if level == "greedy":
        move = max(moves, key=lambda m: (_score(state, m), rng.random()))
        at_one_card = state.rules.niko_kadi_missed == "at-one-card" and _cards_after(state, move) == 1
        return _declared(state, move, _finishes_next(state, move) or (at_one_card and move.kind == PLAY))
    if level in LEVELS:
        return analyse(state, level, rng, history)[0]
    raise ValueError(f"no bot level {level!r}; the levels are {', '.join(LEVELS)}")


def analyse(state, level, rng, history=()):
    """``(move, win_chance)``: the move search ``level`` ("clever" or "expert") makes in
    ``state`` and its estimated chance (0 to 1) that the seat to move wins the game, from
    what that seat can see. Costs what the level's move costs (``games.search.BUDGETS``)."""
    from games import search  # the search builds on greedy: imported here, no import cycle

    if level not in search.BUDGETS:
        raise ValueError(f"{level!r} does not search; the search levels are {', '.join(search.BUDGETS)}")
    analysis = search.analyse(state, level, rng, history)
    return analysis.move, analysis.win_chance


def searches(level):
    """Whether bots of ``level`` search (and so read the game's earlier moves)."""
    from games import search

    return level in search.BUDGETS


def replayed_history(state, first, moves):
    """The ``(position, move)`` pairs of ``state``'s game, replayed from its deal (seat
    ``first`` to play first) through ``moves`` (texts), for ``choose_move``; empty when they
    do not lead to ``state`` (a game stored before some change of the engine, say)."""
    try:
        states = replay(state.rules, state.players, state.seed, moves, first)
    except (IllegalMove, ValueError):
        return ()
    if states[-1] != state:
        return ()
    return list(zip(states[:-1], map(Move.parse, moves), strict=True))


def forfeit_move(state):
    """The move the server makes for a player who has left the game: accept, draw or pass
    when one is legal (so they never win); else, without ``voluntary_draw``, the first
    play listed, which is a single card."""
    for kind in (ACCEPT, DRAW, PASS):
        try:
            state.apply(Move(kind))
        except IllegalMove:
            continue
        return Move(kind)
    return next(state.iter_legal_moves())


def _declared(state, move, wanted):
    """``move`` declaring Niko Kadi when ``wanted`` and the table allows it (``declare_allowed``)."""
    declared = move.with_declare()
    return declared if wanted and state.problem(declared) is None else move


def _candidate_moves(state):
    moves = list(islice(state.iter_legal_moves(), MOVE_LIMIT))
    if len(moves) == MOVE_LIMIT:
        moves.extend(m for m in (Move(DRAW), Move(PASS), Move(ACCEPT)) if _is_legal(state, m))
    return moves


def _is_legal(state, move):
    try:
        state.apply(move)
    except IllegalMove:
        return False
    return True


def _cards_after(state, move):
    """How many cards the player holds after ``move`` (a draw counts as one card)."""
    held = len(state.hands[state.turn])
    if move.kind == PLAY:
        return held - len(move.cards)
    return held + (move.kind == DRAW)


def _finishes_next(state, move):
    hand = state.hands[state.turn]
    if move.kind == PLAY:
        return can_finish(_without(hand, move.cards), state.rules)
    if move.kind == DRAW:
        return not hand  # the one card drawn may well finish
    return can_finish(hand, state.rules)


def _score(state, move):
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
    rest = _without(hand, cards)
    if not rest:
        after = state.apply(move)
        won = after.winner == state.turn or after.placed[state.turn]  # play_on: a later winner
        return WIN if won else EMPTY_WITHOUT_WIN
    score = len(cards) - KEEP_WILD * sum(1 for c in cards if RANK[c] == ACE or IS_JOKER[c])
    if pending and pending[0] == "penalty":
        score += pending[1]  # not drawn (countered, cancelled or sent on)
    elif pending and pending[0] == "jump":
        score += JUMP_AVOIDED
    last = cards[-1]
    if IS_QUESTION[last] and state.rules.question_answered_by == "self":
        score -= UNANSWERED_QUESTION
    if IS_PENALTY[last] or RANK[last] == JACK:
        next_hand = state.hands[_next_in_play(state)]
        score += ATTACK + (ATTACK_NEAR_FINISH if len(next_hand) <= 2 else 0)
    if can_finish(rest, state.rules):
        score += FINISH_NEXT
    suit = move.suit if move.suit is not None else SUIT[last]
    return score + SAME_SUIT_LEFT * sum(1 for c in rest if SUIT[c] == suit)


def _next_in_play(state):
    seat = (state.turn + state.direction) % state.players
    while state.placed[seat]:
        seat = (seat + state.direction) % state.players
    return seat


def can_finish(cards, rules):
    """Whether ``cards`` could all go in one winning play, wherever the play may start:
    one rank of ``finishing_ranks``, or (answered in the same play) questions linked by
    rank or suit followed by answers of one finishing rank, one of them of a question's suit."""
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


def _without(hand, cards):
    played = set(cards)
    return [c for c in hand if c not in played]
