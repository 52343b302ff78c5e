"""games.play.deadlines.expire_due_turns: the server's safe move for a player out of time
(draw, accept a penalty or a jump, pass after a draw), the resignation at the set number of
timeouts, a bot's turn played with no page open, and each turn played once (twice run,
or at once on PostgreSQL)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models import Game
from games.models import Move as MoveRow
from games.play.deadlines import expire_due_turns
from games.play.moves import submit_move
from games.play.starts import start_game
from games.play.tables import add_bot, create_table
from tests.engine.helpers import jump, penalty
from tests.games.helpers import put_position
from tests.timers.helpers import twice_at_once
from tests.turns.helpers import DAY, past_deadline, reload, turn_game


def _last_move(game):
    return MoveRow.objects.filter(game=game).order_by("-index").first()


@pytest.mark.django_db
def test_nothing_is_due_before_the_deadline(user, baraka):
    game = turn_game(user, baraka)
    assert expire_due_turns(past_deadline(game, seconds=-60)) == 0
    assert reload(game).move_count == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    "preset, setup, safe, drew",
    [
        ("friendly", {"hands": ("4H 5H 6H", "4C 5C 6C"), "discard": ("9C",)}, "draw", 1),
        # a penalty is taken by drawing it (the engine's "draw" owes the penalty's cards)
        ("classic", {"hands": ("4H 5H", "4C 5C"), "discard": ("2C",), "pending": penalty(2)}, "draw", 2),
        ("classic", {"hands": ("4H 5H", "4C 5C"), "discard": ("JC",), "pending": jump(1, 1)}, "accept", None),
        ("rulebook", {"hands": ("7H 4C", "4D 5D"), "discard": ("7D",), "drawn": "7H"}, "pass", None),
    ],
    ids=["draw", "penalty accepted", "jump accepted", "pass after a draw"],
)
def test_the_server_makes_the_safe_move_for_a_player_out_of_time(user, baraka, preset, setup, safe, drew):
    game = turn_game(user, baraka, preset=preset)
    put_position(reload(game), turn=0, **setup)
    now = past_deadline(game)
    assert expire_due_turns(now) == 1
    move = _last_move(game)
    assert (move.seat, move.text, move.actor, move.drew) == (0, safe, MoveRow.Actor.TIMER, drew)
    game = reload(game)
    assert game.players.get(seat=0).timeouts == 1
    if game.turn == 1:  # the next turn counts from the server's move
        assert game.move_deadline == now + timedelta(seconds=DAY)


@pytest.mark.django_db
def test_running_it_twice_at_the_same_time_makes_one_move(user, baraka):
    game = turn_game(user, baraka)
    now = past_deadline(game)
    assert (expire_due_turns(now), expire_due_turns(now)) == (1, 0)
    assert reload(game).move_count == 1


@pytest.mark.django_db
def test_the_set_number_of_timeouts_resigns_the_game_for_the_player(user, baraka, chebet, settings):
    settings.TURN_BASED_TIMEOUTS_BEFORE_RESIGN = 2
    table = create_table(user, "Three", 3, "friendly", pace="turn", move_seconds=3600)
    from games.play.tables import take_seat

    take_seat(table, baraka)
    take_seat(table, chebet)
    game = start_game(table, user)
    for _ in range(10):  # baraka and chebet answer at once; amani never does
        game = reload(game)
        if game.turn == 0:
            expire_due_turns(past_deadline(game))
        else:
            mover = game.players.get(seat=game.turn).user
            submit_move(game.pk, mover, "draw")
        if reload(game).players.get(seat=0).left:
            break
    game = reload(game)
    amani = game.players.get(seat=0)
    assert amani.left and amani.timeouts == 2
    resign = game.moves.filter(seat=0).order_by("index").last()
    assert resign.text == "resign 0" and resign.actor == MoveRow.Actor.TIMER
    assert game.is_running and game.turn in (1, 2)  # the others play on
    assert list(game.moves.filter(seat=0).values_list("text", flat=True)) == ["draw", "resign 0"]


@pytest.mark.django_db
def test_a_two_player_game_ends_when_the_timed_out_player_resigns(user, baraka, settings):
    settings.TURN_BASED_TIMEOUTS_BEFORE_RESIGN = 1
    game = turn_game(user, baraka)
    expire_due_turns(past_deadline(game))
    game = reload(game)
    assert game.status == Game.Status.FINISHED and game.winner == 1 and game.move_deadline is None


@pytest.mark.django_db
def test_a_bots_turn_at_a_turn_based_table_is_played_with_no_page_open(user):
    table = create_table(user, "Bots", 2, "friendly", pace="turn", move_seconds=3600)
    add_bot(table, "greedy")
    game = start_game(table, user)
    submit_move(game.pk, user, "draw")
    game = reload(game)
    assert game.turn == 1 and game.move_deadline is not None  # due after BOT_DELAY
    assert expire_due_turns(timezone.now() + timedelta(seconds=1)) == 1
    game = reload(game)
    assert not game.is_running or game.turn == 0
    assert game.moves.filter(seat=1).count() >= 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL's")
def test_two_workers_at_once_make_exactly_one_move(make_user):
    amani, baraka = make_user("amani"), make_user("baraka")
    game = turn_game(amani, baraka)
    for _round in range(5):
        game = reload(game)
        now = past_deadline(game)
        assert sorted(twice_at_once(lambda now=now: expire_due_turns(now))) == [0, 1]
        game_after = reload(game)
        assert game_after.move_count == game.move_count + 1 or not game_after.is_running
        if not game_after.is_running:
            break


@pytest.mark.django_db
def test_a_run_with_nothing_due_is_one_query_and_a_timeout_a_handful(user, baraka):
    from django.test.utils import CaptureQueriesContext

    game = turn_game(user, baraka)
    early, late = past_deadline(game, seconds=-60), past_deadline(game)
    with CaptureQueriesContext(connection) as idle:
        assert expire_due_turns(early) == 0
    assert len(idle) == 1
    with CaptureQueriesContext(connection) as work:
        assert expire_due_turns(late) == 1
    # the due list; per game: lock, players, vacation, timeouts, move, position, next vacation; savepoints
    assert len([q for q in work.captured_queries if "SAVEPOINT" not in q["sql"]]) <= 12
