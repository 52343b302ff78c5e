"""RULES.md section 11: every worked example, sentence by sentence.

The issue's "P1" is seat 0 of a game where P1 starts; "P2" is seat 1, and so on.
"""

import pytest

from games.engine import IllegalMove

from .helpers import build, hand, jump, legal, penalty, play

OTHERS = ("4C 6C 10C", "4D 6D 10D", "4S 6S 10S")


# 1. Top 7H, hand QH 8H 8S QS 5S 5C: QH 8H 8S QS 5S 5C is one legal play (chain, then
#    answer 5S of the last question's suit, then 5C of the answer's rank). QH 5S is not
#    (consecutive: 5S is not of the suit of QH).

def example_1(rules="classic"):
    return build(rules=rules, hands=["QH 8H 8S QS 5S 5C", OTHERS[0]], discard=["7H"])


def test_1_chain_then_answers_is_one_legal_play():
    state = example_1()
    assert "QH 8H 8S QS 5S 5C" in legal(state)
    after = play(state, "QH 8H 8S QS 5S 5C")
    data = after.to_dict()
    assert data["discard_pile"][-6:] == ["QH", "8H", "8S", "QS", "5S", "5C"]
    assert data["suit"] == "C"
    assert data["pending"] is None
    assert after.turn == 1


@pytest.mark.parametrize("rules", ["classic", "chains"])
def test_1_answer_must_have_the_last_questions_suit(rules):
    state = example_1(rules)
    assert "QH 5S" not in legal(state)
    strict = example_1({"preset": rules, "misplay": "reject"})
    with pytest.raises(IllegalMove):
        play(strict, "QH 5S")


# 2. Four players, P1 plays JH JS JD JC (top allowed it), nobody holds a jack: P2, P3, P4
#    and P2 are skipped; P3 is to play.

@pytest.mark.parametrize("rules", ["classic", "rulebook"])
def test_2_four_jacks_skip_p2_p3_p4_p2(rules):
    state = build(rules=rules, hands=["JH JS JD JC 5H", *OTHERS], discard=["7H"])
    state = play(state, "JH JS JD JC")
    assert state.to_dict()["pending"] == jump(4, 0)
    for skipped in (1, 2, 3, 1):
        assert state.turn == skipped
        assert legal(state) == {"accept"}
        state = play(state, "accept")
    assert state.turn == 2
    assert state.to_dict()["pending"] is None
    assert "draw" in legal(state)


# 3. friendly: P1 plays 3S 3D JKR on a 3: the next player owes 5. Playing JKR 3S 3D
#    instead leaves them owing 3. bomb-ni-bomb: 2S 3S JKB on a spade is legal and the next
#    player owes 10.

@pytest.mark.parametrize(("play_text", "owed"), [("3S 3D JKR", 5), ("JKR 3S 3D", 3)])
def test_3_friendly_replace_owes_the_last_cards_value(play_text, owed):
    state = build(rules="friendly", hands=["3S 3D JKR 5C", OTHERS[0]], discard=["3H"])
    assert play_text in legal(state)
    after = play(state, play_text)
    assert after.turn == 1
    assert after.to_dict()["pending"] == penalty(owed)


def test_3_bomb_ni_bomb_same_suit_combo_adds_up():
    state = build(rules="bomb-ni-bomb", hands=["2S 3S JKB 5C", OTHERS[0]], discard=["7S"])
    assert "2S 3S JKB" in legal(state)
    assert play(state, "2S 3S JKB").to_dict()["pending"] == penalty(10)


# 4. rulebook: P1 plays 2H, P2 counters with 3C, P3 owes 5. classic: P2 cannot counter a
#    2H with 3H (same-rank only); chains: P2 can (same suit).

def example_4(rules, counter):
    state = build(rules=rules, hands=["2H 5C", f"{counter} 9S", OTHERS[1]], discard=["7H"])
    return play(state, "2H")


def test_4_rulebook_counter_adds_up():
    state = example_4("rulebook", "3C")
    assert state.to_dict()["pending"] == penalty(2)
    assert "3C" in legal(state)
    state = play(state, "3C")
    assert state.turn == 2
    assert state.to_dict()["pending"] == penalty(5)


def test_4_classic_cannot_counter_2h_with_3h():
    state = example_4("classic", "3H")
    assert "3H" not in legal(state)
    strict = example_4({"preset": "classic", "misplay": "reject"}, "3H")
    with pytest.raises(IllegalMove):
        play(strict, "3H")


def test_4_chains_counters_2h_with_3h():
    state = example_4("chains", "3H")
    assert "3H" in legal(state)
    assert play(state, "3H").to_dict()["pending"] == penalty(3)


# 5. classic: P2 owes 2 after 2H and plays AS: the penalty is gone and the active suit is
#    hearts. friendly: the active suit is spades; AS AD @C makes it clubs.

def example_5(rules):
    state = build(rules=rules, hands=["2H 5C", "AS AD 9S", OTHERS[1]], discard=["7H"])
    state = play(state, "2H")
    assert state.to_dict()["pending"] == penalty(2)
    return state


@pytest.mark.parametrize(("rules", "suit"), [("classic", "H"), ("friendly", "S")])
def test_5_single_ace_cancels(rules, suit):
    state = example_5(rules)
    assert "AS" in legal(state)
    after = play(state, "AS")
    data = after.to_dict()
    assert data["pending"] is None
    assert data["suit"] == suit
    assert after.turn == 2


def test_5_friendly_two_aces_declare():
    state = example_5("friendly")
    assert "AS AD @C" in legal(state)
    data = play(state, "AS AD @C").to_dict()
    assert data["pending"] is None
    assert data["suit"] == "C"


# 6. Two players, classic: P1 plays KH and plays again; friendly: P2 plays next.

@pytest.mark.parametrize(("rules", "next_turn"), [("classic", 0), ("friendly", 1)])
def test_6_kickback_with_two_players(rules, next_turn):
    state = build(rules=rules, hands=["KH 5C", OTHERS[0]], discard=["7H"])
    assert play(state, "KH").turn == next_turn


# 7. A player holding only 9D with 9D playable and no declaration on their previous move
#    plays it under classic: no win, and they have no cards; under friendly they win.

def example_7(rules):
    return build(rules=rules, hands=["9D", OTHERS[0]], discard=["7D"])


def test_7_classic_undeclared_last_card_does_not_win():
    state = play(example_7("classic"), "9D")
    assert not state.finished
    assert state.winner is None
    assert hand(state, 0) == []
    state = play(state, "draw")
    assert state.turn == 0
    assert legal(state) == {"draw"}


def test_7_friendly_wins_without_declaring():
    state = play(example_7("friendly"), "9D")
    assert state.finished
    assert state.winner == 0


# 8. friendly: QS JKR empties the hand: no win (a play holding a joker never finishes).

def test_8_a_joker_never_finishes():
    state = build(rules="friendly", hands=["QS JKR", OTHERS[0]], discard=["7S"])
    assert "QS JKR" in legal(state)
    state = play(state, "QS JKR")
    assert not state.finished
    assert state.winner is None
    assert hand(state, 0) == []
    assert state.to_dict()["pending"] == penalty(5)


def test_8_the_same_hand_ending_on_an_answer_wins():
    state = build(rules="friendly", hands=["QS 5S", OTHERS[0]], discard=["7S"])
    assert play(state, "QS 5S").winner == 0
