"""``games.engine.outcomes``: what each move did, to whom. Properties over random games of
every preset and section-13 option (the facts agree with the cards that moved and with turn
order), and worked examples of each kind of outcome."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Move, Rules, new_game
from games.engine.outcomes import CANNOT_FINISH, NOT_DECLARED, OTHERS_CARDLESS, Outcome, outcome
from games.engine.transitions import next_in_play

from .helpers import build, penalty
from .test_properties import MOVE_CAP, SLOW, choose, rules_dicts, seeds


def some_move(state, data):
    """A listed move (``test_properties.choose``), or now and then, where misplays are
    punished, a held card played whatever the rules say."""
    hand = state.hands[state.turn]
    if state.rules.misplay == "penalty" and hand and data.draw(st.integers(0, 6), label="misplay?") == 0:
        card = data.draw(st.sampled_from(hand), label="misplayed")
        return Move.play((card,))
    return choose(state, state.legal_moves(), data)


def check_facts(before, move, after, facts):
    mover = before.mover(move)
    assert facts.mover == mover
    assert Outcome.from_dict(json.loads(json.dumps(facts.to_dict()))) == facts
    change = len(after.hands[mover]) - len(before.hands[mover])
    in_play = not after.placed[mover]
    misplayed = move.kind == "play" and before.problem(move) is not None
    if misplayed and in_play:
        assert change == facts.misplay
    elif move.kind == "play" and in_play:
        assert change + len(move.cards) == facts.niko_kadi_missed + facts.unanswered  # the draws add up
    elif move.kind == "draw" and in_play:
        assert change == facts.paid + facts.unanswered or not (facts.paid or facts.unanswered)
    if facts.jump is not None:  # the seat jumped is the next in play from the mover
        seat, count = facts.jump
        assert seat == after.turn == next_in_play(_at(after, mover)) and count == after.pending[1]
    if facts.skipped:
        assert before.pending[0] == "jump"
    if facts.penalty is not None:
        seat, amount = facts.penalty
        assert seat == after.turn and after.pending == ("penalty", amount)
        if facts.grown:
            assert amount > before.pending[1]
    if facts.cancelled:
        assert before.pending == ("penalty", facts.cancelled) and after.pending is None
    if facts.plays_again:
        assert facts.reversed and after.turn == mover and before.in_play == 2
    if facts.question is not None:
        seat, suit = facts.question
        assert after.pending == ("question", "HDSC".index(suit)) and seat == after.turn
    if facts.no_win:
        assert len(move.cards) == len(before.hands[mover]) and after.winner != mover
    if facts.won:
        assert after.winner == mover
    for seat in facts.out:
        assert after.placed[seat] and not before.placed[seat]


def _at(state, seat):
    """``state`` with the turn at ``seat`` (to ask whom turn order reaches next)."""
    copy = state._copy()
    copy.turn = seat
    return copy


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(rules=rules_dicts(), players=st.integers(2, 5), seed=seeds, data=st.data())
def test_outcomes_agree_with_the_cards_and_the_turn_order(rules, players, seed, data):
    state = new_game(Rules.from_dict(rules), players=players, seed=seed)
    for _ in range(MOVE_CAP):
        if state.finished:
            break
        move = some_move(state, data)
        after = state.apply(move)
        facts = outcome(state, move, after)
        check_facts(state, move, after, facts)
        state = after


def test_a_jack_jumps_the_next_player_who_is_then_skipped():
    state = build(hands=("JH 4C", "5C 9D", "6S"), discard="7H")
    after = state.apply("JH")
    assert outcome(state, Move.parse("JH"), after) == Outcome(0, jump=(1, 1))
    assert after.pending == ("jump", 1, 0)
    again = after.apply("accept")
    assert outcome(after, Move.parse("accept"), again) == Outcome(1, skipped=True)


@pytest.mark.parametrize(
    ("players", "expected"),
    [(3, Outcome(0, reversed=True)), (2, Outcome(0, reversed=True, plays_again=True))],
)
def test_a_king_turns_play_and_with_two_players_its_player_goes_again(players, expected):
    hands = ("KH 4C", "5C 9D", "6S")[:players]
    state = build(rules={"preset": "classic", "kickback_two_player": "play-again"}, hands=hands, discard="7H")
    assert outcome(state, Move.parse("KH"), state.apply("KH")) == expected


def test_a_penalty_countered_grows_and_its_draw_is_paid():
    rules = {"preset": "classic", "penalty_stacking": "cumulative"}
    state = build(rules=rules, hands=("2H 4C", "2C 9D", "6S"), discard="7H")
    first = state.apply("2H")
    assert outcome(state, Move.parse("2H"), first) == Outcome(0, penalty=(1, 2))
    second = first.apply("2C")
    assert outcome(first, Move.parse("2C"), second) == Outcome(1, penalty=(2, 4), grown=True)
    third = second.apply("draw")
    assert outcome(second, Move.parse("draw"), third) == Outcome(2, paid=4)


def test_an_ace_cancels_a_penalty():
    state = build(hands=("AH 4C", "5C 9D"), discard="2H", pending=penalty(2))
    assert outcome(state, Move.parse("AH"), state.apply("AH")).cancelled == 2


def test_a_question_asked_then_answered_or_drawn_for():
    state = build(rules={"preset": "classic", "question_answered_by": "next"}, hands=("QH 4C", "5H 9D"),
                  discard="7H")
    asked = state.apply("QH")
    assert outcome(state, Move.parse("QH"), asked) == Outcome(0, question=(1, "H"))
    assert outcome(asked, Move.parse("5H"), asked.apply("5H")).answered
    assert outcome(asked, Move.parse("draw"), asked.apply("draw")) == Outcome(1, unanswered=1)


def test_a_question_answered_in_the_same_play():
    state = build(hands=("QH 5H 4C", "9D"), discard="7H")
    assert outcome(state, Move.parse("QH 5H"), state.apply("QH 5H")) == Outcome(0, answered=True)


def test_a_misplay_says_its_cost():
    state = build(rules={"preset": "classic", "misplay": "penalty"}, hands=("4C 5D", "9D"), discard="7H")
    assert outcome(state, Move.parse("4C"), state.apply("4C")) == Outcome(0, misplay=2)


@pytest.mark.parametrize(
    ("rules", "hands", "declared", "why"),
    [
        ({"preset": "classic", "niko_kadi": True}, ("6D", "9D 4S"), [False, False], NOT_DECLARED),
        ({"preset": "classic", "niko_kadi": False, "finishing_ranks": ["4", "5"]}, ("6D", "9D 4S"),
         [False, False], CANNOT_FINISH),
        ({"preset": "classic", "niko_kadi": False, "no_win_while_cardless": True}, ("6D", "", "4S"),
         [False, False, False], OTHERS_CARDLESS),
    ],
)
def test_an_emptied_hand_that_does_not_win_says_why(rules, hands, declared, why):
    state = build(rules=rules, hands=hands, discard="7D", declared=declared)
    after = state.apply("6D")
    assert after.winner is None and outcome(state, Move.parse("6D"), after).no_win == why


def test_a_missed_niko_kadi_costs_its_penalty():
    rules = {"preset": "classic", "niko_kadi": True, "niko_kadi_penalty": 2}
    state = build(rules=rules, hands=("6D", "9D 4S"), discard="7D")
    facts = outcome(state, Move.parse("6D"), state.apply("6D"))
    assert (facts.no_win, facts.niko_kadi_missed) == (NOT_DECLARED, 2)


def test_a_win_and_a_resignation():
    state = build(rules={"preset": "classic", "niko_kadi": False}, hands=("6D", "9D 4S", "5C"), discard="7D")
    assert outcome(state, Move.parse("6D"), state.apply("6D")) == Outcome(0, won=True)
    assert outcome(state, Move.parse("resign 2"), state.apply("resign 2")) == Outcome(2, out=(2,))
