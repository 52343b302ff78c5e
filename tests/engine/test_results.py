"""games.engine.results: what a game's record keeps of a misplay and of the end."""

from games.engine import Move
from games.engine.results import final_places, misplay_penalty

from .helpers import build, penalty, play

OTHERS = ("4C 6C 10C", "4D 6D 10D", "4S 6S 10S")


def test_a_misplay_penalty_is_the_cards_drawn_for_it():
    state = build(rules="classic", hands=["5S 9C", OTHERS[0]], discard=["7H"])
    assert misplay_penalty(state, Move.parse("5S"), play(state, "5S")) == 2
    owing = build(rules="classic", hands=["3H 9C", OTHERS[0], OTHERS[1]], discard=["5H", "2H"],
                  pending=penalty(2))
    assert misplay_penalty(owing, Move.parse("3H"), play(owing, "3H")) == 3


def test_legal_moves_and_draws_have_no_misplay_penalty():
    state = build(rules="classic", hands=["5S 9H", OTHERS[0]], discard=["7H"])
    for text in ("9H", "draw"):
        assert misplay_penalty(state, Move.parse(text), play(state, text)) is None


def finished_game():
    """Seat 0 wins; seats 1 and 3 hold three cards, seat 2 one."""
    hands = ["5H", "4C 6C 9C", "10D", "4S 6S 9S"]
    state = build(rules="chains", hands=hands, discard=["7H"], declared=[True, False, False, False])
    return play(state, "5H")


def test_final_places_are_the_engines_when_nobody_left():
    after = finished_game()
    assert final_places(after, set()) == after.places() == [1, 3, 2, 3]


def test_seats_that_left_but_stayed_in_play_share_the_last_place():
    after = finished_game()
    assert final_places(after, {3}) == [1, 3, 2, 4]
    assert final_places(after, {1, 3}) == [1, 3, 2, 3]
    assert final_places(after, {0}) == [4, 2, 1, 2]  # a stand-in won for a seat that had left


def test_a_game_ended_early_is_placed_by_the_cards_held():
    running = build(rules="classic", hands=["5H 9H", "4C 6C 9C", "10D"], discard=["7H"])
    assert not running.finished
    assert final_places(running, set()) == running.standing() == [2, 3, 1]
    assert final_places(running, {2}) == [1, 2, 3]
