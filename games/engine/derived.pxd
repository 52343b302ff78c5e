cdef class Derived:
    cdef readonly tuple is_answer, is_finishing, penalty_value, combo_key, may_follow, wild_answer
    cdef readonly bint answers_in_play, consecutive_chains, voluntary_draw, play_after_draw
    cdef readonly bint play_on, lone_card_must_finish, missed_at_one_card
    cdef readonly Py_ssize_t deck_size, max_turns, elimination_hand
