cdef class Derived:
    cdef readonly tuple is_answer, is_finishing, penalty_value, combo_key, may_follow, wild_answer
    cdef readonly bint answers_in_play, consecutive_chains, voluntary_draw, play_after_draw
    cdef readonly bint play_on, lone_card_must_finish, missed_at_one_card, jump_cancel_by_ace
    cdef readonly bint deflect_kings, deflect_jacks, joker_colour_counter, counter_any, counter_suit
    cdef readonly bint declare_finishable, same_suit_combos
    cdef readonly Py_ssize_t deck_size, decks, max_turns, elimination_hand, requests
