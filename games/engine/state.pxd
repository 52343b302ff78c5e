cimport cython

from games.engine.derived cimport Derived

cdef class State:
    cdef public object rules
    cdef public tuple hands
    cdef public tuple draw_pile
    cdef public tuple discard_pile
    cdef public Py_ssize_t turn
    cdef public Py_ssize_t direction
    cdef public object suit
    cdef public object rank
    cdef public object pending
    cdef public tuple declared
    cdef public object drawn
    cdef public object winner
    cdef public bint finished
    cdef public Py_ssize_t turns
    cdef public object seed
    cdef public Py_ssize_t shuffles
    cdef public tuple restocked
    cdef public object _legal
    cdef readonly Derived _derived
    cdef public tuple placed
    cdef public Py_ssize_t in_play

    @cython.locals(s=State)
    cpdef State _copy(self)
