cimport cython

from games.engine.state cimport State

cdef class Observation:
    cdef readonly Py_ssize_t seat, draw_pile_size, turn, direction, turns
    cdef readonly object rules, suit, pending, drawn, rank
    cdef readonly tuple hand, hand_sizes, discard_pile, declared, restocked
    cdef readonly list unseen, held, unseen_restocked

    @cython.locals(pile=list, dealt=list, hands=list, at=Py_ssize_t, seat=Py_ssize_t, size=Py_ssize_t,
                   free=Py_ssize_t)
    cpdef State sample(self, object rng)
