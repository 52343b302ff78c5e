"""The tournament pairing (tournaments.pairing): examples, and properties over any queue."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import Group, Waiting, meetings, pair, score_order

NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
BOT_WAIT = timedelta(seconds=30)


def waiting(n, points=0, seconds=60, avoid=()):
    return Waiting(n, points, NOW - timedelta(seconds=seconds), frozenset(avoid))


def test_similar_scores_sit_together():
    queue = [waiting(n, points=p) for n, p in enumerate([0, 30, 12, 24, 8, 40, 4, 16])]
    result = pair(queue, 4, NOW)
    assert result.groups == (Group((5, 1, 3, 7)), Group((2, 4, 6, 0)))
    assert result.left == ()


def test_the_last_to_come_wait_for_the_next_pairing():
    queue = [waiting(n, seconds=100 - n) for n in range(6)]
    result = pair(queue, 4, NOW)
    assert [set(g.players) for g in result.groups] == [{0, 1, 2, 3}]
    assert result.left == (4, 5)


def test_last_games_opponents_are_split_by_a_swap_with_the_next_table():
    # 0 and 1 played each other last; 2 and 3 too: the plain order would seat them together again.
    queue = [
        waiting(0, 40, avoid={1}),
        waiting(1, 30, avoid={0}),
        waiting(2, 20, avoid={3}),
        waiting(3, 10, avoid={2}),
    ]
    result = pair(queue, 2, NOW)
    assert all(meetings([w for w in queue if w.id in g.players]) == 0 for g in result.groups)
    assert [set(g.players) for g in result.groups] == [{0, 2}, {1, 3}]


def test_opponents_meet_again_when_nobody_else_waits():
    queue = [waiting(0, avoid={1}), waiting(1, avoid={0})]
    assert pair(queue, 2, NOW).groups == (Group((0, 1)),)


def test_without_bots_a_lone_player_waits_however_long():
    assert pair([waiting(7, seconds=3600)], 2, NOW) == pair([waiting(7, seconds=3600)], 2, NOW, None)
    assert pair([waiting(7, seconds=3600)], 2, NOW).left == (7,)


def test_with_bots_leftovers_who_waited_long_enough_play_with_bots():
    queue = [waiting(n, seconds=200 - n) for n in range(4)] + [waiting(8, seconds=31), waiting(9, seconds=5)]
    result = pair(queue, 4, NOW, BOT_WAIT)
    assert result.groups[-1] == Group((8, 9), bots=2)
    assert result.left == ()


def test_with_bots_leftovers_wait_until_the_bot_wait_is_over():
    queue = [waiting(8, seconds=29), waiting(9, seconds=5)]
    assert pair(queue, 3, NOW, BOT_WAIT).left == (8, 9)
    assert pair(queue, 3, NOW + timedelta(seconds=1), BOT_WAIT).groups == (Group((8, 9), bots=1),)


def test_a_table_has_two_seats_at_least():
    with pytest.raises(ValueError):
        pair([], 1, NOW)


@st.composite
def queues(draw):
    """A queue of up to 40 players, with points, waits and last opponents among them."""
    count = draw(st.integers(0, 40))
    ids = list(range(1, count + 1))
    players = []
    for n in ids:
        avoid = draw(st.frozensets(st.sampled_from(ids), max_size=4)) if ids else frozenset()
        players.append(
            Waiting(
                n, draw(st.integers(0, 60)), NOW - timedelta(seconds=draw(st.integers(0, 120))), avoid - {n}
            )
        )
    return players


SEATS = st.integers(2, 5)


@given(queues(), SEATS, st.booleans())
def test_everyone_sits_once_or_waits_and_every_table_is_full(queue, seats, bots):
    result = pair(queue, seats, NOW, BOT_WAIT if bots else None)
    seated = [n for g in result.groups for n in g.players]
    assert sorted(seated + list(result.left)) == sorted(w.id for w in queue)
    assert all(len(g.players) + g.bots == seats for g in result.groups)
    assert len(result.left) < seats
    assert all(g.bots == 0 for g in result.groups) or bots


@given(queues(), SEATS)
def test_nobody_moves_more_than_one_table_from_their_place_in_score_order(queue, seats):
    result = pair(queue, seats, NOW)
    ordered = [w.id for w in score_order(queue) if w.id not in result.left]
    place = {n: index // seats for index, n in enumerate(ordered)}
    for index, group in enumerate(result.groups):
        assert all(abs(place[n] - index) <= 1 for n in group.players)


@given(queues(), SEATS)
def test_with_no_one_to_avoid_tables_are_cut_in_score_order(queue, seats):
    queue = [Waiting(w.id, w.points, w.since) for w in queue]
    result = pair(queue, seats, NOW)
    ordered = [w.id for w in score_order(queue) if w.id not in result.left]
    assert [n for g in result.groups for n in g.players] == ordered


@given(queues(), SEATS)
def test_last_opponents_meet_no_more_often_than_in_plain_score_order(queue, seats):
    result = pair(queue, seats, NOW)
    by_id = {w.id: w for w in queue}
    ordered = [w for w in score_order(queue) if w.id not in result.left]
    plain = sum(meetings(ordered[i : i + seats]) for i in range(0, len(ordered), seats))
    paired = sum(meetings([by_id[n] for n in g.players]) for g in result.groups)
    assert paired <= plain


@given(st.integers(2, 20), SEATS)
def test_last_opponents_are_avoided_when_the_next_table_can_take_them(tables, seats):
    """A queue of equal scores where each table of the plain order is last game's table again:
    the swaps split every one of them."""
    count = tables * seats
    queue = [
        waiting(n, avoid={m for m in range(count) if m // seats == n // seats and m != n})
        for n in range(count)
    ]
    result = pair(queue, seats, NOW)
    by_id = {w.id: w for w in queue}
    assert sum(meetings([by_id[n] for n in g.players]) for g in result.groups) < sum(
        meetings(queue[i : i + seats]) for i in range(0, count, seats)
    )
