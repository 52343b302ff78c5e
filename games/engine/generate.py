"""Legal move generation: every distinct play for the player to move, plus draw/accept/pass.

Plays are built shape by shape (RULES.md section 4) from the cards that may start them, so
each distinct play is produced exactly once without a set to weed out repeats:
same-rank runs for ordinary starters, question chains (which already hold every same-rank
run of questions), penalty combos (which hold every same-rank run of penalty cards under
``same-rank`` combos; under ``same-suit`` the longer same-rank runs are added separately).
"""

from .cards import ACE, IS_JOKER, IS_PENALTY, IS_QUESTION, JACK, RANK, SUIT
from .derived import derive
from .moves import ACCEPT, DRAW, PASS, Move

ALL_SUITS = (0, 1, 2, 3)


def legal_moves(state):
    """Every distinct legal move of the player to move, without ``!``."""
    if state.finished:
        return []
    hand = state.hands[state.turn]
    pending = state.pending
    rules = state.rules
    if state.drawn is not None:
        starters = [state.drawn] if starts_normally(state, state.drawn) else []
        return _as_moves(normal_plays(state, hand, starters), declarable=True) + [Move(PASS)]
    if pending is None:
        plays = normal_plays(state, hand, [c for c in hand if starts_normally(state, c)])
        moves = _as_moves(plays, declarable=True)
        if not moves or rules.voluntary_draw:
            moves.append(Move(DRAW))
        return moves
    kind = pending[0]
    if kind == "penalty":
        moves = _as_moves(penalty_counters(state, hand), declarable=True)
        if rules.ace_cancels_penalty:
            declare = rules.double_ace_declares
            for play in _orderings([c for c in hand if RANK[c] == ACE]):
                moves.extend(_as_moves([play], declarable=declare and len(play) > 1))
        moves.append(Move(DRAW))
        return moves
    if kind == "jump":
        moves = []
        if rules.jump_counter:
            moves = _as_moves(_orderings([c for c in hand if RANK[c] == JACK]), declarable=False)
        moves.append(Move(ACCEPT))
        return moves
    # A question of suit X, answered by this player.
    suit = pending[1]
    starters = [c for c in hand if SUIT[c] == suit or IS_QUESTION[c]]
    return _as_moves(normal_plays(state, hand, starters), declarable=True) + [Move(DRAW)]


def starts_normally(state, card):
    """Whether ``card`` may begin a play on a normal turn (RULES.md section 4)."""
    if IS_JOKER[card] or (RANK[card] == ACE and state.rules.ace_wild):
        return True
    suit = state.suit
    top = effective_top(state)
    if suit is None or top is None:  # after a joker (or an ace cancelling one): anything
        return True
    return SUIT[card] == suit or RANK[card] == RANK[top]


def effective_top(state):
    """The card a new play must match by rank: the top, or under ``after_joker: previous``
    the highest non-joker card; None when anything may follow."""
    pile = state.discard_pile
    top = pile[-1]
    if not IS_JOKER[top]:
        return top
    if state.rules.after_joker == "any":
        return None
    for card in reversed(pile):
        if not IS_JOKER[card]:
            return card
    return None


def normal_plays(state, hand, starters):
    """Every play of any shape that begins with one of ``starters``."""
    d = derive(state.rules)
    rules = state.rules
    plays = []
    questions = [c for c in hand if IS_QUESTION[c]]
    penalties = [c for c in hand if IS_PENALTY[c]]
    answer_seqs = _AnswerSequences(hand, d) if d.answers_in_play else None
    for start in starters:
        if IS_QUESTION[start]:
            _question_plays(start, questions, rules.question_chain, answer_seqs, plays)
        elif IS_PENALTY[start]:
            _combos(start, penalties, d.combo_key, plays)
            if rules.penalty_combo == "same-suit" and not IS_JOKER[start]:
                same = [c for c in hand if c != start and RANK[c] == RANK[start]]
                _extend((start,), same, plays, min_len=2)
        else:
            same = [c for c in hand if c != start and RANK[c] == RANK[start]]
            _extend((start,), same, plays)
    return plays


