cimport cython

from games.engine.derived cimport Derived
from games.engine.moves cimport Move
from games.engine.generate cimport legal_move_at, move_groups
from games.engine.state cimport State
from games.engine.transitions cimport apply_in_place, text_problem

cdef tuple RANK, SUIT, IS_JOKER, IS_PENALTY, IS_QUESTION
cdef Py_ssize_t LIGHT_MOVE_LIMIT, DECLARE_AT
cdef double WIN

cdef class Policy:
    cdef readonly double noise, empty_without_win, keep_wild, draw_cost, attack, attack_near_finish
    cdef readonly double same_suit_left, unanswered_question, finish_next

cdef Policy LIGHT

cpdef Move light_move(State state, object rng, Policy policy=*)
@cython.locals(held=Py_ssize_t, owed=Py_ssize_t, seen=Py_ssize_t, played=Py_ssize_t, score=double,
               best_score=double, left=Py_ssize_t, move=Move, best=Move, cards=tuple, c=Py_ssize_t,
               finishing=tuple, wild=Py_ssize_t, joker=bint, last=Py_ssize_t, chance=double,
               next_held=Py_ssize_t, attack=double, d=Derived, hand=tuple, rank=Py_ssize_t)
cdef Move _light_move(State state, object random, Policy policy)
@cython.locals(moves=Py_ssize_t)
cpdef State playout(State state, object rng, Py_ssize_t limit=*, tuple policies=*)
@cython.locals(moves=Py_ssize_t, held=Py_ssize_t, left=Py_ssize_t, move=Move, declaring=bint)
cpdef tuple random_playout(State state, object rng)
@cython.locals(declared=Move)
cpdef Move declared_if_allowed(State state, Move move)
