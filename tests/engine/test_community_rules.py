"""RULES.md section 13: the community's house rules, each in worked cases, and where it
meets the rules it touches; then resignations (``resign N``), built on the same seats-out-
of-play mechanism as ``play_on`` and ``elimination_hand``."""

from collections import Counter

import pytest

from games.engine import IllegalMove, Move, Rules, new_game, replay

from .helpers import build, deck, every_card, hand, jump, legal, penalty, play, play_all, question

PLAIN = ["4", "5", "6", "7", "9", "10"]
FILLER = ("4C 6C 10C", "4D 6D 10D", "4S 6S 10S", "5C 9C 7C")


def rules(preset="classic", **options):
    """A rules dict: ``preset`` (classic unless said) refusing misplays, plus ``options``."""
    return {"preset": preset, "misplay": "reject", **options}


def plays(state):
    return legal(state) - {"draw", "accept", "pass"}


def refused(state, text, *words):
    """``text`` raises IllegalMove naming ``words`` (a rule), and changes nothing."""
    before = state.to_dict()
    with pytest.raises(IllegalMove) as error:
        play(state, text)
    for word in words:
        assert word in str(error.value)
    assert state.to_dict() == before
    assert str(state.problem(text)) == str(error.value)


def conserved(state):
    assert sorted(every_card(state.to_dict())) == sorted(deck(state.rules.jokers))


# --- ace_answers ----------------------------------------------------------------------------

def test_ace_answers_wild_lets_an_ace_answer_a_question_of_any_suit():
    state = build(rules=rules(ace_answers="wild"), hands=["QH AS 5C", FILLER[0]], discard=["7H"])
    assert {"QH AS @H", "QH AS @C"} <= legal(state)
    assert play(state, "QH AS").to_dict()["suit"] == "S"  # a bare ace names its own suit
    assert play(state, "QH AS @C").to_dict()["suit"] == "C"
    suited = build(rules=rules(), hands=["QH AS 5C", FILLER[0]], discard=["7H"])
    assert not any(text.startswith("QH AS") for text in legal(suited))
    refused(suited, "QH AS", "first answer")


def test_ace_answers_wild_needs_aces_among_the_answer_cards():
    state = build(rules=rules(ace_answers="wild", answer_ranks=PLAIN), hands=["QH AS 5C", FILLER[0]],
                  discard=["7H"])
    refused(state, "QH AS", "cannot answer")


def test_ace_answers_wild_further_answers_share_the_aces_rank():
    state = build(rules=rules(ace_answers="wild"), hands=["QH AS AD 5S", FILLER[0]], discard=["7H"])
    assert "QH AS AD @D" in legal(state)
    refused(state, "QH AS 5S", "share its rank")


def test_ace_answers_wild_only_for_the_first_answer():
    state = build(rules=rules(ace_answers="wild"), hands=["QH 5H AS", FILLER[0]], discard=["7H"])
    refused(state, "QH 5H AS", "share its rank")


def test_ace_answers_wild_answers_a_question_passed_to_the_next_player():
    options = {"answer_ranks": [*PLAIN, "A"], "ace_answers": "wild"}
    state = build(rules=rules("rulebook", **options), hands=["9C", "AS 5C", FILLER[1]],
                  discard=["7H", "QH"], pending=question("H"), turn=1)
    assert "AS @D" in legal(state)
    assert play(state, "AS @D").to_dict()["suit"] == "D"
    suited = build(rules=rules("rulebook", answer_ranks=[*PLAIN, "A"]), hands=["9C", "AS 5C", FILLER[1]],
                   discard=["7H", "QH"], pending=question("H"), turn=1)
    refused(suited, "AS", "question in hearts")


def test_ace_answers_wild_a_winning_ace_answer():
    state = build(rules=rules(ace_answers="wild"), hands=["QH AS", FILLER[0]], discard=["7H"],
                  declared=[True, False])
    after = play(state, "QH AS")
    assert after.finished and after.winner == 0


# --- jump_cancel_by_ace ---------------------------------------------------------------------

def jumped(options, aces="AS", players=3, count=1):
    hands = ["9C", f"{aces} 5C", *FILLER[1:players - 1]]
    return build(rules=rules(jump_cancel_by_ace=True, **options) if options is not None else rules(),
                 hands=hands, discard=["7H", "JH"], pending=jump(count, 0), turn=1)


