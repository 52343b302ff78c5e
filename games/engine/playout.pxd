cimport cython

from games.engine.moves cimport Move
from games.engine.generate cimport legal_move_at, move_groups
from games.engine.playcore cimport bits_of, light_game, other_score, play_score, random_game, supports
from games.engine.state cimport State
from games.engine.transitions cimport apply_in_place, text_problem

# the light policy's weights (set in policy.py)
cdef Py_ssize_t LIGHT_MOVE_LIMIT, DECLARE_AT
cdef double NOISE, ATTACK, ATTACK_NEAR_FINISH

cpdef Move light_move(State state, object rng)
@cython.locals(held=Py_ssize_t, owed=Py_ssize_t, seen=Py_ssize_t, score=double, best_score=double,
               left=Py_ssize_t, move=Move, best=Move, chance=double, next_held=Py_ssize_t, attack=double,
               hand=tuple, suit=Py_ssize_t, named=Py_ssize_t, copies=bint, last=Py_ssize_t)
cdef Move _light_move(State state, object random)
@cython.locals(moves=Py_ssize_t)
cpdef State playout(State state, object rng, Py_ssize_t limit=*)
@cython.locals(moves=Py_ssize_t, held=Py_ssize_t, left=Py_ssize_t, move=Move, declaring=bint)
cpdef tuple random_playout(State state, object rng)
@cython.locals(declared=Move)
cpdef Move declared_if_allowed(State state, Move move)
