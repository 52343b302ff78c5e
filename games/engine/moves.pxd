cdef class Move:
    cdef public str kind
    cdef public tuple cards
    cdef public object suit
    cdef public bint declare
    cdef public tuple _key