def test_jump_cancel_by_ace_cancels_the_jump_and_names_a_suit():
    state = jumped({})
    assert {"AS @S", "AS @D", "accept"} <= legal(state)
    after = play(state, "AS @D")
    assert after.to_dict()["pending"] is None
    assert after.to_dict()["suit"] == "D"
    assert after.turn == 2


def test_jump_cancel_by_ace_a_bare_ace_keeps_its_suit():
    assert play(jumped({}), "AS").to_dict()["suit"] == "S"


def test_jump_cancel_by_ace_one_ace_only():
    state = jumped({}, aces="AS AD")
    assert "AS AD" not in legal(state)
    refused(state, "AS AD", "one ace only")


def test_jump_cancel_by_ace_off_refuses_the_ace():
    state = jumped(None)
    assert legal(state) == {"accept"}
    refused(state, "AS", "jump")


def test_jump_cancel_by_ace_sets_the_rest_of_a_long_jump_to_nothing():
    state = build(rules=rules(jump_cancel_by_ace=True), hands=["9C", "5C", "AS 5D", "5S"],
                  discard=["7H", "JH", "JD", "JS", "JC"], pending=jump(3, 0), turn=2)
    after = play(state, "AS")
    assert after.to_dict()["pending"] is None
    assert after.turn == 3  # play passes on from the ace's player


def test_jump_cancel_by_ace_with_jump_counter_off_still_cancels():
    state = jumped({"jump_counter": False}, aces="AS JD")
    assert legal(state) >= {"AS @S", "accept"}
    assert "JD" not in legal(state)


# --- penalty_deflect ------------------------------------------------------------------------

def owing(option, held="KH JH KS 5C", top="2H", players=3, preset="classic"):
    hands = ["9C", held, *FILLER[1:players - 1]]
    amount = 5 if top.startswith("JK") else 2
    return build(rules=rules(preset, penalty_deflect=option), hands=hands, discard=["7H", top],
                 pending=penalty(amount), turn=1)


def test_penalty_deflect_king_sends_the_penalty_back():
    state = owing("king-jack")
    assert {"KH", "JH"} <= legal(state)
    after = play(state, "KH")
    assert after.direction == -1
    assert after.turn == 0
    assert after.to_dict()["pending"] == penalty(2)
    assert after.to_dict()["suit"] == "H"


def test_penalty_deflect_jack_passes_the_penalty_on():
    after = play(owing("king-jack"), "JH")
    assert after.direction == 1
    assert after.turn == 2
    assert after.to_dict()["pending"] == penalty(2)


def test_penalty_deflect_needs_one_card_of_the_penalty_cards_suit():
    state = owing("king-jack")
    assert "KS" not in legal(state)
    refused(state, "KS", "penalty card's suit", "penalty_deflect")
    refused(state, "KH KS", "one king alone")


def test_penalty_deflect_after_a_joker_any_suit():
    state = owing("king", top="JKR")
    assert {"KH", "KS"} <= legal(state)
    assert play(state, "KS").to_dict()["pending"] == penalty(5)


@pytest.mark.parametrize(("option", "allowed", "refused_card"), [("king", "KH", "JH"), ("jack", "JH", "KH")])
def test_penalty_deflect_king_or_jack_alone(option, allowed, refused_card):
    state = owing(option)
    assert allowed in legal(state) and refused_card not in legal(state)
    refused(state, refused_card, "penalty_deflect")


@pytest.mark.parametrize("card", ["KH", "JH"])
def test_penalty_deflect_with_two_players_returns_the_penalty(card):
    state = owing("king-jack", players=2)
    after = play(state, card)
    assert after.turn == 0
    assert after.to_dict()["pending"] == penalty(2)


def test_penalty_deflect_a_deflected_penalty_is_drawn_as_usual():
    after = play(owing("king-jack", held="JH 5C"), "JH")
    after = play(after, "draw")  # seat 2 draws the 2 passed to it
    assert after.turn == 0 and after.to_dict()["pending"] is None
    assert len(hand(after, 2)) == 5


