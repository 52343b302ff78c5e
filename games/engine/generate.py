"""Legal move generation: every distinct play for the player to move, plus draw/accept/pass.

Plays are built shape by shape (RULES.md section 4) from the cards that may start them, so
each distinct play is produced exactly once without a set to weed out repeats:
same-rank runs for ordinary starters, question chains (which already hold every same-rank
run of questions), penalty combos (which hold every same-rank run of penalty cards under
``same-rank`` combos; under ``same-suit`` the longer same-rank runs are added separately).

With two decks a hand may hold both copies of a card. Generation then numbers the second
copy apart (``cards.twin_ids``), so that each copy is played at most once, and
``_distinct_real`` names the real cards in the moves and drops the repeats that the two
numberings of one card give: the moves stay distinct, and a hand without two copies of a
card (every hand on one deck) is listed exactly as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING

from .cards import (
    ACE,
    IS_JOKER,
    IS_PENALTY,
    IS_QUESTION,
    JACK,
    KING,
    RANK,
    RED_JOKER,
    SAME_RANK,
    SUIT,
    TWIN,
    twin_ids,
    without,
)
from .derived import NAMES_NOTHING, RANK_REQUEST_ROWS
from .moves import ACCEPT, DRAW, PASS, PLAY, Move, play_move

if TYPE_CHECKING:
    from .derived import Derived
    from .state import State

ALL_SUITS = (0, 1, 2, 3)
ALL_RANKS = tuple(range(13))
EAGER_QUESTIONS = 2  # a hand of at most this many questions has few question plays: listed at once

# What a play ending in an ace may name, as ``(suit, rank)`` pairs, by ``Derived.requests``
# (``derived.NAMES_NOTHING``, ``NAMES_SUIT``, ``NAMES_RANK``, ``NAMES_EITHER``): the suits in
# suit order, then the ranks in rank order, so that a table naming suits lists as it always did.
SUIT_REQUESTS = tuple((suit, None) for suit in ALL_SUITS)
RANK_REQUESTS = tuple((None, rank) for rank in ALL_RANKS)
REQUESTS = ((), SUIT_REQUESTS, RANK_REQUESTS, SUIT_REQUESTS + RANK_REQUESTS)

# Shared Move objects for the commonest moves (one-card plays, draw, accept, pass), so
# that listing them builds nothing. ``NAMING[requests][c]`` holds card c's one-card moves:
# one per request for an ace, else the one. A second copy's number (``c + TWIN``) has the
# very moves of ``c``: they name the real card.
SINGLE = tuple((Move(PLAY, (c,)),) for c in range(TWIN)) * 2
NAMING = tuple(
    tuple(
        tuple(Move(PLAY, (c,), suit, rank=rank) for suit, rank in named)
        if named and RANK[c] == ACE
        else SINGLE[c]
        for c in range(TWIN)
    )
    * 2
    for named in REQUESTS
)
DRAW_MOVE, ACCEPT_MOVE, PASS_MOVE = Move(DRAW), Move(ACCEPT), Move(PASS)


def legal_moves(state: State) -> list[Move]:
    """Every distinct legal move of the player to move, without ``!``."""
    moves: list[Move] = []
    for group in move_groups(state, False):
        moves += group
    return moves


def legal_move_at(state: State, fraction: float) -> Move | None:
    """``legal_moves(state)[int(fraction * len(legal_moves(state)))]`` for ``fraction`` in
    [0, 1) (a uniform pick from a uniform ``fraction``), without joining the moves into one list."""
    groups: list[Sequence[Move]] = move_groups(state, False)  # type: ignore[assignment]  # not lazy
    total = 0
    for group in groups:
        total += len(group)
    index = int(fraction * total)
    for group in groups:
        if index < len(group):
            return group[index]
        index -= len(group)
    return None  # a finished game has no move


def iter_legal_moves(state: State) -> Iterator[Move]:
    """The legal moves one by one: a hand full of questions and answers can have millions
    of orderings, so a caller that needs only some can stop early."""
    return chain.from_iterable(move_groups(state, True))


def shortest_legal_moves(state: State, limit: int) -> tuple[list[Move], bool]:
    """``(moves, complete)``: the legal moves (without ``!``) in the bot API's order, the
    plays by their number of cards, fewest first (as ``legal_moves`` orders them among
    equals), then draw, accept or pass; at most ``limit`` of them, yet every one-card play
    and word move; ``complete`` when that is every legal move.

    The work is bounded: plays are listed up to a number of cards, one more card at a
    time, until they fill the list; never the millions of long orderings some hands have."""
    if state.finished:
        return [], True
    hand, derived = state.hands[state.turn], state._derived
    lone, finishing = derived.lone_card_must_finish and len(hand) > 1, derived.is_finishing
    copies = has_copies(state)
    groups = _rule_groups(state, True, copies)
    max_cards = 1
    while True:
        plays: list[Move] = []
        words: list[Move] = []
        longer = False
        listed: list[Iterable[Move]] = []
        for group in groups:
            if isinstance(group, _QuestionWalk):
                group, more = group.upto(max_cards)
                longer = longer or more
            listed.append(group)
        for move in _distinct_real(listed) if copies else chain.from_iterable(listed):
            if move.kind != PLAY:
                words.append(move)
            elif len(move.cards) > max_cards:
                longer = True
            elif not lone or len(move.cards) != len(hand) - 1 or not _leaves_loser(hand, move, finishing):
                plays.append(move)
        plays.sort(key=_card_count)
        room = max(limit - len(words), sum(1 for move in plays if len(move.cards) == 1))
        if len(plays) > room or not longer:
            if not plays and not words:  # lone_card_must_finish leaves nothing: draw
                return [DRAW_MOVE], True
            return plays[:room] + words, len(plays) <= room
        max_cards += 1


def _card_count(move: Move) -> int:
    return len(move.cards)


def _leaves_loser(hand: tuple[int, ...], move: Move, is_finishing: tuple[bool, ...]) -> bool:
    """Whether the one card ``move`` leaves in ``hand`` cannot finish (lone_card_must_finish)."""
    return not is_finishing[without(hand, move.cards)[0]]


def has_copies(state: State) -> bool:
    """Whether the hand of the player to move holds two copies of a card (two decks only)."""
    if state._derived.decks == 1:
        return False
    hand = state.hands[state.turn]
    return len(set(hand)) < len(hand)


def _distinct_real(groups: Iterable[Iterable[Move]]) -> Iterator[Move]:
    """The moves of ``groups``, generated from a hand with copies told apart (``twin_ids``),
    naming the real cards, each distinct move once, in the order first met."""
    seen: set[Move] = set()
    for group in groups:
        for move in group:
            if move.kind == PLAY and len(move.cards) > 1 and max(move.cards) >= TWIN:  # one card: real
                move = play_move(tuple([c % TWIN for c in move.cards]), move.suit, move.rank)
            if move not in seen:
                seen.add(move)
                yield move


def move_groups(state: State, lazy: bool) -> list[Iterable[Move]]:
    """The legal moves as a list of groups (tuples or lists), in order; when ``lazy``,
    question plays, which can run to millions of orderings, come as lazy iterables."""
    if state.finished:
        return []
    copies = has_copies(state)
    groups = _rule_groups(state, lazy, copies)
    if copies:
        distinct = _distinct_real(groups)
        groups = [distinct if lazy else list(distinct)]
    hand = state.hands[state.turn]
    if state._derived.lone_card_must_finish and len(hand) > 1:
        kept = _without_lone_losers(groups, hand, state._derived.is_finishing)
        return [kept if lazy else list(kept)]
    return groups


def _without_lone_losers(
    groups: list[Iterable[Move]], hand: tuple[int, ...], is_finishing: tuple[bool, ...]
) -> Iterator[Move]:
    """``lone_card_must_finish``: the moves of ``groups`` but the plays that leave one card
    that cannot finish; a draw when that leaves no move at all (the player cannot play)."""
    left_one = len(hand) - 1
    nothing = True
    for group in groups:
        for move in group:
            if move.kind == PLAY and len(move.cards) == left_one and _leaves_loser(hand, move, is_finishing):
                continue
            nothing = False
            yield move
    if nothing:
        yield DRAW_MOVE


def _rule_groups(state: State, lazy: bool, copies: bool) -> list[Iterable[Move]]:
    """``move_groups`` before ``lone_card_must_finish``; ``copies``: the hand holds two
    copies of a card (``has_copies``), and the second is numbered apart (``_distinct_real``)."""
    hand = state.hands[state.turn]
    if copies:
        hand = twin_ids(hand)
    pending = state.pending
    rules = state.rules
    if state.drawn is not None:
        starters = [state.drawn] if starts_normally(state, state.drawn) else []
        return _normal_groups(state, hand, starters, lazy) + [(PASS_MOVE,)]
    if pending is None:
        starters = _normal_starters(state, hand)
        groups = _normal_groups(state, hand, starters, lazy)
        if not starters or state._derived.voluntary_draw:  # every starter begins at least one play
            groups.append((DRAW_MOVE,))
        return groups
    requests = state._derived.requests
    if pending[0] == "penalty":
        groups = [_listed_moves(penalty_counters(state, hand), requests)]
        if state._derived.deflect_kings or state._derived.deflect_jacks:
            groups.append([SINGLE[c][0] for c in deflectors(state, hand)])
        if rules.ace_cancels_penalty:
            aces = _orderings([c for c in hand if RANK[c] == ACE])
            if rules.double_ace_declares:
                groups.append(_listed_moves([p for p in aces if len(p) > 1], requests))
                aces = [p for p in aces if len(p) == 1]
            groups.append(_listed_moves(aces, NAMES_NOTHING))
        groups.append((DRAW_MOVE,))
        return groups
    if pending[0] == "jump":
        groups = [(ACCEPT_MOVE,)]
        if rules.jump_counter:
            groups.insert(0, _listed_moves(_orderings([c for c in hand if RANK[c] == JACK]), NAMES_NOTHING))
        if state._derived.jump_cancel_by_ace:  # one ace, naming a suit (or rank) as usual
            groups.insert(-1, _listed_moves([(c,) for c in hand if RANK[c] == ACE], requests))
        return groups
    # a question of suit X, answered by this player
    suit = pending[1]
    wild = state._derived.wild_answer
    starters = [c for c in hand if SUIT[c] == suit or IS_QUESTION[c] or wild[c]]
    return _normal_groups(state, hand, starters, lazy) + [(DRAW_MOVE,)]


def starting_cards(state: State) -> list[int]:
    """The cards of the player to move that may begin a play by the turn's own rules, read
    from the same tables as ``_rule_groups`` without building a single play (under question
    chains one hand can have millions). ``choices.playable_cards`` takes away those that
    ``lone_card_must_finish`` leaves with no legal play."""
    if state.finished:
        return []
    hand, pending, rules, derived = state.hands[state.turn], state.pending, state.rules, state._derived
    if state.drawn is not None:
        starters = [state.drawn] if starts_normally(state, state.drawn) else []
    elif pending is None:
        starters = _normal_starters(state, hand)
    elif pending[0] == "penalty":
        firsts = {play[0] for play in penalty_counters(state, hand)}
        if derived.deflect_kings or derived.deflect_jacks:
            firsts.update(deflectors(state, hand))
        starters = [c for c in hand if c in firsts or rules.ace_cancels_penalty and RANK[c] == ACE]
    elif pending[0] == "jump":
        starters = [
            c for c in hand
            if rules.jump_counter and RANK[c] == JACK or derived.jump_cancel_by_ace and RANK[c] == ACE
        ]
    else:  # a question of suit X, answered by this player
        wild = derived.wild_answer
        starters = [c for c in hand if SUIT[c] == pending[1] or IS_QUESTION[c] or wild[c]]
    if derived.decks > 1 and len(set(starters)) < len(starters):  # both copies of a card
        starters = list(dict.fromkeys(starters))
    return starters


def starts_normally(state: State, card: int) -> bool:
    """Whether ``card`` may begin a play on a normal turn (RULES.md section 4)."""
    allowed = _may_start(state)
    return allowed is None or allowed[card]


def _normal_starters(state: State, hand: tuple[int, ...]) -> list[int]:
    """The cards of ``hand`` that may begin a play: ``starts_normally`` for a whole hand."""
    allowed = _may_start(state)
    if allowed is None:
        return list(hand)
    return [c for c in hand if allowed[c]]


def _may_start(state: State) -> tuple[bool, ...] | None:
    """Whether each card may begin a play here (a row of ``Derived.may_follow``), or None
    when any card may: after a joker, or an ace cancelling one. After an ace that named a
    rank (``ace_request``), that rank's row."""
    rank = state.rank
    if rank is not None:
        return state._derived.may_follow[RANK_REQUEST_ROWS + rank]
    suit = state.suit
    top = effective_top(state)
    if suit is None or top is None:
        return None
    return state._derived.may_follow[_follow_row(suit, top)]


