cimport cython

from games.engine.derived cimport Derived
from games.engine.moves cimport Move
from games.engine.generate cimport legal_move_at, move_groups
from games.engine.state cimport State
from games.engine.transitions cimport apply_in_place, text_problem

cdef tuple RANK, SUIT, IS_JOKER, IS_PENALTY, IS_QUESTION
# the light policy's weights (set in playout.py)
cdef Py_ssize_t LIGHT_MOVE_LIMIT, DECLARE_AT
cdef double NOISE, WIN, EMPTY_WITHOUT_WIN, KEEP_WILD, DRAW_COST, ATTACK, ATTACK_NEAR_FINISH
cdef double SAME_SUIT_LEFT, UNANSWERED_QUESTION, FINISH_NEXT

cpdef Move light_move(State state, object rng)
@cython.locals(held=Py_ssize_t, owed=Py_ssize_t, seen=Py_ssize_t, played=Py_ssize_t, score=double,
               best_score=double, left=Py_ssize_t, move=Move, best=Move, cards=tuple, c=Py_ssize_t,
               finishing=tuple, wild=Py_ssize_t, joker=bint, last=Py_ssize_t, chance=double,
               next_held=Py_ssize_t, attack=double, d=Derived, hand=tuple, rank=Py_ssize_t)
cdef Move _light_move(State state, object random)
@cython.locals(moves=Py_ssize_t)
cpdef State playout(State state, object rng, Py_ssize_t limit=*)
@cython.locals(moves=Py_ssize_t, held=Py_ssize_t, left=Py_ssize_t, move=Move, declaring=bint)
cpdef tuple random_playout(State state, object rng)
@cython.locals(declared=Move)
cpdef Move declared_if_allowed(State state, Move move)
