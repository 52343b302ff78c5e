cimport cython

from games.engine.derived cimport Derived
from games.engine.state cimport State
from games.engine.transitions cimport reshuffled

ctypedef unsigned long long Bits  # a set of cards: card c is bit c

cdef Py_ssize_t ACE, EIGHT, JACK, JOKER_RANK, KING, QUEEN, THREE, TWO
cdef Py_ssize_t PLAY, DRAW, ACCEPT, NOTHING, PENALTY, JUMP, COUNT, PICK, WEIGH
cdef Bits ANSWER_BITS, ONE, RANK_BASE, SUIT_BASE, JOKER_BITS, ACE_BITS, WILD_BITS, PENALTY_BITS, QUESTION_BITS
# the light policy's weights (set in playcore.py)
cdef Py_ssize_t LIGHT_MOVE_LIMIT, DECLARE_AT
cdef double NOISE, WIN, EMPTY_WITHOUT_WIN, KEEP_WILD, DRAW_COST, ATTACK, ATTACK_NEAR_FINISH
cdef double SAME_SUIT_LEFT, UNANSWERED_QUESTION, FINISH_NEXT
cdef dict _CLASSIC_LIKE

@cython.locals(d=Derived, known=object)
cpdef bint supports(State state)
cpdef State light_game(State state, object rng, Py_ssize_t limit)
@cython.locals(board=Board, moves=Py_ssize_t)
cpdef tuple random_game(State state, object rng)

cdef Py_ssize_t rank_of(Py_ssize_t card) noexcept
cdef Py_ssize_t suit_of(Py_ssize_t card) noexcept
cdef bint is_penalty(Py_ssize_t rank) noexcept
cdef bint is_question(Py_ssize_t rank) noexcept
cdef Bits rank_bits(Py_ssize_t rank) noexcept
cdef Bits suit_bits(Py_ssize_t suit) noexcept
@cython.locals(bits=Bits, c=Py_ssize_t)
cpdef Bits bits_of(object cards)
cdef Py_ssize_t count_bits(Bits bits) noexcept
@cython.locals(c=Py_ssize_t, finishing=tuple, played=Py_ssize_t, score=double, rank=Py_ssize_t, kept=Py_ssize_t)
cpdef double play_score(object hand, Bits cards, Py_ssize_t last, Py_ssize_t suit, Py_ssize_t owed,
                        double attack, Derived d, Py_ssize_t named_rank=*, object kept_hand=*)
cpdef double other_score(bint draw, Py_ssize_t owed)
cdef Bits _may_follow(Py_ssize_t suit, Py_ssize_t top) noexcept
@cython.locals(count=Py_ssize_t, c=Py_ssize_t)
cdef Py_ssize_t _count_of_rank(list cards, Py_ssize_t rank)


@cython.final
cdef class Board:
    cdef Derived d
    cdef list hands, draw, discard, declared
    cdef Py_ssize_t path[54]
    cdef Py_ssize_t chosen[54]
    cdef Py_ssize_t ends[54]
    cdef Py_ssize_t players, turn, direction, suit, pending, amount, jumper, winner, turns, shuffles
    cdef Py_ssize_t niko_kadi_penalty, mode, count, target, kind, played, named, held, owed, seen
    cdef bint finished
    cdef object seed, random
    cdef tuple restocked
    cdef Bits in_path, in_hand
    cdef Py_ssize_t depth
    cdef double attack, best_score

    @cython.locals(s=State)
    cdef State into(self, State state)
    @cython.locals(moves=Py_ssize_t, fraction=double)
    cdef Py_ssize_t random_moves(self, object random)
    @cython.locals(moves=Py_ssize_t)
    cdef light_moves(self, object random, Py_ssize_t limit)
    @cython.locals(near=bint)
    cdef _light_move(self)
    cdef Py_ssize_t _left(self, Py_ssize_t held)
    @cython.locals(hand=list, rank=Py_ssize_t, counters=Bits, top=Py_ssize_t,
                   starters=Bits)
    cdef bint _walk(self) except -1
    @cython.locals(start=Py_ssize_t, rank=Py_ssize_t, stop=bint)
    cdef bint _walk_runs_from(self, list hand, Bits starters, bint declarable) except -1
    cdef bint _walk_run(self, list hand, Py_ssize_t rank, bint declarable) except -1
    @cython.locals(c=Py_ssize_t, stop=bint)
    cdef bint _walk_grown(self, list hand, Bits more, Py_ssize_t rank, bint declarable) except -1
    @cython.locals(c=Py_ssize_t, rank=Py_ssize_t, stop=bint, more=Bits)
    cdef bint _walk_combos(self, list hand, Py_ssize_t key) except -1
    @cython.locals(q=Py_ssize_t, stop=bint, more=Bits, linked=Bits)
    cdef bint _walk_questions(self, list hand, Py_ssize_t last) except -1
    @cython.locals(c=Py_ssize_t, stop=bint, more=Bits)
    cdef bint _walk_answers(self, list hand, Bits follow) except -1
    @cython.locals(suit=Py_ssize_t)
    cdef bint _visit_play(self, bint naming) except -1
    cdef bint _visit(self, Py_ssize_t kind, Py_ssize_t suit) except -1
    @cython.locals(score=double, hand=list, last=Py_ssize_t, chance=double)
    cdef bint _weigh(self, Py_ssize_t kind, Py_ssize_t suit) except -1
    @cython.locals(i=Py_ssize_t)
    cdef _choose(self, Py_ssize_t kind, Py_ssize_t suit)
    cdef void _push(self, Py_ssize_t card) noexcept
    @cython.locals(card=Py_ssize_t)
    cdef void _pop(self) noexcept
    @cython.locals(pile=list, i=Py_ssize_t)
    cdef Py_ssize_t _effective_top(self)
    @cython.locals(pile=list, i=Py_ssize_t)
    cdef Py_ssize_t _penalty_card(self)
    @cython.locals(i=Py_ssize_t)
    cdef _apply(self, bint declare)
    @cython.locals(seat=Py_ssize_t, hand=list, before=Py_ssize_t, had_declared=bint, last=Py_ssize_t,
                   rank=Py_ssize_t, c=Py_ssize_t)
    cdef _play(self, list cards, Py_ssize_t named, bint declare)
    @cython.locals(c=Py_ssize_t, other=Py_ssize_t)
    cdef bint _finishes(self, Py_ssize_t seat, list cards) except -1
    @cython.locals(i=Py_ssize_t)
    cdef Py_ssize_t _suit_after_penalty(self, list cards)
    cdef _kickback(self, Py_ssize_t kings)
    @cython.locals(seat=Py_ssize_t)
    cdef _draw_move(self, bint declare)
    @cython.locals(left=Py_ssize_t)
    cdef _accept(self, bint declare)
    @cython.locals(hand=list)
    cdef _draw(self, Py_ssize_t seat, Py_ssize_t count)
    cdef _reshuffle(self)
    cdef _advance(self)
    cdef _finish(self)
