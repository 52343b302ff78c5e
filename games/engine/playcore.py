"""The playout core: whole games on lists of card numbers changed in place, for classic-like
rules (``supports``), giving the very games ``State.apply`` gives.

``playout`` and ``random_playout`` (``playout.py``) hand their position here when it can. A
``Board`` copies it into one list per hand (in hand order, which orders the moves), a draw
and a discard list, and small integers for the turn, the suit to follow and what is pending.
No Move is built: ``_walk`` lays each legal play as a path of cards (``path``), in
``generate``'s order, and ``_visit`` counts the moves, picks one by its index (a second walk,
which skips the starting cards whose plays all come before it) or scores it for the light
policy; only the move chosen is copied. The transitions are ``transitions``'
for these rules, the reshuffle too (the stored games' seeded shuffle, so the replay test
checks playouts move for move). Plain Python lists and ints, C types when compiled
(``playcore.pxd``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .cards import ACE, EIGHT, JACK, JOKER_RANK, KING, QUEEN, THREE, TWIN, TWO
from .policy import (
    ATTACK,
    ATTACK_NEAR_FINISH,
    DECLARE_AT,
    DRAW_COST,
    EMPTY_WITHOUT_WIN,
    FINISH_NEXT,
    KEEP_WILD,
    LIGHT_MOVE_LIMIT,
    NOISE,
    SAME_SUIT_LEFT,
    UNANSWERED_QUESTION,
    WIN,
)
from .rules import Rules
from .transitions import reshuffled

if TYPE_CHECKING:
    import random

    from .derived import Derived
    from .state import State

PLAY, DRAW, ACCEPT = 0, 1, 2  # a move's kind
NOTHING, PENALTY, JUMP = 0, 1, 2  # what is pending
COUNT, PICK, WEIGH = 0, 1, 2  # what ``_visit`` does with a move
# Sets of cards as bits (card c is bit c: a deck fits a 64-bit word when compiled).
ONE = 1
RANK_BASE = 1 | 1 << 13 | 1 << 26 | 1 << 39  # the aces; shifted by a rank, the cards of that rank
SUIT_BASE = (1 << 13) - 1  # the hearts; shifted by 13 × a suit, the cards of that suit
JOKER_BITS = 3 << 52
ACE_BITS = RANK_BASE << ACE
WILD_BITS = ACE_BITS | JOKER_BITS
PENALTY_BITS = RANK_BASE << TWO | RANK_BASE << THREE | JOKER_BITS
QUESTION_BITS = RANK_BASE << EIGHT | RANK_BASE << QUEEN
# The options a game may set as it likes; every other one must be classic's.
FREE_OPTIONS = frozenset({"jokers", "hand_size", "misplay", "max_turns", "joker_draw", "niko_kadi_penalty"})
_CLASSIC_LIKE = {}  # type: dict[object, bool]  # Derived -> whether the core plays its rules


def bits_of(cards: Iterable[int]) -> int:
    """The bit set of a sequence of cards."""
    bits = 0
    for c in cards:
        bits |= ONE << c
    return bits


# The answers of classic rules, which every rule set the core plays keeps.
# (the cards of one deck: ``Derived`` tables run on over move generation's second-copy numbers)
ANSWER_BITS = bits_of([c for c in range(TWIN) if Rules.preset("classic").derived.is_answer[c]])


def supports(state: State) -> bool:
    """Whether the core plays games from ``state``: classic's rules (but ``FREE_OPTIONS``),
    every seat in play, no drawn card waiting to be played and no question pending."""
    d = state._derived
    known = _CLASSIC_LIKE.get(d)
    if known is None:
        known = _CLASSIC_LIKE[d] = _classic_like(state.rules)
    pending = state.pending
    return (
        known
        and state.in_play == len(state.hands)
        and state.drawn is None
        and (pending is None or pending[0] != "question")
    )


def _classic_like(rules: Rules) -> bool:
    classic = Rules.preset("classic").to_dict()
    return all(value == classic[name] for name, value in rules.to_dict().items() if name not in FREE_OPTIONS)


def light_game(state: State, rng: random.Random, limit: int) -> State:
    """``playout.playout`` for a position the core ``supports``."""
    board = Board(state)
    board.light_moves(rng.random, limit)
    return board.into(state)


def random_game(state: State, rng: random.Random) -> tuple[State, int]:
    """``playout.random_playout`` for a position the core ``supports``."""
    board = Board(state)
    moves = board.random_moves(rng.random)
    return board.into(state), moves


def rank_of(card: int) -> int:
    return JOKER_RANK if card >= 52 else card % 13


def suit_of(card: int) -> int:
    """The card's suit, -1 for a joker (where ``cards.SUIT`` says None)."""
    return -1 if card >= 52 else card // 13


