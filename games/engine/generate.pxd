from games.engine.state cimport State

cpdef list legal_moves(State state)
cpdef object iter_legal_moves(State state)
cdef list _move_groups(State state)
cpdef bint starts_normally(State state, object card)
cdef list _normal_starters(State state, tuple hand)
cpdef object effective_top(State state)
cdef list _normal_groups(State state, tuple hand, list starters)
cdef object _as_moves(object plays, bint declarable)