def test_penalty_deflect_a_king_on_top_keeps_the_penalty_card_deciding():
    state = owing("king", held="KH 5C", players=3)
    after = play(state, "KH")  # back to seat 0, who holds 9C only: it owes 2
    data = after.to_dict()
    assert data["discard_pile"][-2:] == ["2H", "KH"]
    rebuilt = build(rules=rules(penalty_deflect="king", ace_cancel_suit="penalty"),
                    hands=["2S KS AC", "5C", FILLER[1]], discard=["7H", "2H", "KH"],
                    pending=penalty(2), turn=0)
    assert {"2S", "AC"} <= legal(rebuilt)
    assert "KS" not in legal(rebuilt)  # the penalty card is hearts
    assert play(rebuilt, "AC").to_dict()["suit"] == "H"  # the penalty card's suit, not the king's


# --- penalty_start --------------------------------------------------------------------------

def test_penalty_start_any_lets_a_two_or_three_start_on_anything():
    state = build(rules=rules(penalty_start="any"), hands=["2S 3C 3D 5C", FILLER[0]], discard=["7H"])
    assert {"2S", "3C", "3C 3D"} <= legal(state)
    assert play(state, "2S").to_dict()["pending"] == penalty(2)


def test_penalty_start_matching_needs_a_match():
    state = build(rules=rules(), hands=["2S 3C 5C", FILLER[0]], discard=["7H"])
    assert "2S" not in legal(state)
    refused(state, "2S", "does not match")


def test_penalty_start_any_does_not_change_counters():
    state = build(rules=rules(penalty_start="any"), hands=["9C", "3S 5C", FILLER[1]],
                  discard=["7H", "2H"], pending=penalty(2), turn=1)
    assert legal(state) == {"draw"}


def test_penalty_start_any_not_for_a_question_passed_on():
    state = build(rules=rules("rulebook", penalty_start="any"), hands=["9C", "2S 5C", FILLER[1]],
                  discard=["7H", "QH"], pending=question("H"), turn=1)
    assert "2S" not in legal(state)


def test_penalty_start_any_a_drawn_two_may_be_played():
    state = build(rules=rules("rulebook", penalty_start="any"), hands=["5C", FILLER[0]],
                  discard=["7H"], draws=["2S"])
    after = play(state, "draw")
    assert after.to_dict()["drawn"] == "2S"
    assert "2S" in legal(after)


# --- joker_colour_counter -------------------------------------------------------------------

def joker_owed(counter, joker="JKR", held="2H 3S 2D JKB", **options):
    return build(rules=rules(penalty_counter=counter, joker_colour_counter=True, **options),
                 hands=["9C", held, FILLER[1]], discard=["7H", joker] if joker != "JKB" else ["7H", "JKB"],
                 pending=penalty(5), turn=1)


def test_joker_colour_counter_red_joker_by_hearts_or_diamonds():
    state = joker_owed("same-rank", held="2H 3S 2D 5C")
    assert {"2H", "2D", "2H 2D"} <= legal(state)
    assert "3S" not in legal(state)
    refused(state, "3S", "red joker", "joker_colour_counter")


def test_joker_colour_counter_black_joker_by_spades_or_clubs():
    state = joker_owed("any", joker="JKB", held="2H 3S 5C")
    assert "3S" in legal(state) and "2H" not in legal(state)
    refused(state, "2H", "black joker")


def test_joker_colour_counter_overrides_any():
    without = build(rules=rules(penalty_counter="any"), hands=["9C", "2S 5C", FILLER[1]],
                    discard=["7H", "JKR"], pending=penalty(5), turn=1)
    assert "2S" in legal(without)
    assert "2S" not in legal(joker_owed("any", held="2S 5C"))


def test_joker_colour_counter_a_joker_still_counters_a_joker():
    assert "JKB" in legal(joker_owed("same-rank", held="JKB 5C"))


def test_joker_colour_counter_leaves_other_penalties_alone():
    state = build(rules=rules(joker_colour_counter=True), hands=["9C", "3H 2S 5C", FILLER[1]],
                  discard=["7H", "2H"], pending=penalty(2), turn=1)
    assert plays(state) == {"2S"}


# --- elimination_hand -----------------------------------------------------------------------

NINE = "4C 5C 6C 7C 9C 10C 4D 5D 6D"


def test_elimination_hand_a_draw_reaching_it_puts_the_player_out():
    state = build(rules=rules(elimination_hand=10), hands=[NINE, "5H", "5S"], discard=["7H"], draws=["KS"])
    after = play(state, "draw")
    data = after.to_dict()
    assert data["hands"][0] == []
    assert data["placed"] == [3, 0, 0]
    assert data["draw_pile"][:10] == [*NINE.split(), "KS"]  # under the draw pile
    assert after.turn == 1 and not after.finished
    conserved(after)


