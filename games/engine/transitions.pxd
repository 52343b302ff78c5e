cimport cython

from games.engine.derived cimport Derived
from games.engine.moves cimport Move
from games.engine.state cimport State

cpdef object apply(State state, Move move, bint listed=*)
cpdef State apply_in_place(State s, Move move)
cpdef object text_problem(State state, Move move)
cpdef object rule_problem(State state, Move move)
cdef object _request_problem(State state, Move move)
@cython.locals(d=Derived)
cpdef object cards_problem(State state, tuple cards)
@cython.locals(d=Derived, in_play=Py_ssize_t, named_before=object, seat=Py_ssize_t, last=Py_ssize_t, rank=Py_ssize_t, c=Py_ssize_t,
               o=Py_ssize_t)
cdef State _play(State s, tuple cards, object declared_suit, object declared_rank, bint declare)
cdef object _suit_after_penalty(State s, tuple cards)
cdef State _kickback(State s, Py_ssize_t kings, Py_ssize_t in_play)
cdef State _deflect(State s, tuple penalty, Py_ssize_t card)
cdef State _resign(State s, Py_ssize_t seat)
cdef object _leave(State s, Py_ssize_t seat, bint won)
cdef object _eliminate_if(State s, Py_ssize_t seat)
cdef object _void_unfinishable_declaration(State s, Py_ssize_t seat)
cdef State _draw_move(State s, bint declare)
cdef State _accept(State s, bint declare)
cdef State _misplay(State s, bint declare)
cdef object _draw(State s, Py_ssize_t seat, Py_ssize_t count)
cdef object _declare_if(State s, bint declare)
cdef State _advance(State s)
cdef State _advance_past_jumper(State s)
@cython.locals(players=Py_ssize_t, turn=Py_ssize_t)
cpdef Py_ssize_t next_in_play(State state)
cdef State _finish(State s)
cdef tuple _with(tuple items, Py_ssize_t index, object value)
@cython.locals(pile=list)
cpdef list reshuffled(object cards, object seed, Py_ssize_t shuffles)
@cython.locals(i=Py_ssize_t, n=Py_ssize_t, bits=Py_ssize_t, j=Py_ssize_t)
cpdef shuffle(list pile, object rng)
