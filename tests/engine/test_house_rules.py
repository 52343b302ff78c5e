"""RULES.md section 9: every house-rule option in each of its values, against a position
where the value makes a difference; then the mechanics of sections 2 and 4-7."""

from collections import Counter

import pytest

from games.engine import IllegalMove, Rules, new_game

from .helpers import (
    build,
    deck,
    every_card,
    hand,
    jump,
    legal,
    penalty,
    play,
    play_all,
    question,
)

ANSWERS = ("4", "5", "6", "7", "9", "10")
OTHERS = ("4C 6C 10C", "4D 6D 10D", "4S 6S 10S")


def plays(state):
    """The legal plays (not draw, accept or pass) as texts."""
    return legal(state) - {"draw", "accept", "pass"}


def first_cards(state):
    return {text.split()[0] for text in plays(state)}


def assert_refused(state, text):
    """``text`` raises IllegalMove and leaves the state as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        play(state, text)
    assert state.to_dict() == before


def rules_with(preset="classic", **overrides):
    return Rules.from_dict({"preset": preset, **overrides})


# --- jokers, hand_size ------------------------------------------------------------------

@pytest.mark.parametrize(("jokers", "size"), [(0, 52), (2, 54)])
def test_jokers_decide_the_deck(jokers, size):
    state = new_game(rules_with(jokers=jokers), players=3, seed=7)
    cards = every_card(state.to_dict())
    assert sorted(cards) == sorted(deck(jokers))
    assert len(cards) == size


@pytest.mark.parametrize("size", [3, 4, 5, 7])
@pytest.mark.parametrize("players", [2, 5])
def test_hand_size_is_dealt(size, players):
    state = new_game(rules_with(hand_size=size), players=players, seed=11)
    assert [len(cards) for cards in state.to_dict()["hands"]] == [size] * players


# --- misplay ----------------------------------------------------------------------------

def test_misplay_reject_refuses_and_changes_nothing():
    state = build(rules="chains", hands=["5S 9C", OTHERS[0]], discard=["7H"])
    assert_refused(state, "5S")


def test_misplay_penalty_keeps_the_cards_and_draws_two():
    state = build(rules="classic", hands=["5S 9C", OTHERS[0]], discard=["7H"], draws="4H 10H")
    after = play(state, "5S")
    assert Counter(hand(after, 0)) == Counter(["5S", "9C", "4H", "10H"])
    assert after.turn == 1
    assert after.to_dict()["discard_pile"] == ["7H"]


def test_misplay_penalty_under_a_penalty_draws_one_more_than_owed():
    state = build(rules="classic", hands=["3H 9C", OTHERS[0], OTHERS[1]], discard=["5H", "2H"],
                  pending=penalty(2), turn=0, draws="4H 10H 4S 10S")
    after = play(state, "3H")
    assert Counter(hand(after, 0)) == Counter(["3H", "9C", "4H", "10H", "4S"])
    assert after.turn == 1
    assert after.to_dict()["pending"] is None


@pytest.mark.parametrize("rules", ["classic", "chains"])
def test_cards_not_held_always_raise(rules):
    state = build(rules=rules, hands=["5S 9C", OTHERS[0]], discard=["7H"])
    assert_refused(state, "7S")
    assert_refused(state, "9C 9H")


# --- voluntary_draw ---------------------------------------------------------------------

def test_voluntary_draw_on_allows_drawing_with_a_play_in_hand():
    state = build(rules="classic", hands=["5H", OTHERS[0]], discard=["7H"])
    assert legal(state) == {"5H", "draw"}


def test_voluntary_draw_off_forbids_drawing_with_a_play_in_hand():
    rules = {"preset": "chains", "voluntary_draw": False}
    state = build(rules=rules, hands=["5H", OTHERS[0]], discard=["7H"])
    assert legal(state) == {"5H"}
    assert_refused(state, "draw")


def test_voluntary_draw_off_still_draws_without_a_play():
    rules = {"preset": "chains", "voluntary_draw": False}
    state = build(rules=rules, hands=["5S", OTHERS[0]], discard=["7H"])
    assert legal(state) == {"draw"}


# --- play_after_draw --------------------------------------------------------------------

def after_drawing(rules):
    state = build(rules=rules, hands=["7S 5D", OTHERS[0], OTHERS[1]], discard=["9C", "7C"], draws="7H")
    return play(state, "draw")


def test_play_after_draw_on_offers_plays_beginning_with_the_drawn_card():
    state = after_drawing("rulebook")
    assert state.turn == 0
    assert state.to_dict()["drawn"] == "7H"
    assert legal(state) == {"7H", "7H 7S", "pass"}
    assert_refused(state, "7S")
    after = play(state, "7H 7S")
    assert after.turn == 1
    assert after.to_dict()["drawn"] is None
    assert after.to_dict()["discard_pile"][-2:] == ["7H", "7S"]


def test_play_after_draw_pass_keeps_the_card_and_ends_the_turn():
    after = play(after_drawing("rulebook"), "pass")
    assert after.turn == 1
    assert after.to_dict()["drawn"] is None
    assert Counter(hand(after, 0)) == Counter(["7S", "5D", "7H"])


def test_play_after_draw_off_ends_the_turn_on_drawing():
    state = after_drawing({"preset": "rulebook", "play_after_draw": False})
    assert state.turn == 1
    assert state.to_dict()["drawn"] is None


def test_play_after_draw_does_not_follow_a_penalty_draw():
    state = build(rules="rulebook", hands=["9S", OTHERS[0], OTHERS[1]], discard=["7H", "2H"],
                  pending=penalty(2), draws="5H 6H")
    after = play(state, "draw")
    assert after.turn == 1
    assert after.to_dict()["pending"] is None
    assert Counter(hand(after, 0)) == Counter(["9S", "5H", "6H"])


# --- question_answered_by ---------------------------------------------------------------

def test_question_answered_by_self_unanswered_question_draws_one():
    state = build(rules="classic", hands=["QH 9C", OTHERS[0], OTHERS[1]], discard=["7H"], draws="4S")
    after = play(state, "QH")
    data = after.to_dict()
    assert Counter(data["hands"][0]) == Counter(["9C", "4S"])
    assert data["discard_pile"][-1] == "QH"
    assert data["pending"] is None
    assert data["suit"] == "H"
    assert after.turn == 1


def test_question_answered_by_next_leaves_a_pending_question():
    state = build(rules="rulebook", hands=["QH 5H 9C", "6H 6S 9D QS", OTHERS[1]], discard=["7H"])
    assert "QH 5H" not in legal(state)
    assert_refused(state, "QH 5H")
    after = play(state, "QH")
    assert after.turn == 1
    assert after.to_dict()["pending"] == question("H")
    assert Counter(hand(after, 0)) == Counter(["5H", "9C"])
    assert legal(after) == {"6H", "6H 6S", "QS", "draw"}
    answered = play(after, "6H 6S")
    assert answered.turn == 2
    assert answered.to_dict()["pending"] is None
    assert answered.to_dict()["suit"] == "S"


def test_question_answered_by_next_drawing_ends_the_turn():
    state = build(rules="rulebook", hands=["9C", "6S 9D", OTHERS[1]], discard=["7H", "QH"],
                  pending=question("H"), turn=1, draws="5H")
    after = play(state, "draw")
    assert after.turn == 2
    assert after.to_dict()["pending"] is None
    assert after.to_dict()["drawn"] is None
    assert Counter(hand(after, 1)) == Counter(["6S", "9D", "5H"])


# --- question_chain ---------------------------------------------------------------------

@pytest.mark.parametrize(("chain", "text", "allowed"), [
    ("consecutive", "QH QS 5S", True),
    ("consecutive", "QH QS 5H", False),
    ("consecutive", "QH 8S QS", False),
    ("consecutive", "QH 8H 8S", True),
    ("connected", "QH QS 5H", True),
    ("connected", "QH 8S QS", True),
    ("connected", "QH 8S", False),
    ("connected", "QH 8H 8S", True),
])
def test_question_chain(chain, text, allowed):
    rules = {"preset": "chains", "question_chain": chain}
    state = build(rules=rules, hands=["QH QS 8S 8H 5H 5S", OTHERS[0]], discard=["7H"])
    assert (text in legal(state)) is allowed
    if not allowed:
        assert_refused(state, text)


@pytest.mark.parametrize(("chain", "count"), [("consecutive", 3976), ("connected", 109096)])
def test_question_chain_orderings_of_the_eight_question_cards(chain, count):
    """Anything may follow a spent joker under after_joker: any, so every question starts."""
    rules = {"preset": "chains", "question_chain": chain}
    state = build(rules=rules, hands=["QH QD QS QC 8H 8D 8S 8C", OTHERS[0]], discard=["7H", "JKR"], suit=None)
    assert len(plays(state)) == count


# --- answer_ranks -----------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "text", "allowed"), [
    ("classic", "QH AH @S", True),
    ({"preset": "classic", "answer_ranks": list(ANSWERS)}, "QH AH @S", False),
    ("friendly", "QH JKR", True),
    ("classic", "QH JKR", False),
    ("friendly", "QH 2H", True),
    ("classic", "QH 2H", False),
    ("friendly", "QH JKR 5H", True),
    ({"preset": "classic", "answer_ranks": [*ANSWERS, "K"]}, "QH KH", True),
    ("classic", "QH KH", False),
])
def test_answer_ranks(rules, text, allowed):
    state = build(rules=rules, hands=["QH AH JKR 2H 5H KH", OTHERS[0]], discard=["7H"])
    assert (text in legal(state)) is allowed


def test_a_question_is_never_an_answer():
    state = build(rules="friendly", hands=["QH 8H 5H", OTHERS[0]], discard=["7H"])
    assert "QH 5H" in legal(state)
    assert "QH 8H" in legal(state)
    assert "QH 5H 8H" not in legal(state)


# --- finishing_ranks, niko_kadi, niko_kadi_penalty, no_win_while_cardless ---------------

@pytest.mark.parametrize(("rules", "wins"), [
    ("classic", True),
    ({"preset": "classic", "finishing_ranks": list(ANSWERS)}, False),
    ("friendly", False),
])
def test_finishing_ranks_decide_whether_an_ace_finishes(rules, wins):
    state = build(rules=rules, hands=["AH", OTHERS[0]], discard=["7H"], declared=[True, False])
    after = play(state, "AH @S")
    assert after.finished is wins
    assert after.winner == (0 if wins else None)
    assert hand(after, 0) == []


@pytest.mark.parametrize(("rules", "declared", "wins"), [
    ("classic", True, True),
    ("classic", False, False),
    ({"preset": "classic", "niko_kadi": False}, False, True),
    ("friendly", False, True),
])
def test_niko_kadi_requires_an_earlier_declaration(rules, declared, wins):
    state = build(rules=rules, hands=["9D", OTHERS[0]], discard=["7D"], declared=[declared, False])
    after = play(state, "9D")
    assert after.winner == (0 if wins else None)
    assert hand(after, 0) == []


def test_niko_kadi_declaring_on_the_emptying_play_itself_is_too_late():
    state = build(rules="classic", hands=["9D", OTHERS[0]], discard=["7D"])
    assert play(state, "9D !").winner is None


def test_niko_kadi_declared_then_won():
    state = build(rules="classic", hands=["9D 5D", OTHERS[0]], discard=["7D"])
    state = play_all(state, ["5D !", "draw"])
    assert state.to_dict()["declared"] == [True, False]
    assert play(state, "9D").winner == 0


@pytest.mark.parametrize(("penalty_cards", "left"), [(2, 2), (0, 0), (5, 5)])
def test_niko_kadi_penalty_for_an_undeclared_finish(penalty_cards, left):
    rules = {"preset": "rulebook", "niko_kadi_penalty": penalty_cards}
    state = build(rules=rules, hands=["9D", OTHERS[0], OTHERS[1]], discard=["7D"])
    after = play(state, "9D")
    assert after.winner is None
    assert len(hand(after, 0)) == left
    assert after.turn == 1


def test_niko_kadi_penalty_only_when_the_declaration_alone_failed():
    state = build(rules="rulebook", hands=["AD", OTHERS[0], OTHERS[1]], discard=["7D"])
    after = play(state, "AD @S")
    assert after.winner is None
    assert hand(after, 0) == []


def test_niko_kadi_penalty_not_when_a_cardless_player_also_stops_the_win():
    rules = {"preset": "rulebook", "no_win_while_cardless": True}
    state = build(rules=rules, hands=["9D", OTHERS[0], ""], discard=["7D"])
    after = play(state, "9D")
    assert after.winner is None
    assert hand(after, 0) == []


@pytest.mark.parametrize(("rules", "wins"), [("classic", False), ("chains", True)])
def test_no_win_while_cardless(rules, wins):
    state = build(rules=rules, hands=["5H", OTHERS[0], ""], discard=["7H"], declared=[True, False, False])
    after = play(state, "5H")
    assert after.winner == (0 if wins else None)
    assert after.finished is wins


# --- jump_counter -----------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "moves"), [
    ("classic", {"accept", "JS", "JD", "JS JD", "JD JS"}),
    ({"preset": "classic", "jump_counter": False}, {"accept"}),
    ("rulebook", {"accept"}),
])
def test_jump_counter(rules, moves):
    state = build(rules=rules, hands=["5C", "JS JD 9S", OTHERS[1]], discard=["7H", "JH"],
                  pending=jump(1, 0), turn=1)
    assert legal(state) == moves


def test_jump_counter_starts_a_new_jump_from_the_counter():
    state = build(rules="classic", hands=["JH JC 5C", "JS 9S", OTHERS[1]], discard=["7H"])
    state = play(state, "JH JC")
    assert state.to_dict()["pending"] == jump(2, 0)
    state = play(state, "JS")
    assert state.to_dict()["pending"] == jump(1, 1)
    assert state.turn == 2
    state = play(state, "accept")
    assert state.turn == 0
    assert state.to_dict()["pending"] is None


# --- kickback_two_player, kings ---------------------------------------------------------

@pytest.mark.parametrize(("rules", "kings", "next_turn"), [
    ("classic", "KH", 0),
    ("classic", "KH KS", 1),
    ("classic", "KH KS KD", 0),
    ("friendly", "KH", 1),
    ("friendly", "KH KS", 1),
    ("friendly", "KH KS KD", 1),
])
def test_kickback_two_player(rules, kings, next_turn):
    state = build(rules=rules, hands=["KH KS KD 5C", OTHERS[0]], discard=["7H"])
    assert play(state, kings).turn == next_turn


@pytest.mark.parametrize(("kings", "direction", "next_turn"), [("KH", -1, 0), ("KH KS", 1, 2)])
def test_kings_reverse_once_each(kings, direction, next_turn):
    state = build(rules="friendly", hands=[OTHERS[0], "KH KS 5C", OTHERS[1], OTHERS[2]],
                  discard=["7H"], turn=1)
    after = play(state, kings)
    assert after.to_dict()["direction"] == direction
    assert after.turn == next_turn


# --- ace_wild, aces declaring -----------------------------------------------------------

@pytest.mark.parametrize(("wild", "moves"), [
    (True, {"AS @H", "AS @D", "AS @S", "AS @C", "AH @H", "AH @D", "AH @S", "AH @C",
            "AS AH @H", "AS AH @D", "AS AH @S", "AS AH @C", "AH AS @H", "AH AS @D", "AH AS @S",
            "AH AS @C", "draw"}),
    (False, {"AH @H", "AH @D", "AH @S", "AH @C", "AH AS @H", "AH AS @D", "AH AS @S", "AH AS @C",
             "draw"}),
])
def test_ace_wild(wild, moves):
    state = build(rules={"preset": "chains", "ace_wild": wild}, hands=["AS AH", OTHERS[0]], discard=["7H"])
    assert legal(state) == moves


@pytest.mark.parametrize(("text", "suit"), [("AS @D", "D"), ("AS", "S"), ("AH AS", "S"), ("AS AH @C", "C")])
def test_ace_declares_the_suit_and_a_bare_ace_means_its_own(text, suit):
    state = build(rules="chains", hands=["AS AH 9C", OTHERS[0]], discard=["7H"])
    after = play(state, text)
    assert after.to_dict()["suit"] == suit
    assert after.to_dict()["pending"] is None


@pytest.mark.parametrize("text", ["7H @S", "7H 7S @D", "QD 5D @S"])
def test_only_an_ace_declares(text):
    state = build(rules="chains", hands=["7H 7S QD 5D", OTHERS[0]], discard=["7D"])
    assert_refused(state, text)


# --- ace_cancels_penalty, ace_cancel_suit, double_ace_declares --------------------------

def owing(rules, aces="AS AD", top="2H"):
    return build(rules=rules, hands=["5C", f"{aces} 9S", OTHERS[1]], discard=["7H", top],
                 pending=penalty(5 if top.startswith("JK") else 2), turn=1)


@pytest.mark.parametrize(("enabled", "moves"), [
    (True, {"AS", "AD", "AS AD", "AD AS", "draw"}),
    (False, {"draw"}),
])
def test_ace_cancels_penalty(enabled, moves):
    state = owing({"preset": "chains", "ace_cancels_penalty": enabled})
    assert legal(state) == moves


@pytest.mark.parametrize(("cancel_suit", "text", "suit"), [
    ("ace", "AS", "S"),
    ("ace", "AS AD", "D"),
    ("penalty", "AS", "H"),
    ("penalty", "AD AS", "H"),
])
def test_ace_cancel_suit(cancel_suit, text, suit):
    state = owing({"preset": "chains", "ace_cancel_suit": cancel_suit})
    after = play(state, text)
    assert after.to_dict()["pending"] is None
    assert after.to_dict()["suit"] == suit
    assert after.turn == 2


def test_ace_cancel_suit_penalty_after_a_joker_lets_anything_follow():
    state = owing({"preset": "classic", "misplay": "reject"}, top="JKR")
    after = play(state, "AS")
    assert after.to_dict()["pending"] is None
    assert after.to_dict()["suit"] is None
    assert {"4D", "6D", "10D"} <= legal(after)


@pytest.mark.parametrize(("declares", "allowed", "refused"), [
    (True, {"AS AD @C", "AD AS @H", "AS AD @D"}, {"AS @C"}),
    (False, {"AS AD", "AD AS"}, {"AS AD @C", "AS @C"}),
])
def test_double_ace_declares(declares, allowed, refused):
    state = owing({"preset": "friendly", "double_ace_declares": declares})
    assert allowed <= legal(state)
    for text in refused:
        assert text not in legal(state)
        assert_refused(state, text)
    if declares:
        assert play(state, "AS AD @C").to_dict()["suit"] == "C"
        assert play(state, "AS AD").to_dict()["suit"] == "D"


@pytest.mark.parametrize(("aces", "top", "suit"), [
    ("AS AD", "2H", "H"),
    ("AD AS", "3C", "C"),
    ("AS AD", "JKR", None),
])
def test_double_aces_naming_no_suit_keep_the_penalty_cards_suit(aces, top, suit):
    """Issue 10 item 11: a declaration that was not made is not invented (it used to be D)."""
    rules = {"preset": "friendly", "ace_cancel_suit": "penalty"}
    after = play(owing(rules, aces=aces, top=top), aces)
    assert after.to_dict()["suit"] == suit
    assert after.to_dict()["pending"] is None
    assert play(owing(rules, aces=aces, top=top), f"{aces} @S").to_dict()["suit"] == "S"


def test_a_single_cancelling_ace_is_listed_without_a_declaration():
    state = owing("friendly")
    assert {"AS", "AD"} <= legal(state)
    assert not {f"AS @{suit}" for suit in "HDSC"} & legal(state)


# --- penalty_counter, penalty_stacking, penalty_combo, joker_draw -----------------------

@pytest.mark.parametrize(("counter", "first"), [
    ("same-rank", {"2S"}),
    ("rank-or-suit", {"2S", "3H", "JKR"}),
    ("any", {"2S", "3H", "3C", "JKR"}),
])
def test_penalty_counter_on_a_two(counter, first):
    rules = {"preset": "classic", "penalty_counter": counter}
    state = build(rules=rules, hands=["5C", "2S 3H 3C JKR", OTHERS[1]], discard=["7H", "2H"],
                  pending=penalty(2), turn=1)
    assert first_cards(state) == first


@pytest.mark.parametrize("counter", ["same-rank", "rank-or-suit", "any"])
def test_penalty_counter_a_joker_always_counters_a_joker(counter):
    rules = {"preset": "classic", "penalty_counter": counter}
    state = build(rules=rules, hands=["5C", "JKB 9S", OTHERS[1]], discard=["7H", "JKR"],
                  pending=penalty(5), turn=1)
    assert "JKB" in legal(state)


@pytest.mark.parametrize(("stacking", "text", "owed"), [
    ("replace", "2S", 2),
    ("cumulative", "2S", 4),
    ("replace", "2S 2D", 2),
    ("cumulative", "2S 2D", 6),
    ("replace", "2S JKR", 5),
    ("cumulative", "2S JKR", 9),
    ("replace", "JKR 2S", 2),
])
def test_penalty_stacking(stacking, text, owed):
    rules = {"preset": "classic", "penalty_counter": "any", "penalty_stacking": stacking}
    state = build(rules=rules, hands=["5C", "2S 2D JKR 9S", OTHERS[1]], discard=["7H", "2H"],
                  pending=penalty(2), turn=1)
    after = play(state, text)
    assert after.turn == 2
    assert after.to_dict()["pending"] == penalty(owed)


def test_penalty_stacking_cumulative_play_with_nothing_pending_owes_the_sum():
    rules = {"preset": "classic", "penalty_stacking": "cumulative"}
    state = build(rules=rules, hands=["2H 2S 5C", OTHERS[0]], discard=["7H"])
    assert play(state, "2H 2S").to_dict()["pending"] == penalty(4)


@pytest.mark.parametrize(("combo", "text", "allowed"), [
    ("same-rank", "2S 3S", False),
    ("same-suit", "2S 3S", True),
    ("same-rank", "3S 3D JKR", True),
    ("same-suit", "3S 3D JKR", False),
    ("same-rank", "3S 3D", True),
    ("same-suit", "3S 3D", True),
    ("same-suit", "2S JKR 3S", True),
    ("same-suit", "2S 3D", False),
])
def test_penalty_combo(combo, text, allowed):
    rules = {"preset": "friendly", "penalty_combo": combo}
    state = build(rules=rules, hands=["2S 3S 3D JKR 5C", OTHERS[0]], discard=["7S"])
    assert (text in legal(state)) is allowed
    if not allowed:
        assert_refused(state, text)


@pytest.mark.parametrize("amount", [5, 7, 10])
def test_joker_draw(amount):
    state = build(rules={"preset": "classic", "joker_draw": amount}, hands=["JKR 5C", "9S", OTHERS[1]],
                  discard=["7H"])
    state = play(state, "JKR")
    assert state.to_dict()["pending"] == penalty(amount)
    state = play(state, "draw")
    assert len(hand(state, 1)) == 1 + amount
    assert state.turn == 2
    assert state.to_dict()["pending"] is None


# --- after_joker ------------------------------------------------------------------------

@pytest.mark.parametrize(("after", "moves"), [
    ("any", {"5C", "5H", "7S", "5C 5H", "5H 5C", "draw"}),
    ("previous", {"5H", "7S", "5H 5C", "draw"}),
])
def test_after_joker(after, moves):
    rules = {"preset": "chains", "after_joker": after}
    state = build(rules=rules, hands=["JKR 9D", "9S", "5C 5H 7S"], discard=["7H"])
    state = play_all(state, ["JKR", "draw"])
    assert state.turn == 2
    assert legal(state) == moves


# --- max_turns --------------------------------------------------------------------------

@pytest.mark.parametrize("limit", [50, 60])
def test_max_turns_ends_the_game_without_a_winner(limit):
    state = new_game(rules_with(max_turns=limit), players=2, seed=3)
    for _ in range(limit - 1):
        state = play(state, "draw")
    assert not state.finished
    assert state.places() is None
    state = play(state, "draw")
    assert state.finished
    assert state.winner is None
    assert state.places() == [1, 1]
    assert state.legal_moves() == []


# --- section 2: the deal ----------------------------------------------------------------

@pytest.mark.parametrize("preset", ["classic", "rulebook", "chains", "friendly", "bomb-ni-bomb"])
@pytest.mark.parametrize("seed", range(6))
def test_the_deal(preset, seed):
    state = new_game(rules_with(preset), players=4, seed=seed)
    data = state.to_dict()
    assert len(data["discard_pile"]) == 1
    top = data["discard_pile"][0]
    assert top[:-1] in ANSWERS
    assert data["suit"] == top[-1]
    assert data["pending"] is None
    assert data["declared"] == [False] * 4
    assert data["direction"] == 1
    assert state.turn == 0
    assert not state.finished


@pytest.mark.parametrize("first", [0, 1, 3])
def test_the_deal_first_seat_starts(first):
    assert new_game(rules_with(), players=4, seed=5, first=first).turn == first


def test_the_deal_is_determined_by_the_seed():
    def deal(seed):
        return new_game(rules_with(), players=3, seed=seed).to_dict()

    assert deal(9) == deal(9)
    deals = {str(deal(seed)["hands"]) for seed in range(10)}
    assert len(deals) > 1


# --- section 5: jumps pass over their player --------------------------------------------

@pytest.mark.parametrize(("players", "jacks", "skipped", "next_turn"), [
    (3, "JH JS JD", (1, 2, 1), 2),
    (2, "JH JS", (1, 1), 0),
    (2, "JH", (1,), 0),
    (4, "JH", (1,), 2),
])
def test_a_jump_passes_over_its_player(players, jacks, skipped, next_turn):
    hands = ["JH JS JD 5C", *OTHERS[: players - 1]]
    state = play(build(rules="rulebook", hands=hands, discard=["7H"]), jacks)
    for seat in skipped:
        assert state.turn == seat
        state = play(state, "accept")
    assert state.turn == next_turn
    assert state.to_dict()["pending"] is None


def test_a_jump_goes_against_the_direction_of_play():
    hands = ["JH 5C", *OTHERS[:3]]
    state = play(build(rules="rulebook", hands=hands, discard=["7H"], direction=-1), "JH")
    assert state.turn == 3
    assert play(state, "accept").turn == 2


@pytest.mark.parametrize("text", ["draw", "5C", "pass"])
def test_a_jumped_player_may_only_accept_or_counter(text):
    state = build(rules="chains", hands=["9S", "5C JS", OTHERS[1]], discard=["7C", "JC"],
                  pending=jump(1, 0), turn=1)
    assert_refused(state, text)


# --- section 7: the draw pile -----------------------------------------------------------

def test_drawing_takes_the_top_of_the_draw_pile():
    state = build(rules="classic", hands=["5S", OTHERS[0]], discard=["7H"], draws="KD QD")
    after = play(state, "draw")
    assert Counter(hand(after, 0)) == Counter(["5S", "KD"])
    assert after.to_dict()["draw_pile"][-1] == "QD"
    assert after.turn == 1


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top():
    state = build(rules="classic", hands=["5S", OTHERS[0]], discard=["7H"], draw_pile=[])
    before = state.to_dict()
    buried = before["discard_pile"][:-1]
    after = play(state, "draw").to_dict()
    drawn = [card for card in after["hands"][0] if card != "5S"]
    assert len(drawn) == 1 and drawn[0] in buried
    assert after["discard_pile"] == ["7H"]
    assert sorted(after["draw_pile"] + drawn) == sorted(buried)


def test_a_penalty_draw_runs_through_the_refill():
    state = build(rules="classic", hands=["9S", "5S", OTHERS[1]], discard=["7H", "2H"], draw_pile=["KD"],
                  pending=penalty(2), turn=1)
    buried = state.to_dict()["discard_pile"][:-1]
    after = play(state, "draw").to_dict()
    drawn = Counter(after["hands"][1]) - Counter(["5S"])
    assert drawn["KD"] == 1 and sum(drawn.values()) == 2
    assert after["discard_pile"] == ["2H"]
    assert len(after["draw_pile"]) == len(buried) - 1


def nothing_to_draw(top, pending=None):
    """Two players hold every card but the discard pile ``top``; nothing is left to draw."""
    rest = [card for card in deck(2) if card not in top]
    return build(rules="classic", hands=[rest[:26], rest[26:]], discard=top, draw_pile=[], pending=pending)


def test_drawing_with_nothing_to_draw_ends_the_turn():
    state = nothing_to_draw(["7H"])
    after = play(state, "draw")
    assert after.turn == 1
    assert after.to_dict()["hands"] == state.to_dict()["hands"]


def test_a_penalty_with_nothing_to_draw_is_spent():
    state = nothing_to_draw(["2H"], pending=penalty(2))
    after = play(state, "draw")
    assert after.turn == 1
    assert after.to_dict()["pending"] is None
    assert after.to_dict()["hands"] == state.to_dict()["hands"]


# --- section 6: the Niko Kadi flag, places ----------------------------------------------

@pytest.mark.parametrize(("before", "text", "after"), [
    (False, "5H !", True),
    (True, "5H", False),
    (False, "draw !", True),
    (True, "draw", False),
])
def test_a_play_or_draw_sets_the_flag_to_its_declaration(before, text, after):
    state = build(rules="classic", hands=["5H 9C 4S 6S", OTHERS[0]], discard=["7H"], declared=[before, False])
    assert play(state, text).to_dict()["declared"][0] is after


@pytest.mark.parametrize(("before", "text", "after"), [
    (False, "accept", False),
    (True, "accept", True),
    (False, "accept !", True),
    (True, "accept !", True),
])
def test_accepting_a_jump_sets_the_flag_only_when_it_declares(before, text, after):
    state = build(rules="rulebook", hands=["9S", "5C 6C", OTHERS[1]], discard=["7C", "JC"],
                  pending=jump(1, 0), turn=1, declared=[False, before, False])
    assert play(state, text).to_dict()["declared"][1] is after


def test_final_places_share_equal_counts():
    hands = ["5H", "4C 6C 9C", "10D", "4S 6S 9S"]
    state = build(rules="chains", hands=hands, discard=["7H"], declared=[True, False, False, False])
    assert state.places() is None
    after = play(state, "5H")
    assert after.finished
    assert after.winner == 0
    assert after.places() == [1, 3, 2, 3]
    assert after.legal_moves() == []


def test_final_places_when_a_later_seat_wins():
    hands = ["4C 6C", "4D 6D 9D", "9H", "4S"]
    state = build(rules="chains", hands=hands, discard=["7H"], turn=2, declared=[False, False, True, False])
    assert play(state, "9H").places() == [3, 4, 1, 2]


def test_a_cardless_player_must_draw():
    state = build(rules="classic", hands=["", OTHERS[0]], discard=["7H"])
    assert legal(state) == {"draw"}
    under_jump = build(rules="classic", hands=["5C", "", OTHERS[1]], discard=["7C", "JC"],
                       pending=jump(1, 0), turn=1)
    assert legal(under_jump) == {"accept"}
    under_penalty = build(rules="classic", hands=["5C", "", OTHERS[1]], discard=["7C", "2C"],
                          pending=penalty(2), turn=1)
    assert legal(under_penalty) == {"draw"}


# --- section 4-6: effects of the last card ------------------------------------------------

def test_an_emptying_play_that_cannot_win_still_takes_effect():
    state = build(rules="classic", hands=["JH", OTHERS[0], OTHERS[1]], discard=["7H"],
                  declared=[True, False, False])
    after = play(state, "JH")
    assert after.winner is None
    assert hand(after, 0) == []
    assert after.to_dict()["pending"] == jump(1, 0)
    assert play(after, "accept").turn == 2


def test_a_question_answers_a_pending_question_with_a_new_one():
    state = build(rules="rulebook", hands=["9C", "QS 9D", OTHERS[1]], discard=["7H", "QH"],
                  pending=question("H"), turn=1)
    after = play(state, "QS")
    assert after.turn == 2
    assert after.to_dict()["pending"] == question("S")


def test_an_ace_of_the_asked_suit_answers_and_declares():
    state = build(rules="rulebook", hands=["9C", "AH 9D", OTHERS[1]], discard=["7H", "QH"],
                  pending=question("H"), turn=1)
    after = play(state, "AH @C")
    assert after.to_dict()["pending"] is None
    assert after.to_dict()["suit"] == "C"
