cimport cython

from games.engine.derived cimport Derived
from games.engine.moves cimport Move
from games.engine.state cimport State

cdef tuple RANK, SUIT, IS_JOKER, IS_PENALTY, IS_QUESTION

@cython.locals(held=Py_ssize_t, owed=Py_ssize_t, seen=Py_ssize_t, played=Py_ssize_t, score=double,
               best_score=double, left=Py_ssize_t, move=Move, best=Move, cards=tuple, c=Py_ssize_t,
               finishing=tuple, wild=Py_ssize_t, joker=bint, last=Py_ssize_t,
               next_held=Py_ssize_t, attack=double, d=Derived, hand=tuple, rank=Py_ssize_t)
cpdef Move light_move(State state, object rng)
@cython.locals(moves=Py_ssize_t)
cpdef State playout(State state, object rng, Py_ssize_t limit=*)
@cython.locals(moves=Py_ssize_t, held=Py_ssize_t, left=Py_ssize_t, move=Move, legal=list, declaring=bint)
cpdef tuple random_playout(State state, object rng)