def test_elimination_hand_below_the_limit_stays():
    state = build(rules=rules(elimination_hand=11), hands=[NINE, "5H", "5S"], discard=["7H"])
    assert play(state, "draw").to_dict()["placed"] == [0, 0, 0]


def test_elimination_hand_a_penalty_draw_counts_and_the_seat_is_passed_over():
    state = build(rules=rules(elimination_hand=10), hands=["5H 9H", NINE[:-3], "5S 6S"],
                  discard=["7H", "2H"], pending=penalty(2), turn=1)
    after = play(state, "draw")
    assert after.to_dict()["placed"] == [0, 3, 0]
    assert after.turn == 2
    after = play(after, "draw")
    assert after.turn == 0
    after = play(after, "9H")
    assert after.turn == 2  # seat 1 is passed over


def test_elimination_hand_the_last_player_in_play_wins():
    state = build(rules=rules(elimination_hand=10), hands=[NINE, "5H 6H"], discard=["7H"])
    after = play(state, "draw")
    assert after.finished and after.winner == 1
    assert after.places() == [2, 1]
    assert after.legal_moves() == []


def test_elimination_hand_after_a_reshuffle():
    state = build(rules=rules(elimination_hand=10), hands=[NINE, "5H 6H", "5S"],
                  draw_pile=[], discard=["KD", "KC", "7H"])
    after = play(state, "draw")
    data = after.to_dict()
    assert data["placed"] == [3, 0, 0]
    assert data["discard_pile"] == ["7H"]
    assert len(data["draw_pile"]) == 50  # the reshuffled discard pile, under it the hand
    assert data["draw_pile"][:9] == NINE.split()
    assert after.to_dict()["shuffles"] == 1
    conserved(after)


def test_elimination_hand_with_play_on_places_in_order():
    options = {"elimination_hand": 10, "play_on": True, "niko_kadi": False}
    state = build(rules=rules(**options), hands=["5H", NINE, "6S 9S"], discard=["7H"])
    state = play(state, "5H")  # seat 0 wins: first place
    assert not state.finished and state.to_dict()["placed"] == [1, 0, 0]
    state = play(state, "draw")  # seat 1 reaches 10: out, the last place
    assert state.finished
    assert state.places() == [1, 3, 2]
    assert state.winner == 0


def test_elimination_hand_option_values():
    assert Rules.from_dict({"elimination_hand": 13}).elimination_hand == 13
    for bad in (5, 31, True):
        with pytest.raises(ValueError, match="elimination_hand"):
            Rules.from_dict({"elimination_hand": bad})


# --- play_on --------------------------------------------------------------------------------

def playing_on(hands, discard=("7H",), **kwargs):
    return build(rules=rules(play_on=True, niko_kadi=False), hands=hands, discard=list(discard), **kwargs)


def test_play_on_each_winner_takes_the_next_place():
    state = playing_on(["5H", "6H 9H", "4D 6D 10D"])
    state = play(state, "5H")
    assert not state.finished
    assert state.winner == 0 and state.to_dict()["placed"] == [1, 0, 0]
    assert state.turn == 1 and state.places() is None
    state = play_all(state, ["6H", "draw", "9H"])
    assert state.finished
    assert state.places() == [1, 2, 3]
    assert state.winner == 0


def test_play_on_a_jump_aimed_at_a_finished_player_passes_on():
    state = playing_on(["5H JH", "", "4D 6D", "4S 6S"], placed=[0, 1, 0, 0], winner=1)
    after = play(state, "JH")
    assert after.turn == 2 and after.to_dict()["pending"] == jump(1, 0)
    assert play(after, "accept").turn == 3


def test_play_on_a_kickback_aimed_at_a_finished_player_passes_on():
    state = playing_on(["5D", "", "KH 6H", "4S 6S"], placed=[0, 1, 0, 0], winner=1, turn=2)
    after = play(state, "KH")
    assert after.direction == -1 and after.turn == 0


def test_play_on_a_penalty_aimed_at_a_finished_player_passes_on():
    state = playing_on(["2H 6H", "", "4D 6D", "4S 6S"], placed=[0, 1, 0, 0], winner=1)
    after = play(state, "2H")
    assert after.turn == 2 and after.to_dict()["pending"] == penalty(2)