def is_penalty(rank: int) -> bool:
    return rank == TWO or rank == THREE or rank == JOKER_RANK


def is_question(rank: int) -> bool:
    return rank == EIGHT or rank == QUEEN


def rank_bits(rank: int) -> int:
    return JOKER_BITS if rank == JOKER_RANK else RANK_BASE << rank


def suit_bits(suit: int) -> int:
    return SUIT_BASE << (13 * suit)


def count_bits(bits: int) -> int:
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


def play_score(
    hand: Sequence[int],
    cards: int,
    last: int,
    suit: int,
    owed: int,
    attack: float,
    d: Derived,
    named_rank: int = -1,
    kept_hand: Sequence[int] | None = None,
) -> float:
    """The light policy's value of playing the cards of bit set ``cards``, ending with
    ``last``, from ``hand``, naming ``suit`` (-1: none) or ``named_rank`` (``ace_request``;
    -1: none), with ``owed`` cards of penalty pending; ``attack``: the worth of a penalty or
    a jack on top; ``d``: the rules' Derived. A request is worth the cards kept that follow it.
    ``kept_hand``: on two decks, the cards the play leaves (a bit set holds one copy of a card:
    a play of both copies would count as one card, the other copy as played)."""
    finishing = d.is_finishing
    played = count_bits(cards) if kept_hand is None else len(hand) - len(kept_hand)
    if played == len(hand):
        return WIN if finishing[last] and not cards & JOKER_BITS else EMPTY_WITHOUT_WIN
    score = played + owed - KEEP_WILD * count_bits(cards & WILD_BITS)
    rank = rank_of(last)
    if is_penalty(rank) or rank == JACK:
        score += attack
    elif is_question(rank) and d.answers_in_play:
        score -= UNANSWERED_QUESTION
    if suit < 0 and named_rank < 0:
        suit = suit_of(last)
    kept = -1  # the one rank kept, while every card kept is of a finishing rank
    for c in hand if kept_hand is None else kept_hand:
        if kept_hand is not None or not (cards >> c) & 1:
            if suit_of(c) == suit or rank_of(c) == named_rank:
                score += SAME_SUIT_LEFT
            if kept == -1 and finishing[c]:
                kept = rank_of(c)
            elif kept != rank_of(c) or not finishing[c]:
                kept = -2
    if kept >= 0:
        score += FINISH_NEXT
    return score


def other_score(draw: bool, owed: int) -> float:
    """The light policy's value of a draw (``owed``: the penalty it takes), an accept or a pass."""
    if draw:
        return -DRAW_COST - (owed if owed else 1)
    return -DRAW_COST


