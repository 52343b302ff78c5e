cimport cython

cdef class Move:
    cdef readonly str kind
    cdef readonly tuple cards
    cdef readonly object suit
    cdef readonly bint declare
    cdef readonly tuple _key
    cdef readonly object seat
    cdef readonly object rank

    cdef _set(self, str kind, tuple cards, object suit, bint declare, object seat, object rank=*)
    @cython.locals(move=Move)
    cpdef Move with_declare(self, bint declare=*)

@cython.locals(move=Move)
cpdef Move play_move(tuple cards, object suit=*, object rank=*)
