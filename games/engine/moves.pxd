cdef class Move:
    cdef readonly str kind
    cdef readonly tuple cards
    cdef readonly object suit
    cdef readonly bint declare
    cdef readonly tuple _key
    cdef readonly object seat