def test_play_on_the_winning_plays_effect_passes_on():
    state = build(rules=rules(play_on=True, niko_kadi=False, finishing_ranks=[*PLAIN, "A", "J"]),
                  hands=["JH", "4D 6D", "4S 6S"], discard=["7H"])
    after = play(state, "JH")  # wins, and the jump still skips seat 1
    assert after.to_dict()["placed"] == [1, 0, 0]
    assert after.turn == 1 and after.to_dict()["pending"] == jump(1, 0)
    assert play(after, "accept").turn == 2


def test_play_on_a_winning_ace_names_the_suit():
    state = playing_on(["AS", "4D 6D", "4S 6S"])
    assert play(state, "AS @D").to_dict()["suit"] == "D"


def test_play_on_two_left_in_play_play_as_two_players():
    state = playing_on(["", "KH 6H", "4S 6S"], placed=[1, 0, 0], winner=0, turn=1)
    assert play(state, "KH").turn == 1  # kickback_two_player: play-again


def test_play_on_turn_limit_shares_the_places_left():
    state = build(rules=rules(play_on=True, niko_kadi=False, max_turns=50),
                  hands=["", "4D 6D", "4S 6S 10S"], discard=["7H"], placed=[1, 0, 0], winner=0, turn=1)
    data = state.to_dict()
    data["turns"] = 49
    from games.engine import State
    after = play(State.from_dict(data), "draw")
    assert after.finished
    assert after.places() == [1, 2, 2]


def test_play_on_no_win_while_cardless_ignores_players_out_of_play():
    state = build(rules=rules(play_on=True, niko_kadi=False, no_win_while_cardless=True),
                  hands=["", "5H", "4S 6S"], discard=["7H"], placed=[1, 0, 0], winner=0, turn=1)
    after = play(state, "5H")
    assert after.finished and after.places() == [1, 2, 3]


# --- declare_allowed: finishable -------------------------------------------------------------

def declaring(held, preset="classic", **options):
    return build(rules=rules(preset, declare_allowed="finishable", **options), hands=[held, FILLER[0]],
                 discard=["7H"])


def test_declare_finishable_when_the_cards_kept_make_one_winning_play():
    assert play(declaring("5H 9C 9S"), "5H !").to_dict()["declared"][0] is True
    refused(declaring("5H 9C 7C"), "5H !", "declare_allowed: finishable")
    assert play(declaring("5H 9C 7C"), "5H").to_dict()["declared"][0] is False


def test_declare_finishable_never_with_a_joker_or_an_unfinishing_card():
    refused(declaring("5H JKR"), "5H !", "finishable")
    refused(declaring("5H KC"), "5H !", "finishable")
    assert play(declaring("5H AC"), "5H !").to_dict()["declared"][0] is True  # classic: aces finish


@pytest.mark.parametrize(("kept", "chain", "allowed"), [
    ("QH 8H 5H", "consecutive", True),
    ("QH 8S 5S", "consecutive", False),  # QH and 8S share nothing
    ("8S QS QH 5H", "consecutive", True),  # 8S QS QH then 5H
    ("QS 8D 8S 5D", "consecutive", True),  # QS 8S 8D then 5D
    ("QH 8S QS 5H", "connected", True),
    ("QH QS 8S 5H 5C", "connected", True),  # 5H answers, 5C shares its rank
    ("QH 8S 5H 6H", "connected", False),  # answers of two ranks
])
def test_declare_finishable_with_question_chains(kept, chain, allowed):
    state = declaring(f"7C {kept}", question_chain=chain)
    if allowed:
        assert play(state, "7C !").to_dict()["declared"][0] is True
    else:
        refused(state, "7C !", "finishable")


def test_declare_finishable_questions_answered_by_the_next_player():
    state = build(rules=rules("rulebook", declare_allowed="finishable"), hands=["9H QH 5H", FILLER[0]],
                  discard=["7H"])
    refused(state, "9H !", "finishable")  # the answer would be the next player's


def test_declare_finishable_an_emptying_play_keeps_nothing_to_finish():
    refused(declaring("5H"), "5H !", "finishable")


