"""What every seat saw the others draw on and play (``State.drew_on``, ``State.plays``), and
the deals sampled from it (``determinize.Observation``): public facts for the search bots'
opponent model."""

import json
import random

import pytest

from games.engine import State
from games.engine.determinize import Observation
from games.engine.generate import starts_normally
from games.engine.transitions import PLAYS_KEPT
from tests.engine.helpers import build, play, play_all, position


def drew_on(state):
    return state.to_dict()["drew_on"]


def test_a_draw_with_nothing_pending_records_what_it_faced():
    state = play(build(hands=["5C 9D", "KS 4D"], discard=["7H"]), "draw")
    assert drew_on(state) == [[["H", "7H", 1]], []]  # the card drawn is one received since


def test_a_draw_of_a_penalty_records_nothing():
    state = build(hands=["5C 9D", "KS 4D"], discard=["2H"], pending={"kind": "penalty", "amount": 2})
    assert drew_on(play(state, "draw")) == [[], []]


def test_plays_keep_an_entry_and_cards_received_count_against_it():
    state = play_all(build(hands=["5C 9D 6S", "KS 4D 9H"], discard=["7H"]), ["draw", "9H"])
    assert drew_on(state)[0] == [["H", "7H", 1]]
    state = play(state, "9D")  # a play changes nothing
    assert drew_on(state)[0] == [["H", "7H", 1]]
    state = play_all(state, ["4D", "draw"])  # another draw: a second entry, one more card received
    assert drew_on(state)[0] == [["H", "7H", 2], ["D", "4D", 1]]


def test_an_entry_goes_once_no_card_from_before_it_can_be_held():
    state = play_all(
        build(hands=["5C 4D", "4H 5D 10S"], discard=["7H"], draws="9S"), ["draw", "4H", "4D", "5D"]
    )
    assert drew_on(state)[0] == [["H", "7H", 1]]  # 5C is held from before the draw
    assert drew_on(play(state, "5C"))[0] == []  # only 9S, drawn then, is left


def test_a_second_draw_facing_the_same_replaces_the_first():
    state = play_all(build(hands=["5C 9D", "KS 4D 9H"], discard=["7H"]), ["draw", "draw"])
    assert drew_on(state) == [[["H", "7H", 1]], [["H", "7H", 1]]]
    assert drew_on(play(state, "draw")) == [[["H", "7H", 1]], [["H", "7H", 1]]]


def test_the_record_round_trips_and_an_old_position_has_none():
    state = play_all(build(hands=["5C 9D", "KS 4D 4H"], discard=["7H"]), ["draw", "4H"])
    data = json.loads(json.dumps(state.to_dict()))
    assert State.from_dict(data) == state and state.drew_on[0] and state.plays[1]
    del data["drew_on"], data["plays"]
    old = State.from_dict(data)
    assert old.drew_on == old.plays == ((), ())


@pytest.mark.parametrize("value", [[[]], [["H", "7H", 1], []], [[["H", "7H"]], []], [[["X", "7H", 1]], []]])
def test_a_malformed_record_is_refused(value):
    with pytest.raises(ValueError, match="drew_on"):
        State.from_dict({**position(), "drew_on": value})


def test_every_seat_sees_the_same_record():
    state = play_all(build(hands=["5C 9D", "KS 4D 4H"], discard=["7H"]), ["draw", "4H"])
    views = [(state.view(seat)["drew_on"], state.view(seat)["plays"]) for seat in (0, 1, None)]
    assert views == [(drew_on(state), plays(state))] * 3


def opponent_drew(hand, gained, pile_cards=None):
    """A position where seat 1 (holding ``hand``) drew on 7H, ``gained`` cards ago; seat 0
    to move. With ``pile_cards`` the cards unseen by seat 0 are ``hand`` and those."""
    data = position(hands=["5C", hand], discard=["7H"], draw_pile=pile_cards)
    data["drew_on"] = [[], [["H", "7H", gained]]]
    return State.from_dict(data)


def cannot_follow(state, cards):
    return sum(1 for card in cards if not starts_normally(state, card))


def test_sampled_hands_hold_no_card_that_could_have_followed_since_the_draw():
    state = opponent_drew("4D 9S 10C 6D 5S", 2)
    observation = Observation(state.view(0))
    for seed in range(20):
        sample = observation.sample(random.Random(seed))
        assert cannot_follow(state, sample.hands[1]) >= 3  # the 3 held from before the draw
        assert State.from_dict(sample.to_dict()) == sample


def test_a_hand_that_cannot_keep_to_the_record_is_still_dealt():
    state = opponent_drew("2H 3H 4H 5H", 0, pile_cards=["6H", "8H", "9H"])  # every unseen card follows 7H
    for seed in range(5):
        sample = Observation(state.view(0)).sample(random.Random(seed))
        assert len(sample.hands[1]) == 4 and cannot_follow(state, sample.hands[1]) == 0
        assert State.from_dict(sample.to_dict()) == sample


def test_a_sample_deals_as_many_cards_that_could_not_follow_as_it_can():
    state = opponent_drew("2H 3H 4H 9S", 0, pile_cards=["6H", "8H", "10C"])  # two unseen cards cannot follow
    for seed in range(5):
        sample = Observation(state.view(0)).sample(random.Random(seed))
        assert sorted(c for c in sample.hands[1] if not starts_normally(state, c)) == sorted(
            c for c in state.hands[1] + state.draw_pile if not starts_normally(state, c)
        )


def plays(state):
    return state.to_dict()["plays"]


def test_a_play_is_recorded_with_the_position_it_was_made_in():
    state = play(build(hands=["7C 9D 6S", "KS 4D 9H"], discard=["7H"]), "7C")
    made = {"discard": ["7H"], "suit": "H", "pending": None, "declared": [False, False], "direction": 1}
    assert plays(state) == [[{"move": "7C", **made, "hand_sizes": [3, 3]}], []]


def test_only_the_latest_plays_are_kept_and_a_card_received_starts_them_again():
    state = build(hands=["7C 9C 10C 6C 4C 5S 8S", "KD"], discard=["7H"])
    state = play_all(state, ["7C", "draw", "4C", "draw", "6C", "draw", "9C", "draw", "10C"])
    assert [p["move"] for p in plays(state)[0]] == ["7C", "4C", "6C", "9C", "10C"][-PLAYS_KEPT:]
    assert plays(play_all(state, ["draw", "draw"]))[0] == []


@pytest.mark.parametrize(
    "value", [[[]], [[{"move": "draw"}], []], [[{"move": "7C", "discard": ["7H"]}], []], [["7C"], []]]
)
def test_malformed_plays_are_refused(value):
    with pytest.raises(ValueError, match="plays"):
        State.from_dict({**position(), "plays": value})
