"""Two decks (the ``decks`` option, issue 48): 2 to 10 players, every card twice, and the
copies of a card one and the same card (``"5H 5H"`` plays both).

Property tests play random two-deck games under random rules and check the invariants of
``test_properties`` after every move; the listed moves stay distinct and each applies; a
third copy, a copy not held and a card the deck lacks are refused in the rule's words. The
worked examples are those of docs/rules.md, "Two decks"."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalMove, Move, Rules, State, new_game, reasons, replay
from games.engine.cards import CARD_TEXT, parse_card
from games.engine.choices import choice
from games.engine.generate import shortest_legal_moves

from .helpers import build, hand, legal, penalty, play, position
from .test_properties import (
    MOVE_CAP,
    SHORT_GAME,
    SLOW,
    check_cards_conserved,
    check_listed_moves_apply,
    check_places,
    check_playable_cards,
    check_round_trip,
    check_unlisted_moves,
    check_views_hide_secrets,
    choose,
    rules_dicts,
    seeds,
)

TWO = {"preset": "classic", "decks": 2}


def refused(state, text):
    """The reason template of the refusal of ``text`` here (it must be refused)."""
    with pytest.raises(IllegalMove) as error:
        state.apply(text)
    assert str(state.problem(text)) == str(error.value)
    return error.value.template


# --- property tests -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(rules=rules_dicts(), players=st.integers(2, 10), seed=seeds, data=st.data())
def test_two_deck_games_keep_every_invariant(rules, players, seed, data):
    rules = Rules.from_dict({**rules, "decks": 2})
    state = new_game(rules, players=players, seed=seed)
    states, moves = [state], []
    while not state.finished and len(moves) < MOVE_CAP:
        check_cards_conserved(state, rules)
        check_round_trip(state)
        check_views_hide_secrets(state, seed)
        listed = state.legal_moves()
        assert listed, "a running game must offer a move"
        check_playable_cards(state, listed)
        check_listed_moves_apply(state, listed, rules)  # distinct, and each applies
        check_unlisted_moves(state, listed, rules, data)
        check_copies_refused(state, data)
        move = choose(state, listed, data)
        state = state.apply(move)
        states.append(state)
        moves.append(str(move))
    assert state.finished, f"no end after {len(moves)} moves with max_turns {SHORT_GAME}"
    check_cards_conserved(state, rules)
    check_places(state)
    assert [s.to_dict() for s in replay(rules, players, seed, moves)] == [s.to_dict() for s in states]


def check_copies_refused(state, data):
    """A card named three times, or twice by a hand holding one copy, or a card the deck in
    use lacks, is refused with its reason whatever the misplay rule (nothing changes)."""
    held = hand(state, state.turn)
    if not held:
        return
    card = data.draw(st.sampled_from(held), label="copied")
    assert refused(state, f"{card} {card} {card}") == reasons.MORE_COPIES_THAN_DECKS
    if held.count(card) == 1:
        assert refused(state, f"{card} {card}") == reasons.HOLD_ONE_COPY
    if not state.rules.jokers:
        assert refused(state, "JKB") == reasons.NOT_IN_DECK


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW)
@given(
    preset=st.sampled_from(["classic", "rulebook", "bomb-ni-bomb"]), players=st.integers(6, 10), seed=seeds
)
def test_hands_with_copies_list_each_move_once_and_every_play_of_the_copies(preset, players, seed):
    """Deal until a hand holds both copies of a card: its one-card play is listed once, and
    the play of both copies is listed exactly when the cards may start a play together."""
    state = new_game(Rules.from_dict({"preset": preset, "decks": 2}), players=players, seed=seed)
    for _ in range(SHORT_GAME):
        if state.finished:
            break
        listed = [str(move) for move in state.legal_moves()]
        assert len(set(listed)) == len(listed)
        held = hand(state, state.turn)
        for card in {c for c in held if held.count(c) == 2}:
            assert listed.count(card) <= 1
            both = f"{card} {card}"
            if state.problem(both) is None:
                assert both in listed or f"{both} @H" in listed
        state = state.apply(state.legal_moves()[0])


# --- the deal and the number of players ---------------------------------------------------


def test_two_decks_seat_two_to_ten_and_deal_the_table_hand_size():
    state = new_game(TWO, players=10, seed=7)
    assert [len(h) for h in state.hands] == [4] * 10
    assert len(state.draw_pile) == 108 - 40 - 1
    seven = new_game({**TWO, "hand_size": 7}, players=10, seed=7)
    assert len(seven.draw_pile) == 108 - 70 - 1


@pytest.mark.parametrize(("decks", "players"), [(1, 6), (1, 1), (2, 11), (2, 1)])
def test_a_game_outside_the_decks_player_range_is_refused_naming_the_rule(decks, players):
    with pytest.raises(ValueError, match=f"decks: {decks}"):
        new_game({"preset": "classic", "decks": decks}, players=players, seed=1)


def test_one_deck_deals_exactly_as_before():
    """The option at its default leaves the deal as it was (perft.json checks the moves)."""
    assert new_game("classic", 4, 3).to_dict() == new_game({"preset": "classic", "decks": 1}, 4, 3).to_dict()


# --- hostile input: records, positions and moves ------------------------------------------


def test_apply_refuses_a_third_copy_a_copy_not_held_and_a_card_not_in_the_deck():
    state = build(rules={**TWO, "jokers": 0}, hands=("5H 5H 7H", "4C"), discard=("5S",))
    assert refused(state, "5H 5H 5H") == reasons.MORE_COPIES_THAN_DECKS
    assert refused(state, "7H 7H") == reasons.HOLD_ONE_COPY
    assert refused(state, "JKR") == reasons.NOT_IN_DECK
    assert str(state.problem("5H 5H 5H")) == "two decks hold only two copies of 5H"
    # misplay: penalty draws for a play of held cards only: these stay refused
    misplaying = build(rules={**TWO, "misplay": "penalty"}, hands=("5H 5H 7H", "4C"), discard=("5S",))
    assert refused(misplaying, "7H 7H") == reasons.HOLD_ONE_COPY


def test_one_deck_still_refuses_a_card_named_twice_and_a_joker_it_lacks():
    state = build(rules={"preset": "classic", "jokers": 0}, hands=("5H 7H", "4C"), discard=("5S",))
    assert refused(state, "5H 5H") == reasons.CARD_TWICE
    assert refused(state, "JKR") == reasons.NOT_IN_DECK


def test_a_position_with_a_third_copy_or_a_missing_copy_is_refused():
    data = position(rules=TWO, hands=("5H 5H", "4C"), discard=("7S",))
    State.from_dict(data)
    third = dict(data, hands=[["5H", "5H"], ["4C", "5H"]])
    third["draw_pile"] = list(data["draw_pile"])
    third["draw_pile"].remove("4S")
    with pytest.raises(ValueError, match="two decks hold only two copies of 5H"):
        State.from_dict(third)
    lacking = dict(data, hands=[["5H"], ["4C"]])
    with pytest.raises(ValueError, match="lacks 5H"):
        State.from_dict(lacking)
    with pytest.raises(ValueError, match="2 to 5 hands"):
        State.from_dict(position(hands=("4C", "4D", "4S", "4H", "5C", "5D"), discard=("7S",)))
    State.from_dict(position(rules=TWO, hands=("4C", "4D", "4S", "4H", "5C") * 2, discard=("7S",)))


def test_a_record_naming_a_third_copy_does_not_replay():
    state = new_game(TWO, players=6, seed=11)
    card = hand(state, 0)[0]
    with pytest.raises(IllegalMove) as error:
        replay(TWO, 6, 11, [f"{card} {card} {card}"])
    assert error.value.template == reasons.MORE_COPIES_THAN_DECKS


def test_resign_names_seats_up_to_nine():
    state = new_game(TWO, players=10, seed=5)
    assert Move.parse("resign 9") == Move.resign(9)
    assert state.resign(9).placed[9] == 10
    with pytest.raises(IllegalMove):
        Move.parse("resign 10")


# --- the worked examples of docs/rules.md, "Two decks" ------------------------------------


def test_two_identical_cards_are_one_play_written_twice():
    """Example 1: holding both 7H, "7H 7H" plays them; it is one move, listed once."""
    state = build(rules=TWO, hands=("7H 7H 9C", "4C 4D"), discard=("7S",))
    moves = legal(state)
    assert {"7H", "7H 7H"} <= moves and "7H 7H 7H" not in moves and "9C" not in moves
    after = play(state, "7H 7H")
    assert hand(after, 0) == ["9C"] and after.to_dict()["discard_pile"][-2:] == ["7H", "7H"]


def test_the_twin_of_a_question_is_another_question_never_an_answer():
    """Example 2: QH on QH is a question chain (same rank and suit); the answer is a heart."""
    state = build(rules=TWO, hands=("QH QH 5H 9S", "4C 4D"), discard=("7H",))
    moves = legal(state)
    assert "QH QH 5H" in moves and "QH QH" in moves
    passed = build(
        rules={**TWO, "preset": "rulebook"},
        hands=("4C", "QH 9C"),
        discard=("QH",),
        turn=1,
        pending={"kind": "question", "suit": "H"},
    )
    assert "QH" in legal(passed)  # another question, of the asked suit
    after = play(passed, "QH")
    assert after.pending == ("question", 0) and after.turn == 0


def test_four_jokers_and_four_twos_stack_as_the_table_says():
    """Example 3: bomb ni bomb (cumulative, same-suit combos) and four jokers."""
    rules = {"preset": "bomb-ni-bomb", "decks": 2}
    state = build(rules=rules, hands=("JKR JKR JKB JKB 4C", "2H 2H 9C", "5D"), discard=("7H",))
    after = play(state, "JKR JKR JKB JKB")
    assert after.pending == ("penalty", 20)
    countered = play(after, "2H 2H")
    assert countered.pending == ("penalty", 24)
    replace = build(rules=TWO, hands=("2H 2H 2S 2S 4C", "5D 5C"), discard=("7H",))
    assert play(replace, "2H 2H 2S 2S").pending == ("penalty", 2)  # classic: the last card's value


def test_the_reshuffle_takes_both_copies_back():
    """Example 4: the discard pile but its top is shuffled into a new draw pile, copies and all."""
    hands = ["AH AH", "4C", "4D", "4S", "5C", "5D", "5S", "6C", "6D", "6S"]
    data = position(rules=TWO, hands=hands, discard=("7H",), pending=penalty(5))
    data["discard_pile"] = data["draw_pile"] + data["discard_pile"]  # nothing left to draw
    data["draw_pile"] = []
    state = State.from_dict(data)
    after = play(state, "draw")
    assert len(hand(after, 0)) == 7 and after.shuffles == 1
    assert after.to_dict()["restocked"].count("AS") == 2  # both copies went back


def test_ten_players_with_nothing_left_to_draw_take_nothing_and_play_on():
    """Example 5: every card in a hand but the top one: a penalty draws nothing and is spent,
    the turn passes, and the game goes on (to its turn limit if nobody can play)."""
    rest = position(rules=TWO, hands=[""] * 10, discard=("7H",))["draw_pile"]
    hands = [" ".join(rest[seat::10]) for seat in range(10)]
    data = position(rules=TWO, hands=hands, discard=("7H",), pending=penalty(5))
    assert data["draw_pile"] == []
    state = State.from_dict(data)
    after = play(state, "draw")
    assert hand(after, 0) == hand(state, 0) and after.turn == 1 and after.pending is None
    assert not after.finished


def test_the_record_of_a_two_deck_game_replays_move_for_move():
    """Example 6: copies are interchangeable, so move text names a card's identity fully."""
    rules = Rules.from_dict(TWO)
    state = new_game(rules, players=8, seed=21)
    moves = []
    while not state.finished and len(moves) < 200:
        move = state.legal_moves()[-1]
        moves.append(str(move))
        state = state.apply(move)
    assert replay(rules, 8, 21, moves)[-1].to_dict() == state.to_dict()


def test_the_api_list_and_the_page_selection_count_copies():
    """The bot API's shortest-first list names each move once; the page's selection lets the
    twin of a picked card follow it, and never a card picked as often as it is held."""
    state = build(rules=TWO, hands=("7H 7H 7S 9C", "4C 4D"), discard=("7D",))
    moves, complete = shortest_legal_moves(state, 200)
    texts = [str(move) for move in moves]
    assert complete and len(set(texts)) == len(texts)
    assert texts[:2] == ["7H", "7S"] and "7H 7H 7S" in texts and "7S 7H 7H" in texts
    assert texts.count("7H 7H") == 1 and set(texts) == legal(state)
    picked = choice(state, [parse_card("7H")])
    assert [CARD_TEXT[c] for c in picked.follow] == ["7H", "7S"] and picked.complete
    both = choice(state, [parse_card("7H")] * 2)
    assert [CARD_TEXT[c] for c in both.follow] == ["7S"] and both.held
    assert not choice(state, [parse_card("7H")] * 3).held