def penalty_counters(state, hand):
    """Plays (same rank or penalty combo) that counter the pending penalty."""
    top = state.discard_pile[-1]
    rule = state.rules.penalty_counter
    starters = []
    for c in hand:
        if not IS_PENALTY[c]:
            continue
        if (
            RANK[c] == RANK[top]
            or rule == "any"
            or rule == "rank-or-suit" and (IS_JOKER[c] or SUIT[c] == SUIT[top])
        ):
            starters.append(c)
    d = derive(state.rules)
    penalties = [c for c in hand if IS_PENALTY[c]]
    plays = []
    for start in starters:
        _combos(start, penalties, d.combo_key, plays)
        if state.rules.penalty_combo == "same-suit" and not IS_JOKER[start]:
            same = [c for c in hand if c != start and RANK[c] == RANK[start]]
            _extend((start,), same, plays, min_len=2)
    return plays


def _as_moves(plays, declarable):
    """Moves for plays; a play ending in an ace gets one move per declarable suit."""
    moves = []
    for play in plays:
        if declarable and RANK[play[-1]] == ACE:
            moves.extend(Move("play", play, s) for s in ALL_SUITS)
        else:
            moves.append(Move("play", play))
    return moves


def _extend(prefix, pool, out, min_len=1):
    """Append ``prefix`` followed by every ordering of every subset of ``pool``."""
    if len(prefix) >= min_len:
        out.append(prefix)
    for i, card in enumerate(pool):
        _extend(prefix + (card,), pool[:i] + pool[i + 1:], out, min_len)


def _orderings(cards):
    """Every ordering of every non-empty subset of ``cards``."""
    out = []
    for i, card in enumerate(cards):
        _extend((card,), cards[:i] + cards[i + 1:], out)
    return out


def _combos(start, penalties, combo_key, out):
    """Penalty combos from ``start``: non-joker cards share ``combo_key`` (rank or suit)."""

    def grow(play, key):
        out.append(play)
        for c in penalties:
            if c in play:
                continue
            k = combo_key[c]
            if k is None:
                grow(play + (c,), key)
            elif key is None or k == key:
                grow(play + (c,), k)

    grow((start,), combo_key[start])


def _question_plays(start, questions, chain, answer_seqs, out):
    """Question chains from ``start`` and, where answers belong to the play, their answers."""
    if chain == "consecutive":

        def grow(play):
            out.append(play)
            if answer_seqs is not None:
                out.extend(play + a for a in answer_seqs.for_suits((SUIT[play[-1]],)))
            last = play[-1]
            for q in questions:
                if q not in play and (RANK[q] == RANK[last] or SUIT[q] == SUIT[last]):
                    grow(play + (q,))

        grow((start,))
        return

    def grow_any(play):
        if _connected(play):
            out.append(play)
            if answer_seqs is not None:
                suits = tuple(sorted({SUIT[q] for q in play}))
                out.extend(play + a for a in answer_seqs.for_suits(suits))
        for q in questions:
            if q not in play:
                grow_any(play + (q,))

    grow_any((start,))


def _connected(questions):
    """Whether the questions form one group linked by shared rank or suit."""
    reached = [questions[0]]
    rest = list(questions[1:])
    i = 0
    while i < len(reached):
        a = reached[i]
        linked = [q for q in rest if RANK[q] == RANK[a] or SUIT[q] == SUIT[a]]
        for q in linked:
            rest.remove(q)
        reached.extend(linked)
        i += 1
    return not rest


class _AnswerSequences:
    """Answer runs from a hand, cached by the suits the first non-joker answer may have."""

    def __init__(self, hand, d):
        self.answers = [c for c in hand if d.is_answer[c]]
        self.cache = {}

    def for_suits(self, suits):
        seqs = self.cache.get(suits)
        if seqs is None:
            seqs = self.cache[suits] = []
            if self.answers:
                self._grow((), None, suits, seqs)
        return seqs

    def _grow(self, seq, rank, suits, out):
        for c in self.answers:
            if c in seq:
                continue
            if IS_JOKER[c]:
                nxt = rank
            elif rank is None:
                if SUIT[c] not in suits:
                    continue
                nxt = RANK[c]
            elif RANK[c] != rank:
                continue
            else:
                nxt = rank
            play = seq + (c,)
            out.append(play)
            self._grow(play, nxt, suits, out)