def _follow_row(suit: int, top: int) -> int:
    """The row of ``Derived.may_follow`` for the suit to follow and the card on top."""
    return suit * 13 + RANK[top]


def effective_top(state: State) -> int | None:
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


def _normal_groups(
    state: State, hand: tuple[int, ...], starters: list[int], lazy: bool
) -> list[Iterable[Move]]:
    """One group of moves per starter: its plays of every shape (RULES.md section 4);
    when ``lazy``, question plays come as iterators, unless the hand holds so few questions
    that listing them costs less than iterating."""
    groups: list[Iterable[Move]] = []
    # built on first need: most turns have none
    questions: list[int] | None = None
    penalties: list[int] | None = None
    answer_seqs: _AnswerSequences | None = None
    requests = state._derived.requests
    naming = NAMING[requests]
    for start in starters:
        if IS_QUESTION[start]:
            if questions is None:
                questions = [c for c in hand if IS_QUESTION[c]]
                d = state._derived
                if d.answers_in_play:
                    answer_seqs = _AnswerSequences(hand, d.is_answer, d.wild_answer)
            consecutive = state._derived.consecutive_chains
            if lazy and len(questions) > EAGER_QUESTIONS:
                group: Iterable[Move] = _QuestionWalk(start, questions, consecutive, answer_seqs, requests)
            else:
                group = _listed_moves(_question_plays(start, questions, consecutive, answer_seqs), requests)
        elif IS_PENALTY[start]:
            if penalties is None:
                penalties = [c for c in hand if IS_PENALTY[c]]
            group = _listed_moves(_penalty_plays(start, hand, penalties, state._derived), requests)
        else:
            same = _same_rank(hand, start)
            if same:
                group = _listed_moves(_extend((start,), same), requests)
            else:  # the commonest play of all: one card
                group = naming[start]
        groups.append(group)
    return groups