def test_declare_finishable_a_drawn_card_decides_after_the_draw():
    state = build(rules=rules(declare_allowed="finishable"), hands=["9C", FILLER[0]], discard=["7H"],
                  draws=["9S"])
    assert play(state, "draw !").to_dict()["declared"][0] is True
    state = build(rules=rules(declare_allowed="finishable"), hands=["9C", FILLER[0]], discard=["7H"],
                  draws=["KS"])
    after = play(state, "draw !")  # made, but the declaration does not count
    assert after.to_dict()["declared"][0] is False
    assert hand(after, 0) == ["9C", "KS"]


def test_declare_finishable_accepting_a_jump():
    state = build(rules=rules(declare_allowed="finishable"), hands=["9C", "5C KS", FILLER[1]],
                  discard=["7H", "JH"], pending=jump(1, 0), turn=1)
    refused(state, "accept !", "finishable")
    state = build(rules=rules(declare_allowed="finishable"), hands=["9C", "5C 5S", FILLER[1]],
                  discard=["7H", "JH"], pending=jump(1, 0), turn=1)
    assert play(state, "accept !").to_dict()["declared"][1] is True


# --- lone_card_must_finish ------------------------------------------------------------------

def lone(held, top="7H", **options):
    return build(rules=rules(lone_card_must_finish=True, **options), hands=[held, FILLER[0]], discard=[top])


def test_lone_card_must_finish_a_play_may_not_leave_a_joker():
    state = lone("5H 5C JKR")
    assert "5H 5C" not in legal(state) and "5H" in legal(state)
    refused(state, "5H 5C", "JKR", "lone_card_must_finish")


def test_lone_card_must_finish_a_play_may_not_leave_an_unfinishing_rank():
    state = lone("5H KS")
    assert plays(state) == set()
    refused(state, "5H", "KS")
    assert legal(state) == {"draw"}


def test_lone_card_must_finish_a_finishing_card_may_stay():
    assert "5H" in legal(lone("5H 9C"))


def test_lone_card_must_finish_without_voluntary_draw_the_player_draws():
    state = lone("5H KC", voluntary_draw=False)
    assert legal(state) == {"draw"}
    assert play(state, "draw").turn == 1


def test_lone_card_must_finish_under_a_penalty():
    state = build(rules=rules(lone_card_must_finish=True), hands=["9C", "2S QS", FILLER[1]],
                  discard=["7H", "2H"], pending=penalty(2), turn=1)
    assert legal(state) == {"draw"}
    refused(state, "2S", "QS")


def test_lone_card_must_finish_under_misplay_penalty_is_a_misplay():
    state = build(rules={"preset": "classic", "lone_card_must_finish": True}, hands=["5H KS", FILLER[0]],
                  discard=["7H"])
    after = play(state, "5H")
    assert Counter(hand(after, 0)) >= Counter(["5H", "KS"]) and len(hand(after, 0)) == 4


# --- niko_kadi_missed -----------------------------------------------------------------------

def missing(held="5H 9C", **options):
    return build(rules=rules(niko_kadi_penalty=2, niko_kadi_missed="at-one-card", **options),
                 hands=[held, FILLER[0]], discard=["7H"])


def test_niko_kadi_missed_at_one_card_costs_at_once():
    after = play(missing(), "5H")
    assert len(hand(after, 0)) == 3 and after.turn == 1


def test_niko_kadi_missed_at_one_card_declared_costs_nothing():
    after = play(missing(), "5H !")
    assert hand(after, 0) == ["9C"] and after.to_dict()["declared"][0] is True


def test_niko_kadi_missed_at_one_card_replaces_the_charge_at_the_finish():
    after = play(missing("9H"), "9H")
    assert hand(after, 0) == [] and not after.finished


def test_niko_kadi_missed_at_finish_is_section_six():
    state = build(rules=rules(niko_kadi_penalty=2), hands=["5H 9C", FILLER[0]], discard=["7H"])
    assert hand(play(state, "5H"), 0) == ["9C"]
    state = build(rules=rules(niko_kadi_penalty=2), hands=["9H", FILLER[0]], discard=["7H"])
    assert len(hand(play(state, "9H"), 0)) == 2


@pytest.mark.parametrize("options", [{"niko_kadi": False}, {"niko_kadi_penalty": 0}])
def test_niko_kadi_missed_at_one_card_needs_the_declaration_and_a_penalty(options):
    state = build(rules=rules(**{"niko_kadi_penalty": 2, "niko_kadi_missed": "at-one-card", **options}),
                  hands=["5H 9C", FILLER[0]], discard=["7H"])
    assert hand(play(state, "5H"), 0) == ["9C"]


