"""What the others' moves tell of their hands (games.bots.inference): a record read from the
seat's views alone, which the true hands always agree with when the others play greedy."""

import random

import pytest

from games import bots
from games.bots.inference import Record
from games.engine import Rules, new_game
from games.engine.moves import DRAW, Move
from games.engine.rules import PRESETS
from tests.engine.helpers import build, play


def greedy_game(preset, players, seed):
    """Every ``(position, move)`` of a game of greedy bots, and its last position."""
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), players, seed)
    history = []
    while not state.finished:
        move = bots.choose_move(state, "greedy", rng)
        history.append((state, move))
        state = state.apply(move)
    return history, state


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_true_hands_of_greedy_players_always_agree_with_the_record(preset):
    checked = 0
    for seed in range(6):
        history, _ = greedy_game(preset, 2 + seed % 3, seed)
        for at, (state, _) in enumerate(history):
            record = Record(history[:at], state, state.turn)
            assert record.agrees(state), f"seed {seed}, move {at}"
            checked += any(record.plays) or any(record.drew_in)
    assert checked > 100  # most positions have something recorded


def test_a_deal_that_greedy_would_not_have_played_so_is_refused():
    """The opponent played 5H alone on 9H: with 5S as well, greedy would have played both."""
    state = build(hands=["4C 6C", "5H 10S 7C", "KD 3C"], discard=["9H"], turn=1)
    history = [(state, Move.parse("5H"))]
    after = play(state, "5H")
    record = Record(history, after, 2)
    assert [str(move) for _, move in record.plays[1]] == ["5H"] and record.plays[0] == []
    assert record.agrees(after)
    twin = build(hands=["4C 6C", "5S 7C", "KD 3C"], discard=["9H", "5H"], turn=2)
    assert not record.agrees(twin)  # held 5H 5S 7C then: greedy plays 5H 5S, to finish on 7C
    back = build(hands=["4C 6C", "5H 7C", "KD 3C"], discard=["9H"], turn=2)
    assert not record.agrees(back)  # a sample may deal it 5H again after a reshuffle: not so


def test_a_seat_out_of_play_is_not_inferred():
    """Its cards went under the draw pile: its plays say nothing of a hand it no longer has."""
    state = build(hands=["4C 6C", "5H 10S 7C", "KD 3C"], discard=["9H"], turn=1)
    after = play(state, "5H")
    gone = after.resign(1)
    record = Record([(state, Move.parse("5H")), (after, Move.resign(1))], gone, 2)
    assert record.plays[1] == [] and record.agrees(gone)


def test_a_draw_with_nothing_pending_says_at_most_the_card_drawn_could_follow():
    state = build(hands=["4C 6C", "KD 3C"], discard=["9H"], draws=["5S"], turn=0)
    after = play(state, "draw")
    record = Record([(state, Move(DRAW))], after, 1)
    assert record.drew_in[0] is not None and record.plays[0] == []
    assert record.agrees(after)
    twin = build(hands=["9S 6H 5S", "KD 3C"], discard=["9H"], turn=1)
    assert not record.agrees(twin)  # 9S and 6H could both have followed 9H


def test_cards_received_start_the_record_afresh():
    """An unanswered question's card comes with the play (classic): the hand before it is
    not known, so the play says nothing."""
    state = build(hands=["4C 6C", "QH 5S 10D", "KD 3C"], discard=["9H"], turn=1)
    after = play(state, "QH")
    assert len(after.hands[1]) == 3  # the question's card came with the play
    record = Record([(state, Move.parse("QH"))], after, 2)
    assert record.plays[1] == [] and record.drew_in[1] is None


def test_the_record_reads_only_what_the_seat_saw():
    """Positions that differ only in cards the bot's seat could not see give the same record
    and the same search."""
    history, _ = greedy_game("classic", 2, 11)
    at = len(history) // 2
    now = history[at][0]
    seat = now.turn
    twins = [(with_hidden_from(state, seat, k), move) for k, (state, move) in enumerate(history[:at])]
    twin_now = with_hidden_from(now, seat, 99)
    assert twin_now.hands[1 - seat] != now.hands[1 - seat]
    first, second = Record(history[:at], now, seat), Record(twins, twin_now, seat)
    assert [[str(m) for _, m in plays] for plays in first.plays] == [
        [str(m) for _, m in plays] for plays in second.plays
    ]
    chosen = [
        bots.choose_move(position, "expert", random.Random(5), past)
        for position, past in ((now, history[:at]), (twin_now, twins))
    ]
    assert chosen[0] == chosen[1]


def with_hidden_from(state, seat, seed):
    """``state`` with the cards ``seat`` cannot see (the other hands, the draw pile) dealt
    again in the same sizes, and another seed."""
    data = state.to_dict()
    hidden = [c for other, hand in enumerate(data["hands"]) if other != seat for c in hand]
    hidden += data["draw_pile"]
    rng = random.Random(seed)
    rng.shuffle(hidden)
    if data["restocked"]:  # the draw pile holds restocked cards only
        free = [c for c in hidden if c in data["restocked"]]
        taken = set(free[len(free) - len(data["draw_pile"]) :])
        hidden = [c for c in hidden if c not in taken] + [c for c in hidden if c in taken]
    for other, hand in enumerate(data["hands"]):
        if other != seat:
            data["hands"][other], hidden = hidden[: len(hand)], hidden[len(hand) :]
    data["draw_pile"], data["seed"] = hidden, data["seed"] + seed
    return type(state).from_dict(data)