def penalty_card(state: State) -> int:
    """The penalty card a pending penalty comes from: the top, or under a deflecting king
    or jack (``penalty_deflect``) the highest penalty card of the discard pile."""
    pile = state.discard_pile
    for i in range(len(pile) - 1, -1, -1):
        if IS_PENALTY[pile[i]]:
            return pile[i]
    return pile[-1]


def may_counter(d: Derived, top: int, card: int) -> bool:
    """Whether penalty card ``card`` may start a counter to penalty card ``top`` under the
    rules of Derived ``d``."""
    if IS_JOKER[top] and d.joker_colour_counter and not IS_JOKER[card]:
        # red joker: hearts, diamonds (``card`` is no joker: it has a suit)
        return (SUIT[card] < 2) == (top == RED_JOKER)  # type: ignore[operator]
    return (
        RANK[card] == RANK[top]
        or d.counter_any
        or d.counter_suit
        and (IS_JOKER[card] or SUIT[card] == SUIT[top])
    )


def may_deflect(d: Derived, top: int, card: int) -> bool:
    """``penalty_deflect``: whether ``card`` alone sends the penalty of ``top`` on."""
    rank = RANK[card]
    allowed = d.deflect_kings if rank == KING else d.deflect_jacks if rank == JACK else False
    return allowed and (IS_JOKER[top] or SUIT[card] == SUIT[top])