class Board:
    """A position of ``State`` as lists and small integers, changed in place by its moves."""

    def __init__(self, state: State) -> None:
        d = state._derived
        self.d = d
        self.hands = [list(hand) for hand in state.hands]
        self.draw = list(state.draw_pile)
        self.discard = list(state.discard_pile)
        self.players = len(state.hands)
        self.turn = state.turn
        self.direction = state.direction
        self.suit = -1 if state.suit is None else state.suit
        pending = state.pending
        self.pending = NOTHING if pending is None else PENALTY if pending[0] == "penalty" else JUMP
        self.amount = 0 if pending is None else pending[1]  # the penalty's cards, or the jumps left
        self.jumper = pending[2] if pending is not None and self.pending == JUMP else -1
        self.declared = list(state.declared)
        self.winner = -1 if state.winner is None else state.winner
        self.finished = state.finished
        self.turns = state.turns
        self.seed = state.seed
        self.shuffles = state.shuffles
        self.restocked = state.restocked
        self.niko_kadi_penalty = state.rules.niko_kadi_penalty
        self.in_hand = 0  # the bits of the hand of the player to move (for ``_walk``)
        self.path = [0] * 54  # the play ``_walk`` is laying: ``path[:depth]``
        self.depth = 0
        self.in_path = 0  # its cards' bits
        self.mode = COUNT
        self.count = 0
        self.target = 0
        self.ends = [0] * 54  # per starter, the moves counted up to the end of its plays
        self.kind = PLAY  # the move chosen: its kind, cards (``chosen[:played]``) and named suit
        self.chosen = [0] * 54
        self.played = 0
        self.named = -1
        # the light policy's context (``_light_move``), set by ``light_moves`` before any use
        self.random: Callable[[], float] = None  # type: ignore[assignment]
        self.held = 0
        self.owed = 0
        self.attack = 0.0
        self.best_score = 0.0
        self.seen = 0

    def into(self, state: State) -> State:
        """A copy of ``state`` holding this board's position."""
        s = state._copy()
        s.hands = tuple([tuple(hand) for hand in self.hands])
        s.draw_pile = tuple(self.draw)
        s.discard_pile = tuple(self.discard)
        s.turn = self.turn
        s.direction = self.direction
        s.suit = None if self.suit < 0 else self.suit
        if self.pending == PENALTY:
            s.pending = ("penalty", self.amount)
        elif self.pending == JUMP:
            s.pending = ("jump", self.amount, self.jumper)
        else:
            s.pending = None
        s.declared = tuple(self.declared)
        s.winner = None if self.winner < 0 else self.winner
        s.finished = self.finished
        s.turns = self.turns
        s.shuffles = self.shuffles
        s.restocked = self.restocked
        return s

    # -- the two players ----------------------------------------------------------------

    def random_moves(self, random: Callable[[], float]) -> int:
        """Uniformly random legal moves to the end, declaring on any move that leaves at most
        one card (``random_playout``); returns the moves made."""
        moves = 0
        while not self.finished:
            fraction = random()
            self.in_hand = bits_of(self.hands[self.turn])
            self.mode = COUNT
            self.count = 0
            self._walk()
            self.mode = PICK
            self.target = int(fraction * self.count)
            self.count = 0
            self._walk()
            self._apply(self._left(len(self.hands[self.turn])) <= 1)
            moves += 1
        return moves

    def light_moves(self, random: Callable[[], float], limit: int) -> None:
        """The light policy for every seat to the end, or for ``limit`` moves."""
        self.random = random
        moves = 0
        while not self.finished and moves < limit:
            self._light_move()
            moves += 1

    def _light_move(self) -> None:
        """``playout.light_move``: the best of the first ``LIGHT_MOVE_LIMIT`` moves, played."""
        self.held = len(self.hands[self.turn])
        self.in_hand = bits_of(self.hands[self.turn])
        self.owed = self.amount if self.pending == PENALTY else 0
        near = len(self.hands[(self.turn + self.direction) % self.players]) <= 2
        self.attack = ATTACK + (ATTACK_NEAR_FINISH if near else 0.0)
        self.best_score = -1e9
        self.seen = 0
        self.mode = WEIGH
        self._walk()
        self._apply(self._left(self.held) <= DECLARE_AT)

    def _left(self, held: int) -> int:
        """The cards the chosen move leaves in a hand of ``held``."""
        if self.kind == PLAY:
            return held - self.played
        return held + (self.kind == DRAW)

    # -- the legal moves, in generate's order --------------------------------------------

    def _walk(self) -> bool:
        """Visit every legal move of the player to move until ``_visit`` says stop; True if it did."""
        hand = self.hands[self.turn]
        if self.pending == PENALTY:
            rank = rank_of(self._penalty_card())
            counters = rank_bits(rank) & PENALTY_BITS
            return (
                self._walk_runs_from(hand, counters, False)
                or self._walk_runs_from(hand, ACE_BITS, False)
                or self._visit(DRAW, -1)
            )
        if self.pending == JUMP:
            return self._walk_runs_from(hand, rank_bits(JACK), False) or self._visit(ACCEPT, -1)
        top = self._effective_top()
        starters = ~0 if top < 0 or self.suit < 0 else _may_follow(self.suit, top)
        return self._walk_runs_from(hand, starters, True) or self._visit(DRAW, -1)

    def _walk_runs_from(self, hand: list[int], starters: int, declarable: bool) -> bool:
        """The plays from each card of bit set ``starters``, in hand order: penalty combos
        from a penalty card, question chains from a question, else runs of its rank (on a
        jump or a penalty, jacks or aces: never ``declarable``). Picking, a starter whose
        plays end before the index (``ends``, as the count left them) is passed over."""
        for start in hand:
            if (starters >> start) & 1:
                if self.mode == PICK and self.ends[start] <= self.target:
                    self.count = self.ends[start]  # the move picked is further on
                    continue
                self._push(start)
                rank = rank_of(start)
                if is_penalty(rank):
                    stop = self._walk_combos(hand, -1 if rank == JOKER_RANK else rank)
                elif is_question(rank):
                    stop = self._walk_questions(hand, start)
                else:
                    stop = self._walk_run(hand, rank, declarable)
                self._pop()
                if stop:
                    return True
                self.ends[start] = self.count
        return False

    def _walk_run(self, hand: list[int], rank: int, declarable: bool) -> bool:
        """The path (cards of ``rank``), then its runs grown by the hand's other cards of the rank."""
        if self._visit_play(declarable and rank == ACE):
            return True
        return self._walk_grown(hand, rank_bits(rank) & self.in_hand & ~self.in_path, rank, declarable)

    def _walk_grown(self, hand: list[int], more: int, rank: int, declarable: bool) -> bool:
        """``_walk_run`` of the path grown by each card of bit set ``more``, in hand order."""
        if not more:
            return False
        for c in hand:
            if (more >> c) & 1:
                self._push(c)
                stop = self._walk_run(hand, rank, declarable)
                self._pop()
                if stop:
                    return True
        return False

    def _walk_combos(self, hand: list[int], key: int) -> bool:
        """The path (penalty cards whose non-jokers share rank ``key``, -1 while none), then
        the combos growing it (``generate._combos``)."""
        if self._visit(PLAY, -1):
            return True
        more = self.in_hand & ~self.in_path & (PENALTY_BITS if key < 0 else rank_bits(key) | JOKER_BITS)
        if not more:
            return False
        for c in hand:
            if (more >> c) & 1:
                rank = rank_of(c)
                self._push(c)
                stop = self._walk_combos(hand, key if rank == JOKER_RANK else rank)
                self._pop()
                if stop:
                    return True
        return False

    def _walk_questions(self, hand: list[int], last: int) -> bool:
        """The path (a chain of questions ending in ``last``), it with each run of answers,
        then the chains growing it (``generate._question_node``, consecutive chains)."""
        if self._visit(PLAY, -1) or self._walk_answers(hand, suit_bits(suit_of(last))):
            return True
        linked = rank_bits(rank_of(last)) | suit_bits(suit_of(last))
        more = self.in_hand & ~self.in_path & QUESTION_BITS & linked
        if not more:
            return False
        for q in hand:
            if (more >> q) & 1:
                self._push(q)
                stop = self._walk_questions(hand, q)
                self._pop()
                if stop:
                    return True
        return False

    def _walk_answers(self, hand: list[int], follow: int) -> bool:
        """The path grown by each answer of bit set ``follow`` (the question's suit, then the
        first answer's rank), and by the answers that may follow that."""
        more = self.in_hand & ~self.in_path & ANSWER_BITS & follow
        if not more:
            return False
        for c in hand:
            if (more >> c) & 1:
                self._push(c)
                stop = self._visit_play(rank_of(c) == ACE) or self._walk_answers(hand, rank_bits(rank_of(c)))
                self._pop()
                if stop:
                    return True
        return False

    def _visit_play(self, naming: bool) -> bool:
        """Visit the path as a play: when ``naming`` (it ends in an ace that may name a suit),
        one move per suit."""
        if naming:
            for suit in range(4):
                if self._visit(PLAY, suit):
                    return True
            return False
        return self._visit(PLAY, -1)

    def _visit(self, kind: int, suit: int) -> bool:
        """One legal move (the path when a play): counted, picked or weighed; True to stop."""
        if self.mode == WEIGH:
            return self._weigh(kind, suit)
        if self.mode == PICK and self.count == self.target:
            self._choose(kind, suit)
            return True
        self.count += 1
        return False

    def _weigh(self, kind: int, suit: int) -> bool:
        """The light policy's look at one move: kept when best so far, with its noise."""
        if kind == PLAY:
            hand = self.hands[self.turn]
            last = self.path[self.depth - 1]
            score = play_score(hand, self.in_path, last, suit, self.owed, self.attack, self.d)
        else:
            score = other_score(kind == DRAW, self.owed)
        chance = self.random()
        score += chance * NOISE
        if score > self.best_score:
            self.best_score = score
            self._choose(kind, suit)
        self.seen += 1
        return self.seen >= LIGHT_MOVE_LIMIT

    def _choose(self, kind: int, suit: int) -> None:
        """Keep the move visited (the path when a play) as the one to play."""
        self.kind = kind
        for i in range(self.depth):
            self.chosen[i] = self.path[i]
        self.played = self.depth
        self.named = suit

    def _push(self, card: int) -> None:
        self.path[self.depth] = card
        self.depth += 1
        self.in_path |= ONE << card

    def _pop(self) -> None:
        self.depth -= 1
        card = self.path[self.depth]
        self.in_path ^= ONE << card

    def _effective_top(self) -> int:
        """``generate.effective_top`` under ``after_joker: previous``: the highest non-joker
        card, -1 when there is none."""
        pile = self.discard
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] < 52:
                return pile[i]
        return -1

    def _penalty_card(self) -> int:
        """``generate.penalty_card``: the highest penalty card of the discard pile, else its top."""
        pile = self.discard
        for i in range(len(pile) - 1, -1, -1):
            if is_penalty(rank_of(pile[i])):
                return pile[i]
        return pile[-1]

    # -- the chosen move's effects (transitions, for these rules) ----------------------------

    def _apply(self, declare: bool) -> None:
        """Play the chosen move, declaring Niko Kadi when ``declare``."""
        if self.kind == PLAY:
            self._play([self.chosen[i] for i in range(self.played)], self.named, declare)
        elif self.kind == DRAW:
            self._draw_move(declare)
        else:
            self._accept(declare)

    def _play(self, cards: list[int], named: int, declare: bool) -> None:
        """``transitions._play``: ``cards`` played, naming suit ``named`` (-1: none)."""
        seat = self.turn
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        before = self.pending
        self.discard.extend(cards)
        had_declared = self.declared[seat]
        self.declared[seat] = declare
        self.pending = NOTHING
        last = cards[-1]
        rank = rank_of(last)
        if not hand and self._finishes(seat, cards):
            if had_declared:
                self.suit = suit_of(last)
                self.winner = seat
                self.finished = True
                return self._finish()
            self._draw(seat, self.niko_kadi_penalty)  # at-finish: the undeclared finish
        if rank == ACE:
            if named >= 0:
                self.suit = named
            elif before == PENALTY:  # ace_cancel_suit: penalty
                self.suit = suit_of(self._penalty_card())
            else:
                self.suit = suit_of(last)
        elif is_penalty(rank):
            self.pending = PENALTY
            self.amount = self.d.penalty_value[last]
            self.suit = self._suit_after_penalty(cards)
        else:
            self.suit = suit_of(last)
            if rank == JACK:
                self.pending = JUMP
                self.amount = _count_of_rank(cards, JACK)
                self.jumper = seat
            elif rank == KING:
                return self._kickback(_count_of_rank(cards, KING))
            elif is_question(rank):  # nobody answered
                self._draw(seat, 1)
        self._advance()
        self._finish()

    def _finishes(self, seat: int, cards: list[int]) -> bool:
        """Whether emptying the hand with ``cards`` wins (a finishing card, no joker, every
        other hand still holding cards), given a declaration."""
        if not self.d.is_finishing[cards[-1]]:
            return False
        for c in cards:
            if c >= 52:
                return False
        for other in range(self.players):
            if other != seat and not self.hands[other]:
                return False
        return True

    def _suit_after_penalty(self, cards: list[int]) -> int:
        """The suit of the highest non-joker card played, else the suit as it was
        (``after_joker: previous``)."""
        for i in range(len(cards) - 1, -1, -1):
            if cards[i] < 52:
                return suit_of(cards[i])
        return self.suit

    def _kickback(self, kings: int) -> None:
        """An odd number of kings reverses the direction; with two players the same one goes again."""
        if kings % 2 == 1:
            self.direction = -self.direction
            if self.players == 2:  # kickback_two_player: play-again
                return self._finish()
        self._advance()
        self._finish()

    def _draw_move(self, declare: bool) -> None:
        """A draw: the penalty pending, or one card."""
        seat = self.turn
        self.declared[seat] = declare
        if self.pending == PENALTY:
            self._draw(seat, self.amount)
            self.pending = NOTHING
        else:
            self._draw(seat, 1)
        self._advance()
        self._finish()

    def _accept(self, declare: bool) -> None:
        """A jump accepted: the turn passes on, past the jumper while jumps are left."""
        if declare:
            self.declared[self.turn] = True
        left = self.amount - 1
        self._advance()
        if left:
            if self.turn == self.jumper:
                self._advance()
            self.amount = left
        else:
            self.pending = NOTHING
        self._finish()

    def _draw(self, seat: int, count: int) -> None:
        """``transitions._draw``: up to ``count`` cards, reshuffling the discard pile (all but
        its top) by the stored games' seeded shuffle when the draw pile runs out."""
        hand = self.hands[seat]
        for _ in range(count):
            if not self.draw:
                if len(self.discard) <= 1:
                    return
                self._reshuffle()
            hand.append(self.draw.pop())

    def _reshuffle(self) -> None:
        self.draw = reshuffled(self.discard[:-1], self.seed, self.shuffles)
        self.shuffles += 1
        self.restocked = tuple(sorted(self.draw))
        del self.discard[:-1]

    def _advance(self) -> None:
        self.turn = (self.turn + self.direction) % self.players

    def _finish(self) -> None:
        self.turns += 1
        if not self.finished and self.turns >= self.d.max_turns:
            self.finished = True


def _may_follow(suit: int, top: int) -> int:
    """The cards that may begin a play on ``top`` with ``suit`` to follow, as bits
    (``Derived.may_follow`` under ``ace_wild`` and ``penalty_start: matching``)."""
    return suit_bits(suit) | rank_bits(rank_of(top)) | ACE_BITS | JOKER_BITS


def _count_of_rank(cards: list[int], rank: int) -> int:
    count = 0
    for c in cards:
        if rank_of(c) == rank:
            count += 1
    return count