# --- resignations ---------------------------------------------------------------------------

def test_resign_out_of_turn_takes_the_last_place_and_its_cards_go_under_the_draw_pile():
    state = build(rules=rules(), hands=["5H 9C", "4D 6D", "4S 6S"], discard=["7H"])
    after = play(state, "resign 2")
    data = after.to_dict()
    assert data["placed"] == [0, 0, 3] and data["hands"][2] == []
    assert data["draw_pile"][:2] == ["4S", "6S"]
    assert after.turn == 0 and after.turns == 1
    after = play_all(after, ["5H", "draw"])
    assert after.turn == 0  # seat 2 is passed over
    conserved(after)


def test_resign_on_ones_turn_passes_the_penalty_on():
    state = build(rules=rules(), hands=["9C", "4D 6D", "4S 6S"], discard=["7H", "2H"],
                  pending=penalty(2), turn=1)
    after = state.resign(1)
    assert after.turn == 2 and after.to_dict()["pending"] == penalty(2)


def test_resign_a_jump_passes_on():
    state = build(rules=rules(), hands=["9C", "4D 6D", "4S 6S", "5S"], discard=["7H", "JH"],
                  pending=jump(1, 0), turn=1)
    after = state.resign(1)
    assert after.turn == 2 and after.to_dict()["pending"] == jump(1, 0)
    assert play(after, "accept").turn == 3


def test_resign_of_the_jumped_seat_passes_the_jump_over_its_jumper():
    """Found by the property test: two jacks by seat 0, seat 1 accepted, then seat 2 (to
    move, jumped) resigns. The jump passes on, and as a jumper is never skipped by its own
    jump it passes over seat 0 to seat 1; the turn never rests on the jumper with its jump
    pending."""
    state = build(rules=rules(), hands=["9C", "4D 6D", "4S 6S"], discard=["7H", "JH", "JC"],
                  pending=jump(1, 0), turn=2)
    after = state.resign(2)
    assert after.turn == 1 and after.to_dict()["pending"] == jump(1, 0)
    assert type(after).from_dict(after.to_dict()).to_dict() == after.to_dict()
    after = play(after, "accept")
    assert after.turn == 0 and after.to_dict()["pending"] is None


def test_resign_leaving_one_in_play_ends_the_game():
    state = build(rules=rules(), hands=["5H 9C", "4D 6D"], discard=["7H"])
    after = state.resign(0)
    assert after.finished and after.winner == 1
    assert after.places() == [2, 1]


def test_resign_places_in_order_with_play_on():
    state = playing_on(["", "4D 6D", "4S", "5S 6S 7S"], placed=[1, 0, 0, 0], winner=0, turn=1)
    state = state.resign(3)
    assert state.to_dict()["placed"] == [1, 0, 0, 4]
    state = state.resign(1)
    assert state.finished and state.places() == [1, 3, 2, 4]


def test_resign_refused_when_not_in_play_or_over():
    state = build(rules=rules(), hands=["5H 9C", "4D 6D", "4S 6S"], discard=["7H"])
    after = state.resign(2)
    refused(after, "resign 2", "not in play")
    refused(state, "resign 3", "not in play")
    with pytest.raises(IllegalMove, match="names its seat"):
        Move.parse("resign")
    with pytest.raises(IllegalMove):
        Move.parse("resign 1 !")
    assert Move.parse("resign 1") == Move.resign(1) and str(Move.resign(1)) == "resign 1"
    over = after.resign(1)
    refused(over, "resign 0", "over")


def test_resign_replays_exactly():
    rules_ = Rules.from_dict(rules(play_on=True))
    state = new_game(rules_, players=4, seed=5)
    moves = []
    for text in ["resign 2", None, None, "resign 0", None]:
        move = Move.parse(text) if text else state.legal_moves()[0]
        state = state.apply(move)
        moves.append(str(move))
    again = replay(rules_, 4, 5, moves)
    assert again[-1].to_dict() == state.to_dict()


def test_the_mover_of_a_resignation_is_its_seat():
    state = build(rules=rules(), hands=["5H 9C", "4D 6D", "4S 6S"], discard=["7H"])
    assert state.mover("resign 2") == 2
    assert state.mover("5H") == 0 == state.mover(Move.parse("draw"))