def deflectors(state: State, hand: tuple[int, ...]) -> list[int]:
    top = penalty_card(state)
    d = state._derived
    return [c for c in hand if may_deflect(d, top, c)]


def penalty_counters(state: State, hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Plays (same rank or penalty combo) that counter the pending penalty."""
    top = penalty_card(state)
    d = state._derived
    starters = [c for c in hand if IS_PENALTY[c] and may_counter(d, top, c)]
    penalties = [c for c in hand if IS_PENALTY[c]]
    plays: list[tuple[int, ...]] = []
    for start in starters:
        plays += _penalty_plays(start, hand, penalties, state._derived)
    return plays


def _penalty_plays(
    start: int, hand: tuple[int, ...], penalties: list[int], d: Derived
) -> list[tuple[int, ...]]:
    """A list of the combos from a penalty card, and under same-suit combos its same-rank
    runs too (a combo holds at most four cards of a rank or suit and two jokers)."""
    combo_key = d.combo_key
    plays = _combos((start,), penalties, combo_key, combo_key[start], [])
    if d.same_suit_combos and not IS_JOKER[start]:
        _extend((start,), _same_rank(hand, start), 2, plays)
    return plays


def _same_rank(hand: tuple[int, ...], card: int) -> list[int]:
    """The other cards of ``hand`` of ``card``'s rank."""
    same_rank = SAME_RANK[card]
    return [c for c in hand if same_rank[c]]


def _listed_moves(plays: Iterable[tuple[int, ...]], requests: int) -> list[Move]:
    """The moves for a list of ``plays`` (see ``_add_play_moves``), as a list."""
    moves: list[Move] = []
    for play in plays:
        _add_play_moves(play, requests, moves)
    return moves


def _add_play_moves(play: tuple[int, ...], requests: int, out: list[Move]) -> None:
    """Append to ``out`` the moves for one play: for a play ending in an ace, one per request
    of ``REQUESTS[requests]`` (none under ``NAMES_NOTHING``: the play alone)."""
    if len(play) == 1:
        for move in NAMING[requests][play[0]]:
            out.append(move)
    elif requests and RANK[play[-1]] == ACE:
        for suit, rank in REQUESTS[requests]:
            out.append(play_move(play, suit, rank))
    else:
        out.append(play_move(play))


def _extend(
    prefix: tuple[int, ...], pool: list[int], min_len: int = 1, out: list[tuple[int, ...]] | None = None
) -> list[tuple[int, ...]]:
    """A list of ``prefix`` followed by every ordering of every subset of ``pool``
    (a rank has at most four cards, so the list stays small)."""
    if out is None:
        out = []
    if len(prefix) >= min_len:
        out.append(prefix)
    for i, card in enumerate(pool):
        _extend(prefix + (card,), pool[:i] + pool[i + 1 :], min_len, out)
    return out


def _orderings(cards: list[int]) -> list[tuple[int, ...]]:
    """Every ordering of every non-empty subset of ``cards``."""
    out: list[tuple[int, ...]] = []
    for i, card in enumerate(cards):
        _extend((card,), cards[:i] + cards[i + 1 :], 1, out)
    return out


def _combos(
    play: tuple[int, ...],
    penalties: list[int],
    combo_key: tuple[int | None, ...],
    key: int | None,
    out: list[tuple[int, ...]],
) -> list[tuple[int, ...]]:
    """``out`` with the penalty combos growing ``play``: its non-joker cards share ``key``, a
    value of ``combo_key`` (their rank or their suit; None while the play holds only jokers)."""
    out.append(play)
    for c in penalties:
        if c not in play:
            k = combo_key[c]
            if k is None or key is None or k == key:
                _combos(play + (c,), penalties, combo_key, key if k is None else k, out)
    return out


def _question_plays(
    start: int, questions: list[int], consecutive: bool, answer_seqs: _AnswerSequences | None
) -> list[tuple[int, ...]]:
    """A list of the question plays from ``start`` (see ``_question_node``), in order."""
    plays: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [(start,)]
    while stack:
        _question_node(stack.pop(), questions, consecutive, answer_seqs, plays, stack)
    return plays


class _QuestionWalk:
    """The moves of ``_question_plays`` from ``start``, lazily: they can run to millions of
    orderings. Iterating walks them all; ``upto`` walks only the plays of a few cards."""

    def __init__(
        self,
        start: int,
        questions: list[int],
        consecutive: bool,
        answer_seqs: _AnswerSequences | None,
        requests: int,
    ) -> None:
        self.start = start
        self.questions = questions
        self.consecutive = consecutive
        self.answer_seqs = answer_seqs
        self.requests = requests

    def __iter__(self) -> Iterator[Move]:
        stack: list[tuple[int, ...]] = [(self.start,)]
        while stack:
            plays: list[tuple[int, ...]] = []
            _question_node(stack.pop(), self.questions, self.consecutive, self.answer_seqs, plays, stack)
            yield from _listed_moves(plays, self.requests)

    def upto(self, max_cards: int) -> tuple[list[Move], bool]:
        """``(moves, longer)``: the moves of the plays of at most ``max_cards`` cards, in the
        walk's order, and whether the walk goes on past them (a longer run of questions is
        not always a play: ``longer`` may be true with no longer play)."""
        moves: list[Move] = []
        longer = False
        stack: list[tuple[int, ...]] = [(self.start,)]
        while stack:
            play = stack.pop()
            plays: list[tuple[int, ...]] = []
            grown: list[tuple[int, ...]] = []
            _question_node(play, self.questions, self.consecutive, self.answer_seqs, plays, grown)
            if grown:
                if len(play) < max_cards:
                    stack += grown
                else:
                    longer = True
            for cards in plays:
                if len(cards) <= max_cards:
                    _add_play_moves(cards, self.requests, moves)
                else:
                    longer = True
        return moves, longer


def _question_node(
    play: tuple[int, ...],
    questions: list[int],
    consecutive: bool,
    answer_seqs: _AnswerSequences | None,
    out: list[tuple[int, ...]],
    stack: list[tuple[int, ...]],
) -> None:
    """One step of a depth-first walk over question plays: append to ``out`` the plays of
    ``play`` (itself and, where answers belong to the play, with each run of answers) and
    push the plays growing it onto ``stack``, the last first so that they come off in hand
    order. ``consecutive`` chains link each question to the one before by rank or suit;
    otherwise (``connected``) every ordering whose questions are linked together counts."""
    last = play[-1]
    if consecutive:
        suits: tuple[int | None, ...] | None = (SUIT[last],)
    elif connected(play):
        suits = tuple(sorted({SUIT[q] for q in play}))  # type: ignore[type-var]  # questions have suits
    else:
        suits = None
    if suits is not None:
        out.append(play)
        if answer_seqs is not None:
            for answers in answer_seqs.for_suits(suits):
                out.append(play + answers)
    for q in reversed(questions):
        if q not in play and (not consecutive or RANK[q] == RANK[last] or SUIT[q] == SUIT[last]):
            stack.append(play + (q,))


def connected(questions: Sequence[int]) -> bool:
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

    def __init__(
        self, hand: tuple[int, ...], is_answer: tuple[bool, ...], wild_answer: tuple[bool, ...]
    ) -> None:
        self.answers = [c for c in hand if is_answer[c]]
        self.wild = wild_answer  # ``ace_answers: wild``: first answers of any suit
        self.cache: dict[tuple[int | None, ...], list[tuple[int, ...]]] = {}

    def for_suits(self, suits: tuple[int | None, ...]) -> list[tuple[int, ...]]:
        seqs = self.cache.get(suits)
        if seqs is None:
            seqs = self.cache[suits] = []
            if self.answers:
                self._grow((), -1, suits, seqs)
        return seqs

    def _grow(
        self, seq: tuple[int, ...], rank: int, suits: tuple[int | None, ...], out: list[tuple[int, ...]]
    ) -> None:
        """Append to ``out`` the runs growing ``seq``, whose non-joker answers have ``rank``
        (-1 while it holds none)."""
        for c in self.answers:
            if c in seq:
                continue
            if IS_JOKER[c]:
                nxt = rank
            elif rank < 0:
                if SUIT[c] not in suits and not self.wild[c]:
                    continue
                nxt = RANK[c]
            elif RANK[c] != rank:
                continue
            else:
                nxt = rank
            play = seq + (c,)
            out.append(play)
            self._grow(play, nxt, suits, out)
