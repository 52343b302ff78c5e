"""What a move costs in queries is fixed: the same at the game's 5th move and its 500th,
with no spectator and with ten. The move itself (``consumers._submit_move``, the socket's
database call) is one short transaction here, inside the test's (outside any, on
PostgreSQL, the move is two statements: tests/play/test_moves_in_one_statement.py); after
it no one reads the table again: the process that made the move advances its reading
with what the move changed, another process with the change its group message carries
(``games.live.readings``), so every socket's render of the news costs no query, nor does
the turn clock's look (whether the player to move is away comes from ``games.presence``'s
copy of the table's rows).
Counted on the real database, on this thread's connection (the functions the sockets'
database threads call, called here)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import presence
from games.live import consumers, frames, readings, turn_clock
from games.live.protocol import Message
from games.models import Game, GamePlayer, Move
from games.play.server_turns import TIMER
from games.play.starts import start_game
from games.play.tables import take_seat
from tests.games.helpers import put_position

pytestmark = pytest.mark.django_db
MOVE_QUERIES = 4  # in one transaction: the game (found and locked), players, the move, the game
# ... and one fewer when this process keeps the game's players (games.play.kept_players): after the game's
# last move made here, or from the table's reading, which its sockets hold (games.live.readings)


def queries(call):
    """How many queries ``call`` makes (the test's savepoints, standing in for the
    transaction's begin and commit, not counted), and its result."""
    with CaptureQueriesContext(connection) as captured:
        result = call()
    made = [query for query in captured if query["sql"].split()[0] not in ("SAVEPOINT", "RELEASE")]
    return len(made), result


@pytest.fixture
def table_of_four(table, user, make_user):
    """A four-player game at move ``n`` (earlier moves stored as draws), amani to play."""


    others = [make_user(name) for name in ("baraka", "chebet", "dalili")]
    for person in others:
        take_seat(table, person)
    game = start_game(table, user)
    return game, [user, *others]


def at_move(game, count):
    Move.objects.bulk_create(Move(game=game, index=i, seat=i % 4, text="draw") for i in range(count))
    put_position(game, hands=("7H 5S 4C", "9H QD KC", "8C 3D", "6S 2H"), discard=("7D",), turn=0)
    Game.objects.filter(pk=game.pk).update(move_count=count, seq=count)
    return Game.objects.get(pk=game.pk)


def move_and_news(game, players, spectators, make_user, capture_on_commit):
    """Queries of the move (with what runs once it commits), of every render of its news,
    and of the turn clock's look, for the four players and ``spectators`` spectators."""
    viewers = [frames.Viewer({"user": person}) for person in players]
    viewers += [frames.Viewer({"user": make_user(f"watcher{n}")}) for n in range(spectators // 2)]
    viewers += [frames.Viewer({"user": AnonymousUser()}) for _ in range(spectators - spectators // 2)]
    now = timezone.now()
    # What the sockets and the clock read when they opened.
    readings.latest(game.table_id)
    turn_clock._next_turn(game.table_id, None)
    message = Message("move", move="7H", seq=game.seq, client_move_id=f"m{game.seq}")

    def move_and_commit():
        with capture_on_commit(execute=True):
            consumers._submit_move(game.table_id, players[0], message)

    move, _ = queries(move_and_commit)
    news = (game.pk, game.seq + 1)
    renders = [
        queries(lambda v=viewer: frames.table_frame(game.table_id, v, now, news=news)) for viewer in viewers
    ]
    clock, turn = queries(lambda: turn_clock._next_turn_here(game.table_id, news, None))  # in the event loop
    assert all(frame.seq == news[1] for _, frame in renders)
    assert turn is None  # baraka, to play, has no clock and is not away
    return move, sum(count for count, _ in renders), clock


@pytest.mark.parametrize("moves_before", [4, 499])
@pytest.mark.parametrize("spectators", [0, 10])
def test_a_move_costs_a_fixed_number_of_queries(
    table_of_four, make_user, moves_before, spectators, django_capture_on_commit_callbacks
):
    game, players = table_of_four
    game = at_move(game, moves_before)
    presence.joined(game.table_id, players[1].pk, timezone.now(), "baraka-tab")  # baraka has the table open

    costs = move_and_news(game, players, spectators, make_user, django_capture_on_commit_callbacks)

    assert costs == (MOVE_QUERIES - 1, 0, 0)  # the players kept with the reading the sockets opened on


def play(game, person, move, capture_on_commit):
    game.refresh_from_db()
    message = Message("move", move=move, seq=game.seq, client_move_id=f"m{game.seq}")
    with capture_on_commit(execute=True):
        return queries(lambda: consumers._submit_move(game.table_id, person, message))[0]


def test_a_move_after_one_made_here_reads_no_players(table_of_four, django_capture_on_commit_callbacks):
    game, (amani, baraka, *_) = table_of_four
    game = at_move(game, 4)

    first = play(game, amani, "7H", django_capture_on_commit_callbacks)
    second = play(game, baraka, "9H", django_capture_on_commit_callbacks)

    assert (first, second) == (MOVE_QUERIES, MOVE_QUERIES - 1)


def test_players_changed_by_another_process_are_read_again(table_of_four, django_capture_on_commit_callbacks):
    game, (amani, baraka, *_) = table_of_four
    game = at_move(game, 4)
    play(game, amani, "7H", django_capture_on_commit_callbacks)
    # Another process's transaction: baraka's clock ran out twice, and the game moved on.
    GamePlayer.objects.filter(game=game, seat=1).update(missed_turns=2)
    Game.objects.filter(pk=game.pk).update(seq=F("seq") + 1)

    assert play(game, baraka, "9H", django_capture_on_commit_callbacks) == MOVE_QUERIES + 1  # + the reset
    assert GamePlayer.objects.get(game=game, seat=1).missed_turns == 0  # baraka's move reset his count


def test_the_clock_looks_in_the_event_loop_only_at_what_this_process_keeps(
    table_of_four, django_capture_on_commit_callbacks
):
    game, (amani, baraka, *_) = table_of_four
    game.table.turn_timer_seconds = 60
    game.table.save()
    game = at_move(game, 4)
    now = timezone.now()
    presence.joined(game.table_id, baraka.pk, now, "baraka-tab")
    turn_clock._next_turn(game.table_id, None)  # the clock's first look, from a database thread
    play(game, amani, "7H", django_capture_on_commit_callbacks)
    news = (game.pk, game.seq + 1)

    here = turn_clock._next_turn_here(game.table_id, news, None)
    assert here == turn_clock._next_turn(game.table_id, news)
    assert (here.seq, here.reason) == (news[1], TIMER)  # baraka's clock runs
    presence.forget(game.table_id)  # someone came or went: the rows must be read again
    assert turn_clock._next_turn_here(game.table_id, news, None) is turn_clock.NOT_HERE
    assert turn_clock._next_turn_here(game.table_id + 1, None, None) is turn_clock.NOT_HERE  # no reading kept


def test_a_refusal_is_shown_on_the_reading_kept_here(table_of_four):
    game, (amani, baraka, *_) = table_of_four
    game = at_move(game, 4)
    readings.latest(game.table_id)  # what the table's sockets read when they opened
    viewer = frames.Viewer({"user": baraka})

    count, frame = queries(
        lambda: frames.table_frame(game.table_id, viewer, timezone.now(), move_error="It is not your turn.")
    )

    assert count == 0
    assert frame.seq == game.seq and "It is not your turn." in frame.html
