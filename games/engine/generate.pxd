cimport cython

from games.engine.derived cimport Derived
from games.engine.moves cimport Move, play_move
from games.engine.state cimport State

# The card tables, read by index on every turn (C-level names: Python reads them in cards).
cdef tuple RANK, SUIT, IS_JOKER, IS_PENALTY, IS_QUESTION, SAME_RANK, SINGLE, NAMING

cpdef list legal_moves(State state)
@cython.locals(total=Py_ssize_t, index=Py_ssize_t)
cpdef object legal_move_at(State state, double fraction)
cpdef object iter_legal_moves(State state)
cpdef list move_groups(State state, bint lazy)
@cython.locals(hand=tuple)
cpdef bint has_copies(State state)
@cython.locals(c=Py_ssize_t, requests=Py_ssize_t)
cdef list _rule_groups(State state, bint lazy, bint copies)
@cython.locals(card=Py_ssize_t, allowed=tuple)
cpdef bint starts_normally(State state, object card)
@cython.locals(c=Py_ssize_t, allowed=tuple)
cdef list _normal_starters(State state, tuple hand)
cdef tuple _may_start(State state)
cdef Py_ssize_t _follow_row(Py_ssize_t suit, Py_ssize_t top)
@cython.locals(pile=tuple, top=Py_ssize_t, card=Py_ssize_t)
cpdef object effective_top(State state)
@cython.locals(start=Py_ssize_t, c=Py_ssize_t, groups=list, d=Derived, requests=Py_ssize_t, naming=tuple)
cdef list _normal_groups(State state, tuple hand, list starters, bint lazy)
@cython.locals(c=Py_ssize_t, same_rank=tuple)
cdef list _same_rank(tuple hand, Py_ssize_t card)
cdef _add_play_moves(tuple play, Py_ssize_t requests, list out)
cdef list _listed_moves(list plays, Py_ssize_t requests)

cdef class _AnswerSequences:
    cdef list answers
    cdef tuple wild
    cdef dict cache
    cdef list for_suits(self, tuple suits)
    @cython.locals(c=Py_ssize_t, nxt=Py_ssize_t, play=tuple)
    cdef _grow(self, tuple seq, Py_ssize_t rank, tuple suits, list out)

@cython.locals(d=Derived, top=Py_ssize_t, c=Py_ssize_t)
cdef list penalty_counters(State state, tuple hand)
cpdef object penalty_card(State state)
cpdef bint may_counter(Derived d, Py_ssize_t top, Py_ssize_t card)
cpdef bint may_deflect(Derived d, Py_ssize_t top, Py_ssize_t card)
@cython.locals(d=Derived, top=Py_ssize_t)
cdef list deflectors(State state, tuple hand)
cdef list _penalty_plays(Py_ssize_t start, tuple hand, list penalties, Derived d)
cdef list _extend(tuple prefix, list pool, Py_ssize_t min_len=*, list out=*)
cdef list _orderings(list cards)
cdef list _combos(tuple play, list penalties, tuple combo_key, object key, list out)
cdef list _question_plays(object start, list questions, bint consecutive, _AnswerSequences answer_seqs)
@cython.locals(last=Py_ssize_t, q=Py_ssize_t)
cdef _question_node(tuple play, list questions, bint consecutive, _AnswerSequences answer_seqs, list out, list stack)
